"""Belote at the terminal table: the side panel's rows, the keys of its calls, the prompt.

Data only (rows of :mod:`tapete.core.shown`, :class:`~tapete.core.words.Say`
values); the terminal table puts them into words and colours.

>>> from tapete.games import GAMES
>>> game = GAMES["belote"]
>>> match = game.new_match(game.rules("classique"), seed=3)
>>> obs = game.observe(match, 0)
>>> sorted(action_keys(obs))
['a', 'c', 'd', 'e', 'h', 'p', 's', 't', 'x']
"""

from __future__ import annotations

from typing import Any, Final

from tapete.belote import actions as b
from tapete.belote.shown import bid, call, contract_name
from tapete.core.shown import Part, Row
from tapete.core.words import CardRef, Say, SeatRef, SideRef

#: Contract keys: spades, hearts, diamonds, clubs, sans-atout (a), tout-atout (t).
CONTRACT_KEYS: Final = "shdcat"
_SYMBOLS: Final = "♠♥♦♣"


def _units(rules: Any) -> int:
    return 2 if rules.players == 4 else int(rules.players)


def contract(obs: Any, faces: str) -> Part:
    """The contract in play: its bid or suit, and a coinche."""
    text: Part
    if obs.rules.bidding == "auction" and obs.bid:
        text = bid(obs.bid, obs.contract, faces)
    else:
        text = contract_name(obs.contract, faces)
    if obs.multiplier == 2:
        return Say("show.contract.coinched", contract=text, multiplier=obs.multiplier)
    if obs.multiplier > 2:
        return Say("show.contract.surcoinched", contract=text, multiplier=obs.multiplier)
    return text


def _retourne(obs: Any, faces: str) -> Row:
    parts: list[Part] = [CardRef(faces, obs.retourne)]
    if obs.phase == "bidding":
        parts.append(Say("play.info.round", round=obs.round))
    return Row("show.retourne", tuple(parts), sep=" · ")


def _high(obs: Any, faces: str) -> Say:
    high = Say("show.contract.high", bid=call(obs.rules, obs.high_bid, faces), seat=SeatRef(obs.high_seat))
    if obs.coinched_by >= 0:
        high = Say("show.contract.high_coinched", high=high, seat=SeatRef(obs.coinched_by))
    return high


def info_rows(game: Any, obs: Any, match: Any) -> list[Row]:
    rules = obs.rules
    faces = game.faces(rules)
    n = rules.players
    rows: list[Row] = []
    if obs.retourne >= 0:
        rows.append(_retourne(obs, faces))
    if obs.bergere >= 0:
        rows.append(Row("show.bergere", (CardRef(faces, obs.bergere),)))
    if obs.phase == "bidding" and obs.high_bid >= 0:
        rows.append(Row("show.bidding", (_high(obs, faces),)))
    if obs.contract >= 0:
        taken: Part = contract(obs, faces)
        if obs.taker >= 0:
            taken = Say("show.contract.taken", contract=taken, seat=SeatRef(obs.taker))
        rows.append(Row("show.contract", (taken,)))
    if obs.phase != "bidding":
        rows.append(Row("play.info.this_deal", kind="heading"))
        for unit in range(_units(rules)):
            points = Say(
                "play.info.belote_points",
                side=SideRef(n, unit),
                cards=obs.card_points[unit],
                declarations=obs.decl_points[unit],
            )
            rows.append(Row(None, (points,), "line"))
    if obs.belote_seat >= 0:
        key = "play.log.belote" if obs.belote_played == 1 else "play.log.rebelote"
        rows.append(Row("show.belote", (Say(key, seat=SeatRef(obs.belote_seat)),)))
    rows.append(Row("play.info.match", kind="heading"))
    for unit in range(_units(rules)):
        rows.append(Row(None, (Say("show.call", seat=SideRef(n, unit), call=str(match.scores[unit])),), "line"))
    rows.append(Row(None, (Say("play.info.target", target=rules.target),), "line", quiet=True))
    if match.litige:
        rows.append(Row(None, (Say("play.info.litige", points=match.litige),), "line", quiet=True))
    return rows


def strip_rows(game: Any, obs: Any, match: Any) -> list[Row]:
    rules = obs.rules
    faces = game.faces(rules)
    rows: list[Row] = []
    if obs.retourne >= 0:
        rows.append(_retourne(obs, faces))
    if obs.bergere >= 0:
        rows.append(Row("show.bergere", (CardRef(faces, obs.bergere),)))
    if obs.phase == "bidding" and obs.high_bid >= 0:
        rows.append(Row("show.bidding", (call(rules, obs.high_bid, faces), Say("play.seat.short", seat=obs.high_seat)),
                        sep=" "))  # fmt: skip
    if obs.contract >= 0:
        parts: list[Part] = [contract(obs, faces)]
        if obs.taker >= 0:
            parts.append(Say("play.seat.short", seat=obs.taker))
        rows.append(Row("show.contract", tuple(parts), sep=" "))
    units = _units(rules)
    if obs.phase != "bidding":
        points = tuple(
            f"{obs.card_points[u]}+{obs.decl_points[u]}" if obs.decl_points[u] else str(obs.card_points[u])
            for u in range(units)
        )
        rows.append(Row("play.info.this_deal", points, sep=" - "))
    scores = tuple(str(match.scores[u]) for u in range(units))
    rows.append(Row("play.info.match", (Row(None, scores, sep=" - "), f"/ {rules.target}"), sep=" "))
    return rows


def turn_prompt(obs: Any) -> Say:
    if obs.phase == "bidding":
        return Say("play.status.bid")
    return Say("play.status.play" if obs.trick else "play.status.lead")


def action_keys(obs: Any, page: int = 0) -> dict[str, int]:
    """Pass, coinche (or surcoinche), declare; in the bidding a contract letter takes (or bids, on ``page``)."""
    keys = {"p": b.PASS, "x": b.SURCOINCHE if obs.coinched_by >= 0 else b.COINCHE, "e": b.DECLARE}
    if obs.phase == "bidding":
        auction = obs.rules.bidding == "auction"
        for i, key in enumerate(CONTRACT_KEYS):
            keys[key] = b.BID + page * 6 + i if auction else b.TAKE + i
    return keys


def action_pages(obs: Any) -> tuple[int, int]:
    """The auction's bid levels: the lowest still open, and how many there are."""
    if obs.rules.bidding != "auction" or obs.phase != "bidding":
        return 0, 1
    low = 0 if obs.high_bid < 0 else (obs.high_bid - b.BID) // 6 + 1
    return low, len(b.bid_levels(obs.rules))


def action_short(game: Any, obs: Any, action: int) -> Say | Row:
    """A take or a bid in a few cells: ``♠``, ``110♠``, ``110 SA``, ``capot ♥``."""

    def short(c: int) -> Part:
        return _SYMBOLS[c] if c < 4 else Say("play.contract.sa" if c == 4 else "play.contract.ta")

    if b.TAKE <= action < b.BID:
        return Row(None, (short(action - b.TAKE),))
    if action >= b.BID:
        value, c = b.bid_of(obs.rules, action)
        if value == b.CAPOT:
            return Say("call.capot", contract=short(c))
        if value == b.GENERALE:
            return Say("call.generale", contract=short(c))
        return Row(None, (str(value), short(c)), sep="" if c < 4 else " ")
    label: Say = game.action_label(obs, action)
    return label
