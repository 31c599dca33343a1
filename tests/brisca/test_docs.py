"""docs/rules/brisca.md stays true: its preset table matches the code and every option has a source."""

from __future__ import annotations

from pathlib import Path

from tapete.brisca.rules import PRESETS, BriscaRules

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "brisca.md"


def _preset_table() -> dict[str, dict[str, str]]:
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = lines.index("### Values in each preset")
    header = next(ln for ln in lines[start:] if ln.startswith("| option |"))
    presets = [c.strip() for c in header.strip("|").split("|")][1:]
    table: dict[str, dict[str, str]] = {p: {} for p in presets}
    for ln in lines[lines.index(header, start) + 2 :]:
        if not ln.startswith("|"):
            break
        cells = [c.strip() for c in ln.strip("|").split("|")]
        for p, value in zip(presets, cells[1:], strict=True):
            table[p][cells[0].strip("`")] = value
    return table


def test_preset_table_matches_the_code() -> None:
    table = _preset_table()
    assert sorted(table) == sorted(PRESETS)
    for name, rules in PRESETS.items():
        assert sorted(table[name]) == sorted(BriscaRules.option_names())
        for option, shown in table[name].items():
            value = getattr(rules, option)
            assert shown == (str(value).lower() if isinstance(value, bool) else str(value)), f"{name}.{option}"


def test_every_option_has_a_source_row() -> None:
    text = DOC.read_text(encoding="utf-8")
    for option in BriscaRules.option_names():
        row = next((ln for ln in text.splitlines() if ln.startswith(f"| `{option}` |") and ln.count("|") == 5), None)
        assert row is not None and row.split("|")[4].strip(), f"option {option} has no source"
