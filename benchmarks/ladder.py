"""The Elo ladder of the bot levels: duplicate matches between levels, their margins and an Elo table.

    pip install ".[bench]" && python benchmarks/ladder.py                      # default ladder, a few minutes
    python benchmarks/ladder.py --game belote --preset contree --deals 2000 --workers 8 --json ladder.json
    python benchmarks/ladder.py --levels random heuristic pimc --all-pairs
    python benchmarks/ladder.py --load ladder.json                             # re-print (and refit) a saved run
    python benchmarks/ladder.py --levels hard expert --deals 2000 --ray ray://HEAD:10001   # on a Ray cluster

For each adjacent pair of levels (weaker, stronger), in the order given
(``--all-pairs``: every pair), the arena plays ``--deals`` duplicate deals
(:func:`tapete.arena.run` with ``ArenaSpec(..., duplicate=True)``: each deal
twice with the same cards, the sides swapped). Every pairing uses the same
seed, so the same deals. For each pairing the stronger level's mean margin
per deal (points over the opponent, averaged over both seatings) is printed
with its 95% t interval, with its duplicate deal score (a deal is won when
the level scored more over both seatings, a draw counting half) and its
Wilson interval, and whether it beats the weaker level with 95% confidence
(the margin's interval above 0). Then an Elo table (:mod:`tapete.arena.elo`:
Bradley-Terry maximum likelihood on the duplicate deal verdicts, one virtual
draw per pairing, ``random`` anchored at 0, seeded bootstrap intervals).

``--ray [ADDRESS]`` plays every pairing's deals as Ray tasks, on a new
local Ray or on a cluster (:func:`tapete.arena.run` with ``ray=``; see
docs/bots.md, "A cluster run"), connected once for the whole ladder, with
the same figures as without it.

The configuration of each level (its factory, its bots' parameters and
module constants), the tapete version and commit, whether it runs compiled,
and the command line are printed first and stored in ``--json``, so a
ladder can be reproduced. The JSON is rewritten after each pairing, so a
long run that stops keeps what it finished. Only rules with two sides
(4-player partnerships or 2 players) make pairings.

Levels are read from :data:`tapete.bots.levels.LEVELS` at run time. The
default ladder is ``random`` and the named difficulties (easy, medium,
hard, expert) when they are registered, else every registered level in
its order (weakest first). The default deal count is small (a few minutes
on one core); the figures in the docs come from bigger runs.
"""

from __future__ import annotations

import argparse
import dataclasses
import inspect
import itertools
import json
import os
import platform
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

if "--pure" in sys.argv:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import tapete
from tapete.arena import ArenaResult, ArenaSpec, Interval, RayOptions, run, wilson_interval
from tapete.arena.elo import DEFAULT_PRIOR_DRAWS, Pairing, elo_intervals, elo_table, pairing_of
from tapete.bots import levels as _levels
from tapete.bots.levels import LEVELS

ROOT = Path(__file__).resolve().parent.parent
#: The named difficulty levels, weakest first: the default ladder when they are registered.
DIFFICULTIES: tuple[str, ...] = tuple(getattr(_levels, "DIFFICULTIES", ("easy", "medium", "hard", "expert")))
DEFAULT_DEALS = 30


# ------------------------------------------------------------------ reproducibility
def is_compiled() -> bool:
    """Whether the engine runs as mypyc-compiled extensions (the speed users get)."""
    import tapete.guinote.state as state

    return not (state.__file__ or "").endswith(".py")


def environment() -> dict[str, Any]:
    """What decides the figures besides the command line: versions, commit, compiled or not, machine."""
    commit = None
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10)  # fmt: skip
        if head.returncode == 0:
            commit = head.stdout.strip() + (" (with uncommitted changes)" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        pass
    return {
        "tapete": tapete.__version__,
        "tapete_path": str(Path(tapete.__file__).parent),
        "commit": commit,
        "compiled": is_compiled(),
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}, {os.cpu_count()} CPUs",
    }


def _simple(value: Any) -> bool:
    return value is None or isinstance(value, bool | int | float | str)


def _qualname(obj: Any) -> str:
    return f"{getattr(obj, '__module__', '?')}.{getattr(obj, '__qualname__', type(obj).__qualname__)}"


