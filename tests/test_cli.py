"""The ``tapete`` command line: ``show`` and ``legal``, their output, and their errors.

Most tests call :func:`tapete.cli.main.main` in-process; a few run
``python -m tapete.cli.main`` in a subprocess, as a user would.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

import tapete
import tapete.cli.main as cli_main
from tapete.belote.notation import from_notation as belote_from_notation
from tapete.belote.notation import to_notation as belote_to_notation
from tapete.belote.rules import BeloteRules
from tapete.belote.state import BeloteState
from tapete.cli.main import COMMANDS, main
from tapete.core.cards.french import parse_cards as parse_french
from tapete.core.cards.spanish import card_str, cards_of, parse_card, parse_cards
from tapete.core.errors import TapeteError
from tapete.guinote.notation import from_notation, to_notation
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import GuinoteState
from tapete.guinote.tables import tables_for
from tapete.text.cards import card_name as text_card_name
from tapete.text.cards import card_short
from tapete.text.messages import MESSAGES, msg


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def belote_card(card: int) -> str:
    """A Belote card as ``tapete show`` and the terminal table write it: rank and suit symbol (``A♥``)."""
    return card_short("french", card)


def position_line(out: str) -> str:
    """The position string printed on the ``position`` line of ``tapete show``."""
    for line in out.splitlines():
        if line.startswith("position"):
            return line[len("position") :].strip()
    raise AssertionError(out)


def hand_rows(out: str) -> list[tuple[list[str], bool]]:
    """Each seat's row of ``tapete show`` (4 players): its cards as shown, and whether it is to act."""
    rows = []
    for seat in range(4):
        line = next(x for x in out.splitlines() if x.strip().startswith(f"seat {seat} (team {seat % 2})"))
        rows.append((line.split(")", 1)[1].split("<-")[0].split(), "<- to act" in line))
    return rows


def window_position() -> GuinoteState:
    """Aragonés with the exchange before the draw (``exchange_timing=after_team_win``): seat 1 wins the first
    trick with the as of trumps and holds the 7 (a predraw turn); its partner may sing 40 in bastos."""
    rules = GuinoteRules.preset("aragones").replace(exchange_timing="after_team_win")
    hands = [
        parse_cards("2o 4o 5o 6o 2c 4c"),
        parse_cards("1b 7b Ro Rc Re 2e"),
        parse_cards("3o 3c 5c 6c 7c 4e"),
        parse_cards("Rb Sb Sc So 5e 6e"),
    ]
    used = {c for h in hands for c in h}
    rest = [c for c in range(40) if c not in used and c != parse_card("3b")]
    state = GuinoteState.from_hands(rules, hands, indicator=parse_card("3b"), stock=rest, dealer=0)
    for a in ("1b", "3o", "5e", "2o"):
        state.play(a)
    return state


# ------------------------------------------------------------------ show


