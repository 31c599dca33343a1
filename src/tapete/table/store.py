"""Where tables are saved: one record file per match in a directory of the user's data.

``TAPETE_HOME`` overrides the directory (tests, portable installs); otherwise
it is the platform's user data directory (``~/.local/share/tapete`` on
Linux), under ``games/``.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

from platformdirs import user_data_dir


def default_directory() -> Path:
    """The directory autosaved games go to."""
    home = os.environ.get("TAPETE_HOME")
    base = Path(home) if home else Path(user_data_dir("tapete", appauthor=False))
    return base / "games"


def os_reason(error: OSError) -> str:
    """Why a file could not be written, in the system's words (a file standing where a folder should be
    is "Not a directory", not mkdir's "File exists")."""
    code = errno.ENOTDIR if isinstance(error, FileExistsError) else error.errno
    return os.strerror(code) if code else type(error).__name__


def latest_unfinished(
    directory: Path | None = None, game: str | None = None, skipped: list[tuple[Path, str]] | None = None
) -> Path | None:
    """The most recently saved record of an unfinished match (of ``game`` if given), or None.

    Unreadable or foreign files are skipped, never touched: a corrupt save must not
    stop a player from resuming another one. Each one skipped is added to ``skipped``
    (when given) with why, in English, so that the caller can say so.
    """
    folder = directory if directory is not None else default_directory()
    if not folder.is_dir():
        return None
    best: tuple[float, Path] | None = None
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            mtime = path.stat().st_mtime
        except OSError as e:
            _skip(skipped, path, os_reason(e))
            continue
        except ValueError as e:  # not JSON, or not UTF-8
            _skip(skipped, path, f"not valid JSON ({e.__class__.__name__})")
            continue
        if not isinstance(data, dict) or data.get("format") != "tapete-record":
            _skip(skipped, path, "not a tapete record")
            continue
        if data.get("finished", True):
            continue
        if game is not None and data.get("game") != game:
            continue
        if best is None or mtime > best[0]:
            best = (mtime, path)
    return best[1] if best is not None else None


def _skip(skipped: list[tuple[Path, str]] | None, path: Path, why: str) -> None:
    if skipped is not None:
        skipped.append((path, why))
