"""The layer map holds: no face, brain or table module names a game or imports above its layer,
and no import cycle (tools/check_layers.py, also run by CI on its own)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parent.parent / "tools" / "check_layers.py"


def _checker():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("check_layers", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["check_layers"] = module
    spec.loader.exec_module(module)
    return module


def test_every_game_package_is_found() -> None:
    found = _checker().game_packages()
    assert {"guinote", "belote"} <= set(found)


def test_no_layer_crossing_cycle_or_game_name() -> None:
    findings = _checker().findings()
    assert findings == [], "\n".join(findings[:40]) + f"\n({len(findings)} findings)"


def test_the_checker_catches_a_game_name(tmp_path: Path) -> None:
    checker = _checker()
    pattern = checker.name_pattern(["guinote", "belote"])
    assert pattern.search("if game == 'belote':")
    assert pattern.search("from tapete.guinote.state import GuinoteState")
    assert pattern.search("Guiñote")
    assert not pattern.search("obs.phase == 'play'")
