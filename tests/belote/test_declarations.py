"""Declarations (annonces) and belote-rebelote (004 "Declaraciones")."""

from __future__ import annotations

import pytest

from tapete.belote.declarations import find
from tapete.core.cards.french import card_str

from .helpers import C, dealt, legal, lowest_playout, mask, rules


def first_trick(hands, contract, taker, declarers, r=None, **kw):
    """Deal, then play the first trick with the lowest legal card, the seats in ``declarers`` declaring first."""
    s = dealt(r or rules(), hands, contract, taker, **kw)
    for _ in range(4):
        if s.current_player in declarers:
            s.play("declare")
        s.apply_action(s.legal_actions()[0])
    assert s.tricks_played == 1
    return s


@pytest.mark.parametrize(
    ("hand", "points"),
    [
        ("Qh Jh Th 7s 9d 7c Kc Ad", [20]),  # tierce Q J 10: natural order, whatever the trump order
        ("9h Th Jh 7s 9d 7c Kc Ad", [20]),  # tierce 9 10 J
        ("Kh Qh Jh Th 7s 9d 7c Ac", [50]),  # quarante
        ("Ah Kh Qh Jh Th 7s 9d 7c", [100]),  # quinte
        ("Ah Kh Qh Jh Th 9h 7s 7c", [100]),  # a sequence of six is a quinte (5 or more)
        ("Ah As Ad Ac 7h 9s Jd Qc", [100]),  # carré of aces
        ("Kh Ks Kd Kc 7h 9s Jd Ac", [100]),
        ("Qh Qs Qd Qc 7h 9s Jd Ac", [100]),
        ("Th Ts Td Tc 7h 9s Jd Ac", [100]),
        ("9h 9s 9d 9c 7h Js Qd Ac", [150]),  # nines
        ("Jh Js Jd Jc 7h 9s Qd Ac", [200]),  # jacks
        ("8h 8s 8d 8c Ah Js Qd Kc", []),  # eights: nothing
        ("7h 7s 7d 7c Ah Js Qd Kc", []),  # sevens: nothing
        ("Ah Th 8h 7h Ks Qs 9d 7c", []),  # A 10 8 7 is no sequence; K Q alone neither
        ("Ah Kh Qh 7s 8s 9s Jd Qc", [20, 20]),  # two tierces
    ],
)
def test_declaration_values(hand, points):
    """004 "Declaraciones": tierce 20, quarante 50, quinte (5+) 100, in natural order A K Q J 10 9 8 7 "sin
    promoción de triunfo"; carré 100, nines 150, jacks 200, sevens and eights nothing. The engine finds them
    (declarations.find) and, declared at the first trick, scores them."""
    assert sorted(d[1] for d in find(mask(hand))) == sorted(points)
    s = dealt(rules(), [hand, "", "", ""], "h", 0)
    assert ("declare" in legal(s)) == bool(points)
    s = first_trick([hand, "", "", ""], "h", 0, {0} if points else set())
    if points:
        assert s.decl_points == [sum(points), 0] and s.decl_team == 0
    else:
        assert s.decl_points == [0, 0] and s.decl_team == -1


def test_declare_is_offered_only_in_the_first_trick_at_ones_turn_once():
    """004 "Declaraciones": declarations are announced before the second trick begins; one announces one's own
    hand at one's turn, once; a hand with nothing to declare is not offered it."""
    hands = ["Ah Kh Qh 7s 9d 7c Jc 8d", "7h 8s Ts 9c Qc Td Qd 8c", "Js Qs Ks 9h Th Ad Kc Ac", ""]
    s = dealt(rules(), hands, "h", 0)
    assert "declare" in legal(s)
    s.play("declare")
    assert s.current_player == 0 and "declare" not in legal(s)
    s.play("Ah")
    assert s.current_player == 1 and "declare" not in legal(s)  # seat 1: nothing to declare
    s.apply_action(s.legal_actions()[0])
    assert s.current_player == 2 and "declare" in legal(s)  # seat 2 may, but does not
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    assert s.tricks_played == 1
    assert "declare" not in legal(s)  # trick 2: too late for everyone
    assert s.decl_points == [20, 0] and [seat for seat, _ in s.declared] == [0]
    while not s.is_terminal():
        assert "declare" not in legal(s)
        s.apply_action(s.legal_actions()[0])


