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
from tapete.cli.messages import msg
from tapete.cli.render_belote import call_text, card_text, cards_text, contract_text, declarations_text, sorted_cards
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
        msg("demo.teams"),
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
    if hands:
        for seat, hand in enumerate(state.hands):
            cards = cards_text(sorted_cards(state, hand), french)
            lines.append("  " + msg("demo.holds", seat=seat_text(seat), cards=cards))
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
            continue
        if action == DECLARE:
            said = declarations_text(find(state.hands[seat]), french)
            lines.append("  " + msg("demo.belote.declares", seat=seat_text(seat), declarations=said))
            state.apply_action(action)
            continue
        belote_before = state.belote_played
        tricks_before = state.tricks_played
        points_before = list(state.card_points)
        state.apply_action(action)
        plays.append(f"{seat}:{card_text(action, french)}")
        if state.belote_played > belote_before:
            key = "demo.belote.belote" if state.belote_played == 1 else "demo.belote.rebelote"
            lines.append("  " + msg(key, seat=seat_text(seat)))
        if state.tricks_played > tricks_before:
            winner = state.last_winner
            points = state.card_points[winner % 2] - points_before[winner % 2]
            n, said = state.tricks_played, " ".join(plays)
            lines.append("  " + msg("demo.trick", n=n, plays=said, seat=seat_text(winner), points=points))
            plays = []
            if state.tricks_played == 1 and state.declared:
                team = state.decl_team
                if team >= 0:
                    text = msg("demo.belote.declarations", team=msg("team", team=team), points=state.decl_points[team])
                else:
                    text = msg("demo.belote.declarations.none")
                lines.append("  " + text)
    lines.extend(_score_lines(record))
    return lines


def _score_lines(record: DealRecord) -> list[str]:
    result, st = record.result, record.settlement
    if result is None or st is None:
        return []
    lines: list[str] = []
    team = (msg("team", team=0), msg("team", team=1))
    if not result.redeal:
        for t in (0, 1):
            text = msg(
                "demo.belote.team",
                team=team[t],
                score=result.scores[t],
                cards=result.card_points[t],
                declarations=result.declarations[t],
                belote=result.belote[t],
            )
            lines.append("  " + text)
        if result.litige:
            lines.append("  " + msg("demo.belote.litige", points=result.held))
        elif result.made:
            lines.append("  " + msg("demo.belote.made", team=team[result.takers]))
        else:
            lines.append("  " + msg("demo.belote.dedans", team=team[result.takers]))
        if result.capot_team >= 0:
            lines.append("  " + msg("demo.belote.capot", team=team[result.capot_team]))
    if st.litige_to >= 0:
        lines.append("  " + msg("demo.belote.litige_paid", team=team[st.litige_to], points=record.litige_before))
    a, b = st.scores_after
    lines.append("  " + msg("demo.score", a=a, b=b))
    if st.winner >= 0:
        won, lost = st.scores_after[st.winner], st.scores_after[1 - st.winner]
        if st.reason == "both_past":
            why = msg("demo.belote.why.takers" if st.winner == result.takers else "demo.belote.why.defence")
            lines.append(msg("demo.belote.both_past", team=team[st.winner], won=won, lost=lost, why=why))
        else:
            lines.append(msg("demo.belote.winner", team=team[st.winner], won=won, lost=lost))
    return lines
