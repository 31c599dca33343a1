"""Belote position notation: exact round trips, identical futures, and clear errors for bad input.

The positions come from random play over every preset and some option mixes
chosen to reach every kind of position: both taking rounds, auctions with a
high bid, coinche and surcoinche, redeals, the first trick with declarations,
belote and rebelote, finished deals; and for two and three players the
24-card deck, the retourne left out of play with the bergère and the talon
(belote à deux), and the découverte layout with its face-down cards.
Sources: 004 for the deal, the taking, the declarations and the belote;
docs/design/belote-variants.md for trois joueurs, belote à deux and
découverte; the grammar is tapete.belote.notation's.
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
from tapete.belote.state import _FIELDS, BIDDING, OVER, BeloteState, unit_count
from tapete.core.cards.french import KING, QUEEN, parse_card, parse_cards
from tapete.core.errors import NotationError
from tapete.games import game_of_position, parse_position, position_string
from tapete.guinote.rules import PRESETS as GUINOTE_PRESETS
from tapete.guinote.state import GuinoteState
from tests.support import play_in_step

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

#: Option mixes for the two- and three-player presets (docs/design/belote-variants.md: the
#: published alternatives, and the old French 3+3 deal at three with 9 cards each).
SMALL_VARIANTS: dict[str, list[dict[str, object]]] = {
    "trois-joueurs": [
        {},
        {"contract_vs": "combined", "failed_points": "both"},
        {"deal_packets": "3-3", "declaration_tie": "eldest"},
        {"declarations": False, "failed_points": "vanish", "taking_sa_ta": True},
        {"deck": "32", "hand_size": 9, "deal_packets": "3-3", "taker_takes_retourne": False, "bergere": True},
    ],
    "belote-a-deux": [
        {},
        {"next_dealer": "next", "capot_bonus": 90},
        {"declaration_tie": "cancel", "taking_sa_ta": True},
        {"declarations": False, "belote_rebelote": False},
        {"bergere": False},
    ],
    "decouverte": [
        {},
        {"decouverte_trump": "fixed"},
        {"declarations": True, "belote_rebelote": True, "taking_sa_ta": True},
        {"decouverte_trump": "fixed", "belote_rebelote": True},
    ],
}

#: Fields a position does not keep: the last trick's leader and best card once it is over,
#: and the completed tricks (kept only with history=True).
LEFTOVERS = {"leader", "trick_best", "trick_best_seat"}


def make_rules(index: int) -> BeloteRules:
    names = sorted(PRESETS)
    name = names[index % len(names)]
    rules = PRESETS[name]
    if name in SMALL_VARIANTS:
        variants = SMALL_VARIANTS[name]
        return rules.replace(**variants[(index // len(names)) % len(variants)])
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
    rules = make_rules(index)
    units = unit_count(rules.players)
    scores = tuple(rng.randrange(1500) for _ in range(units)) if rng.random() < 0.4 else (0,) * units
    return BeloteState.new_deal(rules, seed=rng.randrange(10**9), dealer=rng.randrange(rules.players),
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
        if name == "known" and a.rules.layout == "decouverte" and a.belote_played == 1:
            # The engine marks the other belote card known when the first is played only if it is
            # face up then; one turned up later is public too, and a position cannot tell which.
            pair = (1 << (a.trump * 8 + KING)) | (1 << (a.trump * 8 + QUEEN))
            assert [k & ~pair for k in a.known] == [k & ~pair for k in b.known], name
            continue
        assert getattr(a, name) == getattr(b, name), name


def same_future(a: BeloteState, b: BeloteState, rng: random.Random) -> None:
    """Play the same random actions on both; their positions must stay identical."""

    def same(x: BeloteState, y: BeloteState) -> None:
        assert to_notation(x) == to_notation(y)
        if x.is_terminal():
            assert x.result() == y.result() and x.returns() == y.returns()

    play_in_step(a.clone(), b.clone(), rng, same, choose)


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
    assert game_of_position(belote).name == "belote" and game_of_position(guinote).name == "guinote"
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
    with pytest.raises(NotationError, match=r"unknown field 'zz': expected one of h, sl, r, u, bg, o, b, t, k"):
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


# ------------------------------------------------------------ two and three players


def dealt(name: str, *actions: str, rules: BeloteRules | None = None) -> BeloteState:
    """Seed 5, dealer 0, then the actions given as strings."""
    state = BeloteState.new_deal(rules or BeloteRules.preset(name), seed=5, dealer=0)
    for a in actions:
        state.play(a)
    return state


def test_trois_joueurs_positions() -> None:
    """Trois joueurs (docs/design/belote-variants.md, E3/F3): 24 cards without 7s and 8s, 3 + 2
    cards to each of the 3 seats, the 16th card turned, 8 left to complete 8 cards each; tricks of
    3, one part of k, tw and ctx per player."""
    state = dealt("trois-joueurs")
    text = to_notation(state)
    assert text == "trois-joueurs d0 bidding:1 h=JsKs9h9dAd/QsQhTdKcAc/AsKhQd9cQc r=Ts u=ThJd9sKdJcAhJhTc b=-"
    assert to_notation(from_notation(text)) == text
    state = dealt("trois-joueurs", "take:s", "Ts", "9s", "Js", "Ks")
    text = to_notation(state)
    assert text == (
        "trois-joueurs d0 play:1 h=9hJhAh9dAdTc/QsThQhTdJdKcAc/AsKhQdKd9cJcQc r=Ts b=take:s t=0:Ks "
        "k=9sTsJs/-/- w=0 tw=1/0/0"
    )
    parsed = from_notation(text)
    assert to_notation(parsed) == text and parsed.legal_actions() == state.legal_actions()
    assert parsed.card_points == state.card_points and parsed.in_play == state.in_play == 162
    # The taker (seat 1) took the retourne: it is his, and known to hold it until he plays it.
    assert parsed.taker == 1 and parsed.known == state.known
    with_scores = edit(text, ctx="120,80,310")
    assert from_notation(with_scores).scores_before == (120, 80, 310)
    assert to_notation(from_notation(with_scores)) == with_scores


def test_belote_a_deux_positions() -> None:
    """Belote à deux (docs/design/belote-variants.md, E2/PP): 3 + 3 cards each, the 13th turned;
    after the take 3 more each (9), the retourne is not taken and stays face up out of play, the
    bottom card of the talon (the bergère) is shown and the other 12 stay face down out of play."""
    state = dealt("belote-a-deux")
    text = to_notation(state)
    assert text == (
        "belote-a-deux d0 bidding:1 h=9s7h8h9hTdJc/JsJh9dQd7cTc r=Ks u=8dQhAhQcTsQs8sAsKh7sAcJdKc9cKd8cThAd7d b=-"
    )
    assert to_notation(from_notation(text)) == text
    state = dealt("belote-a-deux", "take:s", "Js", "9s", "Jh")
    text = to_notation(state)
    assert text == (
        "belote-a-deux d0 play:0 h=TsQs7h8h9hTdJcQc/QhAh8d9dQd7cTc r=Ks bg=7d o=7s8sAsThKhJdKdAd8c9cKcAc "
        "b=take:s t=1:Jh k=-/9sJs w=1 tw=0/1"
    )
    parsed = from_notation(text)
    assert to_notation(parsed) == text and parsed.legal_actions() == state.legal_actions()
    assert (parsed.retourne, parsed.bergere, parsed.out) == (state.retourne, state.bergere, state.out)
    assert parsed.in_play == state.in_play and parsed.known == [0, 0]  # the retourne is nobody's
    # The retourne is out of play, so in no hand; the bergère and the talon are counted once.
    refused(edit(text, h="TsQsKs7h8h9hTdJcQc/QhAh8d9dQd7cTc"), "r", r"card Ks appears twice \(h seat 0 and r\)")
    refused(edit(text, bg=None), "bg", r"missing: once the deal is completed after the taking \(bergere=true\)")
    refused(edit(text, o="7s8sAsThKhJdKdAd8c9cKc"), "o", r"11 cards out of play, expected 12; cards found nowhere: Ac")
    refused(edit(text, rules="belote-a-deux{bergere=false}"), "bg", r"these rules show no bergère")
    refused(edit(to_notation(dealt("belote-a-deux")), o="7s"), "o", r"no contract is chosen yet")


def test_decouverte_positions() -> None:
    """Découverte (docs/design/belote-variants.md, JD/E2/PG): each player's 8 face-up cards lie on 8
    face-down ones; the dealer's last face-up card proposes trumps and stays his; a played card's
    face-down card turns up when the trick is complete."""
    state = dealt("decouverte")
    text = to_notation(state)
    assert text == (
        "decouverte d0 bidding:1 sl=KsJc,ThKh,Qh9d,AhTc,7dAc,8d9h,Ad7s,8cAs/7h9s,8hJh,Td7c,JdQc,QdJs,Kd8s,9cQs,KcTs "
        "r=7d b=-"
    )
    parsed = from_notation(text)
    assert to_notation(parsed) == text and parsed.hidden == state.hidden and parsed.under == state.under
    assert parsed.hands[0] == state.hands[0] and parsed.hands[0].bit_count() == 8
    # Seat 1 leads 7h, seat 0 wins with Th: Kh (under Th) turns up; seat 0 leads Ks, on Jc.
    state = dealt("decouverte", "take:d", "7h", "Th", "Ks")
    text = to_notation(state)
    assert text == (
        "decouverte d0 play:1 sl=Qh9d,Kh,AhTc,7dAc,8d9h,Ad7s,8cAs,-Jc/9s,8hJh,Td7c,JdQc,QdJs,Kd8s,9cQs,KcTs "
        "r=7d b=take:d t=0:Ks k=7hTh/- w=0 tw=1/0"
    )
    parsed = from_notation(text)
    assert to_notation(parsed) == text and parsed.legal_actions() == state.legal_actions()
    assert parsed.under == state.under and parsed.hidden == state.hidden
    same_future(state, parsed, random.Random(5))
    # Trumps fixed by the last card (JD): no taking, play from the start.
    fixed = dealt("decouverte", rules=BeloteRules.preset("decouverte").replace(decouverte_trump="fixed"))
    text = to_notation(fixed)
    assert text.split()[2] == "play:1" and " r=7d b=- t=- k=-/-" in text
    assert to_notation(from_notation(text)) == text
    refused(edit(text, phase="bidding:1"), "phase", r"trumps are the retourne's suit, d \(decouverte_trump=fixed\)")


def test_errors_for_two_and_three_players() -> None:
    """Inconsistent positions for the small tables are refused, naming the field."""
    three = to_notation(dealt("trois-joueurs"))
    refused(edit(three, h="JsKs9h9dAd/QsQhTdKcAc"), "h", r"expected 3 hands separated by '/', got 2")
    refused(edit(three, h="JsKs9h9dAd/QsQhTdKcAc/AsKhQd9cQc/-"), "h", r"expected 3 hands separated by '/', got 4")
    refused(edit(three, h="7sKs9h9dAd/QsQhTdKcAc/AsKhQd9cQc"), "h",
            r"card 7s \(h seat 0\) is not in the pack: .*deck=24: no 7s or 8s")  # fmt: skip
    refused(edit(three, u="ThJd9sKdJcAhJh8c"), "u", r"card 8c \(u\) is not in the pack")
    refused(edit(three, r="8s"), "r", r"card 8s is not in the pack")
    refused(edit(three, dealer="d3"), "dealer", r"bad seat '3': expected a number 0\.\.2")
    refused(edit(three, ctx="1,2"), "ctx", r"expected A,B,C \(the seat scores before the deal\)")
    played = to_notation(dealt("trois-joueurs", "take:s", "Ts", "9s", "Js", "Ks"))
    refused(edit(played, k="9sTsJs/-"), "k", r"expected 3 seats separated by '/', got 2")
    refused(edit(played, tw="0/1/0"), "tw", r"seat 0 won 0 trick\(s\), but it has taken 1 \(k\)")
    refused(edit(played, k="9sTs/Js/-"), "k", r"seat 0 has 2 cards: each trick adds 3 cards to one seat")
    # A bad découverte layout: h instead of sl, a slot of three cards, too many slots, an empty one.
    open_ = to_notation(dealt("decouverte"))
    up, down = "KsJc,ThKh,Qh9d,AhTc,7dAc,8d9h,Ad7s,8cAs", "7h9s,8hJh,Td7c,JdQc,QdJs,Kd8s,9cQs,KcTs"
    refused(edit(open_, h="KsThQhAh7d8dAd8c/7h8hTdJdQdKd9cKc"), "h", r"the hands are the face-up cards of sl")
    refused(edit(open_, sl=None), "sl", r"missing: with layout=decouverte, the fields sl, r, b are required")
    refused(edit(open_, sl=up), "sl", r"expected 2 layouts separated by '/', got 1")
    refused(edit(open_, sl=up.replace("KsJc", "KsJcQd") + "/" + down), "sl", r"bad slot 'KsJcQd' \(seat 0\)")
    refused(edit(open_, sl=up.replace("7dAc", "7d,Ac") + "/" + down), "sl", r"seat 0 has 9 slots")
    refused(edit(open_, sl=up + ",/" + down), "sl", r"empty slot '' \(seat 0\)")
    refused(edit(open_, sl=up + "/" + down.replace("KcTs", "Kc,-Ts")), "sl", r"seat 1 has 9 slots")
    refused(edit(open_, sl=up.replace("7dAc", "Ac7d") + "/" + down), "r", r"the retourne 7d was dealt face up")
    refused(edit(open_, r="7h"), "r", r"the retourne 7h is the last card dealt, face up to the dealer \(seat 0\)")
    refused(edit(open_, u="7d"), "u", r"a découverte layout deals every card before the taking")
    refused(edit(to_notation(dealt("classique")), sl="-/-"), "sl", r"only layout=decouverte lays cards out")
    mid = to_notation(dealt("decouverte", "take:d", "7h", "Th", "Ks"))
    up, down = "Qh9d,Kh,AhTc,7dAc,8d9h,Ad7s,8cAs", "9s,8hJh,Td7c,JdQc,QdJs,Kd8s,9cQs,KcTs"
    assert edit(mid, sl=f"{up},-Jc/{down}") == mid
    refused(edit(mid, sl=f"{up},Jc/{down}"), "sl", r"seat 0 played Ks to the trick in progress from a slot")
    refused(edit(mid, sl=f"{up},-Jc,-Th/{down}"), "sl", r"seat 0 has two '-' slots")
    refused(edit(mid, sl=f"{up},-Jc/{down.replace('KcTs', 'Kc,-Ts')}"), "sl", r"seat 1 has 9 slots")
    refused(edit(mid, sl=f"{up},-Jc/{down.replace('9s,', '-9s,', 1)}"), "sl", r"seat 1 has the slot -9s")
