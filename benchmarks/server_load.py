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

**A cluster** (issue 15): ``--nodes N --database postgresql+psycopg://... --redis redis://...`` starts N
nodes of one cluster on that database and Redis, and spreads the load over them as a load balancer
without sticky sessions would: each table is created through a node drawn at random, and each player's
REST calls and websocket go to a node drawn at random. It reports, per node, the CPU time the node
spent (``/proc/<pid>/stat``, during the measured seconds) per action of the whole cluster, and the
round trip of the players connected to it; with ``--compare`` it first runs the same load on one
process on the same database without Redis, and reports the cluster's CPU per action (the nodes',
and Redis's when it runs on this machine) against that process's: the cost of the cluster path.

    python benchmarks/server_load.py --nodes 3 --compare --tables 200 --duration 30 --think 1 3 \
        --database postgresql+psycopg://tapete:tapete@127.0.0.1/tapete_load --redis redis://127.0.0.1:6379/0
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
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import ClientConnection, connect

GAME = "guinote"
PRESET = "aragones"


@dataclass
class Tally:
    """What the players of one process saw."""

    rtts: list[float] = field(default_factory=list)
    #: Round trips by the node the player's socket is on.
    by_node: dict[int, list[float]] = field(default_factory=dict)
    actions: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    sockets: int = 0
    dropped: int = 0
    finished_tables: int = 0
    #: The measured seconds, as wall-clock times (for the servers' CPU over the same seconds).
    window: tuple[float, float] = (0.0, 0.0)


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


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time the process has used so far (/proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(
    folder: Path,
    port: int,
    database: str | None = None,
    redis: str | None = None,
    prefix: str = "",
    extra: tuple[str, ...] = (),
) -> subprocess.Popen[bytes]:
    env = dict(os.environ, TAPETE_HOME=str(folder))
    database = database or f"sqlite:///{folder / 'load.db'}"
    cmd = [sys.executable, "-m", "tapete.cli", "serve", "--port", str(port), "--database", database]
    # Every table is made from this one address, as no real crowd does: no limit on tables per address.
    cmd += ["--set", "tables_per_minute_per_address=0", "--set", "guests_per_address=0"]
    if redis:
        cmd += ["--redis", redis, "--set", f"cluster_prefix={prefix}", "--set", f"node_name=load-{port}"]
    cmd += list(extra)
    # What the server says goes to a file (a pipe nobody reads would stop the server once full).
    log = folder / f"server-{port}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=out)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited: {log.read_text(errors='replace')}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not answer /api/health within 60 s")


def redis_pid(url: str) -> int | None:
    """The pid of the Redis server at ``url`` if it runs on this machine (its CPU counts for the cluster)."""
    import redis as sync_redis

    host = urlsplit(url).hostname or "127.0.0.1"
    if host not in ("127.0.0.1", "localhost", "::1"):
        return None
    client = sync_redis.Redis.from_url(url)
    try:
        pid = int(client.info("server")["process_id"])
    finally:
        client.close()
    return pid if Path(f"/proc/{pid}/stat").exists() else None


async def create_table(
    http: httpx.AsyncClient, bases: list[str], rng: random.Random, creating: list[str] | None = None
) -> tuple[str, list[str], dict[str, str]]:
    """A 4-player table with a guest in every seat, not started: (table id, seat tokens, the owner's header).
    Each request goes to a node of ``bases`` drawn at random (one node: always the same); the table is
    created through one of ``creating`` (default: ``bases``)."""
    users = []
    for i in range(4):
        r = await http.post(f"{rng.choice(bases)}/api/guest", json={"name": f"load{i}"})
        r.raise_for_status()
        users.append(r.json()["token"])
    owner = {"Authorization": f"Bearer {users[0]}"}
    body = {"game": GAME, "preset": PRESET, "options": {}, "target": None, "clock_seconds": 0, "public": False,
            "spectators_see_hands": False, "rated": False}  # fmt: skip
    r = await http.post(f"{rng.choice(creating or bases)}/api/tables", json=body, headers=owner)
    r.raise_for_status()
    table_id = r.json()["id"]
    tokens = []
    for seat, user in enumerate(users):
        r = await http.post(f"{rng.choice(bases)}/api/tables/{table_id}/seats/{seat}",
                            headers={"Authorization": f"Bearer {user}"})  # fmt: skip
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
    node: int = 0,
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
                        rtt = time.perf_counter() - t0
                        tally.rtts.append(rtt)
                        tally.by_node.setdefault(node, []).append(rtt)
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


