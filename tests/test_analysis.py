"""The analysis of a played game (tapete.analysis) against a brute-force minimax, and its record block.

Issue 17, goal 5: "for every card played, the points it cost against the best card with all hands
known (double dummy)". The brute forces are the solver tests' own (tests/test_solver.py for Guiñote and
Belote, tests/brisca/test_solver.py for Brisca): they walk the whole game tree with the definition of
tapete.solver, so a card's cost must be the best legal move's brute value minus the played card's.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tapete.analysis import (
    FORCED,
    NO_SOLVER,
    OUT_OF_REACH,
    TOO_DEEP,
    CardJudge,
    Limits,
    MatchAnalysis,
    analyse_match,
    count_cards,
    from_block,
    read_analysis,
    to_block,
    with_block,
)
from tapete.belote.solver_adapter import side_of as belote_side
from tapete.belote.state import BeloteState
from tapete.bots.levels import make_bot
from tapete.brisca.state import BriscaState
from tapete.core.errors import RecordError
from tapete.games import GAMES
from tapete.guinote.state import GuinoteState
from tests.brisca.test_solver import after as brisca_after
from tests.test_solver import b_after, g_after

#: Tricks left at which the property's positions are searched (small enough for the brute force).
TRICKS = 3


def brute_values(state: Any) -> dict[int, int]:
    """Every legal action's value for the side to move, by the brute force of the state's game."""
    s = state.clone()
    if isinstance(s, GuinoteState):
        return {a: g_after(s, a, s.cur % 2) for a in s.legal_actions()}
    if isinstance(s, BeloteState):
        me = belote_side(s, s.cur)
        return {a: b_after(s, a, me) for a in s.legal_actions()}
    assert isinstance(s, BriscaState)
    return {a: brisca_after(s, a, s.cur % 2) for a in s.legal_actions()}


def first_deal(game: Any, preset: str, seed: int, level: str = "heuristic") -> Any:
    """A match whose first deal the game's bots played to its end."""
    match = game.new_match(game.rules(preset), seed=seed)
    bot, rng = make_bot(level), random.Random(seed)
    while match.deals[0].result is None:
        match.apply_action(bot.act(game.observe(match, match.current_player), rng))
    return match


def positions(game: Any, match: Any, deal: int = 0) -> list[tuple[int, Any, int]]:
    """(step, state before it, action) for every action of a deal."""
    state = game.deal_from_record(match.rules, match.deals[deal])
    out = []
    for step, action in enumerate(match.deals[deal].actions):
        out.append((step, state.clone(), action))
        state.apply_action(action)
    return out


PRESETS = [(name, preset) for name, game in GAMES.items() for preset in game.presets]


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(PRESETS), seed=st.integers(0, 10_000))
def test_each_card_costs_what_a_brute_force_minimax_says(case: tuple[str, str], seed: int) -> None:
    name, preset = case
    game = GAMES[name]
    match = first_deal(game, preset, seed)
    analysis = analyse_match(game, match, Limits(reach=TRICKS))
    moves = {m.step: m for m in analysis.moves()}
    assert len(moves) == count_cards(game, match)
    for step, state, action in positions(game, match):
        if not game.is_card(match.rules, action):
            assert step not in moves
            continue
        m = moves[step]
        assert (m.deal, m.seat, m.action) == (0, state.current_player, action)
        if len(state.legal_actions()) == 1:
            assert (m.cost, m.note) == (0, FORCED)
        elif game.tricks_left(state) > TRICKS:
            assert (m.cost, m.note) == (None, OUT_OF_REACH)
        else:
            want = brute_values(state)
            assert m.cost == max(want.values()) - want[action], game.position_string(state)
            assert m.value == max(want.values()) and m.best is not None and want[m.best] == m.value
            assert m.best == action or m.cost > 0, "the card played is named best when it is one of the best"


def test_the_players_own_view_is_the_exact_cost_when_only_one_world_is_possible() -> None:
    """Two players, the stock gone: each hand is the other's unseen cards, so the expert's worlds are all
    the real deal and its judgement is the double-dummy one."""
    game = GAMES["brisca"]
    match = first_deal(game, "brisca-2p", 3, level="random")
    limits = Limits(reach=TRICKS, own=True, own_samples=2, own_nodes=10**7)
    analysis = analyse_match(game, match, limits)
    judged = [m for m in analysis.moves() if m.own is not None]
    assert judged, "the expert judges the last tricks"
    for m in judged:
        if m.cost is not None and m.note != FORCED:
            assert m.own == m.cost and m.own_best is not None
    again = analyse_match(game, match, limits)
    assert again == analysis, "the same seed, the same analysis"


def test_the_own_view_is_judged_only_where_the_expert_solves() -> None:
    """Before the expert's solver window the expert plays by heuristic: no judgement; in it, one."""
    game = GAMES["belote"]
    match = first_deal(game, "classique", 2)
    judge = CardJudge(game, Limits(reach=1, own=True, own_samples=3, own_nodes=200_000))
    window = game.solver_window("expert")
    seen = set()
    for step, state, action in positions(game, match):
        if not game.is_card(match.rules, action) or len(state.legal_actions()) == 1:
            continue
        depth = game.solver_depth(game.observe_deal(state, state.current_player))
        assert depth is not None
        if depth > window or depth <= 3:
            m = judge.judge(state, action, 0, step)
            if depth > window:
                assert m.own is None and m.own_best is None
            else:
                assert m.own is not None and m.own >= 0 and m.own_best in state.legal_actions()
            seen.add(depth > window)
    # The expert's window may be the whole deal (Belote: from the first card): then nothing is before it.
    assert seen == ({True, False} if window < match.rules.hand_size else {False})


