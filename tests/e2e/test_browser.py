"""The browser client against the real server, in headless Chromium.

Each test drives the pages the way a person would (names, the create form, the waiting room,
clicks on cards and buttons) and checks what the pages show; where the truth is only on the
server (the hidden hands), the test reads it from the server's own tables.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

import pytest

from tests.e2e.conftest import LiveServer, first_to_act

pytestmark = pytest.mark.browser

#: A seat, team or bot told as number 0, in any of the three languages: never shown to people.
SEAT_ZERO = re.compile(r"\b(?:seats?|jugador|joueur|team|pareja|équipe|bot|robot|asiento|place)\s+0\b", re.I)

#: Longest a whole match or deal may take in these tests (bots play with no delay).
PLAY_DEADLINE_S = 90


# ---------------------------------------------------------------- helpers
def become_guest(page: Any, name: str, path: str = "/") -> None:
    page.goto(path)
    page.get_by_test_id("guest-name").fill(name)
    page.get_by_test_id("guest-submit").click()
    page.get_by_test_id("me-name").wait_for()


def create_table(
    page: Any, game: str, preset: str, target: int | None = None, spectators_see_hands: bool = False
) -> str:
    """Fill the create form; returns the new table's id (from the page's address)."""
    page.get_by_test_id("nav-create").click()
    page.get_by_test_id("create-form").wait_for()
    page.get_by_test_id("create-game").select_option(game)
    page.get_by_test_id(f"create-preset-{preset}").check()
    if target is not None:
        page.get_by_test_id("create-target").fill(str(target))
    page.get_by_test_id("create-clock").select_option("0")
    if spectators_see_hands:
        page.get_by_test_id("create-spectators").check()
    page.get_by_test_id("create-submit").click()
    page.get_by_test_id("waiting-room").wait_for()
    match = re.search(r"/table/([^/?#]+)", page.url)
    assert match, page.url
    return match.group(1)


def sit_and_fill_with_bots(page: Any, seat: int = 0, level: str = "easy") -> None:
    page.get_by_test_id(f"sit-{seat}").click()
    page.get_by_test_id("leave-seat").wait_for()
    page.get_by_test_id("fill-bots-level").select_option(level)
    page.get_by_test_id("fill-bots").click()
    page.locator("[data-testid=start-table]:not([disabled])").wait_for()


def start(page: Any) -> None:
    page.get_by_test_id("start-table").click()
    page.get_by_test_id("board").wait_for()


def my_turn(page: Any) -> bool:
    return page.locator("[data-testid=turn-banner][data-my-turn=true]").count() > 0


def play_first_legal(page: Any, prefer_take: bool = False) -> bool:
    """Click the first legal card or button (a Belote "take" first if asked) and wait for the table to move on.

    False if there is nothing to click. A click that lands while the page redraws is tried again.
    """
    deadline = time.monotonic() + 10
    while True:
        choices = []
        if prefer_take:
            choices.append(page.locator("[data-testid=legal-action][data-kind=take]"))
        choices += [page.locator("[data-testid=hand-card][data-legal=true]"), page.get_by_test_id("legal-action")]
        target = next((c.first for c in choices if c.count()), None)
        if target is None:
            return False
        version = board_version(page)
        try:
            target.click(timeout=2000)
        except Exception:
            assert time.monotonic() < deadline, "no legal card or button could be clicked"
            continue
        wait_for_version_after(page, version)
        return True


def board_version(page: Any) -> int:
    value = page.get_by_test_id("board").get_attribute("data-version")
    return int(value or 0)


def wait_for_version_after(page: Any, version: int, timeout_s: float = 10) -> None:
    deadline = time.monotonic() + timeout_s
    while board_version(page) <= version:
        assert time.monotonic() < deadline, "the table did not move on after a click"
        time.sleep(0.02)


def table_id_of(page: Any) -> str:
    match = re.search(r"/table/([^/?#]+)", page.url)
    assert match, page.url
    return match.group(1)


def hands_on_server(server: LiveServer, table_id: str) -> tuple[list[list[str]], list[list[str]]]:
    """Every seat's hand and its publicly known cards, as the server holds them (card strings)."""
    from tapete.server.wire import cards_str

    table = server.live_table(table_id)
    session = table.session
    hands, known = [], []
    for seat in range(session.match.players):
        obs = session.game.observe(session.match, seat)
        hands.append(cards_str(session.game, obs.rules, obs.hand))
        known.append([c for m in getattr(obs, "known", ()) for c in cards_str(session.game, obs.rules, _bits(m))])
    return hands, known


