"""The ``ismcts`` bot: honest (a function of the observation), legal everywhere, reproducible, stronger than random.

Rules relied on: the claim (docs/rules/guinote.md "Claims", from seed 002 §07 and 003: a right
claim wins the partida, a short one loses it under ``wrong_claim_loses``); everything else is the
engines' own legal actions, which the bot only chooses among.
"""

from __future__ import annotations

import dataclasses
import random
from functools import partial
from typing import Any

import pytest

from tapete.arena import ArenaSpec, run
from tapete.belote import observation as belote_observation
from tapete.belote.rules import BeloteRules
from tapete.belote.state import BeloteState
from tapete.bots.base import Budget
from tapete.bots.ismcts import IsmctsBot, tree_size
from tapete.bots.levels import LEVELS
from tapete.games import game
from tapete.guinote import observation as guinote_observation
from tapete.guinote.actions import CLAIM
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import GuinoteState

SMALL = Budget(iterations=40)


def _random_steps(state: Any, steps: int, rng: random.Random) -> Any:
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return state


def _positions(seed: int, count: int) -> list[tuple[Any, Any]]:
    """(state, observe) pairs part-way through deals of both games' default presets."""
    rng = random.Random(seed)
    out: list[tuple[Any, Any]] = []
    for i in range(count):
        if i % 2:
            deal = GuinoteState.new_deal(GuinoteRules(), seed=seed + i, dealer=i % 4)
            g = _random_steps(deal, rng.randrange(45), rng)
            observe: Any = guinote_observation.observe
        else:
            deal = BeloteState.new_deal(BeloteRules(), seed=seed + i, dealer=i % 4)
            observe = belote_observation.observe
        g = _random_steps(deal, rng.randrange(40), rng)
        if not g.is_terminal():
            out.append((g, observe))
    return out


def _hidden(state: Any, seat: int) -> tuple[int, ...]:
    return tuple(h for p, h in enumerate(state.hands) if p != seat)


def test_result_depends_only_on_the_observation() -> None:
    """Two deals that differ in the hidden cards but look the same to the seat get the same answer."""
    compared = 0
    for state, observe in _positions(seed=5, count=12):
        seat = state.current_player
        obs = observe(state, seat)
        sample = guinote_observation.sample_deal if isinstance(state, GuinoteState) else belote_observation.sample_deal
        other = next(
            (w for k in range(20) if _hidden(w := sample(obs, random.Random(k)), seat) != _hidden(state, seat)), None
        )
        if other is None:  # nothing hidden left to vary (an open endgame)
            continue
        assert observe(other, seat) == obs
        bot = IsmctsBot()
        first = bot.act(obs, random.Random(9), SMALL)
        second = bot.act(observe(other, seat), random.Random(9), SMALL)
        assert first == second
        compared += 1
    assert compared >= 6


def test_reproducible_with_fixed_rng_and_iterations() -> None:
    for state, observe in _positions(seed=8, count=6):
        obs = observe(state, state.current_player)
        bot = IsmctsBot()
        runs = []
        for _ in range(2):
            action = bot.act(obs, random.Random(4), Budget(iterations=60))
            root = bot.last_root
            visits = {a: ch.visits for a, ch in root.children.items()} if root is not None else {}
            runs.append((action, visits))
        assert runs[0] == runs[1]


def test_search_spreads_over_the_legal_actions_and_stays_bounded() -> None:
    state = BeloteState.new_deal(BeloteRules.preset("contree"), seed=3, dealer=0)
    obs = belote_observation.observe(state, state.current_player)
    bot = IsmctsBot()
    action = bot.act(obs, random.Random(1), Budget(iterations=120))
    root = bot.last_root
    assert root is not None and action in obs.legal_actions
    assert set(root.children) <= set(obs.legal_actions)
    assert sum(ch.visits for ch in root.children.values()) == 120
    # One node per iteration plus the forced moves walked through: far below the deal's length each.
    assert tree_size(root) <= 1 + 120 * 40


