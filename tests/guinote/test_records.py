"""Game records replay to the identical state; corrupt ones are refused clearly.

Source for what a record must hold: the architecture notes (rules, deal,
actions) and 002 §03/§07 (the dealer of each deal follows from the last
trick, so a record that disagrees with the rules is corrupt).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tapete.core import record_file as records
from tapete.core.errors import RecordError
from tapete.guinote.match import GuinoteMatch
from tapete.guinote.record import match_from_record, match_to_record
from tapete.guinote.rules import PRESETS, GuinoteRules
from tests.support import play_in_step
from tests.support import play_random as play


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 1000), st.integers(0, 400))
def test_record_round_trip_and_resume(preset: str, seed: int, steps: int) -> None:
    """A saved record replays to the same match, which then goes on identically."""
    match = play(GuinoteMatch(PRESETS[preset], seed=seed), steps, seed)
    record = match_to_record(match)
    again = match_from_record(records.loads(records.dumps(record)))
    assert match_to_record(again) == record
    assert again.deal.hands == match.deal.hands and again.deal.stock == match.deal.stock
    play_in_step(match, again, random.Random(seed + 1), _same_record)


def test_changed_options_travel_with_the_record() -> None:
    rules = GuinoteRules.preset("clasico").replace(target=101, capote="wins_match")
    record = match_to_record(play(GuinoteMatch(rules, seed=5), 50, 5))
    assert record["rules"] == {"preset": "clasico", "options": {"target": 101, "capote": "wins_match"}, "revision": 2}
    assert match_from_record(record).rules == rules


def test_save_and_load_file(tmp_path: Path) -> None:
    match = play(GuinoteMatch(seed=9), 120, 9)
    path = tmp_path / "games" / "m.json"
    records.save(path, match_to_record(match))
    assert match_to_record(match_from_record(records.load(path))) == match_to_record(match)
    assert [p.name for p in path.parent.iterdir()] == ["m.json"]  # no temporary file left behind


def test_failed_save_keeps_the_old_file(tmp_path: Path) -> None:
    """Saving is atomic: an error while writing leaves the previous record intact."""
    path = tmp_path / "m.json"
    good = match_to_record(play(GuinoteMatch(seed=1), 10, 1))
    records.save(path, good)
    before = path.read_text(encoding="utf-8")
    with pytest.raises(TypeError):
        records.save(path, {"format": "tapete-record", "bad": object()})
    assert path.read_text(encoding="utf-8") == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.json"]


def corrupt(mutate: Any) -> dict[str, Any]:
    record = match_to_record(play(GuinoteMatch(seed=3), 200, 3))
    mutate(record)
    return record


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.update(format="other"), 'not a tapete record: "format" must be "tapete-record"'),
        (lambda r: r.update(version=99), "unsupported record version 99"),
        (lambda r: r.update(game="belote"), "record is for game 'belote'"),
        (lambda r: r.update(rules={"preset": "nope"}), "record rules: unknown Guiñote preset 'nope'"),
        (lambda r: r["rules"]["options"].update(target="x"), "record rules: bad value 'x' for target"),
        (lambda r: r.update(first_dealer=7), 'record "first_dealer" must be a seat 0..3'),
        (lambda r: r.update(deals=[]), 'record "deals" must be a non-empty list'),
        (lambda r: r["deals"][0].update(deck="1o 2o"), "record deal 1 deck: expected the 40 cards of the pack"),
        (lambda r: r["deals"][0].update(deck="1o 2x"), "record deal 1 deck: bad card '2x'"),
        (lambda r: r["deals"][0]["actions"].insert(0, "zz"), "record deal 1 action 1 (zz): bad action 'zz'"),
        (lambda r: r["deals"][0]["actions"].insert(0, "exchange"), "record deal 1 action 1 (exchange): illegal"),
        (lambda r: r["deals"][0].update(points=[1, 2]), "record deal 1: recorded points [1, 2] do not match"),
        (lambda r: r["deals"][1].update(dealer=(r["deals"][1]["dealer"] + 1) % 4), "record deal 2: dealer"),
        (lambda r: r["deals"][0]["actions"].pop(), "record deal 1: the deal is not finished but the record goes on"),
    ],
)
def test_corrupt_record_is_refused_with_the_place(mutate: Any, message: str) -> None:
    with pytest.raises(RecordError, match=None) as info:
        match_from_record(corrupt(mutate))
    assert message in str(info.value)


def test_bad_json_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="record is not valid JSON"):
        records.loads("{not json")
    with pytest.raises(RecordError, match="a record must be a JSON object"):
        records.loads(json.dumps([1, 2]))
    with pytest.raises(RecordError, match="no record at"):
        records.load(tmp_path / "missing.json")


def _same_record(a: GuinoteMatch, b: GuinoteMatch) -> None:
    assert match_to_record(a) == match_to_record(b)
