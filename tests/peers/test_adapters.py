"""The benchmark adapters for outside bots (benchmarks/peers): belote-cli's AI and colver's bots.

Skipped where the packages of the ``bench`` extra are not installed (CI installs ``test``
only). Rules relied on: tapete's Belote (docs/rules/belote.md, seed 004 in
/work/shared/seeds/004_dfe9ce799596b547.txt); belote-cli 4.9's own rules, read from its
modules ``belote.game`` (duties of play, the taking) and ``belote.scoring`` (score), and
colver 0.11's, from its ``docs/RULES.md`` (github.com/Avo-k/colver) and its ``colver.Env``.
Those mappings are in benchmarks/peers/rules.py and measured by check_rules.py.
"""

from __future__ import annotations

import dataclasses
import os
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tapete.arena import ArenaSpec, run
from tapete.belote.actions import DECLARE
from tapete.belote.observation import BeloteObservation, observe, sample_deal
from tapete.belote.state import BeloteState
from tapete.core.cards.french import parse_card

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from peers import levels, stats
from peers.rules import PEER_RULES, rules_for


def positions(peer: str, deals: int, seed: int) -> Iterator[tuple[BeloteState, BeloteObservation]]:
    """Every decision of ``deals`` random deals under ``peer``'s rules: (state, observation of the seat to act)."""
    rules = rules_for(peer)
    rng = random.Random(seed)
    for i in range(deals):
        state = BeloteState.new_deal(rules, seed=seed * 1000 + i, dealer=i % 4)
        while not state.is_terminal():
            obs = observe(state, state.current_player)
            yield state, obs
            la = state.legal_actions()
            state.apply_action(la[rng.randrange(len(la))])


def check_legal(bot: Any, peer: str, deals: int, seed: int, every: int = 1) -> int:
    """The bot answers a legal action at each ``every``-th decision; returns how many it answered."""
    answered = 0
    for k, (_, obs) in enumerate(positions(peer, deals, seed)):
        if k % every:
            continue
        action = bot.act(obs, random.Random(k))
        assert action in obs.legal_actions, (bot.name, obs)
        answered += 1
    return answered


@pytest.fixture(autouse=True)
def _clean_stats() -> Iterator[None]:
    stats.reset()
    yield
    stats.reset()


def refused(name: str) -> int:
    """Answers tapete refused, or positions the adapter could not rebuild, for one bot."""
    return sum(n for (lv, ev), n in stats.EVENTS.items() if lv == name and ev in ("illegal", "no_world"))


# ------------------------------------------------------------------ belote-cli


