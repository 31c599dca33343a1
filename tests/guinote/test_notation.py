"""Position notation: exact round trips, identical futures, and clear errors for bad input.

The positions come from random play over every preset (2- and 4-player) and
some option mixes chosen to reach every kind of position: cante windows,
the predraw 7 exchange, arrastre, claims, tutes, finished deals.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tapete.core.cards.spanish import card_str, cards_of, parse_card, parse_cards
from tapete.core.errors import NotationError, TapeteError
from tapete.guinote.actions import TUTE, parse_action
from tapete.guinote.notation import FIELDS, from_notation, rules_from_notation, rules_to_notation, to_notation
from tapete.guinote.rules import PRESETS, GuinoteRules
from tapete.guinote.state import OVER, PLAY, PREDRAW, WINDOW, GuinoteState
from tests.support import play_in_step

# ----------------------------------------------------------------- positions

#: Option mixes on top of the presets, each reaching positions the presets alone rarely do.
VARIANTS: list[dict[str, object]] = [
    {},
    {"cante_timing": "before_draw"},
    {"cante_timing": "after_draw", "claims": "any_time"},
    {"cantes_per_trick": 0, "tute": "bonus", "cante_timing": "before_draw"},
    {"cantes_per_trick": 2, "capote": "bonus"},
    {"claims": "any_time", "wrong_claim_loses": False},
    {"exchange_timing": "own_turn"},
    {"exchange_timing": "when_leading", "exchange_needs_counting_indicator": True},
    {"exchange_timing": "never", "cantes_in_arrastre": False},
    {"strict_from_first_trick": True, "partner_exempt": False},
    {"exchange_timing": "after_team_win"},
    {"exchange_timing": "until_next_trick", "cante_window": "until_opponent_card"},
    {"cante_window": "until_opponent_card", "cante_timing": "before_draw", "cante_by": "winning_team"},
]


def make_rules(index: int) -> GuinoteRules:
    """A preset (cycling through all of them) with one option mix (cycling too)."""
    names = list(PRESETS)
    rules = PRESETS[names[index % len(names)]]
    return rules.replace(**VARIANTS[(index // len(names)) % len(VARIANTS)])


def new_deal(index: int, rng: random.Random) -> GuinoteState:
    rules = make_rules(index)
    vueltas = rules.idas_vueltas and rng.random() < 0.5
    scores = (rng.randrange(101), rng.randrange(101)) if rng.random() < 0.5 else (0, 0)
    return GuinoteState.new_deal(
        rules, seed=rng.randrange(10**9), dealer=rng.randrange(rules.players), scores_before=scores, vueltas=vueltas
    )


def random_positions(index: int) -> Iterator[GuinoteState]:
    """Every position of one random deal, start and end included (the same object, advanced)."""
    rng = random.Random(index)
    state = new_deal(index, rng)
    yield state
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        yield state


def kind(state: GuinoteState) -> str:
    if state.phase == OVER:
        return "over:tute" if state.tute_team >= 0 else "over:claim" if state.claim_team >= 0 else "over"
    name = {PLAY: "play", WINDOW: "window", PREDRAW: "predraw"}[state.phase]
    return name + (":arrastre" if state.arrastre else "")


def same_future(a: GuinoteState, b: GuinoteState, rng: random.Random, history: bool = False) -> None:
    """Play the same random actions on both; their positions must stay identical.

    With ``history``, ``b`` was read with its trick history and the histories must agree too.
    """

    def same(x: GuinoteState, y: GuinoteState) -> None:
        assert to_notation(x, history=history) == to_notation(y, history=history)
        assert x.stock_size() == y.stock_size() and x.deal_points() == y.deal_points()
        if x.is_terminal():
            assert x.result() == y.result() and x.returns() == y.returns()

    play_in_step(a.clone(), b.clone(), rng, same)


# ------------------------------------------------------------------ round trips


def test_round_trip_and_same_future_over_many_deals() -> None:
    seen: Counter[str] = Counter()
    presets_seen: set[str] = set()
    for index in range(len(PRESETS) * len(VARIANTS) * 2):
        for state in random_positions(index):
            seen[kind(state)] += 1
            presets_seen.add(state.rules.preset_name)
            text = to_notation(state)
            parsed = from_notation(text)
            assert to_notation(parsed) == text
            assert parsed.rules == state.rules
            assert parsed.legal_actions() == state.legal_actions()
            assert parsed.current_player == state.current_player
            assert parsed.tricks_played == state.tricks_played and parsed.last_winner == state.last_winner
            assert parsed.card_points == state.card_points and parsed.cante_points == state.cante_points
            assert parsed.tricks_won == state.tricks_won and parsed.sung == state.sung
            assert parsed.arrastre == state.arrastre and parsed.known == state.known
            assert parsed.tricks == []  # a position has no history unless hist= is given
            if state.phase == OVER:
                assert parsed.result() == state.result()
            # The whole future from here, every few positions (the rest is covered by later positions).
            if (state.tricks_played + len(state.trick) + index) % 3 == 0:
                same_future(state, parsed, random.Random(index))
    assert presets_seen == set(PRESETS)
    # Every kind of position was met, so each was round-tripped.
    for k in ("play", "play:arrastre", "window", "window:arrastre", "predraw", "over", "over:claim"):
        assert seen[k] > 0, (k, seen)


def test_round_trip_with_history() -> None:
    for index in range(40):
        for state in random_positions(index):
            text = to_notation(state, history=True)
            parsed = from_notation(text)
            assert parsed.tricks == state.tricks
            assert to_notation(parsed, history=True) == text
            assert to_notation(parsed) == to_notation(state)
    # Without history=True, nothing of it is written.
    assert "hist=" not in to_notation(state) and "hist=" in to_notation(state, history=True)


@settings(max_examples=60, deadline=None)
@given(
    index=st.integers(0, 10**6),
    steps=st.integers(0, 60),
    history=st.booleans(),
)
def test_round_trip_property(index: int, steps: int, history: bool) -> None:
    rng = random.Random(index)
    state = new_deal(index, rng)
    for _ in range(steps):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    text = to_notation(state, history=history)
    parsed = from_notation(text)
    assert to_notation(parsed, history=history) == text
    same_future(state, parsed, rng, history)


def test_fresh_deal_fields() -> None:
    state = GuinoteState.new_deal(GuinoteRules.preset("aragones"), seed=3, dealer=2)
    text = to_notation(state)
    fields = text.split()
    assert fields[:3] == ["aragones", "d2", f"play:{state.current_player}"]
    keys = [f.split("=")[0] for f in fields[3:]]
    assert keys == ["h", "s", "tr", "i", "t", "k"]
    hands = fields[3][2:].split("/")
    assert [parse_cards(",".join(re.findall("..", h))) for h in hands] == [list(cards_of(h)) for h in state.hands]
    stock = re.findall("..", fields[4][2:])
    assert len(stock) == 15
    # The stock is written in draw order: the next card to draw first.
    assert parse_card(stock[0]) == state.stock[-1]
    assert fields[6] == f"i={card_str(state.indicator)}" and fields[5] == "tr=" + "oceb"[state.trump]
    assert fields[7:] == ["t=-", "k=-/-"]


def test_play_window_predraw_over_strings() -> None:
    # A hand-built aragonés deal where seat 1 leads the as of trumps, its partner sings,
    # and the exchange happens before the draw (exchange_timing=after_team_win).
    rules = GuinoteRules.preset("aragones").replace(exchange_timing="after_team_win")
    hands = [
        parse_cards("2o 4o 5o 6o 2c 4c"),
        parse_cards("1b 7b Ro Rc Re 2e"),  # seat 1: as and 7 of trumps (bastos), three reyes
        parse_cards("3o 3c 5c 6c 7c 4e"),
        parse_cards("Rb Sb Sc So 5e 6e"),  # seat 3: rey and sota of trumps, a cante of 40 for the partner
    ]
    used = {c for h in hands for c in h}
    rest = [c for c in range(40) if c not in used and c != parse_card("3b")]
    stock = [parse_card("Cb"), *[c for c in rest if c != parse_card("Cb")]]
    state = GuinoteState.from_hands(rules, hands, indicator=parse_card("3b"), stock=stock, dealer=0)
    assert to_notation(state).split()[2] == "play:1"
    for a in ("1b", "3o", "5e", "2o"):
        state.play(a)
    # Seat 1 won with its trump ace and holds the 7 of trumps: predraw.
    text = to_notation(state)
    assert text.split()[2] == "predraw:1"
    assert "w=1" in text and "k=-/2o3o5e1b" in text
    assert to_notation(from_notation(text)) == text
    state.play("exchange")
    text = to_notation(state)
    assert "x=1" in text and " i=7b " in text and "v=-/3b/-/-" in text
    # After the draw, the partner (seat 3) holds Rb+Sb: the cante window.
    assert text.split()[2] == "window:3"
    state.play("sing:b")
    text = to_notation(state)
    assert "c=3:sing:b" in text and "cw=0/0/0/1" in text and text.split()[2] == "play:1"
    parsed = from_notation(text)
    assert parsed.cante_points == [0, 40] and parsed.window_count == [0, 0, 0, 1]
    assert parsed.legal_action_strings() == state.legal_action_strings()
    assert to_notation(parsed) == text
    # The same position, made impossible in the cante fields.
    expect_error(swap(text, "c=3:sing:b", "c=3:sing:b,3:sing:b"), "c", r"the cante in bastos is sung twice")
    expect_error(swap(text, "c=3:sing:b", "c=2:sing:b"), "c", r"seat 2 sang, but its team has won no trick")
    expect_error(swap(text, "c=3:sing:b", "c=1:sing:b"), "c", r"seat 1 sang in bastos, so Sb must be")
    expect_error(swap(text, "cw=0/0/0/1", "cw=0/0/0/2"), "cw", r"seat 3 sang 2 times: at most 1 per trick")
    expect_error(swap(text, "cw=0/0/0/1", "cw=1/0/0/0"), "cw", r"seat 0 cannot have sung in this window")
    expect_error(swap(text, "v=-/3b/-/SbRb", "v=-/3b/-/Rb"), "c", r"Sb must be played already or in its hand")


def test_tute_ends_the_deal() -> None:
    rules = GuinoteRules.preset("aragones")
    hands = [
        parse_cards("2o 4o 5o 6o 2c 4c"),
        parse_cards("1b Ro Rc Re Rb 2e"),
        parse_cards("3o 3c 5c 6c 7c 4e"),
        parse_cards("7o Sb Sc 7e 5e 6e"),
    ]
    used = {c for h in hands for c in h}
    rest = [c for c in range(40) if c not in used and c != parse_card("Cb")]
    state = GuinoteState.from_hands(rules, hands, indicator=parse_card("Cb"), stock=rest, dealer=0)
    for a in ("1b", "3o", "5e", "2o"):
        state.play(a)
    assert parse_action("tute") in state.legal_actions()
    state.play("tute")
    text = to_notation(state)
    assert text.split()[2] == "over:tute:1" and "c=1:tute" in text
    parsed = from_notation(text)
    assert parsed.is_terminal() and parsed.result() == state.result()
    assert parsed.cantes == [(1, TUTE)] and parsed.tute_team == 1
    assert to_notation(parsed) == text
    with pytest.raises(NotationError, match=r"field phase .*over:tute needs a tute"):
        from_notation(swap(text, " c=1:tute", ""))


def test_claim_at_any_turn_mid_trick() -> None:
    """003 (frances): a side may claim on any of its turns, even with a trick on the table."""
    rules = GuinoteRules.preset("frances")
    assert rules.claims == "any_time"
    found = 0
    for index in range(100):
        rng = random.Random(index)
        state = GuinoteState.new_deal(rules, seed=index, scores_before=(95, 95))
        while not state.is_terminal():
            if state.trick and parse_action("claim") in state.legal_actions():
                team = state.current_player % 2
                state.play("claim")
                text = to_notation(state)
                assert f"over:claim:{team}:" in text and " t=-" not in text
                parsed = from_notation(text)
                assert parsed.result() == state.result() and parsed.trick == state.trick
                assert to_notation(parsed) == text
                # The claim was made on the turn of a seat of `team`, not of the other side.
                wrong = swap(text, f"over:claim:{team}:", f"over:claim:{1 - team}:")
                expect_error(wrong, "phase", r"a claim is made on one's turn to play")
                found += 1
                break
            acts = [a for a in state.legal_actions() if a != parse_action("claim")]
            state.apply_action(acts[rng.randrange(len(acts))])
        if found == 3:
            return
    raise AssertionError("no mid-trick claim reached")


def test_cantes_before_the_draw() -> None:
    """001 (clasico): the winner sings before the draw, its hand still one card short."""
    rules = GuinoteRules.preset("clasico")
    assert rules.cante_timing == "before_draw"
    hands = [
        parse_cards("2o 4o 5o 6o 2c 4c"),
        parse_cards("1b 7b Ro Co 3e 2e"),  # seat 1: as of trumps, rey+caballo of oros
        parse_cards("3o 3c 5c 6c 7c 4e"),
        parse_cards("Rb Sb Sc So 5e 6e"),
    ]
    used = {c for h in hands for c in h}
    rest = [c for c in range(40) if c not in used and c != parse_card("3b")]
    state = GuinoteState.from_hands(rules, hands, indicator=parse_card("3b"), stock=rest, dealer=0)
    for a in ("1b", "3o", "5e", "2o"):
        state.play(a)
    text = to_notation(state)
    assert text.split()[2] == "window:1"
    assert [len(h) for h in field(text, "h").split("/")] == [10, 10, 10, 10]  # 5 cards each, 2 chars a card
    assert len(field(text, "s")) == 2 * 15
    parsed = from_notation(text)
    assert parsed.legal_action_strings() == state.legal_action_strings() == ["sing:o", "pass"]
    assert to_notation(parsed) == text
    # The same window after the draw is impossible: in clasico only the trick's winner sings, before the draw.
    expect_error(swap(text, "window:1", "window:3"), "phase", r"before the draw is for the trick's winner")
    state.play("sing:o")
    text = to_notation(state)
    assert "c=1:sing:o" in text and "v=-/CoRo/-/-" in text and text.split()[2] == "play:1"
    assert to_notation(from_notation(text)) == text
    same_future(state, from_notation(text), random.Random(2))


def test_rules_field() -> None:
    rules = GuinoteRules.preset("clasico").replace(target=101, capote="none", partner_exempt=True)
    text = rules_to_notation(rules)
    assert text == "clasico{partner_exempt=true,capote=none,target=101}"
    assert rules_from_notation(text) == rules
    assert rules_from_notation("aragones-2p") == GuinoteRules.preset("aragones-2p")
    for name, preset in PRESETS.items():
        assert rules_to_notation(preset) == name


def test_parser_accepts_aliases_and_normalizes() -> None:
    state = GuinoteState.new_deal(GuinoteRules.preset("aragones-2p"), seed=9)
    text = to_notation(state)
    # French faces, commas and 10/11/12 ranks read the same.
    hand0 = "".join(card_str(c, french=True) for c in cards_of(state.hands[0]))
    loose = text.replace(text.split()[3].split("/")[0], "h=" + hand0)
    assert to_notation(from_notation(loose)) == text
    assert "  " not in text
    assert to_notation(from_notation(text.replace(" ", "   "))) == text
    # Fields in any order.
    head, fields = text.split()[:3], text.split()[3:]
    assert to_notation(from_notation(" ".join(head + fields[::-1]))) == text


def test_repr_names_rules_dealer_phase_and_turn() -> None:
    # The state's repr no longer holds the position string: state.py would import the notation,
    # which imports the state (an import cycle). The position string is to_notation's.
    state = GuinoteState.new_deal(GuinoteRules.preset("aragones"), seed=1)
    assert repr(state) == "<GuinoteState aragones d0 play:1>"


# ------------------------------------------------------------------- errors

#: A fresh 4-player aragonés deal (seat 1 leads) the malformed positions start from.
BASE = GuinoteState.new_deal(GuinoteRules.preset("aragones"), seed=3, dealer=0)


def fresh() -> str:
    return to_notation(BASE)


def mid() -> str:
    """A position after one trick and one card of the next (random legal play, specials passed)."""
    state = BASE.clone()
    rng = random.Random(4)
    while state.tricks_played < 1:
        acts = state.legal_actions()
        state.apply_action(acts[rng.randrange(len(acts))])
    while state.phase != PLAY:
        state.play("pass")
    acts = state.legal_actions()
    state.apply_action(acts[0])
    return to_notation(state)


def replace_field(text: str, key: str, value: str | None) -> str:
    """The position with field ``key`` set to ``value`` (None removes it)."""
    tokens = text.split()
    out = [t for t in tokens if not t.startswith(key + "=")]
    if value is not None:
        out.append(f"{key}={value}")
    return " ".join(out)


def swap(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` replaced by ``new``; ``old`` must be there (so each test changes something)."""
    assert old in text, (old, text)
    return text.replace(old, new)