def test_the_work_is_bounded_and_said(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search past its nodes is not analysed (``nodes``), nor a game without a solver (``solver``)."""
    game = GAMES["belote"]
    match = first_deal(game, "classique", 1)
    starved = analyse_match(game, match, Limits(reach=8, max_nodes=1))
    notes = {m.note for m in starved.moves()}
    assert TOO_DEEP in notes and OUT_OF_REACH not in notes
    monkeypatch.setattr(type(game), "solve_reach", lambda self, rules: 0)
    blind = analyse_match(game, match)
    assert {m.note for m in blind.moves()} <= {NO_SOLVER, FORCED}
    assert blind.counts()[0] == sum(1 for m in blind.moves() if m.note == FORCED)


def test_progress_is_told_card_by_card_and_may_stop_the_work() -> None:
    game = GAMES["guinote"]
    match = first_deal(game, "aragones", 4)
    total = count_cards(game, match)
    seen: list[tuple[int, int]] = []
    analyse_match(game, match, Limits(reach=1), progress=lambda done, of: seen.append((done, of)))
    assert seen == [(k, total) for k in range(1, total + 1)]

    class Stop(Exception):
        pass

    def stop(done: int, of: int) -> None:
        if done == 5:
            raise Stop

    with pytest.raises(Stop):
        analyse_match(game, match, Limits(reach=1), progress=stop)


def test_totals_per_seat() -> None:
    game = GAMES["brisca"]
    match = first_deal(game, "brisca", 5)
    analysis = analyse_match(game, match, Limits(reach=TRICKS))
    lost = analysis.lost(4)
    for seat in range(4):
        assert lost[seat] == sum(m.cost or 0 for m in analysis.moves() if m.seat == seat)
    assert analysis.lost(4, deal=0) == lost
    done, left = analysis.counts()
    assert done + left == count_cards(game, match) and left > 0


# ------------------------------------------------------------------ the record's block


@pytest.fixture(scope="module")
def analysed() -> dict[str, tuple[Any, dict[str, Any], MatchAnalysis]]:
    """For each game: a match of two deals, its record and an analysis of its last tricks (with the own view)."""
    out = {}
    for name, game in GAMES.items():
        match = game.new_match(game.rules(), seed=7)
        bot, rng = make_bot("heuristic"), random.Random(7)
        while len(match.deals) < 2 or match.deals[1].result is None:
            if match.is_terminal():
                break
            match.apply_action(bot.act(game.observe(match, match.current_player), rng))
        analysis = analyse_match(game, match, Limits(reach=2, own=True, own_samples=1, own_nodes=5_000))
        out[name] = (match, game.to_record(match), analysis)
    return out


@pytest.mark.parametrize("name", list(GAMES))
def test_the_block_round_trips_and_records_still_load(
    name: str, analysed: dict[str, tuple[Any, dict[str, Any], MatchAnalysis]]
) -> None:
    game = GAMES[name]
    match, record, analysis = analysed[name]
    block = to_block(game, match, analysis)
    assert from_block(game, match, block) == analysis
    carried = with_block(record, block)
    # The record with the block loads as before (the games' readers skip it) and without it too.
    again = game.from_record(carried)
    assert read_analysis(game, again, carried) == analysis
    assert read_analysis(game, game.from_record(record), record) is None
    assert "analysis" not in record, "with_block copies"


def _tampered(block: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    copied = copy.deepcopy(block)
    change(copied)
    return copied


def _first_analysed(block: dict[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = next(
        e for deal in block["deals"] for e in deal if e["cost"] is not None and "note" not in e
    )
    return entry


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda b: b.update(version=2), "unsupported version"),
        (lambda b: b.update(deals=b["deals"][:1]), r"list of \d+ deals"),
        (lambda b: b["limits"].update(max_nodes="many"), "whole number"),
        (lambda b: b["limits"].update(speed=3), "unknown limit"),
        (lambda b: b["deals"][0].pop(), "one entry for each"),
        (lambda b: _first_analysed(b).update(seat=(_first_analysed(b)["seat"] + 1) % 2), "does not match"),
        (lambda b: _first_analysed(b).update(step=_first_analysed(b)["step"] + 1), "does not match"),
        (lambda b: _first_analysed(b).update(cost=-3), "cost 0 or more"),
        (lambda b: _first_analysed(b).update(cost=None), "says why"),
        (lambda b: _first_analysed(b).update(note="lazy"), "unknown note"),
        (lambda b: _first_analysed(b).update(note="reach"), "says why"),
        (lambda b: _first_analysed(b).update(note="forced", cost=3), "says why"),
        (lambda b: _first_analysed(b).update(best="zz"), "best move"),
        (lambda b: _first_analysed(b).update(own=True), "own must be a number"),
    ],
)
def test_a_block_that_does_not_match_its_record_is_refused(
    change: Callable[[dict[str, Any]], None], words: str, analysed: dict[str, tuple[Any, dict[str, Any], MatchAnalysis]]
) -> None:
    game = GAMES["guinote"]
    match, _, analysis = analysed["guinote"]
    block = to_block(game, match, analysis)
    with pytest.raises(RecordError, match=words):
        from_block(game, match, _tampered(block, change))
