"""Scoring a deal (004 "Puntuación de una mano"; the auction tables follow the common published contrée rules, as
scoring.py documents them). The tables are checked on ``score_deal`` directly; a few played deals check that
the engine feeds it what happened."""

from __future__ import annotations

import pytest

from tapete.belote.scoring import score_deal

from .helpers import dealt, lowest_playout, rules

EVEN = (2, 2, 2, 2)  # tricks by seat: nobody capot
CAPOT_0 = (5, 0, 3, 0)  # team 0 took every trick, split between partners
CAPOT_1 = (0, 4, 0, 4)
GENERALE_1 = (0, 8, 0, 0)  # seat 1 alone took every trick


def classic(card_points, declarations=(0, 0), belote=(0, 0), takers=0, tricks=EVEN, **opts):
    return score_deal(rules("classique", **opts), 1, 0, 1, takers, card_points, tricks, declarations, belote)


def auction(bid, card_points, multiplier=1, declarations=(0, 0), belote=(0, 0), takers=0, tricks=EVEN,
            preset="contree", **opts):  # fmt: skip
    opts.setdefault("rounding", "none")
    return score_deal(rules(preset, **opts), 1, bid, multiplier, takers, card_points, tricks, declarations, belote)


# ------------------------------------------------------------------ classic (004)


def test_made_needs_strictly_more():
    """004 "Puntuación": "Si el total de los tomadores es ESTRICTAMENTE MAYOR que el de los defensores, cada equipo
    puntúa los puntos de carta que recolectó"."""
    res = classic((82, 80))
    assert res.made and res.scores == (82, 80)
    res = classic((80, 82), takers=1)
    assert res.made and res.scores == (80, 82)
    res = classic((80, 82))
    assert not res.made and res.scores == (0, 162)


def test_a_tie_is_dedans():
    """004: "Si el total de los defensores es IGUAL O MAYOR que el de los tomadores, los defensores consiguen TODOS
    los 162 puntos" (litige="dedans", default)."""
    res = classic((81, 81))
    assert not res.made and not res.litige and res.scores == (0, 162) and res.held == 0
    res = classic((81, 81), takers=1)
    assert res.scores == (162, 0)


def test_declarations_count_towards_the_contract():
    """004: "cada equipo suma los valores de puntos de las cartas capturadas más las declaraciones": 76 + 20
    beats 86."""
    res = classic((76, 86), declarations=(20, 0))
    assert res.made and res.scores == (96, 86)
    res = classic((96, 66), declarations=(0, 50))
    assert not res.made  # 96 against 66 + 50


def test_dedans_gives_162_and_all_declarations_to_the_defence():
    """004: failed takers: "los defensores consiguen TODOS los 162 puntos MÁS las declaraciones de ambos equipos;
    los tomadores obtienen 0"."""
    res = classic((70, 92), declarations=(20, 0))
    assert not res.made and res.scores == (0, 162 + 20)
    res = classic((50, 112), declarations=(0, 50))
    assert res.scores == (0, 162 + 50)


def test_takers_keep_belote_when_dedans():
    """004: "los tomadores obtienen 0 (pero conservan cualquier Belote-Rebelote)"; belote scores 20 for its team
    "independientemente de otros resultados"."""
    res = classic((60, 102), belote=(20, 0))
    assert not res.made and res.scores == (20, 162)
    res = classic((60, 102), belote=(0, 20))
    assert res.scores == (0, 182)
    res = classic((100, 62), belote=(0, 20))
    assert res.made and res.scores == (100, 82)


def test_belote_to_defence_on_failure():
    """Option belote_to_defence_on_failure (some tables, against 004's default): on a failure the takers' belote
    goes to the defence."""
    res = classic((60, 102), belote=(20, 0), belote_to_defence_on_failure=True)
    assert res.scores == (0, 182)
    res = classic((100, 62), belote=(20, 0), belote_to_defence_on_failure=True)
    assert res.made and res.scores == (120, 62)  # made: nothing moves