def field(text: str, key: str) -> str:
    for t in text.split():
        if t.startswith(key + "="):
            return t[len(key) + 1 :]
    raise AssertionError(key)


def expect_error(text: str, key: str, pattern: str = "") -> str:
    with pytest.raises(NotationError) as info:
        from_notation(text)
    message = str(info.value)
    assert f"field {key} ({FIELDS[key]})" in message, message
    if pattern:
        assert re.search(pattern, message), message
    assert isinstance(info.value, TapeteError) and isinstance(info.value, ValueError)
    return message


def test_error_too_short() -> None:
    for text in ("", "aragones", "aragones d0"):
        with pytest.raises(NotationError, match=r"expected '<rules> d<dealer> <phase>"):
            from_notation(text)


def test_error_rules() -> None:
    rest = " " + " ".join(fresh().split()[1:])
    expect_error("whist" + rest, "rules", r"unknown Guiñote preset 'whist': expected one of aragones, clasico")
    expect_error("aragones{colour=red}" + rest, "rules", r"unknown Guiñote option 'colour'")
    expect_error("aragones{target=many}" + rest, "rules", r"bad value 'many' for target: expected a whole number")
    expect_error("aragones{tute=maybe}" + rest, "rules", r"bad value 'maybe' for tute: expected one of none")
    expect_error("aragones{target}" + rest, "rules", r"expected KEY=VALUE")
    expect_error("aragones{target=1,target=2}" + rest, "rules", r"given twice")
    expect_error("arag*nes" + rest, "rules", r"expected a preset name")
    expect_error("aragones{must_trump=false}" + rest, "rules", r"must_overtrump=True needs must_trump=True")


