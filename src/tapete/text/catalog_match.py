"""The English text of the ``match`` catalog (see :mod:`tapete.text.messages`), keyed by message id."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str | tuple[str, str]]] = {
    # ------------------------------------------------------------ command and options
    "match.help": "play bots against bots over many deals or matches and print statistics",
    "match.description": (
        "Play bots against bots: N single deals or N whole matches of any preset and options, in parallel "
        "processes. Prints, for each bot, its wins and mean points per deal with a 95% interval; can also write "
        "the results as JSON and CSV and draw a PNG chart. With --duplicate every deal is played once per side "
        "rotation with the same cards, so that the luck of the cards cancels out. The same seed gives the same "
        "results, whatever the number of workers."
    ),
    "match.opt.bots": (
        "bot level of each side, comma-separated, one per side (a single level plays every side); "
        "levels: {levels} (default {default})"
    ),
    "match.opt.deals": "play N single deals (default {default})",
    "match.opt.matches": "play N whole matches instead of single deals",
    "match.opt.duplicate": "play every deal or match once per side rotation, with the same cards and dealer",
    "match.opt.seed": "seed of the whole run: the same seed gives the same results (default {default})",
    "match.opt.workers": "worker processes (default: the number of CPUs, here {default}); results do not depend on it",
    "match.opt.ray": (
        "play on Ray: on a new local Ray of W CPUs (or the cluster $RAY_ADDRESS names), or on the cluster at "
        "ADDRESS (auto, HOST:6379, or ray://HOST:10001); results do not depend on it"
    ),
    "match.opt.json": "write the settings, the summary and every deal or match to PATH as JSON",
    "match.opt.csv": "write one line per deal or match to PATH as CSV",
    "match.opt.chart": (
        "draw each bot's mean margin per deal (per match for matches) with its 95% interval to PATH (PNG)"
    ),
    "match.opt.quiet": "do not show the progress bar",
    # ------------------------------------------------------------ progress and results
    "match.progress": "playing",
    "match.title.deals": (
        "{game}, {preset} rules: {count} deal, seed {seed}",
        "{game}, {preset} rules: {count} deals, seed {seed}",
    ),
    "match.title.deals_dup": (
        "{game}, {preset} rules: {count} deal in duplicate ({plays} played), seed {seed}",
        "{game}, {preset} rules: {count} deals in duplicate ({plays} played), seed {seed}",
    ),
    "match.title.matches": (
        "{game}, {preset} rules: {count} match, seed {seed}",
        "{game}, {preset} rules: {count} matches, seed {seed}",
    ),
    "match.title.matches_dup": (
        "{game}, {preset} rules: {count} match in duplicate ({plays} played), seed {seed}",
        "{game}, {preset} rules: {count} matches in duplicate ({plays} played), seed {seed}",
    ),
    "match.col.bot": "bot",
    "match.col.deals": "deals",
    "match.col.matches": "matches",
    "match.col.wins": "wins",
    "match.col.points": "points per deal (95%)",
    "match.col.margin": "margin per deal (95%)",
    "match.col.win_rate": "win rate (95%)",
    "match.col.margin_match": "margin per match (95%)",
    "match.cell.wins": "{wins} ({rate:.1f}%)",
    "match.cell.rate": "{rate:.1f}% ({low:.1f}-{high:.1f}%)",
    "match.cell.mean": "{mean:.1f} ± {half:.1f}",
    "match.cell.margin": "{mean:+.1f} ± {half:.1f}",
    "match.cell.none": "-",
    "match.footer": "{plays} played in {seconds:.1f} s ({rate:.0f} per second; worker processes: {workers}).",
    "match.footer.draws": "{draws} without a single winner (a tie for the most points).",
    "match.footer.margin": "margin: the bot's points minus the mean of the other sides' points.",
    "match.footer.deals_per_match": "{deals:.1f} deals per match on average.",
    "match.footer.duplicate.deals": (
        "Duplicate: each deal is played once per side rotation with the same cards; "
        "the intervals are over the {blocks} deals."
    ),
    "match.footer.duplicate.matches": (
        "Duplicate: each match is played once per side rotation with the same cards; "
        "the intervals are over the {blocks} matches."
    ),
    "match.wrote": "wrote {path}",
    "match.chart.margin": "margin per deal (95% interval)",
    "match.chart.margin_match": "margin per match (95% interval)",
    "match.interrupted": "interrupted: nothing was written",
    # ------------------------------------------------------------ errors
    "match.error.count": "{option} must be at least 1, not {n}",
    "match.error.workers": "--workers must be at least 1, not {n}",
    "match.error.level": "unknown bot level {level!r} in --bots: expected one of {levels}",
    "match.error.bots_count": (
        "--bots gives {given} levels but {game} with the {preset} rules has {sides} sides: "
        "give one level, or one per side"
    ),
    "match.error.path_dir": "cannot write {option} {path}: it is a folder",
    "match.error.path_folder": "cannot write {option} {path}: the folder {folder} does not exist",
    "match.error.path_denied": "cannot write {option} {path}: permission denied",
    "match.error.path_twice": "{first} and {second} name the same file {path}: expected different files",
    "match.error.write": "could not write {path}: {error}",
    # ------------------------------------------------------------ tapete selfplay
    "selfplay.help": "play bots against each other and write every decision to Parquet, for learning",
    "selfplay.description": (
        "Play N deals with bots in every seat and write each decision to Parquet files in a new folder: the "
        "seat's observation tensor, the legal actions, the action chosen, the values of the bot's search where "
        "it keeps them, and how the deal ended; results.parquet has one line per deal and seat, meta.json the "
        "tensor's fields. The deals are those of tapete match with the same seed; the files do not depend on "
        'the number of workers. Needs the envs extra (pip install "tapete[envs]").'
    ),
    "selfplay.opt.deals": "deals to play (default {default})",
    "selfplay.opt.out": "the new or empty folder to write to (decisions/*.parquet, results.parquet, meta.json)",
    "selfplay.progress": "self-play",
    "selfplay.wrote": (
        "{decisions} decisions of {deals} deals written to {path} in {seconds:.1f} s "
        "({rate:.1f} deals per second; worker processes: {workers})."
    ),
    "selfplay.interrupted": "interrupted: {path} holds only the parts finished so far (no meta.json)",
    "selfplay.error.out": "--out {path}: expected a new or empty folder",
    "selfplay.error.missing": 'tapete selfplay needs {module}: pip install "tapete[envs]"',
}
