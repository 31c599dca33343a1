"""What happened in a Belote deal, as events told from one viewer's observations (public facts only).

:func:`narrate` says what one action did: a call of the taking or the auction
("Ana took in clubs", "player 2 passed"), a coinche, the contract made, the
declarations and belote-rebelote, cards and tricks (004). :func:`deal_breakdown`
says how a finished deal scored. Both return :class:`~tapete.core.words.Say` values.
:func:`banners` says which moments a table shouts: belote, rebelote, a coinche, a surcoinche, a capot.

>>> from tapete.belote.game import GAME
>>> match = GAME.new_match(GAME.rules("classique"), seed=4)
>>> seat = match.current_player
>>> before = GAME.observe(match, 0)
>>> match.apply_action(ba.PASS)
>>> [s.key for s in narrate(before, ba.PASS, GAME.observe(match, 0), seat)]
['event.pass']
"""

from __future__ import annotations

from typing import Any

from tapete.belote import actions as ba
from tapete.belote.labels import card_points, card_ref, contract_label, contract_word, declaration_label
from tapete.belote.scoring import auction_terms
from tapete.core.words import Say, SeatRef, SideRef


def narrate(before: Any, action: int, after: Any, seat: int) -> list[Say]:
    """The events of ``seat`` taking ``action`` (``before``/``after``: one viewer's observations)."""
    b, a, who = before, after, SeatRef(seat)
    lines: list[Say] = []
    if 0 <= action < 32:
        if a.belote_played > b.belote_played:
            lines.append(Say("event.belote" if a.belote_played == 1 else "event.rebelote", seat=who))
        lines.append(Say("event.card", seat=who, card=card_ref(action)))
        if len(a.tricks) > len(b.tricks):
            _, winner, cards = a.tricks[-1]
            points = sum(card_points(a, c) for c in cards)
            lines.append(Say("event.trick", count=points, seat=SeatRef(winner), points=points))
        if len(a.tricks) == 1 and not b.tricks and a.announced:
            if a.decl_team >= 0:
                side = SideRef(a.rules.players, a.decl_team)
                lines.append(Say("event.declarations", side=side, points=sum(a.decl_points)))
            else:
                lines.append(Say("event.declarations.none"))
        return lines
    if action == ba.DECLARE:
        mine = [d for d in a.announced if d[0] == seat]
        lines += [Say("event.declare", seat=who, declaration=declaration_label(k, p, h)) for _, k, p, h in mine]
        return lines
    lines.append(_call(b, action, who))
    if a.round > b.round:
        lines.append(Say("event.second_round"))
    if a.phase == "play" and b.phase == "bidding" and a.taker >= 0:
        lines.append(Say("event.contract", contract=contract_label(a), seat=SeatRef(a.taker)))
    return lines


def banners(before: Any, action: int, after: Any, seat: int) -> list[Say]:
    """The exclamations of ``seat`` taking ``action``: belote and rebelote as the king and queen of
    trumps are played, a coinche, a surcoinche, and a capot when the card ended a deal in which one
    side took every trick."""
    if 0 <= action < 32:
        out: list[Say] = []
        if after.belote_played > before.belote_played:
            out.append(Say("banner.belote" if after.belote_played == 1 else "banner.rebelote"))
        if len(after.tricks) > len(before.tricks) and capot(after):
            out.append(Say("banner.capot"))
        return out
    if action == ba.COINCHE:
        return [Say("banner.coinche")]
    if action == ba.SURCOINCHE:
        return [Say("banner.surcoinche")]
    return []


def capot(obs: Any) -> bool:
    """Whether a deal is over with every card played and every trick taken by one side (a team at four
    players, else one player)."""
    tricks = obs.tricks
    if obs.phase != "over" or not tricks or any(obs.hand_sizes):
        return False
    n = obs.rules.players
    return len({winner % 2 if n == 4 else winner for _, winner, _ in tricks}) == 1


def _call(b: Any, action: int, who: SeatRef) -> Say:
    if action == ba.PASS:
        return Say("event.pass", seat=who)
    if action == ba.COINCHE:
        return Say("event.coinche", seat=who)
    if action == ba.SURCOINCHE:
        return Say("event.surcoinche", seat=who)
    if ba.TAKE <= action < ba.BID:
        return Say("event.take", seat=who, contract=contract_word(action - ba.TAKE))
    value, contract = ba.bid_of(b.rules, action)
    if value == ba.CAPOT:
        return Say("event.bid.capot", seat=who, contract=contract_word(contract))
    if value == ba.GENERALE:
        return Say("event.bid.generale", seat=who, contract=contract_word(contract))
    return Say("event.bid", seat=who, points=value, contract=contract_word(contract))


def _sum(terms: list[tuple[int, int]], score: int) -> str:
    """A side's score as it adds up: ``160 + 110 x 4 + 140 = 740`` with the multiplication sign, and
    ``→ 750`` after it where the rules round."""
    total = sum(p * m for p, m in terms)
    text = " + ".join(f"{p} \u00d7 {m}" if m > 1 else str(p) for p, m in terms) + f" = {total}"
    return text if total == score else f"{text} → {score}"


def deal_breakdown(rules: Any, record: Any, final: Any = None) -> list[Say]:
    """The score of a finished deal by side (cards, declarations, belote), made or dedans, and the match."""
    r, st = record.result, record.settlement
    n = rules.players
    lines = [Say("play.deal.over")]
    if r.redeal:
        lines.append(Say("show.result.redeal"))
        return lines
    if final is not None and final.taker >= 0:
        lines.append(Say("event.contract", contract=contract_label(final), seat=SeatRef(final.taker)))
    for unit, score in enumerate(r.scores):
        lines.append(
            Say(
                "demo.belote.team",
                team=SideRef(n, unit),
                score=score,
                cards=r.card_points[unit],
                declarations=r.declarations[unit],
                belote=r.belote[unit],
            )
        )
    if rules.bidding == "auction" and rules.scoring != "classic" and n == 4 and r.takers >= 0:
        for unit, terms in enumerate(auction_terms(rules, r)):
            if terms:
                lines.append(Say("demo.belote.sum", team=SideRef(n, unit), sum=_sum(terms, r.scores[unit])))
    if r.takers >= 0:
        if r.litige:
            lines.append(Say("demo.belote.litige", points=r.held))
        else:
            lines.append(Say("demo.belote.made" if r.made else "demo.belote.dedans", team=SideRef(n, r.takers)))
    if r.capot_team >= 0:
        lines.append(Say("demo.belote.capot", team=SideRef(n, r.capot_team)))
    if st.litige_to >= 0:
        lines.append(Say("demo.belote.litige_paid", team=SideRef(n, st.litige_to), points=record.litige_before))
    scores = st.scores_after
    said: dict[str, Any] = {f"s{i}": Say("label.points", points=s) for i, s in enumerate(scores)}
    lines.append(Say(f"event.scores.{len(scores)}", **said))
    if st.reason == "tie":
        lines.append(Say("demo.belote.tie"))
    return lines


__all__ = ["banners", "capot", "deal_breakdown", "narrate"]
