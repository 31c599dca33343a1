"""How ``tapete serve`` listens: uvicorn, with the guards that only a server below the application can give.

Some abuse never reaches the application, so no ASGI middleware can stop it: a connection that
sends nothing, or its request headers a byte every few seconds (slowloris), holds a socket and a
file descriptor and is not a request yet. Uvicorn closes a kept-alive connection that stays idle
after an answer (``timeout_keep_alive``, 5 s), but it has no limit on the time a request's
headers may take, and its ``limit_concurrency`` answers 503 to everybody once the total is
reached, which serves the attacker. So ``tapete serve`` gives uvicorn its own HTTP protocol,
:func:`guarded_protocol`, a subclass of the one uvicorn would use (httptools, else h11), which
adds two things:

- a **header timeout**: from the moment a connection opens, or an answer on it is complete, the
  next request's headers must be complete within ``header_timeout`` seconds, or the connection is
  closed (a websocket's handshake is a request like any other);
- a **cap per peer address** of open TCP connections, idle ones and websockets included
  (``max_sockets_per_address``): one more is answered ``429 too_many_connections`` at once, before
  anything of it is read, and closed. The trusted proxies (``trusted_proxies``) are not capped here,
  since all their clients share their address: the application caps those by the forwarded address
  (:class:`~tapete.server.limits.ConnectionCap`).

The subclass relies on what uvicorn's HTTP protocols have in common (``connection_made``,
``data_received``, ``on_response_complete``, ``connection_lost``, and ``cycle`` the request under
way); ``tests/server/test_transport_limits.py`` runs it in a real uvicorn, so an upgrade that breaks
it fails there. A front proxy (nginx, Caddy, HAProxy) gives the same guards and more
(``client_header_timeout``, ``limit_conn``); docs/server.md says how.

:func:`raise_file_limit` raises the process's soft limit of open files towards its hard limit:
every connection holds a file descriptor, and the common default of 1,024 is reached by a
thousand idle sockets.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Final

from tapete.server.config import ServerConfig
from tapete.server.errors import ServerError
from tapete.server.limits import RETRY_AFTER, Trusted, error_body

if TYPE_CHECKING:
    import uvicorn

#: Tried, in turn, when the hard limit of open files is "unlimited" (macOS refuses more than OPEN_MAX).
FILE_LIMITS: Final = (1 << 20, 65536, 10240)
#: Below this many open files the server says that it may run short.
LOW_FILE_LIMIT: Final = 4096


class SocketCounter:
    """The open TCP connections of each peer address, capped at ``limit`` (0: not capped).

    Connections are kept as their transports and counted while open (``is_closing()`` false), so a
    connection that was upgraded to a websocket, whose close the HTTP protocol never hears of, is
    still let go of when it closes.
    """

    #: Every so many admissions, addresses whose connections have all closed are forgotten.
    SWEEP_EVERY: Final = 1024

    def __init__(self, limit: int, trusted: Trusted) -> None:
        self.limit = limit
        self.trusted = trusted
        self.open: dict[str, set[asyncio.BaseTransport]] = {}
        self._admitted = 0

    def admit(self, host: str, transport: asyncio.BaseTransport) -> bool:
        """Count a new connection from ``host``; False (and not counted) when ``host`` is at its cap."""
        if self.limit <= 0 or not host or self.trusted(host):
            return True
        self._admitted += 1
        if self._admitted % self.SWEEP_EVERY == 0:
            self.sweep()
        mine = self.open.setdefault(host, set())
        mine -= {t for t in mine if t.is_closing()}
        if len(mine) >= self.limit:
            return False
        mine.add(transport)
        return True

    def release(self, host: str, transport: asyncio.BaseTransport) -> None:
        mine = self.open.get(host)
        if mine is not None:
            mine.discard(transport)
            if not mine:
                del self.open[host]

    def sweep(self) -> None:
        for host in list(self.open):
            mine = {t for t in self.open[host] if not t.is_closing()}
            if mine:
                self.open[host] = mine
            else:
                del self.open[host]


def refusal(limit: int, lang: str) -> bytes:
    """The raw HTTP answer to a connection over the per-address cap."""
    error = ServerError(
        "too_many_connections", "server.error.too_many_connections", http=429, detail={"limit": limit}, limit=limit
    )
    body = error_body(error, lang)
    head = (
        "HTTP/1.1 429 Too Many Requests\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        f"retry-after: {RETRY_AFTER}\r\n"
        "x-content-type-options: nosniff\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode() + body


def guarded_protocol(base: type[asyncio.Protocol], config: ServerConfig) -> type[asyncio.Protocol]:
    """``base`` (one of uvicorn's HTTP protocols) with the header timeout and the per-address cap of ``config``."""
    counter = SocketCounter(config.max_sockets_per_address, Trusted(config.trusted_proxies))
    header_timeout = config.header_timeout
    refused = refusal(config.max_sockets_per_address, config.lang)

    class Guarded(base):  # type: ignore[valid-type, misc]
        """Closes a connection whose request headers are late; refuses one over its address's cap."""

        counter_of_class = counter
        _header_timer: asyncio.TimerHandle | None = None
        _host = ""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            self._host = str(peer[0]) if isinstance(peer, tuple) and peer else ""
            if not counter.admit(self._host, transport):
                self._host = ""  # not counted: nothing to release
                writer: Any = transport  # uvloop's transports are not asyncio's classes, but write the same
                writer.write(refused)
                writer.close()
                return
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._busy():
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self._busy():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._host:
                counter.release(self._host, self.transport)
            super().connection_lost(exc)

        def _busy(self) -> bool:
            """Whether a request's headers are in (its answer under way), or the connection is now a websocket's."""
            cycle: Any = getattr(self, "cycle", None)
            transport: Any = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return True
            return cycle is not None and not cycle.response_complete

        def _arm(self) -> None:
            self._disarm()
            if header_timeout > 0 and not self.transport.is_closing():
                loop = asyncio.get_running_loop()
                self._header_timer = loop.call_later(header_timeout, self._late)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _late(self) -> None:
            self._header_timer = None
            if not self._busy():
                self.transport.close()

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded


def uvicorn_config(app: Any, config: ServerConfig, **changes: Any) -> uvicorn.Config:
    """The uvicorn settings ``tapete serve`` runs ``app`` with (``changes`` override them: tests)."""
    import uvicorn
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    settings: dict[str, Any] = {
        "host": config.host,
        "port": config.port,
        "http": guarded_protocol(AutoHTTPProtocol, config),
        "ws_max_size": max(65536, 4 * config.max_message_bytes),
        # No per-message compression: frames are small, and CPU, not bandwidth, limits how many tables one
        # server holds.
        "ws_per_message_deflate": False,
        "forwarded_allow_ips": list(config.trusted_proxies),
        "log_level": "warning",
    }
    settings.update(changes)
    return uvicorn.Config(app, **settings)


def raise_file_limit(resource: Any = None) -> tuple[int, int] | None:
    """Raise the soft limit of open files to the hard one (or as near as the OS allows).

    Returns ``(before, after)`` when it changed, None when it was already as high as it goes or cannot
    be changed here (no ``resource`` module: Windows). ``resource`` is the module (a stand-in in tests).
    """
    if resource is None:
        try:
            import resource
        except ImportError:
            return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    infinity = resource.RLIM_INFINITY
    if soft == infinity or (hard != infinity and soft >= hard):
        return None
    targets = [hard] if hard != infinity else []
    targets += [n for n in FILE_LIMITS if n > soft and (hard == infinity or n < hard)]
    for target in targets:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            continue
        return soft, target
    return None


def file_limit(resource: Any = None) -> int | None:
    """The soft limit of open files now (None: unknown or unlimited)."""
    if resource is None:
        try:
            import resource
        except ImportError:
            return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else int(soft)


__all__ = ["SocketCounter", "file_limit", "guarded_protocol", "raise_file_limit", "refusal", "uvicorn_config"]
