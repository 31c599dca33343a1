"""The client's motion and feedback files (issue 13, "Motion and feedback") are served like the rest of the
client: the stylesheet is linked after app.css and, like every file, named under the client's version
(cached for a year) and gzipped; it stills every animation under prefers-reduced-motion."""

from __future__ import annotations

import re

from tapete.server.app import IMMUTABLE, STATIC, client_version
from tapete.server.storage import Store
from tests.server.support_server import running

FILES = ["motion.css", "motion.js", "banner.js", "sound.js", "turn_timer.js"]


def test_the_motion_stylesheet_follows_app_css_in_the_entry_page() -> None:
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    links = re.findall(r'<link rel="stylesheet" href="([^"]+)"', page)
    assert links == ["/static/app.css", "/static/motion.css"]


def test_the_files_are_served_by_version_cached_and_gzipped(sqlite_store: Store) -> None:
    version = client_version()
    with running(sqlite_store) as client:
        page = client.get("/")
        assert f'href="/static/{version}/motion.css"' in page.text
        for name in FILES:
            answer = client.get(f"/static/{version}/{name}", headers={"Accept-Encoding": "gzip"})
            assert answer.status_code == 200, name
            assert answer.headers["cache-control"] == IMMUTABLE, name
            assert answer.headers["content-encoding"] == "gzip", name
        assert client.get(f"/static/{version}/motion.css").headers["content-type"].startswith("text/css")


def test_reduced_motion_stills_everything_and_nothing_comes_from_elsewhere() -> None:
    css = (STATIC / "motion.css").read_text(encoding="utf-8")
    guard = css[css.index("@media (prefers-reduced-motion: reduce)") :]
    assert "animation: none !important" in guard and "transition: none !important" in guard
    for name in FILES:
        text = (STATIC / name).read_text(encoding="utf-8")
        assert not re.findall(r"https?://", text) and "@import" not in text, name
    # The scripts ask the media query before they move anything.
    assert "prefers-reduced-motion: reduce" in (STATIC / "motion.js").read_text(encoding="utf-8")
    assert "motionWanted" in (STATIC / "banner.js").read_text(encoding="utf-8")
