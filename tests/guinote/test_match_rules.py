"""Match-level rules: target, idas y vueltas, both past, claims and tute at the partida level,
malas/buenas, coto, next dealer, capote that wins the match.

Each scoring rule is checked on the pure function ``settle_deal``; the flow (dealers, vueltas,
partidas) on whole ``GuinoteMatch`` runs.
"""

from __future__ import annotations

import random

import pytest

from tapete.core.errors import IllegalActionError, SetupError
from tapete.guinote.actions import CLAIM
from tapete.guinote.match import GuinoteMatch, format_score, settle_deal
from tapete.guinote.state import DealResult

from .helpers import rules


def result(
    card=(60, 60), cantes=(0, 0), last_team=1, tricks=(5, 5), capote_team=-1, capote_bonus=(0, 0),
    tute_team=-1, claim_team=-1, claim_ok=False, last_bonus=10,
) -> DealResult:  # fmt: skip
    last = [0, 0]
    if last_team >= 0:
        last[last_team] = last_bonus
    return DealResult(card, cantes, (last[0], last[1]), capote_bonus, tricks, last_team, capote_team, tute_team,
                      claim_team, claim_ok)  # fmt: skip


# --------------------------------------------------------------------- target


def test_target():
    """002 §07: the team with 101 wins the partida; 001 "Winning": first partnership to reach 100 (or 101)."""
    ara = rules("aragones")
    assert settle_deal(ara, (0, 0), result(card=(91, 29), last_team=0), vueltas=False).partida_winner == 0  # 101
    st = settle_deal(ara, (0, 0), result(card=(90, 30), last_team=0), vueltas=False)  # 100
    assert st.partida_winner == -1 and st.scores_after == (100, 30)
    cla = rules("clasico")
    st = settle_deal(cla, (0, 0), result(card=(90, 30), last_team=0), vueltas=False)
    assert st.partida_winner == 0 and st.reason == "target"
    assert settle_deal(cla.replace(target=150), (0, 0), result(card=(90, 30), last_team=0), False).partida_winner == -1
    # Scores accumulate over deals.
    st = settle_deal(cla, (60, 10), result(card=(20, 100), last_team=0), vueltas=False)
    assert st.scores_after == (90, 110) and st.partida_winner == 1


def test_idas_vueltas():
    """002 §07: play all 10 tricks of the first deal (idas); if nobody passed, keep the score and deal again for
    vueltas. Without idas_vueltas (001) deals simply follow each other."""
    st = settle_deal(rules("aragones"), (0, 0), result(card=(70, 50)), vueltas=False)
    assert st.partida_winner == -1 and st.vueltas_next is True and st.scores_after == (70, 60)
    st = settle_deal(rules("clasico").replace(target=200), (0, 0), result(card=(70, 50)), vueltas=False)
    assert st.partida_winner == -1 and st.vueltas_next is False


def test_match_deals_vueltas_after_idas():
    """002 §07: after an idas deal where nobody reached 101 the next deal is vueltas and the score is kept;
    claims (claims="vueltas") become possible there."""
    m = GuinoteMatch(rules("aragones"), seed=5, dealer=0)
    rng = random.Random(5)
    checked = 0
    while not m.is_terminal() and checked < 30:
        deal_no = len(m.deals)
        acts = [a for a in m.legal_actions() if a != CLAIM] or m.legal_actions()
        m.apply_action(rng.choice(acts))
        if len(m.deals) > deal_no and not m.is_terminal():
            prev = m.deals[-2]
            if prev.settlement.partida_winner < 0:
                assert m.deal.vueltas is True and m.deals[-1].vueltas is True
                assert tuple(m.scores) == prev.settlement.scores_after == m.deal.scores_before
            else:
                assert m.deal.vueltas is False and m.scores == [0, 0]
            checked += 1
    assert checked > 0


# ------------------------------------------------------------------ both past


def test_both_past_higher_score():
    """001 "Winning": if both teams cross the target on the same deal, the side with the higher score wins;
    ties replay."""
    cla = rules("clasico")
    st = settle_deal(cla, (80, 90), result(card=(70, 50), last_team=0), vueltas=False)  # 160 vs 140
    assert st.partida_winner == 0 and st.reason == "both_past"
    st = settle_deal(cla, (80, 90), result(card=(50, 70), last_team=0), vueltas=False)  # 140 vs 160
    assert st.partida_winner == 1
    st = settle_deal(cla, (90, 100), result(card=(70, 60), last_team=1), vueltas=False)  # 160 vs 170
    assert st.partida_winner == 1
    near = settle_deal(cla, (90, 80), result(card=(60, 60), last_team=0), vueltas=False)  # 160 vs 140
    assert near.partida_winner == 0
    tie = settle_deal(cla, (80, 90), result(card=(60, 60), last_team=0), vueltas=False)  # 150 vs 150
    assert tie.replay is True and tie.partida_winner == -1 and tie.scores_after == (80, 90)
    assert tie.reason == "tie_replay"


