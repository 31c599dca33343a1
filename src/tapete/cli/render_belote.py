"""Text for people about Belote: a position laid out readably, actions and calls in words.

Pure functions from a :class:`~tapete.belote.state.BeloteState` to strings;
:mod:`tapete.cli.render` hands Belote states here. All wording comes from
:mod:`tapete.cli.messages`.
"""

from __future__ import annotations

from collections.abc import Iterable

from tapete.belote.actions import (
    BID,
    CAPOT,
    COINCHE,
    DECLARE,
    GENERALE,
    PASS,
    SURCOINCHE,
    TAKE,
    action_str,
    bid_of,
)
from tapete.belote.declarations import Declaration, find
from tapete.belote.notation import to_notation
from tapete.belote.rules import BeloteRules
from tapete.belote.scoring import BeloteResult
from tapete.belote.state import BIDDING, OVER, PHASE_NAMES, PLAY, BeloteState
from tapete.belote.tables import CONTRACTS, SANS_ATOUT
from tapete.cards.deck import cards_of
from tapete.cards.french import RANK_TOKENS, SUIT_LETTERS, SUIT_SYMBOLS, card_str
from tapete.cli.messages import msg
from tapete.cli.text import Layout, rules_text, seat_text, team_text

__all__ = [
    "PHASE_NAMES",
    "call_text",
    "contract_text",
    "declarations_text",
    "describe_action",
    "legal_lines",
    "show_position",
]


# ------------------------------------------------------------------ words
def card_text(c: int, french: bool = False) -> str:
    """A card as written (``Jh``), or with its suit symbol (``J♥``)."""
    return card_str(c, french)


def cards_text(cards: Iterable[int], french: bool = False) -> str:
    return " ".join(card_text(c, french) for c in cards) or msg("show.hand.empty")


def card_name(c: int) -> str:
    """A card in words: ``jack of hearts``."""
    return msg("card.name", rank=msg(f"rank.{RANK_TOKENS[c % 8]}"), suit=msg(f"suit.{SUIT_LETTERS[c // 8]}"))


def suit_text(suit: int, french: bool = False) -> str:
    name = msg(f"suit.{SUIT_LETTERS[suit]}")
    return f"{name} {SUIT_SYMBOLS[suit]}" if french else name


def contract_name(contract: int, french: bool = False) -> str:
    """A suit, sans-atout or tout-atout."""
    if contract < 4:
        return suit_text(contract, french)
    return msg("contract.sa" if contract == SANS_ATOUT else "contract.ta")


def _bid_text(value: int, contract: int, french: bool) -> str:
    name = contract_name(contract, french)
    if value == CAPOT:
        return msg("call.capot", contract=name)
    if value == GENERALE:
        return msg("call.generale", contract=name)
    return msg("call.bid", points=value, contract=name)


def call_text(rules: BeloteRules, action: int, french: bool = False) -> str:
    """A call of the bidding in words: ``pass``, ``take in hearts``, ``100 in spades``, ``coinche``."""
    if action == PASS:
        return msg("call.pass")
    if action == COINCHE:
        return msg("call.coinche")
    if action == SURCOINCHE:
        return msg("call.surcoinche")
    if TAKE <= action < BID:
        return msg("call.take", contract=contract_name(action - TAKE, french))
    value, contract = bid_of(rules, action)
    return _bid_text(value, contract, french)


def contract_text(state: BeloteState, french: bool = False) -> str:
    """The contract as played: its suit (or the bid, in an auction), and a coinche or surcoinche."""
    if state.rules.bidding == "auction":
        text = _bid_text(state.bid, state.contract, french)
    else:
        text = contract_name(state.contract, french)
    if state.multiplier == 2:
        return msg("show.contract.coinched", contract=text, multiplier=state.multiplier)
    if state.multiplier > 2:
        return msg("show.contract.surcoinched", contract=text, multiplier=state.multiplier)
    return text


def declaration_text(d: Declaration, french: bool = False) -> str:
    """``tierce to the K♥ (20)``, ``carré of jacks (200)``."""
    kind, points, _, _, mask = d
    cards = list(cards_of(mask))
    if kind == 2:
        what = msg("decl.carre", ranks=msg(f"ranks.{RANK_TOKENS[cards[0] % 8]}"))
    else:
        name = {3: "decl.tierce", 4: "decl.quarante"}.get(len(cards), "decl.quinte")
        what = msg("decl.sequence", name=msg(name), card=card_text(cards[-1], french))
    return msg("decl.points", declaration=what, points=points)


def declarations_text(decls: Iterable[Declaration], french: bool = False) -> str:
    return ", ".join(declaration_text(d, french) for d in decls)


def describe_action(state: BeloteState, action: int, french: bool = False) -> str:
    """A short description of an action in the state's current position."""
    if 0 <= action < 32:
        return msg("action.play", card=card_name(action))
    if action == DECLARE:
        return msg("action.declare", declarations=declarations_text(find(state.hands[state.cur]), french))
    if action == COINCHE:
        return msg("action.coinche")
    if action == SURCOINCHE:
        return msg("action.surcoinche")
    if TAKE <= action < BID:
        return msg("action.take", contract=contract_name(action - TAKE, french))
    if action >= BID:
        return msg("action.bid", bid=call_text(state.rules, action, french))
    return msg("action.pass")


