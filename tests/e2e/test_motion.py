"""Motion and feedback at the browser table (issue 13): cards that move (and do not, under
prefers-reduced-motion), banners from the game's words, the turn clock's bar, optional sounds, and the
digit keys that pick a card of the hand.

The page is instrumented before its scripts run (``add_init_script``): every call of
``Element.prototype.animate`` is noted with its ``id`` option, and every AudioContext made is counted,
so a test can tell which motions ran and that no sound was prepared while sounds are off.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.e2e.conftest import BROWSER_TIMEOUT_MS, LiveServer
from tests.e2e.test_browser import (
    become_guest,
    board_version,
    my_turn,
    sit_and_fill_with_bots,
    start,
    wait_for_version_after,
    wait_until,
)

pytestmark = pytest.mark.browser

#: Notes every animation started (its id) and every AudioContext made, before the page's own scripts.
INSTRUMENT = """
(() => {
  window.__animations = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (keyframes, options) {
    window.__animations.push((options && typeof options === "object" && options.id) || "");
    return animate.call(this, keyframes, options);
  };
  window.__audioContexts = 0;
  const Real = window.AudioContext;
  if (Real) {
    window.AudioContext = class extends Real {
      constructor(...args) {
        super(...args);
        window.__audioContexts += 1;
      }
    };
  }
})();
"""


@pytest.fixture
def table_page(browser: Any, live_server: LiveServer) -> Iterator[Callable[..., Any]]:
    """Pages in fresh contexts with the instrumentation, and reduced motion on request."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(reduced_motion: str = "no-preference") -> Any:
        context = browser.new_context(
            base_url=live_server.url,
            locale="en-US",
            viewport={"width": 1280, "height": 900},
            reduced_motion=reduced_motion,
        )
        context.set_default_timeout(BROWSER_TIMEOUT_MS)
        context.add_init_script(INSTRUMENT)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors in the page: {errors}"


def open_guinote_table(page: Any, name: str, clock: int = 0) -> str:
    """A Guiñote table (clásico, a long match) with this page at seat 1 and three bots, started."""
    become_guest(page, name)
    page.get_by_test_id("nav-create").click()
    page.get_by_test_id("create-form").wait_for()
    page.get_by_test_id("create-game").select_option("guinote")
    page.get_by_test_id("create-preset-clasico").check()
    page.get_by_test_id("create-target").fill("400")
    page.get_by_test_id("create-clock").select_option(str(clock))
    page.get_by_test_id("create-submit").click()
    page.get_by_test_id("waiting-room").wait_for()
    match = re.search(r"/table/([^/?#]+)", page.url)
    assert match, page.url
    sit_and_fill_with_bots(page)
    start(page)
    page.locator("[data-testid=hand-card]").first.wait_for()
    return match.group(1)


def play_something(page: Any) -> None:
    """On my turn: the first legal card, else the first other choice; wait for the table to take it."""
    cards = page.locator("[data-testid=hand-card][data-legal=true]")
    target = cards.first if cards.count() else page.get_by_test_id("legal-action").first
    version = board_version(page)
    target.click()
    wait_for_version_after(page, version)


