"""A table: a match, who sits where, bots taking their turns, every action saved.

The faces (the terminal table, the server) drive a :class:`TableSession`;
it knows nothing of screens. See :mod:`tapete.table.session` and
:mod:`tapete.table.store`.
"""

from tapete.table.session import SeatKind, TableSession
from tapete.table.store import default_directory, latest_unfinished

__all__ = ["SeatKind", "TableSession", "default_directory", "latest_unfinished"]
