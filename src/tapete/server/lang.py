"""Text in each client's own language: the server's side of :mod:`tapete.text.language`.

The language in force is a ``ContextVar`` (:func:`tapete.text.use_language`), so every request,
task and thread speaks its own client's language and nothing is swapped under a lock: text for
one client is built inside :func:`speaking`, which may even span an ``await``.

>>> with speaking("es"):
...     msg("seat", seat=2)
'jugador 2'
>>> msg("seat", seat=2)
'seat 2'
>>> pick("fr-CA,fr;q=0.9,en;q=0.5"), pick("de"), pick(None)
('fr', 'en', 'en')
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tapete.text.language import use_language
from tapete.text.messages import msg
from tapete.text.render import counting_from
from tapete.text.translations import LANGUAGES


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Translate every catalog message into ``lang`` inside the block (English for an unknown one).

    Seats and teams are numbered for people, from 1 ("seat 1" .. "seat 4", "team 1" and "team 2").
    """
    with use_language(lang), counting_from(1):
        yield


def say(lang: str, key: str, /, count: int | None = None, **values: object) -> str:
    """One catalog message in ``lang`` (plural form by ``count``)."""
    with use_language(lang):
        return msg(key, count, **values)


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
