"""The exceptions tapete raises.

Every error a user can provoke (a bad card string, an illegal move, a corrupt
record) is a subclass of :class:`TapeteError`, so callers can catch one type;
each message says what was wrong and what was expected.
"""

from __future__ import annotations


class TapeteError(Exception):
    """Base class of every error tapete raises on purpose."""


class CardParseError(TapeteError, ValueError):
    """A card string could not be read."""


class RulesError(TapeteError, ValueError):
    """A rules option is unknown, has a bad value, or clashes with another."""


class SetupError(TapeteError, ValueError):
    """A deal, position or sample cannot be set up as asked (bad deck, seat, hand sizes)."""


class IllegalActionError(TapeteError, ValueError):
    """An action is not legal in the current state; the state is unchanged."""


class NotationError(TapeteError, ValueError):
    """A position string is malformed or describes an impossible position."""


class RecordError(TapeteError, ValueError):
    """A game record is malformed, corrupt or does not replay."""


class StorageError(TapeteError):
    """The server's database refused a write or a read failed (gap in an action log, unknown row, lost connection)."""
