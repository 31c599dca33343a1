"""Playing an arena run: bots against bots, deal by deal or match by match, in parallel processes.

Every play starts from :meth:`Game.new_match <tapete.games.Game.new_match>`
with a seed derived from the run's seed and the play's number, so a deal
is the first deal of that match (its deck and dealer come from the seed),
and a duplicate leg replays exactly the same cards. Each bot acts only on
its seat's observation (:meth:`Game.observe <tapete.games.Game.observe>`),
is a fresh instance for every play, and draws from its own generator
seeded by the run seed, the play and the seat. A play's result therefore
depends on nothing but the spec and the play, and the rows are the same
whatever the number of worker processes or the size of the chunks, and
whether they run here or as Ray tasks on a cluster (``run(spec, ray=...)``,
:mod:`tapete.arena.ray_runner`): every path plays the same plays with the
same seeds and sorts the rows by play before summing them up.

>>> spec = ArenaSpec(preset="aragones-2p", count=3, duplicate=True, seed=4)
>>> result = run(spec)
>>> [(r.index, r.leg, r.seating) for r in result.rows][:2]
[(0, 0, (0, 1)), (0, 1, (1, 0))]
>>> result.rows[0].seed == result.rows[1].seed and result.rows[0].dealer == result.rows[1].dealer
True
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from tapete.arena import ray_runner
from tapete.arena.results import ArenaResult, PlayRow, deal_winner, summarize
from tapete.arena.spec import ArenaSpec, Mode, Play, plan, play_seed
from tapete.bots.base import Bot
from tapete.bots.levels import level_cost, make_bot
from tapete.core.errors import IllegalActionError
from tapete.games import Game

#: ``progress(done, total)``: plays finished so far, out of all the run's plays.
Progress = Callable[[int, int], None]

#: The most plays a worker gets at once: small enough for a lively progress bar.
MAX_CHUNK = 200
#: The fewest plays of random bots given a worker process of their own, per mode: starting one costs
#: about 0.3 s, a few hundred random deals. Slower bots need fewer plays (see :func:`plays_per_worker`):
#: a searching bot's deal takes seconds, so each deal is worth a worker.
MIN_PLAYS_PER_WORKER: dict[str, int] = {"deals": 100, "matches": 10}


def deal_points(game: Game, result: Any) -> tuple[int, ...]:
    """A finished deal's points per side, as the game counts them (:meth:`Game.deal_points`)."""
    return game.deal_points(result)


def bot_rng(run_seed: int, play: Play, seat: int) -> random.Random:
    """The generator of the bot in ``seat`` for one play: independent of every other play and seat."""
    return random.Random(f"tapete-arena/{run_seed}/{play.index}/{play.leg}/{seat}")


def play_one(game: Game, rules: Any, bots: Sequence[str], mode: Mode, run_seed: int, play: Play) -> PlayRow:
    """Play one deal (the first of a seeded match) or one whole match, bots acting on observations."""
    seed = play_seed(run_seed, play.index)
    match = game.new_match(rules, seed=seed)
    seats = game.players(rules)
    players: list[Bot] = [make_bot(bots[play.seating[game.side_of(rules, s)]]) for s in range(seats)]
    rngs = [bot_rng(run_seed, play, s) for s in range(seats)]
    first = match.deals[0]
    while not match.is_terminal() and (mode == "matches" or first.result is None):
        seat = match.current_player
        obs = game.observe(match, seat)
        action = players[seat].act(obs, rngs[seat])
        if action not in obs.legal_actions:
            raise IllegalActionError(
                f"bot {players[seat].name!r} in seat {seat} chose {action}, which is not legal "
                f"(play {play.index}, leg {play.leg}, seed {seed})"
            )
        match.apply_action(action)
    if mode == "deals":
        points = deal_points(game, first.result)
        winner = deal_winner(points)
        deals = 1
    else:
        per_deal = [deal_points(game, d.result) for d in match.deals if d.result is not None]
        points = tuple(sum(p[side] for p in per_deal) for side in range(len(play.seating)))
        winner = match.winner
        deals = len(match.deals)
    return PlayRow(play.index, play.leg, seed, first.dealer, play.seating, points, winner, deals)


