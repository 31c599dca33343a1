"""The English text of the ``brisca`` catalog (see :mod:`tapete.text.messages`), keyed by message id.

Brisca's own words: for ``tapete rules``, the name, explanation and source of
every option (``rules.brisca.<option>.name``, ``.about``, ``.source``), the
words of every choice (``rules.brisca.<option>.value.<choice>``), a line for
each preset and the sentences of the summary; and the few lines of play that
only Brisca says (``brisca.*``). Sources are cited by the keys of
``docs/rules/brisca.md``.
"""

from __future__ import annotations

from typing import Final

#: Brisca option -> (name, explanation, source): docs/rules/brisca.md, "Every option".
_OPTIONS: Final[dict[str, tuple[str, str, str]]] = {
    "players": (
        "Players",
        "Two players, one against the other, or four in two partnerships sitting opposite.",
        "FO, AC, CC, SB",
    ),
    "deal_packet": (
        "Cards per packet in the deal",
        "How many cards each player receives at a time when the three cards are dealt.",
        "1: FO, AC, VIP; 3: NC",
    ),
    "exchange_card": (
        "Card that takes the muestra",
        "Which trump may be given for the face-up muestra: the 7; the 7 for a muestra above it and the 2 for a "
        "muestra of 7 or lower; or none.",
        "the 7: NC, FO; the 7 or the 2: VIP, JC, RJ, NC",
    ),
    "exchange_timing": (
        "When the muestra may be taken",
        "On any of the holder's turns before he plays his card, or only when he is about to lead.",
        "own turn: VIP, QB; when leading: JC",
    ),
    "exchange_needs_trick": (
        "The muestra only after a trick won",
        "Whether the muestra may be taken only once the player's side has won a trick.",
        "VIP, JC, QB",
    ),
    "exchange_min_stock": (
        "Cards the stock must still hold",
        "How many face-down cards must still lie on the muestra for it to be taken; 1 allows it until the last draw.",
        "1: VIP, QB; more: NC (tapete's reading)",
    ),
    "show_partner": (
        "Partners see each other's cards",
        "Whether partners see each other's hands: never, once the stock is gone, or all the time.",
        "always: CC, SJ; once the stock is gone: tapete's reading",
    ),
    "match_by": (
        "What wins the match",
        "Whether a match is won by deals won or by card points added up over the deals.",
        "deals: SB, LU, VIP; points: DC",
    ),
    "deals_to_win": (
        "Deals to win the match",
        "Deals a side must win to win the match; a 60-60 deal counts for nobody.",
        "3: LU, SB (five games read as best of five)",
    ),
    "target": (
        "Points to win the match",
        "Card points a side must reach to win the match when the match counts points.",
        "250: tapete's choice",
    ),
}

#: (option, choice) -> the choice in words.
_VALUES: Final[dict[tuple[str, str], str]] = {
    ("exchange_card", "seven"): "the 7 of trumps",
    ("exchange_card", "seven_or_two"): "the 7 of trumps, or the 2 for a muestra of 7 or lower",
    ("exchange_card", "none"): "no exchange",
    ("exchange_timing", "own_turn"): "on one's own turn",
    ("exchange_timing", "when_leading"): "only when leading",
    ("show_partner", "never"): "never",
    ("show_partner", "after_stock"): "once the stock is gone",
    ("show_partner", "always"): "all the time",
    ("match_by", "deals"): "deals won",
    ("match_by", "points"): "card points",
}

_PRESETS: Final[dict[str, str]] = {
    "brisca": "Brisca for four in two pairs, each hand hidden from the partner; three deals won take the match.",
    "brisca-ensenando": "Brisca for four in two pairs who see each other's cards; three deals won take the match.",
    "brisca-2p": "Brisca for two players, one against the other; three deals won take the match.",
}

