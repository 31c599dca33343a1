"""Properties of the deal engine over random seeds, presets, option combinations and random legal play."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tapete.core.cards.spanish import cards_of
from tapete.core.errors import IllegalActionError
from tapete.guinote.actions import CLAIM, N_ACTIONS, TUTE
from tapete.guinote.rules import PRESETS, GuinoteRules
from tapete.guinote.state import PLAY, GuinoteState
from tests.support import assert_refused

from .helpers import snapshot
from .test_perft import RefDeal, ref_legal_cards

FULL = (1 << 40) - 1

SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def any_rules(draw) -> GuinoteRules:
    """A preset, possibly with its obligations and turn options redrawn (always a valid combination)."""
    r = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    if draw(st.booleans()):
        return r
    follow = draw(st.booleans())
    head = follow and draw(st.booleans())
    trump = follow and draw(st.booleans())
    over = trump and draw(st.booleans())
    return r.replace(
        players=draw(st.sampled_from([2, 4])),
        figure_order=draw(st.sampled_from(["sota_high", "caballo_high"])),
        cante_figure=draw(st.sampled_from(["sota", "caballo"])),
        deal_packet=draw(st.sampled_from([1, 2, 3, 6])),
        direction=draw(st.sampled_from(["anticlockwise", "clockwise"])),
        first_lead=draw(st.sampled_from(["dealer_right", "dealer_left"])),
        cante_by=draw(st.sampled_from(["trick_winner", "winning_team"])),
        cante_timing=draw(st.sampled_from(["after_draw", "before_draw"])),
        cantes_per_trick=draw(st.sampled_from([0, 1, 2])),
        cantes_in_arrastre=draw(st.booleans()),
        tute=draw(st.sampled_from(["none", "bonus", "wins_partida"])),
        tute_figures=draw(st.sampled_from(["reyes", "reyes_or_cante_figure"])),
        exchange_timing=draw(
            st.sampled_from(["own_turn", "after_team_win", "before_lead", "until_next_trick", "when_leading", "never"])
        ),
        cante_window=draw(st.sampled_from(["before_lead", "until_opponent_card"])),
        exchange_needs_counting_indicator=draw(st.booleans()),
        strict_from_first_trick=draw(st.booleans()),
        must_follow=follow,
        must_head=head,
        head_when_trumped=head and draw(st.booleans()),
        must_trump=trump,
        must_overtrump=over,
        must_undertrump=trump and draw(st.booleans()),
        partner_exempt=draw(st.booleans()),
        capote=draw(st.sampled_from(["none", "bonus"])),
        claims=draw(st.sampled_from(["none", "any_time", "vueltas"])),
        idas_vueltas=True,
    )


deals = st.tuples(any_rules(), st.integers(0, 2**32 - 1), st.integers(0, 3), st.integers(0, 2**32 - 1),
                  st.booleans(), st.integers(0, 200))  # fmt: skip


def start(rules, seed, dealer, vueltas=False, before=0):
    return GuinoteState.new_deal(rules, seed=seed, dealer=dealer % rules.players,
                                 scores_before=(before, 200 - before if before else 0), vueltas=vueltas)  # fmt: skip


def choose(state: GuinoteState, rng: random.Random, full: bool) -> int:
    acts = state.legal_actions()
    if full:
        acts = [a for a in acts if a not in (CLAIM, TUTE)] or acts
    return acts[rng.randrange(len(acts))]


def check_cards(state: GuinoteState) -> None:
    """Every card is in exactly one place: a hand, the stock, under the stock, the trick, or taken."""
    places = list(state.hands) + [sum(1 << c for c in state.stock), sum(1 << c for c in state.trick),
                                  state.taken[0], state.taken[1]]  # fmt: skip
    if state.indicator >= 0:
        places.append(1 << state.indicator)
    union = 0
    total = 0
    for m in places:
        union |= m
        total += m.bit_count()
    assert union == FULL and total == 40
    for seat in range(state.n):
        assert state.known[seat] & ~state.hands[seat] == 0  # known cards are really there


def check_lead(state: GuinoteState) -> None:
    """At every lead: hands of 6 while stock remains, then one fewer per arrastre trick; the stock shrinks by
    one card per seat per trick."""
    n, t = state.n, state.tricks_played
    draw_tricks = (40 - 6 * n) // n
    if t <= draw_tricks and not state.in_arrastre():
        assert state.stock_size() == 40 - 6 * n - n * t
        assert all(h.bit_count() == 6 for h in state.hands)
    else:
        assert state.in_arrastre() and state.stock_size() == 0
        assert all(h.bit_count() == state.tricks_per_deal - t for h in state.hands)
    assert sum(state.tricks_won) == t


@SETTINGS
@given(deals)
def test_conservation_sizes_and_totals(params):
    """Cards conserved; sizes right at every lead; a legal action exists until the end; 120 card points and
    exactly one last-trick bonus per complete deal (001 "Scoring" 2-4, 002 §04, §07)."""
    rules, seed, dealer, play_seed, _, _ = params
    s = start(rules, seed, dealer)
    rng = random.Random(play_seed)
    while not s.is_terminal():
        check_cards(s)
        if s.phase == PLAY and not s.trick:
            check_lead(s)
        acts = s.legal_actions()
        assert acts, "no legal action in a live deal"
        assert s.current_player in range(s.n)
        s.apply_action(choose(s, rng, full=True))
    check_cards(s)
    assert s.legal_actions() == [] and s.current_player == -1
    res = s.result()
    if res.tute_team < 0 and res.claim_team < 0:
        assert s.tricks_played == s.tricks_per_deal
        assert sum(res.card_points) == 120
        assert sorted(res.last_trick) == [0, rules.last_trick_bonus]
        assert res.last_trick[s.tricks[-1][1] % 2] == rules.last_trick_bonus
        assert all(h == 0 for h in s.hands)


@SETTINGS
@given(deals)
def test_illegal_actions_raise_and_change_nothing(params):
    """Any action outside legal_actions() raises IllegalActionError and leaves the state identical."""
    rules, seed, dealer, play_seed, vueltas, before = params
    s = start(rules, seed, dealer, vueltas, before)
    rng = random.Random(play_seed)
    while not s.is_terminal():
        legal = set(s.legal_actions())
        illegal = [a for a in range(N_ACTIONS) if a not in legal]
        for a in rng.sample(illegal, min(3, len(illegal))):
            assert_refused(s, a, snapshot)
        s.apply_action(choose(s, rng, full=False))
    for a in (0, 39, CLAIM):
        assert_refused(s, a, snapshot)


@SETTINGS
@given(deals)
def test_push_pop_restores_exactly(params):
    """push/pop: every action undone gives back the identical state, however many are stacked."""
    rules, seed, dealer, play_seed, vueltas, before = params
    s = start(rules, seed, dealer, vueltas, before)
    rng = random.Random(play_seed)
    history = [snapshot(s)]
    while not s.is_terminal():
        a = choose(s, rng, full=False)
        # a one-step probe with every legal action
        snap = history[-1]
        for b in s.legal_actions():
            s.push(b)
            s.pop()
            assert snapshot(s) == snap
        s.push(a)
        history.append(snapshot(s))
    while len(history) > 1:
        s.pop()
        history.pop()
        assert snapshot(s) == history[-1]
    try:
        s.pop()
    except IllegalActionError:
        pass
    else:
        raise AssertionError("pop() without push() should raise")


@SETTINGS
@given(deals)
def test_clone_is_independent(params):
    """clone() copies the position; playing on either copy never changes the other; same actions, same states."""
    rules, seed, dealer, play_seed, vueltas, before = params
    s = start(rules, seed, dealer, vueltas, before)
    rng = random.Random(play_seed)
    steps = rng.randrange(1, 40)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_action(choose(s, rng, full=True))
    c = s.clone()
    assert snapshot(c) == snapshot(s)
    frozen = snapshot(c)
    played = []
    while not s.is_terminal():
        a = choose(s, rng, full=False)
        s.apply_action(a)
        played.append(a)
    assert snapshot(c) == frozen  # the clone did not move
    for a in played:
        c.apply_action(a)
    assert snapshot(c) == snapshot(s)
    if played:
        c2 = s.clone()
        assert c2.is_terminal() == s.is_terminal()


@SETTINGS
@given(deals)
def test_legal_cards_match_the_reference(params):
    """The engine's legal cards equal the naive reference's (test_perft.ref_legal_cards: the obligations of
    002 §05 / 001 "Phase 2" / 003 written as tiers) at every card decision, for any option combination."""
    rules, seed, dealer, play_seed, _, _ = params
    s = start(rules, seed, dealer)
    rng = random.Random(play_seed)
    checked = 0
    while not s.is_terminal():
        if s.phase == PLAY:
            seat = s.current_player
            plays = [((s.leader + i) % s.n, c) for i, c in enumerate(s.trick)]
            strict = s.in_arrastre() or rules.strict_from_first_trick
            ref = ref_legal_cards(rules, set(cards_of(s.hands[seat])), plays, seat, s.trump, strict)
            assert set(cards_of(s.legal_card_mask())) == ref
            assert {a for a in s.legal_actions() if a < 40} == ref
            checked += 1
        s.apply_action(choose(s, rng, full=True))
    assert checked > 0


@SETTINGS
@given(deals)
def test_whole_turn_structure_matches_the_reference(params):
    """Every legal action (cards, cantes, tute, the 7 exchange, passes) and the deal's points agree with the
    independent reference deal of test_perft along random play, for any option combination (claims, which
    the reference does not model, switched off)."""
    rules, seed, dealer, play_seed, _, _ = params
    rules = rules.replace(claims="none")
    deck = list(range(40))
    random.Random(seed).shuffle(deck)
    dealer %= rules.players
    eng = GuinoteState.new_deal(rules, deck, dealer=dealer)
    ref = RefDeal(rules, deck, dealer)
    rng = random.Random(play_seed)
    while not eng.is_terminal():
        acts = eng.legal_actions()
        assert sorted(acts) == sorted(ref.legal())
        assert eng.current_player == ref.turn
        a = acts[rng.randrange(len(acts))]
        eng.apply_action(a)
        ref.apply(a)
    assert ref.over and ref.legal() == []
    if eng.tute_team < 0:
        res = eng.result()
        assert [res.card_points[t] + res.cante_points[t] for t in (0, 1)] == ref.points
