"""Belote matches: deal after deal to the target, the dealer moving on, litiges carried over.

Source: 004 "Victoria en la partida" (first team to 1000, or 501; both past in one
deal: the takers' score counts first, but takers who fail while the defence
passes the target lose) and "Selección del triunfo" 3 (all pass twice: the deal
is void and the next dealer deals). The litige (rules option ``litige="held"``)
holds the tied takers' points for the team that wins the next deal.
"""

from __future__ import annotations

import random

import pytest

from tapete.belote.actions import PASS
from tapete.belote.match import BeloteMatch, Settlement, settle_deal
from tapete.belote.rules import PRESETS, BeloteRules
from tapete.belote.scoring import BeloteResult, redeal_result
from tapete.belote.state import BeloteState
from tapete.core.errors import IllegalActionError, SetupError

CLASSIQUE = BeloteRules.preset("classique")


def result(
    takers: int, scores: tuple[int, int], made: bool = True, litige: bool = False, held: int = 0
) -> BeloteResult:
    """A scored (not void) deal with these takers and scores."""
    return BeloteResult(False, 1, 0, 1, takers, scores, (0, 0), (0, 0), -1, made, litige, held, scores)


def play_out(match: BeloteMatch, seed: int) -> BeloteMatch:
    rng = random.Random(seed)
    while not match.is_terminal():
        actions = match.legal_actions()
        match.apply_action(actions[rng.randrange(len(actions))])
    return match


# ------------------------------------------------------------------ settle_deal


def test_a_deal_adds_its_scores() -> None:
    st = settle_deal(CLASSIQUE, (300, 410), result(0, (90, 72)), 0)
    assert st == Settlement((390, 482))


def test_the_first_team_to_the_target_wins() -> None:
    st = settle_deal(CLASSIQUE, (950, 880), result(1, (62, 100)), 0)
    assert (st.scores_after, st.winner, st.reason) == ((1012, 980), 0, "target")
    short = BeloteRules.preset("classique-501")
    assert settle_deal(short, (420, 0), result(0, (81, 81), made=False, litige=True), 0).winner == 0


def test_both_past_the_takers_count_first() -> None:
    """004: both teams pass the target in one deal: the takers' score is counted first."""
    st = settle_deal(CLASSIQUE, (990, 980), result(1, (60, 102)), 0)
    assert st.scores_after == (1050, 1082)
    assert (st.winner, st.reason) == (1, "both_past")
    # Even with fewer points than the defence, takers who made their contract win.
    st = settle_deal(CLASSIQUE, (960, 990), result(0, (100, 62)), 0)
    assert st.scores_after == (1060, 1052) and st.winner == 0


def test_both_past_failed_takers_lose() -> None:
    """004: "Si los tomadores fallan y los defensores superan 1000 con la mano perdida, los defensores ganan"."""
    failed = BeloteResult(False, 2, 0, 1, 0, (60, 102), (0, 0), (20, 0), -1, False, False, 0, (20, 162))
    st = settle_deal(CLASSIQUE, (990, 900), failed, 0)
    assert st.scores_after == (1010, 1062)
    assert (st.winner, st.reason) == (1, "both_past")


def test_a_redeal_changes_nothing() -> None:
    st = settle_deal(CLASSIQUE, (120, 340), redeal_result(), 81)
    assert st == Settlement((120, 340), litige_after=81, reason="redeal")


def test_a_litige_goes_to_the_winner_of_the_next_deal() -> None:
    rules = CLASSIQUE.replace(litige="held")
    tie = result(0, (0, 81), made=False, litige=True, held=81)
    st = settle_deal(rules, (100, 100), tie, 0)
    assert st == Settlement((100, 181), litige_after=81, reason="litige")
    # The next deal: team 1 takes and makes its contract, so it wins the deal and the held points.
    st = settle_deal(rules, (100, 181), result(1, (40, 122)), 81)
    assert st == Settlement((140, 384), litige_to=1)
    # Or team 1 takes and fails: the defence, team 0, wins the deal and the held points.
    failed = BeloteResult(False, 0, 0, 1, 1, (90, 72), (0, 0), (0, 0), -1, False, False, 0, (162, 0))
    st = settle_deal(rules, (100, 181), failed, 81)
    assert st == Settlement((343, 181), litige_to=0)


def test_litiges_add_up_and_wait_through_a_redeal() -> None:
    rules = CLASSIQUE.replace(litige="held")
    st = settle_deal(rules, (0, 0), result(1, (81, 0), made=False, litige=True, held=81), 81)
    assert st.litige_after == 162 and st.litige_to == -1
    st = settle_deal(rules, st.scores_after, redeal_result(), st.litige_after)
    assert st.litige_after == 162
    st = settle_deal(rules, st.scores_after, result(0, (100, 62)), st.litige_after)
    assert st.scores_after == (81 + 100 + 162, 62) and st.litige_to == 0 and st.litige_after == 0


def test_held_points_count_toward_the_target() -> None:
    rules = BeloteRules.preset("classique-501").replace(litige="held")
    st = settle_deal(rules, (400, 300), result(0, (60, 102), made=True), 81)
    assert st.scores_after == (541, 402) and st.winner == 0 and st.litige_to == 0


