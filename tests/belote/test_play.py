"""Play duties (004 "Juego de bazas") and each play option, with a position where flipping it changes the legal
set. Every position is a dealt and taken deal (helpers.dealt) played from the first lead: seat 0 leads, seats
0 and 2 are partners against 1 and 3."""

from __future__ import annotations

import pytest

from tapete.core.errors import IllegalActionError

from .helpers import S, legal_cards, position, rules, snapshot

#: Hearts trumps; seat 0 leads the ace of spades; seats 1 and 2 have no spades.
A = ["As Ks 7d 8d 9d Td Jd Qd", "9h Kh 7c 8c 9c Tc Jc Qc", "Jh 7h 8h Th Kc Ac Kd Ad", "7s 8s 9s Ts Js Qs Ah Qh"]
#: As A with seat 2's jack of hearts swapped for seat 3's queen: seat 2 cannot beat the 9 of trumps.
A_LOW = ["As Ks 7d 8d 9d Td Jd Qd", "9h Kh 7c 8c 9c Tc Jc Qc", "Qh 7h 8h Th Kc Ac Kd Ad", "7s 8s 9s Ts Js Qs Ah Jh"]
#: Seat 0 leads the ace of spades, seat 1 follows low, seat 2 (no spades, five trumps) sees its partner win.
B = ["As 7d 8d 9d Td Jd Qd Kd", "7s 8s 7c 8c 9c Tc Jc Qc", "7h 8h Ah 9h Th Kc Ac Ad", "9s Ts Js Qs Ks Jh Qh Kh"]
#: Seat 0 leads Kd, seat 1 trumps with 7h, seat 2 follows; seat 3 (no diamonds) sees its partner win by trumping.
C = ["Kd 7s 8s 9s Ts Js Qs Ks", "7h 7c 8c 9c Tc Jc Qc Kc", "Ad 7d 8d 9d Td Jd Qd 8h", "Jh 9h Ah Th Kh Qh As Ac"]
#: Trumps led: seat 0 leads Qh, seat 1 has only the 7, seat 2 holds 9h and 8h.
D = ["Qh 7s 8s 9s Ts Js Qs Ks", "7h 7c 8c 9c Tc Jc Qc Kc", "9h 8h 7d 8d 9d Td Jd Qd", "Jh Ah Th Kh As Ac Kd Ad"]
#: Seat 0 leads Ts; seat 1 has only low spades; seat 2 holds As and Ks; seat 3 has no spades.
E = ["Ts 9s Js 7h 8h 9h Th Jh", "7s 8s Qs 7c 8c 9c Tc Jc", "As Ks Ah 7d 8d 9d Td Jd", "Qh Kh Qc Kc Ac Qd Kd Ad"]


def legal_under(hands, contract, played, taker=0, preset="classique", **opts) -> set[str]:
    return legal_cards(position(rules(preset, **opts), hands, contract, taker, played))


def test_the_leader_plays_any_card():
    """004 "Juego de bazas" 1: the dealer's right opens the first trick with any card."""
    assert legal_under(A, "h", "", taker=1) == S(A[0])


def test_must_follow_suit_and_may_not_trump_instead():
    """004 "Juego de bazas" 2: strict follow suit; holding the suit led you may not trump; in a plain suit you
    need not beat (As and Ks both legal over the 10 led)."""
    assert legal_under(A, "h", "As 9h Jh", taker=1) == S("7s 8s 9s Ts Js Qs")
    assert legal_under(E, "h", "Ts 7s") == S("As Ks")


def test_void_must_trump():
    """004 "Juego de bazas" 3: a player who cannot follow MUST play a trump."""
    assert legal_under(A, "h", "As", taker=1) == S("9h Kh")


def test_void_must_overtrump():
    """004 "Juego de bazas" 3: ... "Y debe superar en triunfo cualquier triunfo ya en la baza si puede" (J and
    10 beat K in trumps; 8 and 7 do not)."""
    assert legal_under(A, "h", "As 9h", taker=1) == S("Jh")
    assert legal_under(A, "h", "As Kh", taker=1) == S("Jh Th")


def test_must_undertrump():
    """004 "Juego de bazas" 3, literal: unable to overtrump an opponent's trump, still play a trump (must_undertrump,
    default); with must_undertrump=False ("pisser" not required) any card may go."""
    assert legal_under(A_LOW, "h", "As 9h", taker=1) == S("Qh 7h 8h Th")
    assert legal_under(A_LOW, "h", "As 9h", taker=1, must_undertrump=False) == S(A_LOW[2])
    # with a trump able to overtrump the option changes nothing
    assert legal_under(A, "h", "As 9h", taker=1, must_undertrump=False) == S("Jh")