def _bits(mask: int) -> list[int]:
    return [i for i in range(mask.bit_length()) if mask >> i & 1]


def wait_until(predicate: Callable[[], bool], timeout_s: float = 15, what: str = "condition", page: Any = None) -> None:
    """Poll ``predicate``; with ``page``, wait through Playwright so that its event handlers run meanwhile."""
    deadline = time.monotonic() + timeout_s
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        if page is not None:
            page.wait_for_timeout(50)
        else:
            time.sleep(0.05)


# ---------------------------------------------------------------- (a) a whole Guiñote match
def test_one_player_and_three_bots_finish_a_guinote_match(new_page: Callable[..., Any]) -> None:
    page = new_page()
    become_guest(page, "Ana")
    # A short target: one side reaches it within a deal or two.
    table_id = create_table(page, "guinote", "clasico", target=90)
    sit_and_fill_with_bots(page)
    # Seats for people: numbered 1 to 4, never 0; teams 1 and 2.
    room = page.get_by_test_id("waiting-room").inner_text()
    assert "Seat 4" in room and "Team 2" in room and not SEAT_ZERO.search(room), room
    start(page)
    page.locator("[data-testid=hand-card]").first.wait_for()
    assert page.locator("[data-testid=hand-card]").count() == 6
    assert page.locator("[data-testid=indicator-card]").count() == 1, "the trump indicator is shown"
    # Bots are named by seat and level in the viewer's language; the log names seats too.
    assert page.get_by_test_id("seat-name-1").inner_text() == "Bot 2 (easy)"

    deadline = time.monotonic() + PLAY_DEADLINE_S
    actions = 0
    while not page.get_by_test_id("match-over").count():
        assert time.monotonic() < deadline, "the match did not end"
        if my_turn(page) and play_first_legal(page):
            actions += 1
        else:
            time.sleep(0.03)
    assert actions >= 10, "the person played every trick of at least one deal"
    log = page.get_by_test_id("event-log").inner_text()
    assert "Ana played" in log and "Bot 2 (easy) played" in log and "Seat 2 played" not in log, log[-500:]
    assert not re.search(r"\b[2-7JQKA][♠♥♦♣]", log), "a Spanish card named with French faces"
    over = page.get_by_test_id("match-over")
    # Teams are named by who sits in them, the viewer's as "you and <partner>".
    assert re.search(r"you and Bot 3 \(easy\)|Bot 2 \(easy\) and Bot 4 \(easy\)", over.inner_text()), over.inner_text()
    body = page.locator("body").inner_text()
    assert not SEAT_ZERO.search(body), SEAT_ZERO.search(body)
    assert page.get_by_test_id("board").get_attribute("data-match-over") == "true"

    # The replay of the finished game steps through its frames with every hand face up.
    page.get_by_test_id("match-replay").click()
    page.get_by_test_id("replay").wait_for()
    assert page.get_by_test_id("replay-counter").inner_text().startswith("0 / ")
    assert page.locator("[data-testid=seat-card]").count() == 4 * 6, "all hands are shown in a replay"
    page.get_by_test_id("replay-next").click()
    assert page.get_by_test_id("replay-counter").inner_text().startswith("1 / ")
    assert page.get_by_test_id("replay-frame-text").inner_text().strip()
    page.get_by_test_id("replay-last").click()
    assert page.locator("[data-testid=seat-card]").count() == 0, "the last frame: every card played"

    # ... and the game is in "my games", with its record to download.
    page.get_by_test_id("nav-games").click()
    row = page.locator(f"[data-testid=my-game][data-table-id='{table_id}']")
    row.wait_for()
    with page.expect_download() as download:
        row.get_by_test_id("my-game-download").click()
    assert download.value.suggested_filename.endswith(".json")


