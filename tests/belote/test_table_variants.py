"""Rule variants that clubs and other programs play (issue 12, section 3), one scenario per option, each citing
the source docs/rules/belote.md names for it. Every option's default keeps 004's rule (or the rule tapete
played before), so each test shows the default and the variant on the same position."""

from __future__ import annotations

import pytest

from tapete.belote.declarations import find
from tapete.belote.rules import BeloteRules
from tapete.belote.scoring import score_deal
from tapete.belote.state import BeloteState
from tapete.core.errors import RulesError

from .helpers import S, dealt, legal_cards, lowest_playout, mask, position, rules

EVEN = (2, 2, 2, 2)
CAPOT_0 = (5, 0, 3, 0)


def auction(bid, card_points, multiplier=1, declarations=(0, 0), takers=0, tricks=EVEN, preset="contree", **opts):
    opts.setdefault("rounding", "none")
    r = rules(preset, **opts)
    return score_deal(r, 1, bid, multiplier, takers, card_points, tricks, declarations, (0, 0))


def first_trick(hands, contract, taker, declarers, r):
    """Deal, then play the first trick with the lowest legal card, the seats in ``declarers`` declaring first
    when they have something to declare."""
    s = dealt(r, hands, contract, taker)
    for _ in range(4):
        if s.current_player in declarers and "declare" in s.legal_action_strings():
            s.play("declare")
        s.apply_action(s.legal_actions()[0])
    return s


# ------------------------------------------------------------------ failed_base


def test_failed_base_160_or_162():
    """docs/rules/belote.md, failed_base: a failed contract gives 160 + the bid to the defence (FFB table, the
    default); contrée tables that count the whole deal give 162 + the bid. A coinched one uses the same base."""
    assert auction(100, (90, 72)).scores == (0, 260)
    assert auction(100, (90, 72), failed_base=162).scores == (0, 262)
    assert auction(100, (110, 52), multiplier=2).scores == (360, 0)
    assert auction(100, (110, 52), multiplier=2, failed_base=162).scores == (362, 0)
    assert auction(100, (90, 72), multiplier=2, failed_base=162).scores == (0, 362)
    # a made contract without coinche does not use the base
    assert auction(100, (110, 52), failed_base=162).scores == (210, 52)


# ------------------------------------------------------------------ carre_order, low_carres

CARRE_T = "Ts Th Td Tc 7s 9d 7c Qs"  # carré of tens
CARRE_K = "Ks Kh Kd Kc 8s 8d 8c Qh"  # carré of kings


def test_carre_order_trump_or_natural():
    """004 'Declaraciones' ranks carrés by points; among carrés of 100 tapete's default compares J 9 A 10 K Q (the
    trump order, FFB); carre_order="natural" compares A K Q 10 as several programs do (docs/rules/belote.md)."""
    default = first_trick([CARRE_T, CARRE_K, "", ""], "h", 0, {0, 1}, rules())
    assert default.decl_team == 0 and default.decl_points == [100, 0]
    natural = first_trick([CARRE_T, CARRE_K, "", ""], "h", 0, {0, 1}, rules(carre_order="natural"))
    assert natural.decl_team == 1 and natural.decl_points == [0, 100]
    # jacks and nines keep their rank by points in both orders
    jacks = mask("Js Jh Jd Jc")
    aces = mask("As Ah Ad Ac")
    for natural_order in (False, True):
        assert find(jacks, natural_carres=natural_order)[0][2] > find(aces, natural_carres=natural_order)[0][2]


EIGHTS = "8s 8h 8d 8c Ks Ad 7c Qs"  # carré of eights, nothing else
QUARANTE = "Jh Qh Kh Ah 7s 9d 9c Tc"  # quarante to the ace in hearts


