"""Properties of the Belote deal engine over presets, option combinations, seeds and random legal play."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tapete.belote.actions import BID, DECLARE, bid_levels
from tapete.belote.rules import PRESETS, BeloteRules
from tapete.belote.scoring import score_deal, score_deal_solo
from tapete.belote.state import BIDDING, PLAY, BeloteState
from tapete.core.cards.deck import cards_of
from tests.support import assert_refused

from .helpers import choose, snapshot
from .test_perft import RefDeal, ref_classic_scores, ref_legal_cards, ref_pack, ref_points, ref_solo_scores

SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def any_rules(draw) -> BeloteRules:
    """A preset, possibly with every option redrawn (always a valid combination): at 4 players the 32-card pack
    (or the 24-card pack, 6 each); at 3 the 24-card game or the old French 32-card 3+3 deal (9 each, the retourne
    and a bergère out of play, docs/design/belote-variants.md); at 2 belote à deux's deals or the découverte
    layout."""
    r = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    if draw(st.booleans()):
        return r
    common = {
        "partner_exempt": draw(st.booleans()),
        "overtrump_partner_on_trump_lead": draw(st.booleans()),
        "must_undertrump": draw(st.booleans()),
        "declarations": draw(st.booleans()),
        "declaration_tie": draw(st.sampled_from(["trump_then_takers", "cancel", "eldest"])),
        "belote_rebelote": draw(st.booleans()),
        "belote_counts_for_contract": draw(st.booleans()),
        "belote_to_defence_on_failure": draw(st.booleans()),
        "rounding": draw(st.sampled_from(["none", "nearest_10", "down_10"])),
        "last_trick_bonus": draw(st.sampled_from([0, 10, 20])),
        "capot_bonus": draw(st.sampled_from([0, 50, 90, 100])),
        "direction": draw(st.sampled_from(["anticlockwise", "clockwise"])),
    }
    if r.layout == "decouverte":
        return r.replace(
            decouverte_trump=draw(st.sampled_from(["taking", "fixed"])),
            taking_sa_ta=draw(st.booleans()),
            next_dealer=draw(st.sampled_from(["next", "winner"])),
            **common,
        )
    common["deal_packets"] = packets = draw(st.sampled_from(["3-2", "2-3", "3-3"]))
    if r.players == 3:
        geometry = draw(st.sampled_from(["24", "32-3-3"]))
        if geometry == "32-3-3":  # A3, LS, PP: 3+3, the 19th turned up, 3 more each, 5 cards out of play
            common.update(deck="32", deal_packets="3-3", hand_size=9, taker_takes_retourne=False,
                          bergere=draw(st.booleans()))  # fmt: skip
        return r.replace(
            taking_sa_ta=draw(st.booleans()),
            contract_vs=draw(st.sampled_from(["each", "combined"])),
            failed_points=draw(st.sampled_from(["higher", "vanish", "both"])),
            next_dealer=draw(st.sampled_from(["next", "winner"])),
            **common,
        )
    if r.players == 2:
        return r.replace(
            taking_sa_ta=draw(st.booleans()),
            hand_size=draw(st.sampled_from([7, 8, 9, 12])),
            taker_takes_retourne=draw(st.booleans()),
            bergere=draw(st.booleans()),
            next_dealer=draw(st.sampled_from(["next", "winner"])),
            **common,
        )
    if draw(st.integers(0, 4)) == 0 and packets != "3-3":
        common.update(deck="24", hand_size=6)  # every card of the short pack dealt, 6 tricks
    common["litige"] = draw(st.sampled_from(["dedans", "held", "dropped"]))
    if r.bidding == "taking":
        return r.replace(taking_sa_ta=draw(st.booleans()), capot_scoring="bonus", **common)
    min_bid = draw(st.sampled_from([80, 82, 90]))
    step = draw(st.sampled_from([5, 10]))
    return r.replace(
        min_bid=min_bid,
        bid_step=step,
        max_bid=min_bid + step * draw(st.integers(0, 10)),
        auction_sa_ta=draw(st.booleans()),
        generale=draw(st.booleans()),
        coinche=draw(st.booleans()),
        surcoinche_multiplier=draw(st.sampled_from([3, 4])),
        scoring=draw(st.sampled_from(["contree", "made_points"])),
        capot_scoring=draw(st.sampled_from(["contract_250", "flat_500"])),
        **common,
    )


deals = st.tuples(any_rules(), st.integers(0, 2**32 - 1), st.integers(0, 3), st.integers(0, 2**32 - 1))


def start(rules: BeloteRules, seed: int, dealer: int) -> BeloteState:
    return BeloteState.new_deal(rules, seed=seed, dealer=dealer % rules.players)


def pack_mask(rules: BeloteRules) -> int:
    return sum(1 << c for c in ref_pack(rules))


def outside(s: BeloteState) -> int:
    """The cards dealt to nobody's play: a retourne not taken, the bergère and the face-down rest."""
    m = s.out | (1 << s.bergere if s.bergere >= 0 else 0)
    if s.rules.layout == "hand" and s.retourne >= 0 and (s.taker < 0 or not s.rules.taker_takes_retourne):
        m |= 1 << s.retourne
    return m


