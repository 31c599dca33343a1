"""``tapete replay``: being built (issue 4)."""

from __future__ import annotations

import argparse

HELP = "(being built)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    pass


def run(args: argparse.Namespace) -> int:
    return 1
