"""Which node drives each open table: leases in Redis, with a timeout, and which nodes are alive.

A table's lease is the Redis key ``<prefix>:lease:<table id>`` holding the owner's node name, set
with ``SET NX PX`` (taken only if nobody holds it) and renewed by its owner every third of
``lease_seconds``. A node that dies stops renewing: its leases expire after ``lease_seconds`` at
most, and the next node to look takes each table over (docs/deploy.md, "Why leases in Redis").

A lease is the right to drive a table, not the guarantee that nobody else writes: a node frozen
past its lease (a long pause, a partition) may still try to commit an action after another took
over. The action log's primary key (table, version) refuses the second writer of a version, so two
owners can never make two histories; the one refused learns it lost the table and steps down.

Renewing is one script for all of a node's leases: a lease it still holds is extended; one that has
vanished (Redis restarted empty) is taken again; one another node holds now is reported lost.
Each node also keeps ``<prefix>:alive:<node>`` set while it runs, renewed with its leases, so that an
owner can forget who was connected through a node that is gone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

#: Extend each lease (KEYS) still held by ARGV[1] for ARGV[2] ms, take back one that vanished;
#: the 1-based indexes of those another node holds now.
RENEW: Final = """
local lost = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if holder == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  elseif not holder then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
  else
    lost[#lost + 1] = i
  end
end
return lost
"""
#: Delete the lease KEYS[1] only if ARGV[1] still holds it.
RELEASE: Final = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""
#: The members of the set KEYS[1] (open tables) whose lease (ARGV[1] .. id) nobody holds.
FREE: Final = """
local free = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if redis.call('EXISTS', ARGV[1] .. id) == 0 then
    free[#free + 1] = id
  end
end
return free
"""
#: Keys per renewal script call.
RENEW_CHUNK: Final = 500


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return value.decode() if isinstance(value, bytes) else str(value)


class Leases:
    """The leases of one cluster (``prefix``) as node ``node`` sees them, on a Redis client."""

    def __init__(self, redis: Any, prefix: str, node: str, seconds: float) -> None:
        self.redis = redis
        self.prefix = prefix
        self.node = node
        self.ms = max(1, int(seconds * 1000))
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)
        self._free = redis.register_script(FREE)

    def key(self, table_id: str) -> str:
        return f"{self.prefix}:lease:{table_id}"

    def alive_key(self, node: str) -> str:
        return f"{self.prefix}:alive:{node}"

    async def acquire(self, table_id: str) -> bool:
        """Take the lease of a table nobody holds; whether this node holds it now."""
        if await self.redis.set(self.key(table_id), self.node, nx=True, px=self.ms):
            return True
        return await self.holder(table_id) == self.node

    async def release(self, table_id: str) -> None:
        """Give a lease up (only if this node still holds it): another node may take the table at once."""
        await self._release(keys=[self.key(table_id)], args=[self.node])

    async def renew(self, table_ids: Sequence[str]) -> set[str]:
        """Renew this node's leases and its ``alive`` key; the tables whose lease another node holds now."""
        lost: set[str] = set()
        await self.redis.set(self.alive_key(self.node), "1", px=self.ms)
        ids = list(table_ids)
        for start in range(0, len(ids), RENEW_CHUNK):
            chunk = ids[start : start + RENEW_CHUNK]
            indexes = await self._renew(keys=[self.key(t) for t in chunk], args=[self.node, self.ms])
            lost.update(chunk[int(i) - 1] for i in indexes)
        return lost

    async def free(self, open_key: str) -> list[str]:
        """The tables of the set ``open_key`` whose lease nobody holds (one round trip: Redis looks)."""
        found = await self._free(keys=[open_key], args=[self.key("")])
        return [t for t in (_text(v) for v in found) if t is not None]

    async def holder(self, table_id: str) -> str | None:
        return _text(await self.redis.get(self.key(table_id)))

    async def holders(self, table_ids: Sequence[str]) -> dict[str, str | None]:
        """Who holds each table's lease (None: nobody), in one round trip per 500 tables."""
        out: dict[str, str | None] = {}
        ids = list(table_ids)
        for start in range(0, len(ids), RENEW_CHUNK):
            chunk = ids[start : start + RENEW_CHUNK]
            values = await self.redis.mget([self.key(t) for t in chunk])
            out.update({t: _text(v) for t, v in zip(chunk, values, strict=True)})
        return out

    async def alive(self, nodes: Sequence[str]) -> set[str]:
        """Which of ``nodes`` are running (their ``alive`` key is set)."""
        names = list(nodes)
        if not names:
            return set()
        values = await self.redis.mget([self.alive_key(n) for n in names])
        return {n for n, v in zip(names, values, strict=True) if v is not None}

    async def leave(self) -> None:
        """This node stops: its ``alive`` key goes at once."""
        await self.redis.delete(self.alive_key(self.node))


__all__ = ["Leases"]
