"""Belote position notation: exact round trips, identical futures, and clear errors for bad input.

The positions come from random play over every preset and some option mixes
chosen to reach every kind of position: both taking rounds, auctions with a
high bid, coinche and surcoinche, redeals, the first trick with declarations,
belote and rebelote, finished deals. Sources: 004 for the deal, the taking,
the declarations and the belote; the grammar is tapete.belote.notation's.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tapete.belote.actions import COINCHE, DECLARE, PASS, SURCOINCHE
from tapete.belote.notation import FIELDS, from_notation, rules_from_notation, rules_to_notation, to_notation
from tapete.belote.rules import PRESETS, BeloteRules
from tapete.belote.state import _FIELDS, BIDDING, OVER, BeloteState
from tapete.cards.french import parse_card, parse_cards
from tapete.errors import NotationError
from tapete.guinote.rules import PRESETS as GUINOTE_PRESETS
from tapete.guinote.state import GuinoteState
from tapete.notation import game_of_position, parse_position, position_string

# ----------------------------------------------------------------- positions

#: Option mixes on top of the presets (each kept only where the preset accepts it).
VARIANTS: list[dict[str, object]] = [
    {},
    {"deal_packets": "3-3"},
    {"deal_packets": "2-3", "litige": "held"},
    {"declarations": False, "belote_rebelote": False},
    {"declaration_tie": "cancel", "partner_exempt": False},
    {"declaration_tie": "eldest", "must_undertrump": False, "overtrump_partner_on_trump_lead": False},
    {"coinche": False, "auction_sa_ta": False},
    {"generale": True, "surcoinche_multiplier": 3},
]

#: Fields a position does not keep: the last trick's leader and best card once it is over,
#: and the completed tricks (kept only with history=True).
LEFTOVERS = {"leader", "trick_best", "trick_best_seat"}


def make_rules(index: int) -> BeloteRules:
    names = sorted(PRESETS)
    rules = PRESETS[names[index % len(names)]]
    variant = VARIANTS[(index // len(names)) % len(VARIANTS)]
    if rules.bidding == "taking" and "coinche" in variant:
        return rules
    return rules.replace(**variant)


def choose(state: BeloteState, rng: random.Random) -> int:
    """A random action, biased to reach redeals, coinches and declarations."""
    actions = state.legal_actions()
    if state.phase == BIDDING:
        if rng.random() < 0.5 or actions == [PASS]:
            return PASS
        doubles = [a for a in actions if a in (COINCHE, SURCOINCHE)]
        if doubles and rng.random() < 0.5:
            return doubles[0]
        others = [a for a in actions if a != PASS]
        return others[min(rng.randrange(len(others)), rng.randrange(len(others)))]
    if DECLARE in actions and rng.random() < 0.7:
        return DECLARE
    return actions[rng.randrange(len(actions))]


def new_deal(index: int, rng: random.Random) -> BeloteState:
    scores = (rng.randrange(1500), rng.randrange(1500)) if rng.random() < 0.4 else (0, 0)
    return BeloteState.new_deal(make_rules(index), seed=rng.randrange(10**9), dealer=rng.randrange(4),
                                scores_before=scores)  # fmt: skip


def random_positions(index: int) -> Iterator[BeloteState]:
    """Every position of one random deal, start and end included (the same object, advanced)."""
    rng = random.Random(index)
    state = new_deal(index, rng)
    yield state
    while not state.is_terminal():
        state.apply_action(choose(state, rng))
        yield state


def kind(state: BeloteState) -> str:
    if state.phase == BIDDING:
        if state.rules.bidding == "taking":
            return f"taking:{state.round}"
        return "auction:" + ("surcoinche" if state.surcoinched else "coinche" if state.coinched_by >= 0 else "bid")
    if state.phase == OVER:
        return "over:redeal" if state.redeal else "over"
    if state.tricks_played == 0:
        return "play:first-trick" + (":declared" if state.declared else "")
    return f"play:belote:{state.belote_played}" if state.belote_seat >= 0 else "play"


def same_state(a: BeloteState, b: BeloteState, history: bool) -> None:
    """Every field of the engine's state agrees, but for what a position does not keep."""
    for name in _FIELDS:
        if (name in LEFTOVERS and not a.trick) or (name == "tricks" and not history):
            continue
        assert getattr(a, name) == getattr(b, name), name


