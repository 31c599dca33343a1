"""The observation encoding (tapete.envs.encoding): shapes, fields, masks, and that it carries nothing hidden.

Every game and preset; deals reached by random play (seeded, a few examples each: the suite stays quick).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

from tapete.envs.encoding import encoder  # noqa: E402
from tapete.games import GAMES  # noqa: E402

PRESETS = [(name, preset) for name, game in GAMES.items() for preset in game.presets]


def deal_after(name: str, preset: str, seed: int, steps: int) -> Any:
    """A deal of ``name`` after up to ``steps`` random legal actions (stopping before its end)."""
    game = GAMES[name]
    state = game.new_deal(game.rules(preset), seed=seed, dealer=seed % game.players(game.rules(preset)))
    rng = random.Random(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        if not legal or state.is_terminal():
            break
        nxt = state.clone()
        nxt.apply_action(rng.choice(legal))
        if nxt.is_terminal():
            break
        state = nxt
    return state


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_fields_tile_the_vector(name: str, preset: str) -> None:
    game = GAMES[name]
    enc = encoder(name, game.rules(preset))
    at = 0
    for f in enc.fields:
        assert f.start == at and f.length > 0 and f.doc
        at += f.length
    assert at == enc.size
    assert len({f.name for f in enc.fields}) == len(enc.fields)
    assert enc.high.shape == (enc.size,) and (enc.high >= 1).all()
    assert enc.field("hand").length == game.deck(enc.rules).n_cards
    assert encoder(name, game.rules(preset)) is enc  # cached


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_random_play_vectors_and_masks(name: str, preset: str) -> None:
    """Every seat's vector stays in [0, high] with its hand in the hand field; the mask of the seat to
    act is exactly its legal actions, every action id below action_count."""
    game = GAMES[name]
    rules = game.rules(preset)
    enc = encoder(name, rules)
    match = game.new_match(rules, seed=11)
    rng = random.Random(11)
    hand = enc.slice("hand")
    for _ in range(150):
        if match.is_terminal():
            break
        cur = match.current_player
        for seat in range(game.players(rules)):
            obs = game.observe(match, seat)
            vec = enc.encode(obs)
            assert vec.shape == (enc.size,) and vec.dtype == np.float32
            assert (vec >= 0).all() and (vec <= enc.high).all()
            assert sorted(np.flatnonzero(vec[hand])) == sorted(obs.hand)
        legal = match.legal_actions()
        mask = enc.mask(game.observe(match, cur))
        assert mask.dtype == np.int8 and mask.shape == (enc.action_count,)
        assert sorted(np.flatnonzero(mask)) == sorted(legal)
        match.apply_action(rng.choice(legal))


def test_encode_into_fills_a_buffer_without_allocating() -> None:
    name, game = next(iter(GAMES.items()))
    enc = encoder(name, game.rules())
    obs = game.observe_deal(game.new_deal(enc.rules, seed=2), 0)
    out = np.zeros(enc.size, dtype=np.float32)
    enc.encode_into(obs, out)
    assert (out == enc.encode(obs)).all() and out.any()


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 10_000), st.integers(0, 60))
def test_hidden_cards_never_reach_a_vector(case: tuple[str, str], seed: int, steps: int) -> None:
    """Two deals that differ only in cards hidden from a seat give it the same vector: the deal itself
    and deals of the unseen cards at random consistent with what it saw (``sample_deal``)."""
    name, preset = case
    game = GAMES[name]
    state = deal_after(name, preset, seed, steps)
    enc = encoder(name, state.rules)
    rng = random.Random(seed)
    for seat in range(game.players(state.rules)):
        obs = game.observe_deal(state, seat)
        vec = enc.encode(obs)
        for _ in range(3):
            world = game.sample_deal(obs, rng)
            assert (enc.encode(game.observe_deal(world, seat)) == vec).all()


def test_the_leak_check_can_fail() -> None:
    """The same comparison sees a hand: another seat's vector differs between the deal and a sample."""
    differs = 0
    for name, game in GAMES.items():
        state = deal_after(name, game.default_preset, 5, 3)
        enc = encoder(name, state.rules)
        obs = game.observe_deal(state, 0)
        world = game.sample_deal(obs, random.Random(1))
        seen, sampled = game.observe_deal(state, 1), game.observe_deal(world, 1)
        differs += not (enc.encode(sampled) == enc.encode(seen)).all()
    assert differs == len(GAMES)


def test_a_declined_optional_action_shows_in_nobody_elses_vector() -> None:
    """A silent action (``Game.is_silent``: not singing, keeping the 7) changes no other seat's vector:
    before it, while the choice is pending, the others already see it declined."""
    seen = 0
    for name, game in GAMES.items():
        for preset in game.presets:
            rules = game.rules(preset)
            enc = encoder(name, rules)
            n = game.players(rules)
            for seed in range(6):
                state = game.new_deal(rules, seed=seed, dealer=0)
                rng = random.Random(seed)
                while not state.is_terminal():
                    legal = state.legal_actions()
                    silent = [a for a in legal if game.is_silent(rules, a)]
                    if silent:
                        seat = state.current_player
                        after = state.clone()
                        after.apply_action(silent[0])
                        for other in range(n):
                            if other != seat:
                                before_vec = enc.encode(game.observe_deal(state, other))
                                assert (before_vec == enc.encode(game.observe_deal(after, other))).all()
                        seen += 1
                    state.apply_action(rng.choice(legal))
    assert seen >= 10  # the games with silent actions offered them often enough to test


def test_docs_list_every_field() -> None:
    """docs/envs.md tables the fields of one preset of each game, and the sizes of every preset."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "envs.md").read_text(encoding="utf-8")
    for name, game in GAMES.items():
        for preset in game.presets:
            enc = encoder(name, game.rules(preset))
            assert f"{enc.size}/{enc.action_count}" in text, (name, preset)
            for f in enc.fields:
                assert f"`{f.name}`" in text or f"`{f.name.rsplit('_r', 1)[0]}_r0`" in text, (name, preset, f.name)
