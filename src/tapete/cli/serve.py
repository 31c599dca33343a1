"""``tapete serve``: run the multiplayer server (:mod:`tapete.server`) until Ctrl-C.

It brings the database's schema up to date first (a new file is created; an older schema is
migrated), raises the process's limit of open files as far as the system allows (each connection
holds one), says where to point a browser, then hands over to uvicorn with the guards of
:mod:`tapete.server.listener`. Tables in play when the server last stopped, even by a crash, are
recovered from the database at startup. ``--set NAME=VALUE`` changes any setting of
:class:`~tapete.server.config.ServerConfig` (the limits of docs/server.md).

With ``--redis URL`` (and a PostgreSQL ``--database``) the process is one node of a cluster: every
node that names the same Redis and database serves the same tables (docs/deploy.md).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import typing
from pathlib import Path
from typing import TYPE_CHECKING, Any

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
    parser.add_argument("--redis", metavar="URL", default=None, help=msg("serve.opt.redis"))
    parser.add_argument(
        "--bot-delay", type=float, default=DEFAULT_BOT_DELAY, metavar="SECONDS",
        help=msg("serve.opt.bot_delay", default=DEFAULT_BOT_DELAY),
    )  # fmt: skip
    parser.add_argument(
        "--set", dest="settings", action="append", default=[], metavar="NAME=VALUE", help=msg("serve.opt.set")
    )


#: Settings that have options of their own, or that ``tapete serve`` decides.
OWN_OPTIONS = ("database_url", "host", "port", "lang", "bot_delay", "tune_gc", "redis_url")


def settings(pairs: list[str]) -> dict[str, Any]:
    """The ServerConfig fields that ``--set NAME=VALUE`` pairs give, typed; :class:`UsageError` otherwise.

    >>> settings(["max_body_bytes=131072", "trusted_proxies=10.0.0.1,10.0.0.2", "hsts_seconds=0"])
    {'max_body_bytes': 131072, 'trusted_proxies': ('10.0.0.1', '10.0.0.2'), 'hsts_seconds': 0}
    """
    from tapete.server.config import ServerConfig

    hints = typing.get_type_hints(ServerConfig)
    names = [f.name for f in dataclasses.fields(ServerConfig) if f.name not in OWN_OPTIONS]
    out: dict[str, Any] = {}
    for pair in pairs:
        name, equals, text = pair.partition("=")
        name = name.strip()
        if not equals or not name:
            raise UsageError(msg("serve.error.set_form", value=pair))
        if name not in names:
            raise UsageError(msg("serve.error.set_name", value=pair, name=name, names=", ".join(names)))
        hint = hints[name]
        try:
            out[name] = _setting(hint, text.strip())
        except ValueError:
            expected = msg(_EXPECTED.get(hint, "serve.set.float"))
            raise UsageError(msg("serve.error.set_value", value=pair, name=name, expected=expected)) from None
    return out


_EXPECTED: dict[Any, str] = {
    int: "serve.set.int",
    float: "serve.set.float",
    bool: "serve.set.bool",
    tuple[str, ...]: "serve.set.list",
    float | None: "serve.set.float_or_none",
}


def _setting(hint: Any, text: str) -> Any:
    """``text`` as a value of the type ``hint``; ValueError when it is not one (or a negative number)."""
    if hint is bool:
        word = text.lower()
        if word not in ("yes", "true", "on", "1", "no", "false", "off", "0"):
            raise ValueError(text)
        return word in ("yes", "true", "on", "1")
    if hint == tuple[str, ...]:
        return tuple(part.strip() for part in text.split(",") if part.strip())
    if hint == float | None and text.lower() in ("none", ""):
        return None
    if hint is str:
        return text
    number = int(text) if hint is int else float(text)
    if not number >= 0:  # NaN too
        raise ValueError(text)
    return number


def shown_url(url: str) -> str:
    """A database URL fit to print: the password hidden."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url


def shown_redis(url: str) -> str:
    """A Redis URL fit to print: the password hidden.

    >>> shown_redis("redis://:secret@cache.example:6379/0")
    'redis://:***@cache.example:6379/0'
    """
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}{port}"))


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
    from tapete.server.listener import uvicorn_config

    config = ServerConfig(
        host=args.host,
        port=args.port,
        lang=pick_language(args.lang),
        bot_delay=args.bot_delay,
        tune_gc=True,
        **settings(getattr(args, "settings", None) or []),
    )
    if args.database:
        config = config.with_changes(database_url=args.database)
    redis = getattr(args, "redis", None)
    if redis:
        if not config.database_url.startswith("postgresql"):
            raise UsageError(msg("serve.error.redis_sqlite"))
        config = config.with_changes(redis_url=redis)
    store = open_store(config.database_url)
    try:
        print(msg("serve.upgrading", database=shown_url(config.database_url)), flush=True)
        if config.redis_url:
            print(msg("serve.node", node=config.node_name or "(automatic)", redis=shown_redis(config.redis_url)),
                  flush=True)  # fmt: skip
        say_file_limit()
        print(msg("serve.listening", host=config.host, port=config.port), flush=True)
        server = uvicorn.Server(uvicorn_config(create_app(config, store), config))
        with contextlib.suppress(KeyboardInterrupt):
            server.run()
        if not server.started:  # uvicorn could not start (the port is taken, say): it has said why
            return 3
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else 1
    finally:
        store.close()
    return 0


def say_file_limit() -> None:
    """Raise the limit of open files where the system allows, and say so; warn when it stays low."""
    from tapete.server.listener import LOW_FILE_LIMIT, file_limit, raise_file_limit

    raised = raise_file_limit()
    if raised is not None:
        print(msg("serve.files_raised", before=raised[0], after=raised[1]), flush=True)
    limit = file_limit()
    if limit is not None and limit < LOW_FILE_LIMIT:
        print(msg("serve.files_low", limit=limit), flush=True)


COMMAND = Command("serve", "serve.help", "serve.description", configure, run)
