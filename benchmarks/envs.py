"""Environment steps per second: tapete's PettingZoo, Gymnasium and OpenSpiel interfaces against the raw engine,
PettingZoo's own card games (RLCard's Leduc and Texas Hold'em) and OpenSpiel's skat, all in one run.

Every environment is stepped from Python with uniformly random legal actions until its episode ends,
then reset; a *step* is one action a player chose (chance nodes and PettingZoo's ``step(None)`` for a
finished agent are stepped too, and their time counts, but they are not counted as steps). The rows:

- **engine**: tapete's deal state alone: ``legal_actions()`` / ``apply_action()`` (what ``benchmarks/run.py``
  times), one deal an episode;
- **engine + tensor**: the same, plus the acting seat's observation (``Game.observe``), its vector and its
  mask (:mod:`tapete.envs.encoding`): what every interface must do at least;
- **PettingZoo AEC**: ``tapete.envs.aec_env(game, preset, episode="deal")``, driven by ``agent_iter``/``last``;
- **Gymnasium**: ``TapeteGym(game, preset, episode="deal", opponents="random")``: a step is the learner's, the
  random opponents' actions in between are counted as steps too (they are the engine's work of that step);
- **OpenSpiel**: ``pyspiel.load_game("tapete_<game>", {"preset": ...})`` (:mod:`tapete.envs.openspiel`, when
  present), the deal's chance nodes stepped like the rest;
- **PettingZoo leduc_holdem_v4 / texas_holdem_v4** (RLCard inside) and **OpenSpiel skat** (C++ through
  ``pyspiel``, the deal's chance nodes stepped): the peers.

Each row is timed in ``--repeats`` batches of about ``--seconds`` each (after a warm-up batch); the
table shows the best and median steps/s, the ratio of the engine's rate to each tapete interface's (the
issue's target: the AEC env within 3x of the raw engine), and each row's rate over the fastest
RLCard-based PettingZoo env (target: tapete's AEC env faster per step). Missing packages mark a row
"not available". Timings on a shared machine are noisy; nothing here is asserted in tests.

    pip install ".[envs,bench]" rlcard pygame && python benchmarks/envs.py      # about a minute
    python benchmarks/envs.py --quick                                           # a few seconds
    python benchmarks/envs.py --games brisca:brisca-2p guinote:aragones --json envs.json
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import json
import platform
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

#: One batch: step until at least ``seconds`` have passed; return (steps, episodes).
Batch = Callable[[float, int], tuple[int, int]]


@dataclass
class Row:
    name: str
    kind: str
    #: The tapete game and preset the row steps (empty for the peers).
    game: str
    best: float
    median: float
    steps_per_episode: float
    note: str = ""


# ------------------------------------------------------------------ tapete
def engine_batch(game_name: str, preset: str) -> Batch:
    from tapete.games import game as find_game

    game = find_game(game_name)
    rules = game.rules(preset)
    players = game.players(rules)

    def run(seconds: float, seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        steps = episodes = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(20):
                state = game.new_deal(rules, seed=seed + episodes, dealer=episodes % players)
                while not state.is_terminal():
                    la = state.legal_actions()
                    state.apply_action(la[rng.randrange(len(la))])
                    steps += 1
                episodes += 1
        return steps, episodes

    return run


def tensor_batch(game_name: str, preset: str) -> Batch:
    from tapete.envs.encoding import encoder
    from tapete.games import game as find_game

    game = find_game(game_name)
    rules = game.rules(preset)
    players = game.players(rules)
    enc = encoder(game.name, rules)

    def run(seconds: float, seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        steps = episodes = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(20):
                state = game.new_deal(rules, seed=seed + episodes, dealer=episodes % players)
                while not state.is_terminal():
                    obs = game.observe_deal(state, state.current_player)
                    enc.encode(obs)
                    enc.mask(obs)
                    la = obs.legal_actions
                    state.apply_action(la[rng.randrange(len(la))])
                    steps += 1
                episodes += 1
        return steps, episodes

    return run


def aec_batch(make: Callable[[], Any]) -> Batch:
    """Any PettingZoo AEC env with an ``action_mask`` in its observations (tapete's, RLCard's)."""
    import numpy as np

    env = make()

    def run(seconds: float, seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        steps = episodes = 0
        env.reset(seed=seed)
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(10):
                env.reset()
                for _agent in env.agent_iter():
                    obs, _reward, terminated, truncated, _info = env.last()
                    if terminated or truncated:
                        env.step(None)
                        continue
                    legal = np.flatnonzero(obs["action_mask"])
                    env.step(int(legal[rng.randrange(len(legal))]))
                    steps += 1
                episodes += 1
        return steps, episodes

    return run


def gym_batch(game_name: str, preset: str) -> Batch:
    import numpy as np

    from tapete.envs.gym_env import TapeteGym

    env = TapeteGym(game_name, preset, opponents="random", episode="deal")

    def run(seconds: float, seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        steps = episodes = 0
        env.reset(seed=seed)
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(10):
                obs, _info = env.reset()
                before = env_actions(env)
                done = False
                while not done:
                    legal = np.flatnonzero(obs["action_mask"])
                    obs, _r, terminated, truncated, _info = env.step(int(legal[rng.randrange(len(legal))]))
                    done = terminated or truncated
                steps += env_actions(env) - before
                episodes += 1
        return steps, episodes

    return run


def env_actions(env: Any) -> int:
    """Actions applied so far in a TapeteGym's episode (the learner's and the opponents')."""
    return int(env.unwrapped.ep.steps)


