"""Helpers for the server core's tests: an app on a real SQLite store, REST calls, websocket peers,
whole games played over websockets, and the card-leak check.

No mocks: every test runs the real application (Starlette's TestClient drives it in-process on
one event loop, so tables, their bot drivers and the journal run as in production) on a real
SQLite file with the real schema.
"""

from __future__ import annotations

import contextlib
import functools
import json
import random
import re
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import anyio

with warnings.catch_warnings():  # Starlette 1.x suggests httpx2 for its TestClient; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from tapete.core.cards import french, spanish
from tapete.games import GAMES, Game
from tapete.server.app import create_app
from tapete.server.config import ServerConfig
from tapete.server.live import table_rules
from tapete.server.storage import Store
from tapete.server.storage.rows import ActionRow, TableRow
from tapete.table.silent import is_private, settle

#: Settings that make tests fast and deterministic: bots at once, no turn clock, no grace expiry.
FAST: dict[str, Any] = {
    "bot_delay": 0.0,
    "clock_seconds": 0,
    "away_grace": 600.0,
    "journal_linger": 0.0,
    "rate": 10_000.0,
    "burst": 10_000,
}


def config_for(store: Store, **changes: Any) -> ServerConfig:
    return ServerConfig(database_url=store.url.render_as_string(hide_password=False), **{**FAST, **changes})


@contextmanager
def running(store: Store, **changes: Any) -> Iterator[TestClient]:
    """The app on ``store``, started (lifespan: journal, recovery) and stopped around the block."""
    app = create_app(config_for(store, **changes), store)
    with TestClient(app) as client:
        peers: list[Peer] = []
        client.peers = peers  # type: ignore[attr-defined]
        try:
            yield client
        finally:
            for peer in peers:  # an open websocket would keep the test client from stopping
                peer.close()


# ---------------------------------------------------------------- REST
class Api:
    """One person talking to the server over HTTP with their bearer token."""

    def __init__(self, client: TestClient, name: str) -> None:
        self.client = client
        r = client.post("/api/guest", json={"name": name})
        assert r.status_code == 200, r.text
        self.user = r.json()["user"]
        self.token: str = r.json()["token"]
        self.name = name

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def call(self, method: str, path: str, expect: int = 200, **kwargs: Any) -> Any:
        r = self.client.request(method, path, headers=self.headers, **kwargs)
        assert r.status_code == expect, f"{method} {path}: {r.status_code} {r.text}"
        return r.json()

    def get(self, path: str, expect: int = 200, **kwargs: Any) -> Any:
        return self.call("GET", path, expect, **kwargs)

    def post(self, path: str, expect: int = 200, **kwargs: Any) -> Any:
        return self.call("POST", path, expect, **kwargs)

    def delete(self, path: str, expect: int = 200, **kwargs: Any) -> Any:
        return self.call("DELETE", path, expect, **kwargs)


@dataclass
class Setup:
    """A started table: its summary, and each person's seat token."""

    table: dict[str, Any]
    tokens: dict[int, str]
    people: dict[int, Api]

    @property
    def id(self) -> str:
        return str(self.table["id"])


def open_table(
    owner: Api,
    game: str,
    preset: str,
    humans: dict[int, Api],
    level: str = "random",
    start: bool = True,
    bots: bool = True,
    **settings: Any,
) -> Setup:
    """Create a table, seat ``humans`` (seat -> person), fill the rest with bots, and start it."""
    table = owner.post("/api/tables", json={"game": game, "preset": preset, **settings})
    tokens = {}
    for seat, person in humans.items():
        tokens[seat] = person.post(f"/api/tables/{table['id']}/seats/{seat}")["seat_token"]
    for seat in range(table["players"] if bots else 0):
        if seat not in humans:
            owner.post(f"/api/tables/{table['id']}/bots/{seat}", json={"level": level})
    if start:
        table = owner.post(f"/api/tables/{table['id']}/start")["table"]
    return Setup(table, tokens, humans)