def test_belote_counts_for_contract():
    """004 sums belote into the totals compared (belote_counts_for_contract, default); off (common contrée
    practice), 72 + 20 no longer beats 90, but the 20 is still scored."""
    res = classic((72, 90), belote=(20, 0))
    assert res.made and res.scores == (92, 90)
    res = classic((72, 90), belote=(20, 0), belote_counts_for_contract=False)
    assert not res.made and res.scores == (20, 162)


def test_capot_252():
    """004: "Capot (slam): Si un equipo gana TODAS las 8 bazas, recibe un bono de 90 puntos, para un total de 252
    puntos. El equipo perdedor conserva cualquier Belote-Rebelote"."""
    res = classic((162, 0), tricks=CAPOT_0)
    assert res.made and res.capot_team == 0 and res.card_points == (252, 0) and res.scores == (252, 0)
    res = classic((162, 0), tricks=CAPOT_0, belote=(0, 20))
    assert res.scores == (252, 20)
    res = classic((0, 162), tricks=CAPOT_1, belote=(20, 0), declarations=(0, 20))
    assert not res.made and res.capot_team == 1 and res.scores == (20, 252 + 20)


def test_capot_bonus():
    """Option capot_bonus: the 90 of 004's capot."""
    assert classic((162, 0), tricks=CAPOT_0, capot_bonus=100).scores == (262, 0)
    assert classic((0, 162), tricks=CAPOT_1, capot_bonus=0).scores == (0, 162)


def test_last_trick_bonus():
    """004 "dix de der": 10 for the last trick (option last_trick_bonus): a dedans gives 152 + the bonus, a capot
    152 + the bonus + 90; a played deal totals 152 + the bonus."""
    assert classic((60, 92), last_trick_bonus=0).scores == (0, 152)
    assert classic((60, 92), last_trick_bonus=20).scores == (0, 172)
    assert classic((162, 0), tricks=CAPOT_0, last_trick_bonus=0).scores == (242, 0)
    for bonus in (0, 10, 20):
        s = dealt(rules(last_trick_bonus=bonus), ["", "", "", ""], "s", 0)
        lowest_playout(s)
        assert sum(s.result().card_points) == 152 + bonus


def test_litige():
    """Option litige (common practice for 004's tie): "dedans" (004, default) is a failure; "held": the defence
    scores its points and the takers' points wait for the next deal's winner; "dropped": they are lost."""
    assert classic((81, 81)).scores == (0, 162)
    res = classic((81, 81), litige="held")
    assert res.litige and not res.made and res.scores == (0, 81) and res.held == 81
    res = classic((61, 81), litige="held", belote=(20, 0))  # 61 + 20 = 81: a tie, the takers keep belote
    assert res.litige and res.scores == (20, 81) and res.held == 61
    res = classic((61, 81), declarations=(20, 0), litige="held")  # declarations are held with the points
    assert res.litige and res.scores == (0, 81) and res.held == 81
    res = classic((81, 81), litige="dropped")
    assert res.litige and res.scores == (0, 81) and res.held == 0
    # not a tie: the option does not matter
    for lit in ("held", "dropped"):
        assert classic((80, 82), litige=lit).scores == (0, 162)
        assert not classic((80, 82), litige=lit).litige


def test_rounding():
    """004: "Redondee hacia abajo o hacia arriba a la decena más cercana según la costumbre regional, o registre el
    valor exacto" (option rounding: none, nearest_10, down_10)."""
    assert classic((84, 78)).scores == (84, 78)
    assert classic((84, 78), rounding="nearest_10").scores == (80, 80)
    assert classic((85, 77), rounding="nearest_10").scores == (90, 80)
    assert classic((84, 78), rounding="down_10").scores == (80, 70)
    assert classic((89, 73), rounding="down_10").scores == (80, 70)


# ------------------------------------------------------------------ auction tables