def test_undeclared_combinations_do_not_score():
    """004 "Declaraciones": "puede declarar": a combination not announced is not scored, even a better one."""
    hands = ["Ah Kh Qh 7s 9d 7c Kc 8c", "Jd Js Jh Jc 7h 8s 9s Tc", "", ""]
    s = first_trick(hands, "h", 0, {0})
    assert s.decl_team == 0 and s.decl_points == [20, 0]


def test_declarations_option():
    """Option declarations: without annonces nobody is offered to declare and nothing is scored."""
    hands = ["Ah Kh Qh Jh Th 7s 8d 7c", "9h 9s 9c 9d 8s 7h Tc Kd", "", ""]
    s = dealt(rules(declarations=False), hands, "h", 0)
    for _ in range(4):
        assert "declare" not in legal(s)
        s.apply_action(s.legal_actions()[0])
    lowest_playout(s)
    assert s.result().declarations == (0, 0)


# --------------------------------------------------------------- which team scores

CARRE_Q = "Qs Qh Qd Qc Ac Kd 7h 8h"
QUINTE_S = "7s 8s 9s Ts Js 7d 8d 7c"


@pytest.mark.parametrize("swap", [False, True])
def test_carre_beats_quinte(swap):
    """004 "Declaraciones": "Un carré supera a cualquier escalera" (here 100 against 100)."""
    hands = [QUINTE_S, CARRE_Q] if swap else [CARRE_Q, QUINTE_S]
    carre_seat = 1 if swap else 0
    s = first_trick([*hands, "", ""], "h", carre_seat, {0, 1})
    assert s.decl_team == carre_seat % 2
    assert s.decl_points[carre_seat % 2] == 100 and s.decl_points[1 - carre_seat % 2] == 0


def test_longer_sequence_beats_shorter():
    """004 "Declaraciones": "escalera más larga supera a más corta" (a quarante to the 10 over a tierce to the ace)."""
    s = first_trick(["As Ks Qs 7d 9d Jc 8c 7h", "Jd 8h 9h Th Jh Ad 7c Ac", "", ""], "h", 1, {0, 1})
    assert s.decl_team == 1 and s.decl_points == [0, 50]


def test_equal_length_compares_top_card():
    """004 "Declaraciones": "las escaleras de igual longitud se comparan por la carta más alta (As es el más alto)"."""
    s = first_trick(["8s 9s Ts 7h 9d Ac 7c 8d", "Jd Qd Kd 8h Jc 9h Kc Ah", "", ""], "h", 0, {0, 1})
    assert s.decl_team == 1 and s.decl_points == [0, 20]


TIE_0 = "Js Qs Ks 7h 9d Ac 8c Td"  # tierce to the king in spades
TIE_1 = "Jh Qh Kh 7c 9s Ad 8d Tc"  # tierce to the king in hearts
TIE_2 = "7s Ts 8h Th 7d Qd 9c Qc"  # nothing to declare
TIE_3 = "8s As 9h Ah Jd Kd Jc Kc"  # nothing to declare


def test_equal_declarations_trump_sequence_wins():
    """004 "Declaraciones": "en caso de empate, favorece al poseedor del palo de triunfo" (declaration_tie
    "trump_then_takers", default): the hearts tierce wins with hearts trumps, even for the defence."""
    s = first_trick([TIE_0, TIE_1, "", ""], "h", 0, {0, 1})
    assert s.decl_team == 1 and s.decl_points == [0, 20]
    s = first_trick([TIE_0, TIE_1, "", ""], "s", 1, {0, 1})
    assert s.decl_team == 0 and s.decl_points == [20, 0]


@pytest.mark.parametrize("taker", range(4))
def test_equal_declarations_then_the_takers(taker):
    """004 "Declaraciones": "... (o al equipo tomador en un desempate)": neither in trumps, the takers score."""
    hands = [TIE_0, TIE_1, TIE_2, TIE_3]
    s = first_trick(hands, "d", taker, {0, 1}, fill=False)
    assert s.decl_team == taker % 2
    assert s.decl_points[taker % 2] == 20 and s.decl_points[1 - taker % 2] == 0


