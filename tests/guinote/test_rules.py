"""The rules object: presets as the seeds describe them, validation, and option plumbing."""

from __future__ import annotations

import dataclasses

import pytest

from tapete.core.errors import RulesError
from tapete.guinote.rules import PRESETS, GuinoteRules, option_names, parse_option_value
from tests.support import missing_scenario_tests

# ------------------------------------------------------------------ presets


def test_the_named_presets_exist():
    """variants.md "Guiñote: where the seeds differ": one preset per seed system, plus 001's named variants."""
    assert set(PRESETS) == {
        "aragones", "clasico", "frances", "riojano", "arrastre-temprano", "aragones-2p", "clasico-2p",
    }  # fmt: skip
    for name, r in PRESETS.items():
        assert r.preset_name == name
        assert GuinoteRules.preset(name) is r
    assert GuinoteRules() == PRESETS["aragones"]


def test_aragones_preset_follows_002():
    """002 §01-§07: sota above caballo (§01, §02), packets of 3 from the dealer's right (§03), the last
    trick's taker deals next (§03), either hand of the winning team sings rey + sota (§06), the 7 after a
    team win (§06), beat only opponents (§05), 101 wins, idas/vueltas, both past -> last trick with 30,
    malas/buenas, coto first to 3 of 5 (§07)."""
    r = GuinoteRules.preset("aragones")
    assert (r.players, r.figure_order, r.cante_figure) == (4, "sota_high", "sota")
    assert (r.deal_packet, r.direction) == (3, "anticlockwise")
    assert (r.first_lead, r.next_dealer) == ("dealer_right", "last_trick")
    assert (r.cante_by, r.cante_points_trump, r.cante_points_plain) == ("winning_team", 40, 20)
    assert r.cante_timing == "after_draw"
    assert r.exchange_timing == "before_lead"  # §06 as written: after the draw, before the lead (issue 12)
    assert r.cante_window == "before_lead"
    assert (r.must_follow, r.must_head, r.head_when_trumped) == (True, True, False)
    assert (r.must_trump, r.must_overtrump, r.must_undertrump, r.partner_exempt) == (True, True, False, True)
    assert r.strict_from_first_trick is False
    assert (r.last_trick_bonus, r.target, r.idas_vueltas, r.claims) == (10, 101, True, "vueltas")
    assert (r.both_past, r.last_trick_min_points, r.malas_buenas, r.partidas_to_win) == ("last_trick", 30, True, 3)


def test_clasico_preset_follows_001():
    """001: caballo above sota and Rey-Caballo marriages ("Card Deck", "Scoring"); one card at a time
    ("Setup" 3); deal rotates ("Players"); the trick winner sings ("Phase 1" 5); the 7 on your own turn
    ("Phase 1" 4); follow, head, trump, overtrump with no partner exemption ("Phase 2" 1-3); capote +100;
    first to 100, both past -> higher score ("Winning")."""
    r = GuinoteRules.preset("clasico")
    assert (r.players, r.figure_order, r.cante_figure) == (4, "caballo_high", "caballo")
    assert (r.deal_packet, r.direction, r.first_lead, r.next_dealer) == (1, "anticlockwise", "dealer_right", "rotate")
    assert (r.cante_by, r.cante_timing) == ("trick_winner", "before_draw")
    assert r.exchange_timing == "own_turn"
    assert (r.must_follow, r.must_head, r.head_when_trumped) == (True, True, True)
    assert (r.must_trump, r.must_overtrump, r.must_undertrump, r.partner_exempt) == (True, True, True, False)
    assert (r.capote, r.capote_bonus) == ("bonus", 100)
    assert (r.target, r.idas_vueltas, r.claims, r.both_past) == (100, False, "none", "higher_score")
    assert r.tute == "none"


