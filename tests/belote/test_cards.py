"""Cards, card orders and card points (004 "Mazo de cartas y clasificación"), per contract."""

from __future__ import annotations

import itertools
import random

import pytest

from tapete.belote.tables import CONTRACTS
from tapete.core.cards.french import FRENCH_32, card_str, parse_card, parse_cards
from tapete.core.tricks import beats

from .helpers import C, dealt, lowest_playout, position, rules

#: 004: "Clasificación del palo de triunfo, de mayor a menor: Jota (20) > 9 (14) > As (11) > 10 (10) > Rey (4) >
#: Reina (3) > 8 (0) > 7 (0)".
TRUMP = [("J", 20), ("9", 14), ("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("8", 0), ("7", 0)]
#: 004: "Clasificación del palo no triunfo: As (11) > 10 (10) > Rey (4) > Reina (3) > Jota (2) > 9 > 8 > 7 (0)".
PLAIN = [("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0), ("8", 0), ("7", 0)]
#: Common published scales (FFB contrée rules): sans-atout A 19 10 10 K 4 Q 3 J 2 in the plain order;
#: tout-atout J 14 9 9 A 6 10 5 K 3 Q 1 in the trump order. Each totals 38 a suit, 152 a deck.
SANS_ATOUT = [("A", 19), ("T", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0), ("8", 0), ("7", 0)]
TOUT_ATOUT = [("J", 14), ("9", 9), ("A", 6), ("T", 5), ("K", 3), ("Q", 1), ("8", 0), ("7", 0)]


def scale_of(contract: int, suit: int) -> list[tuple[str, int]]:
    if contract == 5:
        return TOUT_ATOUT
    if contract == 4:
        return SANS_ATOUT
    return TRUMP if suit == contract else PLAIN


def test_card_ids_are_suit_times_8_plus_natural_rank():
    """004 "Mazo": 32 cards A K Q J 10 9 8 7 in four suits; the engine's ids are suit*8 + rank with ranks in
    natural order 7 8 9 T J Q K A and suits s h d c (french.py)."""
    assert FRENCH_32.n_cards == 32
    for s, suit in enumerate("shdc"):
        for r, rank in enumerate("789TJQKA"):
            assert parse_card(rank + suit) == s * 8 + r
            assert card_str(s * 8 + r) == rank + suit
    assert parse_cards("10h V♥ D♠ R♣ 1d") == parse_cards("Th Jh Qs Kc Ad")


@pytest.mark.parametrize("contract", range(6), ids=["s", "h", "d", "c", "sa", "ta"])
def test_orders_and_points_per_contract(contract):
    """004: trump order J 9 A 10 K Q 8 7 (20 14 11 10 4 3 0 0), plain order A 10 K Q J 9 8 7 (11 10 4 3 2 0 0 0);
    sans-atout / tout-atout: the common published scales (FFB) in the plain / trump order."""
    t = CONTRACTS[contract]
    for suit in range(4):
        scale = scale_of(contract, suit)
        ids = [parse_card(rank + "shdc"[suit]) for rank, _ in scale]
        assert [t.points[c] for c in ids] == [p for _, p in scale]
        # the listed order, highest first, is the order in which a card beats another of its suit
        for hi, lo in itertools.combinations(ids, 2):
            assert beats(hi, lo, t.trump, t.trick) and not beats(lo, hi, t.trump, t.trick), (card_str(hi), card_str(lo))


@pytest.mark.parametrize("contract", range(6), ids=["s", "h", "d", "c", "sa", "ta"])
def test_every_contract_has_152_card_points(contract):
    """004: "Total de puntos de carta por mazo: 152 (38 por palo)"; the SA and TA scales also total 152."""
    pts = CONTRACTS[contract].points
    assert sum(pts) == 152
    if contract < 4:
        assert [sum(pts[s * 8 : s * 8 + 8]) for s in range(4)] == [62 if s == contract else 30 for s in range(4)]
    else:
        assert [sum(pts[s * 8 : s * 8 + 8]) for s in range(4)] == [38] * 4


def test_trump_beats_plain_and_off_suit_discards_never_win():
    """004 "Juego de bazas" 5-6: the highest trump wins; else the highest card of the suit led; a discard
    cannot win. In sans-atout and tout-atout no suit cuts another (common practice)."""
    for k in range(4):
        t = CONTRACTS[k]
        trump7 = k * 8
        for c in range(32):
            if c // 8 != k:
                assert beats(trump7, c, t.trump, t.trick)  # the 7 of trumps beats any plain card
                assert not beats(c, trump7, t.trump, t.trick)
        plain_ace = ((k + 1) % 4) * 8 + 7
        other_seven = ((k + 2) % 4) * 8
        assert not beats(plain_ace, other_seven, t.trump, t.trick)  # off-suit ace discarded on a 7 led
    for k in (4, 5):
        t = CONTRACTS[k]
        assert t.trump == -1
        assert not beats(C("As"), C("7h"), t.trump, t.trick) and not beats(C("Js"), C("7h"), t.trump, t.trick)


def test_a_trick_of_trumps_follows_the_trump_order():
    """004 "Juego de bazas" 6: J > 9 > A > 10 in trumps: A led, 9 overtrumps, J over it, 10 under; J takes
    11 + 14 + 20 + 10 = 55 card points."""
    r = rules()
    hands = ["Ah 7s 8s 9s Ts Js Qs Ks", "9h As 7d 8d 9d Td Jd Qd", "Jh Kd Ad 7c 8c 9c Tc Qc", "Th Jc Kc Ac 7h 8h Qh Kh"]
    s = position(r, hands, "h", taker=0, played="Ah 9h Jh Th")
    assert s.tricks[0] == (0, 2, tuple(parse_cards("Ah 9h Jh Th")))
    assert s.card_points == [55, 0]


def test_a_plain_trick_follows_the_plain_order():
    """004 "Juego de bazas" 6: plain A > 10 > K > Q > J > 9: K led, 10 beats it, Q under, A takes
    4 + 10 + 3 + 11 = 28; in a plain suit the jack (2) beats the nine."""
    r = rules()
    hands = ["Ks 9d Jh 7h 8h 9h Th Qh", "Ts Jd 7c 8c 9c Tc Jc Qc", "Qs Kh Ah Kc Ac 7d 8d Td", "As 7s 8s 9s Js Qd Kd Ad"]
    s = position(r, hands, "h", taker=0, played="Ks Ts Qs As")
    assert s.tricks[0][1] == 3 and s.card_points == [0, 28]
    s = position(r, hands, "h", taker=0, played="9d Jd 7d Qd")
    assert s.tricks[0][1] == 3 and s.card_points == [0, 2 + 3]
    s = position(r, hands, "h", taker=0, played="9d Jd Td Qd")
    assert s.tricks[0][1] == 2 and s.card_points == [2 + 10 + 3, 0]


def test_sans_atout_and_tout_atout_scales_in_play():
    """Common practice (FFB): in sans-atout the ace is worth 19 and there is no trump; in tout-atout the jack
    (14) and nine (9) head every suit. The played deal still totals 152 + 10 = 162."""
    r = rules(taking_sa_ta=True)
    hands = ["As 7h 8h 9h Th Jh Qh Kh", "Ts 7c 8c 9c Tc Jc Qc Kc", "Ks Ah Ac 7d 8d 9d Td Jd", "Qs 7s 8s 9s Js Qd Kd Ad"]
    sa = position(r, hands, "sa", taker=0, played="As Ts Ks Qs")
    assert sa.tricks[0][1] == 0 and sa.card_points == [19 + 10 + 4 + 3, 0]
    ta = position(r, hands, "ta", taker=0, played="As Ts Ks Js")
    assert ta.tricks[0][1] == 3 and ta.card_points == [0, 6 + 5 + 3 + 14]
    hands2 = [
        "Js 7h 8h 9h Th Jh Qh Kh",
        "9s 7c 8c 9c Tc Jc Qc Kc",
        "Ks Ah Ac 7d 8d 9d Td Jd",
        "Qs 7s 8s As Ts Qd Kd Ad",
    ]
    ta2 = position(r, hands2, "ta", taker=0, played="Js 9s Ks Qs")
    assert ta2.tricks[0][1] == 0 and ta2.card_points == [14 + 9 + 3 + 1, 0]
    for st in (sa, ta, ta2):
        lowest_playout(st)
        assert sum(st.card_points) == 162


@pytest.mark.parametrize("preset", ["classique", "classique-sa-ta", "coinche", "contree"])
def test_a_played_deal_totals_162(preset):
    """004: "152 ... Más 10 puntos por ganar la última baza = 162 puntos en total por mano"."""
    rng = random.Random(preset)
    r = rules(preset)
    for _ in range(20):
        deck = list(range(32))
        rng.shuffle(deck)
        contract = rng.choice(["s", "h", "d", "c", "sa", "ta"] if r.bidding == "auction" else ["s", "h", "d", "c"])
        hands = [" ".join(card_str(c) for c in deck[8 * p : 8 * p + 8]) for p in range(4)]
        s = dealt(r, hands, contract, taker=rng.randrange(4), fill=False)
        lowest_playout(s)
        assert sum(s.card_points) == 162
        last_winner = s.tricks[-1][1]
        pts = CONTRACTS[s.contract].points
        assert (
            s.card_points[last_winner % 2] == sum(pts[c] for c in range(32) if s.taken[last_winner % 2] >> c & 1) + 10
        )
