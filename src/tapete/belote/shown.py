"""A Belote position as rows a terminal shows (``tapete show``), its calls and actions described.

Data only: :class:`~tapete.core.shown.Row` values holding message ids, cards and
seats (see :mod:`tapete.core.words`); the face puts them into words.

>>> from tapete.belote.rules import BeloteRules
>>> state = BeloteState.new_deal(BeloteRules.preset("classique"), seed=5)
>>> [row.label for row in show_rows(state, "french")][:3]
['show.retourne', 'show.bidding', 'show.contract']
>>> call(state.rules, PASS, "french").key
'call.pass'
"""

from __future__ import annotations

from collections.abc import Iterable

from tapete.belote.actions import BID, CAPOT, COINCHE, DECLARE, GENERALE, PASS, SURCOINCHE, TAKE, bid_of
from tapete.belote.declarations import Declaration
from tapete.belote.rules import BeloteRules
from tapete.belote.scoring import BeloteResult
from tapete.belote.state import BIDDING, OVER, PHASE_NAMES, PLAY, BeloteState
from tapete.belote.tables import CONTRACTS, SANS_ATOUT
from tapete.core.cards.deck import cards_of
from tapete.core.cards.french import RANK_TOKENS
from tapete.core.shown import Part, Row, hand_row, more, seat_cards, trick_rows
from tapete.core.words import CardRef, Say, SeatRef, SideRef, SuitRef


# ------------------------------------------------------------------ words
def contract_name(contract: int, faces: str) -> Part:
    """A suit, sans-atout or tout-atout."""
    if contract < 4:
        return SuitRef(faces, contract)
    return Say("contract.sa" if contract == SANS_ATOUT else "contract.ta")


def bid(value: int, contract: int, faces: str) -> Say:
    name = contract_name(contract, faces)
    if value == CAPOT:
        return Say("call.capot", contract=name)
    if value == GENERALE:
        return Say("call.generale", contract=name)
    return Say("call.bid", points=value, contract=name)


def call(rules: BeloteRules, action: int, faces: str) -> Say:
    """A call of the bidding: ``pass``, ``take in hearts``, ``100 in spades``, ``coinche``."""
    if action == PASS:
        return Say("call.pass")
    if action == COINCHE:
        return Say("call.coinche")
    if action == SURCOINCHE:
        return Say("call.surcoinche")
    if TAKE <= action < BID:
        return Say("call.take", contract=contract_name(action - TAKE, faces))
    value, contract = bid_of(rules, action)
    return bid(value, contract, faces)


def contract(state: BeloteState, faces: str) -> Part:
    """The contract as played: its suit (or the bid, in an auction), and a coinche or surcoinche."""
    text: Part
    if state.rules.bidding == "auction":
        text = bid(state.bid, state.contract, faces)
    else:
        text = contract_name(state.contract, faces)
    if state.multiplier == 2:
        return Say("show.contract.coinched", contract=text, multiplier=state.multiplier)
    if state.multiplier > 2:
        return Say("show.contract.surcoinched", contract=text, multiplier=state.multiplier)
    return text


def declaration(d: Declaration, faces: str) -> Say:
    """``tierce to the K♥ (20)``, ``carré of jacks (200)``."""
    kind, points, _, _, mask = d
    cards = list(cards_of(mask))
    if kind == 2:
        what = Say("decl.carre", ranks=Say(f"ranks.{RANK_TOKENS[cards[0] % 8]}"))
    else:
        name = {3: "decl.tierce", 4: "decl.quarante"}.get(len(cards), "decl.quinte")
        what = Say("decl.sequence", name=Say(name), card=CardRef(faces, cards[-1]))
    return Say("decl.points", declaration=what, points=points)


def declarations(decls: Iterable[Declaration], faces: str) -> Row:
    return Row(None, tuple(declaration(d, faces) for d in decls), sep=", ")


def phase_name(state: BeloteState) -> str:
    return PHASE_NAMES[state.phase]


def describe_action(state: BeloteState, action: int, faces: str) -> Say:
    """A short description of an action in the state's current position."""
    if 0 <= action < 32:
        return Say("action.play", card=Say("card.named", card=CardRef(faces, action)))
    if action == DECLARE:
        return Say("action.declare", declarations=declarations(state.declarations_of(state.cur), faces))
    if action == COINCHE:
        return Say("action.coinche")
    if action == SURCOINCHE:
        return Say("action.surcoinche")
    if TAKE <= action < BID:
        return Say("action.take", contract=contract_name(action - TAKE, faces))
    if action >= BID:
        return Say("action.bid", bid=call(state.rules, action, faces))
    return Say("action.pass")