def test_frances_preset_follows_003():
    """003: J < Q < K with Q 3 points, marriages K + Q ("Persiapan", "Deklarasi Marriage"); the player on the
    dealer's left leads ("Aturan Main"); the 7 when leading ("Gerakan Khusus"); one marriage per player at a
    time; not obliged to beat partner; 101 wins; claims, a wrong claim loses ("Kondisi Kemenangan")."""
    r = GuinoteRules.preset("frances")
    assert (r.figure_order, r.cante_figure, r.first_lead) == ("caballo_high", "caballo", "dealer_left")
    assert r.exchange_timing == "when_leading"
    assert (r.cante_by, r.cantes_per_trick) == ("winning_team", 1)
    assert (r.must_follow, r.must_head, r.must_trump, r.partner_exempt) == (True, True, True, True)
    assert (r.target, r.claims, r.wrong_claim_loses) == (101, "any_time", True)


def test_riojano_and_temprano_presets():
    """001 "Common Variations": Riojano plays 40 puntos de tute (all four Kings in one hand); arrastre
    temprano enforces the strict rules throughout."""
    rio = GuinoteRules.preset("riojano")
    assert (rio.tute, rio.tute_points, rio.tute_figures) == ("bonus", 40, "reyes")
    assert (
        rio.replace(preset_name="aragones", tute="wins_partida", tute_figures="reyes_or_cante_figure")
        == PRESETS["aragones"]
    )
    tem = GuinoteRules.preset("arrastre-temprano")
    assert tem.strict_from_first_trick is True
    assert tem.replace(preset_name="clasico", strict_from_first_trick=False) == PRESETS["clasico"]


def test_two_player_presets():
    """001 "Common Variations": 2-player Guiñote deals 6 each, everything else identical."""
    for two, four in (("aragones-2p", "aragones"), ("clasico-2p", "clasico")):
        r2 = GuinoteRules.preset(two)
        assert r2.players == 2 and r2.tricks_per_deal == 20
        assert r2.replace(preset_name=four, players=4) == PRESETS[four]
    assert PRESETS["aragones"].tricks_per_deal == 10


def test_aragones_is_the_default_and_options_are_frozen():
    """Engine contract: the rules object is immutable; change it with replace()."""
    r = GuinoteRules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.target = 50  # type: ignore[misc]
    assert r.replace(target=50).target == 50 and r.target == 101


# --------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"must_trump": False}, "must_overtrump=True needs must_trump=True"),
        (
            {"must_trump": False, "must_overtrump": False, "must_undertrump": True},
            "must_undertrump=True needs must_trump",
        ),
        ({"must_head": False, "head_when_trumped": True}, "head_when_trumped=True needs must_head=True"),
        ({"must_follow": False}, "need must_follow=True"),
        ({"idas_vueltas": False}, 'claims="vueltas" needs idas_vueltas=True'),
    ],
)
def test_impossible_combinations_raise(changes, message):
    """Engine contract (rules.py): an obligation that refines one that is off is refused with a clear message."""
    with pytest.raises(RulesError, match=message):
        GuinoteRules.preset("aragones").replace(**changes)


