"""The solver's native core (``tapete/core/_cardsearch.c``) against its reference, ``card_search.py``.

``pip install .`` builds the C port of the search and :class:`CardSearch` hands its probes to
it; :meth:`CardSearch.use_reference` searches in Python instead. The two must visit the same
nodes in the same order (the node counts are the bots' budgets), so on random positions of
every game (endings with 1-6 tricks left, led or in the middle of a trick, cantes, découverte,
Brisca's draws) both give the same value for every legal card and the same node count; on the
smallest endings the native values also equal a plain minimax over the engine's own game tree
(tests/test_solver.py). Without the native core (a pure-Python install) these tests skip,
except the one that checks that a compiled install has it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tapete.core.card_search as card_search
from tapete.belote.actions import DECLARE
from tapete.belote.rules import BeloteRules
from tapete.belote.solver_adapter import build, side_of
from tapete.belote.state import BeloteState
from tapete.brisca.rules import BriscaRules
from tapete.brisca.solver_adapter import BriscaSolver
from tapete.brisca.state import BriscaState
from tapete.core.card_search import CardSearch
from tapete.guinote.solver_adapter import GuinoteSolver
from tapete.guinote.state import GuinoteState
from tapete.solver import SearchLimitError
from tests.test_solver import BELOTE_PRESETS, GUINOTE_PRESETS, b_after, b_endgame, g_after, g_endgame

TT = 1 << 24
NATIVE = card_search._native is not None
needs_native = pytest.mark.skipif(not NATIVE, reason="the native core is not built (pure-Python install)")
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_a_compiled_install_has_the_native_core() -> None:
    """setup.py builds _cardsearch.c with the mypyc modules: one without the other is a broken build."""
    compiled = not str(card_search.__file__).endswith(".py")
    assert compiled == NATIVE


# ------------------------------------------------------------------ both ways


def both_ways(search: Callable[[bool], tuple[object, int]]) -> None:
    """``search(reference)`` -> (values, nodes): the same natively and in Python."""
    native = search(False)
    reference = search(True)
    assert native == reference


def belote_search(s: BeloteState, value: bool = False) -> Callable[[bool], tuple[object, int]]:
    def run(reference: bool) -> tuple[object, int]:
        cs = build(s, TT)
        if reference:
            cs.use_reference()
        out = cs.value() if value else cs.root_values()
        return out, cs.nodes

    return run


def guinote_search(s: GuinoteState) -> Callable[[bool], tuple[object, int]]:
    def run(reference: bool) -> tuple[object, int]:
        solver = GuinoteSolver(s, TT)
        if reference:
            solver.cs.use_reference()
        return solver.root_values(s.clone()), solver.nodes

    return run


def brisca_search(s: BriscaState) -> Callable[[bool], tuple[object, int]]:
    def run(reference: bool) -> tuple[object, int]:
        solver = BriscaSolver(s, TT)
        if reference:
            solver.cs.use_reference()
        return solver.root_values(), solver.nodes

    return run


def brisca_position(preset: str, seed: int, stock: int, extra: int) -> BriscaState | None:
    rng = random.Random(seed)
    s = BriscaState.new_deal(BriscaRules.preset(preset), seed=seed)
    while not s.is_terminal() and s.stock_size() > stock:
        s.apply_action(rng.choice(s.legal_actions()))
    for _ in range(extra):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    return None if s.is_terminal() else s


@needs_native
@SETTINGS
@given(preset=st.sampled_from(BELOTE_PRESETS), seed=st.integers(0, 10_000), tricks=st.integers(1, 6))
def test_belote_native_matches_reference(preset: str, seed: int, tricks: int) -> None:
    s = b_endgame(preset, seed, tricks)
    if s is None:
        return
    both_ways(belote_search(s))
    both_ways(belote_search(s, value=True))


@needs_native
@SETTINGS
@given(preset=st.sampled_from(GUINOTE_PRESETS), seed=st.integers(0, 10_000), tricks=st.integers(1, 5))
def test_guinote_native_matches_reference(preset: str, seed: int, tricks: int) -> None:
    s = g_endgame(preset, seed, tricks)
    if s is None:
        return
    both_ways(guinote_search(s))


@needs_native
@SETTINGS
@given(
    preset=st.sampled_from(["brisca", "brisca-2p"]),
    seed=st.integers(0, 10_000),
    stock=st.sampled_from([0, 2, 4]),
    extra=st.integers(0, 3),
)
def test_brisca_native_matches_reference(preset: str, seed: int, stock: int, extra: int) -> None:
    s = brisca_position(preset, seed, stock, extra)
    if s is None:
        return
    both_ways(brisca_search(s))


@needs_native
def test_whole_belote_deals_match_reference() -> None:
    """Every first card of two full deals: the deep searches too (a few seconds in Python)."""
    for seed in (7, 32):
        s = BeloteState.new_deal(BeloteRules(), seed=seed)
        s.play(s.legal_action_strings()[1])
        both_ways(belote_search(s))


# ------------------------------------------------------------------ against the plain minimax


@needs_native
@SETTINGS
@given(preset=st.sampled_from(BELOTE_PRESETS), seed=st.integers(0, 10_000), tricks=st.integers(1, 3))
def test_belote_native_matches_minimax(preset: str, seed: int, tricks: int) -> None:
    s = b_endgame(preset, seed, tricks)
    if s is None:
        return
    me = side_of(s, s.cur)
    want = {a: b_after(s, a, me) for a in s.legal_actions() if a != DECLARE}
    cs = build(s, TT)
    assert cs.native is not None
    assert cs.root_values() == want


@needs_native
@SETTINGS
@given(preset=st.sampled_from(GUINOTE_PRESETS), seed=st.integers(0, 10_000), tricks=st.integers(1, 3))
def test_guinote_native_matches_minimax(preset: str, seed: int, tricks: int) -> None:
    s = g_endgame(preset, seed, tricks)
    if s is None:
        return
    side = s.cur % 2
    want = {a: g_after(s, a, side) for a in s.legal_actions()}
    solver = GuinoteSolver(s, TT)
    assert solver.cs.native is not None
    assert solver.root_values(s.clone()) == want


# ------------------------------------------------------------------ limits and the table


@needs_native
def test_node_limit_stops_both_at_the_same_count() -> None:
    s = BeloteState.new_deal(BeloteRules(), seed=3)
    s.play(s.legal_action_strings()[1])
    counts = []
    for reference in (False, True):
        cs = build(s, TT, max_nodes=2_000)
        if reference:
            cs.use_reference()
        with pytest.raises(SearchLimitError):
            cs.root_values()
        counts.append(cs.nodes)
    assert counts[0] == counts[1] > 2_000


@needs_native
def test_a_small_table_is_cleared_at_its_cap_both_ways() -> None:
    """The table is emptied when it holds its cap of entries, natively as in the reference's dict:
    a tiny table changes the node count the same way both ways and never the values."""
    s = b_endgame("classique", 3, 6)
    assert s is not None
    results = []
    for reference in (False, True):
        cs = build(s, 50 * card_search.ENTRY_BYTES)
        if reference:
            cs.use_reference()
        results.append((cs.root_values(), cs.nodes))
        assert 0 < cs.table_size() <= 50
    assert results[0] == results[1]
    full = build(s, TT)
    assert full.root_values() == results[0][0]
    assert full.nodes < results[0][1]


@needs_native
def test_a_search_reloaded_many_times_keeps_matching() -> None:
    """Brisca's draws load many endings into one search, the table kept between them."""
    for seed in range(3):
        s = brisca_position("brisca-2p", seed, 4, 0)
        assert s is not None
        both_ways(brisca_search(s))


def test_use_reference_searches_in_python() -> None:
    s = b_endgame("classique", 5, 3)
    assert s is not None
    cs: CardSearch = build(s, TT)
    cs.use_reference()
    assert cs.native is None
    cs.root_values()
    assert cs.table_size() == len(cs.tt) > 0