def test_error_dealer_and_seats() -> None:
    t = fresh().split()
    expect_error(" ".join([t[0], "x0", *t[2:]]), "dealer", r"expected d<seat>")
    expect_error(" ".join([t[0], "d4", *t[2:]]), "dealer", r"bad seat '4': expected a number 0\.\.3")
    expect_error(" ".join([t[0], "d-1", *t[2:]]), "dealer", r"expected a number 0\.\.3")
    expect_error(" ".join(["aragones-2p", "d2", *t[2:]]), "dealer", r"expected a number 0\.\.1")


def test_error_phase() -> None:
    t = fresh().split()
    for bad in ("dance:1", "play", "play:9", "over:claim:1:maybe", "over:tute", "over:claim:2:ok"):
        expect_error(" ".join([*t[:2], bad, *t[3:]]), "phase", r"expected|bad team|bad seat")
    # The wrong seat to act.
    expect_error(" ".join([*t[:2], "play:2", *t[3:]]), "phase", r"seat 2 to play, but it is seat 1's turn.*play:1")
    # Window and predraw come after a trick; over needs all tricks (or a claim/tute).
    expect_error(" ".join([*t[:2], "window:3", *t[3:]]), "phase", r"after a trick is won")
    expect_error(" ".join([*t[:2], "predraw:1", *t[3:]]), "phase", r"after a trick is won")
    expect_error(" ".join([*t[:2], "over", *t[3:]]), "k", r"0 of 10 tricks taken but the phase is over")
    expect_error(" ".join([*t[:2], "over:claim:1:ok", *t[3:]]), "phase", r"claims=vueltas a claim needs a vueltas deal")
    expect_error(" ".join([*t[:2], "over:tute:1", *t[3:]]), "phase", r"a tute is sung between tricks")


