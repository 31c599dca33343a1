"""Seats for people: what the server tells a browser numbers seats 1-4 and names teams by who sits in them.

The terminal keeps its own words ("seat 0"); a server table never shows a seat 0, a team 0 or a Bot 0.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from tapete.games import GAMES
from tapete.server.live import step
from tapete.server.wire import DealEnd, TableFacts, event_lines, narration_names, seat_view, spectator_view
from tapete.text.render import side_label

PRESETS = [(g.name, p) for g in GAMES.values() for p in g.presets]
#: "seat 0", "jugador 0", "joueur 0", "team 0", "pareja 0", "équipe 0", "Bot 0", "Robot 0", "Asiento 0", "Place 0".
ZERO = re.compile(r"\b(seats?|jugador(es)?|joueurs?|team|pareja|équipe|bot|robot|asiento|place)\s+0\b", re.I)


def _facts(n: int, named: bool) -> TableFacts:
    if not named:
        return TableFacts.empty(n)
    names = ("Ana", "", "Luis", "robot")[:n] if n == 4 else ("Ana", "")[:n] + ("",) * (n - 2)
    kinds = tuple("bot" if i == n - 1 else ("human" if names[i] else "open") for i in range(n))
    levels = tuple("easy" if k == "bot" else None for k in kinds)
    return TableFacts(names, kinds, (True,) * n, (False,) * n, levels=levels)


@pytest.mark.parametrize(("game_name", "preset"), PRESETS)
@pytest.mark.parametrize("named", [False, True])
def test_no_view_or_line_tells_a_seat_zero(game_name: str, preset: str, named: bool) -> None:
    game = GAMES[game_name]
    match = game.new_match(game.rules(preset), seed=5)
    n = match.players
    facts = _facts(n, named)
    rng = random.Random(5)
    ended = None
    seen: list[str] = []
    for _ in range(400):
        if match.is_terminal():
            break
        deal = match.deal
        happened = step(game, match, match.current_player, rng.choice(match.legal_actions()))
        for lang in ("en", "es", "fr"):
            told = narration_names(facts.names, facts.kinds, facts.levels, lang)
            seen += event_lines(game, happened, lang, told if named else ())
        if match.deal is not deal and happened.record is not None:
            ended = DealEnd(happened.record, happened.after)
            for lang in ("en", "es", "fr"):
                for seat in range(n):
                    seen.append(json.dumps(seat_view(game, match, seat, facts, ended, lang), ensure_ascii=False))
                seen.append(json.dumps(spectator_view(game, match, facts, ended, lang), ensure_ascii=False))
            break
    for lang in ("en", "es", "fr"):
        for seat in range(n):
            seen.append(json.dumps(seat_view(game, match, seat, facts, ended, lang), ensure_ascii=False))
    bad = [line for line in seen if ZERO.search(line)]
    assert not bad, ZERO.search(bad[0]).group(0) + " in " + bad[0][:300]  # type: ignore[union-attr]


def test_bots_are_numbered_from_one() -> None:
    names = narration_names(["Ana", "x"], ["human", "bot"], [None, "medium"], "en")
    assert names == ("Ana", "Bot 2 (medium)")


def test_teams_are_named_by_who_sits_in_them() -> None:
    from tapete.server.lang import speaking
    from tapete.text.render import use_names

    names = ("Ana", "Bot 2 (easy)", "Luis", "Bot 4 (easy)")
    with speaking("en"), use_names(names, viewer=0):
        assert str(side_label(4, 0)) == "you and Luis"
        assert str(side_label(4, 1)) == "Bot 2 (easy) and Bot 4 (easy)"
    with speaking("es"), use_names(names, viewer=2):
        assert str(side_label(4, 0)) == "tú y Ana"
        assert format(side_label(4, 0), "de") == "de ti y Ana"
    with speaking("fr"), use_names(names):
        assert str(side_label(4, 0)) == "Ana et Luis"
        assert format(side_label(4, 0), "de") == "d'Ana et Luis"
    with speaking("es"):
        assert str(side_label(4, 0)) == "la pareja 1" and str(side_label(4, 1)) == "la pareja 2"
    assert str(side_label(4, 0)) == "team 0"  # the terminal keeps its words


def test_the_views_breakdown_names_the_viewers_team() -> None:
    game = GAMES["belote"]
    match = game.new_match(game.rules("classique"), seed=2)
    facts = TableFacts(
        ("Ana", "Bo", "Luis", "x"), ("human", "human", "human", "bot"), (True,) * 4, (False,) * 4,
        levels=(None, None, None, "easy"),
    )  # fmt: skip
    rng = random.Random(1)
    while True:
        deal = match.deal
        happened = step(game, match, match.current_player, rng.choice(match.legal_actions()))
        if match.deal is not deal:
            break
    ended = DealEnd(happened.record, happened.after)
    text = json.dumps(seat_view(game, match, 0, facts, ended, "en")["breakdown"])
    assert "you and Luis" in text or "Bo and Bot 4 (easy)" in text, text
