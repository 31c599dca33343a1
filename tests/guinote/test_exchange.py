"""The exchange of the 7 of trumps for the face-up indicator, under every ``exchange_timing``."""

from __future__ import annotations

import pytest

from tapete.core.cards.spanish import cards_of
from tapete.core.errors import IllegalActionError
from tapete.guinote.state import PLAY, PREDRAW, WINDOW

from .helpers import (
    C,
    deal,
    hand_set,
    lead_and_win,
    legal,
    legal_cards,
    others_lose,
    pass_specials,
    play_all,
    reach_arrastre,
    rules,
    snapshot,
)

# Oros are trumps (indicator 1o, 11 points). No hand holds a rey, so no cante window appears.
# The 7 of oros is placed per test.


def hands_with_7(seat: int) -> list[str]:
    base = ["2o 4o 2b 4b 5b 6b", "3o 2c 4c 5c 6c Sc", "1e 2e 4e 5e 6e Se", "5o 6o 1b 3b Cb Sb"]
    # swap the first card of `seat` for the 7 of oros and put it in the stock's tail
    cards = base[seat].split()
    cards[0] = "7o"
    base[seat] = " ".join(cards)
    return base


STOCK = "3e 7e 3c 7c Ce Re 1c Cc Rc"  # first cards drawn, in order; none is in a base hand


def build(preset: str, holder: int, indicator: str = "1o", **opts):
    hs = hands_with_7(holder)
    r = rules(preset, **opts)
    stock = STOCK
    return deal(r, hs, indicator, stock=stock)


# ---------------------------------------------------------------- own_turn (001)


def test_own_turn_any_turn_while_stock_lasts():
    """001 "Phase 1" 4: a player who holds the 7 of trumps may, on their own turn, exchange it for the face-up
    trump card; the 7 becomes the new indicator and the original trump card enters the player's hand."""
    s = build("clasico", holder=1)
    assert s.current_player == 1
    assert "exchange" in legal(s)  # at the very first lead: it is the holder's own turn
    s.play("exchange")
    assert s.indicator == C("7o") and s.trump == 0
    assert C("1o") in hand_set(s, 1) and C("7o") not in hand_set(s, 1)
    assert s.known[1] >> C("1o") & 1  # everyone saw the card taken from under the stock
    assert s.exchanged_by == 1
    assert s.current_player == 1 and s.phase == PLAY and s.trick == []  # still the holder's turn to play
    assert "exchange" not in legal(s)
    assert legal_cards(s) == {"1o", "2c", "4c", "5c", "6c", "Sc"}


def test_own_turn_when_following_too():
    """001 "Phase 1" 4: "on their own turn (before or after playing a card to a trick)": also when following,
    not only when leading; never on another seat's turn."""
    s = build("clasico", holder=3)
    assert "exchange" not in legal(s)  # seat 1's turn
    s.play("2c")
    assert "exchange" not in legal(s)  # seat 2's turn
    s.play("2e")
    assert s.current_player == 3 and "exchange" in legal(s)
    s.play("exchange")
    assert s.trick == [C("2c"), C("2e")] and s.current_player == 3
    s.play("1o")  # the card just taken may be played at once
    s.play("2b")
    assert s.tricks[-1][1] == 3


def test_own_turn_not_after_the_stock_is_gone():
    """001 "Glossary": the 7 of trumps may be swapped during Phase 1 only; in arrastre there is no indicator."""
    r = rules("clasico")
    s = reach_arrastre(r, ["7o 2o 4o 5o 6o Co", "2c 4c 5c 6c 7c Sc", "1e 2e 4e 5e 6e Se", "1b 3b 4b 5b 6b Sb"],
                       "Co")  # fmt: skip
    assert s.in_arrastre() and s.indicator == -1
    for _ in range(4):
        assert "exchange" not in legal(s)
        s.apply_action(min(cards_of(s.legal_card_mask())))


def test_only_the_7_of_trumps_exchanges():
    """001 "Phase 1" 4 / 002 §06: it is the 7 *of trumps*; a 7 of another suit gives nothing."""
    s = build("clasico", holder=1, indicator="1o")
    s2 = deal(rules("clasico"), ["2o 4o 5o 6o Co 2b", "7c 3o 4c 5c 6c Sc", "1e 2e 4e 5e 6e Se", "1b 3b 4b 5b 6b Sb"],
              "1o", stock="7o")  # fmt: skip
    assert "exchange" in legal(s)
    assert "exchange" not in legal(s2)


