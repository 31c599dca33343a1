"""What the position notations of both games share: the rules token, the fields, their readers.

A position string is ``RULES DEALER PHASE KEY=VALUE ...`` in every game (see
:mod:`tapete.guinote.notation` and :mod:`tapete.belote.notation` for each
game's keys). This module holds the parts that do not depend on the game:

* the rules token, a preset name plus the options changed from it
  (:func:`rules_token` / :func:`read_rules`), for any :class:`~tapete.core.rules.RulesBase`;
* :class:`PositionFields`, one game's field names and card spelling, with
  readers (seats, numbers, card lists, ``/``-separated parts) whose errors are
  :class:`~tapete.core.errors.NotationError` naming the field, and the splitting of a
  string into its head tokens and ``KEY=VALUE`` fields;
* :class:`CardLedger`, which checks that each card of the deck is in exactly
  one place.

>>> from tapete.belote.rules import BeloteRules
>>> rules_token(BeloteRules.preset("coinche").replace(target=1000, coinche=False))
'coinche{coinche=false,target=1000}'
>>> read_rules(BeloteRules, "classique{target=501}", lambda m: ValueError(m)).target
501
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Final, Protocol, TypeVar

from tapete.core.cards.deck import cards_of
from tapete.core.errors import CardParseError, NotationError, RulesError
from tapete.core.rules import RulesBase

R = TypeVar("R", bound=RulesBase)

_NUMBER_RE: Final = re.compile(r"[0-9]{1,6}")
_PRESET_RE: Final = re.compile(r"([A-Za-z0-9_-]+)(?:\{(.*)\})?")


# ====================================================================== the rules token
def option_text(value: object) -> str:
    """An option value as written in a rules token: ``true``/``false`` for booleans."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def rules_token(rules: RulesBase) -> str:
    """The rules as a preset name plus changed options, e.g. ``clasico{capote=none,target=101}``."""
    changed = rules.options_changed()
    if not changed:
        return rules.preset_name
    return rules.preset_name + "{" + ",".join(f"{k}={option_text(v)}" for k, v in changed.items()) + "}"


def preset_of_token(text: str) -> str | None:
    """The preset name a rules token starts with, or None if the token is not ``NAME`` or ``NAME{...}``."""
    m = _PRESET_RE.fullmatch(text)
    return m.group(1) if m is not None else None


def read_rules(cls: type[R], text: str, bad: Callable[[str], Exception]) -> R:
    """Read a rules token of the game whose rules class is ``cls``; errors are ``bad(message)``."""
    m = _PRESET_RE.fullmatch(text)
    if m is None:
        raise bad(
            f"cannot read {text!r}: expected a preset name ({', '.join(cls.PRESETS)}), "
            "optionally followed by {KEY=VALUE,...}"
        )
    name, body = m.group(1), m.group(2)
    try:
        rules = cls.preset(name)
        if body is None:
            return rules
        options: dict[str, str] = {}
        for item in body.split(","):
            key, eq, value = item.partition("=")
            if not eq or not key or not value:
                raise bad(f"bad option {item!r} in {text!r}: expected KEY=VALUE, e.g. target=101")
            if key in options:
                raise bad(f"option {key!r} is given twice in {text!r}: expected each option once")
            options[key] = value
        return rules.with_option_strings(options)
    except RulesError as e:
        raise bad(str(e)) from None


