"""A preset's defaults may change; what was saved before still replays under the rules it was played with.

Guiñote's revision 2 (issue 12) made seed 002 §06's exchange after the draw (``before_lead``) the
default of aragones, riojano and aragones-2p. A record, or a server's table, written before it
carries no revision (revision 1) and keeps the exchange before the draw (``after_team_win``).
"""

from __future__ import annotations

import json

import pytest

from tapete.core.errors import RulesError
from tapete.games import GAMES
from tapete.guinote.rules import GuinoteRules


@pytest.mark.parametrize("preset", ["aragones", "riojano", "aragones-2p"])
def test_rules_of_revision_1_keep_the_exchange_before_the_draw(preset: str) -> None:
    old = GuinoteRules.from_dict({"preset": preset, "options": {}})
    assert old.exchange_timing == "after_team_win"
    assert GuinoteRules.preset(preset).exchange_timing == "before_lead"
    saved = old.to_dict()
    assert saved == {"preset": preset, "options": {"exchange_timing": "after_team_win"}, "revision": 2}
    assert GuinoteRules.from_dict(saved) == old


def test_presets_that_did_not_change_read_the_same_at_every_revision() -> None:
    for name in ("clasico", "frances", "clasico-2p", "arrastre-temprano"):
        assert GuinoteRules.preset_as_of(name, 1) == GuinoteRules.preset(name)


@pytest.mark.parametrize("revision", [0, 3, "2", True])
def test_a_bad_revision_is_refused(revision: object) -> None:
    with pytest.raises(RulesError, match="revision"):
        GuinoteRules.from_dict({"preset": "aragones", "options": {}, "revision": revision})


def test_a_record_of_revision_1_replays_under_its_own_rules() -> None:
    game = GAMES["guinote"]
    old_rules = GuinoteRules.preset_as_of("aragones", 1)
    match = game.new_match(old_rules, seed=3)
    for _ in range(60):  # into the stock phase, where the two exchange timings differ
        match.apply_action(match.legal_actions()[-1])
    record = json.loads(json.dumps(game.to_record(match)))
    record["rules"] = {"preset": "aragones", "options": {}}  # as revision 1 wrote it
    again = game.from_record(record)
    assert again.rules == old_rules
    assert again.legal_actions() == match.legal_actions() and again.scores == match.scores


def test_server_tables_replay_under_the_revision_they_were_created_with() -> None:
    from datetime import UTC, datetime

    from tapete.server.live import table_rules
    from tapete.server.storage.rows import TableRow

    row = TableRow(
        id="t", code="ABC", game="guinote", preset="aragones", options={}, target=None, clock_seconds=0,
        public=True, spectators_see_hands=False, rated=False, owner_id="u", seed=1, status="live",
        created_at=datetime(2026, 1, 1, tzinfo=UTC),
    )  # fmt: skip
    assert row.rules_revision == 1
    assert table_rules(GAMES["guinote"], row).exchange_timing == "after_team_win"
    current = GuinoteRules.REVISION
    assert table_rules(GAMES["guinote"], TableRow(**{**row.__dict__, "rules_revision": current})).exchange_timing == (
        "before_lead"
    )