def test_low_carres_none_or_rank():
    """004 'Declaraciones', Carré: "cuatro 7s y 8s no cuentan" (low_carres="none", the default: nothing to declare).
    low_carres="rank" (contree.org 'Les annonces': a carré of 8s is sometimes held to cancel the announcements):
    worth 0, it still ranks as a carré, so it beats and cancels the other side's quarante."""
    default = first_trick([EIGHTS, QUARANTE, "", ""], "d", 0, {0, 1}, rules())
    assert default.decl_team == 1 and default.decl_points == [0, 50]
    assert "declare" not in dealt(rules(), [EIGHTS, "", "", ""], "d", 0).legal_action_strings()
    assert "declare" in dealt(rules(low_carres="rank"), [EIGHTS, "", "", ""], "d", 0).legal_action_strings()
    ranked = first_trick([EIGHTS, QUARANTE, "", ""], "d", 0, {0, 1}, rules(low_carres="rank"))
    assert ranked.decl_team == 0 and ranked.decl_points == [0, 0]
    # below every other carré
    assert find(mask("7s 7h 7d 7c"), low_carres=True)[0][2] < find(mask(EIGHTS), low_carres=True)[0][2]
    assert find(mask(EIGHTS), low_carres=True)[0][2] < find(mask(CARRE_T))[0][2]


# ------------------------------------------------------------------ declaration_tie="from_taker"

TIE_0 = "Js Qs Ks 7h 9d Ac 8c Td"  # tierce to the king in spades
TIE_1 = "Jh Qh Kh 7c 9s Ad 8d Tc"  # tierce to the king in hearts
TIE_2 = "7s Ts 8h Th 7d Qd 9c Qc"
TIE_3 = "8s As 9h Ah Jd Kd Jc Kc"


def test_declaration_tie_from_taker():
    """docs/rules/belote.md, declaration_tie="from_taker" (belotegame.fr 'Avec les annonces' settles a tie by the
    trumps, then by the player nearest; here counted from the taker): equal tierces, neither in trumps, seat 3
    takes diamonds. The default gives the tie to the takers (team 1); from the taker the order is 3, 0, 1, 2,
    so seat 0's tierce wins. A tierce in trumps still wins first."""
    hands = [TIE_0, TIE_1, TIE_2, TIE_3]
    assert first_trick(hands, "d", 3, {0, 1}, rules()).decl_team == 1
    s = first_trick(hands, "d", 3, {0, 1}, rules(declaration_tie="from_taker"))
    assert s.decl_team == 0 and s.decl_points == [20, 0]
    s = first_trick(hands, "d", 1, {0, 1}, rules(declaration_tie="from_taker"))  # from seat 1: 1 before 0
    assert s.decl_team == 1
    s = first_trick(hands, "h", 3, {0, 1}, rules(declaration_tie="from_taker"))  # hearts trumps: the hearts tierce
    assert s.decl_team == 1


# ------------------------------------------------------------------ capot_declarations


def test_capot_declarations_own_or_all():
    """docs/rules/belote.md, capot_declarations: with "own" (default; contree.org 'La marque': on a capot the
    defence scores only its announcements) each side keeps the declarations it won; with "all" the side that
    takes every trick takes the other side's too."""
    r = rules()
    own = score_deal(r, 1, 0, 1, 0, (162, 0), CAPOT_0, (0, 50), (0, 0))
    assert own.scores == (252, 50)
    every = score_deal(rules(capot_declarations="all"), 1, 0, 1, 0, (162, 0), CAPOT_0, (0, 50), (0, 0))
    assert every.scores == (302, 0)
    made = auction(100, (162, 0), tricks=CAPOT_0, declarations=(0, 50))
    assert made.scores == (352, 50)
    assert auction(100, (162, 0), tricks=CAPOT_0, declarations=(0, 50), capot_declarations="all").scores == (402, 0)


# ------------------------------------------------------------------ sa_ta_points


def _dealt_points(r: BeloteRules, contract: str) -> tuple[int, int]:
    """Points in play, and the card points taken once played out (less a capot's bonus)."""
    s = dealt(r, ["", "", "", ""], contract, 0)
    lowest_playout(s)
    res = s.result()
    return res.in_play, sum(res.card_points) - (r.capot_bonus if res.capot_team >= 0 else 0)