async def run_players(
    ports: list[int], tables: int, think: tuple[float, float], duration: float, seed: int, sticky: str = ""
) -> Tally:
    """Create the tables, connect every player, start the tables and play ``duration`` seconds. ``sticky``:
    ``table``, every request of a table but its creation (which has no id yet) goes to one node drawn for it,
    as a load balancer hashing the table's id would; ``server``, its creation too (independent servers, that
    share nothing); else each request and socket goes to a node of its own."""
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    tally = Tally()
    limits = httpx.Limits(max_connections=20)
    rng = random.Random(seed)
    home: dict[str, int] = {}
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        sem = asyncio.Semaphore(20)

        async def one(r: random.Random) -> tuple[str, list[str], dict[str, str]]:
            async with sem:
                k = r.randrange(len(bases))
                # A load balancer that hashes the table's id sends a creation (no id yet) anywhere.
                made = await create_table(http, [bases[k]] if sticky else bases, r,
                                          creating=[bases[k]] if sticky == "server" else bases)  # fmt: skip
                home[made[0]] = k
                return made

        made = await asyncio.gather(*(one(random.Random(rng.random())) for _ in range(tables)))
        # Every player connects before its table starts: a seat with no socket would soon be
        # played by the server's stand-in bot, which is not the load being measured.
        stop = time.monotonic() + 3600
        tasks = []
        for tid, tokens, _ in made:
            for tok in tokens:
                node = home[tid] if sticky else rng.randrange(len(ports))  # without sticky sessions: any node
                tasks.append(
                    asyncio.create_task(
                        player(
                            f"ws://127.0.0.1:{ports[node]}",
                            tid,
                            tok,
                            think,
                            lambda: stop,
                            tally,
                            random.Random(rng.random()),
                            node,
                        )
                    )
                )
        deadline = time.monotonic() + 120
        while tally.sockets < 4 * tables and time.monotonic() < deadline:
            await asyncio.sleep(0.1)

        async def start(tid: str, owner: dict[str, str]) -> None:
            async with sem:
                base = bases[home[tid]] if sticky else rng.choice(bases)
                (await http.post(f"{base}/api/tables/{tid}/start", headers=owner)).raise_for_status()

        await asyncio.gather(*(start(tid, owner) for tid, _, owner in made))
    stop = time.monotonic() + duration
    tally.rtts.clear()
    tally.by_node.clear()
    tally.actions = 0
    tally.window = (time.time(), time.time() + duration)
    await asyncio.wait(tasks, timeout=duration + 30)
    for t in tasks:
        t.cancel()
    return tally


def _proc_main(
    ports: list[int], tables: int, think: tuple[float, float], duration: float, seed: int, sticky: str, out: Any
) -> None:
    tally = asyncio.run(run_players(ports, tables, think, duration, seed, sticky))
    out.put(tally)


class CpuSampler:
    """Samples the CPU time of some processes twice a second, to read it at any moment between samples."""

    def __init__(self, pids: dict[str, int]) -> None:
        self.pids = pids
        self.samples: list[tuple[float, dict[str, float]]] = []
        self._stop = False
        import threading

        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop:
            now = time.time()
            values = {}
            for name, pid in self.pids.items():
                with contextlib.suppress(OSError, IndexError, ValueError):
                    values[name] = cpu_seconds(pid)
            self.samples.append((now, values))
            time.sleep(0.5)

    def stop(self) -> None:
        self._stop = True
        self._thread.join(timeout=2)

    def at(self, when: float, name: str) -> float:
        """The process's CPU seconds at ``when`` (interpolated between the samples around it)."""
        points = [(t, v[name]) for t, v in self.samples if name in v]
        before = max((pt for pt in points if pt[0] <= when), default=points[0])
        after = min((pt for pt in points if pt[0] >= when), default=points[-1])
        if after[0] == before[0]:
            return before[1]
        share = (when - before[0]) / (after[0] - before[0])
        return before[1] + share * (after[1] - before[1])


@dataclass
class Run:
    """One load run's figures."""

    result: dict[str, Any]
    cpu_per_action_ms: float


