"""Text in each client's own language, from catalogs that speak one language at a time.

The message catalogs (:func:`tapete.cli.messages.msg`, and everything built on it such as
:mod:`tapete.table.narrate`) translate through one process-wide translator, which suits a
command line with one user. A server talks to people in several languages at once, so every
piece of text it makes is built inside :func:`speaking`, which switches the translator for the
duration of a synchronous block (never across an ``await``) and puts the previous one back.

>>> with speaking("es"):
...     msg("seat", seat=2)
'jugador 2'
>>> msg("seat", seat=2)
'seat 2'
>>> pick("fr-CA,fr;q=0.9,en;q=0.5"), pick("de"), pick(None)
('fr', 'en', 'en')
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tapete.cli import messages
from tapete.cli.messages import msg
from tapete.i18n import LANGUAGES, translator

_lock = threading.RLock()


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Translate every catalog message into ``lang`` inside the block (English for an unknown one)."""
    lang = lang if lang in LANGUAGES else "en"
    with _lock:
        previous: Callable[[str], str] = messages.current_translator()
        messages.set_translator(translator(lang))
        try:
            yield
        finally:
            messages.set_translator(previous)


def say(lang: str, key: str, /, **values: object) -> str:
    """One catalog message in ``lang``."""
    with speaking(lang):
        return msg(key, **values)


def pick(header: str | None, default: str = "en") -> str:
    """The first of our languages named by a ``?lang=`` value or an Accept-Language header."""
    if not header:
        return default
    for part in header.split(","):
        code = part.split(";", 1)[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return default


__all__ = ["msg", "pick", "say", "speaking"]