def play_chunk(spec: ArenaSpec, plays: Sequence[Play]) -> list[PlayRow]:
    """Play some of a run's plays (what one worker does at a time)."""
    game = spec.game_info
    rules = spec.rules()
    return [play_one(game, rules, spec.bots, spec.mode, spec.seed, p) for p in plays]


@dataclass(frozen=True)
class Hooks:
    """What a run's workers do besides playing, for bots that need more than a registered level name.

    Every path runs them the same way: ``setup`` in the worker before each chunk (so it must be
    idempotent: e.g. registering in :data:`~tapete.bots.levels.LEVELS` a level made at run time, which a
    spawned process or a Ray worker does not know otherwise); ``report`` in the worker after each chunk,
    its value sent back with the rows; ``receive`` here, with each chunk's report, as chunks finish. They
    travel to the workers pickled: module-level functions or :func:`functools.partial` of them (Ray also
    takes closures). Without workers (``workers=1``) all three run in this process.
    """

    setup: Callable[[], None] | None = None
    report: Callable[[], Any] | None = None
    receive: Callable[[Any], None] | None = None


def play_part(spec: ArenaSpec, plays: Sequence[Play], hooks: Hooks | None = None) -> tuple[list[PlayRow], Any]:
    """One chunk as a worker plays it: ``hooks.setup``, the plays, then ``hooks.report`` (None without one)."""
    if hooks is not None and hooks.setup is not None:
        hooks.setup()
    rows = play_chunk(spec, plays)
    report = hooks.report() if hooks is not None and hooks.report is not None else None
    return rows, report


