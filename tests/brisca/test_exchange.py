"""The exchange of the muestra: which trump takes it, when, and what the table learns.

Sources: NC and FO (the 7 of trumps takes the muestra; NC: the 2 may then take the 7), VIP, JC and
RJ (the 7 takes a muestra above it, the 2 one of 7 or lower; VIP/JC: only after winning a trick),
VIP and QB (while the stock still has cards), see docs/rules/brisca.md.
"""

from __future__ import annotations

import pytest

from tapete.brisca.actions import EXCHANGE
from tapete.brisca.observation import observe
from tapete.core.cards.spanish import parse_card
from tapete.core.errors import IllegalActionError
from tests.support import assert_refused

from .helpers import deal, play, snapshot


def test_the_seven_of_trumps_takes_the_muestra_at_its_holders_turn() -> None:
    s = deal("brisca-2p", ["1o 2o 3o", "7b 5c 6e"], muestra="1b")
    assert s.legal_actions()[-1] == EXCHANGE  # seat 1 leads and holds the 7 de bastos
    s.apply_action(EXCHANGE)
    assert s.muestra == parse_card("7b") and (s.hands[1] >> parse_card("1b")) & 1
    assert s.exchanges == [(1, parse_card("7b"), parse_card("1b"))]
    assert s.known[1] == 1 << parse_card("1b") and s.cur == 1  # still seat 1's turn: now a card
    assert EXCHANGE not in s.legal_actions()  # the 7 is the muestra now: nothing takes it


def test_declining_is_playing_a_card_and_shows_nothing() -> None:
    s = deal("brisca-2p", ["1o 2o 3o", "7b 5c 6e"], muestra="1b")
    before = observe(s, 0)
    play(s, "5c")
    after = observe(s, 0)
    assert after.known == before.known == (0, 0) and after.exchanges == ()


def test_a_follower_may_exchange_on_its_own_turn() -> None:
    # VIP, QB: at one's turn, before playing a card, also when not leading.
    s = deal("brisca-2p", ["7b 2o 3o", "1o 5c 6e"], muestra="3b")
    play(s, "5c")
    assert EXCHANGE in s.legal_actions()


def test_when_leading_only() -> None:
    s = deal("brisca-2p", ["7b 2o 3o", "1o 5c 6e"], muestra="3b", exchange_timing="when_leading")
    play(s, "5c")
    assert EXCHANGE not in s.legal_actions()
    assert_refused(s, EXCHANGE, snapshot)
    with pytest.raises(IllegalActionError, match="only when leading"):
        s.apply_action(EXCHANGE)


def test_the_exchange_may_need_a_trick_won_by_the_side() -> None:
    # VIP, JC: the player must have won a trick already.
    s = deal("brisca", ["7b 2o 3o", "1o 5c 6e", "4o 4c 4e", "1c 2c 2e"], muestra="3b", exchange_needs_trick=True)
    play(s, "1o", "4o", "1c", "2o")  # seat 1 leads and its as de oros wins
    assert s.last_winner == 1 and s.cur == 1
    # Seat 0 holds the 7 of trumps, but side 0 has no trick yet.
    play(s, "5c", "4c", "2c")
    assert s.cur == 0 and EXCHANGE not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="won a trick"):
        s.apply_action(EXCHANGE)


def test_the_partners_trick_counts_for_the_side() -> None:
    s = deal("brisca", ["7b 2o 3o", "4o 5c 6e", "1o 4c 4e", "5o 2c 2e"], muestra="3b", exchange_needs_trick=True)
    play(s, "4o", "1o", "5o", "2o")  # seat 2, seat 0's partner, wins with the as
    play(s, "4c", "2c")  # seat 2 leads, seat 3 follows, then seat 0
    assert s.cur == 0 and EXCHANGE in s.legal_actions()


