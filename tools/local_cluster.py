"""Start a local tapete cluster in one command: PostgreSQL, Redis, N ``tapete serve`` nodes, and nginx in front.

    python tools/local_cluster.py                      # 3 nodes on ports 8001-8003, private PostgreSQL and Redis
    python tools/local_cluster.py --nodes 5 --nginx    # nginx on :8000 spreading over 5 nodes (8001-8005)
    python tools/local_cluster.py --database postgresql+psycopg://tapete:secret@db/tapete --redis redis://cache:6379/0

What it starts (each stopped again on Ctrl-C, the private ones deleted):

- **PostgreSQL**: the ``--database`` given, else a private cluster in a temporary folder (``initdb`` and
  ``pg_ctl`` from $PATH or Debian's /usr/lib/postgresql/*/bin; run as the ``postgres`` user when this
  script runs as root, since PostgreSQL refuses to run as root), on a free port, trusting local connections.
- **Redis**: the ``--redis`` given, else a private ``redis-server`` on a free port, without persistence.
- **N nodes**: ``tapete serve --database ... --redis ...`` on ports ``--port``+1, +2, ... (each one's output
  in its own log file, printed on exit if it failed).
- **nginx** (``--nginx``): a configuration for the nodes written to the temporary folder (websocket upgrade,
  X-Forwarded-For, the timeouts of docs/server.md; see docs/deploy.md), and nginx started on ``--port`` if it
  is installed. Without nginx, point browsers at any node: they are one server.

Try killing a node (``kill -9``, its pid is printed): its tables move to the others within seconds, and the
browsers connected to it come back through another node.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

NGINX_CONF = """\
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {folder}/nginx-body;
    proxy_temp_path {folder}/nginx-proxy;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream tapete {{
        # Any node serves any request. Keeping a table's requests on one node (a hash of the table id, as
        # docs/deploy.md shows) saves the cluster some work, but nothing depends on it.
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        client_header_timeout 10s;  client_body_timeout 10s;  client_max_body_size 64k;
        location / {{
            proxy_pass http://tapete;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 120s;
            proxy_next_upstream error timeout http_502 http_503;
        }}
    }}
}}
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        time.sleep(0.1)
    raise SystemExit(f"nothing answers on port {port} after {timeout:g} s")


def find(program: str) -> str | None:
    found = shutil.which(program)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{program}"), reverse=True)
    return candidates[0] if candidates else None


