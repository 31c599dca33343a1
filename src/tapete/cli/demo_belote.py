"""``tapete demo --game belote``: a seeded Belote match between random players, told deal by deal.

Each deal is replayed from its record (dealer, deck, actions) and told as the
table saw it: the bidding and the contract (or the redeal), the declarations
and which team scores them, belote and rebelote, each trick, the deal's score
and the match score.
"""

from __future__ import annotations

import random

from tapete.belote.actions import DECLARE
from tapete.belote.declarations import find
from tapete.belote.match import BeloteMatch, DealRecord
from tapete.belote.rules import BeloteRules
from tapete.belote.state import BIDDING, BeloteState
from tapete.cards.deck import cards_of
from tapete.cli.messages import msg
from tapete.cli.render_belote import (
    call_text,
    card_text,
    cards_text,
    contract_text,
    declarations_text,
    layout_text,
    scores_text,
    sorted_cards,
)
from tapete.cli.text import seat_text


def play_match(rules: BeloteRules, seed: int) -> BeloteMatch:
    """Play a match to the end with uniformly random legal actions, all seeded."""
    match = BeloteMatch(rules, seed=seed)
    rng = random.Random(seed)
    while not match.is_terminal():
        actions = match.legal_actions()
        match.apply_action(actions[rng.randrange(len(actions))])
    return match


def narrate(match: BeloteMatch, french: bool = False, hands: bool = False) -> list[str]:
    """The match as lines of text in the current language."""
    rules = match.rules
    lines = [
        msg("demo.belote.title", preset=rules.preset_name, seed=match.seed),
        msg("demo.teams") if rules.players == 4 else msg("demo.belote.players", n=rules.players),
    ]
    for number, record in enumerate(match.deals, 1):
        lines.append("")
        lines.extend(_deal_lines(rules, number, record, french, hands))
    return lines


def _deal_lines(rules: BeloteRules, number: int, record: DealRecord, french: bool, hands: bool) -> list[str]:
    state = BeloteState.new_deal(rules, record.deck, dealer=record.dealer, scores_before=record.scores_before)
    dealer = seat_text(record.dealer)
    if state.retourne >= 0:
        lines = [msg("demo.belote.deal", d=number, dealer=dealer, card=card_text(state.retourne, french))]
    else:
        lines = [msg("demo.belote.deal.auction", d=number, dealer=dealer)]
    decouverte = rules.layout == "decouverte"
    if hands:
        for seat, hand in enumerate(state.hands):
            shown = layout_text(state, seat, french) if decouverte else None
            cards = shown or cards_text(sorted_cards(state, hand), french)
            lines.append("  " + msg("demo.holds", seat=seat_text(seat), cards=cards))
            if decouverte:
                down = cards_text(sorted_cards(state, state.hidden[seat]), french)
                lines.append("  " + msg("demo.belote.face_down", seat=seat_text(seat), cards=down))
    if state.phase != BIDDING and state.taker < 0:
        lines.append("  " + msg("demo.belote.trumps_fixed", contract=contract_text(state, french)))
    calls: list[str] = []
    plays: list[str] = []
    for action in record.actions:
        seat = state.current_player
        if state.phase == BIDDING:
            calls.append(msg("show.call", seat=seat_text(seat), call=call_text(rules, action, french)))
            state.apply_action(action)
            if state.phase != BIDDING:
                lines.append("  " + msg("demo.belote.bidding", calls="; ".join(calls)))
                if state.redeal:
                    lines.append("  " + msg("demo.belote.redeal"))
                else:
                    contract = contract_text(state, french)
                    lines.append("  " + msg("demo.belote.contract", contract=contract, seat=seat_text(state.taker)))
                    if state.bergere >= 0 or state.out:
                        bergere = card_text(state.bergere, french) if state.bergere >= 0 else msg("none")
                        count = state.out.bit_count()
                        lines.append("  " + msg("demo.belote.out", card=bergere, count=count))
            continue
        if action == DECLARE:
            said = declarations_text(find(state.hands[seat]), french)
            lines.append("  " + msg("demo.belote.declares", seat=seat_text(seat), declarations=said))
            state.apply_action(action)
            continue
        belote_before = state.belote_played
        tricks_before = state.tricks_played
        points_before = list(state.card_points)
        hidden_before = list(state.hidden)
        state.apply_action(action)
        plays.append(f"{seat}:{card_text(action, french)}")
        if state.belote_played > belote_before:
            key = "demo.belote.belote" if state.belote_played == 1 else "demo.belote.rebelote"
            lines.append("  " + msg(key, seat=seat_text(seat)))
        if state.tricks_played > tricks_before:
            winner = state.last_winner
            unit = state.unit_of(winner)
            points = state.card_points[unit] - points_before[unit]
            n, said = state.tricks_played, " ".join(plays)
            lines.append("  " + msg("demo.trick", n=n, plays=said, seat=seat_text(winner), points=points))
            plays = []
            turned = [
                f"{p}:{card_text(c, french)}"
                for p in range(state.n)
                for c in cards_of(hidden_before[p] & ~state.hidden[p])
            ]
            if turned:
                lines.append("  " + msg("demo.belote.turned_up", cards=" ".join(turned)))
            if state.tricks_played == 1 and state.declared:
                lines.extend("  " + text for text in _declaration_lines(state))
    lines.extend(_score_lines(rules, record))
    return lines


