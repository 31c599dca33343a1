"""Phase 1 (with stock): free play, who wins a trick, drawing, the indicator, the switch to arrastre."""

from __future__ import annotations

import pytest

from tapete.core.cards.spanish import cards_of
from tapete.core.errors import IllegalActionError
from tapete.guinote.state import GuinoteState

from .helpers import C, cards, deal, hand_set, legal_cards, pass_specials, play_all, rules, snapshot

# Seat 1 leads (dealer 0, dealer's right). Oros are trumps (indicator 3o); nobody holds the 7 of oros,
# so no exchange turn interrupts; nobody holds a rey, so no cante either.
HANDS = ["1o 2o 4o 5o 6o So", "1c 2c 4c 5c 6c Sc", "1e 2e 4e 5e 6e Se", "1b 2b 4b 5b 6b Sb"]
STOCK = "3c 3e 3b Cc Ce Cb 7c 7e 7b Co"  # the first ten cards drawn, in order


def fresh(preset="aragones", **opts):
    return deal(rules(preset, **opts), HANDS, "3o", stock=STOCK)


def trick(state, plays: str) -> int:
    """Play one trick (after declining any special turn); return its winner."""
    for a in plays.split():
        pass_specials(state)
        state.play(a)
    return state.tricks[-1][1]


def test_any_card_may_be_played_with_stock():
    """002 §04 / 001 "Phase 1" 1 / 003 "Fase Pertama": while there is stock, any card of the hand may be
    played; following suit, heading and trumping are not required."""
    s = fresh()
    assert legal_cards(s) == set("1c 2c 4c 5c 6c Sc".split())
    s.play("2c")
    # Seat 2 holds no copas: may play anything; seat 3 likewise; seat 0 may decline to trump.
    assert legal_cards(s) == set(HANDS[2].split())
    s.play("1e")
    assert legal_cards(s) == set(HANDS[3].split())
    s.play("1b")
    assert legal_cards(s) == set(HANDS[0].split())  # trumps 1o..So and nothing forced


def test_even_holding_the_suit_led_anything_goes():
    """002 §04: "давать масть, перебивать и козырять не обязательно" (no duty to follow, beat or trump)."""
    s = deal(rules("aragones"), ["1o 2o 4o 5o 6o So", "1c 2c 4c 5c 6c Sc", "3c Rc 4e 5e 6e Se", "1b 2b 4b 5b 6b Sb"],
             "3o", stock=STOCK.replace("3c ", "1e "))  # fmt: skip
    s.play("Sc")
    assert legal_cards(s) == {"3c", "Rc", "4e", "5e", "6e", "Se"}
    s.play("4e")  # discarding while holding copas that would win is allowed
    assert s.trick == cards("Sc 4e")


def test_highest_card_of_suit_led_wins_without_trumps():
    """002 §04 / 001 "Phase 1" 2: without trumps, the highest card of the suit led wins."""
    s = deal(rules("aragones"), ["2o 4o 5o 6o So 7b", "2c 4c 5c 6c Sc Rc", "1e 2e 4e 5e 6e 3c", "1b 2b 4b 5b 6b 1c"],
             "3o", stock="3e 3b 1o Ro")  # fmt: skip
    assert trick(s, "Sc 3c 1c 7b") == 3  # as de copas beats the 3 and the sota of copas
    s = deal(rules("aragones"), ["2o 4o 5o 6o So 7b", "2c 4c 5c 6c Sc Rc", "1e 2e 4e 5e 6e 3c", "1b 2b 4b 5b 6b 1c"],
             "3o", stock="3e 3b 1o Ro")  # fmt: skip
    assert trick(s, "Sc 3c 1b 7b") == 2  # the 3 is the highest copas now; the as de bastos is off suit


