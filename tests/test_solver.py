"""The exact solver (tapete.solver) against a brute-force minimax written here, on small endgames.

The brute force walks the engine's full game tree (no pruning, no table) with the
definition documented in :mod:`tapete.solver`: the side to move maximizes the points it
still wins (cards of the tricks left, the last trick's bonus, its own cantes), every other
seat minimizes them; a claim is worth 0, a tute that wins the partida every point still
available. Rules come from the engine (docs/rules/guinote.md: cantes 002 §06, arrastre
duties 002 §05, last trick 10 points 002 §07; docs/rules/belote.md: 004 "Juego de bazas",
"Puntuación" for card points and the last trick's 10).
"""

from __future__ import annotations

import random

import pytest

from tapete.belote.actions import DECLARE
from tapete.belote.rules import BeloteRules
from tapete.belote.solver_adapter import build, side_of
from tapete.belote.state import BeloteState
from tapete.core.card_search import ENTRY_BYTES
from tapete.core.errors import SetupError
from tapete.guinote.actions import CLAIM, TUTE
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import GuinoteState
from tapete.solver import SearchLimitError, solve, solve_value

# ------------------------------------------------------------------ brute force: Guiñote


def _g_everything(s: GuinoteState, side: int) -> int:
    """Every point the side could still win (what a tute that wins the partida is worth)."""
    t, r = s._t, s.rules
    pot = 0
    for seat in range(s.n):
        if seat % 2 != side:
            continue
        h = s.hands[seat]
        for su in range(4):
            if not (s.sung >> su) & 1 and h & t.pair[su] == t.pair[su]:
                pot += r.cante_points_trump if su == s.trump else r.cante_points_plain
        four = h & t.reyes == t.reyes or (t.tute_alt and h & t.tute_alt == t.tute_alt)
        if r.tute == "bonus" and not s.sung & 16 and four:
            pot += r.tute_points
    return 130 - sum(s.card_points) + r.last_trick_bonus + pot


def g_brute(s: GuinoteState, side: int) -> int:
    if s.is_terminal():
        return 0
    values = [g_after(s, a, side) for a in s.legal_actions() if a != CLAIM]
    return max(values) if s.cur % 2 == side else min(values)


def g_after(s: GuinoteState, a: int, side: int) -> int:
    if a == CLAIM:
        return 0
    if a == TUTE and s.rules.tute == "wins_partida":
        return _g_everything(s, side) if s.cur % 2 == side else 0
    c = s.clone()
    before = c.card_points[side] + c.cante_points[side]
    c.apply_action(a)
    gain = c.card_points[side] + c.cante_points[side] - before
    if c.is_terminal() and c.tricks_played == c.tricks_per_deal and c.last_winner % 2 == side:
        gain += c.rules.last_trick_bonus
    return gain + g_brute(c, side)


def g_endgame(preset: str, seed: int, tricks_left: int) -> GuinoteState | None:
    """A random arrastre position with ``tricks_left`` tricks to play, maybe inside a trick or a window."""
    rng = random.Random(seed)
    s = GuinoteState.new_deal(GuinoteRules.preset(preset), seed=seed)
    steps = rng.randrange(3)
    while s.tricks_per_deal - s.tricks_played > tricks_left or s.indicator >= 0 or steps:
        if s.tricks_per_deal - s.tricks_played <= tricks_left and s.indicator < 0:
            steps -= 1
        # Prefer keeping cante pairs: play singing actions when offered, so cantes stay in the endgame.
        actions = [a for a in s.legal_actions() if a != CLAIM]
        s.apply_action(rng.choice(actions))
        if s.is_terminal():
            return None
    return s


GUINOTE_PRESETS = ["aragones", "clasico", "frances", "riojano", "aragones-2p", "clasico-2p", "arrastre-temprano"]


@pytest.mark.parametrize("preset", GUINOTE_PRESETS)
def test_guinote_agrees_with_brute_force(preset: str) -> None:
    checked = 0
    for seed in range(14):
        s = g_endgame(preset, seed, 2 + seed % 2)
        if s is None:
            continue
        side = s.cur % 2
        want = {a: g_after(s, a, side) for a in s.legal_actions()}
        sol = solve(s)
        assert sol.values == want, repr(s)
        assert sol.side == side
        assert sol.values[sol.best] == max(want.values())
        assert solve_value(s) == max(v for a, v in want.items() if a != CLAIM)
        checked += 1
    assert checked >= 8


