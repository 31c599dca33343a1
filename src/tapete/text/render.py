"""Render what games say (:class:`tapete.core.words.Say`) in the language in force.

Refs become labels that carry their grammar (see :mod:`tapete.text.grammar`): a seat is
"el jugador 2" or the person's name, and the template picks "del jugador 2" / "de Ana" with
``{seat:de}``; cards are named in their own deck's words (:mod:`tapete.text.cards`).

>>> from tapete.core.words import CardRef, Say, SeatRef
>>> from tapete.text.language import use_language
>>> s = Say("show.trick.play", card=CardRef("spanish", 18), seat=SeatRef(2))
>>> say(s), say(s, names={2: "Ana"})
('Cc (seat 2)', 'Cc (Ana)')
>>> with use_language("fr"):
...     f"{seat_label(2):de} / {seat_label(0, ['Ana']):de} / {seat_label(2):a}"
"du joueur 2 / d'Ana / au joueur 2"

A sentence starts with a capital, unless it starts with a person's name, written as its owner wrote it:

>>> with use_language("es"):
...     [say(Say("event.pass", seat=SeatRef(0)), names, sentence=True) for names in (None, ["x"])]
['El jugador 0 pasó', 'x pasó']
"""

from __future__ import annotations

import string
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from tapete.core.words import CardRef, CardsRef, RankRef, Say, SeatRef, SideRef, SuitRef
from tapete.text import cards
from tapete.text.grammar import Label, Noun, capitalise, name_label, phrase
from tapete.text.language import current_language
from tapete.text.messages import fill, msg, set_value_renderer, template

#: Seat -> a person's name: a mapping, or a sequence indexed by seat; a missing or empty name keeps "seat N".
Names = Mapping[int, str] | Sequence[str]

_NAMES: ContextVar[Names | None] = ContextVar("tapete_text_names", default=None)
#: The number told for seat 0 and team 0: 0 in the terminal, 1 for people at a server table.
_FIRST: ContextVar[int] = ContextVar("tapete_text_first", default=0)
#: The seat of whoever reads (a server table's player): their team is "you and <partner>".
_VIEWER: ContextVar[int | None] = ContextVar("tapete_text_viewer", default=None)

#: The gender of the words for a seat and a team in each language (the words come from the catalog).
_SEAT_GENDER = {"es": "m", "fr": "m"}
_TEAM_GENDER = {"es": "f", "fr": "f"}


@contextmanager
def counting_from(first: int) -> Iterator[None]:
    """Number seats and teams from ``first`` inside the block: 1 for people ("seat 1" .. "seat 4")."""
    token = _FIRST.set(first)
    try:
        yield
    finally:
        _FIRST.reset(token)


@contextmanager
def use_names(names: Names | None, first: int | None = None, viewer: int | None = None) -> Iterator[None]:
    """Tell seats by these names inside the block (a server table's players); None: "seat N".

    ``first`` is the number told for seat 0 (None: as it is; 1 for people); ``viewer`` is the
    reader's seat, whose team is told "you and <partner>". Teams whose seats all have names are
    told by them ("Ana and Bot 3").
    """
    tokens = (_NAMES.set(names), _FIRST.set(_FIRST.get() if first is None else first), _VIEWER.set(viewer))
    try:
        yield
    finally:
        _NAMES.reset(tokens[0])
        _FIRST.reset(tokens[1])
        _VIEWER.reset(tokens[2])


def _name(names: Names | None, seat: int) -> str:
    if names is None:
        names = _NAMES.get()
    if names is None:
        return ""
    if isinstance(names, Mapping):
        return str(names.get(seat, "") or "")
    return names[seat] if 0 <= seat < len(names) and names[seat] else ""


def _numbered(lang: str, text: str, gender: str) -> Label:
    """A numbered common noun ("jugador 2") with its articles ("el jugador 2"); English takes none."""
    head = text.split(" ", 1)[0]
    return phrase(lang, Noun(head, head, gender), text, articled=lang != "en")


def seat_label(seat: int, names: Names | None = None) -> Label:
    """A seat: the person's name if known, else "seat 2" / "el jugador 2" / "le joueur 2"."""
    lang = current_language()
    name = _name(names, seat)
    if name:
        return name_label(lang, name)
    return _numbered(lang, msg("seat", seat=seat + _FIRST.get()), _SEAT_GENDER.get(lang, "m"))


