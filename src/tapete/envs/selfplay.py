"""Self-play data: bots play seeded deals, and every decision is written to Parquet for learning.

``tapete selfplay --bots LEVEL --deals N --out DIR`` is the command-line face
of :func:`run_selfplay`. Each decision becomes one row: who decided (deal,
seat, step, bot), what the seat saw (the observation tensor of
:mod:`tapete.envs.encoding` and its legal mask, from the seat's observation
only), what it chose, the values its search gave each action when the bot
keeps them (``ismcts``, the PIMC levels, a ``policy:`` level's
probabilities: :class:`~tapete.bots.base.SearchValues`), and how the deal
ended for its side. ``DIR`` receives::

    decisions/part-NNNNNNNN.parquet   one row per decision (DECISION_COLUMNS), NNNNNNNN = first deal
    results.parquet                   one row per deal and seat (RESULT_COLUMNS)
    meta.json                         the run, the tensor's fields, the action names; written last

(``pyarrow.parquet.read_table(DIR + "/decisions")`` reads every part.)

The deals are the arena's (:mod:`tapete.arena`): deal ``i`` is the first deal
of the match seeded by ``play_seed(seed, i)``, and the bot in seat ``s``
draws from the arena's generator of that play and seat, so ``tapete match``
with the same bots, deals and seed plays the same games. A run is cut into
parts by deal number alone (:func:`part_size`), each part played by one
worker process or one Ray task (the arena's path:
:func:`tapete.arena.ray_runner.map_chunks`): the files are the same whatever
the number of workers, or machines (``meta.json`` adds the run's time).

``step`` is the decision's place in the deal's log of decisions (every
seat's, a declined optional action included); it orders the rows and is
not part of what a seat observed: a learner's input is the ``obs`` tensor.

>>> import tempfile, pyarrow.parquet as pq
>>> from tapete.arena import ArenaSpec
>>> with tempfile.TemporaryDirectory() as out:
...     done = run_selfplay(ArenaSpec(bots=("random", "random"), count=2, seed=3), out)
...     table = pq.read_table(f"{out}/decisions")
...     results = pq.read_table(f"{out}/results.parquet")
>>> done.deals, table.num_rows == done.decisions, results.num_rows
(2, True, 8)
"""

from __future__ import annotations

import json
import multiprocessing
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.parquet as pq

from tapete import __version__
from tapete.arena import ray_runner
from tapete.arena.results import deal_winner
from tapete.arena.runner import bot_rng, plays_per_worker, workers_for
from tapete.arena.spec import ArenaSpec, Play, plan, play_seed
from tapete.bots.base import search_values
from tapete.bots.levels import make_bot
from tapete.core.errors import IllegalActionError, SetupError
from tapete.envs.encoding import Encoder, encoder

#: Bumped when a column changes meaning.
FORMAT: Final = 1
#: The most deals in one part (one file, one task).
MAX_PART: Final = 250
#: About how many parts a run is cut into (enough to keep many workers busy; see :func:`part_size`).
TARGET_PARTS: Final = 64

#: ``progress(done, total)``: deals finished so far, out of the run's.
Progress = Callable[[int, int], None]

#: The columns of ``decisions/*.parquet``, in order, and what each holds.
DECISION_COLUMNS: Final[dict[str, str]] = {
    "game": "the game's name",
    "preset": "the rules preset",
    "deal": "the deal's number in the run (0, 1, ...)",
    "seed": "the seed of the match the deal is the first deal of (Game.new_match)",
    "seat": "the seat that decided",
    "side": "its scoring side (team or player)",
    "step": "the decision's place in the deal's log of decisions (0, 1, ...); not an observation",
    "bot": "the bot level that decided",
    "obs": "the observation tensor of the seat (float32, the encoder's size; fields in meta.json)",
    "mask": "the legal actions (int8 per action id, 1 = legal)",
    "action": "the action id chosen",
    "value_kind": "what values holds: ismcts, pimc, policy; null where the bot kept none",
    "values": "per action id: the bot's value of it (NaN where none); null where the bot kept none",
    "visits": "per action id: the search's visits (ismcts) or worlds solved (pimc); null where none",
    "points": "the deal's final points of the seat's side (Game.deal_points)",
    "margin": "those points minus the mean of the other sides' (zero-sum)",
    "won": "whether the side had strictly the most points of the deal",
}