# ====================================================================== fields
#: The head of every position string (rules, dealer, phase), for messages; each game adds its keys.
HEAD_FIELDS: Final[dict[str, str]] = {"rules": "rules", "dealer": "dealer", "phase": "phase and seat to act"}


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number of at most six digits (no sign)."""
    return _NUMBER_RE.fullmatch(text) is not None


class PositionFields:
    """One game's position fields: what they are called, how cards are spelled, and readers that name them.

    ``descriptions`` maps every field (the head ``rules``, ``dealer``, ``phase``
    and each key) to a short description used in messages; ``keys`` lists the
    ``KEY=VALUE`` fields in the order they are written.
    """

    def __init__(
        self,
        descriptions: dict[str, str],
        keys: tuple[str, ...],
        card_pattern: str,
        card_hint: str,
        card_str: Callable[[int], str],
        parse_card: Callable[[str], int],
        usage: str,
    ) -> None:
        self.descriptions = descriptions
        self.keys = keys
        self._card_re = re.compile(card_pattern)
        self.card_hint = card_hint
        self.card_str = card_str
        self._parse_card = parse_card
        self.usage = usage

    # ------------------------------------------------------------ errors
    def bad(self, key: str, message: str) -> NotationError:
        """The error for field ``key``: ``bad position, field KEY (description): message``."""
        return NotationError(f"bad position, field {key} ({self.descriptions[key]}): {message}")

    # ------------------------------------------------------------ writing
    def cards(self, cards: Iterable[int]) -> str:
        """Cards written together, or ``-`` for none."""
        return "".join(self.card_str(c) for c in cards) or "-"

    def mask(self, mask: int) -> str:
        """The cards of a mask in id order, written together (``-`` for none)."""
        return self.cards(cards_of(mask))

    # ------------------------------------------------------------ the string
    def split(self, text: str) -> tuple[list[str], dict[str, str]]:
        """The three head tokens (rules, dealer, phase) and the ``KEY=VALUE`` fields, checked for form only."""
        tokens = text.split()
        if len(tokens) < 3:
            raise NotationError(f"bad position {text!r}: expected {self.usage}")
        fields: dict[str, str] = {}
        for tok in tokens[3:]:
            key, eq, value = tok.partition("=")
            if not eq:
                raise NotationError(
                    f"bad position: {tok!r} is not a field: expected KEY=VALUE with KEY one of {', '.join(self.keys)}"
                )
            if key not in self.keys:
                raise NotationError(f"bad position: unknown field {key!r}: expected one of {', '.join(self.keys)}")
            if key in fields:
                raise self.bad(key, "given twice: expected each field once")
            fields[key] = value
        return tokens[:3], fields

    # ------------------------------------------------------------ readers
    def seat(self, key: str, text: str, n: int, what: str = "seat") -> int:
        if not is_number(text) or not 0 <= int(text) < n:
            raise self.bad(key, f"bad {what} {text!r}: expected a number 0..{n - 1}")
        return int(text)

    def team(self, key: str, text: str) -> int:
        return self.seat(key, text, 2, "team")

    def dealer(self, tok: str, n: int) -> int:
        """The dealer token ``d<seat>``."""
        if not tok.startswith("d"):
            raise self.bad("dealer", f"expected d<seat> such as d0 as the second item, got {tok!r}")
        return self.seat("dealer", tok[1:], n)

    def parts(self, key: str, text: str, count: int, what: str) -> list[str]:
        """``text`` split at ``/`` into exactly ``count`` parts."""
        parts = text.split("/")
        if len(parts) != count:
            raise self.bad(key, f"expected {count} {what} separated by '/', got {len(parts)} in {text!r}")
        return parts

    def card_list(self, key: str, text: str, where: str = "") -> list[int]:
        """Cards written together (commas allowed), or ``-`` for none."""
        if text == "-":
            return []
        where = f" ({where})" if where else ""
        s = text.replace(",", "")
        if not s:
            raise self.bad(key, f"empty card list{where}: expected {self.card_hint}")
        out: list[int] = []
        pos = 0
        while pos < len(s):
            m = self._card_re.match(s, pos)
            if m is None:
                raise self.bad(key, f"cannot read a card at {s[pos:]!r}{where}: expected {self.card_hint}")
            try:
                out.append(self._parse_card(m.group(0)))
            except CardParseError as e:  # pragma: no cover - the pattern only lets cards through
                raise self.bad(key, str(e)) from None
            pos = m.end()
        return out

    def trick(self, text: str, n: int, example: str) -> tuple[int, list[int]]:
        """The ``t`` field: ``-`` (no trick: leader -1) or ``LEADER:CARDS`` with 1..n-1 cards."""
        if text == "-":
            return -1, []
        lead_text, colon, trick_text = text.partition(":")
        if not colon:
            raise self.bad("t", f"expected '-' or LEADER:CARDS such as {example}, got {text!r}")
        leader = self.seat("t", lead_text, n, "leader")
        trick = self.card_list("t", trick_text)
        if not trick:
            raise self.bad("t", "a trick in progress needs at least one card: write t=- for none")
        if len(trick) >= n:
            raise self.bad("t", f"{len(trick)} cards in the trick: a trick in progress has 1..{n - 1}")
        return leader, trick

    def last_winner(self, fields: dict[str, str], played: int, won: list[int], n: int, units: int = 2) -> int:
        """The ``w`` field: the seat that won the last trick, there iff a trick is taken (else -1).

        ``won`` counts the tricks of each scoring unit; seat ``s`` scores for unit ``s % units``
        (its team when ``units`` is 2 at four seats, the seat itself when each seat is a unit).
        """
        if "w" not in fields:
            if played > 0:
                raise self.bad("w", f"missing: {played} trick(s) are taken, so the winner of the last one is needed")
            return -1
        if played == 0:
            raise self.bad("w", "no trick has been taken yet (k is empty): leave w out")
        winner = self.seat("w", fields["w"], n)
        if won[winner % units] == 0:
            whose = "its team has" if units < n else "it has"
            raise self.bad("w", f"seat {winner} won the last trick, but {whose} taken no cards (k)")
        return winner

    def hand_sizes(
        self, hands: list[list[int]], base: int, in_trick: Iterable[int], when: str, short: str, key: str = "h"
    ) -> None:
        """Each hand holds ``base`` cards, one fewer for the seats with a card in the trick in progress
        (errors name field ``key``)."""
        playing = set(in_trick)
        for seat, h in enumerate(hands):
            want = base - (1 if seat in playing else 0)
            if len(h) != want:
                extra = " and a card in the trick in progress" if seat in playing else ""
                raise self.bad(key, f"seat {seat} holds {len(h)} cards, expected {want} {when}{extra}{short}")

    def one_card(self, key: str, text: str, what: str) -> int:
        """Exactly one card."""
        cards = self.card_list(key, text)
        if len(cards) != 1:
            raise self.bad(key, f"expected one card ({what}), got {text!r}")
        return cards[0]

    def ledger(self, n_cards: int, pack: Sequence[int] | None = None, pack_name: str = "") -> CardLedger:
        return CardLedger(self, n_cards, pack, pack_name)


class CardLedger:
    """Where each card of a position is: every card of the deck must be in exactly one place.

    The deck is the ids ``0 .. n_cards - 1``, or ``pack`` when given (a smaller pack, described
    as ``pack_name`` in messages); a card outside it is refused.
    """

    def __init__(
        self, fields: PositionFields, n_cards: int, pack: Sequence[int] | None = None, pack_name: str = ""
    ) -> None:
        self._fields = fields
        self.pack: list[int] = list(range(n_cards)) if pack is None else list(pack)
        self._in_pack = set(self.pack)
        self.n_cards = len(self.pack)
        self.pack_name = pack_name or f"the {self.n_cards}-card pack"
        self.seen: dict[int, str] = {}

    def add(self, key: str, cards: Iterable[int], where: str) -> None:
        for c in cards:
            if c not in self._in_pack:
                raise self._fields.bad(
                    key, f"card {self._fields.card_str(c)} ({where}) is not in the pack: {self.pack_name}"
                )
            if c in self.seen:
                raise self._fields.bad(
                    key,
                    f"card {self._fields.card_str(c)} appears twice ({self.seen[c]} and {where}): "
                    f"each of the {self.n_cards} cards must be in exactly one place",
                )
            self.seen[c] = where

    def missing(self) -> list[int]:
        return [c for c in self.pack if c not in self.seen]

    def short(self) -> str:
        """``'; cards found nowhere: ...'`` when some card is in no place yet, else ``''``."""
        missing = self.missing()
        return f"; cards found nowhere: {self._fields.cards(missing)}" if missing else ""


class TrickState(Protocol):
    """What :func:`replay_trick` uses of a game's deal state."""

    hands: list[int]
    cur: int
    leader: int

    def _card_mask(self, seat: int) -> int: ...

    def why_illegal(self, action: int) -> str: ...

    def apply_action(self, action: int) -> None: ...