def run_load(args: argparse.Namespace, nodes: int, redis: str | None, label: str) -> Run:
    sticky = ("table" if redis else "server") if args.sticky else ""
    folder = Path(tempfile.mkdtemp(prefix="tapete-load-"))
    prefix = f"load{uuid.uuid4().hex[:8]}"
    ports = [free_port() for _ in range(nodes)]
    database = args.database
    if database and database.startswith("postgresql"):
        wipe_database(database)
    servers = []
    for port in ports:  # one after the other: the first migrates the database
        servers.append(start_server(folder, port, database, redis, prefix))
    pids = {f"node {i}": s.pid for i, s in enumerate(servers)}
    rpid = redis_pid(redis) if redis else None
    if rpid is not None:
        pids["redis"] = rpid
    sampler = CpuSampler(pids)
    t0 = time.perf_counter()
    try:
        think = tuple(args.think)
        if args.procs <= 1:
            tallies = [asyncio.run(run_players(ports, args.tables, think, args.duration, args.seed, sticky))]
        else:
            ctx = multiprocessing.get_context("spawn")
            queue = ctx.Queue()
            share = [args.tables // args.procs + (i < args.tables % args.procs) for i in range(args.procs)]
            procs = [
                ctx.Process(target=_proc_main, args=(ports, n, think, args.duration, args.seed + i, sticky, queue))
                for i, n in enumerate(share)
            ]
            for p in procs:
                p.start()
            tallies = [queue.get() for _ in procs]
            for p in procs:
                p.join()
        peaks = {name: peak_rss_mb(pid) for name, pid in pids.items() if name != "redis"}
        health = []  # what each node says of itself (a cluster's node: tables driven, handed over, served...)
        for port in ports:
            with contextlib.suppress(httpx.HTTPError, ValueError):
                health.append(httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=10).json()["tables"])
    finally:
        sampler.stop()
        for server in servers:
            server.terminate()
        for server in servers:
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(timeout=10)
    wall = time.perf_counter() - t0
    for server_log in sorted(folder.glob("server-*.log")):  # what went wrong, if anything
        said = [line for line in server_log.read_text(errors="replace").splitlines() if line.strip()]
        if said:
            print(f"{server_log.name}: {len(said)} lines, the last: {said[-1][:200]}")
    start = min(t.window[0] for t in tallies)
    end = max(t.window[1] for t in tallies)
    cpu = {name: sampler.at(end, name) - sampler.at(start, name) for name in pids}
    rtts = sorted(r for t in tallies for r in t.rtts)
    errors: dict[str, int] = {}
    for t in tallies:
        for k, v in t.errors.items():
            errors[k] = errors.get(k, 0) + v
    n = len(rtts)

    def pct(values: list[float], q: float) -> float:
        return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else float("nan")

    per_node = []
    for i in range(nodes):
        mine = sorted(r for t in tallies for r in t.by_node.get(i, []))
        per_node.append({
            "node": i,
            "cpu_s": cpu[f"node {i}"],
            "cpu_ms_per_action": cpu[f"node {i}"] / n * 1000 if n else None,
            "actions_of_its_players": len(mine),
            "rtt_ms": {"p50": pct(mine, 0.5), "p99": pct(mine, 0.99)},
            "peak_mb": peaks[f"node {i}"],
            "cluster": health[i].get("cluster") if i < len(health) else None,
        })  # fmt: skip
    node_cpu = sum(cpu[f"node {i}"] for i in range(nodes))
    total_cpu = node_cpu + cpu.get("redis", 0.0)
    result = {
        "label": label,
        "nodes": nodes,
        "redis": bool(redis),
        "tables": args.tables,
        "sockets_held": sum(t.sockets for t in tallies),
        "actions": n,
        "actions_per_s": n / args.duration,
        "rtt_ms": {
            "p50": pct(rtts, 0.5),
            "p95": pct(rtts, 0.95),
            "p99": pct(rtts, 0.99),
            "max": rtts[-1] * 1000 if n else None,
            "mean": statistics.fmean(rtts) * 1000 if n else None,
        },
        "per_node": per_node,
        "cpu_ms_per_action": {
            "nodes": node_cpu / n * 1000 if n else None,
            "redis": cpu["redis"] / n * 1000 if n and "redis" in cpu else None,
            "total": total_cpu / n * 1000 if n else None,
        },
        "server_peak_mb": max(peaks.values()),
        "errors": errors,
        "dropped": sum(t.dropped for t in tallies),
        "think_s": list(args.think),
        "duration_s": args.duration,
        "wall_s": wall,
        "cpus": os.cpu_count(),
    }
    report(result)
    return Run(result, total_cpu / n * 1000 if n else float("nan"))


def wipe_database(url: str) -> None:
    """An empty PostgreSQL database for the run (every table dropped; the first node migrates it again)."""
    from sqlalchemy import MetaData

    from tapete.server.storage.db import make_engine

    engine = make_engine(url)
    try:
        metadata = MetaData()
        with engine.begin() as conn:
            metadata.reflect(conn)
            metadata.drop_all(conn)
    finally:
        engine.dispose()