def test_error_unknown_missing_and_repeated_fields() -> None:
    text = fresh()
    with pytest.raises(NotationError, match=r"unknown field 'zz': expected one of h, s, tr, i, t, k"):
        from_notation(text + " zz=1")
    with pytest.raises(NotationError, match=r"'oops' is not a field: expected KEY=VALUE"):
        from_notation(text + " oops")
    expect_error(text + " k=-/-", "k", r"given twice")
    for key in ("h", "s", "tr", "i", "t", "k"):
        expect_error(replace_field(text, key, None), key, r"missing")


def test_error_hands() -> None:
    text = fresh()
    hands = field(text, "h").split("/")
    expect_error(replace_field(text, "h", "/".join(hands[:3])), "h", r"expected 4 hands separated by '/', got 3")
    expect_error(replace_field(text, "h", "/".join(["Xo" + hands[0][2:], *hands[1:]])), "h", r"cannot read a card")
    expect_error(replace_field(text, "h", "/".join(["rc", *hands[1:]])), "h", r"cannot read a card at 'rc' \(seat 0\)")
    # A card missing: found nowhere, and the hand is short.
    short = hands[0][2:]
    missing = hands[0][:2]
    msg = expect_error(
        replace_field(text, "h", "/".join([short, *hands[1:]])), "h", r"seat 0 holds 5 cards, expected 6"
    )
    assert f"cards found nowhere: {missing}" in msg
    # A card twice.
    dup = hands[1][:2]
    expect_error(replace_field(text, "h", "/".join([short + dup, *hands[1:]])), "h", f"card {dup} appears twice")