def _cante_endgame(seed: int) -> GuinoteState | None:
    """An arrastre endgame (3 tricks) in which the side to move holds an unsung cante pair."""
    s = g_endgame("aragones", seed, 3)
    if s is None:
        return None
    t = s._t
    for seat in range(s.n):
        if seat % 2 == s.cur % 2:
            for suit in range(4):
                if not (s.sung >> suit) & 1 and s.hands[seat] & t.pair[suit] == t.pair[suit]:
                    return s
    return None


def test_guinote_cantes_in_the_arrastre_agree_with_brute_force() -> None:
    """Cantes still to sing (002 §06: after a trick won, before the next lead; 001 allows them in
    the arrastre) are counted for the side: positions where it holds a pair."""
    found = 0
    for seed in range(400):
        s = _cante_endgame(seed)
        if s is None:
            continue
        side = s.cur % 2
        want = {a: g_after(s, a, side) for a in s.legal_actions()}
        assert solve(s).values == want, repr(s)
        found += 1
        if found == 6:
            break
    assert found >= 3


# ------------------------------------------------------------------ brute force: Belote


def b_points(s: BeloteState, me: int) -> int:
    return sum(s.card_points[u] for u in range(s.units) if _unit_side(s, u) == me)


def _unit_side(s: BeloteState, unit: int) -> int:
    return unit if s.n == 4 else side_of(s, unit)


def b_brute(s: BeloteState, me: int) -> int:
    if s.is_terminal():
        return 0
    values = [b_after(s, a, me) for a in s.legal_actions() if a != DECLARE]
    return max(values) if side_of(s, s.cur) == me else min(values)


def b_after(s: BeloteState, a: int, me: int) -> int:
    c = s.clone()
    before = b_points(c, me)
    c.apply_action(a)
    return b_points(c, me) - before + b_brute(c, me)


def b_endgame(preset: str, seed: int, tricks_left: int) -> BeloteState | None:
    rng = random.Random(seed)
    s = BeloteState.new_deal(BeloteRules.preset(preset), seed=seed)
    while s.phase == 0:
        actions = s.legal_actions()
        bids = [a for a in actions if s.action_to_string(a) != "pass"]
        s.apply_action(rng.choice(bids) if bids and rng.random() < 0.5 else rng.choice(actions))
    if s.is_terminal():
        return None
    while s.n_tricks - s.tricks_played > tricks_left:
        s.apply_action(rng.choice(s.legal_actions()))
    for _ in range(rng.randrange(3)):
        s.apply_action(rng.choice(s.legal_actions()))
    return None if s.is_terminal() else s


BELOTE_PRESETS = ["classique", "classique-sa-ta", "coinche", "contree", "trois-joueurs", "belote-a-deux", "decouverte"]


@pytest.mark.parametrize("preset", BELOTE_PRESETS)
def test_belote_agrees_with_brute_force(preset: str) -> None:
    checked = 0
    for seed in range(16):
        s = b_endgame(preset, seed, 2 + seed % 2)
        if s is None:
            continue
        me = side_of(s, s.cur)
        want = {a: b_after(s, a, me) for a in s.legal_actions() if a != DECLARE}
        sol = solve(s)
        assert {a: v for a, v in sol.values.items() if a != DECLARE} == want, repr(s)
        assert sol.side == me
        assert solve_value(s) == max(want.values())
        checked += 1
    assert checked >= 8


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("classique", {"beat_partner_trump": True}),
        ("coinche", {"beat_trump_lead": False}),
        ("classique-sa-ta", {"sa_ta_points": "natural", "beat_trump_lead": False}),
    ],
)
def test_belote_duty_and_points_options_agree_with_brute_force(preset: str, options: dict[str, object]) -> None:
    """docs/rules/belote.md, "Variants that clubs and other programs play": the solver reads the duties and the
    card points of the position's rules (beat_partner_trump, beat_trump_lead, sa_ta_points), as the engine does."""
    rules = BeloteRules.preset(preset).replace(**options)
    checked = 0
    for seed in range(24):
        rng = random.Random(seed)
        s = BeloteState.new_deal(rules, seed=seed)
        while s.phase == 0:
            actions = s.legal_actions()
            bids = [a for a in actions if s.action_to_string(a) != "pass"]
            s.apply_action(rng.choice(bids) if bids and rng.random() < 0.5 else rng.choice(actions))
        if s.is_terminal():
            continue
        while s.n_tricks - s.tricks_played > 2 + seed % 2:
            s.apply_action(rng.choice(s.legal_actions()))
        me = side_of(s, s.cur)
        want = {a: b_after(s, a, me) for a in s.legal_actions() if a != DECLARE}
        assert {a: v for a, v in solve(s).values.items() if a != DECLARE} == want, repr(s)
        checked += 1
    assert checked >= 8


