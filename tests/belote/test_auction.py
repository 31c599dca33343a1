"""The auction of Belote coinchée / contrée: bids, coinche, surcoinche, passes (004 "Variantes comunes":
"cada pareja puja por una puntuación objetivo; los rivales pueden «coincher» (doblar) la puja y el equipo
pujador puede «surcoincher» (redoblar)"; the details follow the common published rules, FFB contrée)."""

from __future__ import annotations

import pytest

from tapete.belote.actions import parse_action
from tapete.belote.state import OVER, PLAY, BeloteState
from tapete.core.cards.deck import cards_of
from tapete.core.errors import IllegalActionError

from .helpers import legal, play_all, rules, snapshot

DECK = list(range(32))
SUITS = ("s", "h", "d", "c")
ALL6 = ("s", "h", "d", "c", "sa", "ta")


def start(preset: str = "coinche", **opts) -> BeloteState:
    return BeloteState.new_deal(rules(preset, **opts), DECK, dealer=3)


def bids(levels, contracts=ALL6) -> set[str]:
    return {f"bid:{v}:{k}" for v in levels for k in contracts}


def test_auction_deals_all_eight_cards_3_2_3():
    """Common practice (FFB contrée): the auction is on the full hands, dealt 3-2-3 from the dealer's right; no
    retourne."""
    s = start()
    for seat in range(4):
        first_five = [3 * seat, 3 * seat + 1, 3 * seat + 2, 12 + 2 * seat, 13 + 2 * seat]
        assert list(cards_of(s.hands[seat])) == [*first_five, 20 + 3 * seat, 21 + 3 * seat, 22 + 3 * seat]
    assert s.retourne == -1 and s.rest == [] and s.current_player == 0


@pytest.mark.parametrize(("packets", "sizes"), [("2-3", [2, 3, 3]), ("3-3", [3, 3, 2])])
def test_auction_deal_packets(packets, sizes):
    """Common practice (FFB contrée: "3-2-3 ou 2-3-3"), with deal_packets: the first packets as in the taking
    (004 "Preparación" 2, "o 3-3"), the last one making eight."""
    s = BeloteState.new_deal(rules("contree", deal_packets=packets), DECK, dealer=3)
    for seat in range(4):
        expect = []
        pos = 0
        for size in sizes:
            expect += list(range(pos + size * seat, pos + size * seat + size))
            pos += 4 * size
        assert list(cards_of(s.hands[seat])) == expect


def test_the_contree_ladder_80_to_160_then_capot():
    """Common practice (FFB contrée): bids 80..160 by 10, then capot; any trump suit, sans-atout or tout-atout."""
    s = start("contree")
    assert legal(s) == {"pass"} | bids(range(80, 161, 10)) | bids(["capot"])


def test_coinche_bids_82_to_162_then_capot_and_generale():
    """004 "Variantes comunes": "Belote Coinchée (Coinche): Añade un sistema de apuestas en el que cada pareja puja
    por una puntuación objetivo (82-252+)": no bid below 82; by 10 to 162, then capot (252 made) and générale
    (common coinche practice)."""
    s = start("coinche")
    assert s.rules.generale
    assert legal(s) == {"pass"} | bids(range(82, 163, 10)) | bids(["capot", "generale"])
    with pytest.raises(IllegalActionError):
        s.play("bid:80:h")


def test_generale():
    """Option generale (common coinche practice): générale is the bid above capot; without it capot is the top."""
    s = start("coinche")
    play_all(s, "bid:capot:h")
    assert legal(s) == {"pass", "coinche"} | bids(["generale"])
    s = start("coinche", generale=False)
    play_all(s, "bid:capot:h")
    assert legal(s) == {"pass", "coinche"}
    with pytest.raises(IllegalActionError):
        parse_action(s.rules, "bid:generale:h")


def test_bid_levels_options():
    """Options min_bid / bid_step / max_bid shape the ladder (clubs play 80 or 82 upward, by 5 or 10)."""
    s = start("contree", min_bid=90, bid_step=5, max_bid=120)
    assert legal(s) == {"pass"} | bids(range(90, 121, 5)) | bids(["capot"])
    with pytest.raises(IllegalActionError):
        s.play("bid:80:h")
    s = start("contree", min_bid=82, bid_step=10, max_bid=162)
    assert legal(s) == {"pass"} | bids(range(82, 163, 10)) | bids(["capot"])


def test_auction_sa_ta():
    """Option auction_sa_ta (common practice): sans-atout and tout-atout may be bid, or only trump suits."""
    assert "bid:80:sa" in legal(start("contree")) and "bid:82:ta" in legal(start("coinche"))
    s = start("contree", auction_sa_ta=False)
    assert legal(s) == {"pass"} | bids(range(80, 161, 10), SUITS) | bids(["capot"], SUITS)
    with pytest.raises(IllegalActionError):
        s.play("bid:80:sa")


