"""Cards and decks shared by the games; Guiñote uses the Spanish 40-card deck."""

from tapete.core.cards.spanish import (
    BASTOS,
    COPAS,
    ESPADAS,
    OROS,
    card_name,
    card_str,
    cards_of,
    cards_str,
    mask_of,
    mask_str,
    parse_card,
    parse_cards,
)

__all__ = [
    "BASTOS",
    "COPAS",
    "ESPADAS",
    "OROS",
    "card_name",
    "card_str",
    "cards_of",
    "cards_str",
    "mask_of",
    "mask_str",
    "parse_card",
    "parse_cards",
]