def same_future(a: BeloteState, b: BeloteState, rng: random.Random) -> None:
    """Play the same random actions on both; their positions must stay identical."""
    a, b = a.clone(), b.clone()
    while True:
        assert to_notation(a) == to_notation(b)
        assert a.legal_actions() == b.legal_actions()
        if a.is_terminal():
            assert a.result() == b.result() and a.returns() == b.returns()
            return
        action = choose(a, rng)
        a.apply_action(action)
        b.apply_action(action)


# ------------------------------------------------------------------ round trips


def test_round_trip_and_same_future_over_many_deals() -> None:
    seen: Counter[str] = Counter()
    presets_seen: set[str] = set()
    for index in range(len(PRESETS) * len(VARIANTS) * 4):
        for state in random_positions(index):
            seen[kind(state)] += 1
            presets_seen.add(state.rules.preset_name)
            text = to_notation(state)
            parsed = from_notation(text)
            assert to_notation(parsed) == text
            assert parsed.rules == state.rules
            same_state(state, parsed, history=False)
            assert parsed.legal_actions() == state.legal_actions()
            assert parsed.tricks == []
            if state.phase == OVER:
                assert parsed.result() == state.result()
            if (state.tricks_played + len(state.trick) + len(state.bids) + index) % 5 == 0:
                same_future(state, parsed, random.Random(index))
    assert presets_seen == set(PRESETS)
    for k in (
        "taking:1", "taking:2", "auction:bid", "auction:coinche", "over:redeal", "over",
        "play:first-trick", "play:first-trick:declared", "play", "play:belote:0", "play:belote:1", "play:belote:2",
    ):  # fmt: skip
        assert seen[k] > 0, (k, seen)


def test_round_trip_with_history() -> None:
    for index in range(40):
        for state in random_positions(index):
            text = to_notation(state, history=True)
            parsed = from_notation(text)
            same_state(state, parsed, history=True)
            assert to_notation(parsed, history=True) == text
            assert to_notation(parsed) == to_notation(state)
    assert "hist=" not in to_notation(state) and "hist=" in to_notation(state, history=True)


@settings(max_examples=60, deadline=None)
@given(index=st.integers(0, 10**6), steps=st.integers(0, 45), history=st.booleans())
def test_round_trip_property(index: int, steps: int, history: bool) -> None:
    rng = random.Random(index)
    state = new_deal(index, rng)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(choose(state, rng))
    text = to_notation(state, history=history)
    parsed = from_notation(text)
    assert to_notation(parsed, history=history) == text
    same_state(state, parsed, history)
    same_future(state, parsed, rng)


# ------------------------------------------------------------------ a worked deal

#: Dealer 3, so seat 0 speaks first. Seat 0 holds J Q K of hearts and the retourne is the ace:
#: taking it gives seat 0 a quarante to the ace in trumps and the belote.
HANDS = ("Jh Qh Kh 9h 7s", "Js Jd Jc 7h 8s", "As Ks Qs 9d Td", "7c 9c Tc Qc Kc")
REST = "7d 8d 9s Ts 8c Ad Kd Qd Ac Th 8h"


def worked(*actions: str, rules: BeloteRules | None = None) -> BeloteState:
    state = BeloteState.from_hands(
        rules or BeloteRules.preset("classique"),
        [parse_cards(h) for h in HANDS],
        retourne=parse_card("Ah"),
        rest=parse_cards(REST),
        dealer=3,
    )
    for a in actions:
        state.play(a)
    return state


FIRST_TRICK = ("take:h", "declare", "Kh", "declare", "7h", "declare", "9d", "declare", "Th")


