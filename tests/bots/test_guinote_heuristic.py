"""The Guiñote ``heuristic`` bot: legal everywhere, honest, and playing the seeds' tips.

Rules and tips relied on (seed files in /work/shared/seeds/, cited as in docs/rules/guinote.md):

* 001 Tips (``001_e87c04ce15b8b3cd.txt``, "Tips and Strategy"): marriages lock in 20 or 40 points;
  the 7 of trumps exchange is usually correct; count card points and protect the last trick;
  save aces and trumps for the arrastre.
* 001 Phase 1.4-1.5, 002 §06 (``002_5ed1e3aeb54224fd.txt``): the exchange of the 7 and the cantes
  (40 in trumps, 20 in a plain suit; rey + sota in 002, rey + caballo in 001).
* 002 §05: the arrastre duties, partner holding the trick exempt; 002 §08: the worked example.
* 002 §07, 003 Kondisi Kemenangan (``003_a8159bfb7ff99896.txt``): a claim wins with the target
  reached and loses when short.
"""

from __future__ import annotations

import random

import pytest

from tapete.arena import ArenaSpec, run
from tapete.bots.levels import LEVELS
from tapete.bots.random_bot import RandomBot
from tapete.guinote.actions import CLAIM, EXCHANGE, PASS, SING, TUTE
from tapete.guinote.heuristic import GuinoteHeuristicBot
from tapete.guinote.observation import observe
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import PLAY, PREDRAW, WINDOW, GuinoteState

from ..guinote.helpers import C, deal, lead_and_win, play_all, reach_arrastre, rules

PRESETS = tuple(GuinoteRules.PRESETS)

BOT = GuinoteHeuristicBot()


def choose(state: GuinoteState, seed: int = 0) -> int:
    """The bot's action for the seat to act, from that seat's observation only."""
    obs = observe(state, state.current_player)
    action = BOT.act(obs, random.Random(seed))
    assert action in obs.legal_actions
    return action


# ------------------------------------------------------------------ legal, honest, reproducible


@pytest.mark.parametrize("preset", PRESETS)
def test_only_legal_actions_over_random_positions(preset: str) -> None:
    """Every decision of every preset (cards in both phases, cantes, tute, the 7, claims, passes): the bot's
    action is among the observation's legal actions, and the same observation gives the same action.
    Heuristic and random seats are mixed so that the positions vary; scores near the target make claims
    appear (002 §07, 003)."""
    r = rules(preset)
    seen: set[str] = set()
    for seed in range(12):
        scores = (seed * 9 % 110, seed * 13 % 105)
        state = GuinoteState.new_deal(r, seed=seed, dealer=seed % r.players, scores_before=scores,
                                      vueltas=r.idas_vueltas and seed % 2 == 1)  # fmt: skip
        rng = random.Random(seed)
        heuristic_seats = {s for s in range(r.players) if (s + seed) % 3 != 0}
        while not state.is_terminal():
            seat = state.current_player
            obs = observe(state, seat)
            if seat in heuristic_seats:
                action = BOT.act(obs, rng)
                assert action in obs.legal_actions, (preset, seed, state)
                assert BOT.act(obs, random.Random(99)) == action  # reproducible: rng is not needed
            else:
                action = RandomBot().act(obs, rng)
            if obs.arrastre:
                seen.add("arrastre")
            state.apply_action(action)
    assert "arrastre" in seen  # the strict phase was reached


def test_refuses_anything_but_an_observation() -> None:
    """A bot gets its seat's observation, never the deal itself: handing it the state is an error."""
    state = GuinoteState.new_deal(rules("aragones"), seed=1)
    with pytest.raises(TypeError):
        BOT.act(state, random.Random(0))


# ------------------------------------------------------------------ cantes (001 Tips, 002 §06)


@pytest.mark.parametrize(("preset", "fig"), [("aragones", "S"), ("clasico", "C")])
def test_sings_the_40_first_and_keeps_the_20(preset: str, fig: str) -> None:
    """001 Tips: "Marriages lock in 20 or 40 free points"; 002 §06 / 001 Phase 1.5: 40 in trumps, 20 in a plain
    suit, one cante per trick won. Holding both pairs after winning a trick, the bot sings the 40 (oros are
    trumps) and keeps the 20's pair in hand for a later trick."""
    hands = [
        "2c 4c 5c 6c 7c 4e",
        f"Ro {fig}o Rc {fig}c 1b 2e",
        "3c 5e 6e 7e 3e 4b",
        "1c 1e Re 2o 5b 6b",
    ]
    state = deal(rules(preset), hands, "1o", stock="2b 3b 7b 4o 5o 6o 7o 3o")
    assert state.current_player == 1
    lead_and_win(state, "1b")
    pass_specials_of_others(state, 1)
    assert SING + 0 in state.legal_actions() and SING + 1 in state.legal_actions()
    assert choose(state) == SING + 0  # 40, not 20
    state.apply_action(SING + 0)
    pass_specials_of_others(state, 1)
    if state.phase == WINDOW:  # clasico: the cantes window before the draw
        state.apply_action(choose(state))
        pass_specials_of_others(state, 1)
    assert state.phase == PLAY and state.current_player == 1
    card = choose(state)
    assert card not in (C("Rc"), C(f"{fig}c"))  # the 20 is still to sing


