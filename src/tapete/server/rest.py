"""The JSON routes under ``/api``: people, games and their rules, tables, records, replays, ratings.

Who asks is the bearer token of ``Authorization: Bearer <token>`` (a guest's or a registered
user's, from ``/api/guest``, ``/api/register`` or ``/api/login``). Bodies are pydantic models
that refuse unknown fields and over-long values. Every refusal is a :class:`~tapete.server.errors.ServerError`,
which :mod:`tapete.server.app` turns into ``{"error": {"code", "message", "detail"}}`` in the
language of ``?lang=`` or Accept-Language. Store calls run in worker threads, so a slow
database never stalls the tables' event loop.

Who may see a table is one rule (:mod:`tapete.server.access`), asked by every table route: the
page, the code lookup, watching, sitting and the owner's routes, the lobby, my games, and the
permission of records and replays. A table the asker may not see answers as if it did not exist.
Code lookups and table creation are throttled (429 with ``Retry-After``); the lobby comes in pages,
computed once for every reader within ``lobby_cache_seconds``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import hashlib
import json
import re
from typing import Annotated, Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from tapete.bots.levels import DIFFICULTIES, LEVELS
from tapete.games import GAMES
from tapete.server import seating
from tapete.server.access import TableAccess, may_see_record, may_view
from tapete.server.analysis import Analyses
from tapete.server.deck import drawn_faces
from tapete.server.errors import ServerError
from tapete.server.identity import Identity
from tapete.server.lang import msg, pick, say, speaking
from tapete.server.live import LiveTable
from tapete.server.registry import LOBBY_ORDERS, Listing, TableSpec
from tapete.server.replay import ReplayCache, replay_json
from tapete.server.state import ServerState
from tapete.server.storage.auth import hash_token
from tapete.server.storage.rows import TableRow, UserRow
from tapete.text.rules_doc import page_data

router = APIRouter(prefix="/api")

#: A name as typed: cleaned and held to 64 characters by tapete.server.identity_names (this bound only caps
#: the parsing, so that spaces around a long name do not make it too long).
Name = Annotated[str, Field(min_length=1, max_length=256)]
#: A password as typed, to the byte: never stripped or normalised (the length limits are the server's
#: ``password_min`` and ``password_max``, checked with a clear error; this bound only caps the parsing).
Password = Annotated[str, Field(min_length=1, max_length=4096)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class _Exact(BaseModel):
    """A body whose strings are taken as sent (names are cleaned by :mod:`tapete.server.identity_names`)."""

    model_config = ConfigDict(extra="forbid")


class GuestIn(_Exact):
    name: Name


class LoginIn(_Exact):
    name: Name
    password: Password


class TableIn(_Body):
    game: Annotated[str, Field(max_length=20)]
    preset: Annotated[str, Field(max_length=40)] | None = None
    options: Annotated[dict[str, str | int | bool], Field(max_length=60)] = Field(default_factory=dict)
    target: Annotated[int, Field(ge=1, le=100_000)] | None = None
    clock_seconds: Annotated[int, Field(ge=0, le=3600)] | None = None
    public: bool = True
    spectators_see_hands: bool = False
    rated: bool = False


class SitIn(_Body):
    partner_of: int | None = None


class BotIn(_Body):
    level: Annotated[str, Field(max_length=20)] = "easy"


# ---------------------------------------------------------------- helpers
def server_of(request: Request) -> ServerState:
    state: ServerState = request.app.state.server
    return state


def lang_of(request: Request) -> str:
    return pick(request.query_params.get("lang") or request.headers.get("accept-language"), "en")


def bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def identity_of(request: Request) -> Identity:
    desk: Identity = request.app.state.identity
    return desk


def client_host(request: Request) -> str | None:
    """The client's address (the peer of the connection: behind a proxy, the proxy's)."""
    return request.client.host if request.client is not None else None


def bearer_hash(request: Request) -> str | None:
    """The sha256 of the request's bearer token: what seat tokens and passes asked for with it record."""
    token = bearer(request)
    return hash_token(token) if token is not None else None


