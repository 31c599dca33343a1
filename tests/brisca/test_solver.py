"""The Brisca exact solver (``tapete.brisca.solver_adapter``, reached through ``GAME.solve`` and
:mod:`tapete.solver`) against a plain minimax written here, and the PIMC levels that use it.

The minimax walks the engine's own game tree (``push``/``pop``, every legal action, the
exchange of the muestra included; no pruning, no table) with the definition of
:mod:`tapete.solver`: the side of the seat to move maximizes the card points it still
wins, the trick in progress included; every other seat minimizes them. Brisca's rules
come from the engine (docs/rules/brisca.md: no duty to follow, FO AC JC; the winner then
the others draw, the muestra last, FO AC; the 7 or 2 of trumps takes the muestra, VIP JC).
"""

from __future__ import annotations

import random
import time

import pytest

from tapete.bots.levels import make_bot
from tapete.brisca.actions import EXCHANGE
from tapete.brisca.game import GAME
from tapete.brisca.rules import BriscaRules
from tapete.brisca.solver_adapter import DEFAULT_SOLVER_WINDOW, SOLVER_WINDOWS
from tapete.brisca.state import BriscaState
from tapete.core.agent import Budget
from tapete.core.cards.spanish import parse_card
from tapete.core.errors import SetupError
from tapete.games import game_of_position, parse_position
from tapete.solver import SearchLimitError, solve, solve_value

TT = 1 << 24

# ------------------------------------------------------------------ the plain minimax


def brute(s: BriscaState, side: int) -> int:
    """The side's points from ``s`` under perfect play, by walking every line."""
    if s.is_terminal():
        return 0
    values = [after(s, a, side) for a in s.legal_actions()]
    return max(values) if s.cur % 2 == side else min(values)


def after(s: BriscaState, a: int, side: int) -> int:
    """The side's points from applying ``a``: what it takes at once plus the rest."""
    before = s.card_points[side]
    s.push(a)
    r = s.card_points[side] - before + brute(s, side)
    s.pop()
    return r


def brute_values(s: BriscaState) -> dict[int, int]:
    return {a: after(s, a, s.cur % 2) for a in s.legal_actions()}


def reach(preset: str, seed: int, stock: int, extra: int, **options: object) -> BriscaState:
    """A deal played at random until at most ``stock`` cards are left to draw, then ``extra`` cards more."""
    rules = BriscaRules.preset(preset)
    if options:
        rules = rules.replace(**options)
    rng = random.Random(seed)
    s = BriscaState.new_deal(rules, seed=seed, dealer=seed % rules.players)
    while s.stock_size() > stock:
        s.apply_action(rng.choice(s.legal_actions()))
    for _ in range(extra):
        if s.is_terminal():
            break
        s.apply_action(rng.choice([a for a in s.legal_actions() if a != EXCHANGE]))
    return s


def check(s: BriscaState) -> None:
    assert not s.is_terminal()
    expected = brute_values(s)
    sol = solve(s, TT)
    assert sol.values == expected
    assert sol.value == max(expected.values()) == solve_value(s, TT)
    assert sol.side == s.cur % 2
    assert expected[sol.best] == sol.value


# ------------------------------------------------------------------ endings: the stock gone


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize(("preset", "extra"), [("brisca-2p", 0), ("brisca-2p", 3), ("brisca", 1), ("brisca", 5)])
def test_stock_gone_matches_minimax(preset: str, extra: int, seed: int) -> None:
    """The last 3 tricks (``extra`` 0-1) or fewer, led or in the middle of a trick."""
    s = reach(preset, seed, 0, extra + seed % 2)
    assert s.muestra < 0
    check(s)


# ------------------------------------------------------------------ draws left


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("stock", [2, 4])
def test_two_players_with_draws_left_matches_minimax(stock: int, seed: int) -> None:
    """One or two rounds of draws left, then the 3 tricks of the ending."""
    s = reach("brisca-2p", seed, stock, seed % 2)
    assert s.muestra >= 0
    check(s)


@pytest.mark.parametrize("seed", range(4))
def test_four_players_with_one_draw_left_matches_minimax(seed: int) -> None:
    """The last round of draws, two or three cards of its trick already played."""
    s = reach("brisca", seed, 4, 2 + seed % 2)
    assert s.muestra >= 0 and len(s.trick) >= 2
    check(s)


@pytest.mark.parametrize(
    "options",
    [{}, {"exchange_card": "seven_or_two"}, {"exchange_timing": "when_leading"}, {"exchange_needs_trick": True}],
)
def test_exchange_positions_match_minimax(options: dict[str, object]) -> None:
    """Positions where the seat to move may take the muestra, under each exchange rule."""
    found = 0
    for seed in range(2000):
        s = reach("brisca-2p", seed, 2 + 2 * (seed % 2), seed % 3, **options)
        if s.is_terminal() or EXCHANGE not in s.legal_actions():
            continue
        check(s)
        found += 1
        if found == 4:
            return
    pytest.fail("no position with the exchange legal")


