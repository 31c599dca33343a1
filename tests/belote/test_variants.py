"""Belote for three and two players: trois joueurs, belote à deux, découverte, and their options.

004 "Variantes comunes" names the variants ("Trois Joueurs: cada jugador juega solo; el tomador se enfrenta a
los otros dos", "Belote à Deux: ... una fase de mazo y un número de cartas reducido", "Belote Découverte:
variante de dos jugadores con algunas cartas boca arriba"). The versions played, their sources (E3, F3, E2,
JD, PG, LS, PP, A3, HR, PB) and the worked examples are in docs/design/belote-variants.md; each test names the
rule it checks and its source.
"""

from __future__ import annotations

import random

import pytest

from tapete.belote.actions import DECLARE, PASS
from tapete.belote.match import BeloteMatch, next_dealer, settle_deal
from tapete.belote.rules import PRESETS
from tapete.belote.scoring import BeloteResult, redeal_result, score_deal_solo
from tapete.belote.state import PLAY, BeloteState, pack_of
from tapete.core.cards.deck import cards_of
from tapete.core.errors import SetupError

from .helpers import C, S, dealt_n, hand_set, layout_deck, legal, legal_cards, lowest_playout, mask, pack
from .test_perft import ref_points

TROIS = PRESETS["trois-joueurs"]
DEUX = PRESETS["belote-a-deux"]
DECOUVERTE = PRESETS["decouverte"]
#: A3, LS, PP: the old French 3-player deal, 3+3 then 3 more from 32 cards, the 19th turned and not taken.
OLD_FRENCH = TROIS.replace(deck="32", deal_packets="3-3", hand_size=9, taker_takes_retourne=False, bergere=True)


def ids(m: int) -> set[int]:
    return set(cards_of(m))


def first_trick(state: BeloteState, declare: bool = True) -> None:
    """Every seat declares (when offered) and plays its first legal card, until the first trick is complete."""
    while state.tricks_played == 0:
        if declare and DECLARE in state.legal_actions():
            state.apply_action(DECLARE)
        state.apply_action(state.legal_actions()[0])


# =================================================================== trois joueurs


def test_trois_joueurs_deal_5_each_retourne_then_8_each():
    """E3, F3 (docs/design/belote-variants.md §1 "first deal", "completing", "lead"): 24 cards; 3 then 2 to each
    seat from the dealer's right (15 cards), the 16th is the retourne and 8 stay face down; the taker gets the
    retourne and 2 cards, the others 3 each, in playing order: 8 each, all 24 in play; the seat after the dealer
    leads, whoever took."""
    d = pack(TROIS)
    assert len(d) == 24
    s = BeloteState.new_deal(TROIS, d, dealer=2)  # seat 0 receives first
    assert s.n == 3 and s.units == 3 and s.n_tricks == 8
    assert ids(s.hands[0]) == {*d[0:3], *d[9:11]}
    assert ids(s.hands[1]) == {*d[3:6], *d[11:13]}
    assert ids(s.hands[2]) == {*d[6:9], *d[13:15]}
    assert s.retourne == d[15] and s.rest == d[16:24]
    assert s.current_player == 0
    s.play("pass")
    s.play(f"take:{'shdc'[d[15] // 8]}")  # seat 1 takes in round 1
    assert ids(s.hands[0]) == {*d[0:3], *d[9:11], *d[16:19]}
    assert ids(s.hands[1]) == {*d[3:6], *d[11:13], d[15], *d[19:21]}
    assert ids(s.hands[2]) == {*d[6:9], *d[13:15], *d[21:24]}
    assert s.out == 0 and s.bergere == -1 and s.rest == []
    assert s.phase == PLAY and s.current_player == 0 and s.in_play == 162


