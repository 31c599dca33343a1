"""The exact solver's speed and memory against the targets of issue 5.

    pip install ".[bench]" && python benchmarks/solver.py            # ~1 min, compiled
    python benchmarks/solver.py --quick                              # a few seconds

* **Guiñote**: 4-player ``aragones`` deals dealt from seeds 0, 1, ... are played
  at random (``random.Random(seed)``, no claims) to the first arrastre lead:
  6 tricks to play, the stock gone. ``solve(state)`` values every legal card.
  Target: median <= 10 ms.
* **Belote**: 4-player ``classique`` deals from seeds 0, 1, ..., the first
  bidder takes the retourne's suit; the full deal (8 tricks) from the first
  card: ``solve_value(state)`` (the deal's value) and ``solve(state)`` (every
  first card). Target: median <= 100 ms for the deal.
* **Brisca**: ``brisca`` (4 players) and ``brisca-2p`` deals from seeds 0, 1, ...
  played at random to a lead with N cards left to draw: N=0 the ending (3 tricks,
  the stock gone), N=4 the last draw at 4 players (4 tricks) and the last two at 2
  (5 tricks, the draws searched). ``solve(state)``. Targets (tapete's, no issue's):
  10 ms for the endings, 50 ms with draws left (a PIMC world in its window).

Each row gives the median and 95th percentile in ms per position, the median
nodes, and the peak memory of one position's search measured with tracemalloc
in a second pass (the transposition table and everything else the search
allocates), next to the table's cap (default 64 MB; the target is a cap <= 256 MB).
One core: the positions are solved one after another in this process. Timings are
never asserted in tests; this script only reports.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

if "--pure" in sys.argv:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from tapete.belote.rules import BeloteRules
from tapete.belote.solver_adapter import build
from tapete.belote.state import BeloteState
from tapete.brisca.rules import BriscaRules
from tapete.brisca.state import BriscaState
from tapete.guinote.actions import CLAIM
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import GuinoteState
from tapete.solver import DEFAULT_TT_BYTES, solve

Position = GuinoteState | BeloteState | BriscaState


def brisca_positions(preset: str, stock: int, count: int) -> list[Position]:
    """Leads of random Brisca deals with ``stock`` cards left to draw (the muestra included)."""
    out: list[Position] = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        s = BriscaState.new_deal(BriscaRules.preset(preset), seed=seed)
        seed += 1
        while not s.is_terminal() and (s.stock_size() > stock or s.trick):
            s.apply_action(rng.choice(s.legal_actions()))
        if s.stock_size() == stock and not s.is_terminal():
            out.append(s)
    return out


def guinote_positions(count: int) -> list[Position]:
    """First arrastre leads (6 tricks to play) of random 4-player aragones deals."""
    out: list[Position] = []
    seed = 0
    while len(out) < count:
        rng = random.Random(seed)
        s = GuinoteState.new_deal(GuinoteRules.preset("aragones"), seed=seed)
        seed += 1
        while not s.is_terminal() and not (s.indicator < 0 and s.phase == 0 and not s.trick):
            s.apply_action(rng.choice([a for a in s.legal_actions() if a != CLAIM]))
        if not s.is_terminal() and s.tricks_per_deal - s.tricks_played == 6:
            out.append(s)
    return out


def belote_positions(count: int) -> list[Position]:
    """Full 4-player classique deals at the first card, the retourne's suit taken by the first bidder."""
    out: list[Position] = []
    for seed in range(count):
        s = BeloteState.new_deal(BeloteRules(), seed=seed)
        s.play(s.legal_action_strings()[1])
        out.append(s)
    return out


def is_compiled() -> bool:
    import tapete.core.card_search as core

    return not (core.__file__ or "").endswith(".py")


def measure(name: str, positions: list[Position], run: Callable[[Position], int], target_ms: float,
            mem_samples: int) -> dict[str, float]:  # fmt: skip
    times: list[float] = []
    nodes: list[int] = []
    for s in positions:
        start = time.perf_counter()
        n = run(s)
        times.append((time.perf_counter() - start) * 1000)
        nodes.append(n)
    times.sort()
    median = statistics.median(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    peak = 0
    for s in positions[:mem_samples]:
        tracemalloc.start()
        run(s)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    row = {"median_ms": median, "p95_ms": p95, "nodes": statistics.median(nodes), "peak_mb": peak / 2**20}
    print(f"{name:<34} {len(positions):>4} {median:>9.2f} {p95:>9.2f} {row['nodes']:>10.0f} "
          f"{row['peak_mb']:>8.1f} {target_ms:>9.0f} {target_ms / median:>7.2f}")  # fmt: skip
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few positions of each kind")
    parser.add_argument("--positions", type=int, default=200, help="Guiñote positions (default 200)")
    parser.add_argument("--deals", type=int, default=40, help="Belote deals (default 40)")
    parser.add_argument("--pure", action="store_true", help="run the sources under src/ (uncompiled)")
    args = parser.parse_args(argv)
    g_count, b_count, mem = (20, 4, 2) if args.quick else (args.positions, args.deals, 5)
    print(f"tapete solver benchmark: {'compiled (mypyc)' if is_compiled() else 'pure Python'}, "
          f"transposition table cap {DEFAULT_TT_BYTES >> 20} MB")  # fmt: skip
    print(f"{'':<34} {'n':>4} {'median ms':>9} {'p95 ms':>9} {'nodes':>10} {'peak MB':>8} {'target ms':>9} "
          f"{'ratio':>7}")  # fmt: skip
    g = guinote_positions(g_count)
    measure("Guiñote arrastre, 6 tricks: solve", g, lambda s: solve(s).nodes, 10, mem)
    b = belote_positions(b_count)

    def value_nodes(s: Position) -> int:
        # solve_value(s), keeping the node count: the same search through tapete.belote.solver_adapter.build.
        assert isinstance(s, BeloteState)
        cs = build(s, DEFAULT_TT_BYTES)
        cs.value()
        return cs.nodes

    measure("Belote full deal: solve_value", b, value_nodes, 100, mem)
    measure("Belote full deal: solve", b, lambda s: solve(s).nodes, 100, mem)
    for preset, stock, target, name in (("brisca", 0, 10, "Brisca 4p, last 3 tricks: solve"),
                                        ("brisca-2p", 0, 10, "Brisca 2p, stock gone: solve"),
                                        ("brisca", 4, 50, "Brisca 4p, last draw: solve"),
                                        ("brisca-2p", 4, 50, "Brisca 2p, last 2 draws: solve")):  # fmt: skip
        measure(name, brisca_positions(preset, stock, g_count), lambda s: solve(s).nodes, target, mem)
    print("ratio = target / median (>= 1 meets the target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