@pytest.mark.parametrize(("contract", "points", "natural"), [("sa", 162, 130), ("ta", 162, 258)])
def test_sa_ta_points_scaled_or_natural(contract, points, natural):
    """004 'Variantes comunes': in tout-atout and sans-atout "the point values are adjusted". Scaled (default):
    152 card points as in a suit contract; natural: the plain values in sans-atout (120, 130 with the last trick)
    and the trump values in tout-atout (248, 258), as the Board Game Arena coinche tables count them."""
    r = rules("classique-sa-ta")
    assert _dealt_points(r, contract) == (points, points)
    assert dealt(r.replace(sa_ta_points="natural"), ["", "", "", ""], contract, 0).in_play == natural
    assert _dealt_points(r.replace(sa_ta_points="natural"), contract) == (natural, natural)


def test_sa_ta_points_natural_capot_and_dedans():
    """With sa_ta_points="natural" a capot counts the points in play + 90: 220 in sans-atout, 348 in tout-atout;
    a failed contract gives the defence all the points in play (130 or 258)."""
    r = rules(sa_ta_points="natural")
    assert score_deal(r, 4, 0, 1, 0, (130, 0), CAPOT_0, (0, 0), (0, 0), 130).scores == (220, 0)
    assert score_deal(r, 5, 0, 1, 0, (258, 0), CAPOT_0, (0, 0), (0, 0), 258).scores == (348, 0)
    assert score_deal(r, 5, 0, 1, 0, (100, 158), EVEN, (0, 0), (0, 0), 258).scores == (0, 258)


# ------------------------------------------------------------------ beat_partner_trump, beat_trump_lead

#: Hearts trumps. Seat 0 leads Kd, seat 1 trumps with the 10, seat 2 follows; seat 3 (no diamonds) sees its
#: partner win with a trump, and holds two higher trumps (J, A) and four lower ones.
P = ["Kd 7s 8s 9s Ts Js Qs Ks", "Th 7c 8c 9c Tc Jc Qc Kc", "Ad 7d 8d 9d Td Jd Qd 9h", "Jh 8h As Ac Ah Qh Kh 7h"]
#: As P with seat 3's higher trumps (J, A) swapped for seat 0's queen and jack of spades: it cannot beat the 10.
P_LOW = ["Kd 7s 8s 9s Ts Jh Ah Ks", "Th 7c 8c 9c Tc Jc Qc Kc", "Ad 7d 8d 9d Td Jd Qd 9h", "Qs Js 8h As Ac Qh Kh 7h"]
#: Trumps led: seat 0 leads Qh, seat 1 has only the 7, seat 2 holds 9h and 8h; seat 3 holds J A 10 K.
D = ["Qh 7s 8s 9s Ts Js Qs Ks", "7h 7c 8c 9c Tc Jc Qc Kc", "9h 8h 7d 8d 9d Td Jd Qd", "Jh Ah Th Kh As Ac Kd Ad"]


def _legal(hands, played, taker=3, **opts):
    return legal_cards(position(rules(**opts), hands, "h", taker, played))


def test_beat_partner_trump():
    """004 'Juego de bazas' 4: exempt while the partner holds the trick, any card (default). beat_partner_trump
    (Board Game Arena's belote): still free to discard, but a trump played must beat the partner's when able."""
    assert _legal(P, "Kd Th Ad") == S(P[3])
    assert _legal(P, "Kd Th Ad", beat_partner_trump=True) == S("As Ac Jh Ah")
    # no trump above the partner's: any card, lower trumps included
    assert _legal(P_LOW, "Kd Th Ad", beat_partner_trump=True) == S(P_LOW[3])


def test_beat_partner_trump_refusal_says_why():
    """The refusal names the duty: a trump played over the partner's must beat it."""
    s = position(rules(beat_partner_trump=True), P, "h", 3, "Kd Th Ad")
    with pytest.raises(Exception, match="must beat your partner's Th"):
        s.play("8h")


