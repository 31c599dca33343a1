"""Cards in their own deck's words, in English, Spanish and French: the one source of card names.

Every face (the terminal table, the text commands, narration, the server and the browser) names
cards through this module, in the language in force (:func:`tapete.text.language.use_language`).

Faces (:data:`FACES`) name both the card ids and the pictures they are shown with:

* ``spanish``: the Spanish 40-card deck (ids of :mod:`tapete.core.cards.spanish`). A Spanish card
  is never written with J/Q/K or ♠♥♦♣, in any language. The short form is the notation's letters,
  the same a player types ("1o", "3o", "Sb", "Cc", "Rc"), so the table and ``tapete show`` agree.
  Long names: es "el caballo de copas"; fr keeps the Spanish suits and court cards with French
  articles and numbers ("le caballo de copas", "l'as d'oros", "le trois d'espadas"). English keeps
  the Spanish suits and court cards too ("the caballo of copas", "the sota of bastos"): the English
  seed (001) teaches the game with them ("Rey-Caballo marriages", "Oros (Coins)"), and the English
  jack/knight/king would suggest French faces (and in aragonés the sota outranks the caballo); the
  numbers and the ace are English words ("the ace of oros", "the seven of espadas").
* ``french``: Belote's French 32-card deck (ids of :mod:`tapete.core.cards.french`). Named as players
  of each language say them: fr "le valet de cœur", short "V♥ D♥ R♥ A♥ 10♥"; es (as the Spanish
  Belote seed 004 and Spanish players of French cards say) "la jota de corazones", "la reina",
  "el rey", short with the letters printed on the cards sold in Spain, "J♥ Q♥ K♥"; en "the jack of
  hearts", "J♥".
* ``french-40``: Spanish 40-card ids shown with French faces (Guiñote's ``deck_faces=french``:
  oros ♦, copas ♥, espadas ♠, bastos ♣; sota J, caballo Q, rey K, as A), named as ``french``.

>>> from tapete.text.language import use_language
>>> card_name("spanish", 28), card_short("spanish", 28)
('the caballo of espadas', 'Ce')
>>> with use_language("es"):
...     card_name("spanish", 18), card_name("spanish", 0), card_name("french", 12, article=False)
('el caballo de copas', 'el as de oros', 'jota de corazones')
>>> with use_language("fr"):
...     card_name("french", 12), card_short("french", 13), rank_name("french", 4, count=4), card_short("french-40", 18)
('le valet de cœur', 'D♥', 'valets', 'D♥')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from tapete.core.cards import french as french_cards
from tapete.core.cards import spanish as spanish_cards
from tapete.text.grammar import Label, Noun, join_words, of_phrase, phrase
from tapete.text.grammar import article as with_article
from tapete.text.language import current_language

#: Spanish suit colours (oros gold, copas red, espadas blue, bastos green), French red and black.
SPANISH_COLOURS: Final = ("gold", "red", "blue", "green")
FRENCH_COLOURS_BY_SYMBOL: Final = {"♠": "black", "♥": "red", "♦": "red", "♣": "black"}


@dataclass(frozen=True)
class _Words:
    """One language's words for one kind of faces: rank nouns, suit names, short rank letters."""

    ranks: tuple[Noun, ...]
    suits: tuple[str, ...]
    short_ranks: tuple[str, ...]


@dataclass(frozen=True)
class _Faces:
    """One faces key: how many ranks per suit, the suit symbols (or letters) and each language's words."""

    n_ranks: int
    n_suits: int
    suit_marks: str
    colours: tuple[str, ...]
    words: dict[str, _Words]


def _nouns(spec: str) -> tuple[Noun, ...]:
    """``"word/plural/g word/plural/g ..."`` -> nouns (a compact table)."""
    out = []
    for item in spec.split():
        word, plural, gender = item.split("/")
        out.append(Noun(word, plural, gender))
    return tuple(out)


# Spanish deck, rank order of the ids: as 2 3 4 5 6 7 sota caballo rey.
_SPANISH_SHORT = spanish_cards.RANK_LETTERS
_SPANISH_SUITS = spanish_cards.SUIT_NAMES
_SPANISH = _Faces(
    10,
    4,
    spanish_cards.SUIT_LETTERS,
    SPANISH_COLOURS,
    {
        "en": _Words(
            _nouns(
                "ace/aces/m two/twos/m three/threes/m four/fours/m five/fives/m six/sixes/m seven/sevens/m "
                "sota/sotas/f caballo/caballos/m rey/reyes/m"
            ),
            _SPANISH_SUITS,
            _SPANISH_SHORT,
        ),
        "es": _Words(
            _nouns(
                "as/ases/m dos/doses/m tres/treses/m cuatro/cuatros/m cinco/cincos/m seis/seises/m siete/sietes/m "
                "sota/sotas/f caballo/caballos/m rey/reyes/m"
            ),
            _SPANISH_SUITS,
            _SPANISH_SHORT,
        ),
        "fr": _Words(
            _nouns(
                "as/as/m deux/deux/m trois/trois/m quatre/quatre/m cinq/cinq/m six/six/m sept/sept/m "
                "sota/sotas/f caballo/caballos/m rey/reyes/m"
            ),
            _SPANISH_SUITS,
            _SPANISH_SHORT,
        ),
    },
)