def test_declaration_tie_cancel():
    """Option declaration_tie="cancel" (common practice in some clubs): equal best declarations, nobody scores;
    a strictly better one still scores."""
    r = rules(declaration_tie="cancel")
    hands = [TIE_0, TIE_1, TIE_2, TIE_3]
    s = first_trick(hands, "d", 1, {0, 1}, r=r, fill=False)
    assert s.decl_team == -1 and s.decl_points == [0, 0]
    s = first_trick(hands, "h", 1, {0, 1}, r=r, fill=False)  # the cancel rule ignores trumps too
    assert s.decl_team == -1 and s.decl_points == [0, 0]
    s = first_trick(["As Ks Qs 7d 9d Jc 8c 7h", "Jd 8h 9h Th Jh Ad 7c Ac", "", ""], "h", 1, {0, 1}, r=r)
    assert s.decl_team == 1 and s.decl_points == [0, 50]


def test_declaration_tie_eldest():
    """Option declaration_tie="eldest" (rules.py: "the one announced first (eldest hand)"): the tie goes to the
    declaration announced first, whatever the trumps or the takers."""
    r = rules(declaration_tie="eldest")
    hands = [TIE_0, TIE_1, TIE_2, TIE_3]
    s = first_trick(hands, "h", 1, {0, 1}, r=r, fill=False)  # seat 0 announces first; hearts trumps
    assert s.decl_team == 0 and s.decl_points == [20, 0]
    s = first_trick(hands, "h", 1, {1}, r=r, fill=False)  # only seat 1 declares
    assert s.decl_team == 1


def test_declaration_tie_eldest_with_a_trump_tierce_announced_later():
    """Option declaration_tie="eldest" (rules.py: "or the one announced first (eldest hand)"): seat 0 (team 0)
    announces a tierce to the king first, seat 1 (team 1) an equal one, seat 2 (team 0) an equal one in trumps.
    The first announced is seat 0's: team 0 scores (both its tierces, 40)."""
    r = rules(declaration_tie="eldest")
    hands = ["Js Qs Ks 7h 9d Ac 8c Td", "Jd Qd Kd 7c 9s Ah 8d Tc", "Jh Qh Kh 8h 9c As 7d 7s",
             "Jc Qc Kc 8s 9h Ad Ts Th"]  # fmt: skip
    s = first_trick(hands, "h", 1, {0, 1, 2}, r=r, fill=False)
    assert s.decl_team == 0 and s.decl_points == [40, 0]


def test_only_the_best_team_scores_all_its_declarations():
    """004 "Declaraciones": "solo el equipo con la declaración individual MÁS ALTA puntúa": that team scores every
    declaration of both partners; the other team none."""
    hands = ["Ah Kh Qh Jh 7s Td 7c 8c", "7d 8d 9d Ks As 9h Jc Qc", "Js Qs Ts 8h Th Ad Ac Kc", ""]
    s = first_trick(hands, "h", 0, {0, 1, 2})
    assert s.decl_team == 0 and s.decl_points == [50 + 20, 0]
    hands = ["Ah Kh Qh 7s 9d 7c 8c 8d", "Kd Qd Jd Td Ks As 9h Jc", "Js Qs Ts 8h Th Ad Ac Kc", ""]
    s = first_trick(hands, "h", 0, {0, 1, 2})
    assert s.decl_team == 1 and s.decl_points == [0, 50]


def test_a_hand_declares_all_its_combinations():
    """004 "Declaraciones": "puede declarar una o más": a carré and a separate tierce in one hand both score."""
    s = first_trick(["Ah As Ad Ac 7h 8h 9h Js", "", "", ""], "h", 0, {0})
    assert s.decl_points == [120, 0]


# --------------------------------------------------------------- belote-rebelote


def belote_of(hands, contract, taker, r=None, **kw):
    s = dealt(r or rules(), hands, contract, taker, **kw)
    lowest_playout(s)
    return s.result()