def test_off_suit_aces_do_not_win():
    """001 "Phase 1" 2: otherwise the highest card *of the suit led*; off-suit plain cards never win."""
    s = deal(rules("aragones"), ["2o 4o 5o 6o So 7b", "1c 2c 4c 5c 6c Sc", "1e 2e 4e 5e 6e Se", "1b 2b 4b 5b 6b Sb"],
             "3o", stock="3c 3e 3b 1o")  # fmt: skip
    assert trick(s, "2c 1e 1b 7b") == 1  # the 2 of copas led wins against two off-suit aces
    assert s.card_points == [0, 22]
    assert s.current_player == 1  # the winner leads the next trick (002 §03)


def test_highest_trump_wins():
    """002 §04 / 001 "Phase 1" 2: the highest trump wins the trick."""
    s = deal(rules("aragones"), ["2o 4o 5o 6o So 7b", "1c 2c 4c 5c 6c Sc", "1e 2e 4e 5e 6e Se", "1b 2b 4b 5b 6b Sb"],
             "3o", stock="3c 3e 3b 1o")  # fmt: skip
    s2 = s.clone()
    assert trick(s, "1c 1e 1b 2o") == 0
    assert trick(s2, "1c 1e 1b 7b") == 1


def test_trick_record_and_points():
    """001 "Scoring": the trick's card points go to the winning side; the trick is recorded."""
    s = fresh()
    w = trick(s, "1c 1e Sb 2o")
    assert w == 0
    assert s.card_points == [11 + 11 + 3 + 0, 0]  # aragonés: sota 3
    assert s.tricks == [(1, 0, tuple(cards("1c 1e Sb 2o")))]
    assert s.tricks_won == [1, 0] and s.tricks_played == 1
    assert s.taken[0] == sum(1 << c for c in cards("1c 1e Sb 2o"))


def test_draw_order_winner_first_then_playing_order():
    """002 §04 / 001 "Phase 1" 3 / 003: the winner draws the next stock card, then the others in playing
    order (anticlockwise); hands go back to 6."""
    s = fresh()
    assert trick(s, "2c 2e 2b 2o") == 0
    # Stock order: 3c 3e 3b Cc ...; seat 0 draws first, then 1, 2, 3.
    assert C("3c") in hand_set(s, 0)
    assert C("3e") in hand_set(s, 1)
    assert C("3b") in hand_set(s, 2)
    assert C("Cc") in hand_set(s, 3)
    assert [len(hand_set(s, p)) for p in range(4)] == [6, 6, 6, 6]
    assert s.stock_size() == 12
    # Next trick won by seat 2: seat 2 draws Ce, then 3 Cb, 0 7c, 1 7e.
    assert trick(s, "4o 4c 3b 4b") == 0  # trumped by the leader's 4o
    assert C("Ce") in hand_set(s, 0) and C("Cb") in hand_set(s, 1)
    assert C("7c") in hand_set(s, 2) and C("7e") in hand_set(s, 3)


def test_draw_order_from_a_middle_winner():
    """002 §04: the winner draws first even when it is not the leader; then the seats after it."""
    s = deal(rules("aragones"), ["2o 4o 5o 6b So 7b", "1c 2c 4c 5c 6c Sc", "1e 2e 4e 5e 6e Se", "1b 2b 4b 5b 6o Sb"],
             "3o", stock="3c 3e 3b 1o")  # fmt: skip
    assert trick(s, "2c 1e 6o 7b") == 3  # seat 3 trumps, wins, draws first
    assert C("3c") in hand_set(s, 3) and C("3e") in hand_set(s, 0)
    assert C("3b") in hand_set(s, 1) and C("1o") in hand_set(s, 2)
    assert s.current_player == 3


def play_phase1(state) -> list[int]:
    """Play the stock out with the first legal card each time; return the winners."""
    winners = []
    while not state.in_arrastre():
        for _ in range(state.n):
            pass_specials(state)
            state.apply_action(min(cards_of(state.legal_card_mask())))
        winners.append(state.tricks[-1][1])
        if not state.in_arrastre():
            pass_specials(state)
            assert all(len(hand_set(state, p)) == 6 for p in range(state.n))
    pass_specials(state)
    return winners


