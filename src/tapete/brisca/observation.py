"""What one seat may see: the only door through which hidden cards leave the engine.

:func:`observe` builds a :class:`BriscaObservation` from a deal: the seat's
own hand, the public table (muestra, stock size, trick, tricks taken, card
points, exchanges) and the cards of other seats it may know: publicly, the
muestra a seat took (by exchanging, or as the last card drawn); and, where
the rules let partners show each other their cards (``show_partner``), the
partner's whole hand.

:func:`sample_deal` is the other half: it deals the cards a seat cannot see
at random, consistently with everything the observation shows, and returns a
full :class:`BriscaState` a solver can search. Brisca has no duty to follow
suit, so play proves no void: every unseen card may be in any hidden place.

>>> from tapete.brisca.rules import BriscaRules
>>> state = BriscaState.new_deal(BriscaRules.preset("brisca-ensenando"), seed=1, dealer=0)
>>> obs = observe(state, 1)
>>> len(obs.hand), obs.hand_sizes, obs.stock_size, obs.partner_hand == tuple(cards_of(state.hands[3]))
(3, (3, 3, 3, 3), 28, True)
>>> world = sample_deal(obs, random.Random(0))
>>> observe(world, 1) == obs
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tapete.brisca.rules import BriscaRules
from tapete.brisca.state import PHASE_NAMES, BriscaState
from tapete.core.cards.spanish import FULL_DECK, cards_of
from tapete.core.errors import SetupError
from tapete.core.sampling import deal_hidden
from tapete.core.tricks import holder
from tapete.core.views import SeatView, seen_hands


@dataclass(frozen=True)
class BriscaObservation(SeatView):
    """Everything one seat may know about a deal, and nothing more."""

    rules: BriscaRules
    trump: int
    #: The face-up card under the stock, or -1 once drawn.
    muestra: int
    #: Cards left to draw, the muestra included.
    stock_size: int
    card_points: tuple[int, int]
    #: Cards each seat is publicly known to hold (bitmasks): the muestra it took, by exchanging
    #: or as the last card drawn, while it still holds it.
    known: tuple[int, ...]
    #: Exchanges in order, as (seat, card given, muestra taken).
    exchanges: tuple[tuple[int, int, int], ...]
    #: Whether this seat sees its partner's hand now (``show_partner``).
    partner_shown: bool
    #: The partner's hand (ids, ascending) while it is shown, else empty.
    partner_hand: tuple[int, ...]
    scores_before: tuple[int, int]
    #: Legal actions if this seat is to act, else empty.
    legal_actions: tuple[int, ...]

    @property
    def partner(self) -> int:
        """The partner's seat at four players, else -1."""
        return (self.seat + 2) % 4 if self.rules.players == 4 else -1


def observe(state: BriscaState, seat: int) -> BriscaObservation:
    """The observation of ``seat``; the only way bots and clients see a deal."""
    n = state.n
    if not 0 <= seat < n:
        raise SetupError(f"seat {seat} is not at this table: expected 0..{n - 1}")
    leader = state.leader
    trick = tuple(((leader + i) % n, c) for i, c in enumerate(state.trick))
    shown = n == 4 and state.partner_shown()
    partner_hand = tuple(cards_of(state.hands[(seat + 2) % 4])) if shown else ()
    return BriscaObservation(
        rules=state.rules,
        seat=seat,
        phase=PHASE_NAMES[state.phase],
        current_player=state.cur,
        dealer=state.dealer,
        hand=tuple(cards_of(state.hands[seat])),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        trick=trick,
        tricks=tuple(state.tricks),
        trump=state.trump,
        muestra=state.muestra,
        stock_size=state.stock_size(),
        card_points=(state.card_points[0], state.card_points[1]),
        known=tuple(state.known[p] & state.hands[p] for p in range(n)),
        exchanges=tuple(state.exchanges),
        partner_shown=shown,
        partner_hand=partner_hand,
        scores_before=state.scores_before,
        legal_actions=tuple(state.legal_actions()) if state.cur == seat else (),
    )


def sample_deal(obs: BriscaObservation, rng: random.Random) -> BriscaState:
    """A full deal consistent with ``obs``: hidden cards dealt at random.

    The stock order is random too, with the muestra kept at the bottom.
    Raises :class:`SetupError` if no consistent deal exists (an observation
    that was not produced by :func:`observe`).
    """
    rules = obs.rules
    n = rules.players
    seat = obs.seat
    gone = obs.played_mask()
    seen = list(obs.known)
    if obs.partner_shown:
        partner = obs.partner
        for c in obs.partner_hand:
            seen[partner] |= 1 << c
    hands, fixed = seen_hands(obs, tuple(seen))
    if obs.muestra >= 0:
        fixed |= 1 << obs.muestra
    pool = list(cards_of(FULL_DECK & ~gone & ~fixed))
    need = [0 if p == seat else obs.hand_sizes[p] - seen[p].bit_count() for p in range(n)]
    stock_n = obs.stock_size - (1 if obs.muestra >= 0 else 0)
    if sum(need) + stock_n != len(pool):
        raise SetupError("observation is inconsistent: hidden card count does not match the unseen cards")
    assigned, rest = deal_hidden(pool, need, [0] * n, rng)
    world = BriscaState(rules)
    world.dealer = obs.dealer
    world.phase = PHASE_NAMES.index(obs.phase)
    world.cur = obs.current_player
    world.leader = obs.trick[0][0] if obs.trick else (obs.current_player if obs.current_player >= 0 else 0)
    world.hands = [hands[p] | assigned[p] for p in range(n)]
    world.stock = rest
    world.muestra = obs.muestra
    world.trump = obs.trump
    world.trick = [c for _, c in obs.trick]
    world.trick_best_seat, world.trick_best = holder(list(obs.trick), obs.trump, world._t.trick)
    taken = [0, 0]
    won = [0, 0]
    for _, winner, done in obs.tricks:
        for c in done:
            taken[winner % 2] |= 1 << c
        won[winner % 2] += 1
    world.taken = taken
    world.tricks_won = won
    world.card_points = list(obs.card_points)
    world.tricks_played = len(obs.tricks)
    world.last_winner = obs.tricks[-1][1] if obs.tricks else -1
    world.tricks = list(obs.tricks)
    world.exchanges = list(obs.exchanges)
    world.known = list(obs.known)
    world.scores_before = obs.scores_before
    return world