def replay_trick(fields: PositionFields, state: TrickState, leader: int, trick: list[int], n: int) -> None:
    """Play the trick in progress from the hands before it, each card checked legal (errors name ``t``).

    ``state`` holds the hands after the trick and is set to play; this gives it the trick, its best
    card and the seat to play as the engine keeps them.
    """
    for j, c in enumerate(trick):
        state.hands[(leader + j) % n] |= 1 << c
    state.cur = state.leader = leader
    for c in trick:
        seat = state.cur
        if not (state._card_mask(seat) >> c) & 1:
            raise fields.bad("t", f"seat {seat} could not have played {fields.card_str(c)}: {state.why_illegal(c)}")
        state.apply_action(c)


def tricks_by_team(fields: PositionFields, taken: list[list[int]], n: int, short: str, unit: str = "team") -> list[int]:
    """Tricks won by each team (or other scoring ``unit``), from the cards it took (``n`` cards a trick)."""
    for team, k in enumerate(taken):
        if len(k) % n:
            raise fields.bad(
                "k",
                f"{unit} {team} has {len(k)} cards: each trick adds {n} cards to one {unit}, "
                f"so expected a multiple of {n}{short}",
            )
    return [len(k) // n for k in taken]


def read_history(
    fields: PositionFields,
    text: str,
    played: int,
    n: int,
    first_leader: int,
    winner_of: Callable[[list[int], int], int],
    taken: list[list[int]],
    last_winner: int,
    units: int = 2,
    unit: str = "team",
) -> list[tuple[int, int, tuple[int, ...]]]:
    """The ``hist`` field: completed tricks in order, checked against the cards taken (``k``) and ``w``.

    ``winner_of(cards, leader)`` is the seat that wins a trick of these cards led by ``leader``;
    seat ``s`` takes the cards for the scoring unit ``s % units``, called ``unit`` in messages.
    """
    if played == 0:
        raise fields.bad("hist", "no trick has been taken yet (k is empty): leave hist out")
    parts = text.split("/")
    if len(parts) != played:
        raise fields.bad("hist", f"{len(parts)} tricks, expected {played} (the tricks taken in k)")
    lead = first_leader
    by_team = [0] * units
    tricks: list[tuple[int, int, tuple[int, ...]]] = []
    for j, p in enumerate(parts):
        cards = fields.card_list("hist", p, f"trick {j + 1}")
        if len(cards) != n:
            raise fields.bad("hist", f"trick {j + 1} has {len(cards)} cards, expected {n}")
        win = winner_of(cards, lead)
        u = win % units
        for c in cards:
            if c not in taken[u]:
                raise fields.bad(
                    "hist",
                    f"trick {j + 1} ({fields.cards(cards)}, led by seat {lead}) is won by seat "
                    f"{win}, but {fields.card_str(c)} is not among {unit} {u}'s cards (k)",
                )
            if by_team[u] >> c & 1:
                raise fields.bad("hist", f"card {fields.card_str(c)} appears in two tricks")
            by_team[u] |= 1 << c
        tricks.append((lead, win, tuple(cards)))
        lead = win
    if lead != last_winner:
        raise fields.bad("hist", f"the last trick is won by seat {lead}, but w={last_winner}")
    return tricks
