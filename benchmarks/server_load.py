"""Load benchmark of ``tapete serve``: many live tables of websocket players on loopback.

It starts a real server (a subprocess, SQLite file in a temporary folder), creates ``--tables``
four-player Guiñote tables through the REST API with a guest in every seat, opens one
websocket per seat (4 per table) and lets every seat play a random legal action when it is
its turn, after a think time drawn uniformly from ``--think`` seconds (default 3-8 s: people
take seconds per card; shorter think times are a stress test, not tables of people). It measures, for each
action, the round trip from sending ``act`` to receiving that action's ``event`` frame on the
same socket, and reports the tables and sockets held, actions per second, the round trip's
percentiles, errors, and the server's peak memory (VmHWM from /proc).

Issue 6's target: one 2-core machine holds 1,000 live tables (4,000 sockets) with the 99th
percentile round trip <= 100 ms, the server under 2 GB. The players run in this process
(``--procs`` more processes to spread them), on the same machine as the server: on a
2-core machine they take CPU from it, so the figures are a floor for the server alone.

    python benchmarks/server_load.py --tables 1000 --duration 60 --procs 2
    python benchmarks/server_load.py --tables 1000 --duration 45 --procs 2 --think 1 3   # stress
    python benchmarks/server_load.py --tables 50 --duration 10      # a quick look
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

GAME = "guinote"
PRESET = "aragones"


@dataclass
class Tally:
    """What the players of one process saw."""

    rtts: list[float] = field(default_factory=list)
    actions: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    sockets: int = 0
    dropped: int = 0
    finished_tables: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def start_server(folder: Path, port: int) -> subprocess.Popen[bytes]:
    env = dict(os.environ, TAPETE_HOME=str(folder))
    database = f"sqlite:///{folder / 'load.db'}"
    cmd = [sys.executable, "-m", "tapete.cli", "serve", "--port", str(port), "--database", database]
    # Every table is made from this one address, as no real crowd does: no limit on tables per address.
    cmd += ["--set", "tables_per_minute_per_address=0", "--set", "guests_per_address=0"]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited: {proc.stderr.read().decode() if proc.stderr else ''}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not answer /api/health within 60 s")


async def create_table(http: httpx.AsyncClient) -> tuple[str, list[str], dict[str, str]]:
    """A 4-player table with a guest in every seat, not started: (table id, seat tokens, the owner's header)."""
    users = []
    for i in range(4):
        r = await http.post("/api/guest", json={"name": f"load{i}"})
        r.raise_for_status()
        users.append(r.json()["token"])
    owner = {"Authorization": f"Bearer {users[0]}"}
    body = {"game": GAME, "preset": PRESET, "options": {}, "target": None, "clock_seconds": 0, "public": False,
            "spectators_see_hands": False, "rated": False}  # fmt: skip
    r = await http.post("/api/tables", json=body, headers=owner)
    r.raise_for_status()
    table_id = r.json()["id"]
    tokens = []
    for seat, user in enumerate(users):
        r = await http.post(f"/api/tables/{table_id}/seats/{seat}", headers={"Authorization": f"Bearer {user}"})
        r.raise_for_status()
        tokens.append(r.json()["seat_token"])
    return table_id, tokens, owner


async def player(
    base: str,
    table_id: str,
    token: str,
    think: tuple[float, float],
    stop: Callable[[], float],
    tally: Tally,
    rng: random.Random,
) -> None:
    """One seat: act when it is its turn, time each action's round trip, until ``stop``."""
    sent_at: dict[int, float] = {}  # version the action will have -> when it was sent
    try:
        async with connect(f"{base}/ws/{table_id}", max_size=2**22, open_timeout=60) as ws:
            tally.sockets += 1
            await ws.send(json.dumps({"type": "hello", "token": token, "since": None, "lang": "en"}))
            seat: int | None = None
            pending: asyncio.Task[None] | None = None
            async for raw in ws:
                frame = json.loads(raw)
                kind = frame.get("type")
                if kind == "welcome":
                    seat = frame.get("seat")
                elif kind == "event":
                    t0 = sent_at.pop(frame["version"], None)
                    if t0 is not None and frame.get("seat") == seat:
                        tally.rtts.append(time.perf_counter() - t0)
                        tally.actions += 1
                elif kind == "error":
                    code = frame.get("code", "?")
                    tally.errors[code] = tally.errors.get(code, 0) + 1
                elif kind == "state":
                    view = frame["view"]
                    if view.get("match_over"):
                        tally.finished_tables += seat == 0
                        break
                    if time.monotonic() >= stop():
                        break
                    legal = view.get("legal") or []
                    if view.get("current_player") == seat and legal and (pending is None or pending.done()):
                        action = rng.choice(legal)["action"]
                        version = frame["version"]
                        pending = asyncio.create_task(_act(ws, action, version, rng.uniform(*think), sent_at))
    except (TimeoutError, OSError) as e:
        tally.errors[type(e).__name__] = tally.errors.get(type(e).__name__, 0) + 1
    except Exception as e:  # a dropped socket counts, it does not stop the benchmark
        tally.dropped += 1
        tally.errors[type(e).__name__] = tally.errors.get(type(e).__name__, 0) + 1


async def _act(ws: ClientConnection, action: str, version: int, delay: float, sent_at: dict[int, float]) -> None:
    await asyncio.sleep(delay)
    sent_at[version + 1] = time.perf_counter()
    with contextlib.suppress(Exception):
        await ws.send(json.dumps({"type": "act", "action": action, "version": version}))


async def run_players(port: int, tables: int, think: tuple[float, float], duration: float, seed: int) -> Tally:
    base_http = f"http://127.0.0.1:{port}"
    tally = Tally()
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(base_url=base_http, timeout=60, limits=limits) as http:
        sem = asyncio.Semaphore(20)

        async def one() -> tuple[str, list[str], dict[str, str]]:
            async with sem:
                return await create_table(http)

        made = await asyncio.gather(*(one() for _ in range(tables)))
        # Every player connects before its table starts: a seat with no socket would soon be
        # played by the server's stand-in bot, which is not the load being measured.
        rng = random.Random(seed)
        stop = time.monotonic() + 3600
        tasks = [
            asyncio.create_task(
                player(f"ws://127.0.0.1:{port}", tid, tok, think, lambda: stop, tally, random.Random(rng.random()))
            )
            for tid, tokens, _ in made
            for tok in tokens
        ]
        deadline = time.monotonic() + 120
        while tally.sockets < 4 * tables and time.monotonic() < deadline:
            await asyncio.sleep(0.1)

        async def start(tid: str, owner: dict[str, str]) -> None:
            async with sem:
                (await http.post(f"/api/tables/{tid}/start", headers=owner)).raise_for_status()

        await asyncio.gather(*(start(tid, owner) for tid, _, owner in made))
    stop = time.monotonic() + duration
    tally.rtts.clear()
    tally.actions = 0
    await asyncio.wait(tasks, timeout=duration + 30)
    for t in tasks:
        t.cancel()
    return tally


def _proc_main(port: int, tables: int, think: tuple[float, float], duration: float, seed: int, out: Any) -> None:
    tally = asyncio.run(run_players(port, tables, think, duration, seed))
    out.put(tally)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=1000, help="live 4-player tables (default 1000)")
    ap.add_argument("--duration", type=float, default=60, help="seconds of play measured (default 60)")
    ap.add_argument("--think", type=float, nargs=2, default=(3.0, 8.0), metavar=("MIN", "MAX"),
                    help="seconds a player waits before acting, uniform (default 3 8: a person's pace)")  # fmt: skip
    ap.add_argument("--procs", type=int, default=1, help="processes running the players (default 1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path, help="also write the results to this file")
    args = ap.parse_args(argv)

    folder = Path(tempfile.mkdtemp(prefix="tapete-load-"))
    port = free_port()
    server = start_server(folder, port)
    t0 = time.perf_counter()
    try:
        if args.procs <= 1:
            tallies = [asyncio.run(run_players(port, args.tables, tuple(args.think), args.duration, args.seed))]
        else:
            ctx = multiprocessing.get_context("spawn")
            queue = ctx.Queue()
            share = [args.tables // args.procs + (i < args.tables % args.procs) for i in range(args.procs)]
            think = tuple(args.think)
            procs = [
                ctx.Process(target=_proc_main, args=(port, n, think, args.duration, args.seed + i, queue))
                for i, n in enumerate(share)
            ]
            for p in procs:
                p.start()
            tallies = [queue.get() for _ in procs]
            for p in procs:
                p.join()
        peak = peak_rss_mb(server.pid)
    finally:
        server.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=10)
    wall = time.perf_counter() - t0
    rtts = sorted(r for t in tallies for r in t.rtts)
    errors: dict[str, int] = {}
    for t in tallies:
        for k, v in t.errors.items():
            errors[k] = errors.get(k, 0) + v
    n = len(rtts)

    def pct(q: float) -> float:
        return rtts[min(n - 1, int(q * n))] * 1000 if n else float("nan")

    result = {
        "tables": args.tables,
        "sockets_held": sum(t.sockets for t in tallies),
        "actions": n,
        "actions_per_s": n / args.duration,
        "rtt_ms": {
            "p50": pct(0.5),
            "p95": pct(0.95),
            "p99": pct(0.99),
            "max": rtts[-1] * 1000 if n else None,
            "mean": statistics.fmean(rtts) * 1000 if n else None,
        },
        "server_peak_mb": peak,
        "errors": errors,
        "dropped": sum(t.dropped for t in tallies),
        "think_s": list(args.think),
        "duration_s": args.duration,
        "wall_s": wall,
        "cpus": os.cpu_count(),
    }
    print(f"tables {args.tables}, sockets held {result['sockets_held']} of {4 * args.tables}, "
          f"think {args.think[0]:g}-{args.think[1]:g} s, {args.duration:g} s measured")  # fmt: skip
    print(f"actions {n} ({n / args.duration:.0f}/s); round trip ms: p50 {pct(0.5):.1f}  p95 {pct(0.95):.1f}  "
          f"p99 {pct(0.99):.1f}  max {result['rtt_ms']['max'] or float('nan'):.1f}")  # fmt: skip
    print(f"server peak memory {peak:.0f} MB; errors {errors or 'none'}; dropped sockets {result['dropped']}")
    met = result["sockets_held"] == 4 * args.tables and n > 0 and pct(0.99) <= 100 and peak <= 2048
    verdict = "met" if met and args.tables >= 1000 else "not met"
    print(f"target (1000 tables, p99 <= 100 ms, < 2 GB): ratio p99 {100 / pct(0.99) if n else 0:.2f}, "
          f"memory {2048 / peak:.2f}; {verdict} at this load")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
