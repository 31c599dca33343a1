"""``tapete serve``: run the multiplayer server (:mod:`tapete.server`) until Ctrl-C.

It brings the database's schema up to date first (a new file is created; an older schema is
migrated), says where to point a browser, then hands over to uvicorn. Tables in play when the
server last stopped, even by a crash, are recovered from the database at startup.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from tapete.cli.command import Command, UsageError
from tapete.text.messages import msg
from tapete.text.translations import pick_language

if TYPE_CHECKING:
    from tapete.server.storage.store import Store

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_BOT_DELAY = 0.6


def configure(parser: argparse.ArgumentParser) -> None:
    from tapete.server.config import default_database_url

    parser.add_argument("--host", default=DEFAULT_HOST, help=msg("serve.opt.host", default=DEFAULT_HOST))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=msg("serve.opt.port", default=DEFAULT_PORT))
    parser.add_argument(
        "--database", metavar="URL", default=None, help=msg("serve.opt.database", default=default_database_url())
    )
    parser.add_argument(
        "--bot-delay", type=float, default=DEFAULT_BOT_DELAY, metavar="SECONDS",
        help=msg("serve.opt.bot_delay", default=DEFAULT_BOT_DELAY),
    )  # fmt: skip


def shown_url(url: str) -> str:
    """A database URL fit to print: the password hidden."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url


def open_store(url: str) -> Store:
    """The store at ``url`` with its schema up to date; a SQLite file's folder is made if missing."""
    from sqlalchemy.engine import make_url

    from tapete.server.storage.store import Store

    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        from tapete.table.store import os_reason

        folder = Path(parsed.database).expanduser().parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:  # TAPETE_HOME names a file, or a folder nobody may write to: one line, exit 2
            raise UsageError(msg("serve.error.folder", folder=str(folder), reason=os_reason(e))) from None
    store = Store(url)
    try:
        store.upgrade()
    except BaseException:
        store.close()
        raise
    return store


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.port <= 65535:
        raise UsageError(msg("serve.error.port", value=args.port))
    if not args.bot_delay >= 0:
        raise UsageError(msg("serve.error.bot_delay", value=args.bot_delay))
    import uvicorn

    from tapete.server.app import create_app
    from tapete.server.config import ServerConfig

    config = ServerConfig(
        host=args.host, port=args.port, lang=pick_language(args.lang), bot_delay=args.bot_delay, tune_gc=True
    )
    if args.database:
        config = config.with_changes(database_url=args.database)
    store = open_store(config.database_url)
    try:
        print(msg("serve.upgrading", database=shown_url(config.database_url)), flush=True)
        print(msg("serve.listening", host=config.host, port=config.port), flush=True)
        app = create_app(config, store)
        ws_max = max(65536, 4 * config.max_message_bytes)
        # No per-message compression: frames are small, and CPU, not bandwidth, limits how many tables one
        # server holds.
        uvicorn.run(
            app,
            host=config.host,
            port=config.port,
            ws_max_size=ws_max,
            ws_per_message_deflate=False,
            log_level="warning",
        )
    except SystemExit as e:  # uvicorn could not start (the port is taken, say): it has said why
        return e.code if isinstance(e.code, int) else 1
    finally:
        store.close()
    return 0


COMMAND = Command("serve", "serve.help", "serve.description", configure, run)
