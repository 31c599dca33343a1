"""The exceptions tapete raises.

Every error a user can provoke (a bad card string, an illegal move, a corrupt
record) is a subclass of :class:`TapeteError`, so callers can catch one type;
each message says what was wrong and what was expected.
"""

from __future__ import annotations

from typing import Any

from tapete.core.words import Say


class TapeteError(Exception):
    """Base class of every error tapete raises on purpose.

    ``str(error)`` is English; ``say``, where given, is the same message as a :class:`Say`, which
    the text layer renders in the reader's language (:func:`tapete.text.error_text`).
    """

    say: Say | None = None

    def __init__(self, *args: object, say: Say | None = None) -> None:
        super().__init__(*args)
        self.say = say

    def __reduce__(self) -> str | tuple[Any, ...]:
        if type(self).__init__ is not TapeteError.__init__:  # a subclass with its own arguments
            return super().__reduce__()
        return (_rebuild, (type(self), self.args, self.say))


def _rebuild(cls: type[TapeteError], args: tuple[object, ...], say: Say | None) -> TapeteError:
    return cls(*args, say=say)


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


class SaveError(TapeteError):
    """A table's record could not be written: its folder is a file, the disk is full, no permission."""
