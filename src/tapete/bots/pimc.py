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
from collections.abc import Callable, Mapping
from typing import Any

from tapete.bots.base import Bot, Budget, SearchValues, game_of, resolve_budget
from tapete.bots.worlds import draw_worlds
from tapete.core.search_hooks import SearchHooks
from tapete.solver import SearchLimitError, solve

#: Worlds solved per decision when the budget says nothing.
DEFAULT_SAMPLES = 24
#: Search nodes allowed for one world; a world that needs more is left out of the vote.
MAX_NODES = 400_000
#: No search of a decision runs longer than this, in seconds of wall time (issue 17: no move over 3 s;
#: the heuristic's hint and the last world's check come on top, a fraction of a second on a busy core).
HARD_SECONDS = 2.0
#: The solver's speed the hard deadline assumes before it has measured one, in nodes a second
#: (pure Python on a loaded core; the compiled solver is about three times faster).
PRIOR_RATE = 150_000.0


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

    ``pool``: worlds sampled and weighed by the game's likelihood (``SearchHooks.likelihood``:
    the bidding and play seen) before ``samples`` of them are drawn by weight and solved
    (:mod:`tapete.bots.worlds`); 0 solves every sampled world with equal weight.
    ``min_worlds``: with a node budget, the first world may use only ``1/min_worlds`` of it; a
    decision whose first world needs more is too deep to search well and goes to the early bot
    (so the window the game gives is the most the bot tries, and a faster solver widens it).
    ``hard_seconds``: no decision runs past it, read on ``clock`` (wall time; injected: the
    engines never read one; a test passes a fake one); a move then plays on the worlds solved by
    then. ``seconds`` is read on ``work_clock`` (default: this process's CPU time), so that on a
    loaded machine the search does the same work, the hard deadline alone cutting it short.
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
        pool: int = 0,
        min_worlds: int = 1,
        hard_seconds: float | None = HARD_SECONDS,
        clock: Callable[[], float] = time.perf_counter,
        work_clock: Callable[[], float] = time.process_time,
    ) -> None:
        self.name = level
        self.samples = samples
        self.seconds = seconds
        self.early_factory = early
        self.level = level
        self.window = window
        self.node_budget = node_budget
        self.pool = pool
        self.min_worlds = min_worlds
        self.hard_seconds = hard_seconds
        self.clock = clock
        self.work_clock = work_clock
        #: Nodes a second the hard deadline starts from (pure Python on a busy core), then the measure.
        self.prior_rate = PRIOR_RATE
        self._speed = 0.0
        #: The mean value of each action over the worlds of the last decision (None: not solved).
        self.last_values: SearchValues | None = None
        #: The game's heuristic (bidding, claims, tie-breaks) and the early bot, by game name.
        self._fallback: dict[str, Bot] = {}
        self._early: dict[str, Bot] = {}

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
        started = self.clock()  # the hard deadline counts the heuristic's hint too
        hint = self.fallback(obs).act(obs, random.Random(rng.random()), budget)
        hooks = game.search_hooks(obs)
        if hint in hooks.excluded:  # e.g. a claim: the heuristic claims only when the points are there
            return hint
        totals, solved = self.world_totals(obs, rng, budget, hooks, started)
        if solved < 0:  # not even the first world solved in its share of the budget
            return self.early(obs).act(obs, rng, budget) if self.early_factory else hint
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
        if worlds <= 0:
            return None
        return {a: total / worlds for a, total in totals.items()}

    def world_totals(
        self,
        obs: Any,
        rng: random.Random,
        budget: Budget | None = None,
        hooks: SearchHooks | None = None,
        started: float | None = None,
    ) -> tuple[dict[int, int], int]:
        """Each legal action's summed value over the worlds solved, and how many were solved (a world
        drawn twice counts twice; one past its node limit is left out of the sums), or -1 where
        ``min_worlds`` is set and the first world did not fit its share of the node budget (the early
        bot then plays). ``hooks``: the game's search hooks for ``obs``, when the caller has them
        already; ``started``: the wall time the decision started at (default: now).

        The worlds come from :func:`~tapete.bots.worlds.draw_worlds` (weighted by the game's
        likelihood where it has one). Three limits stop the search, whichever comes first: the
        node budget (reproducible), ``seconds`` of work (no new world is started past it) and
        ``hard_seconds`` (each world's node cap is cut to what the solver's measured speed does
        in the time left, so that no move runs past it however slow the machine).
        """
        legal: tuple[int, ...] = tuple(obs.legal_actions)
        samples, seconds = resolve_budget(budget, self.samples, self.seconds)
        hooks = hooks or game_of(obs).search_hooks(obs)
        clock, work = self.clock, self.work_clock
        soft = work() + seconds if seconds is not None else None
        start = clock() if started is None else started
        hard = start + self.hard_seconds if self.hard_seconds is not None else None
        nodes_left = self.node_budget

        def out_of_time() -> bool:
            return soft is not None and work() >= soft

        half = hard - (hard - start) / 2 if hard is not None else None

        def pool_full() -> bool:  # the weighing may take the first half of the hard deadline at most
            return out_of_time() or (half is not None and clock() >= half)

        pool, order = draw_worlds(obs, hooks, rng, samples, self.pool, pool_full)
        totals = dict.fromkeys(legal, 0)
        solved: dict[int, Mapping[int, int]] = {}
        count = 0
        first = True
        for index in order:
            if nodes_left is not None and nodes_left <= 0:
                break
            if not first and out_of_time():
                break
            values = solved.get(index)
            if values is None:
                limit = MAX_NODES if nodes_left is None else min(MAX_NODES, nodes_left)
                if first and self.min_worlds > 1 and self.node_budget is not None:
                    limit = min(limit, self.node_budget // self.min_worlds)
                timed = False
                if hard is not None:
                    in_time = max(1, int((hard - clock()) * self.rate))
                    timed = in_time < limit
                    limit = min(limit, in_time)
                t0 = clock()
                try:
                    solution = solve(pool[index], max_nodes=limit)
                except SearchLimitError:
                    if first and self.min_worlds > 1:
                        return totals, -1
                    if timed:  # the hard deadline is (about) reached: play on the worlds solved
                        break
                    if nodes_left is not None:
                        nodes_left -= limit
                    first = False
                    continue
                self._measure(solution.nodes, clock() - t0)
                if nodes_left is not None:
                    nodes_left -= solution.nodes
                values = solved[index] = solution.values
            first = False
            count += 1
            for a in legal:
                totals[a] += values.get(a, 0)
        return totals, count

    def _measure(self, nodes: int, seconds: float) -> None:
        """Update the solver's speed the hard deadline is reckoned with: a running mean of this bot's solves."""
        if seconds <= 0 or nodes < 1000:
            return
        self._speed = nodes / seconds if self._speed <= 0 else 0.7 * self._speed + 0.3 * nodes / seconds

    @property
    def rate(self) -> float:
        """Nodes a second the hard deadline assumes: 80% of the measured speed (the prior before any)."""
        return self.prior_rate if self._speed <= 0 else 0.8 * self._speed
