"""What bots need of Brisca, kept in the game: a heuristic player and a cheap rollout policy.

:class:`BriscaHeuristicBot` (the ``heuristic`` level, :func:`heuristic_action`)
plays from an observation only, by the simple rules of a careful club player;
:func:`search_hooks` gives a Monte Carlo search the sampler, the scale of a
deal (120 points) and :func:`rollout_policy`, which plays a full deal state
fast and blind. Brisca has no claims; its exact solver is brisca.solver_adapter.

>>> import random
>>> from tapete.brisca.game import GAME
>>> match = GAME.new_match(GAME.rules("brisca"), seed=2)
>>> while not match.is_terminal():
...     obs = GAME.observe(match, match.current_player)
...     match.apply_action(heuristic_action(obs, random.Random(0)))
>>> match.winner in (0, 1)
True
"""

from __future__ import annotations

import random
from typing import Any, Final

from tapete.brisca.actions import EXCHANGE
from tapete.brisca.tables import tables_for
from tapete.brisca.words import give_card, trick_best
from tapete.core.agent import Budget
from tapete.core.search_hooks import SearchHooks

#: The points of a deal: a deal's returns divided by this lie in [-1, 1].
DEAL_SCALE: Final = 120.0


def _worth_exchanging(obs: Any) -> bool:
    """Take the muestra when it is stronger than the card given (always, except a low muestra for the 7)."""
    give = give_card(obs)
    t = tables_for(obs.rules)
    return give >= 0 and t.strength[obs.muestra] > t.strength[give]


def heuristic_action(obs: Any, rng: random.Random) -> int:
    """A sensible action for ``obs.seat`` (who is to act), from its observation only.

    Take a better muestra; lead the cheapest card that is not a trump; win a trick worth
    points as cheaply as possible (a higher card of the suit led, else the lowest trump for
    10 points or more); load points onto a trick the partner holds when nobody plays after;
    otherwise throw the cheapest card.
    """
    legal: list[int] = [int(a) for a in obs.legal_actions]
    if EXCHANGE in legal and _worth_exchanging(obs):
        return EXCHANGE
    cards = [a for a in legal if a < 40]
    if not cards:
        return legal[rng.randrange(len(legal))]
    t = tables_for(obs.rules)
    trump: int = obs.trump

    def cost(c: int) -> tuple[int, int, int]:
        return (1 if c // 10 == trump else 0, t.points[c], t.strength[c])

    if not obs.trick:
        return min(cards, key=cost)
    n: int = obs.rules.players
    best_seat, best = trick_best(obs, obs.trick)
    points = sum(t.points[c] for _, c in obs.trick)
    last = len(obs.trick) == n - 1
    if n == 4 and (best_seat - obs.seat) % 2 == 0:
        safe = last or (best // 10 == trump and t.strength[best] >= t.strength[trump * 10 + 2])
        if safe:
            plain = [c for c in cards if c // 10 != trump]
            if plain:
                return max(plain, key=lambda c: (t.points[c], -t.strength[c]))
        return min(cards, key=cost)
    winners = [c for c in cards if _beats(c, best, trump, t.strength)]
    same_suit = [c for c in winners if c // 10 == best // 10 and c // 10 != trump]
    if same_suit and (points > 0 or last):
        return min(same_suit, key=lambda c: (t.strength[c] if last else -t.points[c], t.points[c]))
    trumps = [c for c in winners if c // 10 == trump]
    if trumps and points >= 10:
        return min(trumps, key=lambda c: (t.points[c], t.strength[c]))
    return min(cards, key=cost)


def _beats(c: int, best: int, trump: int, strength: list[int]) -> bool:
    if c // 10 == best // 10:
        return strength[c] > strength[best]
    return c // 10 == trump


def rollout_policy(world: Any, legal: list[int], rng: random.Random) -> int:
    """A full-state rollout step: take the muestra when allowed, else a random card."""
    if EXCHANGE in legal:
        return EXCHANGE
    return legal[rng.randrange(len(legal))]


class BriscaHeuristicBot:
    """The ``heuristic`` level: :func:`heuristic_action`, deterministic (ties go to the lowest card).

    >>> from tapete.brisca.game import GAME
    >>> match = GAME.new_match(GAME.rules("brisca-2p"), seed=1)
    >>> obs = GAME.observe(match, match.current_player)
    >>> BriscaHeuristicBot().act(obs, random.Random(0)) in obs.legal_actions
    True
    """

    name = "heuristic"

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        return heuristic_action(obs, rng)


def search_hooks(obs: Any) -> SearchHooks:
    """The sampler, the deal's scale, nothing excluded, the blind rollout policy."""
    from tapete.brisca.observation import sample_deal

    return SearchHooks(sample_deal, DEAL_SCALE, frozenset(), rollout_policy, 40)


__all__ = ["DEAL_SCALE", "BriscaHeuristicBot", "heuristic_action", "rollout_policy", "search_hooks"]
