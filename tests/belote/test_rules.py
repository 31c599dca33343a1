"""The Belote rules object: presets as the seed describes them, validation, and a scenario test for every option."""

from __future__ import annotations

import dataclasses

import pytest

from tapete.belote.rules import PRESETS, BeloteRules
from tapete.belote.state import BeloteState
from tapete.errors import RulesError
from tests.support import missing_scenario_tests

# ------------------------------------------------------------------ presets


def test_the_named_presets_exist():
    """variants.md "Belote (004)": classic Belote (1000, or 501 in the short form), with SA/TA taking, and the
    named bidding variants Coinche and Contrée."""
    assert set(PRESETS) == {"classique", "classique-sa-ta", "classique-501", "coinche", "contree"}
    for name, r in PRESETS.items():
        assert r.preset_name == name and BeloteRules.preset(name) is r
    assert BeloteRules() == PRESETS["classique"]


def test_classique_follows_004():
    """004: 4 players in partnerships, anticlockwise ("Jugadores"); 3 + 2 packets ("Preparación" 2); two taking
    rounds ("Selección del triunfo"); follow, trump, overtrump, partner exemption ("Juego de bazas" 2-4);
    declarations with trump-then-takers ties and belote ("Declaraciones"); strictly more or dedans, 10 de der,
    capot 252, exact scores ("Puntuación"); 1000 points ("Victoria")."""
    r = BeloteRules.preset("classique")
    assert (r.players, r.direction, r.deal_packets) == (4, "anticlockwise", "3-2")
    assert (r.bidding, r.taking_sa_ta) == ("taking", False)
    assert (r.partner_exempt, r.must_undertrump, r.overtrump_partner_on_trump_lead) == (True, True, True)
    assert (r.declarations, r.declaration_tie, r.belote_rebelote) == (True, "trump_then_takers", True)
    assert (r.belote_counts_for_contract, r.belote_to_defence_on_failure) == (True, False)
    assert (r.scoring, r.litige, r.last_trick_bonus) == ("classic", "dedans", 10)
    assert (r.capot_scoring, r.capot_bonus, r.rounding, r.target) == ("bonus", 90, "none", 1000)


def test_target_presets():
    """004 "Victoria en la partida": "La primera pareja en alcanzar 1000 puntos ... (o 501 en la forma corta)"
    (option target; the coinche and contrée presets play to 2000 and 1500, common practice)."""
    assert BeloteRules.preset("classique").target == 1000
    assert BeloteRules.preset("classique-501").target == 501
    assert BeloteRules.preset("classique-501").replace(preset_name="classique", target=1000) == PRESETS["classique"]
    assert (BeloteRules.preset("coinche").target, BeloteRules.preset("contree").target) == (2000, 1500)


def test_sa_ta_and_bidding_presets():
    """004 "Variantes comunes": Coinche (bids "82-252+", coinche, surcoinche), Contrée, Tout-atout / Sans-atout;
    the other details (contrée 80..160 then capot, générale in coinche, a capot bid worth 250, rounding) are common
    practice."""
    assert PRESETS["classique-sa-ta"].replace(preset_name="classique", taking_sa_ta=False) == PRESETS["classique"]
    co = BeloteRules.preset("coinche")
    assert (co.bidding, co.scoring, co.generale, co.coinche, co.auction_sa_ta) == ("auction", "made_points", True,
                                                                                  True, True)  # fmt: skip
    assert (co.min_bid, co.bid_step, co.max_bid, co.surcoinche_multiplier) == (82, 10, 162, 4)
    assert (co.capot_scoring, co.rounding) == ("contract_250", "nearest_10")
    ct = BeloteRules.preset("contree")
    assert (ct.bidding, ct.scoring, ct.generale) == ("auction", "contree", False)
    assert (ct.min_bid, ct.bid_step, ct.max_bid, ct.capot_scoring) == (80, 10, 160, "contract_250")


def test_rules_are_frozen():
    """Engine contract: the rules object is immutable; change it with replace()."""
    r = BeloteRules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.target = 501  # type: ignore[misc]
    assert r.replace(target=501).target == 501 and r.target == 1000


def test_players_is_four():
    """004 "Jugadores": "Exactamente 4 jugadores en dos parejas fijas" (the 3- and 2-player variants are not
    played); a deal has four hands."""
    with pytest.raises(RulesError, match="players"):
        BeloteRules().replace(players=3)
    s = BeloteState.new_deal(BeloteRules(), seed=0)
    assert s.n == 4 and len(s.hands) == 4


