"""Cards: ids, strings (Spanish and French), trick order and points under both figure orders."""

from __future__ import annotations

import itertools
import random

import pytest

from tapete.core.cards.spanish import (
    BASTOS,
    COPAS,
    ESPADAS,
    OROS,
    card,
    card_name,
    card_str,
    cards_str,
    parse_card,
    parse_cards,
)
from tapete.core.errors import CardParseError
from tapete.guinote.state import GuinoteState

from .helpers import C, deal, other_cards, random_playout, rules

# ------------------------------------------------------------------ ids and strings


def test_card_ids_are_suit_times_ten_plus_rank_index():
    """Engine convention (spanish.py): id = suit * 10 + rank index; 40 distinct cards."""
    assert parse_card("1o") == 0
    assert parse_card("Ro") == 9
    assert parse_card("1c") == 10
    assert parse_card("7e") == 26
    assert parse_card("Rb") == 39
    assert card(BASTOS, 9) == 39
    assert sorted(parse_card(card_str(c)) for c in range(40)) == list(range(40))


def test_suit_letters_are_spanish():
    """002 §02 / 001 "Card Deck": oros, copas, espadas, bastos; the letter c is copas, never clubs."""
    assert parse_card("1o") // 10 == OROS
    assert parse_card("1c") // 10 == COPAS
    assert parse_card("1e") // 10 == ESPADAS
    assert parse_card("1b") // 10 == BASTOS


@pytest.mark.parametrize(
    ("french", "spanish"),
    [("K♥", "Rc"), ("J♥", "Sc"), ("Q♥", "Cc"), ("A♣", "1b"), ("3♣", "3b"), ("7♥", "7c"), ("2♦", "2o"), ("Q♠", "Ce")],
)
def test_french_names_map_as_002_says(french, spanish):
    """002 §02: K is the rey, J the sota, Q the caballo; diamonds oros, hearts copas, spades espadas, clubs bastos."""
    assert parse_card(french) == parse_card(spanish)
    assert card_str(parse_card(spanish), french=True) == french


def test_printed_numbers_are_accepted():
    """001 "Card Deck": figures are printed 10 (sota), 11 (caballo), 12 (rey)."""
    assert parse_card("10c") == parse_card("Sc")
    assert parse_card("11c") == parse_card("Cc")
    assert parse_card("12c") == parse_card("Rc")


def test_no_8_9_in_the_deck():
    """001 "Card Deck" / 003 "Persiapan": the 40-card deck has no 8s or 9s."""
    for text in ("8o", "9c", "8♥"):
        with pytest.raises(CardParseError):
            parse_card(text)


@pytest.mark.parametrize("bad", ["", "x", "Zo", "1z", "Rcc", "0o"])
def test_bad_card_strings_raise_with_a_message(bad):
    """Engine contract: a bad card string raises CardParseError that names the problem."""
    with pytest.raises(CardParseError, match="bad card"):
        parse_card(bad)


def test_parse_cards_refuses_repeats_and_reads_dash_as_none():
    """Engine contract (spanish.py)."""
    assert parse_cards("-") == []
    assert cards_str([]) == "-"
    with pytest.raises(CardParseError, match="repeated"):
        parse_cards("1o 1o")
    assert card_name(C("Rc")) == "rey de copas"


# ------------------------------------------------------------- order and points

#: High to low, from the seeds.
ORDER_001 = ["1", "3", "R", "C", "S", "7", "6", "5", "4", "2"]  # 001 "Card Deck": Ace, 3, King, Knight, Jack, 7..2
ORDER_002 = ["1", "3", "R", "S", "C", "7", "6", "5", "4", "2"]  # 002 §02: A, 3, rey, sota, caballo, 7..2
ORDER_003 = ["1", "3", "K", "Q", "J", "7", "6", "5", "4", "2"]  # 003: 2,4,5,6,7,J,Q,K,3,A low to high

POINTS_001 = {"1": 11, "3": 10, "R": 4, "C": 3, "S": 2}  # 001 "Scoring" 1
POINTS_002 = {"1": 11, "3": 10, "R": 4, "S": 3, "C": 2}  # 002 §02
POINTS_003 = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}  # 003 "Poin Kartu Individu"


