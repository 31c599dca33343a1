"""The match part of game records that both games share: reading the header, the decks, replaying.

A match record (see :mod:`tapete.core.record_file` for the envelope) holds the rules,
the seed, the first dealer and, per deal, its dealer, its deck and its
actions as strings (plus the deal's points once it is over). Each game
writes its own body; reading one back is the same steps in both games:
:func:`read_header` checks the rules, seed, first dealer and deals list,
:func:`read_decks` each deal's deck, and :func:`replay` applies every action
to a fresh match built from them, refusing a record that does not replay
with the deal and the action named.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from tapete.core.errors import CardParseError, IllegalActionError, RecordError, RulesError
from tapete.core.rules import RulesBase

R = TypeVar("R", bound=RulesBase)


class RecordedDeal(Protocol):
    """What :func:`replay` reads of a match's deal records."""

    @property
    def dealer(self) -> int: ...

    @property
    def result(self) -> object: ...


class ReplayableMatch(Protocol):
    """What :func:`replay` needs of a match."""

    @property
    def deals(self) -> Sequence[RecordedDeal]: ...

    def apply_action(self, action: int) -> None: ...

    def is_terminal(self) -> bool: ...


def deal_entry(dealer: int, deck: str, actions: list[str], points: list[int] | None) -> dict[str, Any]:
    """One deal of a record: its dealer, deck and actions, and its points once it is over."""
    entry: dict[str, Any] = {"dealer": dealer, "deck": deck, "actions": actions}
    if points is not None:
        entry["points"] = points
    return entry


def match_body(
    match: Any,
    action_text: Callable[[int], str],
    cards_text: Callable[[Sequence[int]], str],
    points: Callable[[Any], list[int]],
    **extra: Any,
) -> dict[str, Any]:
    """The body every game's record shares (rules, seed, first dealer, each deal's entry, whether and
    by whom the match is won), plus the game's own ``extra`` fields (its match score)."""
    deals = [
        deal_entry(
            d.dealer,
            cards_text(d.deck),
            [action_text(a) for a in d.actions],
            points(d.result) if d.result is not None else None,
        )
        for d in match.deals
    ]
    return {
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "deals": deals,
        "finished": match.is_terminal(),
        "winner": match.winner,
        **extra,
    }


def read_header(
    data: dict[str, Any], cls: type[R], players: Callable[[R], int]
) -> tuple[R, int | None, int, list[Any]]:
    """The rules, seed, first dealer and deals of a record whose envelope is checked."""
    try:
        rules = cls.from_dict(data.get("rules"))
    except RulesError as e:
        raise RecordError(f"record rules: {e}") from None
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError('record "seed" must be a whole number or null')
    n = players(rules)
    dealer = data.get("first_dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
        raise RecordError(f'record "first_dealer" must be a seat 0..{n - 1}')
    deals = data.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError('record "deals" must be a non-empty list')
    return rules, seed, dealer, deals


def read_decks(
    deals: list[Any], parse_cards: Callable[[str], list[int]], n_cards: int, pack: list[int] | None = None,
    pack_note: str = "",
) -> list[list[int]]:  # fmt: skip
    """Each deal's deck, checked to hold every card of the pack once (by default ids 0..n_cards-1;
    ``pack`` for a smaller one, ``pack_note`` saying which, e.g. "deck=24: no 7s or 8s")."""
    want = list(range(n_cards)) if pack is None else pack
    decks: list[list[int]] = []
    for i, d in enumerate(deals):
        if not isinstance(d, dict) or not isinstance(d.get("deck"), str) or not isinstance(d.get("actions"), list):
            raise RecordError(f'record deal {i + 1}: expected an object with "dealer", "deck" and "actions"')
        try:
            deck = parse_cards(d["deck"])
        except CardParseError as e:
            raise RecordError(f"record deal {i + 1} deck: {e}") from None
        if sorted(deck) != want:
            note = f" ({pack_note})" if pack_note else ""
            raise RecordError(f"record deal {i + 1} deck: expected the {len(want)} cards of the pack{note}, each once")
        decks.append(deck)
    return decks


def replay(
    match: ReplayableMatch,
    data: dict[str, Any],
    deals: list[Any],
    parse_action: Callable[[str], int],
    points: Callable[[Any], list[int]],
) -> None:
    """Apply the recorded actions to ``match``, checking dealers, points and where the record ends.

    ``points(result)`` is what the record stores as a finished deal's ``points``.
    """
    for i, d in enumerate(deals):
        current = match.deals[-1]
        if current.dealer != d.get("dealer"):
            raise RecordError(f"record deal {i + 1}: dealer {d.get('dealer')!r} but the rules make it {current.dealer}")
        for j, text in enumerate(d["actions"]):
            if not isinstance(text, str):
                raise RecordError(f"record deal {i + 1} action {j + 1}: expected an action string")
            try:
                match.apply_action(parse_action(text))
            except IllegalActionError as e:
                raise RecordError(f"record deal {i + 1} action {j + 1} ({text}): {e}") from None
        done = match.deals[i].result
        if i + 1 < len(deals) and match.is_terminal():
            raise RecordError(f"record deal {i + 1}: the match ended here but the record goes on")
        if (i + 1 < len(deals) or "points" in d) and done is None:
            raise RecordError(f"record deal {i + 1}: the deal is not finished but the record goes on")
        if "points" in d and done is not None and points(done) != d["points"]:
            raise RecordError(f"record deal {i + 1}: recorded points {d['points']} do not match the replay")
    if data.get("finished") is True and not match.is_terminal():
        raise RecordError("record says the match is finished but its replay is not")
