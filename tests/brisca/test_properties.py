"""Properties over random rules, seeds and random legal play (hypothesis).

Every step of a random playout: the 120 card points are all somewhere; push/pop, clone, copy and
pickle agree; an illegal action changes nothing; the position string and the match record round
trip; each seat's observation shows no hidden card, and a deal sampled from it observes the same.
"""

from __future__ import annotations

import copy
import pickle
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tapete.brisca.actions import EXCHANGE
from tapete.brisca.match import BriscaMatch
from tapete.brisca.notation import from_notation, to_notation
from tapete.brisca.observation import observe, sample_deal
from tapete.brisca.record import match_from_record, match_to_record
from tapete.brisca.rules import PRESETS, BriscaRules
from tapete.brisca.state import BriscaState
from tapete.brisca.tables import tables_for
from tapete.core.cards.spanish import cards_of
from tests.support import assert_refused, play_random

from .helpers import snapshot

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def any_rules(draw: st.DrawFn) -> BriscaRules:
    """A preset, possibly with its options redrawn (always a valid combination)."""
    r = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    if draw(st.booleans()):
        return r
    players = draw(st.sampled_from([2, 4]))
    return r.replace(
        players=players,
        deal_packet=draw(st.sampled_from([1, 3])),
        exchange_card=draw(st.sampled_from(["seven", "seven_or_two", "none"])),
        exchange_timing=draw(st.sampled_from(["own_turn", "when_leading"])),
        exchange_needs_trick=draw(st.booleans()),
        exchange_min_stock=draw(st.integers(1, 40 - 3 * players - 1)),
        show_partner=draw(st.sampled_from(["never", "after_stock", "always"])) if players == 4 else "never",
    )


def _visible(state: BriscaState, seat: int) -> int:
    """The cards ``seat`` may see in other hands: the public ones, and its partner's where shown."""
    m = 0
    for p in range(state.n):
        m |= state.known[p] & state.hands[p]
    if state.n == 4 and state.partner_shown():
        m |= state.hands[(seat + 2) % 4]
    return m


def _check_observations(state: BriscaState, rng: random.Random) -> None:
    for seat in range(state.n):
        obs = observe(state, seat)
        secret = 0
        for p in range(state.n):
            if p != seat:
                secret |= state.hands[p]
        secret = (secret & ~_visible(state, seat)) | sum(1 << c for c in state.stock)
        shown = set(obs.hand) | set(obs.partner_hand) | {c for _, c in obs.trick}
        shown |= {c for _, _, cards in obs.tricks for c in cards} | {c for m in obs.known for c in cards_of(m)}
        shown |= {c for _, g, t in obs.exchanges for c in (g, t)} | ({obs.muestra} if obs.muestra >= 0 else set())
        assert not shown & set(cards_of(secret)), "a hidden card shows in the observation"
        world = sample_deal(obs, rng)
        assert observe(world, seat) == obs


@SETTINGS
@given(any_rules(), st.integers(0, 2**32 - 1), st.integers(0, 3), st.integers(0, 2**32 - 1))
def test_random_playouts(rules: BriscaRules, seed: int, dealer: int, play_seed: int) -> None:
    rng = random.Random(play_seed)
    state = BriscaState.new_deal(rules, seed=seed, dealer=dealer % rules.players)
    points = tables_for(rules).points
    step = 0
    while True:
        everywhere = state.taken[0] | state.taken[1] | sum(state.hands) | sum(1 << c for c in state.trick)
        everywhere |= sum(1 << c for c in state.stock) | ((1 << state.muestra) if state.muestra >= 0 else 0)
        assert everywhere == (1 << 40) - 1
        assert (
            sum(points[c] for c in state.trick)
            + sum(state.card_points)
            + sum(points[c] for h in state.hands for c in cards_of(h))
            + sum(points[c] for c in state.stock)
            + (points[state.muestra] if state.muestra >= 0 else 0)
            == 120
        )
        text = to_notation(state, history=True)
        again = from_notation(text)
        assert to_notation(again, history=True) == text and snapshot(again) == snapshot(state)
        assert again.legal_actions() == state.legal_actions()
        if step % 3 == 0:
            _check_observations(state, rng)
        if state.is_terminal():
            break
        legal = state.legal_actions()
        for bad in (EXCHANGE, rng.randrange(40)):
            if bad not in legal:
                assert_refused(state, bad, snapshot)
        action = legal[rng.randrange(len(legal))]
        before = snapshot(state)
        state.push(action)
        after = snapshot(state)
        twin = state.clone()
        assert snapshot(twin) == after
        assert snapshot(pickle.loads(pickle.dumps(state))) == after
        assert snapshot(copy.deepcopy(state)) == after
        state.pop()
        assert snapshot(state) == before
        state.apply_action(action)
        assert snapshot(state) == after
        step += 1
    result = state.result()
    assert sum(result.card_points) == 120 and sum(result.tricks) == rules.tricks_per_deal
    assert result.winner == (0 if result.card_points[0] > 60 else 1 if result.card_points[1] > 60 else -1)
    assert sum(state.returns()) == 0.0


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_rules(), st.integers(0, 2**32 - 1), st.integers(0, 3000))
def test_match_records_round_trip(rules: BriscaRules, seed: int, steps: int) -> None:
    rules = rules.replace(deals_to_win=2)
    m = play_random(BriscaMatch(rules, seed=seed), steps, seed=seed)
    data = match_to_record(m)
    again = match_from_record(data)
    assert match_to_record(again) == data
    assert snapshot(again.deal) == snapshot(m.deal)