def test_scoring_option_contree_made_and_failed():
    """Common practice (FFB contrée; scoring="contree"): a made contract scores its card points plus the bid (and
    declarations, belote); the defence keeps its points; a failed one gives 160 + the bid (+ every declaration)
    to the defence. Made means at least the bid, declarations and belote included."""
    res = auction(100, (110, 52))
    assert res.made and res.scores == (210, 52)
    res = auction(100, (90, 72), declarations=(10 + 0, 0))
    assert res.made and res.scores == (200, 72)  # exactly the bid
    res = auction(100, (70, 92), declarations=(0, 20), belote=(20, 0))
    assert not res.made and res.scores == (20, 160 + 100 + 20)
    res = auction(120, (110, 52), takers=1)
    assert not res.made and res.scores == (280, 0)


def test_scoring_option_made_points():
    """Common alternative (scoring="made_points"): a made contract scores the bid only (the defence keeps its
    points); failures as in contrée."""
    res = auction(100, (110, 52), preset="coinche")
    assert res.made and res.scores == (100, 52)
    res = auction(100, (90, 72), declarations=(20, 0), belote=(20, 0), preset="coinche")
    assert res.scores == (140, 72)
    res = auction(100, (90, 72), preset="coinche")
    assert not res.made and res.scores == (0, 260)


def test_scoring_option_classic_needs_taking():
    """The scoring option: classic (004) compares the two teams, the auction tables compare with the bid; the same
    card points are a failure in one and a success in the other."""
    assert not classic((81, 81)).made
    assert auction(80, (81, 81)).made


def test_coinched_contracts():
    """004 "Variantes": coinche doubles; common practice (FFB): the winner of a coinched contract scores 160 + 2 x
    the bid (+ all declarations), the loser nothing but its belote."""
    res = auction(100, (110, 52), multiplier=2, belote=(0, 20), declarations=(20, 0))
    assert res.made and res.scores == (160 + 200 + 20, 20)
    res = auction(100, (70, 92), multiplier=2, belote=(20, 0))
    assert not res.made and res.scores == (20, 360)
    res = auction(100, (110, 52), multiplier=2, preset="coinche")  # made_points: the same
    assert res.scores == (360, 0)


@pytest.mark.parametrize("mult", [4, 3])
def test_surcoinched_contracts(mult):
    """004 "Variantes": surcoinche redoubles: x4 (FFB) or x3 (option surcoinche_multiplier; the auction sets the
    multiplier, scoring multiplies the bid)."""
    res = auction(100, (110, 52), multiplier=mult, surcoinche_multiplier=mult)
    assert res.scores == (160 + 100 * mult, 0)
    res = auction(100, (70, 92), multiplier=mult, surcoinche_multiplier=mult)
    assert res.scores == (0, 160 + 100 * mult)


def test_capot_bid():
    """Common practice (FFB): a capot bid is made only when the takers take every trick; it is a contract worth 250
    (capot_scoring="contract_250") scored like the others: contrée 250 + the 252 of a capot made, made_points 250;
    failed, the defence scores 160 + 250 (coinched: 160 + 2 x 250)."""
    res = auction(-1, (162, 0), tricks=CAPOT_0)
    assert res.made and res.card_points == (252, 0) and res.scores == (250 + 252, 0)
    res = auction(-1, (162, 0), tricks=CAPOT_0, preset="coinche")
    assert res.made and res.scores == (250, 0)
    res = auction(-1, (150, 12), tricks=(4, 1, 3, 0))
    assert not res.made and res.scores == (0, 410)
    res = auction(-1, (150, 12), tricks=(4, 1, 3, 0), multiplier=2)
    assert res.scores == (0, 160 + 500)


def test_capot_made_without_a_capot_bid():
    """004 "Puntuación", Capot: all eight tricks are 252 card points, in every scoring; an ordinary contract made
    with a capot scores those 252 plus the bid (contrée) or the bid alone (made_points)."""
    res = auction(100, (162, 0), tricks=CAPOT_0)
    assert res.made and res.capot_team == 0 and res.scores == (100 + 252, 0)
    res = auction(100, (162, 0), tricks=CAPOT_0, preset="coinche")
    assert res.scores == (100, 0)
    res = auction(100, (0, 162), tricks=CAPOT_1)  # the defence took everything
    assert not res.made and res.card_points == (0, 252) and res.scores == (0, 260)


