"""Regenerate docs/screenshots/: every screen of the browser table at a laptop and a phone size.

    python tools/screenshots.py [--out docs/screenshots] [--only laptop|phone]

Starts a real ``tapete serve`` on a free loopback port with a temporary database (bots at zero
delay), drives Debian's Chromium ($TAPETE_CHROMIUM or /usr/bin/chromium) through Playwright the
way a person would (a guest name, the create form, the waiting room, a Guiñote match against
three bots, a Belote auction, a Brisca table, the replay and its analysis, the lobby, a rules page) and writes one
PNG per screen and size.
The server is stopped at the end, whatever happens. With Pillow installed the PNGs are reduced
to a 64-colour palette, which keeps the folder small.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"laptop": {"width": 1366, "height": 800}, "phone": {"width": 390, "height": 844}}
DEADLINE_S = 180
#: Bots a little slower than in the tests: the end-of-deal box stays until the next deal's first card,
#: which comes four bot delays after the last trick, long enough to be caught on a picture.
BOT_DELAY = "0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def tapete_serve() -> Iterator[str]:
    """A real ``tapete serve`` on a free loopback port and a temporary database; its base URL."""
    with tempfile.TemporaryDirectory(prefix="tapete-shots-") as folder:
        port = free_port()
        env = dict(os.environ, TAPETE_HOME=folder)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT / "src"), env.get("PYTHONPATH", "")) if p)
        command = [sys.executable, "-m", "tapete.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
        command += ["--database", f"sqlite:///{Path(folder) / 'tapete.db'}", "--bot-delay", BOT_DELAY]
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                if server.poll() is not None:
                    err = server.stderr.read().decode() if server.stderr else ""
                    raise SystemExit(f"tapete serve stopped: {err.strip()}")
                try:
                    with urllib.request.urlopen(url + "/", timeout=1):
                        break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit("tapete serve did not answer within 30 s") from None
                    time.sleep(0.2)
            yield url
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


class Shooter:
    """One person in one browser context at one size, writing ``<screen>-<size>.png``."""

    def __init__(self, browser: Any, url: str, size: str, out: Path) -> None:
        self.size = size
        self.out = out
        self.context = browser.new_context(
            base_url=url, locale="en-US", viewport=SIZES[size], reduced_motion="reduce", device_scale_factor=1
        )
        self.context.set_default_timeout(20_000)
        self.page = self.context.new_page()
        self.written: list[Path] = []
        self.end_of_deal_shot = False

    def shot(self, screen: str, settle: bool = True) -> None:
        if settle:
            self.page.wait_for_timeout(300)  # let a redraw settle
        path = self.out / f"{screen}-{self.size}.png"
        self.page.screenshot(path=str(path), animations="disabled")
        if path not in self.written:
            self.written.append(path)
        print(f"  {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}", flush=True)

    # ------------------------------------------------------------ the steps a person takes
    def tid(self, testid: str) -> Any:
        return self.page.get_by_test_id(testid)

    def become_guest(self, name: str) -> None:
        self.page.goto("/")
        self.tid("guest-name").fill(name)
        self.tid("guest-submit").click()
        self.tid("me-name").wait_for()

    def open_create(self, game: str, preset: str) -> None:
        # A box still over the table (the match is over, a deal's breakdown) closes by Escape, as for a person.
        for _ in range(5):
            if not self.page.locator("[role=dialog].overlay").count():
                break
            self.page.keyboard.press("Escape")
            self.page.wait_for_timeout(100)
        self.tid("nav-create").click()
        self.tid("create-form").wait_for()
        self.tid("create-game").select_option(game)
        self.tid(f"create-preset-{preset}").check()

    def create(self, target: int | None = None) -> None:
        if target is not None:
            self.tid("create-target").fill(str(target))
        self.tid("create-clock").select_option("0")
        self.tid("create-submit").click()
        self.tid("waiting-room").wait_for()

    def sit_with_bots(self) -> None:
        self.tid("sit-0").click()
        self.tid("leave-seat").wait_for()
        self.tid("fill-bots").click()
        self.page.locator("[data-testid=start-table]:not([disabled])").wait_for()

    def start(self) -> None:
        self.tid("start-table").click()
        self.tid("board").wait_for()
        self.page.locator("[data-testid=hand-card]").first.wait_for()

    def my_turn(self) -> bool:
        return self.page.locator("[data-testid=turn-banner][data-my-turn=true]").count() > 0

    def play_one(self) -> None:
        """Click the first legal card or button, if it is my turn."""
        if not self.my_turn():
            self.page.wait_for_timeout(30)
            return
        if self.tid("breakdown-continue").count():  # the end-of-deal box may lie over the hand
            with contextlib.suppress(Exception):
                self.tid("breakdown-continue").click(timeout=2000)
        for selector in ("[data-testid=hand-card][data-legal=true]", "[data-testid=legal-action]"):
            target = self.page.locator(selector)
            if target.count():
                with contextlib.suppress(Exception):  # the page redrew under the click: again next time
                    target.first.click(timeout=2000)
                return
        self.page.wait_for_timeout(30)

    def play_until(self, done: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + DEADLINE_S
        while not done():
            if time.monotonic() > deadline:
                raise SystemExit(f"timed out waiting for {what}")
            if not self.end_of_deal_shot and self.tid("deal-breakdown").count():
                # The box stays until the next deal's play begins: catch it whichever deal ends first.
                self.shot("end-of-deal", settle=False)
                # Kept only if the box was still there after the picture (else: the next deal's).
                self.end_of_deal_shot = self.tid("deal-breakdown").count() > 0
            self.play_one()

    def trick_size(self) -> int:
        return self.page.locator("[data-testid=trick-card]").count()

    def analysed_replay(self) -> None:
        """The replay's analysis: asked for, then a frame late in the match where a full trick wears its
        costs (one of them a loss, when the match has one)."""
        drawer = self.tid("side-toggle").is_visible()  # on a phone the side panel is a drawer
        if drawer:
            self.tid("side-toggle").click()
        self.tid("replay-analyse").click()
        self.tid("analysis-totals").wait_for(timeout=DEADLINE_S * 1000)
        if drawer:
            self.shot("replay-analysis-totals")
            self.tid("side-close").click()
        self.tid("replay-last").click()
        best = None
        for _ in range(80):
            badges = self.page.locator("[data-testid=cost-badge]")
            if badges.count() >= 3:
                if self.page.locator(".cost-badge.cost-lost").count():
                    best = None
                    break
                if best is None:
                    best = self.tid("replay-counter").inner_text()
            self.tid("replay-prev").click()
        if best is not None:  # no trick with a loss: the last full trick found
            while self.tid("replay-counter").inner_text() != best:
                self.tid("replay-next").click()
        self.shot("replay-analysis")


def shoot(browser: Any, url: str, size: str, out: Path) -> list[Path]:
    s = Shooter(browser, url, size, out)
    try:
        s.become_guest("Ana")

        # The create form, then a short Guiñote match against three bots.
        s.open_create("guinote", "clasico")
        s.shot("create")
        s.create(target=90)
        s.sit_with_bots()
        s.shot("waiting-room")
        s.start()
        s.play_until(lambda: s.my_turn() and s.trick_size() >= 2, "a Guiñote trick in play")
        s.shot("guinote-play")
        s.play_until(lambda: s.tid("match-over").count() > 0, "the end of the match")
        s.shot("match-over")
        s.tid("match-replay").click()
        s.tid("replay").wait_for()
        for _ in range(6):
            s.tid("replay-next").click()
        s.shot("replay")
        s.analysed_replay()

        # A Belote auction: the bidding box when my turn to bid comes.
        s.open_create("belote", "classique")
        s.create()
        s.sit_with_bots()
        s.start()
        deadline = time.monotonic() + DEADLINE_S
        while not s.my_turn():
            if time.monotonic() > deadline:
                raise SystemExit("timed out waiting for my bid")
            s.page.wait_for_timeout(50)
        s.shot("belote-auction")
        if not s.end_of_deal_shot:  # the Guiñote match ended in its first deal: end a Belote deal
            try:
                s.play_until(lambda: s.end_of_deal_shot, "the end of a Belote deal")
            except SystemExit as e:  # known: a Belote deal at 1366x800 can stall here (see the report)
                print(f"warning: no end-of-deal screenshot at {s.size} size: {e}", file=sys.stderr)

        # A Brisca table, a trick in play.
        s.open_create("brisca", "brisca")
        s.create()
        s.sit_with_bots()
        s.start()
        s.play_until(lambda: s.my_turn() and s.trick_size() >= 2, "a Brisca trick in play")
        s.shot("brisca-play")

        # The lobby, with the tables above in it.
        s.tid("nav-lobby").click()
        s.page.wait_for_timeout(500)
        s.shot("lobby")

        # The rules page of a preset, as the create form and the table link it.
        s.page.goto("/rules/guinote/aragones")
        s.page.get_by_text("sota above caballo").first.wait_for()
        s.shot("rules")
        return s.written
    finally:
        s.context.close()


def optimize(paths: list[Path]) -> None:
    """Reduce each PNG to a 64-colour palette (a third of its size or less), if Pillow is there."""
    try:
        from PIL import Image
    except ImportError:
        print("Pillow is not installed: the PNGs are left as Chromium wrote them", file=sys.stderr)
        return
    for path in paths:
        with Image.open(path) as image:
            small = image.convert("RGB").quantize(colors=64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        small.save(path, optimize=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--only", choices=sorted(SIZES), help="one size only")
    args = parser.parse_args(argv)
    chromium = os.environ.get("TAPETE_CHROMIUM") or "/usr/bin/chromium"
    if not (shutil.which(chromium) if not os.path.isabs(chromium) else os.access(chromium, os.X_OK)):
        print(f"error: no Chromium at {chromium}: install Debian's chromium or set $TAPETE_CHROMIUM", file=sys.stderr)
        return 2
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("error: playwright is not installed (pip install -e '.[test]')", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tapete_serve() as url, sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=chromium, headless=True, args=["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]
        )
        try:
            for size in [args.only] if args.only else list(SIZES):
                print(f"{size} ({SIZES[size]['width']}x{SIZES[size]['height']}):", flush=True)
                written += shoot(browser, url, size, args.out)
        finally:
            browser.close()
    optimize(written)
    total = sum(p.stat().st_size for p in written)
    print(f"{len(written)} screenshots, {total // 1024} KB, in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