# ------------------------------------------- after_team_win (variants.md: every exchange before the draw)


def test_after_team_win_predraw():
    """002 §06: while there is stock, the holder of the 7 of trumps may exchange it for the indicator after a
    trick won by their team, before the next lead; common practice (variants.md): before drawing."""
    s = build("aragones", holder=1, exchange_timing="after_team_win")
    assert "exchange" not in legal(s)  # no trick won yet
    stock_before = s.stock_size()
    lead_and_win(s, "Sc")  # seat 1 (the holder) wins
    assert s.phase == PREDRAW and s.current_player == 1
    assert legal(s) == {"exchange", "pass"}
    assert s.stock_size() == stock_before  # nobody has drawn yet
    with pytest.raises(IllegalActionError):
        s.play("2c")  # no card play during the exchange turn
    s.play("exchange")
    # The exchange came first, then the winner drew the next stock card (3e).
    assert C("1o") in hand_set(s, 1) and C("3e") in hand_set(s, 1) and C("7o") not in hand_set(s, 1)
    assert s.indicator == C("7o")
    assert s.stock_size() == stock_before - 4
    assert s.phase == PLAY and s.current_player == 1
    assert "exchange" not in legal(s)


def test_after_team_win_partner_holds_the_7():
    """002 §06: "after a trick of *your team*": the winner's partner holding the 7 gets the turn."""
    s = build("aragones", holder=3, exchange_timing="after_team_win")
    lead_and_win(s, "Sc")  # seat 1 wins; seat 3 is its partner
    assert s.phase == PREDRAW and s.current_player == 3
    s.play("exchange")
    assert C("1o") in hand_set(s, 3)
    assert s.phase == PLAY and s.current_player == 1


def test_after_team_win_not_for_the_losing_team():
    """002 §06: only after the holder's team won the trick; an opponent's win gives no exchange turn."""
    s = build("aragones", holder=0, exchange_timing="after_team_win")
    stock_before = s.stock_size()
    lead_and_win(s, "Sc")  # seat 1 wins; seat 0 holds the 7
    assert s.phase == PLAY and s.current_player == 1
    assert s.stock_size() == stock_before - 4  # drawn straight away
    assert "exchange" not in legal(s)
    s.play("2c")
    assert s.current_player == 2
    s.play("2e")
    assert s.current_player == 3
    s.play("3b")
    assert "exchange" not in legal(s)  # not on its own turn either


def test_after_team_win_pass_keeps_the_indicator():
    """002 §06 "may exchange": declining is allowed; the draw then goes on as usual."""
    s = build("aragones", holder=1, exchange_timing="after_team_win")
    lead_and_win(s, "Sc")
    s.play("pass")
    assert s.indicator == C("1o") and C("7o") in hand_set(s, 1)
    assert s.phase == PLAY and s.current_player == 1
    assert "exchange" not in legal(s)  # the chance comes again only after the next team win
    lead_and_win(s, "2c")
    assert s.phase == PREDRAW and s.current_player == 1


def test_after_team_win_last_draw():
    """002 §06: at the last draw, exchange before your own draw; after the last draw it is too late.
    The 7 then becomes the face-up card that the last drawer (an opponent, 002 §04) takes."""
    s = build("aragones", holder=1, exchange_timing="after_team_win")
    for card in ("Sc", "6c", "5c"):
        lead_and_win(s, card)
        assert s.phase == PREDRAW
        s.play("pass")
    assert s.stock_size() == 4
    lead_and_win(s, "4c")
    assert s.phase == PREDRAW and s.current_player == 1
    s.play("exchange")
    assert C("1o") in hand_set(s, 1)
    assert C("7o") in hand_set(s, 0)  # the last drawer (seat before the winner) took the 7 as the indicator
    assert s.known[0] >> C("7o") & 1
    assert s.in_arrastre() and s.indicator == -1
    assert all(len(hand_set(s, p)) == 6 for p in range(4))
    while not s.is_terminal():
        pass_specials(s)
        assert "exchange" not in legal(s)
        s.apply_action(min(cards_of(s.legal_card_mask())))


