"""One open websocket as a table sees it: who is there, in which language, and what to send them.

A table never writes to a socket itself: it puts frames into each :class:`Client`'s queue,
synchronously and in order, and the connection's own task sends them. So one slow or dead
connection never holds up a table or the other players, and frames reach each client in the
order the table made them. A client that lets too many frames pile up is dropped (it
reconnects and catches up with ``since``) rather than let its queue grow without bound.
"""

from __future__ import annotations

import asyncio
from typing import Literal

Role = Literal["seat", "spectator"]

#: Websocket close codes the server uses.
CLOSE_POLICY = 1008
CLOSE_TRY_AGAIN = 1013
CLOSE_GOING_AWAY = 1001


class Client:
    """A connection: its role once it has said hello, and its queue of frames."""

    def __init__(self, lang: str = "en", limit: int = 2000) -> None:
        self.lang = lang
        self.limit = limit
        self.role: Role | None = None
        self.seat: int | None = None
        self.user_id: str | None = None
        self.name: str = ""
        #: The token the client said hello with (its sha256), to tell a repeated hello from another one.
        self.token_hash: str | None = None
        #: The version the client said it has seen (its hello's ``since``): it is sent nothing older. Only
        #: a cluster's replica can be behind a client (one that saw more on another node); it catches up.
        self.seen = 0
        self.close_code: int | None = None
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()

    @property
    def identified(self) -> bool:
        return self.role is not None

    def send(self, text: str) -> None:
        """Queue one frame (nothing once the client is closing)."""
        if self.close_code is not None:
            return
        if self._queue.qsize() >= self.limit:
            self.drop(CLOSE_TRY_AGAIN)
            return
        self._queue.put_nowait(text)

    def close(self, code: int) -> None:
        """Close after the frames already queued (an error frame, say) have gone out."""
        if self.close_code is None:
            self.close_code = code
            self._queue.put_nowait(None)

    def drop(self, code: int) -> None:
        """Close at once, throwing away what was queued."""
        while not self._queue.empty():
            self._queue.get_nowait()
        self.close_code = None
        self.close(code)

    async def next_frame(self) -> str | None:
        """The next frame to send, or None when the connection is to be closed."""
        return await self._queue.get()


__all__ = ["CLOSE_GOING_AWAY", "CLOSE_POLICY", "CLOSE_TRY_AGAIN", "Client", "Role"]
