"""Match records: written, read back, replayed exactly; corrupt ones refused with the place named."""

from __future__ import annotations

import copy

import pytest

from tapete.brisca.match import BriscaMatch
from tapete.brisca.record import match_from_record, match_to_record
from tapete.brisca.rules import BriscaRules
from tapete.core import record_file
from tapete.core.errors import RecordError
from tests.support import play_random


@pytest.mark.parametrize("preset", ["brisca", "brisca-ensenando", "brisca-2p"])
def test_round_trip_of_a_finished_match(preset: str) -> None:
    m = play_random(BriscaMatch(BriscaRules.preset(preset), seed=5), 10_000, seed=1)
    data = match_to_record(m)
    again = match_from_record(record_file.loads(record_file.dumps(data)))
    assert again.winner == m.winner and again.scores == m.scores
    assert match_to_record(again) == data


def test_round_trip_mid_deal_with_options() -> None:
    rules = BriscaRules.preset("brisca").replace(exchange_card="seven_or_two", match_by="points", target=300)
    m = play_random(BriscaMatch(rules, seed=8), 57, seed=3)
    again = match_from_record(match_to_record(m))
    assert again.deal.hands == m.deal.hands and again.deal.stock == m.deal.stock and again.rules == rules


def test_corrupt_records_are_refused() -> None:
    m = play_random(BriscaMatch(BriscaRules.preset("brisca-2p"), seed=5), 30, seed=1)
    data = match_to_record(m)
    bad = copy.deepcopy(data)
    bad["deals"][0]["actions"][3] = "exchange"
    with pytest.raises(RecordError, match="deal 1 action 4"):
        match_from_record(bad)
    other = copy.deepcopy(data)
    other["game"] = "guinote"
    with pytest.raises(RecordError, match="brisca"):
        match_from_record(other)
