"""The websocket protocol: every message a client may send and every frame the server sends.

Client messages are checked strictly before anything acts on them: a JSON object with a known
``type``, exactly the fields of that type (no coercion of ``"3"`` into ``3``, no extra fields),
each within its length limit. :func:`parse_client` turns the text of one message into a model
or raises :class:`ProtocolError` with the machine code the client gets back (``bad_json``,
``unknown_type``, ``bad_field``, ``too_large``) and the message id of the sentence that says why.
JSON nested deeper than :data:`MAX_DEPTH` is refused as ``bad_json`` before it is parsed
(:func:`too_deep`, a linear scan): Python's parser recurses, and a few KB of ``[[[[`` would
otherwise end in a ``RecursionError``. The REST bodies get the same check
(:mod:`tapete.server.limits`).
Server frames are models too, so that their shape is written down in one place.

>>> parse_client('{"type": "act", "action": "3o", "version": 7}')
Act(type='act', action='3o', version=7)
>>> parse_client('{"type": "act", "action": "3o", "version": "7"}')
Traceback (most recent call last):
...
tapete.server.protocol.ProtocolError: bad_field: version: Input should be a valid integer
>>> frame(Pong())
'{"type":"pong"}'
>>> too_deep('{"a": [[1]]}', limit=3), too_deep('{"a": [[[1]]]}', limit=3), too_deep('"[[[[[["', limit=3)
(False, True, False)
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tapete.server.errors import ServerError

#: The longest token, action string and chat text a client may send.
MAX_TOKEN = 200
MAX_ACTION = 40
MAX_CHAT = 300
#: The deepest nesting of JSON arrays and objects accepted (a message is one flat object: depth 1).
MAX_DEPTH = 32

Lang = Literal["en", "es", "fr"]


class ProtocolError(ServerError):
    """A message that is not one of the protocol's (its ``code``: bad_json, unknown_type, bad_field, too_large)."""


class _Message(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


# ---------------------------------------------------------------- client -> server
class Hello(_Message):
    """The first message of every connection: who is there (a seat or spectator token)."""

    type: Literal["hello"]
    token: Annotated[str, Field(min_length=1, max_length=MAX_TOKEN)]
    #: The last version the client has seen: the events after it are replayed before the state.
    since: Annotated[int, Field(ge=0)] | None = None
    lang: Lang = "en"


class Act(_Message):
    """Play an action (its string form) at the version the client saw, so a stale click is refused."""

    type: Literal["act"]
    action: Annotated[str, Field(min_length=1, max_length=MAX_ACTION)]
    version: Annotated[int, Field(ge=0)]


class Chat(_Message):
    type: Literal["chat"]
    text: Annotated[str, Field(min_length=1, max_length=MAX_CHAT)]


class Sync(_Message):
    """Ask for the state again (after a doubt, or to take a seat back from the stand-in)."""

    type: Literal["sync"]


class Ping(_Message):
    type: Literal["ping"]


ClientMessage = Hello | Act | Chat | Sync | Ping

_CLIENT: dict[str, type[_Message]] = {"hello": Hello, "act": Act, "chat": Chat, "sync": Sync, "ping": Ping}


#: A JSON string (an unterminated one runs to the end, so that the scan stays linear), and what is not a bracket.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON ``text`` nests arrays and objects more than ``limit`` deep (brackets inside strings
    do not count). Linear in the text's length, and nearly free for the usual message with few brackets."""
    if text.count("[") + text.count("{") <= limit:
        return False
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, map(ord, brackets))), default=0) > limit


def decode_json(text: str | bytes, limit: int = MAX_DEPTH) -> Any:
    """The value of a JSON text (bytes in UTF-8, -16 or -32, as :func:`json.loads` takes them), at most
    ``limit`` deep; :class:`ProtocolError` ``bad_json`` when it is not JSON or nests deeper."""
    try:
        if isinstance(text, bytes):
            text = text.decode(json.detect_encoding(text), "surrogatepass")
        if too_deep(text, limit):
            raise ProtocolError("bad_json", "server.error.too_deep", detail={"depth": limit}, limit=limit)
        return json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):  # RecursionError: a check above let it through
        raise ProtocolError("bad_json", "server.error.bad_json") from None


def parse_client(text: str | bytes, max_bytes: int | None = None) -> ClientMessage:
    """One client message, validated; :class:`ProtocolError` says what is wrong with it."""
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if max_bytes is not None and size > max_bytes:
        raise ProtocolError("too_large", "server.error.too_large", detail={"limit": max_bytes}, limit=max_bytes)
    data = decode_json(text)
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "server.error.not_object")
    kind = data.get("type")
    model = _CLIENT.get(kind) if isinstance(kind, str) else None
    if model is None:
        shown = kind if isinstance(kind, str) else json.dumps(kind)[:40]
        raise ProtocolError(
            "unknown_type",
            "server.error.unknown_type",
            detail={"types": list(_CLIENT)},
            type=shown[:40],
            types=", ".join(_CLIENT),
        )
    try:
        message = model.model_validate(data)
    except ValidationError as e:
        first = e.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "type"
        why = first["msg"]
        detail = {"field": field, "problem": why}
        raise ProtocolError(
            "bad_field", "server.error.bad_field", detail=detail, field=field, why=f"{field}: {why}"
        ) from None
    assert isinstance(message, Hello | Act | Chat | Sync | Ping)
    return message


# ---------------------------------------------------------------- server -> client
class Welcome(_Message):
    type: Literal["welcome"] = "welcome"
    role: Literal["seat", "spectator"]
    seat: int | None
    version: int
    table_id: str


class State(_Message):
    type: Literal["state"] = "state"
    version: int
    view: dict[str, Any]


class Event(_Message):
    """One applied action, narrated for this recipient; a fresh ``state`` always follows it."""

    type: Literal["event"] = "event"
    version: int
    seat: int
    action: str
    text: str
    lines: list[str]
    #: Exclamations over the table for this action ("¡Las cuarenta!", "Capot !"), usually none.
    banners: list[str] = Field(default_factory=list)


class ChatLine(_Message):
    type: Literal["chat"] = "chat"
    #: The writer's name.
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, populate_by_name=True)
    sender: str = Field(serialization_alias="from")
    text: str
    at: str


class TableFrame(_Message):
    """The table's seats and status changed (someone sat, a bot joined, the match started or ended)."""

    type: Literal["table"] = "table"
    table: dict[str, Any]


class Error(_Message):
    type: Literal["error"] = "error"
    code: str
    message: str
    detail: dict[str, Any] = Field(default_factory=dict)


class Pong(_Message):
    type: Literal["pong"] = "pong"


ServerFrame = Welcome | State | Event | ChatLine | TableFrame | Error | Pong


def frame(message: ServerFrame) -> str:
    """The JSON text of a server frame."""
    return message.model_dump_json(by_alias=True)


__all__ = [
    "MAX_DEPTH",
    "Act",
    "Chat",
    "ChatLine",
    "ClientMessage",
    "Error",
    "Event",
    "Hello",
    "Ping",
    "Pong",
    "ProtocolError",
    "ServerFrame",
    "State",
    "Sync",
    "TableFrame",
    "Welcome",
    "decode_json",
    "frame",
    "parse_client",
    "too_deep",
]