@pytest.mark.parametrize(
    ("name", "preset"),
    [("guinote", p) for p in GuinoteRules.PRESETS] + [("belote", p) for p in BeloteRules.PRESETS],
)
def test_only_legal_actions_in_every_preset(name: str, preset: str) -> None:
    """Random positions of whole matches (later deals too): the bot is asked at every decision
    that offers more than cards (bids, taking, coinche, declarations, cantes, the 7, claims)
    and at some card plays."""
    g = game(name)
    rules = g.rules(preset)
    n_cards = 40 if name == "guinote" else 32
    rng = random.Random(preset)
    bot = IsmctsBot()
    asked = 0
    for m in range(3):
        match = g.new_match(rules, seed=m)
        for _ in range(rng.randrange(20, 160)):
            if match.is_terminal():
                break
            obs = g.observe(match, match.current_player)
            legal = obs.legal_actions
            special = any(a >= n_cards for a in legal)
            if len(legal) > 1 and (special or rng.random() < 0.05):
                action = bot.act(obs, rng, Budget(iterations=10))
                assert action in legal
                asked += 1
            else:
                action = legal[rng.randrange(len(legal))]
            match.apply_action(action)
    assert asked >= 3


def _claim_position() -> guinote_observation.GuinoteObservation:
    state = GuinoteState.new_deal(GuinoteRules(), seed=4, dealer=0)
    return guinote_observation.observe(state, state.current_player)


def test_takes_a_claim_the_public_score_proves_right() -> None:
    obs = _claim_position()
    right = dataclasses.replace(obs, legal_actions=(*obs.legal_actions, CLAIM), scores_before=(101, 0))
    if right.seat % 2:
        right = dataclasses.replace(right, scores_before=(0, 101))
    assert IsmctsBot().act(right, random.Random(0), SMALL) == CLAIM


def test_never_makes_a_short_claim() -> None:
    obs = _claim_position()
    short = dataclasses.replace(obs, legal_actions=(*obs.legal_actions, CLAIM), scores_before=(0, 0))
    for seed in range(5):
        assert IsmctsBot().act(short, random.Random(seed), SMALL) != CLAIM


def test_single_choice_needs_no_search() -> None:
    obs = dataclasses.replace(_claim_position(), legal_actions=(5,))
    bot = IsmctsBot()
    assert bot.act(obs, random.Random(0)) == 5 and bot.last_root is None


def test_refuses_to_act_out_of_turn() -> None:
    state = GuinoteState.new_deal(GuinoteRules(), seed=4, dealer=0)
    obs = guinote_observation.observe(state, (state.current_player + 1) % 4)
    with pytest.raises(ValueError):
        IsmctsBot().act(obs, random.Random(0))


def _margin(monkeypatch: pytest.MonkeyPatch, name: str, preset: str, count: int, iterations: int) -> Any:
    monkeypatch.setitem(LEVELS, "ismcts", partial(IsmctsBot, iterations=iterations))
    g = game(name)
    bots = ("ismcts",) + ("random",) * (g.units(g.rules(preset)) - 1)
    spec = ArenaSpec(game=name, preset=preset, bots=bots, duplicate=True, count=count, seed=3)
    return run(spec).summary.entrants[0].margin


@pytest.mark.parametrize(("name", "preset"), [("guinote", "aragones"), ("belote", "classique")])
def test_beats_random_in_duplicate(monkeypatch: pytest.MonkeyPatch, name: str, preset: str) -> None:
    """A few duplicate deals at a small budget already show it: the whole 95% interval is above 0."""
    margin = _margin(monkeypatch, name, preset, count=6, iterations=30)
    assert margin.low > 0


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "preset"),
    [("guinote", "aragones"), ("guinote", "aragones-2p"), ("belote", "classique"), ("belote", "contree"),
     ("belote", "trois-joueurs")],
)  # fmt: skip
def test_beats_random_in_duplicate_at_length(monkeypatch: pytest.MonkeyPatch, name: str, preset: str) -> None:
    margin = _margin(monkeypatch, name, preset, count=60, iterations=200)
    assert margin.low > 0
