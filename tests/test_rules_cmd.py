"""``tapete rules``: every option of both games explained and sourced, in en/es/fr, and its errors.

The rules themselves are those of docs/rules/guinote.md and docs/rules/belote.md
("Option reference" in each); these tests check that the command shows every
option of ``GuinoteRules`` and ``BeloteRules`` with the value the rules object
holds, in the three languages, and that ``--option``, ``--diff``, ``--json``
and ``--list`` say what the rules objects say. Expected values are computed
from the rules objects and the catalogs, never from ``tapete.text.rules_doc``'s
own helpers where that would make a test agree with itself.
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
from collections.abc import Iterator

import pytest

from tapete.belote.rules import DEFAULT_PRESET as BELOTE_DEFAULT
from tapete.belote.rules import BeloteRules
from tapete.cli import rules as rules_cmd
from tapete.cli.main import main
from tapete.core.rules import RulesBase
from tapete.guinote.rules import DEFAULT_PRESET as GUINOTE_DEFAULT
from tapete.guinote.rules import GuinoteRules
from tapete.text.messages import CATALOGS, MESSAGES, msg, set_translator
from tapete.text.rules_doc import TOPICS, describe, is_used, message_ids
from tapete.text.translations import translator

CLASSES: dict[str, type[GuinoteRules] | type[BeloteRules]] = {"guinote": GuinoteRules, "belote": BeloteRules}
DEFAULTS = {"guinote": GUINOTE_DEFAULT, "belote": BELOTE_DEFAULT}
ALL_PRESETS = [(game, name) for game, cls in CLASSES.items() for name in cls.PRESETS]


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """``main --lang`` sets the translator for the process: put English back around every test."""
    set_translator(None)
    yield
    set_translator(None)


def run(capsys: pytest.CaptureFixture[str], *argv: str, lang: str = "en") -> tuple[int, str, str]:
    code = main(["--lang", lang, "rules", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def entries(out: str) -> dict[str, str]:
    """Option name -> the head of its entry in the plain text (label, name, value), unwrapped."""
    found: dict[str, str] = {}
    lines = out.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^  \S.* \[([a-z0-9_]+)\] ?:", line)
        if not m:
            continue
        head = [line]
        for more in lines[i + 1 :]:
            if not more.startswith("        ") or more.startswith("         "):
                break
            head.append(more.strip())
        found[m.group(1)] = " ".join(head)
    return found


def value_of(head: str) -> str:
    """The value part of an entry head: what follows ``[name]:`` (``[name] :`` in French)."""
    return re.split(r"\] ?: ", head, maxsplit=1)[1]


def words(rules: RulesBase, name: str) -> str:
    """An option's value in words, from the catalog ids directly (as the docs' option tables list them)."""
    value = getattr(rules, name)
    if isinstance(value, bool):
        return msg("yes") if value else msg("no")
    if isinstance(value, str):
        game = "belote" if isinstance(rules, BeloteRules) else "guinote"
        return msg(f"rules.{game}.{name}.value.{value}")
    if value == 0 and name in ("cantes_per_trick", "malas_floor"):  # 0 switches them off
        return msg("rules.value.no_limit") if name == "cantes_per_trick" else msg("rules.value.not_played")
    return str(value)


# ====================================================================== every option described
@pytest.mark.parametrize("game", list(CLASSES))
def test_every_option_and_choice_has_its_texts(game: str) -> None:
    """Each option of GuinoteRules / BeloteRules (docs/rules/*.md "Every option") has a name, an
    explanation and a source, each choice of a string option a phrase, each preset a line."""
    cls = CLASSES[game]
    missing = [key for key in message_ids(game) if key not in MESSAGES]
    assert not missing, f"add these to tapete/cli/messages_rules.py: {missing}"
    for name in cls.option_names():
        for part in ("name", "about", "source"):
            assert MESSAGES[f"rules.{game}.{name}.{part}"].strip()
        for choice in cls.CHOICES.get(name, ()):
            assert MESSAGES[f"rules.{game}.{name}.value.{choice}"].strip()
    for preset in cls.PRESETS:
        assert MESSAGES[f"rules.{game}.preset.{preset}"].strip()


@pytest.mark.parametrize("game", list(CLASSES))
def test_no_text_for_an_option_that_does_not_exist(game: str) -> None:
    """A renamed or removed option must not leave its old texts behind."""
    cls = CLASSES[game]
    for key in CATALOGS["rules"]:
        m = re.match(rf"rules\.{game}\.([a-z_0-9]+)\.(name|about|source|value\.(.+))$", key)
        if m:
            assert m.group(1) in cls.option_names(), key
            if m.group(3) is not None:
                assert m.group(3) in cls.CHOICES[m.group(1)], key
    presets = {k.rsplit(".", 1)[1] for k in CATALOGS["rules"] if k.startswith(f"rules.{game}.preset.")}
    assert presets == set(cls.PRESETS)


@pytest.mark.parametrize("game", list(CLASSES))
def test_every_option_is_in_exactly_one_topic(game: str) -> None:
    placed = [name for _, names in TOPICS[game] for name in names]
    assert sorted(placed) == sorted(CLASSES[game].option_names())
    assert len(placed) == len(set(placed))


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_option_texts_are_translated(lang: str) -> None:
    """The es/fr catalogs translate the rules texts (tests/test_i18n.py checks every id; here, that the
    translation is not simply the English left in place for the long texts)."""
    _ = translator(lang)
    same = [
        key
        for game in CLASSES
        for key in message_ids(game)
        if key.endswith(".about") and _(MESSAGES[key]) == MESSAGES[key]
    ]
    assert not same


# ====================================================================== the rules of a preset
@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_aragones_lists_every_option_with_its_value(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    """`tapete rules guinote --preset aragones` (the issue's example): every option, the preset's value."""
    code, out, err = run(capsys, "guinote", "--preset", "aragones", lang=lang)
    assert code == 0 and err == ""
    rules = GuinoteRules.preset("aragones")
    set_translator(translator(lang))
    shown = entries(out)
    assert set(shown) == set(rules.option_names())
    for name in rules.option_names():
        assert value_of(shown[name]).startswith(words(rules, name)), (name, shown[name])
        assert msg(f"rules.guinote.{name}.name") in shown[name]
    text = " ".join(out.split())
    for name in rules.option_names():
        assert " ".join(msg(f"rules.guinote.{name}.source").split()) in text
    assert " ".join(msg("rules.guinote.preset.aragones").split()) in text


def test_languages_differ_and_use_the_games_terms(capsys: pytest.CaptureFixture[str]) -> None:
    """The three languages give three texts, each with the proper terms of the game."""
    outs = {
        lang: " ".join(run(capsys, "guinote", "--preset", "aragones", lang=lang)[1].split())
        for lang in ("en", "es", "fr")
    }
    assert len(set(outs.values())) == 3
    assert all(w in outs["en"] for w in ("trumps", "trick", "Source:", "las cuarenta", "arrastre", "muestra"))
    assert all(w in outs["es"] for w in ("triunfo", "baza", "Fuente:", "las cuarenta", "diez de últimas", "coto"))
    assert all(w in outs["es"] for w in ("arrastre", "muestra", "malas y buenas", "Asistir al palo"))
    assert all(w in outs["fr"] for w in ("atout", "pli", "Source :", "arrastre", "coto", "Surcouper"))
    belote = {
        lang: " ".join(run(capsys, "belote", "--preset", "contree", lang=lang)[1].split()) for lang in ("es", "fr")
    }
    assert all(w in belote["es"] for w in ("tomadores", "triunfo", "sin triunfo", "coinche", "capot", "Declaraciones"))
    assert all(
        w in belote["fr"] for w in ("preneurs", "atout", "sans-atout", "coincher", "capot", "Annonces", "Pisser")
    )


@pytest.mark.parametrize(("game", "preset"), ALL_PRESETS)
def test_every_preset_shows_its_values(capsys: pytest.CaptureFixture[str], game: str, preset: str) -> None:
    """Each preset's values as in docs/rules/*.md "Values in each preset" (the rules objects)."""
    code, out, _ = run(capsys, game, "--preset", preset)
    assert code == 0
    rules = CLASSES[game].preset(preset)
    shown = entries(out)
    assert set(shown) == set(rules.option_names())
    for name in rules.option_names():
        assert value_of(shown[name]).startswith(words(rules, name)), (name, shown[name])
    assert out.splitlines()[0] == f"{rules.GAME} rules: preset {preset}"


def test_the_preset_alone_names_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    """`tapete rules --preset contree`: the preset is Belote's, so no game needs to be given."""
    code, out, _ = run(capsys, "--preset", "contree")
    assert code == 0 and out.startswith("Belote rules: preset contree")
    code, out, _ = run(capsys)
    assert code == 0 and out.startswith(f"Guiñote rules: preset {GUINOTE_DEFAULT}")


def test_unused_options_are_marked() -> None:
    """docs/rules/belote.md `classique` table: bids and coinche are "unused here (auction only)";
    docs/rules/guinote.md: `tute_points` is "unused here" under aragones (tute wins the partida)."""
    classique, contree = BeloteRules.preset("classique"), BeloteRules.preset("contree")
    for name in ("min_bid", "bid_step", "max_bid", "auction_sa_ta", "generale", "coinche", "surcoinche_multiplier"):
        assert not is_used(classique, name) and is_used(contree, name), name
    assert not is_used(classique, "contract_vs") and is_used(BeloteRules.preset("trois-joueurs"), "contract_vs")
    assert not is_used(contree, "litige") and is_used(classique, "litige")
    aragones = GuinoteRules.preset("aragones")
    assert not is_used(aragones, "tute_points") and is_used(GuinoteRules.preset("riojano"), "tute_points")
    assert not is_used(aragones, "capote_bonus") and is_used(GuinoteRules.preset("clasico"), "capote_bonus")
    assert not is_used(GuinoteRules.preset("aragones-2p"), "cante_by") and is_used(aragones, "cante_by")
    assert describe(classique).entry("min_bid").used is False


def test_summary_follows_the_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """The summary says what the options say: docs/rules/guinote.md "The match" (101, idas y vueltas,
    coto of 3) for aragones; docs/rules/belote.md "Three and two players" for trois-joueurs."""
    _, out, _ = run(capsys, "guinote", "--preset", "aragones")
    text = " ".join(out.split())
    assert "The first side to reach 101 points wins the partida." in text
    assert "The first side to win 3 partidas wins the match (the coto)." in text
    assert "dealt 3 at a time" in text and "A tute wins the partida at once." in text
    _, out, _ = run(capsys, "belote", "--preset", "trois-joueurs")
    text = " ".join(out.split())
    assert "Three, each for himself" in text and "24 cards, 9 to ace" in text
    assert "The first player to reach 1000 points wins the match." in text
    _, out, _ = run(capsys, "belote", "--preset", "coinche")
    text = " ".join(out.split())
    assert "bids of 82 to 162 points in steps of 10" in text and "A générale may also be bid." in text


# ====================================================================== --option
def test_options_change_what_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    """--option shows the new value, the preset's value beside it, and what the change brings."""
    code, out, _ = run(capsys, "guinote", "--preset", "clasico", "-o", "target=101", "--option", "tute=bonus")
    assert code == 0
    assert out.splitlines()[0] == "Guiñote rules: preset clasico, changed: tute=bonus, target=101"
    shown = entries(out)
    assert value_of(shown["target"]).startswith("101 (clasico: 100)")
    assert value_of(shown["tute"]).startswith("a bonus of points (clasico: no tute)")
    assert "not used" not in shown["tute_points"]  # a bonus tute reads tute_points
    assert "clasico:" not in shown["capote"]
    text = " ".join(out.split())
    assert "reach 101 points" in text and "A tute scores 40." in text
    _, before, _ = run(capsys, "guinote", "--preset", "clasico")
    assert "not used" in entries(before)["tute_points"] and "A tute scores" not in before


def test_options_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "belote", "--preset", "classique", "-o", "litige=held", lang="es")
    assert code == 0
    shown = entries(out)
    assert value_of(shown["litige"]).startswith(
        "los puntos de los tomadores quedan en reserva para el ganador de la mano siguiente (classique: "
    )
    assert "litige" in " ".join(out.split()) and "Un empate exacto es un litige" in " ".join(out.split())


# ====================================================================== --diff
def fields_differing(a: RulesBase, b: RulesBase) -> set[str]:
    da, db = dataclasses.asdict(a), dataclasses.asdict(b)  # type: ignore[call-overload]
    return {k for k in da if k != "preset_name" and da[k] != db[k]}


@pytest.mark.parametrize(("game", "preset"), ALL_PRESETS)
def test_diff_lists_exactly_what_differs_from_the_default(
    capsys: pytest.CaptureFixture[str], game: str, preset: str
) -> None:
    """--diff: the options that differ from aragones / classique, as docs/rules/*.md "Presets" list them."""
    code, out, _ = run(capsys, game, "--preset", preset, "--diff")
    assert code == 0
    cls = CLASSES[game]
    rules, default = cls.preset(preset), cls.preset(DEFAULTS[game])
    expected = fields_differing(rules, default)
    shown = entries(out)
    assert set(shown) == expected
    for name in expected:
        assert f"({DEFAULTS[game]}: {words(default, name)}" in shown[name]
    if not expected:
        assert f"Nothing differs from the default preset {DEFAULTS[game]}." in out


def test_diff_known_presets(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/rules/guinote.md `riojano`: differs from aragones in tute and tute_figures; docs/rules/belote.md
    `classique-501`: in target only."""
    assert set(entries(run(capsys, "guinote", "--preset", "riojano", "--diff")[1])) == {"tute", "tute_figures"}
    assert set(entries(run(capsys, "belote", "--preset", "classique-501", "--diff")[1])) == {"target"}
    _, out, _ = run(capsys, "guinote", "--diff", "-o", "target=150")
    assert set(entries(out)) == {"target"}
    assert value_of(entries(out)["target"]).startswith("150 (aragones: 101)")


# ====================================================================== --json
@pytest.mark.parametrize(("game", "preset"), ALL_PRESETS)
def test_json_round_trips(capsys: pytest.CaptureFixture[str], game: str, preset: str) -> None:
    code, out, _ = run(capsys, game, "--preset", preset, "--json")
    assert code == 0
    data = json.loads(out)
    cls = CLASSES[game]
    assert data["game"] == game and data["preset"] == preset
    assert cls.from_dict(data) == cls.preset(preset)
    assert set(data["options"]) == set(cls.option_names())
    assert set(data["texts"]) == set(cls.option_names())


def test_json_with_options_and_diff(capsys: pytest.CaptureFixture[str]) -> None:
    rules = BeloteRules.preset("contree").replace(target=2500, coinche=False)
    code, out, _ = run(capsys, "belote", "--preset", "contree", "-o", "target=2500", "-o", "coinche=no", "--json")
    assert code == 0
    data = json.loads(out)
    assert BeloteRules.from_dict(data) == rules
    assert data["changed"] == {"coinche": False, "target": 2500}
    assert data["texts"]["coinche"]["value"] == "no" and data["texts"]["min_bid"]["used"] is True
    code, out, _ = run(capsys, "belote", "--preset", "contree", "-o", "target=2500", "--diff", "--json")
    data = json.loads(out)
    expected = BeloteRules.preset("contree").replace(target=2500)
    assert data["preset"] == BELOTE_DEFAULT
    assert set(data["options"]) == fields_differing(expected, BeloteRules.preset(BELOTE_DEFAULT))
    assert data["options"]["target"] == 2500
    assert fields_differing(BeloteRules.from_dict(data), expected) == set()
    code, out, _ = run(capsys, "guinote", "--preset", "clasico", "--json", lang="fr")
    data = json.loads(out)
    assert data["texts"]["must_overtrump"]["name"] == "Surcouper"
    assert GuinoteRules.from_dict(data) == GuinoteRules.preset("clasico")


# ====================================================================== --list
@pytest.mark.parametrize("game", list(CLASSES))
def test_list_names_every_preset(capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, out, _ = run(capsys, game, "--list")
    assert code == 0
    names = [line.split()[0] for line in out.splitlines() if line.startswith("  ") and not line.startswith("   ")]
    assert names == list(CLASSES[game].PRESETS)
    assert f"{DEFAULTS[game]} (default)" in out
    other = "belote" if game == "guinote" else "guinote"
    assert not any(name in names for name in CLASSES[other].PRESETS)
    code, out, _ = run(capsys, game, "--list", "--json")
    data = json.loads(out)
    assert list(data) == [game] and data[game]["default"] == DEFAULTS[game]
    assert list(data[game]["presets"]) == list(CLASSES[game].PRESETS)


def test_list_without_a_game_lists_both(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--list", lang="es")
    assert code == 0
    for cls in CLASSES.values():
        for name in cls.PRESETS:
            assert re.search(rf"^  {re.escape(name)}\b", out, re.M), name
    assert "(por defecto)" in out and "Variantes de Belote" in out


# ====================================================================== Rich on a terminal
def test_rich_layout_has_a_table_per_topic() -> None:
    buf = io.StringIO()
    rules_cmd.print_rich(describe(GuinoteRules.preset("frances").replace(target=120)), file=buf, width=220)
    out = buf.getvalue()
    for name in GuinoteRules.option_names():
        assert name in out, name
    assert out.count("┏") == len(TOPICS["guinote"])
    assert "What it means" in out and "Source" in out and "frances: 101" in out
    buf = io.StringIO()
    rules_cmd.print_list_rich(["belote"], file=buf, width=160)
    assert all(name in buf.getvalue() for name in BeloteRules.PRESETS)


def test_a_terminal_gets_the_rich_layout(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, "belote", "--preset", "decouverte")
    assert code == 0 and "┏" in out and "decouverte_trump" in out and "\x1b[" in out
    plain = re.sub(r"\x1b\[[0-9;]*m", "", out)
    assert "Source: E2, PP" in plain  # the bergère's; at 80 columns the source goes under the meaning
    assert max(len(line) for line in plain.splitlines()) <= 80


# ====================================================================== bad input
@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["poker"], "invalid choice: 'poker'"),
        (["guinote", "--preset", "nope"], "unknown Guiñote preset 'nope': expected one of aragones"),
        (["--preset", "nope"], "unknown Guiñote preset 'nope'"),
        (["guinote", "--preset", "contree"], "contree is a Belote preset: try 'tapete rules belote --preset contree'"),
        (["belote", "--preset", "aragones"], "aragones is a Guiñote preset"),
        (["guinote", "-o", "nope=1"], "unknown Guiñote option 'nope'"),
        (["guinote", "-o", "target=many"], "bad value 'many' for target: expected a whole number"),
        (["guinote", "-o", "target"], "expected KEY=VALUE"),
        (["guinote", "-o", "claims=often"], "bad value 'often' for claims: expected one of none, vueltas, any_time"),
        (["guinote", "-o", "must_trump=no"], "must_overtrump=True needs must_trump=True"),
        (["belote", "-o", "players=3", "-o", "bidding=auction"], 'bidding="auction"'),
        (["guinote", "--list", "--preset", "clasico"], "--list shows every preset: it takes no --preset"),
        (["--list", "--diff", "-o", "target=3"], "it takes no --option, --diff"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("tapete"), err
    assert expected in err, err


def test_help_is_translated(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help", lang="fr")
    assert code == 0 and "variante" in out and "--diff" in out and "--list" in out
