"""Belote observations hold no hidden card, and sampled deals look the same from the seat.

Source: 004 "Preparación y reparto" (hands are dealt face down; the retourne is
face up), "Declaraciones" (declarations are announced; their cards are shown
only by the side that scores them), "Juego de bazas" (the duties that reveal voids)
(/work/shared/seeds/004_dfe9ce799596b547.txt). For 2 and 3 players:
docs/design/belote-variants.md, sections 1-3 and "observation.py" (the à deux
retourne and bergère are public, its other undealt cards are face down out of
play; in découverte face-up cards are public and face-down cards are seen by
nobody, their owner included).
"""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tapete.belote.observation import BeloteObservation, observe, sample_deal
from tapete.belote.rules import PRESETS, BeloteRules
from tapete.belote.state import BeloteState, pack_of
from tapete.core.cards.deck import cards_of
from tapete.core.cards.french import KING, QUEEN
from tapete.core.tricks import beats, legal_mask
from tests.support import play_random

#: Every preset, and option combinations that change what is hidden or public.
VARIANTS: dict[str, BeloteRules] = {
    **PRESETS,
    "trois-joueurs/sa-ta/2-3": PRESETS["trois-joueurs"].replace(taking_sa_ta=True, deal_packets="2-3"),
    "trois-joueurs/7-cards/bergere": PRESETS["trois-joueurs"].replace(
        hand_size=7, taker_takes_retourne=False, bergere=True
    ),
    "belote-a-deux/3-2/sa-ta": PRESETS["belote-a-deux"].replace(deal_packets="3-2", taking_sa_ta=True),
    "belote-a-deux/no-bergere": PRESETS["belote-a-deux"].replace(bergere=False),
    "decouverte/fixed": PRESETS["decouverte"].replace(decouverte_trump="fixed"),
    "decouverte/belote/declarations": PRESETS["decouverte"].replace(
        belote_rebelote=True, declarations=True, taking_sa_ta=True
    ),
}


def mask(cards: object) -> int:
    m = 0
    for c in cards:  # type: ignore[attr-defined]
        m |= 1 << c
    return m


def reach(rules: BeloteRules, seed: int, steps: int) -> BeloteState:
    state = BeloteState.new_deal(rules, seed=seed, dealer=seed % rules.players)
    return play_random(state, steps, seed)


def hidden_from(state: BeloteState, seat: int) -> int:
    """The cards ``seat`` may not see: other hands (but what is publicly known of them), the
    undealt pack, the face-down out-of-play pile, and every face-down découverte card."""
    hidden = state.out | mask(state.rest)
    for p in range(state.n):
        hidden |= state.hidden[p]
        if p != seat and state.rules.layout == "hand":
            hidden |= state.hands[p] & ~state.known[p]
    return hidden


def seen_by(obs: BeloteObservation) -> int:
    """Every card an observation names."""
    seen = obs.hand_mask | obs.played_mask()
    for m in (*obs.known, *obs.covered):
        seen |= m
    for c in (obs.retourne, obs.bergere):
        if c >= 0:
            seen |= 1 << c
    for _, action in obs.bids:
        if 0 <= action < 32:
            seen |= 1 << action
    for a in obs.legal_actions:
        if 0 <= a < 32:
            seen |= 1 << a
    return seen


