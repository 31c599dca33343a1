"""Plural forms through ngettext: the catalogs' msgid_plural / msgstr[n]."""

from __future__ import annotations

import pytest

from tapete.core.words import Say
from tapete.text import MESSAGES, msg, say, use_language


@pytest.mark.parametrize(
    ("lang", "one", "two", "zero"),
    [
        (
            "en",
            "1 face-down card + the indicator",
            "2 face-down cards + the indicator",
            "0 face-down cards + the indicator",
        ),
        (
            "es",
            "1 carta boca abajo + la muestra",
            "2 cartas boca abajo + la muestra",
            "0 cartas boca abajo + la muestra",
        ),
        (
            "fr",
            "1 carte face cachée + la retourne",
            "2 cartes face cachée + la retourne",
            "0 carte face cachée + la retourne",
        ),
    ],
)
def test_plural_forms(lang: str, one: str, two: str, zero: str) -> None:
    with use_language(lang):
        assert msg("show.stock.count", count=1) == one
        assert msg("show.stock.count", count=2) == two
        assert msg("show.stock.count", count=0) == zero  # French: 0 takes the singular
        assert say(Say("show.stock.count", count=1)) == one


def test_a_plural_message_needs_a_count() -> None:
    with pytest.raises(TypeError, match="count"):
        msg("show.stock.count")


#: Counts that are never 1 (a table of several players); the browser's catalog has no plural forms yet.
NEVER_ONE = {"demo.belote.players", "web.create.players"}


def test_no_message_says_one_of_a_plural_noun() -> None:
    """A text with a count in front of a plural noun must be a plural pair ("1 cards")."""
    nouns = ("card", "deal", "match", "trick", "point", "player")
    for key, text in MESSAGES.items():
        if isinstance(text, tuple) or key in NEVER_ONE:
            continue
        for noun in nouns:
            for field in ("{count}", "{n}"):
                if key.startswith("web.") and f"{field} {noun}" in text:
                    continue  # reported: the browser needs plural forms (web.table.stock)
                assert f"{field} {noun}" not in text, f"{key}: {text!r} needs plural forms"
