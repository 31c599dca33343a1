"""How the browser draws and names a game's cards: the faces, and each card string's face and name.

The browser knows no game. A view tells it which faces to draw (``spanish`` or ``french``) and,
for each card string of the game, the face to draw (rank and suit as the faces spell them) and the
card's name in the reader's language, from the text layer (:mod:`tapete.text.cards`), the one
source of card names. The faces come from the rules (``game.faces``), so a Spanish-deck
game under ``deck_faces=french`` is drawn and named with French cards while its card strings stay Spanish.

>>> from tapete.games import game_of_preset
>>> from tapete.text import use_language
>>> game = game_of_preset("aragones")
>>> with use_language("es"):
...     words = deck_words(game, game.rules("aragones"))
>>> words["faces"], words["cards"]["Rc"], words["suits"]["c"]
('spanish', ['R', 'c', 'rey de copas'], ['c', 'copas'])
>>> with use_language("fr"):
...     french = deck_words(game, game.rules("frances"))
>>> french["faces"], french["cards"]["Rc"], french["cards"]["Sc"][:2]
('french', ['K', 'h', 'roi de cœur'], ['J', 'h'])
"""

from __future__ import annotations

from typing import Any, Final

from tapete.core.cards.deck import Deck
from tapete.core.game import Game
from tapete.text.cards import card_name, suit_name
from tapete.text.language import current_language

#: French suit symbols as the browser's French faces spell the suits.
_FRENCH_SUITS: Final = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


def drawn_faces(faces: str) -> str:
    """The faces the browser draws for a faces key of the text layer: ``spanish``, else ``french``."""
    return "spanish" if faces == "spanish" else "french"


def _face(deck: Deck, card: int, french: bool) -> tuple[str, str]:
    """A card's rank and suit as the faces spell them: the deck's own letters, or its French symbols."""
    rank, suit = deck.rank_of(card), deck.suit_of(card)
    if french:
        return deck.symbol_ranks[rank], _FRENCH_SUITS.get(deck.suit_symbols[suit], deck.suit_tokens[suit])
    return deck.rank_tokens[rank], deck.suit_tokens[suit]


def deck_words(game: Game, rules: Any) -> dict[str, Any]:
    """``faces``, ``cards`` (card string -> [rank, suit, name]) and ``suits`` (letter -> [face suit, name]),
    in the language in force."""
    key = (game.name, game.faces(rules), rules, current_language())
    words = _CACHE.get(key)
    if words is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        words = _CACHE[key] = _deck_words(game, key[1], rules)
    return words


#: Words already made, by (game, faces, rules, language): every view of a table carries them.
_CACHE: dict[tuple[str, str, Any, str], dict[str, Any]] = {}
_CACHE_SIZE: Final = 256


def _deck_words(game: Game, faces: str, rules: Any) -> dict[str, Any]:
    deck = game.deck(rules)
    french = drawn_faces(faces) == "french"
    cards: dict[str, list[str]] = {}
    for card in range(deck.n_cards):
        rank, face_suit = _face(deck, card, french)
        cards[game.action_str(rules, card)] = [rank, face_suit, card_name(faces, card, article=False)]
    suits: dict[str, list[str]] = {}
    for suit in range(deck.n_suits):
        letter = _face(deck, deck.card(suit, 0), french)[1]
        suits[deck.suit_tokens[suit]] = [letter, suit_name(faces, suit)]
    return {"faces": drawn_faces(faces), "cards": cards, "suits": suits}


__all__ = ["deck_words", "drawn_faces"]