def test_after_team_win_drawn_seven_waits_for_the_next_team_win():
    """Common practice (variants.md): "the 7 is exchanged only after your side won a trick and before
    drawing", so a 7 just drawn waits for the next trick won by its team (002 §06 alone, "after your team's
    trick, before the next lead", could also be read as allowing it at once)."""
    hs = ["2o 4o 5o 6o Co 2b", "3o 2c 4c 5c 6c Sc", "1e 2e 4e 5e 6e Se", "1b 3b 4b 5b 6b Sb"]
    # Seat 2 draws the 7 after trick 1.
    s = deal(rules("aragones", exchange_timing="after_team_win"), hs, "1o", stock="3c 7o 3e 1c")
    lead_and_win(s, "Sc")
    assert C("7o") in hand_set(s, 2)
    assert s.phase == PLAY and s.current_player == 1
    s.play("2c")
    assert s.current_player == 2 and "exchange" not in legal(s)
    s.play("7o")  # it may also simply be played
    assert s.trick[-1] == C("7o")


# ------------------------------------------------- before_lead (002 §06, the aragones default)
# 002 §06: "While there is stock, the holder of the trump 7 may exchange it for the indicator after
# their team's trick, before the new lead. At the last draw, exchange before your own draw and not
# when the indicator would go to the partner. After the last draw it is too late."


def test_before_lead_is_the_aragones_default():
    """002 §06 read as written is the default of the Aragonese preset; today's reading stays an option."""
    assert rules("aragones").exchange_timing == "before_lead"
    assert rules("aragones", exchange_timing="after_team_win").exchange_timing == "after_team_win"


def test_before_lead_after_the_draw_at_the_lead():
    """002 §06: "after their team's trick, before the new lead": the winner holding the 7 draws first, then
    may exchange at its lead, before its card (no turn of its own before the draw)."""
    s = build("aragones", holder=1)
    assert "exchange" not in legal(s)  # no trick of its team yet
    stock_before = s.stock_size()
    lead_and_win(s, "Sc")
    assert s.phase == PLAY and s.current_player == 1
    assert s.stock_size() == stock_before - 4  # everyone has drawn
    assert C("3e") in hand_set(s, 1)  # the winner's draw
    assert "exchange" in legal(s)
    s.play("exchange")
    assert C("1o") in hand_set(s, 1) and C("7o") not in hand_set(s, 1) and s.indicator == C("7o")
    assert s.phase == PLAY and s.current_player == 1 and s.trick == []  # it still leads
    assert "exchange" not in legal(s)


def test_before_lead_not_once_the_lead_is_played():
    """002 §06: "before the new lead": a winner that leads a card without exchanging has let it go for this
    trick; the next trick its side wins offers it again."""
    s = build("aragones", holder=1)
    lead_and_win(s, "Sc")
    assert "exchange" in legal(s)
    s.play("2c")  # leads without exchanging
    others_lose(s)
    assert s.tricks[-1][1] == 1 and s.current_player == 1 and "exchange" in legal(s)


def test_before_lead_partner_exchanges_after_the_draw():
    """002 §06: "after *their team's* trick": the winner's partner holding the 7 gets a turn after the draw,
    before the lead, to exchange or pass."""
    s = build("aragones", holder=3)
    stock_before = s.stock_size()
    lead_and_win(s, "Sc")  # seat 1 wins; seat 3 is its partner
    assert s.phase == WINDOW and s.current_player == 3
    assert s.stock_size() == stock_before - 4
    assert legal(s) == {"exchange", "pass"}
    s.play("exchange")
    assert C("1o") in hand_set(s, 3) and s.indicator == C("7o")
    assert s.phase == PLAY and s.current_player == 1


def test_before_lead_partner_may_pass_and_not_exchange_when_following():
    """002 §06: "before the new lead": once its window is passed the partner may not exchange at its card."""
    s = build("aragones", holder=3)
    lead_and_win(s, "Sc")
    s.play("pass")
    assert s.phase == PLAY and s.current_player == 1
    s.play("2c")
    s.play("2e")
    assert s.current_player == 3 and "exchange" not in legal(s)


def test_before_lead_a_seven_just_drawn():
    """Issue 12 on 002 §06: at every draw but the last, a player of the winning side who has just drawn the 7
    may exchange after the draw, before the lead: the winner at its lead, its partner at a turn of its own."""
    hs = ["2o 4o 5o 6o Co 2b", "3o 2c 4c 5c 6c Sc", "1e 2e 4e 5e 6e Se", "1b 3b 4b 5b 6b Sb"]
    winner = deal(rules("aragones"), hs, "1o", stock="7o 3c 3e 1c")  # seat 1 (the winner) draws the 7
    lead_and_win(winner, "Sc")
    assert C("7o") in hand_set(winner, 1) and winner.current_player == 1 and "exchange" in legal(winner)
    partner = deal(rules("aragones"), hs, "1o", stock="3c 3e 7o 1c")  # seat 3 draws it
    lead_and_win(partner, "Sc")
    assert C("7o") in hand_set(partner, 3)
    assert partner.phase == WINDOW and partner.current_player == 3 and legal(partner) == {"exchange", "pass"}
    opponent = deal(rules("aragones"), hs, "1o", stock="3c 7o 3e 1c")  # seat 2, an opponent, draws it
    lead_and_win(opponent, "Sc")
    assert C("7o") in hand_set(opponent, 2) and opponent.phase == PLAY and opponent.current_player == 1
    opponent.play("2c")
    assert opponent.current_player == 2 and "exchange" not in legal(opponent)  # its side did not win