def chunk_size(total: int, workers: int) -> int:
    """About sixteen chunks per worker (for load balance and a lively progress bar), at most :data:`MAX_CHUNK`.

    >>> chunk_size(1000, 1), chunk_size(1000, 2), chunk_size(10, 4), chunk_size(100_000, 8)
    (63, 32, 1, 200)
    """
    return max(1, min(MAX_CHUNK, -(-total // (16 * workers))))


def workers_for(workers: int, total: int, min_plays: int = MIN_PLAYS_PER_WORKER["deals"]) -> int:
    """The processes worth starting: at most ``workers``, each with at least ``min_plays`` plays.

    >>> workers_for(8, 100), workers_for(8, 250), workers_for(2, 100_000), workers_for(4, 10, min_plays=1)
    (1, 2, 2, 4)
    """
    return max(1, min(workers, total // max(1, min_plays)))


def plays_per_worker(spec: ArenaSpec) -> int:
    """The fewest plays of ``spec`` worth a worker process: :data:`MIN_PLAYS_PER_WORKER` of random bots,
    divided by what the bots' plays cost (the mean :func:`~tapete.bots.levels.level_cost` of the entrants,
    each making about an equal share of the moves).

    >>> plays_per_worker(ArenaSpec(count=10)), plays_per_worker(ArenaSpec(bots=("hard", "random"), count=10))
    (100, 1)
    """
    cost = sum(level_cost(level) for level in spec.bots) / len(spec.bots)
    return max(1, math.ceil(MIN_PLAYS_PER_WORKER[spec.mode] / cost))


def workers_of(spec: ArenaSpec, min_plays_per_worker: int | None = None) -> int:
    """The worker processes :func:`run` starts for ``spec`` (at most ``spec.workers``; see :func:`workers_for`)."""
    least = plays_per_worker(spec) if min_plays_per_worker is None else min_plays_per_worker
    return workers_for(spec.workers, spec.total_plays, least)


def chunks_of(plays: Sequence[Play], size: int, legs: int = 1) -> list[list[Play]]:
    """``plays`` cut into chunks of ``size`` plays, or of whole duplicate blocks (``legs`` plays each) when
    ``legs`` > 1: ``size`` rounded up to a multiple of ``legs``.

    >>> spec = ArenaSpec(count=5, duplicate=True)
    >>> [[(p.index, p.leg) for p in c] for c in chunks_of(plan(spec), 3, spec.legs)][0]
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    >>> [len(c) for c in chunks_of(plan(spec), 3)], [len(c) for c in chunks_of(plan(spec), 3, spec.legs)]
    ([3, 3, 3, 1], [4, 4, 2])
    """
    if size < 1:
        raise ValueError(f"chunk size must be at least 1, not {size}")
    size = -(-size // legs) * legs
    return [list(plays[i : i + size]) for i in range(0, len(plays), size)]


def run(
    spec: ArenaSpec,
    progress: Progress | None = None,
    chunk: int | None = None,
    min_plays_per_worker: int | None = None,
    ray: ray_runner.RayTarget = None,
    hooks: Hooks | None = None,
) -> ArenaResult:
    """Play the whole run; ``workers`` > 1 spreads the chunks over that many processes, ``ray`` over a Ray
    cluster.

    A worker process is only started for every so many plays, fewer the slower the bots, so a small run
    of fast bots stays in one process while slow bots get every worker (see :func:`workers_of`;
    ``min_plays_per_worker`` defaults to :func:`plays_per_worker`); results never depend on it. Worker processes are
    *spawned* (a fresh interpreter each, as on every platform), so a bot level registered in
    :data:`~tapete.bots.levels.LEVELS` at run time rather than at import is only known with
    ``workers=1`` unless ``hooks.setup`` registers it (see :class:`Hooks`). ``chunk`` is the number of
    plays a worker gets at once (default: see :func:`chunk_size`; a default chunk holds whole duplicate
    blocks).

    ``ray``: ``True`` (or ``""``) for a new local Ray of ``spec.workers`` CPUs, or the Ray at
    ``$RAY_ADDRESS`` when that is set; an address (``"auto"``, ``"HEAD:6379"``, ``"ray://HEAD:10001"``); or a
    :class:`~tapete.arena.ray_runner.RayOptions`. Each chunk is then a Ray task, spread over every CPU of the
    cluster and retried on another worker when its worker dies; the rows are the same as here (see
    :mod:`tapete.arena.ray_runner`). Ray must be installed (``pip install "tapete[ray]"``).
    """
    plays = plan(spec)
    total = len(plays)
    options = ray_runner.options_of(ray, spec.workers)
    workers = ray_runner.connect(options) if options is not None else workers_of(spec, min_plays_per_worker)
    size = chunk if chunk is not None else chunk_size(total, workers)
    chunks = chunks_of(plays, size, 1 if chunk is not None else spec.legs)
    workers = min(workers, len(chunks))
    rows: list[PlayRow] = []

    def receive(part: tuple[list[PlayRow], Any]) -> None:
        rows.extend(part[0])
        if hooks is not None and hooks.receive is not None:
            hooks.receive(part[1])
        if progress is not None:
            progress(len(rows), total)

    start = time.perf_counter()
    if progress is not None:
        progress(0, total)
    if options is not None:
        ray_runner.map_chunks(play_part, spec, chunks, hooks, options, receive)
    elif workers == 1:
        for part in chunks:
            receive(play_part(spec, part, hooks))
    else:
        context = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        futures: list[Future[tuple[list[PlayRow], Any]]] = []
        try:
            futures = [pool.submit(play_part, spec, part, hooks) for part in chunks]
            for future in as_completed(futures):
                receive(future.result())
        except BaseException:
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    seconds = time.perf_counter() - start
    rows.sort(key=lambda r: (r.index, r.leg))
    return ArenaResult(spec, tuple(rows), summarize(rows, spec.bots, spec.mode, spec.labels()), seconds, workers)
