"""Results of a finished deal (a plain class: picklable, compiled or not), and when a side has won.

:func:`claim_fault` is the one place that says whether a side's count wins the partida before the deal
is played out (a claim, or a vueltas deal that ends by itself): the engine, the bots, the position
reader and the explanations all ask it, so the rules options that change it are read once.
"""

from __future__ import annotations

from dataclasses import dataclass

from tapete.guinote.rules import GuinoteRules


@dataclass(frozen=True)
class DealResult:
    """How a finished deal scored, per team (index 0 = seats 0 and 2).

    ``reached_team`` is the side whose total reached the target when a vueltas deal ended by itself
    (``vueltas_auto_end``), else -1.
    """

    card_points: tuple[int, int]
    cante_points: tuple[int, int]
    last_trick: tuple[int, int]
    capote_bonus: tuple[int, int]
    tricks: tuple[int, int]
    last_trick_team: int
    capote_team: int
    tute_team: int
    claim_team: int
    claim_ok: bool
    reached_team: int = -1

    @property
    def totals(self) -> tuple[int, int]:
        return (
            self.card_points[0] + self.cante_points[0] + self.last_trick[0] + self.capote_bonus[0],
            self.card_points[1] + self.cante_points[1] + self.last_trick[1] + self.capote_bonus[1],
        )

    @property
    def trick_points(self) -> tuple[int, int]:
        """Points of tricks without cantes: card points plus the last-trick bonus."""
        return (self.card_points[0] + self.last_trick[0], self.card_points[1] + self.last_trick[1])


def claim_fault(rules: GuinoteRules, total: int, other_total: int, card_points: int) -> str:
    """Why a side's count does not yet win the partida: ``""`` (it does), ``"short"`` (under the
    target), ``"cards"`` (under ``last_trick_min_points`` card points of this deal, with
    ``min_points_scope="always"``) or ``"behind"`` (not ahead of the other side, with
    ``claim_needs_lead``). ``total`` is the score before the deal plus the deal's card points and
    cantes so far (the last trick's 10 is not yet earned).

    >>> from tapete.guinote.rules import GuinoteRules
    >>> r = GuinoteRules.preset("aragones")
    >>> claim_fault(r, 101, 120, 20), claim_fault(r, 100, 0, 90)
    ('', 'short')
    >>> claim_fault(r.replace(min_points_scope="always"), 101, 40, 20)
    'cards'
    >>> claim_fault(r.replace(claim_needs_lead=True), 101, 105, 40)
    'behind'
    """
    if total < rules.target:
        return "short"
    if rules.min_points_scope == "always" and card_points < rules.last_trick_min_points:
        return "cards"
    if rules.claim_needs_lead and total <= other_total:
        return "behind"
    return ""


def reaches_target(rules: GuinoteRules, total: int, card_points: int) -> bool:
    """Whether a side at ``total`` (with ``card_points`` of this deal) has reached the target in a way
    that wins: ``last_trick_min_points`` card points are needed too under ``min_points_scope="always"``."""
    if total < rules.target:
        return False
    return rules.min_points_scope != "always" or card_points >= rules.last_trick_min_points