def pass_specials_of_others(state: GuinoteState, seat: int) -> None:
    """Decline WINDOW/PREDRAW turns of seats other than ``seat``."""
    while state.phase in (WINDOW, PREDRAW) and state.current_player != seat:
        state.apply_action(PASS)


def test_sings_after_winning_in_the_worked_example() -> None:
    """002 §08: D must overtrump the 7♥ and, keeping K♥ and J♥, sings 40 before the next lead. The bot plays a
    legal overtrump that is not part of its pair, then sings."""
    s = reach_arrastre(
        rules("aragones"),
        ["A♣ 4♣ 5♦ 6♦ 4♠ 5♠", "3♣ 6♣ A♦ 3♦ 6♠ 7♠", "7♥ 4♥ 5♥ K♦ Q♦ A♠", "3♥ 2♥ K♥ J♥ Q♥ 4♦"],
        "2♥",
        leader=0,
    )
    play_all(s, "1b 3b 7c")
    card = choose(s)
    assert card in (C("3c"), C("Cc"))  # overtrumps (002 §05) without breaking the pair Rc + Sc
    s.apply_action(card)
    assert s.tricks[-1][1] == 3
    assert choose(s) == SING + 1


# ------------------------------------------------------------------ the 7 of trumps (001 Tips, 002 §06)


@pytest.mark.parametrize(("indicator", "expected"), [("1o", EXCHANGE), ("Ro", EXCHANGE), ("2o", PASS)])
def test_exchanges_the_7_for_a_better_indicator(indicator: str, expected: int) -> None:
    """001 Tips: "The 7 of trumps exchange is usually correct. The turn-up trump is often a high-value card".
    002 §06: after a trick of one's side, before the draw (PREDRAW). The bot takes an as or a rey, and leaves
    a 2, which is below the 7 (an opponent draws the indicator: giving it the 7 would help it)."""
    hands = ["2c 4c 5c 6c 3c 4e", "7o 1b 2e 5e 6e 7e", "Cc 5b 6b 3e 4b 1e", "1c Ce Re 5o 7b 3b"]
    state = deal(rules("aragones", exchange_timing="after_team_win"), hands, indicator)
    lead_and_win(state, "1b")
    assert state.phase == PREDRAW and state.current_player == 1
    assert choose(state) == expected


@pytest.mark.parametrize(("indicator", "exchanges"), [("3o", True), ("4o", False)])
def test_exchanges_on_own_turn(indicator: str, exchanges: bool) -> None:
    """001 Phase 1.4 (``own_turn``): the holder may exchange on its turn; the bot does so at once for a 3."""
    hands = ["2c 4c 5c 6c 3c 4e", "7o 1b 2e 5e 6e 7e", "Cc 5b 6b 3e 4b 1e", "1c Ce Re 5o 7b 3b"]
    state = deal(rules("clasico"), hands, indicator)
    assert EXCHANGE in state.legal_actions()
    assert (choose(state) == EXCHANGE) is exchanges


# ------------------------------------------------------------------ partner, points, last trick


def test_loads_points_and_keeps_trumps_when_partner_wins_phase_1() -> None:
    """001 Tips ("count card points", "save … for the arrastre"): last to play in phase 1 with the partner
    holding the trick with the as, the bot spends no trump and gives its partner the 3 (10 points)."""
    hands = ["3o 2o 3c 4c 5e 6e", "4b 7c 5c 6c 7e 2e", "1b Cc 4e 3e 1e Re", "5b 2c 2b 4o 5o Ce"]
    state = deal(rules("aragones"), hands, "1o", dealer=0)
    assert state.current_player == 1
    play_all(state, "4b 1b 5b")
    assert state.current_player == 0
    card = choose(state)
    assert card // 10 != 0  # no trump on the partner's trick
    assert card == C("3c")


def test_no_trump_on_partners_trick_in_the_arrastre() -> None:
    """002 §05: with the partner holding the trick, a seat void in the suit led may discard anything. The bot
    keeps its trumps and loads the 3 de espadas on its partner's as de bastos (it is last to play)."""
    s = reach_arrastre(
        rules("aragones"),
        ["4b 6b 5o 6o 4e 5e", "1b 7b 1o 3o 6e 7e", "5b 3b 2o 4o 2e Ro", "4c 2c 5c 3e Se 7o"],
        "4c",
        leader=0,
    )
    play_all(s, "4b 1b 5b")
    assert s.current_player == 3 and s.trump == 1
    card = choose(s)
    assert card // 10 != 1
    assert card == C("3e")


