"""Cards in their own deck's words, in every language: never J/Q/K or ♠♥♦♣ on a Spanish card."""

from __future__ import annotations

import json
import re

import pytest

from tapete.core.cards import french as french_cards
from tapete.core.cards import spanish as spanish_cards
from tapete.core.words import CardRef, CardsRef, RankRef, Say, SeatRef, SuitRef
from tapete.text import (
    FACES,
    card_label,
    card_name,
    card_short,
    cards_short,
    deck_words,
    n_cards,
    rank_name,
    say,
    suit_colour,
    suit_name,
    use_language,
)
from tapete.text.messages import fill

LANGS = ("en", "es", "fr")
FRENCH_MARKS = re.compile(r"[♠♥♦♣♤♡♢♧]|\b[JQK]\b|\b[JQK](?=[♠♥♦♣])|jack|queen|king|valet|dame|\broi\b|reina|jota")


@pytest.mark.parametrize("lang", LANGS)
def test_a_spanish_card_is_never_french(lang: str) -> None:
    with use_language(lang):
        for c in range(40):
            label = card_label("spanish", c)
            for form in ("", "short", "the", "bare", "de", "a", "long"):
                text = format(label, form)
                assert not FRENCH_MARKS.search(text), f"{lang} {c} {form}: {text!r}"
            assert card_short("spanish", c) == spanish_cards.card_str(c)  # the notation's letters
        words = json.dumps(deck_words("spanish"), ensure_ascii=False)
        assert not FRENCH_MARKS.search(words)


@pytest.mark.parametrize(
    ("lang", "faces", "card", "name", "short"),
    [
        ("es", "spanish", spanish_cards.parse_card("Cc"), "el caballo de copas", "Cc"),
        ("es", "spanish", spanish_cards.parse_card("Sb"), "la sota de bastos", "Sb"),
        ("es", "spanish", spanish_cards.parse_card("1o"), "el as de oros", "1o"),
        ("en", "spanish", spanish_cards.parse_card("Re"), "the rey of espadas", "Re"),
        ("en", "spanish", spanish_cards.parse_card("7o"), "the seven of oros", "7o"),
        ("fr", "spanish", spanish_cards.parse_card("1o"), "l'as d'oros", "1o"),
        ("fr", "spanish", spanish_cards.parse_card("Cc"), "le caballo de copas", "Cc"),
        ("fr", "french", french_cards.parse_card("Jh"), "le valet de cœur", "V♥"),
        ("fr", "french", french_cards.parse_card("Qs"), "la dame de pique", "D♠"),
        ("fr", "french", french_cards.parse_card("Kd"), "le roi de carreau", "R♦"),
        ("fr", "french", french_cards.parse_card("Ac"), "l'as de trèfle", "A♣"),
        ("fr", "french", french_cards.parse_card("Th"), "le dix de cœur", "10♥"),
        ("es", "french", french_cards.parse_card("Jh"), "la jota de corazones", "J♥"),
        ("es", "french", french_cards.parse_card("Qh"), "la reina de corazones", "Q♥"),
        ("es", "french", french_cards.parse_card("Kh"), "el rey de corazones", "K♥"),
        ("en", "french", french_cards.parse_card("Qh"), "the queen of hearts", "Q♥"),
        ("en", "french-40", spanish_cards.parse_card("Cc"), "the queen of hearts", "Q♥"),
        ("fr", "french-40", spanish_cards.parse_card("Sb"), "le valet de trèfle", "V♣"),
        ("es", "french-40", spanish_cards.parse_card("1o"), "el as de diamantes", "A♦"),
        ("en", "french-40", spanish_cards.parse_card("3e"), "the three of spades", "3♠"),
    ],
)
def test_card_names(lang: str, faces: str, card: int, name: str, short: str) -> None:
    with use_language(lang):
        assert card_name(faces, card) == name
        assert card_short(faces, card) == short


def test_french_40_matches_the_decks_own_symbols() -> None:
    with use_language("en"):
        for c in range(40):
            assert card_short("french-40", c) == spanish_cards.card_str(c, french=True)


