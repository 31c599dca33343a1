"""Rules objects: presets, validation, options as strings, and a scenario test for every option."""

from __future__ import annotations

import pytest

from tapete.brisca.rules import CHOICES, PRESETS, BriscaRules
from tapete.core.errors import RulesError
from tests.support import missing_scenario_tests


def test_presets_are_the_three_common_ways() -> None:
    assert set(PRESETS) == {"brisca", "brisca-ensenando", "brisca-2p"}
    assert (PRESETS["brisca"].players, PRESETS["brisca"].show_partner) == (4, "never")
    assert (PRESETS["brisca-ensenando"].players, PRESETS["brisca-ensenando"].show_partner) == (4, "always")
    assert PRESETS["brisca-2p"].players == 2
    for name, rules in PRESETS.items():
        assert rules.preset_name == name and rules.options_changed() == {}


def test_preset_names_do_not_clash_with_other_games() -> None:
    from tapete.belote.rules import PRESETS as BELOTE
    from tapete.guinote.rules import PRESETS as GUINOTE

    assert not set(PRESETS) & (set(BELOTE) | set(GUINOTE))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": 3}, "2 or by 4"),
        ({"deal_packet": 2}, "deal_packet"),
        ({"exchange_min_stock": 0}, "exchange_min_stock"),
        ({"exchange_min_stock": 28}, "exchange_min_stock"),
        ({"deals_to_win": 0}, "deals_to_win"),
        ({"target": 0}, "target"),
        ({"exchange_card": "three"}, "exchange_card"),
        ({"show_partner": "sometimes"}, "show_partner"),
        ({"match_by": "tricks"}, "match_by"),
        ({"nope": 1}, "unknown"),
    ],
)
def test_bad_options_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        BriscaRules.preset("brisca").replace(**changes)


def test_options_from_strings_and_dicts() -> None:
    r = BriscaRules.preset("brisca").with_option_strings({"exchange_needs_trick": "yes", "deals_to_win": "5"})
    assert r.exchange_needs_trick and r.deals_to_win == 5
    assert BriscaRules.from_dict(r.to_dict()) == r
    with pytest.raises(RulesError, match="whole number"):
        BriscaRules.preset("brisca").with_option_strings({"target": "many"})


def test_every_string_option_has_its_choices() -> None:
    for name, choices in CHOICES.items():
        for choice in choices:
            if name == "show_partner":
                BriscaRules.preset("brisca").replace(**{name: choice})
            else:
                BriscaRules.preset("brisca-2p").replace(**{name: choice})


#: Every option and the scenario tests that show it at work.
OPTION_TESTS: dict[str, list[str]] = {
    "players": ["test_play:test_two_players_play_twenty_tricks",
                "test_play:test_the_muestra_is_the_last_card_drawn_and_then_hands_run_down"],
    "deal_packet": ["test_play:test_deal_packets_of_three"],
    "exchange_card": ["test_exchange:test_seven_or_two", "test_exchange:test_no_exchange_at_all",
                      "test_exchange:test_with_seven_the_two_never_exchanges"],
    "exchange_timing": ["test_exchange:test_when_leading_only",
                        "test_exchange:test_a_follower_may_exchange_on_its_own_turn"],
    "exchange_needs_trick": ["test_exchange:test_the_exchange_may_need_a_trick_won_by_the_side",
                             "test_exchange:test_the_partners_trick_counts_for_the_side"],
    "exchange_min_stock": ["test_exchange:test_no_exchange_once_the_stock_is_too_small",
                           "test_exchange:test_the_exchange_lasts_until_the_last_draw"],
    "show_partner": ["test_observation:test_partners_see_each_other_always",
                     "test_observation:test_partners_see_each_other_once_the_stock_is_gone"],
    "match_by": ["test_match:test_match_by_points"],
    "deals_to_win": ["test_match:test_match_by_deals_won"],
    "target": ["test_match:test_match_by_points"],
}  # fmt: skip


def test_every_option_has_a_scenario_test() -> None:
    assert set(OPTION_TESTS) == set(BriscaRules.option_names())
    assert missing_scenario_tests(__package__, OPTION_TESTS) == []
