"""Dealing, the retourne, the two taking rounds, the redeal and the completion to eight cards (004
"Preparación y reparto" and "Selección del triunfo")."""

from __future__ import annotations

import pytest

from tapete.belote.state import OVER, PLAY, BeloteState
from tapete.core.cards.deck import cards_of
from tapete.core.errors import IllegalActionError, SetupError

from .helpers import deck_order, hand_set, legal, play_all, rules, snapshot

DECK = list(range(32))  # deck[i] is card id i: the positions dealt are visible in the hands


def ids(state: BeloteState, seat: int) -> list[int]:
    return list(cards_of(state.hands[seat]))


@pytest.mark.parametrize("dealer", range(4))
def test_deal_3_then_2_from_the_dealers_right(dealer):
    """004 "Preparación" 2-4: five cards each in two packets, 3 then 2, anticlockwise from the player on the
    dealer's right (the next seat in playing order); the next card is the retourne; 11 cards stay."""
    s = BeloteState.new_deal(rules(), DECK, dealer=dealer)
    first = (dealer + 1) % 4
    for i in range(4):
        seat = (first + i) % 4
        assert ids(s, seat) == [3 * i, 3 * i + 1, 3 * i + 2, 12 + 2 * i, 13 + 2 * i]
    assert s.retourne == 20 and s.rest == list(range(21, 32))
    assert s.current_player == first and s.dealer == dealer and s.first == first


def test_deal_2_then_3():
    """Common practice (FFB: "2 puis 3 ou 3 puis 2"), option deal_packets="2-3": the packets in the other order.
    (004 "Preparación" 2 names 3 then 2, "o 3-3 en algunas regiones": see test_deal_3_then_3.)"""
    s = BeloteState.new_deal(rules(deal_packets="2-3"), DECK, dealer=3)
    for seat in range(4):
        assert ids(s, seat) == [2 * seat, 2 * seat + 1, 8 + 3 * seat, 9 + 3 * seat, 10 + 3 * seat]
    assert s.retourne == 20
    s32 = BeloteState.new_deal(rules(deal_packets="3-2"), DECK, dealer=3)
    assert ids(s32, 0) != ids(s, 0)


def test_deal_3_then_3():
    """004 "Preparación" 2: "5 cartas a cada jugador en dos paquetes, normalmente 3 y luego 2 (o 3-3 en algunas
    regiones)": with 3-3 each seat gets six cards, the 25th is the retourne, and the completion gives the taker the
    retourne and one more, the others two (004 "Selección del triunfo" 4: "Cada jugador termina con 8 cartas")."""
    s = BeloteState.new_deal(rules(deal_packets="3-3"), DECK, dealer=3)
    for seat in range(4):
        assert ids(s, seat) == [3 * seat, 3 * seat + 1, 3 * seat + 2, 12 + 3 * seat, 13 + 3 * seat, 14 + 3 * seat]
    assert s.retourne == 24 and s.rest == list(range(25, 32))
    play_all(s, "pass take:c")  # seat 1 takes the 7 of clubs
    assert [h.bit_count() for h in s.hands] == [8, 8, 8, 8]
    assert sorted(ids(s, 0)) == [0, 1, 2, 12, 13, 14, 25, 26]
    assert sorted(ids(s, 1)) == [3, 4, 5, 15, 16, 17, 24, 27]
    assert sorted(ids(s, 2)) == [6, 7, 8, 18, 19, 20, 28, 29]
    assert sorted(ids(s, 3)) == [9, 10, 11, 21, 22, 23, 30, 31]