def test_card_forms_in_a_sentence() -> None:
    card = CardRef("spanish", spanish_cards.parse_card("Cc"))
    with use_language("es"):
        assert fill("{card} / {card:the} / {card:bare} / {card:de} / {card:a}", {"card": card}) == (
            "Cc / el caballo de copas / caballo de copas / del caballo de copas / al caballo de copas"
        )
    with use_language("fr"):
        assert fill("{card:de}", {"card": CardRef("spanish", spanish_cards.parse_card("1o"))}) == "de l'as d'oros"


def test_several_cards() -> None:
    cards = CardsRef("spanish", (spanish_cards.parse_card("3o"), spanish_cards.parse_card("Cc")))
    with use_language("es"):
        assert fill("{cards}", {"cards": cards}) == "3o, Cc"
        assert fill("{cards:long}", {"cards": cards}) == "el tres de oros y el caballo de copas"
    assert cards_short("spanish", []) == "-"
    assert cards_short("french", [french_cards.parse_card("Jh"), french_cards.parse_card("9h")]) == "J♥ 9♥"


@pytest.mark.parametrize(
    ("lang", "template", "expected"),
    [
        ("fr", "carré de {rank:pl}", "carré de valets"),
        ("fr", "tierce {rank:a}", "tierce au valet"),
        ("es", "escalera {rank:a}", "escalera a la jota"),
        ("en", "tierce {rank:a}", "tierce to the jack"),
    ],
)
def test_ranks(lang: str, template: str, expected: str) -> None:
    with use_language(lang):
        assert fill(template, {"rank": RankRef("french", french_cards.JACK)}) == expected


def test_rank_plurals_and_articles() -> None:
    with use_language("fr"):
        assert rank_name("french", french_cards.QUEEN) == "dame"
        assert rank_name("french", french_cards.QUEEN, article=True) == "la dame"
        assert rank_name("french", french_cards.ACE, count=4) == "as"
        assert fill("tierce {rank:a}", {"rank": RankRef("french", french_cards.QUEEN)}) == "tierce à la dame"
        assert fill("tierce {rank:a}", {"rank": RankRef("french", french_cards.KING)}) == "tierce au roi"
        assert fill("tierce {rank:a}", {"rank": RankRef("french", french_cards.ACE)}) == "tierce à l'as"
    with use_language("es"):
        assert rank_name("spanish", spanish_cards.REY, count=2) == "reyes"
        assert rank_name("french", french_cards.JACK, count=4) == "jotas"


def test_suits() -> None:
    with use_language("fr"):
        assert suit_name("french", french_cards.HEARTS) == "cœur"
        assert suit_name("spanish", spanish_cards.ESPADAS) == "espadas"
        assert fill("a pris {suit:a}", {"suit": SuitRef("french", french_cards.CLUBS)}) == "a pris à trèfle"
    with use_language("es"):
        assert fill("cantó las veinte en {suit}", {"suit": SuitRef("spanish", spanish_cards.ESPADAS)}) == (
            "cantó las veinte en espadas"
        )
    assert [suit_colour("spanish", s) for s in range(4)] == ["gold", "red", "blue", "green"]
    assert [suit_colour("french", s) for s in range(4)] == ["black", "red", "red", "black"]
    assert [suit_colour("french-40", s) for s in range(4)] == ["red", "red", "black", "black"]


@pytest.mark.parametrize("faces", FACES)
@pytest.mark.parametrize("lang", LANGS)
def test_deck_words_is_complete_and_json(faces: str, lang: str) -> None:
    with use_language(lang):
        words = deck_words(faces)
    assert json.loads(json.dumps(words)) == words
    assert words["lang"] == lang and words["faces"] == faces
    cards = words["cards"]
    assert isinstance(cards, list) and len(cards) == n_cards(faces)
    assert len({c["short"] for c in cards}) == len(cards)  # every short form tells one card
    assert len({c["name"] for c in cards}) == len(cards)
    assert isinstance(words["suits"], list) and len(words["suits"]) == 4


def test_unknown_faces() -> None:
    with pytest.raises(ValueError, match="unknown card faces"):
        card_short("tarot", 0)
    with pytest.raises(ValueError, match="out of range"):
        card_short("french", 32)


def test_say_renders_refs() -> None:
    s = Say("show.trick.play", card=CardRef("french", french_cards.parse_card("Jh")), seat=SeatRef(1))
    with use_language("fr"):
        assert say(s) == "V♥ (le joueur 1)"
