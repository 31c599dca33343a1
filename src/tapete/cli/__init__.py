"""The ``tapete`` command line: a thin face over the engine.

:mod:`tapete.cli.main` builds the argument parser from the subcommands listed
in :data:`tapete.cli.main.COMMANDS`; each is a small module here exposing a
:class:`~tapete.cli.command.Command`. User-facing text lives in
:mod:`tapete.text.messages`.
"""