def test_bids_strictly_rise():
    """Common practice (FFB): each bid is higher in points than the last; the same points in another contract
    is not a higher bid. The high bidder's partner and the bidder himself may raise."""
    s = start("contree")
    s.play("bid:100:h")
    assert legal(s) == {"pass", "coinche"} | bids(range(110, 161, 10)) | bids(["capot"])
    with pytest.raises(IllegalActionError):
        s.play("bid:100:s")
    s.play("pass")
    assert legal(s) == {"pass"} | bids(range(110, 161, 10)) | bids(["capot"])  # partner: no coinche
    s.play("bid:130:sa")
    s.play("pass")
    s.play("pass")
    assert s.current_player == 1
    s.play("bid:140:s")
    play_all(s, "bid:150:h pass pass pass")
    assert (s.phase, s.taker, s.bid, s.contract, s.multiplier) == (PLAY, 2, 150, 1, 1)


def test_three_passes_end_the_auction():
    """Common practice (FFB): after a bid, three passes in a row end the auction; the dealer's right leads."""
    s = start("contree")
    play_all(s, "pass bid:90:d pass pass")
    assert s.phase != PLAY
    s.play("pass")
    assert (s.phase, s.taker, s.bid, s.contract, s.trump) == (PLAY, 1, 90, 2, 2)
    assert s.current_player == 0 and s.leader == 0
    assert [h.bit_count() for h in s.hands] == [8, 8, 8, 8]


def test_four_passes_redeal():
    """Common practice (FFB), as 004 "Selección del triunfo" 3: nobody bids, the deal is void."""
    s = start("contree")
    play_all(s, "pass pass pass")
    assert not s.is_terminal()
    s.play("pass")
    assert s.phase == OVER and s.redeal and s.result().redeal and s.result().scores == (0, 0)
    assert s.legal_actions() == []


def test_coinche_only_by_an_opponent_of_the_high_bidder():
    """004 "Variantes": "los rivales pueden «coincher» (doblar) la puja": only an opponent of the highest
    bidder, and only once there is a bid."""
    s = start("contree")
    assert "coinche" not in legal(s)
    with pytest.raises(IllegalActionError):
        s.play("coinche")
    s.play("bid:80:s")  # seat 0
    assert "coinche" in legal(s)  # seat 1
    s.play("pass")
    assert "coinche" not in legal(s)  # seat 2, the partner
    with pytest.raises(IllegalActionError):
        s.play("coinche")
    s.play("bid:90:s")  # seat 2 is now high bidder
    assert "coinche" in legal(s)  # seat 3
    s.play("pass")
    assert "coinche" not in legal(s)  # seat 0, partner of seat 2
    s.play("pass")
    assert "coinche" in legal(s)  # seat 1
    s.play("coinche")
    assert s.coinched_by == 1 and s.multiplier == 2


def test_coinche_option_off():
    """Option coinche: without it nobody may double, so nobody redoubles either."""
    s = start("contree", coinche=False)
    s.play("bid:80:s")
    assert "coinche" not in legal(s)
    with pytest.raises(IllegalActionError):
        s.play("coinche")


def test_after_a_coinche_only_the_bidders_speak_then_play_doubled():
    """004 "Variantes": the bidding side may surcoinche; common practice (FFB): after a coinche the auction is
    closed to new bids; both bidders passing plays the contract coinched (x2)."""
    s = start("contree")
    play_all(s, "bid:100:h coinche")
    assert s.current_player == 2 and legal(s) == {"pass", "surcoinche"}
    with pytest.raises(IllegalActionError):
        s.play("bid:110:h")
    s.play("pass")
    assert s.current_player == 0 and legal(s) == {"pass", "surcoinche"}
    s.play("pass")
    assert (s.phase, s.taker, s.bid, s.multiplier, s.surcoinched) == (PLAY, 0, 100, 2, False)
    assert s.current_player == 0


def test_surcoinche_by_the_bidding_side():
    """004 "Variantes": "el equipo pujador puede «surcoincher» (redoblar)": either bidder, at their turn after
    the coinche (the coinching side does not speak again); x4 by default and the auction ends."""
    s = start("contree")
    play_all(s, "pass bid:120:c coinche")  # seat 2 coinches seat 1's bid
    assert s.current_player == 3 and legal(s) == {"pass", "surcoinche"}
    s.play("pass")
    assert s.current_player == 1 and legal(s) == {"pass", "surcoinche"}
    s.play("surcoinche")
    assert (s.phase, s.taker, s.bid, s.contract, s.multiplier, s.surcoinched) == (PLAY, 1, 120, 3, 4, True)
    assert s.coinched_by == 2 and s.current_player == 0


def test_surcoinche_multiplier():
    """Option surcoinche_multiplier: a surcoinched contract counts x4 (FFB), or x3 in some clubs."""
    for mult in (4, 3):
        s = start("contree", surcoinche_multiplier=mult)
        play_all(s, "bid:100:h coinche surcoinche")
        assert (s.phase, s.multiplier, s.surcoinched, s.taker) == (PLAY, mult, True, 0)


def test_illegal_auction_actions_change_nothing():
    """Engine contract: an illegal action raises IllegalActionError and changes nothing."""
    s = start("contree")
    play_all(s, "bid:100:h")
    frozen = snapshot(s)
    for bad in ("bid:90:s", "bid:100:s", "surcoinche", "declare", "take:h", "Jh", "7s"):
        with pytest.raises(IllegalActionError):
            s.play(bad)
        assert snapshot(s) == frozen