#: The columns of ``results.parquet``: one row per deal and seat.
RESULT_COLUMNS: Final[dict[str, str]] = {
    "deal": "the deal's number in the run",
    "seed": "the seed of its match",
    "dealer": "the dealer seat",
    "seat": "the seat",
    "side": "its scoring side",
    "bot": "the bot level in the seat",
    "decisions": "the decisions the seat took in the deal",
    "points": "the side's points of the deal",
    "margin": "those points minus the mean of the other sides'",
    "won": "whether the side had strictly the most points",
    "side_points": "every side's points, by side",
}


@dataclass(frozen=True)
class SelfplayOptions:
    """What the workers record besides the tensors (travels to them with each part)."""

    #: Record the values searching bots keep (``values``, ``visits``, ``value_kind``).
    values: bool = True


@dataclass(frozen=True)
class Part:
    """What one worker made of some deals: the first deal's number, how many, the decision and result rows."""

    first: int
    deals: int
    decisions: pa.Table
    results: pa.Table


@dataclass(frozen=True)
class SelfplayResult:
    """A finished run: where it wrote, how much, how fast."""

    spec: ArenaSpec
    out: Path
    deals: int
    decisions: int
    files: tuple[Path, ...]
    seconds: float
    workers: int

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else 0.0


def part_size(deals: int) -> int:
    """Deals per part: about :data:`TARGET_PARTS` parts, at most :data:`MAX_PART` deals each; it depends on
    the number of deals alone, so the files are the same whatever the workers.

    >>> part_size(10), part_size(1000), part_size(1_000_000)
    (1, 16, 250)
    """
    return max(1, min(MAX_PART, -(-deals // TARGET_PARTS)))


def _fixed(name: str, kind: pa.DataType, size: int) -> pa.Field:
    return pa.field(name, pa.list_(kind, size))


def decision_schema(enc: Encoder) -> pa.Schema:
    """The schema of the decision rows for ``enc``'s tensors (the fields' layout in its metadata)."""
    n = enc.action_count
    fields = [
        pa.field("game", pa.string(), nullable=False),
        pa.field("preset", pa.string(), nullable=False),
        pa.field("deal", pa.int32(), nullable=False),
        pa.field("seed", pa.int64(), nullable=False),
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("side", pa.int8(), nullable=False),
        pa.field("step", pa.int16(), nullable=False),
        pa.field("bot", pa.string(), nullable=False),
        _fixed("obs", pa.float32(), enc.size),
        _fixed("mask", pa.int8(), n),
        pa.field("action", pa.int16(), nullable=False),
        pa.field("value_kind", pa.string()),
        _fixed("values", pa.float32(), n),
        _fixed("visits", pa.int32(), n),
        pa.field("points", pa.int32(), nullable=False),
        pa.field("margin", pa.float32(), nullable=False),
        pa.field("won", pa.bool_(), nullable=False),
    ]
    layout = [[f.name, f.start, f.length] for f in enc.fields]
    return pa.schema(fields, metadata={"tapete.fields": json.dumps(layout)})


RESULT_SCHEMA: Final = pa.schema(
    [
        pa.field("deal", pa.int32(), nullable=False),
        pa.field("seed", pa.int64(), nullable=False),
        pa.field("dealer", pa.int8(), nullable=False),
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("side", pa.int8(), nullable=False),
        pa.field("bot", pa.string(), nullable=False),
        pa.field("decisions", pa.int16(), nullable=False),
        pa.field("points", pa.int32(), nullable=False),
        pa.field("margin", pa.float32(), nullable=False),
        pa.field("won", pa.bool_(), nullable=False),
        pa.field("side_points", pa.list_(pa.int32())),
    ]
)


class Rows:
    """The columns of one part's decisions and results as they are played (lists, then arrays)."""

    def __init__(self, enc: Encoder) -> None:
        self.enc = enc
        self.cols: dict[str, list[Any]] = {name: [] for name in DECISION_COLUMNS}
        self.results: dict[str, list[Any]] = {name: [] for name in RESULT_COLUMNS}

    def __len__(self) -> int:
        return len(self.cols["action"])

    def decisions_table(self) -> pa.Table:
        cols = self.cols
        n = len(self)
        size, actions = self.enc.size, self.enc.action_count
        arrays: dict[str, pa.Array] = {}
        for name in ("game", "preset", "deal", "seed", "seat", "side", "step", "bot", "action", "value_kind"):
            arrays[name] = pa.array(cols[name])
        arrays["obs"] = _lists(np.stack(cols["obs"]) if n else np.zeros((0, size), np.float32), size)
        arrays["mask"] = _lists(np.stack(cols["mask"]) if n else np.zeros((0, actions), np.int8), actions)
        valued = np.array([kind is not None for kind in cols["value_kind"]], dtype=bool)
        values = np.full((n, actions), np.nan, np.float32)
        visits = np.zeros((n, actions), np.int32)
        for i, (vals, seen) in enumerate(zip(cols["values"], cols["visits"], strict=True)):
            if vals is not None:
                for a, v in vals.items():
                    values[i, a] = v
                for a, k in seen.items():
                    visits[i, a] = k
        arrays["values"] = _lists(values, actions, ~valued)
        arrays["visits"] = _lists(visits, actions, ~valued)
        for name in ("points", "margin", "won"):
            arrays[name] = pa.array(cols[name])
        schema = decision_schema(self.enc)
        return pa.Table.from_arrays([arrays[f.name].cast(f.type) for f in schema], schema=schema)

    def results_table(self) -> pa.Table:
        return pa.Table.from_pydict(self.results, schema=RESULT_SCHEMA)


def _lists(rows: npt.NDArray[Any], size: int, nulls: npt.NDArray[np.bool_] | None = None) -> pa.Array:
    """A 2-D array as a fixed-size-list column (rows where ``nulls`` is set are null)."""
    flat = pa.array(rows.reshape(-1))
    mask = None if nulls is None or not nulls.any() else pa.array(nulls)
    return pa.FixedSizeListArray.from_arrays(flat, size, mask=mask)


def play_deal(spec: ArenaSpec, game: Any, rules: Any, enc: Encoder, play: Play, rows: Rows, values: bool) -> None:
    """Play one deal of the run (the first of its seeded match), adding its decisions and results to ``rows``."""
    seed = play_seed(spec.seed, play.index)
    match = game.new_match(rules, seed=seed)
    seats = game.players(rules)
    sides = [game.side_of(rules, s) for s in range(seats)]
    levels = [spec.bots[play.seating[sides[s]]] for s in range(seats)]
    bots = [make_bot(level) for level in levels]
    rngs = [bot_rng(spec.seed, play, s) for s in range(seats)]
    cols = rows.cols
    start = len(rows)
    preset = rules.preset_name
    first = match.deals[0]
    step = 0
    taken = [0] * seats
    while not match.is_terminal() and first.result is None:
        seat = match.current_player
        obs = game.observe(match, seat)
        vec, mask = enc.encode(obs), enc.mask(obs)
        bot = bots[seat]
        action = bot.act(obs, rngs[seat])
        if action not in obs.legal_actions:
            raise IllegalActionError(
                f"bot {bot.name!r} in seat {seat} chose {action}, which is not legal (deal {play.index}, seed {seed})"
            )
        kept = search_values(bot) if values else None
        for name, value in (
            ("game", game.name), ("preset", preset), ("deal", play.index), ("seed", seed), ("seat", seat),
            ("side", sides[seat]), ("step", step), ("bot", levels[seat]), ("obs", vec), ("mask", mask),
            ("action", action), ("value_kind", kept.kind if kept else None),
            ("values", kept.values if kept else None), ("visits", kept.visits if kept else None),
        ):  # fmt: skip
            cols[name].append(value)
        match.apply_action(action)
        taken[seat] += 1
        step += 1
    points = game.deal_points(first.result)
    winner = deal_winner(points)
    others = max(1, len(points) - 1)
    margins = [p - (sum(points) - p) / others for p in points]
    for i in range(start, len(rows)):
        side = cols["side"][i]
        cols["points"].append(points[side])
        cols["margin"].append(margins[side])
        cols["won"].append(winner == side)
    res = rows.results
    for s in range(seats):
        side = sides[s]
        for name, value in (
            ("deal", play.index), ("seed", seed), ("dealer", first.dealer), ("seat", s), ("side", side),
            ("bot", levels[s]), ("decisions", taken[s]), ("points", points[side]), ("margin", margins[side]),
            ("won", winner == side), ("side_points", list(points)),
        ):  # fmt: skip
            res[name].append(value)


def play_part(spec: ArenaSpec, plays: Sequence[Play], options: SelfplayOptions | None = None) -> Part:
    """Play some deals of a run (one worker's task) and return their rows as Arrow tables."""
    options = options or SelfplayOptions()
    game = spec.game_info
    rules = spec.rules()
    enc = encoder(game.name, rules)
    rows = Rows(enc)
    for play in plays:
        play_deal(spec, game, rules, enc, play, rows, options.values)
    return Part(plays[0].index, len(plays), rows.decisions_table(), rows.results_table())


def check_out(out: Path) -> None:
    """Refuse an output folder that holds files already, or that cannot be made."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise SetupError(f"{out} must be a new or empty folder: a run writes a whole data set there")
    try:
        (out / "decisions").mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise SetupError(f"cannot make the folder {out}: {e.strerror or e}") from None


def action_names(game: Any, rules: Any, count: int) -> list[str | None]:
    """Each action id's string (None for an id the game does not name): for people reading the data."""
    names: list[str | None] = []
    for a in range(count):
        try:
            names.append(game.action_str(rules, a))
        except Exception:  # an id below the action count that no action of these rules uses
            names.append(None)
    return names


def meta(
    spec: ArenaSpec, enc: Encoder, deals: int, decisions: int, files: Sequence[Path], seconds: float
) -> dict[str, Any]:
    """What ``meta.json`` says of a run."""
    rules = spec.rules()
    return {
        "format": FORMAT,
        "tapete": __version__,
        "game": spec.game,
        "preset": rules.preset_name,
        "rules": rules.to_dict(),
        "bots": list(spec.bots),
        "seed": spec.seed,
        "deals": deals,
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "files": [str(f.name) for f in files],
        "observation": {"size": enc.size, "fields": [dict(f._asdict()) for f in enc.fields]},
        "actions": {"count": enc.action_count, "names": action_names(enc.game, rules, enc.action_count)},
        "columns": {"decisions": DECISION_COLUMNS, "results": RESULT_COLUMNS},
    }


def run_selfplay(
    spec: ArenaSpec,
    out: str | Path,
    progress: Progress | None = None,
    ray: ray_runner.RayTarget = None,
    options: SelfplayOptions | None = None,
    part: int | None = None,
) -> SelfplayResult:
    """Play ``spec.count`` deals of ``spec`` (one bot level per side; ``spec.workers`` processes, or on Ray as
    :func:`tapete.arena.run` does) and write their data to the new folder ``out``; see the module docstring.

    ``part``: deals per part (default :func:`part_size`). Only single deals, not duplicate, are played.
    """
    if spec.mode != "deals" or spec.duplicate:
        raise SetupError("self-play plays single deals: an arena spec of mode 'deals', not duplicate")
    out = Path(out)
    check_out(out)
    options = options or SelfplayOptions()
    enc = encoder(spec.game, spec.rules())
    plays = plan(spec)
    size = part if part is not None else part_size(spec.count)
    if size < 1:
        raise SetupError(f"a part holds at least one deal, not {size}")
    chunks = [plays[i : i + size] for i in range(0, len(plays), size)]
    ray_options = ray_runner.options_of(ray, spec.workers)
    if ray_options is not None:
        workers = ray_runner.connect(ray_options)
    else:
        workers = workers_for(spec.workers, len(plays), plays_per_worker(spec))
    workers = min(workers, len(chunks))
    files: list[Path] = []
    results: list[pa.Table] = []
    decisions = 0
    done = 0

    def receive(got: Part) -> None:
        nonlocal decisions, done
        path = out / "decisions" / f"part-{got.first:08d}.parquet"
        pq.write_table(got.decisions, path)
        files.append(path)
        results.append(got.results)
        decisions += got.decisions.num_rows
        done += got.deals
        if progress is not None:
            progress(done, len(plays))

    start = time.perf_counter()
    if progress is not None:
        progress(0, len(plays))
    if ray_options is not None:
        ray_runner.map_chunks(play_part, spec, chunks, options, ray_options, receive)
    elif workers == 1:
        for chunk in chunks:
            receive(play_part(spec, chunk, options))
    else:
        _map_processes(spec, chunks, options, workers, receive)
    seconds = time.perf_counter() - start
    table = pa.concat_tables(results).sort_by([("deal", "ascending"), ("seat", "ascending")])
    pq.write_table(table, out / "results.parquet")
    files.sort()
    about = meta(spec, enc, len(plays), decisions, files, seconds)
    (out / "meta.json").write_text(json.dumps(about, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return SelfplayResult(spec, out, len(plays), decisions, tuple(files), seconds, workers)


def _map_processes(
    spec: ArenaSpec, chunks: Sequence[Sequence[Play]], options: SelfplayOptions, workers: int,
    receive: Callable[[Part], None],
) -> None:  # fmt: skip
    """The parts over ``workers`` spawned processes (as the arena's), each received as it finishes."""
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        futures: list[Future[Part]] = [pool.submit(play_part, spec, chunk, options) for chunk in chunks]
        for future in as_completed(futures):
            receive(future.result())
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


__all__ = [
    "DECISION_COLUMNS",
    "RESULT_COLUMNS",
    "Part",
    "SelfplayOptions",
    "SelfplayResult",
    "decision_schema",
    "part_size",
    "play_part",
    "run_selfplay",
]
