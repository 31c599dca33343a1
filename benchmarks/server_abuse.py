"""Abuse benchmark of ``tapete serve``: how much each attack of issue 14 slows the tables people play.

It starts a real server (a subprocess on a loopback port, SQLite in a temporary folder, or
``--database``), starts ``--tables`` public tables of four bots playing a long match (bots at
``--bot-delay`` seconds, a pace the tables can hold on two cores), and counts their actions as a
spectator sees them. Then, phase after phase of ``--phase`` seconds, it runs one attack at a time
and prints each phase's action rate as a fraction of the rate without an attack, the server's
memory growth, how long ``/api/health`` took, and how the attack's own requests were answered:

- ``logins``: 4 parallel loops of wrong passwords for one registered account;
- ``bodies``: 2 parallel loops posting 32 MB bodies (declared and chunked) to ``/api/guest``;
- ``sockets``: 2,000 idle connections (half plain TCP that never finish their headers, half
  websockets that never say hello), held open for the phase;
- ``tables``: guests creating public tables as fast as the server answers, and reading the lobby.

After the phases it checks what must stay refused: deeply nested JSON on a websocket, an outsider
watching a finished private table, code guessing at full speed. Targets (issue 14): every ratio
>= 0.5, memory growth < 100 MB, every check refused.

    python benchmarks/server_abuse.py                 # about a minute and a half
    python benchmarks/server_abuse.py --phase 15 --tables 4
    python benchmarks/server_abuse.py --database postgresql+psycopg://user:pw@localhost/db

Loopback only: the attacks run from this process against the server it started.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

GAME = "guinote"
PRESET = "aragones"
TARGET_RATIO = 0.5
#: The attacks come from this loopback address, the tables' spectators and the health probe from 127.0.0.1:
#: per-address limits fall on the attacker, as they would on the internet.
ATTACKER = "127.0.0.2"
TARGET_GROWTH_MB = 100.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def memory_mb(pid: int, key: str = "VmRSS") -> float:
    """The process's resident memory now (VmRSS) or at its peak (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


