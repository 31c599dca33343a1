"""The settings of one server: where it keeps its tables, where it listens, how much it accepts.

One frozen :class:`ServerConfig` is built by ``tapete serve`` (or a test) and handed to
:func:`tapete.server.app.create_app`; nothing else in the server reads the environment, so a
test can run several servers side by side with different settings.

>>> ServerConfig(database_url="sqlite:///x.db").with_changes(port=9000).port
9000
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from tapete.bots.levels import EXPERT_NODES
from tapete.table.store import default_directory


def default_database_url() -> str:
    """A SQLite file ``tapete.db`` in tapete's data folder ($TAPETE_HOME, or the user's data directory)."""
    folder = default_directory().parent
    return f"sqlite:///{folder / 'tapete.db'}"


@dataclass(frozen=True)
class ServerConfig:
    """Everything a server needs to know before it starts."""

    database_url: str = field(default_factory=default_database_url)
    host: str = "127.0.0.1"
    port: int = 8000
    #: The language of what the server prints, and of errors when a client names none.
    lang: str = "en"
    #: The longest websocket message accepted, in bytes, checked before any JSON parsing.
    max_message_bytes: int = 4096
    #: Websocket messages per second a connection may send on average, and in one burst.
    rate: float = 20.0
    burst: int = 40
    #: The turn clock of a new table when its owner sets none (seconds; 0: no clock).
    clock_seconds: int = 60
    #: Seconds a person's seat, left with no open connection, waits before a stand-in bot plays it.
    away_grace: float = 15.0
    #: Seconds between the bots' actions, so that people can follow them (0 in tests).
    bot_delay: float = 0.6
    #: Seconds a bot waits, instead of ``bot_delay``, before the first action after a completed trick:
    #: people see the trick taken, and one who may sing or exchange before the lead has the time to.
    #: The same whether or not anybody may, so it tells nothing. None: four bot delays.
    trick_delay: float | None = None
    #: How long the journal waits to gather more actions into one commit (seconds).
    journal_linger: float = 0.002
    #: Frames queued for one slow connection before the server drops it (it reconnects with ``since``).
    send_queue: int = 2000
    #: Tune the garbage collector for a long-running server (``tapete serve``; off in tests, which share
    #: their process): what startup loaded is frozen out of collections, and young collections run less
    #: often, because full collections of a heap of many live tables pause every table for 100s of ms.
    tune_gc: bool = False
    # ---- identity: names, passwords, sign-in, tokens (docs/server.md, "Identity and sign-in")
    #: The shortest and the longest password accepted when registering (characters; checked before hashing).
    password_min: int = 8
    password_max: int = 256
    #: Threads that hash and check passwords: a pool of their own, so that password work never takes the
    #: threads that table actions and other requests use; and how many password jobs may wait for them
    #: before more are refused as ``busy`` (503 with Retry-After).
    password_workers: int = 1
    password_queue: int = 16
    #: Failed sign-ins allowed in a burst per account name and per client address (IPv6: per /64); one
    #: more comes back every ``login_window / limit`` seconds. Past them: 429 ``too_many_attempts``.
    login_failures_per_account: int = 5
    login_failures_per_address: int = 20
    login_window: float = 900.0
    #: Guest names one client address may take in a burst, and the seconds in which that many come back
    #: (a guest is a row kept for good: a loop of guests would grow the database for nothing). 0: no limit.
    guests_per_address: int = 30
    guest_window: float = 3600.0
    #: Seconds a bearer token may go unused before it expires (sliding: each use renews it; 30 days).
    token_lifetime: float = 30 * 86400.0
    #: At most one write per token per this many seconds records its use (what renews it).
    token_touch: float = 3600.0
    #: Seconds between sweeps that delete expired tokens and cut off the sockets that relied on them.
    token_sweep: float = 600.0
    # ------------------------------------------------------------ the transport (docs/server.md, "Connections")
    #: The largest HTTP request body accepted, in bytes: a larger Content-Length is refused (413) before any
    #: of the body is read, a chunked body as soon as it grows past it.
    max_body_bytes: int = 64 * 1024
    #: Seconds a request's body has to arrive in full once its headers have (408 after; 0: no limit).
    body_timeout: float = 30.0
    #: Seconds a new connection (or a kept-alive one after an answer) has to send a request's complete headers
    #: before ``tapete serve`` closes it (0: no limit). Slow headers are refused below the application: see
    #: :mod:`tapete.server.listener`.
    header_timeout: float = 10.0
    #: Seconds a websocket has to say hello with a valid token before it is closed (0: no limit).
    hello_timeout: float = 10.0
    #: HTTP requests in progress plus open websockets from one client address (the one a trusted proxy
    #: forwards, else the peer's); one more is refused with 429 or websocket close 1013. 0: no cap.
    max_connections_per_address: int = 64
    #: Open TCP connections from one peer address, idle ones included, counted by ``tapete serve`` before
    #: any request is read (the trusted proxies are not capped: their clients are, by forwarded address). 0: no cap.
    max_sockets_per_address: int = 128
    #: Addresses or networks of reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed.
    trusted_proxies: tuple[str, ...] = ("127.0.0.1", "::1")
    #: Strict-Transport-Security max-age sent on answers that came over https (0: never sent).
    hsts_seconds: int = 365 * 24 * 3600
    #: Bytes of finished replays kept ready to send (computed once per table and language; LRU). 0: none.
    replay_cache_bytes: int = 32 * 1024 * 1024
    # ------------------------------------------------------------ replays analysed (docs/server.md, "Replays")
    #: Analyses of finished games (each card's cost, :mod:`tapete.server.analysis`) one node runs at once
    #: (0: none; ``POST /api/replay/{id}/analysis`` answers ``analysis_off``), and how many more may wait
    #: for one of them (past that: 503 ``analysis_busy`` with Retry-After).
    analysis_workers: int = 1
    analysis_queue: int = 8
    #: Run the analyses in worker processes (the solver holds the interpreter for long stretches: in a
    #: process of their own they never slow the tables down); False: in a thread of the server (tests).
    analysis_processes: bool = True
    #: The most cards a match may have to be analysed (past it: 422 ``analysis_too_long``).
    analysis_max_cards: int = 2000
    #: Analyses one client address may ask for: a burst, then this many a minute (0: no limit). Over it:
    #: 429 ``too_many_analyses`` with Retry-After. Asking again for one done or under way is not counted.
    analysis_burst: int = 3
    analyses_per_minute: float = 0.5
    #: Search nodes for one card's exact solve (past them the card is "not analysed").
    analysis_max_nodes: int = 1_000_000
    #: The player's own view (the expert's evaluation over worlds sampled from the player's observation):
    #: worlds a card and search nodes a card over all of them (0 nodes: no own view). The expert level's
    #: own budget (about a second a deal, compiled; a pure-Python install is far slower: less there).
    analysis_own_samples: int = 64
    analysis_own_nodes: int = EXPERT_NODES
    # ---------------------------------------------------------- tables: who may see them, and spam
    # (docs/server.md, "Who may see a table, and table spam")
    #: Invite-code lookups (``GET /api/code/...``) one client address may make: a burst, then this many
    #: a minute (0: no limit). Over it: 429 ``too_many_lookups`` with Retry-After.
    code_lookup_burst: int = 20
    code_lookups_per_minute: float = 20.0
    #: Tables (waiting or in play) one person may own at once (0: no limit). Over it: 409 ``too_many_tables``.
    max_open_tables: int = 5
    #: Tables one person may create: a burst, then this many a minute (0: no limit); and one client
    #: address (several people may share one). Over either: 429 ``creating_too_fast`` with Retry-After.
    table_burst_per_person: int = 5
    tables_per_minute_per_person: float = 2.0
    table_burst_per_address: int = 30
    tables_per_minute_per_address: float = 10.0
    #: Minutes a waiting table may stay with no person seated and no connection open before the server
    #: gives it up (status ``abandoned``; 0: never).
    empty_table_minutes: float = 10.0
    #: Lobby pages: tables per page unless asked otherwise, the most one page may hold, and how long one
    #: computed lobby is shared by every reader (seconds; creating or changing a table renews it at once).
    lobby_page: int = 50
    lobby_page_max: int = 100
    lobby_cache_seconds: float = 1.0
    # ---------------------------------------------------------- a cluster of nodes (docs/deploy.md)
    #: A Redis URL (``redis://host:6379/0``) that makes this server one node of a cluster, with the other
    #: nodes that name the same Redis and the same PostgreSQL database. None: one process on its own.
    redis_url: str | None = None
    #: Seconds a table's lease lasts unless renewed (every quarter of it): how long the tables of a node
    #: that died wait before another node takes them over.
    lease_seconds: float = 3.0
    #: This node's name in the cluster (empty: the host, port and process id, made unique).
    node_name: str = ""
    #: What every Redis key and channel of the cluster starts with (several clusters may share one Redis).
    cluster_prefix: str = "tapete"
    #: Seconds a request sent to a table's owner on another node (an action, a seat) may take before it
    #: is refused as ``unavailable`` (the owner's death meanwhile sends it to the next owner).
    forward_timeout: float = 10.0

    @property
    def trick_pause(self) -> float:
        """The pause before a bot's first action after a trick (``trick_delay``, or four bot delays)."""
        return self.trick_delay if self.trick_delay is not None else 4 * self.bot_delay

    def with_changes(self, **changes: Any) -> ServerConfig:
        return dataclasses.replace(self, **changes)
