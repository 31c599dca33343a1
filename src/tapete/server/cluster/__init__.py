"""Several ``tapete serve`` processes as one server: nodes sharing one PostgreSQL database and one Redis.

``tapete serve --database postgresql+psycopg://... --redis redis://...`` runs one **node**; any number
of nodes behind any load balancer make one server (docs/deploy.md). The single process (no Redis)
does not load this package at all.

- :mod:`.bus`: the node's connection to Redis: an ordered outbox of commands and messages, one
  subscriber connection that survives Redis restarts, and requests to another node with replies.
- :mod:`.lease`: which node drives each open table (a Redis key set with ``NX PX``, renewed), and
  which nodes are alive.
- :mod:`.link`: one table's place in the cluster: the owner publishes what it committed, a replica
  on another node applies it in version order (gaps filled from PostgreSQL), forwards its clients'
  actions to the owner and tells it who is connected.
- :mod:`.node`: the node itself: it claims the tables nobody drives (a dead node's), renews its
  leases, answers other nodes' requests, and lists every node's open tables in the lobby.
"""
