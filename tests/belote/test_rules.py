"""The Belote rules object: presets as the seed describes them, validation, and a scenario test for every option."""

from __future__ import annotations

import dataclasses

import pytest

from tapete.belote.rules import PRESETS, BeloteRules
from tapete.belote.state import BeloteState
from tapete.core.errors import RulesError
from tests.support import missing_scenario_tests

# ------------------------------------------------------------------ presets


def test_the_named_presets_exist():
    """variants.md "Belote (004)": classic Belote (1000, or 501 in the short form), with SA/TA taking, the named
    bidding variants Coinche and Contrée, and 004 "Variantes comunes" Trois Joueurs, Belote à Deux and Belote
    Découverte (docs/design/belote-variants.md)."""
    assert set(PRESETS) == {"classique", "classique-sa-ta", "classique-501", "coinche", "contree", "trois-joueurs",
                            "belote-a-deux", "decouverte"}  # fmt: skip
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


def test_players_and_deal_geometry_are_validated():
    """004 "Jugadores": 4 players in two partnerships; 004 "Variantes comunes": Trois Joueurs and the two-player
    games (docs/design/belote-variants.md, "Validation to add"). The auction (coinche, contrée) and a litige other
    than dedans are partnership rules and need 4 players; découverte needs 2 players and the 32 cards; the deal
    must fit the pack; players=4 deals the whole pack; the 3-player scoring options need 3 players."""
    for players in (0, 1, 5):
        with pytest.raises(RulesError, match=r"bad value .* for players: expected 2, 3 or 4"):
            BeloteRules().replace(players=players)
    for preset in ("trois-joueurs", "belote-a-deux"):
        with pytest.raises(RulesError, match=r'bidding="auction" .* needs players=4'):
            BeloteRules.preset(preset).replace(bidding="auction", scoring="contree", capot_scoring="contract_250")
        for litige in ("held", "dropped"):
            with pytest.raises(RulesError, match=f'litige="{litige}" needs players=4'):
                BeloteRules.preset(preset).replace(litige=litige)
    dec = BeloteRules.preset("decouverte")
    for changes in ({"players": 3}, {"deck": "24"}, {"hand_size": 9}):
        with pytest.raises(RulesError, match='layout="decouverte" needs players=2, deck="32" and hand_size=16'):
            dec.replace(**changes)
    for changes in ({"taker_takes_retourne": True}, {"bergere": True}):
        with pytest.raises(RulesError, match="taker_takes_retourne=false and bergere=false"):
            dec.replace(**changes)
    with pytest.raises(RulesError, match='decouverte_trump="fixed" needs layout="decouverte"'):
        BeloteRules.preset("belote-a-deux").replace(decouverte_trump="fixed")
    # The geometry: the packets before the taking, the completion, the retourne and a bergère must fit the pack.
    with pytest.raises(RulesError, match="hand_size=5 must be more than the 5 cards dealt before the taking"):
        BeloteRules.preset("trois-joueurs").replace(hand_size=5)
    with pytest.raises(RulesError, match="at most 16"):
        BeloteRules.preset("belote-a-deux").replace(hand_size=17)
    with pytest.raises(RulesError, match="3 hands of 9 cards and the retourne need more than the 24 cards"):
        BeloteRules.preset("trois-joueurs").replace(hand_size=9)
    with pytest.raises(RulesError, match="bergere=true needs a card left undealt"):
        BeloteRules.preset("trois-joueurs").replace(bergere=True)
    with pytest.raises(RulesError, match="players=4 deals the whole pack: hand_size must be 8"):
        BeloteRules().replace(hand_size=7)
    with pytest.raises(RulesError, match="4 hands of 8 cards and the retourne need more than the 32 cards"):
        BeloteRules().replace(taker_takes_retourne=False)
    with pytest.raises(RulesError, match="4 hands of 8 cards and the retourne need more than the 24 cards"):
        BeloteRules().replace(deck="24")
    with pytest.raises(RulesError, match="an auction deals every card: hand_size must be 8"):
        BeloteRules.preset("coinche").replace(hand_size=7)
    with pytest.raises(RulesError, match='next_dealer="winner" needs 2 or 3 players'):
        BeloteRules().replace(next_dealer="winner")
    for option, value in (("contract_vs", "combined"), ("failed_points", "vanish"), ("failed_points", "both")):
        for preset in ("classique", "belote-a-deux"):
            with pytest.raises(RulesError, match=f'{option}="{value}" needs players=3'):
                BeloteRules.preset(preset).replace(**{option: value})
    # What is accepted: the presets, and the old French 3-player deal (A3, LS, PP: 3+3, 9 each, 5 cards out).
    old_french = BeloteRules.preset("trois-joueurs").replace(deck="32", deal_packets="3-3", hand_size=9,
                                                            taker_takes_retourne=False, bergere=True)  # fmt: skip
    s = BeloteState.new_deal(old_french, seed=0)
    assert s.n == 3 and len(s.hands) == 3 and [h.bit_count() for h in s.hands] == [6, 6, 6]
    assert BeloteRules().replace(deck="24", hand_size=6).hand_size == 6
    for name, n in (("classique", 4), ("trois-joueurs", 3), ("belote-a-deux", 2), ("decouverte", 2)):
        s = BeloteState.new_deal(PRESETS[name], seed=0)
        assert s.n == n and len(s.hands) == n


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
    "players": [
        "test_rules:test_players_and_deal_geometry_are_validated",
        "test_variants:test_trois_joueurs_deal_5_each_retourne_then_8_each",
        "test_variants:test_a_deux_deal_6_each_then_9_retourne_and_12_out_bergere_shown",
    ],
    "deck": [
        "test_variants:test_trois_joueurs_deal_5_each_retourne_then_8_each",
        "test_variants:test_the_24_card_pack_has_no_7s_or_8s_and_still_162_points",
    ],
    "hand_size": [
        "test_variants:test_a_deux_deal_6_each_then_9_retourne_and_12_out_bergere_shown",
        "test_variants:test_old_french_3_player_deal_9_each",
    ],
    "taker_takes_retourne": [
        "test_variants:test_a_deux_deal_6_each_then_9_retourne_and_12_out_bergere_shown",
        "test_variants:test_taker_takes_retourne_option_at_two_players",
    ],
    "bergere": [
        "test_variants:test_a_deux_deal_6_each_then_9_retourne_and_12_out_bergere_shown",
        "test_variants:test_old_french_3_player_deal_9_each",
    ],
    "layout": [
        "test_variants:test_decouverte_layout_8_face_up_on_8_face_down",
        "test_variants:test_decouverte_flip_after_each_trick_and_16_tricks",
    ],
    "decouverte_trump": ["test_variants:test_decouverte_trump_fixed_no_taker_each_scores_his_own"],
    "contract_vs": ["test_variants:test_trois_joueurs_contract_vs_combined"],
    "failed_points": [
        "test_variants:test_trois_joueurs_failed_points_vanish_and_both",
        "test_variants:test_trois_joueurs_failed_split_between_equal_opponents",
    ],
    "next_dealer": [
        "test_variants:test_next_dealer_winner",
        "test_match:test_seed_fixes_everything_and_the_dealer_moves_on",
    ],
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
    "classic_coinche": [
        "test_classic_coinche:test_default_is_no_coinche_and_the_first_card_follows_the_take",
        "test_classic_coinche:test_window_opens_after_the_take_with_the_deal_completed",
        "test_classic_coinche:test_coinche_without_surcoinche_closes_the_window",
        "test_classic_coinche:test_surcoinche_by_the_takers_after_a_coinche",
        "test_classic_coinche:test_coinched_made_takes_every_point_doubled",
        "test_classic_coinche:test_coinched_failed_gives_the_defence_every_point_multiplied",
    ],
    "partner_exempt": ["test_play:test_partner_exempt", "test_play:test_partner_exempt_when_partner_trumped"],
    "overtrump_partner_on_trump_lead": ["test_play:test_overtrump_partner_on_trump_lead"],
    "must_undertrump": ["test_play:test_must_undertrump"],
    "beat_partner_trump": [
        "test_table_variants:test_beat_partner_trump",
        "test_table_variants:test_beat_partner_trump_refusal_says_why",
    ],
    "beat_trump_lead": [
        "test_table_variants:test_beat_trump_lead",
        "test_table_variants:test_beat_trump_lead_in_tout_atout",
    ],
    "carre_order": ["test_table_variants:test_carre_order_trump_or_natural"],
    "low_carres": ["test_table_variants:test_low_carres_none_or_rank"],
    "capot_declarations": ["test_table_variants:test_capot_declarations_own_or_all"],
    "sa_ta_points": [
        "test_table_variants:test_sa_ta_points_scaled_or_natural",
        "test_table_variants:test_sa_ta_points_natural_capot_and_dedans",
    ],
    "failed_base": ["test_table_variants:test_failed_base_160_or_162"],
    "bid_82_scores_80": ["test_table_variants:test_bid_82_scores_80"],
    "declarations": ["test_declarations:test_declarations_option"],
    "declaration_tie": [
        "test_declarations:test_equal_declarations_trump_sequence_wins",
        "test_declarations:test_equal_declarations_then_the_takers",
        "test_declarations:test_declaration_tie_cancel",
        "test_declarations:test_declaration_tie_eldest",
        "test_table_variants:test_declaration_tie_from_taker",
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
