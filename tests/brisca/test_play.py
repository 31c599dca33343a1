"""Scenario tests of play: any card is legal, who wins a trick, the draw, the muestra, the score.

Sources: AC 7 (no duty to follow, to trump or to beat; the winner draws first), FO (card order and
points, the player on the dealer's right leads), DC (61 of 120 wins), see docs/rules/brisca.md.
"""

from __future__ import annotations

import pytest

from tapete.brisca.rules import BriscaRules
from tapete.brisca.state import BriscaState
from tapete.core.cards.spanish import card_str, cards_of, parse_card
from tapete.core.errors import IllegalActionError
from tests.support import assert_refused

from .helpers import deal, play, snapshot


def test_any_card_is_legal_even_holding_the_suit_led() -> None:
    # AC 7: no duty to follow suit, to trump, or to beat the cards played.
    s = deal("brisca-2p", ["1o 2o 3o", "4o 5c 6e"], muestra="Rb")
    play(s, "5c")  # seat 1 leads (dealer 0): copas
    assert sorted(card_str(c) for c in s.legal_actions()) == ["1o", "2o", "3o"]
    play(s, "2o")  # a plain off-suit card, keeping the oros
    assert s.last_winner == 1  # the suit led wins


def test_trick_goes_to_the_highest_card_of_the_suit_led_without_trumps() -> None:
    # FO: As, 3, Rey, Caballo, Sota, 7, 6, 5, 4, 2.
    s = deal("brisca", ["Sc 2o 2e", "Cc 4o 4e", "7c 5o 5e", "Rc 6o 6e"], muestra="1b")
    play(s, "Cc", "7c", "Rc", "Sc")  # leader is seat 1
    assert s.last_winner == 3  # the rey beats caballo, sota and 7
    assert s.card_points == [0, 3 + 4 + 2]  # side 1 (seats 1, 3) takes caballo, rey, sota


def test_trumps_beat_the_suit_led_and_the_highest_trump_wins() -> None:
    s = deal("brisca", ["2b 2o 2e", "1c 4o 4e", "4b 5o 5e", "3c 6o 6e"], muestra="Rb")
    play(s, "1c", "4b", "3c", "2b")  # the 4 and then the 2 of trumps: the 4 of bastos holds
    assert s.last_winner == 2
    assert s.card_points == [21, 0]


def test_a_card_of_a_third_suit_never_wins() -> None:
    s = deal("brisca-2p", ["1o 2c 3c", "4e 5c 6c"], muestra="Rb")
    play(s, "4e", "1o")  # seat 1 leads espadas; the as de oros neither follows nor trumps
    assert s.last_winner == 1 and s.card_points == [0, 11]


def test_winner_draws_first_then_the_others_in_turn() -> None:
    # AC 7: after the trick each player draws one card, the winner first.
    s = deal("brisca", ["Sc 2o 2e", "Cc 4o 4e", "7c 5o 5e", "Rc 6o 6e"], muestra="1b", top="1o 1c 1e 3o")
    play(s, "Cc", "7c", "Rc", "Sc")  # seat 3 wins
    assert s.cur == 3 and s.leader == 3
    for seat, card in ((3, "1o"), (0, "1c"), (1, "1e"), (2, "3o")):
        assert (s.hands[seat] >> parse_card(card)) & 1, (seat, card)
    assert [h.bit_count() for h in s.hands] == [3, 3, 3, 3]


def test_the_muestra_is_the_last_card_drawn_and_then_hands_run_down() -> None:
    s = BriscaState.new_deal(BriscaRules.preset("brisca"), seed=5, dealer=2)
    muestra = s.muestra
    for _ in range(6):  # six tricks: the stock of 27 face-down cards is down to 3
        for _ in range(4):
            s.apply_action(s.legal_actions()[0])
    assert len(s.stock) == 3 and s.muestra == muestra
    for _ in range(4):
        s.apply_action(s.hands[s.cur].bit_length() - 1)
    # The seventh draw takes the last three face-down cards and the muestra: the seat before the winner.
    holder = (s.last_winner + 3) % 4
    assert s.muestra == -1 and (s.hands[holder] >> muestra) & 1 and s.known[holder] == 1 << muestra
    assert s.stock_size() == 0 and [h.bit_count() for h in s.hands] == [3, 3, 3, 3]
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[-1])
        assert max(h.bit_count() for h in s.hands) <= 3
    assert s.tricks_played == 10 and sum(s.card_points) == 120


def test_two_players_play_twenty_tricks() -> None:
    s = BriscaState.new_deal(BriscaRules.preset("brisca-2p"), seed=9, dealer=1)
    assert s.cur == 0 and s.stock_size() == 34
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert s.tricks_played == 20 and sum(s.card_points) == 120


@pytest.mark.parametrize(("points", "winner"), [((61, 59), 0), ((59, 61), 1), ((60, 60), -1), ((120, 0), 0)])
def test_sixty_one_wins_the_deal_and_sixty_all_is_a_tie(points: tuple[int, int], winner: int) -> None:
    # DC: 61 of the 120 points win; FO/SB: 60 each is a tie (no side reaches 61).
    s = BriscaState.new_deal(BriscaRules.preset("brisca-2p"), seed=1)
    s.card_points = list(points)
    s.phase, s.cur, s.last_winner = 1, -1, 0
    assert s.result().winner == winner


def test_deal_packets_of_three() -> None:
    # NC deals three cards to each player; FO, AC one at a time.
    order = list(range(40))
    one = BriscaState.new_deal(BriscaRules.preset("brisca-2p"), order, dealer=0)
    three = BriscaState.new_deal(BriscaRules.preset("brisca-2p").replace(deal_packet=3), order, dealer=0)
    assert list(cards_of(one.hands[1])) == [0, 2, 4] and list(cards_of(one.hands[0])) == [1, 3, 5]
    assert list(cards_of(three.hands[1])) == [0, 1, 2] and list(cards_of(three.hands[0])) == [3, 4, 5]
    assert one.muestra == three.muestra == 6


def test_a_card_not_in_hand_is_refused_and_changes_nothing() -> None:
    s = deal("brisca-2p", ["1o 2o 3o", "4o 5c 6e"], muestra="Rb")
    assert_refused(s, parse_card("1o"), snapshot)  # seat 1 is to play, not seat 0
    with pytest.raises(IllegalActionError, match="not in that hand"):
        s.play("1o")


def test_playing_after_the_end_is_refused() -> None:
    s = BriscaState.new_deal(BriscaRules.preset("brisca-2p"), seed=2)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    with pytest.raises(IllegalActionError, match="over"):
        s.apply_action(0)
