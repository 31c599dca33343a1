"""Contract: an observation shows a seat nothing hidden from it, and the sampler deals worlds it cannot tell apart.

For every game and preset (see :mod:`tests.contract.cases`), over seeded random playouts:

* sampler consistency: ``observe_deal(sample_deal(obs), seat) == obs``, and the seat to act has the
  same legal actions in the sampled world;
* no hidden card in any observation: two deals that differ only in where two cards hidden from a
  seat lie (swapped in the position string, which the game's reader checks against everything
  public: cards shown, declared, taken from under the stock...) must look the same to that seat.
  Which cards are hidden from a seat is learnt from the sampler: a card whose holder changes between
  the true deal and the sampled worlds is one the seat cannot place.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tapete.core.errors import NotationError
from tests.contract.cases import CASE_IDS, CASES, Case, walk, where

SEEDS = (0, 1)
#: Worlds sampled per seat and step, to learn which cards the seat cannot place.
SAMPLES = 3


def _holders(case: Case, state: Any) -> dict[int, int]:
    """Each card in a seat's hand: card -> seat (cards elsewhere are absent)."""
    game = case.game
    out: dict[int, int] = {}
    for seat in range(game.players(state.rules)):
        for c in game.observe_deal(state, seat).hand:
            out[c] = seat
    return out


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_sampled_worlds_look_the_same(case: Case) -> None:
    game = case.game
    for seed in SEEDS:
        rng = random.Random(seed)
        for step, state, _ in walk(case, seed):
            for seat in range(game.players(state.rules)):
                obs = game.observe_deal(state, seat)
                world = game.sample_deal(obs, rng)
                context = f"seat {seat}: {where(case, seed, step, state)}"
                assert game.observe_deal(world, seat) == obs, f"the sampled world looks different to {context}"
                if state.current_player == seat:
                    assert world.legal_actions() == state.legal_actions(), f"other legal actions for {context}"


def _swap(text: str, a: str, b: str) -> str:
    """``text`` with the cards written ``a`` and ``b`` trading places (each written once)."""
    return text.replace(a, "\0").replace(b, a).replace("\0", b)


@pytest.mark.parametrize("case", CASES, ids=CASE_IDS)
def test_no_hidden_card_in_any_observation(case: Case) -> None:
    game = case.game
    deck = game.deck(case.rules)
    swaps = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        for step, state, _ in walk(case, seed):
            if step % 3 and not state.is_terminal():
                continue
            truth = _holders(case, state)
            text = game.position_string(state, True)
            # The twins are compared with the position read back, not with ``state``: a position string
            # drops leftovers that do not affect the deal (see each game's notation module).
            base = game.parse_position(text)
            for seat in range(game.players(state.rules)):
                obs = game.observe_deal(state, seat)
                seen_by_seat = game.observe_deal(base, seat)
                # Cards the seat cannot place: held by another seat, and elsewhere in some sampled world.
                hidden: set[int] = set()
                for _ in range(SAMPLES):
                    seen = _holders(case, game.sample_deal(obs, rng))
                    hidden |= {c for c, s in truth.items() if s != seat and seen.get(c) != s}
                    hidden |= {c for c, s in seen.items() if s != seat and truth.get(c) != s}
                cards = sorted(hidden)
                for _ in range(min(3, len(cards) // 2)):
                    a, b = rng.sample(cards, 2)
                    if truth.get(a, -1) == truth.get(b, -1):
                        continue
                    names = deck.card_str(a), deck.card_str(b)
                    if any(text.count(name) != 1 for name in names):
                        continue
                    try:
                        twin = game.parse_position(_swap(text, *names))
                    except NotationError:
                        continue  # the swap breaks something public (a card shown, a void...): not a twin
                    assert game.observe_deal(twin, seat) == seen_by_seat, (
                        f"seat {seat} sees a difference when {names[0]} and {names[1]} trade places: "
                        f"{where(case, seed, step, state)}"
                    )
                    swaps += 1
    if swaps == 0:
        pytest.skip(f"{case.id}: no two hidden cards could trade places (e.g. only face-down cards are hidden)")