_OTHER: Final[dict[str, str]] = {
    "rules.brisca.topic.deal": "Players and the deal",
    "rules.brisca.topic.muestra": "The muestra and the 7 of trumps",
    "rules.brisca.topic.partners": "Partners",
    "rules.brisca.topic.match": "The match",
    "rules.brisca.sources": (
        "Sources: the published rules listed in docs/rules/brisca.md, cited by their keys (FO the Fournier "
        "leaflet, AC, NC, SB, DC, CC, SJ, LU, VIP, JC, RJ, QB); tapete's reading marks a choice no source decides."
    ),
    "rules.brisca.summary.players.4": "Four, in two partnerships; partners sit opposite each other.",
    "rules.brisca.summary.players.2": "Two, one against the other.",
    "rules.brisca.summary.cards": (
        "The Spanish deck of 40 cards. In every suit, high to low: as, 3, rey, caballo, sota, 7, 6, 5, 4, 2. "
        "The as scores 11, the 3 10, the rey 4, the caballo 3 and the sota 2: 120 points in the deck."
    ),
    "rules.brisca.summary.deal": (
        "Three cards each, dealt {packet} at a time; the player after the dealer receives first and leads the "
        "first trick. The deal passes to the next player."
    ),
    "rules.brisca.summary.trumps": (
        "The next card is turned face up under the stock: it is the muestra, its suit is trumps, and it is the "
        "last card drawn."
    ),
    "rules.brisca.summary.exchange.seven": "The holder of the 7 of trumps may give it for the muestra.",
    "rules.brisca.summary.exchange.seven_or_two": (
        "The holder of the 7 of trumps may give it for a muestra above it, and the holder of the 2 for a muestra "
        "of 7 or lower."
    ),
    "rules.brisca.summary.exchange.none": "The muestra may not be taken.",
    "rules.brisca.summary.exchange.own_turn": "He does it on his turn, before his card, while the stock lasts.",
    "rules.brisca.summary.exchange.when_leading": "He does it when about to lead, while the stock lasts.",
    "rules.brisca.summary.exchange.needs_trick": "Only after his side has won a trick.",
    "rules.brisca.summary.play": (
        "Any card may be played: there is no duty to follow suit, to trump or to beat. The highest trump wins "
        "the trick, else the highest card of the suit led. After each trick, while there is stock, every player "
        "draws a card, the winner first."
    ),
    "rules.brisca.summary.partner.never": "Partners do not see each other's cards.",
    "rules.brisca.summary.partner.after_stock": "Once the stock is gone, partners see each other's cards.",
    "rules.brisca.summary.partner.always": "Partners see each other's cards.",
    "rules.brisca.summary.points": "Each side scores the card points of its tricks: 61 wins the deal, 60-60 is a tie.",
    "rules.brisca.summary.match.deals": "The first side to win {deals} deals wins the match.",
    "rules.brisca.summary.match.points": "The first side to reach {target} points over the deals wins the match.",
}


#: Preset -> its name as players say it (the preset's id has no accents).
_PRESET_TITLES: Final[dict[str, str]] = {
    "brisca": "Brisca",
    "brisca-ensenando": "Brisca enseñando",
    "brisca-2p": "Brisca, two players",
}


def _build() -> dict[str, str]:
    out = dict(_OTHER)
    for option, (name, about, source) in _OPTIONS.items():
        out[f"rules.brisca.{option}.name"] = name
        out[f"rules.brisca.{option}.about"] = about
        out[f"rules.brisca.{option}.source"] = source
    for (option, choice), text in _VALUES.items():
        out[f"rules.brisca.{option}.value.{choice}"] = text
    for preset, text in _PRESETS.items():
        out[f"rules.brisca.preset.{preset}"] = text
    for preset, text in _PRESET_TITLES.items():
        out[f"rules.brisca.preset_title.{preset}"] = text
    return out


#: The lines of play only Brisca says (the rest are the ``play`` catalog's, shared with the other games).
_PLAY: Final[dict[str, str | tuple[str, str]]] = {
    "brisca.label.exchange": "give {give:the} for the muestra, {card:the}",
    "brisca.label.exchanged": "{seat} gave {give} for the muestra {card}",
    "brisca.event.exchange": "{seat} gave {give:long} for the muestra, {card:long}",
    "brisca.event.stock_gone": "the stock is gone: {seat} drew the muestra, {card:long}",
    "brisca.event.partners_shown": "partners now see each other's cards",
    "brisca.result.side": (
        "{side}: {points} points in {tricks} trick",
        "{side}: {points} points in {tricks} tricks",
    ),
    "brisca.result.won": "{side} won the deal",
    "brisca.result.tie": "60 each: the deal is a tie and counts for nobody",
    "brisca.match.deals": "deals won: {a} - {b} (of {target})",
    "brisca.match.points": "match points: {a} - {b} (of {target})",
    "brisca.explain.no_exchange": "These rules have no exchange of the muestra.",
    "brisca.explain.muestra_gone": "The muestra has been drawn: there is nothing to exchange.",
    "brisca.explain.nothing_takes": "No card may take the muestra {card}.",
    "brisca.explain.need_card": "To take the muestra {muestra} you need {card}.",
    "brisca.explain.stock_low": (
        "Too late: the muestra may be taken while at least {count} card lies face down on it.",
        "Too late: the muestra may be taken while at least {count} cards lie face down on it.",
    ),
    "brisca.explain.when_leading": "Not now: these rules allow taking the muestra only when you lead.",
    "brisca.explain.needs_trick": "Not yet: the muestra may be taken once your side has won a trick.",
    "brisca.action.exchange": "give {give} for the muestra {card}",
    "brisca.action.exchange_short": "take muestra",
    "brisca.show.taken": (
        "{side}: {points} points in {tricks} trick",
        "{side}: {points} points in {tricks} tricks",
    ),
    "brisca.show.match": "deals won (or points) before this deal: {a} - {b}",
    "brisca.info.stock_gone": "empty: the last tricks",
    "brisca.strip.stock_gone": "empty",
    "brisca.info.partner": "{seat} shows {cards}",
    "brisca.info.points": "{side}: {points}",
    "brisca.info.deals_to_win": ("{count} deal to win", "{count} deals to win"),
    "brisca.demo.deal": "Deal {number}: {dealer} deals, the muestra is {card}",
    "brisca.demo.hand": "{seat}: {cards}",
}


def _all() -> dict[str, str | tuple[str, str]]:
    out: dict[str, str | tuple[str, str]] = dict(_build())
    out.update(_PLAY)
    return out


MESSAGES: Final[dict[str, str | tuple[str, str]]] = _all()