def describe_bot(bot: Any, depth: int = 0) -> dict[str, Any]:
    """A bot's class, its public parameters, the bots it wraps, and its module's constants (JSON-ready)."""
    out: dict[str, Any] = {"class": _qualname(type(bot)), "name": getattr(bot, "name", None)}
    fields: dict[str, Any] = {}
    values = vars(bot) if hasattr(bot, "__dict__") else {}
    for key in getattr(type(bot), "__slots__", ()):
        if hasattr(bot, key):
            values[key] = getattr(bot, key)
    for key, value in values.items():
        if key.startswith("_") or key == "name":
            continue
        if _simple(value):
            fields[key] = value
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            fields[key] = {k: v for k, v in dataclasses.asdict(value).items() if _simple(v)}
        elif hasattr(value, "act") and depth < 3:
            fields[key] = describe_bot(value, depth + 1)
    if fields:
        out["parameters"] = fields
    factories = getattr(bot, "_factories", None)  # ByGame: one bot per game, built on first use
    if isinstance(factories, dict) and depth < 3:
        out["per_game"] = {kind: describe_bot(make(), depth + 1) for kind, make in factories.items()}
    module = sys.modules.get(type(bot).__module__)
    if module is not None:
        constants = {k: v for k, v in vars(module).items() if k.isupper() and not k.startswith("_") and _simple(v)}
        if constants:
            out["module_constants"] = constants
    return out


def describe_level(level: str) -> dict[str, Any]:
    """The configuration of a registered level: its factory (with its bound arguments) and a fresh bot's."""
    factory: Callable[[], Any] = LEVELS[level]
    out: dict[str, Any] = {"factory": _qualname(factory)}
    closure = getattr(factory, "__closure__", None)
    code = getattr(factory, "__code__", None)
    if closure and code is not None:  # a factory made by a function (e.g. _pimc(24)): its bound values
        bound = {name: cell.cell_contents for name, cell in zip(code.co_freevars, closure, strict=True)}
        bound = {k: v for k, v in bound.items() if _simple(v) or dataclasses.is_dataclass(v)}
        if bound:
            out["factory_arguments"] = {k: (dataclasses.asdict(v) if dataclasses.is_dataclass(v)
                                            and not isinstance(v, type) else v) for k, v in bound.items()}  # fmt: skip
    try:
        out["bot"] = describe_bot(factory())
    except Exception as e:  # describing must never stop a benchmark
        out["bot"] = {"error": f"{type(e).__name__}: {e}"}
    if inspect.isclass(factory):
        out["factory"] = _qualname(factory)
    return out


def print_configuration(levels: Sequence[str], env: dict[str, Any], out: Any = sys.stdout) -> dict[str, Any]:
    """Print (and return) the environment and each level's configuration."""
    build = "compiled (mypyc)" if env["compiled"] else "pure Python"
    print(f"tapete {env['tapete']} ({build}) from {env['tapete_path']}, commit {env['commit']}, "
          f"Python {env['python']}, {env['machine']}", file=out)  # fmt: skip
    config = {level: describe_level(level) for level in levels}
    for level, desc in config.items():
        print(f"  {level}: {json.dumps(desc, sort_keys=True, ensure_ascii=False)}", file=out)
    return config


# ------------------------------------------------------------------ the ladder
def default_levels() -> list[str]:
    """``random`` and the named difficulties when registered, else every level in registry order."""
    difficulties = [d for d in DIFFICULTIES if d in LEVELS]
    if len(difficulties) >= 2:
        return (["random"] if "random" in LEVELS else []) + difficulties
    return list(LEVELS)


def pairs_of(levels: Sequence[str], all_pairs: bool) -> list[tuple[str, str]]:
    """(weaker, stronger) pairs: adjacent levels, or every pair."""
    if all_pairs:
        return list(itertools.combinations(levels, 2))
    return list(itertools.pairwise(levels))


def deal_score(pairing: Pairing) -> Interval:
    """The share of duplicate deals won by ``pairing.a`` (draws half), with its Wilson interval."""
    return wilson_interval(pairing.score, pairing.deals)


