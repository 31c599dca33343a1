"""The language in force: a ContextVar, so that each thread, task or block speaks its own.

A command line speaks one language for the whole run: it sets the process default with
:func:`set_language`. A server speaks to several people at once: it wraps the text it builds for
one client in :func:`use_language`, which sets the language of the current context only (a
``ContextVar``), so concurrent requests, threads and asyncio tasks never see each other's choice
and nothing is swapped under a lock.

>>> from tapete.text.messages import msg
>>> with use_language("es"):
...     current_language(), msg("seat", seat=2)
('es', 'jugador 2')
>>> current_language(), msg("seat", seat=2)
('en', 'seat 2')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from tapete.text.translations import LANGUAGES, Translator, translator


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


ENGLISH = Translator("en", lambda text: text, _english_plural)

#: The process default, for contexts with no :func:`use_language` block (the CLI's ``--lang``).
_default: Translator = ENGLISH
#: The language of the current context; None: the process default.
_current: ContextVar[Translator | None] = ContextVar("tapete_language", default=None)


def current_translator() -> Translator:
    """The translator in force in this context."""
    t = _current.get()
    return _default if t is None else t


def current_language() -> str:
    """The code of the language in force (``en``, ``es`` or ``fr``)."""
    return current_translator().lang


@contextmanager
def use_language(lang: str) -> Iterator[Translator]:
    """Speak ``lang`` inside the block (English for an unknown code), in this context only."""
    t = translator(lang if lang in LANGUAGES else "en")
    token = _current.set(t)
    try:
        yield t
    finally:
        _current.reset(token)


def set_language(lang: str) -> None:
    """Make ``lang`` the process default (used wherever no :func:`use_language` block is active)."""
    set_translator(translator(lang))


def set_translator(t: Translator | Callable[[str], str] | None) -> None:
    """Set the process default translator; ``None`` resets it to English.

    A plain ``gettext`` callable (older callers) is wrapped with English plural rules.
    Also clears a language set directly on this context, so the default shows.
    """
    global _default
    if t is None:
        _default = ENGLISH
    elif isinstance(t, Translator):
        _default = t
    else:
        gettext = t

        def ngettext(singular: str, plural: str, n: int) -> str:
            return gettext(_english_plural(singular, plural, n))

        _default = Translator("custom", gettext, ngettext)
    _current.set(None)


__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "Translator",
    "current_language",
    "current_translator",
    "set_language",
    "set_translator",
    "translator",
    "use_language",
]
