"""The record's analysis in words: what each card cost (see :mod:`tapete.analysis`), for the replays.

Shared by ``tapete replay --print``, ``--costs`` and the Textual app, so all say the same thing. The
analysis knows every hand, so only the every-hand view shows it; a seat's view shows what that seat
saw at the table and nothing of it. A cost is written ``-12`` (points lost against the best legal
move, every card known), ``0`` for one of the best cards, ``?`` for a card not analysed.
"""

from __future__ import annotations

from collections.abc import Iterator

from tapete.analysis import FORCED, MatchAnalysis, MoveAnalysis
from tapete.core.words import SeatRef
from tapete.replay.cursor import ALL, ReplayCursor, Spot
from tapete.text.messages import msg


def mark(move: MoveAnalysis) -> str:
    """A card's cost in a few characters: ``-12``, ``0``, or ``?`` when not analysed."""
    if move.cost is None:
        return "?"
    return f"-{move.cost}" if move.cost else "0"


def own_mark(move: MoveAnalysis) -> str:
    """The expert's cost from the player's information: ``-3.5``, ``0``, or empty when not judged."""
    if move.own is None:
        return ""
    return f"-{move.own:.1f}" if move.own else "0"


def _name(cursor: ReplayCursor, action: int | None, french: bool) -> str:
    return "" if action is None else cursor.game.action_str(cursor.rules, action, french)


def verdict(cursor: ReplayCursor, move: MoveAnalysis, french: bool = False) -> str:
    """What the card cost, every hand known, then as the expert judged it from the player's information."""
    if move.note == FORCED:
        text = msg("replay.analysis.forced")
    elif move.cost is None:
        text = msg("replay.analysis.not_analysed", why=msg(f"replay.analysis.why.{move.note}"))
    elif move.cost == 0:
        text = msg("replay.analysis.best")
    else:
        text = msg("replay.analysis.cost", count=move.cost, best=_name(cursor, move.best, french))
    if move.own is not None:
        seat = SeatRef(move.seat)
        if move.own == 0:
            own = msg("replay.analysis.own_best", seat=seat)
        else:
            own = msg("replay.analysis.own_cost", cost=f"{move.own:.1f}", seat=seat,
                      best=_name(cursor, move.own_best, french))  # fmt: skip
        text = f"{text}; {own}"
    return text


def _shown(cursor: ReplayCursor, view: int) -> MatchAnalysis | None:
    """The analysis when the view may show it (every hand), else None."""
    return cursor.analysis if view == ALL else None


def card_line(cursor: ReplayCursor, spot: Spot, view: int, french: bool = False) -> str | None:
    """The verdict on the card that led to this position, if it was a card and the view shows the analysis."""
    analysis = _shown(cursor, view)
    if analysis is None or spot.before is None:
        return None
    move = analysis.at(spot.deal, spot.step - 1)
    if move is None:
        return None
    return msg("replay.analysis.card", card=_name(cursor, move.action, french), verdict=verdict(cursor, move, french))


def trick_moves(cursor: ReplayCursor, spot: Spot) -> list[MoveAnalysis]:
    """The verdicts on the cards of the trick in progress at this position, or of the one it just completed."""
    analysis = cursor.analysis
    if analysis is None:
        return []
    index = cursor.deal_starts[spot.deal] + spot.step
    start = max((i for i in cursor.trick_marks if i < index), default=0)
    out = []
    for i in range(start + 1, index + 1):
        move = analysis.at(spot.deal, cursor.spots[i].step - 1)
        if move is not None:
            out.append(move)
    return out


def trick_line(cursor: ReplayCursor, spot: Spot, view: int, french: bool = False) -> str | None:
    """The trick's cards with each one's cost beside it (``seat 1: 3o 0; seat 2: Rc -12``)."""
    if _shown(cursor, view) is None:
        return None
    moves = trick_moves(cursor, spot)
    if not moves:
        return None
    items = [
        msg("replay.analysis.item", seat=SeatRef(m.seat), card=_name(cursor, m.action, french), cost=mark(m))
        for m in moves
    ]
    return msg("replay.analysis.trick", cards="; ".join(items))


def totals_lines(cursor: ReplayCursor, deal: int | None, view: int = ALL) -> list[str]:
    """Each seat's points lost by its cards (over one deal, or the match for None), and how many were analysed."""
    analysis = _shown(cursor, view)
    if analysis is None:
        return []
    players = cursor.players
    lost = analysis.lost(players, deal)
    seats = ", ".join(msg("replay.analysis.total", seat=SeatRef(s), points=lost[s]) for s in range(players))
    key = "replay.analysis.totals.match" if deal is None else "replay.analysis.totals.deal"
    out = [msg(key, totals=seats)]
    if analysis.has_own:
        own = analysis.own_lost(players, deal)
        seats = ", ".join(msg("replay.analysis.total", seat=SeatRef(s), points=f"{own[s]:.1f}") for s in range(players))
        out.append(msg("replay.analysis.totals.own", totals=seats))
    done, left = analysis.counts(deal)
    if left:
        out.append(msg("replay.analysis.counts", done=done, total=done + left))
    return out


def end_lines(cursor: ReplayCursor, spot: Spot, view: int) -> list[str]:
    """At the end of a deal, its totals (and the match's after the last deal); nothing elsewhere."""
    if not spot.state.is_terminal() or spot.step != cursor.deal_length(spot.deal):
        return []
    out = totals_lines(cursor, spot.deal, view)
    if out and cursor.is_last_deal(spot.deal) and _played_deals(cursor) > 1:
        out += totals_lines(cursor, None, view)
    return out


def _played_deals(cursor: ReplayCursor) -> int:
    """The deals of the analysis with a card in them (a match's record may end with a deal just dealt)."""
    return sum(1 for moves in cursor.analysis.deals if moves) if cursor.analysis is not None else 0


def cost_lines(cursor: ReplayCursor, deal: int | None = None, french: bool = False) -> Iterator[str]:
    """Every card of the match (or of one deal, from 0) with its cost, one a line, and the totals:
    the plain text of ``tapete replay --costs``."""
    analysis = cursor.analysis
    if analysis is None:
        return
    for d in range(cursor.deals):
        if (deal is not None and d != deal) or not analysis.deals[d]:
            continue
        yield msg("replay.analysis.deal", deal=d + 1, deals=cursor.deals)
        for move in analysis.moves(d):
            own = own_mark(move)
            yield msg(
                "replay.analysis.row", step=move.step + 1, seat=SeatRef(move.seat),
                card=_name(cursor, move.action, french), cost=mark(move), own=f" ({own})" if own else "",
                verdict=verdict(cursor, move, french),
            )  # fmt: skip
        yield from ("  " + line for line in totals_lines(cursor, d))
    if deal is None and _played_deals(cursor) > 1:
        yield from totals_lines(cursor, None)


__all__ = ["card_line", "cost_lines", "end_lines", "mark", "own_mark", "totals_lines", "trick_line", "verdict"]
