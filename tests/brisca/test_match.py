"""Matches: deals won (SB, LU, VIP) or points (DC), the 60-60 tie, the turn to deal (FO)."""

from __future__ import annotations

from tapete.brisca.match import BriscaMatch, settle_deal
from tapete.brisca.results import DealResult
from tapete.brisca.rules import BriscaRules


def _result(a: int) -> DealResult:
    return DealResult((a, 120 - a), (5, 5), 0, 0 if a > 60 else 1 if a < 60 else -1)


def test_match_by_deals_won() -> None:
    rules = BriscaRules.preset("brisca").replace(deals_to_win=2)
    assert settle_deal(rules, (0, 0), _result(70)).scores_after == (1, 0)
    assert settle_deal(rules, (1, 0), _result(50)).scores_after == (1, 1)
    st = settle_deal(rules, (1, 1), _result(61))
    assert st.match_winner == 0 and st.reason == "deals"
    tie = settle_deal(rules, (1, 1), _result(60))
    assert tie.scores_after == (1, 1) and tie.match_winner == -1 and tie.reason == "tie"


def test_match_by_points() -> None:
    rules = BriscaRules.preset("brisca-2p").replace(match_by="points", target=150)
    assert settle_deal(rules, (0, 0), _result(70)).scores_after == (70, 50)
    st = settle_deal(rules, (70, 50), _result(80))
    assert st.scores_after == (150, 90) and st.match_winner == 0 and st.reason == "points"
    both = settle_deal(rules, (100, 120), _result(55))  # 155 - 185: both past, the higher wins
    assert both.match_winner == 1
    level = settle_deal(rules, (100, 100), _result(60))  # 160 - 160: one more deal
    assert level.match_winner == -1


def test_a_whole_match_rotates_the_deal_and_ends_at_the_target() -> None:
    m = BriscaMatch(BriscaRules.preset("brisca"), seed=21, dealer=1)
    while not m.is_terminal():
        m.apply_action(m.legal_actions()[-1])
    dealers = [d.dealer for d in m.deals]
    assert dealers == [(1 + i) % 4 for i in range(len(dealers))]
    assert max(m.scores) == 3 and m.scores[m.winner] == 3
    assert m.returns() == [1.0 if s % 2 == m.winner else -1.0 for s in range(4)]
    for d in m.deals:
        assert d.result is not None and sum(d.result.card_points) == 120


def test_a_points_match_ends() -> None:
    m = BriscaMatch(BriscaRules.preset("brisca-2p").replace(match_by="points", target=200), seed=4)
    while not m.is_terminal():
        m.apply_action(m.legal_actions()[0])
    assert max(m.scores) >= 200 and m.scores[m.winner] == max(m.scores)
