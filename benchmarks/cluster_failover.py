"""How long play stops when a node of a cluster dies: kill -9 a node and time each of its tables' next event.

It starts ``--nodes`` nodes of one cluster (``tapete serve --database postgresql... --redis ...``, default
settings: ``lease_seconds`` 3), creates ``--tables`` tables of four bots through the first node (which drives
them), watches each from a spectator connected to the second node, lets them play, then kills the first node
with SIGKILL. For each table it reports the time from the kill to the first event its spectator sees after
it: the lease running out (``lease_seconds`` after its last renewal), another node noticing at its next look
(every quarter of the lease) and claiming the table, rebuilding it from PostgreSQL, and what is left of the
bot's pause (0.6 s, or 2.4 s after a trick, counted from the last logged action). The issue's target: play
resumes within 5 s of the kill.

    python benchmarks/cluster_failover.py --database postgresql+psycopg://tapete:tapete@127.0.0.1/tapete_load \\
        --redis redis://127.0.0.1:6379/0
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_load import free_port, start_server, wipe_database


async def watch(base: str, table_id: str, token: str, killed: asyncio.Event, out: dict[str, float] | None) -> None:
    """Follow a table as a spectator; note when the first event after the kill arrives (``out``), or (None)
    just stay connected, as the clients of the node that dies are, until it dies."""
    try:
        async with connect(f"{base}/ws/{table_id}", max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "since": None, "lang": "en"}))
            async for raw in ws:
                frame = json.loads(raw)
                if out is not None and frame.get("type") == "event" and killed.is_set():
                    out[table_id] = time.monotonic()
                    return
    except OSError:
        if out is not None:
            raise


async def run(args: argparse.Namespace) -> dict[str, object]:
    folder = Path(tempfile.mkdtemp(prefix="tapete-failover-"))
    wipe_database(args.database)
    prefix = f"failover{uuid.uuid4().hex[:8]}"
    ports = [free_port() for _ in range(args.nodes)]
    # tapete serve's defaults, but for the limits on the tables one person may own and create.
    extra = ("--set", "max_open_tables=0", "--set", "tables_per_minute_per_person=0")
    servers = [start_server(folder, port, args.database, args.redis, prefix, extra) for port in ports]
    try:
        first, second = (f"http://127.0.0.1:{p}" for p in ports[:2])
        async with httpx.AsyncClient(timeout=30) as http:
            r = await http.post(f"{first}/api/guest", json={"name": "owner"})
            auth = {"Authorization": f"Bearer {r.json()['token']}"}
            tables = []
            for _ in range(args.tables):
                body = {"game": "guinote", "preset": "aragones", "public": True, "spectators_see_hands": True}
                table = (await http.post(f"{first}/api/tables", json=body, headers=auth)).json()
                for seat in range(4):
                    await http.post(f"{first}/api/tables/{table['id']}/bots/{seat}", json={"level": "random"},
                                    headers=auth)  # fmt: skip
                await http.post(f"{first}/api/tables/{table['id']}/start", headers=auth)
                tokens = [(await http.post(f"{base}/api/tables/{table['id']}/watch", headers=auth)).json()
                          for base in (first, second)]  # fmt: skip
                tables.append((table["id"], tokens[0]["spectator_token"], tokens[1]["spectator_token"]))
        killed = asyncio.Event()
        seen: dict[str, float] = {}
        # A spectator on the node that will die (so that it keeps driving its tables: a node with no viewer
        # of a table gives it to the node where its viewers are), and one on the second node, who times.
        doomed = [asyncio.create_task(watch(f"ws://127.0.0.1:{ports[0]}", tid, token, killed, None))
                  for tid, token, _ in tables]  # fmt: skip
        tasks = [asyncio.create_task(watch(f"ws://127.0.0.1:{ports[1]}", tid, token, killed, seen))
                 for tid, _, token in tables]  # fmt: skip
        await asyncio.sleep(args.play)
        os.kill(servers[0].pid, signal.SIGKILL)
        at = time.monotonic()
        killed.set()
        await asyncio.wait(tasks, timeout=60)
        for task in tasks + doomed:
            task.cancel()
        waits = sorted(seen[tid] - at for tid, _, _ in tables if tid in seen)
    finally:
        for server in servers:
            if server.poll() is None:
                server.terminate()
        for server in servers:
            server.wait(timeout=10)
    return {
        "nodes": args.nodes,
        "tables": args.tables,
        "resumed": len(waits),
        "seconds": {
            "min": waits[0] if waits else None,
            "median": statistics.median(waits) if waits else None,
            "max": waits[-1] if waits else None,
        },
        "bot_delay": 0.6,
        "lease_seconds": 3.0,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--database", required=True, help="a PostgreSQL URL (emptied first)")
    ap.add_argument("--redis", required=True, help="a Redis URL")
    ap.add_argument("--nodes", type=int, default=3)
    ap.add_argument("--tables", type=int, default=20, help="tables of bots driven by the node that is killed")
    ap.add_argument("--play", type=float, default=5.0, help="seconds of play before the kill")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    result = asyncio.run(run(args))
    s = result["seconds"]
    assert isinstance(s, dict)
    print(f"{result['resumed']} of {args.tables} tables resumed after the kill of their node: "
          f"min {s['min']:.2f} s, median {s['median']:.2f} s, max {s['max']:.2f} s "
          f"(lease_seconds 3; target: within 5 s)")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
