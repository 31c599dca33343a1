"""docs/rules/guinote.md stays true: its preset table matches the code and names every option."""

from __future__ import annotations

from pathlib import Path

from tapete.guinote.rules import PRESETS, option_names

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules" / "guinote.md"


def preset_table() -> dict[str, dict[str, str]]:
    lines = DOC.read_text(encoding="utf-8").splitlines()
    start = lines.index("### Values in each preset")
    header = next(ln for ln in lines[start:] if ln.startswith("| option |"))
    presets = [c.strip() for c in header.strip("|").split("|")][1:]
    table: dict[str, dict[str, str]] = {p: {} for p in presets}
    for ln in lines[lines.index(header, start) + 2 :]:
        if not ln.startswith("|"):
            break
        cells = [c.strip() for c in ln.strip("|").split("|")]
        option = cells[0].strip("`")
        for p, value in zip(presets, cells[1:], strict=True):
            table[p][option] = value
    return table


def test_preset_table_matches_the_code() -> None:
    table = preset_table()
    assert sorted(table) == sorted(PRESETS)
    for name, rules in PRESETS.items():
        assert sorted(table[name]) == sorted(option_names()), f"options listed for {name}"
        for option, shown in table[name].items():
            value = getattr(rules, option)
            expected = str(value).lower() if isinstance(value, bool) else str(value)
            assert shown == expected, f"{name}.{option}: doc says {shown}, code has {expected}"


def test_every_option_is_explained() -> None:
    text = DOC.read_text(encoding="utf-8")
    for option in option_names():
        assert f"| `{option}` |" in text, f"option {option} has no row in the option reference"