@pytest.mark.parametrize(
    ("preset", "changes", "message"),
    [
        ("coinche", {"max_bid": 155}, "max_bid=155 must be min_bid"),
        ("coinche", {"max_bid": 70}, "max_bid=70"),
        ("coinche", {"bid_step": 0}, "bid_step"),
        ("coinche", {"min_bid": -10}, "min_bid"),
        ("coinche", {"surcoinche_multiplier": 2}, "surcoinche_multiplier"),
        ("classique", {"scoring": "contree"}, 'needs bidding="auction"'),
        ("classique", {"scoring": "made_points"}, 'needs bidding="auction"'),
        ("coinche", {"scoring": "classic"}, 'needs scoring="contree" or "made_points"'),
        ("classique", {"target": 0}, "target"),
        ("classique", {"last_trick_bonus": -10}, "last_trick_bonus"),
        ("classique", {"capot_bonus": -1}, "capot_bonus"),
        ("classique", {"deal_packets": "4-1"}, "deal_packets"),
        ("classique", {"capot_scoring": "contract_250"}, 'capot_scoring="bonus" goes with bidding="taking"'),
        ("classique", {"capot_scoring": "flat_500"}, 'capot_scoring="bonus" goes with bidding="taking"'),
        ("coinche", {"capot_scoring": "bonus"}, 'capot_scoring="bonus" goes with bidding="taking"'),
        ("classique", {"direction": "up"}, "direction"),
        ("classique", {"bidding": "bridge"}, "bidding"),
        ("classique", {"litige": "maybe"}, "litige"),
        ("classique", {"declaration_tie": "coin"}, "declaration_tie"),
        ("classique", {"capot_scoring": "double"}, "capot_scoring"),
        ("classique", {"rounding": "up"}, "rounding"),
        ("classique", {"target": "1000"}, "expected a whole number"),
        ("classique", {"partner_exempt": 1}, "expected true or false"),
    ],
)
def test_bad_values_raise(preset, changes, message):
    """Engine contract (rules.py): every bad value or impossible combination is refused with RulesError naming it."""
    with pytest.raises(RulesError, match=message):
        BeloteRules.preset(preset).replace(**changes)


def test_unknown_preset_and_option_refused_and_dict_round_trip():
    """Engine contract (rules_base): unknown names are refused; to_dict/from_dict and option strings round-trip."""
    with pytest.raises(RulesError, match="unknown Belote preset"):
        BeloteRules.preset("bridge")
    with pytest.raises(RulesError, match="unknown Belote option"):
        BeloteRules().replace(trumps="h")
    r = BeloteRules.preset("contree").with_option_strings({"surcoinche_multiplier": "3", "coinche": "no"})
    assert (r.surcoinche_multiplier, r.coinche) == (3, False)
    assert BeloteRules.from_dict(r.to_dict()) == r
    for p in PRESETS.values():
        assert BeloteRules.from_dict(p.to_dict()) == p and p.options_changed() == {}


# ------------------------------------------------------- every option is tested

#: Where each option of BeloteRules is exercised by a scenario (module, test name).
OPTION_TESTS: dict[str, list[str]] = {
    "players": ["test_rules:test_players_is_four"],
    "deal_packets": [
        "test_deal:test_deal_3_then_2_from_the_dealers_right",
        "test_deal:test_deal_2_then_3",
        "test_deal:test_deal_3_then_3",
        "test_auction:test_auction_deal_packets",
    ],
    "direction": ["test_deal:test_direction_keeps_the_eldest_hand_next_in_play"],
    "bidding": [
        "test_deal:test_round_one_offers_only_the_retourne_suit",
        "test_auction:test_auction_deals_all_eight_cards_3_2_3",
    ],
    "taking_sa_ta": [
        "test_deal:test_taking_sa_ta",
        "test_deal:test_round_one_with_taking_sa_ta_still_only_the_retourne_suit",
    ],
    "min_bid": ["test_auction:test_bid_levels_options"],
    "bid_step": ["test_auction:test_bid_levels_options"],
    "max_bid": ["test_auction:test_bid_levels_options"],
    "auction_sa_ta": ["test_auction:test_auction_sa_ta"],
    "generale": ["test_auction:test_generale", "test_scoring:test_generale"],
    "coinche": [
        "test_auction:test_coinche_option_off",
        "test_auction:test_coinche_only_by_an_opponent_of_the_high_bidder",
    ],
    "surcoinche_multiplier": ["test_auction:test_surcoinche_multiplier", "test_scoring:test_surcoinched_contracts"],
    "partner_exempt": ["test_play:test_partner_exempt", "test_play:test_partner_exempt_when_partner_trumped"],
    "overtrump_partner_on_trump_lead": ["test_play:test_overtrump_partner_on_trump_lead"],
    "must_undertrump": ["test_play:test_must_undertrump"],
    "declarations": ["test_declarations:test_declarations_option"],
    "declaration_tie": [
        "test_declarations:test_equal_declarations_trump_sequence_wins",
        "test_declarations:test_equal_declarations_then_the_takers",
        "test_declarations:test_declaration_tie_cancel",
        "test_declarations:test_declaration_tie_eldest",
    ],
    "belote_rebelote": ["test_declarations:test_belote_rebelote_option"],
    "belote_counts_for_contract": ["test_scoring:test_belote_counts_for_contract"],
    "belote_to_defence_on_failure": [
        "test_scoring:test_belote_to_defence_on_failure",
        "test_scoring:test_belote_to_defence_on_failure_with_an_auction",
    ],
    "scoring": [
        "test_scoring:test_scoring_option_contree_made_and_failed",
        "test_scoring:test_scoring_option_made_points",
        "test_scoring:test_scoring_option_classic_needs_taking",
    ],
    "litige": ["test_scoring:test_litige"],
    "last_trick_bonus": ["test_scoring:test_last_trick_bonus"],
    "capot_scoring": ["test_scoring:test_capot_scoring"],
    "capot_bonus": ["test_scoring:test_capot_bonus"],
    "rounding": ["test_scoring:test_rounding", "test_scoring:test_auction_rounding"],
    "target": ["test_rules:test_target_presets"],
}


def test_every_option_has_a_scenario_test():
    """The brief: a scenario test for every option of BeloteRules. A new option fails here until it gets one."""
    assert set(OPTION_TESTS) == set(BeloteRules.option_names())
    missing = missing_scenario_tests(__package__, OPTION_TESTS)
    assert not missing, missing
