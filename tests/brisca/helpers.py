"""Helpers for the Brisca tests: deals with chosen hands, and a snapshot of a whole state.

Sources are cited by the keys of ``docs/rules/brisca.md`` (FO Fournier, AC acanomas, NC
naipes-casino, VIP, JC juegoacartas, RJ reglasdejuegosdenaipes, QB, CC cartescatalanes, SJ,
SB sabelotodo, LU ludoteka, DC doncomos).
"""

from __future__ import annotations

from collections.abc import Sequence

from tapete.brisca.rules import BriscaRules
from tapete.brisca.state import BriscaState
from tapete.core.cards.spanish import parse_card, parse_cards


def deal(
    preset: str, hands: Sequence[str], muestra: str, top: str = "", dealer: int = 0, **options: object
) -> BriscaState:
    """A deal about to start: ``hands`` per seat, the ``muestra``, and the stock drawn ``top`` first
    (the rest of the cards follow in id order)."""
    rules = BriscaRules.preset(preset).replace(**options) if options else BriscaRules.preset(preset)
    hs = [parse_cards(h) for h in hands]
    m = parse_card(muestra)
    first = parse_cards(top)
    used = {c for h in hs for c in h} | {m} | set(first)
    rest = [c for c in range(40) if c not in used]
    return BriscaState.from_hands(rules, hs, muestra=m, stock=first + rest, dealer=dealer)


def play(state: BriscaState, *moves: str) -> BriscaState:
    for move in moves:
        state.play(move)
    return state


def snapshot(s: BriscaState) -> tuple[object, ...]:
    """Every field that makes a position, for comparing two states."""
    return (
        s.phase, s.cur, s.leader, s.dealer, tuple(s.hands), tuple(s.stock), s.muestra, s.trump, tuple(s.trick),
        s.trick_best, s.trick_best_seat, tuple(s.taken), tuple(s.card_points), tuple(s.tricks_won),
        s.tricks_played, s.last_winner, tuple(s.known), tuple(s.exchanges), tuple(s.tricks), s.scores_before,
    )  # fmt: skip