def sorted_cards(state: BeloteState, mask: int) -> list[int]:
    """Cards by suit (spades, hearts, diamonds, clubs), strongest first in the contract's order."""
    strength = CONTRACTS[state.contract if state.contract >= 0 else SANS_ATOUT].trick.strength
    return sorted(cards_of(mask), key=lambda c: (c // 8, -strength[c]))


def turn(state: BeloteState) -> Say:
    seat = SeatRef(state.current_player)
    if state.phase == BIDDING:
        return Say("show.turn.bid", seat=seat)
    if state.phase == PLAY:
        return Say("show.turn.play" if state.trick else "show.turn.lead", seat=seat)
    return Say("show.turn.over")


def layout_cards(state: BeloteState, seat: int, faces: str) -> Part:
    """Découverte: a seat's face-up cards, ``*`` after each one lying on a face-down card."""
    cards = sorted_cards(state, state.hands[seat])
    if not cards:
        return Say("show.hand.empty")
    marked = tuple(Row(None, (CardRef(faces, c), "*" if state.under[c] >= 0 else ""), sep="") for c in cards)
    return Row(None, marked, sep=" ")


# ------------------------------------------------------------------ the rows
def _retourne_row(state: BeloteState, faces: str) -> Row:
    rules = state.rules
    card = CardRef(faces, state.retourne)
    suit = SuitRef(faces, state.retourne // 8)
    dealer = SeatRef(state.dealer)
    if rules.layout == "decouverte":
        if state.contract >= 0:
            return Row("show.retourne", (Say("show.retourne.in_layout", card=card, seat=dealer),))
        return Row("show.retourne", (Say("show.retourne.last_dealt", card=card, suit=suit, seat=dealer),))
    if state.contract >= 0:
        if rules.taker_takes_retourne:
            return Row("show.retourne", (Say("show.retourne.taken", card=card, seat=SeatRef(state.taker)),))
        return Row("show.retourne", (Say("show.retourne.not_taken", card=card),))
    dealt = sum(h.bit_count() for h in state.hands) + (1 if rules.taker_takes_retourne else 0)
    to_deal = state.n * rules.hand_size - dealt
    out = len(state.rest) - to_deal
    if out > 0:
        return Row("show.retourne", (Say("show.retourne.proposes_out", card=card, suit=suit, count=to_deal, out=out),))
    return Row("show.retourne", (Say("show.retourne.proposes", card=card, suit=suit, count=len(state.rest)),))


def _contract_row(state: BeloteState, faces: str) -> Row:
    rules = state.rules
    if state.contract >= 0:
        taker = state.taker
        if taker < 0:
            return Row("show.contract", (Say("show.contract.fixed", contract=contract(state, faces)),))
        text = Say("show.contract.taken", contract=contract(state, faces), seat=SeatRef(taker))
        if state.n == 4:
            return Row("show.contract", (text, SideRef(4, taker % 2)), sep=", ")
        if state.n == 3:
            a, b = (SeatRef((taker + i) % 3) for i in (1, 2))
            return Row("show.contract", (Say("show.contract.against", contract=text, a=a, b=b),))
        return Row("show.contract", (text,))
    if state.redeal:
        return Row("show.contract", (Say("show.contract.void"),))
    if state.high_bid >= 0:
        value, contract_ = bid_of(rules, state.high_bid)
        high = Say("show.contract.high", bid=bid(value, contract_, faces), seat=SeatRef(state.high_seat))
        if state.coinched_by >= 0:
            high = Say("show.contract.high_coinched", high=high, seat=SeatRef(state.coinched_by))
        return Row("show.contract", (high,))
    return Row("show.contract", (Say("show.contract.none"),))


def _hand_rows(state: BeloteState, faces: str) -> list[Row]:
    """One row per seat: with 4 players its team; in découverte its face-up cards, marked, and
    how many lie face down."""
    n = state.n
    decouverte = state.rules.layout == "decouverte"
    rows: list[Row] = []
    for seat in range(n):
        shown = sorted_cards(state, state.known[seat]) if state.known[seat] else []
        to_act = seat == state.current_player
        if decouverte and n != 4:
            held = layout_cards(state, seat, faces)
        else:
            held = seat_cards(faces, sorted_cards(state, state.hands[seat]))
        row = hand_row(faces, seat, n, held, shown, to_act)
        if decouverte and n != 4:
            face_down = Say("show.hand.face_down", count=state.hidden[seat].bit_count())
            row = Row(None, (row.parts[0], face_down, *row.parts[1:]), "hand", "   ")
        rows.append(row)
    if decouverte and any(state.hidden):
        rows.append(more(Say("show.hand.covered")))
    return rows


def show_rows(state: BeloteState, faces: str) -> list[Row]:
    """The rows of ``tapete show`` after the position, the rules, the deal and the dealer."""
    rules = state.rules
    rows: list[Row] = []
    if state.retourne >= 0:
        rows.append(_retourne_row(state, faces))
    if state.bergere >= 0:
        rows.append(Row("show.bergere", (Say("show.bergere.card", card=CardRef(faces, state.bergere)),)))
    if state.out:
        rows.append(Row("show.out", (Say("show.out.count", count=state.out.bit_count()),)))
    calls = tuple(Say("show.call", seat=SeatRef(seat), call=call(rules, a, faces)) for seat, a in state.bids)
    rows.append(Row("show.bidding", calls or (Say("none"),)))
    rows.append(_contract_row(state, faces))
    rows.append(Row("show.phase", (Say(f"phase.{phase_name(state)}"),)))
    rows.append(Row("show.turn", (turn(state),)))
    rows.append(Row("show.hands"))
    rows.extend(_hand_rows(state, faces))
    if state.contract >= 0:
        rows.extend(_play_rows(state, faces))
    if any(state.scores_before):
        if state.n == 4:
            a, b = state.scores_before
            rows.append(Row("show.match", (Say("show.match.scores", a=a, b=b),)))
        else:
            scores = " - ".join(str(x) for x in state.scores_before)
            rows.append(Row("show.match", (Say("show.match.scores_list", scores=scores),)))
    if state.phase == OVER:
        rows.extend(_result_rows(state, state.result()))
    return rows


def _play_rows(state: BeloteState, faces: str) -> list[Row]:
    """The trick, the last trick, what each team (or player) took, the declarations and the belote."""
    n = state.n
    rows = trick_rows(state, n, faces)
    for unit in range(state.units):
        won = state.tricks_won
        tricks = f"{won[unit]} + {won[unit + 2]}" if n == 4 else str(won[unit])
        text = Say("show.taken.belote", team=SideRef(n, unit), points=state.card_points[unit], tricks=tricks)
        rows.append(Row("show.taken", (text,)) if unit == 0 else more(text))
    if state.declared:
        by_seat: dict[int, list[Declaration]] = {}
        for seat, d in state.declared:
            by_seat.setdefault(seat, []).append(d)
        said: list[Part] = [
            Say("show.call", seat=SeatRef(seat), call=declarations(decls, faces)) for seat, decls in by_seat.items()
        ]
        if state.tricks_played > 0:
            said.extend(_declarations_scored(state))
        rows.append(Row("show.declarations", tuple(said)))
    else:
        rows.append(Row("show.declarations", (Say("none"),)))
    if state.belote_seat >= 0:
        held = Say("show.belote.held", seat=SeatRef(state.belote_seat), played=state.belote_played)
        rows.append(Row("show.belote", (held,)))
    return rows


def _declarations_scored(state: BeloteState) -> list[Part]:
    """Who scores the declarations, once the first trick is over: a team, or each player of the
    winning side (at 3 players the two opponents count together against the taker)."""
    side = state.decl_team
    if side < 0:
        return [Say("show.declarations.none_score" if state.n == 4 else "show.declarations.nobody")]
    if state.n == 4:
        return [Say("show.declarations.scored", team=SideRef(4, side), points=state.decl_points[side])]
    return [
        Say("show.declarations.scored", team=SeatRef(s), points=state.decl_points[s])
        for s in range(state.n)
        if state.side_of(s) == side and state.decl_points[s]
    ]


def _result_rows(state: BeloteState, r: BeloteResult) -> list[Row]:
    if r.redeal:
        return [Row("show.result", (Say("show.result.redeal"),))]
    n = state.n
    rows: list[Row] = []
    for unit in range(len(r.scores)):
        text = Say(
            "show.result.belote",
            team=SideRef(n, unit),
            total=r.scores[unit],
            cards=r.card_points[unit],
            declarations=r.declarations[unit],
            belote=r.belote[unit],
        )
        rows.append(Row("show.result", (text,)) if unit == 0 else more(text))
    if r.in_play != 152 + state.rules.last_trick_bonus:
        rows.append(more(Say("show.result.in_play", points=r.in_play)))
    if r.litige:
        rows.append(more(Say("show.result.litige", points=r.held)))
    elif r.takers < 0:
        rows.append(more(Say("show.result.no_taker")))
    else:
        key = "show.result.made" if r.made else "show.result.dedans"
        rows.append(more(Say(key, team=SideRef(n, r.takers))))
    if r.capot_team >= 0:
        rows.append(more(Say("show.result.capot", team=SideRef(n, r.capot_team))))
    return rows


__all__ = ["call", "contract", "declaration", "describe_action", "phase_name", "show_rows", "sorted_cards"]