def raise_file_limit(wanted: int) -> int:
    """This process opens thousands of sockets: its soft file limit up to ``wanted`` (or the hard limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def start_server(folder: Path, port: int, database: str | None, bot_delay: float) -> subprocess.Popen[bytes]:
    env = dict(os.environ, TAPETE_HOME=str(folder))
    url = database or f"sqlite:///{folder / 'abuse.db'}"
    cmd = [sys.executable, "-m", "tapete.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--database", url, "--bot-delay", str(bot_delay)]
    # Loopback is no trusted proxy here: the attacks come from 127.0.0.2 and are capped like any client's.
    cmd += ["--set", "trusted_proxies="]
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


@dataclass
class Counts:
    """What the spectators saw, and the answers the attacks got."""

    actions: int = 0
    answers: Counter[str] = field(default_factory=Counter)

    def answer(self, what: str) -> None:
        self.answers[what] += 1


async def guest(http: httpx.AsyncClient, name: str) -> dict[str, str]:
    r = await http.post("/api/guest", json={"name": name})
    r.raise_for_status()
    return {"Authorization": f"Bearer {r.json()['token']}"}


async def bot_table(http: httpx.AsyncClient, owner: dict[str, str]) -> str:
    """A public table of four bots playing a match long enough to outlast the benchmark; its id."""
    body = {"game": GAME, "preset": PRESET, "options": {}, "target": 100_000, "clock_seconds": 0, "public": True}
    r = await http.post("/api/tables", json=body, headers=owner)
    r.raise_for_status()
    table_id = str(r.json()["id"])
    for seat in range(4):
        r = await http.post(f"/api/tables/{table_id}/bots/{seat}", json={"level": "easy"}, headers=owner)
        r.raise_for_status()
    (await http.post(f"/api/tables/{table_id}/start", json={}, headers=owner)).raise_for_status()
    return table_id


async def spectate(port: int, http: httpx.AsyncClient, table_id: str, counts: Counts) -> None:
    """Count the table's actions (event frames) as a spectator, until cancelled."""
    viewer = await guest(http, "watcher")
    r = await http.post(f"/api/tables/{table_id}/watch", json={}, headers=viewer)
    r.raise_for_status()
    token = r.json()["spectator_token"]
    async with connect(f"ws://127.0.0.1:{port}/ws/{table_id}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "since": None, "lang": "en"}))
        async for raw in ws:
            if json.loads(raw).get("type") == "event":
                counts.actions += 1


# ---------------------------------------------------------------- the attacks
def attacker_client(base: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=base, timeout=30, transport=httpx.AsyncHTTPTransport(local_address=ATTACKER))


async def logins(base: str, stop: float, counts: Counts) -> None:
    async with attacker_client(base) as http:
        await http.post("/api/register", json={"name": "victim", "password": "correct horse battery"})

        async def loop() -> None:
            while time.monotonic() < stop:
                try:
                    r = await http.post("/api/login", json={"name": "victim", "password": "wrong password!"})
                    counts.answer(str(r.status_code))
                except httpx.HTTPError as e:
                    counts.answer(type(e).__name__)

        await asyncio.gather(*(loop() for _ in range(4)))


async def bodies(base: str, stop: float, counts: Counts) -> None:
    size = 32 * 1024 * 1024
    chunk = b"x" * (1024 * 1024)

    async def chunks() -> Any:
        for _ in range(size // len(chunk)):
            yield chunk

    async with attacker_client(base) as http:
        json_type = {"Content-Type": "application/json"}

        async def loop(chunked: bool) -> None:
            while time.monotonic() < stop:
                try:
                    if chunked:
                        r = await http.post("/api/guest", content=chunks(), headers=json_type)
                    else:
                        data = b'{"name": "' + b"x" * size + b'"}'
                        r = await http.post("/api/guest", content=data, headers=json_type)
                    counts.answer(f"{'chunked' if chunked else 'declared'} {r.status_code}")
                except httpx.HTTPError as e:
                    counts.answer(f"{'chunked' if chunked else 'declared'} {type(e).__name__}")

        await asyncio.gather(loop(False), loop(True))


async def idle_sockets(port: int, table_id: str, stop: float, counts: Counts, n: int = 2000) -> None:
    """Half plain TCP connections that send half a request line and stop, half websockets that never say hello."""
    held: list[Any] = []

    async def tcp() -> None:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(ATTACKER, 0))
            writer.write(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
            await writer.drain()
            held.append(writer)
            counts.answer("tcp open")
            data = await asyncio.wait_for(reader.read(1024), timeout=max(0.1, stop - time.monotonic()))
            counts.answer("tcp answered or closed by the server" if data or reader.at_eof() else "tcp idle")
        except (TimeoutError, OSError) as e:
            counts.answer(f"tcp {type(e).__name__}")

    async def ws() -> None:
        try:
            url = f"ws://127.0.0.1:{port}/ws/{table_id}"
            async with connect(url, open_timeout=20, local_addr=(ATTACKER, 0)) as sock:
                counts.answer("ws open")
                try:
                    await asyncio.wait_for(sock.recv(), timeout=max(0.1, stop - time.monotonic()))
                    counts.answer("ws frame")
                except TimeoutError:
                    counts.answer("ws held to the end")
        except TimeoutError:
            counts.answer("ws held to the end")
        except Exception as e:
            counts.answer(f"ws closed by the server ({type(e).__name__})")

    tasks = [asyncio.create_task(tcp() if i % 2 else ws()) for i in range(n)]
    await asyncio.wait(tasks, timeout=max(0.1, stop - time.monotonic()) + 5)
    for t in tasks:
        t.cancel()
    for w in held:
        with contextlib.suppress(Exception):
            w.close()


async def tables(base: str, stop: float, counts: Counts) -> None:
    async with attacker_client(base) as http:
        owners = [await guest(http, f"spammer{i}") for i in range(4)]
        body = {"game": GAME, "preset": PRESET, "options": {}, "clock_seconds": 0, "public": True}

        async def create(owner: dict[str, str]) -> None:
            while time.monotonic() < stop:
                try:
                    r = await http.post("/api/tables", json=body, headers=owner)
                    counts.answer(f"create {r.status_code}")
                except httpx.HTTPError as e:
                    counts.answer(f"create {type(e).__name__}")

        async def lobby() -> None:
            while time.monotonic() < stop:
                try:
                    r = await http.get("/api/lobby")
                    counts.answer(f"lobby {r.status_code}")
                    counts.answers["lobby bytes (last)"] = len(r.content)
                except httpx.HTTPError as e:
                    counts.answer(f"lobby {type(e).__name__}")

        await asyncio.gather(*(create(o) for o in owners), *(lobby() for _ in range(4)))


# ---------------------------------------------------------------- what must stay refused
async def checks(port: int, base: str) -> dict[str, str]:
    out: dict[str, str] = {}
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        owner = await guest(http, "owner")
        table_id = await bot_table(http, owner)
        watch = await http.post(f"/api/tables/{table_id}/watch", json={}, headers=owner)
        token = watch.json().get("spectator_token", "")
        async with connect(f"ws://127.0.0.1:{port}/ws/{table_id}") as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "since": None, "lang": "en"}))
            await ws.send("[" * 1500 + "]" * 1500)
            answer = ""
            with contextlib.suppress(TimeoutError):
                while True:
                    frame = json.loads(await asyncio.wait_for(ws.recv(), timeout=3))
                    if frame.get("type") == "error":
                        answer = str(frame.get("code"))
                        break
            refused = answer and answer != "internal"
            out["nested JSON on a websocket"] = f"refused ({answer})" if refused else f"NOT refused ({answer or '-'})"

        # A private table that finished: an outsider may not read it.
        body = {"game": GAME, "preset": PRESET, "options": {}, "target": 1, "clock_seconds": 0, "public": False}
        r = await http.post("/api/tables", json=body, headers=owner)
        private = str(r.json()["id"])
        code = str(r.json().get("code", ""))
        for seat in range(4):
            await http.post(f"/api/tables/{private}/bots/{seat}", json={"level": "easy"}, headers=owner)
        await http.post(f"/api/tables/{private}/start", json={}, headers=owner)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            status = (await http.get(f"/api/tables/{private}", headers=owner)).json().get("status")
            if status == "finished":
                break
            await asyncio.sleep(0.3)
        outsider = await guest(http, "outsider")
        seen = await http.post(f"/api/tables/{private}/watch", json={}, headers=outsider)
        out["outsider watching a finished private table"] = (
            f"refused ({seen.status_code})" if seen.status_code >= 400 else f"NOT refused ({seen.status_code})"
        )

        # Code guessing at full speed: the server must start refusing.
        statuses: Counter[int] = Counter()
        for i in range(300):
            guess = f"{i:06d}" if not code else code[:-1] + "0123456789ABCDEFGHJKMNPQRSTVWXYZ"[i % 32]
            statuses[(await http.get(f"/api/code/{guess}")).status_code] += 1
        out["300 code guesses"] = (
            f"throttled ({statuses[429]} refused with 429)" if statuses[429] else f"NOT throttled ({dict(statuses)})"
        )
    return out


