"""What the adapters count while they play: rule-difference events and time per move.

The arena builds a fresh bot for every play, in worker processes, so the
adapters record into this module's process-wide tallies; a worker writes its
tallies to ``$TAPETE_PEER_STATS_DIR`` when it exits (a multiprocessing
finalizer, which spawned workers run), and the runner adds them up.
"""

from __future__ import annotations

import json
import os
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

#: Environment variable naming the folder where each worker process leaves its tallies.
STATS_DIR_ENV = "TAPETE_PEER_STATS_DIR"

#: (level, event) -> count. Events: ``illegal`` (an answer tapete refuses: fallback played),
#: ``sa_ta_bid`` (belote-cli asked for sans/tout atout, not offered in classic), ...
EVENTS: Counter[tuple[str, str]] = Counter()
#: level -> seconds per decision (the foreign engine's answer, translation included).
TIMES: dict[str, list[float]] = {}

_registered = False


def count(level: str, event: str, n: int = 1) -> None:
    EVENTS[(level, event)] += n


def record_time(level: str, seconds: float) -> None:
    TIMES.setdefault(level, []).append(seconds)


def reset() -> None:
    EVENTS.clear()
    TIMES.clear()


def snapshot() -> dict[str, Any]:
    """The tallies as JSON-ready data: a copy (a worker's :func:`reset` after it must not empty it; with one
    worker the runner's own process is that worker)."""
    times = {lv: list(t) for lv, t in TIMES.items()}
    return {"events": [[lv, ev, n] for (lv, ev), n in EVENTS.items()], "times": times}


def merge(data: dict[str, Any]) -> None:
    for lv, ev, n in data.get("events", []):
        EVENTS[(lv, ev)] += int(n)
    for lv, times in data.get("times", {}).items():
        TIMES.setdefault(lv, []).extend(float(t) for t in times)


def dump_at_exit() -> None:
    """In a worker process: write the tallies to ``$TAPETE_PEER_STATS_DIR`` when it exits."""
    global _registered
    import multiprocessing
    from multiprocessing import util

    folder = os.environ.get(STATS_DIR_ENV)
    if not folder or _registered or multiprocessing.parent_process() is None:
        return  # the runner's own process reads its tallies directly
    _registered = True

    def write() -> None:
        if EVENTS or TIMES:
            Path(folder, f"stats-{os.getpid()}.json").write_text(json.dumps(snapshot()), encoding="utf-8")

    util.Finalize(None, write, exitpriority=10)


def collect(folder: str | os.PathLike[str]) -> None:
    """In the runner: add the tallies the workers left in ``folder``."""
    for path in sorted(Path(folder).glob("stats-*.json")):
        merge(json.loads(path.read_text(encoding="utf-8")))


def time_summary(times: list[float]) -> dict[str, float]:
    """Median, 95th percentile, mean and max of decision times, in milliseconds."""
    ms = sorted(t * 1000 for t in times)
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return {"moves": len(ms), "median_ms": statistics.median(ms), "p95_ms": p95, "mean_ms": statistics.fmean(ms),
            "max_ms": ms[-1]}  # fmt: skip