def test_consistent_relaxations_are_accepted():
    """Turning a whole chain of obligations off together is a valid (if odd) rule set."""
    r = GuinoteRules.preset("aragones").replace(
        must_follow=False, must_head=False, must_trump=False, must_overtrump=False
    )
    assert not r.must_follow
    assert GuinoteRules.preset("aragones").replace(idas_vueltas=False, claims="none").claims == "none"


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"figure_order": "rey_high"}, "bad value 'rey_high' for figure_order"),
        ({"cante_figure": "as"}, "cante_figure"),
        ({"direction": "up"}, "direction"),
        ({"first_lead": "dealer"}, "first_lead"),
        ({"next_dealer": "random"}, "next_dealer"),
        ({"cante_by": "anyone"}, "cante_by"),
        ({"cante_timing": "later"}, "cante_timing"),
        ({"exchange_timing": "always"}, "exchange_timing"),
        ({"tute": "yes"}, "tute"),
        ({"tute_figures": "sotas"}, "tute_figures"),
        ({"capote": "double"}, "capote"),
        ({"claims": "sometimes"}, "claims"),
        ({"both_past": "coin"}, "both_past"),
        ({"review_tricks": "none"}, "review_tricks"),
        ({"players": 3}, "players"),
        ({"deal_packet": 4}, "deal_packet"),
        ({"target": 0}, "target"),
        ({"partidas_to_win": 0}, "partidas_to_win"),
        ({"cantes_per_trick": -1}, "cantes_per_trick"),
        ({"cante_points_trump": -40}, "cante_points_trump"),
        ({"last_trick_bonus": -10}, "last_trick_bonus"),
        ({"capote_bonus": -1}, "capote_bonus"),
        ({"last_trick_min_points": -1}, "last_trick_min_points"),
        ({"tute_points": -1}, "tute_points"),
        ({"target": "101"}, "expected a whole number"),
        ({"target": True}, "expected a whole number"),
        ({"must_head": 1}, "expected true or false"),
    ],
)
def test_bad_values_raise(changes, message):
    """Engine contract: every bad value is refused with RulesError naming the option."""
    with pytest.raises(RulesError, match=message):
        GuinoteRules.preset("aragones").replace(**changes)


def test_unknown_preset_and_option_refused():
    """Engine contract: unknown preset names and option names are refused and the message lists the choices."""
    with pytest.raises(RulesError, match=r"unknown Guiñote preset 'tute'.*aragones"):
        GuinoteRules.preset("tute")
    with pytest.raises(RulesError, match="unknown Guiñote option 'trumps'"):
        GuinoteRules.preset("aragones").replace(trumps="oros")
    with pytest.raises(RulesError, match="unknown Guiñote option"):
        parse_option_value("preset_name", "x")
    with pytest.raises(RulesError):
        GuinoteRules.from_dict({"preset": "nope"})
    with pytest.raises(RulesError):
        GuinoteRules.from_dict(["aragones"])
    with pytest.raises(RulesError):
        GuinoteRules.from_dict({"preset": "aragones", "options": [1]})


def test_option_strings_and_dict_round_trip():
    """Engine contract: command-line strings are typed, and to_dict/from_dict round-trips."""
    r = GuinoteRules.preset("clasico").with_option_strings({"target": "101", "must_undertrump": "no", "tute": "bonus"})
    assert (r.target, r.must_undertrump, r.tute) == (101, False, "bonus")
    assert r.options_changed() == {"target": 101, "must_undertrump": False, "tute": "bonus"}
    assert GuinoteRules.from_dict(r.to_dict()) == r
    with pytest.raises(RulesError, match="expected true or false"):
        parse_option_value("must_head", "maybe")
    with pytest.raises(RulesError, match="whole number"):
        parse_option_value("target", "lots")
    for name in PRESETS:
        assert GuinoteRules.from_dict(PRESETS[name].to_dict()) == PRESETS[name]
        assert PRESETS[name].options_changed() == {}


# ------------------------------------------------------- every option is tested