def test_worked_deal_strings() -> None:
    text = to_notation(worked())
    assert text == (
        "classique d3 bidding:0 h=7s9hJhQhKh/8sJs7hJdJc/QsKsAs9dTd/7c9cTcQcKc r=Ah u=7d8d9sTs8cAdKdQdAcTh8h b=-"
    )
    text = to_notation(worked("take:h"))
    assert text.split()[2] == "play:0" and " r=Ah b=take:h t=- k=-/- bt=0:0" in text
    # Seat 0 declares and plays the king of trumps (belote); seat 1 declares.
    state = worked(*FIRST_TRICK[:4])
    text = to_notation(state)
    assert text.split()[2] == "play:1"
    assert " t=0:Kh k=-/- a=0:JhQhKhAh,1:8s9sTsJs bt=0:1" in text
    parsed = from_notation(text)
    assert parsed.declared == state.declared and parsed.declared_seats == 0b11
    assert parsed.known == state.known and parsed.known[0] == (1 << parse_card("Ah")) | (1 << parse_card("Qh"))
    assert parsed.legal_action_strings() == ["7h"]
    # After the first trick (seat 3 overtrumps with the ten): team 0's quarante in trumps scores 50 + 20 + 20.
    state = worked(*FIRST_TRICK)
    text = to_notation(state)
    assert " k=-/7hThKh9d w=3 tw=0/0/0/1 a=0:JhQhKhAh,1:8s9sTsJs,2:QsKsAsQdKdAd,3:QcKcAc bt=0:1" in text
    parsed = from_notation(text)
    assert (parsed.decl_team, parsed.decl_points) == (0, [90, 0])
    assert parsed.known == state.known and parsed.card_points == state.card_points == [0, 14]
    assert to_notation(parsed) == text


def test_fresh_auction_deal_and_redeal() -> None:
    state = BeloteState.new_deal(BeloteRules.preset("contree"), seed=4, dealer=1)
    text = to_notation(state)
    keys = [f.split("=")[0] for f in text.split()[3:]]
    assert text.split()[:3] == ["contree", "d1", "bidding:2"] and keys == ["h", "b"]
    assert [len(h) for h in text.split()[3][2:].split("/")] == [16] * 4  # 8 cards, 2 characters each
    for call in ("bid:90:h", "coinche", "pass"):
        state.play(call)
    assert to_notation(state).endswith(" b=bid:90:h,coinche,pass")
    parsed = from_notation(to_notation(state))
    # After the coinche only the bidders speak: seat 0 passed, its partner (the bidder, seat 2) is next.
    assert (parsed.high_seat, parsed.coinched_by, parsed.multiplier, parsed.current_player) == (2, 3, 2, 2)
    for _ in range(4):
        state = BeloteState.new_deal(BeloteRules.preset("classique"), seed=4)
        for _ in range(8):
            state.play("pass")
        text = to_notation(state)
        assert text.split()[2] == "over" and text.endswith("b=pass,pass,pass,pass,pass,pass,pass,pass")
        assert from_notation(text).result() == state.result() and from_notation(text).redeal


def test_rules_field_and_the_shared_reader() -> None:
    rules = BeloteRules.preset("classique").replace(target=501, litige="held", declarations=False)
    text = rules_to_notation(rules)
    assert text == "classique{declarations=false,litige=held,target=501}"
    assert rules_from_notation(text) == rules
    for name, preset in PRESETS.items():
        assert rules_to_notation(preset) == name
    # Preset names never clash across the games, so the rules token tells the game.
    assert not set(PRESETS) & set(GUINOTE_PRESETS)
    belote = to_notation(worked("take:h"))
    guinote = position_string(GuinoteState.new_deal(GUINOTE_PRESETS["aragones"], seed=1))
    assert isinstance(parse_position(belote), BeloteState) and isinstance(parse_position(guinote), GuinoteState)
    assert game_of_position(belote) == "belote" and game_of_position(guinote) == "guinote"
    assert position_string(parse_position(belote)) == belote
    with pytest.raises(NotationError, match=r"field rules \(rules\): unknown preset 'whist': expected a Guiñote"):
        parse_position("whist d0 play:1 h=-")
    with pytest.raises(NotationError, match=r"expected '<rules> d<dealer> <phase> KEY=VALUE"):
        parse_position("")


