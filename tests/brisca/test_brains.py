"""The Brisca heuristic player: legal, sensible in plain cases, and better than random play."""

from __future__ import annotations

import random

from tapete.brisca.actions import EXCHANGE
from tapete.brisca.brains import heuristic_action, rollout_policy
from tapete.brisca.game import GAME
from tapete.brisca.observation import observe
from tapete.core.cards.spanish import parse_card

from .helpers import deal, play


def test_it_takes_a_better_muestra_and_wins_points_cheaply() -> None:
    s = deal("brisca-2p", ["1o 2o 3o", "7b 5c 6e"], muestra="1b")
    assert heuristic_action(observe(s, 1), random.Random(0)) == EXCHANGE
    s = deal("brisca-2p", ["Co 3o 2b", "1o 5c 6e"], muestra="Rb")
    play(s, "1o")  # seat 1 leads the as de oros: 11 points
    assert heuristic_action(observe(s, 0), random.Random(0)) == parse_card("2b")  # the cheapest trump
    s = deal("brisca-2p", ["Co 3o 2b", "4o 5c 6e"], muestra="Rb")
    play(s, "4o")  # nothing to win: throw the cheapest card, keep the trump
    assert heuristic_action(observe(s, 0), random.Random(0)) == parse_card("Co")


def test_it_loads_points_on_the_partners_trick_when_last() -> None:
    s = deal("brisca", ["1c 4o 4e", "5o 5c 5e", "1o 6c 6e", "2o 3c 7e"], muestra="Rb")
    play(s, "5o", "1o")  # seat 1 leads, seat 2 takes it with the as
    assert s.cur == 3 and heuristic_action(observe(s, 3), random.Random(0)) != parse_card("3c")
    play(s, "2o")
    assert heuristic_action(observe(s, 0), random.Random(0)) == parse_card("1c")  # eleven for the partner


def test_heuristic_beats_random_over_matches() -> None:
    rng = random.Random(7)
    wins = 0
    for seed in range(12):
        match = GAME.new_match(GAME.rules("brisca-2p").replace(deals_to_win=1), seed=seed)
        while not match.is_terminal():
            seat = match.current_player
            legal = match.legal_actions()
            if seat == seed % 2:
                match.apply_action(heuristic_action(GAME.observe(match, seat), rng))
            else:
                match.apply_action(rollout_policy(match.deal, legal, rng))
        wins += match.winner == seed % 2
    assert wins >= 8
