"""The security headers on every HTTP answer: pages, the client's files, the API, errors and refusals.

:class:`SecurityHeaders` wraps the whole application (outside FastAPI's own error handling, so a
``500`` or a ``413`` carries them too) and adds, unless the answer set them itself:

- ``Content-Security-Policy``: for HTML pages, :func:`page_policy`: scripts, styles, images and
  fonts only from the server itself (the client is plain ES modules and one stylesheet: no inline
  script or style, no ``eval``; it sets no ``style`` attribute, and CSSOM assignments such as
  ``el.style.x = ...`` are not restricted by CSP anyway), connections only to the server and its
  own websocket, no plugins, no ``<base>``, forms only to the server, and no framing. Every other
  answer (JSON, scripts, images) gets :data:`OTHER_POLICY`, which allows nothing: were one opened
  as a document, it could run nothing. A ``304`` gets none: its headers would replace those of the
  cached page it revalidates;
- ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` (for browsers without
  ``frame-ancestors``), ``Referrer-Policy: same-origin`` (an invite link's code never leaves for
  another site), ``Permissions-Policy`` (no camera, microphone, location, sensors, payment or USB),
  ``Cross-Origin-Opener-Policy: same-origin`` and ``Cross-Origin-Resource-Policy: same-origin``;
- ``Strict-Transport-Security`` only on an answer that went out over https (the request's scheme:
  a TLS-terminating proxy that the server trusts says so with ``X-Forwarded-Proto: https``), never
  over plain http, where it would mean nothing and could lock a test host out of http.
"""

from __future__ import annotations

import re
from typing import Final

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: Every answer but an HTML page: nothing may load, run or frame it.
OTHER_POLICY: Final = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
#: Headers every HTTP answer carries.
ALWAYS: Final = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Permissions-Policy": (
        "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()"
    ),
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}
#: A Host header fit to name in a policy: a name or an IPv4 or [IPv6] address, and a port.
_HOST = re.compile(r"(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?")


def page_policy(host: str | None = None) -> str:
    """The Content-Security-Policy of an HTML page served for ``host`` (its Host header).

    ``'self'`` covers the page's own websocket in today's browsers (CSP 3); the ``ws:`` and ``wss:``
    URLs of the host are named too for those that predate it.

    >>> page_policy("tapete.example:8000").split("; ")[5]
    "connect-src 'self' ws://tapete.example:8000 wss://tapete.example:8000"
    >>> "ws:" in page_policy("evil.example'; script-src *")
    False
    """
    sockets = f" ws://{host} wss://{host}" if host and _HOST.fullmatch(host) else ""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; "
        f"connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    )


class SecurityHeaders:
    """Adds :data:`ALWAYS`, a Content-Security-Policy and, over https, HSTS to every HTTP answer."""

    def __init__(self, app: ASGIApp, hsts_seconds: int = 0) -> None:
        self.app = app
        self.hsts = f"max-age={hsts_seconds}".encode() if hsts_seconds > 0 else None
        self.always = [(k.lower().encode(), v.encode()) for k, v in ALWAYS.items()]
        self.other = OTHER_POLICY.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        https = scope.get("scheme") == "https"

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                added = [(k, v) for k, v in self.always if k not in present]
                # A 304 keeps the policy of the answer it revalidates (its headers update the cached ones).
                if b"content-security-policy" not in present and message["status"] != 304:
                    added.append((b"content-security-policy", self.policy(scope, headers)))
                if https and self.hsts is not None and b"strict-transport-security" not in present:
                    added.append((b"strict-transport-security", self.hsts))
                message = {**message, "headers": headers + added}
            await send(message)

        await self.app(scope, receive, with_headers)

    def policy(self, scope: Scope, headers: list[tuple[bytes, bytes]]) -> bytes:
        kind = next((v for k, v in headers if k.lower() == b"content-type"), b"")
        if not kind.lower().startswith(b"text/html"):
            return self.other
        host = next((v for k, v in scope.get("headers", []) if k == b"host"), b"")
        return page_policy(host.decode("latin-1")).encode()


__all__ = ["ALWAYS", "OTHER_POLICY", "SecurityHeaders", "page_policy"]
