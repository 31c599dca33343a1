"""The browser client's files: what they import exists, every text they show is in the ``web`` catalog.

The client has no build step, so nothing else would notice a module imported under a wrong
name, a message key misspelt in JavaScript (the page would show the key), a key left in the
catalog that no page uses, or a sentence written straight into the HTML.
"""

from __future__ import annotations

import re
import shutil
import string
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tapete.text import catalog_web
from tapete.text.catalog_web import MESSAGES

STATIC = Path(catalog_web.__file__).resolve().parent.parent / "server" / "static"
SCRIPTS = sorted(STATIC.glob("*.js"))
#: A message key in the client's source: a quoted "web.…" string.
KEY = re.compile(r"""["'`](web\.[a-z0-9_.]*[a-z0-9_])["'`]""")
IMPORT = re.compile(r"""^\s*import\s[^;]*?from\s+["'](\./[^"']+)["']""", re.M | re.S)
#: t("web.key") and t("web.key", {a, b: 1, c}): the key and the names the call fills.
CALL = re.compile(r"""\bt\(\s*["'](web\.[a-z0-9_.]+)["']\s*(?:,\s*\{([^{}]*)\})?\s*\)""")


def source(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def keys_used() -> dict[str, list[str]]:
    """Each key the scripts use, with the scripts that use it."""
    used: dict[str, list[str]] = {}
    for path in SCRIPTS:
        for key in KEY.findall(source(path)):
            used.setdefault(key, []).append(path.name)
    return used


def test_the_client_is_all_there() -> None:
    names = {p.name for p in STATIC.iterdir()}
    assert {"index.html", "app.js", "app.css", "cards.js"} <= names


def test_every_key_the_client_uses_is_in_the_catalog() -> None:
    missing = {key: files for key, files in keys_used().items() if key not in MESSAGES}
    assert not missing, f"keys used by the client but missing from messages_web: {missing}"


def test_every_key_in_the_catalog_is_used() -> None:
    unused = sorted(set(MESSAGES) - set(keys_used()))
    assert not unused, f"messages_web keys no script uses: {unused}"


def test_calls_fill_every_placeholder() -> None:
    problems = []
    for path in SCRIPTS:
        for key, args in CALL.findall(source(path)):
            if key not in MESSAGES:
                continue  # reported by the test above
            given = {part.split(":")[0].strip() for part in args.split(",") if part.strip()}
            wanted = fields(MESSAGES[key])
            if wanted - given:
                problems.append(f"{path.name}: t({key!r}) leaves {sorted(wanted - given)} unfilled")
    assert not problems, "\n".join(problems)


def test_the_catalog_keys_are_namespaced() -> None:
    # The message ids of all catalogs share one namespace (tapete.text.messages.CATALOGS).
    assert all(key.startswith("web.") for key in MESSAGES)


def test_relative_imports_resolve() -> None:
    for path in SCRIPTS:
        for target in IMPORT.findall(source(path)):
            assert (STATIC / target).is_file(), f"{path.name} imports {target}, which does not exist"


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[dict[str, str | None]] = []
        self.styles: list[str | None] = []
        self.text: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script":
            self.scripts.append(a)
            self._skip += 1
        elif tag == "link" and a.get("rel") == "stylesheet":
            self.styles.append(a.get("href"))
        elif tag in ("style", "title"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "title"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.text.append(data.strip())


def test_index_loads_the_app_module_and_holds_no_sentence() -> None:
    page = _Page()
    page.feed(source(STATIC / "index.html"))
    assert {"type": "module", "src": "/static/app.js"} in page.scripts
    assert "/static/app.css" in page.styles
    for script in page.scripts:
        src = script.get("src") or ""
        assert src.startswith("/static/"), f"every script is served by tapete itself, not {src!r}"
    # Only the brand name: every other text comes from the catalog at run time.
    assert page.text == ["tapete"]


def test_no_script_loads_anything_from_elsewhere() -> None:
    for path in [*SCRIPTS, STATIC / "index.html", STATIC / "app.css"]:
        text = source(path)
        urls = set(re.findall(r"https?://[^\s\"'`)]+", text)) - {"http://www.w3.org/2000/svg"}
        assert not urls, f"{path.name} refers to {urls}"
        assert "@import" not in text, path.name


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to check the JavaScript syntax with")
@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_scripts_parse_as_modules(path: Path) -> None:
    done = subprocess.run(
        ["node", "--input-type=module", "--check"], input=source(path), capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr


def test_the_server_serves_the_client(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from tapete.server.app import create_app
    from tapete.server.config import ServerConfig
    from tapete.server.storage import Store

    store = Store(f"sqlite:///{tmp_path / 'web.db'}")
    store.upgrade()
    try:
        with TestClient(create_app(ServerConfig(database_url="sqlite://"), store)) as client:
            for path in ("/", "/t/ABC234", "/table/x", "/replay/x"):
                page = client.get(path)
                assert page.status_code == 200 and '<main id="app"' in page.text, path
            for path in SCRIPTS:
                answer = client.get(f"/static/{path.name}")
                assert answer.status_code == 200, path.name
                assert "javascript" in answer.headers["content-type"], path.name
            assert client.get("/static/app.css").headers["content-type"].startswith("text/css")
            spanish = client.get("/api/i18n/es").json()
            assert set(spanish) == set(MESSAGES)
            assert spanish["web.nav.lobby"] == "Salón"
            assert client.get("/api/i18n/en").json() == MESSAGES
    finally:
        store.close()
