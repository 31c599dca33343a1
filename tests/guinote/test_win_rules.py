"""When a side wins the partida: the 30 card points, "las 30 malas", vueltas that end by themselves, and
the conditions of a claim (issue 12, section 3).

Sources, as docs/rules/guinote.md cites them: 002 §07 (the 30 card points when both sides pass; claims in
the vueltas); variants.md's common practice ("a side needs 30 card points (cantes excluded) to win on
points"); the open-source Guinote-Mobile-APP (github.com/miguelartazos/Guinote-Mobile-APP,
src/utils/gameLogic.ts: ``calculateFinalPoints`` gives the partida to the other side when a side ends under
30, its "30 malas"; ``canDeclareVictory`` needs 101, 30 card points and more points than the other side;
``processTrickCompletion`` stops the vueltas once a side reaches 101) and juegosdecartas.fun ("en esta
partida de vueltas no es necesario terminar la partida").
"""

from __future__ import annotations

import pytest

from tapete.core.errors import IllegalActionError, RulesError
from tapete.guinote.actions import CLAIM
from tapete.guinote.game import GAME
from tapete.guinote.match import settle_deal
from tapete.guinote.notation import from_notation as parse_position
from tapete.guinote.notation import to_notation as position_string
from tapete.guinote.observation import observe
from tapete.guinote.results import DealResult

from .helpers import deal, legal, pass_specials, play_all, rules

# Same deal as test_scoring's claims: seat 1 takes the first trick (1c over 2e, 7b, 2b) for 11 card points.
HANDS = ["2o 4o 2b 4b 5b 6b", "1c 2c 4c 5c 6c 7c", "2e 4e 5e 6e 7e 3e", "5o 6o 7b 1b 3b Sb"]


def after_first_trick(before: tuple[int, int], vueltas: bool = True, **opts):
    s = deal(rules("aragones", **opts), HANDS, "3o", scores_before=before, vueltas=vueltas)
    play_all(s, "1c 2e 7b 2b")
    pass_specials(s)
    return s


def result(cards: tuple[int, int], cantes: tuple[int, int] = (0, 0), last: int = 1) -> DealResult:
    """A deal played out: ``last`` took the last trick (10 points)."""
    bonus = (10, 0) if last == 0 else (0, 10)
    return DealResult(cards, cantes, bonus, (0, 0), (5, 5), last, -1, -1, -1, False)


# ------------------------------------------------------------------ min_points_scope


def test_min_points_scope():
    """002 §07: the 30 card points ("минимум 30 очков взяток без объявлений") decide only when both sides pass
    (min_points_scope="both_past", every preset). Common practice (variants.md: "a side needs 30 card points
    (cantes excluded) to win on points"; Guinote-Mobile-APP's "30 malas rule: cannot win with cantes alone")
    asks them of any side that wins on points (min_points_scope="always")."""
    r = rules("aragones")
    always = r.replace(min_points_scope="always")
    # Team 0 passes the target alone with 25 card points, 60 in cantes and the last trick's 10.
    thin = result((25, 95), cantes=(60, 0), last=0)  # team 0: 25 + 60 + 10 = 95, team 1: 95
    assert settle_deal(r, (10, 0), thin, vueltas=True).partida_winner == 0  # 105: wins on cantes
    st = settle_deal(always, (10, 0), thin, vueltas=True)
    assert st.partida_winner == -1 and st.vueltas_next and st.scores_after == (105, 95)
    # A later deal with 30 card points or more: now it wins.
    assert settle_deal(always, (105, 0), result((30, 90), last=1), vueltas=True).partida_winner == 0
    # Both past, unchanged: the last trick's side with its 30 card points.
    both = result((60, 60), cantes=(0, 0), last=1)
    assert settle_deal(always, (50, 50), both, vueltas=True).partida_winner == 1
    with pytest.raises(RulesError, match="min_points_scope"):
        r.replace(min_points_scope="sometimes")


def test_min_points_scope_in_claims():
    """Under min_points_scope="always" a claim also needs the 30 card points of the deal (Guinote-Mobile-APP's
    canDeclareVictory: "at least 30 card points"): 90 + 11 reaches 101 but with 11 card points it is wrong."""
    s = after_first_trick((0, 90), min_points_scope="always")
    assert s.current_player == 1 and s.card_points == [0, 11]
    s.play("claim")
    assert s.result().claim_team == 1 and s.result().claim_ok is False
    assert settle_deal(s.rules, (0, 90), s.result(), vueltas=True).partida_winner == 0
    assert after_first_trick((0, 90)).claim_fault(1) == ""  # the default: the claim is right


# ------------------------------------------------------------------ malas_floor