def check_world(obs: BeloteObservation, world: BeloteState) -> None:
    """The sampled world is a whole, possible deal: every card of the pack in exactly one place,
    the slots of découverte filled as the observation counts them, the proven voids kept."""
    rules = obs.rules
    places = [*world.hands, *world.hidden, *world.taken, world.out, mask(world.rest), mask(world.trick)]
    if world.retourne >= 0 and not any((h >> world.retourne) & 1 for h in world.hands):
        if not any((t >> world.retourne) & 1 for t in world.taken) and world.retourne not in world.trick:
            places.append(1 << world.retourne)
    if world.bergere >= 0:
        places.append(1 << world.bergere)
    total = 0
    for m in places:
        assert total & m == 0, "a card is in two places"
        total |= m
    assert total == mask(pack_of(rules))
    assert world.out.bit_count() == obs.out_count
    assert len(world.rest) == obs.undealt
    for p in range(world.n):
        assert mask(world.under[c] for c in cards_of(obs.covered[p])) == world.hidden[p]
        assert all(world.under[c] >= 0 for c in cards_of(obs.covered[p]))
    for c in range(32):
        if world.under[c] >= 0:
            owner = [p for p in range(world.n) if (obs.covered[p] >> c) & 1]
            assert len(owner) == 1
    if world.contract >= 0:
        dealt = obs.played_mask()
        for p in range(world.n):
            dealt |= world.hands[p] | world.hidden[p]
        pts = world._t.points
        assert world.in_play == rules.last_trick_bonus + sum(pts[c] for c in cards_of(dealt))
    if rules.layout == "hand" and world.contract >= 0:
        replay_duties(world)


def replay_duties(world: BeloteState) -> None:
    """Rebuild each seat's hand before each play and check the play was legal (no draws in Belote)."""
    n = world.n
    held = list(world.hands)
    plays = [(leader, list(cards)) for leader, _, cards in world.tricks]
    if world.trick:
        plays.append((world.leader, list(world.trick)))
    for leader, cards in plays:
        for k, c in enumerate(cards):
            held[(leader + k) % n] |= 1 << c
    t = world._t
    for leader, cards in plays:
        best, best_seat = cards[0], leader
        held[leader] ^= 1 << cards[0]
        for k in range(1, len(cards)):
            s = (leader + k) % n
            partner = n == 4 and ((best_seat ^ s) & 1) == 0
            legal = legal_mask(held[s] | (1 << cards[k]), cards[:k], best, partner, world.trump, t.trick, world._duties)
            assert (legal >> cards[k]) & 1, f"seat {s} could not have played {cards[k]}"
            held[s] ^= 1 << cards[k]
            if beats(cards[k], best, world.trump, t.trick):
                best, best_seat = cards[k], s


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(0, 10_000), st.integers(0, 45))
def test_no_hidden_card_in_an_observation(variant: str, seed: int, steps: int) -> None:
    state = reach(VARIANTS[variant], seed, steps)
    for seat in range(state.n):
        obs = observe(state, seat)
        assert seen_by(obs) & hidden_from(state, seat) == 0
        assert obs.hand_mask == state.hands[seat]
        for p, known in enumerate(obs.known):
            assert known & ~state.hands[p] == 0
        assert len(obs.hand_sizes) == len(obs.known) == len(obs.covered) == state.n
        assert len(obs.card_points) == len(obs.decl_points) == len(obs.scores_before) == state.units
        # announced declarations carry kind, points and height only: no card masks
        assert all(len(a) == 4 for a in obs.announced)
        assert obs.legal_actions == (tuple(state.legal_actions()) if state.cur == seat else ())


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(VARIANTS)), st.integers(0, 10_000), st.integers(0, 60), st.integers(0, 2**32))
def test_sampled_deal_is_consistent(variant: str, seed: int, steps: int, rng_seed: int) -> None:
    state = reach(VARIANTS[variant], seed, steps)
    seat = (seed + steps) % state.n
    obs = observe(state, seat)
    world = sample_deal(obs, random.Random(rng_seed))
    assert observe(world, seat) == obs
    check_world(obs, world)
    assert (world.legal_actions() if world.cur == seat else []) == (state.legal_actions() if state.cur == seat else [])
    # the sampled world can be played on to the end
    rng = random.Random(rng_seed)
    while not world.is_terminal():
        la = world.legal_actions()
        world.apply_action(la[rng.randrange(len(la))])
    world.result()


