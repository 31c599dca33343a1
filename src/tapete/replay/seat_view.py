"""One seat's view of a deal, drawn from its observation and nothing else.

``tapete show`` lays out a full state; a replay seen from a seat must show
only what that seat could see at that moment, so this module reads the
seat's observation (``game.observe_deal``, the engine's one door for hidden
cards) and never a state: the seat's own hand, the other hands as card
counts plus the cards publicly known in them, the table, the trick, what
was announced, the points and the match as the game's own panel tells them
(:meth:`~tapete.core.game.Game.info_rows`). The rows are data
(:class:`~tapete.core.shown.Row`); :mod:`tapete.text.rows` puts them into words.

>>> from tapete.games import GAMES
>>> from tapete.text.rows import lines
>>> for game in GAMES.values():
...     match = game.new_match(game.rules(), seed=2)
...     obs = game.observe(match, 1)
...     text = "\\n".join(lines(seat_rows(game, obs, match)))
...     assert text.startswith("view        what seat 1 sees") and "(this view)" in text, text
...     assert all(text.count(word) == 1 for word in ("dealer", "phase", "turn", "hands")), text
"""

from __future__ import annotations

from typing import Any

from tapete.core.game import Game, Match
from tapete.core.shown import Part, Row, cards_row, more, seat_cards, who
from tapete.core.words import CardRef, Say, SeatRef
from tapete.text.rows import in_faces, rules_text


def _mask_cards(game: Game, obs: Any, mask: int) -> list[int]:
    """The cards of a bitmask in the order a hand is shown."""
    return game.hand_order(obs, [c for c in range(mask.bit_length()) if mask >> c & 1])


def hand_rows(game: Game, obs: Any, faces: str) -> list[Row]:
    """Every seat's line: its own hand; for the others, how many of their cards are hidden and the ones
    publicly known (a card taken from the table, a hand laid face up)."""
    players = len(obs.hand_sizes)
    rows = []
    for seat in range(players):
        held: Part
        shown: list[int] = []
        if seat == obs.seat:
            held = seat_cards(faces, game.hand_order(obs, obs.hand))
        else:
            known = _mask_cards(game, obs, obs.known[seat])
            hidden = obs.hand_sizes[seat] - len(known)
            if hidden > 0:
                held, shown = Say("replay.hand.count", count=hidden), known
            else:
                held = seat_cards(faces, known)
        parts: list[Part] = [Say("show.hand.line", who=who(seat, players), cards=held)]
        if shown:
            parts.append(Say("show.hand.shown", cards=cards_row(faces, shown)))
        if seat == obs.seat:
            parts.append(Say("replay.hand.you"))
        if seat == obs.current_player:
            parts.append(Say("show.hand.to_act"))
        rows.append(Row(None, tuple(parts), "hand", "   "))
    return rows


def trick_rows(game: Game, obs: Any, faces: str) -> list[Row]:
    """The trick in progress with its best card so far, then the last trick taken (all public)."""
    rows = []
    if obs.trick:
        plays = tuple(Say("show.trick.play", card=CardRef(faces, c), seat=SeatRef(s)) for s, c in obs.trick)
        best_seat, best = game.trick_best(obs, obs.trick)
        said = Say(
            "show.trick.cards", plays=Row(None, plays, sep=", "), best=CardRef(faces, best), seat=SeatRef(best_seat)
        )
        rows.append(Row("show.trick", (said,)))
    else:
        rows.append(Row("show.trick", (Say("show.trick.none"),)))
    if obs.tricks:
        _, winner, cards = obs.tricks[-1]
        said = Say("show.last_trick.cards", cards=cards_row(faces, cards), seat=SeatRef(winner))
        rows.append(Row("show.last_trick", (said,)))
        rows.append(more(Say("replay.tricks_played", count=len(obs.tricks))))
    return rows


def seat_rows(game: Game, obs: Any, match: Match, faces: str | None = None) -> list[Row]:
    """The rows of what ``obs.seat`` sees, in the order of ``tapete show``.

    ``match`` is the match as it stood during the deal (for the match's score); ``faces`` shows the
    cards with other faces than the game's (``--french``).
    """
    rules = obs.rules
    shown = faces or game.faces(rules)
    public = [in_faces(row, shown) for row in game.info_rows(obs, match)]
    rows = [
        Row("replay.view", (Say("replay.view.seat", seat=SeatRef(obs.seat)),)),
        Row("show.rules", (rules_text(rules),)),
        Row("show.dealer", (SeatRef(obs.dealer),)),
        *public,
        Row("show.phase", (Say(f"phase.{obs.phase}"),)),
        Row("show.turn", (game.turn_label(obs),)),
        Row("show.hands"),
        *hand_rows(game, obs, shown),
        *trick_rows(game, obs, shown),
    ]
    said = [in_faces(s, shown) for s in game.announcements(obs)]
    rows.append(Row("show.declarations", tuple(said) if said else (Say("none"),)))
    return rows


__all__ = ["hand_rows", "seat_rows", "trick_rows"]
