"""The coinche after the taking in the classic game (option ``classic_coinche``; issue 12, section 3).

Sources (docs/rules/belote.md, "Coinche after the taking"): beloteenligne.com "Règles belote bridgée" (a
game on the retourne where contres and surcontres are allowed; the contre doubles the deal's total, the
surcontre quadruples it; the contract is still more points than the other side), lacontree.free.fr §2.4
(after a contre every point of the deal goes, doubled, to the side that wins, the other side scores
nothing but its belote, which cannot be taken; only the contred side may surcontre, and that ends the
calls), contree.net "Contre et surcontre" (a surcontre that triples: ``surcoinche_multiplier=3``), and
issue 12 (programs that let the opponents coinche the taker in the classic game). Seats in playing order;
dealer 3, so seat 0 speaks first and leads (tests/belote/helpers.py).
"""

from __future__ import annotations

import random

import pytest

from tapete.belote import actions as ba
from tapete.belote.explain import explain_illegal
from tapete.belote.heuristic_bidding import window_action
from tapete.belote.narration import narrate
from tapete.belote.notation import from_notation, to_notation
from tapete.belote.observation import observe, sample_deal
from tapete.belote.scoring import score_deal
from tapete.belote.state import BIDDING, PLAY, BeloteState
from tapete.core.errors import NotationError, RulesError

from .helpers import dealt, legal, lowest_playout, rules

COINCHE = rules(classic_coinche="coinche")
SURCOINCHE = rules(classic_coinche="coinche_surcoinche")
#: Seat 1 takes hearts (on a heart retourne from its hand); seat 2 holds the jack and nine of hearts.
HANDS = ["As Ks Ad Kd Ac Kc Qs Qd", "Ah Th Kh Qh 7s 8s 7d 8d", "Jh 9h 8h 7h Ts 9s Td 9d", "Js Jd Jc Tc 9c 8c 7c Qc"]


def window(r=SURCOINCHE, calls: str = "") -> BeloteState:
    """Seat 1 has taken hearts; the coinche window is open, ``calls`` spoken in it."""
    return dealt(r, HANDS, "h", 1, window=calls)


def classic(points, multiplier, declarations=(0, 0), belote=(0, 0), tricks=(2, 2, 2, 2), **opts):
    """Score a hearts contract taken by team 0 under the taking, coinched ``multiplier`` times."""
    r = rules(classic_coinche="coinche_surcoinche", **opts)
    return score_deal(r, 1, 0, multiplier, 0, points, tricks, declarations, belote).scores


# ------------------------------------------------------------------ the option


def test_default_is_no_coinche_and_the_first_card_follows_the_take():
    """004 'Selección del triunfo' 3-4 and 'Juego de bazas' 1: the first take ends the taking, the deal is
    completed and the seat after the dealer leads; nobody doubles (``classic_coinche="none"``)."""
    s = dealt(rules(), HANDS, "h", 1)
    assert s.phase == PLAY and s.current_player == 0 and s.multiplier == 1
    assert "coinche" not in legal(s)


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("contree", {"classic_coinche": "coinche"}),
        ("trois-joueurs", {"classic_coinche": "coinche"}),
        ("belote-a-deux", {"classic_coinche": "coinche_surcoinche"}),
    ],
)
def test_classic_coinche_needs_the_taking_and_four_players(preset, options):
    """The opponents (two of them) double the taker's contract: a partnership rule of the taking game; the
    auction has its own coinche (``coinche``)."""
    with pytest.raises(RulesError, match="classic_coinche="):
        rules(preset, **options)


# ------------------------------------------------------------------ the window


def test_window_opens_after_the_take_with_the_deal_completed():
    """The decision comes after the taking and before the first card: every hand holds its eight cards, the
    trumps are set, and the opponent after the taker speaks first, then the other opponent (tapete's
    reading of the order: playing order from the taker)."""
    s = window()
    assert s.phase == BIDDING and s.taker == 1 and s.contract == 1
    assert [h.bit_count() for h in s.hands] == [8, 8, 8, 8]
    assert s.current_player == 2 and legal(s) == {"pass", "coinche"}
    s.play("pass")
    assert s.current_player == 0 and legal(s) == {"pass", "coinche"}
    s.play("pass")
    assert s.phase == PLAY and s.current_player == 0 and s.multiplier == 1


def test_coinche_without_surcoinche_closes_the_window():
    """``classic_coinche="coinche"``: a coinche doubles the contract and the first card follows at once."""
    s = window(COINCHE)
    s.play("coinche")
    assert s.phase == PLAY and s.current_player == 0
    assert (s.multiplier, s.coinched_by, s.surcoinched) == (2, 2, False)


def test_second_opponent_may_coinche_after_the_first_passes():
    s = window(COINCHE, "pass")
    s.play("coinche")
    assert s.coinched_by == 0 and s.multiplier == 2 and s.phase == PLAY


