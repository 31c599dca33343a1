"""The ``pimc`` level: perfect-information Monte Carlo over worlds consistent with what the seat saw.

For a decision of the play, the bot deals the unseen cards at random many
times, consistently with its observation (the game's ``sample_deal``: stock
order included, voids proven by the play and known cards respected), solves
each deal exactly with :mod:`tapete.solver`, and plays the action with the
best mean value over the worlds. It never sees the real deal: the worlds are
built from the observation alone. Decisions the solver does not value (a
taking or an auction, an action the game's search leaves out such as a claim)
are left to the game's heuristic bot, and so is a decision whose first world
would not be solved in the budget. How late in the deal the worlds are solved
is the game's to say (``Game.solver_depth`` and ``Game.solver_window``, per
level: the expert may start earlier).

The classic weaknesses of PIMC (strategy fusion, no value for hiding or
gathering information) are known; with the heuristic's bidding and the
solver's exact endgames it is still the strongest simple search for these
games (Long et al., "Understanding the Success of Perfect Information Monte
Carlo Sampling in Game Tree Search", AAAI 2010).

>>> import random
>>> from tapete.games import GAMES
>>> game = next(iter(GAMES.values()))
>>> match = game.new_match(game.rules(), seed=4, dealer=0)
>>> obs = game.observe(match, match.current_player)
>>> while not solvable(obs):  # play on to the part of the deal the solver takes
...     match.apply_action(obs.legal_actions[0])
...     obs = game.observe(match, match.current_player)
>>> bot = PimcBot()
>>> bot.act(obs, random.Random(1), Budget(iterations=8)) in obs.legal_actions
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from tapete.bots.base import Bot, Budget, SearchValues, game_of, resolve_budget
from tapete.core.search_hooks import SearchHooks
from tapete.solver import SearchLimitError, solve

#: Worlds solved per decision when the budget says nothing.
DEFAULT_SAMPLES = 24
#: Search nodes allowed for one world; a world that needs more is left out of the vote.
MAX_NODES = 400_000


def solvable(obs: Any, window: int | None = None, level: str = "pimc") -> bool:
    """Whether this decision is the solver's: the play late enough in the deal for the game's
    solver window of ``level`` (or ``window``, in the game's own measure)."""
    game = game_of(obs)
    depth = game.solver_depth(obs)
    if depth is None:
        return False
    return depth <= (game.solver_window(level) if window is None else window)


class PimcBot:
    """Samples worlds from the observation, solves each exactly, plays the best mean.

    ``level`` names the solver window the game gives this bot (``Game.solver_window``);
    ``window`` overrides it (in the game's measure: cards in the stock, tricks left).
    ``early`` makes the bot for the decisions of the play before the window (default: the
    game's heuristic). ``node_budget`` caps the search nodes of one decision over all its
    worlds (fewer worlds where they are deep): a bound on the time of a move that, unlike a
    clock, keeps the bot reproducible from its seed.
    """

    def __init__(
        self,
        samples: int = DEFAULT_SAMPLES,
        seconds: float | None = None,
        early: Callable[[], Bot] | None = None,
        *,
        level: str = "pimc",
        window: int | None = None,
        node_budget: int | None = None,
    ) -> None:
        self.name = level
        self.samples = samples
        self.seconds = seconds
        self.early_factory = early
        self.level = level
        self.window = window
        self.node_budget = node_budget
        #: The game's heuristic (bidding, claims, tie-breaks) and the early bot, by game name.
        self._fallback: dict[str, Bot] = {}
        self._early: dict[str, Bot] = {}
        #: The mean value of each action over the worlds of the last decision (None: not solved).
        self.last_values: SearchValues | None = None

    def fallback(self, obs: Any) -> Bot:
        """The game's heuristic: bidding, claims, and a tie-break among equal values."""
        game = game_of(obs)
        bot = self._fallback.get(game.name)
        if bot is None:
            bot = self._fallback[game.name] = game.heuristic_bot()
        return bot

    def early(self, obs: Any) -> Bot:
        """The bot for the decisions of the play before the solver's part of the deal."""
        game = game_of(obs)
        bot = self._early.get(game.name)
        if bot is None:
            bot = self._early[game.name] = self.early_factory() if self.early_factory else game.heuristic_bot()
        return bot

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        self.last_values = None
        legal: tuple[int, ...] = tuple(obs.legal_actions)
        if not legal:
            raise ValueError(f"seat {obs.seat} has no action to choose: it is not its turn")
        if len(legal) == 1:
            return legal[0]
        game = game_of(obs)
        depth = game.solver_depth(obs)
        if depth is None:
            return self.fallback(obs).act(obs, rng, budget)
        if depth > (game.solver_window(self.level) if self.window is None else self.window):
            return self.early(obs).act(obs, rng, budget)
        hint = self.fallback(obs).act(obs, random.Random(rng.random()), budget)
        hooks = game.search_hooks(obs)
        if hint in hooks.excluded:  # e.g. a claim: the heuristic claims only when the points are there
            return hint
        totals, solved = self.world_totals(obs, rng, budget, hooks)
        if solved:
            self.last_values = SearchValues(
                "pimc", {a: totals[a] / solved for a in legal}, dict.fromkeys(legal, solved)
            )
        best = max(totals.values())
        tied = [a for a in legal if totals[a] == best]
        return hint if hint in tied else tied[0]

    def values(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> dict[int, float] | None:
        """What this bot thinks of each legal action: its mean value over the worlds it solves, for the side
        to move (the same worlds and budget as :meth:`act`), or None where the bot does not solve this
        decision (bidding, before its solver window) or no world was solved within the budget.

        Unlike :attr:`last_values` (kept by :meth:`act`), it asks nothing of the heuristic and plays
        nothing: :mod:`tapete.analysis` judges a finished game's cards with it from each player's information.
        """
        if not obs.legal_actions or not solvable(obs, self.window, self.level):
            return None
        totals, worlds = self.world_totals(obs, rng, budget)
        if not worlds:
            return None
        return {a: total / worlds for a, total in totals.items()}

    def world_totals(
        self, obs: Any, rng: random.Random, budget: Budget | None = None, hooks: SearchHooks | None = None
    ) -> tuple[dict[int, int], int]:
        """Each legal action's summed value over the worlds sampled from the observation and solved, and
        how many were solved (a world past the node limit is left out of the sums). ``hooks``: the game's
        search hooks for ``obs``, when the caller has them already."""
        legal: tuple[int, ...] = tuple(obs.legal_actions)
        samples, seconds = resolve_budget(budget, self.samples, self.seconds)
        deadline = time.perf_counter() + seconds if seconds is not None else None
        nodes_left = self.node_budget
        sample = (hooks or game_of(obs).search_hooks(obs)).sample
        totals = dict.fromkeys(legal, 0)
        worlds = solved = 0
        while worlds < samples and (nodes_left is None or nodes_left > 0):
            world = sample(obs, rng)
            worlds += 1
            limit = MAX_NODES if nodes_left is None else min(MAX_NODES, nodes_left)
            try:
                solution = solve(world, max_nodes=limit)
            except SearchLimitError:
                if nodes_left is not None:
                    nodes_left -= limit
                continue
            solved += 1
            if nodes_left is not None:
                nodes_left -= solution.nodes
            for a in legal:
                totals[a] += solution.values.get(a, 0)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return totals, solved