def test_error_hand_sizes_and_trick() -> None:
    text = fresh()
    hands = field(text, "h").split("/")
    # Seat 2 "plays" first although seat 1 leads: the leader is wrong.
    card = hands[2][:2]
    moved = "/".join([hands[0], hands[1], hands[2][2:], hands[3]])
    bad = replace_field(replace_field(text, "h", moved), "t", f"2:{card}")
    expect_error(bad, "t", r"the first trick is led by seat 1")
    # Seat 1 leads, but the card comes out of seat 2's hand: the hand sizes disagree with the trick.
    bad = swap(replace_field(replace_field(text, "h", moved), "t", f"1:{card}"), "play:1", "play:2")
    expect_error(bad, "h", r"seat 1 holds 6 cards, expected 5 .*trick in progress")
    expect_error(replace_field(text, "t", "1"), "t", r"expected '-' or LEADER:CARDS")
    expect_error(replace_field(text, "t", "1:"), "t", r"cannot read|at least one card|empty card list")
    four = "".join(h[:2] for h in hands)
    expect_error(replace_field(text, "t", f"1:{four}"), "t", r"4 cards in the trick: a trick in progress has 1\.\.3")
    # A trick in progress needs phase play.
    state = BASE.clone()
    state.play(state.legal_action_strings()[0])
    t = to_notation(state).split()
    t[2] = "over"
    expect_error(" ".join(t), "k", r"phase is over")


