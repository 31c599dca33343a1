"""The ``ismcts`` level: information-set Monte Carlo tree search, for every decision of every game.

Single-observer IS-MCTS (Cowling, Powley & Whitehouse, "Information Set
Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012). Each iteration deals
the cards the seat cannot see at random, consistently with its observation
(the game's ``sample_deal``: voids proven by play, cards shown in cantes or
declarations, the stock order), then walks one tree on that determinized
deal:

* a node is an information set of the acting seat as the observer sees it:
  the sequence of actions since the observation. Every action in these games
  is public (cards, bids, cantes, the exchange), so that sequence is what
  each seat knows of the others' moves; draws from the stock are not in it
  (they belong to the determinization);
* selection is UCB1 over the children legal in this determinization, with
  each child's *availability* count in place of the parent's visits, so an
  action that is seldom legal is not starved;
* one new node per iteration (forced moves are walked through), then a
  rollout to the end of the deal with a cheap policy
  (the game's, :mod:`tapete.bots.search_hooks`): the value is the deal's returns, scaled
  by the points of an ordinary deal, credited to each node for the seat that
  chose it.

The answer is the most visited action at the root. The tree lives only for
one decision, so memory is bounded by the iterations. The bot receives only
the observation; with an iteration budget and a seeded generator it is
reproducible (a time budget is not: the clock decides how far it gets).

>>> import random
>>> from tapete.games import GAMES
>>> game = next(iter(GAMES.values()))
>>> match = game.new_match(game.rules(), seed=2, dealer=0)
>>> obs = game.observe(match, match.current_player)
>>> bot = IsmctsBot()
>>> a = bot.act(obs, random.Random(0), Budget(iterations=50))
>>> a in obs.legal_actions, a == bot.act(obs, random.Random(0), Budget(iterations=50))
(True, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any, Final

from tapete.bots.base import Budget, SearchValues, resolve_budget
from tapete.bots.search_hooks import hooks_for, sure_action
from tapete.core.search_hooks import SearchHooks

#: Iterations per decision by default: about 0.2 s median, under 1 s at the 95th percentile,
#: on one core with the compiled engine (benchmarks/ismcts_speed.py).
DEFAULT_ITERATIONS: Final = 1000
#: The UCB1 exploration constant, for values scaled to about [-1, 1].
DEFAULT_EXPLORATION: Final = 0.7


class Node:
    """One information set: the action that led here, who chose it, and its statistics."""

    __slots__ = ("avail", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        #: The seat that chose the action leading here (its side is credited with the value).
        self.mover: int = mover
        self.visits: int = 0
        #: Sum of the values (scaled returns of ``mover``) of the iterations through here.
        self.total: float = 0.0
        #: Iterations in which this node's action was legal at its parent.
        self.avail: int = 0
        self.children: dict[int, Node] = {}


class IsmctsBot:
    """Information-set MCTS over the seat's observation (see the module docstring)."""

    name = "ismcts"

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        """``clock`` reads ``seconds`` (wall time by default; ``time.process_time`` measures the
        search's own work, as the expert's budget does, for a comparison at equal time on a busy machine)."""
        if iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.clock = clock
        #: The root of the last search (for tests and analysis); dropped by the next one.
        self.last_root: Node | None = None
        #: Each root action's mean value and visits in the last search (None: that decision was not searched).
        self.last_values: SearchValues | None = None

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        legal: tuple[int, ...] = obs.legal_actions
        if not legal:
            raise ValueError(f"seat {obs.seat} has no action to choose: it is not its turn")
        self.last_root = None
        self.last_values = None
        sure = sure_action(obs)
        if sure is not None:
            return sure
        iterations, seconds = resolve_budget(budget, self.iterations, self.seconds)
        root = self.search(obs, rng, hooks_for(obs), max(1, iterations), seconds)
        self.last_root = root
        self.last_values = root_values(root)
        return best_action(root, [a for a in legal if a in root.children])

    def search(self, obs: Any, rng: random.Random, hooks: SearchHooks, iterations: int, seconds: float | None) -> Node:
        """Run the iterations (or until ``seconds`` have passed) and return the root."""
        root = Node(-1)
        clock = self.clock
        deadline = clock() + seconds if seconds is not None else math.inf
        sample = hooks.sample
        excluded = hooks.excluded
        policy = hooks.policy
        scale = hooks.scale
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        for i in range(iterations):
            if i and clock() >= deadline:
                break
            world = sample(obs, rng)
            node = root
            path = [root]
            expanded = False
            # Selection and expansion, in the tree.
            while not expanded and not world.is_terminal():
                legal = [a for a in world.legal_actions() if a not in excluded]
                mover = world.current_player
                children = node.children
                if len(legal) == 1:
                    a = legal[0]
                    child = children.get(a)
                    if child is None:
                        child = children[a] = Node(mover)
                    child.avail += 1
                else:
                    untried: list[int] = []
                    child = None
                    chosen = -1
                    best = -math.inf
                    for a in legal:
                        ch = children.get(a)
                        if ch is None:
                            untried.append(a)
                            continue
                        ch.avail += 1
                        score = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                        if score > best:
                            best, child, chosen = score, ch, a
                    if untried:
                        chosen = untried[rng.randrange(len(untried))]
                        child = children[chosen] = Node(mover)
                        child.avail = 1
                        expanded = True
                    assert child is not None
                    a = chosen
                world.apply_action(a)
                node = child
                path.append(node)
            # Rollout to the end of the deal.
            while not world.is_terminal():
                legal = [a for a in world.legal_actions() if a not in excluded]
                world.apply_action(legal[0] if len(legal) == 1 else policy(world, legal, rng))
            returns = world.returns()
            values = [r / scale for r in returns]
            for n in path:
                n.visits += 1
                if n.mover >= 0:
                    n.total += values[n.mover]
        return root


def best_action(root: Node, candidates: list[int]) -> int:
    """The most visited of ``candidates`` at the root (ties: the higher mean, then the first)."""
    best = candidates[0]
    key = (-1, -math.inf)
    for a in candidates:
        ch = root.children[a]
        k = (ch.visits, ch.total / ch.visits if ch.visits else -math.inf)
        if k > key:
            best, key = a, k
    return best


def root_values(root: Node) -> SearchValues:
    """Each root action's mean value (the searching seat's scaled return) and visits."""
    visited = {a: ch for a, ch in root.children.items() if ch.visits}
    return SearchValues(
        "ismcts", {a: ch.total / ch.visits for a, ch in visited.items()}, {a: ch.visits for a, ch in visited.items()}
    )


def tree_size(root: Node) -> int:
    """The number of nodes of a search tree (for memory checks)."""
    count = 0
    stack = [root]
    while stack:
        node = stack.pop()
        count += 1
        stack.extend(node.children.values())
    return count


__all__ = ["DEFAULT_EXPLORATION", "DEFAULT_ITERATIONS", "IsmctsBot", "Node", "best_action", "root_values", "tree_size"]
