"""Guiñote actions: small ints inside the engine, one string form outside it.

====================  ========  ==========================================
action                int       string
====================  ========  ==========================================
play a card           0..39     the card, e.g. ``Rc`` (see tapete.core.cards)
sing a cante in suit  40..43    ``sing:o``, ``sing:c``, ``sing:e``, ``sing:b``
sing tute             44        ``tute``
exchange the 7        45        ``exchange``
claim the target      46        ``claim``
decline (pass)        47        ``pass``
====================  ========  ==========================================

The same strings are used by records, the command line and the server.

>>> action_str(SING + 1), parse_action("sing:c") == SING + 1
('sing:c', True)
>>> parse_action("Rc") == parse_card("Rc")
True
"""

from __future__ import annotations

from typing import Final

from tapete.core.cards.spanish import SUIT_LETTERS, SUIT_SYMBOLS, card_str, parse_card
from tapete.core.errors import CardParseError, IllegalActionError

SING: Final = 40
TUTE: Final = 44
EXCHANGE: Final = 45
CLAIM: Final = 46
PASS: Final = 47
N_ACTIONS: Final = 48

_WORDS = {"tute": TUTE, "exchange": EXCHANGE, "claim": CLAIM, "pass": PASS}
_NAMES = {v: k for k, v in _WORDS.items()}


def action_str(action: int, french: bool = False) -> str:
    if 0 <= action < 40:
        return card_str(action, french)
    if SING <= action < SING + 4:
        suit = action - SING
        return "sing:" + (SUIT_SYMBOLS[suit] if french else SUIT_LETTERS[suit])
    name = _NAMES.get(action)
    if name is None:
        raise IllegalActionError(f"unknown action id {action}: expected 0..{N_ACTIONS - 1}")
    return name


def parse_action(text: str) -> int:
    """Read an action string; raises :class:`IllegalActionError` if malformed."""
    s = text.strip()
    low = s.lower()
    if low in _WORDS:
        return _WORDS[low]
    if low.startswith("sing:"):
        suit = s[5:]
        for i in range(4):
            if suit.lower() == SUIT_LETTERS[i] or suit == SUIT_SYMBOLS[i]:
                return SING + i
        raise IllegalActionError(f"bad action {text!r}: the suit after 'sing:' must be o, c, e, b or ♦♥♠♣")
    try:
        return parse_card(s)
    except CardParseError:
        raise IllegalActionError(
            f"bad action {text!r}: expected a card (like Rc or K♥), sing:SUIT, tute, exchange, claim or pass"
        ) from None
