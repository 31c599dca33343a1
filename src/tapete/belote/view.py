"""What the browser's table shows of a Belote deal beyond what every game shows (the server's view extras).

Public data only, from one observation and the match; labels are :class:`~tapete.core.words.Say`
values (the server says them in each viewer's language) and cards are card strings.

>>> from tapete.belote.game import GAME
>>> match = GAME.new_match(GAME.rules("classique"), seed=1)
>>> extras = view_extras(match, GAME.observe(match, 0))
>>> extras["trump"], extras["contract"], extras["bidding"]["round"], extras["retourne"] is not None
(None, None, 1, True)
>>> [action_kind(a) for a in (31, actions.PASS, actions.COINCHE, actions.DECLARE, actions.TAKE, actions.BID)]
['card', 'pass', 'coinche', 'declare', 'take', 'bid']
"""

from __future__ import annotations

from typing import Any

from tapete.belote import actions
from tapete.belote.labels import action_label, contract_label, contract_word, declaration_label
from tapete.belote.tables import CONTRACT_NAMES
from tapete.core.cards.deck import cards_of
from tapete.core.cards.french import FRENCH_32
from tapete.core.words import Say, SeatRef


def action_kind(action: int) -> str:
    """The kind of button an action is: ``card``, ``bid``, ``take``, ``pass``, ``coinche``, ``surcoinche``, ``declare``
    (the browser lays bids out as a list when there are many)."""
    if action < FRENCH_32.n_cards:
        return "card"
    if action >= actions.BID:
        return "bid"
    if action >= actions.TAKE:
        return "take"
    kinds = {actions.PASS: "pass", actions.COINCHE: "coinche", actions.SURCOINCHE: "surcoinche"}
    return kinds.get(action, "declare")


def _card(card: int) -> str | None:
    return FRENCH_32.card_str(card) if card >= 0 else None


def bid_grid(obs: Any) -> dict[str, Any] | None:
    """The legal bids of the seat to act as a grid, as a bidding box lays them out: a row a value (80, 90...,
    capot, générale), a column a contract (the four suits, sans-atout, tout-atout), and in each cell the
    action string of a legal bid or None. Rows without a legal bid are left out; None when no bid is legal.

    >>> from tapete.belote.game import GAME
    >>> match = GAME.new_match(GAME.rules("contree"), seed=1)
    >>> grid = bid_grid(GAME.observe(match, match.current_player))
    >>> [c["key"] for c in grid["columns"]], grid["rows"][0]["cells"][:2], grid["rows"][-1]["text"].key
    (['s', 'h', 'd', 'c', 'sa', 'ta'], ['bid:80:s', 'bid:80:h'], 'label.bid.row.capot')
    """
    rules = obs.rules
    bids = [a for a in obs.legal_actions if a >= actions.BID]
    if not bids:
        return None
    levels = actions.bid_levels(rules)
    legal = set(bids)
    used = sorted({actions.bid_of(rules, a)[1] for a in bids})
    rows = []
    for value in levels:
        cells = [actions.bid_action(rules, value, c) for c in used]
        if not any(a in legal for a in cells):
            continue
        if value == actions.CAPOT:
            text: Say | str = Say("label.bid.row.capot")
        elif value == actions.GENERALE:
            text = Say("label.bid.row.generale")
        else:
            text = str(value)
        rows.append({"text": text, "cells": [actions.action_str(rules, a) if a in legal else None for a in cells]})
    columns = [
        {
            "key": CONTRACT_NAMES[c],
            "suit": FRENCH_32.suit_tokens[c] if c < FRENCH_32.n_suits else None,
            "text": Say("label.contract", contract=contract_word(c)),
        }
        for c in used
    ]
    return {"columns": columns, "rows": rows}


def sheet(match: Any) -> list[dict[str, Any]]:
    """The score sheet: each finished deal's points by side (what it added to the match score, litige
    paid included) and the match score after it."""
    rows = []
    for number, record in enumerate(match.deals, 1):
        st = record.settlement
        if st is None:
            continue
        points = [after - before for after, before in zip(st.scores_after, record.scores_before, strict=True)]
        rows.append({"deal": number, "points": points, "totals": list(st.scores_after)})
    return rows


def view_extras(match: Any, obs: Any) -> dict[str, Any]:
    """Trumps, the retourne or the bergère, the auction, the contract, declarations, the points, and who
    holds the king and queen of trumps (belote-rebelote: ``trump_pair``) once announced."""
    rules = obs.rules
    contract = None
    if obs.contract >= 0:
        contract = {
            "name": CONTRACT_NAMES[obs.contract],
            "text": contract_label(obs) or Say("label.contract", contract=CONTRACT_NAMES[obs.contract]),
            "taker": obs.taker if obs.taker >= 0 else None,
            "multiplier": obs.multiplier,
        }
    bidding = None
    if obs.phase == "bidding":
        high = None
        if obs.high_bid >= 0:
            high = {
                "seat": obs.high_seat,
                "action": actions.action_str(rules, obs.high_bid),
                "text": action_label(obs, obs.high_bid),
            }
        bidding = {
            "round": obs.round,
            "high": high,
            "coinched_by": obs.coinched_by if obs.coinched_by >= 0 else None,
            "surcoinched": obs.surcoinched,
        }
    covered = None
    if rules.layout == "decouverte":
        covered = [[FRENCH_32.card_str(c) for c in cards_of(m)] for m in obs.covered]
    litige = int(match.litige)
    return {
        "trump": FRENCH_32.suit_tokens[obs.trump] if 0 <= obs.trump < FRENCH_32.n_suits else None,
        "retourne": _card(obs.retourne),
        "bergere": _card(obs.bergere),
        "stock": obs.undealt if obs.undealt else None,
        "covered": covered,
        "deal_points": list(obs.card_points),
        "declared_points": list(obs.decl_points),
        "contract": contract,
        "bidding": bidding,
        "bid_grid": bid_grid(obs) if obs.phase == "bidding" else None,
        "bids": [
            {"seat": s, "action": actions.action_str(rules, a), "text": action_label(obs, a)} for s, a in obs.bids
        ],
        "declarations": [
            {"seat": s, "text": Say("label.declared", seat=SeatRef(s), declaration=declaration_label(k, p, h))}
            for s, k, p, h in obs.announced
        ],
        "trump_pair": {"seat": obs.belote_seat, "played": obs.belote_played} if obs.belote_seat >= 0 else None,
        "score": {"litige": litige} if litige else {},
        "sheet": sheet(match),
    }


__all__ = ["action_kind", "bid_grid", "sheet", "view_extras"]