def check_cards(s: BeloteState) -> None:
    """Every card of the pack is in exactly one place: a hand (face up or, in découverte, face down), the stock
    still to deal, the face-up retourne, out of play (à deux), the trick, or a scoring unit's tricks."""
    places = [*s.hands, *s.hidden, sum(1 << c for c in s.rest), sum(1 << c for c in s.trick), *s.taken]
    places.append(outside(s))
    union = total = 0
    for m in places:
        union |= m
        total += m.bit_count()
    assert union == pack_mask(s.rules) and total == len(ref_pack(s.rules))
    for seat in range(s.n):
        assert s.known[seat] & ~s.hands[seat] == 0  # what is known to be held is held
    for seat in range(s.n):  # découverte: a face-down card lies under a face-up one until it is turned up
        unders = [s.under[c] for c in cards_of(s.hands[seat]) if s.under[c] >= 0]
        played = [(s.leader + i) % s.n for i in range(len(s.trick))]
        unders += [s.under[c] for p, c in zip(played, s.trick, strict=True) if p == seat and s.under[c] >= 0]
        assert sum(1 << c for c in unders) == s.hidden[seat] and len(unders) == s.hidden[seat].bit_count()


def points_of(contract: int, m: int) -> int:
    return sum(ref_points(contract, c) for c in cards_of(m))