def test_show_fresh_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", "--seed", "5")
    assert code == 0 and err == ""
    text = position_line(out)
    state = GuinoteState.new_deal(GuinoteRules.preset("aragones"), seed=5, dealer=0)
    assert text == to_notation(state)
    assert "seed 5, dealer seat 0" in out
    assert "aragones" in out.splitlines()[1]
    assert f"trump       {['oros', 'copas', 'espadas', 'bastos'][state.trump]}" in out
    assert f"indicator {card_str(state.indicator)}" in out
    assert "15 face-down cards + the indicator" in out
    assert "seat 1 to lead" in out and "phase       play" in out
    # Each hand, sorted by suit then strongest first.
    strength = tables_for(state.rules).strength
    for seat, (shown, to_act) in enumerate(hand_rows(out)):
        cards = [parse_card(c) for c in shown]
        assert set(cards) == set(cards_of(state.hands[seat]))
        assert cards == sorted(cards, key=lambda c: (c // 10, -strength[c]))
        assert to_act == (seat == 1)
    assert "team 0: 0 points" in out and "cantes      none" in out


def test_show_fresh_deal_options_and_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "--preset", "clasico-2p", "--option", "target=101", "-o", "capote=none",
                       "--seed", "2", "--dealer", "1")  # fmt: skip
    assert code == 0
    text = position_line(out)
    assert text.startswith("clasico-2p{capote=none,target=101} d1 play:0 ")
    assert "clasico-2p, changed: capote=none, target=101" in out
    state = from_notation(text)
    assert state.rules == GuinoteRules.preset("clasico-2p").replace(target=101, capote="none")
    assert "27 face-down cards + the indicator" in out
    assert "seat 0" in out and "seat 2" not in out


def test_show_same_position_again_and_french(capsys: pytest.CaptureFixture[str]) -> None:
    state = window_position()
    state.play("pass")  # keep the 7: draw, then the partner's window
    state.play("sing:b")
    text = to_notation(state)
    code, out, _ = run(capsys, "show", text)
    assert code == 0 and position_line(out) == text
    assert "seat 3 sang 40 in bastos" in out
    assert "team 1: 61 points (21 in cards + 40 in cantes)" in out
    assert "last trick  won by seat 1" in out
    assert "exchanged" not in out
    # The position may also come as separate words.
    code, out2, _ = run(capsys, "show", *text.split())
    assert code == 0 and out2 == out
    code, out, _ = run(capsys, "show", "--french", text)
    assert code == 0
    # French faces (deck_faces=french) name the suits as French cards: bastos are clubs.
    assert "clubs" in out and "shown: K♣ J♣" in out and "K♦" in out
    assert " Rb" not in out  # card faces are French; the position string stays Spanish
    assert position_line(out) == text


def test_show_finished_deal(capsys: pytest.CaptureFixture[str]) -> None:
    state = GuinoteState.new_deal(GuinoteRules.preset("clasico").replace(capote="bonus"), seed=8)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    r = state.result()
    code, out, _ = run(capsys, "show", to_notation(state))
    assert code == 0
    assert "nobody: the deal is over" in out and "phase       over" in out
    assert f"team 0: {r.totals[0]} (" in out and f"team 1: {r.totals[1]} (" in out


# ------------------------------------------------------------------ legal


def test_legal_text(capsys: pytest.CaptureFixture[str]) -> None:
    state = GuinoteState.new_deal(GuinoteRules.preset("aragones"), seed=5, dealer=0)
    code, out, err = run(capsys, "legal", to_notation(state))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "seat 1 to act (play):"
    rows = [line.split(None, 1) for line in lines[1:]]
    assert [a for a, _ in rows] == state.legal_action_strings()
    for action, description in rows:
        # Spanish cards in their own words, whatever the language: "the caballo of espadas".
        assert description == f"play {text_card_name('spanish', parse_card(action))}"


def test_legal_window_and_predraw(capsys: pytest.CaptureFixture[str]) -> None:
    # Predraw: seat 1 holds the 7 of trumps after winning.
    rules = GuinoteRules.preset("aragones")
    state = window_position()
    code, out, _ = run(capsys, "legal", to_notation(state))
    assert code == 0
    assert out.splitlines()[0] == "seat 1 to act (before the draw):"
    assert "exchange  exchange the 7 of trumps 7b for the indicator 3b" in out
    assert "pass      pass: keep the 7 and draw" in out
    state.play("exchange")
    code, out, _ = run(capsys, "show", to_notation(state))
    assert "exchange    seat 1 exchanged the 7 of trumps for the indicator" in out
    assert "seat 1 (team 1)   1o Ro Rc Re 2e 3b   shown: 3b" in out
    code, out, _ = run(capsys, "legal", to_notation(state))
    assert out.splitlines()[0] == "seat 3 to act (cante window):"
    assert "sing:b  sing 40 in bastos (trumps)" in out and "pass    pass: do not sing" in out
    assert rules.cante_points_trump == 40
    code, out, _ = run(capsys, "legal", "--french", to_notation(state))
    assert "sing:♣  sing 40 in clubs (trumps)" in out


def test_legal_json(capsys: pytest.CaptureFixture[str]) -> None:
    state = window_position()
    state.play("pass")
    text = to_notation(state)
    code, out, _ = run(capsys, "legal", "--json", text)
    assert code == 0
    data = json.loads(out)
    assert data["position"] == text and data["phase"] == "window" and data["seat"] == 3
    assert [a["action"] for a in data["actions"]] == state.legal_action_strings() == ["sing:b", "pass"]
    assert [a["id"] for a in data["actions"]] == state.legal_actions()
    assert data["actions"][0]["description"] == "sing 40 in bastos (trumps)"


def test_legal_finished_deal(capsys: pytest.CaptureFixture[str]) -> None:
    state = GuinoteState.new_deal(GuinoteRules.preset("aragones-2p"), seed=1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    code, out, _ = run(capsys, "legal", to_notation(state))
    assert code == 0 and out.strip() == "no legal actions: the deal is over"
    code, out, _ = run(capsys, "legal", "--json", to_notation(state))
    assert json.loads(out)["actions"] == [] and json.loads(out)["seat"] == -1


def test_legal_fresh_deal_is_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    _, a, _ = run(capsys, "legal", "--json", "--seed", "11", "--preset", "riojano")
    _, b, _ = run(capsys, "legal", "--json", "--seed", "11", "--preset", "riojano")
    assert a == b
    assert json.loads(a)["position"] == to_notation(
        GuinoteState.new_deal(GuinoteRules.preset("riojano"), seed=11, dealer=0)
    )


# ------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["show", "aragones d0 play:1 h=-/-/-/- s=- tr=o i=- t=- k=-/-"], "field i (indicator)"),
        (["show", "aragones", "d0"], "expected '<rules> d<dealer> <phase>"),
        (["legal", "whist d0 play:1 h=-"], "unknown preset 'whist': expected a Guiñote preset (aragones"),
        (["legal", "whist d0 play:1 h=-"], "or a Belote preset (classique"),
        (["show", "--preset", "whist"], "unknown Guiñote preset 'whist': expected one of aragones"),
        (["show", "--option", "colour=red"], "unknown Guiñote option 'colour': expected one of"),
        (["legal", "--option", "target=lots"], "bad value 'lots' for target: expected a whole number"),
        (["legal", "--option", "tute=maybe"], "bad value 'maybe' for tute: expected one of none, bonus"),
        (["legal", "--option", "target"], "bad --option 'target': expected KEY=VALUE"),
        (["legal", "-o", "target=1", "-o", "target=2"], "--option target is given twice"),
        (["show", "--dealer", "7"], "dealer 7 is not a seat: expected 0..3"),
        (
            ["show", "--seed", "1", "aragones d0 play:1"],
            "the options --seed are for dealing a fresh position: give either a POSITION or deal options",
        ),
        (["show", "--seed", "x"], "argument --seed: invalid int value: 'x'"),
        (["show", "--game", "whist"], "argument --game: invalid choice: 'whist'"),
        (["show", "--preset", "coinche"], "unknown Guiñote preset 'coinche'"),
        (["show", "--preset", "coinche"], "belote presets need --game belote"),
        (["legal", "--game", "belote", "--preset", "clasico"], "guinote presets need --game guinote"),
        (["legal", "--game", "belote", "-o", "bidding=sometimes"], "bad value 'sometimes' for bidding"),
        (["show", "--game", "belote", "classique d0 bidding:1"], "the options --game are for dealing a fresh position"),
        (["show", "classique d0 bidding:1 h=-/-/-/- r=As b=-"], "field u (cards still to deal): missing"),
        (["legal", "coinche d0 play:1 h=-/-/-/- b=-"], "field phase (phase and seat to act): the bidding (b) goes on"),
        (["deal"], "invalid choice: 'deal'"),
        ([], "expected a command: play, replay, match, selfplay, rules, demo, show, legal, solve"),
    ],
)
def test_errors_are_one_line_with_status_2(capsys: pytest.CaptureFixture[str], argv: list[str], expected: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert err.startswith("tapete"), err
    assert ": error: " in err and expected in err, err
    assert "Traceback" not in err


def test_help_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "show" in out and "legal" in out
    code, out, _ = run(capsys, "show", "--help")
    assert code == 0 and "--french" in out and "--preset" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"tapete {tapete.__version__}"


def test_commands_and_messages_are_registered() -> None:
    assert (
        tuple(
            f"tapete.cli.{name}"
            for name in ("play", "replay", "match", "selfplay", "rules", "demo", "show", "legal", "solve", "serve")
        )
        == COMMANDS
    )
    assert msg("seat", seat=3) == "seat 3"
    # Every message id used by the command modules exists (a typo would raise KeyError at run time).
    src = Path(tapete.__file__).parent
    used = set()
    for path in [*src.glob("cli/*.py"), *src.glob("tui/*.py"), *src.glob("replay/*.py"), *src.glob("arena/*.py"),
                 *src.glob("table/*.py")]:  # fmt: skip
        if path.name == "messages.py":
            continue
        used |= set(re.findall(r'msg\(\s*"([a-z_.]+)"', path.read_text(encoding="utf-8")))
    assert used and used <= set(MESSAGES), used - set(MESSAGES)


def test_adding_a_command_is_one_module(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A module with HELP, add_arguments and run becomes a subcommand once named in COMMANDS."""
    module = types.ModuleType("tapete.cli.echo")
    module.HELP = "repeat a word"  # type: ignore[attr-defined]

    def add_arguments(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("word")

    def run_echo(args: argparse.Namespace) -> int:
        if args.word == "bad":
            raise TapeteError("bad word 'bad': expected any other word")
        print(args.word * 2)
        return 0

    module.add_arguments = add_arguments  # type: ignore[attr-defined]
    module.run = run_echo  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tapete.cli.echo", module)
    monkeypatch.setattr(cli_main, "COMMANDS", (*COMMANDS, "tapete.cli.echo"))
    assert run(capsys, "echo", "ab") == (0, "abab\n", "")
    code, out, _ = run(capsys, "--help")
    assert "repeat a word" in out
    code, _, err = run(capsys, "echo", "bad")
    assert code == 2 and err == "tapete echo: error: bad word 'bad': expected any other word\n"
    broken = types.ModuleType("tapete.cli.broken")
    monkeypatch.setitem(sys.modules, "tapete.cli.broken", broken)
    monkeypatch.setattr(cli_main, "COMMANDS", (*COMMANDS, "tapete.cli.broken"))
    with pytest.raises(TypeError, match="must define COMMAND"):
        main(["show"])


# ------------------------------------------------------------------ as a program


def _env() -> dict[str, str]:
    """The environment for a child python that imports the same tapete as these tests."""
    env = dict(os.environ)
    root = str(Path(tapete.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def _tapete(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tapete.cli.main", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=_env(),
        timeout=60,
    )


def test_subprocess_show_legal_and_error() -> None:
    shown = _tapete("show", "--seed", "4", "--preset", "aragones-2p")
    assert shown.returncode == 0, shown.stderr
    text = position_line(shown.stdout)
    state = from_notation(text)
    assert text == to_notation(GuinoteState.new_deal(GuinoteRules.preset("aragones-2p"), seed=4, dealer=0))
    # The position read from standard input.
    legal = _tapete("legal", "-", stdin=text + "\n")
    assert legal.returncode == 0, legal.stderr
    assert [line.split()[0] for line in legal.stdout.splitlines()[1:]] == state.legal_action_strings()
    bad = _tapete("legal", text.replace("tr=", "tr=x"))
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.strip().splitlines() == [bad.stderr.strip()]
    assert "field tr (trump suit)" in bad.stderr and "Traceback" not in bad.stderr


# ---------------------------------------------------------------- demo


def test_demo_plays_a_whole_seeded_match(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's main job: a full aragonés match between random players, the same for the same seed."""
    assert main(["demo", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tapete demo: a match between random players, aragones rules, seed 4")
    assert "Partida 1, deal 1 (idas)" in out and "trick 10:" in out
    assert "wins the match, 3 partidas to" in out.rstrip().splitlines()[-1]
    assert main(["demo", "--seed", "4"]) == 0
    assert capsys.readouterr().out == out


def test_demo_options_and_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--preset", "clasico-2p", "--option", "target=60", "--seed", "2", "--hands"]) == 0
    out = capsys.readouterr().out
    assert "clasico-2p rules" in out and "seat 1 holds" in out and "Partida 1, deal 1: dealer" in out
    assert main(["demo", "--seed", "2", "--lang", "es"]) == 0
    spanish = capsys.readouterr().out
    assert "Partida 1" in spanish and "trick 1:" not in spanish


def test_demo_bad_option_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--option", "target=lots"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad value 'lots' for target: expected a whole number" in err


# ---------------------------------------------------------------- Belote


def belote_worked(*actions: str) -> BeloteState:
    """Dealer 3: seat 0 holds J Q K of hearts, the retourne is the ace of hearts (see tests/belote/test_notation)."""
    hands = [parse_french(h) for h in ("Jh Qh Kh 9h 7s", "Js Jd Jc 7h 8s", "As Ks Qs 9d Td", "7c 9c Tc Qc Kc")]
    state = BeloteState.from_hands(
        BeloteRules.preset("classique"),
        hands,
        retourne=parse_french("Ah")[0],
        rest=parse_french("7d 8d 9s Ts 8c Ad Kd Qd Ac Th 8h"),
        dealer=3,
    )
    for a in actions:
        state.play(a)
    return state


def test_show_fresh_belote_deal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", "--game", "belote", "--seed", "5")
    assert code == 0 and err == ""
    state = BeloteState.new_deal(BeloteRules.preset("classique"), seed=5, dealer=0)
    assert position_line(out) == belote_to_notation(state)
    assert "seed 5, dealer seat 0" in out and out.splitlines()[1].split() == ["rules", "classique"]
    suit = ["spades", "hearts", "diamonds", "clubs"][state.retourne // 8]
    assert f"retourne    {belote_card(state.retourne)} proposes {suit} as trumps; 11 cards still to deal" in out
    assert "bidding     none" in out and "contract    none yet" in out
    assert "phase       bidding" in out and "turn        seat 1 to speak" in out
    for seat, (shown, to_act) in enumerate(hand_rows(out)):
        assert {parse_french(c)[0] for c in shown} == set(cards_of(state.hands[seat]))
        assert to_act == (seat == 1)
    code, out, _ = run(capsys, "show", "--game", "belote", "--preset", "contree", "-o", "target=1000", "--seed", "2")
    assert code == 0 and position_line(out).startswith("contree{target=1000} d0 bidding:1 h=")
    assert "contree, changed: target=1000" in out and "retourne" not in out


def test_show_belote_play_positions(capsys: pytest.CaptureFixture[str]) -> None:
    state = belote_worked("take:h", "declare", "Kh", "declare")
    text = belote_to_notation(state)
    code, out, _ = run(capsys, "show", text)
    assert code == 0 and position_line(out) == text
    assert "retourne    A♥, taken by seat 0" in out
    assert "bidding     seat 0: take in hearts" in out
    assert "contract    hearts by seat 0, team 0" in out
    assert "turn        seat 1 to play a card" in out
    assert "trick       K♥ (seat 0); best so far K♥ (seat 0)" in out
    assert "declared    seat 0: quarante to the A♥ (50); seat 1: quarante to the J♠ (50)" in out
    assert "belote      seat 0 holds the king and queen of trumps, 1 of 2 played" in out
    assert "shown: A♥ Q♥" in out  # the retourne and, once the king is played, the queen
    # After the first trick, which team's declarations score.
    state = belote_worked("take:h", "declare", "Kh", "declare", "7h", "declare", "9d", "declare", "Th")
    code, out, _ = run(capsys, "show", "--french", belote_to_notation(state))
    assert "declared    seat 0: quarante to the A♥ (50)" in out and "team 0 scores 90" in out
    assert "last trick  won by seat 3" in out
    assert "team 1: 14 card points, tricks won: 0 + 1" in out
    assert "hearts" in out and "Kh" not in out.split("position", 1)[1].split("\n", 1)[1]


def test_show_finished_and_void_belote_deals(capsys: pytest.CaptureFixture[str]) -> None:
    state = BeloteState.new_deal(BeloteRules.preset("classique"), seed=3, dealer=0)
    state.play("take:s")
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    r = state.result()
    code, out, _ = run(capsys, "show", belote_to_notation(state))
    assert code == 0 and "nobody: the deal is over" in out
    assert f"result      team 0: {r.scores[0]} ({r.card_points[0]} cards, " in out
    assert ("made the contract" in out) == r.made and ("failed the contract (dedans)" in out) == (not r.made)
    void = BeloteState.new_deal(BeloteRules.preset("coinche"), seed=3)
    for _ in range(4):
        void.play("pass")
    code, out, _ = run(capsys, "show", belote_to_notation(void))
    assert "contract    none: everybody passed, the deal is void and the next dealer deals" in out
    assert "result      everybody passed: no score, the next dealer deals" in out


def test_legal_belote(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "legal", belote_to_notation(belote_worked()))
    assert code == 0
    assert out.splitlines() == ["seat 0 to act (bidding):", "  pass    pass", "  take:h  take the contract in hearts"]
    code, out, _ = run(capsys, "legal", belote_to_notation(belote_worked("take:h")))
    lines = out.splitlines()
    assert lines[0] == "seat 0 to act (play):" and "  Kh       play the king of hearts" in lines
    assert lines[-1] == "  declare  declare quarante to the A♥ (50)"
    auction = BeloteState.new_deal(BeloteRules.preset("contree"), seed=1)
    auction.play("bid:80:h")
    code, out, _ = run(capsys, "legal", "--json", belote_to_notation(auction))
    data = json.loads(out)
    assert data["game"] == "belote" and data["phase"] == "bidding" and data["seat"] == 2
    actions = {a["action"]: a["description"] for a in data["actions"]}
    assert list(actions) == auction.legal_action_strings()
    assert actions["coinche"] == "coinche: double the opponents' contract"
    assert actions["bid:90:sa"] == "bid 90 in sans-atout" and actions["bid:capot:s"] == "bid capot in spades"
    code, out, _ = run(capsys, "legal", "--json", "--game", "belote", "--seed", "11")
    assert json.loads(out)["position"] == belote_to_notation(
        BeloteState.new_deal(BeloteRules.preset("classique"), seed=11, dealer=0)
    )


def test_belote_in_spanish_and_french(capsys: pytest.CaptureFixture[str]) -> None:
    text = belote_to_notation(belote_worked("take:h", "declare"))
    code, out, _ = run(capsys, "show", "--lang", "es", text)
    assert code == 0 and "muestra     A♥, para el tomador, el jugador 0" in out
    assert "toma a corazones" in out and "contrato    corazones del" in out and "jugador 0" in out
    code, out, _ = run(capsys, "legal", "--lang", "fr", text)
    assert "jouer le roi de cœur" in out
    code, out, _ = run(capsys, "legal", "--lang", "fr", belote_to_notation(belote_worked()))
    assert "prendre à cœur" in out


def test_demo_plays_a_seeded_belote_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--game", "belote", "--seed", "13"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "tapete demo: a Belote match between random players, classique rules, seed 13"
    assert lines[2] == "" and lines[3].startswith("Deal 1: dealer seat ") and ", retourne " in lines[3]
    assert lines[4].startswith("  bidding: seat ") and lines[5].startswith("  contract: ")
    for said in ("declares", ": belote", ": rebelote", "declarations: team", "trick 8:", "made the contract",
                 "failed the contract (dedans)", "score: "):  # fmt: skip
        assert said in out, said
    assert lines[-1].startswith("Both teams passed the target: team ")
    # The last score line is the match's end, past the target of 1000.
    a, b = (int(x) for x in [x for x in lines if x.startswith("  score: ")][-1].split(":")[1].split(" - "))
    assert max(a, b) >= 1000
    assert main(["demo", "--game", "belote", "--seed", "13"]) == 0
    assert capsys.readouterr().out == out


def test_demo_belote_options_and_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--game", "belote", "--preset", "coinche", "-o", "target=500", "--seed", "1", "--hands"]) == 0
    out = capsys.readouterr().out
    assert "coinche{target=500}" not in out and "coinche rules" in out
    assert "Deal 1: dealer seat" in out and "retourne" not in out and "seat 0 holds " in out
    assert "coinched" in out or "contract: " in out
    assert main(["demo", "--game", "belote", "--seed", "13", "--lang", "es"]) == 0
    spanish = capsys.readouterr().out
    assert "Mano 1: reparte el jugador" in spanish and "subasta: " in spanish and "baza 1:" in spanish
    assert "Deal 1" not in spanish and "Las dos parejas pasaron la meta" in spanish
    assert main(["demo", "--game", "belote", "--seed", "13", "--lang", "fr", "--french"]) == 0
    french = capsys.readouterr().out.replace("\xa0", " ")  # French puts a no-break space before a colon
    assert "Donne 1 :" in french and "enchères : " in french and "pli 1 :" in french and "♣" in french


def test_subprocess_belote_show_and_legal() -> None:
    shown = _tapete("show", "--game", "belote", "--preset", "coinche", "--seed", "4")
    assert shown.returncode == 0, shown.stderr
    text = position_line(shown.stdout)
    assert text == belote_to_notation(BeloteState.new_deal(BeloteRules.preset("coinche"), seed=4, dealer=0))
    legal = _tapete("legal", "-", stdin=text + "\n")
    assert legal.returncode == 0, legal.stderr
    state = belote_from_notation(text)
    assert [line.split()[0] for line in legal.stdout.splitlines()[1:]] == state.legal_action_strings()
    bad = _tapete("legal", text.replace("b=-", "b=coinche"))
    assert bad.returncode == 2 and bad.stdout == ""
    assert "field b (bidding): call 1 (coinche): illegal action coinche" in bad.stderr
    assert "Traceback" not in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    demo = _tapete("demo", "--game", "belote", "--seed", "2", "--lang", "fr")
    assert demo.returncode == 0 and "démo tapete\xa0: une partie de belote" in demo.stdout


# ------------------------------------------------- Belote for 3 and 2 players


def solo_hand_rows(out: str, players: int) -> list[str]:
    """The hand rows of ``tapete show`` for 2 or 3 players, each seat for itself (no team)."""
    rows = [x.strip() for x in out.splitlines() if re.match(r"  seat \d ", x)]
    assert [r.split()[1] for r in rows] == [str(s) for s in range(players)], out
    assert not any("team" in r for r in rows)
    return rows


def test_show_fresh_three_and_two_player_deals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", "--game", "belote", "--preset", "trois-joueurs", "--seed", "5")
    assert code == 0 and err == ""
    state = BeloteState.new_deal(BeloteRules.preset("trois-joueurs"), seed=5, dealer=0)
    assert position_line(out) == belote_to_notation(state)
    assert "8 cards still to deal" in out and "turn        seat 1 to speak" in out
    for seat, line in enumerate(solo_hand_rows(out, 3)):
        cards = line.split("<-")[0].split()[2:]
        assert {parse_french(c)[0] for c in cards} == set(cards_of(state.hands[seat])) and len(cards) == 5
    code, out, _ = run(capsys, "show", "--game", "belote", "--preset", "belote-a-deux", "--seed", "5", "--dealer", "1")
    assert code == 0 and "dealer      seat 1" in out and "turn        seat 0 to speak" in out
    assert "6 cards still to deal, 13 stay out of play" in out
    assert [len(r.split("<-")[0].split()) - 2 for r in solo_hand_rows(out, 2)] == [6, 6]
    code, out, _ = run(capsys, "show", "--game", "belote", "--preset", "decouverte", "--seed", "5")
    state = BeloteState.new_deal(BeloteRules.preset("decouverte"), seed=5, dealer=0)
    suit = ["spades", "hearts", "diamonds", "clubs"][state.retourne // 8]
    retourne = belote_card(state.retourne)
    assert f"retourne    {retourne}, the last card dealt (seat 0's layout), proposes {suit} as trumps" in out
    for line in solo_hand_rows(out, 2):
        assert line.count("*") == 8 and "8 face down" in line
    assert "* a face-up card lying on a face-down one" in out


def _played(preset: str, moves: int, seed: int = 2) -> BeloteState:
    """A deal of ``preset`` where the first speaker takes, then ``moves`` more actions (the last legal one)."""
    state = BeloteState.new_deal(BeloteRules.preset(preset), seed=seed, dealer=1)
    state.apply_action(state.legal_actions()[-1])
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions()[-1])
    return state


def test_show_three_player_play_and_result() -> None:
    from tapete.cli.show import show_position

    state = _played("trois-joueurs", 5)
    out = show_position(state)
    assert "contract    clubs by seat 2, alone against seat 0 and seat 1" in out
    assert "taken       seat 0: 0 card points, tricks won: 0" in out
    assert "            seat 1: 28 card points, tricks won: 1" in out
    assert "            seat 2: 0 card points, tricks won: 0" in out
    assert "declared    seat 2: tierce to the J♥ (20); seat 2 scores 20" in out
    state = _played("trois-joueurs", 100)
    r = state.result()
    out = show_position(state)
    assert f"result      seat 0: {r.scores[0]} ({r.card_points[0]} cards, " in out
    assert f"            seat 2: {r.scores[2]} ({r.card_points[2]} cards, {r.declarations[2]} declarations" in out
    assert ("seat 2 made the contract" in out) == r.made and ("seat 2 failed the contract" in out) != r.made


def test_show_two_player_deals() -> None:
    from tapete.cli.show import show_position

    state = _played("belote-a-deux", 3)
    out = show_position(state)
    assert f"retourne    {belote_card(state.retourne)}, not taken: it stays face up, out of play" in out
    assert f"bergère     {belote_card(state.bergere)}, the bottom card of the pack, shown" in out
    assert "out of play 12 cards face down, seen by nobody" in out
    assert "contract    diamonds by seat 0\n" in out and "team" not in out
    state = _played("belote-a-deux", 100)
    out = show_position(state)
    assert f"points in play this deal: {state.in_play}" in out and state.in_play < 162
    state = _played("decouverte", 4)
    out = show_position(state)
    rows = solo_hand_rows(out, 2)
    for seat, line in enumerate(rows):
        marked = sum(1 for c in cards_of(state.hands[seat]) if state.under[c] >= 0)
        assert line.count("*") == marked and f"{state.hidden[seat].bit_count()} face down" in line
    assert sum(line.count("*") for line in rows) < 16  # the cards of the first two tricks turned theirs up
    fixed = BeloteState.new_deal(BeloteRules.preset("decouverte").replace(decouverte_trump="fixed"), seed=2)
    assert "the suit of the last card dealt (no taker)" in show_position(fixed)
    while not fixed.is_terminal():
        fixed.apply_action(fixed.legal_actions()[-1])
    out = show_position(fixed)
    assert "no taker: each player scores his own points" in out and "* a face-up card" not in out


@pytest.mark.parametrize(
    ("preset", "players", "says"),
    [
        ("trois-joueurs", 3, ["3 players, each for himself", "trick 8:", "declarations: seat "]),
        ("belote-a-deux", 2, ["2 players, each for himself", "trick 9:", "the retourne stays face up, out of play"]),
        ("decouverte", 2, ["2 players, each for himself", "trick 16:", "turned up: ", "seat 0 face down: "]),
    ],
)
def test_demo_plays_three_and_two_player_matches(
    capsys: pytest.CaptureFixture[str], preset: str, players: int, says: list[str]
) -> None:
    assert main(["demo", "--game", "belote", "--preset", preset, "--seed", "1", "--hands"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == f"tapete demo: a Belote match between random players, {preset} rules, seed 1"
    for said in [*says, "made the contract", "failed the contract (dedans)"]:
        assert said in out, said
    assert "team" not in out
    scores = [x for x in lines if x.startswith("  score: ")]
    assert all(len(x.split(":")[1].split(" - ")) == players for x in scores)
    last = [int(x) for x in scores[-1].split(":")[1].split(" - ")]
    target = BeloteRules.preset(preset).target
    assert re.match(r"(Several players passed the target: seat|Seat) \d wins the match with \d+", lines[-1]), lines[-1]
    winner = int(lines[-1].lower().split("seat ")[1].split()[0])
    assert last[winner] >= target and last[winner] == int(lines[-1].split(" with ")[1].split()[0].rstrip("."))
    assert main(["demo", "--game", "belote", "--preset", preset, "--seed", "1", "--hands"]) == 0
    assert capsys.readouterr().out == out


def test_demo_three_players_in_spanish_and_french(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--game", "belote", "--preset", "trois-joueurs", "--seed", "1", "--lang", "es"]) == 0
    spanish = capsys.readouterr().out
    assert "3 jugadores, cada uno por su cuenta" in spanish and "tanteo: " in spanish
    assert "gana la partida con" in spanish
    assert main(["demo", "--game", "belote", "--preset", "decouverte", "--seed", "1", "--lang", "fr"]) == 0
    french = capsys.readouterr().out.replace("\xa0", " ")
    assert "2 joueurs, chacun pour soi" in french and "retournées : " in french


def test_serve_with_tapete_home_at_a_file_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    monkeypatch.setenv("TAPETE_HOME", str(tmp_path / "file"))
    code, out, err = run(capsys, "serve", "--port", "8799", "--lang", "en")
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("tapete serve: error: cannot make the database folder") and "Not a directory" in err


@pytest.mark.parametrize("command", ["legal", "show", "solve"])
@pytest.mark.parametrize("position", ["", "   "])
def test_an_empty_position_is_an_error(capsys: pytest.CaptureFixture[str], command: str, position: str) -> None:
    code, out, err = run(capsys, command, position, "--lang", "en")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"tapete {command}: error: the position is empty: give a position string")
