"""Pool arena runs played in chunks (``--json`` files of ``tapete match`` or ``benchmarks/peers/run.py``).

    python benchmarks/pooled.py runs/expert-hard-*.json

A long duplicate run on a shared machine is safer played as many short runs
(each its own seed: the deals differ) whose results are pooled here: the
margin per duplicate deal of the first bot (its points minus the other's,
over both seatings) with a 95% t interval over the deals, and its share of
deals won. A run cut short loses only its chunk.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path

#: Two-sided 95% quantile of the normal law (the t law is within 1% of it past 120 deals).
Z95 = 1.96


def margins(path: Path, of: str | None = None) -> tuple[list[str], list[float]]:
    """(the entrants, ``of``'s margin (default: the first entrant's) per complete duplicate deal) of one
    run: a ``tapete match --json`` file, or the first pairing of a ``benchmarks/peers/run.py --json`` one."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if isinstance(data, list):
        data = data[0]["result"]
    labels = list(data["spec"]["labels"])
    me = labels.index(of) if of is not None else 0
    if me:
        labels = [labels[me]] + [x for x in labels if x != labels[me]]
    blocks: dict[int, list[float]] = defaultdict(list)
    for row in data["rows"]:
        seating = row["seating"]
        points = row["points"]
        mine = sum(p for s, p in zip(seating, points, strict=True) if s == me)
        theirs = sum(p for s, p in zip(seating, points, strict=True) if s != me)
        blocks[row["index"]].append(mine - theirs)
    legs = max((len(v) for v in blocks.values()), default=0)
    return labels, [statistics.fmean(v) for v in blocks.values() if len(v) == legs]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("runs", nargs="+", type=Path)
    parser.add_argument("--of", help="the entrant whose margin is given (a label; default: the first)")
    args = parser.parse_args()
    pooled: list[float] = []
    labels: list[str] = []
    for path in args.runs:
        labels, values = margins(path, args.of)
        pooled += values
    n = len(pooled)
    if n < 2:
        print(f"{n} duplicate deals: too few for an interval")
        return
    mean = statistics.fmean(pooled)
    half = Z95 * statistics.stdev(pooled) / n**0.5
    won = sum(v > 0 for v in pooled) / n
    print(f"{labels[0]} vs {labels[1]}: {n} duplicate deals, margin per deal {mean:+.1f} ± {half:.1f} (95%), "
          f"deals won on margin {100 * won:.1f}% ({len(args.runs)} runs)")


if __name__ == "__main__":
    main()