def test_before_lead_last_draw_before_the_draw():
    """002 §06: "at the last draw, exchange before your own draw": the last trick with stock opens a turn
    before the draw; the 7 then becomes the face-up card the last drawer (an opponent, never the partner:
    002 §04's drawing order) takes. "After the last draw it is too late": nothing in the arrastre."""
    s = build("aragones", holder=1)
    for card in ("Sc", "6c", "5c"):
        lead_and_win(s, card)
        assert s.phase == PLAY and "exchange" in legal(s)  # offered at each lead, declined by playing
    assert s.stock_size() == 4
    lead_and_win(s, "4c")
    assert s.phase == PREDRAW and s.current_player == 1 and s.stock_size() == 4  # before the draw
    assert legal(s) == {"exchange", "pass"}
    s.play("exchange")
    assert C("1o") in hand_set(s, 1) and C("7o") in hand_set(s, 0)
    assert 0 % 2 != 1 % 2  # seat 0, the last drawer, is an opponent of the holder's side, not its partner
    assert s.in_arrastre() and s.indicator == -1
    while not s.is_terminal():
        pass_specials(s)
        assert "exchange" not in legal(s)
        s.apply_action(min(cards_of(s.legal_card_mask())))


def test_before_lead_too_late_after_the_last_draw():
    """002 §06: "after the last draw it is too late": passing the last-draw turn keeps the 7 for good."""
    s = build("aragones", holder=1)
    for card in ("Sc", "6c", "5c", "4c"):
        lead_and_win(s, card)
    assert s.phase == PREDRAW
    s.play("pass")
    assert s.in_arrastre() and s.current_player == 1 and C("7o") in hand_set(s, 1)
    assert "exchange" not in legal(s)


# ------------------------------------------------------- until_next_trick (some apps)


def test_until_next_trick_partner_at_its_card():
    """Some apps (issue 12): after its side's trick the holder may exchange until the next trick closes, so
    the partner may still do it at its own card in that trick; once the trick is closed, no more."""
    s = build("aragones", holder=3, exchange_timing="until_next_trick")
    lead_and_win(s, "Sc")
    assert s.phase == WINDOW and s.current_player == 3
    s.play("pass")
    s.play("2c")
    s.play("2e")
    assert s.current_player == 3 and "exchange" in legal(s)
    s.play("exchange")
    assert C("1o") in hand_set(s, 3) and s.current_player == 3 and s.trick == [C("2c"), C("2e")]
    s.play("1o")  # the card just taken may be played at once


def test_until_next_trick_closes_with_the_trick():
    """Some apps: the right ends when the next trick closes; if the other side took it, the holder waits for
    its side's next trick."""
    s = build("aragones", holder=3, exchange_timing="until_next_trick")
    lead_and_win(s, "Sc")  # seat 1 wins; the draw gives 3e 7e 3c 7c to seats 1 2 3 0
    s.play("pass")
    play_all(s, "2c 2e 3b 4o")  # seat 3 plays on without exchanging; seat 0 trumps and takes the trick
    assert s.tricks[-1][1] == 0
    s.play("4b")
    s.play("4c")
    s.play("4e")
    assert s.current_player == 3 and "exchange" not in legal(s)


# ------------------------------------------------------------ when_leading (003)


def test_when_leading_only_at_a_lead():
    """003 "Gerakan Khusus": a player who holds the 7 of trumps and is leading a trick may exchange it for the
    Pinta before starting the trick; not when following, and no turn for the winner's partner."""
    r = rules("frances")
    s = deal(r, hands_with_7(1), "1o", stock=STOCK)
    assert s.current_player == 1 and "exchange" in legal(s)  # leading the first trick
    s.play("exchange")
    assert C("1o") in hand_set(s, 1) and s.indicator == C("7o")
    s2 = deal(r, hands_with_7(2), "1o", stock=STOCK)
    s2.play("2c")
    assert s2.current_player == 2 and "exchange" not in legal(s2)  # following
    s3 = deal(r, hands_with_7(3), "1o", stock=STOCK)
    lead_and_win(s3, "Sc")  # seat 1 wins; its partner seat 3 holds the 7: no turn for seat 3
    assert s3.phase == PLAY and s3.current_player == 1
    assert "exchange" not in legal(s3)