def test_both_past_last_trick():
    """002 §07: if both passed, the team of the last trick wins if it has at least 30 points of tricks without
    cantes; otherwise the other team that passed wins. last_trick_min_points sets the 30."""
    ara = rules("aragones")
    # Team 0 took the last trick with 70 card points: it wins although team 1 has more in total.
    st = settle_deal(ara, (60, 100), result(card=(70, 50), last_team=0), vueltas=True)  # 140 vs 150
    assert st.partida_winner == 0 and st.reason == "both_past"
    # Team 0 took the last trick but has only 5 card points (< 30): team 1 wins.
    st = settle_deal(ara, (60, 100), result(card=(5, 115), cantes=(40, 0), last_team=0, tricks=(1, 9)), True)
    assert st.scores_after[0] >= 101 and st.scores_after[1] >= 101
    assert st.partida_winner == 1
    # The same deal with the minimum lowered to 10: the last trick's side wins.
    st = settle_deal(ara.replace(last_trick_min_points=5), (60, 100),
                     result(card=(5, 115), cantes=(40, 0), last_team=0, tricks=(1, 9)), True)  # fmt: skip
    assert st.partida_winner == 0
    # The 10 of the last trick does not count towards the 30 (variants.md: "30 card points"): 25 + 10 is short.
    st = settle_deal(ara, (60, 100), result(card=(25, 95), cantes=(40, 0), last_team=0, tricks=(2, 8)), True)
    assert st.scores_after[0] >= 101 and st.partida_winner == 1
    # Cantes do not count towards the 30 (002 §07: "без объявлений").
    st = settle_deal(ara, (60, 100), result(card=(15, 105), cantes=(40, 0), last_team=0, tricks=(2, 8)), True)
    assert st.partida_winner == 1


# ----------------------------------------------------------- claims and tute


def test_claim_and_tute_settle_the_partida():
    """002 §07 / 003 "Kondisi Kemenangan": a right claim wins the partida, a wrong one gives it to the other
    team; common practice (variants.md): tute wins the partida outright."""
    ara = rules("aragones")
    st = settle_deal(ara, (0, 90), result(card=(0, 11), last_team=-1, claim_team=1, claim_ok=True), True)
    assert (st.partida_winner, st.reason) == (1, "claim")
    st = settle_deal(ara, (0, 89), result(card=(0, 11), last_team=-1, claim_team=1, claim_ok=False), True)
    assert (st.partida_winner, st.reason) == (0, "wrong_claim")
    st = settle_deal(ara, (0, 0), result(card=(0, 11), last_team=-1, tute_team=1), False)
    assert (st.partida_winner, st.reason) == (1, "tute")


# --------------------------------------------------------------- malas/buenas


def test_malas_buenas():
    """002 §07: points up to 50 are malas; above, subtract 50 and call the rest buenas: 101 is 51 buenas."""
    ara = rules("aragones")
    assert format_score(ara, 0) == "0 malas"
    assert format_score(ara, 50) == "50 malas"
    assert format_score(ara, 51) == "1 buenas"
    assert format_score(ara, 101) == "51 buenas"
    assert format_score(ara.replace(malas_buenas=False), 101) == "101"
    assert format_score(rules("clasico"), 73) == "73"
    m = GuinoteMatch(ara, seed=1, dealer=0)
    assert m.score_line() == "0 malas - 0 malas (partidas 0-0)"


# ------------------------------------------------------------- partidas, coto


def play_match(r, seed: int) -> GuinoteMatch:
    m = GuinoteMatch(r, seed=seed)
    rng = random.Random(seed)
    while not m.is_terminal():
        acts = m.legal_actions()
        # no blind claims: a random claim is almost always wrong and would decide partidas by accident
        acts = [a for a in acts if a != CLAIM] or acts
        m.apply_action(rng.choice(acts))
    return m