def test_surcoinche_by_the_takers_after_a_coinche():
    """lacontree.free.fr §2.4: only the contred side may surcontre, and nothing is said after it. As in
    tapete's auction, the seat after the coincher speaks first, then its partner."""
    s = window(SURCOINCHE)
    s.play("coinche")
    assert s.current_player == 3 and legal(s) == {"pass", "surcoinche"}
    s.play("pass")
    assert s.current_player == 1 and legal(s) == {"pass", "surcoinche"}
    s.play("surcoinche")
    assert s.phase == PLAY and s.current_player == 0 and s.multiplier == 4 and s.surcoinched


def test_takers_may_decline_the_surcoinche():
    s = window(SURCOINCHE, "coinche pass pass")
    assert s.phase == PLAY and s.multiplier == 2 and not s.surcoinched


def test_surcoinche_multiplier_3():
    """contree.net "Contre et surcontre": some tables triple a surcontre (``surcoinche_multiplier=3``)."""
    s = window(rules(classic_coinche="coinche_surcoinche", surcoinche_multiplier=3), "coinche surcoinche")
    assert s.multiplier == 3


def test_no_card_and_no_new_take_in_the_window():
    s = window()
    with pytest.raises(Exception, match="coinche is spoken before the first card"):
        s.play("Jh")
    obs = observe(s, 2)
    assert explain_illegal(obs, ba.TAKE + 1).key == "play.explain.taken_already"
    assert explain_illegal(obs, 0).key == "play.explain.coinche_card"
    assert explain_illegal(obs, ba.SURCOINCHE).key == "play.explain.surcoinche_first"
    only = observe(window(COINCHE), 2)
    assert explain_illegal(only, ba.SURCOINCHE).key == "play.explain.no_surcoinche"


# ------------------------------------------------------------------ scoring


def test_coinched_made_takes_every_point_doubled():
    """lacontree.free.fr §2.4, beloteenligne.com: after a contre all the points of the deal go, multiplied, to
    the side that wins; the other scores nothing but its belote, never multiplied. Here the takers make it
    (100 + 20 > 62 + 20): (162 + the declarations of both sides) x 2, and the defence keeps its belote."""
    assert classic((100, 62), 2, declarations=(20, 0), belote=(0, 20)) == (364, 20)
    assert classic((100, 62), 4, declarations=(20, 0), belote=(0, 20)) == (728, 20)


def test_coinched_failed_gives_the_defence_every_point_multiplied():
    """The classic failure (004: the defence takes 162 and every declaration) times the multiplier; the takers
    keep their belote (004), or lose it with ``belote_to_defence_on_failure``."""
    assert classic((70, 92), 2, declarations=(20, 50), belote=(20, 0)) == (20, 464)
    assert classic((70, 92), 2, declarations=(20, 50), belote=(20, 0), belote_to_defence_on_failure=True) == (
        0,
        484,
    )


def test_coinched_tie_is_a_failure_whatever_the_litige():
    """004: the takers must score strictly more; a coinched deal has no litige (tapete's reading: the coincher
    bet that the takers would not make it, and they did not)."""
    assert classic((81, 81), 2) == (0, 324)
    assert classic((81, 81), 2, litige="held") == (0, 324)


def test_coinched_capot_doubles_the_252():
    assert classic((162, 0), 2, tricks=(4, 0, 4, 0)) == (504, 0)
    assert classic((0, 162), 2, tricks=(0, 4, 0, 4)) == (0, 504)


def test_not_coinched_scores_as_before():
    """With the window passed the deal scores as classic Belote (004)."""
    assert classic((90, 72), 1) == (90, 72)
    assert classic((72, 90), 1) == (0, 162)


def test_a_whole_coinched_deal_through_the_engine():
    """The multiplier the window sets reaches the result, and the deal's points go to one side."""
    s = window(SURCOINCHE, "coinche pass pass")
    lowest_playout(s)
    result = s.result()
    assert result.multiplier == 2
    winner = result.takers if result.made else 1 - result.takers
    assert result.scores[1 - winner] == result.belote[1 - winner]
    assert result.scores[winner] == 2 * (162 + sum(result.declarations)) + result.belote[winner]


# ------------------------------------------------------------------ positions, observations, words


@pytest.mark.parametrize("calls", ["", "pass", "coinche", "coinche pass"])
def test_position_strings_in_the_window_round_trip(calls):
    s = window(SURCOINCHE, calls)
    text = to_notation(s)
    assert " bidding:" in text and " t=- " in text
    again = from_notation(text)
    assert to_notation(again) == text
    assert again.legal_actions() == s.legal_actions() and again.current_player == s.current_player


