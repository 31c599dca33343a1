"""What happened at the table, as log lines in the reader's language, from public information only.

Each action is told from one viewer's observations just before and just after
it (:class:`Happened`). The game says what happened (``game.narrate``: events
as :class:`~tapete.core.words.Say` values, never a button's verb), how a
finished deal scored (``game.deal_breakdown``) and who won the match
(``game.match_over``); this module only puts them together and into words
through the text layer (:mod:`tapete.text`). It knows no game.

>>> from tapete.games import game_of_preset
>>> game = game_of_preset("aragones")
>>> match = game.new_match(game.rules("aragones-2p"), seed=3)
>>> seat = match.current_player
>>> before = game.observe(match, seat)
>>> match.apply_action(5)
>>> narrate(game, Happened(seat, 5, before, game.observe(match, seat)))
['Seat 1 played the six of oros']

The helpers below the line are the words of the table's widgets (a card, a
seat, a score, an action's label), each asked of the game and said by the
text layer; they take a game or its name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tapete.core.game import Game
from tapete.core.words import Say
from tapete.text.cards import card_short, cards_short, suit_name
from tapete.text.render import Names, say, side_label, use_names
from tapete.text.render import seat_label as _seat


@dataclass(frozen=True)
class Happened:
    """One action and the viewer's observations around it.

    ``after`` is the observation of the same deal after the action (when the
    action ended the deal, the deal's final observation, not the next
    deal's); ``record`` is the match's record of the deal when it ended
    (its ``result`` and ``settlement`` filled in), else None.
    """

    seat: int
    action: int
    before: Any
    after: Any
    record: Any = None
    match_winner: int = -1


def told(game: Game | str, happened: Happened) -> list[Say]:
    """What one action did, as Say values: its events, then the end of the deal and of the match it caused."""
    g, h = _game(game), happened
    lines = list(g.narrate(h.before, h.action, h.after, h.seat))
    if h.record is not None:
        lines += g.deal_breakdown(h.after.rules, h.record, h.after)
    if h.match_winner >= 0:
        lines.append(g.match_over(h.after.rules, h.match_winner))
    return lines


def narrate(game: Game | str, happened: Happened, names: Names | None = None) -> list[str]:
    """The log lines of one action in the language in force (``names``: seat -> a person's name)."""
    return [say(s, names, sentence=True) for s in told(game, happened)]


def deal_breakdown(game: Game | str, rules: Any, record: Any, final: Any = None) -> list[str]:
    """The score of a finished deal, line by line, and what it did to the match."""
    return [say(s, sentence=True) for s in _game(game).deal_breakdown(rules, record, final)]


def match_over_line(game: Game | str, rules: Any, winner: int) -> str:
    return say(_game(game).match_over(rules, winner), sentence=True)


# ====================================================================== the words of the widgets
def naming(names: Names) -> Any:
    """Tell seats by these names inside the block (an empty name keeps "seat N")."""
    return use_names(names)


def seat_label(seat: int) -> str:
    """A seat as a caption names it: the person's name, else "seat 2" (no article)."""
    return f"{_seat(seat):bare}"


def unit_label(players: int, unit: int) -> str:
    """A scoring side: a team at four players, else a seat."""
    return f"{side_label(players, unit):bare}"


def card_label(game: Game | str, card: int, rules: Any = None) -> str:
    """A card in its deck's short words (``Cc`` for the caballo de copas, ``D♥`` in French faces)."""
    return card_short(_faces(game, rules), card)


def cards_label(game: Game | str, cards: Iterable[int], rules: Any = None) -> str:
    return cards_short(_faces(game, rules), cards)


def suit_label(game: Game | str, suit: int, rules: Any = None) -> str:
    return suit_name(_faces(game, rules), suit)


def score_label(game: Game | str, rules: Any, points: int) -> str:
    """A match score as players say it (the game's words: malas and buenas where it counts so)."""
    return say(_game(game).score_label(rules, points))


def action_label(game: Game | str, obs: Any, action: int) -> str:
    """An action as a button names it: ``sing 20 in copas``, ``take in hearts``."""
    return say(_game(game).action_label(obs, action))


def contract_label(obs: Any) -> str:
    """The contract in play in words (bid, trumps, coinche), or "none yet"."""
    said = _game_of(obs).contract_label(obs)
    return say(said if said is not None else Say("show.contract.none"))


def sort_hand(game: Game | str, obs: Any, cards: Iterable[int]) -> list[int]:
    """A hand in the order it is shown (by suit, strongest first)."""
    return _game(game).hand_order(obs, cards)


def trick_best(game: Game | str, obs: Any, plays: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """(seat, card) holding a trick in progress."""
    return _game(game).trick_best(obs, plays)


def _game(game: Game | str) -> Game:
    if isinstance(game, str):
        from tapete.games import game as by_name

        return by_name(game)
    return game


def _game_of(obs: Any) -> Game:
    from tapete.games import game_of_rules

    return game_of_rules(obs.rules)


def _faces(game: Game | str, rules: Any) -> str:
    g = _game(game)
    return g.faces(rules if rules is not None else g.rules())


__all__ = [
    "Happened",
    "action_label",
    "card_label",
    "cards_label",
    "contract_label",
    "deal_breakdown",
    "match_over_line",
    "naming",
    "narrate",
    "score_label",
    "seat_label",
    "sort_hand",
    "suit_label",
    "told",
    "trick_best",
    "unit_label",
]
