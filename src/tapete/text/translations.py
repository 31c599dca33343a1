"""User-facing text in English, Spanish and French, through gettext catalogs.

Interface code never holds sentences: it asks :func:`translator` for the
language's ``gettext`` and passes English message ids, which the catalogs
under ``tapete/locale/<lang>/LC_MESSAGES/`` translate. There is one catalog
per area of the interface (``tapete.po`` for the core and the command line,
``play.po`` for the terminal table, ...: see :data:`DOMAINS`), so that each
area's text is kept on its own; a language's translator reads them all.
English is the source language and needs no catalog.

>>> _ = translator("es")
>>> _("trump")
'triunfo'
>>> translator("fr")("trump")
'atout'
>>> pick_language(None, {"LANG": "fr_FR.UTF-8"})
'fr'
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from tapete.core.errors import TapeteError

LANGUAGES = ("en", "es", "fr")
DOMAIN = "tapete"
#: The catalogs of each language, one per area (see tapete.text.messages.CATALOGS).
DOMAINS = ("tapete", "play", "replay", "match", "rules", "solve", "server", "web", "errors", "brisca")


@cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalog of a language, compiled from its .po file once per process."""
    if lang not in LANGUAGES:
        raise TapeteError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    if lang == "en":
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    folder = resources.files("tapete") / "locale" / lang / "LC_MESSAGES"
    merged: gettext.NullTranslations | None = None
    for domain in DOMAINS:
        po = folder / f"{domain}.po"
        if not po.is_file():
            continue
        with po.open("rb") as f:
            catalog = read_po(f, locale=lang, domain=domain)
        buf = io.BytesIO()
        write_mo(buf, catalog)
        buf.seek(0)
        one = gettext.GNUTranslations(buf)
        if merged is None:
            merged = one
        else:
            merged.add_fallback(one)
    return merged if merged is not None else gettext.NullTranslations()


@dataclass(frozen=True)
class Translator:
    """One language's ``gettext`` and ``ngettext`` (English ids in, translations out); calling it is gettext."""

    lang: str
    gettext: Callable[[str], str]
    ngettext: Callable[[str, str, int], str]

    def __call__(self, text: str) -> str:
        return self.gettext(text)


@cache
def translator(lang: str) -> Translator:
    """The translator of one of :data:`LANGUAGES`."""
    t = translations(lang)
    return Translator(lang, t.gettext, t.ngettext)


def pick_language(requested: str | None, environ: Mapping[str, str] | None = None) -> str:
    """``--lang`` if given, else the locale (LC_ALL, LC_MESSAGES, LANG), else English."""
    if requested:
        lang = requested.lower()[:2]
        if lang not in LANGUAGES:
            raise TapeteError(f"unknown language {requested!r}: expected one of {', '.join(LANGUAGES)}")
        return lang
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            lang = value.lower()[:2]
            return lang if lang in LANGUAGES else "en"
    return "en"
