"""A replay position as text: where we are, the action that led here, the table in one view.

Shared by ``tapete replay --print`` and the Textual app, so both say the
same thing. A *view* is ``ALL`` (every hand: the full state, laid out as
``tapete show`` does) or a seat number (only that seat's observation, see
:mod:`tapete.replay.seat_view`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from tapete.belote.observation import observe as belote_observe
from tapete.belote.state import BeloteState
from tapete.cli import render, render_belote
from tapete.cli.messages import msg
from tapete.cli.text import seat_text
from tapete.guinote.observation import observe as guinote_observe
from tapete.replay.cursor import ReplayCursor, Spot
from tapete.replay.seat_view import show_seat_view, side_text

#: The view that shows every hand.
ALL: Final = -1


def views(players: int) -> list[int]:
    """The views in the order ``v`` cycles them: every hand, then each seat."""
    return [ALL, *range(players)]


def view_text(view: int) -> str:
    return msg("replay.view.all") if view == ALL else msg("replay.view.seat", seat=seat_text(view))


def counter_text(cursor: ReplayCursor, spot: Spot) -> str:
    """``deal 2 of 5, action 13 of 40``: the counters the header shows."""
    return msg(
        "replay.counter",
        deal=spot.deal + 1,
        deals=cursor.deals,
        step=spot.step,
        steps=cursor.deal_length(spot.deal),
    )


def action_text(cursor: ReplayCursor, spot: Spot, view: int, french: bool = False) -> str:
    """What led here: the deal dealt, or who did what. Described in words only in the all-hands
    view: a description can name cards (a Belote declaration) that a seat has not seen yet."""
    if spot.before is None:
        return msg("replay.action.dealt", seat=seat_text(spot.state.dealer))
    name = cursor.game.action_str(cursor.rules, spot.action, french)
    if view != ALL:
        return msg("replay.action", seat=seat_text(spot.actor), action=name)
    before = spot.before
    if isinstance(before, BeloteState):
        described = render_belote.describe_action(before, spot.action, french)
    else:
        described = render.describe_action(before, spot.action, french)
    return msg("replay.action.described", seat=seat_text(spot.actor), action=name, description=described)


def result_lines(cursor: ReplayCursor, spot: Spot) -> list[str]:
    """The deal's result and what it did to the match, once the deal is over (all public)."""
    n = cursor.players
    record = cursor.deal_record(spot.deal)
    last = cursor.is_last_deal(spot.deal)
    if not spot.state.is_terminal() or record.result is None:
        if last and spot.step == cursor.deal_length(spot.deal) and not cursor.match.is_terminal():
            return [msg("replay.unfinished")]
        return []
    result = record.result
    settlement = record.settlement
    points = result.totals if cursor.game.name == "guinote" else result.scores
    lines = []
    if cursor.game.name == "belote" and result.redeal:
        lines.append(msg("replay.result.redeal"))
    else:
        said = ", ".join(msg("replay.side_points", side=side_text(n, u), points=p) for u, p in enumerate(points))
        lines.append(msg("replay.result.points", points=said))
    if settlement is not None:
        after = " - ".join(str(x) for x in settlement.scores_after)
        lines.append(msg("replay.result.scores", scores=after))
        if cursor.game.name == "guinote":
            if settlement.replay:
                lines.append(msg("replay.result.tie_replay"))
            elif settlement.partida_winner >= 0:
                lines.append(msg("replay.result.partida", side=side_text(n, settlement.partida_winner)))
    if last and cursor.match.winner >= 0:
        lines.append(msg("replay.result.match", side=side_text(n, cursor.match.winner)))
    elif last:
        lines.append(msg("replay.unfinished"))
    return lines


def body_text(cursor: ReplayCursor, spot: Spot, view: int, french: bool = False) -> str:
    """The table in the chosen view."""
    if view == ALL:
        return render.show_position(spot.state, french=french)
    state = spot.state
    obs = belote_observe(state, view) if isinstance(state, BeloteState) else guinote_observe(state, view)
    return show_seat_view(obs, french)


def position_text(cursor: ReplayCursor, spot: Spot, view: int, french: bool = False) -> str:
    """One position whole: counters and view, the action, the table, the result."""
    lines = [
        msg("replay.heading", counter=counter_text(cursor, spot), view=view_text(view)),
        action_text(cursor, spot, view, french),
        "",
        body_text(cursor, spot, view, french),
    ]
    result = result_lines(cursor, spot)
    if result:
        lines.append("")
        lines.extend(result)
    return "\n".join(lines)


def replay_text(cursor: ReplayCursor, view: int, deal: int | None = None, french: bool = False) -> Iterator[str]:
    """Every position of the match (or of one deal, from 0) as text, one block each."""
    spots = cursor.spots if deal is None else cursor.deal_spots(deal)
    for spot in spots:
        yield position_text(cursor, spot, view, french)