async def optional_user(request: Request) -> UserRow | None:
    """The user of the bearer token, if it is known and has neither been revoked nor expired."""
    token = bearer(request)
    if token is None or len(token) > 200:
        return None
    return await identity_of(request).user_for(token)


async def user_of(request: Request) -> UserRow:
    """The user the bearer token names; 401 without one or with an unknown one."""
    if bearer(request) is None:
        raise ServerError("no_auth", "server.error.no_auth", http=401)
    user = await optional_user(request)
    if user is None:
        raise ServerError("bad_auth", "server.error.bad_auth", http=401)
    return user


def _check_view(table: LiveTable, user: UserRow | None, code: str | None = None) -> None:
    """Refuse a table the asker may not see (:func:`~tapete.server.access.may_view`) as if it did not
    exist: ``no_table`` (404), as for an unknown id or code, so that an outsider learns nothing of it."""
    if not may_view(table.access(), user.id if user is not None else None):
        if code is not None:
            raise ServerError("no_table", "server.error.no_code", http=404, code=code[:16])
        raise ServerError("no_table", "server.error.no_table", http=404)


async def _user_and_table(request: Request, table_id: str) -> tuple[UserRow, LiveTable]:
    """The signed-in user and the table a route acts on, one they may see (401 / 404 otherwise)."""
    user = await user_of(request)
    table = await server_of(request).registry.get(table_id)
    _check_view(table, user)
    return user, table


def user_json(user: UserRow) -> dict[str, Any]:
    return {"id": user.id, "name": user.name, "registered": user.registered}


def table_json(table: Listing, user: UserRow | None = None) -> dict[str, Any]:
    out = table.summary()
    seat = out["my_seat"] = table.seat_of_user(user.id) if user is not None else None
    # A bot stands in for the asker (they left, or were gone too long): they may take their seat back.
    out["replaced"] = seat is not None and table.status == "live" and table.seats[seat].away
    out["owner"] = user is not None and user.id == table.row.owner_id
    return out


def _bot_name(level: str, lang: str) -> str:
    return say(lang, "server.bot_name", level=say(lang, f"server.level.{level}") if level in LEVELS else level)


# ---------------------------------------------------------------- people
# See tapete.server.identity (and docs/server.md, "Identity and sign-in") for names, passwords,
# throttles and tokens.
@router.post("/guest")
async def guest(body: GuestIn, request: Request) -> dict[str, Any]:
    user, token = await identity_of(request).guest(body.name, client_host(request))
    return {"user": user_json(user), "token": token}


@router.post("/register")
async def register(body: LoginIn, request: Request) -> dict[str, Any]:
    user, token = await identity_of(request).register(body.name, body.password, client_host(request))
    return {"user": user_json(user), "token": token}


@router.post("/login")
async def login(body: LoginIn, request: Request) -> dict[str, Any]:
    user, token = await identity_of(request).login(body.name, body.password, client_host(request))
    return {"user": user_json(user), "token": token}


@router.get("/me")
async def me(request: Request) -> dict[str, Any]:
    return {"user": user_json(await user_of(request))}


@router.post("/logout")
async def logout(request: Request) -> dict[str, Any]:
    """Revoke the request's bearer token (and the seat tokens and passes asked for with it)."""
    token = bearer(request)
    if token is None:
        raise ServerError("no_auth", "server.error.no_auth", http=401)
    revoked = len(token) <= 200 and await identity_of(request).logout(token)
    return {"ok": True, "revoked": revoked}


# ---------------------------------------------------------------- games
def _option_values(rules: Any) -> dict[str, Any]:
    """Every option's value in ``rules`` (a preset's own, which the create form fills in)."""
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules) if f.name != "preset_name"}