def _declaration_lines(state: BeloteState) -> list[str]:
    """Who scores the declarations: a team, or each player of the winning side (at 3 players
    the taker against the two others together)."""
    side = state.decl_team
    if side < 0:
        return [msg("demo.belote.declarations.none" if state.n == 4 else "demo.belote.declarations.nobody")]
    if state.n == 4:
        return [msg("demo.belote.declarations", team=msg("team", team=side), points=state.decl_points[side])]
    return [
        msg("demo.belote.declarations", team=seat_text(s), points=state.decl_points[s])
        for s in range(state.n)
        if state.side_of(s) == side and state.decl_points[s]
    ]


def _score_lines(rules: BeloteRules, record: DealRecord) -> list[str]:
    result, st = record.result, record.settlement
    if result is None or st is None:
        return []
    lines: list[str] = []
    units = len(st.scores_after)
    solo = rules.players != 4
    name = [seat_text(u) if solo else msg("team", team=u) for u in range(units)]
    if not result.redeal:
        for u in range(units):
            text = msg(
                "demo.belote.team",
                team=name[u],
                score=result.scores[u],
                cards=result.card_points[u],
                declarations=result.declarations[u],
                belote=result.belote[u],
            )
            lines.append("  " + text)
        if result.litige:
            lines.append("  " + msg("demo.belote.litige", points=result.held))
        elif result.takers < 0:
            lines.append("  " + msg("show.result.no_taker"))
        elif result.made:
            lines.append("  " + msg("demo.belote.made", team=name[result.takers]))
        else:
            lines.append("  " + msg("demo.belote.dedans", team=name[result.takers]))
        if result.capot_team >= 0:
            lines.append("  " + msg("demo.belote.capot", team=name[result.capot_team]))
    if st.litige_to >= 0:
        lines.append("  " + msg("demo.belote.litige_paid", team=name[st.litige_to], points=record.litige_before))
    if units == 2:
        a, b = st.scores_after
        lines.append("  " + msg("demo.score", a=a, b=b))
    else:
        lines.append("  " + msg("demo.score.list", scores=scores_text(st.scores_after)))
    if st.reason == "tie":
        lines.append(msg("demo.belote.tie"))
    if st.winner < 0:
        return lines
    won = st.scores_after[st.winner]
    if st.reason == "both_past":
        if st.winner == result.takers:
            why = msg("demo.belote.why.takers")
        elif units == 2:
            why = msg("demo.belote.why.defence")
        else:
            why = msg("demo.belote.why.highest")
    if rules.players == 4:
        lost = st.scores_after[1 - st.winner]
        if st.reason == "both_past":
            lines.append(msg("demo.belote.both_past", team=name[st.winner], won=won, lost=lost, why=why))
        else:
            lines.append(msg("demo.belote.winner", team=name[st.winner], won=won, lost=lost))
    elif st.reason == "both_past":
        lines.append(msg("demo.belote.both_past.players", seat=name[st.winner], won=won, why=why))
    else:
        scores = scores_text(st.scores_after)
        lines.append(msg("demo.belote.winner.player", seat=name[st.winner], won=won, scores=scores))
    return lines