# Positions where taking the muestra is worth more, and less, than the best card (found by the minimax).
BETTER = (
    "brisca-2p d0 play:0 h=5o7o2c/4oCc7b s=6c tr=o m=Co t=- "
    "k=1o3oRo1c3c4c5c7cScRc1e2e3e4e5e6e7eSeCeRe1b3b4b5b6bRb/2o6oSo2bSbCb w=0"
)
WORSE_2P = (
    "brisca-2p d0 play:1 h=6c5b/7o2c7b s=6o5cCb tr=b m=Rb t=0:1e "
    "k=2o3o4oSo1c3c7cScRc2e3e4e6eSeCeRe3b4b6bSb/1o5oCoRo4cCc5e7e1b2b w=0"
)
WORSE_4P = (
    "brisca d0 play:0 h=7o2c1b/Co2eSb/6oRo/5oSc s=7eCc6b tr=o m=2o t=2:Ce4c "
    "k=So1c3c7c1e4e6eRe2b4b5b7b/1o3o4o5c6cRc3e5eSe3bCbRb w=2"
)


@pytest.mark.parametrize(("text", "better"), [(BETTER, True), (WORSE_2P, False), (WORSE_4P, False)])
def test_the_exchange_changes_the_value(text: str, better: bool) -> None:
    """With every card known, giving the 7 changes who draws what: the exchange is searched, not assumed."""
    s = parse_position(text)
    values = solve(s, TT).values
    assert values == brute_values(s)
    cards = max(v for a, v in values.items() if a != EXCHANGE)
    assert (values[EXCHANGE] > cards) is better
    assert (values[EXCHANGE] < cards) is not better


# ------------------------------------------------------------------ the command-level API


def test_solve_a_position_string() -> None:
    s = parse_position(BETTER)
    assert game_of_position(BETTER) is GAME
    sol = solve(s)
    assert sol.best == EXCHANGE and sol.value == 3 and sol.nodes > 0
    assert set(sol.values) == set(s.legal_actions())
    assert solve_value(s) == 3
    # The solver works on a copy: the position is untouched.
    assert GAME.position_string(s) == BETTER


def test_errors() -> None:
    s = BriscaState.new_deal(BriscaRules.preset("brisca-2p"), seed=1)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    with pytest.raises(SetupError, match="over"):
        solve(s)
    deep = BriscaState.new_deal(BriscaRules.preset("brisca"), seed=1)
    with pytest.raises(SearchLimitError):
        solve(deep, max_nodes=500)
    with pytest.raises(SearchLimitError):
        solve_value(deep, max_nodes=500)


def test_equivalent_cards_share_a_value() -> None:
    """Cards pruned as equivalent (same suit, adjacent among the cards in play, equal points) get their twin's value."""
    for seed in range(4):
        s = reach("brisca", seed, 0, 0)
        assert solve(s).values == brute_values(s)


def test_the_seven_of_trumps_is_nobody_s_twin_while_it_may_take_the_muestra() -> None:
    """5e and 7e of trumps sit side by side, both worth 0, but playing the 7 gives up the muestra (Ce)."""
    text = (
        "brisca-2p d0 play:1 h=7o7c/Sc5e7e s=4oCbRo tr=e m=Ce t=0:3b "
        "k=1o2o3o5oCo2c6cCc1e2e4eSeRe1b2b5b6b7b/6oSo1c3c4c5cRc3e6e4bSbRb w=0"
    )
    s = parse_position(text)
    values = solve(s).values
    assert values == brute_values(s)
    assert values[parse_card("7e")] < values[parse_card("5e")] == values[EXCHANGE]


# ------------------------------------------------------------------ depth and window


def test_depth_and_window() -> None:
    for preset, start in (("brisca", 28), ("brisca-2p", 34)):
        match = GAME.new_match(GAME.rules(preset), seed=3)
        obs = GAME.observe(match, match.current_player)
        assert GAME.solver_depth(obs) == start
        deal = reach(preset, 3, 0, 0)
        assert GAME.solver_depth(GAME.observe_deal(deal, deal.cur)) == 0
        while not deal.is_terminal():
            deal.apply_action(deal.legal_actions()[0])
        assert GAME.solver_depth(GAME.observe_deal(deal, 0)) is None
    assert GAME.solver_window("hard") == GAME.solver_window("medium") == DEFAULT_SOLVER_WINDOW == 4
    assert GAME.solver_window("expert") == SOLVER_WINDOWS["expert"] > DEFAULT_SOLVER_WINDOW


# ------------------------------------------------------------------ the PIMC levels


@pytest.mark.parametrize("preset", ["brisca", "brisca-2p"])
@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_pimc_levels_play_deals_to_the_end(level: str, preset: str) -> None:
    """A PIMC bot against the heuristic, through the solver's part of the deal, in a few seconds."""
    rules = GAME.rules(preset)
    state = GAME.new_deal(rules, seed=5)
    bot, other = make_bot(level), make_bot("heuristic")
    rng = random.Random(5)
    budget = Budget(iterations=8)
    solved = 0
    start = time.perf_counter()
    while not state.is_terminal():
        obs = GAME.observe_deal(state, state.cur)
        if state.cur % 2 == 0:
            depth = GAME.solver_depth(obs)
            solved += depth is not None and depth <= GAME.solver_window(level) and len(obs.legal_actions) > 1
            action = bot.act(obs, rng, budget)
        else:
            action = other.act(obs, rng)
        assert action in obs.legal_actions
        state.apply_action(action)
    assert sum(state.result().card_points) == 120
    assert solved >= 2
    assert time.perf_counter() - start < 30
