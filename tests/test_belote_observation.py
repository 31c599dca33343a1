"""Belote observations hold no hidden card, and sampled deals look the same from the seat.

Source: 004 "Preparación y reparto" (hands are dealt face down; the retourne is
face up), "Declaraciones" (declarations are announced; their cards are shown
only by the side that scores them), "Juego de bazas" (the duties that reveal voids).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tapete.belote.observation import observe, sample_deal
from tapete.belote.rules import PRESETS
from tapete.belote.state import BeloteState
from tests.support import play_random


def reach(preset: str, seed: int, steps: int) -> BeloteState:
    return play_random(BeloteState.new_deal(PRESETS[preset], seed=seed, dealer=seed % 4), steps, seed)


def hidden_from(state: BeloteState, seat: int) -> int:
    hidden = 0
    for p in range(4):
        if p != seat:
            hidden |= state.hands[p] & ~state.known[p]
    for c in state.rest:
        hidden |= 1 << c
    return hidden


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 10_000), st.integers(0, 45))
def test_no_hidden_card_in_an_observation(preset: str, seed: int, steps: int) -> None:
    state = reach(preset, seed, steps)
    for seat in range(4):
        obs = observe(state, seat)
        hidden = hidden_from(state, seat)
        seen = obs.hand_mask | obs.played_mask() | sum(obs.known)
        if obs.retourne >= 0:
            seen |= 1 << obs.retourne
        assert seen & hidden == 0
        for p, known in enumerate(obs.known):
            assert known & ~state.hands[p] == 0
        # announced declarations carry kind, points and height only: no card masks
        assert all(len(a) == 4 for a in obs.announced)
        assert obs.legal_actions == (tuple(state.legal_actions()) if state.cur == seat else ())


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 10_000), st.integers(0, 45), st.integers(0, 2**32))
def test_sampled_deal_is_consistent(preset: str, seed: int, steps: int, rng_seed: int) -> None:
    state = reach(preset, seed, steps)
    seat = (seed + steps) % 4
    obs = observe(state, seat)
    world = sample_deal(obs, random.Random(rng_seed))
    assert observe(world, seat) == obs
    everything = world.hands[0] | world.hands[1] | world.hands[2] | world.hands[3] | world.taken[0] | world.taken[1]
    for c in world.rest + world.trick + ([world.retourne] if world.retourne >= 0 and world.taker < 0 else []):
        everything |= 1 << c
    assert everything == (1 << 32) - 1
    # the sampled world can be played on to the end
    rng = random.Random(rng_seed)
    while not world.is_terminal():
        la = world.legal_actions()
        world.apply_action(la[rng.randrange(len(la))])