def test_lenient_reading() -> None:
    text = to_notation(worked("take:h", "declare"))
    loose = text.replace("h=7s9hJhQhKhAh7d8d", "h=7s,9h,J♥,Q♥,K♥,A♥,7d,8d").replace(" ", "   ")
    assert to_notation(from_notation(loose)) == text
    head, fields = text.split()[:3], text.split()[3:]
    assert to_notation(from_notation(" ".join(head + fields[::-1]))) == text
    assert to_notation(from_notation(text.replace("Th", "10h"))) == text


# ------------------------------------------------------------------- errors


def edit(text: str, **changes: str | None) -> str:
    """The position with fields set (None removes one); ``rules``, ``dealer``, ``phase`` name the head."""
    head = dict(zip(("rules", "dealer", "phase"), text.split()[:3], strict=True))
    fields = dict(tok.split("=", 1) for tok in text.split()[3:])
    for key, value in changes.items():
        target = head if key in head else fields
        if value is None:
            assert key in target, key
            del target[key]
        else:
            target[key] = value
    return " ".join([*head.values(), *(f"{k}={v}" for k, v in fields.items())])


def refused(text: str, key: str, pattern: str) -> None:
    """Reading ``text`` fails on field ``key`` with a message matching ``pattern``."""
    with pytest.raises(NotationError, match=rf"^bad position, field {key} \({FIELDS[key]}\): .*{pattern}"):
        from_notation(text)


BIDDING_POS = to_notation(worked())
START = to_notation(worked("take:h"))
MID = to_notation(worked(*FIRST_TRICK[:4]))
AFTER = to_notation(worked(*FIRST_TRICK))


def test_error_too_short_rules_dealer_phase() -> None:
    for text in ("", "classique", "classique d0"):
        with pytest.raises(NotationError, match=r"expected '<rules> d<dealer> <phase> h=\.\.\. b=\.\.\.'"):
            from_notation(text)
    refused(edit(START, rules="whist"), "rules", r"unknown Belote preset 'whist': expected one of classique")
    refused(edit(START, rules="classique{colour=red}"), "rules", r"unknown Belote option 'colour'")
    refused(edit(START, rules="classique{target=x}"), "rules", r"bad value 'x' for target: expected a whole number")
    refused(edit(START, rules="classique{scoring=contree}"), "rules", r'scoring="contree" needs bidding="auction"')
    refused(edit(START, rules="c*q"), "rules", r"expected a preset name \(classique")
    refused(edit(START, dealer="x3"), "dealer", r"expected d<seat>")
    refused(edit(START, dealer="d4"), "dealer", r"bad seat '4': expected a number 0\.\.3")
    for bad in ("dance:0", "play", "play:5", "over:1", "bidding:"):
        refused(edit(START, phase=bad), "phase", r"expected bidding:SEAT, play:SEAT or over|bad seat")


def test_error_phase_against_the_bidding() -> None:
    refused(edit(BIDDING_POS, phase="bidding:2"), "phase", r"seat 2 to speak, but the bidding \(b\) gives seat 0")
    refused(edit(BIDDING_POS, phase="play:0"), "phase", r"the bidding \(b\) goes on with seat 0 to speak")
    refused(edit(START, phase="bidding:0"), "phase", r"the bidding \(b\) is over, seat 0 took in h")
    refused(edit(START, phase="play:1"), "phase", r"seat 1 to play, but it is seat 0's turn: expected play:0")
    refused(edit(START, phase="over"), "k", r"0 of 8 tricks taken but the phase is over")
    void = edit(BIDDING_POS, b=",".join(["pass"] * 8))
    refused(void, "phase", r"everybody passed \(b\): the deal is void and over, expected over")
    assert from_notation(edit(void, phase="over")).redeal