def side_label(players: int, side: int, names: Names | None = None) -> Label:
    """A scoring side: "team 1" / "la pareja 1" / "l'équipe 1" at four players, else the seat.

    The form ``seats`` adds a team's seats: "team 1 (seats 1, 3)" (a seat's is its subject form).
    """
    if players != 4:
        label = seat_label(side, names)
        label.forms["seats"] = label.forms[""]
        return label
    lang = current_language()
    first = _FIRST.get()
    numbers = f"{side + first}, {side + 2 + first}"
    people = _team_of_people(lang, side, names)
    if people is not None:
        people.forms["seats"] = people.forms[""]
        return people
    label = _numbered(lang, msg("team", team=side + first), _TEAM_GENDER.get(lang, "m"))
    label.forms["seats"] = msg("team.seats", team=side + first, seats=numbers)
    return label


def _team_of_people(lang: str, side: int, names: Names | None) -> Label | None:
    """A team at four told by who sits in it: "you and Ana" for the reader's, else "Ana and Bot 3"."""
    a, b = _name(names, side), _name(names, side + 2)
    if not (a and b):
        return None
    viewer = _VIEWER.get()
    if viewer in (side, side + 2):
        partner = b if viewer == side else a
        return Label({form: msg(f"team.you{'.' + form if form else ''}", partner=partner) for form in ("", "de", "a")})
    label = name_label(lang, msg("team.people", a=a, b=b))
    return label


def as_value(value: object, names: Names | None = None) -> object:
    """A value ready for ``str.format``: refs become labels, a Say its text; anything else as is."""
    if isinstance(value, SeatRef):
        return seat_label(value.seat, names)
    if isinstance(value, CardRef):
        return cards.card_label(value.faces, value.card)
    if isinstance(value, CardsRef):
        return cards.cards_label(value.faces, value.cards)
    if isinstance(value, SuitRef):
        return cards.suit_label(value.faces, value.suit)
    if isinstance(value, RankRef):
        return cards.rank_label(value.faces, value.rank)
    if isinstance(value, SideRef):
        return side_label(value.players, value.side, names)
    if isinstance(value, Say):
        return _said(value, names)
    return value


class Said(str):
    """A nested message's text, that remembers whether it starts with a person's name (see :func:`say`)."""

    proper_start: bool = False


def _starts_with_name(text: str, values: Mapping[str, object]) -> bool:
    """Whether ``text`` (a template) starts with a field holding a person's name, or a message starting so."""
    try:
        literal, field, _spec, _conversion = next(iter(string.Formatter().parse(text)))
    except (StopIteration, ValueError):
        return False
    if literal or not field:
        return False
    value = values.get(field.split(".", 1)[0].split("[", 1)[0])
    return (isinstance(value, Label) and value.proper) or (isinstance(value, Said) and value.proper_start)


def _said(s: Say, names: Names | None) -> Said:
    values: dict[str, object] = {k: as_value(v, names) for k, v in s.values.items()}
    if s.count is not None:
        values["count"] = s.count
    text = template(s.key, s.count)
    out = Said(fill(text, values))
    out.proper_start = _starts_with_name(text, values)
    return out


def say(s: Say, names: Names | None = None, sentence: bool = False) -> str:
    """The text of ``s`` in the language in force; ``names`` tell seats by people's names.

    ``sentence=True`` (a line of narration, an explanation, an error) capitalises the first
    letter: "El jugador 2 juega el caballo de copas"; fragments (a table row, a button) stay as
    written: "el jugador 2 sale". A sentence that starts with a person's name keeps the name as
    its owner wrote it ("x juega", not "X juega").
    """
    said = _said(s, names)
    if sentence and not said.proper_start:
        return capitalise(said)
    return str(said)


def sentence(text: str) -> str:
    """``text`` as a sentence: its first letter capitalised (for a text that does not start with a
    person's name; a :class:`~tapete.core.words.Say` is better said with ``say(s, sentence=True)``)."""
    if isinstance(text, Said) and text.proper_start:
        return str(text)
    return capitalise(text)


set_value_renderer(as_value)

__all__ = ["Names", "as_value", "counting_from", "say", "seat_label", "sentence", "side_label", "use_names"]