class TestBeloteCli:
    @pytest.fixture(autouse=True)
    def _needs(self) -> None:
        pytest.importorskip("belote", reason="belote-cli is a [bench] extra")

    def test_cards_map_both_ways(self) -> None:
        from peers.belote_cli_peer import from_card, to_card

        assert [from_card(to_card(c)) for c in range(32)] == list(range(32))
        card = to_card(parse_card("Th"))
        assert (card.rank.value, card.suit.name) == ("10", "HEARTS")

    @pytest.mark.parametrize("level", ["easy", "medium", "hard"])
    def test_legal_answers_over_random_positions(self, level: str) -> None:
        from peers.belote_cli_peer import BeloteCliBot

        bot = BeloteCliBot(level)
        assert check_legal(bot, "belote-cli", deals=25, seed=7) > 300
        # Every answer was legal as given: never the fallback (same duties in both engines).
        assert refused(bot.name) == 0

    def test_declares_whenever_allowed(self) -> None:
        from peers.belote_cli_peer import BeloteCliBot

        bot = BeloteCliBot("medium")
        seen = 0
        for _, obs in positions("belote-cli", 40, seed=3):
            if DECLARE in obs.legal_actions:
                seen += 1
                assert bot.act(obs, random.Random(0)) == DECLARE
        assert seen > 0

    def test_state_shown_to_the_ai_holds_only_the_seats_cards(self) -> None:
        from peers.belote_cli_peer import from_card, game_state

        for _, obs in positions("belote-cli", 5, seed=11):
            st = game_state(obs)
            assert [from_card(c) for c in st.hands[obs.seat]] == list(obs.hand)
            assert all(st.hands[p] == () for p in range(4) if p != obs.seat)
            assert st.boss_modifiers.hide_partner_hand  # the AI must not look for its partner's cards
            played = {from_card(tc.card) for t in st.completed_tricks for tc in t}
            assert played | {from_card(tc.card) for tc in st.current_trick} == set(
                c for c in range(32) if (obs.played_mask() >> c) & 1
            )

    def test_answer_depends_on_the_observation_only(self) -> None:
        """Two deals that differ in cards the seat cannot see give the same answer (same generator)."""
        from peers.belote_cli_peer import BeloteCliBot

        checked = 0
        for k, (_state, obs) in enumerate(positions("belote-cli", 12, seed=5)):
            if obs.phase != "play" or k % 3:
                continue
            twin = observe(sample_deal(obs, random.Random(k)), obs.seat)
            assert twin == obs
            a = BeloteCliBot("hard").act(obs, random.Random(k))
            b = BeloteCliBot("hard").act(twin, random.Random(k))
            assert a == b
            checked += 1
        assert checked > 20

    def test_rule_mapping_measured(self) -> None:
        """Same deals in both engines: identical legal cards at every decision (check_rules.py)."""
        from peers.check_rules import check_belote_cli

        counts = check_belote_cli(60, seed=2)
        assert counts["decisions"] > 1000
        assert counts["play: legal cards differ"] == 0
        assert counts["play: turn differs"] == 0 and counts["bidding: turn differs"] == 0


# ---------------------------------------------------------------------- colver


class TestColver:
    @pytest.fixture(autouse=True)
    def _needs(self) -> None:
        pytest.importorskip("colver", reason="colver is a [bench] extra")

    def test_cards_and_bids_map_both_ways(self) -> None:
        import colver

        from peers.colver_peer import FROM_COLVER, TO_COLVER, auction_from_colver, auction_to_colver

        assert sorted(TO_COLVER) == list(range(32))
        assert [FROM_COLVER[TO_COLVER[c]] for c in range(32)] == list(range(32))
        assert colver.Env.card_name(TO_COLVER[parse_card("Th")]) == "10♥"
        assert colver.Env.card_name(TO_COLVER[parse_card("Jc")]) == "J♣"
        rules = rules_for("colver")
        for a in range(43):
            assert auction_to_colver(rules, auction_from_colver(rules, a)) == a
        assert colver.Env.action_name(auction_to_colver(rules, auction_from_colver(rules, 10)), 0) == "100♥"

    def test_heuristic_answers_legal_over_random_positions(self) -> None:
        from peers.colver_peer import ColverBot

        bot = ColverBot("heuristic")
        assert check_legal(bot, "colver", deals=12, seed=4) > 300
        assert refused(bot.name) == 0
        assert stats.EVENTS[(bot.name, "world_resampled")] == 0

    def test_search_bots_answer_legal(self) -> None:
        from peers.colver_peer import ColverBot

        for name in ("ismcts@2", "dede@2"):
            bot = ColverBot(name)
            assert check_legal(bot, "colver", deals=2, seed=9, every=4) > 10
            assert refused(bot.name) == 0

    def test_env_is_built_from_the_observation_only(self) -> None:
        """The Env holds the seat's real hand and the public history, the other hands a random world:
        two deals differing in hidden cards build the same Env from the same generator."""
        from peers.colver_peer import FROM_COLVER, build_env

        checked = 0
        for k, (_state, obs) in enumerate(positions("colver", 6, seed=8)):
            if k % 5:
                continue
            env = build_env(obs, random.Random(k), [])
            assert env.current_player() == obs.seat
            hands = [sorted(FROM_COLVER[c] for c in h) for h in env.get_hands()]
            assert hands[obs.seat] == list(obs.hand)
            twin = observe(sample_deal(obs, random.Random(-k)), obs.seat)
            assert twin == obs
            again = build_env(twin, random.Random(k), [])
            assert again.get_hands() == env.get_hands()
            checked += 1
        assert checked > 10

    def test_rule_mapping_measured(self) -> None:
        """Same deals in both engines: identical legal actions at every decision; scores differ only by
        colver's exact 162 where tapete's contrée table writes 160 (check_rules.py)."""
        from peers.check_rules import check_colver

        counts = check_colver(150, seed=3)
        assert counts["decisions"] > 3000
        assert not [k for k in counts if "legal actions differ" in k or k == "turn differs"]
        for key in counts:
            if key.startswith("deals: score differs ("):
                assert key.endswith("+2)") or "coinched" in key, key


