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
from typing import TYPE_CHECKING

from tapete.arena.results import ArenaResult
from tapete.core.errors import SetupError

if TYPE_CHECKING:
    from matplotlib.figure import Figure


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


def chart_figure(result: ArenaResult, title: str | None = None, ylabel: str | None = None) -> Figure:
    """A bar per entrant: its mean margin per deal (per match in matches mode), with its 95% interval.

    The margin is the figure that compares bots (their points minus the other sides', see
    :meth:`~tapete.arena.results.PlayRow.margin_of`): a bar above zero won points from the others. Each
    bar's label (``+12.3 ± 4.5``) sits beyond the end of its error bar, away from zero, so that it never
    covers the interval. ``title`` and ``ylabel`` are the (translated) words to show; English by default.
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    matches = result.spec.mode == "matches"
    entrants = result.summary.entrants
    figures = [e.margin for e in entrants]
    heights = [0.0 if math.isnan(iv.estimate) else iv.estimate for iv in figures]
    lows = [h if math.isnan(iv.low) else iv.low for h, iv in zip(heights, figures, strict=True)]
    highs = [h if math.isnan(iv.high) else iv.high for h, iv in zip(heights, figures, strict=True)]
    fig = Figure(figsize=(6.4, 4.0), dpi=100)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    colours = [f"C{i}" for i in range(len(entrants))]
    below = [h - low for h, low in zip(heights, lows, strict=True)]
    above = [high - h for h, high in zip(heights, highs, strict=True)]
    ax.bar([e.label for e in entrants], heights, yerr=[below, above], capsize=8, color=colours, width=0.6)
    ax.axhline(0.0, color="0.25", linewidth=0.8)
    for i, (h, iv) in enumerate(zip(heights, figures, strict=True)):
        text = f"{h:+.1f}" if math.isnan(iv.half_width) else f"{h:+.1f} ± {iv.half_width:.1f}"
        up = h >= 0
        ax.annotate(text, (i, highs[i] if up else lows[i]), xytext=(0, 4 if up else -4), textcoords="offset points",
                    ha="center", va="bottom" if up else "top", fontsize=10, fontweight="bold")  # fmt: skip
    # Room for the labels beyond the error bars, and zero always in view.
    top, bottom = max([0.0, *highs]), min([0.0, *lows])
    pad = 0.18 * ((top - bottom) or 1.0)
    ax.set_ylim(bottom - pad, top + pad)
    ax.set_ylabel(ylabel or ("margin per match (95% interval)" if matches else "margin per deal (95% interval)"))
    spec = result.spec
    ax.set_title(title or f"{spec.game_info.title} {spec.rules().preset_name}: {spec.count} {spec.mode}")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    return fig


def write_chart(
    path: str | os.PathLike[str], result: ArenaResult, title: str | None = None, ylabel: str | None = None
) -> None:
    """The chart of :func:`chart_figure` as a PNG."""
    fig = chart_figure(result, title, ylabel)
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    _atomic_write(path, buf.getvalue())