def test_malas_floor():
    """Guinote-Mobile-APP, calculateFinalPoints: "If a team has less than 30 points, opponent wins" (its 30
    malas): with malas_floor=30, a side under 30 at the end of a deal played out loses the partida at once;
    with 0 (every preset, the seeds know no such rule) play goes on to the vueltas."""
    low = result((25, 95), last=1)  # team 0 ends the idas with 25, team 1 with 105 - 10 = 95 + 10
    r = rules("aragones")
    poor = result((20, 100), cantes=(0, 0), last=0)  # 30 vs 100: nobody at 101
    assert settle_deal(r, (0, 0), poor, vueltas=False).partida_winner == -1
    assert settle_deal(r.replace(malas_floor=31), (0, 0), poor, vueltas=False).reason == "malas"
    assert settle_deal(r.replace(malas_floor=31), (0, 0), poor, vueltas=False).partida_winner == 1
    assert settle_deal(r.replace(malas_floor=30), (0, 0), poor, vueltas=False).partida_winner == -1  # 30 is enough
    # A side at the target still wins on it, whatever the other has.
    assert settle_deal(r.replace(malas_floor=30), (0, 0), low, vueltas=False).reason == "target"
    for bad in (-1, 66):
        with pytest.raises(RulesError, match="malas_floor"):
            r.replace(malas_floor=bad)


# ------------------------------------------------------------------ vueltas_auto_end


def test_vueltas_auto_end():
    """Guinote-Mobile-APP ("Stop vueltas when any team reaches 101 combined points") and juegosdecartas.fun (the
    vueltas need not be finished): with vueltas_auto_end the trick that brings a side to the target ends the
    vueltas deal, won by it, without the last trick's 10. Off (every preset, 002 §07: the side claims), the deal
    goes on; in the idas it never applies."""
    s = after_first_trick((0, 90), vueltas_auto_end=True)
    assert s.is_terminal()
    res = s.result()
    assert res.reached_team == 1 and res.claim_team == -1 and res.last_trick == (0, 0)
    st = settle_deal(s.rules, (0, 90), res, vueltas=True)
    assert st.partida_winner == 1 and st.reason == "target" and st.scores_after == (0, 101)
    assert not after_first_trick((0, 90)).is_terminal()  # the default: claim it
    assert not after_first_trick((0, 90), vueltas=False, vueltas_auto_end=True).is_terminal()  # idas
    assert not after_first_trick((0, 89), vueltas_auto_end=True).is_terminal()  # 100: short
    # With the 30 card points asked always, 11 card points do not end it.
    assert not after_first_trick((0, 90), vueltas_auto_end=True, min_points_scope="always").is_terminal()
    with pytest.raises(RulesError, match="vueltas_auto_end=True needs idas_vueltas=True"):
        rules("clasico", vueltas_auto_end=True)


def test_vueltas_auto_end_positions_round_trip():
    """A vueltas deal ended by itself is a position like any other: written, read back, the same result."""
    s = after_first_trick((0, 90), vueltas_auto_end=True)
    text = position_string(s)
    back = parse_position(text)
    assert back.is_terminal() and back.result() == s.result()
    with pytest.raises(Exception, match="tricks taken but the phase is over"):
        parse_position(text.replace("ctx=0,90,vueltas", "ctx=0,80,vueltas"))


# ------------------------------------------------------------------ claim_needs_lead


def test_claim_needs_lead():
    """Guinote-Mobile-APP, canDeclareVictory: the claiming side must also "have more total points than
    opponent". Team 1 claims 101 while team 0 has 102 (a score past the target kept under
    min_points_scope="always"): wrong with claim_needs_lead, right without."""
    s = after_first_trick((102, 90), claim_needs_lead=True)
    assert s.claim_fault(1) == "behind"
    s.play("claim")
    assert s.result().claim_ok is False
    assert after_first_trick((102, 90)).claim_fault(1) == ""
    assert after_first_trick((100, 90), claim_needs_lead=True).claim_fault(1) == ""  # 101 against 100


def test_wrong_claim_refused_as_a_move():
    """Some apps refuse a claim that would be wrong instead of letting it lose (wrong_claim_loses=False): the
    claim is not among the legal actions, applying it raises IllegalActionError with the reason and changes
    nothing, and the table explains why in words (short, too few card points, or not ahead)."""
    cases = [
        ((0, 89), {}, "short of the target", "play.explain.claim_short"),
        ((0, 90), {"min_points_scope": "always"}, "too few card points", "play.explain.claim_cards"),
        ((102, 90), {"claim_needs_lead": True}, "not ahead", "play.explain.claim_behind"),
    ]
    for before, opts, words, key in cases:
        s = after_first_trick(before, wrong_claim_loses=False, **opts)
        assert "claim" not in legal(s)
        text = position_string(s)
        with pytest.raises(IllegalActionError, match=words):
            s.apply_action(CLAIM)
        assert position_string(s) == text
        assert GAME.explain_illegal(observe(s, 1), CLAIM).key == key
    ok = after_first_trick((0, 90), wrong_claim_loses=False)
    assert "claim" in legal(ok)