def animations(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__animations"))


def focused(page: Any) -> dict[str, str | None]:
    script = """() => {
      const data = (document.activeElement && document.activeElement.dataset) || {};
      return {testid: data.testid || null, card: data.card || null};
    }"""
    return dict(page.evaluate(script))


# ---------------------------------------------------------------- reduced motion, and the keyboard
def test_under_reduced_motion_nothing_moves_and_digits_pick_a_card(table_page: Callable[..., Any]) -> None:
    page = table_page(reduced_motion="reduce")
    open_guinote_table(page, "Quieta")
    assert page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    wait_until(lambda: my_turn(page), what="my turn", page=page)

    # Typing digits in the chat types them: the focus stays in the chat.
    chat = page.get_by_test_id("chat-input")
    chat.click()
    page.keyboard.type("12")
    assert chat.input_value() == "12"
    assert focused(page)["testid"] == "chat-input"
    chat.fill("")

    # Outside a text field, a digit puts the focus on that card of the hand, and Enter plays it.
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    cards = page.locator("[data-testid=hand-card]")
    page.keyboard.press("2")
    assert focused(page) == {"testid": "hand-card", "card": cards.nth(1).get_attribute("data-card")}
    legal = [c.get_attribute("data-legal") for c in cards.all()].index("true")
    card = cards.nth(legal).get_attribute("data-card")
    page.keyboard.press(str(legal + 1))
    assert focused(page) == {"testid": "hand-card", "card": card}
    version = board_version(page)
    page.keyboard.press("Enter")
    wait_for_version_after(page, version)
    page.locator(f"[data-testid=hand-card][data-card='{card}']").wait_for(state="detached")
    # A digit past the hand's last card does nothing.
    before = focused(page)
    page.keyboard.press("9")
    assert focused(page) == before

    # Play on a little (tricks completed and cleared, cards drawn): still nothing moved.
    deadline = time.monotonic() + 30
    while board_version(page) < version + 6:
        assert time.monotonic() < deadline, "the table did not go on"
        if my_turn(page):
            play_something(page)
        page.wait_for_timeout(50)
    page.wait_for_timeout(300)
    assert animations(page) == []
    assert page.evaluate("() => document.getAnimations().length") == 0


# ---------------------------------------------------------------- motion, the clock's bar and sounds
def test_cards_move_the_clock_bar_shows_and_sounds_stay_off_until_asked(table_page: Callable[..., Any]) -> None:
    page = table_page()
    open_guinote_table(page, "Viva", clock=30)
    assert page.get_by_test_id("sound-toggle").get_attribute("aria-pressed") == "false"

    wait_until(lambda: my_turn(page), what="my turn", page=page)
    bar = page.get_by_test_id("turn-banner").get_by_role("progressbar")
    bar.wait_for()
    assert bar.get_attribute("aria-valuemax") == "30"
    assert 0 < int(bar.get_attribute("aria-valuenow") or "0") <= 30
    assert page.get_by_test_id("clock-0").count() == 1, "the seat panel keeps its clock in seconds"

    # A card of mine slides from the hand to the trick.
    play_something(page)
    wait_until(lambda: "tapete-play" in animations(page), what="the card's slide", page=page)
    # Played on until a trick is taken: it sweeps to its taker's seat (and cards are drawn from the stock).
    deadline = time.monotonic() + 30
    while "tapete-sweep" not in animations(page):
        assert time.monotonic() < deadline, f"no trick swept away: {animations(page)}"
        if my_turn(page):
            play_something(page)
        page.wait_for_timeout(50)
    wait_until(lambda: "tapete-deal" in animations(page), what="cards drawn into the hand", page=page)
    assert page.evaluate("() => window.__audioContexts") == 0, "no sound is prepared while sounds are off"

    # Sounds on (the table waiting for me, so that nothing else sounds meanwhile): remembered after a reload.
    wait_until(lambda: my_turn(page), what="my turn", page=page)
    page.get_by_test_id("sound-toggle").click()
    assert page.get_by_test_id("sound-toggle").get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => localStorage.getItem('tapete.sound')") == "on"
    assert page.evaluate("() => window.__audioContexts") == 1
    page.reload()
    page.get_by_test_id("board").wait_for()
    assert page.get_by_test_id("sound-toggle").get_attribute("aria-pressed") == "true"
    page.get_by_test_id("sound-toggle").click()
    assert page.evaluate("() => localStorage.getItem('tapete.sound')") == "off"
    assert page.evaluate("() => window.__audioContexts") == 0, "turning sounds off makes no sound"


# ---------------------------------------------------------------- a banner for a coinche
class Seat:
    """A person at the table from Python: a guest, a seat token, a websocket, the last view it got."""

    def __init__(self, server: LiveServer, table_id: str, seat: int, name: str) -> None:
        import httpx

        self.seat = seat
        guest = httpx.post(f"{server.url}/api/guest", json={"name": name}).json()
        headers = {"Authorization": f"Bearer {guest['token']}"}
        answer = httpx.post(f"{server.url}/api/tables/{table_id}/seats/{seat}", headers=headers)
        assert answer.status_code == 200, answer.text
        self.token = answer.json()["seat_token"]
        self.url = server.url.replace("http://", "ws://") + f"/ws/{table_id}"
        self.view: dict[str, Any] | None = None
        self.ws: Any = None

    def connect(self, stack: contextlib.ExitStack) -> None:
        from websockets.sync.client import connect

        self.ws = stack.enter_context(connect(self.url))
        self.ws.send(json.dumps({"type": "hello", "token": self.token, "since": None, "lang": "en"}))

    def read(self, timeout: float = 0.05) -> None:
        """Take in the frames waiting (the last state's view is kept)."""
        while True:
            try:
                frame = json.loads(self.ws.recv(timeout=timeout))
            except TimeoutError:
                return
            if frame["type"] == "state":
                self.view = frame["view"]

    def act(self, action: str) -> None:
        assert self.view is not None
        self.ws.send(json.dumps({"type": "act", "action": action, "version": self.view["version"]}))


def test_a_coinche_shows_a_banner_that_outlives_the_redraws(
    table_page: Callable[..., Any], live_server: LiveServer
) -> None:
    page = table_page()
    become_guest(page, "Colette")
    page.get_by_test_id("nav-create").click()
    page.get_by_test_id("create-form").wait_for()
    page.get_by_test_id("create-game").select_option("belote")
    page.get_by_test_id("create-preset-contree").check()
    page.get_by_test_id("create-clock").select_option("0")
    page.get_by_test_id("create-submit").click()
    page.get_by_test_id("waiting-room").wait_for()
    match = re.search(r"/table/([^/?#]+)", page.url)
    assert match, page.url
    table_id = match.group(1)
    page.get_by_test_id("sit-0").click()
    page.get_by_test_id("leave-seat").wait_for()
    others = [Seat(live_server, table_id, seat, name) for seat, name in ((1, "Est"), (2, "Sud"), (3, "Ouest"))]
    with contextlib.ExitStack() as stack:
        page.locator("[data-testid=start-table]:not([disabled])").wait_for()
        page.get_by_test_id("start-table").click()
        page.get_by_test_id("board").wait_for()
        layer = page.get_by_test_id("banner-layer")
        assert layer.get_attribute("role") == "status" and layer.get_attribute("aria-live") == "polite"
        for s in others:
            s.connect(stack)
        # The auction: somebody bids, the next seat (the other side) coinches; this page only passes.
        bid = False
        coinched = 0
        deadline = time.monotonic() + 20
        while not page.get_by_test_id("banner").count():
            assert time.monotonic() < deadline, "no banner for the coinche"
            for s in others:
                s.read()
            if my_turn(page):
                version = board_version(page)
                page.locator("[data-testid=legal-action][data-action=pass]").click()
                wait_for_version_after(page, version)
                continue
            view = next((s.view for s in others if s.view), None)
            if view is None:
                continue
            mover = next((s for s in others if s.seat == view["current_player"]), None)
            if mover is None or mover.view is None or mover.view["version"] != view["version"]:
                continue
            legal = [c["action"] for c in mover.view["legal"]]
            bids = [a for a in legal if a.startswith("bid:")]
            choice = "coinche" if "coinche" in legal else bids[0] if bids and not bid else "pass"
            bid = bid or choice.startswith("bid:")
            if choice == "coinche":
                coinched = mover.view["version"] + 1
            mover.act(choice)
            mover.read(timeout=0.3)
        banner = page.get_by_test_id("banner")
        assert banner.inner_text().strip() == "Coinche!"
        assert layer.get_by_test_id("banner").count() == 1, "the banner is in the status layer"
        # The state that follows the event redraws the board; the banner is still there, then goes.
        page.wait_for_function(
            "v => document.querySelector('[data-testid=board]').dataset.version === String(v)"
            " && document.querySelector('[data-testid=banner]') !== null",
            arg=coinched,
        )
        page.get_by_test_id("banner").wait_for(state="detached", timeout=5000)
        assert "tapete-banner" in animations(page)
