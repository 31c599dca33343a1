"""One OpenSpiel state of a tapete deal: the deal dealt card by card by chance, then the engine's own state.

The first ``len(pack)`` moves are chance nodes: each deals the next card of the
deck, uniformly among the cards not dealt yet (so every order is equally
likely, as the engine's shuffle makes it), and the last one starts the engine's
deal from that order exactly as the engine deals a shuffled deck
(``Game.deal_from_record``): the deal a seeded match starts with is its deck
order fed as chance outcomes. From then on the legal actions, the player to
move and the returns are the engine's.

What a seat knows is its observation (``Game.observe_deal``: the one door for
hidden cards; another seat's declined optional turn never shows in it), plus its
own past: the hand it held and the action it chose at each of its decisions
(its *trail*, which holds its silent declines too). The observation string and
tensor are the observation's; the information-state string adds the trail (perfect
recall: the public history is in every observation), and the information-state
tensor adds how many times the seat took each action. While the cards are being
dealt nobody knows anything yet: every seat sees ``dealing k/n``.

OpenSpiel copies a state by deep-copying its attributes: the few here copy in
microseconds (:class:`Core` clones the engine's state with its own ``clone``).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pyspiel

from tapete.core.errors import TapeteError
from tapete.envs.spiel_setup import Setup

#: One entry of a seat's trail: (its hand as a card bitmask, the action it chose).
Step = tuple[int, int]

#: The deal's phase as every seat sees it.
DEALING: Final = "dealing"


class Core:
    """Everything that changes in a state: the cards dealt so far, then the engine's deal and the trails."""

    __slots__ = ("cache", "order", "trails", "world")

    def __init__(self, order: list[int] | None, world: Any, trails: tuple[tuple[Step, ...], ...]) -> None:
        #: The cards dealt so far (None once the deal started, or in a resampled world).
        self.order = order
        #: The engine's deal state (None while dealing).
        self.world = world
        #: Per seat, (hand, action) at each of its decisions.
        self.trails = trails
        #: seat -> its observation of ``world`` (cleared by every action).
        self.cache: dict[int, Any] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        order = None if self.order is None else list(self.order)
        world = None if self.world is None else self.world.clone()
        return Core(order, world, self.trails)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Core, (self.order, self.world, self.trails))


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A tapete deal as an OpenSpiel state (see the module docstring)."""

    def __init__(self, game: Any, setup: Setup) -> None:
        super().__init__(game)
        self._setup = setup
        self._core = Core([], None, ((),) * setup.players)

    # ------------------------------------------------------------ what the engine says
    def current_player(self) -> int:
        world = self._core.world
        if world is None:
            return int(pyspiel.PlayerId.CHANCE)
        if world.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(world.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        world = self._core.world
        if world is None or world.is_terminal() or player != world.current_player:
            return []
        return sorted(world.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        order = self._core.order or []
        dealt = set(order)
        left = [c for c in self._setup.pack if c not in dealt]
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        core = self._core
        core.cache = {}
        if core.world is None:
            order = core.order if core.order is not None else []
            order.append(action)
            if len(order) == len(self._setup.pack):
                core.world = self._setup.new_world(order)
                core.order = None
            return
        world = core.world
        seat = world.current_player
        step = (hand_mask(self._setup, world, seat), action)
        trails = core.trails
        core.trails = (*trails[:seat], (*trails[seat], step), *trails[seat + 1 :])
        world.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        text = self._setup.game.action_str(self._setup.rules, action)
        return f"deal {text}" if player == pyspiel.PlayerId.CHANCE else text

    def is_terminal(self) -> bool:
        world = self._core.world
        return world is not None and bool(world.is_terminal())

    def returns(self) -> list[float]:
        world = self._core.world
        if world is None or not world.is_terminal():
            return [0.0] * self._setup.players
        return self._setup.returns(world)

    def __str__(self) -> str:
        core = self._core
        if core.world is None:
            order = core.order or []
            cards = " ".join(self._setup.game.action_str(self._setup.rules, c) for c in order)
            return f"{DEALING} {len(order)}/{len(self._setup.pack)}: {cards}"
        try:
            return str(self._setup.game.position_string(core.world))
        except TapeteError:  # a world sampled from an observation need not be a whole position (a card it
            # cannot know, such as a retourne taken into a hand, is -1): every seat's view of it instead
            return "\n".join(self.observation_text(p) for p in range(self._setup.players))

    # ------------------------------------------------------------ what a seat knows
    @property
    def setup(self) -> Setup:
        return self._setup

    @property
    def world(self) -> Any:
        """The engine's deal state (None while the cards are being dealt): every card, hidden or not."""
        return self._core.world

    def observation(self, seat: int) -> Any:
        """``seat``'s observation of the deal (None while dealing): the only view its strings and tensors use."""
        core = self._core
        if core.world is None:
            return None
        obs = core.cache.get(seat)
        if obs is None:
            obs = core.cache[seat] = self._setup.game.observe_deal(core.world, seat)
        return obs

    def trail(self, seat: int) -> tuple[Step, ...]:
        """``seat``'s own past: (hand, action) at each of its decisions."""
        return self._core.trails[seat]

    def observation_text(self, seat: int) -> str:
        obs = self.observation(seat)
        if obs is None:
            return f"{DEALING} {len(self._core.order or [])}/{len(self._setup.pack)} dealer={self._setup.dealer}"
        return observation_text(obs)

    def information_text(self, seat: int) -> str:
        own = " ".join(f"{hand:x}:{action}" for hand, action in self.trail(seat))
        return f"{self.observation_text(seat)}\nown={own}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one: the cards it cannot see dealt at random
        (``Game.sample_deal``), its own trail kept.

        The other seats' trails are empty in it (their private past in that world is not
        resampled) and its ``history()`` is empty: OpenSpiel's IS-MCTS needs neither.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        setup = self._setup
        out = SpielState(self.get_game(), setup)
        core = self._core
        if core.world is None:
            out._core = Core(rng.sample(list(setup.pack), len(core.order or [])), None, core.trails)
            return out
        world = setup.game.sample_deal(self.observation(player_id), rng)
        out._core = Core(None, world, own_trail(core.trails, player_id))
        return out


