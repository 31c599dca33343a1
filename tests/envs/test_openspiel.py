"""tapete's games as OpenSpiel games (tapete.envs.openspiel) and OpenSpiel's IS-MCTS as a tapete bot.

OpenSpiel's own consistency test (``pyspiel.random_sim_test``: legal actions,
clones, serialization, observations, returns and their bounds) on every game
and a sample of presets; then what it does not check: the chance nodes deal
exactly the deal the engine deals from a seed, a seat's strings and tensors
hold nothing it cannot see (they survive its own resampling, as OpenSpiel's
``ResampleInfostateTest`` asks), and a declined optional turn is told to
nobody else.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel")

from tapete.bots.levels import LEVELS  # noqa: E402
from tapete.core.errors import RulesError, SetupError  # noqa: E402
from tapete.envs import openspiel  # noqa: E402
from tapete.envs.spiel_bot import SpielIsmctsBot, make_level  # noqa: E402
from tapete.envs.spiel_setup import parse_options  # noqa: E402
from tapete.envs.spiel_state import SpielState, hand_mask  # noqa: E402
from tapete.games import GAMES  # noqa: E402


def sample_presets() -> list[tuple[str, str]]:
    """Each game's default preset, and its presets of another number of players or another layout: the first
    preset of each player count, plus every third preset."""
    out = []
    for name, game in GAMES.items():
        seen: set[int] = set()
        for i, (preset, rules) in enumerate(game.presets.items()):
            players = game.players(rules)
            if preset == game.default_preset or players not in seen or i % 3 == 2:
                out.append((name, preset))
            seen.add(players)
    return out


PRESETS = sample_presets()
IDS = [f"{g}-{p}" for g, p in PRESETS]


def deal_out(state: Any, rng: random.Random) -> None:
    """Play the chance nodes at random."""
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])


def decisions(game: Any, deals: int, seed: int) -> list[SpielState]:
    """A copy of the state at every decision of ``deals`` random deals of ``game``."""
    rng = random.Random(seed)
    out = []
    for _ in range(deals):
        state = game.new_initial_state()
        deal_out(state, rng)
        while not state.is_terminal():
            out.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return out


# ---------------------------------------------------------------- OpenSpiel's own checks
def test_every_game_is_registered() -> None:
    assert set(openspiel.NAMES) == {f"tapete_{name}" for name in GAMES}
    assert set(openspiel.NAMES) <= set(pyspiel.registered_names())
    assert openspiel.register() == openspiel.NAMES  # again: nothing new


@pytest.mark.parametrize(("name", "preset"), PRESETS, ids=IDS)
def test_random_simulations(name: str, preset: str) -> None:
    game = openspiel.load(name, preset, dealer=1)
    pyspiel.random_sim_test(game, num_sims=4, serialize=True, verbose=False)


def test_the_game_type() -> None:
    for name, tapete_game in GAMES.items():
        kind = openspiel.load(name).get_type()
        assert kind.short_name == f"tapete_{name}"
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert kind.provides_information_state_tensor and kind.provides_observation_tensor
        counts = {tapete_game.players(r) for r in tapete_game.presets.values()}
        assert (kind.min_num_players, kind.max_num_players) == (min(counts), max(counts))


@pytest.mark.parametrize(("name", "preset"), PRESETS, ids=IDS)
def test_sizes_are_the_encoders(name: str, preset: str) -> None:
    game = openspiel.load(name, preset)
    enc = game.setup.encoder
    assert game.num_distinct_actions() == enc.action_count
    assert game.observation_tensor_size() == enc.size
    assert game.information_state_tensor_size() == enc.size + enc.action_count
    assert game.max_chance_outcomes() == GAMES[name].deck(game.setup.rules).n_cards
    assert game.num_players() == GAMES[name].players(game.setup.rules)


def test_options_and_game_strings() -> None:
    game = openspiel.load("guinote", "clasico", {"target": 101, "must_follow": True}, dealer=2)
    rules = GAMES["guinote"].rules("clasico", {"target": "101", "must_follow": "true"})
    assert game.setup.rules == rules
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game) and again.setup is game.setup
    assert openspiel.game_for_rules(rules, dealer=2).setup is game.setup
    pyspiel.random_sim_test(again, num_sims=1, serialize=True, verbose=False)


def test_bad_parameters() -> None:
    name = next(iter(GAMES))
    with pytest.raises(RulesError, match="preset"):
        openspiel.load(name, "no-such-preset")
    with pytest.raises(RulesError, match="option"):
        openspiel.load(name, options={"no_such_option": 1})
    with pytest.raises(SetupError, match="dealer"):
        openspiel.load(name, dealer=9)
    with pytest.raises(SetupError, match="name:value"):
        parse_options("target=101")


# ---------------------------------------------------------------- the deal
def test_chance_outcomes_deal_every_card_once_uniformly() -> None:
    for name in GAMES:
        game = openspiel.load(name)
        state = game.new_initial_state()
        dealt = []
        rng = random.Random(5)
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
            assert not {a for a, _ in outcomes} & set(dealt)
            card = rng.choice(outcomes)[0]
            dealt.append(card)
            state.apply_action(card)
        assert sorted(dealt) == list(game.setup.pack)


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 10**6))
def test_the_chance_nodes_deal_the_engines_seeded_deal(case: tuple[str, str], seed: int) -> None:
    """The deck of a seeded match, fed as chance outcomes, is the match's first deal; from there the legal
    actions are the engine's, and the returns are the arena's margins."""
    name, preset = case
    tapete_game = GAMES[name]
    rules = tapete_game.rules(preset)
    match = tapete_game.new_match(rules, seed=seed)
    first = match.deals[0]
    state = openspiel.load(name, preset, dealer=first.dealer).new_initial_state()
    for card in first.deck:
        state.apply_action(card)
    assert str(state) == tapete_game.position_string(match.deal)
    rng = random.Random(seed)
    while not state.is_terminal():
        assert state.current_player() == match.current_player
        assert state.legal_actions() == sorted(match.legal_actions())
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        match.apply_action(action)
    points = tapete_game.deal_points(first.result)
    returns = state.returns()
    for seat in range(tapete_game.players(rules)):
        side = tapete_game.side_of(rules, seat)
        others = [p for s, p in enumerate(points) if s != side]
        assert returns[seat] == pytest.approx(points[side] - sum(others) / len(others))
    assert sum(returns) == pytest.approx(0.0)


# ---------------------------------------------------------------- what a seat knows
@pytest.mark.parametrize(("name", "preset"), PRESETS, ids=IDS)
def test_strings_and_tensors_survive_resampling(name: str, preset: str) -> None:
    """Every seat's information state and observation, as strings and tensors, are the same in a world
    resampled from its information state (the cards it cannot see dealt anew): they hold none of them.
    The worlds do differ: the check can fail."""
    game = openspiel.load(name, preset)
    rng = random.Random(11)
    differ = 0
    for state in decisions(game, 2, seed=3)[::3]:
        for seat in range(game.num_players()):
            other = state.resample_from_infostate(seat, rng.random)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
            assert other.observation_string(seat) == state.observation_string(seat)
            assert other.observation_tensor(seat) == state.observation_tensor(seat)
            assert other.legal_actions(seat) == state.legal_actions(seat)
            differ += str(other) != str(state)
    assert differ > 0


def test_the_engines_hands_are_the_observed_hands() -> None:
    """The trails record the engine's ``hands`` as the seat's own hand: the hand its observation shows."""
    for name, preset in PRESETS:
        game = openspiel.load(name, preset)
        for state in decisions(game, 1, seed=7):
            seat = state.current_player()
            assert hand_mask(game.setup, state.world, seat) == state.observation(seat).hand_mask


def test_a_declined_optional_turn_is_told_to_nobody_else() -> None:
    """After a silent action (declining to sing or to exchange), every other seat's strings and tensors are
    as they were before it; the seat itself remembers it (its trail)."""
    seen = 0
    for name, tapete_game in GAMES.items():
        for preset in tapete_game.presets:
            game = openspiel.load(name, preset)
            rules = game.setup.rules
            for state in decisions(game, 3, seed=2):
                actor = state.current_player()
                silent = [a for a in state.legal_actions() if tapete_game.is_silent(rules, a)]
                if not silent:
                    continue
                after = state.child(silent[0])
                seen += 1
                for seat in range(game.num_players()):
                    if seat == actor:
                        assert after.information_state_string(seat) != state.information_state_string(seat)
                        continue
                    assert after.information_state_string(seat) == state.information_state_string(seat)
                    assert after.observation_tensor(seat) == state.observation_tensor(seat)
                    assert after.information_state_tensor(seat) == state.information_state_tensor(seat)
    assert seen > 0


def test_nobody_knows_anything_while_dealing() -> None:
    game = openspiel.load(next(iter(GAMES)))
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    texts = {state.information_state_string(p) for p in range(game.num_players())}
    assert len(texts) == 1 and "dealing 1/" in texts.pop()
    assert not any(state.observation_tensor(0))


# ---------------------------------------------------------------- OpenSpiel's IS-MCTS as a tapete bot
def test_the_ismcts_bot_plays_legal_reproducible_moves() -> None:
    bot = make_level("ismcts@8")
    for tapete_game in GAMES.values():
        match = tapete_game.new_match(tapete_game.rules(), seed=4)
        for _ in range(6):
            obs = tapete_game.observe(match, match.current_player)
            action = bot.act(obs, random.Random(9))
            assert action in obs.legal_actions
            assert bot.act(obs, random.Random(9)) == action
            match.apply_action(action)


def test_level_names() -> None:
    assert make_level("ismcts").name == "openspiel:ismcts"
    assert make_level("ismcts@40").simulations == 40
    for bad in ("mcts", "ismcts@0", "ismcts@x"):
        with pytest.raises(RulesError):
            make_level(bad)


def test_the_ismcts_bot_in_the_arena(monkeypatch: pytest.MonkeyPatch) -> None:
    from tapete.arena import ArenaSpec, run

    monkeypatch.setitem(LEVELS, "openspiel:ismcts@4", lambda: SpielIsmctsBot(4))
    name, game = next((n, g) for n, g in GAMES.items() if any(g.players(r) == 2 for r in g.presets.values()))
    preset = next(p for p, r in game.presets.items() if game.players(r) == 2)
    spec = ArenaSpec(game=name, preset=preset, bots=("random", "openspiel:ismcts@4"), count=1, duplicate=True)
    result = run(spec)
    assert len(result.rows) == 2 and all(sum(r.points) > 0 for r in result.rows)