def test_belote_declare_is_valued_like_the_best_card_and_chosen() -> None:
    """004 "Declaraciones": announced in the first trick; declaring changes no card, so its value is the
    best card's and it is the solver's choice (declaration points are not counted, tapete.solver)."""
    rules = BeloteRules.preset("belote-a-deux")
    for seed in range(300):
        s = BeloteState.new_deal(rules, seed=seed)
        s.play(s.legal_action_strings()[1])
        if DECLARE in s.legal_actions():
            break
    else:
        pytest.fail("no deal with a declaration")
    sol = solve(s)
    cards = {a: v for a, v in sol.values.items() if a != DECLARE}
    assert sol.values[DECLARE] == max(cards.values())
    assert sol.best == DECLARE


# ------------------------------------------------------------------ properties


def _positions() -> list[GuinoteState | BeloteState]:
    out: list[GuinoteState | BeloteState] = []
    for seed in range(6):
        g = g_endgame(GUINOTE_PRESETS[seed % len(GUINOTE_PRESETS)], seed, 4)
        if g is not None:
            out.append(g)
        b = b_endgame(BELOTE_PRESETS[seed % len(BELOTE_PRESETS)], seed, 4)
        if b is not None:
            out.append(b)
    return out


def _remaining(s: GuinoteState | BeloteState) -> int:
    """Every point still to win: cards not yet taken, the last trick, and for Guiñote every unsung cante."""
    if isinstance(s, GuinoteState):
        r = s.rules
        cantes = sum(r.cante_points_trump if su == s.trump else r.cante_points_plain for su in range(4))
        return 130 - sum(s.card_points) + r.last_trick_bonus + cantes + r.tute_points
    pts = s._t.points
    cards = sum(pts[c] for c in range(32) if any((h >> c) & 1 for h in s.hands) or c in s.trick)
    hidden = sum(pts[s.under[c]] for c in range(32) if s.under[c] >= 0)
    return cards + hidden + s.rules.last_trick_bonus


def test_values_lie_between_zero_and_the_points_left() -> None:
    for s in _positions():
        sol = solve(s)
        assert all(0 <= v <= _remaining(s) for v in sol.values.values()), repr(s)
        assert sol.nodes > 0


def test_playing_the_best_action_keeps_the_value() -> None:
    """Consistency: the value after the best action, seen from the same side, is the value minus what it won."""
    for s in _positions():
        while not s.is_terminal():
            sol = solve(s)
            before = _won(s, sol.side)
            s.apply_action(sol.best)
            if s.is_terminal():
                break
            gained = _won(s, sol.side) - before
            now = solve(s)
            # Seen from the side now to move: the same side, or the other one (values then differ).
            if now.side == sol.side:
                assert now.values[now.best] + gained == sol.values[sol.best], repr(s)


def _won(s: GuinoteState | BeloteState, side: int) -> int:
    if isinstance(s, GuinoteState):
        return s.card_points[side] + s.cante_points[side]
    return b_points(s, side)


def test_transposition_table_cap_is_respected() -> None:
    s = b_endgame("classique", 3, 6)
    assert s is not None
    small = 50 * ENTRY_BYTES
    cs = build(s, small)
    value = cs.value()
    assert cs.table_size() <= 50
    assert value == solve_value(s)  # a tiny table changes the speed, never the value


def test_node_limit_raises() -> None:
    s = GuinoteState.new_deal(GuinoteRules.preset("aragones"), seed=1)
    with pytest.raises(SearchLimitError):
        solve(s, max_nodes=500)