# ---------------------------------------------------------------- websockets
class Closed(Exception):
    def __init__(self, code: int) -> None:
        super().__init__(f"websocket closed with code {code}")
        self.code = code


class Peer:
    """One websocket at a table, with every frame it received kept for the leak check."""

    def __init__(self, client: TestClient, table_id: str, lang: str | None = None) -> None:
        path = f"/ws/{table_id}" + (f"?lang={lang}" if lang else "")
        self._cm: Any = client.websocket_connect(path)
        self.ws = self._cm.__enter__()
        getattr(client, "peers", []).append(self)
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.state: dict[str, Any] | None = None
        self.closed: int | None = None

    def hello(self, token: str, since: int | None = None, lang: str = "en") -> dict[str, Any]:
        """Say hello and wait for the welcome (or the error)."""
        self.send({"type": "hello", "token": token, "since": since, "lang": lang})
        return self.until(lambda f: f["type"] in ("welcome", "error"))

    def send(self, message: dict[str, Any]) -> None:
        self.ws.send_text(json.dumps(message))

    def send_text(self, text: str) -> None:
        self.ws.send_text(text)

    def _take(self, message: dict[str, Any]) -> dict[str, Any]:
        if message["type"] == "websocket.close":
            self.closed = int(message.get("code", 1000))
            raise Closed(self.closed)
        text = message["text"]
        frame: dict[str, Any] = json.loads(text)
        self.raw.append(text)
        self.frames.append(frame)
        if frame["type"] == "state":
            self.state = frame["view"]
        return frame

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        async def get() -> Any:
            with anyio.fail_after(timeout):
                return await self.ws._send_rx.receive()

        return self._take(self.ws.portal.call(get))

    def drain(self) -> list[dict[str, Any]]:
        """Every frame already waiting, without blocking."""

        def grab() -> list[Any]:
            out = []
            while True:
                try:
                    out.append(self.ws._send_rx.receive_nowait())
                except (anyio.WouldBlock, anyio.EndOfStream):
                    return out

        return [self._take(m) for m in self.ws.portal.call(grab)]

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 10.0) -> dict[str, Any]:
        while True:
            frame = self.recv(timeout)
            if pred(frame):
                return frame

    def errors(self) -> list[dict[str, Any]]:
        return [f for f in self.frames if f["type"] == "error"]

    def close(self) -> None:
        if self._cm is None:
            return
        cm, self._cm = self._cm, None
        with contextlib.suppress(Exception):
            cm.__exit__(None, None, None)


def my_turn(peer: Peer, seat: int) -> bool:
    s = peer.state
    return bool(s and not s["match_over"] and s["current_player"] == seat and s["seat"] == seat and s["legal"])


def play_out(peers: dict[int, Peer], seed: int = 0, limit: int = 5000, timeout: float = 20.0) -> dict[str, Any]:
    """Play the people's turns (random legal choices) until the match is over; the last state seen."""
    final = advance(peers, lambda state: bool(state["match_over"]), seed, limit, timeout)
    assert final["match_over"]
    return final


def advance(
    peers: dict[int, Peer],
    until: Callable[[dict[str, Any]], bool],
    seed: int = 0,
    limit: int = 5000,
    timeout: float = 20.0,
) -> dict[str, Any]:
    """Play the turns of ``peers`` (random legal choices) until ``until`` holds for the latest state
    any of them saw (checked before each move); returns that state."""
    rng = random.Random(seed)
    # A declined optional decision keeps the version: a seat's turn is told apart by its choices too.
    acted: set[tuple[int, int, tuple[str, ...]]] = set()
    for _ in range(limit):
        for p in peers.values():
            p.drain()
        latest = max((p.state for p in peers.values() if p.state), key=lambda s: s["version"], default=None)
        if latest is not None and (until(latest) or latest["match_over"]):
            return latest
        mover = next((s for s, p in peers.items() if my_turn(p, s) and turn_key(p, s) not in acted), None)
        if mover is None:
            # Somebody else (a bot, or a frame still on its way) is to act: wait for news.
            watcher = next(iter(peers.values()))
            current = latest["current_player"] if latest else -1
            peers.get(current, watcher).recv(timeout)
            continue
        p = peers[mover]
        assert p.state is not None
        version = p.state["version"]
        choice = rng.choice(p.state["legal"])["action"]
        key = turn_key(p, mover)
        acted.add(key)
        p.send({"type": "act", "action": choice, "version": version})
        answer = p.until(functools.partial(answered, version=version, key=key, seat=mover), timeout)
        # A stale click is a race the table may lose fairly: a seat that held an optional decision
        # nobody saw (issue 12 §1) took it publicly (a cante) just before. The page looks again.
        assert answer["type"] != "error" or answer["code"] == "stale_version", answer
    raise AssertionError("the table did not get there")


