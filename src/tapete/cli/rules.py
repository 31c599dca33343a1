"""``tapete rules``: the rules of any preset, every option explained and sourced, in the reader's language.

``tapete rules GAME --preset PRESET`` (e.g. ``--preset aragones``) prints a summary of the game under
the preset, then every option by topic (its value in words, what it means, its
source); ``--option KEY=VALUE`` shows the effect of a change, ``--diff`` only
what differs from the game's default preset, ``--list`` the presets with one
line each and ``--json`` the options as data (``RulesBase.from_dict`` reads
them back). The words come from :mod:`tapete.text.rules_doc`; this module only
lays them out: with Rich tables on a terminal, as plain wrapped text when the
output is piped or redirected, so that it reads well in a file or a pager.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import textwrap
from typing import TextIO

from tapete.cli.command import Command, UsageError
from tapete.cli.common import add_preset_argument, deal_rules, default_game, preset_help_values
from tapete.core.errors import RulesError
from tapete.games import GAMES, game_of_preset
from tapete.text.messages import msg
from tapete.text.rules_doc import OptionEntry, Rules, RulesDoc, default_preset, describe, presets, rules_class, to_data

#: Indent of an option's explanation under its name, in plain text.
_INDENT = "      "


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "game", nargs="?", choices=list(GAMES), metavar="GAME", help=msg("rules.opt.game", **preset_help_values())
    )
    add_preset_argument(parser, "rules.opt.preset")
    parser.add_argument(
        "--option", "-o", action="append", default=[], metavar="KEY=VALUE", dest="options", help=msg("rules.opt.option")
    )
    parser.add_argument("--diff", action="store_true", help=msg("rules.opt.diff"))
    parser.add_argument("--list", action="store_true", help=msg("rules.opt.list"))
    parser.add_argument("--json", action="store_true", help=msg("rules.opt.json"))


def chosen_game(args: argparse.Namespace) -> str | None:
    """The game named, else the game of ``--preset`` (preset names are unique across the games)."""
    if args.game is not None:
        return str(args.game)
    if args.preset is not None:
        found = game_of_preset(args.preset)
        return found.name if found is not None else None
    return None


def chosen_rules(args: argparse.Namespace) -> Rules:
    """The rules from the game, ``--preset`` and ``--option``, refused with one line when wrong.

    A preset of the other game is refused with the command that shows it.
    """
    game = chosen_game(args) or default_game().name
    if args.preset is not None:
        found = game_of_preset(args.preset)
        other = found.name if found is not None else None
        if other is not None and other != game:
            try:
                rules_class(game).preset(args.preset)
            except RulesError as e:
                name = rules_class(other).GAME
                raise UsageError(
                    msg("rules.error.other_game", error=e, preset=args.preset, game=name, name=other)
                ) from None
    rules: Rules = deal_rules(argparse.Namespace(game=game, preset=args.preset, options=args.options))
    return rules


def run(args: argparse.Namespace) -> int:
    if args.list:
        given = [
            flag
            for flag, on in (
                ("--preset", args.preset is not None),
                ("--option", bool(args.options)),
                ("--diff", args.diff),
            )
            if on
        ]
        if given:
            raise UsageError(msg("rules.error.list_with", flags=", ".join(given)))
        game = chosen_game(args)
        games = [game] if game else list(GAMES)
        if args.json:
            print(json.dumps(list_data(games), ensure_ascii=False, indent=2))
        elif sys.stdout.isatty():
            print_list_rich(games)
        else:
            sys.stdout.write(list_plain(games, _width()))
        return 0
    rules = chosen_rules(args)
    if args.json:
        print(json.dumps(to_data(rules, diff=args.diff), ensure_ascii=False, indent=2))
        return 0
    doc = describe(rules, diff=args.diff)
    if sys.stdout.isatty():
        print_rich(doc, diff=args.diff)
    else:
        sys.stdout.write(plain(doc, _width(), diff=args.diff))
    return 0


# ====================================================================== plain text
def _width() -> int:
    """The text width: the terminal's (or $COLUMNS), kept between 60 and 100 columns."""
    return max(60, min(100, shutil.get_terminal_size((100, 24)).columns))


def _wrap(text: str, width: int, indent: str, first: str | None = None) -> list[str]:
    return textwrap.wrap(
        text, width, initial_indent=indent if first is None else first, subsequent_indent=indent, break_on_hyphens=False
    ) or [indent.rstrip()]


def value_line(entry: OptionEntry, base: str) -> str:
    """The value in words, the base preset's value when it differs, and a note when the rules do not use it."""
    text = entry.value_text
    if entry.base_text is not None:
        text += f" ({msg('rules.preset_value', preset=base, value=entry.base_text)})"
    if not entry.used:
        text += f" ({msg('rules.unused')})"
    return text


