"""Observations are the only door for hidden cards; samples agree with them.

Sources: 001 "Phase 1" (hands are hidden; the turn-up is face up under the
stock), 002 §04 (the last drawer takes the face-up indicator, so everyone
knows it is in that hand), 002 §06 (cante cards are shown and stay in hand).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tapete.core.cards.spanish import FULL_DECK
from tapete.guinote.observation import as_declined, excluded_cards, observe, sample_deal
from tapete.guinote.rules import PRESETS, GuinoteRules
from tapete.guinote.state import GuinoteState
from tests.support import play_random

PRESET_NAMES = sorted(PRESETS)


def random_states(preset: str, seed: int, stop_at: int) -> GuinoteState:
    rules = PRESETS[preset]
    return play_random(GuinoteState.new_deal(rules, seed=seed, dealer=seed % rules.players), stop_at, seed)


def hidden_from(state: GuinoteState, seat: int) -> int:
    """Cards in other hands that are not publicly known, plus the face-down stock."""
    hidden = 0
    for p in range(state.n):
        if p != seat:
            hidden |= state.hands[p] & ~state.known[p]
    for c in state.stock:
        hidden |= 1 << c
    return hidden


def cards_in(obs_value: object) -> int:
    """Every card id that could be read out of an observation field."""
    mask = 0
    if isinstance(obs_value, int) and 0 <= obs_value < 40:
        mask |= 1 << obs_value
    elif isinstance(obs_value, tuple):
        for v in obs_value:
            mask |= cards_in(v)
    return mask


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 10_000), st.integers(0, 60))
def test_observation_never_holds_a_hidden_card(preset: str, seed: int, steps: int) -> None:
    """No field of a seat's observation carries a card hidden from that seat. While another seat holds a
    silent turn the seat sees the deal as if it were declined (issue 12): that deal is the one checked."""
    real = random_states(preset, seed, steps)
    for seat in range(real.n):
        obs = observe(real, seat)
        state = as_declined(real, seat)
        hidden = hidden_from(state, seat)
        assert cards_in(obs.hand) & hidden == 0
        assert cards_in(tuple(c for _, c in obs.trick)) & hidden == 0
        assert cards_in(tuple(cards for _, _, cards in obs.tricks)) & hidden == 0
        assert cards_in(tuple(a for _, a in obs.cantes if a < 40)) == 0
        assert cards_in(obs.indicator) & hidden == 0
        for p, known in enumerate(obs.known):
            assert known & hidden == 0
            assert known & ~state.hands[p] == 0
        # legal actions only for the seat to act
        assert obs.legal_actions == (tuple(state.legal_actions()) if state.cur == seat else ())


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 2**32))
def test_sample_is_consistent_with_the_observation(preset: str, seed: int, steps: int, rng_seed: int) -> None:
    """A sampled deal looks exactly the same from the observing seat, and conserves the cards."""
    state = random_states(preset, seed, steps)
    seat = (seed + steps) % state.n
    obs = observe(state, seat)
    world = sample_deal(obs, random.Random(rng_seed))
    assert observe(world, seat) == obs
    everything = sum(world.hands) | world.taken[0] | world.taken[1]
    for c in world.stock + world.trick + ([world.indicator] if world.indicator >= 0 else []):
        everything |= 1 << c
    assert everything == FULL_DECK
    assert (
        sum(h.bit_count() for h in world.hands)
        + len(world.stock)
        + len(world.trick)
        + bin(world.taken[0] | world.taken[1]).count("1")
        + (1 if world.indicator >= 0 else 0)
        == 40
    )


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 10_000), st.integers(20, 60))
def test_sampled_worlds_respect_proven_voids(preset: str, seed: int, steps: int) -> None:
    """Inferred exclusions are sound (the true hands obey them) and samples obey them too."""
    state = random_states(preset, seed, steps)
    seat = 0
    obs = observe(state, seat)
    banned = excluded_cards(obs)
    for p in range(state.n):
        if p != seat:
            assert banned[p] & state.hands[p] == 0
    world = sample_deal(obs, random.Random(seed))
    for p in range(state.n):
        if p != seat:
            assert banned[p] & world.hands[p] == 0


def test_void_in_suit_led_is_inferred_in_arrastre() -> None:
    """002 §05: a seat that does not follow suit in arrastre has none of that suit."""
    rules = GuinoteRules.preset("aragones")
    rng = random.Random(3)
    for seed in range(200):
        state = GuinoteState.new_deal(rules, seed=seed, dealer=0)
        while not state.is_terminal():
            la = state.legal_actions()
            state.apply_action(la[rng.randrange(len(la))])
            if state.arrastre and state.tricks:
                leader, _, cards = state.tricks[-1]
                led = cards[0] // 10
                offsuit = [k for k in range(1, 4) if cards[k] // 10 != led]
                if offsuit and state.tricks_played > 4:
                    k = offsuit[0]
                    seat = (leader + k) % 4
                    observer = (seat + 1) % 4
                    obs = observe(state, observer)
                    banned = excluded_cards(obs)
                    suit_cards = ((1 << 10) - 1) << (10 * led)
                    assert suit_cards & ~obs.played_mask() & ~banned[seat] == 0
                    return
    pytest.fail("no off-suit play in arrastre found in 200 random deals")


def test_seat_out_of_range_is_refused() -> None:
    state = GuinoteState.new_deal(GuinoteRules(), seed=1)
    with pytest.raises(ValueError, match="seat 4 is not at this table"):
        observe(state, 4)
