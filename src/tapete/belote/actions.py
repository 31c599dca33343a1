"""Belote actions: small ints inside the engine, one string form outside it.

==========================  ===========  =========================================
action                      int          string
==========================  ===========  =========================================
play a card                 0..31        the card, e.g. ``Jh`` (see tapete.core.cards.french)
pass                        32           ``pass``
coinche / surcoinche        33 / 34      ``coinche`` / ``surcoinche``
declare (annonces)          35           ``declare``
take a contract (taking)    36..41       ``take:h`` (a suit), ``take:sa``, ``take:ta``
bid (auction)               42..         ``bid:100:h``, ``bid:capot:sa``, ``bid:generale:ta``
==========================  ===========  =========================================

Bid levels are the points from ``min_bid`` to ``max_bid`` by ``bid_step``,
then capot and générale, so a bid's int depends on the rules; use
:func:`bid_action` and :func:`action_str` with the rules at hand.

>>> from tapete.belote.rules import BeloteRules
>>> r = BeloteRules.preset("coinche")
>>> action_str(r, parse_action(r, "bid:122:sa"))
'bid:122:sa'
>>> action_str(r, parse_action(r, "Jh")), parse_action(r, "take:d") - TAKE
('Jh', 2)
"""

from __future__ import annotations

from typing import Final

from tapete.belote.rules import BeloteRules
from tapete.belote.tables import CONTRACT_NAMES
from tapete.core.cards.french import card_str, parse_card
from tapete.core.errors import CardParseError, IllegalActionError

PASS: Final = 32
COINCHE: Final = 33
SURCOINCHE: Final = 34
DECLARE: Final = 35
TAKE: Final = 36
BID: Final = 42
CAPOT: Final = -1
GENERALE: Final = -2

_WORDS = {"pass": PASS, "coinche": COINCHE, "surcoinche": SURCOINCHE, "declare": DECLARE}
_NAMES = {v: k for k, v in _WORDS.items()}


def bid_levels(rules: BeloteRules) -> list[int]:
    """The bid values in order: points, then capot (-1), then générale (-2) if offered."""
    levels = list(range(rules.min_bid, rules.max_bid + 1, rules.bid_step)) + [CAPOT]
    if rules.generale:
        levels.append(GENERALE)
    return levels


def bid_action(rules: BeloteRules, value: int, contract: int) -> int:
    return BID + bid_levels(rules).index(value) * 6 + contract


def bid_of(rules: BeloteRules, action: int) -> tuple[int, int]:
    """(value, contract) of a bid action."""
    level, contract = divmod(action - BID, 6)
    return bid_levels(rules)[level], contract


def _contract(text: str) -> int:
    low = text.lower()
    if low not in CONTRACT_NAMES:
        raise IllegalActionError(f"bad contract {text!r}: expected s, h, d, c, sa or ta")
    return CONTRACT_NAMES.index(low)


def action_str(rules: BeloteRules, action: int, symbols: bool = False) -> str:
    if 0 <= action < 32:
        return card_str(action, symbols)
    if action in _NAMES:
        return _NAMES[action]
    if TAKE <= action < TAKE + 6:
        return "take:" + CONTRACT_NAMES[action - TAKE]
    if BID <= action < BID + 6 * len(bid_levels(rules)):
        value, contract = bid_of(rules, action)
        level = "capot" if value == CAPOT else "generale" if value == GENERALE else str(value)
        return f"bid:{level}:{CONTRACT_NAMES[contract]}"
    raise IllegalActionError(f"unknown Belote action id {action}")


def parse_action(rules: BeloteRules, text: str) -> int:
    """Read an action string; raises :class:`IllegalActionError` if malformed."""
    s = text.strip()
    low = s.lower()
    if low in _WORDS:
        return _WORDS[low]
    if low.startswith("take:"):
        return TAKE + _contract(s[5:])
    if low.startswith("bid:"):
        parts = low.split(":")
        if len(parts) != 3:
            raise IllegalActionError(f"bad bid {text!r}: expected bid:POINTS:CONTRACT, e.g. bid:100:h or bid:capot:sa")
        if parts[1] == "capot":
            value = CAPOT
        elif parts[1] in ("generale", "générale"):
            value = GENERALE
        else:
            try:
                value = int(parts[1])
            except ValueError:
                raise IllegalActionError(f"bad bid {text!r}: the points must be a number, capot or generale") from None
        levels = bid_levels(rules)
        if value not in levels:
            shown = ", ".join("capot" if v == CAPOT else "generale" if v == GENERALE else str(v) for v in levels)
            raise IllegalActionError(f"bad bid {text!r}: the bids of these rules are {shown}")
        return bid_action(rules, value, _contract(parts[2]))
    try:
        return parse_card(s)
    except CardParseError:
        raise IllegalActionError(
            f"bad action {text!r}: expected a card (like Jh or J♥), pass, take:SUIT, bid:POINTS:SUIT, "
            "coinche, surcoinche or declare"
        ) from None
