"""A finished Belote match told deal by deal, for ``tapete demo``: data only (rows of :class:`Say` values).

Each deal is replayed from its record (dealer, deck, actions) and told as the
table saw it: the bidding and the contract (or the redeal), the declarations
and which team scores them, belote and rebelote, each trick, the deal's score
and the match score.
"""

from __future__ import annotations

from typing import Any

from tapete.belote.actions import DECLARE
from tapete.belote.match import DealRecord
from tapete.belote.rules import BeloteRules
from tapete.belote.shown import call, contract, declarations, layout_cards, sorted_cards
from tapete.belote.state import BIDDING, BeloteState
from tapete.core.cards.deck import cards_of
from tapete.core.shown import Row, seat_cards
from tapete.core.words import CardRef, Say, SeatRef, SideRef


def _seat(seat: int) -> SeatRef:
    """A seat as the demo writes it: its label ("seat 2", "el jugador 2"), the template picks its form."""
    return SeatRef(seat)


def _top(said: Say | None = None) -> Row:
    """A line of its own (a blank one without ``said``)."""
    return Row(None, (said,) if said is not None else (), "text")


def _in(said: Say) -> Row:
    """A line under a deal's heading."""
    return Row(None, (said,), "line")


def demo_lines(match: Any, hands: bool, faces: str) -> list[Row]:
    """The match as rows of kind ``text`` (a line of its own) and ``line`` (under a deal's heading)."""
    rules = match.rules
    lines = [
        _top(Say("demo.belote.title", preset=rules.preset_name, seed=match.seed)),
        _top(Say("demo.teams") if rules.players == 4 else Say("demo.belote.players", n=rules.players)),
    ]
    for number, record in enumerate(match.deals, 1):
        lines.append(_top())
        lines.extend(_deal_lines(rules, number, record, faces, hands))
    return lines


def _deal_lines(rules: BeloteRules, number: int, record: DealRecord, faces: str, hands: bool) -> list[Row]:
    state = BeloteState.new_deal(rules, record.deck, dealer=record.dealer, scores_before=record.scores_before)
    dealer = _seat(record.dealer)
    if state.retourne >= 0:
        lines = [_top(Say("demo.belote.deal", d=number, dealer=dealer, card=CardRef(faces, state.retourne)))]
    else:
        lines = [_top(Say("demo.belote.deal.auction", d=number, dealer=dealer))]
    decouverte = rules.layout == "decouverte"
    if hands:
        for seat, hand in enumerate(state.hands):
            cards = layout_cards(state, seat, faces) if decouverte else seat_cards(faces, sorted_cards(state, hand))
            lines.append(_in(Say("demo.holds", seat=_seat(seat), cards=cards)))
            if decouverte:
                down = seat_cards(faces, sorted_cards(state, state.hidden[seat]))
                lines.append(_in(Say("demo.belote.face_down", seat=_seat(seat), cards=down)))
    if state.phase != BIDDING and state.taker < 0:
        lines.append(_in(Say("demo.belote.trumps_fixed", contract=contract(state, faces))))
    calls: list[Say] = []
    plays: list[Row] = []
    for action in record.actions:
        seat = state.current_player
        if state.phase == BIDDING:
            calls.append(Say("show.call", seat=_seat(seat), call=call(rules, action, faces)))
            state.apply_action(action)
            if state.phase != BIDDING:
                lines.append(_in(Say("demo.belote.bidding", calls=Row(None, tuple(calls), sep="; "))))
                if state.redeal:
                    lines.append(_in(Say("demo.belote.redeal")))
                else:
                    taken = contract(state, faces)
                    lines.append(_in(Say("demo.belote.contract", contract=taken, seat=_seat(state.taker))))
                    if state.bergere >= 0 or state.out:
                        bergere = CardRef(faces, state.bergere) if state.bergere >= 0 else Say("none")
                        count = state.out.bit_count()
                        lines.append(_in(Say("demo.belote.out", card=bergere, count=count)))
            continue
        if action == DECLARE:
            said = declarations(state.declarations_of(seat), faces)
            lines.append(_in(Say("demo.belote.declares", seat=_seat(seat), declarations=said)))
            state.apply_action(action)
            continue
        belote_before = state.belote_played
        tricks_before = state.tricks_played
        points_before = list(state.card_points)
        hidden_before = list(state.hidden)
        state.apply_action(action)
        plays.append(Row(None, (f"{seat}:", CardRef(faces, action)), sep=""))
        if state.belote_played > belote_before:
            key = "demo.belote.belote" if state.belote_played == 1 else "demo.belote.rebelote"
            lines.append(_in(Say(key, seat=_seat(seat))))
        if state.tricks_played > tricks_before:
            winner = state.last_winner
            unit = state.unit_of(winner)
            points = state.card_points[unit] - points_before[unit]
            n, said = state.tricks_played, Row(None, tuple(plays), sep=" ")
            lines.append(_in(Say("demo.trick", n=n, plays=said, seat=_seat(winner), points=points)))
            plays = []
            turned = [
                Row(None, (f"{p}:", CardRef(faces, c)), sep="")
                for p in range(state.n)
                for c in cards_of(hidden_before[p] & ~state.hidden[p])
            ]
            if turned:
                lines.append(_in(Say("demo.belote.turned_up", cards=Row(None, tuple(turned), sep=" "))))
            if state.tricks_played == 1 and state.declared:
                lines.extend(_in(text) for text in _declaration_lines(state))
    lines.extend(_score_lines(rules, record))
    return lines