# ---------------------------------------------------------------- the run
async def phase(
    name: str, seconds: float, counts: Counts, server: subprocess.Popen[bytes], base: str,
    attack: Callable[[float], Awaitable[None]] | None,
) -> dict[str, Any]:  # fmt: skip
    before_actions, before_rss = counts.actions, memory_mb(server.pid)
    stop = time.monotonic() + seconds
    task = asyncio.create_task(attack(stop)) if attack else None
    health: list[float] = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            try:
                await http.get("/api/health")
                health.append((time.perf_counter() - t0) * 1000)
            except httpx.HTTPError:
                health.append(float("inf"))
            await asyncio.sleep(0.5)
    if task:
        try:
            await asyncio.wait_for(task, timeout=30)
        except TimeoutError:
            task.cancel()
    actions = counts.actions - before_actions
    return {
        "phase": name,
        "actions_per_s": actions / seconds,
        "rss_mb": memory_mb(server.pid),
        "growth_mb": memory_mb(server.pid) - before_rss,
        "health_ms_p50": statistics.median(health) if health else float("nan"),
        "health_ms_max": max(health) if health else float("nan"),
    }


async def run(args: argparse.Namespace, port: int, server: subprocess.Popen[bytes]) -> dict[str, Any]:
    base = f"http://127.0.0.1:{port}"
    counts = Counts()
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        owner = await guest(http, "host")
        ids = [await bot_table(http, owner) for _ in range(args.tables)]
        watchers = [asyncio.create_task(spectate(port, http, tid, counts)) for tid in ids]
        await asyncio.sleep(2)  # the tables get going
        start_rss = memory_mb(server.pid)
        results = []
        attacks: dict[str, Callable[[Counts], Callable[[float], Awaitable[None]]] | None] = {
            "none (baseline)": None,
            "logins": lambda c: lambda stop: logins(base, stop, c),
            "bodies": lambda c: lambda stop: bodies(base, stop, c),
            "sockets": lambda c: lambda stop: idle_sockets(port, ids[0], stop, c, args.sockets),
            "tables": lambda c: lambda stop: tables(base, stop, c),
        }
        for name, make in attacks.items():
            c = Counts()
            r = await phase(name, args.phase, counts, server, base, make(c) if make else None)
            r["answers"] = dict(c.answers)
            results.append(r)
            print(f"  {name}: {r['actions_per_s']:.1f} actions/s", flush=True)
        refused = await checks(port, base)
        for w in watchers:
            w.cancel()
    return {"start_rss_mb": start_rss, "phases": results, "checks": refused}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tables", type=int, default=2, help="bot tables playing during the attacks (default 2)")
    ap.add_argument("--bot-delay", type=float, default=0.02, help="seconds between bot actions (default 0.02)")
    ap.add_argument("--phase", type=float, default=10, help="seconds of each attack (default 10)")
    ap.add_argument("--sockets", type=int, default=2000, help="idle connections of the sockets attack (default 2000)")
    ap.add_argument("--database", help="a SQLAlchemy URL (default: SQLite in a temporary folder)")
    ap.add_argument("--json", type=Path, help="also write the results to this file")
    args = ap.parse_args(argv)
    limit = raise_file_limit(args.sockets + 512)
    if limit < args.sockets + 64:
        print(f"warning: this process may open only {limit} files: fewer idle sockets than asked", file=sys.stderr)
    folder = Path(tempfile.mkdtemp(prefix="tapete-abuse-"))
    port = free_port()
    server = start_server(folder, port, args.database, args.bot_delay)
    print(f"{args.tables} bot tables at {args.bot_delay:g} s a move, {args.phase:g} s per phase")
    try:
        result = asyncio.run(run(args, port, server))
        result["server_peak_mb"] = memory_mb(server.pid, "VmHWM")
    finally:
        server.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=10)
    base_rate = result["phases"][0]["actions_per_s"] or float("nan")
    print(f"{'attack':<16} {'rate':>7} {'ratio':>6} {'growth MB':>10} {'health p50/max ms':>18}  answers")
    ok = True
    for r in result["phases"]:
        ratio = r["actions_per_s"] / base_rate
        r["ratio"] = ratio
        growth = r["growth_mb"]
        attacked = r["phase"] != "none (baseline)"
        ok &= not attacked or (ratio >= TARGET_RATIO and growth < TARGET_GROWTH_MB)
        answers = ", ".join(f"{k}: {v}" for k, v in sorted(r["answers"].items())) or "-"
        print(f"{r['phase']:<16} {r['actions_per_s']:>7.1f} {ratio:>6.2f} {growth:>10.1f} "
              f"{r['health_ms_p50']:>8.1f}/{r['health_ms_max']:<9.1f}  {answers}")  # fmt: skip
    for what, verdict in result["checks"].items():
        ok &= verdict.startswith(("refused", "throttled"))
        print(f"check: {what}: {verdict}")
    print(f"server peak memory {result['server_peak_mb']:.0f} MB (at start {result['start_rss_mb']:.0f} MB)")
    print(f"targets (ratio >= {TARGET_RATIO}, growth < {TARGET_GROWTH_MB:.0f} MB, every check refused): "
          f"{'met' if ok else 'NOT met'}")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(result, indent=2, default=str))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