#: A source cited in parentheses: "(seed 002)", "(fuentes 000/001)", "(001 Variations)".
_SOURCE = re.compile(r"\s*\([^()]*\b\d{3}\b[^()]*\)")


def without_sources(text: str) -> str:
    """A preset's description for players: the sources it cites taken out.

    >>> without_sources("The classic game (seeds 000/001): one partida to 100.")
    'The classic game: one partida to 100.'
    """
    return _SOURCE.sub("", text)


@router.get("/games")
async def games(request: Request) -> dict[str, Any]:
    """Each game, its presets (described in the asker's language) and its options with their choices."""
    lang = lang_of(request)
    out = []
    with speaking(lang):
        for game in GAMES.values():
            base = game.rules()
            options = []
            for f in dataclasses.fields(base):
                if f.name == "preset_name":
                    continue
                value = getattr(base, f.name)
                kind = "bool" if isinstance(value, bool) else "int" if isinstance(value, int) else "str"
                options.append(
                    {
                        "name": f.name,
                        "label": msg(f"rules.{game.name}.{f.name}.name"),
                        "help": msg(f"rules.{game.name}.{f.name}.about"),
                        "type": kind,
                        # Each choice in words, as `tapete rules` says it (its value is what is sent).
                        "choices": [
                            {"value": c, "label": msg(f"rules.{game.name}.{f.name}.value.{c}")}
                            for c in base.CHOICES.get(f.name, ())
                        ]
                        or None,
                        "default": value,
                    }
                )
            presets = [
                {
                    "name": name,
                    # Its name as players say it (the id has no accents); the description without
                    # its sources, which the rules (`tapete rules`, docs/rules) cite.
                    "title": msg(f"rules.{game.name}.preset_title.{name}"),
                    "description": without_sources(msg(f"rules.{game.name}.preset.{name}")),
                    "players": game.players(rules),
                    "deck": drawn_faces(game.faces(rules)),
                    # The preset's own value of every option (its target too), which the create
                    # form fills in when the preset is chosen: not the base rules' defaults.
                    "target": getattr(rules, "target", None),
                    "options": _option_values(rules),
                }
                for name, rules in game.presets.items()
            ]
            out.append(
                {"name": game.name, "title": game.title, "default_preset": game.default_preset,
                 "presets": presets, "options": options}
            )  # fmt: skip
    levels = [{"name": lv, "label": say(lang, f"server.level.{lv}")} for lv in ("random", *DIFFICULTIES)]
    return {"games": out, "bot_levels": levels}


#: The rules of a preset change only with tapete itself: browsers and proxies may keep them an hour.
RULES_CACHE: Final = "public, max-age=3600"


@functools.lru_cache(maxsize=256)
def rules_page(game: str, preset: str, lang: str) -> tuple[bytes, str]:
    """The JSON of ``GET /api/rules/{game}`` for a known game and preset, and its ETag (built once each)."""
    with speaking(lang):
        data = page_data(GAMES[game].rules(preset))
    # The chooser lists the presets by name and description; the chosen one keeps its sources.
    chooser = data["presets"]
    assert isinstance(chooser, list)
    for item in chooser:
        item["description"] = without_sources(item["description"])
    body = json.dumps(data, ensure_ascii=False).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:16] + '"'


@router.get("/rules/{game}")
async def rules(game: str, request: Request, preset: str = "") -> Response:
    """A preset's rules in words (the game's default preset without ``?preset=``): what ``tapete rules
    --json`` prints, and the names, summary, topics and presets a rules page shows.

    The answer depends only on the game, the preset and the language, so it is cached
    (``Cache-Control``, ``ETag``, ``Vary: Accept-Language``); an unknown game or preset is a 404.
    """
    found = GAMES.get(game)
    if found is None:
        raise ServerError("bad_game", "server.error.bad_game", http=404, game=game[:40], games=", ".join(GAMES))
    preset = preset or found.default_preset
    if preset not in found.presets:
        raise ServerError(
            "bad_preset",
            "server.error.bad_preset",
            http=404,
            detail={"presets": list(found.presets)},
            preset=preset[:40],
            game=found.title,
            presets=", ".join(found.presets),
        )
    body, etag = rules_page(game, preset, lang_of(request))
    headers = {"Cache-Control": RULES_CACHE, "ETag": etag, "Vary": "Accept-Language"}
    if etag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


