"""Belote match records replay to the identical match; corrupt ones are refused clearly.

Mirrors tests/guinote/test_records.py: the same envelope (tapete.core.record_file) and
replay (tapete.core.record_replay), with ``game: "belote"`` and Belote's actions.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tapete.belote.match import BeloteMatch
from tapete.belote.record import match_from_record, match_to_record
from tapete.belote.rules import PRESETS, BeloteRules
from tapete.core import record_file as records
from tapete.core.errors import RecordError
from tapete.guinote.match import GuinoteMatch
from tapete.guinote.record import match_from_record as guinote_from_record
from tapete.guinote.record import match_to_record as guinote_to_record
from tests.support import play_in_step
from tests.support import play_random as play


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(sorted(PRESETS)), st.integers(0, 1000), st.integers(0, 400))
def test_record_round_trip_and_resume(preset: str, seed: int, steps: int) -> None:
    """A saved record replays to the same match, which then goes on identically."""
    match = play(BeloteMatch(PRESETS[preset], seed=seed), steps, seed)
    record = match_to_record(match)
    again = match_from_record(records.loads(records.dumps(record)))
    assert match_to_record(again) == record
    assert again.deal.hands == match.deal.hands and again.deal.rest == match.deal.rest
    assert again.scores == match.scores and again.litige == match.litige
    play_in_step(match, again, random.Random(seed + 1), _same_record)


def test_a_finished_match_and_its_body() -> None:
    match = play(BeloteMatch(BeloteRules.preset("classique-501"), seed=8), 10_000, 8)
    record = match_to_record(match)
    assert record["format"] == "tapete-record" and record["game"] == "belote"
    assert record["finished"] is True and record["winner"] == match.winner
    assert record["scores"] == match.scores and record["litige"] == match.litige
    first = record["deals"][0]
    assert sorted(first) == ["actions", "dealer", "deck", "points"]
    assert len(first["deck"].split()) == 32 and first["actions"][0] in ("pass", "take:s", "take:h", "take:d", "take:c")
    again = match_from_record(record)
    assert again.is_terminal() and again.winner == match.winner


def test_changed_options_travel_with_the_record() -> None:
    rules = BeloteRules.preset("coinche").replace(target=1000, coinche=False)
    record = match_to_record(play(BeloteMatch(rules, seed=5), 50, 5))
    assert record["rules"] == {"preset": "coinche", "options": {"coinche": False, "target": 1000}}
    assert match_from_record(record).rules == rules


def test_redeals_are_recorded_and_replayed() -> None:
    match = BeloteMatch(BeloteRules.preset("classique"), seed=3)
    for _ in range(8):
        match.apply_action(match.legal_actions()[0])  # pass, eight times
    record = match_to_record(match)
    assert record["deals"][0]["actions"] == ["pass"] * 8 and record["deals"][0]["points"] == [0, 0]
    assert match_to_record(match_from_record(record)) == record


def test_save_and_load_file(tmp_path: Path) -> None:
    match = play(BeloteMatch(seed=9), 120, 9)
    path = tmp_path / "games" / "belote.json"
    records.save(path, match_to_record(match))
    assert match_to_record(match_from_record(records.load(path))) == match_to_record(match)


def test_records_of_the_two_games_are_not_mixed() -> None:
    belote = match_to_record(play(BeloteMatch(seed=1), 20, 1))
    guinote = guinote_to_record(GuinoteMatch(seed=1))
    with pytest.raises(RecordError, match="record is for game 'belote', expected \"guinote\""):
        guinote_from_record(belote)
    with pytest.raises(RecordError, match="record is for game 'guinote', expected \"belote\""):
        match_from_record(guinote)


def corrupt(mutate: Any) -> dict[str, Any]:
    record = match_to_record(play(BeloteMatch(seed=3), 200, 3))
    assert len(record["deals"]) >= 3
    mutate(record)
    return record


def _insert_action(record: dict[str, Any], deal: int, index: int, text: str) -> None:
    record["deals"][deal]["actions"].insert(index, text)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r.update(format="other"), 'not a tapete record: "format" must be "tapete-record"'),
        (lambda r: r.update(version=99), "unsupported record version 99"),
        (lambda r: r.update(game="guinote"), "record is for game 'guinote'"),
        (lambda r: r.update(rules={"preset": "aragones"}), "record rules: unknown Belote preset 'aragones'"),
        (lambda r: r["rules"]["options"].update(target="x"), "record rules: bad value 'x' for target"),
        (lambda r: r.update(seed="abc"), 'record "seed" must be a whole number or null'),
        (lambda r: r.update(first_dealer=4), 'record "first_dealer" must be a seat 0..3'),
        (lambda r: r.update(deals=[]), 'record "deals" must be a non-empty list'),
        (lambda r: r["deals"][0].pop("deck"), 'record deal 1: expected an object with "dealer", "deck" and "actions"'),
        (lambda r: r["deals"][0].update(deck="As Ks"), "record deal 1 deck: expected the 32 cards of the pack"),
        (lambda r: r["deals"][0].update(deck="As 2s"), "record deal 1 deck: bad card '2s'"),
        (lambda r: _insert_action(r, 0, 0, "zz"), "record deal 1 action 1 (zz): bad action 'zz'"),
        (lambda r: _insert_action(r, 0, 0, "bid:80:h"), "record deal 1 action 1 (bid:80:h): illegal action"),
        (lambda r: _insert_action(r, 1, 0, "Jh"), "record deal 2 action 1 (Jh): illegal action Jh"),
        (lambda r: r["deals"][0]["actions"].__setitem__(0, 7), "record deal 1 action 1: expected an action string"),
        (lambda r: r["deals"][0].update(points=[1, 2]), "record deal 1: recorded points [1, 2] do not match"),
        (lambda r: r["deals"][1].update(dealer=(r["deals"][1]["dealer"] + 1) % 4), "record deal 2: dealer"),
        (lambda r: r["deals"][0]["actions"].pop(), "record deal 1: the deal is not finished but the record goes on"),
        (lambda r: r.update(scores=[1, 2]), 'record "scores" [1, 2] do not match the replay'),
    ],
)
def test_corrupt_record_is_refused_with_the_place(mutate: Any, message: str) -> None:
    with pytest.raises(RecordError) as info:
        match_from_record(corrupt(mutate))
    assert message in str(info.value)


def test_a_record_that_goes_on_after_the_end() -> None:
    record = match_to_record(play(BeloteMatch(BeloteRules.preset("classique-501"), seed=2), 10_000, 2))
    record["deals"].append(dict(record["deals"][-1]))
    with pytest.raises(RecordError, match=rf"record deal {len(record['deals']) - 1}: the match ended here"):
        match_from_record(record)
    unfinished = match_to_record(play(BeloteMatch(seed=2), 40, 2))
    unfinished["finished"] = True
    with pytest.raises(RecordError, match="record says the match is finished but its replay is not"):
        match_from_record(unfinished)


# ------------------------------------------------------------ two and three players

#: The presets for two and three players, with option mixes their sources publish
#: (docs/design/belote-variants.md).
SMALL_RULES = [
    BeloteRules.preset("trois-joueurs"),
    BeloteRules.preset("trois-joueurs").replace(contract_vs="combined", failed_points="both", target=501),
    BeloteRules.preset("trois-joueurs").replace(
        deck="32", hand_size=9, deal_packets="3-3", taker_takes_retourne=False, bergere=True, target=501
    ),
    BeloteRules.preset("belote-a-deux"),
    BeloteRules.preset("belote-a-deux").replace(next_dealer="next", capot_bonus=90),
    BeloteRules.preset("decouverte"),
    BeloteRules.preset("decouverte").replace(decouverte_trump="fixed", belote_rebelote=True),
]


@pytest.mark.parametrize("rules", SMALL_RULES, ids=lambda r: str(r.options_changed() or r.preset_name))
def test_small_table_matches_replay_to_the_end(rules: BeloteRules) -> None:
    """Whole matches at two and three players replay exactly: the decks of the rules' pack, one
    score per player, the dealer each deal (docs/design/belote-variants.md: the winner of a
    deal deals the next at two players, next_dealer="winner")."""
    for seed in range(3):
        match = play(BeloteMatch(rules, seed=seed), 20_000, seed)
        assert match.is_terminal()
        record = match_to_record(match)
        assert len(record["scores"]) == rules.players and record["winner"] in range(rules.players)
        pack = 24 if rules.deck == "24" else 32
        assert all(len(d["deck"].split()) == pack for d in record["deals"])
        assert all(len(d["points"]) == rules.players for d in record["deals"])
        again = match_from_record(records.loads(records.dumps(record)))
        assert match_to_record(again) == record
        assert again.scores == match.scores and again.winner == match.winner


def test_trois_joueurs_record_body() -> None:
    """Trois joueurs (docs/design/belote-variants.md, E3/F3): 24 cards without 7s and 8s, three
    players each for himself, the next seat deals."""
    match = play(BeloteMatch(BeloteRules.preset("trois-joueurs"), seed=4), 60, 4)
    record = match_to_record(match)
    deck = record["deals"][0]["deck"].split()
    assert len(deck) == 24 and not any(card[0] in "78" for card in deck)
    assert record["scores"] == match.scores and len(match.scores) == 3
    dealers = [d["dealer"] for d in record["deals"]]
    assert dealers == [(dealers[0] + i) % 3 for i in range(len(dealers))]
    assert match_to_record(match_from_record(record)) == record


def test_belote_a_deux_winner_deals_next() -> None:
    """Belote à deux (docs/design/belote-variants.md, LS/E2): the winner of a deal deals the next,
    the other player after a void deal; the record keeps each dealer and replays it."""
    match = play(BeloteMatch(BeloteRules.preset("belote-a-deux"), seed=6), 20_000, 6)
    record = match_to_record(match)
    for before, after in zip(match.deals, match.deals[1:], strict=False):
        result = before.result
        assert result is not None
        if result.redeal:
            assert after.dealer == 1 - before.dealer
        elif result.made:
            assert after.dealer == result.takers
        else:
            assert after.dealer == 1 - result.takers
    assert match_to_record(match_from_record(record)) == record


def test_a_wrong_deck_for_the_pack_is_refused() -> None:
    """A 24-card record refuses a 32-card deck and a 7 (deck=24: no 7s or 8s, E3/F3)."""
    record = match_to_record(play(BeloteMatch(BeloteRules.preset("trois-joueurs"), seed=2), 30, 2))
    full = match_to_record(BeloteMatch(BeloteRules.preset("classique"), seed=2))["deals"][0]["deck"]
    record["deals"][0]["deck"] = full
    with pytest.raises(RecordError, match=r"record deal 1 deck: expected the 24 cards of the pack \(deck=24"):
        match_from_record(record)
    deck = match_to_record(BeloteMatch(BeloteRules.preset("trois-joueurs"), seed=2))["deals"][0]["deck"].split()
    record["deals"][0]["deck"] = " ".join(["7s", *deck[1:]])
    with pytest.raises(RecordError, match=r"record deal 1 deck: expected the 24 cards"):
        match_from_record(record)
    record["deals"][0]["deck"] = " ".join(deck)
    record["first_dealer"] = 3
    with pytest.raises(RecordError, match=r'record "first_dealer" must be a seat 0\.\.2'):
        match_from_record(record)


def _same_record(a: BeloteMatch, b: BeloteMatch) -> None:
    assert match_to_record(a) == match_to_record(b)
