"""What one running server holds: its settings, its store, its journal and its tables.

Kept on ``app.state.server`` so that every route and the websocket handler reach the same
objects, and so that two apps in one process (tests) never share anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tapete.server.config import ServerConfig
from tapete.server.journal import Journal
from tapete.server.registry import TableRegistry
from tapete.server.storage.store import Store

if TYPE_CHECKING:
    from tapete.server.cluster.node import Node


@dataclass
class ServerState:
    config: ServerConfig
    store: Store
    journal: Journal
    registry: TableRegistry
    #: Whether the app made the store itself (then it closes it on shutdown).
    owns_store: bool = False
    #: This process as a node of a cluster (``redis_url`` set), or None.
    node: Node | None = None


__all__ = ["ServerState"]