@pytest.mark.parametrize(("preset", "to_win"), [("aragones", 3), ("clasico", 1), ("aragones", 2)])
def test_partidas_to_win(preset, to_win):
    """002 §07: agree a coto of the majority of 5 partidas, the first 3 wins; 001: best of 3 (2 partidas) in
    tournaments; a single partida by default."""
    r = rules(preset, partidas_to_win=to_win)
    m = play_match(r, seed=to_win * 7)
    assert m.partidas[m.winner] == to_win
    assert m.partidas[1 - m.winner] < to_win
    assert sum(m.partidas) <= 2 * to_win - 1
    assert m.returns() == [1.0 if s % 2 == m.winner else -1.0 for s in range(4)]
    with pytest.raises(IllegalActionError, match="over"):
        m.apply_action(0)


# ---------------------------------------------------------------- next dealer


@pytest.mark.parametrize("next_dealer", ["last_trick", "rotate"])
def test_next_dealer(next_dealer):
    """002 §03: the next deals are dealt by whoever took the previous last trick; 001 "Players": the deal
    rotates anticlockwise (to the next seat in playing order) after each hand."""
    m = GuinoteMatch(rules("aragones", next_dealer=next_dealer, partidas_to_win=3), seed=11, dealer=2)
    assert m.deal.dealer == 2
    rng = random.Random(3)
    transitions = 0
    while not m.is_terminal() and transitions < 6:
        n = len(m.deals)
        deal = m.deal
        acts = [a for a in m.legal_actions() if a != CLAIM] or m.legal_actions()
        m.apply_action(rng.choice(acts))
        if len(m.deals) > n:
            if next_dealer == "last_trick":
                assert m.deal.dealer == deal.last_winner
            else:
                assert m.deal.dealer == (deal.dealer + 1) % 4
            transitions += 1
    assert transitions >= 2


def test_first_dealer_random_but_seeded():
    """002 §03: the first dealer is chosen at random (from the match seed)."""
    dealers = {GuinoteMatch(rules("aragones"), seed=s).deal.dealer for s in range(20)}
    assert dealers == {0, 1, 2, 3}
    assert GuinoteMatch(rules("aragones"), seed=4).deal.dealer == GuinoteMatch(rules("aragones"), seed=4).deal.dealer
    with pytest.raises(SetupError, match="dealer 4 is not a seat"):
        GuinoteMatch(rules("aragones"), seed=1, dealer=4)


# --------------------------------------------------------------------- capote


def test_capote_wins_match():
    """001 "Scoring" 6 / "Winning": a capote (winning every trick) in some rule sets ends the match
    immediately (capote="wins_match"); with "bonus" it only scores."""
    capote = result(card=(120, 0), last_team=0, tricks=(10, 0), capote_team=0)
    st = settle_deal(rules("clasico", capote="wins_match"), (0, 90), capote, vueltas=False)
    assert (st.partida_winner, st.match_winner, st.reason) == (0, 0, "capote")
    st = settle_deal(rules("clasico"), (0, 0), result(card=(120, 0), last_team=0, tricks=(10, 0), capote_team=0,
                                                      capote_bonus=(100, 0)), vueltas=False)  # fmt: skip
    assert st.match_winner == -1 and st.partida_winner == 0 and st.scores_after == (230, 0)


def test_issue12_win_rules_in_whole_matches():
    """Issue 12's win rules together in whole matches (malas_floor, vueltas_auto_end, min_points_scope="always",
    claim_needs_lead with refused claims): every match ends, partidas are won by "las malas" and by reaching
    the target, some vueltas deals end by themselves, and no refused claim is ever offered."""
    import collections

    r = rules(
        "aragones",
        malas_floor=60, vueltas_auto_end=True, min_points_scope="always", claim_needs_lead=True,
        wrong_claim_loses=False,
    )  # fmt: skip
    reasons: collections.Counter[str] = collections.Counter()
    early = 0
    for seed in range(12):
        m = GuinoteMatch(r, seed=seed)
        rng = random.Random(seed)
        while not m.is_terminal():
            actions = m.legal_actions()
            m.apply_action(actions[rng.randrange(len(actions))])
        for d in m.deals:
            assert d.result is not None and d.settlement is not None
            assert d.result.claim_team < 0 or d.result.claim_ok  # wrong claims are refused, never made
            reasons[d.settlement.reason] += 1
            early += d.result.reached_team >= 0
        assert max(m.partidas) == r.partidas_to_win
    assert reasons["malas"] and reasons["target"] and early