def test_position_strings_refuse_a_wrong_window():
    text = to_notation(window(SURCOINCHE, "pass"))
    for bad, field in [
        (text.replace("bidding:0", "bidding:2"), "phase"),
        (text.replace("bidding:0", "play:0"), "phase"),
    ]:
        with pytest.raises(NotationError, match=field):
            from_notation(bad)


def test_the_coinche_is_public_and_a_pass_tells_what_every_seat_is_asked():
    """The multiplier is public: every seat sees it; the window is offered to each opponent whatever it
    holds, so its pass is a public call as at a real table (docs/rules/belote.md)."""
    s = window(SURCOINCHE, "coinche")
    views = [observe(s, seat) for seat in range(4)]
    assert {(o.multiplier, o.coinched_by, o.bids) for o in views} == {(2, 2, tuple(s.bids))}
    # Whether seat 2 holds the top trumps or not, it is asked the same way, and its pass shows the same.
    swapped = HANDS[:2] + ["Js Jd 8h 7h Ts 9s Td 9d", "Jh 9h Jc Tc 9c 8c 7c Qc"]
    strong, weak = window(SURCOINCHE, ""), dealt(SURCOINCHE, swapped, "h", 1, window="")
    assert strong.legal_actions() == weak.legal_actions() == [ba.PASS, ba.COINCHE]
    strong.play("pass")
    weak.play("pass")
    for seat in (0, 1):
        assert observe(strong, seat) == observe(weak, seat)
    rng = random.Random(3)
    for seat in range(4):
        assert observe(sample_deal(views[seat], rng), seat) == views[seat]


def test_narration_says_who_coinched():
    s = window(SURCOINCHE)
    before = observe(s, 0)
    s.play("coinche")
    assert [say.key for say in narrate(before, ba.COINCHE, observe(s, 0), 2)] == ["event.coinche"]
    before = observe(s, 0)
    s.play("surcoinche")
    keys = [say.key for say in narrate(before, ba.SURCOINCHE, observe(s, 0), 3)]
    assert keys == ["event.surcoinche", "event.contract"]


# ------------------------------------------------------------------ the heuristic bot


def test_bot_coinches_only_with_the_stronger_trumps():
    """Seat 2 holds four hearts with the jack: the taker, who never takes without the jack or the nine
    (004 'Consejos y estrategias'), holds at most four trumps and not the master one."""
    s = window()
    assert window_action(observe(s, 2)) == ba.COINCHE
    s.play("pass")
    assert window_action(observe(s, 0)) == ba.PASS


@pytest.mark.parametrize(
    "seat2",
    [
        "Jh 8h 7h 9s Ts Td 9d 7c",  # the jack, but three trumps
        "9h 8h 7h Ts 9s Td 9d 7c",  # the nine, but three trumps
    ],
)
def test_bot_passes_without_four_trumps_and_a_top_one(seat2):
    rest = sorted(set("Js Jd Jc Tc 9c 8c 7c Qc Jh 9h 8h 7h Ts 9s Td 9d".split()) - set(seat2.split()))
    hands = [HANDS[0], HANDS[1], seat2, " ".join(rest)]
    s = dealt(SURCOINCHE, hands, "h", 1, window="")
    assert window_action(observe(s, 2)) == ba.PASS


def test_bot_surcoinches_only_with_five_trumps_and_the_top_two():
    strong = [
        "As Ks Ad Kd Ac Kc Qs Qd",
        "Jh 9h Ah Th Kh 7s 8s 7d",
        "Qh 8h 7h Ts 9s Td 9d 8d",
        "Js Jd Jc Tc 9c 8c 7c Qc",
    ]
    s = dealt(SURCOINCHE, strong, "h", 1, window="coinche")
    assert s.current_player == 3 and window_action(observe(s, 3)) == ba.PASS
    s.play("pass")
    assert window_action(observe(s, 1)) == ba.SURCOINCHE


# ------------------------------------------------------------------ the contract suite on this option

_CASES = [
    {"classic_coinche": "coinche_surcoinche"},
    {"classic_coinche": "coinche", "litige": "held", "rounding": "nearest_10"},
]


@pytest.mark.parametrize("options", _CASES, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_contract_properties_hold_with_the_coinche_window(options):
    """tests/contract's properties (illegal actions, clones, hidden cards, sampled worlds, points, position
    strings and records at every step) on the option, which its random option mixes may not draw."""
    from tests.contract import test_actions, test_hidden, test_points, test_positions
    from tests.contract.cases import Case

    case = Case("belote", "classique", options)
    test_actions.test_illegal_action_raises_and_changes_nothing(case)
    test_actions.test_push_pop_clone_copy_and_pickle_agree(case)
    test_hidden.test_no_hidden_card_in_any_observation(case)
    test_hidden.test_sampled_worlds_look_the_same(case)
    test_points.test_card_points_add_up_to_the_deck(case)
    test_positions.test_position_strings_round_trip_at_every_step(case)
    test_positions.test_records_round_trip(case)