def pairing_line(result: ArenaResult) -> tuple[str, dict[str, Any]]:
    """One pairing's figures, from entrant 0's side (the stronger level by the ladder's order)."""
    strong = result.summary.entrants[0]
    pairing = pairing_of(result)
    score = deal_score(pairing)
    margin = strong.margin
    verdict = "yes" if margin.low > 0 else "NO (below)" if margin.high < 0 else "not yet"
    line = (
        f"{pairing.a:>10} vs {pairing.b:<10} {pairing.deals:>6} {margin.estimate:>+8.2f} "
        f"[{margin.low:>+7.2f}, {margin.high:>+7.2f}] {pairing.wins:>5}-{pairing.draws}-{pairing.losses:<5} "
        f"{score.estimate:>6.3f} [{score.low:.3f}, {score.high:.3f}] {strong.win_rate.estimate:>6.3f} "
        f"{verdict:<10} {result.seconds:>7.1f}"
    )
    figures = {
        "stronger": pairing.a,
        "weaker": pairing.b,
        "deals": pairing.deals,
        "margin": margin.to_dict(),
        "deal_score": score.to_dict(),
        "wins": pairing.wins,
        "draws": pairing.draws,
        "losses": pairing.losses,
        "play_win_rate": strong.win_rate.to_dict(),
        "beats_with_95": margin.low > 0,
        "seconds": result.seconds,
    }
    return line, figures


HEADER = (
    f"{'stronger':>10} vs {'weaker':<10} {'deals':>6} {'margin':>8} {'95% interval':>18} {'W-D-L':^13} "
    f"{'score':>6} {'95% interval':>14} {'plays':>6} {'beats?':<10} {'seconds':>7}"
)
LEGEND = (
    "margin: the stronger level's points minus the weaker's per deal, mean over both seatings (t interval);\n"
    "W-D-L and score: duplicate deals won, drawn, lost (more points over both seatings), score = (W + D/2) / deals\n"
    "(Wilson interval); plays: share of single plays won; beats?: margin interval above 0 (95% confidence)."
)


def print_elo(pairings: Sequence[Pairing], anchor: str | None, anchor_rating: float, samples: int,
              seed: int, order: Sequence[str]) -> dict[str, Interval]:  # fmt: skip
    """Fit and print the Elo table of all the pairings played."""
    ratings = elo_intervals(pairings, anchor, anchor_rating, DEFAULT_PRIOR_DRAWS, samples, seed)
    print(f"\nElo (Bradley-Terry on duplicate deal verdicts, {DEFAULT_PRIOR_DRAWS:g} virtual draw per pairing, "
          f"{samples} bootstrap samples over deals, seed {seed}):")  # fmt: skip
    for line in elo_table(ratings, [n for n in order if n in ratings]):
        print("  " + line)
    return ratings


def ray_options(address: str | None, pure: bool) -> RayOptions | None:
    """``--ray``: None without it; with ``--pure`` the workers import the sources under src/ too."""
    if address is None:
        return None
    env = {"env_vars": {"PYTHONPATH": str(ROOT / "src")}} if pure else None
    return RayOptions(address=address or None, runtime_env=env)


def write(path: Path | None, data: dict[str, Any]) -> None:
    if path is not None:
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        tmp.replace(path)


