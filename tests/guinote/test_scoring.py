"""Deal scoring: the last trick, capote, tute, and claims made inside a deal."""

from __future__ import annotations

import random

import pytest

from tapete.core.cards.spanish import cards_of
from tapete.core.errors import IllegalActionError
from tapete.guinote.state import OVER, GuinoteState

from .helpers import deal, legal, pass_specials, play_all, random_playout, reach_arrastre, rules, snapshot

# ---------------------------------------------------------------- last trick


@pytest.mark.parametrize("preset", ["aragones", "clasico", "frances", "aragones-2p", "clasico-2p"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_last_trick_bonus(preset, seed):
    """002 §07: the last trick adds 10, so the base without cantes is 130; 001 "Phase 2" 6 / "Scoring" 3:
    the side winning the final trick scores +10 at deal end. The bonus is an option (last_trick_bonus)."""
    for bonus in (10, 0, 25):
        s = GuinoteState.new_deal(rules(preset, last_trick_bonus=bonus), seed=seed, dealer=seed % 2)
        random_playout(s, random.Random(seed))
        res = s.result()
        team = s.tricks[-1][1] % 2
        assert res.last_trick_team == team
        assert res.last_trick[team] == bonus and res.last_trick[1 - team] == 0
        assert sum(res.card_points) == 120
        assert sum(res.trick_points) == 120 + bonus
        assert res.totals[team] == res.card_points[team] + res.cante_points[team] + bonus + res.capote_bonus[team]
        if res.capote_team < 0:
            assert sum(res.totals) == 120 + bonus + sum(res.cante_points)


def test_result_only_when_over():
    """Engine contract: result() is refused until the deal is over."""
    s = GuinoteState.new_deal(rules("aragones"), seed=1)
    with pytest.raises(IllegalActionError, match="not over"):
        s.result()


# ------------------------------------------------------------------- capote

CAPOTE_FINALS = ["1o 3o Ro So Co 1b", "2b 4b 5b 6b 7b 2c", "7o 6o 5o 4o 1c 1e", "2o 2e 4e 5e 6e 4c"]


def capote_deal(**opts):
    """Team 0 wins every phase-1 trick, then every arrastre trick by leading its trumps and the as de bastos."""
    s = reach_arrastre(rules("aragones", **opts), CAPOTE_FINALS, "2o", phase1_team=0)
    for lead in ("1o", "3o", "Ro", "So", "Co", "1b"):
        pass_specials(s)
        assert s.current_player == 0
        s.play(lead)
        for _ in range(3):
            s.apply_action(min(cards_of(s.legal_card_mask())))
    assert s.is_terminal()
    return s


def test_capote_none_and_bonus():
    """001 "Scoring" 6: if one side wins every trick they score the full 130 plus a capote bonus of +100 (some
    rule sets); 002 names no capote bonus (capote="none"). capote_bonus sets the amount."""
    plain = capote_deal().result()
    assert plain.tricks == (10, 0) and plain.capote_team == 0
    assert plain.capote_bonus == (0, 0)
    assert plain.card_points == (120, 0) and plain.last_trick == (10, 0)
    assert plain.totals == (130, 0)
    bonus = capote_deal(capote="bonus").result()
    assert bonus.capote_team == 0 and bonus.capote_bonus == (100, 0) and bonus.totals == (230, 0)
    other = capote_deal(capote="bonus", capote_bonus=50).result()
    assert other.totals == (180, 0)


def test_no_capote_when_both_sides_take_tricks():
    """001 "Scoring" 6: capote is winning *every* trick."""
    for seed in range(5):
        s = GuinoteState.new_deal(rules("clasico"), seed=seed)
        random_playout(s, random.Random(seed))
        res = s.result()
        if min(res.tricks) > 0:
            assert res.capote_team == -1 and res.capote_bonus == (0, 0)


# --------------------------------------------------------------------- tute

# Seat 1 leads copas; the others play off suit (oros are trumps) so seat 1 wins and may then sing.
TUTE_OTHERS = {0: "2o 4o 2b 4b 5b 6b", 2: "2e 4e 5e 6e 7e 3e", 3: "5o 6o 7b 1b 3b 2c"}


def tute_deal(seat1: str, preset: str = "aragones", **opts):
    hands = [TUTE_OTHERS[0], seat1, TUTE_OTHERS[2], TUTE_OTHERS[3]]
    s = deal(rules(preset, **opts), hands, "3o", stock="3c 1e 7c 1c")
    play_all(s, "5c 2e 7b 2b")
    assert s.tricks[-1][1] == 1
    pass_specials(s)
    return s


def test_tute_none():
    """001 names tute only as the Riojano variant; the classic game has none (tute="none")."""
    s = tute_deal("Ro Rc Re Rb 4c 5c", preset="clasico")
    assert "tute" not in legal(s)
    with pytest.raises(IllegalActionError):
        s.play("tute")


def test_tute_bonus():
    """001 "Common Variations": Guiñote Riojano sometimes plays 40 puntos de tute (all four Kings in one hand =
    40-point bonus); the deal goes on. tute_points sets the amount."""
    s = tute_deal("Ro Rc Re Rb 4c 5c", preset="riojano")
    assert "tute" in legal(s)
    s.play("tute")
    assert s.cante_points == [0, 40] and not s.is_terminal()
    assert s.current_player == 1 and "tute" not in legal(s)  # once per deal
    assert s.known[1] & sum(1 << c for c in (9, 19, 29, 39)) == sum(1 << c for c in (9, 19, 29, 39))
    t = tute_deal("Ro Rc Re Rb 4c 5c", preset="riojano", tute_points=25)
    t.play("tute")
    assert t.cante_points == [0, 25]


def test_tute_wins_partida():
    """Common practice (variants.md): "tute" (four reyes or four sotas in one hand) wins the partida outright:
    the deal ends at once."""
    s = tute_deal("Ro Rc Re Rb 4c 5c")
    assert "tute" in legal(s)
    s.play("tute")
    assert s.is_terminal() and s.phase == OVER
    res = s.result()
    assert res.tute_team == 1
    assert res.last_trick == (0, 0)  # the deal did not reach its last trick


def test_tute_figures():
    """Common practice (variants.md): four reyes *or four sotas* (the cante figure) make tute in the Aragonese
    game (tute_figures="reyes_or_cante_figure"); 001 Riojano: four Kings only (tute_figures="reyes")."""
    assert "tute" in legal(tute_deal("So Sc Se Sb 4c 5c"))
    assert "tute" not in legal(tute_deal("So Sc Se Sb 4c 5c", tute_figures="reyes"))
    assert "tute" in legal(tute_deal("Ro Rc Re Rb 4c 5c", tute_figures="reyes"))
    # With the caballo as cante figure, four caballos count and four sotas do not.
    assert "tute" in legal(tute_deal("Co Cc Ce Cb 4c 5c", cante_figure="caballo"))
    assert "tute" not in legal(tute_deal("So Sc Se Sb 4c 5c", cante_figure="caballo"))


def test_tute_needs_a_won_trick():
    """Common practice: tute is sung like a cante, after winning a trick; not at the first lead."""
    hands = [TUTE_OTHERS[0], "Ro Rc Re Rb 4c 5c", TUTE_OTHERS[2], TUTE_OTHERS[3]]
    s = deal(rules("aragones"), hands, "3o")
    assert "tute" not in legal(s)


# -------------------------------------------------------------------- claims

# Seat 1 (team 1) leads the as de copas and wins it with 11 card points (the others play 0-point cards).
CLAIM_HANDS = ["2o 4o 2b 4b 5b 6b", "1c 2c 4c 5c 6c 7c", "2e 4e 5e 6e 7e 3e", "5o 6o 7b 1b 3b Sb"]


def claim_deal(before: tuple[int, int], vueltas: bool, preset: str = "aragones", **opts):
    s = deal(rules(preset, **opts), CLAIM_HANDS, "3o", scores_before=before, vueltas=vueltas)
    if s.rules.claims == "vueltas":
        assert "claim" not in legal(s)  # nothing won yet
    play_all(s, "1c 2e 7b 2b")
    pass_specials(s)
    assert s.current_player == 1 and s.card_points == [0, 11]
    return s


def test_claims_vueltas():
    """002 §07: in vueltas, the team that just took a trick may claim the win with 101 accumulated; cards still
    in hand do not count. Not in idas (the whole first deal is played)."""
    s = claim_deal((0, 90), vueltas=True)
    assert "claim" in legal(s)
    s.play("claim")
    res = s.result()
    assert s.is_terminal() and res.claim_team == 1 and res.claim_ok is True
    idas = claim_deal((0, 90), vueltas=False)
    assert "claim" not in legal(idas)
    # Only right after the team's trick, at its lead: not while following.
    t = claim_deal((0, 90), vueltas=True)
    t.play("4c")
    assert "claim" not in legal(t)


def test_claim_counts_cantes_and_scores_before():
    """002 §07: the claim is on the accumulated score (partida score before the deal + card points + cantes)."""
    hands = ["2o 4o 2b 4b 5b 6b", "1c Rc Sc 5c 6c 7c", "2e 4e 5e 6e 7e 3e", "5o 6o 7b 1b 3b Cb"]
    s = deal(rules("aragones"), hands, "3o", scores_before=(0, 70), vueltas=True)
    play_all(s, "1c 2e 7b 2b")
    pass_specials(s)
    s.play("sing:c")
    s.play("claim")
    assert s.result().claim_ok is True  # 70 + 11 + 20 = 101


def test_wrong_claim_loses():
    """003 "Kondisi Kemenangan": if the calculation is wrong the other team wins automatically
    (wrong_claim_loses: the claim is allowed and judged); with the option off a short claim is not offered."""
    s = claim_deal((0, 89), vueltas=True)  # 89 + 11 = 100 < 101
    assert "claim" in legal(s)
    s.play("claim")
    assert s.result().claim_team == 1 and s.result().claim_ok is False
    t = claim_deal((0, 89), vueltas=True, wrong_claim_loses=False)
    assert "claim" not in legal(t)
    u = claim_deal((0, 90), vueltas=True, wrong_claim_loses=False)
    assert "claim" in legal(u)


def test_claims_any_time():
    """003 "Kondisi Kemenangan": a team may declare victory when sure it has reached 101, in any deal and at
    any of its turns (claims="any_time"; variants.md: "a team may claim 101 at any time")."""
    s = claim_deal((0, 90), vueltas=False, claims="any_time")
    assert "claim" in legal(s)
    s.play("claim")
    assert s.result().claim_ok is True
    f = claim_deal((0, 90), vueltas=False, preset="frances")
    assert "claim" in legal(f)
    # Also at the very first lead and while following; judged on what is taken (90 + 0 < 101: wrong).
    early = deal(rules("frances"), CLAIM_HANDS, "3o", scores_before=(0, 90))
    assert early.current_player == 1 and "claim" in legal(early)
    early.play("1c")
    assert early.current_player == 2 and "claim" in legal(early)
    early.play("claim")
    assert early.result().claim_team == 0 and early.result().claim_ok is False
    # Without wrong_claim_loses only a claim that reaches the target is offered.
    sure = deal(rules("frances", wrong_claim_loses=False), CLAIM_HANDS, "3o", scores_before=(0, 101))
    assert "claim" in legal(sure)
    sure.play("1c")
    assert "claim" not in legal(sure)  # team 0 has 0


def test_claims_none():
    """001 "Winning": no claims, the deal is played out (claims="none")."""
    for vueltas in (False, True):
        s = claim_deal((0, 100), vueltas=vueltas, claims="none")
        assert "claim" not in legal(s)
    c = claim_deal((0, 100), vueltas=False, preset="clasico")
    assert "claim" not in legal(c)


def test_claim_refused_changes_nothing():
    """Engine contract: an illegal claim raises and leaves the state unchanged."""
    s = claim_deal((0, 90), vueltas=False)
    before = snapshot(s)
    with pytest.raises(IllegalActionError):
        s.play("claim")
    assert snapshot(s) == before