# ---------------------------------------------------------------- tables
@router.post("/tables")
async def create_table(body: TableIn, request: Request) -> dict[str, Any]:
    """A new waiting table, within the limits: ``max_open_tables`` per owner (409 ``too_many_tables``),
    and the creation rates per person and per address (429 ``creating_too_fast``, with Retry-After)."""
    user = await user_of(request)
    spec = TableSpec(
        game=body.game,
        preset=body.preset,
        options={k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in body.options.items()},
        target=body.target,
        clock_seconds=body.clock_seconds,
        public=body.public,
        spectators_see_hands=body.spectators_see_hands,
        rated=body.rated,
    )
    table = await server_of(request).registry.create(user, spec, client_host(request))
    return table_json(table, user)


@router.get("/lobby", response_model=None)
async def lobby(request: Request, order: str = "newest", offset: int = 0, limit: int | None = None) -> Response:
    """One page of the public tables waiting or in play (``order``: ``newest`` or ``fullest`` first;
    ``limit`` tables from ``offset``; ``next`` is the next page's offset, or null), and, on the first
    page of a signed-in asker, their own private open tables before it.

    The tables and each page are computed once per ``lobby_cache_seconds`` for every reader: an
    anonymous reader gets the very bytes of the shared page; a signed-in one the same, but with their
    own tables marked (``my_seat``, ``owner``, ``replaced``)."""
    server = server_of(request)
    config = server.config
    if order not in LOBBY_ORDERS:
        detail = {"field": "order", "problem": f"expected one of {', '.join(LOBBY_ORDERS)}"}
        raise ServerError("bad_field", "server.error.bad_field", detail=detail, field="order")
    size = config.lobby_page if limit is None else max(1, min(limit, config.lobby_page_max))
    offset = max(0, offset)
    shared = await server.registry.lobby()
    key = (order, offset, size)
    page = shared.pages.get(key)
    if page is None:
        everyone = shared.orders[order]
        chunk = everyone[offset : offset + size]
        body: dict[str, Any] = {
            "tables": [table_json(t) for t in chunk],
            "order": order,
            "offset": offset,
            "limit": size,
            "total": len(everyone),
            "next": offset + size if offset + size < len(everyone) else None,
        }
        page = shared.pages[key] = (chunk, body, json.dumps(body, ensure_ascii=False).encode())
    chunk, body, data = page
    user = await optional_user(request)
    if user is not None:
        mine = server.registry.mine(shared, user.id)
        ids = {t.id for t in mine}
        private = [t for t in mine if not t.row.public] if offset == 0 else []
        if private or any(t.id in ids for t in chunk):
            own = [table_json(t, user) if t.id in ids else item for t, item in zip(chunk, body["tables"], strict=True)]
            personal = {**body, "tables": [table_json(t, user) for t in private] + own}
            data = json.dumps(personal, ensure_ascii=False).encode()
    return Response(data, media_type="application/json")


@router.get("/tables/{table_id}")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    user = await optional_user(request)
    table = await server_of(request).registry.get(table_id)
    _check_view(table, user)
    return table_json(table, user)


@router.get("/code/{code}")
async def by_code(code: str, request: Request) -> dict[str, Any]:
    """The table of an invite code, for whoever may see it (else 404, as for a code that names nothing).

    Lookups are throttled per client address (``code_lookup_burst``, ``code_lookups_per_minute``):
    past them, 429 ``too_many_lookups`` with Retry-After, and nothing is looked up."""
    registry = server_of(request).registry
    registry.count_code_lookup(client_host(request))
    user = await optional_user(request)
    table = await registry.by_code(code)
    _check_view(table, user, code)
    return table_json(table, user)


