"""What one request or one client address may take: ASGI middleware in front of the application.

:class:`BodyLimit` reads a request's body before the application sees it, and refuses it without
anything reaching a route (so nothing changes), each refusal a coded JSON error in the client's
language:

- ``413 body_too_large`` when ``Content-Length`` is over ``max_body_bytes``: not a byte of the body
  is read (and the connection is closed, so that the server does not swallow the rest either); a
  chunked body without ``Content-Length`` is counted as it arrives and refused as soon as it grows
  past the limit;
- ``408 body_timeout`` when the body has not arrived in full ``body_timeout`` seconds after the
  headers (a client trickling its body a byte at a time);
- ``400 bad_json`` when the body is JSON nested deeper than :data:`~tapete.server.protocol.MAX_DEPTH`
  (parsing it would recurse until Python's stack limit).

:class:`ConnectionCap` counts, per client address, the HTTP requests in progress and the open
websockets; one more than ``max_connections_per_address`` is refused: ``429 too_many_connections``
over HTTP, and a websocket is accepted only to be told so (an ``error`` frame) and closed with code
1013 ("try again later", the reason in words). The address is the one the ASGI server gives:
behind a trusted proxy, the forwarded client's; requests that come from a trusted proxy without
a forwarded address (a local tool, a benchmark) are not capped. Idle TCP connections, which never
reach the application, are capped below it, by ``tapete serve`` (:mod:`tapete.server.listener`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections.abc import Iterable
from typing import Final

from starlette.datastructures import Headers, QueryParams
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tapete.server.clients import CLOSE_TRY_AGAIN
from tapete.server.errors import ServerError
from tapete.server.lang import pick
from tapete.server.protocol import MAX_DEPTH, too_deep

#: Retry-After, in seconds, on a refused connection.
RETRY_AFTER: Final = 10


def client_lang(scope: Scope) -> str:
    """The language of ``?lang=`` or Accept-Language (as :func:`tapete.server.rest.lang_of`)."""
    query = QueryParams(scope.get("query_string", b"").decode("latin-1"))
    return pick(query.get("lang") or Headers(scope=scope).get("accept-language"), "en")


def error_body(error: ServerError, lang: str) -> bytes:
    """``{"error": {"code", "message", "detail"}}`` as :func:`tapete.server.app.error_json` writes it."""
    body = {"error": {"code": error.code, "message": error.text(lang), "detail": error.detail}}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


async def send_error(
    send: Send, error: ServerError, lang: str, *, close: bool = False, headers: Iterable[tuple[str, str]] = ()
) -> None:
    """Answer an HTTP request with ``error`` (``close``: and ask the server to close the connection)."""
    body = error_body(error, lang)
    raw = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *((k.encode(), v.encode()) for k, v in headers),
    ]
    if close:
        raw.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": error.http, "headers": raw})
    await send({"type": "http.response.body", "body": body, "more_body": False})


class BodyLimit:
    """Reads each request body up to ``max_bytes`` within ``timeout`` seconds, then hands it on."""

    def __init__(self, app: ASGIApp, max_bytes: int, timeout: float, max_depth: int = MAX_DEPTH) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.timeout = timeout
        self.max_depth = max_depth

    def too_large(self) -> ServerError:
        limit = self.max_bytes
        detail = {"limit": limit}
        return ServerError("body_too_large", "server.error.body_too_large", http=413, detail=detail, limit=limit)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        length = headers.get("content-length")
        if length is None and "transfer-encoding" not in headers:
            await self.app(scope, receive, send)  # no body (HTTP/1.1 says so), nothing to read
            return
        if length is not None and (not length.strip().isdigit() or int(length) > self.max_bytes):
            # Refused before a byte of the body is read; the connection is closed rather than drained.
            await send_error(send, self.too_large(), client_lang(scope), close=True)
            return
        lang = client_lang(scope)
        try:
            async with asyncio.timeout(self.timeout or None):
                body = await self._read(receive)
        except _TooLarge:
            await send_error(send, self.too_large(), lang, close=True)
            return
        except TimeoutError:
            seconds = f"{self.timeout:g}"
            error = ServerError("body_timeout", "server.error.body_timeout", http=408, seconds=seconds)
            await send_error(send, error, lang, close=True)
            return
        if body is None:  # the client went away
            return
        if self.nests_too_deep(body):
            depth = self.max_depth
            error = ServerError("bad_json", "server.error.too_deep", http=400, detail={"depth": depth}, limit=depth)
            await send_error(send, error, lang)
            return

        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    def nests_too_deep(self, body: bytes) -> bool:
        """Whether ``body`` is JSON text nested deeper than ``max_depth`` (anything else is left to the route)."""
        try:
            return too_deep(body.decode(json.detect_encoding(body), "surrogatepass"), self.max_depth)
        except UnicodeDecodeError:
            return False

    async def _read(self, receive: Receive) -> bytes | None:
        """The whole body; None when the client disconnected; :class:`_TooLarge` past the limit."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                raise _TooLarge
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)


class _TooLarge(Exception):
    """A body without Content-Length that grew past the limit."""


def _networks(entries: Iterable[str]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...] | None:
    """The trusted proxies as networks; None when ``*`` trusts everybody."""
    out = []
    for entry in entries:
        entry = entry.strip()
        if entry == "*":
            return None
        try:
            out.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            continue  # a name, or a unix socket path: never a TCP peer's address
    return tuple(out)


class Trusted:
    """Whether an address is one of the trusted proxies (addresses, networks, or ``*``).

    >>> t = Trusted(["127.0.0.1", "10.0.0.0/8"])
    >>> t("127.0.0.1"), t("10.2.3.4"), t("192.0.2.1"), t("testclient")
    (True, True, False, False)
    """

    def __init__(self, entries: Iterable[str]) -> None:
        self.networks = _networks(entries)

    def __call__(self, host: str) -> bool:
        if self.networks is None:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)


class ConnectionCap:
    """Refuses an HTTP request or a websocket from an address that already has ``limit`` of them open."""

    def __init__(self, app: ASGIApp, limit: int, trusted: Iterable[str] = ()) -> None:
        self.app = app
        self.limit = limit
        self.trusted = Trusted(trusted)
        #: Address -> requests in progress plus open websockets.
        self.open: dict[str, int] = {}

    def error(self) -> ServerError:
        limit = self.limit
        return ServerError(
            "too_many_connections", "server.error.too_many_connections", http=429, detail={"limit": limit}, limit=limit
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.limit <= 0:
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        host = str(client[0]) if client else ""
        if not host or self.trusted(host):
            await self.app(scope, receive, send)
            return
        count = self.open.get(host, 0)
        if count >= self.limit:
            await self.refuse(scope, receive, send)
            return
        self.open[host] = count + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.open[host] - 1
            if left:
                self.open[host] = left
            else:
                del self.open[host]

    async def refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        lang = client_lang(scope)
        if scope["type"] == "http":
            await send_error(send, self.error(), lang, close=True, headers=[("retry-after", str(RETRY_AFTER))])
            return
        # A websocket: accepted only to say why (a browser sees nothing of a refused handshake), then closed.
        if (await receive())["type"] != "websocket.connect":
            return
        error = self.error()
        frame = {"type": "error", "code": error.code, "message": error.text(lang), "detail": error.detail}
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps(frame, ensure_ascii=False)})
        await send({"type": "websocket.close", "code": CLOSE_TRY_AGAIN, "reason": "too many connections"})


__all__ = ["BodyLimit", "ConnectionCap", "Trusted", "client_lang", "error_body", "send_error"]
