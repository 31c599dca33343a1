"""tapete's levels against outside bots, in duplicate, under each outside engine's own rules.

    pip install ".[bench]"          # belote-cli and colver (and the compiled tapete)
    python benchmarks/peers/run.py --peer belote-cli:hard --tapete random --deals 2000
    python benchmarks/peers/run.py --peer colver:dede@100 --peer colver:heuristic --tapete random \\
        --deals 500 --peer-pairs --workers 2
    python benchmarks/peers/run.py --peer belote-cli:hard --tapete expert --deals 2000 --ray ray://HEAD:10001
    python benchmarks/peers/run.py --peer openspiel:ismcts --tapete easy --game guinote --preset aragones-2p \\
        --deals 100 --workers 2

Peers: ``belote-cli:easy|medium|hard`` (classic Belote),
``colver:heuristic|ismcts|dede`` (contrée; ``@MS`` sets colver's time per
move, default 20 ms for ismcts and 1000 ms for dede, as colver.net plays) and
``openspiel:ismcts`` (OpenSpiel's IS-MCTS; ``@N``: N simulations a move), which
plays any tapete game under ``--game``, ``--preset`` and ``--option``.
Each pairing is a :func:`tapete.arena.run` in duplicate (every deal played
twice, the sides swapped) with the tapete rules of ``rules.py``. Against
belote-cli the tapete level declares whenever it may (``LEVEL+declare``):
belote-cli counts every declaration. Prints the command, the arena table
with 95% intervals, the time per move of each peer, and the events the
adapters counted (answers tapete refused, rule differences met).

``--ray [ADDRESS]`` plays the deals as Ray tasks, on a new local Ray or on
a cluster (``tapete.arena.run(..., ray=...)``; docs/bots.md, "A cluster
run"): the ``peers`` package travels to the workers with the run (Ray's
``py_modules``), which register the peer levels before each chunk and send
their tallies back with its rows. Every machine needs tapete, belote-cli
and colver installed.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shlex
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script (and re-run so by the arena's spawned workers)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from peers import belote_cli_peer, colver_peer, levels, openspiel_peer, stats
from peers.rules import PEER_RULES
from tapete.arena import ArenaResult, ArenaSpec, Hooks, Interval, RayOptions
from tapete.arena import run as run_arena

# The workers are spawned interpreters that import this file: give them the parent's levels.
levels.register_from_env()


def family(level: str) -> str:
    return level.partition(":")[0]


def pairings(peers: list[str], tapete: list[str], peer_pairs: bool) -> list[tuple[str, str, str]]:
    """(peer family, entrant 0, entrant 1) for every pairing to play.

    >>> pairings(["belote-cli:hard"], ["random"], False)
    [('belote-cli', 'random+declare', 'belote-cli:hard')]
    >>> pairings(["colver:dede", "colver:heuristic"], [], True)
    [('colver', 'colver:dede', 'colver:heuristic')]
    """
    out = []
    for peer in peers:
        fam = family(peer)
        for level in tapete:
            out.append((fam, level + levels.AUTO_DECLARE if fam == "belote-cli" else level, peer))
    if peer_pairs:
        for i, a in enumerate(peers):
            for b in peers[i + 1 :]:
                if family(a) == family(b):
                    out.append((family(a), a, b))
    return out


def _cell(iv: Interval, signed: bool = False) -> str:
    sign = "+" if signed else ""
    return f"{iv.estimate:{sign}.1f} ± {iv.half_width:.1f}"


def table(result: ArenaResult) -> list[str]:
    """The arena's figures, one line per entrant."""
    s = result.summary
    lines = [
        f"  {'bot':<22} {'plays':>6} {'wins (95% interval)':>26} {'points/deal':>16} {'margin/deal (95% interval)':>36}"
    ]
    for e in s.entrants:
        wins = f"{e.wins} ({100 * e.win_rate.estimate:.1f}% {100 * e.win_rate.low:.1f}-{100 * e.win_rate.high:.1f})"
        margin = f"{_cell(e.margin, True)} [{e.margin.low:+.1f}, {e.margin.high:+.1f}]"
        lines.append(f"  {e.label:<22} {e.plays:>6} {wins:>26} {_cell(e.points):>16} {margin:>36}")
    lines.append(
        f"  {s.blocks} deals x 2 seatings (duplicate), {s.draws} drawn plays; {result.seconds:.1f} s with "
        f"{result.workers} worker(s). Margin: own points minus the other side's, per deal."
    )
    return lines


def adapter_report() -> list[str]:
    """Time per move and counted events of the peers, from the tallies of this run."""
    lines = []
    for level in sorted(stats.TIMES):
        t = stats.time_summary(stats.TIMES[level])
        lines.append(
            f"  {level:<36} {int(t['moves']):>7} moves  median {t['median_ms']:8.2f} ms  p95 {t['p95_ms']:8.2f} ms"
            f"  mean {t['mean_ms']:8.2f} ms  max {t['max_ms']:8.1f} ms"
        )
    events = sorted(stats.EVENTS.items())
    if events:
        lines.append("  events: " + ", ".join(f"{lv} {ev}={n}" for (lv, ev), n in events))
    else:
        lines.append("  events: none (no refused answer, no rule difference met)")
    return lines