def test_sampled_deals_match_at_every_point_of_random_deals() -> None:
    """Every preset and variant, every step of whole deals, every seat: the sampled world
    shows the same observation and is a possible deal."""
    for name, rules in sorted(VARIANTS.items()):
        for seed in range(4):
            state = BeloteState.new_deal(rules, seed=seed, dealer=seed % rules.players)
            rng = random.Random(seed)
            while True:
                for seat in range(state.n):
                    obs = observe(state, seat)
                    world = sample_deal(obs, rng)
                    assert observe(world, seat) == obs, (name, seed)
                    check_world(obs, world)
                if state.is_terminal():
                    break
                la = state.legal_actions()
                state.apply_action(la[rng.randrange(len(la))])


def test_three_players_nothing_hidden_leaks() -> None:
    """docs/design/belote-variants.md §1 (E3, F3): 3 players each for himself, 24 cards, 5 each
    and a retourne, then 8 each. A seat sees its hand, the retourne and the taker's holding of
    it, and played cards; never the other two hands or the 8 undealt cards."""
    rules = PRESETS["trois-joueurs"]
    for seed in range(20):
        state = BeloteState.new_deal(rules, seed=seed, dealer=seed % 3)
        rng = random.Random(seed)
        obs = observe(state, 0)
        assert obs.hand_sizes == (5, 5, 5) and obs.undealt == 8 and obs.out_count == 0
        while not state.is_terminal():
            for seat in range(3):
                obs = observe(state, seat)
                others = 0
                for p in range(3):
                    if p != seat:
                        others |= state.hands[p] & ~state.known[p]
                assert seen_by(obs) & (others | mask(state.rest)) == 0
                assert seen_by(obs) & ~mask(pack_of(rules)) == 0, "a 7 or 8 is never in the 24-card pack"
                if state.taker >= 0:
                    # publicly known: the retourne the taker took, the other half of an announced
                    # belote, the cards of declarations shown after the first trick
                    public = 1 << state.retourne
                    if state.trump >= 0:
                        public |= (1 << (state.trump * 8 + KING)) | (1 << (state.trump * 8 + QUEEN))
                    for _, d in state.declared:
                        public |= d[4]
                    assert all(k & ~public == 0 for k in obs.known)
                    assert obs.retourne == -1
            la = state.legal_actions()
            state.apply_action(la[rng.randrange(len(la))])


def test_a_deux_out_of_play_cards_never_observed() -> None:
    """docs/design/belote-variants.md §2 (E2, PP): 9 cards each, the retourne not taken stays face
    up, the bergère is shown, the other 12 cards stay face down out of play, seen by nobody."""
    rules = PRESETS["belote-a-deux"]
    played = 0
    for seed in range(30):
        state = BeloteState.new_deal(rules, seed=seed, dealer=seed % 2)
        rng = random.Random(seed)
        while not state.is_terminal():
            la = state.legal_actions()
            state.apply_action(la[rng.randrange(len(la))])
            for seat in range(2):
                obs = observe(state, seat)
                assert seen_by(obs) & state.out == 0
                if state.taker >= 0:
                    played += 1
                    assert obs.out_count == 12 and obs.undealt == 0
                    assert obs.retourne == state.retourne >= 0
                    assert obs.bergere == state.bergere >= 0
                    assert obs.hand_sizes == tuple(9 - len(state.tricks) - seat_in_trick(obs, p) for p in range(2))
    assert played


def seat_in_trick(obs: BeloteObservation, seat: int) -> int:
    return sum(1 for s, _ in obs.trick if s == seat)