def own_trail(trails: tuple[tuple[Step, ...], ...], seat: int) -> tuple[tuple[Step, ...], ...]:
    """``trails`` with every seat's but ``seat``'s emptied."""
    return tuple(t if p == seat else () for p, t in enumerate(trails))


def hand_mask(setup: Setup, world: Any, seat: int) -> int:
    """``seat``'s hand as it sees it, as a bitmask: the engine's ``hands`` (what ``observe`` shows:
    checked in tests/envs/test_openspiel.py), else its observation's."""
    hands = getattr(world, "hands", None)
    if hands is not None:
        return int(hands[seat])
    return int(setup.game.observe_deal(world, seat).hand_mask)


def observation_text(obs: Any) -> str:
    """An observation as one line, ``field=value`` for every field but the rules (the same for everybody)."""
    return " ".join(f"{f.name}={getattr(obs, f.name)!r}" for f in dataclasses.fields(obs) if f.name != "rules")


def state_from_world(game: Any, setup: Setup, world: Any, trails: tuple[tuple[Step, ...], ...] = ()) -> SpielState:
    """A state at a deal in progress (e.g. one sampled from an observation), with the given trails (default:
    none); its ``history()`` is empty."""
    state = SpielState(game, setup)
    state._core = Core(None, world, trails or ((),) * setup.players)
    return state


class Observer:
    """OpenSpiel's Python observer: the observation (``perfect_recall=False``) or the information state."""

    def __init__(self, setup: Setup, perfect_recall: bool) -> None:
        self.setup = setup
        self.perfect_recall = perfect_recall
        size = setup.encoder.size
        extra = setup.encoder.action_count if perfect_recall else 0
        self.tensor: npt.NDArray[np.float32] = np.zeros(size + extra, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor[:size]}
        if perfect_recall:
            self.dict["own_actions"] = self.tensor[size:]

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor.fill(0.0)
        obs = state.observation(player)
        if obs is None:
            return
        self.setup.encoder.encode_into(obs, self.dict["observation"])
        if self.perfect_recall:
            counts = self.dict["own_actions"]
            for _, action in state.trail(player):
                counts[action] += 1.0

    def string_from(self, state: SpielState, player: int) -> str:
        return state.information_text(player) if self.perfect_recall else state.observation_text(player)


__all__ = ["Core", "Observer", "SpielState", "hand_mask", "observation_text", "own_trail", "state_from_world"]