def progress_printer(label: str) -> Callable[[int, int], None]:
    start = time.perf_counter()

    def show(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\r  {label}: {done}/{total} plays, {time.perf_counter() - start:.0f} s", end="", file=sys.stderr)
            if done == total:
                print("\r" + " " * 70 + "\r", end="", file=sys.stderr)

    return show


def load(paths: Sequence[Path]) -> tuple[list[ArenaResult], list[str]]:
    """The pairings' arena results stored by earlier runs (``--json``), and their levels in order."""
    results: list[ArenaResult] = []
    order: list[str] = []
    for path in paths:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != "tapete-ladder":
            raise SystemExit(f"{path}: not a tapete ladder (format {data.get('format')!r})")
        for p in data["pairings"]:
            results.append(ArenaResult.from_dict(p["arena"]))
        for level in data.get("levels", []):
            if level not in order:
                order.append(level)
    return results, order


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    parser.add_argument("--game", default="guinote", help="guinote or belote (default guinote)")
    parser.add_argument("--preset", default=None, help="rules preset (default: the game's: aragones, classique)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option")
    parser.add_argument("--levels", nargs="+", help="levels, weakest first (default: random + difficulties)")
    parser.add_argument("--all-pairs", action="store_true", help="every pair of levels, not only adjacent ones")
    parser.add_argument(
        "--deals", type=int, default=DEFAULT_DEALS, help=f"duplicate deals per pairing ({DEFAULT_DEALS})"
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: all CPUs)")
    parser.add_argument("--seed", type=int, default=1, help="run seed: the deals (default 1)")
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="play on Ray: a new local Ray of --workers CPUs, or the cluster at ADDRESS "
                             "(auto, HOST:6379, ray://HOST:10001); the figures do not depend on it")  # fmt: skip
    parser.add_argument("--anchor", default=None, help="the level fixed at --anchor-rating (default random)")
    parser.add_argument("--anchor-rating", type=float, default=0.0)
    parser.add_argument("--bootstrap", type=int, default=1000, help="bootstrap samples for the Elo intervals")
    parser.add_argument("--json", type=Path, help="write the configuration, figures and every row here")
    parser.add_argument("--load", type=Path, nargs="+", help="re-print saved ladders (pooled) instead of playing")
    parser.add_argument("--pure", action="store_true", help="run the sources under src/ (uncompiled)")
    args = parser.parse_args(argv)

    env = environment()
    if args.load:
        results, order = load(args.load)
        print(f"{len(results)} pairings from {', '.join(map(str, args.load))}")
        print(HEADER)
        for r in results:
            print(pairing_line(r)[0])
        print(LEGEND)
        print_elo([pairing_of(r) for r in results], args.anchor, args.anchor_rating, args.bootstrap, args.seed, order)
        return 0

    levels = args.levels or default_levels()
    unknown = [lv for lv in levels if lv not in LEVELS]
    if unknown:
        parser.error(f"unknown level(s) {', '.join(unknown)}: registered are {', '.join(LEVELS)}")
    if len(set(levels)) != len(levels) or len(levels) < 2:
        parser.error("give at least two different levels")
    options = dict(o.split("=", 1) for o in args.option)
    pairs = pairs_of(levels, args.all_pairs)
    first = ArenaSpec(game=args.game, preset=args.preset, options=options, bots=(pairs[0][1], pairs[0][0]),
                      count=args.deals, duplicate=True, seed=args.seed, workers=args.workers)  # fmt: skip
    rules = first.rules()
    changed = f" {options}" if options else ""
    where = f"{args.workers} workers" if args.ray is None else f"on Ray {args.ray or '(local)'}"
    print(f"ladder: {args.game} {rules.preset_name}{changed}, levels {' < '.join(levels)}, {len(pairs)} pairings "
          f"x {args.deals} duplicate deals, seed {args.seed}, {where}")  # fmt: skip
    print(f"command: python benchmarks/ladder.py {' '.join(sys.argv[1:] if argv is None else argv)}")
    config = print_configuration(levels, env)
    data: dict[str, Any] = {
        "format": "tapete-ladder",
        "version": 1,
        "command": ["benchmarks/ladder.py", *(sys.argv[1:] if argv is None else argv)],
        "environment": env,
        "game": args.game,
        "rules": rules.to_dict(),
        "levels": levels,
        "configuration": config,
        "seed": args.seed,
        "deals": args.deals,
        "pairings": [],
    }
    print()
    print(HEADER)
    results: list[ArenaResult] = []
    for weak, strong in pairs:
        spec = dataclasses.replace(first, bots=(strong, weak))
        result = run(spec, progress_printer(f"{strong} vs {weak}"), min_plays_per_worker=1,
                     ray=ray_options(args.ray, args.pure))  # fmt: skip
        results.append(result)
        line, figures = pairing_line(result)
        print(line, flush=True)
        data["pairings"].append({**figures, "arena": result.to_dict()})
        write(args.json, data)
    print(LEGEND)
    ratings = print_elo([pairing_of(r) for r in results], args.anchor, args.anchor_rating, args.bootstrap, args.seed,
                        levels)  # fmt: skip
    data["elo"] = {
        "method": "Bradley-Terry maximum likelihood on duplicate deal verdicts (tapete.arena.elo)",
        "prior_draws": DEFAULT_PRIOR_DRAWS,
        "bootstrap": args.bootstrap,
        "ratings": {n: iv.to_dict() for n, iv in ratings.items()},
    }
    write(args.json, data)
    if args.json:
        print(f"written {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
