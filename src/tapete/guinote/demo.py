"""A finished Guiñote match told deal by deal, for ``tapete demo``: data only (:class:`Say` lines).

Each deal is told from its events (:func:`tapete.guinote.events.deal_events`):
the deal, the tricks, cantes, the 7 exchange, claims, then the deal's score and
what it did to the partida and the match.
"""

from __future__ import annotations

from typing import Any

from tapete.core.cards.deck import cards_of
from tapete.core.shown import Row, cards_row
from tapete.core.words import CardRef, Say, SeatRef, SideRef, SuitRef
from tapete.guinote.events import deal_events
from tapete.guinote.match import format_score


def _seat(seat: int) -> SeatRef:
    """A seat as the demo writes it: its label ("seat 2", "el jugador 2"), the template picks its form."""
    return SeatRef(seat)


def _top(said: Say | None = None) -> Row:
    """A line of its own (a blank one without ``said``)."""
    return Row(None, (said,) if said is not None else (), "text")


def _in(said: Say) -> Row:
    """A line under a deal's heading."""
    return Row(None, (said,), "line")


def _team(rules: Any, t: int) -> SideRef:
    """A side: a team at four players, else the seat that plays for it."""
    return SideRef(rules.players, t)


def demo_lines(match: Any, hands: bool, faces: str) -> list[Row]:
    """The match as lines (None: a blank line)."""
    rules = match.rules
    lines = [_top(Say("demo.guinote.title", preset=rules.preset_name, seed=match.seed))]
    lines.append(_top(Say("demo.teams") if rules.players == 4 else Say("demo.guinote.teams.2")))
    deal_no = 0
    last_partida = -1
    for record in match.deals:
        if record.partida != last_partida:
            deal_no, last_partida = 0, record.partida
        deal_no += 1
        lines.append(_top())
        lines.extend(_deal(rules, record, deal_no, hands, faces))
    lines.append(_top())
    won, lost = match.partidas[match.winner], match.partidas[1 - match.winner]
    lines.append(_top(Say("demo.guinote.winner", team=_team(rules, match.winner), won=won, lost=lost)))
    return lines


def _deal(rules: Any, record: Any, deal_no: int, hands: bool, faces: str) -> list[Row]:
    lines: list[Row] = []
    plays: list[Row] = []
    tricks = 0
    for e in deal_events(rules, record):
        if e.kind == "deal":
            values = dict(p=record.partida + 1, d=deal_no, dealer=_seat(e.seat), suit=SuitRef(faces, e.suit))
            card = CardRef(faces, e.card)
            if rules.idas_vueltas:
                kind = Say("show.match.vueltas" if record.vueltas else "show.match.idas")
                lines.append(_top(Say("demo.guinote.deal.kind", kind=kind, card=card, **values)))
            else:
                lines.append(_top(Say("demo.guinote.deal", card=card, **values)))
            if hands:
                for s, h in enumerate(e.hands):
                    held = cards_row(faces, list(cards_of(h)))
                    lines.append(_in(Say("demo.holds", seat=_seat(s), cards=held)))
        elif e.kind == "play":
            plays.append(Row(None, (str(e.seat), ":", CardRef(faces, e.card)), sep=""))
        elif e.kind == "trick":
            tricks += 1
            played = Row(None, tuple(plays), sep=" ")
            lines.append(_in(Say("demo.trick", n=tricks, plays=played, seat=_seat(e.seat), points=e.points)))
            plays = []
        elif e.kind == "sing":
            suit = SuitRef(faces, e.suit)
            lines.append(_in(Say("demo.guinote.sing", seat=_seat(e.seat), points=e.points, suit=suit)))
        elif e.kind == "tute":
            lines.append(_in(Say("demo.guinote.tute", seat=_seat(e.seat))))
        elif e.kind == "exchange":
            lines.append(_in(Say("demo.guinote.exchange", seat=_seat(e.seat), card=CardRef(faces, e.card))))
        elif e.kind == "claim":
            verdict = Say("demo.guinote.right" if e.ok else "demo.guinote.wrong")
            lines.append(_in(Say("demo.guinote.claim", seat=_seat(e.seat), verdict=verdict)))
    result, st = record.result, record.settlement
    if result is None or st is None:
        return lines
    for t in (0, 1):
        said = Say(
            "demo.guinote.team",
            team=_team(rules, t),
            total=result.totals[t],
            cards=result.card_points[t],
            cantes=result.cante_points[t],
            last=result.last_trick[t],
            capote=result.capote_bonus[t],
        )
        lines.append(_in(said))
    a, b = (format_score(rules, s) for s in st.scores_after)
    lines.append(_in(Say("demo.score", a=a, b=b)))
    if st.replay:
        lines.append(_in(Say("demo.guinote.replayed")))
    if st.partida_winner >= 0:
        key = f"demo.guinote.reason.{st.reason}"
        said = Say("demo.guinote.partida", team=_team(rules, st.partida_winner), p=record.partida + 1, reason=Say(key))
        lines.append(_top(said))
    return lines