def test_error_illegal_trick_in_arrastre() -> None:
    # Find an arrastre trick where the second seat had a choice, then claim it played an illegal card.
    for index in range(200):
        rng = random.Random(index)
        state = GuinoteState.new_deal(GuinoteRules.preset("aragones"), seed=index)
        while not state.is_terminal():
            if state.arrastre and len(state.trick) == 1 and state.phase == PLAY:
                legal = state.legal_card_mask()
                illegal = state.hands[state.cur] & ~legal
                if illegal:
                    seat = state.cur
                    c = next(iter(cards_of(illegal)))
                    text = to_notation(state)
                    h = field(text, "h").split("/")
                    h[seat] = "".join(card_str(x) for x in cards_of(state.hands[seat] & ~(1 << c)))
                    trick = field(text, "t") + card_str(c)
                    bad = replace_field(replace_field(text, "h", "/".join(h)), "t", trick)
                    bad = swap(bad, f"play:{seat}", f"play:{(seat + 1) % 4}")
                    bad = re.sub(r" v=\S+", "", bad) if (state.known[seat] >> c) & 1 else bad
                    expect_error(bad, "t", rf"seat {seat} could not have played {card_str(c)}")
                    return
            acts = state.legal_actions()
            state.apply_action(acts[rng.randrange(len(acts))])
    raise AssertionError("no arrastre trick with a forced play found")


