"""The exclamations of a Guiñote table (``GAME.banners``): a cante ("¡Las cuarenta!", "¡Las veinte en
oros!"), the tute and a capote; nothing for a card, nor for a declined cante or 7 exchange (issue 12:
a silent decision tells nobody)."""

from __future__ import annotations

from typing import Any

from tapete.core.cards.spanish import parse_card, parse_cards
from tapete.guinote.actions import PASS, parse_action
from tapete.guinote.game import GAME
from tapete.guinote.state import PREDRAW, WINDOW, GuinoteState
from tapete.text.language import use_language
from tapete.text.render import say

from .helpers import deal, lead_and_win, rules

# As in test_cantes: oros are trumps (indicator 1o); seat 1 leads copas and wins the trick.
STOCK = "3e 7e 2b 3c 7c 2c 3o 1c"


def hands(
    seat1: str = "Rc Sc 4c 5c 6c Ce", seat3: str = "5o 6o 1b 3b 7b Sb", seat2: str = "1e 2e 4e 5e 6e Se"
) -> list[str]:
    return ["2o 4o 4b 5b 6b Cb", seat1, seat2, seat3]


def act(state: GuinoteState, text: str) -> list[Any]:
    """Take ``text`` as the seat to act; the banners it is worth, from that seat's observations."""
    seat = state.current_player
    before = GAME.observe_deal(state, seat)
    action = parse_action(text)
    state.apply_action(action)
    return list(GAME.banners(before, action, GAME.observe_deal(state, seat), seat))


def said(banners: list[Any], lang: str) -> list[str]:
    with use_language(lang):
        return [say(b) for b in banners]


def test_a_plain_cante_is_the_twenty_in_its_suit() -> None:
    s = deal(rules("aragones"), hands(), "1o", stock=STOCK)
    lead_and_win(s, "6c")
    shouted = act(s, "sing:c")
    assert [b.key for b in shouted] == ["banner.sing.twenty"]
    assert said(shouted, "es") == ["¡Las veinte en copas!"]
    assert said(shouted, "en") == ["The twenty in copas!"]
    assert said(shouted, "fr")[0].startswith("Les vingt en ")


def test_the_cante_in_trumps_is_las_cuarenta() -> None:
    s = deal(rules("aragones"), hands(seat1="Ro So 4c 5c 6c Ce", seat3="5e 6o 1b 3b 7b Sb", seat2="1e 2e 4e 5o 6e Se"),
             "1o", stock=STOCK)  # fmt: skip
    lead_and_win(s, "6c")
    shouted = act(s, "sing:o")
    assert said(shouted, "es") == ["¡Las cuarenta!"]
    assert said(shouted, "en") == ["The forty!"]
    assert said(shouted, "fr") == ["Les quarante !"]


def test_other_cante_points_are_said_with_their_points() -> None:
    s = deal(rules("aragones", cante_points_plain=10), hands(), "1o", stock=STOCK)
    lead_and_win(s, "6c")
    assert said(act(s, "sing:c"), "es") == ["¡10 en copas!"]


def test_the_tute() -> None:
    hs = [parse_cards(h) for h in ("2o 4o 5o 6o 2c 4c", "1b Ro Rc Re Rb 2e", "3o 3c 5c 6c 7c 4e", "7o Sb Sc 7e 5e 6e")]
    used = {c for h in hs for c in h}
    rest = [c for c in range(40) if c not in used and c != parse_card("Cb")]
    s = GuinoteState.from_hands(rules("aragones"), hs, indicator=parse_card("Cb"), stock=rest, dealer=0)
    for a in ("1b", "3o", "5e", "2o"):
        assert act(s, a) == []
    assert said(act(s, "tute"), "es") == ["¡Tute!"]


def test_a_declined_cante_or_exchange_is_worth_no_banner() -> None:
    """A seat offered the window (its partner's trick: sing, or exchange the 7) declines it silently."""
    declined = 0
    for seed in range(6):
        s = GAME.new_deal(rules("aragones"), seed=seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            if PASS in legal:
                assert s.phase in (WINDOW, PREDRAW) and GAME.is_silent(s.rules, PASS)
                assert act(s, "pass") == []
                declined += 1
            else:
                act(s, GAME.action_str(s.rules, legal[0]))
    assert declined > 0


def test_cards_are_worth_no_banner() -> None:
    s = deal(rules("aragones"), hands(), "1o", stock=STOCK)
    assert act(s, "6c") == []


def sweep(state: Any, team: int, budget: int = 3000) -> list[int] | None:
    """A line of play from ``state`` to the deal's end in which ``team`` takes every trick (optional
    turns declined), found by a depth-first search that gives up a line at the first trick lost."""
    nodes = 0

    def search(st: Any, line: list[int]) -> list[int] | None:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return None
        if st.is_terminal():
            return line if not any(GAME.observe_deal(st, 0).hand_sizes) else None
        legal = st.legal_actions()
        cards = [a for a in legal if a < 40]
        for a in cards or [PASS]:
            nxt = st.clone()
            nxt.apply_action(a)
            if len(nxt.tricks) > len(st.tricks) and nxt.tricks[-1][1] % 2 != team:
                continue
            found = search(nxt, [*line, a])
            if found is not None:
                return found
        return None

    return search(state, [])


def test_a_capote_when_the_last_card_gives_one_side_every_trick() -> None:
    line = None
    for seed in range(40):
        start = GAME.new_deal(rules("aragones"), seed=seed)
        line = sweep(start.clone(), 0)
        if line is not None:
            break
    assert line is not None, "no deal with a capote line found"
    s = start
    shouted = [act(s, GAME.action_str(s.rules, a)) for a in line]
    assert s.is_terminal() and {w % 2 for _, w, _ in s.tricks} == {0}
    assert all(not b for b in shouted[:-1]), shouted
    assert said(shouted[-1], "es") == ["¡Capote!"] and said(shouted[-1], "fr") == ["Capote !"]


def test_a_deal_played_out_without_a_capote_ends_without_one() -> None:
    s = GAME.new_deal(rules("aragones"), seed=1)
    last: list[Any] = []
    while not s.is_terminal():
        legal = s.legal_actions()
        cards = [a for a in legal if a < 40]
        last = act(s, GAME.action_str(s.rules, cards[0] if cards else PASS))
    winners = {w % 2 for _, w, _ in s.tricks}
    assert winners == {0, 1} and last == []
