"""colver's bots (PyPI ``colver``, a Rust Belote contrée engine) as tapete bots, for benchmarks only.

A colver bot is a spec (TOML: ``[bid]``, ``[play]``, ``[worlds]``) built by
``colver.Agent(spec, seat, seed)``, which reads a ``colver.Env`` and is told
every action (``observe``) before it decides. A colver ``Env`` holds all four
hands, so :class:`ColverBot` never builds it from the real deal. For each
decision it

1. deals the cards its seat cannot see at random, consistently with its
   observation (:func:`tapete.belote.observation.sample_deal`: its own hand,
   the cards played, voids proven by the duties, an announced belote), so
   the Env's other hands are a world drawn from the seat's knowledge,
   never the real hidden cards;
2. starts the deal in that world (``Env.deal_with_hands``: the hands as they
   were before the auction, i.e. now plus what each seat has played) and
   replays the public history, the auction then every card, through
   ``agent.observe`` / ``env.step``;
3. asks ``agent.decide(env)`` and maps the answer back to a tapete action.

An honest colver bot reads only its seat's part of the Env and is unaffected
by step 1; one that peeked would be peeking at a random world.

Rules: tapete ``contree`` with the options of ``rules.py`` (suits only, no
annonces, exact scores, surcoinche x3, belote to the defence on a chute,
no duty to undertrump). One turn differs: after a coinche colver asks the
coincher's partner too (pass is then the only legal action), tapete does not;
the replay plays that forced pass for colver.

Bots (``SPECS``), all offline (no model weights, no network): the three differ
in card play only and bid with colver's rule bidder ``improved_v2`` (the
default bid function of its IS-DD search; the web's Dede bids with a neural
net whose weights are downloaded, which this benchmark does not do).
"""

from __future__ import annotations

import random
import time
from typing import Any, Final

from tapete.belote.actions import CAPOT, COINCHE, PASS, SURCOINCHE, bid_action, bid_of
from tapete.belote.observation import BeloteObservation, sample_deal
from tapete.bots.base import Budget

from . import stats

_colver: Any
try:  # the bench extra: pip install colver
    import colver as _colver
except ImportError:  # pragma: no cover - depends on the environment
    _colver = None

_BID = '[bid]\nstrategy = "improved_v2"\n'

#: Bot name -> (spec TOML with ``{ms}`` for the per-move time budget, default milliseconds).
SPECS: Final[dict[str, tuple[str, int]]] = {
    # Rule bidder + colver's heuristic card player (instant).
    "heuristic": (_BID + '[play]\nmethod = "heuristic"\n', 0),
    # Rule bidder + Smart IS-MCTS (belief-weighted information-set MCTS), as arena/bots/improved_ismcts.toml.
    "ismcts": (_BID + '[play]\nmethod = "smart_ismcts"\ntime_ms = {ms}\n', 20),
    # Dede: IS-DD (sampled worlds, each solved double dummy), as the web seats it (1 s per move,
    # 20 worlds a round) but with constraint-uniform worlds (no playgen sidecar) and on one core.
    "dede": (
        _BID + '[play]\nmethod = "isdd"\ntime_ms = {ms}\ndeterminizations = 20\nparallel = false\n'
        '[worlds]\nsource = "uniform"\n',
        1000,
    ),
}

