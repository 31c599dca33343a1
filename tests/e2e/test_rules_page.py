"""The rules page in Chromium (issue 13: sources out of the create form's labels, a link to the rules instead).

From the create form a link leads to the chosen preset's rules: every option by topic, its value in
words, what it means and its source, in the page's language; another preset is one click away, and
the page links back to the create form with that preset chosen. An unknown preset or game says so.
Expected words come from the catalogs, by their message ids.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from tapete.server.lang import speaking
from tapete.text.messages import msg
from tests.e2e.test_accessibility import axe_problems
from tests.e2e.test_browser import become_guest, wait_until

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def words(lang: str, key: str) -> str:
    with speaking(lang):
        return msg(key)


def no_sideways_scroll(page: Any) -> bool:
    return bool(page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"))


def test_the_create_form_links_to_the_rules_of_the_chosen_preset(new_page: Callable[..., Any]) -> None:
    page = new_page()
    become_guest(page, "Pilar")
    page.get_by_test_id("nav-create").click()
    page.get_by_test_id("create-form").wait_for()
    page.get_by_test_id("create-game").select_option("guinote")
    page.get_by_test_id("create-preset-clasico").check()
    link = page.get_by_test_id("create-rules-link")
    wait_until(lambda: "Clásico" in link.inner_text(), what="the link to the chosen preset's rules", page=page)
    assert link.get_attribute("href") == "/rules/guinote/clasico"
    link.click()
    page.wait_for_url("**/rules/guinote/clasico")
    rules = page.locator("[data-testid=rules-page][data-preset=clasico]")
    rules.wait_for()
    assert "Guiñote" in page.get_by_test_id("rules-title").inner_text()
    assert page.get_by_test_id("rules-summary").inner_text().strip()

    figure = page.get_by_test_id("rule-figure_order")
    value = figure.get_by_test_id("rule-value")
    assert value.inner_text() == words("en", "rules.guinote.figure_order.value.caballo_high")
    source = words("en", "rules.guinote.figure_order.source")
    assert source in figure.get_by_test_id("rule-source").inner_text()
    # Clásico puts the caballo above the sota; the default preset (Aragonés) does not.
    assert figure.get_attribute("data-differs") == "true"
    default_value = words("en", "rules.guinote.figure_order.value.sota_high")
    assert default_value in figure.get_by_test_id("rule-differs").inner_text()
    # An option these rules never read is folded away, not shown among the others.
    unused = page.get_by_test_id("rule-tute_points")
    assert unused.get_attribute("data-used") == "false" and not unused.is_visible()

    page.get_by_test_id("lang-es").click()
    spanish = words("es", "rules.guinote.figure_order.value.caballo_high")
    assert spanish != value.inner_text()
    wait_until(
        lambda: page.get_by_test_id("rule-figure_order").get_by_test_id("rule-value").inner_text() == spanish,
        what="the value in Spanish words",
        page=page,
    )
    assert words("es", "rules.guinote.figure_order.source") in page.get_by_test_id("rule-figure_order").inner_text()
    assert "Reglas" in page.get_by_test_id("rules-title").inner_text()

    # Back to the create form, with these rules chosen.
    page.get_by_test_id("rules-play").click()
    page.get_by_test_id("create-form").wait_for()
    wait_until(lambda: page.get_by_test_id("create-preset-clasico").is_checked(), what="clásico chosen", page=page)
    assert page.get_by_test_id("create-game").input_value() == "guinote"


def test_a_belote_preset_page_reads_on_a_phone(new_page: Callable[..., Any]) -> None:
    page = new_page(viewport=PHONE)
    page.goto("/rules/belote/contree")
    page.locator("[data-testid=rules-page][data-preset=contree]").wait_for()
    assert "Contrée" in page.get_by_test_id("rules-title").inner_text()
    target = page.get_by_test_id("rule-target")
    assert target.get_by_test_id("rule-value").inner_text() == "1500"
    assert target.get_by_test_id("rule-source").is_visible()
    assert no_sideways_scroll(page), "the rules page scrolls sideways on a phone"
    problems = axe_problems(page)
    assert not problems, "\n".join(problems)
    # The presets are folded on a phone; another preset is one click away.
    chooser = page.get_by_test_id("rules-presets")
    assert chooser.get_attribute("open") is None
    chooser.locator("summary").click()
    page.get_by_test_id("rules-preset-coinche").click()
    page.locator("[data-testid=rules-page][data-preset=coinche]").wait_for()
    assert re.search(r"/rules/belote/coinche$", page.url)


def test_an_unknown_preset_or_game_says_so(new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto("/rules/guinote/nonsense")
    error = page.get_by_test_id("rules-error")
    error.wait_for()
    assert "nonsense" in error.inner_text()
    # The game's real presets are offered instead.
    page.get_by_test_id("rules-preset-aragones").click()
    page.locator("[data-testid=rules-page][data-preset=aragones]").wait_for()
    page.goto("/rules/chess")
    assert "chess" in page.get_by_test_id("rules-error").inner_text()
    assert page.get_by_test_id("rules-missing").locator("a[href='/']").is_visible()