def test_belote_to_the_holders_team():
    """004 "Declaraciones": "Belote-Rebelote: Tener TANTO el Rey COMO la Reina de TRIUNFOS ... Vale 20 puntos,
    otorgados a su pareja independientemente de otros resultados" (takers or defence)."""
    res = belote_of(["7h 8s", "", "Kh Qh", ""], "h", 0)
    assert res.belote == (20, 0)
    assert res.scores[0] >= 20
    res = belote_of(["7h 8s", "Kh Qh", "", ""], "h", 0)
    assert res.belote == (0, 20)
    assert res.scores[1] >= 20


def test_belote_needs_both_in_one_hand():
    """004: "Tener TANTO el Rey COMO la Reina": split between partners there is no belote; nor with K Q of a
    plain suit."""
    assert belote_of(["7h Kh", "", "Qh", ""], "h", 0).belote == (0, 0)
    assert belote_of(["7h Ks Qs", "", "", ""], "h", 0).belote == (0, 0)


def test_belote_with_the_retourne():
    """004 "Selección del triunfo" 4: the retourne joins the taker's hand; with the queen it makes belote."""
    res = belote_of(["Kh Qh 7s", "", "", ""], "h", 0, retourne="Kh")
    assert res.belote == (20, 0)


def test_belote_rebelote_option():
    """Option belote_rebelote: off, king and queen of trumps score nothing."""
    assert belote_of(["7h", "", "Kh Qh", ""], "h", 0, r=rules(belote_rebelote=False)).belote == (0, 0)


def test_no_belote_in_sans_atout():
    """004 defines belote as king and queen of TRUMPS: sans-atout has none."""
    assert belote_of(["Kh Qh", "", "", ""], "sa", 0, r=rules(taking_sa_ta=True)).belote == (0, 0)


def test_find_lists_carres_first_then_sequences_best_first():
    """Engine contract (declarations.find): carrés first, then sequences, best first; masks are the cards."""
    found = find(mask("Jh Js Jd Jc 7s 8s 9s Ah"))
    assert [(d[0], d[1]) for d in found] == [(2, 200), (1, 20)]
    assert {card_str(c) for c in range(32) if found[1][4] >> c & 1} == {"7s", "8s", "9s"}


def test_belote_is_not_a_declaration():
    """004 "Declaraciones": belote "No se declara durante la fase de declaraciones": king and queen of trumps
    alone offer no declaration."""
    s = dealt(rules(), ["Kh Qh 7s 9d 7c Jc 8d Ts", "", "", ""], "h", 0)
    assert "declare" not in legal(s) and s.belote_seat == 0


def test_belote_is_announced_when_played():
    """004: «Belote» when the first of the pair is played, «Rebelote» with the second: playing the king shows that
    the queen is in the same hand (state.known)."""
    s = dealt(rules(), ["Kh Qh 7h 9d 7c Jc 8d Ts", "", "", ""], "h", 0, retourne="7h")
    assert s.known[0] == mask("7h")
    s.play("Kh")
    assert s.known[0] >> C("Qh") & 1 and s.belote_played == 1


def test_scored_declarations_are_shown():
    """004 "Declaraciones": "Cuando puntúa por una declaración, DEBE mostrar las cartas a la mesa": after the first
    trick the scoring team's declared cards still in hand are public (state.known); the other team's are not."""
    hands = ["Ah Kh Qh Jh 7s Td 7c 8c", "7d 8d 9d Ks As 9h Jc Qc", "", ""]
    s = first_trick(hands, "h", 0, {0, 1})
    assert s.decl_team == 0
    assert s.known[0] & mask("Ah Kh Qh Jh") == s.hands[0] & mask("Ah Kh Qh Jh") != 0
    assert s.known[1] & mask("7d 8d 9d") == 0


def test_dedans_gives_the_defence_its_best_declarations():
    """004 "Puntuación": dedans gives the defence "162 MÁS las declaraciones"; with "solo el equipo con la
    declaración más alta puntúa", a lower declaration of the takers never scores: a played deal where the
    takers' tierce loses to the defence's quarante and the takers fail scores 162 + 50 to the defence."""
    hands = ["7h 8h 7s 8s 9s 7d 8d 7c", "Ac Kc Qc Jc Jh 9h Ah Kh", "", ""]
    s = first_trick(hands, "h", 0, {0, 1})
    assert s.decl_points == [0, 50]
    lowest_playout(s)
    res = s.result()
    assert not res.made and res.scores == (0, 162 + 50)
