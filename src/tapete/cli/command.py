"""What a subcommand is, and the argument parser the command line uses.

Adding a subcommand is one module under ``tapete/cli/`` plus its name in
:data:`tapete.cli.main.COMMANDS`. The module defines either

* ``COMMAND = Command(name, help, description, configure, run)``, or simply
* ``HELP`` (a string), ``add_arguments(parser)`` and ``run(args) -> int``; the
  command is then named after the module.

``configure``/``add_arguments`` adds the arguments to the subcommand's parser;
``run`` gets the parsed arguments and returns the exit status. Raise a
:class:`~tapete.core.errors.TapeteError` for bad input: ``main`` prints its message
on one line and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import NoReturn

from tapete.core.errors import TapeteError
from tapete.text.messages import MESSAGES, msg

#: Exit status for bad input or usage (as argparse uses).
EXIT_USAGE = 2


class UsageError(TapeteError):
    """The command line itself is wrong (conflicting or malformed options)."""


@dataclass(frozen=True)
class Command:
    """One ``tapete`` subcommand."""

    name: str
    #: One-line help shown in ``tapete --help``: a message id of :mod:`tapete.text.messages`, or the text.
    help: str
    #: Longer description shown in ``tapete NAME --help``: a message id, or the text.
    description: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]

    @staticmethod
    def from_module(module: ModuleType) -> Command:
        """The command of a module: its ``COMMAND``, or one built from ``HELP``, ``add_arguments`` and ``run``."""
        command = getattr(module, "COMMAND", None)
        if isinstance(command, Command):
            return command
        help_text = getattr(module, "HELP", None)
        configure = getattr(module, "add_arguments", None)
        run = getattr(module, "run", None)
        if not isinstance(help_text, str) or not callable(configure) or not callable(run):
            raise TypeError(
                f"{module.__name__} must define COMMAND = Command(...), or HELP, add_arguments(parser) and run(args)"
            )
        return Command(module.__name__.rsplit(".", 1)[-1], help_text, help_text, configure, run)


def text(key_or_text: str) -> str:
    """A message id's text, or the argument itself when it is not a message id."""
    return msg(key_or_text) if key_or_text in MESSAGES else key_or_text


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        detail = msg("error.usage", detail=message, prog=self.prog)
        print(msg("error.line", prog=self.prog, detail=detail), file=sys.stderr)
        raise SystemExit(EXIT_USAGE)