def test_a_deux_observation_ignores_the_dead_pile() -> None:
    """docs/design/belote-variants.md §2: the out-of-play cards are face down, so swapping one with
    a card of the opponent's hand changes nothing the other player sees."""
    rules = PRESETS["belote-a-deux"]
    for seed in range(20):
        order = pack_of(rules)
        random.Random(seed).shuffle(order)
        # dealer 1: seat 0 gets deck[0:3], [6:9] and the completion deck[13:16]; seat 1 deck[16:19];
        # deck[19:31] stay out of play and deck[31] is the bergère.
        swapped = order[:]
        swapped[16], swapped[20] = swapped[20], swapped[16]
        a = BeloteState.new_deal(rules, order, dealer=1)
        b = BeloteState.new_deal(rules, swapped, dealer=1)
        for s in (a, b):
            s.play("take:" + "shdc"[s.retourne // 8])
        assert a.hands[1] != b.hands[1] and a.out != b.out
        assert observe(a, 0) == observe(b, 0)


def test_a_deux_sampler_respects_the_dead_pile() -> None:
    """docs/design/belote-variants.md "observation.py": the sampler deals the unseen cards between
    the opponent's hand and the dead pile, never touching the retourne or the bergère."""
    rules = PRESETS["belote-a-deux"]
    state = BeloteState.new_deal(rules, seed=11, dealer=0)
    state.play("take:" + "shdc"[state.retourne // 8])
    obs = observe(state, 1)
    seen_out = 0
    for k in range(40):
        world = sample_deal(obs, random.Random(k))
        assert world.out.bit_count() == 12 and world.hands[0].bit_count() == 9 and world.rest == []
        assert world.hands[1] == state.hands[1]
        assert world.retourne == state.retourne and world.bergere == state.bergere
        unseen = mask(pack_of(rules)) & ~state.hands[1] & ~(1 << state.retourne) & ~(1 << state.bergere)
        assert world.out | world.hands[0] == unseen
        seen_out |= world.out
    assert seen_out == mask(pack_of(rules)) & ~state.hands[1] & ~(1 << state.retourne) & ~(1 << state.bergere)


def test_decouverte_face_down_cards_never_observed_even_by_owner() -> None:
    """docs/design/belote-variants.md §3 (JD, E2): 8 face-up cards on 8 face-down ones each;
    nobody knows the face-down cards, the owner included. Face-up cards are public."""
    for rules in (PRESETS["decouverte"], VARIANTS["decouverte/fixed"]):
        for seed in range(20):
            state = BeloteState.new_deal(rules, seed=seed, dealer=seed % 2)
            rng = random.Random(seed)
            while True:
                for seat in range(2):
                    obs = observe(state, seat)
                    assert seen_by(obs) & (state.hidden[0] | state.hidden[1]) == 0
                    assert obs.known == tuple(state.hands)
                    assert obs.hidden_sizes == tuple(h.bit_count() for h in state.hidden)
                if state.is_terminal():
                    break
                la = state.legal_actions()
                state.apply_action(la[rng.randrange(len(la))])
            assert len(state.tricks) == 16


def test_decouverte_observation_ignores_face_down_cards() -> None:
    """docs/design/belote-variants.md §3: swapping two face-down cards, the owner's own or one
    of each player, changes neither player's observation."""
    rules = PRESETS["decouverte"]
    for seed in range(10):
        order = pack_of(rules)
        random.Random(seed).shuffle(order)
        # deck[0:4] and [16:20]: the non-dealer's face-down cards; deck[4:8] and [20:24] the dealer's.
        for i, j in ((0, 1), (0, 4), (17, 22)):
            swapped = order[:]
            swapped[i], swapped[j] = swapped[j], swapped[i]
            a = BeloteState.new_deal(rules, order, dealer=0)
            b = BeloteState.new_deal(rules, swapped, dealer=0)
            assert a.under != b.under
            for seat in range(2):
                assert observe(a, seat) == observe(b, seat)


def test_decouverte_sampler_fills_the_slots() -> None:
    """docs/design/belote-variants.md "observation.py": the sampler puts one unseen card under
    each covered face-up card (the slot decides when it flips), in any slot."""
    rules = PRESETS["decouverte"]
    state = BeloteState.new_deal(rules, seed=3, dealer=1)
    state = play_random(state, 9, 3)
    obs = observe(state, 0)
    under_seen: dict[int, set[int]] = {}
    for k in range(60):
        world = sample_deal(obs, random.Random(k))
        check_world(obs, world)
        for p in range(2):
            for c in cards_of(obs.covered[p]):
                under_seen.setdefault(c, set()).add(world.under[c])
    # no slot is tied to its real card: each covered slot received several different cards
    assert under_seen and all(len(v) > 1 for v in under_seen.values())


def test_decouverte_voids_say_nothing_about_face_down_cards() -> None:
    """docs/design/belote-variants.md §3: the duties read face-up cards only (a hidden card
    never obliges), so a player who does not follow suit may still hold that suit face down."""
    rules = PRESETS["decouverte"]
    found = 0
    for seed in range(200):
        state = BeloteState.new_deal(rules, seed=seed, dealer=seed % 2)
        rng = random.Random(seed)
        while not state.is_terminal() and not found:
            if len(state.trick) == 1 and state.phase == 1:
                led = state.trick[0] // 8
                seat = state.cur
                suit = sum(1 << (led * 8 + r) for r in range(8))
                la = [a for a in state.legal_actions() if a < 32 and a // 8 != led]
                unseen = state.hidden[0] | state.hidden[1]
                if la and unseen & suit and not state.hands[seat] & suit:
                    state.apply_action(la[0])
                    obs = observe(state, 1 - seat)
                    if obs.covered[seat]:
                        hit = False
                        for k in range(200):
                            world = sample_deal(obs, random.Random(k))
                            check_world(obs, world)
                            hit = hit or bool(world.hidden[seat] & suit)
                        assert hit
                        found += 1
                    break
            la = state.legal_actions()
            state.apply_action(la[rng.randrange(len(la))])
        if found:
            break
    assert found


def test_proven_voids_and_belote_are_respected_at_three_players() -> None:
    """004 "Juego de bazas" with no partner (docs/design/belote-variants.md, "What stays"): a seat
    that did not follow suit holds none of it in any sampled deal."""
    rules = PRESETS["trois-joueurs"]
    checked = 0
    for seed in range(60):
        state = reach(rules, seed, 4 + seed % 20)
        if state.phase != 1 or not state.tricks:
            continue
        seat = state.cur
        obs = observe(state, seat)
        for k in range(5):
            world = sample_deal(obs, random.Random(k))
            replay_duties(world)
            checked += 1
    assert checked


def test_unannounced_king_or_queen_of_trumps_proves_the_other_elsewhere() -> None:
    """004 "Declaraciones": belote is announced on playing the first of king and queen of trumps,
    so a seat that played one without announcing never held the other."""
    checked = 0
    for name in ("classique", "trois-joueurs", "belote-a-deux", "decouverte/belote/declarations"):
        rules = VARIANTS[name]
        for seed in range(300):
            state = BeloteState.new_deal(rules, seed=seed, dealer=seed % rules.players)
            rng = random.Random(seed)
            while not state.is_terminal():
                la = state.legal_actions()
                state.apply_action(la[rng.randrange(len(la))])
                if state.phase != 1 or state.trump < 0 or not state.tricks:
                    continue
                king, queen = state.trump * 8 + KING, state.trump * 8 + QUEEN
                _, _, cards = state.tricks[-1]
                leader = state.tricks[-1][0]
                for k, c in enumerate(cards):
                    p = (leader + k) % state.n
                    other = queen if c == king else king if c == queen else -1
                    if other < 0 or p == state.belote_seat:
                        continue
                    watcher = (p + 1) % state.n
                    if (state.hands[watcher] >> other) & 1:
                        continue
                    obs = observe(state, watcher)
                    for r in range(10):
                        world = sample_deal(obs, random.Random(r))
                        assert not ((world.hands[p] | world.hidden[p]) >> other) & 1
                        assert observe(world, watcher) == obs
                    checked += 1
                if checked > 20:
                    break
    assert checked


def test_observation_tuples_follow_the_table() -> None:
    """docs/design/belote-variants.md "observation.py": per seat and per scoring unit."""
    for name, players, units in (("classique", 4, 2), ("trois-joueurs", 3, 3), ("belote-a-deux", 2, 2)):
        rules = PRESETS[name]
        state = BeloteState.new_deal(rules, seed=1, dealer=0, scores_before=tuple(range(units)))
        obs = observe(state, players - 1)
        assert len(obs.hand_sizes) == players and obs.scores_before == tuple(range(units))
        assert dataclasses.replace(obs).card_points == (0,) * units
