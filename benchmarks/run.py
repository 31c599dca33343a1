"""Random full games per second: tapete's Guiñote engine against OpenSpiel's C++ skat,
and tapete's Belote engine against the pure-Python ``belote-cli`` (PyPI).

Both engines are driven from Python the same way a bot drives them: build a
new game, then loop ``legal_actions()`` / ``apply_action(la[rng.randrange(len(la))])``
until the game is over (OpenSpiel's chance nodes, the deal, are stepped the
same way). Each measurement is repeated and the best and median are reported.

Belote: one game is one deal. The first bidder takes the retourne's suit, then
random legal actions run to the end and the deal is scored; belote-cli is
driven the same way by ``belote_peer.py`` (beside this script).

    pip install ".[bench]" && python benchmarks/run.py          # full run (~1.5 min)
    python benchmarks/run.py --quick                           # a few seconds
    python benchmarks/run.py --pure                            # add pure-Python tapete (src/) for reference

Timings are never asserted in tests; this script only reports.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

#: One timed batch: play ``games`` random games, return the number of actions applied.
Batch = Callable[[int, int], int]


@dataclass
class Row:
    name: str
    games: int
    repeats: int
    best_gps: float
    median_gps: float
    actions_per_game: float

    @property
    def best_us(self) -> float:
        return 1e6 / self.best_gps

    @property
    def median_us(self) -> float:
        return 1e6 / self.median_gps


# ------------------------------------------------------------------ engines
def tapete_batch(preset: str) -> Batch:
    from tapete.guinote import GuinoteRules, GuinoteState

    rules = GuinoteRules.preset(preset)
    players = rules.players

    def run(games: int, seed: int) -> int:
        rng = random.Random(seed)
        new_deal = GuinoteState.new_deal
        actions = 0
        for i in range(games):
            state = new_deal(rules, seed=seed + i, dealer=i % players)
            while not state.is_terminal():
                la = state.legal_actions()
                state.apply_action(la[rng.randrange(len(la))])
                actions += 1
        return actions

    return run


def tapete_belote_batch(preset: str) -> Batch:
    from tapete.belote import BeloteRules, BeloteState
    from tapete.belote.actions import TAKE

    rules = BeloteRules.preset(preset)
    if rules.bidding != "taking":
        raise SystemExit(f"Belote preset {preset!r} bids by auction: the benchmark times the taking presets")

    def run(games: int, seed: int) -> int:
        rng = random.Random(seed)
        new_deal = BeloteState.new_deal
        actions = 0
        for i in range(games):
            state = new_deal(rules, seed=seed + i, dealer=i % 4)
            # The first bidder takes the retourne's suit (round 1 offers pass, take).
            state.apply_action(next(a for a in state.legal_actions() if TAKE <= a < TAKE + 6))
            actions += 1
            while not state.is_terminal():
                la = state.legal_actions()
                state.apply_action(la[rng.randrange(len(la))])
                actions += 1
            state.result()  # scored, as belote-cli's score_round
        return actions

    return run


def openspiel_batch(game_name: str) -> Batch:
    import pyspiel

    game = pyspiel.load_game(game_name)

    def run(games: int, seed: int) -> int:
        rng = random.Random(seed)
        actions = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                la = state.legal_actions()
                state.apply_action(la[rng.randrange(len(la))])
                actions += 1
        return actions

    return run


def measure(name: str, batch: Batch, games: int, repeats: int) -> Row:
    batch(max(games // 10, 10), 10**6)  # warm up: imports, caches, tables
    rates: list[float] = []
    actions = 0
    for r in range(repeats):
        t0 = time.perf_counter()
        actions = batch(games, r * games)
        rates.append(games / (time.perf_counter() - t0))
    return Row(name, games, repeats, max(rates), statistics.median(rates), actions / games)


def tapete_compiled(module: str = "tapete.guinote.state") -> bool:
    return str(importlib.import_module(module).__file__).endswith(".so")


def pure_rows(games: int, repeats: int, presets: list[str], belote_presets: list[str]) -> tuple[list[Row], list[Row]]:
    """Measure the uncompiled sources under src/ in a child process: (Guiñote rows, Belote rows)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    cmd = [sys.executable, __file__, "--child-pure", "--games", str(games), "--repeats", str(repeats)]
    cmd += ["--presets", *presets, "--belote-presets", *belote_presets]
    out = json.loads(subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout)
    return [Row(**row) for row in out["guinote"]], [Row(**row) for row in out["belote"]]


