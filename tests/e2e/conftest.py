"""End-to-end fixtures: the real server on a loopback port and Debian's Chromium driven by Playwright.

The server is the real thing (uvicorn running :func:`tapete.server.app.create_app` in a thread,
a temporary SQLite file, bots with no delay); the browser is the system's Chromium
($TAPETE_CHROMIUM or /usr/bin/chromium), because Playwright's own browser download does not
work everywhere. Without Chromium or Playwright the tests skip, except under $CI, where they
must run and so fail.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

BROWSER_TIMEOUT_MS = 15_000


def chromium_path() -> str | None:
    path = os.environ.get("TAPETE_CHROMIUM") or "/usr/bin/chromium"
    found = shutil.which(path) if not os.path.isabs(path) else (path if os.access(path, os.X_OK) else None)
    return found


def in_ci() -> bool:
    """Whether ``$CI`` is set to something other than a "no" (as tests/server/conftest.py reads it)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def _unavailable(why: str) -> None:
    if in_ci():
        pytest.fail(f"browser tests must run under $CI: {why}")
    pytest.skip(why)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class LiveServer:
    """A running server: its base URL and the application (for what only the server side knows)."""

    url: str
    app: Any
    store: Any

    def live_table(self, table_id: str) -> Any:
        """The server's LiveTable of ``table_id`` (to read hidden hands in the tests, never in the client)."""
        registry = self.app.state.server.registry
        return registry.tables[table_id]


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    try:
        import uvicorn

        from tapete.server.app import create_app
        from tapete.server.config import ServerConfig
        from tapete.server.storage.store import Store
    except ImportError as e:  # pragma: no cover - the server's own tests catch this
        _unavailable(f"the server cannot be imported: {e}")
        raise
    folder: Path = tmp_path_factory.mktemp("e2e")
    port = free_port()
    config = ServerConfig(
        database_url=f"sqlite:///{folder / 'tapete.db'}",
        port=port,
        bot_delay=0.0,
        clock_seconds=0,
        away_grace=30.0,
        # Every test's people come from this one address: no throttle on guest names here (it has its own
        # tests in tests/server/test_logins.py).
        guests_per_address=0,
    )
    store = Store(config.database_url)
    store.upgrade()
    app = create_app(config, store)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, name="e2e-uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield LiveServer(f"http://127.0.0.1:{port}", app, store)
    finally:
        server.should_exit = True
        thread.join(timeout=15)
        store.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    # Module scope, not session: Playwright's sync API keeps an event loop running in this
    # thread until it stops, and later tests (the Textual pilots) call asyncio.run().
    path = chromium_path()
    if path is None:
        _unavailable("no Chromium: install Debian's chromium or set $TAPETE_CHROMIUM")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("playwright is not installed")
        raise
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=path,
            headless=True,
            # One process per page would be slow on small machines; the tests need no sandbox
            # isolation between their own pages.
            args=["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"],
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def new_page(browser: Any, live_server: LiveServer) -> Iterator[Callable[..., Any]]:
    """Open pages in fresh browser contexts (each its own localStorage: its own person)."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(locale: str = "en-US", viewport: dict[str, int] | None = None) -> Any:
        context = browser.new_context(
            base_url=live_server.url, locale=locale, viewport=viewport or {"width": 1280, "height": 900}
        )
        context.set_default_timeout(BROWSER_TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        # The pages' Content-Security-Policy refusing something of the client's own (an inline style or
        # script) is a bug of the client: Chromium says so on the console.
        page.on(
            "console",
            lambda m: errors.append(m.text) if m.type == "error" and "Content Security Policy" in m.text else None,
        )
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors or CSP refusals in the page: {errors}"


def first_to_act(server: LiveServer, table_id: str) -> int:
    """The seat that acts first in the table's first deal (the server's dealer draw, from its seed):
    sitting there, the person is asked in the first auction whatever the bots do."""
    table = server.live_table(table_id)
    seat: int = table.game.new_match(table.rules, seed=table.row.seed).current_player
    return seat
