"""Hidden-card inference and sampling, shared by the games' observation modules.

Two steps make a determinization for a bot: :func:`proven_absent` reads the
duties of trick play backwards (a card that would have made a seat's actual
play illegal cannot have been in its hand), and :func:`deal_hidden` deals the
unseen cards to the hidden places at random, respecting those exclusions.
"""

from __future__ import annotations

import random

from tapete.cards.deck import cards_of
from tapete.errors import SetupError
from tapete.tricks import Duties, TrickTables, beats, legal_mask


def proven_absent(
    plays: list[tuple[int, list[int]]],
    n_seats: int,
    candidates: int,
    trump: int,
    t: TrickTables,
    d: Duties,
    partners: bool,
) -> list[int]:
    """Per seat, the ``candidates`` its plays prove it did not hold.

    ``plays`` are tricks played under the duties, as (leader, cards in
    playing order); only tricks after the last draw should be given, since a
    draw can bring a card back. The duties are monotone (holding some card
    triggers them), so testing each card alone beside the card played is
    exact.
    """
    out = [0] * n_seats
    for leader, cards in plays:
        best = cards[0]
        best_seat = leader
        for k in range(1, len(cards)):
            seat = (leader + k) % n_seats
            played = cards[k]
            prefix = cards[:k]
            partner = partners and ((best_seat ^ seat) & 1) == 0
            for x in cards_of(candidates & ~out[seat] & ~(1 << played)):
                hand = (1 << played) | (1 << x)
                if not (legal_mask(hand, prefix, best, partner, trump, t, d) >> played) & 1:
                    out[seat] |= 1 << x
            if beats(played, best, trump, t):
                best, best_seat = played, seat
    return out


def deal_hidden(
    pool: list[int], need: list[int], banned: list[int], rng: random.Random, tries: int = 200
) -> tuple[list[int], list[int]]:
    """Deal ``need[p]`` cards of ``pool`` to each place ``p`` avoiding ``banned[p]``.

    Returns the mask dealt to each place and the cards left over, in random
    order (for a stock). Raises :class:`SetupError` if no deal fits.
    """
    cards = list(pool)
    places = sorted((p for p in range(len(need)) if need[p]), key=lambda p: -banned[p].bit_count())
    for _ in range(tries):
        rng.shuffle(cards)
        dealt = [0] * len(need)
        rest = cards[:]
        for p in places:
            allowed = [c for c in rest if not (banned[p] >> c) & 1]
            if len(allowed) < need[p]:
                break
            take = set(allowed[: need[p]])
            for c in take:
                dealt[p] |= 1 << c
            rest = [c for c in rest if c not in take]
        else:
            return dealt, rest
    raise SetupError("no deal of the hidden cards is consistent with this observation")
