"""Brisca actions: small ints inside the engine, one string form outside it.

====================  ========  ==========================================
action                int       string
====================  ========  ==========================================
play a card           0..39     the card, e.g. ``Rc`` (see tapete.core.cards)
take the muestra      40        ``exchange`` (give the 7, or the 2, of trumps for it)
====================  ========  ==========================================

The exchange is offered at a player's own turn beside the cards, so declining
it is simply playing a card. The same strings serve records, the command line
and the server.

>>> action_str(EXCHANGE), parse_action("exchange") == EXCHANGE
('exchange', True)
>>> parse_action("Rc") == parse_card("Rc"), action_str(parse_action("K♥"), french=True)
(True, 'K♥')
"""

from __future__ import annotations

from typing import Final

from tapete.core.cards.spanish import card_str, parse_card
from tapete.core.errors import CardParseError, IllegalActionError

EXCHANGE: Final = 40
N_ACTIONS: Final = 41


def action_str(action: int, french: bool = False) -> str:
    if 0 <= action < 40:
        return card_str(action, french)
    if action == EXCHANGE:
        return "exchange"
    raise IllegalActionError(f"unknown action id {action}: expected 0..{N_ACTIONS - 1}")


def parse_action(text: str) -> int:
    """Read an action string; raises :class:`IllegalActionError` if malformed."""
    s = text.strip()
    if s.lower() == "exchange":
        return EXCHANGE
    try:
        return parse_card(s)
    except CardParseError:
        raise IllegalActionError(f"bad action {text!r}: expected a card (like Rc or K♥) or exchange") from None
