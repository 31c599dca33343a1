"""The browser's JavaScript type-checks: ``tsc --noEmit`` over ``server/static`` (``// @ts-check``, JSDoc types).

The page loads the .js files as they are (no build step); the types (``static/frames.js`` mirrors
the server's frames) are checked by TypeScript from npm, pinned in ``tools/js/package.json``
(``npm ci --prefix tools/js`` installs it). Skipped where node or that install is missing, except
under CI, where a missing checker is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tapete import server

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools" / "js"
TSC = TOOLS / "node_modules" / ".bin" / "tsc"
STATIC = Path(server.__file__).resolve().parent / "static"


def _checker() -> Path | None:
    if shutil.which("node") is None or not TSC.is_file():
        if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no"):
            pytest.fail(f"CI needs node and TypeScript: run `npm ci --prefix {TOOLS.relative_to(ROOT)}`")
        return None
    return TSC


def test_every_script_asks_for_the_type_check() -> None:
    scripts = sorted(STATIC.glob("*.js"))
    unchecked = [p.name for p in scripts if not p.read_text(encoding="utf-8").startswith("// @ts-check")]
    assert not unchecked, f"scripts without // @ts-check on their first line: {unchecked}"


def test_the_scripts_type_check() -> None:
    tsc = _checker()
    if tsc is None:
        pytest.skip(f"no TypeScript: npm ci --prefix {TOOLS.relative_to(ROOT)}")
    done = subprocess.run(
        [str(tsc), "--noEmit", "-p", str(TOOLS / "tsconfig.json")], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
