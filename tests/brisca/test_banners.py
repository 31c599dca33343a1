"""Brisca shouts nothing over the table: no cantes, no bidding, so ``GAME.banners`` is always empty
(the Game interface's default)."""

from __future__ import annotations

import random

from tapete.brisca.game import GAME


def test_no_action_of_a_brisca_deal_is_worth_a_banner() -> None:
    for preset in GAME.presets:
        rules = GAME.rules(preset)
        for seed in range(3):
            rng = random.Random(seed)
            state = GAME.new_deal(rules, seed=seed)
            while not state.is_terminal():
                seat = state.current_player
                before = GAME.observe_deal(state, seat)
                action = rng.choice(state.legal_actions())
                state.apply_action(action)
                assert list(GAME.banners(before, action, GAME.observe_deal(state, seat), seat)) == []
