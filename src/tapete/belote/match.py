"""Whole Belote matches: deals until a team reaches the target (004 "Victoria en la partida").

A :class:`BeloteMatch` chains deals, the dealer moving on one seat each time
(a redeal, when everybody passed, changes nothing else), and adds each deal's
score to the match; it has the same surface as a deal (see
:mod:`tapete.core.match`). Randomness comes only from the match seed: it
draws the first dealer, then shuffles a fresh deck for each deal.

How a finished deal changes the match is the pure function
:func:`settle_deal`, so each rule can be checked on its own. 004: the first
team to reach the target (1000, or 501) wins; when both pass it in the same
deal, the takers' score is counted first, but takers who fail their contract
while the defence passes the target lose. A litige (``litige="held"``: takers
and defence equal) holds the takers' points for the team that wins the next
deal, which is the takers if they make their contract, else the defence.

>>> from tapete.belote.scoring import BeloteResult
>>> rules = BeloteRules.preset("classique-501")
>>> made = BeloteResult(False, 1, 0, 1, 0, (90, 72), (0, 0), (0, 0), -1, True, False, 0, (90, 72))
>>> settle_deal(rules, (420, 300), made, litige_pending=0)
Settlement(scores_after=(510, 372), winner=0, litige_after=0, litige_to=-1, reason='target')
>>> settle_deal(rules, (0, 0), made, litige_pending=81)
Settlement(scores_after=(171, 72), winner=-1, litige_after=0, litige_to=0, reason='')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tapete.belote.observation import BeloteObservation, observe
from tapete.belote.rules import BeloteRules
from tapete.belote.scoring import BeloteResult
from tapete.belote.state import BeloteState, pack_of, unit_count
from tapete.core.match import MatchBase


@dataclass(frozen=True)
class Settlement:
    """What a finished deal did to the match.

    ``litige_after`` is the points held after this deal for the winner of the
    next one; ``litige_to`` the team that received the points held before it
    (-1: none). ``reason`` is one of ``""`` (play on), ``"target"``,
    ``"both_past"``, ``"redeal"``, ``"litige"`` (a tie held for the next deal), ``"tie"`` (several
    players past the target with the same best score: one more deal).
    """

    scores_after: tuple[int, ...]
    winner: int = -1
    litige_after: int = 0
    litige_to: int = -1
    reason: str = ""


def settle_deal(
    rules: BeloteRules, scores_before: tuple[int, ...], result: BeloteResult, litige_pending: int
) -> Settlement:
    """Apply one finished deal to the match score (one score per team, or per player at 2 or 3)."""
    if result.redeal:
        return Settlement(scores_before, litige_after=litige_pending, reason="redeal")
    gains = list(result.scores)
    units = len(gains)
    litige_to = -1
    if result.litige:
        held = litige_pending + result.held
    else:
        held = 0
        if litige_pending:
            litige_to = result.takers if result.made else 1 - result.takers
            gains[litige_to] += litige_pending
    after = tuple(scores_before[u] + gains[u] for u in range(units))
    past = [u for u in range(units) if after[u] >= rules.target]
    if not past:
        return Settlement(after, litige_after=held, litige_to=litige_to, reason="litige" if result.litige else "")
    if len(past) == 1:
        return Settlement(after, winner=past[0], litige_to=litige_to, reason="target")
    takers = result.takers
    if takers in past and (result.made or result.litige):
        return Settlement(after, winner=takers, litige_to=litige_to, reason="both_past")
    if takers >= 0 and units == 2:
        return Settlement(after, winner=1 - takers, litige_to=litige_to, reason="both_past")
    # Several players past and no taker among them who made it: the highest score, and one
    # more deal on a tie for it (tapete's reading of 004 for 3 players).
    top = max(after[u] for u in past)
    best = [u for u in past if after[u] == top]
    if len(best) > 1:
        return Settlement(after, litige_to=litige_to, reason="tie")
    return Settlement(after, winner=best[0], litige_to=litige_to, reason="both_past")


@dataclass
class DealRecord:
    """One played deal of a match: enough to replay it exactly."""

    dealer: int
    deck: list[int]
    scores_before: tuple[int, ...]
    #: Points held in litige when the deal began.
    litige_before: int
    actions: list[int] = field(default_factory=list)
    result: BeloteResult | None = None
    settlement: Settlement | None = None


class BeloteMatch(MatchBase[BeloteState, DealRecord]):
    """A Belote match under one rules object, deal after deal until a team reaches the target.

    >>> m = BeloteMatch(BeloteRules.preset("classique-501"), seed=3)
    >>> while not m.is_terminal():  # always the last legal action: take, or the highest card
    ...     m.apply_action(m.legal_actions()[-1])
    >>> m.winner in (0, 1) and max(m.scores) >= 501
    True
    """

    def __init__(
        self,
        rules: BeloteRules | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        decks: Sequence[Sequence[int]] | None = None,
    ) -> None:
        self.rules: BeloteRules = rules if rules is not None else BeloteRules()
        super().__init__(self.rules.players, pack_of(self.rules), seed, dealer, decks)
        self.scores: list[int] = [0] * unit_count(self.rules.players)
        #: Points held in litige for the team that wins the next deal.
        self.litige: int = 0
        self.deal = self._start_deal(self.first_dealer)

    def observation(self, seat: int) -> BeloteObservation:
        """What ``seat`` may see of the current deal."""
        return observe(self.deal, seat)

    def _start_deal(self, dealer: int) -> BeloteState:
        deck = self._next_deck()
        scores = tuple(self.scores)
        state = BeloteState.new_deal(self.rules, deck, dealer=dealer, scores_before=scores)
        self.deals.append(DealRecord(dealer, deck, scores, self.litige))
        return state

    def _finish_deal(self, record: DealRecord) -> None:
        result = self.deal.result()
        st = settle_deal(self.rules, record.scores_before, result, record.litige_before)
        record.result = result
        record.settlement = st
        self.scores = list(st.scores_after)
        self.litige = st.litige_after
        if st.winner >= 0:
            self.winner = st.winner
            return
        self.deal = self._start_deal(next_dealer(self.rules, record.dealer, result))

    def side_of_seat(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat


def next_dealer(rules: BeloteRules, dealer: int, result: BeloteResult) -> int:
    """The next seat (004), or at 2 or 3 players with ``next_dealer="winner"`` the winner of the
    deal (LS, E2): the taker if he made his contract, else the opponent with the best score of
    the deal; with no taker (découverte with a fixed trump), the best score. After a void deal,
    or a tie for the best score, the next seat."""
    n = rules.players
    if rules.next_dealer == "winner" and not result.redeal:
        if result.takers >= 0 and result.made:
            return result.takers
        units = [u for u in range(len(result.scores)) if u != result.takers]
        top = max(result.scores[u] for u in units)
        best = [u for u in units if result.scores[u] == top]
        if len(best) == 1:
            return best[0]
    return (dealer + 1) % n