# ---------------------------------------------------------------- (b) four people play a Belote deal
def test_four_browser_players_complete_a_belote_deal(new_page: Callable[..., Any]) -> None:
    owner = new_page()
    become_guest(owner, "Nord")
    create_table(owner, "belote", "classique")
    owner.get_by_test_id("sit-0").click()
    owner.get_by_test_id("leave-seat").wait_for()
    invite = owner.get_by_test_id("invite-link").input_value()
    assert re.search(r"/t/[A-Z0-9]{8}$", invite), invite

    pages = [owner]
    for seat, name in ((1, "Est"), (2, "Sud"), (3, "Ouest")):
        page = new_page()
        become_guest(page, name, path=urlparse(invite).path)
        page.get_by_test_id(f"sit-{seat}").click()
        page.get_by_test_id("leave-seat").wait_for()
        pages.append(page)
    owner.locator("[data-testid=start-table]:not([disabled])").wait_for()
    owner.get_by_test_id("start-table").click()
    for page in pages:
        page.get_by_test_id("board").wait_for()
    names = [pages[0].get_by_test_id(f"seat-name-{s}").inner_text() for s in range(4)]
    assert names == ["Nord", "Est", "Sud", "Ouest"]
    owner.get_by_test_id("chat-input").fill("¡Hola! <b>bonjour</b>")
    owner.get_by_test_id("chat-send").click()
    line = pages[2].get_by_test_id("chat-line").last
    line.wait_for()
    assert line.inner_text() == "Nord: ¡Hola! <b>bonjour</b>", "chat text is shown as text, never as markup"

    deadline = time.monotonic() + PLAY_DEADLINE_S
    explained = False
    while all(p.get_by_test_id("board").get_attribute("data-deal") == "1" for p in pages):
        assert time.monotonic() < deadline, "the deal did not end"
        moved = False
        for page in pages:
            # Nobody acts in the next deal: its first action closes the last deal's breakdown.
            if not my_turn(page) or page.get_by_test_id("board").get_attribute("data-deal") != "1":
                continue
            illegal = page.locator("[data-testid=hand-card][data-legal=false]")
            if not explained and page.get_by_test_id("board").get_attribute("data-phase") == "play" and illegal.count():
                # A card the rules forbid: the server says why and nothing changes.
                version = board_version(page)
                illegal.first.click()
                error = page.get_by_test_id("error-message")
                error.wait_for()
                assert error.inner_text().strip()
                assert board_version(page) == version
                explained = True
            moved = play_first_legal(page, prefer_take=True) or moved
        if not moved:
            time.sleep(0.03)
    for page in pages:
        wait_until(lambda p=page: p.get_by_test_id("board").get_attribute("data-deal") == "2", what="the next deal")
    assert explained, "some player had a card the rules forbid during the deal"
    assert any(p.get_by_test_id("deal-breakdown").count() for p in pages), "the deal's breakdown is shown"


# ---------------------------------------------------------------- (c) a reload keeps the seat
def test_a_reload_mid_trick_takes_the_same_seat_back(new_page: Callable[..., Any]) -> None:
    page = new_page()
    become_guest(page, "Berta")
    create_table(page, "guinote", "clasico", target=30)
    sit_and_fill_with_bots(page, seat=2)
    start(page)

    # Play until it is my turn with a trick in progress (someone led before me).
    deadline = time.monotonic() + PLAY_DEADLINE_S
    while not (my_turn(page) and page.locator("[data-testid=trick-card]:not(.held)").count()):
        assert time.monotonic() < deadline
        if not (my_turn(page) and play_first_legal(page)):
            time.sleep(0.03)
    hand = page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    trick = page.locator("[data-testid=trick-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    version = board_version(page)

    page.reload()
    page.get_by_test_id("board").wait_for()
    wait_until(lambda: my_turn(page), what="my turn after the reload")
    board = page.get_by_test_id("board")
    assert board.get_attribute("data-seat") == "2"
    assert board_version(page) == version
    assert page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)") == hand
    assert page.locator("[data-testid=trick-card]").evaluate_all("els => els.map(e => e.dataset.card)") == trick
    assert play_first_legal(page)
    assert page.locator("[data-testid=hand-card]").count() < len(hand) or board_version(page) > version