def take_tallies() -> dict[str, Any]:
    """In a worker, after each chunk: the tallies since the last chunk (they travel back with its rows)."""
    data = stats.snapshot()
    stats.reset()
    return data


def ray_options(address: str | None) -> RayOptions | None:
    """``--ray``: the run's Ray, with this ``peers`` package shipped to its workers; None without ``--ray``."""
    if address is None:
        return None
    return RayOptions(address=address or None, runtime_env={"py_modules": [str(Path(__file__).resolve().parent)]})


def rules_of(fam: str, args: argparse.Namespace) -> tuple[str, str | None, dict[str, str]]:
    """(game, preset, options) a peer family plays: its engine's own Belote rules (``rules.py``), or for a
    peer that plays tapete's rules (OpenSpiel) those of ``--game``, ``--preset`` and ``--option``."""
    if fam in PEER_RULES:
        preset, options = PEER_RULES[fam]
        return "belote", preset, dict(options)
    options = {}
    for text in args.option:
        key, sep, value = text.partition("=")
        if not sep:
            raise SystemExit(f"--option {text!r}: expected KEY=VALUE")
        options[key] = value
    return args.game, args.preset, options


def play(fam: str, bots: tuple[str, str], args: argparse.Namespace) -> tuple[ArenaResult, dict[str, Any]]:
    """One duplicate run of two entrants under ``fam``'s rules, with the adapters' tallies (each chunk's,
    whichever process or machine played it: see :class:`tapete.arena.Hooks`)."""
    game, preset, options = rules_of(fam, args)
    levels.register(bots)
    hooks = Hooks(setup=functools.partial(levels.register, bots), report=take_tallies, receive=stats.merge)
    spec = ArenaSpec(game=game, preset=preset, options=options, bots=bots, count=args.deals, duplicate=True,
                     seed=args.seed, workers=args.workers)  # fmt: skip
    stats.reset()
    with tempfile.TemporaryDirectory(prefix="tapete-peers-") as folder:
        os.environ[stats.STATS_DIR_ENV] = folder
        last = [0.0]

        def progress(done: int, total: int) -> None:
            now = time.monotonic()
            if not args.quiet and (now - last[0] > 5 or done == total):
                last[0] = now
                print(f"    {done}/{total} plays", file=sys.stderr, flush=True)

        result = run_arena(spec, progress=progress, ray=ray_options(args.ray), hooks=hooks)
        stats.collect(folder)
        del os.environ[stats.STATS_DIR_ENV]
    return result, stats.snapshot()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--peer", action="append", required=True, help="belote-cli:LEVEL, colver:BOT[@MS] or openspiel:ismcts[@N]"
    )
    parser.add_argument("--game", default="guinote", help="the game of peers that play tapete's rules (openspiel)")
    parser.add_argument("--preset", help="its preset (default: the game's)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a rules option")
    parser.add_argument("--tapete", action="append", default=[], help="a tapete level (repeatable)")
    parser.add_argument("--deals", type=int, default=2000, help="duplicate deals per pairing (each played twice)")
    parser.add_argument("--peer-pairs", action="store_true", help="also play the peer levels against each other")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (results do not depend on it)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS",
                        help="play on Ray: a new local Ray of --workers CPUs, or the cluster at ADDRESS "
                             "(auto, HOST:6379, ray://HOST:10001); results do not depend on it")  # fmt: skip
    parser.add_argument("--json", type=Path, help="write every result and tally to this JSON file")
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    args = parser.parse_args(argv)
    for peer in args.peer:
        levels.factory(peer)  # an unknown peer level fails here, before anything runs
    installed = (
        ("belote-cli", belote_cli_peer.available()),
        ("colver", colver_peer.available()),
        ("openspiel", openspiel_peer.available()),
    )
    missing = [f for f, ok in installed if not ok and any(family(p) == f for p in args.peer)]  # fmt: skip
    if missing:
        parser.error(f"not installed: {', '.join(missing)} (pip install '.[bench]')")
    command = "python benchmarks/peers/run.py " + shlex.join(sys.argv[1:] if argv is None else argv)
    print(f"$ {command}")
    import tapete.belote.state as engine

    compiled = not str(engine.__file__).endswith(".py")
    print(f"tapete {'compiled' if compiled else 'pure Python'}; belote-cli {belote_cli_peer.version() or '-'}; "
          f"colver {colver_peer.version() or '-'}; open_spiel {openspiel_peer.version() or '-'}")  # fmt: skip
    report = []
    for fam, a, b in pairings(args.peer, args.tapete, args.peer_pairs):
        game, preset, options = rules_of(fam, args)
        opts = " ".join(f"{k}={v}" for k, v in options.items())
        print(f"\n{a} vs {b}: {game} {preset or '(default preset)'} {opts}")
        result, tallies = play(fam, (a, b), args)
        print("\n".join(table(result)))
        print("\n".join(adapter_report()))
        report.append({"command": command, "result": result.to_dict(), "adapters": tallies})
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
