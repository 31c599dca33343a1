"""The ``tapete`` console script: ``main(argv) -> exit status``.

Subcommands are the modules named in :data:`COMMANDS`; each defines a
:class:`~tapete.cli.command.Command` as ``COMMAND``, or just ``HELP``,
``add_arguments(parser)`` and ``run(args)`` (see :mod:`tapete.cli.command`):
adding one is a new module plus one line here. Bad input (a malformed position, an unknown
preset or option) prints one line on stderr and returns 2.

>>> main(["legal", "--preset", "aragones-2p", "--seed", "1"])  # doctest: +ELLIPSIS
seat 1 to act (play):
...
0
"""

from __future__ import annotations

import importlib
import os
import sys

from tapete import __version__
from tapete.cli.command import EXIT_USAGE, Command, Parser, text
from tapete.cli.common import game_titles
from tapete.core.errors import TapeteError
from tapete.text.messages import msg, set_translator
from tapete.text.translations import LANGUAGES, pick_language, translator

PROG = "tapete"

#: The subcommand modules, in the order ``tapete --help`` lists them.
COMMANDS: tuple[str, ...] = (
    "tapete.cli.play",
    "tapete.cli.replay",
    "tapete.cli.match",
    "tapete.cli.selfplay",
    "tapete.cli.rules",
    "tapete.cli.demo",
    "tapete.cli.show",
    "tapete.cli.legal",
    "tapete.cli.solve",
    "tapete.cli.serve",
)


def load_commands() -> list[Command]:
    """The :class:`Command` of every module in :data:`COMMANDS`."""
    return [Command.from_module(importlib.import_module(name)) for name in COMMANDS]


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description=msg("prog.description", games=game_titles()), epilog=msg("prog.epilog"))
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}", help=msg("opt.version"))
    add_lang(parser)
    sub = parser.add_subparsers(title=msg("prog.commands"), dest="command", metavar="COMMAND", parser_class=Parser)
    for command in load_commands():
        p = sub.add_parser(command.name, help=text(command.help), description=text(command.description))
        command.configure(p)
        add_lang(p)
        p.set_defaults(run=command.run)
    return parser


def add_lang(parser: Parser) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=None, help=msg("opt.lang"))


def requested_language(argv: list[str]) -> str | None:
    """``--lang`` from the command line, read before parsing so that help text is translated too."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        lang = pick_language(requested_language(argv))
    except TapeteError as e:
        print(msg("error.line", prog=PROG, detail=e), file=sys.stderr)
        return EXIT_USAGE
    set_translator(translator(lang))
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # --help, --version, or a usage error already reported
        return e.code if isinstance(e.code, int) else EXIT_USAGE
    if args.command is None:
        names = ", ".join(c.name for c in load_commands())
        detail = msg("error.usage", detail=msg("error.no_command", choices=names), prog=PROG)
        print(msg("error.line", prog=PROG, detail=detail), file=sys.stderr)
        return EXIT_USAGE
    try:
        status: int = args.run(args)
    except TapeteError as e:
        print(msg("error.line", prog=f"{PROG} {args.command}", detail=e), file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:  # e.g. `tapete legal | head -1`: stop quietly, as the docs of signal advise
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
