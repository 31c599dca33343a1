"""Pages done properly (issue 13): HEAD everywhere GET is, gzip, caching that still fetches a new client."""

from __future__ import annotations

import gzip
import re

from tapete.server.app import IMMUTABLE, REVALIDATE, client_version
from tapete.server.storage import Store
from tests.server.support_server import running

PAGES = ["/", "/t/ABCD", "/table/some-id", "/replay/some-id"]


def test_head_is_answered_with_the_headers_of_get_and_no_body(sqlite_store: Store) -> None:
    version = client_version()
    with running(sqlite_store) as client:
        for path in [*PAGES, "/static/app.js", f"/static/{version}/app.css", "/static/favicon.svg", "/api/games"]:
            got, head = client.get(path), client.head(path)
            assert got.status_code == head.status_code == 200, path
            assert head.content == b"", path
            for key in ("content-type", "content-length", "cache-control", "etag", "content-encoding"):
                assert head.headers.get(key) == got.headers.get(key), (path, key)
        assert client.head("/static/no-such-file.js").status_code == 404


def test_static_files_are_gzipped_for_clients_that_accept_it(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        plain = client.get("/static/app.css", headers={"Accept-Encoding": "identity"})
        assert "content-encoding" not in plain.headers
        with client.stream("GET", "/static/app.css", headers={"Accept-Encoding": "gzip"}) as packed:
            assert packed.headers["content-encoding"] == "gzip"
            assert "accept-encoding" in packed.headers.get("vary", "").lower()
            sent = b"".join(packed.iter_raw())
        assert gzip.decompress(sent) == plain.content and len(sent) < len(plain.content) / 2
        head = client.head("/static/app.js", headers={"Accept-Encoding": "gzip"})
        assert head.headers["content-encoding"] == "gzip" and head.content == b""
        games = client.get("/api/games", headers={"Accept-Encoding": "gzip"})
        assert games.headers["content-encoding"] == "gzip"


def test_the_client_is_cached_by_version_and_the_entry_page_is_revalidated(sqlite_store: Store) -> None:
    version = client_version()
    with running(sqlite_store) as client:
        page = client.get("/")
        assert page.headers["cache-control"] == REVALIDATE and page.headers["etag"]
        # The entry page names its files under the client's version, which changes with their content.
        assert set(re.findall(r'"/static/([^/"]+)/', page.text)) == {version}
        assert f'src="/static/{version}/app.js"' in page.text
        again = client.get("/", headers={"If-None-Match": page.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
        versioned = client.get(f"/static/{version}/app.js")
        assert versioned.status_code == 200 and versioned.headers["cache-control"] == IMMUTABLE
        assert "max-age=31536000" in IMMUTABLE
        # A module's relative imports resolve under the same version.
        assert client.get(f"/static/{version}/dom.js").status_code == 200
        plain = client.get("/static/app.js")
        assert plain.headers["cache-control"] == REVALIDATE and plain.headers["etag"] and plain.headers["last-modified"]
        assert client.get("/static/app.js", headers={"If-None-Match": plain.headers["etag"]}).status_code == 304


def test_the_version_follows_the_files(tmp_path: object) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    (folder / "a.js").write_text("one")
    first = client_version(folder)
    assert client_version(folder) == first
    (folder / "a.js").write_text("two")
    assert client_version(folder) != first