def test_partner_exempt():
    """004 "Juego de bazas" 4: "Si su COMPAÑERO está ganando actualmente la baza, no necesita superar en
    triunfo; puede jugar cualquier carta (incluyendo un triunfo) o descartar" (partner_exempt, default). Without
    the exemption the void player must trump even over the partner's ace."""
    assert legal_under(B, "h", "As 7s", taker=2) == S(B[2])
    assert legal_under(B, "h", "As 7s", taker=2, partner_exempt=False) == S("7h 8h Ah 9h Th")


def test_partner_exempt_when_partner_trumped():
    """004 "Juego de bazas" 4: the exemption also holds when the partner wins by trumping; without it the void
    player must overtrump the partner's 7 of trumps."""
    assert legal_under(C, "h", "Kd 7h Ad", taker=3) == S(C[3])
    assert legal_under(C, "h", "Kd 7h Ad", taker=3, partner_exempt=False) == S("Jh 9h Ah Th Kh Qh")


def test_trump_lead_must_beat_when_able():
    """Common practice (FFB rules; 004 is silent on trump leads beyond following): when trumps are led you must
    beat the best trump if you can, else play any trump."""
    assert legal_under(D, "h", "Qh") == S("7h")  # cannot beat the queen: the only trump
    assert legal_under(D, "h", "Qh 7h 9h") == S("Jh")  # opponent of the 9's holder: beat it


def test_overtrump_partner_on_trump_lead():
    """Common practice (FFB rules), option overtrump_partner_on_trump_lead: on a trump lead you must beat the best
    trump even when your partner holds it (default); off: any trump over the partner."""
    assert legal_under(D, "h", "Qh 7h") == S("9h")
    assert legal_under(D, "h", "Qh 7h", overtrump_partner_on_trump_lead=False) == S("9h 8h")
    # the option only lifts the duty towards the partner: an opponent's trump must still be beaten
    assert legal_under(D, "h", "Qh 7h 9h", overtrump_partner_on_trump_lead=False) == S("Jh")


def test_tout_atout_must_beat_in_the_suit_led():
    """Common practice (FFB tout-atout): every suit ranks as trumps, so following you must beat the best card
    when able, even your partner's; if unable, any card of the suit; void, any card (nothing cuts)."""
    r = {"preset": "classique-sa-ta"}
    assert legal_under(E, "ta", "Ts", **r) == S("7s 8s Qs")
    assert legal_under(E, "ta", "Ts 7s", **r) == S("As")  # over the partner's 10: A beats 10 in tout-atout
    assert legal_under(E, "ta", "Ts 7s As", **r) == S(E[3])


def test_sans_atout_just_follow():
    """Common practice (FFB sans-atout): no trumps; follow suit without a duty to beat; void, any card."""
    r = {"preset": "classique-sa-ta"}
    assert legal_under(E, "sa", "Ts 7s", **r) == S("As Ks")
    assert legal_under(E, "sa", "Ts 7s As", **r) == S(E[3])
    # the same cards with hearts trumps: seat 3, void in spades, must trump
    assert legal_under(E, "h", "Ts 7s As") == S("Qh Kh")


def test_discard_cannot_win_and_trick_winner():
    """004 "Juego de bazas" 5-7: a discard cannot win; the highest trump wins, else the highest of the suit led;
    the winner leads the next trick."""
    s = position(rules(), B, "h", 2, "As 7s Kc 9s")
    assert s.tricks[0][:2] == (0, 0) and s.current_player == 0
    s = position(rules(), A, "h", 1, "As 9h Jh Ts")
    assert s.tricks[0][:2] == (0, 2) and s.current_player == 2
    s = position(rules(), C, "h", 3, "Kd 7h Ad As")
    assert s.tricks[0][:2] == (0, 1) and s.current_player == 1


def test_illegal_card_raises_and_changes_nothing():
    """Engine contract: a card outside the legal set (or not in the hand) raises IllegalActionError naming the
    duty, and the state is unchanged."""
    s = position(rules(), A, "h", 1, "As 9h")
    frozen = snapshot(s)
    with pytest.raises(IllegalActionError, match="overtrump"):
        s.play("7h")
    with pytest.raises(IllegalActionError, match="not in that hand"):
        s.play("Ah")
    with pytest.raises(IllegalActionError):
        s.play("take:h")
    assert snapshot(s) == frozen
    s.play("Jh")
