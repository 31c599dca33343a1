"""Rows a game hands to a text face (:class:`~tapete.core.shown.Row`) put into words and laid out as lines:
a label column, then the text.

One layout for every face that writes positions as text (``tapete show``, the terminal table's panel,
``tapete replay``), so that no face borrows another's. In a row a card is written short (``Ce``,
``K♥``), as players read it at a glance; inside a message, in the form the message asks for.

>>> from tapete.core.words import CardRef, SeatRef
>>> lines([Row("show.stock", (Say("show.stock.empty"),)), Row("show.hands")])
['stock       empty: arrastre, play follows the strict rules', 'hands']
>>> say(Say("show.trick.play", card=CardRef("spanish", 0), seat=SeatRef(2)))
'1o (seat 2)'
>>> part(in_faces(CardRef("spanish", 28), french_faces("spanish")))
'Q♠'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from tapete.core.rules import RulesBase
from tapete.core.shown import Part, Row
from tapete.core.words import CardRef, CardsRef, RankRef, Say, SuitRef
from tapete.text import cards as _cards
from tapete.text.messages import msg
from tapete.text.render import as_value
from tapete.text.render import say as _say

#: Width of the label column.
LABEL_WIDTH = 12


def french_faces(faces: str) -> str:
    """The French faces of the same deck (``--french``): ``french-40`` for the Spanish 40 cards."""
    if faces.startswith("french"):
        return faces
    size = _cards.n_cards(faces)
    return next(f for f in _cards.FACES if f.startswith("french") and _cards.n_cards(f) == size)


def in_faces(value: Any, faces: str) -> Any:
    """``value`` (a part, a row, a :class:`Say` and what it holds) with every card, suit and rank shown with
    ``faces`` instead of the game's own: the same card ids, other faces (``--french``)."""
    if isinstance(value, (CardRef, CardsRef, SuitRef, RankRef)):
        return replace(value, faces=faces)
    if isinstance(value, Row):
        return replace(value, parts=tuple(in_faces(p, faces) for p in value.parts))
    if isinstance(value, Say):
        return Say(value.key, count=value.count, **{k: in_faces(v, faces) for k, v in value.values.items()})
    return value


def _value(value: Any) -> Any:
    """A value as a row writes it: cards short, rows joined, nested messages said."""
    if isinstance(value, Say):
        return say(value)
    if isinstance(value, Row):
        return row_text(value)
    if isinstance(value, CardRef):
        return _cards.card_short(value.faces, value.card)
    if isinstance(value, CardsRef):
        return _cards.cards_short(value.faces, value.cards)
    return value


def _inner(value: Any) -> Any:
    """A value inside a message: rows joined and nested messages said here; cards, suits and seats are
    left to the text layer, which writes them in the form the message asks for (``{card:short}``)."""
    if isinstance(value, (Say, Row)):
        return _value(value)
    return value


def say(s: Say | str) -> str:
    """A :class:`Say` in the current language (a plain string is returned as it is).

    Values may be typed references (cards, suits, seats, sides), other :class:`Say` values, or a
    :class:`~tapete.core.shown.Row` of parts joined by its separator; ``card.named`` is a card in words.
    """
    if isinstance(s, str):
        return s
    if s.key == "card.named":
        card = s.values["card"]
        return _cards.card_name(card.faces, card.card)
    values = {k: _inner(v) for k, v in s.values.items()}
    return _say(Say(s.key, count=s.count, **values))


def part(p: Part | Row) -> str:
    """One part of a row in words."""
    value = _value(p)
    if isinstance(value, str):
        return value
    return str(as_value(value))


def row_text(row: Row) -> str:
    """The parts of a row in words, joined by its separator."""
    return row.sep.join(t for t in (part(p) for p in row.parts) if t)


def line(row: Row) -> str:
    """One row as a line: labelled, continuing the row above, indented under a heading, or on its own."""
    text = row_text(row)
    if row.kind == "more":
        return " " * LABEL_WIDTH + text
    if row.kind in ("hand", "line"):
        return "  " + text
    if row.kind == "text":
        return text
    label = msg(row.label) if row.label else ""
    return f"{label:<{LABEL_WIDTH}}{text}".rstrip()


def lines(rows: Iterable[Row]) -> list[str]:
    return [line(r) for r in rows]


def rules_text(rules: RulesBase) -> str:
    """The preset, and the options changed from it."""
    changed = rules.options_changed()
    if not changed:
        return msg("show.rules.preset", preset=rules.preset_name)
    changes = ", ".join(f"{k}={v}" for k, v in changed.items())
    return msg("show.rules.changed", preset=rules.preset_name, changes=changes)


__all__ = ["LABEL_WIDTH", "french_faces", "in_faces", "line", "lines", "part", "row_text", "rules_text", "say"]
