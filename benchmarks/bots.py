"""Time per move and peak memory of each bot level, against the targets of issue 5.

    pip install ".[bench]" && python benchmarks/bots.py          # every level, 3 games (a few minutes)
    python benchmarks/bots.py --levels heuristic pimc --moves 400 --json bots.json
    python benchmarks/bots.py --quick                            # a smoke run: one deal per game

For each level (read from :data:`tapete.bots.levels.LEVELS` at run time;
default: ``random`` and the named difficulties when registered, else every
level; ``--levels`` to choose) and each game (default: Guiñote ``aragones`` with 4
players, Belote ``classique`` and ``contree``), seeded deals are played
with that level in every seat, exactly as the arena plays them (a fresh bot
per seat and deal, its own seeded generator, only the seat's observation,
the level's own budget: ``act(obs, rng)``), and every decision (bids,
cards, declarations, claims...) is timed with ``time.perf_counter`` and
``time.process_time`` around ``act``. Deals are played whole until at least
``--moves`` decisions per game are timed (or ``--max-seconds`` have passed).
The deals are those of the arena with the same ``--seed``.

Each level runs in a fresh process (one core; the modules the bots use are
imported before timing), so its memory is its own: the peak resident set of
that process (``ru_maxrss`` of the child, from ``os.wait4``, an upper bound:
it includes the interpreter and the traced decisions), and the most Python
memory allocated during one decision, under ``tracemalloc``: every
``--mem-every``-th decision (``--mem-samples`` per game) is decided a second
time, untimed, by a fresh bot of the level with a copy of the real
decision's generator while tracemalloc runs (it slows the bots down several
times, so it is never on while a decision is timed).

Targets (issue 5), checked on the 95th percentile: ``easy`` and ``medium``
<= 50 ms per move, the strongest level (``expert`` if registered, else the
last registered) <= 1 s; every bot process peaks < 500 MB. ``ratio`` =
target / measured (>= 1 meets it). Timings depend on the machine and its
load (another run on the same cores slows every figure): they are never
asserted in tests.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if "--pure" in sys.argv:
    sys.path.insert(0, str(ROOT / "src"))

from ladder import default_levels, describe_level, environment  # noqa: E402 - beside this script
from tapete.arena import play_seed  # noqa: E402
from tapete.bots.levels import LEVELS, make_bot  # noqa: E402
from tapete.games import game  # noqa: E402

#: label -> (game, preset): the games timed by default.
GAMES: dict[str, tuple[str, str]] = {
    "guinote": ("guinote", "aragones"),
    "classique": ("belote", "classique"),
    "contree": ("belote", "contree"),
}
#: p95 targets in ms per move by level name (issue 5); the strongest level gets STRONGEST_MS.
TARGET_MS: dict[str, float] = {"easy": 50.0, "medium": 50.0}
STRONGEST_MS = 1000.0
#: Peak resident memory of a bot process, MB.
RSS_TARGET_MB = 500.0


def strongest_level() -> str:
    """``expert`` when registered, else the last registered level (LEVELS is weakest first)."""
    return "expert" if "expert" in LEVELS else list(LEVELS)[-1]


def target_ms(level: str) -> float | None:
    if level in TARGET_MS:
        return TARGET_MS[level]
    return STRONGEST_MS if level == strongest_level() else None


# ------------------------------------------------------------------ the child: one level, fresh process
def warm_up() -> None:
    """Import every bot, solver and sampling module, so no decision pays for an import."""
    from tapete.games import GAMES

    game_packages = [type(g).__module__.rpartition(".")[0] for g in GAMES.values()]  # their bots and solvers
    for package in ("tapete.bots", "tapete.solver", *game_packages):
        mod = importlib.import_module(package)
        for info in pkgutil.walk_packages(mod.__path__, package + "."):
            importlib.import_module(info.name)
    importlib.import_module("tapete.core.sampling")


def traced_peak(level: str, obs: Any, rng: random.Random) -> float:
    """The peak of Python allocations (MB) while a fresh bot of ``level`` decides on ``obs``, drawing
    what the real decision drew (a copy of its generator)."""
    twin = random.Random()
    twin.setstate(rng.getstate())
    bot = make_bot(level)
    tracemalloc.start()
    try:
        bot.act(obs, twin)
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def play_deals(level: str, label: str, seed: int, moves: int, max_seconds: float, mem_every: int,
               mem_samples: int) -> dict[str, Any]:  # fmt: skip
    """Play whole deals of one game with ``level`` in every seat, timing each decision, and tracing the
    allocations of every ``mem_every``-th decision (``mem_samples`` of them, after it is timed)."""
    name, preset = GAMES[label]
    g = game(name)
    rules = g.rules(preset)
    wall: list[float] = []
    cpu: list[float] = []
    phases: list[str] = []
    traced: list[float] = []
    deals = 0
    start = time.perf_counter()
    while len(wall) < moves and (deals == 0 or time.perf_counter() - start < max_seconds):
        match = g.new_match(rules, seed=play_seed(seed, deals))
        seats = g.players(rules)
        bots = [make_bot(level) for _ in range(seats)]
        rngs = [random.Random(f"tapete-arena/{seed}/{deals}/0/{s}") for s in range(seats)]  # as the arena's leg 0
        first = match.deals[0]
        while first.result is None and not match.is_terminal():
            seat = match.current_player
            obs = g.observe(match, seat)
            if len(traced) < mem_samples and len(wall) % mem_every == mem_every - 1:
                traced.append(traced_peak(level, obs, rngs[seat]))
            t0, c0 = time.perf_counter(), time.process_time()
            action = bots[seat].act(obs, rngs[seat])
            c1, t1 = time.process_time(), time.perf_counter()
            if action not in obs.legal_actions:
                raise SystemExit(f"{level} chose an illegal action {action} in {label}, deal {deals}")
            wall.append((t1 - t0) * 1000)
            cpu.append((c1 - c0) * 1000)
            phases.append(str(obs.phase))
            match.apply_action(action)
        deals += 1
    return {"deals": deals, "wall_ms": wall, "cpu_ms": cpu, "phases": phases, "traced_mb": traced}


def child(args: argparse.Namespace) -> int:
    warm_up()
    results = {
        label: play_deals(args.child, label, args.seed, args.moves, args.max_seconds, args.mem_every, args.mem_samples)
        for label in args.games
    }
    json.dump(results, sys.stdout)
    return 0


# ------------------------------------------------------------------ the parent: a process per level
def spawn(args: argparse.Namespace, level: str) -> tuple[dict[str, Any], float]:
    """Run one child; its JSON result and its peak resident set in MB (from ``os.wait4``)."""
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", level, "--games", *args.games,
           "--seed", str(args.seed), "--moves", str(args.moves), "--max-seconds", str(args.max_seconds),
           "--mem-every", str(args.mem_every), "--mem-samples", str(args.mem_samples)]  # fmt: skip
    env = dict(os.environ)
    if args.pure:
        cmd.append("--pure")
        env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, env=env)
    assert proc.stdout is not None
    out = proc.stdout.read()
    proc.stdout.close()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"the run of {level} failed (exit {proc.returncode})")
    # ru_maxrss is in kilobytes on Linux, in bytes on macOS.
    rss_mb = usage.ru_maxrss / (2**20 if sys.platform == "darwin" else 2**10)
    return json.loads(out), rss_mb


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank, as the solver benchmark reports p95)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarize_times(level: str, label: str, data: dict[str, Any]) -> dict[str, Any]:
    wall, cpu = data["wall_ms"], data["cpu_ms"]
    worst = max(range(len(wall)), key=wall.__getitem__)
    row = {
        "level": level,
        "game": label,
        "deals": data["deals"],
        "moves": len(wall),
        "median_ms": statistics.median(wall),
        "p95_ms": percentile(wall, 0.95),
        "max_ms": wall[worst],
        "max_phase": data["phases"][worst],
        "cpu_p95_ms": percentile(cpu, 0.95),
        "mean_ms": statistics.fmean(wall),
        "target_p95_ms": target_ms(level),
    }
    t = row["target_p95_ms"]
    row["ratio"] = t / row["p95_ms"] if t is not None and row["p95_ms"] > 0 else None
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.add_argument("--levels", nargs="+", help="levels (default: random and the difficulties, else all)")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES), help="games (default: all)")
    parser.add_argument("--moves", type=int, default=100, help="decisions timed per level and game, at least (100)")
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=20.0,
        help="stop a level's game after the deal that passes this many seconds (20)",
    )
    parser.add_argument("--mem-every", type=int, default=5, help="trace the allocations of every Nth decision (5)")
    parser.add_argument("--mem-samples", type=int, default=8, help="decisions traced per game (8; 0: none)")
    parser.add_argument("--seed", type=int, default=1, help="the arena seed of the deals (1)")
    parser.add_argument("--quick", action="store_true", help="one deal per game")
    parser.add_argument("--json", type=Path, help="write every figure (and each decision's time) here")
    parser.add_argument("--pure", action="store_true", help="run the sources under src/ (uncompiled)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args)
    if args.quick:
        args.moves = 1
    levels = args.levels or default_levels()
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        parser.error(f"unknown level(s) {', '.join(unknown)}: registered are {', '.join(LEVELS)}")

    env = environment()
    print(f"tapete bot benchmark: {'compiled (mypyc)' if env['compiled'] else 'pure Python'} tapete {env['tapete']}, "
          f"commit {env['commit']}, Python {env['python']}, {env['machine']}")  # fmt: skip
    print(f"games: {', '.join(f'{g} ({GAMES[g][0]} {GAMES[g][1]})' for g in args.games)}; seed {args.seed}; "
          f">= {args.moves} decisions per level and game (whole deals, <= {args.max_seconds:g} s); one process "
          f"per level, one core; strongest level: {strongest_level()}")  # fmt: skip
    config = {level: describe_level(level) for level in levels}
    for level in levels:
        print(f"  {level}: {json.dumps(config[level], sort_keys=True, ensure_ascii=False)}")
    print()
    head = (f"{'level':<10} {'game':<10} {'deals':>5} {'moves':>6} {'median ms':>9} {'p95 ms':>9} {'max ms':>9} "
            f"{'(phase)':<9} {'cpu p95':>9} {'target':>7} {'ratio':>6}")  # fmt: skip
    print(head)
    rows: list[dict[str, Any]] = []
    memory: dict[str, dict[str, Any]] = {}
    raw: dict[str, Any] = {}
    for level in levels:
        data, rss = spawn(args, level)
        raw[level] = data
        for label in args.games:
            row = summarize_times(level, label, data[label])
            rows.append(row)
            target = f"{row['target_p95_ms']:.0f}" if row["target_p95_ms"] is not None else "-"
            ratio = f"{row['ratio']:.2f}" if row["ratio"] is not None else "-"
            print(f"{level:<10} {label:<10} {row['deals']:>5} {row['moves']:>6} {row['median_ms']:>9.2f} "
                  f"{row['p95_ms']:>9.2f} {row['max_ms']:>9.1f} {row['max_phase'][:9]:<9} {row['cpu_p95_ms']:>9.2f} "
                  f"{target:>7} {ratio:>6}", flush=True)  # fmt: skip
        memory[level] = {
            "peak_rss_mb": rss,
            "tracemalloc_peak_mb": {label: max(data[label]["traced_mb"], default=None) for label in args.games},
        }
    print("target: p95 ms per move; ratio = target / p95 (>= 1 meets it)\n")
    print(f"{'level':<10} {'peak RSS MB':>11} {'tracemalloc peak MB (' + ', '.join(args.games) + ')':<44} "
          f"{'target MB':>9} {'ratio':>6}")  # fmt: skip
    for level in levels:
        m = memory[level]
        traced = ", ".join("-" if v is None else f"{v:.2f}" for v in m["tracemalloc_peak_mb"].values())
        print(f"{level:<10} {m['peak_rss_mb']:>11.1f} {traced:<44} {RSS_TARGET_MB:>9.0f} "
              f"{RSS_TARGET_MB / m['peak_rss_mb']:>6.2f}")  # fmt: skip
    print("peak RSS: the level's whole process (interpreter, modules, the traced decisions included);\n"
          f"tracemalloc: the most Python memory allocated during one decision (every {args.mem_every}th, "
          f"{args.mem_samples} per game); ratio = target / peak RSS")  # fmt: skip
    if args.json:
        out = {"format": "tapete-bot-benchmark", "version": 1, "environment": env, "command": sys.argv,
               "configuration": config, "rows": rows, "memory": memory, "decisions": raw}  # fmt: skip
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"written {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
