"""How long the analysis of a played game takes (issue 17, goal 5: ``tapete.analysis``).

    python benchmarks/analysis.py                 # compiled if installed so; ~2 min pure Python
    python benchmarks/analysis.py --pure          # the sources under src/, pure Python
    python benchmarks/analysis.py --own           # with the expert's view from each player's information

* **Belote**: 4-player ``classique`` matches dealt from seeds 0, 1, ..., played by the heuristic
  bots; the first deal with cards played is analysed whole (every card from the first trick: Belote's
  solver reaches a whole deal). Seconds per deal.
* **Guiñote**: 4-player ``aragones`` matches (to 101, often two or three deals) played by the
  heuristic bots to the end, analysed whole: the arrastre's cards are searched, those played with a
  stock on the table are out of the solver's reach. Seconds per match.
* **Brisca**: 2-player ``brisca-2p``, the first deal: the last 10 tricks searched.

Each row gives the median and the slowest over the seeds, the cards searched and left out. One core,
one analysis after another in this process; the default limits of ``tapete replay --analyse``
(:class:`tapete.analysis.Limits`). Timings are never asserted in tests; this script only reports.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

if "--pure" in sys.argv:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from tapete.analysis import Limits, analyse_match
from tapete.bots.levels import make_bot
from tapete.games import GAMES


def played(name: str, preset: str, seed: int, whole: bool) -> Any:
    """A match played by the heuristic bots: to its end (``whole``), else to the end of its first deal
    with cards in it (a Belote deal nobody took is dealt again)."""
    game = GAMES[name]
    match = game.new_match(game.rules(preset), seed=seed)
    bot, rng = make_bot("heuristic"), random.Random(seed)
    while not match.is_terminal():
        done = [d for d in match.deals if d.result is not None and any(game.is_card(match.rules, a) for a in d.actions)]
        if done and not whole:
            break
        match.apply_action(bot.act(game.observe(match, match.current_player), rng))
    return match


def row(label: str, name: str, preset: str, seeds: int, whole: bool, limits: Limits) -> None:
    game = GAMES[name]
    times: list[float] = []
    searched = left = 0
    for seed in range(seeds):
        match = played(name, preset, seed, whole)
        deals = None
        if not whole:
            deals = [next(i for i, d in enumerate(match.deals) if any(game.is_card(match.rules, a) for a in d.actions))]
        start = time.perf_counter()
        analysis = analyse_match(game, match, limits, deals=deals)
        times.append(time.perf_counter() - start)
        done, out = analysis.counts()
        searched += done
        left += out
    print(
        f"{label:<34} median {statistics.median(times):7.2f} s   slowest {max(times):7.2f} s   "
        f"cards analysed {searched / seeds:5.1f}, not {left / seeds:5.1f} (mean over {seeds})",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--pure", action="store_true", help="the sources under src/ (pure Python)")
    parser.add_argument("--own", action="store_true", help="add the expert's view from each player's information")
    parser.add_argument("--seeds", type=int, default=5)
    args = parser.parse_args(argv)
    import tapete.core.card_search as search

    kind = "pure Python" if str(search.__file__).endswith(".py") else "compiled"
    limits = Limits(own=args.own)
    print(f"tapete.analysis, {kind}, own view {'on' if args.own else 'off'}, max_nodes {limits.max_nodes}")
    row("Belote classique, one deal", "belote", "classique", args.seeds, False, limits)
    row("Guiñote aragones (4p), one match", "guinote", "aragones", args.seeds, True, limits)
    row("Brisca 2p, one deal", "brisca", "brisca-2p", args.seeds, False, limits)
    return 0


if __name__ == "__main__":
    sys.exit(main())