def _declaration_lines(state: BeloteState) -> list[Say]:
    """Who scores the declarations: a team, or each player of the winning side (at 3 players
    the taker against the two others together)."""
    side = state.decl_team
    if side < 0:
        return [Say("demo.belote.declarations.none" if state.n == 4 else "demo.belote.declarations.nobody")]
    if state.n == 4:
        return [Say("demo.belote.declarations", team=SideRef(4, side), points=state.decl_points[side])]
    return [
        Say("demo.belote.declarations", team=_seat(s), points=state.decl_points[s])
        for s in range(state.n)
        if state.side_of(s) == side and state.decl_points[s]
    ]


def _score_lines(rules: BeloteRules, record: DealRecord) -> list[Row]:
    result, st = record.result, record.settlement
    if result is None or st is None:
        return []
    lines: list[Row] = []
    units = len(st.scores_after)
    solo = rules.players != 4
    name: list[SeatRef | SideRef] = [_seat(u) if solo else SideRef(4, u) for u in range(units)]
    if not result.redeal:
        for u in range(units):
            text = Say(
                "demo.belote.team",
                team=name[u],
                score=result.scores[u],
                cards=result.card_points[u],
                declarations=result.declarations[u],
                belote=result.belote[u],
            )
            lines.append(_in(text))
        if result.litige:
            lines.append(_in(Say("demo.belote.litige", points=result.held)))
        elif result.takers < 0:
            lines.append(_in(Say("show.result.no_taker")))
        elif result.made:
            lines.append(_in(Say("demo.belote.made", team=name[result.takers])))
        else:
            lines.append(_in(Say("demo.belote.dedans", team=name[result.takers])))
        if result.capot_team >= 0:
            lines.append(_in(Say("demo.belote.capot", team=name[result.capot_team])))
    if st.litige_to >= 0:
        lines.append(_in(Say("demo.belote.litige_paid", team=name[st.litige_to], points=record.litige_before)))
    if units == 2:
        a, b = st.scores_after
        lines.append(_in(Say("demo.score", a=a, b=b)))
    else:
        lines.append(_in(Say("demo.score.list", scores=" - ".join(map(str, st.scores_after)))))
    if st.reason == "tie":
        lines.append(_top(Say("demo.belote.tie")))
    if st.winner < 0:
        return lines
    won = st.scores_after[st.winner]
    if st.reason == "both_past":
        if st.winner == result.takers:
            why = Say("demo.belote.why.takers")
        elif units == 2:
            why = Say("demo.belote.why.defence")
        else:
            why = Say("demo.belote.why.highest")
    if rules.players == 4:
        lost = st.scores_after[1 - st.winner]
        if st.reason == "both_past":
            lines.append(_top(Say("demo.belote.both_past", team=name[st.winner], won=won, lost=lost, why=why)))
        else:
            lines.append(_top(Say("demo.belote.winner", team=name[st.winner], won=won, lost=lost)))
    elif st.reason == "both_past":
        lines.append(_top(Say("demo.belote.both_past.players", seat=name[st.winner], won=won, why=why)))
    else:
        scores = " - ".join(map(str, st.scores_after))
        lines.append(_top(Say("demo.belote.winner.player", seat=name[st.winner], won=won, scores=scores)))
    return lines
