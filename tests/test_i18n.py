"""Every user-facing message exists in Spanish and French, with the same placeholders.

The English text is the gettext msgid (see tapete.text.translations); tools/i18n_catalogs.py
adds new ids to the catalogs, and this test fails until they are translated.
"""

from __future__ import annotations

import re
import string
from importlib import resources

import pytest
from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from tapete.core.errors import TapeteError
from tapete.text.messages import CATALOGS, MESSAGES, msg, set_translator
from tapete.text.translations import DOMAINS, pick_language, translator

FIELD = re.compile(r"\{([a-z_]*)[^}]*\}")


def catalog(lang: str) -> list[Message]:
    """Every message of every catalog (gettext domain) of a language."""
    out: list[Message] = []
    for domain in DOMAINS:
        po = resources.files("tapete") / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
        if po.is_file():
            with po.open("rb") as f:
                out.extend(read_po(f, locale=lang))
    return out


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_each_catalog_holds_its_own_messages(lang: str) -> None:
    for domain, messages in CATALOGS.items():
        if not messages:
            continue
        po = resources.files("tapete") / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
        assert po.is_file(), f"{lang}: no {domain}.po (run tools/i18n_catalogs.py)"
        with po.open("rb") as f:
            ids = {m.id for m in read_po(f, locale=lang) if m.id}
        missing = [key for key, english in messages.items() if english not in ids]
        assert not missing, f"{lang} {domain}.po lacks {missing}"


def fields(text: str | tuple[str, ...] | list[str] | None) -> set[str]:
    """The field names of a text, or of every form of a plural message."""
    texts = tuple(text) if isinstance(text, (tuple, list)) else (text or "",)
    return {name for t in texts for _, name, _, _ in string.Formatter().parse(t) if name is not None}


def translated(string_: str | tuple[str, ...] | list[str] | None) -> bool:
    return all(string_) if isinstance(string_, (tuple, list)) else bool(string_)


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_every_cli_message_is_translated(lang: str) -> None:
    entries = {m.id: m.string for m in catalog(lang) if m.id}
    for key, english in MESSAGES.items():
        assert english in entries, f"{lang}: message {key} is not in the catalog (run tools/i18n_catalogs.py)"
        assert translated(entries[english]), f"{lang}: message {key} ({english!r}) is not translated"
        assert isinstance(english, tuple) == isinstance(entries[english], tuple), f"{lang}: {key}: plural forms"


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_placeholders_match(lang: str) -> None:
    for m in catalog(lang):
        if m.id and translated(m.string):
            forms = m.string if isinstance(m.string, tuple) else (m.string,)
            for form in forms:
                assert fields(m.id) == fields(form), f"{lang}: {m.id!r} -> {form!r}"


def test_messages_switch_language() -> None:
    try:
        set_translator(translator("es"))
        spanish = msg("seat", seat=2)
        set_translator(translator("fr"))
        french = msg("seat", seat=2)
    finally:
        set_translator(None)
    assert msg("seat", seat=2) == "seat 2"
    assert spanish != "seat 2" and french != "seat 2" and spanish != french
    assert "2" in spanish and "2" in french


def test_language_choice() -> None:
    assert pick_language("ES") == "es"
    assert pick_language(None, {"LC_ALL": "", "LANG": "es_ES.UTF-8"}) == "es"
    assert pick_language(None, {"LANG": "de_DE.UTF-8"}) == "en"
    assert pick_language(None, {}) == "en"
    with pytest.raises(TapeteError, match="unknown language 'xx'"):
        pick_language("xx")