# ------------------------------------------------------------------- report
def table(rows: list[Row], reference: Row | None, reference_name: str = "skat") -> str:
    head = ("engine", "games/s best", "games/s median", "µs/game best", "actions/game", f"ratio vs {reference_name}")
    lines = [head]
    for row in rows:
        ratio = f"{row.best_gps / reference.best_gps:.2f}" if reference else "n/a"
        if row is reference:
            ratio = "1.00"
        lines.append(
            (
                row.name,
                f"{row.best_gps:,.0f}",
                f"{row.median_gps:,.0f}",
                f"{row.best_us:.1f}",
                f"{row.actions_per_game:.1f}",
                ratio,
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    fmt = [f"{{:<{widths[0]}}}", *(f"{{:>{w}}}" for w in widths[1:])]
    rendered = ["  ".join(f.format(cell) for f, cell in zip(fmt, line, strict=True)) for line in lines]
    rendered.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(rendered)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--quick", action="store_true", help="small batches, 3 repeats (a few seconds)")
    p.add_argument("--games", type=int, help="games per timed batch (default 20000, --quick 2000)")
    p.add_argument("--repeats", type=int, help="timed batches per engine (default 5, --quick 3)")
    p.add_argument("--presets", nargs="+", default=["aragones", "clasico"], help="Guiñote presets to time")
    p.add_argument(
        "--belote-presets", nargs="*", default=["classique"], help="Belote taking presets to time (none: skip)"
    )
    p.add_argument("--peer-games", type=int, help="belote-cli games per timed batch (default a tenth of --games)")
    p.add_argument("--pure", action="store_true", help="also time the pure-Python sources in src/ (child process)")
    p.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    p.add_argument("--child-pure", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    games = args.games or (2000 if args.quick else 20000)
    repeats = args.repeats or (3 if args.quick else 5)

    if args.child_pure:
        if tapete_compiled():
            print("expected the pure sources but imported a compiled tapete", file=sys.stderr)
            return 1
        pure = [measure(f"tapete {preset} (pure)", tapete_batch(preset), games, repeats) for preset in args.presets]
        pure_belote = [
            measure(f"tapete {preset} (pure)", tapete_belote_batch(preset), games, repeats)
            for preset in args.belote_presets
        ]
        print(json.dumps({"guinote": [asdict(r) for r in pure], "belote": [asdict(r) for r in pure_belote]}))
        return 0

    import tapete

    compiled = tapete_compiled()
    print(f"tapete {tapete.__version__}: {'compiled with mypyc' if compiled else 'PURE PYTHON (not compiled)'}")
    print(f"  from {Path(str(tapete.__file__)).parent}")
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cpus")
    print(f"{repeats} timed batches of {games} random games each (after a warm-up batch)\n")

    rows: list[Row] = []
    for preset in args.presets:
        rows.append(measure(f"tapete {preset}", tapete_batch(preset), games, repeats))
    belote_rows: list[Row] = []
    for preset in args.belote_presets:
        belote_rows.append(measure(f"tapete {preset}", tapete_belote_batch(preset), games, repeats))
    if args.pure:
        pure_guinote, pure_belote = pure_rows(games // 3 or 1, repeats, args.presets, args.belote_presets)
        rows += pure_guinote
        belote_rows += pure_belote
    reference: Row | None = None
    try:
        import pyspiel
    except ImportError:
        print("pyspiel not installed: skipping OpenSpiel skat (pip install '.[bench]')\n")
    else:
        reference = measure("open_spiel skat (C++)", openspiel_batch("skat"), games, repeats)
        rows.append(reference)
        print(f"open_spiel {importlib.metadata.version('open_spiel')}, game {pyspiel.load_game('skat')}\n")

    print(table(rows, reference))
    print("\nactions/game counts every apply_action, OpenSpiel's chance actions (the deal) included.")
    if reference is not None:
        worst = min(r.best_gps for r in rows[: len(args.presets)]) / reference.best_gps
        print(f"tapete/skat (best, slowest preset): {worst:.2f}  target >= 1.00")

    belote_compiled = tapete_compiled("tapete.belote.state")
    peer: Row | None = None
    if args.belote_presets:
        from belote_peer import DISTRIBUTION, belote_cli_batch, version

        peer_games = args.peer_games or max(games // 10, 10)
        engine = "compiled with mypyc" if belote_compiled else "PURE PYTHON (not compiled)"
        print(f"\nBelote, one game = one deal; tapete.belote.state: {engine}")
        if not version():
            print(f"{DISTRIBUTION} not installed: skipping it (pip install {DISTRIBUTION})\n")
        else:
            peer = measure(f"{DISTRIBUTION} {version()}", belote_cli_batch(), peer_games, repeats)
            belote_rows.append(peer)
            print(f"{DISTRIBUTION} {version()} (pure Python), {repeats} timed batches of {peer_games} deals\n")
        print(table(belote_rows, peer, DISTRIBUTION))
        print(
            "\nactions/game: the take, 32 cards and tapete's optional declare actions; belote-cli declares by itself."
        )
        if peer is not None:
            worst = min(r.best_gps for r in belote_rows[: len(args.belote_presets)]) / peer.best_gps
            print(f"tapete/{DISTRIBUTION} (best, slowest preset): {worst:.2f}  target >= 10.00")

    if args.json:
        report: dict[str, Any] = {
            "compiled": compiled,
            "belote_compiled": belote_compiled,
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "rows": [asdict(r) for r in rows],
            "belote_rows": [asdict(r) for r in belote_rows],
        }
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
