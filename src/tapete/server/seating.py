"""Filling a table before its match: sitting down, leaving, bots, starting, watching, giving up.

These are the REST side of a :class:`~tapete.server.live.LiveTable`: each checks who asks
(the owner alone adds bots and starts; a seat is freed by its holder or the owner), changes
the stored seat or table first and the table in memory after, then tells the connected
clients. A seat's token is returned once, to the person who sat; only its sha256 is kept.
A person may hold one seat per table; asking again for one's own seat issues a new token
(another device, a lost token), even once the match has started.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time

from tapete.bots.levels import LEVELS
from tapete.server.access import may_view, may_watch
from tapete.server.clients import CLOSE_GOING_AWAY
from tapete.server.errors import ServerError
from tapete.server.live import LiveTable, Pass, SeatState
from tapete.server.storage.auth import hash_token, new_token
from tapete.server.storage.rows import SeatRow, UserRow, utcnow

#: Spectator tokens a table keeps (each watch request makes one).
MAX_PASSES = 1000


def _seat(table: LiveTable, seat: int) -> SeatState:
    if not 0 <= seat < table.players:
        raise ServerError("bad_seat", "server.error.bad_seat", seat=seat, last=table.players - 1)
    return table.seats[seat]


def _owner(table: LiveTable, user: UserRow) -> None:
    if user.id != table.row.owner_id:
        raise ServerError("not_owner", "server.error.not_owner", http=403)


def _waiting(table: LiveTable) -> None:
    if table.status != "waiting":
        raise ServerError("not_waiting", "server.error.not_waiting", http=409)


async def _store_seat(table: LiveTable, row: SeatRow, away: bool = False) -> None:
    await asyncio.to_thread(table.store.set_seat, row)
    table.seats[row.seat] = SeatState(row, away=away, gone_since=time.monotonic())


async def sit(
    table: LiveTable, user: UserRow, seat: int, partner_of: int | None = None, *, granted_by: str | None = None
) -> str:
    """Take ``seat`` (or get a new token for one's own seat); returns the seat token.

    ``granted_by`` is the hash of the bearer token that asks: revoking it revokes the seat token. A new
    token for one's own seat ends the old one, and closes the connections opened with it."""
    async with table.lock:
        state = _seat(table, seat)
        if state.row.kind == "human" and state.row.user_id == user.id:
            token = new_token()
            row = dataclasses.replace(state.row, token_hash=hash_token(token), granted_by=granted_by)
            await _store_seat(table, row, away=state.away)
            table.seats[seat].gone_since = state.gone_since
            if state.row.token_hash is not None:
                table.cut_off({state.row.token_hash}, "seat_moved")
            return token
        if state.row.kind != "open":
            raise ServerError("seat_taken", "server.error.seat_taken", http=409, seat=seat)
        _waiting(table)
        if partner_of is not None:
            other = _seat(table, partner_of)
            same_side = table.game.side_of(table.rules, seat) == table.game.side_of(table.rules, partner_of)
            if partner_of == seat or not same_side or other.row.kind == "open":
                raise ServerError("bad_seat", "server.error.not_partner", seat=seat, partner=partner_of)
        if table.seat_of_user(user.id) is not None:
            raise ServerError("already_seated", "server.error.already_seated", http=409)
        token = new_token()
        row = SeatRow(table.id, seat, "human", user.id, user.name, None, hash_token(token), granted_by)
        await _store_seat(table, row)
    table.broadcast_table()
    return token


async def leave(table: LiveTable, user: UserRow, seat: int) -> None:
    """Free a seat before the start: one's own, or any (a bot, a person) for the owner.

    Once the match is live a person may still leave their own seat: a stand-in bot plays it from
    then on, their seat's token stops working (their open pages are closed), and the seat stays
    theirs, so that asking for it again (``sit``) takes it back."""
    async with table.lock:
        state = _seat(table, seat)
        if table.status == "live" and state.row.kind == "human" and state.row.user_id == user.id:
            await asyncio.to_thread(table.store.set_seat, dataclasses.replace(state.row, token_hash=None))
            table.seats[seat] = SeatState(dataclasses.replace(state.row, token_hash=None), away=True)
            table.seats[seat].gone_since = time.monotonic()
            for client in [c for c in table.clients if c.role == "seat" and c.seat == seat]:
                client.close(CLOSE_GOING_AWAY)
                table.clients.discard(client)
        else:
            await _free(table, user, seat, state)
    table.changed()


async def _free(table: LiveTable, user: UserRow, seat: int, state: SeatState) -> None:
    _waiting(table)
    if state.row.kind == "open":
        raise ServerError("seat_open", "server.error.seat_open", http=409, seat=seat)
    if state.row.user_id != user.id:
        _owner(table, user)
    await _store_seat(table, SeatRow(table.id, seat, "open", None, ""))


async def add_bot(table: LiveTable, user: UserRow, seat: int, level: str, name: str) -> None:
    """The owner puts a bot of ``level`` in an open seat (or changes a bot's level)."""
    async with table.lock:
        _owner(table, user)
        state = _seat(table, seat)
        _waiting(table)
        if level not in LEVELS:
            raise ServerError("bad_level", "server.error.bad_level", level=level, levels=", ".join(LEVELS))
        if state.row.kind == "human":
            raise ServerError("seat_taken", "server.error.seat_taken", http=409, seat=seat)
        await _store_seat(table, SeatRow(table.id, seat, "bot", None, name, level, None))
    table.broadcast_table()


async def start(table: LiveTable, user: UserRow) -> None:
    """The owner starts the match once every seat has a person or a bot."""
    async with table.lock:
        _owner(table, user)
        _waiting(table)
        empty = [i for i, s in enumerate(table.seats) if s.row.kind == "open"]
        if empty:
            raise ServerError("seats_open", "server.error.seats_open", http=409, seats=", ".join(map(str, empty)))
        session = table.build_session()
        now = utcnow()
        await asyncio.to_thread(table.store.update_table, table.id, status="live", started_at=now)
        table.row = dataclasses.replace(table.row, status="live", started_at=now)
        table.session = session
        table.driver.turn_started = time.monotonic()
        for i, s in enumerate(table.seats):
            s.gone_since = None if table.connected(i) else time.monotonic()
    table.broadcast_table()
    table.broadcast_state()
    table.driver.start()


async def abandon(table: LiveTable, user: UserRow) -> None:
    """The owner gives up a table that has not started."""
    async with table.lock:
        _owner(table, user)
        _waiting(table)
        await asyncio.to_thread(table.store.update_table, table.id, status="abandoned")
        table.row = dataclasses.replace(table.row, status="abandoned")
    table.broadcast_table()


def watch(table: LiveTable, user: UserRow, granted_by: str | None = None) -> str:
    """A spectator token for whoever may watch the table (:func:`~tapete.server.access.may_watch`: anybody
    who knows an open or a public one, only its parties once a private one is over), kept in memory:
    ask again after a restart.

    ``granted_by`` is the hash of the bearer token that asks: revoking it revokes the pass."""
    facts = table.access()
    if not may_view(facts, user.id):
        raise ServerError("no_table", "server.error.no_table", http=404)
    if not may_watch(facts, user.id):
        raise ServerError("table_closed", "server.error.table_closed", http=409)
    token = new_token()
    table.passes[hash_token(token)] = Pass(user.id, user.name, granted_by)
    while len(table.passes) > MAX_PASSES:  # the oldest admissions go first
        table.passes.pop(next(iter(table.passes)))
    return token


__all__ = ["abandon", "add_bot", "leave", "sit", "start", "watch"]