#: Where each option of GuinoteRules is exercised by a scenario (module, test name).
OPTION_TESTS: dict[str, list[str]] = {
    "players": ["test_deal:test_deal_sizes_and_indicator_position"],
    "figure_order": ["test_cards:test_sota_against_caballo_depends_on_figure_order"],
    "cante_figure": ["test_cantes:test_cante_pair_follows_cante_figure"],
    "deal_packet": ["test_deal:test_packets"],
    "direction": ["test_deal:test_first_receiver_and_leader"],
    "first_lead": ["test_deal:test_first_receiver_and_leader"],
    "next_dealer": ["test_match_rules:test_next_dealer"],
    "cante_by": ["test_cantes:test_cante_by_trick_winner", "test_cantes:test_cante_by_winning_team_partner_window"],
    "cante_timing": ["test_cantes:test_cante_timing_after_draw", "test_cantes:test_cante_timing_before_draw"],
    "cante_window": [
        "test_cantes:test_cante_window_until_opponent_card_leader",
        "test_cantes:test_cante_window_closes_at_the_opponents_card",
    ],
    "cantes_per_trick": ["test_cantes:test_cantes_per_trick"],
    "cantes_in_arrastre": ["test_cantes:test_cantes_in_arrastre"],
    "cante_points_trump": ["test_cantes:test_cante_points_options"],
    "cante_points_plain": ["test_cantes:test_cante_points_options"],
    "tute": ["test_scoring:test_tute_none", "test_scoring:test_tute_bonus", "test_scoring:test_tute_wins_partida"],
    "tute_points": ["test_scoring:test_tute_bonus"],
    "tute_figures": ["test_scoring:test_tute_figures"],
    "exchange_timing": [
        "test_exchange:test_own_turn_any_turn_while_stock_lasts",
        "test_exchange:test_after_team_win_predraw",
        "test_exchange:test_before_lead_after_the_draw_at_the_lead",
        "test_exchange:test_before_lead_last_draw_before_the_draw",
        "test_exchange:test_until_next_trick_partner_at_its_card",
        "test_exchange:test_when_leading_only_at_a_lead",
        "test_exchange:test_never",
    ],
    "exchange_needs_counting_indicator": ["test_exchange:test_exchange_needs_counting_indicator"],
    "strict_from_first_trick": ["test_arrastre:test_strict_from_first_trick"],
    "must_follow": ["test_arrastre:test_must_follow"],
    "must_head": ["test_arrastre:test_must_head"],
    "head_when_trumped": ["test_arrastre:test_head_when_trumped"],
    "must_trump": ["test_arrastre:test_must_trump"],
    "must_overtrump": ["test_arrastre:test_must_overtrump"],
    "must_undertrump": ["test_arrastre:test_must_undertrump"],
    "partner_exempt": ["test_arrastre:test_partner_exempt"],
    "overtrump_opponents_only": [
        "test_arrastre:test_overtrump_opponents_only",
        "test_arrastre:test_overtrump_opponents_only_reaches_the_sampler",
    ],
    "last_trick_bonus": ["test_scoring:test_last_trick_bonus"],
    "capote": ["test_scoring:test_capote_none_and_bonus", "test_match_rules:test_capote_wins_match"],
    "capote_bonus": ["test_scoring:test_capote_none_and_bonus"],
    "target": ["test_match_rules:test_target"],
    "idas_vueltas": ["test_match_rules:test_idas_vueltas"],
    "claims": [
        "test_scoring:test_claims_none",
        "test_scoring:test_claims_vueltas",
        "test_scoring:test_claims_any_time",
    ],
    "wrong_claim_loses": ["test_scoring:test_wrong_claim_loses", "test_win_rules:test_wrong_claim_refused_as_a_move"],
    "claim_needs_lead": ["test_win_rules:test_claim_needs_lead", "test_win_rules:test_wrong_claim_refused_as_a_move"],
    "vueltas_auto_end": [
        "test_win_rules:test_vueltas_auto_end",
        "test_win_rules:test_vueltas_auto_end_positions_round_trip",
    ],
    "min_points_scope": ["test_win_rules:test_min_points_scope", "test_win_rules:test_min_points_scope_in_claims"],
    "malas_floor": ["test_win_rules:test_malas_floor"],
    "both_past": ["test_match_rules:test_both_past_higher_score", "test_match_rules:test_both_past_last_trick"],
    "last_trick_min_points": ["test_match_rules:test_both_past_last_trick"],
    "malas_buenas": ["test_match_rules:test_malas_buenas"],
    "partidas_to_win": ["test_match_rules:test_partidas_to_win"],
    "review_tricks": ["test_phase1:test_review_tricks"],
    "deck_faces": ["test_phase1:test_deck_faces"],
}


def test_every_option_has_a_scenario_test():
    """The brief: a scenario test for every option of GuinoteRules. A new option fails here until it gets one."""
    assert set(OPTION_TESTS) == set(option_names())
    missing = missing_scenario_tests(__package__, OPTION_TESTS)
    assert not missing, missing