def test_generale():
    """Common coinche practice (option generale): a générale (one player takes every trick) is a flat 500 to the
    side that wins it, card points aside; a team capot split between partners fails it."""
    res = auction(-2, (0, 162), takers=1, tricks=GENERALE_1, preset="coinche")
    assert res.made and res.scores == (0, 500)
    res = auction(-2, (0, 162), takers=1, tricks=GENERALE_1, preset="coinche", declarations=(0, 20))
    assert res.scores == (0, 520)
    res = auction(-2, (0, 162), takers=1, tricks=CAPOT_1, preset="coinche")
    assert not res.made and res.scores == (500, 0)
    res = auction(-2, (0, 162), takers=1, tricks=CAPOT_1, preset="coinche", multiplier=2)
    assert res.scores == (1000, 0)


def test_capot_scoring():
    """Option capot_scoring: "bonus" is the taking game's (004: a capot adds 90, 252 in all); with an auction a
    capot bid is a contract worth 250 ("contract_250") or a flat 500 to the side that wins it ("flat_500"). A capot
    made is 252 card points in every mode; each value goes with its bidding (rules.py)."""
    assert classic((162, 0), tricks=CAPOT_0, capot_scoring="bonus").scores == (252, 0)
    made = dict(tricks=CAPOT_0, preset="coinche")
    assert auction(-1, (162, 0), capot_scoring="contract_250", **made).scores == (250, 0)
    assert auction(-1, (162, 0), capot_scoring="flat_500", **made).scores == (500, 0)
    assert auction(-1, (162, 0), capot_scoring="flat_500", **made).card_points == (252, 0)
    failed = dict(tricks=(4, 1, 3, 0))
    assert auction(-1, (150, 12), capot_scoring="contract_250", **failed).scores == (0, 410)
    assert auction(-1, (150, 12), capot_scoring="flat_500", **failed).scores == (0, 500)
    assert auction(-1, (150, 12), capot_scoring="flat_500", multiplier=2, **failed).scores == (0, 1000)
    # an ordinary contract made with a capot is not affected
    assert auction(100, (162, 0), capot_scoring="flat_500", **made).scores == (100, 0)


def test_belote_to_defence_on_failure_with_an_auction():
    """Option belote_to_defence_on_failure with the auction tables: a failed contract (coinched or not) gives the
    takers' belote to the defence; by default the holders keep it."""
    assert auction(100, (70, 92), belote=(20, 0)).scores == (20, 260)
    assert auction(100, (70, 92), belote=(20, 0), belote_to_defence_on_failure=True).scores == (0, 280)
    res = auction(100, (70, 92), belote=(20, 0), multiplier=2, belote_to_defence_on_failure=True)
    assert res.scores == (0, 160 + 200 + 20)
    assert auction(100, (110, 52), belote=(20, 0), belote_to_defence_on_failure=True).scores == (230, 52)


def test_auction_rounding():
    """Option rounding with the auction tables (the coinche and contrée presets round to the nearest ten)."""
    res = score_deal(rules("contree"), 1, 100, 1, 0, (114, 48), EVEN, (0, 0), (0, 0))
    assert res.scores == (210, 50)
    res = score_deal(rules("contree", rounding="down_10"), 1, 100, 1, 0, (116, 46), EVEN, (0, 0), (0, 0))
    assert res.scores == (210, 40)


# ------------------------------------------------------------------ played deals


def test_a_played_classic_deal_is_scored_from_what_happened():
    """004 "Puntuación": the engine's result is score_deal of the tricks, declarations and belote it recorded."""
    s = dealt(rules(), ["Ah Kh Qh 7s", "", "Kd", ""], "h", 0)
    s.play("declare")
    lowest_playout(s)
    res = s.result()
    assert res.declarations == (20, 0) and res.belote == (20, 0)
    assert sum(res.card_points) == 162 or res.capot_team >= 0
    again = score_deal(s.rules, s.contract, s.bid, s.multiplier, s.taker % 2, tuple(s.card_points),
                       tuple(s.tricks_won), tuple(s.decl_points), (20, 0))  # fmt: skip
    assert again == res
