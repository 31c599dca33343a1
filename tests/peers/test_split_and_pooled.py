"""Issue 17 benchmark helpers: one bot's bidding with another's card play, and chunked runs pooled."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from peers.levels import SplitBot
from pooled import margins
from tapete.games import GAMES


class _Recorder:
    """The heuristic, noting the phase of each decision it is asked."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.phases: list[str] = []
        self.inner = GAMES["belote"].heuristic_bot()

    def act(self, obs: Any, rng: random.Random, budget: Any = None) -> int:
        self.phases.append(obs.phase)
        return self.inner.act(obs, rng)


def test_the_split_bot_bids_with_one_and_plays_with_the_other() -> None:
    game = GAMES["belote"]
    match = game.new_match(game.rules("contree"), seed=3, dealer=0)
    bidder, player = _Recorder("b"), _Recorder("p")
    bot = SplitBot(bidder, player, "b/p")
    rng = random.Random(1)
    while not match.is_terminal() and len(player.phases) < 6:
        match.apply_action(bot.act(game.observe(match, match.current_player), rng))
    assert bidder.phases and set(bidder.phases) == {"bidding"}
    assert "bidding" not in player.phases


def test_pooled_margins_read_each_duplicate_deal_for_the_entrant_named(tmp_path: Path) -> None:
    rows = [
        {"index": 0, "leg": 0, "seating": [0, 1], "points": [100, 60]},
        {"index": 0, "leg": 1, "seating": [1, 0], "points": [90, 70]},
        {"index": 1, "leg": 0, "seating": [0, 1], "points": [10, 20]},  # its second leg is missing: left out
    ]
    path = tmp_path / "run.json"
    path.write_text(json.dumps({"spec": {"labels": ["a", "b"]}, "rows": rows}), encoding="utf-8")
    assert margins(path) == (["a", "b"], [(40 - 20) / 2])
    assert margins(path, "b") == (["b", "a"], [(-40 + 20) / 2])
    peers = tmp_path / "peers.json"
    peers.write_text(json.dumps([{"result": {"spec": {"labels": ["a", "b"]}, "rows": rows}}]), encoding="utf-8")
    assert margins(peers) == margins(path)
