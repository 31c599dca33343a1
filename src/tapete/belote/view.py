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
from tapete.belote.labels import action_label, contract_label, declaration_label
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
        "bids": [
            {"seat": s, "action": actions.action_str(rules, a), "text": action_label(obs, a)} for s, a in obs.bids
        ],
        "declarations": [
            {"seat": s, "text": Say("label.declared", seat=SeatRef(s), declaration=declaration_label(k, p, h))}
            for s, k, p, h in obs.announced
        ],
        "trump_pair": {"seat": obs.belote_seat, "played": obs.belote_played} if obs.belote_seat >= 0 else None,
        "score": {"litige": litige} if litige else {},
    }


__all__ = ["action_kind", "view_extras"]