def test_error_stock_indicator_trump() -> None:
    text = fresh()
    stock = field(text, "s")
    hands = field(text, "h").split("/")
    expect_error(replace_field(text, "s", stock[2:]), "s", r"14 face-down cards, expected 15 .*cards found nowhere")
    expect_error(replace_field(text, "s", stock + hands[0][:2]), "s", r"appears twice")
    expect_error(replace_field(text, "s", stock[:4] + "Zz" + stock[6:]), "s", r"cannot read a card at 'Zz")
    expect_error(replace_field(text, "tr", "x"), "tr", r"expected o \(oros\), c \(copas\), e \(espadas\) or b")
    ind = field(text, "i")
    other = next(s for s in "oceb" if s != ind[-1])
    expect_error(replace_field(text, "tr", other), "i", r"is not of the trump suit")
    expect_error(replace_field(text, "i", "-"), "i", r"expected the face-up indicator card")
    expect_error(replace_field(text, "i", ind + ind), "i", r"expected one card")


def test_error_taken_and_winner() -> None:
    text = mid()
    k0, k1 = field(text, "k").split("/")
    taken = k0 if k0 != "-" else k1
    expect_error(replace_field(text, "k", "/".join([taken, "-", "-"])), "k", r"expected 2 teams")
    odd = taken[:-2]
    both = (odd, "-") if k0 != "-" else ("-", odd)
    expect_error(replace_field(text, "k", "/".join(both)), "k", r"has 3 cards: each trick adds 4 cards to one team")
    expect_error(replace_field(text, "w", None), "w", r"missing: 1 trick\(s\) are taken")
    expect_error(replace_field(fresh(), "w", "1"), "w", r"no trick has been taken yet")
    w = int(field(text, "w"))
    expect_error(replace_field(text, "w", "7"), "w", r"bad seat '7'")
    expect_error(replace_field(text, "w", str((w + 1) % 4)), "w", r"its team has taken no cards")


def test_error_cantes_known_exchange_context_history() -> None:
    text = mid()
    w = int(field(text, "w"))
    expect_error(replace_field(text, "c", "sing:o"), "c", r"bad seat 'sing'|expected SEAT:sing:SUIT")
    expect_error(replace_field(text, "c", f"{w}:dance"), "c", r"expected sing:o, sing:c, sing:e, sing:b or tute")
    expect_error(replace_field(text, "c", f"{(w + 1) % 4}:sing:o"), "c", r"its team has won no trick")
    expect_error(replace_field(fresh(), "c", "1:sing:o"), "c", r"none is taken yet")
    # A cante whose cards are neither played nor shown in the singer's hand.
    four = f"{w}:sing:o,{w}:sing:c,{w}:sing:e,{w}:sing:b"
    expect_error(replace_field(text, "c", four), "c", r"must be played already or in its hand and shown \(v\)")
    expect_error(replace_field(text, "c", f"{w}:tute,{w}:tute"), "c", r"tute")
    expect_error(replace_field(fresh(), "cw", "1/0/0/0"), "cw", r"only written while the cante window is open")
    expect_error(replace_field(text, "v", "-/-/-"), "v", r"expected 4 seats' known cards")
    hands = field(text, "h").split("/")
    foreign = hands[1][:2]
    expect_error(replace_field(text, "v", f"{foreign}/-/-/-"), "v", rf"seat 0 is shown holding {foreign}")
    siete = "7" + field(text, "tr")
    if field(text, "i") != siete:
        expect_error(replace_field(text, "x", "0"), "x", rf"the indicator is the 7 of trumps {siete}")
    expect_error(replace_field(text, "x", "5"), "x", r"bad seat '5'")
    expect_error(replace_field(text, "ctx", "1,2,3"), "ctx", r"expected idas or vueltas")
    expect_error(replace_field(text, "ctx", "a,b"), "ctx", r"expected A,B,idas or A,B,vueltas")
    vueltas = replace_field(fresh(), "ctx", "1,2,vueltas")
    assert from_notation(vueltas).vueltas
    expect_error(swap(vueltas, "aragones", "clasico"), "ctx", r"a vueltas deal needs idas_vueltas=true")
    expect_error(replace_field(fresh(), "hist", "1o2o3o4o"), "hist", r"no trick has been taken yet")
    expect_error(replace_field(text, "hist", "-/-"), "hist", r"2 tricks, expected 1")


