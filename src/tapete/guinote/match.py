"""Whole Guiñote matches: deals, partidas (idas y vueltas), coto.

A :class:`GuinoteMatch` chains deals and keeps the score the way the rules
say; it has the same surface as a deal (``current_player``,
``legal_actions``, ``apply_action``, ``is_terminal``, ``returns``) so that
bots and faces can drive either. Randomness comes only from the match seed.

How a finished deal changes the match is the pure function
:func:`settle_deal`, so each scoring rule can be checked on its own:

>>> from tapete.guinote.results import DealResult
>>> rules = GuinoteRules.preset("aragones")
>>> deal = DealResult((61, 59), (40, 0), (0, 10), (0, 0), (5, 5), 1, -1, -1, -1, False)
>>> settle_deal(rules, (0, 0), deal, vueltas=False).partida_winner
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tapete.core.match import MatchBase
from tapete.guinote.observation import GuinoteObservation, observe
from tapete.guinote.results import DealResult, reaches_target
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import GuinoteState


@dataclass(frozen=True)
class Settlement:
    """What a finished deal did to the match.

    ``reason`` is one of: ``""`` (play on), ``"target"`` (also a vueltas deal that ended by
    itself), ``"both_past"``, ``"tie_replay"``, ``"claim"``, ``"wrong_claim"``, ``"tute"``,
    ``"capote"``, ``"malas"`` (the other side ended under ``malas_floor``).
    """

    scores_after: tuple[int, int]
    partida_winner: int = -1
    match_winner: int = -1
    replay: bool = False
    vueltas_next: bool = False
    reason: str = ""


def settle_deal(rules: GuinoteRules, scores_before: tuple[int, int], result: DealResult, vueltas: bool) -> Settlement:
    """Apply one finished deal to the partida score.

    A side "past" the target wins it; under ``min_points_scope="always"`` only with
    ``last_trick_min_points`` card points of this deal (otherwise play goes on, its score kept).
    """
    totals = result.totals
    after = (scores_before[0] + totals[0], scores_before[1] + totals[1])
    if result.tute_team >= 0:
        return Settlement(after, partida_winner=result.tute_team, reason="tute")
    if result.claim_team >= 0:
        if result.claim_ok:
            return Settlement(after, partida_winner=result.claim_team, reason="claim")
        return Settlement(after, partida_winner=1 - result.claim_team, reason="wrong_claim")
    if result.reached_team >= 0:
        return Settlement(after, partida_winner=result.reached_team, reason="target")
    if result.capote_team >= 0 and rules.capote == "wins_match":
        team = result.capote_team
        return Settlement(after, partida_winner=team, match_winner=team, reason="capote")
    past = [team for team in (0, 1) if reaches_target(rules, after[team], result.card_points[team])]
    if not past:
        low = [team for team in (0, 1) if after[team] < rules.malas_floor]
        if low:
            return Settlement(after, partida_winner=1 - low[0], reason="malas")
        return Settlement(after, vueltas_next=rules.idas_vueltas)
    if len(past) == 1:
        return Settlement(after, partida_winner=past[0], reason="target")
    if rules.both_past == "last_trick":
        team = result.last_trick_team
        if result.card_points[team] < rules.last_trick_min_points:
            team = 1 - team
        return Settlement(after, partida_winner=team, reason="both_past")
    if after[0] == after[1]:
        return Settlement(scores_before, replay=True, vueltas_next=vueltas, reason="tie_replay")
    return Settlement(after, partida_winner=0 if after[0] > after[1] else 1, reason="both_past")


def format_score(rules: GuinoteRules, points: int) -> str:
    """A partida score as players say it: ``'23 malas'``, ``'51 buenas'`` (002 §07).

    >>> r = GuinoteRules.preset("aragones")
    >>> format_score(r, 50), format_score(r, 101)
    ('50 malas', '51 buenas')
    """
    if not rules.malas_buenas:
        return str(points)
    return f"{points} malas" if points <= 50 else f"{points - 50} buenas"


@dataclass
class DealRecord:
    """One played deal of a match: enough to replay it exactly."""

    partida: int
    dealer: int
    deck: list[int]
    vueltas: bool
    scores_before: tuple[int, int]
    actions: list[int] = field(default_factory=list)
    result: DealResult | None = None
    settlement: Settlement | None = None


class GuinoteMatch(MatchBase[GuinoteState, DealRecord]):
    """A match under one rules object, deal after deal until a side wins.

    >>> m = GuinoteMatch(GuinoteRules.preset("clasico"), seed=3)
    >>> while not m.is_terminal():
    ...     m.apply_action(m.legal_actions()[0])
    >>> m.winner in (0, 1) and max(m.partidas) == 1
    True
    """

    def __init__(
        self,
        rules: GuinoteRules | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        decks: Sequence[Sequence[int]] | None = None,
    ) -> None:
        self.rules: GuinoteRules = rules if rules is not None else GuinoteRules()
        super().__init__(self.rules.players, 40, seed, dealer, decks)
        self.scores: list[int] = [0, 0]
        self.partidas: list[int] = [0, 0]
        self.partida: int = 0
        self.vueltas: bool = False
        self.deal = self._start_deal(self.first_dealer)

    # ------------------------------------------------------------ flow
    def _start_deal(self, dealer: int) -> GuinoteState:
        deck = self._next_deck()
        scores = (self.scores[0], self.scores[1])
        state = GuinoteState.new_deal(self.rules, deck, dealer=dealer, scores_before=scores, vueltas=self.vueltas)
        self.deals.append(DealRecord(self.partida, dealer, deck, self.vueltas, scores))
        return state

    def _finish_deal(self, record: DealRecord) -> None:
        deal = self.deal
        result = deal.result()
        st = settle_deal(self.rules, record.scores_before, result, record.vueltas)
        record.result = result
        record.settlement = st
        n = self.rules.players
        if self.rules.next_dealer == "last_trick" and deal.last_winner >= 0:
            dealer = deal.last_winner
        else:
            dealer = (record.dealer + 1) % n
        if st.match_winner >= 0:
            self.scores = list(st.scores_after)
            self.partidas[st.match_winner] += 1
            self.winner = st.match_winner
            return
        if st.partida_winner >= 0:
            self.scores = list(st.scores_after)
            self.partidas[st.partida_winner] += 1
            if self.partidas[st.partida_winner] >= self.rules.partidas_to_win:
                self.winner = st.partida_winner
                return
            self.scores = [0, 0]
            self.vueltas = False
            self.partida += 1
        else:
            self.scores = list(st.scores_after)
            self.vueltas = st.vueltas_next
        self.deal = self._start_deal(dealer)

    def observation(self, seat: int) -> GuinoteObservation:
        """What ``seat`` may see of the current deal (scores before it included)."""
        return observe(self.deal, seat)

    # ------------------------------------------------------------ results
    def score_line(self) -> str:
        """The partida score and coto, as players say it."""
        a, b = (format_score(self.rules, s) for s in self.scores)
        line = f"{a} - {b}"
        if self.rules.partidas_to_win > 1:
            line += f" (partidas {self.partidas[0]}-{self.partidas[1]})"
        return line
