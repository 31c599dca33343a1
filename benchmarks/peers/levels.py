"""Registering the peers as arena levels, in the runner and in its worker processes.

Level names: ``belote-cli:easy|medium|hard``, ``colver:heuristic|ismcts|dede``
(``colver:dede@100``: 100 ms per move), ``openspiel:ismcts`` (OpenSpiel's IS-MCTS,
any game; ``openspiel:ismcts@N``: N simulations a move), and ``LEVEL+declare`` for any tapete
level made to declare whenever it may, which is what belote-cli's automatic
declarations do to every player.

The arena's workers are spawned interpreters that only know the levels
registered when they import: :func:`register` also records the names in
``$TAPETE_PEER_LEVELS`` (inherited by the workers), and the runner calls
:func:`register_from_env` at import, which the workers re-run.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable
from typing import Any

from tapete.belote.actions import DECLARE
from tapete.bots.base import Bot, Budget
from tapete.bots.levels import LEVEL_COSTS, LEVELS, make_bot

from . import belote_cli_peer, colver_peer, openspiel_peer

ENV = "TAPETE_PEER_LEVELS"
AUTO_DECLARE = "+declare"
#: ``PEER/LEVEL``: the peer's bidding, the tapete level's card play (:class:`SplitBot`).
SPLIT = "/"


class AutoDeclare:
    """A tapete level that declares as soon as ``declare`` is legal, then plays as usual.

    belote-cli counts every player's sequences and carrés without asking; tapete asks
    (``declare`` is an action of the first trick). Under belote-cli's rules both sides must
    declare everything, so the tapete side is wrapped with this.
    """

    def __init__(self, level: str) -> None:
        self.inner = make_bot(level)
        self.name = level + AUTO_DECLARE

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        if DECLARE in obs.legal_actions:
            return DECLARE
        return self.inner.act(obs, rng, budget)


class SplitBot:
    """One level's bidding with another's card play: ``PEER/LEVEL`` bids as the peer and plays
    (every decision after the bidding) as the tapete level, to measure biddings apart."""

    def __init__(self, bidder: Bot, player: Bot, name: str) -> None:
        self.bidder = bidder
        self.player = player
        self.name = name

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        if obs.phase == "bidding":
            return self.bidder.act(obs, rng, budget)
        return self.player.act(obs, rng, budget)


def factory(name: str) -> Callable[[], Bot]:
    """A zero-argument bot factory for a level name of this module."""
    if SPLIT in name:
        bidding, _, playing = name.partition(SPLIT)
        if playing not in LEVELS:
            raise ValueError(f"unknown tapete level {playing!r} in {name!r}")
        bidder = factory(bidding)
        return lambda: SplitBot(bidder(), make_bot(playing), name)
    if name.endswith(AUTO_DECLARE):
        base = name[: -len(AUTO_DECLARE)]
        if base not in LEVELS:
            raise ValueError(f"unknown tapete level {base!r} in {name!r}")
        return lambda: AutoDeclare(base)
    peer, _, level = name.partition(":")
    if peer == "belote-cli":
        if level not in belote_cli_peer.LEVELS:
            raise ValueError(f"unknown belote-cli level {level!r}: expected {', '.join(belote_cli_peer.LEVELS)}")
        return lambda: belote_cli_peer.BeloteCliBot(level)
    if peer == "colver":
        colver_peer.parse_level(level)  # raises for an unknown bot
        return lambda: colver_peer.ColverBot(level)
    if peer == "openspiel":
        openspiel_peer.check_level(level)  # raises for an unknown bot (or without open_spiel)
        return lambda: openspiel_peer.OpenSpielBot(level)
    expected = "belote-cli:LEVEL, colver:BOT[@MS], openspiel:ismcts[@N] or LEVEL+declare"
    raise ValueError(f"not a peer level: {name!r} (expected {expected})")


def register(names: Iterable[str]) -> None:
    """Add the named levels to tapete's LEVELS (here, and in workers started from now on), with what a deal
    of each costs where the arena's guess (a random bot's) is far off: a searching peer gets every worker."""
    known = [n for n in os.environ.get(ENV, "").split(",") if n]
    for name in names:
        if name not in LEVELS:
            LEVELS[name] = factory(name)
        if name.partition(":")[0] == "openspiel":
            LEVEL_COSTS.setdefault(name, openspiel_peer.DEAL_COST)
        if name not in known:
            known.append(name)
    os.environ[ENV] = ",".join(known)


def register_from_env() -> None:
    """Register the levels the parent process named in ``$TAPETE_PEER_LEVELS``."""
    names = [n for n in os.environ.get(ENV, "").split(",") if n]
    for name in names:
        if name not in LEVELS:
            LEVELS[name] = factory(name)