def spiel_batch(name: str, params: dict[str, Any] | None = None) -> Batch:
    import pyspiel

    game = pyspiel.load_game(name, params or {})

    def run(seconds: float, seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        steps = episodes = 0
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            for _ in range(10):
                state = game.new_initial_state()
                while not state.is_terminal():
                    if state.is_chance_node():
                        outcomes = state.chance_outcomes()
                        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                        continue
                    la = state.legal_actions()
                    state.apply_action(la[rng.randrange(len(la))])
                    steps += 1
                episodes += 1
        return steps, episodes

    return run


# ------------------------------------------------------------------ measuring
def measure(name: str, kind: str, game: str, make: Callable[[], Batch], seconds: float, repeats: int) -> Row:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            batch = make()
            batch(seconds / 5, 10**6)  # warm up: imports, caches, tables
            rates: list[float] = []
            total_steps = total_episodes = 0
            for r in range(repeats):
                t0 = time.perf_counter()
                steps, episodes = batch(seconds, r * 100_003)
                rates.append(steps / (time.perf_counter() - t0))
                total_steps += steps
                total_episodes += episodes
    except ImportError as e:
        return Row(name, kind, game, 0.0, 0.0, 0.0, f"not available ({e.name or e})")
    return Row(name, kind, game, max(rates), statistics.median(rates), total_steps / max(1, total_episodes))


def tapete_rows(game: str, preset: str, seconds: float, repeats: int) -> list[Row]:
    label = f"{game}:{preset}"
    rows = [
        measure(f"engine {label}", "engine", label, lambda: engine_batch(game, preset), seconds, repeats),
        measure(f"engine + tensor {label}", "tensor", label, lambda: tensor_batch(game, preset), seconds, repeats),
    ]

    def aec() -> Batch:
        from tapete.envs import aec_env

        return aec_batch(lambda: aec_env(game, preset, episode="deal"))

    rows.append(measure(f"PettingZoo AEC {label}", "aec", label, aec, seconds, repeats))
    rows.append(measure(f"Gymnasium {label}", "gym", label, lambda: gym_batch(game, preset), seconds, repeats))

    def spiel() -> Batch:
        importlib.import_module("tapete.envs.openspiel")  # registers tapete_<game> (helper B's module)
        return spiel_batch(f"tapete_{game}", {"preset": preset})

    rows.append(measure(f"OpenSpiel {label}", "openspiel", label, spiel, seconds, repeats))
    return rows


def peer_rows(seconds: float, repeats: int) -> list[Row]:
    def pz(module: str) -> Callable[[], Batch]:
        def make() -> Batch:
            env_module = importlib.import_module(f"pettingzoo.classic.{module}")
            return aec_batch(env_module.env)

        return make

    return [
        measure("PettingZoo leduc_holdem_v4 (RLCard)", "peer-pz", "", pz("leduc_holdem_v4"), seconds, repeats),
        measure("PettingZoo texas_holdem_v4 (RLCard)", "peer-pz", "", pz("texas_holdem_v4"), seconds, repeats),
        measure("OpenSpiel skat (C++, from Python)", "peer-spiel", "", lambda: spiel_batch("skat"), seconds, repeats),
    ]


# ------------------------------------------------------------------ report
def table(rows: list[Row]) -> str:
    engines = {r.game: r for r in rows if r.kind == "engine" and r.best}
    pz = [r.best for r in rows if r.kind == "peer-pz" and r.best]
    pz_best = max(pz) if pz else 0.0
    head = ("environment", "steps/s best", "steps/s median", "steps/episode", "engine/env", "vs best RLCard env")
    lines = [head]
    for r in rows:
        if not r.best:
            lines.append((r.name, "-", "-", "-", "-", "-"))
            continue
        engine = engines.get(r.game)
        slower = f"{engine.best / r.best:.2f}x" if engine is not None and r.kind not in ("engine",) else ""
        vs_pz = f"{r.best / pz_best:.2f}" if pz_best else "n/a"
        lines.append((r.name, f"{r.best:,.0f}", f"{r.median:,.0f}", f"{r.steps_per_episode:.1f}", slower, vs_pz))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    fmt = [f"{{:<{widths[0]}}}", *(f"{{:>{w}}}" for w in widths[1:])]
    out = ["  ".join(f.format(c) for f, c in zip(fmt, line, strict=True)) for line in lines]
    out.insert(1, "  ".join("-" * w for w in widths))
    out += [f"{r.name}: {r.note}" for r in rows if r.note]
    return "\n".join(out)


def targets(rows: list[Row]) -> list[str]:
    """The issue's two targets, per tapete game measured: AEC faster than PettingZoo's RLCard envs per step,
    and within 3x of the raw engine."""
    pz = [r.best for r in rows if r.kind == "peer-pz" and r.best]
    out = []
    for aec in (r for r in rows if r.kind == "aec" and r.best):
        engine = next((r for r in rows if r.kind == "engine" and r.game == aec.game and r.best), None)
        if pz:
            ok = aec.best > max(pz)
            out.append(f"{aec.game}: AEC {aec.best:,.0f} steps/s vs RLCard envs' best {max(pz):,.0f}: "
                       f"{'met' if ok else 'NOT met'} (ratio {aec.best / max(pz):.2f})")  # fmt: skip
        if engine is not None:
            ratio = engine.best / aec.best
            out.append(f"{aec.game}: engine/AEC {ratio:.2f}x (target <= 3x): {'met' if ratio <= 3 else 'NOT met'}")
    return out


def compiled() -> str:
    try:
        module = importlib.import_module("tapete.guinote.state")
    except ImportError:
        return "tapete not importable"
    return "compiled (mypyc)" if str(module.__file__).endswith(".so") else "pure Python"


def versions() -> dict[str, str]:
    out = {}
    for name in ("tapete", "numpy", "pettingzoo", "gymnasium", "rlcard", "open_spiel"):
        try:
            out[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            out[name] = "-"
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    p.add_argument("--games", nargs="+", default=["guinote:aragones", "belote:classique", "brisca:brisca-2p"],
                   metavar="GAME:PRESET", help="tapete games to time (default: one preset of each)")  # fmt: skip
    p.add_argument("--seconds", type=float, help="seconds per timed batch (default 1.5, --quick 0.3)")
    p.add_argument("--repeats", type=int, help="timed batches per row (default 3, --quick 2)")
    p.add_argument("--quick", action="store_true", help="short batches: a few seconds in all")
    p.add_argument("--no-peers", action="store_true", help="leave out PettingZoo's and OpenSpiel's own games")
    p.add_argument("--json", metavar="PATH", help="also write the rows as JSON")
    args = p.parse_args(argv)
    seconds = args.seconds or (0.3 if args.quick else 1.5)
    repeats = args.repeats or (2 if args.quick else 3)
    info = versions()
    print(f"tapete {info['tapete']} ({compiled()}), Python {platform.python_version()}, "
          + ", ".join(f"{k} {v}" for k, v in info.items() if k != "tapete"))  # fmt: skip
    print(f"{repeats} batches of ~{seconds:g} s per row; random legal actions; a step is one player's action\n")
    rows: list[Row] = []
    for spec in args.games:
        game, _, preset = spec.partition(":")
        rows += tapete_rows(game, preset or None, seconds, repeats)  # type: ignore[arg-type]
    if not args.no_peers:
        rows += peer_rows(seconds, repeats)
    print(table(rows))
    print()
    for line in targets(rows):
        print(line)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"versions": info, "build": compiled(), "rows": [asdict(r) for r in rows]}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