async def _on_owner(request: Request, table: LiveTable, user: UserRow, fn: str, **args: Any) -> Any:
    """A seating change (``fn`` of :mod:`tapete.server.seating`), made by the node that drives the table:
    this one, or in a cluster the table's owner, wherever it is (:meth:`tapete.server.cluster.node.Node.on_owner`)."""
    node = server_of(request).node
    link = node.links.get(table.id) if node is not None else None
    if node is None or link is None:
        return await getattr(seating, fn)(table, user, **args)
    message = {"op": "seating", "t": table.id, "fn": fn, "user": user_json_full(user), "args": args}
    return await node.on_owner(link, message, lang_of(request))


def user_json_full(user: UserRow) -> dict[str, Any]:
    return {**user_json(user), "created_at": user.created_at.isoformat()}


@router.post("/tables/{table_id}/seats/{seat}")
async def sit(table_id: str, seat: int, request: Request, body: SitIn | None = None) -> dict[str, Any]:
    user, table = await _user_and_table(request, table_id)
    partner_of = body.partner_of if body else None
    token = await _on_owner(request, table, user, "sit", seat=seat, partner_of=partner_of,
                            granted_by=bearer_hash(request))  # fmt: skip
    server_of(request).registry.changed()
    return {"seat_token": token, "seat": seat, "table": table_json(table, user)}


@router.delete("/tables/{table_id}/seats/{seat}")
async def leave(table_id: str, seat: int, request: Request) -> dict[str, Any]:
    user, table = await _user_and_table(request, table_id)
    await _on_owner(request, table, user, "leave", seat=seat)
    server_of(request).registry.changed()
    return {"table": table_json(table, user)}


@router.post("/tables/{table_id}/bots/{seat}")
async def add_bot(table_id: str, seat: int, request: Request, body: BotIn | None = None) -> dict[str, Any]:
    user, table = await _user_and_table(request, table_id)
    level = body.level if body else "easy"
    await _on_owner(request, table, user, "add_bot", seat=seat, level=level, name=_bot_name(level, lang_of(request)))
    server_of(request).registry.changed()
    return {"table": table_json(table, user)}


@router.post("/tables/{table_id}/start")
async def start(table_id: str, request: Request) -> dict[str, Any]:
    user, table = await _user_and_table(request, table_id)
    await _on_owner(request, table, user, "start")
    server_of(request).registry.changed()
    return {"table": table_json(table, user)}


@router.delete("/tables/{table_id}")
async def abandon(table_id: str, request: Request) -> dict[str, Any]:
    user, table = await _user_and_table(request, table_id)
    await _on_owner(request, table, user, "abandon")
    server_of(request).registry.changed()
    return {"table": table_json(table, user)}


@router.post("/tables/{table_id}/watch")
async def watch(table_id: str, request: Request) -> dict[str, Any]:
    user, table = await _user_and_table(request, table_id)
    token = seating.watch(table, user, bearer_hash(request))
    node = server_of(request).node
    if node is not None:  # the spectator's hello may reach any node
        digest = hash_token(token)
        await node.share_pass(table.id, digest, table.passes[digest])
    return {"spectator_token": token, "table": table_json(table, user)}


# ---------------------------------------------------------------- finished games
@router.get("/me/games")
async def my_games(request: Request) -> dict[str, Any]:
    user = await user_of(request)
    store = server_of(request).store
    rows = await asyncio.to_thread(store.games_of_user, user.id)
    out = []
    for row in rows[:100]:
        seats = await asyncio.to_thread(store.seats, row.id)
        if not may_see_record(TableAccess.of(row, seats), user.id):  # theirs by construction: the one rule still
            continue
        out.append(
            _finished_json(row, [s.name for s in seats], next((s.seat for s in seats if s.user_id == user.id), None))
        )
    return {"games": out}


