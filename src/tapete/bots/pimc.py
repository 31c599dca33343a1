"""The ``pimc`` level: perfect-information Monte Carlo over worlds consistent with what the seat saw.

For a decision of the play, the bot deals the unseen cards at random many
times, consistently with its observation (the game's ``sample_deal``: stock
order included, voids proven by the play and known cards respected), solves
each deal exactly with :mod:`tapete.solver`, and plays the action with the
best mean value over the worlds. It never sees the real deal: the worlds are
built from the observation alone. Decisions the solver does not value (the
Belote taking and auction, a Guiñote claim) are left to the heuristic level,
and so is a decision whose first world would not be solved in the budget.

The classic weaknesses of PIMC (strategy fusion, no value for hiding or
gathering information) are known; with the heuristic's bidding and the
solver's exact endgames it is still the strongest simple search for these
games (Long et al., "Understanding the Success of Perfect Information Monte
Carlo Sampling in Game Tree Search", AAAI 2010).

>>> import random
>>> from tapete.guinote import GuinoteRules, GuinoteState
>>> from tapete.guinote.observation import observe
>>> state = GuinoteState.new_deal(GuinoteRules.preset("aragones-2p"), seed=4, dealer=0)
>>> while state.stock_size() > 0:
...     state.apply_action(state.legal_actions()[0])
>>> obs = observe(state, state.current_player)
>>> bot = PimcBot()
>>> bot.act(obs, random.Random(1), Budget(iterations=8)) in obs.legal_actions
True
"""

from __future__ import annotations

import random
import time
from typing import Any

from tapete.bots.base import Bot, Budget, resolve_budget
from tapete.bots.levels import make_bot
from tapete.solver import SearchLimitError, solve

#: Worlds solved per decision when the budget says nothing.
DEFAULT_SAMPLES = 24


def _sampler(obs: Any) -> Any:
    if type(obs).__name__ == "GuinoteObservation":
        from tapete.guinote.observation import sample_deal

        return sample_deal
    from tapete.belote.observation import sample_deal as belote_sample

    return belote_sample


#: Tricks left (Belote) or cards left in the stock (Guiñote) from which the worlds are solved by
#: default; before that the deal is too deep to solve many worlds a move (an exact Guiñote solve
#: long before the arrastre can take minutes), and the ``early`` bot decides.
BELOTE_SOLVE_TRICKS = 6
GUINOTE_SOLVE_STOCK = 0
#: Search nodes allowed for one world; a world that needs more is left out of the vote.
MAX_NODES = 400_000


def solvable(obs: Any, belote_tricks: int = BELOTE_SOLVE_TRICKS, guinote_stock: int = GUINOTE_SOLVE_STOCK) -> bool:
    """Whether this decision is the solver's: the play late enough in the deal (and Guiñote's
    cante windows and 7 exchange there)."""
    if obs.phase in ("bidding", "over"):
        return False
    if type(obs).__name__ == "GuinoteObservation":
        return bool(obs.stock_size <= guinote_stock)
    tricks_left = obs.rules.hand_size - len(obs.tricks)
    return bool(tricks_left <= belote_tricks)


class PimcBot:
    """Samples worlds from the observation, solves each exactly, plays the best mean.

    ``node_budget`` caps the search nodes of one decision over all its worlds (fewer worlds
    where they are deep): a bound on the time of a move that, unlike a clock, keeps the bot
    reproducible from its seed.
    """

    name = "pimc"

    def __init__(
        self,
        samples: int = DEFAULT_SAMPLES,
        seconds: float | None = None,
        early: str = "heuristic",
        *,
        belote_tricks: int = BELOTE_SOLVE_TRICKS,
        guinote_stock: int = GUINOTE_SOLVE_STOCK,
        node_budget: int | None = None,
    ) -> None:
        self.samples = samples
        self.seconds = seconds
        self.early_level = early
        self.belote_tricks = belote_tricks
        self.guinote_stock = guinote_stock
        self.node_budget = node_budget
        self._fallback: Bot | None = None
        self._early: Bot | None = None

    def fallback(self) -> Bot:
        """The heuristic: bidding, claims, and a tie-break among equal values."""
        if self._fallback is None:
            self._fallback = make_bot("heuristic")
        return self._fallback

    def early(self) -> Bot:
        """The bot for the decisions of the play before the solver's part of the deal."""
        if self._early is None:
            self._early = make_bot(self.early_level)
        return self._early

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        legal: tuple[int, ...] = tuple(obs.legal_actions)
        if not legal:
            raise ValueError(f"seat {obs.seat} has no action to choose: it is not its turn")
        if len(legal) == 1:
            return legal[0]
        if obs.phase in ("bidding", "over"):
            return self.fallback().act(obs, rng, budget)
        if not solvable(obs, self.belote_tricks, self.guinote_stock):
            return self.early().act(obs, rng, budget)
        hint = self.fallback().act(obs, random.Random(rng.random()), budget)
        if type(obs).__name__ == "GuinoteObservation" and obs.rules is not None:
            from tapete.guinote.actions import CLAIM

            if hint == CLAIM:  # the heuristic claims only when the points are already there
                return hint
        samples, seconds = resolve_budget(budget, self.samples, self.seconds)
        deadline = time.perf_counter() + seconds if seconds is not None else None
        nodes_left = self.node_budget
        sample = _sampler(obs)
        totals = dict.fromkeys(legal, 0)
        worlds = 0
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
            if nodes_left is not None:
                nodes_left -= solution.nodes
            for a in legal:
                totals[a] += solution.values.get(a, 0)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        best = max(totals.values())
        tied = [a for a in legal if totals[a] == best]
        return hint if hint in tied else tied[0]