@SETTINGS
@given(deals)
def test_conservation_sizes_and_totals(params):
    """Cards conserved; 5 cards each in the taking (6 with 3-3; 004 "Preparación" 2; découverte: 8 face up on 8
    face down, JD) and the whole hand in the auction; exactly hand_size each once trumps are chosen (004
    "Selección" 4; 9 at à deux, E2); one card fewer per trick; a legal action until the end; the card points of
    the cards in play plus the last trick per played deal (162 with every card dealt, 004; à deux: plus the
    out-of-play cards' points, 162), the result adding the capot adjustment; the result is score_deal (or
    score_deal_solo at 2 or 3 players) of what was recorded."""
    rules, seed, dealer, play_seed = params
    s = start(rules, seed, dealer)
    n = rules.players
    rng = random.Random(play_seed)
    was_bidding = True
    size = rules.hand_size
    while not s.is_terminal():
        check_cards(s)
        held = [(h | x).bit_count() for h, x in zip(s.hands, s.hidden, strict=True)]
        if s.phase == BIDDING:
            first = size if rules.bidding == "auction" else 6 if rules.deal_packets == "3-3" else 5
            assert held == ([16] * 2 if rules.layout == "decouverte" else [first] * n)
        elif was_bidding:
            assert held == [size] * n and s.tricks_played == 0
            was_bidding = False
        if s.phase == PLAY and not s.trick:
            assert held == [size - s.tricks_played] * n
            assert sum(s.tricks_won) == s.tricks_played
        acts = s.legal_actions()
        assert acts, "no legal action in a live deal"
        assert s.current_player in range(n)
        s.apply_action(choose(acts, rng))
    check_cards(s)
    assert s.legal_actions() == [] and s.current_player == -1
    res = s.result()
    if res.redeal:
        assert s.tricks_played == 0 and res.scores == (0,) * s.units
        return
    assert s.tricks_played == size and all(h == 0 for h in s.hands) and all(x == 0 for x in s.hidden)
    assert sum(s.card_points) == s.in_play == 152 + rules.last_trick_bonus - points_of(s.contract, outside(s))
    assert s.taken[0] & s.taken[1] == 0
    assert sum(m.bit_count() for m in s.taken) == n * size
    if res.capot_team >= 0:
        capot = s.in_play + rules.capot_bonus  # 004: 252 with the defaults, in every mode
        assert res.card_points[res.capot_team] == capot and sum(res.card_points) == capot
        assert s.card_points[res.capot_team] == s.in_play
    else:
        assert res.card_points == tuple(s.card_points)
    if n == 4:
        assert res == score_deal(rules, s.contract, s.bid, s.multiplier, s.taker % 2, tuple(s.card_points),
                                 tuple(s.tricks_won), tuple(s.decl_points), res.belote)  # fmt: skip
    else:
        assert res == score_deal_solo(rules, s.contract, s.taker, tuple(s.card_points), tuple(s.tricks_won),
                                      tuple(s.decl_points), res.belote, s.in_play)  # fmt: skip
    assert res.takers == (s.unit_of(s.taker) if s.taker >= 0 else -1) and res.contract == s.contract


@SETTINGS
@given(deals)
def test_illegal_actions_raise_and_change_nothing(params):
    """Any action outside legal_actions() raises IllegalActionError and leaves every field of the state
    (state._FIELDS) identical."""
    rules, seed, dealer, play_seed = params
    s = start(rules, seed, dealer)
    rng = random.Random(play_seed)
    n_actions = BID + 6 * len(bid_levels(rules))
    while not s.is_terminal():
        legal = set(s.legal_actions())
        illegal = [a for a in range(-2, n_actions + 3) if a not in legal]
        for a in rng.sample(illegal, min(4, len(illegal))):
            assert_refused(s, a, snapshot)
        s.apply_action(choose(sorted(legal), rng))
    for a in (0, 31, 32, 35, BID):
        assert_refused(s, a, snapshot)


@SETTINGS
@given(deals)
def test_clone_is_independent(params):
    """clone() copies the position; playing on either copy never changes the other; the same actions give the
    same states."""
    rules, seed, dealer, play_seed = params
    s = start(rules, seed, dealer)
    rng = random.Random(play_seed)
    for _ in range(rng.randrange(0, 40)):
        if s.is_terminal():
            break
        s.apply_action(choose(s.legal_actions(), rng))
    c = s.clone()
    frozen = snapshot(c)
    assert snapshot(s) == frozen
    played = []
    while not s.is_terminal():
        a = choose(s.legal_actions(), rng)
        s.apply_action(a)
        played.append(a)
    assert snapshot(c) == frozen
    for a in played:
        c.apply_action(a)
    assert snapshot(c) == snapshot(s)
    c2 = c.clone()
    assert c2.hands is not c.hands and c2.tricks is not c.tricks