class Private:
    """What this script started, to stop in reverse order."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.procs: list[tuple[str, subprocess.Popen[bytes]]] = []
        self.postgres: tuple[list[str], Path] | None = None

    def stop(self) -> None:
        for _, proc in reversed(self.procs):
            if proc.poll() is None:
                proc.terminate()
        for name, proc in reversed(self.procs):
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
            if proc.returncode not in (0, -signal.SIGTERM, None) and name.startswith("node"):
                said = (self.folder / f"{name}.log").read_text(errors="replace")[-2000:]
                print(f"{name} exited with {proc.returncode}; the end of its log:\n{said}")
        if self.postgres is not None:
            as_user, data = self.postgres
            subprocess.run([*as_user, find("pg_ctl") or "pg_ctl", "-D", str(data), "-m", "fast", "stop"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)  # fmt: skip


def start_postgres(private: Private) -> str:
    initdb, pg_ctl = find("initdb"), find("pg_ctl")
    if initdb is None or pg_ctl is None:
        raise SystemExit("no initdb/pg_ctl found: install PostgreSQL, or give --database URL")
    data = private.folder / "postgres"
    data.mkdir()
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL will not run as root
        user = pwd.getpwnam("postgres")
        os.chown(private.folder, user.pw_uid, user.pw_gid)
        os.chown(data, user.pw_uid, user.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    subprocess.run([*as_user, initdb, "-D", str(data), "-U", "tapete", "--auth=trust", "-E", "UTF8"],
                   check=True, stdout=subprocess.DEVNULL)  # fmt: skip
    options = f"-p {port} -k {data} -c listen_addresses=127.0.0.1"
    subprocess.run([*as_user, pg_ctl, "-D", str(data), "-o", options, "-l", str(data / "log"), "-w", "start"],
                   check=True, stdout=subprocess.DEVNULL)  # fmt: skip
    private.postgres = (as_user, data)
    createdb = find("createdb") or "createdb"
    subprocess.run([*as_user, createdb, "-h", "127.0.0.1", "-p", str(port), "-U", "tapete", "tapete"], check=True)
    return f"postgresql+psycopg://tapete@127.0.0.1:{port}/tapete"


def start_redis(private: Private) -> str:
    binary = shutil.which("redis-server")
    if binary is None:
        raise SystemExit("no redis-server found: install Redis (Debian: apt-get install redis-server), or give --redis")
    port = free_port()
    command = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
               "--dir", str(private.folder)]  # fmt: skip
    private.procs.append(("redis", subprocess.Popen(command, stdout=subprocess.DEVNULL)))
    wait_port(port)
    return f"redis://127.0.0.1:{port}/0"


def start_node(private: Private, index: int, port: int, database: str, redis: str, extra: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    command = [sys.executable, "-m", "tapete.cli", "serve", "--port", str(port), "--database", database,
               "--redis", redis, "--set", f"node_name=node{index}", *extra]  # fmt: skip
    name = f"node{index}"
    with (private.folder / f"{name}.log").open("wb") as log:
        private.procs.append((name, subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nodes", type=int, default=3, help="tapete serve nodes (default 3)")
    ap.add_argument("--port", type=int, default=8000, help="nginx's port; the nodes take the next ones (default 8000)")
    ap.add_argument("--database", help="a PostgreSQL URL (default: a private PostgreSQL in a temporary folder)")
    ap.add_argument("--redis", help="a Redis URL (default: a private redis-server)")
    ap.add_argument("--nginx", action="store_true", help="write an nginx configuration and start nginx on --port")
    ap.add_argument("--set", dest="settings", action="append", default=[], metavar="NAME=VALUE",
                    help="a setting for every node (tapete serve --set)")  # fmt: skip
    args = ap.parse_args(argv)

    folder = Path(tempfile.mkdtemp(prefix="tapete-cluster-"))
    private = Private(folder)
    stop = False

    def interrupted(*_: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGINT, interrupted)
    signal.signal(signal.SIGTERM, interrupted)
    try:
        database = args.database or start_postgres(private)
        redis = args.redis or start_redis(private)
        extra = [item for pair in args.settings for item in ("--set", pair)]
        ports = [args.port + 1 + i for i in range(args.nodes)]
        # The first node migrates the database; the others start once it answers.
        for i, port in enumerate(ports):
            start_node(private, i + 1, port, database, redis, extra)
            if i == 0:
                wait_port(port, 60)
        for port in ports:
            wait_port(port, 60)
        print(f"PostgreSQL: {database}\nRedis:      {redis}")
        for (name, proc), port in zip(private.procs[-args.nodes :], ports, strict=True):
            print(f"{name}: http://127.0.0.1:{port}/  (pid {proc.pid})")
        if args.nginx:
            servers = "\n".join(f"        server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;" for port in ports)
            conf = folder / "nginx.conf"
            conf.write_text(NGINX_CONF.format(folder=folder, servers=servers, port=args.port))
            nginx = shutil.which("nginx")
            if nginx is None:
                print(f"nginx is not installed: its configuration is in {conf}")
            else:
                private.procs.append(("nginx", subprocess.Popen([nginx, "-c", str(conf), "-g", "daemon off;"])))
                wait_port(args.port)
                print(f"nginx: http://127.0.0.1:{args.port}/ in front of the {args.nodes} nodes ({conf})")
        print(f"Logs in {folder}. Ctrl-C stops everything.")
        while not stop:
            time.sleep(0.5)
            for name, proc in private.procs:
                if proc.poll() is not None and name in ("redis", "nginx"):
                    print(f"{name} stopped (exit {proc.returncode})")
                    stop = True
        return 0
    finally:
        private.stop()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    raise SystemExit(main())
