"""What the browser's table shows of a Brisca deal beyond what every game shows (the server's view extras).

Public data only, from one observation and the match: the trump and the muestra (under the key
``indicator`` the browser knows), the stock, the deal's points, the exchanges, and the partner's
hand where the rules show it (``shown_hands``).

>>> from tapete.brisca.game import GAME
>>> match = GAME.new_match(GAME.rules("brisca-ensenando"), seed=1)
>>> extras = view_extras(match, GAME.observe(match, 0))
>>> extras["stock"], extras["score"], len(extras["shown_hands"]["2"])
(28, {'deals_to_win': 3}, 3)
"""

from __future__ import annotations

from typing import Any

from tapete.brisca import actions
from tapete.brisca.words import announcements
from tapete.core.cards.spanish import SPANISH


def action_kind(action: int) -> str:
    """``card`` for a card, ``exchange`` for taking the muestra."""
    return "card" if action < SPANISH.n_cards else "exchange"


def sheet(match: Any) -> list[dict[str, Any]]:
    """The score sheet: each finished deal's points by side (its card points, or the deal won) and the match
    score after it."""
    rows = []
    for number, record in enumerate(match.deals, 1):
        if record.result is None:
            continue
        after = match.deals[number].scores_before if number < len(match.deals) else tuple(match.scores)
        points = [a - b for a, b in zip(after, record.scores_before, strict=True)]
        rows.append({"deal": number, "points": points, "totals": list(after)})
    return rows


def view_extras(match: Any, obs: Any) -> dict[str, Any]:
    rules = obs.rules
    score: dict[str, Any] = (
        {"deals_to_win": rules.deals_to_win} if rules.match_by == "deals" else {"target": rules.target}
    )
    shown: dict[str, list[str]] = {}
    if obs.partner_shown:
        shown[str(obs.partner)] = [actions.action_str(c) for c in obs.partner_hand]
    return {
        "trump": SPANISH.suit_tokens[obs.trump],
        "indicator": actions.action_str(obs.muestra) if obs.muestra >= 0 else None,
        "stock": obs.stock_size,
        "deal_points": list(obs.card_points),
        "exchanges": [
            {"seat": seat, "action": "exchange", "text": said}
            for (seat, _, _), said in zip(obs.exchanges, announcements(obs), strict=True)
        ],
        "shown_hands": shown,
        "score": score,
        "sheet": sheet(match),
    }


__all__ = ["action_kind", "sheet", "view_extras"]