@SETTINGS
@given(deals)
def test_pickle_and_copy_round_trip(params):
    """pickle, copy and deepcopy keep the whole position, and the copies play on identically."""
    rules, seed, dealer, play_seed = params
    s = start(rules, seed, dealer)
    rng = random.Random(play_seed)
    for _ in range(rng.randrange(0, 45)):
        if s.is_terminal():
            break
        s.apply_action(choose(s.legal_actions(), rng))
    copies = [pickle.loads(pickle.dumps(s)), copy.copy(s), copy.deepcopy(s)]
    for other in copies:
        assert snapshot(other) == snapshot(s)
    tail = []
    while not s.is_terminal():
        a = choose(s.legal_actions(), rng)
        s.apply_action(a)
        tail.append(a)
    for other in copies:
        for a in tail:
            other.apply_action(a)
        assert snapshot(other) == snapshot(s)
    if s.is_terminal():
        assert pickle.loads(pickle.dumps(s.result())) == s.result()


@SETTINGS
@given(deals)
def test_legal_cards_match_the_reference(params):
    """The engine's legal cards equal the naive reference's (test_perft.ref_legal_cards: 004 "Juego de bazas" 2-5
    and the options, as tiers) at every card decision, for any option combination."""
    rules, seed, dealer, play_seed = params
    s = start(rules, seed, dealer)
    rng = random.Random(play_seed)
    checked = 0
    while not s.is_terminal():
        if s.phase == PLAY:
            seat = s.current_player
            plays = [((s.leader + i) % rules.players, c) for i, c in enumerate(s.trick)]
            ref = ref_legal_cards(rules, s.contract, set(cards_of(s.hands[seat])), plays, seat)
            assert set(cards_of(s.legal_card_mask())) == ref
            assert {a for a in s.legal_actions() if a < 32} == ref
            checked += 1
        s.apply_action(choose(s.legal_actions(), rng))
    assert checked > 0 or s.redeal


@SETTINGS
@given(deals)
def test_whole_deal_matches_the_reference(params):
    """Every legal action (takes, bids, coinche, surcoinche, passes, declare, cards), the seat to act, the card
    points, declarations and belote agree with the independent reference deal of test_perft along random play,
    for any option combination; under the classique preset the score is 004's (test_perft.ref_classic_scores), at
    2 or 3 players the design's (test_perft.ref_solo_scores)."""
    rules, seed, dealer, play_seed = params
    deck = ref_pack(rules)
    random.Random(seed).shuffle(deck)
    dealer %= rules.players
    eng = BeloteState.new_deal(rules, deck, dealer=dealer)
    ref = RefDeal(rules, deck, dealer)
    rng = random.Random(play_seed)
    while not eng.is_terminal():
        acts = eng.legal_actions()
        assert sorted(acts) == sorted(ref.legal())
        assert eng.current_player == ref.turn
        a = choose(acts, rng)
        eng.apply_action(a)
        ref.apply(a)
    assert ref.over and ref.legal() == [] and ref.redeal == eng.redeal
    if eng.redeal:
        return
    res = eng.result()
    assert list(eng.card_points) == ref.points
    assert list(res.declarations) == ref.decl_points and list(res.belote) == ref.belote
    if rules == PRESETS["classique"]:
        assert res.scores == ref_classic_scores(ref)
    if rules.players != 4:
        assert res.scores == ref_solo_scores(ref)


# ------------------------------------------------------------------ silent declarations (issue 12, section 1)

DECLARING_PRESETS = [name for name, r in PRESETS.items() if r.declarations]