def plain(doc: RulesDoc, width: int = 100, diff: bool = False) -> str:
    """The whole text, wrapped to ``width``: what ``tapete rules`` prints when piped."""
    lines = _wrap(doc.title, width, "")
    if not diff:
        lines += _wrap(doc.description, width, "")
        lines += ["", msg("rules.heading.summary")]
        label_width = max(len(label) for label, _ in doc.summary) + 2
        for label, text in doc.summary:
            lines += _wrap(text, width, " " * (label_width + 2), first=f"  {label:<{label_width}}")
    if diff and not doc.sections:
        lines += ["", msg("rules.diff.none", default=doc.base)]
    for section in doc.sections:
        lines += ["", section.title]
        for entry in section.entries:
            head = f"  {msg('rules.option_head', label=entry.label, name=entry.name)} "
            lines += _wrap(value_line(entry, doc.base), width, _INDENT + "  ", first=head)
            lines += _wrap(entry.about, width, _INDENT)
            lines += _wrap(msg("rules.source", source=entry.source), width, _INDENT)
    lines += [""]
    lines += _wrap(doc.sources, width, "")
    lines += _wrap(doc.docs, width, "")
    return "\n".join(lines) + "\n"


def list_plain(games: list[str], width: int = 100) -> str:
    """The presets of each game, one wrapped line each (``--list``)."""
    lines: list[str] = []
    for game in games:
        default = default_preset(game)
        if lines:
            lines.append("")
        lines.append(msg("rules.list.title", game=rules_class(game).GAME, default=default))
        rows = [(msg("rules.list.default", name=n) if n == default else n, d) for n, d in presets(game)]
        name_width = max(len(n) for n, _ in rows) + 2
        for name, description in rows:
            lines += _wrap(description, width, " " * (name_width + 2), first=f"  {name:<{name_width}}")
    return "\n".join(lines) + "\n"


def list_data(games: list[str]) -> dict[str, object]:
    """``--list --json``: each game's default preset and its presets with their descriptions."""
    return {game: {"default": default_preset(game), "presets": dict(presets(game))} for game in games}


# ====================================================================== Rich, on a terminal
def print_rich(doc: RulesDoc, diff: bool = False, file: TextIO | None = None, width: int | None = None) -> None:
    """The same content as :func:`plain`, with headings and one table per topic."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(file=file, width=width, highlight=False)
    #: Four columns need room; below this width the source is printed under the meaning.
    wide = console.width >= 110
    console.print(Text(doc.title, style="bold"))
    if not diff:
        console.print(Text(doc.description, style="italic"))
        grid = Table(title=msg("rules.heading.summary"), title_justify="left", show_header=False, box=None)
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        for label, text in doc.summary:
            grid.add_row(Text(label), Text(text))
        console.print()
        console.print(grid)
    if diff and not doc.sections:
        console.print(Text(msg("rules.diff.none", default=doc.base)))
    for section in doc.sections:
        table = Table(title=section.title, title_justify="left", title_style="bold", show_lines=True, expand=True)
        table.add_column(msg("rules.heading.option"), ratio=2, overflow="fold")
        table.add_column(msg("rules.heading.value"), ratio=2)
        table.add_column(msg("rules.heading.meaning"), ratio=4)
        if wide:
            table.add_column(msg("rules.heading.source"), ratio=3, style="dim")
        for entry in section.entries:
            option = Text(entry.label)
            option.append(f"\n{entry.name}", style="cyan")
            value = Text(entry.value_text, style="bold" if entry.used else "dim")
            if entry.base_text is not None:
                value.stylize("yellow")
                value.append(f"\n{msg('rules.preset_value', preset=doc.base, value=entry.base_text)}", style="dim")
            if not entry.used:
                value.append(f"\n({msg('rules.unused')})", style="dim italic")
            if wide:
                table.add_row(option, value, Text(entry.about), Text(entry.source))
            else:  # a narrow terminal: the source goes under the meaning
                about = Text(entry.about)
                about.append(f"\n{msg('rules.source', source=entry.source)}", style="dim")
                table.add_row(option, value, about)
        console.print()
        console.print(table)
    console.print()
    console.print(Text(doc.sources, style="dim"))
    console.print(Text(doc.docs, style="dim"))


def print_list_rich(games: list[str], file: TextIO | None = None, width: int | None = None) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(file=file, width=width, highlight=False)
    for game in games:
        default = default_preset(game)
        table = Table(
            title=msg("rules.list.title", game=rules_class(game).GAME, default=default),
            title_justify="left",
            title_style="bold",
            show_header=False,
        )
        table.add_column(style="cyan", no_wrap=True)
        table.add_column()
        for name, description in presets(game):
            table.add_row(Text(msg("rules.list.default", name=name) if name == default else name), Text(description))
        console.print(table)


COMMAND = Command("rules", "rules.cmd.help", "rules.cmd.description", configure, run)
