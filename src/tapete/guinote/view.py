"""What the browser's table shows of a Guiñote deal beyond what every game shows (the server's view extras).

Public data only, from one observation and the match; labels are :class:`~tapete.core.words.Say`
values (the server says them in each viewer's language) and cards are card strings.

>>> from tapete.guinote.game import GAME
>>> match = GAME.new_match(GAME.rules("aragones"), seed=1)
>>> extras = view_extras(match, GAME.observe(match, 0))
>>> extras["trump"], extras["stock"], extras["cantes"], extras["score"]
('c', 16, [], {'partidas': [0, 0], 'partidas_to_win': 3})
>>> [action_kind(a) for a in (0, actions.SING, actions.EXCHANGE, actions.CLAIM, actions.PASS)]
['card', 'sing', 'exchange', 'claim', 'pass']
"""

from __future__ import annotations

from typing import Any

from tapete.core.cards.spanish import SPANISH
from tapete.guinote import actions
from tapete.guinote.labels import announcements


def action_kind(action: int) -> str:
    """The kind of button an action is: ``card``, ``sing`` (a cante or the tute), ``exchange``, ``claim``, ``pass``."""
    if action < SPANISH.n_cards:
        return "card"
    if action <= actions.TUTE:
        return "sing"
    return {actions.EXCHANGE: "exchange", actions.CLAIM: "claim"}.get(action, "pass")


def sheet(match: Any) -> list[dict[str, Any]]:
    """The score sheet: each finished deal's points by side (cards, last trick, cantes) and the partida's
    score after it."""
    rows = []
    for number, record in enumerate(match.deals, 1):
        if record.result is None or record.settlement is None:
            continue
        rows.append(
            {"deal": number, "points": list(record.result.totals), "totals": list(record.settlement.scores_after)}
        )
    return rows


def view_extras(match: Any, obs: Any) -> dict[str, Any]:
    """The trump and its indicator, the stock, arrastre and vueltas, the deal's points, the cantes sung."""
    rules = obs.rules
    score: dict[str, Any] = {}
    if rules.partidas_to_win > 1:
        score = {"partidas": list(match.partidas), "partidas_to_win": rules.partidas_to_win}
    sung = announcements(obs)
    return {
        "trump": SPANISH.suit_tokens[obs.trump] if obs.trump >= 0 else None,
        "indicator": actions.action_str(obs.indicator) if obs.indicator >= 0 else None,
        "stock": obs.stock_size,
        "arrastre": obs.arrastre,
        "vueltas": obs.vueltas,
        "deal_points": [obs.card_points[t] + obs.cante_points[t] for t in (0, 1)],
        "cante_points": list(obs.cante_points),
        "cantes": [
            {"seat": seat, "action": actions.action_str(action), "text": said}
            for (seat, action), said in zip(obs.cantes, sung, strict=False)
        ],
        "exchanged_by": obs.exchanged_by if obs.exchanged_by >= 0 else None,
        "score": score,
        "sheet": sheet(match),
    }


__all__ = ["action_kind", "sheet", "view_extras"]