def test_takes_a_trick_worth_points() -> None:
    """001 Tips ("count card points as they accumulate"): last to play on an opponent's 3 (10 points), the bot
    takes the trick."""
    hands = ["1c 2b 4e 5e 6o 7o", "3c 4b 5b 6e 7e 2e", "4c 5c 3e Ce Re 2o", "6c 7c 1e Se 1o 3o"]
    state = deal(rules("aragones"), hands, "1b", dealer=0)
    play_all(state, "3c 4c 6c")
    assert state.current_player == 0
    card = choose(state)
    state.apply_action(card)
    assert state.tricks[-1][1] == 0


def test_protects_the_last_trick_with_the_master_trump() -> None:
    """001 Tips: "shift to protecting the last trick for the 10-point bonus". Two cards left each (2 players,
    copas trumps): leading the 2 de bastos loses 10 now but the as of trumps then takes the last trick (21
    points against 10); cashing the as first would give away the last trick."""
    s = reach_arrastre(
        rules("aragones-2p"),
        ["1c 2b 1e 3e Re Se", "3b 4c 2e 4e 5e 6e"],
        "4c",
        leader=0,
    )
    for lead, follow in (("1e", "2e"), ("3e", "4e"), ("Re", "5e"), ("Se", "6e")):
        assert s.current_player == 0
        s.play(lead)
        s.play(follow)
    assert s.current_player == 0 and s.phase == PLAY
    assert choose(s) == C("2b")


def test_follows_the_arrastre_duties() -> None:
    """002 §05 / §08: an opponent's trump is winning and the bot has no clubs: it must overtrump. Its choice is
    among the engine's legal cards and the trick is its own."""
    s = reach_arrastre(
        rules("aragones"),
        ["A♣ 4♣ 5♦ 6♦ 4♠ 5♠", "3♣ 6♣ A♦ 3♦ 6♠ 7♠", "7♥ 4♥ 5♥ K♦ Q♦ A♠", "3♥ 2♥ K♥ Q♥ 4♦ 7♦"],
        "2♥",
        leader=0,
    )
    play_all(s, "1b 3b 7c")
    card = choose(s)
    assert card in (C("3c"), C("Rc"), C("Cc"))
    s.apply_action(card)
    assert s.tricks[-1][1] == 3


# ------------------------------------------------------------------ claims (002 §07, 003)


@pytest.mark.parametrize(("before", "claims"), [((100, 0), False), ((101, 0), True)])
def test_claims_only_when_sure(before: tuple[int, int], claims: bool) -> None:
    """003 Kondisi Kemenangan: a side may claim the target at any time (``frances``); a wrong count loses. With
    100 of 101 the bot does not claim; with 101 it does."""
    state = GuinoteState.new_deal(rules("frances"), seed=4, dealer=1, scores_before=before)
    assert state.current_player % 2 == 0 and CLAIM in state.legal_actions()
    assert (choose(state) == CLAIM) is claims


@pytest.mark.parametrize("preset", ["frances", "aragones"])
def test_never_a_wrong_claim(preset: str) -> None:
    """002 §07 (vueltas) and 003 (any time): whenever ``claim`` is offered, the bot claims exactly when its
    side's public count (score before the deal, card points and cantes) reaches the target (a cante it may
    sing first only adds to the count)."""
    r = rules(preset)
    offered = 0
    for seed in range(25):
        before = (80 + seed % 15, 75 + seed % 20)
        state = GuinoteState.new_deal(r, seed=seed, dealer=seed % 4, scores_before=before, vueltas=True)
        rng = random.Random(seed)
        while not state.is_terminal():
            obs = observe(state, state.current_player)
            if CLAIM in obs.legal_actions:
                offered += 1
                team = obs.seat % 2
                reached = before[team] + obs.card_points[team] + obs.cante_points[team] >= r.target
                chosen = BOT.act(obs, rng)
                if reached:  # claims, or first sings a cante that only adds to the count
                    assert chosen == CLAIM or SING <= chosen <= TUTE
                else:
                    assert chosen != CLAIM
            action = BOT.act(obs, rng) if obs.seat % 2 == 0 else RandomBot().act(obs, rng)
            state.apply_action(action)
    assert offered > 20


# ------------------------------------------------------------------ strength (duplicate arena)


@pytest.fixture
def heuristic_level(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "heuristic", GuinoteHeuristicBot)


@pytest.mark.parametrize("preset", ["aragones", "aragones-2p"])
@pytest.mark.usefixtures("heuristic_level")
def test_beats_random_in_duplicate(preset: str) -> None:
    """Duplicate deals (the same cards with the sides swapped) against ``random``: a positive mean margin, with
    its 95% interval above zero even on a small sample."""
    spec = ArenaSpec(game="guinote", preset=preset, bots=("heuristic", "random"), duplicate=True, count=16, seed=5)
    margin = run(spec).summary.entrants[0].margin
    assert margin.estimate > 15
    assert margin.low > 0


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.usefixtures("heuristic_level")
def test_beats_random_in_duplicate_large(preset: str) -> None:
    """1,000 duplicate deals per preset against ``random``: the 95% interval of the margin is well above zero."""
    spec = ArenaSpec(game="guinote", preset=preset, bots=("heuristic", "random"), duplicate=True, count=1000, seed=7)
    margin = run(spec).summary.entrants[0].margin
    assert margin.low > 10
