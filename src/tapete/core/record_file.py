"""Game records on disk: a versioned JSON envelope shared by every game.

A record is the rules, the deals (dealer and deck order) and every action
as its string form; replaying it rebuilds every state, so saving, resuming,
replays and analysis are one mechanism. This module only handles the
envelope and the file; each game turns its matches into the ``body``.

Saving is atomic (write a temporary file, then rename), so a crash while
saving never loses the previous record.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tapete.core.errors import RecordError

FORMAT = "tapete-record"
VERSION = 1


def envelope(game: str, body: dict[str, Any]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "game": game, **body}


def check_envelope(data: Any, game: str | None = None) -> dict[str, Any]:
    """Validate the envelope of a parsed record and return it."""
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f'not a tapete record: "format" must be "{FORMAT}"')
    version = data.get("version")
    if version != VERSION:
        raise RecordError(f"unsupported record version {version!r}: this tapete reads version {VERSION}")
    if game is not None and data.get("game") != game:
        raise RecordError(f'record is for game {data.get("game")!r}, expected "{game}"')
    return data


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def loads(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"record is not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    return check_envelope(data)


def save(path: str | os.PathLike[str], record: dict[str, Any]) -> None:
    """Write a record atomically: the old file stays intact until the new one is complete."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(dumps(record))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load(path: str | os.PathLike[str]) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"no record at {os.fspath(path)!r}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"cannot read record {os.fspath(path)!r}: {e}") from None
    return loads(text)
