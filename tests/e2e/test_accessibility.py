"""An axe-core run over the lobby, the create form and a table in play: no serious or critical violation.

axe-core comes from npm (tools/js: ``npm ci --prefix tools/js``); without it the test skips, except
under $CI, where it must run.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.conftest import in_ci
from tests.e2e.test_browser import become_guest, create_table, my_turn, sit_and_fill_with_bots, start, wait_until

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "tools" / "js" / "node_modules" / "axe-core" / "axe.min.js"


def axe_problems(page: Any) -> list[str]:
    """The serious and critical violations axe-core finds in the page, one line each."""
    if not AXE.is_file():
        if in_ci():
            pytest.fail(f"axe-core must be installed under $CI: {AXE}")
        pytest.skip("axe-core is not installed (npm ci --prefix tools/js)")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        # Evaluated by the test driver, not added as a <script>: the pages' Content-Security-Policy
        # (script-src 'self') rightly refuses inline scripts.
        page.evaluate(AXE.read_text(encoding="utf-8"))
    results = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} -- " + "; ".join(n["target"][0] for n in v["nodes"][:5])
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("viewport", [{"width": 1366, "height": 800}, {"width": 390, "height": 844}])
def test_the_lobby_the_create_form_and_a_table_in_play_pass_axe(
    new_page: Callable[..., Any], viewport: dict[str, int]
) -> None:
    page = new_page(viewport=viewport)
    page.goto("/")
    page.get_by_test_id("guest-name").wait_for()
    problems = {"identity": axe_problems(page)}
    become_guest(page, "Ana")
    problems["lobby"] = axe_problems(page)
    page.get_by_test_id("nav-create").click()
    page.get_by_test_id("create-form").wait_for()
    problems["create form"] = axe_problems(page)
    create_table(page, "guinote", "clasico")
    sit_and_fill_with_bots(page)
    problems["waiting room"] = axe_problems(page)
    start(page)
    page.locator("[data-testid=hand-card]").first.wait_for()
    wait_until(lambda: my_turn(page), what="my turn", page=page)
    problems["table"] = axe_problems(page)
    found = {screen: lines for screen, lines in problems.items() if lines}
    assert not found, "\n".join(f"{screen}: {line}" for screen, lines in found.items() for line in lines)