# French deck, rank order of the ids: 7 8 9 10 valet dame roi as.
_FRENCH_WORDS = {
    "en": _Words(
        _nouns(
            "seven/sevens/m eight/eights/m nine/nines/m ten/tens/m jack/jacks/m queen/queens/f king/kings/m ace/aces/m"
        ),
        ("spades", "hearts", "diamonds", "clubs"),
        ("7", "8", "9", "10", "J", "Q", "K", "A"),
    ),
    "es": _Words(
        _nouns(
            "siete/sietes/m ocho/ochos/m nueve/nueves/m diez/dieces/m jota/jotas/f reina/reinas/f rey/reyes/m as/ases/m"
        ),
        ("picas", "corazones", "diamantes", "tréboles"),
        ("7", "8", "9", "10", "J", "Q", "K", "A"),
    ),
    "fr": _Words(
        _nouns("sept/sept/m huit/huit/m neuf/neuf/m dix/dix/m valet/valets/m dame/dames/f roi/rois/m as/as/m"),
        ("pique", "cœur", "carreau", "trèfle"),
        ("7", "8", "9", "10", "V", "D", "R", "A"),
    ),
}
_FRENCH = _Faces(
    8,
    4,
    french_cards.SUIT_SYMBOLS,
    tuple(FRENCH_COLOURS_BY_SYMBOL[s] for s in french_cards.SUIT_SYMBOLS),
    _FRENCH_WORDS,
)


def _french_40_words(lang: str) -> _Words:
    """French faces on Spanish ids: ranks A 2..7 J Q K, suits in the Spanish order (♦ ♥ ♠ ♣)."""
    french = _FRENCH_WORDS[lang]
    pips = {"en": "ace two three four five six seven", "es": "as dos tres cuatro cinco seis siete"}
    pips["fr"] = "as deux trois quatre cinq six sept"
    plurals = {
        "en": "aces twos threes fours fives sixes sevens",
        "es": "ases doses treses cuatros cincos seises sietes",
        "fr": "as deux trois quatre cinq six sept",
    }
    low = tuple(Noun(w, p, "m") for w, p in zip(pips[lang].split(), plurals[lang].split(), strict=True))
    ranks = low + french.ranks[4:7]  # jack/valet, queen/dame, king/roi
    suit_order = [french_cards.SUIT_SYMBOLS.index(s) for s in spanish_cards.SUIT_SYMBOLS]
    suits = tuple(french.suits[i] for i in suit_order)
    short = (french.short_ranks[7], "2", "3", "4", "5", "6", "7") + french.short_ranks[4:7]
    return _Words(ranks, suits, short)


_FRENCH_40 = _Faces(
    10,
    4,
    spanish_cards.SUIT_SYMBOLS,
    tuple(FRENCH_COLOURS_BY_SYMBOL[s] for s in spanish_cards.SUIT_SYMBOLS),
    {lang: _french_40_words(lang) for lang in ("en", "es", "fr")},
)

_ALL: Final[dict[str, _Faces]] = {"spanish": _SPANISH, "french": _FRENCH, "french-40": _FRENCH_40}
#: The faces keys this module names cards of (see the module docstring).
FACES: Final = tuple(_ALL)


def _faces(faces: str) -> _Faces:
    try:
        return _ALL[faces]
    except KeyError:
        raise ValueError(f"unknown card faces {faces!r}: expected one of {', '.join(FACES)}") from None


def _words(faces: str, lang: str | None = None) -> tuple[_Faces, _Words, str]:
    f = _faces(faces)
    lang = current_language() if lang is None else lang
    lang = lang if lang in f.words else "en"
    return f, f.words[lang], lang


def n_cards(faces: str) -> int:
    """How many card ids the faces name (40 or 32)."""
    f = _faces(faces)
    return f.n_ranks * f.n_suits


def suit_name(faces: str, suit: int) -> str:
    """A suit's name: "copas" (in every language), "cœur", "corazones", "hearts"."""
    return _words(faces)[1].suits[suit]


def suit_label(faces: str, suit: int) -> Label:
    """A suit as a label: ``""`` the name, ``de`` ("de copas", "d'oros", "of hearts"), ``a`` ("à cœur", "in hearts")."""
    _, w, lang = _words(faces)
    name = w.suits[suit]
    a = {"es": f"a {name}", "fr": f"à {name}"}.get(lang, f"in {name}")
    return Label({"": name, "bare": name, "de": of_phrase(lang, name), "a": a})


