"""Issue 17, goal 5, in the browser: the replay of a finished game asks for its analysis and shows each
card's cost (a badge on the trick's cards, a line for the card just played) and each player's points lost.

The table is two bots playing Brisca to one point (one deal), set up over the REST API; the page is
driven as a person would (the replay's link, the "analyse" button, the slider, the language). What the page shows is
checked against the server's own answer (``GET /api/replay/{id}/analysis``).
"""

from __future__ import annotations

import dataclasses
import json
import time
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tapete.analysis import Limits
from tests.e2e.conftest import LiveServer

pytestmark = pytest.mark.browser


def api(server: LiveServer, method: str, path: str, token: str | None = None, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


@pytest.fixture
def quick_analysis(live_server: LiveServer) -> Iterator[None]:
    """The server's analysis without the expert's view and with fewer nodes: a test, not a study."""
    analyses = live_server.app.state.analyses
    kept = analyses.limits
    analyses.limits = dataclasses.replace(Limits(), max_nodes=200_000, own=False)
    yield
    analyses.limits = kept


def finished_bot_table(server: LiveServer) -> str:
    token = api(server, "POST", "/api/guest", body={"name": "Olga"})["token"]
    table = api(server, "POST", "/api/tables", token, {"game": "brisca", "preset": "brisca-2p", "target": 1})
    for seat in (0, 1):
        api(server, "POST", f"/api/tables/{table['id']}/bots/{seat}", token, {"level": "easy"})
    api(server, "POST", f"/api/tables/{table['id']}/start", token, {})
    deadline = time.monotonic() + 60
    while api(server, "GET", f"/api/tables/{table['id']}", token)["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.1)
    return str(table["id"])


def test_the_replay_shows_what_each_card_cost(
    new_page: Callable[..., Any], live_server: LiveServer, quick_analysis: None
) -> None:
    table_id = finished_bot_table(live_server)
    page = new_page()
    page.goto(f"/replay/{table_id}")  # a public table's replay: anybody's, signed in or not
    page.get_by_test_id("replay").wait_for()
    assert page.locator("[data-testid=cost-badge]").count() == 0, "nothing before the analysis"
    page.get_by_test_id("replay-analyse").click()
    page.get_by_test_id("analysis-totals").wait_for(timeout=120_000)

    answer = api(live_server, "GET", f"/api/replay/{table_id}/analysis")
    assert answer["status"] == "ready"
    rows = page.locator("[data-testid=analysis-total]")
    assert rows.count() == 2
    for seat in (0, 1):
        assert rows.nth(seat).get_attribute("data-lost") == str(answer["lost"][seat])

    # At each analysed card's frame, its badge on the trick (a card that completed the trick too: the trick
    # stays on the board), and what it cost under the frame's text.
    def show(frame: int) -> None:
        page.eval_on_selector(
            "[data-testid=replay-slider]",
            "(el, v) => { el.value = String(v); el.dispatchEvent(new Event('input')); }",
            frame,
        )
        assert page.get_by_test_id("replay-counter").inner_text().startswith(f"{frame} / ")

    analysed = [m for m in answer["moves"] if m["cost"] is not None]
    assert analysed and any(m["cost"] for m in analysed)
    for move in analysed:
        show(move["frame"])
        card = f"[data-testid=trick-card][data-card='{move['card']}'][data-seat='{move['seat']}']"
        badge = page.locator(f"{card} [data-testid=cost-badge]")
        assert badge.get_attribute("data-cost") == str(move["cost"])
        assert badge.inner_text() == (f"\u2212{move['cost']}" if move["cost"] else "0")
        line = page.get_by_test_id("replay-card-cost").inner_text()
        assert "every hand known" in line or "the only legal card" in line, line
    move = next(m for m in analysed if m["cost"])
    show(move["frame"])
    assert str(move["cost"]) in page.get_by_test_id("replay-card-cost").inner_text()

    # In Spanish, from the catalog: the same page and frame, other words.
    page.get_by_test_id("lang-es").click()
    page.get_by_text("Puntos perdidos con las cartas").wait_for()
    assert "con todas las cartas a la vista" in page.get_by_test_id("replay-card-cost").inner_text()
    assert page.locator("[data-testid=cost-badge]").count() >= 1
