"""What a seat sees: its hand, the public table, and its partner's hand only where the rules show it.

Sources: CC and SJ (partners may show each other their cards in some versions and regions), see
docs/rules/brisca.md; "after_stock" is tapete's reading of the common table habit.
"""

from __future__ import annotations

import random

import pytest

from tapete.brisca.observation import observe, sample_deal
from tapete.brisca.rules import BriscaRules
from tapete.brisca.state import BriscaState
from tapete.core.cards.spanish import cards_of
from tapete.core.errors import SetupError


def test_hands_hidden_without_showing() -> None:
    s = BriscaState.new_deal(BriscaRules.preset("brisca"), seed=3)
    obs = observe(s, 0)
    assert not obs.partner_shown and obs.partner_hand == () and obs.known == (0, 0, 0, 0)
    assert obs.partner == 2 and obs.hand == tuple(cards_of(s.hands[0]))


def test_partners_see_each_other_always() -> None:
    # CC: "the players of each pair can see the three cards of their partner"; SJ likewise.
    s = BriscaState.new_deal(BriscaRules.preset("brisca-ensenando"), seed=3)
    for seat in range(4):
        obs = observe(s, seat)
        partner = (seat + 2) % 4
        assert obs.partner_shown and obs.partner_hand == tuple(cards_of(s.hands[partner]))
    # ... but never the opponents' hands.
    obs = observe(s, 0)
    assert not set(cards_of(s.hands[1] | s.hands[3])) & set(obs.hand + obs.partner_hand)


def test_partners_see_each_other_once_the_stock_is_gone() -> None:
    rules = BriscaRules.preset("brisca").replace(show_partner="after_stock")
    s = BriscaState.new_deal(rules, seed=8)
    while s.muestra >= 0:
        assert not observe(s, s.cur).partner_shown
        s.apply_action(s.legal_actions()[0])
    obs = observe(s, 1)
    assert obs.partner_shown and obs.partner_hand == tuple(cards_of(s.hands[3]))


def test_show_partner_needs_four_players() -> None:
    with pytest.raises(Exception, match="players=4"):
        BriscaRules.preset("brisca-2p").replace(show_partner="after_stock")


@pytest.mark.parametrize("preset", ["brisca", "brisca-ensenando", "brisca-2p"])
def test_sample_deal_agrees_with_the_observation(preset: str) -> None:
    rng = random.Random(1)
    s = BriscaState.new_deal(BriscaRules.preset(preset), seed=12)
    while not s.is_terminal():
        for seat in range(s.n):
            obs = observe(s, seat)
            world = sample_deal(obs, rng)
            assert observe(world, seat) == obs
        s.apply_action(s.legal_actions()[rng.randrange(len(s.legal_actions()))])


def test_sampled_world_keeps_the_shown_partner_hand() -> None:
    s = BriscaState.new_deal(BriscaRules.preset("brisca-ensenando"), seed=2)
    obs = observe(s, 0)
    world = sample_deal(obs, random.Random(5))
    assert world.hands[0] == s.hands[0] and world.hands[2] == s.hands[2]


def test_a_bad_seat_is_refused() -> None:
    s = BriscaState.new_deal(BriscaRules.preset("brisca-2p"), seed=2)
    with pytest.raises(SetupError):
        observe(s, 2)
