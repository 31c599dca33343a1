"""The arena: bots against bots over many deals or matches, with statistics.

``tapete match`` is its command-line face; the bot work (comparing levels,
an Elo ladder) uses it as a library:

>>> from tapete.arena import ArenaSpec, run
>>> result = run(ArenaSpec(preset="aragones-2p", count=4, duplicate=True, seed=2))
>>> len(result.rows), result.summary.blocks, [e.label for e in result.summary.entrants]
(8, 4, ['random A', 'random B'])

* :class:`ArenaSpec` (:mod:`tapete.arena.spec`): what to play;
* :func:`run` (:mod:`tapete.arena.runner`): play it, in parallel, with progress; :class:`Hooks`: what the
  workers do besides playing;
* :class:`RayOptions` (:mod:`tapete.arena.ray_runner`): play it on Ray instead (``run(spec, ray=...)``);
* :class:`ArenaResult`, :class:`PlayRow`, :func:`summarize` (:mod:`tapete.arena.results`): rows and figures;
* :func:`mean_interval`, :func:`wilson_interval` (:mod:`tapete.arena.stats`): the statistics;
* :func:`write_json`, :func:`read_json`, :func:`write_csv`, :func:`write_chart`,
  :func:`chart_figure` (:mod:`tapete.arena.outputs`).
"""

from tapete.arena.outputs import chart_figure, read_json, write_chart, write_csv, write_json
from tapete.arena.ray_runner import RayOptions, RayRunError
from tapete.arena.results import ArenaResult, EntrantSummary, PlayRow, Summary, deal_winner, summarize
from tapete.arena.runner import Hooks, Progress, deal_points, play_chunk, play_one, run
from tapete.arena.spec import MODES, ArenaSpec, Mode, Play, plan, play_seed, seating
from tapete.arena.stats import Interval, mean_interval, t_quantile, wilson_interval

__all__ = [
    "MODES",
    "ArenaResult",
    "ArenaSpec",
    "EntrantSummary",
    "Hooks",
    "Interval",
    "Mode",
    "Play",
    "PlayRow",
    "Progress",
    "RayOptions",
    "RayRunError",
    "Summary",
    "chart_figure",
    "deal_points",
    "deal_winner",
    "mean_interval",
    "plan",
    "play_chunk",
    "play_one",
    "play_seed",
    "read_json",
    "run",
    "seating",
    "summarize",
    "t_quantile",
    "wilson_interval",
    "write_chart",
    "write_csv",
    "write_json",
]