def report(result: dict[str, Any]) -> None:
    n = result["actions"]
    rtt = result["rtt_ms"]
    print(f"== {result['label']}: {result['nodes']} node(s){' with Redis' if result['redis'] else ''}")
    think = result["think_s"]
    print(f"tables {result['tables']}, sockets held {result['sockets_held']} of {4 * result['tables']}, "
          f"think {think[0]:g}-{think[1]:g} s, {result['duration_s']:g} s measured")  # fmt: skip
    print(f"actions {n} ({result['actions_per_s']:.0f}/s); round trip ms: p50 {rtt['p50']:.1f}  p95 {rtt['p95']:.1f}  "
          f"p99 {rtt['p99']:.1f}  max {rtt['max'] or float('nan'):.1f}")  # fmt: skip
    for node in result["per_node"]:
        print(f"  node {node['node']}: CPU {node['cpu_s']:.1f} s = {node['cpu_ms_per_action'] or 0:.2f} ms per action; "
              f"its players' round trip p50 {node['rtt_ms']['p50']:.1f} p99 {node['rtt_ms']['p99']:.1f} ms; "
              f"peak {node['peak_mb']:.0f} MB")  # fmt: skip
        info = node.get("cluster")
        if info:
            print(f"    drives {info['owned']} tables, follows {info['replicas']}; took over {info['claimed']}, "
                  f"handed over {info.get('handed', 0)}, served {info['served']} requests of other nodes")  # fmt: skip
    cpu = result["cpu_ms_per_action"]
    redis = f", Redis {cpu['redis']:.2f}" if cpu["redis"] is not None else ""
    print(f"CPU per action: nodes {cpu['nodes'] or 0:.2f} ms{redis}; total {cpu['total'] or 0:.2f} ms")
    print(f"errors {result['errors'] or 'none'}; dropped sockets {result['dropped']}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=1000, help="live 4-player tables (default 1000)")
    ap.add_argument("--duration", type=float, default=60, help="seconds of play measured (default 60)")
    ap.add_argument("--think", type=float, nargs=2, default=(3.0, 8.0), metavar=("MIN", "MAX"),
                    help="seconds a player waits before acting, uniform (default 3 8: a person's pace)")  # fmt: skip
    ap.add_argument("--procs", type=int, default=1, help="processes running the players (default 1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=1, help="nodes of a cluster (needs --database postgresql and --redis)")
    ap.add_argument("--database", help="database URL (default: a SQLite file; a PostgreSQL one is emptied first)")
    ap.add_argument("--redis", help="Redis URL: the server runs as a cluster of --nodes nodes")
    sticky = ("send every request of a table but its creation to one node, as a load balancer hashing the table's "
              "id would (without --redis: its creation too, to independent servers)")  # fmt: skip
    ap.add_argument("--sticky", action="store_true", help=sticky)
    ap.add_argument("--compare", action="store_true",
                    help="first run the same load on one process on the same database without Redis")  # fmt: skip
    ap.add_argument("--json", type=Path, help="also write the results to this file")
    args = ap.parse_args(argv)
    cluster = (args.nodes > 1 and not args.sticky) or args.redis
    if cluster and not (args.redis and (args.database or "").startswith("postgresql")):
        ap.error("a cluster (--nodes > 1) needs --redis and a PostgreSQL --database")

    runs = []
    if args.compare:
        runs.append(run_load(args, 1, None, "one process"))
    label = "cluster" if args.redis else "independent servers" if args.nodes > 1 else "one process"
    runs.append(run_load(args, args.nodes, args.redis, label))
    last = runs[-1].result
    if len(runs) == 2:
        ratio = runs[1].cpu_per_action_ms / runs[0].cpu_per_action_ms
        last["cost_ratio"] = ratio
        cluster, single = runs[1].cpu_per_action_ms, runs[0].cpu_per_action_ms
        print(f"the cluster path costs {ratio:.2f}x the single process's CPU per action "
              f"({cluster:.2f} ms against {single:.2f} ms; target at most 1.3x)")  # fmt: skip
    else:
        n, peak, p99 = last["actions"], last["server_peak_mb"], last["rtt_ms"]["p99"]
        met = last["sockets_held"] == 4 * args.tables and n > 0 and p99 <= 100 and peak <= 2048
        verdict = "met" if met and args.tables >= 1000 else "not met"
        print(f"target (1000 tables, p99 <= 100 ms, < 2 GB): ratio p99 {100 / p99 if n else 0:.2f}, "
              f"memory {2048 / peak:.2f}; {verdict} at this load")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps([r.result for r in runs] if len(runs) > 1 else last, indent=2))


if __name__ == "__main__":
    main()
