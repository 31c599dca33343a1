"""Every level plays every registered game through the Game interface (bots ask the game, never name it)."""

from __future__ import annotations

import random

import pytest

from tapete.bots.base import Budget, game_of
from tapete.bots.levels import LEVELS, ByGame, make_bot
from tapete.core.errors import RulesError
from tapete.games import GAMES

#: Small budgets so a whole deal of each search level stays quick in pure Python.
BUDGETS = {"ismcts": Budget(iterations=8), "pimc": Budget(iterations=2), "medium": Budget(iterations=2),
           "hard": Budget(iterations=2), "expert": Budget(iterations=2)}  # fmt: skip


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_a_deal_of_every_game(name: str, level: str) -> None:
    game = GAMES[name]
    rules = game.rules()
    match = game.new_match(rules, seed=7)
    bots = [make_bot(level) for _ in range(game.players(rules))]
    rngs = [random.Random(seat) for seat in range(game.players(rules))]
    first = match.deals[0]
    moves = 0
    while first.result is None and moves < 60:
        seat = match.current_player
        obs = game.observe(match, seat)
        action = bots[seat].act(obs, rngs[seat], BUDGETS.get(level))
        assert action in obs.legal_actions, (level, name, action)
        match.apply_action(action)
        moves += 1
    assert moves > 0


def test_the_game_of_an_observation_is_found_from_its_rules() -> None:
    for game in GAMES.values():
        match = game.new_match(game.rules(), seed=1)
        assert game_of(game.observe(match, match.current_player)) is game
        assert game_of(match.deal) is game


def test_a_by_game_level_makes_one_bot_per_game() -> None:
    made: list[str] = []

    def make(game: object) -> object:
        made.append(game.name)  # type: ignore[attr-defined]
        return make_bot("random")

    level = ByGame("probe", make)  # type: ignore[arg-type]
    for _ in range(2):
        for game in GAMES.values():
            match = game.new_match(game.rules(), seed=3)
            obs = game.observe(match, match.current_player)
            assert level.act(obs, random.Random(0)) in obs.legal_actions
    assert made == list(GAMES)


def test_an_object_of_no_game_is_refused() -> None:
    class Stranger:
        rules = object()
        legal_actions = (0,)
        seat = 0

    with pytest.raises(RulesError):
        make_bot("heuristic").act(Stranger(), random.Random(0))