def test_error_fields_unknown_missing_repeated_out_of_place() -> None:
    with pytest.raises(NotationError, match=r"unknown field 'zz': expected one of h, r, u, b, t, k"):
        from_notation(START + " zz=1")
    with pytest.raises(NotationError, match=r"'oops' is not a field: expected KEY=VALUE"):
        from_notation(START + " oops")
    refused(START + " k=-/-", "k", r"given twice: expected each field once")
    for key in ("h", "r", "b"):
        refused(edit(START, **{key: None}), key, r"missing: with bidding=taking, the fields h, r, b are required")
    refused(edit(BIDDING_POS, u=None), "u", r"missing: before the taking is over")
    for key in ("t", "k"):
        refused(edit(START, **{key: None}), key, r"missing: once a contract is chosen \(b\)")
    refused(edit(BIDDING_POS, t="-"), "t", r"no contract is chosen yet \(b\), so no card is played: leave t out")
    refused(edit(START, u="7d"), "u", r"dealt when the contract was chosen \(b\): leave u out")
    auction = to_notation(BeloteState.new_deal(BeloteRules.preset("contree"), seed=1))
    refused(edit(auction, r="As"), "r", r"only the taking has a retourne")
    refused(edit(auction, u="As"), "u", r"with bidding=auction all 32 cards are dealt")
    refused(edit(START, w="0"), "w", r"no trick has been taken yet \(k is empty\): leave w out")


def test_error_hands_retourne_and_cards_to_deal() -> None:
    refused(edit(BIDDING_POS, h="7s9hJhQhKh/8sJs7hJdJc/QsKsAs9dTd"), "h", r"expected 4 hands separated by '/', got 3")
    refused(edit(BIDDING_POS, h="7s9hJhQhXh/8sJs7hJdJc/QsKsAs9dTd/7c9cTcQcKc"), "h", r"cannot read a card at 'Xh'")
    refused(edit(BIDDING_POS, h="7s9hJhQh/8sJs7hJdJc/QsKsAs9dTd/7c9cTcQcKc"), "h",
            r"seat 0 holds 4 cards, expected 5 while bidding; cards found nowhere: Kh")  # fmt: skip
    refused(edit(BIDDING_POS, h="7s9hJhQhKh/8sJs7hJdJc/QsKsAs9dTd/7c9cTcQcKh"), "h", r"card Kh appears twice")
    refused(edit(BIDDING_POS, r="Ah7d"), "r", r"expected one card \(the retourne\)")
    refused(edit(BIDDING_POS, r="Kh"), "r", r"card Kh appears twice \(h seat 0 and r\)")
    refused(edit(BIDDING_POS, u="7d8d9sTs8cAdKdQdAcTh"), "u", r"10 cards still to deal, expected 11.*found nowhere: 8h")
    # After the taking the retourne is the taker's.
    refused(edit(START, r="8h"), "r", r"the retourne 8h went to the taker, seat 0 \(b\), but seat 3 holds it")
    three = to_notation(BeloteState.new_deal(BeloteRules.preset("classique").replace(deal_packets="3-3"), seed=2))
    hands = dict(tok.split("=", 1) for tok in three.split()[3:])["h"]
    assert [len(h) for h in hands.split("/")] == [12] * 4  # 3-3 packets: six cards each before the taking
    refused(edit(three, u="-"), "u", r"0 cards still to deal, expected 7")


def test_error_bidding_calls() -> None:
    refused(edit(BIDDING_POS, b="pass,dance"), "b", r"call 2: bad action 'dance'")
    refused(edit(BIDDING_POS, b="take:s"), "b", r"call 1 \(take:s\): illegal action take:s for seat 0: not allowed now "
                                               r"\(legal: pass, take:h\)")  # fmt: skip
    refused(edit(BIDDING_POS, b="Jh"), "b", r"call 1 \(Jh\): .*trumps are not chosen yet")
    refused(edit(START, b="take:h,pass"), "b", r"call 2 \(pass\) comes after the bidding is over: it ended with call 1")
    refused(edit(BIDDING_POS, b="bid:80:h"), "b", r"call 1 \(bid:80:h\): .*not allowed now")
    auction = to_notation(BeloteState.new_deal(BeloteRules.preset("contree"), seed=1))
    refused(edit(auction, b="bid:90:h,coinche,coinche"), "b", r"call 3 \(coinche\): .*legal: pass, surcoinche")
    refused(edit(auction, b="bid:95:h"), "b", r"the bids of these rules are 80, 90")