def legal_lines(state: BeloteState, french: bool = False) -> list[tuple[str, str]]:
    """(action string, description) of each legal action."""
    return [(action_str(state.rules, a, french), describe_action(state, a, french)) for a in state.legal_actions()]


def sorted_cards(state: BeloteState, mask: int) -> list[int]:
    """Cards by suit (spades, hearts, diamonds, clubs), strongest first in the contract's order."""
    strength = CONTRACTS[state.contract if state.contract >= 0 else SANS_ATOUT].trick.strength
    return sorted(cards_of(mask), key=lambda c: (c // 8, -strength[c]))


def turn_text(state: BeloteState) -> str:
    seat = seat_text(state.current_player)
    if state.phase == BIDDING:
        return msg("show.turn.bid", seat=seat)
    if state.phase == PLAY:
        return msg("show.turn.play" if state.trick else "show.turn.lead", seat=seat)
    return msg("show.turn.over")


# ------------------------------------------------------------------ the layout
def unit_text(state: BeloteState, unit: int) -> str:
    """A scoring unit in words: a team with 4 players, else a seat (each plays for himself)."""
    return team_text(unit) if state.n == 4 else seat_text(unit)


def scores_text(scores: Iterable[int]) -> str:
    """Scores of the units, ``120 - 80`` or ``120 - 80 - 45``."""
    return " - ".join(str(x) for x in scores)


def layout_text(state: BeloteState, seat: int, french: bool = False) -> str:
    """Découverte: a seat's face-up cards, ``*`` after each one lying on a face-down card."""
    return " ".join(
        card_text(c, french) + ("*" if state.under[c] >= 0 else "") for c in sorted_cards(state, state.hands[seat])
    ) or msg("show.hand.empty")


def _retourne_row(layout: Layout, state: BeloteState, french: bool) -> None:
    rules = state.rules
    card = card_text(state.retourne, french)
    if rules.layout == "decouverte":
        if state.contract >= 0:
            layout.row("show.retourne", msg("show.retourne.in_layout", card=card, seat=seat_text(state.dealer)))
        else:
            suit = suit_text(state.retourne // 8, french)
            text = msg("show.retourne.last_dealt", card=card, suit=suit, seat=seat_text(state.dealer))
            layout.row("show.retourne", text)
        return
    if state.contract >= 0:
        if rules.taker_takes_retourne:
            layout.row("show.retourne", msg("show.retourne.taken", card=card, seat=seat_text(state.taker)))
        else:
            layout.row("show.retourne", msg("show.retourne.not_taken", card=card))
        return
    suit = suit_text(state.retourne // 8, french)
    dealt = sum(h.bit_count() for h in state.hands) + (1 if rules.taker_takes_retourne else 0)
    to_deal = state.n * rules.hand_size - dealt
    out = len(state.rest) - to_deal
    if out > 0:
        text = msg("show.retourne.proposes_out", card=card, suit=suit, count=to_deal, out=out)
    else:
        text = msg("show.retourne.proposes", card=card, suit=suit, count=len(state.rest))
    layout.row("show.retourne", text)


def _contract_row(layout: Layout, state: BeloteState, french: bool) -> None:
    row = layout.row
    rules = state.rules
    if state.contract >= 0:
        taker = state.taker
        if taker < 0:
            row("show.contract", msg("show.contract.fixed", contract=contract_text(state, french)))
            return
        text = msg("show.contract.taken", contract=contract_text(state, french), seat=seat_text(taker))
        if state.n == 4:
            text = f"{text}, {team_text(taker % 2)}"
        elif state.n == 3:
            others = [seat_text((taker + i) % 3) for i in (1, 2)]
            text = msg("show.contract.against", contract=text, a=others[0], b=others[1])
        row("show.contract", text)
    elif state.redeal:
        row("show.contract", msg("show.contract.void"))
    elif state.high_bid >= 0:
        value, contract = bid_of(rules, state.high_bid)
        high = msg("show.contract.high", bid=_bid_text(value, contract, french), seat=seat_text(state.high_seat))
        if state.coinched_by >= 0:
            high = msg("show.contract.high_coinched", high=high, seat=seat_text(state.coinched_by))
        row("show.contract", high)
    else:
        row("show.contract", msg("show.contract.none"))


def _hand_rows(layout: Layout, state: BeloteState, french: bool) -> None:
    """One row per seat: with 4 players its team; in découverte its face-up cards, marked, and
    how many lie face down."""
    n = state.n
    decouverte = state.rules.layout == "decouverte"
    for seat in range(n):
        shown = cards_text(sorted_cards(state, state.known[seat]), french) if state.known[seat] else ""
        to_act = seat == state.current_player
        if n == 4:
            held = cards_text(sorted_cards(state, state.hands[seat]), french)
            layout.hand(seat, 4, held, shown, to_act)
            continue
        if decouverte:
            held = layout_text(state, seat, french)
        else:
            held = cards_text(sorted_cards(state, state.hands[seat]), french)
        extras = [msg("show.hand.line", who=seat_text(seat), cards=held)]
        if decouverte:
            extras.append(msg("show.hand.face_down", count=state.hidden[seat].bit_count()))
        if shown:
            extras.append(msg("show.hand.shown", cards=shown))
        if to_act:
            extras.append(msg("show.hand.to_act"))
        layout.lines.append("  " + "   ".join(extras))
    if decouverte and any(state.hidden):
        layout.more(msg("show.hand.covered"))


def show_position(state: BeloteState, french: bool = False, seed: int | None = None) -> str:
    """The readable layout printed by ``tapete show`` for a Belote position."""
    layout = Layout()
    row = layout.row
    rules = state.rules
    layout.row("show.position", to_notation(state))
    row("show.rules", rules_text(rules))
    if seed is not None:
        row("show.deal", msg("show.deal.seed", seed=seed, dealer=state.dealer))
    row("show.dealer", seat_text(state.dealer))
    if state.retourne >= 0:
        _retourne_row(layout, state, french)
    if state.bergere >= 0:
        row("show.bergere", msg("show.bergere.card", card=card_text(state.bergere, french)))
    if state.out:
        row("show.out", msg("show.out.count", count=state.out.bit_count()))
    calls = [msg("show.call", seat=seat_text(seat), call=call_text(rules, a, french)) for seat, a in state.bids]
    row("show.bidding", "; ".join(calls) or msg("none"))
    _contract_row(layout, state, french)
    row("show.phase", msg(f"phase.{PHASE_NAMES[state.phase]}"))
    row("show.turn", turn_text(state))
    row("show.hands", "")
    _hand_rows(layout, state, french)
    if state.contract >= 0:
        _play_rows(layout, state, french)
    if any(state.scores_before):
        if state.n == 4:
            a, b = state.scores_before
            row("show.match", msg("show.match.scores", a=a, b=b))
        else:
            row("show.match", msg("show.match.scores_list", scores=scores_text(state.scores_before)))
    if state.phase == OVER:
        _result_rows(layout, state, state.result())
    return layout.text()


def _play_rows(layout: Layout, state: BeloteState, french: bool) -> None:
    """The trick, the last trick, what each team (or player) took, the declarations and the belote."""
    row = layout.row
    n = state.n
    layout.trick_rows(state, n, lambda c: card_text(c, french))
    for unit in range(state.units):
        won = state.tricks_won
        tricks = f"{won[unit]} + {won[unit + 2]}" if n == 4 else str(won[unit])
        text = msg("show.taken.belote", team=unit_text(state, unit), points=state.card_points[unit], tricks=tricks)
        if unit == 0:
            row("show.taken", text)
        else:
            layout.more(text)
    if state.declared:
        by_seat: dict[int, list[Declaration]] = {}
        for seat, d in state.declared:
            by_seat.setdefault(seat, []).append(d)
        said = [
            msg("show.call", seat=seat_text(seat), call=declarations_text(decls, french))
            for seat, decls in by_seat.items()
        ]
        if state.tricks_played > 0:
            said.extend(_declarations_scored(state))
        row("show.declarations", "; ".join(said))
    else:
        row("show.declarations", msg("none"))
    if state.belote_seat >= 0:
        row("show.belote", msg("show.belote.held", seat=seat_text(state.belote_seat), played=state.belote_played))


def _declarations_scored(state: BeloteState) -> list[str]:
    """Who scores the declarations, once the first trick is over: a team, or each player of the
    winning side (at 3 players the two opponents count together against the taker)."""
    side = state.decl_team
    if side < 0:
        return [msg("show.declarations.none_score" if state.n == 4 else "show.declarations.nobody")]
    if state.n == 4:
        return [msg("show.declarations.scored", team=team_text(side), points=state.decl_points[side])]
    return [
        msg("show.declarations.scored", team=seat_text(s), points=state.decl_points[s])
        for s in range(state.n)
        if state.side_of(s) == side and state.decl_points[s]
    ]


def _result_rows(layout: Layout, state: BeloteState, r: BeloteResult) -> None:
    if r.redeal:
        layout.row("show.result", msg("show.result.redeal"))
        return
    for unit in range(len(r.scores)):
        text = msg(
            "show.result.belote",
            team=unit_text(state, unit),
            total=r.scores[unit],
            cards=r.card_points[unit],
            declarations=r.declarations[unit],
            belote=r.belote[unit],
        )
        if unit == 0:
            layout.row("show.result", text)
        else:
            layout.more(text)
    if r.in_play != 152 + state.rules.last_trick_bonus:
        layout.more(msg("show.result.in_play", points=r.in_play))
    if r.litige:
        layout.more(msg("show.result.litige", points=r.held))
    elif r.takers < 0:
        layout.more(msg("show.result.no_taker"))
    else:
        key = "show.result.made" if r.made else "show.result.dedans"
        layout.more(msg(key, team=unit_text(state, r.takers)))
    if r.capot_team >= 0:
        layout.more(msg("show.result.capot", team=unit_text(state, r.capot_team)))