def test_error_claim_outcome_must_match_points() -> None:
    # Reach a vueltas position where the team of the last trick may claim.
    rules = GuinoteRules.preset("aragones")
    for index in range(300):
        rng = random.Random(index)
        state = GuinoteState.new_deal(rules, seed=index, scores_before=(90, 90), vueltas=True)
        while not state.is_terminal():
            if parse_action("claim") in state.legal_actions():
                state.play("claim")
                text = to_notation(state)
                outcome = "ok" if state.claim_ok else "wrong"
                flipped = "wrong" if state.claim_ok else "ok"
                assert f"over:claim:{state.claim_team}:{outcome}" in text
                assert to_notation(from_notation(text)) == text
                bad = swap(text, f":{outcome} ", f":{flipped} ")
                expect_error(bad, "phase", rf"so its claim is {outcome}")
                # Claims are a vueltas thing under these rules.
                expect_error(swap(text, ",vueltas", ",idas"), "phase", r"claims=vueltas a claim needs a vueltas deal")
                return
            acts = [a for a in state.legal_actions() if a != parse_action("claim")]
            state.apply_action(acts[rng.randrange(len(acts))])
    raise AssertionError("no claim reached")


def test_error_history_must_match_taken() -> None:
    state = BASE.clone()
    rng = random.Random(1)
    while state.tricks_played < 2:
        acts = state.legal_actions()
        state.apply_action(acts[rng.randrange(len(acts))])
    text = to_notation(state, history=True)
    tricks = field(text, "hist").split("/")
    expect_error(replace_field(text, "hist", "/".join(tricks[::-1])), "hist", r"trick 1 \(.*\) is won by seat \d")
    expect_error(replace_field(text, "hist", tricks[0]), "hist", r"1 tricks, expected 2")
    expect_error(replace_field(text, "hist", tricks[0][:6] + "/" + tricks[1]), "hist", r"has 3 cards, expected 4")


def test_mutated_positions_parse_or_raise_notation_error() -> None:
    """Random edits of valid positions never raise anything but NotationError, and what parses round-trips."""
    positions = []
    for index in range(30):
        for state in random_positions(index):
            positions.append(to_notation(state, history=index % 2 == 0))
    rng = random.Random(0)
    alphabet = "0123456789ocebSCRAJQK-/:=,{}. dwplayoverkhstixvcw♥"
    errors = 0
    for _ in range(4000):
        chars = list(rng.choice(positions))
        for _ in range(rng.randint(1, 3)):
            j = rng.randrange(len(chars))
            op = rng.randrange(4)
            if op == 0:
                del chars[j]
            elif op == 1:
                chars[j] = rng.choice(alphabet)
            elif op == 2:
                chars.insert(j, rng.choice(alphabet))
            else:
                k = rng.randrange(len(chars))
                chars[j], chars[k] = chars[k], chars[j]
        text = "".join(chars)
        try:
            parsed = from_notation(text)
        except NotationError as e:
            errors += 1
            assert str(e).startswith("bad position"), str(e)
            continue
        canonical = to_notation(parsed, history=True)
        assert to_notation(from_notation(canonical), history=True) == canonical
    assert errors > 3000
