"""What one Belote seat may see, and deals of the unseen cards consistent with it.

The only door through which hidden cards leave the Belote engine, as for
Guiñote: the seat's hand, the public table (retourne, bids, contract, trick,
tricks, points), declarations as announced (kind, points and height; their
cards only once the winning side shows them after the first trick), and the
cards publicly known in other hands (the retourne taken, the other half of
a belote once the first is played).

With 2 or 3 players (docs/design/belote-variants.md, "observation.py") the
same door holds more public cards and more hidden places:

- belote à deux: the retourne (not taken) and the bergère stay face up for
  the whole deal; the other undealt cards lie face down out of play, seen by
  nobody, so they are only counted (``out_count``);
- découverte: ``hand`` is the seat's face-up cards, every face-up card is
  public (``known`` holds each seat's face-up cards), and ``covered`` says
  which face-up cards lie on a face-down one. The face-down cards are seen by
  nobody, their owner included.

>>> import random
>>> from tapete.belote.rules import BeloteRules
>>> state = BeloteState.new_deal(BeloteRules(), seed=5, dealer=0)
>>> obs = observe(state, 2)
>>> obs.hand_sizes, obs.undealt, obs.retourne == state.retourne
((5, 5, 5, 5), 11, True)
>>> observe(sample_deal(obs, random.Random(1)), 2) == obs
True
>>> deux = BeloteState.new_deal(BeloteRules.preset("belote-a-deux"), seed=5, dealer=0)
>>> deux.play("take:" + "shdc"[deux.retourne // 8])
>>> obs = observe(deux, 0)
>>> obs.hand_sizes, obs.undealt, obs.out_count, obs.retourne == deux.retourne, obs.bergere == deux.bergere
((9, 9), 0, 12, True, True)
>>> observe(sample_deal(obs, random.Random(1)), 0) == obs
True
>>> layout = BeloteState.new_deal(BeloteRules.preset("decouverte"), seed=5, dealer=0)
>>> obs = observe(layout, 1)
>>> obs.hand_sizes, [m.bit_count() for m in obs.covered], obs.known[0] == layout.hands[0]
((8, 8), [8, 8], True)
>>> observe(sample_deal(obs, random.Random(1)), 1) == obs
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tapete.belote.declarations import Declaration
from tapete.belote.rules import BeloteRules
from tapete.belote.state import PHASE_NAMES, BeloteState, duties_for, pack_of
from tapete.belote.tables import CONTRACTS, tables_for
from tapete.core.cards.deck import cards_of
from tapete.core.cards.french import KING, QUEEN
from tapete.core.errors import SetupError
from tapete.core.sampling import deal_hidden, proven_absent
from tapete.core.tricks import holder
from tapete.core.views import SeatView, seen_hands


def _mask(cards: list[int] | tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


@dataclass(frozen=True)
class BeloteObservation(SeatView):
    """Everything one seat may know about a Belote deal, and nothing more.

    Per-seat tuples (``hand_sizes``, ``known``, ``covered``) have one entry per seat;
    ``card_points``, ``decl_points`` and ``scores_before`` one per scoring unit (the two
    teams at 4 players, else each seat).
    """

    rules: BeloteRules
    #: The face-up retourne while the taking lasts, and for the whole deal when it is not
    #: taken (belote à deux: face up, out of play; découverte: the dealer's face-up card); else -1.
    retourne: int
    #: The bergère: the bottom card of the undealt pack, shown face up after the deal
    #: (belote à deux), else -1.
    bergere: int
    #: Cards not dealt yet (the rest of the deck during the taking).
    undealt: int
    #: Cards left face down out of play after the deal (belote à deux): counted, never shown.
    out_count: int
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
    card_points: tuple[int, ...]
    #: Declarations as announced: (seat, kind, points, height); kind 2 carré, 1 sequence.
    announced: tuple[tuple[int, int, int, int], ...]
    declared_seats: int
    decl_team: int
    decl_points: tuple[int, ...]
    #: The seat that announced belote (played one of king and queen of trumps), or -1.
    belote_seat: int
    belote_played: int
    #: Cards each seat is publicly known to hold (bitmasks); in découverte, its face-up cards.
    known: tuple[int, ...]
    #: Découverte: per seat, its face-up cards (in hand or in the trick in progress) that lie on
    #: a face-down card (bitmasks); the face-down cards themselves are never shown. Else zeros.
    covered: tuple[int, ...]
    scores_before: tuple[int, ...]
    legal_actions: tuple[int, ...]

    @property
    def hidden_sizes(self) -> tuple[int, ...]:
        """Découverte: how many face-down cards each seat has (one under each covered card)."""
        return tuple(m.bit_count() for m in self.covered)


def _retourne_public(state: BeloteState) -> bool:
    """The retourne is shown while the taking lasts; a retourne nobody takes into his hand
    (belote à deux, découverte) stays public for the whole deal."""
    rules = state.rules
    return state.taker < 0 or rules.layout == "decouverte" or not rules.taker_takes_retourne


def observe(state: BeloteState, seat: int) -> BeloteObservation:
    """The observation of ``seat``; the only way bots and clients see a Belote deal."""
    n = state.n
    if not 0 <= seat < n:
        raise SetupError(f"seat {seat} is not at this table: expected 0..{n - 1}")
    leader = state.leader
    announced = tuple((s, d[0], d[1], d[2]) for s, d in state.declared)
    trick = tuple(((leader + i) % n, c) for i, c in enumerate(state.trick))
    if state.rules.layout == "decouverte":
        # Every face-up card is public; which of them lie on a face-down card too (a card in
        # the trick in progress still covers its card until the trick is complete).
        known = tuple(state.hands)
        covered = [0] * n
        for p in range(n):
            for c in cards_of(state.hands[p]):
                if state.under[c] >= 0:
                    covered[p] |= 1 << c
        for p, c in trick:
            if state.under[c] >= 0:
                covered[p] |= 1 << c
    else:
        known = tuple(state.known[p] & state.hands[p] for p in range(n))
        covered = [0] * n
    return BeloteObservation(
        rules=state.rules,
        seat=seat,
        phase=PHASE_NAMES[state.phase],
        current_player=state.cur,
        dealer=state.dealer,
        hand=tuple(cards_of(state.hands[seat])),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        retourne=state.retourne if _retourne_public(state) else -1,
        bergere=state.bergere,
        undealt=len(state.rest),
        out_count=state.out.bit_count(),
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
        trick=trick,
        tricks=tuple(state.tricks),
        card_points=tuple(state.card_points),
        announced=announced,
        declared_seats=state.declared_seats,
        decl_team=state.decl_team,
        decl_points=tuple(state.decl_points),
        belote_seat=state.belote_seat if state.belote_played else -1,
        belote_played=state.belote_played,
        known=known,
        covered=tuple(covered),
        scores_before=tuple(state.scores_before),
        legal_actions=tuple(state.legal_actions()) if state.cur == seat else (),
    )


def _belote_bans(obs: BeloteObservation, n: int) -> tuple[list[int], list[int]]:
    """What belote-rebelote proves about unseen cards: (banned per seat, forced per seat).

    The belote is announced by the engine as soon as its holder plays king or queen of
    trumps, so a seat that played one of them without it being its belote never held the
    other at the start of play. Once the holder has played one, the other is his: in his
    hand (then publicly known) or, in découverte, still face down in his layout.
    """
    banned = [0] * n
    forced = [0] * n
    if not (obs.rules.belote_rebelote and obs.contract >= 0 and obs.trump >= 0):
        return banned, forced
    king, queen = obs.trump * 8 + KING, obs.trump * 8 + QUEEN
    plays = [(s, c) for leader, _, cards in obs.tricks for s, c in _seated(leader, cards, n)]
    plays += list(obs.trick)
    for s, c in plays:
        if c in (king, queen):
            other = queen if c == king else king
            if s == obs.belote_seat:
                forced[s] |= 1 << other
            else:
                banned[s] |= 1 << other
    return banned, forced


def _seated(leader: int, cards: tuple[int, ...], n: int) -> list[tuple[int, int]]:
    return [((leader + i) % n, c) for i, c in enumerate(cards)]


def sample_deal(obs: BeloteObservation, rng: random.Random) -> BeloteState:
    """A full deal consistent with ``obs``: the unseen cards dealt at random.

    Voids proven by the duties of play are respected. Declarations keep what
    was announced (kind, points, height) but not the unshown cards behind
    them: a sampled hand need not hold the announced sequence. The unseen cards
    go to the other hands and the undealt pack, or the face-down out-of-play
    pile (belote à deux), or, in découverte, under the covered face-up cards.
    """
    rules = obs.rules
    seat = obs.seat
    n = rules.players
    pack = _mask(pack_of(rules))
    decouverte = rules.layout == "decouverte"
    hands, fixed = seen_hands(obs, obs.known)
    if obs.retourne >= 0:
        fixed |= 1 << obs.retourne
    if obs.bergere >= 0:
        fixed |= 1 << obs.bergere
    gone = obs.played_mask()
    pool = list(cards_of(pack & ~gone & ~fixed))
    belote_banned, belote_forced = _belote_bans(obs, n)
    world = BeloteState(rules)
    if decouverte:
        # Nobody sees a face-down card, so the duties (which read face-up cards only) prove
        # nothing about them: only the slot counts and the belote constrain the deal.
        need = [m.bit_count() for m in obs.covered]
        if sum(need) != len(pool) or obs.undealt or obs.out_count:
            raise SetupError("observation is inconsistent: face-down card count does not match the unseen cards")
        banned = [belote_banned[p] | _others(belote_forced, p) for p in range(n)]
        dealt, _ = deal_hidden(pool, need, banned, rng)
        for p in range(n):
            downs = list(cards_of(dealt[p]))
            rng.shuffle(downs)
            for up, down in zip(cards_of(obs.covered[p]), downs, strict=True):
                world.under[up] = down
            world.hidden[p] = dealt[p]
        rest: list[int] = []
    else:
        need = [0 if p == seat else obs.hand_sizes[p] - obs.known[p].bit_count() for p in range(n)]
        if sum(need) + obs.undealt + obs.out_count != len(pool):
            raise SetupError("observation is inconsistent: hidden card count does not match the unseen cards")
        if obs.undealt and obs.out_count:
            raise SetupError("observation is inconsistent: cards both undealt and out of play")
        banned = [belote_banned[p] | _others(belote_forced, p) for p in range(n)]
        if obs.contract >= 0:
            plays = [(leader, list(cards)) for leader, _, cards in obs.tricks]
            if obs.trick:
                plays.append((obs.trick[0][0], [c for _, c in obs.trick]))
            t = CONTRACTS[obs.contract]
            duties = duties_for(rules, obs.contract)
            absent = proven_absent(plays, n, pack & ~gone, t.trump, t.trick, duties, n == 4)
            banned = [banned[p] | absent[p] for p in range(n)]
        dealt, rest = deal_hidden(pool, need, banned, rng)
    world.dealer = obs.dealer
    world.first = (obs.dealer + 1) % n
    world.phase = PHASE_NAMES.index(obs.phase)
    world.cur = obs.current_player
    world.hands = [hands[p] | (0 if decouverte else dealt[p]) for p in range(n)]
    if obs.undealt:
        world.rest = rest
    else:
        world.out = _mask(rest)
    world.retourne = obs.retourne
    world.bergere = obs.bergere
    world.round = obs.round
    world.passes = obs.passes
    world.bids = list(obs.bids)
    world.high_bid, world.high_seat = obs.high_bid, obs.high_seat
    world.coinched_by, world.surcoinched = obs.coinched_by, obs.surcoinched
    world.bid, world.multiplier, world.taker = obs.bid, obs.multiplier, obs.taker
    world.redeal = obs.phase == "over" and obs.contract < 0
    world.leader = obs.trick[0][0] if obs.trick else (obs.tricks[-1][1] if obs.tricks else world.first)
    if obs.contract >= 0:
        world.contract = obs.contract
        world._t = tables_for(rules.sa_ta_points, obs.contract)
        world._duties = duties_for(rules, obs.contract)
        world.trump = obs.trump
        # The points in play: every card dealt into a hand or a layout (à deux: not the out pile).
        pts = world._t.points
        dealt_all = gone
        for p in range(n):
            dealt_all |= world.hands[p] | world.hidden[p]
        world.in_play = rules.last_trick_bonus + sum(pts[c] for c in cards_of(dealt_all))
    world.trick = [c for _, c in obs.trick]
    world.trick_best_seat, world.trick_best = holder(list(obs.trick), obs.trump, world._t.trick)
    taken = [0] * world.units
    won = [0] * n
    for _, winner, cards in obs.tricks:
        taken[world.unit_of(winner)] |= _mask(cards)
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
        for p in range(n):
            if (world.hands[p] | world.hidden[p]) & pair == pair:
                world.belote_seat = p
    if decouverte:
        # The engine's own record of known cards: only the other half of an announced belote.
        world.known = [0] * n
        if obs.belote_seat >= 0 and obs.belote_played == 1:
            world.known[obs.belote_seat] = world.hands[obs.belote_seat] & (
                (1 << (obs.trump * 8 + KING)) | (1 << (obs.trump * 8 + QUEEN))
            )
    else:
        world.known = list(obs.known)
    world.scores_before = obs.scores_before
    return world


def _others(masks: list[int], p: int) -> int:
    """The union of ``masks`` of every seat but ``p``: cards that must go elsewhere than ``p``."""
    m = 0
    for q, x in enumerate(masks):
        if q != p:
            m |= x
    return m