@pytest.mark.parametrize(("preset", "draw_tricks"), [("aragones", 4), ("clasico", 4), ("aragones-2p", 14)])
def test_indicator_drawn_last_then_arrastre(preset, draw_tricks):
    """002 §04: 4 tricks with drawing; in the last cycle the last player gets the face-up indicator (part of
    the deck, not a bonus card); then there is no stock and everyone still has 6 cards; 001 "Phase 1" 6: the
    next player draws the face-up trump card itself, and Phase 2 begins. With 2 players (001 "Common
    Variations"), 27 + 1 cards make 14 tricks with drawing."""
    r = rules(preset)
    s = GuinoteState.new_deal(r, seed=42, dealer=1)
    indicator = s.indicator
    winners = play_phase1(s)
    assert len(winners) == draw_tricks == s.tricks_played
    last_drawer = (winners[-1] - 1) % r.players
    assert indicator in hand_set(s, last_drawer)
    assert s.indicator == -1 and s.stock == [] and s.stock_size() == 0
    assert s.in_arrastre()
    assert all(len(hand_set(s, p)) == 6 for p in range(r.players))
    assert s.current_player == winners[-1]
    # The drawn indicator was face up: everyone knows who holds it.
    assert s.known[last_drawer] >> indicator & 1


def test_no_drawing_in_arrastre_hands_shrink():
    """002 §04-§05 / 001 "Phase 2" 4: no more drawing; hands shrink by one card per trick."""
    s = GuinoteState.new_deal(rules("aragones"), seed=3, dealer=0)
    play_phase1(s)
    for k in range(1, 7):
        for _ in range(4):
            pass_specials(s)
            s.apply_action(min(cards_of(s.legal_card_mask())))
        if s.is_terminal():
            break
        assert all(len(hand_set(s, p)) == 6 - k for p in range(4))
        assert s.stock_size() == 0
    assert s.is_terminal() and s.tricks_played == 10


def test_playing_a_card_not_in_hand_is_refused():
    """Engine contract: illegal actions raise IllegalActionError and change nothing."""
    s = fresh()
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match="not in that hand"):
        s.play("1o")  # seat 0's card; seat 1 to play
    with pytest.raises(IllegalActionError):
        s.play("pass")
    with pytest.raises(IllegalActionError):
        s.play("sing:o")
    assert snapshot(s) == before


def test_play_by_strings_and_ids_agree():
    """Engine contract: play("Rc") is apply_action(parse_card("Rc"))."""
    a, b = fresh(), fresh()
    play_all(a, "2c 2e 2b 2o")
    for c in cards("2c 2e 2b 2o"):
        b.apply_action(c)
    assert snapshot(a) == snapshot(b)


def test_review_tricks():
    """001 "Tips and Strategy": taken tricks are usually placed face down but can be reviewed
    (review_tricks="all"); the Aragonese preset lets a player look back only at the last trick
    (review_tricks="last", an engine option where the seeds are silent)."""
    from tapete.guinote.observation import observe

    for option, expect in (("all", 2), ("last", 1)):
        s = fresh(review_tricks=option)
        trick(s, "2c 2e 2b 2o")
        trick(s, "4o 4c 3b 4b")
        pass_specials(s)
        obs = observe(s, 2)
        assert len(obs.tricks) == 2  # what was played face up is remembered either way
        assert list(obs.reviewable_tricks()) == s.tricks[-expect:]


def test_deck_faces():
    """003 "Persiapan Dek Kartu" (and 001 Card Deck, 002 §02): Guiñote is also played with a
    French deck stripped to 40 cards, diamonds for oros, hearts copas, spades espadas, clubs
    bastos. deck_faces only says how the cards are drawn: the same deal plays identically."""
    from tapete.guinote.rules import GuinoteRules

    assert GuinoteRules.preset("frances").deck_faces == "french"
    assert GuinoteRules.preset("aragones").deck_faces == "spanish"
    a, b = fresh(), fresh(deck_faces="french")
    for _ in range(12):
        assert a.legal_actions() == b.legal_actions()
        action = a.legal_actions()[-1]
        a.apply_action(action)
        b.apply_action(action)
    assert a.card_points == b.card_points and a.hands == b.hands
