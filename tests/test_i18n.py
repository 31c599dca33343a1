"""Every user-facing message exists in Spanish and French, with the same placeholders.

The English text is the gettext msgid (see tapete.i18n); tools/i18n_catalogs.py
adds new ids to the catalogs, and this test fails until they are translated.
"""

from __future__ import annotations

import re
import string
from importlib import resources

import pytest
from babel.messages.pofile import read_po

from tapete.cli.messages import CATALOGS, MESSAGES, msg, set_translator
from tapete.errors import TapeteError
from tapete.i18n import DOMAINS, pick_language, translator

FIELD = re.compile(r"\{([a-z_]*)[^}]*\}")


def catalog(lang: str):  # type: ignore[no-untyped-def]
    """Every message of every catalog (gettext domain) of a language."""
    out = []
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


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_every_cli_message_is_translated(lang: str) -> None:
    entries = {m.id: m.string for m in catalog(lang) if m.id}
    for key, english in MESSAGES.items():
        assert english in entries, f"{lang}: message {key} is not in the catalog (run tools/i18n_catalogs.py)"
        assert entries[english], f"{lang}: message {key} ({english!r}) is not translated"


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_placeholders_match(lang: str) -> None:
    for m in catalog(lang):
        if m.id and m.string:
            assert fields(m.id) == fields(m.string), f"{lang}: {m.id!r} -> {m.string!r}"


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
