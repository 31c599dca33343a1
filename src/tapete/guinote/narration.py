"""What happened in a Guiñote deal, as events told from one viewer's observations (public facts only).

:func:`narrate` says what one action did (a card played and the trick it
won, a cante, the 7 exchange, the draw, the arrastre); :func:`deal_breakdown`
says how a finished deal scored and what it did to the match (002 §07).
Both return :class:`~tapete.core.words.Say` values: events, never a button's verb.
:func:`banners` says which of those moments a table shouts: a cante ("¡Las cuarenta!", "¡Las
veinte en oros!"), the tute, a capote.

>>> from tapete.guinote.game import GAME
>>> match = GAME.new_match(GAME.rules("aragones-2p"), seed=3)
>>> seat = match.current_player
>>> before = GAME.observe(match, seat)
>>> match.apply_action(5)
>>> [s.key for s in narrate(before, 5, GAME.observe(match, seat), seat)]
['event.card']
"""

from __future__ import annotations

from typing import Any

from tapete.core.words import Say, SeatRef, SideRef
from tapete.guinote import actions as ga
from tapete.guinote.labels import cante_points, card_ref, score_label, siete_of_trumps, suit_ref
from tapete.guinote.tables import tables_for


def narrate(before: Any, action: int, after: Any, seat: int) -> list[Say]:
    """The events of ``seat`` taking ``action`` (``before``/``after``: one viewer's observations)."""
    b, a, who = before, after, SeatRef(seat)
    rules = b.rules
    lines: list[Say] = []
    if 0 <= action < 40:
        lines.append(Say("event.card", seat=who, card=card_ref(rules, action)))
        if len(a.tricks) > len(b.tricks):
            _, winner, cards = a.tricks[-1]
            points = sum(tables_for(rules).points[c] for c in cards)
            lines.append(Say("event.trick", count=points, seat=SeatRef(winner), points=points))
    elif ga.SING <= action < ga.SING + 4:
        suit = action - ga.SING
        points = cante_points(b, suit)
        key = {20: "event.sing.twenty", 40: "event.sing.forty"}.get(points, "event.sing")
        lines.append(Say(key, seat=who, points=points, suit=suit_ref(rules, suit)))
    elif action == ga.TUTE:
        lines.append(Say("event.tute", seat=who))
    elif action == ga.EXCHANGE:
        siete = card_ref(rules, siete_of_trumps(b))
        lines.append(Say("event.exchange", seat=who, siete=siete, card=card_ref(rules, b.indicator)))
    elif action == ga.CLAIM:
        lines.append(Say("event.claim", seat=who))
    # A pass (declining a cante or the 7 exchange) is silent: no line, to anyone
    # (GuinoteGame.is_silent); only the draw it lets happen is told below.
    if a.stock_size < b.stock_size and a.phase != "over":
        if a.arrastre and not b.arrastre:
            lines.append(Say("event.arrastre"))
        else:
            lines.append(Say("event.draw", count=a.stock_size))
    return lines


def banners(before: Any, action: int, after: Any, seat: int) -> list[Say]:
    """The exclamations of ``seat`` taking ``action``: its cante or tute, and a capote when the card
    ended a deal in which one side took every trick. A pass (not singing, keeping the 7) has none."""
    rules = before.rules
    if ga.SING <= action < ga.SING + 4:
        suit = action - ga.SING
        points = cante_points(before, suit)
        if points == 40:
            return [Say("banner.sing.forty")]
        if points == 20:
            return [Say("banner.sing.twenty", suit=suit_ref(rules, suit))]
        return [Say("banner.sing", points=points, suit=suit_ref(rules, suit))]
    if action == ga.TUTE:
        return [Say("banner.tute")]
    if 0 <= action < 40 and capote(after):
        return [Say("banner.capote")]
    return []


def capote(obs: Any) -> bool:
    """Whether a deal is over with every card played and every trick taken by one side."""
    tricks = obs.tricks
    if obs.phase != "over" or not tricks or any(obs.hand_sizes) or obs.stock_size:
        return False
    return len({winner % 2 for _, winner, _ in tricks}) == 1


def deal_breakdown(rules: Any, record: Any, final: Any = None) -> list[Say]:
    """The score of a finished deal by side, its tute, claim or capote, and the match after it."""
    r, st = record.result, record.settlement
    n = rules.players
    lines = [Say("play.deal.over")]
    for team in (0, 1):
        lines.append(
            Say(
                "show.result.team",
                team=SideRef(n, team),
                total=r.totals[team],
                cards=r.card_points[team],
                cantes=r.cante_points[team],
                last=r.last_trick[team],
                capote=r.capote_bonus[team],
                tricks=r.tricks[team],
            )
        )
    if r.tute_team >= 0:
        lines.append(Say("show.result.tute", team=SideRef(n, r.tute_team)))
    if r.claim_team >= 0:
        key = "show.result.claim_ok" if r.claim_ok else "show.result.claim_wrong"
        lines.append(Say(key, team=SideRef(n, r.claim_team)))
    if r.capote_team >= 0:
        lines.append(Say("show.result.capote", team=SideRef(n, r.capote_team)))
    scores = st.scores_after
    said: dict[str, Any] = {f"s{i}": score_label(rules, s) for i, s in enumerate(scores)}
    lines.append(Say(f"event.scores.{len(scores)}", **said))
    if st.replay:
        lines.append(Say("play.deal.tie_replay"))
    elif st.partida_winner >= 0:
        lines.append(Say("play.deal.partida", side=SideRef(n, st.partida_winner), why=Say(f"play.why.{st.reason}")))
    elif st.vueltas_next:
        lines.append(Say("play.deal.vueltas", target=rules.target))
    return lines


__all__ = ["banners", "capote", "deal_breakdown", "narrate"]