@pytest.mark.parametrize("direction", ["anticlockwise", "clockwise"])
def test_direction_keeps_the_eldest_hand_next_in_play(direction):
    """004 "Jugadores": anticlockwise by French tradition, clockwise in some regions. Seats are numbered in
    playing order, so either way the seat after the dealer in the direction of play receives first, speaks
    first and leads (common practice: the eldest hand is the dealer's neighbour in the direction of play)."""
    r = rules(direction=direction)
    for dealer in range(4):
        s = BeloteState.new_deal(r, DECK, dealer=dealer)
        first = (dealer + 1) % 4
        assert ids(s, first)[:3] == [0, 1, 2] and s.current_player == first
        play_all(s, "take:" + "shdc"[s.retourne // 8])
        assert s.current_player == first and s.leader == first


def test_round_one_offers_only_the_retourne_suit():
    """004 "Selección del triunfo" 1: from the dealer's right, anticlockwise, each player takes the retourne's
    suit ("Je prends") or passes; nothing else."""
    s = BeloteState.new_deal(rules(), DECK, dealer=3)  # retourne: id 20 = 9d
    assert s.retourne // 8 == 2
    for seat in range(4):
        assert s.current_player == seat and s.round == 1
        assert legal(s) == {"pass", "take:d"}
        with pytest.raises(IllegalActionError):
            s.play("take:h")
        s.play("pass")
    assert s.round == 2 and s.current_player == 0


def test_round_one_with_taking_sa_ta_still_only_the_retourne_suit():
    """004 "Selección del triunfo" 1 (round 1 is about the retourne); taking_sa_ta extends round 2 only."""
    s = BeloteState.new_deal(rules(taking_sa_ta=True), DECK, dealer=3)
    assert legal(s) == {"pass", "take:d"}


def test_round_two_names_any_other_suit():
    """004 "Selección del triunfo" 2: in round 2, again from the dealer's right, each player may name any OTHER
    suit (not the retourne's) or pass."""
    s = BeloteState.new_deal(rules(), DECK, dealer=3)
    play_all(s, "pass pass pass pass")
    for seat in range(4):
        assert s.current_player == seat and s.round == 2
        assert legal(s) == {"pass", "take:s", "take:h", "take:c"}
        with pytest.raises(IllegalActionError):
            s.play("take:d")
        with pytest.raises(IllegalActionError):
            s.play("take:sa")
        if seat < 3:
            s.play("pass")
    s.play("take:c")
    assert (s.phase, s.contract, s.trump, s.taker) == (PLAY, 3, 3, 3)


def test_taking_sa_ta():
    """Common table practice (option taking_sa_ta): round 2 also offers sans-atout and tout-atout."""
    s = BeloteState.new_deal(rules(taking_sa_ta=True), DECK, dealer=3)
    play_all(s, "pass pass pass pass")
    assert legal(s) == {"pass", "take:s", "take:h", "take:c", "take:sa", "take:ta"}
    play_all(s, "pass take:sa")
    assert (s.contract, s.trump, s.taker) == (4, -1, 1)
    s = BeloteState.new_deal(rules(taking_sa_ta=True), DECK, dealer=3)
    play_all(s, "pass pass pass pass take:ta")
    assert (s.contract, s.trump, s.taker) == (5, -1, 0)


def test_all_pass_twice_redeals():
    """004 "Selección del triunfo" 3: if all four pass in both rounds the deal is void (cards reshuffled, the next
    dealer deals): no score, no more actions."""
    s = BeloteState.new_deal(rules(), DECK, dealer=3)
    play_all(s, "pass " * 7)
    assert not s.is_terminal()
    s.play("pass")
    assert s.is_terminal() and s.phase == OVER and s.redeal
    assert s.legal_actions() == [] and s.current_player == -1
    res = s.result()
    assert res.redeal and res.scores == (0, 0) and res.takers == -1
    frozen = snapshot(s)
    with pytest.raises(IllegalActionError):
        s.play("pass")
    assert snapshot(s) == frozen


@pytest.mark.parametrize("taker", range(4))
@pytest.mark.parametrize("round_", [1, 2])
def test_completion_taker_gets_retourne_and_two_others_three(taker, round_):
    """004 "Selección del triunfo" 4: the retourne goes to the taker, the dealer completes the deal, 2 more to
    the taker and 3 to each other player, in dealing order from the dealer's right; 8 cards each."""
    s = BeloteState.new_deal(rules(), DECK, dealer=3)
    if round_ == 2:
        play_all(s, "pass pass pass pass")
    play_all(s, "pass " * taker + ("take:d" if round_ == 1 else "take:h"))
    rest = iter(range(21, 32))
    for seat in range(4):
        base = [3 * seat, 3 * seat + 1, 3 * seat + 2, 12 + 2 * seat, 13 + 2 * seat]
        extra = [next(rest) for _ in range(2 if seat == taker else 3)]
        expect = base + extra + ([20] if seat == taker else [])
        assert sorted(ids(s, seat)) == sorted(expect), seat
        assert s.hands[seat].bit_count() == 8
    assert s.rest == [] and s.taker == taker
    assert s.known[taker] == 1 << 20  # the retourne is public
    assert s.current_player == 0 and s.leader == 0  # 004 "Juego de bazas" 1: the dealer's right leads


def test_completion_with_arranged_deck():
    """004 "Selección del triunfo" 4, with the helper's arranged deck: chosen hands, retourne and completion."""
    r = rules()
    initial = ["As Ks Qs Js Ts", "Ah Kh Qh Jh Th", "Ad Kd Qd Jd Td", "Ac Kc Qc Jc Tc"]
    completion = ["9s 8s 7s", "9h 8h", "9d 8d 7d", "9c 8c 7c"]
    deck = deck_order(r, initial, "7h", completion)
    s = BeloteState.new_deal(r, deck, dealer=3)
    assert [hand_set(s, p) for p in range(4)] == [set(h.split()) for h in initial]
    play_all(s, "pass take:h")
    assert hand_set(s, 1) == set("Ah Kh Qh Jh Th 9h 8h 7h".split())
    assert hand_set(s, 0) == set("As Ks Qs Js Ts 9s 8s 7s".split())


def test_bad_deck_and_dealer_refused():
    """Engine contract: a deck must hold the 32 cards once each and the dealer must be a seat."""
    with pytest.raises(SetupError):
        BeloteState.new_deal(rules(), DECK[:-1] + [0])
    with pytest.raises(SetupError):
        BeloteState.new_deal(rules(), DECK, dealer=4)


def test_seeded_deals_are_reproducible():
    """Engine contract: a seed fixes the deal."""
    a = BeloteState.new_deal(rules(), seed=11, dealer=1)
    b = BeloteState.new_deal(rules(), seed=11, dealer=1)
    assert snapshot(a) == snapshot(b)
    assert snapshot(a) != snapshot(BeloteState.new_deal(rules(), seed=12, dealer=1))
