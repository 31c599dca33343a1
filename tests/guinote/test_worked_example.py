# ruff: noqa: RUF002  (the seed is quoted in Russian)
"""002 §08, the worked example, exactly as written.

    "Черви — козырь, запас пуст. A заходит A♣, B даёт 3♣, C без треф козыряет 7♥. У D нет треф, но есть
    3♥ и 2♥. Поскольку выигрывает соперник C, D обязан перекозырить 3♥; выбор 2♥ был бы нарушением. D берёт
    11 + 10 + 0 + 10 = 31 очко карт. Если после взятки у D ещё K♥ и J♥, он может объявить 40 за козырный
    cante до нового захода; Q♥ эту пару не образует. В отдельном примере подсчёта 61 очко взяток плюс
    объявленные 40 дают 101 и победу в partida после idas."

Hearts are copas (002 §02), so trumps are copas; K♥ = Rc (rey), J♥ = Sc (sota), Q♥ = Cc (caballo).
Seats A, B, C, D are 0, 1, 2, 3 in playing order: A and C are partners, B and D are partners.
The position is reached by playing phase 1 out (the stock is empty: arrastre).
"""

from __future__ import annotations

import pytest

from tapete.core.errors import IllegalActionError
from tapete.guinote.match import format_score, settle_deal
from tapete.guinote.state import PLAY, DealResult

from .helpers import C, hand_set, legal, legal_cards, reach_arrastre, rules, snapshot

A, B, CC, D = 0, 1, 2, 3

FINALS = [
    "A♣ 4♣ 5♦ 6♦ 4♠ 5♠",  # A: leads the as de bastos
    "3♣ 6♣ A♦ 3♦ 6♠ 7♠",  # B
    "7♥ 4♥ 5♥ K♦ Q♦ A♠",  # C: no clubs
    "3♥ 2♥ K♥ J♥ Q♥ 4♦",  # D: no clubs; 3♥ and 2♥, and K♥ J♥ (and Q♥)
]


def to_spanish(text: str) -> str:
    from tapete.core.cards.spanish import card_str, parse_cards

    return " ".join(card_str(c) for c in parse_cards(text))


def example(d_hand: str = FINALS[3], **opts):
    finals = [to_spanish(h) for h in FINALS[:3]] + [to_spanish(d_hand)]
    s = reach_arrastre(rules("aragones", **opts), finals, "2c")  # D draws the indicator (2♥): A leads
    assert s.trump == 1  # copas = hearts
    assert s.stock_size() == 0 and s.in_arrastre()  # "запас пуст"
    assert s.current_player == A
    return s


def test_the_trick_of_002_08():
    """002 §08: A leads A♣, B plays 3♣, C (no clubs) trumps with 7♥; D, with no clubs and opponent C winning,
    must overtrump: 3♥ is legal, 2♥ would be a violation."""
    s = example()
    s.play("A♣")
    assert legal_cards(s) == {"3b", "6b"}  # B must follow clubs (and cannot beat the as)
    s.play("3♣")
    s.play("7♥")  # C's partner A holds the trick: C may trump (or discard)
    assert s.current_player == D
    legal_d = legal_cards(s)
    assert "3c" in legal_d and "2c" not in legal_d
    # Every higher heart overtrumps the 7; only the 2♥ (and the 4♦ discard) is refused.
    assert legal_d == {"3c", "Rc", "Sc", "Cc"}
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match="overtrump 7c"):
        s.play("2♥")
    assert snapshot(s) == before  # refused and unchanged
    with pytest.raises(IllegalActionError):
        s.play("4♦")
    assert snapshot(s) == before
    points_before = list(s.card_points)
    s.play("3♥")
    leader, winner, cards = s.tricks[-1]
    assert (leader, winner) == (A, D)
    assert cards == tuple(C(x) for x in ("1b", "3b", "7c", "3c"))
    # "D берёт 11 + 10 + 0 + 10 = 31 очко карт"
    assert s.card_points[1] - points_before[1] == 31 == 11 + 10 + 0 + 10
    assert s.card_points[0] == points_before[0]


def test_d_sings_40_with_k_and_j_of_hearts():
    """002 §08: with K♥ and J♥ still in hand after the trick, D may sing 40 for the trump cante before the next
    lead (sing:c)."""
    s = example()
    for card in ("A♣", "3♣", "7♥", "3♥"):
        s.play(card)
    assert s.phase == PLAY and s.current_player == D
    assert hand_set(s, D) >= {C("K♥"), C("J♥"), C("Q♥")}
    assert "sing:c" in legal(s)
    cantes_before = list(s.cante_points)
    s.play("sing:c")
    assert s.cante_points[1] - cantes_before[1] == 40
    assert s.cantes[-1] == (D, 41)
    assert hand_set(s, D) >= {C("K♥"), C("J♥")}  # the cards stay in hand (002 §06)


def test_q_of_hearts_does_not_pair():
    """002 §08: "Q♥ эту пару не образует": K♥ with Q♥ (rey with caballo) is no cante in the Aragonese game."""
    s = example(d_hand="3♥ 2♥ K♥ Q♥ 4♦ 7♦")
    for card in ("A♣", "3♣", "7♥", "3♥"):
        s.play(card)
    assert s.tricks[-1][1] == D and s.current_player == D
    assert "sing:c" not in legal(s)
    # The position has teeth: where the caballo is the cante figure (001), the same hand sings.
    t = example(d_hand="3♥ 2♥ K♥ Q♥ 4♦ 7♦", cante_figure="caballo")
    for card in ("A♣", "3♣", "7♥", "3♥"):
        t.play(card)
    assert "sing:c" in legal(t)


@pytest.mark.parametrize(
    ("card_points", "last_trick"),
    [
        ((59, 61), (10, 0)),  # 61 card points, the other side took the last trick
        ((69, 51), (0, 10)),  # 51 card points + 10 for the last trick
    ],
)
def test_61_plus_40_is_101_and_wins_after_idas(card_points, last_trick):
    """002 §08: in a separate counting example, 61 trick points plus the declared 40 give 101 and the partida
    after idas (002 §07: the team with 101 wins; 101 is "51 buenas")."""
    team_d = 1
    last_team = 0 if last_trick[0] else 1
    deal = DealResult(card_points, (0, 40), last_trick, (0, 0), (4, 6), last_team, -1, -1, -1, False)
    assert deal.trick_points[team_d] == 61 or deal.card_points[team_d] == 61
    assert deal.totals[team_d] == 101
    st = settle_deal(rules("aragones"), (0, 0), deal, vueltas=False)
    assert st.partida_winner == team_d and st.reason == "target"
    assert st.scores_after == (69, 101)
    assert format_score(rules("aragones"), st.scores_after[team_d]) == "51 buenas"
    # One point fewer is not enough: the partida goes on to vueltas.
    short = DealResult((card_points[0] + 1, card_points[1] - 1), (0, 40), last_trick, (0, 0), (4, 6), last_team,
                       -1, -1, -1, False)  # fmt: skip
    st = settle_deal(rules("aragones"), (0, 0), short, vueltas=False)
    assert st.partida_winner == -1 and st.vueltas_next is True