def turn_key(peer: Peer, seat: int) -> tuple[int, int, tuple[str, ...]]:
    """A seat's turn as its page shows it: the version and the choices (a declined decision keeps the version)."""
    s = peer.state or {}
    return seat, int(s.get("version", -1)), tuple(c["action"] for c in s.get("legal", ()))


def answered(frame: dict[str, Any], version: int, key: tuple[int, int, tuple[str, ...]], seat: int) -> bool:
    """Whether ``frame`` answers an action sent at ``version``: its event, an error, or (a declined
    decision, told to nobody) the seat's fresh view with other choices."""
    if frame["type"] == "error":
        return True
    if frame["type"] == "event":
        return bool(frame["version"] > version)
    if frame["type"] == "state":
        view = frame["view"]
        return (seat, int(view["version"]), tuple(c["action"] for c in view["legal"])) != key
    return False


def told(row: TableRow, actions: list[ActionRow]) -> list[tuple[int, int, str]]:
    """The logged actions everybody was told of, as (version, seat, action): a declined optional
    decision (``game.is_silent``) is logged but has no version of its own (issue 12 §1)."""
    g = GAMES[row.game]
    rules = table_rules(g, row)
    out: list[tuple[int, int, str]] = []
    for a in actions:
        if not g.is_silent(rules, g.parse_action(rules, a.action)):
            out.append((len(out) + 1, a.seat, a.action))
    return out


# ---------------------------------------------------------------- the leak check
def hidden_from(game: Game, match: Any, viewer: int | None) -> set[int]:
    """The cards ``viewer`` (a seat, or None for a spectator) may not see now, from the engine's true state
    as that viewer is shown it (another seat's pending optional decision declined)."""
    state = settle(game, match.deal, viewer)
    n = match.players
    hidden: set[int] = set()
    known = game.observe_deal(state, 0).known
    for s in range(n):
        if s != viewer:
            hidden |= {c for c in _cards(state.hands[s]) if not (known[s] >> c) & 1}
    if viewer is not None:  # a partner's hand the rules show (Brisca "enseñando")
        hidden -= set(getattr(game.observe_deal(state, viewer), "partner_hand", ()))
    if game.name in ("guinote", "brisca"):
        hidden |= set(state.stock)
    else:
        hidden |= set(state.rest) | set(_cards(state.out))
        for s in range(n):
            hidden |= set(_cards(state.hidden[s]))
    return hidden


def _cards(mask: int) -> list[int]:
    return [c for c in range(64) if (mask >> c) & 1]


_GUINOTE_STRING = re.compile(r"(?<![\w-])([1-7SCR][oceb])(?![\w-])")
_BELOTE_STRING = re.compile(r"(?<![\w-])([789TJQKA][shdc])(?![\w-])")
_LABEL = re.compile(r"(?<![\w-])((?:10|[2-9AJQK])[♦♥♠♣])")


