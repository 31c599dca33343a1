"""Who people are: guests, registration, signing in and out, and bearer tokens that expire.

Signing in must not stall the tables. A password is hashed with scrypt (tens of milliseconds of CPU
on purpose), so:

- the hashing never runs inside a database transaction (a write transaction holds SQLite's only write
  lock, and a PostgreSQL connection from the small pool): the store is asked for the password hash in
  one short read, the hash is checked with no transaction open, and a token is written in one short write;
- it runs on a small pool of threads of its own (``password_workers``), never on the event loop's shared
  default pool, which every store call of every table uses; at most ``password_queue`` jobs wait for it,
  and more are refused at once as ``busy`` (503, Retry-After), so a flood of sign-ins queues nothing
  without bound and can take no thread that a table needs;
- failed sign-ins are throttled per account name (its :func:`~tapete.server.identity_names.name_key`,
  whether the account exists or not, so the answer tells nothing) and per client address
  (:func:`~tapete.server.throttle.address_key`): an attempt takes one of each before any hashing, and a
  successful one gives them back, so only failures count. Past either: 429 ``too_many_attempts`` with
  the seconds to wait (and Retry-After), before any database or password work. Each registration takes
  one of its address's attempts too (and keeps it): registering costs a hash as well.

Bearer tokens expire when unused for ``token_lifetime`` (sliding: each use renews it, recorded at most
once per ``token_touch``), and ``POST /api/logout`` revokes one at once. The seat tokens and spectator
passes a bearer token asked for die with it: a sweep every ``token_sweep`` seconds deletes expired
tokens, and both it and a logout close the sockets that were opened with what they granted
(:meth:`~tapete.server.live.LiveTable.revoke`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Collection
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, TypeVar

from tapete.core.errors import StorageError
from tapete.server import identity_names as names
from tapete.server.config import ServerConfig
from tapete.server.errors import ServerError
from tapete.server.storage import auth
from tapete.server.storage.rows import UserRow, utcnow
from tapete.server.storage.store import NameTaken
from tapete.server.throttle import Throttle, address_key, retry_after

if TYPE_CHECKING:
    from tapete.server.registry import TableRegistry
    from tapete.server.storage.store import Store

log = logging.getLogger(__name__)
T = TypeVar("T")


def bad_name(error: names.BadName) -> ServerError:
    """The refusal of a name, saying why (and which character, when one is not allowed)."""
    if error.reason == "invisible":
        return ServerError("bad_name", "server.error.name_chars", detail={"field": "name", "char": error.char},
                           char=error.char)  # fmt: skip
    if error.reason == "too_long":
        return ServerError("bad_name", "server.error.name_long", detail={"field": "name"}, limit=names.MAX_NAME)
    return ServerError("bad_name", "server.error.name_empty", detail={"field": "name"})


def too_many(seconds: float) -> ServerError:
    wait = retry_after(seconds)
    return ServerError(
        "too_many_attempts",
        "server.error.too_many_attempts",
        http=429,
        detail={"retry_after": wait},
        headers={"Retry-After": str(wait)},
        seconds=wait,
    )


def _check_password(password: str, stored: str | None) -> bool:
    """The password check as the password threads run it (the same time spent when there is no hash)."""
    if stored is None:
        auth.burn_password_time(password)
        return False
    return auth.check_password(password, stored)


class Identity:
    """The server's sign-in desk: one per app, with its own password threads and throttles.

    ``clock`` (monotonic seconds) drives the throttles and ``wall`` (aware UTC) the tokens' ages: tests
    pass their own to count attempts and age tokens without waiting.
    """

    def __init__(
        self,
        config: ServerConfig,
        store: Store,
        registry: TableRegistry,
        *,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], datetime] = utcnow,
    ) -> None:
        self.config = config
        self.store = store
        self.registry = registry
        self.wall = wall
        self.by_account = Throttle(config.login_failures_per_account, config.login_window, now=clock)
        self.by_address = Throttle(config.login_failures_per_address, config.login_window, now=clock)
        self.guests = Throttle(max(1, config.guests_per_address), config.guest_window, now=clock)
        self._executor = ThreadPoolExecutor(max_workers=max(1, config.password_workers),
                                            thread_name_prefix="tapete-passwords")  # fmt: skip
        #: Password jobs running or waiting for a thread.
        self.pending = 0
        self._sweeper: asyncio.Task[None] | None = None

    @property
    def lifetime(self) -> timedelta:
        return timedelta(seconds=self.config.token_lifetime)

    # ------------------------------------------------------------ password work
    async def password_work(self, fn: Callable[..., T], *args: object) -> T:
        """Run ``fn(*args)`` on the password threads; ``busy`` (503) when too many jobs wait already."""
        if self.pending >= max(1, self.config.password_workers) + self.config.password_queue:
            raise ServerError("busy", "server.error.busy", http=503, headers={"Retry-After": "1"})
        self.pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)
        finally:
            self.pending -= 1

    def check_new_password(self, password: str) -> None:
        """Refuse a password shorter than ``password_min`` or longer than ``password_max`` characters."""
        low, high = self.config.password_min, self.config.password_max
        if len(password) < low:
            raise ServerError("bad_password", "server.error.password_short", detail={"field": "password"}, limit=low)
        if len(password) > high:
            raise ServerError("bad_password", "server.error.password_long", detail={"field": "password"}, limit=high)

    # ------------------------------------------------------------ people
    async def guest(self, name: str, host: str | None = None) -> tuple[UserRow, str]:
        """A guest and its token; ``too_many_attempts`` (429) past ``guests_per_address`` from one address."""
        try:
            clean = names.clean_name(name)
        except names.BadName as e:
            raise bad_name(e) from None
        address = address_key(host)
        wait = self.guests.take(address) if self.config.guests_per_address > 0 else 0.0
        if wait:
            raise too_many(wait)
        try:
            return await asyncio.to_thread(self.store.create_user, clean, now=self.wall())
        except NameTaken:
            self.guests.give_back(address)
            raise ServerError("name_taken", "server.error.name_taken", http=409, name=clean) from None

    async def register(self, name: str, password: str, host: str | None) -> tuple[UserRow, str]:
        try:
            clean = names.clean_name(name)
        except names.BadName as e:
            raise bad_name(e) from None
        self.check_new_password(password)
        address = address_key(host)
        wait = self.by_address.take(address)
        if wait:
            raise too_many(wait)
        try:
            password_hash = await self.password_work(auth.hash_password, password)
        except ServerError:  # busy: nothing was done, so nothing is counted
            self.by_address.give_back(address)
            raise
        try:
            return await asyncio.to_thread(self.store.create_user, clean, password_hash=password_hash, now=self.wall())
        except NameTaken:
            raise ServerError("name_taken", "server.error.name_taken", http=409, name=clean) from None

    async def login(self, name: str, password: str, host: str | None) -> tuple[UserRow, str]:
        """A new token for the right name and password; ``bad_login`` (401) or ``too_many_attempts`` (429)."""
        try:
            account = names.name_key(names.clean_name(name))
        except names.BadName:
            account = name[:200]
        address = address_key(host)
        wait = self.by_address.take(address)
        if wait:
            raise too_many(wait)
        wait = self.by_account.take(account)
        if wait:
            self.by_address.give_back(address)
            raise too_many(wait)
        try:
            ok = False
            user: UserRow | None = None
            if len(password) <= self.config.password_max:  # longer was never accepted: no hashing
                found = await asyncio.to_thread(self.store.credentials, name)
                user = found[0] if found is not None else None
                ok = await self.password_work(_check_password, password, found[1] if found is not None else None)
        except (ServerError, StorageError):  # busy, or the database away: no attempt was made
            self.by_address.give_back(address)
            self.by_account.give_back(account)
            raise
        if not ok or user is None:
            raise ServerError("bad_login", "server.error.bad_login", http=401)
        self.by_address.give_back(address)
        self.by_account.give_back(account)
        return user, await asyncio.to_thread(self.store.issue_token, user.id, self.wall())

    async def user_for(self, token: str) -> UserRow | None:
        """The user of a bearer token that has neither been revoked nor expired (and its use recorded)."""
        touch = timedelta(seconds=self.config.token_touch)
        return await asyncio.to_thread(
            lambda: self.store.user_by_token(token, now=self.wall(), lifetime=self.lifetime, touch=touch)
        )

    async def logout(self, token: str) -> bool:
        """Revoke a bearer token, and with it the seat tokens and passes it asked for; whether it existed."""
        existed = await asyncio.to_thread(self.store.logout, token)
        await self.cut_off({auth.hash_token(token)})
        return existed

    # ------------------------------------------------------------ expiry
    async def cut_off(self, token_hashes: Collection[str]) -> None:
        """Close every socket that relies on one of these (revoked or expired) bearer tokens."""
        if not token_hashes:
            return
        await self.registry.revoke(token_hashes)

    async def sweep(self) -> int:
        """Delete the tokens unused for ``token_lifetime`` and cut off what they granted; how many."""
        expired = await asyncio.to_thread(self.store.expire_tokens, self.wall() - self.lifetime)
        await self.cut_off(set(expired))
        return len(expired)

    async def _sweep_forever(self) -> None:
        while True:
            try:
                count = await self.sweep()
                if count:
                    log.info("%d bearer tokens expired", count)
            except Exception:  # the database is away, say: the next sweep tries again
                log.exception("the token sweep failed")
            await asyncio.sleep(self.config.token_sweep)

    def start(self) -> None:
        """Start sweeping expired tokens (from the app's startup)."""
        if self._sweeper is None and self.config.token_sweep > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def close(self) -> None:
        """Stop the sweeps and the password threads (jobs not started are dropped)."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None
        self._executor.shutdown(wait=False, cancel_futures=True)


__all__ = ["Identity", "bad_name", "too_many"]
