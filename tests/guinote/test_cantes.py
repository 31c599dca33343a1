"""Cantes (marriages): the pair, who may sing and when, points, once per suit, limits, arrastre."""

from __future__ import annotations

import pytest

from tapete.core.cards.spanish import cards_of
from tapete.core.errors import IllegalActionError
from tapete.guinote.state import PLAY, WINDOW

from .helpers import (
    C,
    deal,
    hand_set,
    lead_and_win,
    legal,
    legal_cards,
    mask,
    reach_arrastre,
    rules,
    snapshot,
)

# Oros are trumps (indicator 1o); seat 1 leads (dealer 0). When seat 1 leads copas the others can
# play off suit, so seat 1 wins. The stock's first cards hold no figure that would make a new pair.
STOCK = "3e 7e 2b 3c 7c 2c 3o 1c"


def base(seat1="Rc Sc 4c 5c 6c Ce", seat3="5o 6o 1b 3b 7b Sb", seat0="2o 4o 4b 5b 6b Cb",
         seat2="1e 2e 4e 5e 6e Se"):  # fmt: skip
    return [seat0, seat1, seat2, seat3]


def fresh(hands, preset="aragones", **opts):
    return deal(rules(preset, **opts), hands, "1o", stock=STOCK)


# ----------------------------------------------------------------- the pair and the points


def test_no_cante_before_winning_a_trick():
    """002 §06 / 001 "Phase 1" 5: a cante is declared after winning a trick; holding the pair at the first
    lead gives nothing."""
    s = fresh(base())
    assert s.current_player == 1 and hand_set(s, 1) >= {C("Rc"), C("Sc")}
    assert legal(s) == {"Rc", "Sc", "Ce", "4c", "5c", "6c"}
    with pytest.raises(IllegalActionError):
        s.play("sing:c")


