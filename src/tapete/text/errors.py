"""Errors in the reader's language: the structured form of a :class:`~tapete.core.errors.TapeteError`.

Engines raise errors with an English message and, for the errors people meet most, the same
message as a :class:`~tapete.core.words.Say`; :func:`error_text` renders that in the language in
force and falls back to the English text.

>>> from tapete.core.errors import RulesError
>>> from tapete.core.words import Say
>>> from tapete.text.language import use_language
>>> e = RulesError("unknown game 'mus': expected one of guinote, belote",
...                say=Say("error.game.unknown", name="mus", choices="guinote, belote"))
>>> with use_language("es"):
...     error_text(e)
"juego desconocido 'mus': se esperaba uno de guinote, belote"
>>> error_text(ValueError("plain"))
'plain'
"""

from __future__ import annotations

from tapete.core.words import Say
from tapete.text.render import Names, say


def error_text(error: BaseException, names: Names | None = None) -> str:
    """The error's message in the language in force (its ``say``), else ``str(error)``."""
    s = getattr(error, "say", None)
    if isinstance(s, Say):
        try:
            return say(s, names)
        except (KeyError, IndexError, ValueError, TypeError):
            return str(error)  # a message id or value the catalog does not know: the English text
    return str(error)


__all__ = ["error_text"]