def cards_named(game: Game, text: str) -> set[int]:
    """Every card a text names, as a card string (``3o``, ``Jh``) or a label (``3♦``, ``J♥``)."""
    if game.deck(game.rules()).n_cards == 40:  # the Spanish deck (Guiñote, Brisca)
        strings = {spanish.card_str(c): c for c in range(40)}
        labels = {spanish.card_str(c, french=True): c for c in range(40)}
        pattern = _GUINOTE_STRING
    else:
        strings = {french.card_str(c): c for c in range(32)}
        labels = {french.card_str(c, symbols=True): c for c in range(32)}
        pattern = _BELOTE_STRING
    found = {strings[m] for m in pattern.findall(text) if m in strings}
    found |= {labels[m] for m in _LABEL.findall(text) if m in labels}
    lowered = text.lower()
    found |= {c for name, c in _card_names(len(strings)).items() if name in lowered}
    return found


@functools.cache
def _card_names(n_cards: int) -> dict[str, int]:
    """Every card's long name (no article) in every language and faces of a deck of ``n_cards``."""
    from tapete.text.cards import FACES, card_name
    from tapete.text.cards import n_cards as faces_cards
    from tapete.text.language import use_language
    from tapete.text.translations import LANGUAGES

    names: dict[str, int] = {}
    for faces in FACES:
        if faces_cards(faces) != n_cards:
            continue
        for lang in LANGUAGES:
            with use_language(lang):
                names.update({card_name(faces, c, article=False).lower(): c for c in range(n_cards)})
    return names


@dataclass
class Recipient:
    viewer: int | None
    peer: Peer
    sees_all: bool = False
    checked: int = field(default=0)


def public_text(frame: dict[str, Any]) -> str:
    """A state frame's text without its deck table (``cards``, ``suits``: the name of every card of the
    game, the same for everybody, so it tells nothing): what is left must name no hidden card."""
    view = {k: v for k, v in frame["view"].items() if k not in ("cards", "suits")}
    return json.dumps({**frame, "view": view}, ensure_ascii=False)


def check_no_leak(row: TableRow, actions: list[ActionRow], recipients: list[Recipient]) -> int:
    """Replay the match and check every frame each recipient got: no card hidden from it at that
    version appears anywhere in it. Returns the number of frames checked.

    Versions count the actions told to everybody: a declined optional decision keeps the version, and
    a frame of a version may come before or after one (the seat's own fresh view), so a card counts
    as hidden at a version only if it is hidden at every step of it."""
    game = GAMES[row.game]
    match = game.new_match(table_rules(game, row), seed=row.seed)
    viewers = {r.viewer for r in recipients}
    hidden: list[dict[int | None, set[int]]] = [{v: hidden_from(game, match, v) for v in viewers}]
    ended: list[bool] = [False]
    played: list[int | None] = [None]
    limit = game.deck(match.rules).n_cards
    for row_ in actions:
        deals = len(match.deals)
        action = game.parse_action(match.rules, row_.action)
        match.apply_action(action)
        over = len(match.deals) != deals or match.is_terminal()
        now = {v: hidden_from(game, match, v) for v in viewers}
        if is_private(game, match.rules, action, over):
            hidden[-1] = {v: hidden[-1][v] & now[v] for v in viewers}
            continue
        ended.append(over)
        played.append(action if action < limit else None)
        hidden.append(now)
    total = 0
    for r in recipients:
        if r.sees_all:
            continue
        for text, frame in zip(r.peer.raw, r.peer.frames, strict=True):
            if frame["type"] == "state":
                secret = hidden[frame["version"]][r.viewer]
            elif frame["type"] == "event":
                v = frame["version"]
                before = hidden[v - 1][r.viewer]
                secret = before - {played[v]} if ended[v] else before & hidden[v][r.viewer]
            else:
                secret = set(range(limit))  # no card at all belongs in a welcome, table, chat or error frame
            leaked = cards_named(game, public_text(frame) if frame["type"] == "state" else text) & secret
            assert not leaked, (
                f"frame {frame['type']} v{frame.get('version')} to {r.viewer} leaks {leaked}: {text[:300]}"
            )
            total += 1
        r.checked = total
    return total
