"""Cards in their own deck's words at the terminal, in every language: the table and ``tapete show`` agree.

A Spanish-deck card is drawn as a Spanish player writes it (``Rc``, ``3o``), in the
colours of the Spanish pack, never with J/Q/K or a French suit symbol, unless the
rules say ``deck_faces=french``; a French card is named as players of the reader's
language say it (a French reader reads V, D, R for valet, dame, roi).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tapete.cli.main import main
from tapete.tui.app import TableApp
from tapete.tui.cards import HandView, card_text

from .helpers import new_session, run_app

LANGS = ("en", "es", "fr")
#: A Spanish card as the notation and the table write it: rank 1-7, S (sota), C (caballo), R (rey); suit o c e b.
SPANISH = re.compile(r"^[1-7SCR][oceb]$")
FRENCH_MARKS = re.compile(r"[♠♥♦♣]|\b[JQK][♠♥♦♣]")


def shown_hands(out: str) -> list[str]:
    """The cards of every hand row of ``tapete show`` (4 players)."""
    cards: list[str] = []
    for line in out.splitlines():
        if re.match(r"^  \S", line) and "(" in line:
            cards += line.split(")", 1)[1].split("<-")[0].strip().split("   ")[0].split()
    return cards


def drawn_hand(game: str, preset: str, lang: str, options: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """The person's hand as the terminal table draws it: (text, style) of each card."""
    session = new_session(game, preset, 5, options)
    seen: dict[str, Any] = {}

    async def body(pilot: Any, app: TableApp) -> None:
        hand = app.table.query_one(HandView)
        faces = session.game.faces(session.rules)
        seen["cards"] = [(card_text(faces, c).plain, str(card_text(faces, c).style)) for c in hand.cards]
        await pilot.press("q")

    run_app(TableApp(session, 0, lang=lang, delay=0), body)
    return list(seen["cards"])


@pytest.mark.parametrize("lang", LANGS)
def test_show_names_spanish_cards_in_spanish(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    assert main(["show", "--seed", "5", "--lang", lang]) == 0
    out = capsys.readouterr().out
    body = out.split("\n", 1)[1]  # past the position string
    cards = shown_hands(out)
    assert len(cards) == 24 and all(SPANISH.match(c) for c in cards), cards
    assert not FRENCH_MARKS.search(body), body


@pytest.mark.parametrize("lang", LANGS)
def test_table_draws_spanish_cards_as_show_writes_them(lang: str) -> None:
    drawn = drawn_hand("guinote", "aragones", lang)
    assert drawn and all(SPANISH.match(text) for text, _ in drawn), drawn
    colours = {"o": "yellow", "c": "red", "e": "blue", "b": "green"}
    for text, style in drawn:
        assert colours[text[1]] in style, (text, style)


def test_deck_faces_french_works_in_every_face(capsys: pytest.CaptureFixture[str]) -> None:
    drawn = drawn_hand("guinote", "aragones", "en", {"deck_faces": "french"})
    assert drawn and all(re.search(r"[♠♥♦♣]$", text) for text, _ in drawn), drawn
    assert main(["show", "--seed", "5", "--option", "deck_faces=french"]) == 0
    cards = shown_hands(capsys.readouterr().out)
    assert cards and all(re.search(r"[♠♥♦♣]$", c) for c in cards), cards


@pytest.mark.parametrize(("lang", "court"), [("en", "JQK"), ("es", "JQK"), ("fr", "VDR")])
def test_french_cards_in_the_readers_words(capsys: pytest.CaptureFixture[str], lang: str, court: str) -> None:
    assert main(["show", "--game", "belote", "--seed", "5", "--lang", lang]) == 0
    cards = shown_hands(capsys.readouterr().out)
    ranks = {c[:-1] for c in cards}
    other = set("JQKVDR") - set(court)
    assert ranks & set(court) and not ranks & other, ranks
    drawn = drawn_hand("belote", "classique", lang)
    drawn_ranks = {text[:-1] for text, _ in drawn}
    assert not drawn_ranks & other, drawn
