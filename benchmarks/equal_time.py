"""A level against IS-MCTS given the same time per move, in duplicate (issue 17: Guiñote).

    python benchmarks/equal_time.py --game guinote --preset aragones --level expert --seconds 0.8 \\
        --deals 200 --seed 1 --json run.json

The IS-MCTS is tapete's ``ismcts`` (single-observer information-set MCTS,
Cowling, Powley and Whitehouse 2012, the published kind) with no iteration
cap and ``--seconds`` of CPU time a move, on every decision of the deal: the
level under test gets the same time budget at most (the expert's own budget
is :data:`tapete.bots.levels.EXPERT_SECONDS` of CPU time, and most of its
moves take less). CPU time, as the expert's: on a busy machine both do the
work they would do on a free core.
The level ``ismcts@S`` is registered here and in the arena's workers.
"""

from __future__ import annotations

import argparse
import functools
import time
from pathlib import Path

from tapete.arena import ArenaSpec, Hooks
from tapete.arena import run as run_arena
from tapete.arena.outputs import write_json
from tapete.bots.ismcts import IsmctsBot
from tapete.bots.levels import LEVELS

#: Iterations no move reaches in its time: the clock stops the search.
UNCAPPED = 10**9


def register(names: tuple[str, ...]) -> None:
    """Add the ``ismcts@SECONDS`` levels among ``names`` to tapete's LEVELS."""
    for name in names:
        base, _, seconds = name.partition("@")
        if base == "ismcts" and seconds and name not in LEVELS:
            LEVELS[name] = functools.partial(IsmctsBot, UNCAPPED, float(seconds), clock=time.process_time)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="guinote")
    parser.add_argument("--preset", default="aragones")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--seconds", type=float, default=0.8, help="IS-MCTS time a move")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    bots = (args.level, f"ismcts@{args.seconds:g}")
    register(bots)
    spec = ArenaSpec(game=args.game, preset=args.preset, bots=bots, count=args.deals, duplicate=True,
                     seed=args.seed, workers=args.workers)  # fmt: skip
    result = run_arena(spec, hooks=Hooks(setup=functools.partial(register, bots)))
    for e in result.summary.entrants:
        m = e.margin
        print(f"{e.label:<14} plays {e.plays:>5}  margin/deal {m.estimate:+7.1f} [{m.low:+.1f}, {m.high:+.1f}]")
    if args.json:
        write_json(args.json, result)


if __name__ == "__main__":
    main()