def suit_mark(faces: str, suit: int) -> str:
    """The suit's mark in short forms: a symbol for French faces, the Spanish letter for Spanish ones."""
    return _faces(faces).suit_marks[suit]


def suit_colour(faces: str, suit: int) -> str:
    """The suit's colour name: Spanish oros gold, copas red, espadas blue, bastos green; French red/black."""
    return _faces(faces).colours[suit]


def rank_name(faces: str, rank: int, count: int = 1, article: bool = False) -> str:
    """A rank's name, plural for ``count != 1`` ("valets", "reyes"); with its article if ``article``."""
    _, w, lang = _words(faces)
    noun = w.ranks[rank]
    if count != 1:
        return noun.plural
    return with_article(lang, noun, "") if article else noun.word


def rank_label(faces: str, rank: int) -> Label:
    """A rank as a label: ``""``/``bare`` "dame", ``the`` "la dame", ``pl`` "dames", ``de``, ``a`` ("au roi")."""
    _, w, lang = _words(faces)
    label = phrase(lang, w.ranks[rank])
    label.forms["the"] = label.forms[""]
    label.forms[""] = label.forms["bare"]
    return label


def _split(f: _Faces, card: int) -> tuple[int, int]:
    if not 0 <= card < f.n_ranks * f.n_suits:
        raise ValueError(f"card id {card} out of range for these faces")
    return card // f.n_ranks, card % f.n_ranks


def card_short(faces: str, card: int) -> str:
    """The short form read at a glance: "Cc", "3o"; "V♥", "10♥" (fr); "J♥" (en, es)."""
    f, w, _ = _words(faces)
    suit, rank = _split(f, card)
    return w.short_ranks[rank] + f.suit_marks[suit]


def cards_short(faces: str, cards: Iterable[int], sep: str = " ") -> str:
    """Several cards in their short form, or "-" for none."""
    return sep.join(card_short(faces, c) for c in cards) or "-"


def card_label(faces: str, card: int) -> Label:
    """A card as a label: ``""``/``short`` "Cc"; ``the``/``long`` "el caballo de copas"; ``bare``
    "caballo de copas"; ``de`` "del caballo de copas"; ``a`` "al caballo de copas".

    The default is the short form, as in the logs and lists; sentences ask for ``{card:the}``.
    """
    f, w, lang = _words(faces)
    suit, rank = _split(f, card)
    noun = w.ranks[rank]
    text = f"{noun.word} {of_phrase(lang, w.suits[suit])}"
    label = phrase(lang, noun, text)
    label.forms["the"] = label.forms["long"] = label.forms[""]
    label.forms[""] = label.forms["short"] = w.short_ranks[rank] + f.suit_marks[suit]
    del label.forms["pl"]
    return label


def card_name(faces: str, card: int, article: bool = True) -> str:
    """A card's long name: "el caballo de copas" (or "caballo de copas" without the article)."""
    return card_label(faces, card).form("the" if article else "bare")


def cards_label(faces: str, cards: Iterable[int]) -> Label:
    """Several cards: ``""``/``short`` "3o, Cc"; ``long`` "el tres de oros y el caballo de copas"."""
    labels = [card_label(faces, c) for c in cards]
    short = ", ".join(lab.forms["short"] for lab in labels) or "-"
    long = join_words(current_language(), [lab.forms["the"] for lab in labels]) or "-"
    return Label({"": short, "short": short, "bare": short, "long": long})


def deck_words(faces: str) -> dict[str, object]:
    """Every card's and suit's words in the language in force, JSON-able (for the browser).

    ``cards[id]``: ``short``, ``name`` (long, no article), ``the`` (with article), ``rank`` (the
    short rank), ``suit``; ``suits[s]``: ``name``, ``mark``, ``colour``; ``ranks[r]``: ``name``, ``plural``, ``short``.
    """
    f, w, lang = _words(faces)
    cards = []
    for c in range(f.n_ranks * f.n_suits):
        label = card_label(faces, c)
        suit, rank = _split(f, c)
        cards.append(
            {
                "short": label.forms["short"],
                "name": label.forms["bare"],
                "the": label.forms["the"],
                "rank": w.short_ranks[rank],
                "suit": suit,
            }
        )
    suits = [{"name": w.suits[s], "mark": f.suit_marks[s], "colour": f.colours[s]} for s in range(f.n_suits)]
    ranks = [{"name": n.word, "plural": n.plural, "short": w.short_ranks[r]} for r, n in enumerate(w.ranks)]
    return {"faces": faces, "lang": lang, "cards": cards, "suits": suits, "ranks": ranks}


__all__ = [
    "FACES",
    "card_label",
    "card_name",
    "card_short",
    "cards_label",
    "cards_short",
    "deck_words",
    "n_cards",
    "rank_label",
    "rank_name",
    "suit_colour",
    "suit_label",
    "suit_mark",
    "suit_name",
]