def test_the_24_card_pack_has_no_7s_or_8s_and_still_162_points():
    """E3, F3 (§1 "deck"): the 7s and 8s removed, A K Q J 10 9 left in each suit; card points still 152 (7s
    and 8s are worth nothing in any contract) plus 10 for the last trick; a match shuffles those 24 cards."""
    p = pack_of(TROIS)
    assert len(p) == 24 and all(c % 8 >= 2 for c in p)
    with pytest.raises(SetupError, match="each of the 24 cards of the pack exactly once"):
        BeloteState.new_deal(TROIS, list(range(32)), dealer=0)
    for contract in range(6):
        assert sum(ref_points(contract, c) for c in p) == 152
    match = BeloteMatch(TROIS, seed=1)
    assert sorted(match.deals[0].deck) == p
    for seed in range(6):
        s = BeloteState.new_deal(TROIS, seed=seed, dealer=seed % 3)
        while s.phase != PLAY and not s.is_terminal():
            s.apply_action(s.legal_actions()[-1])  # take
        lowest_playout(s)
        assert sum(s.card_points) == 162 and s.tricks_played == 8 and len(s.tricks[0][2]) == 3


def test_trois_joueurs_six_passes_void_the_deal():
    """E3, F3 (§1 "taking"): round 1 each of the 3 seats takes the retourne's suit or passes; round 2 another
    suit or pass; 6 passes void the deal, and the next seat deals (tapete's reading of 004's rotation)."""
    s = BeloteState.new_deal(TROIS, seed=4, dealer=0)
    suit = "shdc"[s.retourne // 8]
    for seat in (1, 2, 0):
        assert s.current_player == seat and legal(s) == {"pass", f"take:{suit}"}
        s.play("pass")
    assert s.round == 2 and legal(s) == {"pass"} | {f"take:{x}" for x in "shdc" if x != suit}
    for _ in range(3):
        s.play("pass")
    assert s.is_terminal() and s.redeal and s.result().scores == (0, 0, 0)
    assert next_dealer(TROIS, 0, s.result()) == 1


def test_no_partner_exemption_at_three_players():
    """E3, A3 (§ "What stays as in classique"): with no partner there is no exemption: a player void in the suit
    led must trump even when the seat two places before him (his "partner" at four) holds the trick."""
    hands = ["As Ks Qs Ah Kh 9d Td Jd", "9s Ts Js Qh Jh 9c Tc Jc", "9h Th Ad Kd Qd Qc Kc Ac"]
    s = dealt_n(TROIS, hands, "h", taker=0, dealer=2)
    assert TROIS.partner_exempt  # the option is on, but has no effect without partners
    s.play("As")
    s.play("9s")
    assert s.current_player == 2 and legal_cards(s) == {"9h", "Th"}


def test_declarations_at_three_players_taker_against_the_two_together():
    """§1 "declarations" (tapete's reading of 004 "the taker faces the other two"; HR uses the same method):
    the best declarations are compared taker against the two opponents together; when the opponents' side wins,
    each opponent scores his own declarations only; when the taker's side wins, only the taker scores."""
    hands = ["9d Td Jd Ah Kh As 9c Tc", "9s Ts Js Qs Qh Jh Kd Ac", "Ks 9h Th Qd Ad Jc Qc Kc"]
    # Seat 0 takes with a tierce; seat 1 holds a quarante, seat 2 a tierce: the opponents' side wins.
    s = dealt_n(TROIS, hands, "h", taker=0, dealer=2)
    first_trick(s)
    assert s.decl_team == 1 and s.decl_points == [0, 50, 20]
    # Seat 1 takes: his quarante beats both tierces, and only he scores.
    s = dealt_n(TROIS, hands, "h", taker=1, dealer=2)
    first_trick(s)
    assert s.decl_team == 0 and s.decl_points == [0, 50, 0]
    lowest_playout(s)
    assert s.result().declarations == (0, 50, 0)


def test_trois_joueurs_worked_scores():
    """F3 (made: strictly more than each opponent), §1 "made", "failed" (tapete's reading after PB: the taker
    keeps his belote, his points go to the opponent with the higher total; a tie with the better opponent is a
    failure) and E3 (belote 20 to its holder): the worked deals of docs/design/belote-variants.md §1."""
    zero = (0, 0, 0)
    tricks = (3, 3, 2)

    def score(cards, belote=zero, rules=TROIS):
        return score_deal_solo(rules, 1, 0, cards, tricks, zero, belote, 162)

    assert score((70, 60, 32)).scores == (70, 60, 32) and score((70, 60, 32)).made
    assert score((55, 65, 42)).scores == (0, 120, 42) and not score((55, 65, 42)).made
    assert score((55, 65, 42), belote=(20, 0, 0)).scores == (75, 65, 42)
    assert score((60, 60, 42)).scores == (0, 120, 42)
    # The failed taker keeps his belote; an opponent's belote counts in his total.
    assert score((50, 70, 42), belote=(20, 0, 0)).scores == (20, 120, 42)
    assert score((65, 55, 42), belote=(0, 20, 0)).scores == (0, 140, 42)


def test_trois_joueurs_contract_vs_combined():
    """HR, PB (§1 alternatives, ``contract_vs="combined"``): the taker must beat the two opponents together, so
    more than 81 without declarations: 70 / 60 / 32 fails (70 is not more than 92) and scores 0 / 130 / 32."""
    r = TROIS.replace(contract_vs="combined")
    zero = (0, 0, 0)
    res = score_deal_solo(r, 1, 0, (70, 60, 32), (3, 3, 2), zero, zero, 162)
    assert not res.made and res.scores == (0, 130, 32)
    res = score_deal_solo(r, 1, 0, (82, 60, 20), (4, 3, 1), zero, zero, 162)
    assert res.made and res.scores == (82, 60, 20)
    assert score_deal_solo(TROIS, 1, 0, (70, 60, 32), (3, 3, 2), zero, zero, 162).made


def test_trois_joueurs_failed_points_vanish_and_both():
    """HR (``failed_points="vanish"``: nobody gets the failed taker's points) and PB ("some play":
    ``failed_points="both"``, each opponent adds them), §1 alternatives; declarations go with the card points."""
    zero = (0, 0, 0)
    vanish = TROIS.replace(failed_points="vanish")
    both = TROIS.replace(failed_points="both")
    assert score_deal_solo(vanish, 1, 0, (55, 65, 42), (3, 3, 2), zero, zero, 162).scores == (0, 65, 42)
    assert score_deal_solo(both, 1, 0, (55, 65, 42), (3, 3, 2), zero, zero, 162).scores == (0, 120, 97)
    # The taker's counted declarations (20) go with his cards; his belote stays with him.
    res = score_deal_solo(both, 1, 0, (30, 80, 52), (2, 3, 3), (20, 0, 0), (20, 0, 0), 162)
    assert not res.made and res.scores == (20, 130, 102)


def test_trois_joueurs_failed_split_between_equal_opponents():
    """§1 "failed" (tapete's reading after PB): two opponents with equal totals share the failed taker's points
    in half, any odd point to the first of them in playing order after the taker. With cards out of play (the
    old French 3+3 deal, A3/PP) the points in play can be odd."""
    zero = (0, 0, 0)
    res = score_deal_solo(OLD_FRENCH, 1, 1, (60, 41, 60), (3, 3, 3), zero, zero, 161)
    assert not res.made and res.scores == (80, 0, 81)  # seat 2 plays first after the taker (seat 1)
    res = score_deal_solo(TROIS, 1, 0, (42, 60, 60), (2, 3, 3), zero, zero, 162)
    assert res.scores == (0, 81, 81)


def test_trois_joueurs_capot_252():
    """004 "Puntuación" transposed (§1 "capot"): a player who takes all 8 tricks has 152 + 10 + 90 = 252 card
    points, the others 0; a capot against the taker fails him."""
    zero = (0, 0, 0)
    res = score_deal_solo(TROIS, 1, 0, (162, 0, 0), (8, 0, 0), zero, zero, 162)
    assert res.capot_team == 0 and res.card_points == (252, 0, 0) and res.scores == (252, 0, 0)
    res = score_deal_solo(TROIS, 1, 0, (0, 0, 162), (0, 0, 8), zero, zero, 162)
    assert not res.made and res.scores == (0, 0, 252)


def test_three_player_match_winner():
    """004 "Victoria en la partida" transposed (§1 "match winner"): the first player to the target wins; if
    several reach it in the same deal, the taker if he made his contract (even with fewer points), otherwise the
    highest score; a tie for the highest plays one more deal."""
    zero = (0, 0, 0)

    def res(taker, scores, made):
        return BeloteResult(False, 1, 0, 1, taker, scores, zero, zero, -1, made, False, 0, scores)

    st = settle_deal(TROIS, (980, 700, 500), res(0, (70, 60, 32), True), 0)
    assert (st.scores_after, st.winner, st.reason) == ((1050, 760, 532), 0, "target")
    st = settle_deal(TROIS, (980, 1000, 500), res(0, (70, 60, 32), True), 0)
    assert (st.scores_after, st.winner, st.reason) == ((1050, 1060, 532), 0, "both_past")
    st = settle_deal(TROIS, (950, 960, 990), res(2, (60, 102, 0), False), 0)
    assert (st.scores_after, st.winner) == ((1010, 1062, 990), 1)
    st = settle_deal(TROIS, (940, 950, 990), res(2, (70, 60, 0), False), 0)
    assert (st.scores_after, st.winner, st.reason) == ((1010, 1010, 990), -1, "tie")
    st = settle_deal(TROIS, (940, 950, 990), res(2, (70, 60, 20), True), 0)
    assert (st.winner, st.reason) == (2, "both_past")
    # A whole match: one winner among three, the others lose.
    m = BeloteMatch(TROIS.replace(target=301), seed=3)
    while not m.is_terminal():
        m.apply_action(m.legal_actions()[-1])
    assert m.winner in (0, 1, 2) and m.scores[m.winner] >= 301
    assert m.returns() == [1.0 if s == m.winner else -1.0 for s in range(3)]


def test_old_french_3_player_deal_9_each():
    """A3, LS, PP (§1 alternatives): 32 cards, 3+3 each and the 19th turned; after the taking 3 more each: 9 cards
    and 9 tricks; the retourne is not taken, and 5 cards stay out of play: the retourne, the bergère (the bottom
    card, shown) and 3 face down."""
    d = list(range(32))
    s = BeloteState.new_deal(OLD_FRENCH, d, dealer=2)
    assert [h.bit_count() for h in s.hands] == [6, 6, 6] and s.retourne == d[18]
    s.play(f"take:{'shdc'[d[18] // 8]}")
    assert ids(s.hands[0]) == {*d[0:3], *d[9:12], *d[19:22]}
    assert ids(s.hands[1]) == {*d[3:6], *d[12:15], *d[22:25]}
    assert ids(s.hands[2]) == {*d[6:9], *d[15:18], *d[25:28]}
    assert s.bergere == d[31] and ids(s.out) == set(d[28:31]) and s.n_tricks == 9
    lowest_playout(s)
    assert s.tricks_played == 9


# =================================================================== belote à deux


def test_a_deux_deal_6_each_then_9_retourne_and_12_out_bergere_shown():
    """E2, LS, PP (§2 "first deal", "completing", "lead"): 3 + 3 to each player, non-dealer first (12 cards),
    the 13th is the retourne; after the taking 3 more each, non-dealer first: 9 each; the retourne is not
    taken and stays face up out of play; the bottom card of the talon (the bergère) is shown; the other 12 stay
    face down out of play (12 + bergère + retourne + 2 x 9 = 32); the non-dealer leads; 9 tricks of 2 cards."""
    d = list(range(32))
    s = BeloteState.new_deal(DEUX, d, dealer=1)
    assert s.n == 2 and s.units == 2
    assert ids(s.hands[0]) == {*d[0:3], *d[6:9]} and ids(s.hands[1]) == {*d[3:6], *d[9:12]}
    assert s.retourne == d[12] and s.current_player == 0
    s.play(f"take:{'shdc'[d[12] // 8]}")
    assert ids(s.hands[0]) == {*d[0:3], *d[6:9], *d[13:16]}
    assert ids(s.hands[1]) == {*d[3:6], *d[9:12], *d[16:19]}
    assert not (s.hands[0] >> d[12]) & 1 and s.known == [0, 0]
    assert s.bergere == d[31] and ids(s.out) == set(d[19:31]) and s.out.bit_count() == 12
    assert s.taker == 0 and s.current_player == 0 and s.n_tricks == 9
    lowest_playout(s)
    assert s.tricks_played == 9 and all(len(t[2]) == 2 for t in s.tricks)


def test_taker_takes_retourne_option_at_two_players():
    """004 "Preparación" 4 (the taker takes the retourne) against E2/PP (à deux: it stays out of play), option
    ``taker_takes_retourne``: taken, it fills the taker's hand, and one more card stays out of play."""
    r = DEUX.replace(taker_takes_retourne=True)
    d = list(range(32))
    s = BeloteState.new_deal(r, d, dealer=1)
    s.play("pass")
    s.play(f"take:{'shdc'[d[12] // 8]}")  # the dealer takes
    assert ids(s.hands[1]) == {*d[3:6], *d[9:12], d[12], *d[16:18]}
    assert ids(s.hands[0]) == {*d[0:3], *d[6:9], *d[13:16]}
    assert s.known[1] == 1 << d[12] and s.bergere == d[31] and s.out.bit_count() == 13


def test_a_deux_four_passes_void_the_deal():
    """E2 ("the same rules as classic"), A3 (§2 "taking"): two rounds, the non-dealer first; 4 passes void the
    deal, and the other player deals next (tapete's reading)."""
    s = BeloteState.new_deal(DEUX, seed=8, dealer=0)
    assert s.current_player == 1
    for _ in range(2):
        s.play("pass")
    assert s.round == 2 and len(legal(s)) == 4
    for _ in range(2):
        s.play("pass")
    assert s.is_terminal() and s.redeal and s.result().scores == (0, 0)
    assert next_dealer(DEUX, 0, s.result()) == 1


def test_a_deux_in_play_varies_and_adds_to_162():
    """§2 "points in play": not fixed: the card points of the 18 dealt cards plus 10; with the card points of the
    14 cards out of play (the retourne, the bergère and 12 face down) they make 162."""
    seen = set()
    for seed in range(12):
        s = BeloteState.new_deal(DEUX, seed=seed, dealer=seed % 2)
        while s.phase != PLAY and not s.is_terminal():
            s.apply_action(s.legal_actions()[-1])
        if s.redeal:
            continue
        lowest_playout(s)
        outside = s.out | 1 << s.bergere | 1 << s.retourne
        assert outside.bit_count() == 14
        assert sum(s.card_points) + sum(ref_points(s.contract, c) for c in cards_of(outside)) == 162
        assert s.result().in_play == s.in_play == sum(s.card_points)
        seen.add(s.in_play)
    assert len(seen) > 3


def test_a_deux_worked_scores_and_capot():
    """E2 and 004 transposed (§2 "contract", "failed", "capot"; its example: 96 card points dealt, 106 in play):
    made: each scores his own; failed: the opponent scores all points in play and both players' declarations,
    the taker keeps his belote; capot: all points in play + 50."""
    zero = (0, 0)
    assert score_deal_solo(DEUX, 1, 0, (61, 45), (5, 4), zero, zero, 106).scores == (61, 45)
    assert score_deal_solo(DEUX, 1, 0, (50, 56), (4, 5), zero, zero, 106).scores == (0, 106)
    res = score_deal_solo(DEUX, 1, 0, (30, 76), (3, 6), (20, 50), (20, 0), 106)
    assert not res.made and res.scores == (20, 176)
    res = score_deal_solo(DEUX, 1, 0, (106, 0), (9, 0), zero, zero, 106)
    assert res.capot_team == 0 and res.scores == (156, 0)
    res = score_deal_solo(DEUX, 1, 1, (106, 0), (9, 0), zero, zero, 106)
    assert not res.made and res.scores == (156, 0)


def test_next_dealer_winner():
    """LS ("at 2 players the winner of a deal deals the next"), E2 (§2 "dealer"): the taker if he made his
    contract, else the opponent; after a void deal the other player (tapete's reading); ``next_dealer="next"``
    (F2) alternates."""
    made = BeloteResult(False, 1, 0, 1, 1, (61, 45), (0, 0), (0, 0), -1, True, False, 0, (61, 45))
    failed = BeloteResult(False, 1, 0, 1, 1, (50, 56), (0, 0), (0, 0), -1, False, False, 0, (0, 106))
    assert next_dealer(DEUX, 0, made) == 1 and next_dealer(DEUX, 1, made) == 1
    assert next_dealer(DEUX, 1, failed) == 0 and next_dealer(DEUX, 0, failed) == 0
    assert next_dealer(DEUX, 1, redeal_result(2)) == 0
    assert next_dealer(DEUX.replace(next_dealer="next"), 0, made) == 1
    assert next_dealer(DEUX.replace(next_dealer="next"), 1, made) == 0
    # The taker who made his contract deals even when the opponent scored more (belote not counted for it).
    r = DEUX.replace(belote_counts_for_contract=False)
    res = score_deal_solo(r, 1, 0, (60, 46), (5, 4), (0, 0), (0, 20), 106)
    assert res.made and res.scores == (60, 66) and next_dealer(r, 1, res) == 0
    # At three players: the taker who made it, else the best opponent.
    failed3 = score_deal_solo(TROIS.replace(next_dealer="winner"), 1, 0, (55, 65, 42), (3, 3, 2), (0, 0, 0),
                              (0, 0, 0), 162)  # fmt: skip
    assert next_dealer(TROIS.replace(next_dealer="winner"), 0, failed3) == 1
    # In a match.
    m = BeloteMatch(DEUX, seed=5)
    while not m.is_terminal():
        m.apply_action(m.legal_actions()[-1])
    assert len(m.deals) > 2
    for before, after in zip(m.deals, m.deals[1:], strict=False):
        assert before.result is not None
        res = before.result
        expected = 1 - before.dealer if res.redeal else res.takers if res.made else 1 - res.takers
        assert after.dealer == expected


# =================================================================== découverte

UP = ["Ah Jh Qh Kh Td Jd Qd Kd", "7s 8s 9s Ts 7d 8d 9d Jc"]
DOWN = ["Ad 7c 8c 9c Tc Qc Kc Ac", "7h 8h 9h Th Js Qs Ks As"]


def test_decouverte_layout_8_face_up_on_8_face_down():
    """JD, E2, PG (§3 "layout", "trump", "lead"): 16 cards each, 8 face down each covered by a face-up card, dealt
    per row of four (4 face down to the non-dealer, 4 to the dealer, then the face-up cards in the same order);
    only face-up cards are in hand; nobody knows the face-down ones; the dealer's last face-up card proposes
    trumps and is not taken; two taking rounds, the non-dealer first; the non-dealer leads; all 32 in play."""
    deck = layout_deck(UP, DOWN, dealer=1)
    s = BeloteState.new_deal(DECOUVERTE, deck, dealer=1)
    assert s.retourne == C("Jc") == deck[31]
    assert [hand_set(s, p) for p in (0, 1)] == [S(UP[0]), S(UP[1])]
    assert s.hidden == [mask(DOWN[0]), mask(DOWN[1])] and s.known == [0, 0]
    for p in (0, 1):
        for up, down in zip(UP[p].split(), DOWN[p].split(), strict=True):
            assert s.under[C(up)] == C(down)
    assert s.current_player == 0 and legal(s) == {"pass", "take:c"}
    s.play("pass")
    s.play("pass")
    assert s.round == 2 and s.current_player == 0
    s.play("take:h")
    assert s.taker == 0 and s.trump == 1 and s.current_player == 0
    assert (s.hands[1] >> C("Jc")) & 1 and s.out == 0 and s.bergere == -1
    assert s.in_play == 162 and s.n_tricks == 16


def test_decouverte_hidden_cards_never_oblige():
    """JD (play under the usual rules), E2 (duties), §3 "play" (tapete's reading): only a face-up card may be
    played, and the duties look at face-up cards only: the dealer, with hearts face down but none face up, must
    trump a heart led; once a heart is turned up it obliges."""
    s = BeloteState.new_deal(DECOUVERTE, layout_deck(UP, DOWN, dealer=1), dealer=1)
    s.play("take:c")
    s.play("Ah")
    assert legal_cards(s) == {"Jc"}
    assert s.why_illegal(C("7h")).endswith("7h is not in that hand (legal: Jc)")  # a face-down card cannot be played
    s.play("Jc")  # the dealer turns up As (under Jc); seat 0 turns up Ad (under Ah)
    assert (s.hands[1] >> C("As")) & 1 and (s.hands[0] >> C("Ad")) & 1
    s.play("9d")  # the dealer leads a diamond
    assert legal_cards(s) == {"Td", "Jd", "Qd", "Kd", "Ad"}


def test_decouverte_flip_after_each_trick_and_16_tricks():
    """JD (§3 "flip", "tricks"): when a trick is complete, each player turns face up the card that was under the
    card he played; 16 tricks of 2 cards, every card of the 32 played."""
    rng = random.Random(3)
    for seed in range(4):
        s = BeloteState.new_deal(DECOUVERTE, seed=seed, dealer=seed % 2)
        s.play(f"take:{'shdc'[s.retourne // 8]}")
        pending: list[tuple[int, int]] = []
        while not s.is_terminal():
            seat = s.current_player
            acts = s.legal_actions()
            assert acts and all(a < 32 for a in acts)  # §3 "declarations": none
            c = acts[rng.randrange(len(acts))]
            under = s.under[c]
            assert under < 0 or (s.hidden[seat] >> under) & 1
            done = s.tricks_played
            s.apply_action(c)
            if under >= 0:
                pending.append((seat, under))
                assert (s.hidden[seat] >> under) & 1 == (1 if s.tricks_played == done else 0)
            if s.tricks_played > done:
                for p, u in pending:
                    assert (s.hands[p] >> u) & 1 and not (s.hidden[p] >> u) & 1
                pending = []
        assert s.tricks_played == 16 and len(s.tricks) == 16 and s.hidden == [0, 0]
        assert sum(s.card_points) == 162


def test_decouverte_no_declarations_no_belote_by_default():
    """PG, JD (§3 "declarations", "belote"): no declarations and no belote; E2 counts belote
    (``belote_rebelote=True``): 20 to a player whose 16 cards hold king and queen of trumps, face down included."""
    deck = layout_deck(UP, DOWN, dealer=1)
    s = BeloteState.new_deal(DECOUVERTE, deck, dealer=1)
    s.play("take:c")  # seat 0's face-down Qc and Kc
    lowest_playout(s)
    assert s.result().belote == (0, 0) and s.declared == []
    s = BeloteState.new_deal(DECOUVERTE.replace(belote_rebelote=True), deck, dealer=1)
    s.play("take:c")
    assert s.belote_seat == 0
    lowest_playout(s)
    assert s.result().belote == (20, 0)


def test_decouverte_capot_212_and_dedans_162():
    """E2 (§3 "capot": all 16 tricks: 152 + 10 + 50 = 212), PG, E2, 004 (§3 "contract": 162 in all, strictly
    more than the opponent, else the opponent scores 162)."""
    zero = (0, 0)
    res = score_deal_solo(DECOUVERTE, 1, 1, (0, 162), (0, 16), zero, zero, 162)
    assert res.made and res.scores == (0, 212)
    assert score_deal_solo(DECOUVERTE, 1, 0, (81, 81), (8, 8), zero, zero, 162).scores == (0, 162)
    assert score_deal_solo(DECOUVERTE, 1, 0, (82, 80), (8, 8), zero, zero, 162).scores == (82, 80)


def test_decouverte_trump_fixed_no_taker_each_scores_his_own():
    """JD (§3 alternatives, ``decouverte_trump="fixed"``): the last card's suit is trumps with no taking; there is
    then no taker, each player scores his own points and there is no dedans (tapete's reading)."""
    r = DECOUVERTE.replace(decouverte_trump="fixed")
    s = BeloteState.new_deal(r, layout_deck(UP, DOWN, dealer=1), dealer=1)
    assert s.phase == PLAY and s.trump == 3 and s.taker == -1 and s.current_player == 0
    assert PASS not in s.legal_actions()
    lowest_playout(s)
    res = s.result()
    assert res.takers == -1 and not res.made and sum(s.card_points) == 162
    if res.capot_team < 0:
        assert res.scores == tuple(s.card_points)
    assert score_deal_solo(r, 3, -1, (40, 122), (5, 11), (0, 0), (0, 0), 162).scores == (40, 122)
    assert score_deal_solo(r, 3, -1, (162, 0), (16, 0), (0, 0), (0, 0), 162).scores == (212, 0)