def _finished_json(row: TableRow, names: list[str], seat: int | None) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "preset": row.preset,
        "rated": row.rated,
        "names": names,
        "my_seat": seat,
        "finished_at": row.finished_at.isoformat() if row.finished_at else None,
        "record": f"/api/records/{row.id}",
        "replay": f"/replay/{row.id}",
    }


async def _finished_row(table_id: str, request: Request) -> TableRow:
    """A finished table the asker may see the record of: a public one, or one they sat at."""
    store = server_of(request).store
    row = await asyncio.to_thread(store.get_table, table_id[:64])
    if row is None:
        raise ServerError("no_table", "server.error.no_table", http=404)
    if not row.public:  # before anything else: an outsider learns nothing of a private table, not even its state
        user = await optional_user(request)
        seats = await asyncio.to_thread(store.seats, row.id)
        if not may_see_record(TableAccess.of(row, seats), user.id if user is not None else None):
            raise ServerError("not_allowed", "server.error.not_allowed", http=403)
    if row.status != "finished":
        raise ServerError("not_finished", "server.error.not_finished", http=409)
    return row


@router.get("/records/{table_id}")
async def record(table_id: str, request: Request) -> Response:
    row = await _finished_row(table_id, request)
    data = await asyncio.to_thread(server_of(request).store.record, row.id)
    if data is None:
        raise ServerError("no_record", "server.error.no_record", http=404)
    name = f"tapete-{row.game}-{row.id}.json"
    return Response(
        json.dumps(data, ensure_ascii=False, indent=1) + "\n",
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@router.get("/replay/{table_id}")
async def replay(table_id: str, request: Request) -> Response:
    """Every frame of a finished match (see :mod:`tapete.server.replay`), computed once per language and cached."""
    row = await _finished_row(table_id, request)  # who may see it: asked every time, the cache after
    store = server_of(request).store
    lang = lang_of(request)

    def compute() -> bytes:
        return replay_json(row, store.seats(row.id), store.actions(row.id), lang)

    cache: ReplayCache = request.app.state.replays
    return Response(await cache.get((row.id, lang), compute), media_type="application/json")


@router.get("/replay/{table_id}/analysis")
async def replay_analysis(table_id: str, request: Request) -> dict[str, Any]:
    """What each card of a finished match cost, if it is known (see :mod:`tapete.server.analysis`): the
    replay's rule first, since the analysis knows every hand."""
    row = await _finished_row(table_id, request)
    analyses: Analyses = request.app.state.analyses
    return await analyses.status(row.id)


@router.post("/replay/{table_id}/analysis")
async def analyse_replay(table_id: str, request: Request) -> dict[str, Any]:
    """Ask for the analysis of a finished match: computed in the background, then answered by the GET."""
    row = await _finished_row(table_id, request)
    analyses: Analyses = request.app.state.analyses
    return await analyses.ask(row.id, client_host(request))


@router.get("/ratings")
async def ratings(request: Request, game: str = "", kind: str = "player", limit: int = 50) -> dict[str, Any]:
    """The leaderboard of a game (by default the first one listed)."""
    game = game or next(iter(GAMES))
    if game not in GAMES:
        raise ServerError("bad_game", "server.error.bad_game", game=game[:40], games=", ".join(GAMES))
    if kind not in ("player", "pair"):
        raise ServerError("bad_field", "server.error.bad_kind", detail={"field": "kind"})
    rows = await asyncio.to_thread(server_of(request).store.leaderboard, game, kind, max(1, min(limit, 200)))
    return {
        "game": game,
        "kind": kind,
        "ratings": [{"key": r.key, "name": r.name, "rating": round(r.rating, 1), "games": r.games} for r in rows],
    }


@router.get("/health")
async def health(request: Request) -> dict[str, Any]:
    return {"ok": True, "tables": server_of(request).registry.stats()}


__all__ = ["router"]