# ------------------------------------------------------------------ the match


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_match_runs_to_the_target(preset: str) -> None:
    rules = PRESETS[preset]
    match = play_out(BeloteMatch(rules, seed=7), 7)
    n = rules.players
    assert match.winner in range(2 if n == 4 else n)
    assert match.scores[match.winner] >= rules.target
    assert match.current_player == -1 and match.legal_actions() == []
    side = (lambda s: s % 2) if n == 4 else (lambda s: s)  # partners at 4 players, else each for himself
    assert match.returns() == [1.0 if side(s) == match.winner else -1.0 for s in range(n)]
    # The scores are the sum of the settlements, deal by deal.
    scores = (0,) * len(match.scores)
    litige = 0
    for d in match.deals:
        assert d.scores_before == scores and d.litige_before == litige
        assert d.result is not None and d.settlement is not None
        assert d.settlement == settle_deal(rules, scores, d.result, litige)
        scores, litige = d.settlement.scores_after, d.settlement.litige_after
    assert list(scores) == match.scores
    assert [d.settlement.winner for d in match.deals if d.settlement] == [-1] * (len(match.deals) - 1) + [match.winner]
    with pytest.raises(IllegalActionError, match="the match is over"):
        match.apply_action(PASS)


def test_seed_fixes_everything_and_the_dealer_moves_on() -> None:
    a = play_out(BeloteMatch(CLASSIQUE, seed=11), 3)
    b = play_out(BeloteMatch(CLASSIQUE, seed=11), 3)
    assert [(d.dealer, d.deck, d.actions) for d in a.deals] == [(d.dealer, d.deck, d.actions) for d in b.deals]
    assert a.scores == b.scores and a.winner == b.winner
    # random.Random(seed) draws the first dealer, then shuffles a fresh deck for each deal.
    rng = random.Random(11)
    first = rng.randrange(4)
    assert a.first_dealer == first
    for i, d in enumerate(a.deals):
        deck = list(range(32))
        rng.shuffle(deck)
        assert d.deck == deck
        assert d.dealer == (first + i) % 4
    assert BeloteMatch(CLASSIQUE, seed=11, dealer=2).first_dealer == 2


def test_a_deal_is_the_state_a_deck_and_a_dealer_give() -> None:
    match = BeloteMatch(CLASSIQUE, seed=4)
    record = match.deals[0]
    fresh = BeloteState.new_deal(CLASSIQUE, record.deck, dealer=record.dealer)
    assert match.deal.hands == fresh.hands and match.deal.retourne == fresh.retourne
    assert match.current_player == fresh.current_player and match.legal_actions() == fresh.legal_actions()


def test_a_redeal_passes_the_deal_on() -> None:
    """004: all pass twice, the deal is void and the next dealer deals; the scores stay."""
    match = BeloteMatch(CLASSIQUE, seed=2, dealer=1)
    for _ in range(8):
        match.apply_action(PASS)
    first, second = match.deals
    assert first.result is not None and first.result.redeal
    assert first.settlement == Settlement((0, 0), reason="redeal")
    assert first.actions == [PASS] * 8
    assert second.dealer == 2 and match.deal.dealer == 2 and match.deal.current_player == 3
    assert match.scores == [0, 0]
    # An auction redeals after four passes.
    auction = BeloteMatch(BeloteRules.preset("coinche"), seed=2, dealer=3)
    for _ in range(4):
        auction.apply_action(PASS)
    assert len(auction.deals) == 2 and auction.deals[1].dealer == 0


def test_forced_decks_and_bad_dealer() -> None:
    decks = [list(range(32)), list(range(31, -1, -1))]
    match = BeloteMatch(CLASSIQUE, seed=1, decks=decks)
    assert match.deals[0].deck == decks[0]
    for _ in range(8):
        match.apply_action(PASS)
    assert match.deals[1].deck == decks[1]
    with pytest.raises(SetupError, match=r"dealer 4 is not a seat: expected 0\.\.3"):
        BeloteMatch(CLASSIQUE, dealer=4)


def test_a_litige_in_a_match_is_paid_to_the_next_winner() -> None:
    rules = CLASSIQUE.replace(litige="held")
    for seed in range(200):
        match = play_out(BeloteMatch(rules, seed=seed), seed)
        for i, d in enumerate(match.deals[:-1]):
            assert d.result is not None
            if not d.result.litige:
                continue
            assert d.result.held > 0 and d.settlement is not None
            assert d.settlement.litige_after == d.result.held
            after = match.deals[i + 1]
            assert after.litige_before == d.result.held
            if after.result is not None and not after.result.redeal and not after.result.litige:
                assert after.settlement is not None
                takers, made = after.result.takers, after.result.made
                assert after.settlement.litige_to == (takers if made else 1 - takers)
                team = after.settlement.litige_to
                gained = after.settlement.scores_after[team] - after.scores_before[team]
                assert gained == after.result.scores[team] + d.result.held
                return
    raise AssertionError("no litige followed by a decided deal in 200 seeded matches")
