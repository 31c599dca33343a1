"""OpenSpiel's own IS-MCTS as a tapete bot: an outside opponent that plays every game through OpenSpiel.

The bot is ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` (Cowling, Powley &
Whitehouse's information-set MCTS as OpenSpiel implements it) with OpenSpiel's
random-rollout evaluator (``open_spiel.python.algorithms.mcts``), run on the game registered by
:mod:`tapete.envs.openspiel`. tapete only hands it a state and a resampler:

* the root is the seat's observation made a full deal (``Game.sample_deal``:
  the cards the seat cannot see dealt at random, consistently with what it saw),
  wrapped as an OpenSpiel state (:func:`tapete.envs.openspiel.from_world`);
* every simulation starts from a fresh such deal
  (``SpielState.resample_from_infostate``, drawing from the ``rng`` the arena
  gives), so the search never sees a hidden card;
* tree nodes are OpenSpiel's information-state strings of the seat to act.

Nothing else of tapete's: no rollout policy, no claims left out, no sure actions;
the exploration constant is scaled to the game's points (``exploration`` times
the points of an ordinary deal). With the arena's seeded ``rng`` a decision is
reproducible. ``budget.iterations`` sets the simulations (a time budget is not
supported: OpenSpiel's bot counts simulations only).

Level names: ``openspiel:ismcts`` (:data:`DEFAULT_SIMULATIONS` simulations a
decision) or ``openspiel:ismcts@N`` (N simulations), made by :func:`make_level`.

>>> import random
>>> from tapete.games import GAMES
>>> game = next(iter(GAMES.values()))
>>> match = game.new_match(game.rules(), seed=3)
>>> obs = game.observe(match, match.current_player)
>>> bot = make_level("ismcts@20")
>>> bot.name, bot.act(obs, random.Random(1)) in obs.legal_actions
('openspiel:ismcts@20', True)
>>> bot.act(obs, random.Random(1)) == bot.act(obs, random.Random(1))
True
"""

from __future__ import annotations

import functools
import random
from typing import Any, Final

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from tapete.bots.base import Budget, game_of
from tapete.core.errors import RulesError
from tapete.envs.openspiel import from_world, game_for_rules

#: The level kind (``openspiel:...``) and its one bot.
KIND: Final = "openspiel"
BOT: Final = "ismcts"
#: Simulations a decision by default: a few tenths of a second a decision, pure Python (docs/envs.md, "OpenSpiel").
DEFAULT_SIMULATIONS: Final = 100
#: OpenSpiel's UCT constant, per point of an ordinary deal (returns are deal points).
DEFAULT_EXPLORATION: Final = 1.0


@functools.lru_cache(maxsize=64)
def _spiel_game(rules: Any) -> Any:
    return game_for_rules(rules)


class SpielIsmctsBot:
    """OpenSpiel's IS-MCTS bot, seated at a tapete table (see the module docstring)."""

    def __init__(self, simulations: int = DEFAULT_SIMULATIONS, exploration: float = DEFAULT_EXPLORATION) -> None:
        if simulations < 1:
            raise RulesError(f"OpenSpiel IS-MCTS needs at least 1 simulation, not {simulations}")
        self.simulations = simulations
        self.exploration = exploration
        self.name = f"{KIND}:{BOT}" if simulations == DEFAULT_SIMULATIONS else f"{KIND}:{BOT}@{simulations}"

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        legal = list(obs.legal_actions)
        if len(legal) == 1:
            return int(legal[0])
        simulations = budget.iterations if budget is not None and budget.iterations is not None else self.simulations
        spiel = _spiel_game(obs.rules)
        root = from_world(spiel, game_of(obs).sample_deal(obs, rng))
        bot = ismcts.ISMCTSBot(
            spiel,
            mcts.RandomRolloutEvaluator(1, np.random.RandomState(rng.getrandbits(32))),
            self.exploration * spiel.setup.scale,
            max(1, simulations),
            random_state=np.random.RandomState(rng.getrandbits(32)),
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.random))
        action = int(bot.step(root))
        if action not in legal:  # never seen; a wrong answer must not pass silently
            raise RuntimeError(f"OpenSpiel IS-MCTS chose {action}, not one of the legal actions {legal}")
        return action


def make_level(arg: str) -> SpielIsmctsBot:
    """The bot of level ``openspiel:ARG``: ``ismcts`` or ``ismcts@N`` (N simulations a decision)."""
    name, sep, count = arg.partition("@")
    if name != BOT:
        raise RulesError(f"unknown OpenSpiel bot {name!r} in {KIND}:{arg}: expected {BOT} or {BOT}@SIMULATIONS")
    if not sep:
        return SpielIsmctsBot()
    if not count.isdigit() or int(count) < 1:
        raise RulesError(f"bad simulations {count!r} in {KIND}:{arg}: expected a whole number of at least 1")
    return SpielIsmctsBot(int(count))


__all__ = ["DEFAULT_EXPLORATION", "DEFAULT_SIMULATIONS", "KIND", "SpielIsmctsBot", "make_level"]
