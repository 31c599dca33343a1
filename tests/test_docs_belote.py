"""docs/rules/belote.md stays true: its preset table matches the code and it explains every option.

The worked examples of the page are doctests (tests/test_doctests.py runs them).
"""

from __future__ import annotations

from pathlib import Path

from tapete.belote.rules import CHOICES, PRESETS, BeloteRules

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules" / "belote.md"


def _lines() -> list[str]:
    return DOC.read_text(encoding="utf-8").splitlines()


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


def _section(heading: str) -> list[str]:
    """The lines under a heading, up to the next heading of the same or a higher level."""
    lines = _lines()
    start = lines.index(heading)
    level = len(heading) - len(heading.lstrip("#"))
    out: list[str] = []
    for ln in lines[start + 1 :]:
        if ln.startswith("#") and len(ln) - len(ln.lstrip("#")) <= level:
            break
        out.append(ln)
    return out


def preset_table() -> dict[str, dict[str, str]]:
    lines = _section("### Values in each preset")
    header = next(ln for ln in lines if ln.startswith("| option |"))
    presets = _cells(header)[1:]
    table: dict[str, dict[str, str]] = {p: {} for p in presets}
    for ln in lines[lines.index(header) + 2 :]:
        if not ln.startswith("|"):
            break
        cells = _cells(ln)
        option = cells[0].strip("`")
        for p, value in zip(presets, cells[1:], strict=True):
            table[p][option] = value
    return table


def option_rows() -> dict[str, list[str]]:
    """The rows of the tables under "### Every option", by option name."""
    rows: dict[str, list[str]] = {}
    for ln in _section("### Every option"):
        if ln.startswith("| `"):
            cells = _cells(ln)
            rows[cells[0].strip("`")] = cells
    return rows


def test_preset_table_matches_the_code() -> None:
    table = preset_table()
    assert list(table) == list(PRESETS), "one column per preset, in the order of PRESETS"
    for name, rules in PRESETS.items():
        assert sorted(table[name]) == sorted(BeloteRules.option_names()), f"options listed for {name}"
        for option, shown in table[name].items():
            value = getattr(rules, option)
            expected = str(value).lower() if isinstance(value, bool) else str(value)
            assert shown == expected, f"{name}.{option}: doc says {shown}, code has {expected}"


def test_every_option_is_explained_with_a_source() -> None:
    rows = option_rows()
    for option in BeloteRules.option_names():
        assert option in rows, f"option {option} has no row in the option reference"
        cells = rows[option]
        assert len(cells) == 4 and all(cells), f"option {option}: expected values, meaning and source"
    assert sorted(rows) == sorted(BeloteRules.option_names()), "the option reference lists an unknown option"


def test_every_choice_is_listed() -> None:
    rows = option_rows()
    for option, allowed in CHOICES.items():
        values = rows[option][1]
        for value in allowed:
            assert f"`{value}`" in values, f"{option}: value {value} missing from the option reference"


def test_every_preset_has_a_section() -> None:
    headings = set(_lines())
    for name in PRESETS:
        assert f"### `{name}`" in headings or f"### `{name}` (the default)" in headings, f"no section for {name}"


def test_every_variant_for_fewer_players_has_a_section() -> None:
    """The 3- and 2-player variants 004 'Variantes comunes' names each have a section with sources."""
    lines = _lines()
    for heading, players in (
        ("### Trois joueurs: three players (`trois-joueurs`)", 3),
        ("### Belote à deux: two players (`belote-a-deux`)", 2),
        ("### Découverte: two players, cards face up (`decouverte`)", 2),
    ):
        assert heading in lines, f"no section {heading!r}"
        name = heading.split("`")[1]
        assert PRESETS[name].players == players
        text = "\n".join(_section(heading))
        assert "| rule | tapete | source |" in text, f"{name}: expected a table of rules with their sources"
        assert "tapete's reading" in text, f"{name}: the section should say which rules are tapete's reading"
    sources = "\n".join(_section("### Sources of the variants"))
    for source in ("E3", "F3", "E2", "JD", "PG†"):
        assert f"| **{source}** | " in sources and "https://" in sources, f"source {source} is not listed"