# ------------------------------------------------------------------ the arena


def test_short_duplicate_runs_complete(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("belote", reason="belote-cli is a [bench] extra")
    pytest.importorskip("colver", reason="colver is a [bench] extra")
    pairs = [("belote-cli", ("random+declare", "belote-cli:hard")), ("colver", ("random", "colver:heuristic"))]
    # The peer levels are registered for this test only (tests/test_arena.py checks tapete's own levels).
    monkeypatch.setenv(levels.ENV, os.environ.get(levels.ENV, ""))
    for peer, bots in pairs:
        for name in bots:
            if name not in levels.LEVELS:
                monkeypatch.setitem(levels.LEVELS, name, levels.factory(name))
        levels.register(bots)
        preset, options = PEER_RULES[peer]
        result = run(ArenaSpec(game="belote", preset=preset, options=options, bots=bots, count=3, duplicate=True,
                               seed=5))  # fmt: skip
        assert len(result.rows) == 6
        for first, second in zip(result.rows[::2], result.rows[1::2], strict=True):
            assert (first.seed, first.dealer) == (second.seed, second.dealer)
            assert first.seating == tuple(reversed(second.seating))
        assert refused(bots[1]) == 0


def test_auto_declare_wraps_a_tapete_level() -> None:
    bot = levels.factory("random" + levels.AUTO_DECLARE)()
    seen = 0
    for _, obs in positions("belote-cli", 30, seed=6):
        action = bot.act(obs, random.Random(1))
        assert action in obs.legal_actions
        if DECLARE in obs.legal_actions:
            assert action == DECLARE
            seen += 1
    assert seen > 0


def test_unknown_levels_are_refused() -> None:
    for name in ("belote-cli:expert", "colver:doudou", "genius+declare", "nobody:x"):
        with pytest.raises(ValueError):
            levels.factory(name)


def test_observations_carry_no_state() -> None:
    """What the adapters receive is plain data: no field of an observation is or holds a deal state."""
    _, obs = next(positions("colver", 1, seed=1))
    for f in dataclasses.fields(obs):
        assert not isinstance(getattr(obs, f.name), BeloteState)


def test_openspiel_levels() -> None:
    pytest.importorskip("pyspiel", reason="open_spiel is a [bench] extra")
    bot = levels.factory("openspiel:ismcts@4")()
    _, obs = next(positions("belote-cli", 1, seed=2))
    assert bot.name == "openspiel:ismcts@4" and bot.act(obs, random.Random(1)) in obs.legal_actions
    for name in ("openspiel:mcts", "openspiel:ismcts@0", "openspiel:ismcts@x"):
        with pytest.raises(ValueError):
            levels.factory(name)


def test_a_snapshot_outlives_the_reset_after_it() -> None:
    """With one worker the runner's process is the worker: its report (a snapshot, then a reset) must keep
    the times it reports."""
    stats.reset()
    stats.record_time("x", 0.5)
    stats.count("x", "e")
    data = stats.snapshot()
    stats.reset()
    assert data == {"events": [["x", "e", 1]], "times": {"x": [0.5]}}