def test_when_leading_after_winning_the_lead():
    """003 "Gerakan Khusus": the holder who wins a trick and leads the next may exchange before leading."""
    r = rules("frances")
    hs = ["2o 4o 5o 6o Co 2b", "3o 2c 4c 5c 6c Sc", "7o 3c 2e 4e 5e Se", "1b 3b 4b 5b 6b Sb"]
    s = deal(r, hs, "1o", stock="1e 6e 1c Cc")
    s.play("2c")
    assert "exchange" not in legal(s)
    s.play("3c")
    s.play("1b")
    s.play("2b")
    assert s.tricks[-1][1] == 2
    assert s.phase == PLAY and s.current_player == 2
    assert "exchange" in legal(s)
    s.play("exchange")
    assert C("1o") in hand_set(s, 2) and s.indicator == C("7o")


# ---------------------------------------------------------------------- never


def _holder_team_wins_first_trick(state, holder: int) -> None:
    if holder % 2 == 1:
        lead_and_win(state, "Sc")  # seat 1 wins
        return
    state.play("2c")
    for _ in range(2):  # seats 2 and 3 play off suit
        state.apply_action(next(c for c in cards_of(state.legal_card_mask()) if c // 10 not in (0, 1)))
    state.play("4o")  # seat 0 trumps: team 0 wins
    assert state.tricks[-1][1] == 0


@pytest.mark.parametrize("holder", range(4))
def test_never(holder):
    """Common practice (variants.md): tables that do not play the exchange; no turn ever offers it."""
    on = build("aragones", holder=holder, exchange_timing="after_team_win")
    _holder_team_wins_first_trick(on, holder)
    assert on.phase == PREDRAW  # the test has teeth: the same trick opens the turn under after_team_win
    s = build("aragones", holder=holder, exchange_timing="never")
    _holder_team_wins_first_trick(s, holder)
    assert s.phase == PLAY
    while not s.is_terminal():
        assert "exchange" not in legal(s)
        assert s.phase != PREDRAW
        acts = s.legal_actions()
        s.apply_action(acts[0] if acts[0] < 40 else acts[-1])


# ---------------------------------------------------- exchange_needs_counting_indicator


@pytest.mark.parametrize(("indicator", "allowed"), [("1o", True), ("3o", True), ("Ro", True), ("Co", True),
                                                     ("So", True), ("6o", False), ("2o", False)])  # fmt: skip
@pytest.mark.parametrize("timing", ["own_turn", "after_team_win", "before_lead", "until_next_trick", "when_leading"])
def test_exchange_needs_counting_indicator(indicator, allowed, timing):
    """Common practice (variants.md): some tables allow the exchange only when the indicator counts points
    (as, 3, rey, sota, caballo); with a 2, 4, 5 or 6 under the stock the 7 stays in hand."""
    hs = ["2b 4b 5b 6e Ce 2e", "7o 2c 4c 5c 6c Sc", "1e 3e 4e 5e 7e Se", "1b 3b 7b Cb 6b Sb"]
    s = deal(rules("aragones", exchange_timing=timing, exchange_needs_counting_indicator=True), hs, indicator)
    off = deal(rules("aragones", exchange_timing=timing, exchange_needs_counting_indicator=False), hs, indicator)
    if timing == "after_team_win":
        for st in (s, off):
            lead_and_win(st, "Sc")
        assert (s.phase == PREDRAW) == allowed
        assert off.phase == PREDRAW
    elif timing in ("before_lead", "until_next_trick"):
        for st in (s, off):
            lead_and_win(st, "Sc")  # seat 1, the holder, wins: it leads next
        assert ("exchange" in legal(s)) == allowed
        assert "exchange" in legal(off)
    else:
        assert ("exchange" in legal(s)) == allowed
        assert "exchange" in legal(off)


def test_illegal_exchange_changes_nothing():
    """Engine contract: an exchange when not allowed raises IllegalActionError; the state is unchanged."""
    s = build("aragones", holder=1)
    before = snapshot(s)
    with pytest.raises(IllegalActionError):
        s.play("exchange")
    assert snapshot(s) == before