# ---------------------------------------------------------------- (d) spectators see no hidden card
def test_a_spectators_page_holds_no_hidden_card(new_page: Callable[..., Any], live_server: LiveServer) -> None:
    player = new_page()
    become_guest(player, "Carmen")
    create_table(player, "guinote", "clasico", target=30)
    sit_and_fill_with_bots(player)
    start(player)
    table_id = table_id_of(player)
    code = player.get_by_test_id("table-code").inner_text().split()[-1]

    watcher = new_page()
    become_guest(watcher, "Mirón", path=f"/t/{code}")
    watcher.get_by_test_id("board").wait_for()
    watcher.get_by_test_id("spectator-note").wait_for()
    assert watcher.locator("[data-testid=hand-card]").count() == 0

    for checkpoint in range(3):
        # The person's turn: the bots wait, so the server's hands and both pages agree.
        wait_until(lambda: my_turn(player), what="the person's turn")
        version = board_version(player)
        wait_until(lambda v=version: board_version(watcher) == v, what="the spectator to catch up")
        hands, known = hands_on_server(live_server, table_id)
        public = {c for seat_known in known for c in seat_known}
        seen = set(watcher.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
        html = watcher.content()
        for seat, hand in enumerate(hands):
            for card in hand:
                if card in public:
                    continue
                assert f'data-card="{card}"' not in html, f"checkpoint {checkpoint}: seat {seat}'s {card} leaked"
        assert not (seen & {c for h in hands for c in h}) - public
        # The player's own page shows their hand and nobody else's.
        mine = set(player.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
        assert mine == set(hands[0])
        others = {c for h in hands[1:] for c in h} - public
        player_html = player.content()
        assert not [c for c in others if f'data-card="{c}"' in player_html]
        for _ in range(2):
            wait_until(lambda: my_turn(player), what="the person's turn")
            assert play_first_legal(player)


# ---------------------------------------------------------------- (e) Spanish
def test_the_language_switch_shows_spanish_and_is_remembered(new_page: Callable[..., Any]) -> None:
    page = new_page()
    become_guest(page, "Dolores")
    assert page.get_by_test_id("nav-lobby").inner_text() == "Lobby"
    page.get_by_test_id("lang-es").click()
    wait_until(lambda: page.get_by_test_id("nav-lobby").inner_text() == "Salón", what="Spanish")
    assert page.get_by_test_id("welcome").inner_text() == "Hola, Dolores."
    assert page.locator("html").get_attribute("lang") == "es"

    page.reload()
    page.get_by_test_id("welcome").wait_for()
    assert page.get_by_test_id("nav-create").inner_text() == "Nueva mesa"

    # At a table the server's own texts (the log, the choices) come in Spanish too.
    create_table(page, "guinote", "clasico", target=30)
    assert "Asientos" in page.get_by_test_id("waiting-room").inner_text()
    sit_and_fill_with_bots(page)
    start(page)
    wait_until(lambda: my_turn(page), what="my turn")
    assert page.get_by_test_id("turn-banner").inner_text() == "Te toca"
    assert page.get_by_test_id("seat-name-2").inner_text() == "Bot 3 (fácil)"
    assert play_first_legal(page)
    wait_until(lambda: "jugó" in page.get_by_test_id("event-log").inner_text(), what="Spanish narration")
    page.get_by_test_id("lang-fr").click()
    wait_until(lambda: page.get_by_test_id("nav-lobby").inner_text() == "Salon", what="French")


# ---------------------------------------------------------------- Guiñote with French cards
def test_the_frances_preset_draws_french_faces(new_page: Callable[..., Any]) -> None:
    page = new_page()
    become_guest(page, "Fermina")
    create_table(page, "guinote", "frances")
    sit_and_fill_with_bots(page)
    start(page)
    page.locator("[data-testid=hand-card]").first.wait_for()
    labels = page.locator("[data-testid=hand-card] svg").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert labels and all(re.search(r" of (hearts|diamonds|spades|clubs)$", x) for x in labels), labels
    cards = page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert all(re.fullmatch(r"[1-7SCR][oceb]", c) for c in cards), "the card strings stay Guiñote's"


# ---------------------------------------------------------------- a dropped connection
def test_a_dropped_connection_reconnects_and_catches_up(new_page: Callable[..., Any]) -> None:
    page = new_page()
    sockets: list[Any] = []
    hellos: list[dict[str, Any]] = []

    def through_the_test(ws: Any) -> None:
        # Stand between the page and the server to drop the connection at will and read the hellos.
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "hello":
                hellos.append(data)
            server.send(message)

        ws.on_message(from_page)
        sockets.append(ws)

    page.route_web_socket(re.compile(r"/ws/"), through_the_test)
    become_guest(page, "Elena")
    create_table(page, "guinote", "clasico", target=30)
    sit_and_fill_with_bots(page)
    start(page)
    for _ in range(2):
        wait_until(lambda: my_turn(page), what="my turn")
        assert play_first_legal(page)
    wait_until(lambda: my_turn(page), what="my turn")
    version = board_version(page)
    hand = page.locator("[data-testid=hand-card]").count()

    sockets[-1].close()
    wait_until(lambda: len(hellos) >= 2, what="a new hello", page=page)
    assert hellos[-1]["since"] == version, "the page asks only for what it missed"
    assert hellos[-1]["token"] == hellos[0]["token"], "the same seat"
    wait_until(lambda: not page.get_by_test_id("connection-status").is_visible(), what="the connection to come back")
    wait_until(lambda: my_turn(page), what="my turn after reconnecting")
    assert board_version(page) == version
    assert play_first_legal(page)
    assert page.locator("[data-testid=hand-card]").count() in (hand - 1, hand), "the play went through"


# ---------------------------------------------------------------- accounts
def test_register_sign_out_and_sign_in_again(new_page: Callable[..., Any]) -> None:
    page = new_page()
    page.goto("/")
    page.get_by_test_id("identity-tab-register").click()
    page.get_by_test_id("register-name").fill("Rita")
    page.get_by_test_id("register-password").fill("una clave larga")
    page.get_by_test_id("register-submit").click()
    assert page.get_by_test_id("me-name").inner_text() == "Rita"
    page.get_by_test_id("signout").click()
    page.get_by_test_id("identity").wait_for()

    page.get_by_test_id("identity-tab-login").click()
    page.get_by_test_id("login-name").fill("Rita")
    page.get_by_test_id("login-password").fill("not the password")
    page.get_by_test_id("login-submit").click()
    wait_until(lambda: bool(page.get_by_test_id("identity-error").inner_text().strip()), what="the refusal")
    assert page.get_by_test_id("me-name").count() == 0
    page.get_by_test_id("login-password").fill("una clave larga")
    page.get_by_test_id("login-submit").click()
    assert page.get_by_test_id("me-name").inner_text() == "Rita"


# ---------------------------------------------------------------- Brisca: a third game through the same page
def test_one_player_and_three_bots_play_a_brisca_deal_with_the_spanish_deck(new_page: Callable[..., Any]) -> None:
    """The page knows no game: Brisca is played with the faces, names and buttons the server sends."""
    page = new_page()
    become_guest(page, "Ana")
    create_table(page, "brisca", "brisca")
    sit_and_fill_with_bots(page)
    start(page)
    page.locator("[data-testid=hand-card]").first.wait_for()
    assert page.locator("[data-testid=hand-card]").count() == 3, "three cards in hand"
    assert page.locator("[data-testid=indicator-card]").count() == 1, "the trump card under the stock"
    cards = page.locator("[data-testid=hand-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert all(re.fullmatch(r"[1-7SCR][oceb]", c) for c in cards), cards
    labels = page.locator("[data-testid=hand-card] svg").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert labels and all(re.search(r" of (oros|copas|espadas|bastos)$", x) for x in labels), labels
    # The trump is shown as its Spanish suit symbol.
    assert page.locator("[data-testid=trump] svg").count() == 1

    deadline = time.monotonic() + PLAY_DEADLINE_S
    deal = page.get_by_test_id("board").get_attribute("data-deal")
    actions = 0
    while (
        page.get_by_test_id("board").get_attribute("data-deal") == deal
        and not page.get_by_test_id("match-over").count()
    ):
        assert time.monotonic() < deadline, "the deal did not end"
        if page.get_by_test_id("deal-breakdown").count():
            break
        if my_turn(page) and play_first_legal(page):
            actions += 1
        else:
            time.sleep(0.03)
    assert actions >= 10, "the person played every trick of the deal (40 cards, 4 players)"
    log = page.get_by_test_id("event-log").inner_text()
    assert "Ana played" in log and "Bot 2 (easy) played" in log, log[-500:]
    assert not re.search(r"\b(?:[2-7JQKA]|10)[♠♥♦♣]", log), "a Spanish card named with French faces"


# ---------------------------------------------------------------- issue 13: the table's bugs
def test_the_create_form_fills_each_presets_own_values(new_page: Callable[..., Any]) -> None:
    """Choosing a preset fills the target and every option with that preset's value, not the
    base rules' default (contrée to 1500, not 1000), and a table created so plays to it."""
    page = new_page()
    become_guest(page, "Cécile")
    page.get_by_test_id("nav-create").click()
    page.get_by_test_id("create-form").wait_for()
    page.get_by_test_id("create-game").select_option("belote")
    expected = {
        "classique-501": "501",
        "contree": "1500",
        "coinche": "2000",
        "belote-a-deux": "501",
        "classique": "1000",
    }
    for preset, target in expected.items():
        page.get_by_test_id(f"create-preset-{preset}").check()
        wait_until(
            lambda target=target: page.get_by_test_id("create-target").input_value() == target,
            what=f"{preset} to {target}",
            page=page,
        )
    page.get_by_test_id("create-preset-contree").check()
    page.locator("details.options summary").click()
    assert page.get_by_test_id("create-option-bidding").input_value() == "auction"
    assert page.get_by_test_id("create-option-scoring").input_value() == "contree"
    page.get_by_test_id("create-game").select_option("guinote")
    page.get_by_test_id("create-preset-clasico").check()
    wait_until(lambda: page.get_by_test_id("create-target").input_value() == "100", what="clásico to 100", page=page)
    page.get_by_test_id("create-game").select_option("belote")
    page.get_by_test_id("create-preset-contree").check()
    page.get_by_test_id("create-clock").select_option("0")
    page.get_by_test_id("create-submit").click()
    page.get_by_test_id("waiting-room").wait_for()
    table = page.evaluate(f"fetch('/api/tables/{table_id_of(page)}').then(r => r.json())")
    assert table["target"] == 1500 and table["options"] == {}, table


def test_the_deal_over_box_closes_when_the_next_deal_is_played(new_page: Callable[..., Any]) -> None:
    page = new_page()
    become_guest(page, "Benita")
    create_table(page, "guinote", "clasico-2p", target=400)
    sit_and_fill_with_bots(page)
    start(page)
    page.locator("[data-testid=hand-card]").first.wait_for()
    deadline = time.monotonic() + PLAY_DEADLINE_S
    while True:
        assert time.monotonic() < deadline, "the second deal was not played"
        deal = page.get_by_test_id("deal-number").inner_text()
        if "2" in deal and page.locator("[data-testid=trick-card]").count():
            break
        if my_turn(page) and page.get_by_test_id("deal-breakdown").count() == 0:
            play_first_legal(page)
        elif my_turn(page) and page.get_by_test_id("deal-breakdown").count():
            # The next deal waits for me: the box is there until I play, then goes.
            play_first_legal(page)
        else:
            page.wait_for_timeout(30)
    # The next deal is being played: no box over its trick.
    assert page.get_by_test_id("deal-breakdown").count() == 0, "the end-of-deal box covers the next deal"
    # ... and a language switch does not bring it back.
    page.get_by_test_id("lang-es").click()
    wait_until(lambda: page.get_by_test_id("nav-lobby").inner_text() == "Salón", what="Spanish", page=page)
    page.wait_for_timeout(500)
    assert page.get_by_test_id("deal-breakdown").count() == 0, "the language switch brought the box back"
    page.get_by_test_id("lang-en").click()


def test_the_match_over_box_says_the_match_result_and_escape_closes_it(
    new_page: Callable[..., Any], live_server: LiveServer
) -> None:
    page = new_page()
    become_guest(page, "Pilar")
    table_id = create_table(page, "guinote", "aragones-2p", target=30)
    sit_and_fill_with_bots(page)
    start(page)
    deadline = time.monotonic() + PLAY_DEADLINE_S * 2
    while not page.get_by_test_id("match-over").count():
        assert time.monotonic() < deadline, "the match did not end"
        if not (my_turn(page) and play_first_legal(page)):
            page.wait_for_timeout(30)
    match = live_server.live_table(table_id).session.match
    partidas = " \u2013 ".join(str(p) for p in match.partidas)
    assert max(match.partidas) == 3
    assert page.get_by_test_id("match-headline").inner_text() in ("You won!", "You lost.")
    result = page.get_by_test_id("match-result").inner_text()
    assert result == f"Partidas: {partidas}", result
    assert "malas" not in result and "buenas" not in result
    page.keyboard.press("Escape")
    wait_until(lambda: page.get_by_test_id("match-over").count() == 0, what="Escape closes the box", page=page)
    page.get_by_test_id("nav-lobby").click()
    page.get_by_test_id("welcome").wait_for()


def test_keyboard_focus_stays_on_the_hand_after_playing_a_card(new_page: Callable[..., Any]) -> None:
    page = new_page()
    become_guest(page, "Teclas")
    create_table(page, "guinote", "clasico", target=400)
    sit_and_fill_with_bots(page)
    start(page)
    focused = "() => document.activeElement && document.activeElement.dataset.testid"
    for _ in range(3):
        wait_until(lambda: my_turn(page), what="my turn", page=page)
        card = page.locator("[data-testid=hand-card][data-legal=true]").first
        card.focus()
        version = board_version(page)
        page.keyboard.press("Enter")
        wait_for_version_after(page, version)
        page.wait_for_timeout(100)
        assert page.evaluate(focused) == "hand-card", "the focus fell back to the page"
        # The next card is played from the keyboard, with no Tab back into the hand.
        wait_until(lambda: my_turn(page), what="my turn", page=page)
        assert page.evaluate(focused) == "hand-card", "the focus fell back to the page while bots played"


def test_the_create_form_speaks_to_players(new_page: Callable[..., Any]) -> None:
    """Options and choices in words (no "sota_high"), presets with their accents and no sources,
    the rule options folded, and a checkbox's label beside its box, not under it."""
    page = new_page(viewport={"width": 390, "height": 844})
    become_guest(page, "Cécile")
    page.get_by_test_id("nav-create").click()
    page.get_by_test_id("create-form").wait_for()
    page.get_by_test_id("create-game").select_option("guinote")
    form = page.get_by_test_id("create-form")
    wait_until(lambda: "Aragonés" in form.inner_text(), what="the presets' names", page=page)
    assert not re.search(r"seeds?\b|\(00\d", form.inner_text()), "a source in the presets"
    options = page.locator("details.options")
    assert options.get_attribute("open") is None, "the rule options are folded"
    assert not page.get_by_test_id("create-option-figure_order").is_visible()
    options.locator("summary").click()
    choice = page.get_by_test_id("create-option-figure_order")
    assert choice.input_value() == "sota_high"  # the value sent stays the id ...
    shown = choice.locator("option:checked").inner_text()
    assert shown and "_" not in shown, shown  # ... what a player reads is words
    assert "sota_high" not in form.inner_text() and "dealer_right" not in form.inner_text()
    page.get_by_test_id("create-game").select_option("belote")
    wait_until(lambda: "Contrée" in form.inner_text(), what="contrée with its accent", page=page)
    # Each checkbox sits on the first line of its label.
    for box in page.locator("form.create label.check").all():
        if not box.is_visible():
            continue
        tick = box.locator("input").bounding_box()
        text = box.locator("span").first.bounding_box()
        assert tick and text and text["x"] > tick["x"] + tick["width"] - 1, box.inner_text()


def test_a_contree_bid_is_made_in_the_bidding_box(new_page: Callable[..., Any], live_server: LiveServer) -> None:
    """The auction is a grid (values by contract) plus pass and coinche, not a list of 60 bids; the score
    panel says which side is mine."""
    page = new_page()
    become_guest(page, "Colette")
    table_id = create_table(page, "belote", "contree")
    # The seat that speaks first: bots cannot end the auction (a capot, a surcoinche) before it bids.
    sit_and_fill_with_bots(page, seat=first_to_act(live_server, table_id))
    start(page)
    wait_until(lambda: my_turn(page), timeout_s=PLAY_DEADLINE_S, what="my turn to bid", page=page)
    page.get_by_test_id("bid-grid").wait_for()
    assert page.get_by_test_id("bid-select").count() == 0
    assert page.locator("[data-testid=legal-action][data-kind=pass]").count() == 1
    assert page.get_by_test_id("your-side").inner_text()
    cell = page.locator("[data-testid=bid-cell][data-contract=h]").first
    label = cell.get_attribute("aria-label") or ""
    assert label and label != cell.get_attribute("data-action"), label  # named in words for screen readers
    version = board_version(page)
    cell.click()
    wait_for_version_after(page, version)
    wait_until(lambda: label in page.get_by_test_id("bids").inner_text(), what="my bid in the bids", page=page)


def test_the_waiting_room_tells_changed_rules_in_words_and_links_the_rules(new_page: Callable[..., Any]) -> None:
    """A rule changed in the create form reads as words in the waiting room ("Order of the sota and the
    caballo: caballo above sota", never ``figure_order=caballo_high``), beside a link to the rules page."""
    page = new_page()
    become_guest(page, "Pilar")
    page.get_by_test_id("nav-create").click()
    page.get_by_test_id("create-form").wait_for()
    page.get_by_test_id("create-game").select_option("guinote")
    page.get_by_test_id("create-preset-aragones").check()
    page.locator("details.options summary").click()
    page.get_by_test_id("create-option-figure_order").select_option("caballo_high")
    page.get_by_test_id("create-clock").select_option("0")
    page.get_by_test_id("create-submit").click()
    page.get_by_test_id("waiting-room").wait_for()
    changed = page.get_by_test_id("changed-rules").inner_text()
    assert "caballo above sota" in changed and "_" not in changed, changed
    link = page.get_by_test_id("table-rules")
    assert link.get_attribute("href") == "/rules/guinote/aragones"


def test_a_seat_opened_on_a_second_device_is_not_fought_over(new_page: Callable[..., Any]) -> None:
    """The same person opens their table on a second device: that one plays, the first says so and offers
    "Play here" instead of taking the seat back by itself (which the second would do in turn, for ever)."""
    first = new_page()
    become_guest(first, "Inés")
    create_table(first, "guinote", "aragones")
    sit_and_fill_with_bots(first)
    start(first)
    url = first.url
    signed_in = first.evaluate("() => localStorage.getItem('tapete.auth')")
    second = new_page()
    second.goto("/")
    second.evaluate("(value) => localStorage.setItem('tapete.auth', value)", signed_in)
    second.goto(url)
    second.get_by_test_id("board").wait_for()
    first.get_by_test_id("seat-moved").wait_for()
    # Nobody takes the seat back by itself: a while later the second device still plays.
    first.wait_for_timeout(1500)
    assert second.get_by_test_id("board").count() == 1 and second.get_by_test_id("seat-moved").count() == 0
    first.get_by_test_id("play-here").click()
    first.get_by_test_id("board").wait_for()
    second.get_by_test_id("seat-moved").wait_for()
