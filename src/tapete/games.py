"""The games tapete plays, as one registry: what the table, the replayer and the arena need of a game.

Everything game-specific that the faces (terminal table, ``tapete match``,
``tapete replay``, the server) use goes through a :class:`Game`: its rules
class and presets, how to start a match, the observation of a seat (the one
door for hidden cards), action names, and records. Adding a game is one
entry in :data:`GAMES`.

>>> game = GAMES["belote"]
>>> rules = game.rules("trois-joueurs")
>>> game.players(rules), game.units(rules), game.side_of(rules, 2)
(3, 3, 2)
>>> match = game.new_match(rules, seed=4)
>>> obs = game.observe(match, match.current_player)
>>> [game.action_str(rules, a) for a in obs.legal_actions]
['pass', 'take:c']
>>> GAMES["guinote"].side_of(GAMES["guinote"].rules("aragones"), 3)
1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol

from tapete.belote import record as belote_record
from tapete.belote.actions import action_str as belote_action_str
from tapete.belote.actions import parse_action as belote_parse_action
from tapete.belote.match import BeloteMatch
from tapete.belote.rules import DEFAULT_PRESET as BELOTE_DEFAULT
from tapete.belote.rules import BeloteRules
from tapete.errors import RecordError, RulesError
from tapete.guinote import record as guinote_record
from tapete.guinote.actions import action_str as guinote_action_str
from tapete.guinote.actions import parse_action as guinote_parse_action
from tapete.guinote.match import GuinoteMatch
from tapete.guinote.rules import DEFAULT_PRESET as GUINOTE_DEFAULT
from tapete.guinote.rules import GuinoteRules
from tapete.rules_base import RulesBase
from tapete.views import SeatView


class Observation(Protocol):
    """What every game's observation offers beyond :class:`~tapete.views.SeatView`."""

    seat: int
    phase: str
    current_player: int
    hand: tuple[int, ...]
    legal_actions: tuple[int, ...]


class Match(Protocol):
    """The surface of a match of either game (see :mod:`tapete.match_base`)."""

    rules: Any
    players: int
    scores: list[int]
    winner: int
    deals: list[Any]
    deal: Any

    @property
    def current_player(self) -> int: ...

    def legal_actions(self) -> list[int]: ...

    def apply_action(self, action: int) -> None: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]: ...


@dataclass(frozen=True)
class Game:
    """One game as the faces see it."""

    #: The name records, positions and the command line use.
    name: str
    #: The name shown to people.
    title: str
    rules_class: type[RulesBase]
    default_preset: str
    _new_match: Callable[..., Any]
    _observe: Callable[[Any, int], Any]
    _action_str: Callable[[Any, int, bool], str]
    _parse_action: Callable[[Any, str], int]
    _to_record: Callable[[Any], dict[str, Any]]
    _from_record: Callable[[Any], Any]

    @property
    def presets(self) -> Mapping[str, RulesBase]:
        return self.rules_class.PRESETS

    def rules(self, preset: str | None = None, options: Mapping[str, str] | None = None) -> Any:
        """A preset (default: the game's default) with options given as strings, validated."""
        rules = self.rules_class.preset(preset or self.default_preset)
        return rules.with_option_strings(dict(options)) if options else rules

    def players(self, rules: Any) -> int:
        return int(rules.players)

    def units(self, rules: Any) -> int:
        """Scoring sides: two partnerships at 4 players, else one per player."""
        n = self.players(rules)
        return 2 if n in (2, 4) else n

    def side_of(self, rules: Any, seat: int) -> int:
        """The side a seat plays for: ``seat % 2`` with partners (and at 2 players), else the seat."""
        return seat % 2 if self.players(rules) in (2, 4) else seat

    def new_match(self, rules: Any, seed: int | None = None, dealer: int | None = None) -> Match:
        match: Match = self._new_match(rules, seed=seed, dealer=dealer)
        return match

    def observe(self, match: Match, seat: int) -> Any:
        """The observation of ``seat`` in the match's current deal: the only view a face or bot gets."""
        return self._observe(match.deal, seat)

    def observe_deal(self, state: Any, seat: int) -> Any:
        """The observation of ``seat`` in one deal state (e.g. a deal that just ended, when the
        match has already moved on to the next)."""
        return self._observe(state, seat)

    def action_str(self, rules: Any, action: int, symbols: bool = False) -> str:
        return self._action_str(rules, action, symbols)

    def parse_action(self, rules: Any, text: str) -> int:
        return self._parse_action(rules, text)

    def to_record(self, match: Match) -> dict[str, Any]:
        return self._to_record(match)

    def from_record(self, data: Any) -> Match:
        match: Match = self._from_record(data)
        return match


def _guinote_observe(state: Any, seat: int) -> SeatView:
    from tapete.guinote.observation import observe

    return observe(state, seat)


def _belote_observe(state: Any, seat: int) -> SeatView:
    from tapete.belote.observation import observe

    return observe(state, seat)


GAMES: Final[dict[str, Game]] = {
    "guinote": Game(
        "guinote",
        "Guiñote",
        GuinoteRules,
        GUINOTE_DEFAULT,
        GuinoteMatch,
        _guinote_observe,
        lambda rules, action, symbols: guinote_action_str(action, symbols),
        lambda rules, text: guinote_parse_action(text),
        guinote_record.match_to_record,
        guinote_record.match_from_record,
    ),
    "belote": Game(
        "belote",
        "Belote",
        BeloteRules,
        BELOTE_DEFAULT,
        BeloteMatch,
        _belote_observe,
        belote_action_str,
        belote_parse_action,
        belote_record.match_to_record,
        belote_record.match_from_record,
    ),
}


def game(name: str) -> Game:
    """The game called ``name``; an unknown name raises :class:`RulesError` listing the games."""
    try:
        return GAMES[name]
    except KeyError:
        raise RulesError(f"unknown game {name!r}: expected one of {', '.join(GAMES)}") from None


def game_of_rules(rules: RulesBase) -> Game:
    for g in GAMES.values():
        if isinstance(rules, g.rules_class):
            return g
    raise RulesError(f"no game plays {type(rules).__name__}")


def game_of_record(data: Any) -> Game:
    """The game a parsed record is of (its envelope's ``game``)."""
    name = data.get("game") if isinstance(data, dict) else None
    if name not in GAMES:
        raise RecordError(f'record "game" must be one of {", ".join(GAMES)}, not {name!r}')
    return GAMES[name]
