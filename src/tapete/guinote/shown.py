"""A Guiñote position as rows a terminal shows (``tapete show``), and its actions described (``tapete legal``).

Data only: :class:`~tapete.core.shown.Row` values holding message ids, cards and
seats (see :mod:`tapete.core.words`); the face puts them into words.

>>> from tapete.guinote.rules import GuinoteRules
>>> state = GuinoteState.new_deal(GuinoteRules.preset("aragones"), seed=5)
>>> [row.label for row in show_rows(state, "spanish")][:4]
['show.trump', 'show.stock', 'show.phase', 'show.turn']
>>> describe_action(state, state.legal_actions()[0], "spanish").key
'action.play'
"""

from __future__ import annotations

from tapete.core.cards.deck import cards_of
from tapete.core.cards.spanish import SIETE
from tapete.core.shown import Part, Row, hand_row, more, seat_cards, trick_rows
from tapete.core.words import CardRef, Say, SeatRef, SideRef, SuitRef
from tapete.guinote.actions import CLAIM, EXCHANGE, PASS, SING, TUTE
from tapete.guinote.results import DealResult
from tapete.guinote.state import OVER, PHASE_NAMES, PLAY, PREDRAW, WINDOW, GuinoteState
from tapete.guinote.tables import tables_for


def sorted_cards(state: GuinoteState, mask: int) -> list[int]:
    """Cards of a mask by suit (oros, copas, espadas, bastos), strongest first within a suit."""
    strength = tables_for(state.rules).strength
    return sorted(cards_of(mask), key=lambda c: (c // 10, -strength[c]))


def cante_points(state: GuinoteState, suit: int) -> int:
    rules = state.rules
    return int(rules.cante_points_trump if suit == state.trump else rules.cante_points_plain)


def phase_name(state: GuinoteState) -> str:
    return PHASE_NAMES[state.phase]


def describe_action(state: GuinoteState, action: int, faces: str) -> Say:
    """A short description of an action in the state's current position."""
    rules = state.rules
    if 0 <= action < 40:
        return Say("action.play", card=Say("card.named", card=CardRef(faces, action)))
    if SING <= action < SING + 4:
        suit = action - SING
        key = "action.sing.trump" if suit == state.trump else "action.sing"
        return Say(key, points=cante_points(state, suit), suit=SuitRef(faces, suit))
    if action == TUTE:
        if rules.tute == "wins_partida":
            return Say("action.tute.wins")
        return Say("action.tute.bonus", points=rules.tute_points)
    if action == EXCHANGE:
        siete = state.trump * 10 + SIETE
        return Say("action.exchange", siete=CardRef(faces, siete), card=CardRef(faces, state.indicator))
    if action == CLAIM:
        team = state.current_player % 2
        total = state.scores_before[team] + state.card_points[team] + state.cante_points[team]
        return Say("action.claim", team=SideRef(state.n, team), total=total, target=rules.target)
    if action == PASS:
        if state.phase == WINDOW:
            return Say("action.pass.window")
        if state.phase == PREDRAW:
            return Say("action.pass.predraw")
    return Say("action.pass")


def turn(state: GuinoteState) -> Say:
    seat = SeatRef(state.current_player)
    if state.phase == PLAY:
        return Say("show.turn.play" if state.trick else "show.turn.lead", seat=seat)
    if state.phase == WINDOW:
        return Say("show.turn.window", seat=seat)
    if state.phase == PREDRAW:
        return Say("show.turn.predraw", seat=seat)
    return Say("show.turn.over")


def show_rows(state: GuinoteState, faces: str) -> list[Row]:
    """The rows of ``tapete show`` after the position, the rules, the deal and the dealer."""
    n = state.n
    rows: list[Row] = []
    trump = SuitRef(faces, state.trump)
    if state.indicator >= 0:
        rows.append(Row("show.trump", (Say("show.trump.face_up", suit=trump, card=CardRef(faces, state.indicator)),)))
        rows.append(Row("show.stock", (Say("show.stock.count", count=len(state.stock)),)))
    else:
        rows.append(Row("show.trump", (Say("show.trump.drawn", suit=trump),)))
        rows.append(Row("show.stock", (Say("show.stock.empty"),)))
    rows.append(Row("show.phase", (Say(f"phase.{phase_name(state)}"),)))
    rows.append(Row("show.turn", (turn(state),)))
    rows.append(Row("show.hands"))
    for seat in range(n):
        shown = sorted_cards(state, state.known[seat]) if state.known[seat] else []
        held = seat_cards(faces, sorted_cards(state, state.hands[seat]))
        rows.append(hand_row(faces, seat, n, held, shown, seat == state.current_player))
    rows.extend(trick_rows(state, n, faces))
    teams = [
        Say(
            "show.taken.team",
            team=SideRef(n, team),
            points=state.card_points[team] + state.cante_points[team],
            cards=state.card_points[team],
            cantes=state.cante_points[team],
            tricks=state.tricks_won[team],
        )
        for team in (0, 1)
    ]
    rows.append(Row("show.taken", (teams[0],)))
    rows.append(more(teams[1]))
    if state.cantes:
        said: list[Part] = []
        for seat, action in state.cantes:
            if action == TUTE:
                said.append(Say("show.cante.tute", seat=SeatRef(seat)))
            else:
                suit = action - SING
                points = cante_points(state, suit)
                said.append(Say("show.cante.sing", seat=SeatRef(seat), points=points, suit=SuitRef(faces, suit)))
        rows.append(Row("show.cantes", tuple(said)))
    else:
        rows.append(Row("show.cantes", (Say("none"),)))
    if state.exchanged_by >= 0:
        rows.append(Row("show.exchange", (Say("show.exchange.by", seat=SeatRef(state.exchanged_by)),)))
    if state.scores_before != (0, 0) or state.vueltas:
        a, b = state.scores_before
        part = Say("show.match.vueltas" if state.vueltas else "show.match.idas")
        rows.append(Row("show.match", (Say("show.match.context", a=a, b=b, part=part),)))
    if state.phase == OVER:
        rows.extend(result_rows(state))
    return rows


def team_result(r: DealResult, team: int, label: Part) -> Say:
    """One side's line of a scored Guiñote deal: its total and where the points came from."""
    return Say(
        "show.result.team",
        team=label,
        total=r.totals[team],
        cards=r.card_points[team],
        cantes=r.cante_points[team],
        last=r.last_trick[team],
        capote=r.capote_bonus[team],
        tricks=r.tricks[team],
    )


def result_rows(state: GuinoteState) -> list[Row]:
    r = state.result()
    n = state.n
    rows = [Row("show.result", (team_result(r, 0, SideRef(n, 0)),)), more(team_result(r, 1, SideRef(n, 1)))]
    if r.tute_team >= 0:
        rows.append(more(Say("show.result.tute", team=SideRef(n, r.tute_team))))
    if r.claim_team >= 0:
        key = "show.result.claim_ok" if r.claim_ok else "show.result.claim_wrong"
        rows.append(more(Say(key, team=SideRef(n, r.claim_team))))
    if r.capote_team >= 0:
        rows.append(more(Say("show.result.capote", team=SideRef(n, r.capote_team))))
    return rows


__all__ = ["cante_points", "describe_action", "phase_name", "show_rows", "sorted_cards", "team_result"]