def test_error_trick_taken_winner() -> None:
    refused(edit(MID, t="0"), "t", r"expected '-' or LEADER:CARDS")
    refused(edit(MID, t="0:"), "t", r"empty card list|at least one card")
    hands = "7s9hJhQhKhAh7d8d/9sTsJs7hJd8cJc/QsKsAs9dTdQdKdAd/8hTh7c9cTcQcKcAc"
    refused(edit(MID, h=hands, t="1:8s", phase="play:2"), "t", r"the first trick is led by seat 0 \(dealer 3\)")
    refused(edit(MID, t="0:Kh7h8s9d", phase="play:0"), "t", r"4 cards in the trick: a trick in progress has 1\.\.3")
    # Seat 1 follows the trump lead with a spade while holding the 7 of trumps.
    bad = edit(MID, h="7s9hJhQhAh7d8d/9sTsJs7hJd8cJc/QsKsAs9dTdQdKdAd/8hTh7c9cTcQcKcAc", t="0:Kh8s", phase="play:2")
    refused(bad, "t", r"seat 1 could not have played 8s: .*you must beat Kh when you can")
    refused(edit(AFTER, k="-/7hThKh"), "k", r"team 1 has 3 cards: each trick adds 4 cards to one team")
    refused(edit(AFTER, w=None), "w", r"missing: 1 trick\(s\) are taken, so the winner of the last one is needed")
    refused(edit(AFTER, tw=None), "tw", r"missing: after 1 trick\(s\), the field tw is required")
    refused(edit(AFTER, w="0"), "w", r"seat 0 won the last trick, but its team has taken no cards")
    refused(edit(AFTER, tw="0/0/1/0"), "tw", r"seats 0 and 2 won 1 trick\(s\), but team 0 has taken 0")
    refused(edit(AFTER, tw="0/1/0/0"), "tw", r"seat 3 won the last trick \(w\), so it has won at least one")
    refused(edit(AFTER, tw="0/0/0/x"), "tw", r"bad count 'x' for seat 3")
    refused(edit(AFTER, phase="play:0"), "phase", r"it is seat 3's turn")
    refused(edit(AFTER, h="9hJhQhAh7d8d/8s9sTsJsJd8cJc/QsKsAsTdQdKdAd/8h7c9cTcQcKcAc7s"), "h",
            r"seat 0 holds 6 cards, expected 7 after 1 trick")  # fmt: skip


def test_error_declarations() -> None:
    refused(edit(MID, a="0:JhQhKhAh7d,1:8s9sTsJs"), "a", r"but 7d makes no sequence of three or more")
    refused(edit(MID, a="0:JhQhKh,1:8s9sTsJs"), "a",
            r"seat 0 declares all the sequences and carrés of its hand at once: .* that is 0:JhQhKhAh")  # fmt: skip
    refused(edit(MID, a="1:8s9sTsJs,0:JhQhKhAh"), "a", r"seat 0 declares after a later seat")
    refused(edit(MID, a="0:JhQhKhAh,0:JhQhKhAh"), "a", r"seat 0 declares twice")
    refused(edit(MID, a="0:JhQhKhAh,1:8s9sTsJs,3:QcKcAc"), "a", r"seat 3 has not had its turn in the first trick")
    refused(edit(MID, a="0:JhQhKhAh,2:QsKsAs"), "a", r"seat 2 has not had its turn")
    refused(edit(MID, a="x"), "a", r"bad declaration 'x': expected SEAT:CARDS")
    refused(edit(AFTER, a="0:JhQhKhAh,1:QsKsAs"), "a", r"seat 1 declares Qs, which is in another seat's hand")
    refused(edit(AFTER, a="0:JhQhKhAh,1:8s9sTs"), "a", r"that is 1:8s9sTsJs")
    refused(edit(MID, rules="classique{declarations=false}"), "a", r"these rules have no declarations")
    # Without the declarations, the same trick is a position: nothing is known but the belote's queen.
    bare = from_notation(edit(AFTER, a=None))
    assert bare.decl_team == -1 and bare.decl_points == [0, 0] and bare.known[2] == 0