def test_bad_input_raises() -> None:
    bidding = BeloteState.new_deal(BeloteRules(), seed=1)
    with pytest.raises(SetupError, match="bidding"):
        solve(bidding)
    with pytest.raises(SetupError, match="bidding"):
        solve_value(bidding)
    over = GuinoteState.new_deal(GuinoteRules.preset("aragones-2p"), seed=2)
    rng = random.Random(0)
    while not over.is_terminal():
        over.apply_action(rng.choice([a for a in over.legal_actions() if a != CLAIM]))
    with pytest.raises(SetupError, match="over"):
        solve(over)
    with pytest.raises(SetupError):
        solve("aragones")
    with pytest.raises(SetupError):
        solve(bidding, tt_bytes=0)


def test_pre_arrastre_positions_are_searched_through_the_engine() -> None:
    """Before the arrastre the stock order is known: one trick before it, the values still agree with
    the consistency rule and every special action (window pass, exchange) gets a value."""
    rng = random.Random(4)
    s = GuinoteState.new_deal(GuinoteRules.preset("aragones-2p"), seed=4)
    while len(s.stock) > 1 or s.trick:
        s.apply_action(rng.choice([a for a in s.legal_actions() if a != CLAIM]))
    sol = solve(s)
    assert set(sol.values) == set(s.legal_actions())
    assert solve_value(s) == sol.values[sol.best]


# ------------------------------------------------------------------ tapete solve

_ARRASTRE = (
    "aragones d0 play:0 h=1b6bRb/1oScCc/1c3c7e/5cRc s=- tr=c i=- t=3:3b "
    "k=2o3o4o6o7oSoCo2c4c6c1e2e3e4e6eCb/5oRo7c5eSeCeRe2b4b5b7bSb w=3"
)


def test_solve_command_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from tapete.cli.main import main
    from tapete.games import parse_position

    state = parse_position(_ARRASTRE)
    sol = solve(state)
    assert main(["solve", "--lang", "en", _ARRASTRE]) == 0
    out = capsys.readouterr().out
    assert "values are the points team 0, seats 0 and 2 still wins" in out
    assert f"best: 1b ({sol.values[sol.best]} points)" in out
    assert main(["solve", "--json", _ARRASTRE]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["side"] == 0 and data["best"] == "1b" and data["value"] == sol.values[sol.best]
    assert {a["id"]: a["value"] for a in data["actions"]} == sol.values


def test_solve_command_refuses_bidding_and_deep_positions(capsys: pytest.CaptureFixture[str]) -> None:
    from tapete.cli.main import main

    assert main(["solve", "--lang", "en", "--game", "belote", "--seed", "3"]) == 2
    assert "bidding" in capsys.readouterr().err
    assert main(["solve", "--lang", "en", "--seed", "3", "--max-nodes", "300"]) == 2
    assert "too deep" in capsys.readouterr().err


def test_solve_command_refuses_a_position_beyond_reach_at_once(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12 (4): a fresh deal far from its end is refused before any search, saying what can be solved."""
    import tapete.cli.solve as command
    from tapete.cli.main import main

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("the solver must not run on a position beyond its reach")

    monkeypatch.setattr(command, "solve", no_search)
    for game in ("guinote", "brisca"):
        assert main(["solve", "--lang", "en", "--game", game, "--seed", "3"]) == 2
        err = capsys.readouterr().err
        assert "tricks still to play" in err and "--tricks-left" in err, err


@pytest.mark.parametrize("game", ["guinote", "belote", "brisca"])
def test_solve_command_plays_a_fresh_deal_to_tricks_left(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    from tapete.cli.main import main
    from tapete.games import GAMES, parse_position

    assert main(["solve", "--lang", "en", "--game", game, "--seed", "5", "--tricks-left", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "seed 5, played by the heuristic bots to 4 tricks left:"
    state = parse_position(out[1].strip())
    assert GAMES[game].tricks_left(state) == 4
    assert any(line.startswith("best: ") for line in out)


def test_solve_command_tricks_left_errors(capsys: pytest.CaptureFixture[str]) -> None:
    from tapete.cli.main import main

    assert main(["solve", "--lang", "en", "--tricks-left", "3", _ARRASTRE]) == 2
    assert "either it or a POSITION" in capsys.readouterr().err
    assert main(["solve", "--lang", "en", "--seed", "1", "--tricks-left", "11"]) == 2
    assert "from 1 to 10" in capsys.readouterr().err
