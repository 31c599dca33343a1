"""tapete's games as OpenSpiel games: ``pyspiel.load_game("tapete_<game>", {"preset": ...})``.

Importing this module registers every game of :data:`tapete.games.GAMES` with
``pyspiel.register_game`` as ``tapete_<name>``: a sequential game of imperfect
information with explicit chance (the deal, card by card: see
:mod:`tapete.envs.spiel_state`), zero-sum terminal returns (a seat's side's
deal points minus the mean of the other sides': with two sides, the margin the
arena reports), information-state and observation strings and tensors (the
tensor is :mod:`tapete.envs.encoding`'s, the same every interface sees), and
the engine's own action ids (``num_distinct_actions`` is the encoder's
``action_count``). One OpenSpiel game is one deal. Game parameters: ``preset``,
``options`` (``name:value;name:value``) and ``dealer``; see docs/envs.md, "OpenSpiel".

>>> import pyspiel
>>> name = next(iter(GAMES))
>>> game = load(name, dealer=1)
>>> str(game) == f"tapete_{name}(dealer=1,options=,preset={GAMES[name].default_preset})"
True
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()) == game.max_chance_outcomes()
(True, True)
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> seat = state.current_player()
>>> len(state.observation_tensor(seat)) == game.observation_tensor_size(), state.legal_actions() != []
(True, True)
>>> pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import pyspiel

from tapete.core.game import Game
from tapete.envs.spiel_setup import PREFIX, Setup, options_text, setup
from tapete.envs.spiel_state import Observer, SpielState, Step, state_from_world
from tapete.games import GAMES


def game_type(game: Game) -> pyspiel.GameType:
    """The OpenSpiel type of a tapete game, the same for all its presets (players: the presets' range)."""
    players = sorted({game.players(r) for r in game.presets.values()})
    return pyspiel.GameType(
        short_name=PREFIX + game.name,
        long_name=f"tapete {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[-1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": game.default_preset, "options": "", "dealer": 0},
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One tapete game under a preset, options and dealer, as an OpenSpiel game of one deal.

    Registered as one subclass per tapete game (:func:`game_class`), whose ``tapete_game`` is that game.
    """

    tapete_game: ClassVar[Game]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        game = self.tapete_game
        given = dict(params or {})
        preset = str(given.get("preset") or game.default_preset)
        options = str(given.get("options") or "")
        dealer = int(given.get("dealer") or 0)
        self.setup: Setup = setup(game.name, preset, options, dealer)
        s = self.setup
        info = pyspiel.GameInfo(
            num_distinct_actions=s.encoder.action_count,
            max_chance_outcomes=s.n_cards,
            num_players=s.players,
            min_utility=-s.bound,
            max_utility=s.bound,
            utility_sum=0.0,
            max_game_length=s.max_length,
        )
        super().__init__(game_type(game), info, {"preset": preset, "options": options, "dealer": dealer})

    def new_initial_state(self) -> SpielState:
        return SpielState(self, self.setup)

    def max_chance_nodes_in_history(self) -> int:
        return len(self.setup.pack)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observation (``perfect_recall=False``, the default) or the information state of one seat."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if not kind.public_info or kind.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("tapete games observe one seat: public information and that seat's own")
        return Observer(self.setup, bool(kind.perfect_recall))


def game_class(game: Game) -> type[SpielGame]:
    """The OpenSpiel game class of a tapete game. A class, not a closure, is what OpenSpiel keeps: its
    registry outlives the interpreter, and a closure freed after it (at exit) aborts the process."""
    return type(f"SpielGame_{game.name}", (SpielGame,), {"tapete_game": game, "__module__": __name__})


def register() -> list[str]:
    """Register every tapete game with OpenSpiel (again: nothing); their short names."""
    known = set(pyspiel.registered_names())
    names = []
    for game in GAMES.values():
        kind = game_type(game)
        if kind.short_name not in known:
            pyspiel.register_game(kind, game_class(game))
        names.append(kind.short_name)
    return names


def load(game: str, preset: str | None = None, options: Mapping[str, Any] | None = None, dealer: int = 0) -> Any:
    """The OpenSpiel game of ``game`` (a tapete game name) under a preset, options and dealer."""
    params: dict[str, Any] = {"dealer": dealer, "options": options_text(options or {})}
    if preset:
        params["preset"] = preset
    return pyspiel.load_game(PREFIX + game, params)


def game_for_rules(rules: Any, dealer: int = 0) -> Any:
    """The OpenSpiel game of a tapete rules object (its preset and the options changed from it)."""
    from tapete.games import game_of_rules

    return load(game_of_rules(rules).name, rules.preset_name, rules.options_changed(), dealer)


def from_world(game: Any, world: Any, trails: tuple[tuple[Step, ...], ...] = ()) -> SpielState:
    """A state of ``game`` (from :func:`load`) at a deal in progress, e.g. one sampled from an observation."""
    return state_from_world(game, game.setup, world, trails)


NAMES = register()

__all__ = [
    "NAMES",
    "SpielGame",
    "SpielState",
    "from_world",
    "game_class",
    "game_for_rules",
    "game_type",
    "load",
    "register",
]
