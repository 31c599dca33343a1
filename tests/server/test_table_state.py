"""The browser table's pure state update (``static/table_state.js``), run in node: no DOM, no server.

It holds the page's rules that are easy to get wrong: a finished trick stays on screen until the
next card, the end-of-deal breakdown shows once per deal, a stale-version refusal shows nothing,
and the log keeps its last lines only.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tapete import server

MODULE = Path(server.__file__).resolve().parent / "static" / "table_state.js"

SCRIPT = """
import { initialState, update, liveMode, modeFor, MAX_LOG } from %(module)s;
const view = (over) => ({ seat: 0, current_player: 0, legal: [{}], trick: [], last_trick: null,
  breakdown: null, deal_number: 1, match_over: false, ...over });
const out = {};
let s = initialState();
s = update(s, { type: "state", view: view({ trick: [[1, "3o"]] }), at: 1 });
out.noHold = s.heldTrick;
const lt = { leader: 1, winner: 2, cards: [[1, "3o"], [2, "1o"]] };
s = update(s, { type: "state", view: view({ last_trick: lt }), at: 2 });
out.held = s.heldTrick;
s = update(s, { type: "state", view: view({ trick: [[2, "Ro"]], last_trick: lt }), at: 3 });
out.released = s.heldTrick;
s = update(s, { type: "state", view: view({ breakdown: ["a", "b"] }), at: 4 });
out.mode = liveMode(s);
s = update(s, { type: "close_breakdown" });
s = update(s, { type: "state", view: view({ breakdown: ["a", "b"] }), at: 5 });
out.shownOnce = s.breakdown;
s = update(s, { type: "state", view: view({ match_over: true }), at: 6 });
out.over = liveMode(s);
const before = s;
const refused = (code, message) => ({ type: "refused", frame: { type: "error", code, message, detail: {} } });
out.stale = update(s, refused("stale_version", "x")) === before;
s = update(s, refused("illegal_action", "why"));
out.error = s.error;
const line = (i) => ({ type: "event", version: i, seat: 0, action: "", text: "", lines: [`l${i}`] });
const event = (i) => ({ type: "event", frame: line(i) });
for (let i = 0; i < MAX_LOG + 5; i++) s = update(s, event(i));
out.log = [s.log.length, s.log[0]];
out.modes = [
  modeFor({ status: "waiting" }, false), modeFor({ status: "finished" }, true), modeFor({ status: "finished" }, false),
];
out.untouched = initialState().log.length === 0 && before.error === "";
console.log(JSON.stringify(out));
"""


def test_the_table_state_update() -> None:
    if shutil.which("node") is None:
        if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
            pytest.fail("CI needs node")
        pytest.skip("no node")
    script = SCRIPT % {"module": json.dumps(MODULE.as_uri())}
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["noHold"] is None
    assert out["held"] == {"leader": 1, "winner": 2, "cards": [[1, "3o"], [2, "1o"]]}, "a won trick stays on screen"
    assert out["released"] is None, "until the next card is played"
    assert out["mode"] == "deal_over" and out["shownOnce"] is None, "each deal's breakdown shows once"
    assert out["over"] == "match_over"
    assert out["stale"] is True and out["error"] == "why"
    assert out["log"] == [300, "l5"]
    assert out["modes"] == ["waiting", "live", "over"]
    assert out["untouched"], "updates make new states and leave the old ones as they were"


DEAL_END = """
import { initialState, update, liveMode } from %(module)s;
const view = (over) => ({ seat: 0, current_player: 0, legal: [{}], trick: [], last_trick: null,
  breakdown: null, deal_number: 2, match_over: false, ...over });
const out = {};
let s = initialState();
// Deal 1 ends: the next deal is dealt (deal 2, no action yet) and its view carries the breakdown.
s = update(s, { type: "state", view: view({ breakdown: ["Team 0: 80", "Team 1: 82"] }), at: 1 });
out.shown = liveMode(s);
// The next deal's first card: the view has no breakdown any more, and the box closes.
s = update(s, { type: "state", view: view({ trick: [[1, "3o"]] }), at: 2 });
out.afterFirstCard = liveMode(s);
// Deal 2 ends; the person closes the box; a language switch sends the same breakdown in Spanish.
s = update(s, { type: "state", view: view({ deal_number: 3, breakdown: ["Team 0: 80", "Team 1: 82"] }), at: 3 });
out.shownAgainForTheNextDeal = liveMode(s);
s = update(s, { type: "close_breakdown" });
s = update(s, { type: "state", view: view({ deal_number: 3, breakdown: ["Equipo 0: 80", "Equipo 1: 82"] }), at: 4 });
out.afterLanguageSwitch = liveMode(s);
// Deal 3 ends and a language switch comes while its box is open: the box stays, in the new words.
s = update(s, { type: "state", view: view({ deal_number: 4, breakdown: ["Team 0: 1"] }), at: 5 });
s = update(s, { type: "state", view: view({ deal_number: 4, breakdown: ["Equipo 0: 1"] }), at: 6 });
out.reworded = s.breakdown && s.breakdown.lines;
// The match ends: its box shows until closed (Escape, its button), and stays closed.
const last = (words) => view({ deal_number: 5, match_over: true, breakdown: ["x", words] });
s = update(s, { type: "state", view: last("team 0 wins"), at: 7 });
out.matchBox = liveMode(s);
s = update(s, { type: "close_match_over" });
s = update(s, { type: "state", view: last("gana el equipo 0"), at: 8 });
out.matchBoxClosed = liveMode(s);
console.log(JSON.stringify(out));
"""


def test_the_deal_over_box_closes_when_the_next_deal_is_played_and_stays_closed() -> None:
    if shutil.which("node") is None:
        if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
            pytest.fail("CI needs node")
        pytest.skip("no node")
    script = DEAL_END % {"module": json.dumps(MODULE.as_uri())}
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["shown"] == "deal_over"
    assert out["afterFirstCard"] == "play", "the box never covers the next deal's tricks"
    assert out["shownAgainForTheNextDeal"] == "deal_over"
    assert out["afterLanguageSwitch"] == "play", "a closed box stays closed after a language switch"
    assert out["reworded"] == ["Equipo 0: 1"]
    assert out["matchBox"] == "match_over" and out["matchBoxClosed"] == "play", "the match-over box can be closed"
