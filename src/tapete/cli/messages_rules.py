"""The English text of the ``rules`` catalog (see :mod:`tapete.cli.messages`), keyed by message id."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {}
