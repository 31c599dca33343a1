"""What one seat may see: the only door through which hidden cards leave the engine.

:func:`observe` builds a :class:`GuinoteObservation` from a deal: the seat's
own hand, the public table (indicator, stock size, trick, tricks taken,
cantes, scores) and the cards of other seats that are publicly known (shown
in a cante, taken from under the stock, exchanged for the 7). Bots, the
terminal, the server and the environments all go through it.

:func:`observe` tells a seat nothing of another seat's optional, silent turns
(the cante window and the 7 exchange, whose ``pass`` is
``GuinoteGame.is_silent``): while another seat holds one, the viewer sees the
deal as if every such pending turn had been declined, up to the next public
decision or its own turn (see :func:`as_declined`). So a seat offered a cante
or the exchange that passes looks exactly like a seat never offered one.

:func:`sample_deal` is the other half: it deals the cards a seat cannot see
at random, consistently with everything the observation shows, including
the voids and missing cards revealed by obligatory play, and returns a full
:class:`GuinoteState` that a solver can search.

>>> from tapete.guinote.rules import GuinoteRules
>>> state = GuinoteState.new_deal(GuinoteRules(), seed=1, dealer=0)
>>> obs = observe(state, 1)
>>> len(obs.hand), obs.hand_sizes, obs.stock_size
(6, (6, 6, 6, 6), 16)
>>> world = sample_deal(obs, random.Random(0))
>>> world.hands[1] == state.hands[1] and world.indicator == state.indicator
True
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass

from tapete.core.cards.spanish import FULL_DECK, cards_of
from tapete.core.errors import SetupError
from tapete.core.sampling import deal_hidden, proven_absent
from tapete.core.tricks import holder
from tapete.core.views import SeatView, seen_hands
from tapete.guinote.actions import PASS
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import OVER, PHASE_NAMES, PREDRAW, WINDOW, GuinoteState
from tapete.guinote.tables import tables_for


@dataclass(frozen=True)
class GuinoteObservation(SeatView):
    """Everything one seat may know about a deal, and nothing more."""

    rules: GuinoteRules
    trump: int
    #: The face-up card under the stock, or -1 once drawn.
    indicator: int
    #: Cards left to draw, the indicator included.
    stock_size: int
    arrastre: bool
    card_points: tuple[int, int]
    cante_points: tuple[int, int]
    #: Declarations as (seat, action) in order.
    cantes: tuple[tuple[int, int], ...]
    #: Cards each seat is publicly known to hold (bitmasks; own seat included).
    known: tuple[int, ...]
    exchanged_by: int
    #: Whether cantes for the last trick won may still be sung.
    window_open: bool
    #: Cantes each seat has made since the last trick was won.
    window_count: tuple[int, ...]
    scores_before: tuple[int, int]
    vueltas: bool
    #: Legal actions if this seat is to act, else empty.
    legal_actions: tuple[int, ...]

    def reviewable_tricks(self) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        """The completed tricks the rules let a player look back at."""
        if self.rules.review_tricks == "all":
            return self.tricks
        return self.tricks[-1:]


def as_declined(state: GuinoteState, seat: int = -1) -> GuinoteState:
    """The deal as ``seat`` may know it: every pending silent turn of *another* seat (a WINDOW or a
    PREDRAW: sing, exchange the 7, or pass) declined, up to a public decision (a card to play, the
    end) or ``seat``'s own turn; ``seat=-1`` declines them all (a spectator's view).

    Declining is what the other seats must believe, since a pass is told to nobody: a deal where
    that seat holds the 7 or a pair and one where it holds neither then look the same. What the
    seat really does next is public only if it acts (a cante, the exchange). The partner case
    (``cante_by="winning_team"``): the winner's window, then the partner's; each partner is shown
    its own window once the other's is (virtually) declined. A turn before the draw (PREDRAW, or
    cantes before the draw) is declined through the draw, so the viewer may see its drawn card
    before the holder has decided: the draw does not depend on the decision, except at the last
    draw, where an exchange changes the face-up card the last drawer takes (it is public then).

    >>> from tapete.guinote.rules import GuinoteRules
    >>> from tapete.guinote.state import GuinoteState
    >>> s = GuinoteState.new_deal(GuinoteRules(), seed=1)
    >>> as_declined(s, 0) is s  # nothing pending: the state itself
    True
    """
    if (state.phase != WINDOW and state.phase != PREDRAW) or state.cur == seat:
        return state
    s = state.clone()
    while (s.phase == WINDOW or s.phase == PREDRAW) and s.cur != seat:
        s.apply_action(PASS)
    return s


def observe(state: GuinoteState, seat: int) -> GuinoteObservation:
    """The observation of ``seat``; the only way bots and clients see a deal.

    Another seat's pending optional turn is not shown: ``seat`` sees :func:`as_declined`.
    """
    n = state.n
    if not 0 <= seat < n:
        raise SetupError(f"seat {seat} is not at this table: expected 0..{n - 1}")
    state = as_declined(state, seat)
    return _observation(state, seat)


def observe_public(state: GuinoteState) -> GuinoteObservation:
    """What a spectator may see: no hand, no legal actions, and nobody's pending silent turn (an
    observation of any seat's could show that seat's own window). Seat 0's view, emptied.

    >>> from tapete.guinote.rules import GuinoteRules
    >>> from tapete.guinote.state import GuinoteState
    >>> obs = observe_public(GuinoteState.new_deal(GuinoteRules(), seed=1))
    >>> obs.hand, obs.legal_actions, obs.phase
    ((), (), 'play')
    """
    obs = _observation(as_declined(state, -1), 0)
    return dataclasses.replace(obs, hand=(), legal_actions=())


def _observation(state: GuinoteState, seat: int) -> GuinoteObservation:
    """The observation of ``seat`` of ``state`` as it is (no silent turn of another seat pending)."""
    n = state.n
    # The cantes of the open window only: leftovers after it closed say nothing (and a position
    # string read back has none).
    window_count = tuple(state.window_count) if state.window_open and state.phase != OVER else (0,) * n
    leader = state.leader
    trick = tuple(((leader + i) % n, c) for i, c in enumerate(state.trick))
    return GuinoteObservation(
        rules=state.rules,
        seat=seat,
        phase=PHASE_NAMES[state.phase],
        current_player=state.cur,
        dealer=state.dealer,
        hand=tuple(cards_of(state.hands[seat])),
        hand_sizes=tuple(h.bit_count() for h in state.hands),
        trump=state.trump,
        indicator=state.indicator,
        stock_size=state.stock_size(),
        arrastre=state.arrastre,
        trick=trick,
        tricks=tuple(state.tricks),
        card_points=(state.card_points[0], state.card_points[1]),
        cante_points=(state.cante_points[0], state.cante_points[1]),
        cantes=tuple(state.cantes),
        known=tuple(state.known[p] & state.hands[p] for p in range(n)),
        exchanged_by=state.exchanged_by,
        window_open=state.window_open,
        window_count=window_count,
        scores_before=state.scores_before,
        vueltas=state.vueltas,
        legal_actions=tuple(state.legal_actions()) if state.cur == seat else (),
    )


def excluded_cards(obs: GuinoteObservation) -> list[int]:
    """Per seat, the cards its obligatory plays prove it does not hold.

    A card that would have made a seat's actual play illegal cannot be in
    that seat's hand (the rules are monotone: a duty is triggered by holding
    some card). Only strict-phase plays tell anything.
    """
    rules = obs.rules
    n = rules.players
    if not rules.must_follow:
        return [0] * n
    history = list(obs.tricks)
    # Only tricks after the last draw tell what a hand holds now: the last 6
    # (the arrastre), whatever the player count; a draw refills a hand.
    strict_from = rules.tricks_per_deal - 6
    plays: list[tuple[int, list[int]]] = []
    for i, (leader, _, done) in enumerate(history):
        if i >= strict_from:
            plays.append((leader, list(done)))
    if obs.trick and (obs.arrastre or rules.strict_from_first_trick):
        plays.append((obs.trick[0][0], [c for _, c in obs.trick]))
    t = tables_for(rules)
    unseen = FULL_DECK & ~obs.played_mask()
    return proven_absent(plays, n, unseen, obs.trump, t.trick, t.duties, n == 4)


def sample_deal(obs: GuinoteObservation, rng: random.Random) -> GuinoteState:
    """A full deal consistent with ``obs``: hidden cards dealt at random.

    The stock order is random too, with the indicator kept at the bottom.
    Raises :class:`SetupError` if no consistent deal exists (an
    observation that was not produced by :func:`observe`).
    """
    rules = obs.rules
    n = rules.players
    seat = obs.seat
    gone = obs.played_mask()
    hands, fixed = seen_hands(obs, obs.known)
    if obs.indicator >= 0:
        fixed |= 1 << obs.indicator
    pool = list(cards_of(FULL_DECK & ~gone & ~fixed))
    need = [0 if p == seat else obs.hand_sizes[p] - obs.known[p].bit_count() for p in range(n)]
    stock_n = obs.stock_size - (1 if obs.indicator >= 0 else 0)
    if sum(need) + stock_n != len(pool):
        raise SetupError("observation is inconsistent: hidden card count does not match the unseen cards")
    assigned, rest = deal_hidden(pool, need, excluded_cards(obs), rng)
    world = GuinoteState(rules)
    world.dealer = obs.dealer
    world.phase = PHASE_NAMES.index(obs.phase)
    world.cur = obs.current_player
    world.leader = obs.trick[0][0] if obs.trick else (obs.current_player if obs.current_player >= 0 else 0)
    world.hands = [hands[p] | assigned[p] for p in range(n)]
    world.stock = rest
    world.indicator = obs.indicator
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
    world.cante_points = list(obs.cante_points)
    world.tricks_played = len(obs.tricks)
    world.last_winner = obs.tricks[-1][1] if obs.tricks else -1
    world.tricks = list(obs.tricks)
    world.cantes = list(obs.cantes)
    sung = 0
    for _, action in obs.cantes:
        sung |= 1 << (action - 40) if action < 44 else 16
    world.sung = sung
    world.known = list(obs.known)
    world.arrastre = obs.arrastre
    world.exchanged_by = obs.exchanged_by
    world.scores_before = obs.scores_before
    world.vueltas = obs.vueltas
    world.window_count = list(obs.window_count)
    world.window_open = obs.window_open
    return world