def test_no_exchange_once_the_stock_is_too_small() -> None:
    # VIP: one or more unused cards in the stock; exchange_min_stock raises the bar.
    s = deal("brisca-2p", ["1c 2o 3o", "4c 5c 6e"], muestra="1b", top="7b 2c", exchange_min_stock=32)
    play(s, "4c", "1c")  # seat 0 wins and draws the 7 of trumps: 31 face-down cards are left
    assert s.cur == 0 and len(s.stock) == 31 and EXCHANGE not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="face-down"):
        s.apply_action(EXCHANGE)
    s = deal("brisca-2p", ["1c 2o 3o", "4c 5c 6e"], muestra="1b", top="7b 2c", exchange_min_stock=31)
    play(s, "4c", "1c")
    assert EXCHANGE in s.legal_actions()


def test_the_exchange_lasts_until_the_last_draw() -> None:
    # VIP, QB: allowed while one face-down card is left above the muestra, never once it is drawn.
    s = deal("brisca-2p", ["1o 2o 3o", "4o 5c 6e"], muestra="1b", top="7b")
    siete = parse_card("7b")

    def step() -> None:
        s.apply_action(next(a for a in s.legal_actions() if a not in (siete, EXCHANGE)))

    while len(s.stock) > 1:
        step()
    holder = next(p for p in range(2) if (s.hands[p] >> siete) & 1)
    if s.cur != holder:
        step()
    assert s.cur == holder and len(s.stock) == 1 and EXCHANGE in s.legal_actions()
    while s.muestra >= 0:
        step()
    assert (s.hands[holder] >> siete) & 1 and EXCHANGE not in s.legal_actions()


def test_seven_or_two() -> None:
    # VIP, JC, RJ: the 7 takes a figure, a 3 or an as; the 2 takes a 7 or lower.
    s = deal("brisca-2p", ["2b 2o 3o", "7b 5c 6e"], muestra="1b", exchange_card="seven_or_two")
    assert EXCHANGE in s.legal_actions()  # seat 1: the 7 for the as
    s.apply_action(EXCHANGE)
    play(s, "5c")
    assert s.cur == 0 and EXCHANGE in s.legal_actions()  # NC: the 2 may then take the 7
    s.apply_action(EXCHANGE)
    assert s.muestra == parse_card("2b") and (s.hands[0] >> parse_card("7b")) & 1
    assert [(p, g) for p, g, _ in s.exchanges] == [(1, parse_card("7b")), (0, parse_card("2b"))]
    assert s.known == [1 << parse_card("7b"), 1 << parse_card("1b")]


def test_the_two_does_not_take_a_figure_nor_the_seven_a_low_card() -> None:
    s = deal("brisca-2p", ["2b 2o 3o", "7b 5c 6e"], muestra="Sb", exchange_card="seven_or_two")
    play(s, "5c")
    assert EXCHANGE not in s.legal_actions()  # seat 0 has the 2; the muestra is a sota
    s = deal("brisca-2p", ["2b 2o 3o", "7b 5c 6e"], muestra="6b", exchange_card="seven_or_two")
    assert EXCHANGE not in s.legal_actions()  # seat 1 has the 7; the muestra is a 6


def test_with_seven_the_two_never_exchanges() -> None:
    s = deal("brisca-2p", ["2b 2o 3o", "1o 5c 6e"], muestra="6b")
    play(s, "5c")
    assert EXCHANGE not in s.legal_actions()


def test_no_exchange_at_all() -> None:
    s = deal("brisca-2p", ["1o 2o 3o", "7b 5c 6e"], muestra="1b", exchange_card="none")
    assert EXCHANGE not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="exchange_card=none"):
        s.apply_action(EXCHANGE)


def test_the_exchanged_muestra_is_public_until_played() -> None:
    s = deal("brisca-2p", ["1o 2o 3o", "7b 5c 6e"], muestra="1b")
    s.apply_action(EXCHANGE)
    assert observe(s, 0).known[1] == 1 << parse_card("1b")
    play(s, "1b")
    assert observe(s, 0).known == (0, 0)
