"""What the server refuses, and how it says so: a machine code, a catalog message, an HTTP status.

Every refusal (a malformed message, a move out of turn, a seat already taken) is a
:class:`ServerError` raised where it is detected and turned into words only at the edge, in
the language of the client it goes to: ``{"type":"error","code":...,"message":...}`` on a
websocket, ``{"error":{"code":...,"message":...}}`` over HTTP.

>>> e = ServerError("not_your_turn", "play.explain.not_your_turn", seat="seat 2")
>>> e.code, e.http, e.text("en")
('not_your_turn', 400, 'It is not your turn: seat 2 is to act.')
"""

from __future__ import annotations

from typing import Any

from tapete.core.errors import TapeteError


class ServerError(TapeteError):
    """A refusal: ``code`` for programs, ``key`` (a ``server`` or ``play`` catalog id) for people."""

    def __init__(
        self,
        code: str,
        key: str,
        /,
        http: int = 400,
        detail: dict[str, Any] | None = None,
        message: str | None = None,
        headers: dict[str, str] | None = None,
        **values: object,
    ) -> None:
        self.code = code
        #: HTTP headers the answer carries (``Retry-After`` of a throttled request).
        self.headers = headers or {}
        self.key = key
        self.http = http
        self.values = values
        self.detail = detail or {}
        #: The sentence, when it had to be made where the error arose (in the client's language).
        self.message = message
        super().__init__(f"{code}: {message or values.get('why', key)}")

    def text(self, lang: str) -> str:
        """The sentence for people, in ``lang``."""
        if self.message is not None:
            return self.message
        from tapete.server.lang import say

        values = {k: v for k, v in self.values.items() if k not in ("why", "count")}
        count = self.values.get("count")
        return say(lang, self.key, count if isinstance(count, int) else None, **values)


__all__ = ["ServerError"]
