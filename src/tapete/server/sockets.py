"""``GET /ws/{table_id}``: one websocket, from hello to goodbye.

Two tasks per connection: the receiver reads messages (size checked before any parsing, then
the rate limit, then :func:`~tapete.server.protocol.parse_client`) and hands them to the table
in order; the pump sends the frames the table queues for this client. A refused message gets
an ``error`` frame and changes nothing; the connection is closed only for a bad token on hello
(1008), for no valid hello within ``hello_timeout`` seconds of connecting (1008: an unidentified
socket holds a file descriptor and a task for nothing), for flooding (1008), or for a client too
slow to take its frames (1013). Whatever goes
wrong inside, the server logs it and answers ``internal``: no message can bring it down.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.websockets import WebSocket, WebSocketDisconnect

from tapete.core.errors import StorageError
from tapete.server import protocol as p
from tapete.server.clients import CLOSE_POLICY, CLOSE_TRY_AGAIN, Client
from tapete.server.errors import ServerError
from tapete.server.lang import pick
from tapete.server.live import LiveTable
from tapete.server.ratelimit import TokenBucket, Verdict
from tapete.server.state import ServerState
from tapete.server.storage.auth import hash_token

log = logging.getLogger(__name__)


def error_frame(error: ServerError, lang: str) -> str:
    return p.frame(p.Error(code=error.code, message=error.text(lang), detail=error.detail))


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """Serve one websocket of table ``table_id``."""
    server: ServerState = websocket.app.state.server
    config = server.config
    await websocket.accept()
    client = Client(pick(websocket.query_params.get("lang"), config.lang), config.send_queue)
    pump = asyncio.create_task(_pump(websocket, client))
    table: LiveTable | None = None
    try:
        try:
            table = await server.registry.get(table_id[:64])
        except ServerError as e:
            client.send(error_frame(e, client.lang))
            client.close(CLOSE_POLICY)
            return
        except Exception:  # the database is unreachable, say: the client retries later
            log.exception("cannot open table %s", table_id[:64])
            client.send(error_frame(ServerError("storage", "server.error.storage", http=503), client.lang))
            client.close(CLOSE_TRY_AGAIN)
            return
        receiver = asyncio.create_task(_receive(websocket, client, table, server))
        await asyncio.wait({receiver, pump}, return_when=asyncio.FIRST_COMPLETED)
        receiver.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await receiver
    finally:
        if table is not None:
            table.disconnect(client)
            server.registry.forget(table)
        client.close(1000)
        try:
            await asyncio.wait_for(pump, timeout=5)
        except (TimeoutError, Exception):
            pump.cancel()


async def _pump(websocket: WebSocket, client: Client) -> None:
    """Send the client's frames in order; close the socket when the client is closed."""
    try:
        while True:
            text = await client.next_frame()
            if text is None:
                await websocket.close(code=client.close_code or 1000)
                return
            await websocket.send_text(text)
    except Exception:  # the socket is gone: the receiver sees it too
        return


async def _receive(websocket: WebSocket, client: Client, table: LiveTable, server: ServerState) -> None:
    bucket = TokenBucket(server.config.rate, server.config.burst)
    limit = server.config.max_message_bytes
    wait = server.config.hello_timeout
    deadline = asyncio.get_running_loop().time() + wait if wait > 0 else None
    try:
        while client.close_code is None:
            if deadline is not None and not client.identified:
                try:
                    async with asyncio.timeout_at(deadline):
                        message = await websocket.receive()
                except TimeoutError:
                    error = ServerError("hello_timeout", "server.error.hello_timeout", seconds=f"{wait:g}")
                    client.send(error_frame(error, client.lang))
                    client.close(CLOSE_POLICY)
                    return
            else:
                message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw: str | bytes | None = message.get("text")
            if raw is None:
                raw = message.get("bytes") or b""
            verdict = bucket.take()
            if verdict is not Verdict.OK:
                client.send(error_frame(ServerError("rate_limited", "server.error.rate_limited"), client.lang))
                if verdict is Verdict.CLOSE:
                    client.close(CLOSE_POLICY)
                    return
                continue
            try:
                await _handle(p.parse_client(raw, limit), client, table)
            except ServerError as e:
                client.send(error_frame(e, client.lang))
                if e.code == "bad_token" and not client.identified:
                    client.close(CLOSE_POLICY)
                    return
            except StorageError as e:
                log.warning("table %s: storage error: %s", table.id, e)
                client.send(error_frame(ServerError("storage", "server.error.storage", http=503), client.lang))
            except Exception:
                log.exception("table %s: message failed", table.id)
                client.send(error_frame(ServerError("internal", "server.error.internal", http=500), client.lang))
    except (WebSocketDisconnect, RuntimeError):  # gone, or receiving on a socket the pump has closed
        return


async def _handle(message: p.ClientMessage, client: Client, table: LiveTable) -> None:
    if isinstance(message, p.Ping):
        client.send(p.frame(p.Pong()))
    elif isinstance(message, p.Hello):
        if table.link is not None:  # a spectator's pass may have been given on another node
            await table.link.admit(hash_token(message.token))
        table.connect(client, message)
    elif not client.identified:
        raise ServerError("hello_first", "server.error.hello_first")
    elif isinstance(message, p.Act):
        await table.act(client, message.action, message.version)
    elif isinstance(message, p.Chat):
        await table.chat(client, message.text)
    else:
        table.sync(client)


__all__ = ["error_frame", "table_socket"]