def _one_trick(r, lead: str, follow: str, trump: int = BASTOS):
    """A 2-player phase-1 trick: the first leader plays ``lead``, the other ``follow``."""
    leader = 1  # dealer 0: the dealer's right (or left with the French preset's clockwise play) is seat 1
    indicator = str_(next(c for c in range(10 * trump, 10 * trump + 10) if c not in (C(lead), C(follow))))
    used = {C(lead), C(follow), C(indicator)}
    fill = [c for c in other_cards(used)]
    h_lead = [lead] + [str_(c) for c in fill[:5]]
    h_other = [follow] + [str_(c) for c in fill[5:10]]
    hands = [None, None]
    hands[leader] = " ".join(h_lead)
    hands[1 - leader] = " ".join(h_other)
    s = deal(r, hands, indicator)
    assert s.current_player == leader
    s.play(lead)
    s.play(follow)
    leader_won = s.tricks[-1][1] == leader
    return leader_won, sum(s.card_points)


def str_(c: int) -> str:
    return card_str(c)


@pytest.mark.parametrize(
    ("preset", "order", "suit"),
    [("clasico-2p", ORDER_001, "o"), ("aragones-2p", ORDER_002, "e"), ("clasico-2p", ORDER_001, "b")],
)
def test_rank_order_within_a_suit(preset, order, suit):
    """001 "Card Deck" (Ace, 3, King, Knight, Jack, 7, 6, 5, 4, 2) and 002 §02 (A, 3, rey, sota, caballo, 7..2):
    the higher card of the suit led wins, whichever is led; the order is the same in trumps (001)."""
    r = rules(preset)
    for hi, lo in itertools.combinations(order, 2):
        assert _one_trick(r, hi + suit, lo + suit)[0], f"{hi}{suit} led should beat {lo}{suit}"
        assert not _one_trick(r, lo + suit, hi + suit)[0], f"{hi}{suit} following should beat {lo}{suit}"


def test_french_deck_order_003():
    """003 "Persiapan Dek Kartu": 2, 4, 5, 6, 7, Jack, Queen, King, 3, Ace from low to high (Q above J)."""
    r = rules("frances").replace(players=2)
    for hi, lo in itertools.combinations(ORDER_003, 2):
        assert _one_trick(r, hi + "♠", lo + "♠")[0]
        assert not _one_trick(r, lo + "♠", hi + "♠")[0]


def test_sota_against_caballo_depends_on_figure_order():
    """002 §01/§02: in the Aragonese game the sota is above the caballo; 001 "Card Deck": Knight above Jack."""
    assert _one_trick(rules("aragones-2p"), "So", "Co")[0] is True
    assert _one_trick(rules("clasico-2p"), "So", "Co")[0] is False
    assert _one_trick(rules("aragones-2p", figure_order="caballo_high"), "So", "Co")[0] is False
    assert _one_trick(rules("clasico-2p", figure_order="sota_high"), "So", "Co")[0] is True


RANKS_ES = ["1", "2", "3", "4", "5", "6", "7", "S", "C", "R"]
RANKS_FR = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]


@pytest.mark.parametrize(
    ("preset", "points", "ranks", "suit"),
    [
        ("clasico-2p", POINTS_001, RANKS_ES, "o"),
        ("aragones-2p", POINTS_002, RANKS_ES, "c"),
        ("frances", POINTS_003, RANKS_FR, "♦"),
    ],
)
def test_card_points(preset, points, ranks, suit):
    """001 "Scoring" 1 (Ace 11, 3 10, King 4, Knight 3, Jack 2), 002 §02 (A 11, 3 10, rey 4, sota 3,
    caballo 2), 003 "Poin Kartu Individu" (Ace 11, 3 10, King 4, Queen 3, Jack 2); 2, 4, 5, 6, 7 score 0."""
    r = rules(preset).replace(players=2)
    zero = "2♠" if suit == "♦" else "2e"
    for rank in ranks:
        assert _one_trick(r, rank + suit, zero)[1] == points.get(rank, 0), rank + suit


@pytest.mark.parametrize("preset", ["aragones", "clasico", "frances"])
def test_deck_holds_120_card_points(preset):
    """001 "Scoring" 2 / 002 §02: 120 card points in the deck (4 x 30), whatever the figure order.
    Checked by playing a whole deal: the taken cards of both teams add up to 120."""
    s = GuinoteState.new_deal(rules(preset), seed=11, dealer=2)
    random_playout(s, random.Random(5))
    assert sum(s.result().card_points) == 120
    assert s.taken[0] | s.taken[1] == (1 << 40) - 1
