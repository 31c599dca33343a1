"""Dealing: packets, who receives first and leads, the indicator's position, stock sizes."""

from __future__ import annotations

import pytest

from tapete.core.cards.spanish import cards_of
from tapete.core.errors import SetupError
from tapete.guinote.state import PLAY, GuinoteState

from .helpers import C, cards, deal, rules

DECK = list(range(40))  # deck[0] is dealt first


def hand_ids(state, seat):
    return sorted(cards_of(state.hands[seat]))


def test_packets():
    """002 §03: dealt anticlockwise in packets of 3 until each has 6, from the dealer's right;
    001 "Setup and Deal" 3: one card at a time, starting with the player to the dealer's right."""
    s3 = GuinoteState.new_deal(rules("aragones"), DECK, dealer=0)
    # Seat 1 (dealer's right) gets cards 0-2, then seats 2, 3, 0; second round from 12.
    assert hand_ids(s3, 1) == [0, 1, 2, 12, 13, 14]
    assert hand_ids(s3, 2) == [3, 4, 5, 15, 16, 17]
    assert hand_ids(s3, 3) == [6, 7, 8, 18, 19, 20]
    assert hand_ids(s3, 0) == [9, 10, 11, 21, 22, 23]
    s1 = GuinoteState.new_deal(rules("clasico"), DECK, dealer=0)
    assert hand_ids(s1, 1) == [0, 4, 8, 12, 16, 20]
    assert hand_ids(s1, 2) == [1, 5, 9, 13, 17, 21]
    assert hand_ids(s1, 0) == [3, 7, 11, 15, 19, 23]
    s2 = GuinoteState.new_deal(rules("aragones", deal_packet=2), DECK, dealer=0)
    assert hand_ids(s2, 1) == [0, 1, 8, 9, 16, 17]
    s6 = GuinoteState.new_deal(rules("aragones", deal_packet=6), DECK, dealer=0)
    assert hand_ids(s6, 1) == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("preset", "players", "indicator_index", "stock_face_down"),
    [("aragones", 4, 24, 15), ("clasico", 4, 24, 15), ("aragones-2p", 2, 12, 27), ("clasico-2p", 2, 12, 27)],
)
def test_deal_sizes_and_indicator_position(preset, players, indicator_index, stock_face_down):
    """002 §03: 24 cards in hands, 15 in the face-down stock, 1 face-up indicator (the next card after
    the hands: the 25th); common practice (variants.md): the 13th card with 2 players, 27 + 1 stock."""
    r = rules(preset)
    s = GuinoteState.new_deal(r, DECK, dealer=0)
    assert s.n == players
    assert all(len(hand_ids(s, p)) == 6 for p in range(players))
    assert s.indicator == indicator_index
    assert s.trump == indicator_index // 10
    assert len(s.stock) == stock_face_down
    assert s.stock_size() == stock_face_down + 1
    # The stock is drawn in deck order: the card after the indicator comes first.
    assert s.stock[::-1] == DECK[indicator_index + 1 :]
    everything = set()
    for p in range(players):
        everything |= set(hand_ids(s, p))
    assert everything | {s.indicator} | set(s.stock) == set(range(40))
    assert s.tricks_per_deal == 40 // players
    assert s.phase == PLAY and not s.in_arrastre() and s.trick == []


@pytest.mark.parametrize(
    ("direction", "first_lead", "offset"),
    [
        ("anticlockwise", "dealer_right", +1),
        ("anticlockwise", "dealer_left", -1),
        ("clockwise", "dealer_left", +1),
        ("clockwise", "dealer_right", -1),
    ],
)
@pytest.mark.parametrize("players", [4, 2])
def test_first_receiver_and_leader(direction, first_lead, offset, players):
    """001 "Setup and Deal" 3/5 and 002 §03: play goes anticlockwise, so the dealer's right is the next seat
    in playing order; it receives first and leads. 003 "Aturan Main": the player on the dealer's left leads
    (with clockwise play that is again the next seat). The other two combinations lead from the seat before."""
    r = rules("aragones", players=players, direction=direction, first_lead=first_lead)
    for dealer in range(players):
        s = GuinoteState.new_deal(r, DECK, dealer=dealer)
        first = (dealer + offset) % players
        assert GuinoteState.first_receiver(r, dealer) == first
        assert s.current_player == first and s.leader == first and s.dealer == dealer
        assert 0 in hand_ids(s, first) and 1 in hand_ids(s, first)  # first packet of 3


def test_frances_first_leader_is_dealers_left():
    """003 "Aturan Main": the player on the dealer's left starts."""
    r = rules("frances")
    assert r.direction == "clockwise" and r.first_lead == "dealer_left"
    s = GuinoteState.new_deal(r, DECK, dealer=2)
    assert s.current_player == 3


def test_seeded_deals_are_reproducible():
    """Engine contract: a deal is fixed by its seed (no hidden global randomness)."""
    r = rules("aragones")
    a = GuinoteState.new_deal(r, seed=123, dealer=1)
    b = GuinoteState.new_deal(r, seed=123, dealer=1)
    c = GuinoteState.new_deal(r, seed=124, dealer=1)
    assert a.hands == b.hands and a.stock == b.stock and a.indicator == b.indicator
    assert (a.hands, a.stock) != (c.hands, c.stock)


def test_bad_deals_are_refused():
    """Engine contract: a deck must hold each card once; the dealer must be a seat; from_hands sizes."""
    r = rules("aragones")
    with pytest.raises(SetupError, match="each of the 40 cards"):
        GuinoteState.new_deal(r, DECK[:-1] + [0])
    with pytest.raises(SetupError, match="dealer 4 is not a seat"):
        GuinoteState.new_deal(r, DECK, dealer=4)
    with pytest.raises(SetupError, match="hands of 6"):
        GuinoteState.from_hands(r, [cards("1o")] * 4, 39, [])
    with pytest.raises(SetupError, match="stock of 15"):
        GuinoteState.from_hands(r, [DECK[i * 6 : i * 6 + 6] for i in range(4)], 24, DECK[25:39])


@pytest.mark.parametrize("preset", ["aragones", "clasico", "frances", "aragones-2p"])
@pytest.mark.parametrize("dealer", [0, 1])
def test_from_hands_places_every_card(preset, dealer):
    """Test builder contract: from_hands gives each seat its hand and draws the stock in the given order."""
    r = rules(preset)
    n = r.players
    hands = ["1o 2o 3o 4o 5o 6o", "1c 2c 3c 4c 5c 6c", "1e 2e 3e 4e 5e 6e", "1b 2b 3b 4b 5b 6b"][:n]
    s = deal(r, hands, "Rb", stock="7o So", dealer=dealer)
    for seat in range(n):
        assert hand_ids(s, seat) == sorted(cards(hands[seat]))
    assert s.indicator == C("Rb") and s.trump == 3
    assert s.stock[-1] == C("7o") and s.stock[-2] == C("So")
    assert s.dealer == dealer


def test_match_context_is_kept():
    """The deal carries the partida score before it and whether it is a vueltas deal (002 §07)."""
    s = GuinoteState.new_deal(rules("aragones"), seed=1, scores_before=(70, 40), vueltas=True)
    assert s.scores_before == (70, 40) and s.vueltas is True
