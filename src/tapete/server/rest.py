"""The JSON routes under ``/api``: people, games, tables, records, replays, ratings.

Who asks is the bearer token of ``Authorization: Bearer <token>`` (a guest's or a registered
user's, from ``/api/guest``, ``/api/register`` or ``/api/login``). Bodies are pydantic models
that refuse unknown fields and over-long values. Every refusal is a :class:`~tapete.server.errors.ServerError`,
which :mod:`tapete.server.app` turns into ``{"error": {"code", "message", "detail"}}`` in the
language of ``?lang=`` or Accept-Language. Store calls run in worker threads, so a slow
database never stalls the tables' event loop.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
from typing import Annotated, Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from tapete.bots.levels import DIFFICULTIES, LEVELS
from tapete.core.errors import StorageError
from tapete.games import GAMES
from tapete.server import seating
from tapete.server.deck import drawn_faces
from tapete.server.errors import ServerError
from tapete.server.lang import msg, pick, say, speaking
from tapete.server.live import LiveTable
from tapete.server.registry import TableSpec
from tapete.server.replay import ReplayCache, replay_json
from tapete.server.state import ServerState
from tapete.server.storage.rows import TableRow, UserRow

router = APIRouter(prefix="/api")

Name = Annotated[str, Field(min_length=1, max_length=64)]
Password = Annotated[str, Field(min_length=1, max_length=200)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class GuestIn(_Body):
    name: Name


class LoginIn(_Body):
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


async def optional_user(request: Request) -> UserRow | None:
    token = bearer(request)
    if token is None or len(token) > 200:
        return None
    return await asyncio.to_thread(server_of(request).store.user_by_token, token)


async def user_of(request: Request) -> UserRow:
    """The user the bearer token names; 401 without one or with an unknown one."""
    if bearer(request) is None:
        raise ServerError("no_auth", "server.error.no_auth", http=401)
    user = await optional_user(request)
    if user is None:
        raise ServerError("bad_auth", "server.error.bad_auth", http=401)
    return user


async def _user_and_table(request: Request, table_id: str) -> tuple[UserRow, LiveTable]:
    """The signed-in user and the table a route acts on (401 / 404 otherwise)."""
    user = await user_of(request)
    return user, await server_of(request).registry.get(table_id)


def user_json(user: UserRow) -> dict[str, Any]:
    return {"id": user.id, "name": user.name, "registered": user.registered}


def table_json(table: LiveTable, user: UserRow | None = None) -> dict[str, Any]:
    out = table.summary()
    seat = out["my_seat"] = table.seat_of_user(user.id) if user is not None else None
    # A bot stands in for the asker (they left, or were gone too long): they may take their seat back.
    out["replaced"] = seat is not None and table.status == "live" and table.seats[seat].away
    out["owner"] = user is not None and user.id == table.row.owner_id
    return out


def _bot_name(level: str, lang: str) -> str:
    return say(lang, "server.bot_name", level=say(lang, f"server.level.{level}") if level in LEVELS else level)


# ---------------------------------------------------------------- people
@router.post("/guest")
async def guest(body: GuestIn, request: Request) -> dict[str, Any]:
    user, token = await asyncio.to_thread(server_of(request).store.create_user, body.name)
    return {"user": user_json(user), "token": token}


@router.post("/register")
async def register(body: LoginIn, request: Request) -> dict[str, Any]:
    try:
        user, token = await asyncio.to_thread(server_of(request).store.create_user, body.name, body.password)
    except StorageError:
        raise ServerError("name_taken", "server.error.name_taken", http=409, name=body.name) from None
    return {"user": user_json(user), "token": token}


@router.post("/login")
async def login(body: LoginIn, request: Request) -> dict[str, Any]:
    found = await asyncio.to_thread(server_of(request).store.login, body.name, body.password)
    if found is None:
        raise ServerError("bad_login", "server.error.bad_login", http=401)
    user, token = found
    return {"user": user_json(user), "token": token}


@router.get("/me")
async def me(request: Request) -> dict[str, Any]:
    return {"user": user_json(await user_of(request))}


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


# ---------------------------------------------------------------- tables
@router.post("/tables")
async def create_table(body: TableIn, request: Request) -> dict[str, Any]:
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
    table = await server_of(request).registry.create(user, spec)
    return table_json(table, user)


@router.get("/lobby")
async def lobby(request: Request) -> dict[str, Any]:
    user = await optional_user(request)
    tables = server_of(request).registry.lobby(user.id if user is not None else None)
    return {"tables": [table_json(t, user) for t in tables]}


@router.get("/tables/{table_id}")
async def get_table(table_id: str, request: Request) -> dict[str, Any]:
    user = await optional_user(request)
    return table_json(await server_of(request).registry.get(table_id), user)


@router.get("/code/{code}")
async def by_code(code: str, request: Request) -> dict[str, Any]:
    user = await optional_user(request)
    return table_json(await server_of(request).registry.by_code(code), user)


@router.post("/tables/{table_id}/seats/{seat}")
async def sit(table_id: str, seat: int, request: Request, body: SitIn | None = None) -> dict[str, Any]:
    user, table = await _user_and_table(request, table_id)
    token = await seating.sit(table, user, seat, body.partner_of if body else None)
    return {"seat_token": token, "seat": seat, "table": table_json(table, user)}


@router.delete("/tables/{table_id}/seats/{seat}")
async def leave(table_id: str, seat: int, request: Request) -> dict[str, Any]:
    user, table = await _user_and_table(request, table_id)
    await seating.leave(table, user, seat)
    return {"table": table_json(table, user)}


@router.post("/tables/{table_id}/bots/{seat}")
async def add_bot(table_id: str, seat: int, request: Request, body: BotIn | None = None) -> dict[str, Any]:
    user, table = await _user_and_table(request, table_id)
    level = body.level if body else "easy"
    await seating.add_bot(table, user, seat, level, _bot_name(level, lang_of(request)))
    return {"table": table_json(table, user)}


@router.post("/tables/{table_id}/start")
async def start(table_id: str, request: Request) -> dict[str, Any]:
    user, table = await _user_and_table(request, table_id)
    await seating.start(table, user)
    return {"table": table_json(table, user)}


@router.delete("/tables/{table_id}")
async def abandon(table_id: str, request: Request) -> dict[str, Any]:
    user, table = await _user_and_table(request, table_id)
    await seating.abandon(table, user)
    return {"table": table_json(table, user)}


@router.post("/tables/{table_id}/watch")
async def watch(table_id: str, request: Request) -> dict[str, Any]:
    user, table = await _user_and_table(request, table_id)
    return {"spectator_token": seating.watch(table, user), "table": table_json(table, user)}


# ---------------------------------------------------------------- finished games
@router.get("/me/games")
async def my_games(request: Request) -> dict[str, Any]:
    user = await user_of(request)
    store = server_of(request).store
    rows = await asyncio.to_thread(store.games_of_user, user.id)
    out = []
    for row in rows[:100]:
        seats = await asyncio.to_thread(store.seats, row.id)
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
        if user is None or all(s.user_id != user.id for s in seats):
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