def test_error_belote() -> None:
    refused(edit(START, bt=None), "bt", r"missing: seat 0 holds the king and queen of trumps: expected bt=0:0")
    refused(edit(MID, bt="0:0"), "bt", r"seat 0 has played 1 of the king and queen of trumps \(QhKh\), not 0")
    refused(edit(MID, bt="0:3"), "bt", r"expected SEAT:N")
    refused(edit(MID, bt="2:1"), "bt", r"seat 2 has played 2 of the king and queen")
    refused(edit(START, rules="classique{belote_rebelote=false}"), "bt", r"these rules have no belote")
    sa = worked("pass", "pass", "pass", "pass", "take:sa", rules=BeloteRules.preset("classique-sa-ta"))
    refused(to_notation(sa) + " bt=0:0", "bt", r"a sa contract has no trump suit, so no belote")
    assert "bt=" not in to_notation(sa)


def test_error_context_and_history() -> None:
    refused(edit(START, ctx="1,2,3"), "ctx", r"expected A,B \(the team scores before the deal\)")
    refused(edit(START, ctx="a,b"), "ctx", r"expected A,B")
    assert from_notation(edit(START, ctx="120,980")).scores_before == (120, 980)
    refused(edit(START, hist="7hThKh9d"), "hist", r"no trick has been taken yet")
    refused(edit(AFTER, hist="7hThKh9d/7s8s9sTs"), "hist", r"2 tricks, expected 1")
    refused(edit(AFTER, hist="Th7h9dKh"), "hist", r"trick 1 \(Th7h9dKh, led by seat 0\) is won by seat 0, but Th")
    refused(edit(AFTER, hist="Kh7h9d"), "hist", r"trick 1 has 3 cards, expected 4")
    assert to_notation(worked(*FIRST_TRICK), history=True).endswith(" hist=Kh7h9dTh")
    refused(edit(AFTER, hist="7hKh9dTh"), "hist", r"seat 0 declared Kh, but seat 1 played it")
    refused(edit(AFTER, hist="7hKh9dTh", a=None), "hist", r"seat 0 held the belote Kh, but seat 1 played it")
    assert from_notation(edit(AFTER, hist="Kh7h9dTh")).tricks == [(0, 3, tuple(parse_cards("Kh 7h 9d Th")))]
    # Who played which card must agree with the retourne, the belote and the declarations.
    state = worked(*FIRST_TRICK)
    while state.tricks_played < 3:
        state.apply_action(state.legal_actions()[0])
    text = to_notation(state, history=True)
    tricks = dict(tok.split("=", 1) for tok in text.split()[3:])["hist"].split("/")
    assert from_notation(text).tricks == state.tricks
    refused(edit(text, tw="0/0/0/3"), "tw", r"seats 0 and 2 won 0 trick")
    swapped = edit(text, hist="/".join([tricks[0], tricks[1][4:] + tricks[1][:4], tricks[2]]))
    with pytest.raises(NotationError, match=r"field hist"):
        from_notation(swapped)


def test_spliced_positions_parse_or_raise_notation_error() -> None:
    """Positions with a field taken from another position, and often a character changed, never raise
    anything but NotationError; whatever parses is a position the engine plays on to the end."""
    positions = [to_notation(s, history=i % 2 == 0).split() for i in range(30) for s in random_positions(i)]
    rng = random.Random(0)
    alphabet = "0123456789shdcTJQKA78-/:=,{}. dbplayoverkhrutwa♥"
    outcomes: Counter[str] = Counter()
    for _ in range(3000):
        tokens, donor = list(rng.choice(positions)), rng.choice(positions)
        j = rng.randrange(len(donor))
        if j < 3:
            tokens[j] = donor[j]
        else:
            key = donor[j].split("=", 1)[0]
            tokens = [tok for tok in tokens if tok.split("=", 1)[0] != key] + [donor[j]]
        text = " ".join(tokens)
        if rng.random() < 0.7:
            k = rng.randrange(len(text))
            text = text[:k] + rng.choice(alphabet) + text[k + rng.randrange(2) :]
        try:
            parsed = from_notation(text)
        except NotationError as e:
            assert str(e).startswith("bad position"), str(e)
            outcomes["refused"] += 1
            continue
        outcomes["read"] += 1
        canonical = to_notation(parsed, history=True)
        assert to_notation(from_notation(canonical), history=True) == canonical
        while not parsed.is_terminal():
            parsed.apply_action(choose(parsed, rng))
        assert sum(parsed.result().scores) >= 0
    assert outcomes["refused"] > 1500 and outcomes["read"] > 100, outcomes
