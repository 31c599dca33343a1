"""Guiñote at the terminal table: the side panel's rows, the keys of its actions, the prompt.

Data only (rows of :mod:`tapete.core.shown`, :class:`~tapete.core.words.Say`
values); the terminal table puts them into words and colours.

>>> from tapete.games import GAMES
>>> game = GAMES["guinote"]
>>> match = game.new_match(game.rules("aragones"), seed=3)
>>> obs = game.observe(match, 0)
>>> [row.label for row in info_rows(game, obs, match)][:3]
['show.trump', 'play.info.indicator', 'show.stock']
>>> sorted(action_keys(obs))
['b', 'c', 'e', 'o', 'p', 't', 'w', 'x']
"""

from __future__ import annotations

from typing import Any, Final

from tapete.core.shown import Row
from tapete.core.words import CardRef, Say, SeatRef, SideRef, SuitRef
from tapete.guinote import actions as g

#: Keys: sing in oros, copas, espadas, bastos (the suits' initials); tute; exchange the 7; claim (win); pass.
KEYS: Final = {
    "o": g.SING + 0,
    "c": g.SING + 1,
    "e": g.SING + 2,
    "b": g.SING + 3,
    "t": g.TUTE,
    "x": g.EXCHANGE,
    "w": g.CLAIM,
    "p": g.PASS,
}


def cante_points(obs: Any, suit: int) -> int:
    rules = obs.rules
    return int(rules.cante_points_trump if suit == obs.trump else rules.cante_points_plain)


def score(rules: Any, points: int) -> Say | str:
    """A match score; with ``malas_buenas`` as players say it (002 §07: 50 malas, then buenas)."""
    if rules.malas_buenas:
        return Say("play.score.malas", points=points) if points <= 50 else Say("play.score.buenas", points=points - 50)
    return str(points)


def _cantes(obs: Any, faces: str) -> tuple[Say, ...]:
    out = []
    for seat, action in obs.cantes:
        if action == g.TUTE:
            out.append(Say("show.cante.tute", seat=SeatRef(seat)))
        else:
            suit = action - g.SING
            out.append(
                Say("show.cante.sing", seat=SeatRef(seat), points=cante_points(obs, suit), suit=SuitRef(faces, suit))
            )
    return tuple(out)


def info_rows(game: Any, obs: Any, match: Any) -> list[Row]:
    rules = obs.rules
    faces = game.faces(rules)
    n = rules.players
    rows = [Row("show.trump", (SuitRef(faces, obs.trump),))]
    if obs.indicator >= 0:
        rows.append(Row("play.info.indicator", (CardRef(faces, obs.indicator),)))
        rows.append(Row("show.stock", (Say("play.info.stock", count=obs.stock_size),)))
    else:
        rows.append(Row("show.stock", (Say("play.info.arrastre"),)))
    rows.append(Row("play.info.this_deal", kind="heading"))
    for team in (0, 1):
        points = Say(
            "play.info.guinote_points",
            side=SideRef(n, team),
            total=obs.card_points[team] + obs.cante_points[team],
            cards=obs.card_points[team],
            cantes=obs.cante_points[team],
        )
        rows.append(Row(None, (points,), "line"))
    if obs.cantes:
        rows.append(Row("show.cantes", _cantes(obs, faces), sep=", "))
    if obs.exchanged_by >= 0:
        rows.append(Row("show.exchange", (SeatRef(obs.exchanged_by),)))
    rows.append(Row("play.info.match", kind="heading"))
    for team in (0, 1):
        rows.append(
            Row(None, (Say("show.call", seat=SideRef(n, team), call=score(rules, match.scores[team])),), "line")
        )
    target: list[Say] = [Say("play.info.target", target=rules.target)]
    if rules.idas_vueltas:
        target.append(Say("show.match.vueltas" if obs.vueltas else "show.match.idas"))
    rows.append(Row(None, tuple(target), "line", " · ", quiet=True))
    if rules.partidas_to_win > 1:
        partidas = Say("play.info.partidas", a=match.partidas[0], b=match.partidas[1], needed=rules.partidas_to_win)
        rows.append(Row(None, (partidas,), "line", quiet=True))
    return rows


def strip_rows(game: Any, obs: Any, match: Any) -> list[Row]:
    rules = obs.rules
    faces = game.faces(rules)
    rows = [Row("show.trump", (SuitRef(faces, obs.trump),))]
    if obs.indicator >= 0:
        rows.append(Row("play.info.indicator", (CardRef(faces, obs.indicator),)))
        rows.append(Row("show.stock", (str(obs.stock_size),)))
    else:
        rows.append(Row("show.stock", (Say("play.strip.arrastre"),)))
    points = tuple(str(obs.card_points[t] + obs.cante_points[t]) for t in (0, 1))
    rows.append(Row("play.info.this_deal", points, sep=" - "))
    scores = tuple(score(rules, match.scores[t]) for t in (0, 1))
    rows.append(Row("play.info.match", (*scores, f"/ {rules.target}"), sep=" - "))
    return rows


def turn_prompt(obs: Any) -> Say:
    if obs.phase in ("window", "predraw"):
        return Say(f"play.status.{obs.phase}")
    return Say("play.status.play" if obs.trick else "play.status.lead")


def action_keys(obs: Any, page: int = 0) -> dict[str, int]:
    return dict(KEYS)


def action_pages(obs: Any) -> tuple[int, int]:
    return 0, 1


def action_short(game: Any, obs: Any, action: int) -> Say | Row:
    """A cante as its points and suit (``20 oros``), the exchange in two words, the rest as its label."""
    if g.SING <= action < g.SING + 4:
        suit = action - g.SING
        return Row(None, (str(cante_points(obs, suit)), SuitRef(game.faces(obs.rules), suit)), sep=" ")
    if action == g.EXCHANGE:
        return Say("play.action.exchange_short")
    label: Say = game.action_label(obs, action)
    return label
