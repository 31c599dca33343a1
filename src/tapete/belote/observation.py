"""What one Belote seat may see, and deals of the unseen cards consistent with it.

The only door through which hidden cards leave the Belote engine, as for
Guiñote: the seat's hand, the public table (retourne, bids, contract, trick,
tricks, points), declarations as announced (kind, points and height; their
cards only once the winning side shows them after the first trick), and the
cards publicly known in other hands (the retourne taken, the other half of
a belote once the first is played).

>>> import random
>>> from tapete.belote.rules import BeloteRules
>>> state = BeloteState.new_deal(BeloteRules(), seed=5, dealer=0)
>>> obs = observe(state, 2)
>>> obs.hand_sizes, obs.undealt, obs.retourne == state.retourne
((5, 5, 5, 5), 11, True)
>>> observe(sample_deal(obs, random.Random(1)), 2) == obs
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tapete.belote.declarations import Declaration
from tapete.belote.rules import BeloteRules
from tapete.belote.state import PHASE_NAMES, BeloteState, duties_for
from tapete.belote.tables import CONTRACTS
from tapete.cards.deck import cards_of
from tapete.cards.french import KING, QUEEN
from tapete.errors import SetupError
from tapete.sampling import deal_hidden, proven_absent
from tapete.tricks import beats
from tapete.views import SeatView

FULL = (1 << 32) - 1


@dataclass(frozen=True)
class BeloteObservation(SeatView):
    """Everything one seat may know about a Belote deal, and nothing more."""

    rules: BeloteRules
    #: The face-up retourne while the taking lasts, else -1.
    retourne: int
    #: Cards not dealt yet (the rest of the deck during the taking).
    undealt: int
    round: int
    passes: int
    bids: tuple[tuple[int, int], ...]
    high_bid: int
    high_seat: int
    coinched_by: int
    surcoinched: bool
    contract: int
    bid: int
    multiplier: int
    taker: int
    trump: int
    card_points: tuple[int, int]
    #: Declarations as announced: (seat, kind, points, height); kind 2 carré, 1 sequence.
    announced: tuple[tuple[int, int, int, int], ...]
    declared_seats: int
    decl_team: int
    decl_points: tuple[int, int]
    #: The seat that announced belote (played one of king and queen of trumps), or -1.
    belote_seat: int
    belote_played: int
    #: Cards each seat is publicly known to hold (bitmasks).
    known: tuple[int, ...]
    scores_before: tuple[int, int]
    legal_actions: tuple[int, ...]


def observe(state: BeloteState, seat: int) -> BeloteObservation:
    """The observation of ``seat``; the only way bots and clients see a Belote deal."""
    if not 0 <= seat < 4:
        raise SetupError(f"seat {seat} is not at this table: expected 0..3")
    leader = state.leader
    announced = tuple((s, d[0], d[1], d[2]) for s, d in state.declared)
    return BeloteObservation(
        rules=state.rules,
        seat=seat,
        phase=PHASE_NAMES[state.phase],
        current_player=state.cur,
        dealer=state.dealer,
        hand=tuple(cards_of(state.hands[seat])),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        retourne=state.retourne if state.taker < 0 else -1,
        undealt=len(state.rest),
        round=state.round,
        passes=state.passes,
        bids=tuple(state.bids),
        high_bid=state.high_bid,
        high_seat=state.high_seat,
        coinched_by=state.coinched_by,
        surcoinched=state.surcoinched,
        contract=state.contract,
        bid=state.bid,
        multiplier=state.multiplier,
        taker=state.taker,
        trump=state.trump,
        trick=tuple(((leader + i) % 4, c) for i, c in enumerate(state.trick)),
        tricks=tuple(state.tricks),
        card_points=(state.card_points[0], state.card_points[1]),
        announced=announced,
        declared_seats=state.declared_seats,
        decl_team=state.decl_team,
        decl_points=(state.decl_points[0], state.decl_points[1]),
        belote_seat=state.belote_seat if state.belote_played else -1,
        belote_played=state.belote_played,
        known=tuple(state.known[p] & state.hands[p] for p in range(4)),
        scores_before=state.scores_before,
        legal_actions=tuple(state.legal_actions()) if state.cur == seat else (),
    )


def sample_deal(obs: BeloteObservation, rng: random.Random) -> BeloteState:
    """A full deal consistent with ``obs``: the unseen cards dealt at random.

    Voids proven by the duties of play are respected. Declarations keep what
    was announced (kind, points, height) but not the unshown cards behind
    them: a sampled hand need not hold the announced sequence.
    """
    rules = obs.rules
    seat = obs.seat
    fixed = obs.hand_mask
    hands = [0, 0, 0, 0]
    hands[seat] = fixed
    for p in range(4):
        if p != seat:
            hands[p] = obs.known[p]
            fixed |= obs.known[p]
    if obs.retourne >= 0:
        fixed |= 1 << obs.retourne
    gone = obs.played_mask()
    pool = list(cards_of(FULL & ~gone & ~fixed))
    need = [0 if p == seat else obs.hand_sizes[p] - obs.known[p].bit_count() for p in range(4)]
    if sum(need) + obs.undealt != len(pool):
        raise SetupError("observation is inconsistent: hidden card count does not match the unseen cards")
    banned = [0, 0, 0, 0]
    if obs.contract >= 0:
        plays = [(leader, list(cards)) for leader, _, cards in obs.tricks]
        if obs.trick:
            plays.append((obs.trick[0][0], [c for _, c in obs.trick]))
        t = CONTRACTS[obs.contract]
        banned = proven_absent(plays, 4, FULL & ~gone, t.trump, t.trick, duties_for(rules, obs.contract), True)
    dealt, rest = deal_hidden(pool, need, banned, rng)
    world = BeloteState(rules)
    world.dealer = obs.dealer
    world.first = (obs.dealer + 1) % 4
    world.phase = PHASE_NAMES.index(obs.phase)
    world.cur = obs.current_player
    world.hands = [hands[p] | dealt[p] for p in range(4)]
    world.rest = rest
    world.retourne = obs.retourne
    world.round = obs.round
    world.passes = obs.passes
    world.bids = list(obs.bids)
    world.high_bid, world.high_seat = obs.high_bid, obs.high_seat
    world.coinched_by, world.surcoinched = obs.coinched_by, obs.surcoinched
    world.bid, world.multiplier, world.taker = obs.bid, obs.multiplier, obs.taker
    world.leader = obs.trick[0][0] if obs.trick else (obs.tricks[-1][1] if obs.tricks else world.first)
    if obs.contract >= 0:
        world.contract = obs.contract
        world._t = CONTRACTS[obs.contract]
        world._duties = duties_for(rules, obs.contract)
        world.trump = obs.trump
    world.trick = [c for _, c in obs.trick]
    best, best_seat = -1, -1
    for s, c in obs.trick:
        if best < 0 or beats(c, best, obs.trump, world._t.trick):
            best, best_seat = c, s
    world.trick_best, world.trick_best_seat = best, best_seat
    taken = [0, 0]
    won = [0, 0, 0, 0]
    for _, winner, cards in obs.tricks:
        for c in cards:
            taken[winner % 2] |= 1 << c
        won[winner] += 1
    world.tricks = list(obs.tricks)
    world.taken = taken
    world.tricks_won = won
    world.tricks_played = len(obs.tricks)
    world.last_winner = obs.tricks[-1][1] if obs.tricks else -1
    world.card_points = list(obs.card_points)
    declared: list[tuple[int, Declaration]] = []
    for s, kind, points, height in obs.announced:
        declared.append((s, (kind, points, height, -1, 0)))
    world.declared = declared
    world.declared_seats = obs.declared_seats
    world.decl_team = obs.decl_team
    world.decl_points = list(obs.decl_points)
    world.belote_played = obs.belote_played
    world.belote_seat = obs.belote_seat
    if obs.belote_seat < 0 and obs.trump >= 0 and rules.belote_rebelote and obs.contract >= 0:
        # Nobody has announced yet: whoever holds both in the sample holds the belote.
        pair = (1 << (obs.trump * 8 + KING)) | (1 << (obs.trump * 8 + QUEEN))
        for p in range(4):
            if world.hands[p] & pair == pair:
                world.belote_seat = p
    world.known = list(obs.known)
    world.scores_before = obs.scores_before
    return world
