"""Belote declarations (annonces): sequences and carrés in a hand, and which side scores.

004: tierce 20, quarante 50, quinte (5 or more) 100, in natural order
A K Q J 10 9 8 7; carré 100, of nines 150, of jacks 200, none for 7s and 8s.
A carré beats any sequence, a longer sequence a shorter one, equal lengths
compare their top card; then the rules' tie-break decides.

A declaration is a tuple ``(kind, points, order, suit, cards)`` where ``kind``
is 2 for a carré and 1 for a sequence, ``order`` ranks equal kinds (length
and top card for sequences, strength for carrés) and ``cards`` is a mask.

>>> from tapete.core.cards.french import parse_cards
>>> from tapete.core.cards.deck import mask_of
>>> [d[:2] for d in find(mask_of(parse_cards("Jh Js Jd Jc 9h Th 8h")))]
[(2, 200), (1, 50)]
"""

from __future__ import annotations

from typing import Final

Declaration = tuple[int, int, int, int, int]

_CARRE_POINTS: Final = (0, 0, 150, 100, 200, 100, 100, 100)
#: Carrés of equal points compare J, 9, A, 10, K, Q (the trump order); 8s and 7s, when
#: they rank at all (``low_carres="rank"``), come last.
_CARRE_ORDER: Final = (0, 1, 6, 4, 7, 2, 3, 5)
#: The same with the carrés of 100 in natural order A, K, Q, 10 (``carre_order="natural"``).
_CARRE_ORDER_NATURAL: Final = (0, 1, 6, 2, 7, 3, 4, 5)


def find(hand: int, low_carres: bool = False, natural_carres: bool = False) -> list[Declaration]:
    """Every declaration in a hand: carrés first, then sequences, best first.

    ``low_carres``: carrés of 7s and 8s count, worth 0 (they still outrank any sequence);
    ``natural_carres``: carrés of 100 compare A, K, Q, 10 instead of A, 10, K, Q.

    >>> from tapete.core.cards.french import parse_cards
    >>> from tapete.core.cards.deck import mask_of
    >>> eights = mask_of(parse_cards("8h 8s 8d 8c 9h Th Jh"))
    >>> [d[:2] for d in find(eights)], [d[:2] for d in find(eights, low_carres=True)]
    ([(1, 50)], [(2, 0), (1, 50)])
    """
    out: list[Declaration] = []
    order = _CARRE_ORDER_NATURAL if natural_carres else _CARRE_ORDER
    for r in range(0 if low_carres else 2, 8):
        m = 0
        for s in range(4):
            m |= 1 << (s * 8 + r)
        if hand & m == m:
            out.append((2, _CARRE_POINTS[r], order[r], -1, m))
    for s in range(4):
        run = 0
        for r in range(9):
            if r < 8 and (hand >> (s * 8 + r)) & 1:
                run += 1
                continue
            if run >= 3:
                top = r - 1
                points = 20 if run == 3 else 50 if run == 4 else 100
                m = 0
                for k in range(top - run + 1, top + 1):
                    m |= 1 << (s * 8 + k)
                out.append((1, points, run * 8 + top, s, m))
            run = 0
    out.sort(key=lambda d: (d[0], d[2]), reverse=True)
    return out


def best(decls: list[Declaration]) -> Declaration | None:
    return max(decls, key=lambda d: (d[0], d[2])) if decls else None


def winning_team(
    declared: list[tuple[int, Declaration]], trump: int, takers: int, tie_rule: str,
    sides: list[int] | None = None, taker: int = -1,
) -> int:  # fmt: skip
    """Which side's declarations score (-1: none). ``declared`` is (seat, declaration) in
    announcement order; ``sides`` maps a seat to its side (default: its team, ``seat % 2``;
    at three players the taker against the two others together). ``taker`` (a seat, -1: none)
    orders the seats for ``tie_rule="from_taker"``: the taker, then the seats after it."""
    tops: dict[int, tuple[int, int, int]] = {}
    n = len(sides) if sides is not None else 4
    for index, (seat, d) in enumerate(declared):
        team = seat % 2 if sides is None else sides[seat]
        # Rank: kind and height, then the tie-break this rule uses within equal heights.
        in_trumps = 1 if d[0] == 1 and d[3] == trump else 0
        if tie_rule == "eldest":
            tie = -index
        elif tie_rule == "from_taker" and taker >= 0:
            tie = in_trumps * n + n - 1 - (seat - taker) % n
        else:
            tie = in_trumps
        key = (d[0], d[2], tie)
        if team not in tops or key > tops[team]:
            tops[team] = key
    if not tops:
        return -1
    if len(tops) == 1:
        return next(iter(tops))
    a, b = tops[0], tops[1]
    if a[:2] != b[:2]:
        return 0 if a[:2] > b[:2] else 1
    if tie_rule == "cancel":
        return -1
    if a[2] != b[2]:
        return 0 if a[2] > b[2] else 1
    return takers