def test_beat_trump_lead():
    """Trumps led: beat the best trump when able (default; FFB rules). beat_trump_lead=False (some coinche
    programs): any trump follows, even over an opponent's."""
    assert _legal(D, "Qh 7h 9h", taker=0) == S("Jh")
    assert _legal(D, "Qh 7h 9h", taker=0, beat_trump_lead=False) == S("Jh Ah Th Kh")
    # a void player must still overtrump an opponent's trump on a plain lead
    assert _legal(P, "Kd Th Ad", taker=3, beat_trump_lead=False, partner_exempt=False) == S("Jh Ah")


def test_beat_trump_lead_in_tout_atout():
    """In tout-atout every lead is a trump lead (docs/rules/belote.md, tapete's reading): with
    beat_trump_lead=False a player holding the suit led may play any card of it."""
    r = rules("classique-sa-ta")
    s = position(r, ["Qh 7s 8s 9s Ts Js Qs Ks", "7h 7c 8c 9c Tc Jc Qc Kc", "9h 8h 7d 8d 9d Td Jd Qd", ""],
                 "ta", 0, "Qh 7h")  # fmt: skip
    assert legal_cards(s) == S("9h")
    s = position(r.replace(beat_trump_lead=False), ["Qh 7s 8s 9s Ts Js Qs Ks", "7h 7c 8c 9c Tc Jc Qc Kc",
                 "9h 8h 7d 8d 9d Td Jd Qd", ""], "ta", 0, "Qh 7h")  # fmt: skip
    assert legal_cards(s) == S("9h 8h")


# ------------------------------------------------------------------ bid_82_scores_80


def test_bid_82_scores_80():
    """docs/rules/belote.md, bid_82_scores_80: coinche bids start at 82 (004 'Variantes comunes', "82-252+");
    some tables score that lowest bid as 80. It is still made at 82 points."""
    made = auction(82, (82, 80), preset="coinche")
    assert made.made and made.scores == (82, 80)
    made = auction(82, (82, 80), preset="coinche", bid_82_scores_80=True)
    assert made.made and made.scores == (80, 80)
    assert not auction(82, (81, 81), preset="coinche", bid_82_scores_80=True).made
    assert auction(82, (70, 92), preset="coinche", bid_82_scores_80=True).scores == (0, 240)
    assert auction(92, (100, 62), preset="coinche", bid_82_scores_80=True).scores == (92, 62)


# ------------------------------------------------------------------ validation


@pytest.mark.parametrize(
    ("preset", "options", "reason"),
    [
        ("contree", {"failed_base": 161}, "expected 160 or 162"),
        ("classique", {"beat_partner_trump": True, "partner_exempt": False}, "needs partner_exempt=true"),
        ("contree", {"bid_82_scores_80": True}, "82 may be bid"),
        ("classique", {"bid_82_scores_80": True}, "82 may be bid"),
        ("trois-joueurs", {"capot_declarations": "all"}, "needs players=4"),
        ("classique", {"carre_order": "alphabetical"}, "carre_order"),
    ],
)
def test_new_options_refuse_bad_combinations(preset, options, reason):
    """Each refusal is a RulesError that says why (docs/rules/belote.md, 'Combinations that are refused')."""
    with pytest.raises(RulesError, match=reason):
        BeloteRules.preset(preset).replace(**options)


def test_presets_keep_their_rules():
    """Every preset keeps the defaults of the new options: nothing a preset played changes."""
    for name, r in BeloteRules.PRESETS.items():
        assert (r.failed_base, r.carre_order, r.low_carres, r.capot_declarations) == (160, "trump", "none", "own"), name
        assert (r.sa_ta_points, r.beat_partner_trump, r.beat_trump_lead, r.bid_82_scores_80) == (
            "scaled", False, True, False), name  # fmt: skip


def test_options_survive_a_round_trip_through_a_state():
    """A state with the options set plays to the end under them (pickling keeps the tables)."""
    import pickle

    r = rules("classique-sa-ta", sa_ta_points="natural", beat_partner_trump=True)
    s = dealt(r, ["", "", "", ""], "ta", 0)
    c = pickle.loads(pickle.dumps(s))
    lowest_playout(c)
    assert c.result().in_play == 258
    assert isinstance(c, BeloteState)