def test_plain_cante_scores_20_and_trump_cante_40():
    """002 §06: 40 in trumps, 20 in another suit; 001 "Scoring" 5: matrimonio real 40, común 20."""
    s = fresh(base())
    lead_and_win(s, "6c")
    assert s.phase == PLAY and s.current_player == 1
    assert "sing:c" in legal(s)
    s.play("sing:c")
    assert s.cante_points == [0, 20]
    assert s.cantes == [(1, C("Rc") // 10 + 40)]
    t = fresh(base(seat1="Ro So 4c 5c 6c Ce", seat3="5e 6o 1b 3b 7b Sb", seat2="1e 2e 4e 5o 6e Se"))
    lead_and_win(t, "6c")
    assert "sing:o" in legal(t)
    t.play("sing:o")
    assert t.cante_points == [0, 40]


def test_cante_points_options():
    """Common practice (variants.md): the 40 and 20 are options (cante_points_trump, cante_points_plain)."""
    s = fresh(base(), cante_points_plain=10)
    lead_and_win(s, "6c")
    s.play("sing:c")
    assert s.cante_points == [0, 10]
    t = fresh(base(seat1="Ro So 4c 5c 6c Ce", seat3="5e 6o 1b 3b 7b Sb", seat2="1e 2e 4e 5o 6e Se"),
              cante_points_trump=30)  # fmt: skip
    lead_and_win(t, "6c")
    t.play("sing:o")
    assert t.cante_points == [0, 30]


@pytest.mark.parametrize(
    ("preset", "pair", "not_pair"),
    [
        ("aragones", "Rc Sc", "Rc Cc"),  # 002 §06: K with J, never K with Q
        ("clasico", "Rc Cc", "Rc Sc"),  # 001 "Phase 1" 5: Rey and Caballo
        ("frances", "K♥ Q♥", "K♥ J♥"),  # 003 "Deklarasi Marriage": King and Queen
    ],
)
def test_cante_pair_follows_cante_figure(preset, pair, not_pair):
    """002 §06: the cante is rey + sota ("K with J, never K with Q"); 001 "Phase 1" 5: Rey + Caballo;
    003 "Deklarasi Marriage": King + Queen (the caballo)."""
    for cards_, expect in ((pair, True), (not_pair, False)):
        seat1 = cards_ + " 4c 5c 6c Ce"
        s = fresh(base(seat1=seat1), preset=preset)
        lead_and_win(s, "6c")
        assert ("sing:c" in legal(s)) is expect, (preset, cards_)
    # and the option alone decides it
    s = fresh(base(seat1="Rc Cc 4c 5c 6c Ce"), preset="aragones", cante_figure="caballo")
    lead_and_win(s, "6c")
    assert "sing:c" in legal(s)
    s = fresh(base(seat1="Rc Sc 4c 5c 6c Ce"), preset="clasico", cante_figure="sota")
    lead_and_win(s, "6c")
    assert "sing:c" in legal(s)


def test_pair_must_be_in_one_hand():
    """002 §06: "the holder of rey and sota of one suit *in one hand*": split between partners is no cante."""
    s = fresh(base(seat1="Rc Cc 4c 5c 6c Ce", seat3="Sc 6o 1b 3b 7b 5o"))
    lead_and_win(s, "6c")
    assert s.phase == PLAY  # no window for seat 3
    assert not any(a.startswith("sing") for a in legal(s))


def test_losing_team_cannot_sing():
    """001 "Phase 1" 5: only the partnership that wins a trick while holding both may declare."""
    s = fresh(base(seat0="Rb Sb 2o 4o 4b 5b", seat3="5o 6o 1b 3b 7b Cb"))
    lead_and_win(s, "6c")  # team 1 wins; seat 0 (team 0) holds rey + sota de bastos
    assert s.phase == PLAY and s.current_player == 1
    s.play("5c")
    for _ in range(3):
        assert not any(a.startswith("sing") for a in legal(s))
        s.apply_action(min(cards_of(s.legal_card_mask())))


# ----------------------------------------------------------------- who sings


def test_cante_by_trick_winner():
    """001 "Phase 1" 5: a player who holds both and *wins a trick* may declare; the partner of the winner
    holding a pair gets no turn (cante_by=trick_winner)."""
    s = fresh(base(seat3="Rb Sb 1b 3b 7b 5o"), cante_by="trick_winner")
    lead_and_win(s, "6c")
    assert s.phase == PLAY and s.current_player == 1
    assert "sing:b" not in legal(s) and "sing:c" in legal(s)
    with pytest.raises(IllegalActionError):
        s.play("sing:b")


def test_cante_by_winning_team_partner_window():
    """002 §06: after *your team* won the trick, the holder in either hand of the team may sing before the
    next lead (cante_by=winning_team): the partner gets a WINDOW turn (sing or pass) before the winner leads."""
    s = fresh(base(seat3="Rb Sb 1b 3b 7b 5o"))
    lead_and_win(s, "6c")
    assert s.phase == WINDOW and s.current_player == 3
    assert legal(s) == {"sing:b", "pass"}
    with pytest.raises(IllegalActionError):
        s.play("1b")  # no card play in the window
    s.play("sing:b")
    assert s.cante_points == [0, 20]
    assert s.phase == PLAY and s.current_player == 1  # back to the winner, who may sing too
    assert "sing:c" in legal(s)
    s.play("sing:c")
    assert s.cante_points == [0, 40]
    # passing instead also hands the turn to the winner
    t = fresh(base(seat3="Rb Sb 1b 3b 7b 5o"))
    lead_and_win(t, "6c")
    t.play("pass")
    assert t.phase == PLAY and t.current_player == 1 and t.cante_points == [0, 0]
    assert "sing:b" not in legal(t)  # seat 3's chance is gone until its team wins again


def test_cante_timing_after_draw():
    """002 §06: the holder may sing after the team's trick, before the next lead: a figure drawn after the trick
    completes the pair (cante_timing="after_draw")."""
    hs = base(seat1="Rc 4c 5c 6c Ce 2c")
    s = deal(rules("aragones"), hs, "1o", stock="Sc 3e 7e 3c")
    lead_and_win(s, "6c")
    assert C("Sc") in hand_set(s, 1)  # the winner drew it first
    assert s.phase == PLAY and "sing:c" in legal(s)


def test_cante_timing_before_draw():
    """001 "Phase 1" 5 / "Scoring" 5: declared only by a side that *wins a trick while holding both*: the pair
    must be in hand when the trick is won, and the cante comes before the draw (cante_timing="before_draw")."""
    hs = base(seat1="Rc 4c 5c 6c Ce 2c")
    s = deal(rules("aragones", cante_timing="before_draw"), hs, "1o", stock="Sc 3e 7e 3c")
    lead_and_win(s, "6c")
    assert C("Sc") in hand_set(s, 1) and s.phase == PLAY
    assert "sing:c" not in legal(s)
    # Holding both when the trick is won: a window before anyone draws.
    t = deal(rules("clasico"), base(seat1="Rc Cc 4c 5c 6c 2c"), "1o", stock="3e 7e 3c 7c")
    assert t.rules.cante_timing == "before_draw"
    stock_before = t.stock_size()
    lead_and_win(t, "6c")
    assert t.phase == WINDOW and t.current_player == 1
    assert legal(t) == {"sing:c", "pass"}
    assert t.stock_size() == stock_before  # nobody has drawn yet
    t.play("sing:c")
    assert t.stock_size() == stock_before - 4
    assert t.phase == PLAY and t.current_player == 1 and t.cante_points == [0, 20]
    assert not any(a.startswith("sing") for a in legal(t))


def test_no_window_when_partner_has_nothing():
    """002 §06: the window exists for a holder; without a pair in the partner's hand play goes on."""
    s = fresh(base())
    lead_and_win(s, "6c")
    assert s.phase == PLAY and s.current_player == 1


def test_cante_only_before_the_next_lead():
    """002 §06: declare and show both cards before the next lead; after the lead it is too late."""
    s = fresh(base(seat3="Rb Sb 1b 3b 7b 5o"))
    lead_and_win(s, "6c")
    s.play("pass")
    s.play("5c")  # the winner leads without singing
    for _ in range(3):
        assert not any(a.startswith("sing") for a in legal(s))
        s.apply_action(min(cards_of(s.legal_card_mask())))


def test_cante_window_until_opponent_card_leader():
    """002 §06: "for a clear teaching window, declare before the next lead; at other tables it is allowed later,
    until an opponent's card" (cante_window="until_opponent_card"): the leader who led without singing may
    still sing before the next seat, an opponent, plays."""
    s = fresh(base(), cante_window="until_opponent_card")
    lead_and_win(s, "6c")
    assert s.current_player == 1 and "sing:c" in legal(s)
    s.play("5c")  # leads without singing
    assert s.phase == WINDOW and s.current_player == 1 and legal(s) == {"sing:c", "pass"}
    s.play("sing:c")
    assert s.cante_points == [0, 20] and s.phase == PLAY and s.current_player == 2 and s.trick == [C("5c")]
    # The teaching window (the default) closes at the lead card.
    t = fresh(base())
    lead_and_win(t, "6c")
    t.play("5c")
    assert t.phase == PLAY and t.current_player == 2


def test_cante_window_closes_at_the_opponents_card():
    """002 §06 "until an opponent's card": after the lead the leader, then its partner, may sing; once the
    opponent after the leader has played the window is shut, also for the partner at its own card."""
    s = fresh(base(seat3="Rb Sb 1b 3b 7b 5o"), cante_window="until_opponent_card")
    lead_and_win(s, "6c")
    assert s.phase == WINDOW and s.current_player == 3
    s.play("pass")  # the partner lets its window before the lead go
    s.play("5c")
    assert s.phase == WINDOW and s.current_player == 1  # the leader, first
    s.play("pass")
    assert s.phase == WINDOW and s.current_player == 3 and legal(s) == {"sing:b", "pass"}  # then its partner
    s.play("pass")
    assert s.phase == PLAY and s.current_player == 2
    s.play("2e")  # the opponent's card
    assert s.current_player == 3 and not s.window_open
    assert not any(a.startswith("sing") for a in legal(s))


# ------------------------------------------------------------ once per suit, limits


def test_each_suit_once_per_deal():
    """002 §06 / 001 "Phase 1" 5: each suit's cante may be declared only once per deal."""
    s = fresh(base())
    lead_and_win(s, "6c")
    s.play("sing:c")
    lead_and_win(s, "5c")
    assert hand_set(s, 1) >= {C("Rc"), C("Sc")}
    assert "sing:c" not in legal(s)
    assert s.cante_points == [0, 20]


def test_shown_cards_stay_in_hand_and_become_known():
    """002 §06: the cards stay in hand and are later played as usual; shown cards are public."""
    s = fresh(base())
    lead_and_win(s, "6c")
    s.play("sing:c")
    assert hand_set(s, 1) >= {C("Rc"), C("Sc")}
    assert s.known[1] & mask("Rc Sc") == mask("Rc Sc")
    s.play("Rc")  # played normally
    assert s.known[1] & mask("Rc") == 0 and s.known[1] & mask("Sc")
    assert s.trick == [C("Rc")]


@pytest.mark.parametrize(("limit", "sings"), [(1, 1), (2, 2), (0, 3)])
def test_cantes_per_trick(limit, sings):
    """003 "Deklarasi Marriage": one marriage per player at a time; more need more tricks; common practice
    (variants.md): at most one cante per player per trick won. 0 means no limit."""
    hs = base(seat1="Rc Sc Re Se Rb 4c", seat2="1e 2e 4e 5e 6e 7e", seat3="5o 6o 1b 3b 7b Cb",
              seat0="2o 4o 4b 5b 6b 1c")  # fmt: skip
    s = deal(rules("aragones", cantes_per_trick=limit), hs, "1o", stock="Sb 3e 7c 3c")
    for card in ("4c", "2e", "1b", "4b"):
        s.play(card)
    assert s.tricks[-1][1] == 1
    assert C("Sb") in hand_set(s, 1)  # the winner drew the sota de bastos: three pairs now
    done = 0
    while any(a.startswith("sing") for a in legal(s)):
        s.play(sorted(a for a in legal(s) if a.startswith("sing"))[0])
        done += 1
    assert done == sings
    assert s.cante_points == [0, 20 * sings]
    assert s.phase == PLAY and s.current_player == 1


def test_more_pairs_need_more_tricks():
    """003 "Deklarasi Marriage": a player with more than one marriage must win additional tricks."""
    hs = base(seat1="Rc Sc Ro So 4c 5c")
    s = fresh(hs, preset="aragones")
    lead_and_win(s, "5c")
    s.play("sing:o")
    assert "sing:c" not in legal(s)
    lead_and_win(s, "4c")
    assert "sing:c" in legal(s)
    s.play("sing:c")
    assert s.cante_points == [0, 60]


@pytest.mark.parametrize("allowed", [True, False])
def test_cantes_in_arrastre(allowed):
    """001 "Phase 2" 5: marriages can still be declared in phase 2 when winning a trick (cantes_in_arrastre);
    with the option off nothing can be sung once the stock is gone."""
    finals = ["2b 4b 5b 6b 7b 2e", "Rc Sc 1b 4c 5c 6c", "3e 4e 5e 6e 7e Ce", "3o 4o 5o 6o 2c 3c"]
    s = reach_arrastre(rules("aragones", cantes_in_arrastre=allowed), finals, "3o")
    assert s.in_arrastre() and s.current_player == 0
    for card in ("2b", "1b", "3e", "2c"):
        s.play(card)
    assert s.tricks[-1][1] == 1  # seat 1 won an arrastre trick holding rey and sota de copas
    assert s.phase == PLAY and s.current_player == 1
    assert ("sing:c" in legal(s)) is allowed
    if allowed:
        s.play("sing:c")
        assert s.cante_points == [0, 20]
        assert s.cantes[-1] == (1, 41)


def test_illegal_sing_changes_nothing():
    """Engine contract: an illegal cante raises IllegalActionError and leaves the state unchanged."""
    s = fresh(base())
    lead_and_win(s, "6c")
    before = snapshot(s)
    for bad in ("sing:o", "sing:e", "sing:b", "tute", "claim"):
        with pytest.raises(IllegalActionError):
            s.play(bad)
        assert snapshot(s) == before
    assert legal_cards(s)  # still seat 1's turn with cards to play
