"""Hidden-card inference and sampling, shared by the games' observation modules.

Two steps make a determinization for a bot: :func:`proven_absent` reads the
duties of trick play backwards (a card that would have made a seat's actual
play illegal cannot have been in its hand), and :func:`deal_hidden` deals the
unseen cards to the hidden places at random, respecting those exclusions.
"""

from __future__ import annotations

import random

from tapete.core.cards.deck import cards_of
from tapete.core.errors import SetupError
from tapete.core.tricks import Duties, TrickTables, beats, legal_mask


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
    pool: list[int], need: list[int], banned: list[int], rng: random.Random, tries: int = 50
) -> tuple[list[int], list[int]]:
    """Deal ``need[p]`` cards of ``pool`` to each place ``p`` avoiding ``banned[p]``.

    The cards not needed are left over (for a stock). Each step deals the
    card with the fewest places still open, to a place drawn in proportion
    to its free room, which is uniform when nothing is banned and finds the
    forced cards of proven voids first. Returns the mask dealt to each place
    and the left-over cards in random order; raises :class:`SetupError` if
    no deal fits.
    """
    n = len(need)
    spare = len(pool) - sum(need)
    if spare < 0 or any(x < 0 for x in need):
        raise SetupError("observation is inconsistent: more hidden cards are needed than are unseen")
    for _ in range(tries):
        room = [*need, spare]
        dealt = [0] * (n + 1)
        left = list(pool)
        rng.shuffle(left)
        while left:
            best_i = -1
            best_open: list[int] = []
            for i, c in enumerate(left):
                open_places = [p for p in range(n + 1) if room[p] and (p == n or not (banned[p] >> c) & 1)]
                if best_i < 0 or len(open_places) < len(best_open):
                    best_i, best_open = i, open_places
                    if len(open_places) <= 1:
                        break
            if not best_open:
                break
            c = left.pop(best_i)
            r = rng.randrange(sum(room[p] for p in best_open))
            for p in best_open:
                r -= room[p]
                if r < 0:
                    break
            room[p] -= 1
            dealt[p] |= 1 << c
        else:
            rest = list(cards_of(dealt[n]))
            rng.shuffle(rest)
            return dealt[:n], rest
    raise SetupError("no deal of the hidden cards is consistent with this observation")
