"""A replay position as text: where we are, the action that led here, the table in one view.

Shared by ``tapete replay --print`` and the Textual app, so both say the
same thing. A *view* is ``ALL`` (every hand: the full state, in the game's
rows of ``tapete show``) or a seat number (only that seat's observation, see
:mod:`tapete.replay.seat_view`). Everything comes from the game's methods
(:class:`~tapete.core.game.Game`) as rows and :class:`~tapete.core.words.Say`
values; :mod:`tapete.text.rows` puts them into words.

``french`` shows the cards with French faces (``--french``): the same cards, other words.

A seat's view shows what that seat saw at the table: another seat's declined optional decision is
neither a position nor counted (:meth:`ReplayCursor.hidden`), and a decision another seat still
holds shows as declined (:func:`tapete.table.silent.settle`).
"""

from __future__ import annotations

from collections.abc import Iterator

from tapete.core.shown import Row
from tapete.core.words import SeatRef
from tapete.replay.costs import card_line, end_lines, trick_line
from tapete.replay.cursor import ALL, ReplayCursor, Spot
from tapete.replay.seat_view import seat_rows
from tapete.table.silent import settle
from tapete.text.messages import msg
from tapete.text.rows import french_faces, in_faces, lines, rules_text, say


def views(players: int) -> list[int]:
    """The views in the order ``v`` cycles them: every hand, then each seat."""
    return [ALL, *range(players)]


def _seat(seat: int) -> SeatRef:
    """A seat as the replay's messages name it: a label whose form the template picks ("del jugador 2")."""
    return SeatRef(seat)


def view_text(view: int) -> str:
    return msg("replay.view.all") if view == ALL else msg("replay.view.seat", seat=_seat(view))


def faces_of(cursor: ReplayCursor, french: bool) -> str:
    """The faces the replay shows the cards with: the game's own, or French ones (``--french``)."""
    faces = cursor.game.faces(cursor.rules)
    return french_faces(faces) if french else faces


def _viewer(view: int) -> int | None:
    """The seat of a view, None for every hand."""
    return None if view == ALL else view


def counter_text(cursor: ReplayCursor, spot: Spot, view: int = ALL) -> str:
    """``deal 2 of 5, action 13 of 40``: the counters the header shows (a seat's view counts the actions it saw)."""
    viewer = _viewer(view)
    return msg(
        "replay.counter",
        deal=spot.deal + 1,
        deals=cursor.deals,
        step=cursor.shown_step(spot, viewer),
        steps=cursor.shown_length(spot.deal, viewer),
    )


def action_text(cursor: ReplayCursor, spot: Spot, view: int, french: bool = False) -> str:
    """What led here: the deal dealt, or who did what, told as the game narrates it from the view's
    observations (the actor's in the all-hands view), so a seat's view names no card it has not seen."""
    if spot.before is None:
        return msg("replay.action.dealt", seat=_seat(spot.state.dealer))
    game = cursor.game
    name = game.action_str(cursor.rules, spot.action, french)
    seat = spot.actor if view == ALL else view
    if view == ALL:
        before, after = game.observe_deal(spot.before, seat), game.observe_deal(spot.state, seat)
    else:
        before = game.observe_deal(settle(game, spot.before, seat), seat)
        after = game.observe_deal(settle(game, spot.state, seat), seat)
    faces = faces_of(cursor, french)
    events = [in_faces(s, faces) for s in game.narrate(before, spot.action, after, spot.actor)]
    described = "; ".join(say(s) for s in events) if events else name
    return msg("replay.action.described", seat=_seat(spot.actor), action=name, description=described)


def result_lines(cursor: ReplayCursor, spot: Spot) -> list[str]:
    """The deal's score and what it did to the match, once the deal is over (all public), as the game says it."""
    record = cursor.deal_record(spot.deal)
    last = cursor.is_last_deal(spot.deal)
    if not spot.state.is_terminal() or record.result is None:
        if last and spot.step == cursor.deal_length(spot.deal) and not cursor.match.is_terminal():
            return [msg("replay.unfinished")]
        return []
    game = cursor.game
    final = game.observe_deal(spot.state, 0)
    out = [say(s) for s in game.deal_breakdown(cursor.rules, record, final)]
    if last and cursor.match.winner >= 0:
        out.append(say(game.match_over(cursor.rules, cursor.match.winner)))
    elif last:
        out.append(msg("replay.unfinished"))
    return out


def all_rows(cursor: ReplayCursor, spot: Spot, faces: str) -> list[Row]:
    """Every hand: the position as ``tapete show`` lays it out (its string, rules and dealer, then the game's rows)."""
    game, state = cursor.game, spot.state
    return [
        Row("show.position", (game.position_string(state),)),
        Row("show.rules", (rules_text(state.rules),)),
        Row("show.dealer", (SeatRef(state.dealer),)),
        *game.show_rows(state, faces),
    ]


def body_text(cursor: ReplayCursor, spot: Spot, view: int, french: bool = False) -> str:
    """The table in the chosen view."""
    faces = faces_of(cursor, french)
    if view == ALL:
        rows = all_rows(cursor, spot, faces)
    else:
        obs = cursor.game.observe_deal(settle(cursor.game, spot.state, view), view)
        rows = seat_rows(cursor.game, obs, cursor.match_before(spot.deal), faces)
    return "\n".join(lines(rows))


def status_lines(cursor: ReplayCursor, spot: Spot, view: int, french: bool = False) -> list[str]:
    """Counters and view, the action that led here and, in the every-hand view of an analysed record,
    what that card cost (:mod:`tapete.replay.costs`)."""
    out = [
        msg("replay.heading", counter=counter_text(cursor, spot, view), view=view_text(view)),
        action_text(cursor, spot, view, french),
    ]
    verdict = card_line(cursor, spot, view, french)
    if verdict:
        out.append(verdict)
    return out


def board_text(cursor: ReplayCursor, spot: Spot, view: int, french: bool = False) -> str:
    """The table, then the trick's costs and the result (with the deal's costs at its end) where there are some."""
    out = [body_text(cursor, spot, view, french)]
    trick = trick_line(cursor, spot, view, french)
    if trick:
        out.append(trick)
    result = result_lines(cursor, spot) + end_lines(cursor, spot, view)
    if result:
        out.append("")
        out.extend(result)
    return "\n".join(out)


def position_text(cursor: ReplayCursor, spot: Spot, view: int, french: bool = False) -> str:
    """One position whole: counters and view, the action, the table, the result."""
    return "\n".join([*status_lines(cursor, spot, view, french), "", board_text(cursor, spot, view, french)])


def replay_text(cursor: ReplayCursor, view: int, deal: int | None = None, french: bool = False) -> Iterator[str]:
    """Every position of the match (or of one deal, from 0) that the view saw, as text, one block each."""
    seen = {id(spot) for spot in cursor.seen(_viewer(view))}
    spots = cursor.spots if deal is None else cursor.deal_spots(deal)
    for spot in spots:
        if id(spot) in seen:
            yield position_text(cursor, spot, view, french)


__all__ = [
    "ALL",
    "action_text",
    "all_rows",
    "board_text",
    "body_text",
    "counter_text",
    "faces_of",
    "position_text",
    "replay_text",
    "result_lines",
    "status_lines",
    "view_text",
    "views",
]