def _swap_away_declarations(state: BeloteState, taker_seat: int, other: int) -> BeloteState | None:
    """A copy of ``state`` in which one card of ``taker_seat``'s hand is swapped with one of ``other``'s (a seat,
    or -1 for the face-down out-of-play pile) so that ``taker_seat`` holds nothing to declare; None if no single
    swap does it. Publicly known cards and the belote pair are never swapped."""
    from tapete.belote.declarations import find

    r = state.rules
    low, natural = r.low_carres == "rank", r.carre_order == "natural"
    pair = 0
    if state.trump >= 0:
        pair = (1 << (state.trump * 8 + 6)) | (1 << (state.trump * 8 + 5))
    mine = state.hands[taker_seat] & ~state.known[taker_seat] & ~pair
    theirs = (state.out if other < 0 else state.hands[other] & ~state.known[other]) & ~pair
    for a in cards_of(mine):
        for b in cards_of(theirs):
            hand = state.hands[taker_seat] ^ (1 << a) ^ (1 << b)
            if find(hand, low, natural):
                continue
            world = state.clone()
            world.hands[taker_seat] = hand
            if other < 0:
                world.out ^= (1 << a) | (1 << b)
            else:
                world.hands[other] ^= (1 << a) | (1 << b)
            world._lm = -1
            return world
    return None


def _silent_pairs(preset: str, want: int) -> list[tuple[BeloteState, BeloteState, int, int]]:
    """Deals at the turn, in the first trick, of a seat offered ``declare`` (deal A), each with its twin (deal
    B) where that seat holds nothing to declare, the two differing only in cards its observers do not see."""
    out = []
    rules = PRESETS[preset]
    n = rules.players
    for seed in range(400):
        rng = random.Random(seed)
        s = BeloteState.new_deal(rules, seed=seed, dealer=seed % n)
        while s.phase == BIDDING:
            s.apply_action(choose(s.legal_actions(), rng))
        if s.phase != PLAY:
            continue
        while s.tricks_played == 0 and s.phase == PLAY and DECLARE not in s.legal_actions():
            s.apply_action(s.legal_actions()[0])
        if s.tricks_played or s.phase != PLAY:
            continue
        seat = s.cur
        others = [p for p in range(n) if p != seat]
        hidden_from_all = -1 if n == 2 else others[seed % len(others)]
        twin = _swap_away_declarations(s, seat, hidden_from_all)
        if twin is not None:
            out.append((s, twin, seat, hidden_from_all))
        if len(out) == want:
            break
    return out


@pytest.mark.parametrize("preset", DECLARING_PRESETS)
def test_a_declined_declaration_tells_nobody_anything(preset):
    """Issue 12, section 1, for Belote: ``declare`` is offered beside the cards in the first trick, so declining it
    is playing a card. Two deals that differ only in whether a seat could declare (cards swapped with a hand, or
    the out-of-play pile, that the observers do not see), played with the same public actions (the seat plays
    the same card without declaring), give every other seat identical observations, narration and spectator
    views at every step, through the settling of the declarations and on until a swapped card would be played."""
    from tapete.belote.game import GAME
    from tapete.belote.observation import observe

    pairs = _silent_pairs(preset, 6)
    assert len(pairs) >= 3, f"{preset}: too few deals with a declaration to decline"
    for a, b, seat, hidden in pairs:
        assert DECLARE in a.legal_actions() and DECLARE not in b.legal_actions()
        viewers = [p for p in range(a.n) if p not in (seat, hidden)]
        rng = random.Random(seat)
        steps = 0
        while not a.is_terminal():
            before = {p: observe(a, p) for p in viewers}
            for p in viewers:
                assert before[p] == observe(b, p), (preset, p, steps)
                assert GAME.public_observation(before[p]) == GAME.public_observation(observe(b, p))
            # The same public action in both deals; nobody declares (the seat declines; the others' hands
            # may differ between the deals, so their declarations could).
            common = [x for x in a.legal_actions() if x in b.legal_actions() and x != DECLARE]
            if not common:
                break
            action, actor = rng.choice(common), a.cur
            a.apply_action(action)
            b.apply_action(action)
            for p in viewers:
                after_a, after_b = observe(a, p), observe(b, p)
                assert after_a == after_b, (preset, p, steps)
                said = GAME.narrate(before[p], action, after_a, actor)
                assert said == GAME.narrate(before[p], action, after_b, actor)
            steps += 1
        assert a.tricks_played >= 1, "the pair should reach the settling of the declarations"