#: tapete rank index (7 8 9 T J Q K A) -> colver's position within a suit (7 8 9 J Q K T A).
_RANK_TO_COLVER: Final = (0, 1, 2, 6, 3, 4, 5, 7)
TO_COLVER: Final = tuple((c // 8) * 8 + _RANK_TO_COLVER[c % 8] for c in range(32))
FROM_COLVER: Final = tuple(TO_COLVER.index(k) for k in range(32))


def available() -> bool:
    return _colver is not None


def version() -> str:
    return str(_colver.__version__) if _colver is not None else ""


def parse_level(name: str) -> tuple[str, int]:
    """``dede`` or ``dede@100`` -> (bot, milliseconds per move)."""
    bot, _, ms = name.partition("@")
    if bot not in SPECS:
        raise ValueError(f"unknown colver bot {bot!r}: expected one of {', '.join(SPECS)}")
    return bot, int(ms) if ms else SPECS[bot][1]


def spec_toml(bot: str, ms: int) -> str:
    return SPECS[bot][0].replace("{ms}", str(ms))


def auction_to_colver(rules: Any, action: int) -> int:
    """A tapete auction action -> colver's (0 pass, 1 + 4 * level + suit, 37 + suit capot, 41, 42)."""
    if action == PASS:
        return 0
    if action == COINCHE:
        return 41
    if action == SURCOINCHE:
        return 42
    value, contract = bid_of(rules, action)
    if contract > 3:
        raise ValueError("colver bids suits only (auction_sa_ta=false)")
    if value == CAPOT:
        return 37 + contract
    return 1 + (value - int(rules.min_bid)) // int(rules.bid_step) * 4 + contract


def auction_from_colver(rules: Any, a: int) -> int:
    if a == 0:
        return PASS
    if a == 41:
        return COINCHE
    if a == 42:
        return SURCOINCHE
    if a >= 37:
        return bid_action(rules, CAPOT, a - 37)
    level, suit = divmod(a - 1, 4)
    return bid_action(rules, rules.min_bid + level * rules.bid_step, suit)


def history(obs: BeloteObservation) -> list[tuple[int, int]]:
    """The public actions of the deal so far as (seat, colver action): the auction, then the cards."""
    out = [(seat, auction_to_colver(obs.rules, a)) for seat, a in obs.bids]
    for leader, _, cards in obs.tricks:
        out += [((leader + i) % 4, TO_COLVER[c]) for i, c in enumerate(cards)]
    out += [(seat, TO_COLVER[c]) for seat, c in obs.trick]
    return out


class WorldMismatch(Exception):
    """The replay of the public history does not fit colver's engine in the sampled world."""


def _forced_passes(env: Any, agents: list[Any], until_seat: int) -> None:
    """Play colver's forced passes (the coincher's partner) until ``until_seat`` is to act."""
    while env.current_player() != until_seat:
        if env.phase() != 0 or env.legal_actions() != [0]:
            raise WorldMismatch(f"colver expects seat {env.current_player()}, tapete seat {until_seat}")
        for agent in agents:
            agent.observe(env, 0)
        env.step(0)


def build_env(obs: BeloteObservation, rng: random.Random, agents: list[Any]) -> Any:
    """A colver Env at this seat's decision: a world consistent with ``obs``, the history replayed
    (every agent in ``agents`` observing every action)."""
    world = sample_deal(obs, rng)
    played = [0, 0, 0, 0]
    for leader, _, cards in obs.tricks:
        for i, c in enumerate(cards):
            played[(leader + i) % 4] |= 1 << c
    for seat, c in obs.trick:
        played[seat] |= 1 << c
    hands = []
    for p in range(4):
        m = world.hands[p] | played[p]
        hands.append(sorted(TO_COLVER[c] for c in range(32) if (m >> c) & 1))
    env = _colver.Env.deal_with_hands(obs.dealer, hands)
    for agent in agents:
        agent.init_deal(env)
    for seat, a in history(obs):
        _forced_passes(env, agents, seat)
        if a not in env.legal_actions():
            raise WorldMismatch(f"colver refuses {_colver.Env.action_name(a, env.phase())} by seat {seat}")
        for agent in agents:
            agent.observe(env, a)
        env.step(a)
    _forced_passes(env, agents, obs.seat)
    return env


class ColverBot:
    """One of colver's bots (``heuristic``, ``ismcts``, ``dede``; ``name@MS`` sets the time per move)."""

    def __init__(self, spec: str = "dede") -> None:
        if _colver is None:
            raise ImportError("ColverBot needs colver: pip install colver (the [bench] extra)")
        self.bot, self.ms = parse_level(spec)
        self.name = f"colver:{spec}"
        self._spec = spec_toml(self.bot, self.ms)
        stats.dump_at_exit()

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        if not obs.legal_actions:
            raise ValueError(f"seat {obs.seat} has no action to choose: it is not its turn")
        start = time.perf_counter()
        agent = _colver.Agent(self._spec, obs.seat, rng.getrandbits(32))
        agent.set_scores(*obs.scores_before)
        if budget is not None and budget.seconds is not None and self.ms:
            agent.set_time_ms(max(1, int(budget.seconds * 1000)))
        env = None
        for _ in range(20):
            try:
                env = build_env(obs, rng, [agent])
                break
            except WorldMismatch:
                stats.count(self.name, "world_resampled")
                agent = _colver.Agent(self._spec, obs.seat, rng.getrandbits(32))
                agent.set_scores(*obs.scores_before)
        if env is None:
            stats.count(self.name, "no_world")
            return obs.legal_actions[rng.randrange(len(obs.legal_actions))]  # type: ignore[no-any-return]
        phase = env.phase()
        thinking = time.perf_counter()
        a = int(agent.decide(env)["action"])
        stats.record_time(self.name + " (decide only)", time.perf_counter() - thinking)
        action = FROM_COLVER[a] if phase == 1 else auction_from_colver(obs.rules, a)
        stats.record_time(self.name, time.perf_counter() - start)
        if action not in obs.legal_actions:
            stats.count(self.name, "illegal")
            return obs.legal_actions[rng.randrange(len(obs.legal_actions))]  # type: ignore[no-any-return]
        return action


__all__ = ["FROM_COLVER", "SPECS", "TO_COLVER", "ColverBot", "build_env", "history"]
