"""Whole Brisca matches: deals until a side has won enough deals (or points).

A :class:`BriscaMatch` chains deals and keeps the score the way the rules
say; it has the same surface as a deal (``current_player``,
``legal_actions``, ``apply_action``, ``is_terminal``, ``returns``) so that
bots and faces can drive either. Randomness comes only from the match seed.

How a finished deal changes the match is the pure function
:func:`settle_deal`, so each scoring rule can be checked on its own:

>>> from tapete.brisca.results import DealResult
>>> rules = BriscaRules.preset("brisca")
>>> settle_deal(rules, (2, 1), DealResult((64, 56), (6, 4), 0, 0))
Settlement(scores_after=(3, 1), match_winner=0, reason='deals')
>>> settle_deal(rules, (2, 1), DealResult((60, 60), (5, 5), 1, -1)).reason
'tie'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tapete.brisca.observation import BriscaObservation, observe
from tapete.brisca.results import DealResult
from tapete.brisca.rules import BriscaRules
from tapete.brisca.state import BriscaState
from tapete.core.match import MatchBase


@dataclass(frozen=True)
class Settlement:
    """What a finished deal did to the match.

    ``reason`` is ``""`` (play on), ``"tie"`` (60-60: the deal counts for nobody),
    ``"deals"`` (a side won its ``deals_to_win``-th deal) or ``"points"`` (a side reached the target).
    """

    scores_after: tuple[int, int]
    match_winner: int = -1
    reason: str = ""


def settle_deal(rules: BriscaRules, scores_before: tuple[int, int], result: DealResult) -> Settlement:
    """Apply one finished deal to the match score (deals won, or card points)."""
    a, b = scores_before
    if rules.match_by == "deals":
        if result.winner < 0:
            return Settlement((a, b), reason="tie")
        after = (a + 1, b) if result.winner == 0 else (a, b + 1)
        if after[result.winner] >= rules.deals_to_win:
            return Settlement(after, match_winner=result.winner, reason="deals")
        return Settlement(after)
    after = (a + result.card_points[0], b + result.card_points[1])
    past = [side for side in (0, 1) if after[side] >= rules.target]
    if not past or after[0] == after[1]:
        return Settlement(after, reason="tie" if result.winner < 0 else "")
    winner = past[0] if len(past) == 1 else (0 if after[0] > after[1] else 1)
    return Settlement(after, match_winner=winner, reason="points")


@dataclass
class DealRecord:
    """One played deal of a match: enough to replay it exactly."""

    dealer: int
    deck: list[int]
    scores_before: tuple[int, int]
    actions: list[int] = field(default_factory=list)
    result: DealResult | None = None
    settlement: Settlement | None = None


class BriscaMatch(MatchBase[BriscaState, DealRecord]):
    """A match under one rules object, deal after deal until a side wins; the deal passes to the
    next seat in playing order (FO).

    >>> m = BriscaMatch(BriscaRules.preset("brisca-2p"), seed=3)
    >>> while not m.is_terminal():
    ...     m.apply_action(m.legal_actions()[0])
    >>> m.winner in (0, 1) and max(m.scores) == 3
    True
    """

    def __init__(
        self,
        rules: BriscaRules | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        decks: Sequence[Sequence[int]] | None = None,
    ) -> None:
        self.rules: BriscaRules = rules if rules is not None else BriscaRules()
        super().__init__(self.rules.players, 40, seed, dealer, decks)
        #: Deals won by each side (or card points, with match_by=points).
        self.scores: list[int] = [0, 0]
        self.deal = self._start_deal(self.first_dealer)

    def _start_deal(self, dealer: int) -> BriscaState:
        deck = self._next_deck()
        scores = (self.scores[0], self.scores[1])
        state = BriscaState.new_deal(self.rules, deck, dealer=dealer, scores_before=scores)
        self.deals.append(DealRecord(dealer, deck, scores))
        return state

    def _finish_deal(self, record: DealRecord) -> None:
        result = self.deal.result()
        st = settle_deal(self.rules, record.scores_before, result)
        record.result = result
        record.settlement = st
        self.scores = list(st.scores_after)
        if st.match_winner >= 0:
            self.winner = st.match_winner
            return
        self.deal = self._start_deal((record.dealer + 1) % self.rules.players)

    def observation(self, seat: int) -> BriscaObservation:
        """What ``seat`` may see of the current deal (the match score before it included)."""
        return observe(self.deal, seat)

    def score_line(self) -> str:
        """The match score: deals won (or points) of side 0 - side 1."""
        return f"{self.scores[0]} - {self.scores[1]}"
