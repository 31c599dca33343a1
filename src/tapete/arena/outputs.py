"""Writing an arena result: JSON (everything), CSV (one line per play), a PNG chart.

Files are written atomically (a temporary file, then a rename), so an
interrupted write never leaves half a file behind. The chart is drawn with
matplotlib's Agg canvas directly (no pyplot, no display needed), and
matplotlib is only imported when a chart is asked for.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import tempfile
from pathlib import Path

from tapete.arena.results import ArenaResult
from tapete.core.errors import SetupError


def _atomic_write(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it over ``path``."""
    target = Path(path)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_json(path: str | os.PathLike[str], result: ArenaResult) -> None:
    """The spec, the summary and every row (read back with :func:`read_json`)."""
    text = json.dumps(result.to_dict(), indent=1, ensure_ascii=False) + "\n"
    _atomic_write(path, text.encode("utf-8"))


def read_json(path: str | os.PathLike[str]) -> ArenaResult:
    """A result written by :func:`write_json`; a file that is not one raises SetupError."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise SetupError(f"{str(path)!r} is not JSON: {e}") from None
    return ArenaResult.from_dict(data)


def csv_header(units: int) -> list[str]:
    """The CSV columns: the play, then per side its bot and points, then the winner.

    >>> csv_header(2)
    ['index', 'leg', 'seed', 'dealer', 'bot0', 'bot1', 'points0', 'points1', 'winner', 'winner_bot', 'deals']
    """
    return [
        "index",
        "leg",
        "seed",
        "dealer",
        *(f"bot{s}" for s in range(units)),
        *(f"points{s}" for s in range(units)),
        "winner",
        "winner_bot",
        "deals",
    ]


def csv_text(result: ArenaResult) -> str:
    """One line per play; ``bot<side>`` is the label of the entrant on that side (see ArenaSpec.labels)."""
    labels = result.spec.labels()
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(csv_header(result.spec.units))
    for r in result.rows:
        winner_bot = labels[r.seating[r.winner]] if r.winner >= 0 else ""
        writer.writerow(
            [
                r.index,
                r.leg,
                r.seed,
                r.dealer,
                *(labels[e] for e in r.seating),
                *r.points,
                r.winner,
                winner_bot,
                r.deals,
            ]
        )
    return out.getvalue()


def write_csv(path: str | os.PathLike[str], result: ArenaResult) -> None:
    text = csv_text(result)
    _atomic_write(path, text.encode("utf-8"))


def write_chart(
    path: str | os.PathLike[str], result: ArenaResult, title: str | None = None, ylabel: str | None = None
) -> None:
    """A bar per entrant with its 95% interval as error bars: mean points per deal, or match win rate.

    ``title`` and ``ylabel`` are the (translated) words to show; English by default.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    matches = result.spec.mode == "matches"
    entrants = result.summary.entrants
    figures = [e.win_rate if matches else e.points for e in entrants]
    heights = [0.0 if math.isnan(iv.estimate) else iv.estimate for iv in figures]
    below = [0.0 if math.isnan(iv.low) else iv.estimate - iv.low for iv in figures]
    above = [0.0 if math.isnan(iv.high) else iv.high - iv.estimate for iv in figures]
    fig = Figure(figsize=(6.4, 4.0), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    colours = [f"C{i}" for i in range(len(entrants))]
    ax.bar([e.label for e in entrants], heights, yerr=[below, above], capsize=8, color=colours)
    for i, h in enumerate(heights):
        ax.annotate(f"{h:.3f}" if matches else f"{h:.1f}", (i, h), ha="center", va="bottom", fontsize=9,
                    xytext=(12, 2), textcoords="offset points")  # fmt: skip
    ax.set_ylabel(ylabel or ("win rate (95% interval)" if matches else "mean points per deal (95% interval)"))
    if matches:
        ax.set_ylim(0.0, 1.0)
    spec = result.spec
    ax.set_title(title or f"{spec.game_info.title} {spec.rules().preset_name}: {spec.count} {spec.mode}")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    data = buf.getvalue()
    _atomic_write(path, data)
