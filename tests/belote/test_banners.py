"""The exclamations of a Belote table (``GAME.banners``): belote and rebelote as the king and queen of
trumps are played, a coinche and a surcoinche, and a capot when one side takes every trick; nothing for a
pass, a bid, a take or a card that is none of those."""

from __future__ import annotations

import dataclasses
from typing import Any

from tapete.belote.game import GAME
from tapete.belote.narration import capot
from tapete.belote.state import BeloteState
from tapete.text.language import use_language
from tapete.text.render import say

from .helpers import dealt, rules


def act(state: BeloteState, text: str) -> list[str]:
    """Take ``text`` as the seat to act; the keys of the banners it is worth, from that seat's observations."""
    seat = state.current_player
    before = GAME.observe_deal(state, seat)
    action = GAME.parse_action(state.rules, text)
    state.apply_action(action)
    return [b.key for b in GAME.banners(before, action, GAME.observe_deal(state, seat), seat)]


def play_out(state: BeloteState, prefer: tuple[str, ...] = ()) -> list[tuple[int, str, list[str]]]:
    """Play the deal to its end (taking when one may, then the first legal card, or a card of ``prefer``
    when legal); the banners of each action as (seat, action, keys)."""
    out = []
    while not state.is_terminal():
        seat = state.current_player
        legal = [GAME.action_str(state.rules, a) for a in state.legal_actions()]
        takes = [a for a in legal if a.startswith("take")]
        text = next((c for c in prefer if c in legal), takes[0] if takes else legal[0])
        out.append((seat, text, act(state, text)))
    return out


def shouted(played: list[tuple[int, str, list[str]]]) -> list[tuple[int, str, list[str]]]:
    return [p for p in played if p[2]]


def test_belote_then_rebelote_as_the_king_and_queen_of_trumps_are_played() -> None:
    s = dealt(rules("classique"), ["Kh Qh 7s", "", "", ""], "h", 0)
    played = play_out(s, prefer=("Kh", "Qh"))
    assert shouted(played) == [(0, "Kh", ["banner.belote"]), (0, "Qh", ["banner.rebelote"])]


def test_the_words_in_each_language() -> None:
    from tapete.core.words import Say

    for key, texts in {
        "banner.belote": ("Belote!", "¡Belote!", "Belote !"),
        "banner.rebelote": ("Rebelote!", "¡Rebelote!", "Rebelote !"),
        "banner.coinche": ("Coinche!", "¡Coinche!", "Coinche !"),
        "banner.surcoinche": ("Surcoinche!", "¡Surcoinche!", "Surcoinche !"),
        "banner.capot": ("Capot!", "¡Capot!", "Capot !"),
    }.items():
        for lang, text in zip(("en", "es", "fr"), texts, strict=True):
            with use_language(lang):
                assert say(Say(key)) == text


def test_a_coinche_and_a_surcoinche() -> None:
    s = BeloteState.new_deal(rules("contree"), list(range(32)), dealer=3)
    assert act(s, "bid:100:h") == []
    assert act(s, "coinche") == ["banner.coinche"]
    assert act(s, "surcoinche") == ["banner.surcoinche"]


def test_a_coinche_of_the_taking() -> None:
    """classic_coinche: the opponents may coinche the taker's contract before the first card."""
    s = dealt(rules("classique", classic_coinche="coinche_surcoinche"), ["", "", "", ""], "h", 0, window="")
    assert act(s, "coinche") == ["banner.coinche"]


def test_passes_bids_and_takes_are_worth_no_banner() -> None:
    s = BeloteState.new_deal(rules("contree"), list(range(32)), dealer=3)
    assert act(s, "pass") == [] and act(s, "bid:80:s") == [] and act(s, "pass") == []
    t = BeloteState.new_deal(rules("classique"), list(range(32)), dealer=3)
    while t.phase == 0:  # the taking: everybody passes or takes, no banner
        legal = [GAME.action_str(t.rules, a) for a in t.legal_actions()]
        assert act(t, next((a for a in legal if a.startswith("take")), legal[0])) == []


def test_a_capot_on_the_last_card_when_one_side_took_every_trick() -> None:
    # Seat 0 holds every trump and leads each trick with one: nobody else can take a trick.
    s = dealt(rules("classique"), ["Jh 9h Ah Th Kh Qh 8h 7h", "", "", ""], "h", 0)
    played = play_out(s)
    assert s.is_terminal()
    assert shouted(played)[-1] == (3, played[-1][1], ["banner.capot"])
    assert [p[2] for p in shouted(played)] == [["banner.belote"], ["banner.rebelote"], ["banner.capot"]]


def test_no_capot_when_both_sides_took_tricks() -> None:
    s = dealt(rules("classique"), ["Kh Qh 7s", "", "", ""], "h", 0)
    played = play_out(s)
    tricks = GAME.observe_deal(s, 0).tricks
    assert {w % 2 for _, w, _ in tricks} == {0, 1}
    assert all("banner.capot" not in keys for _, _, keys in played)


def won_by(final: Any, *seats: int) -> Any:
    """A deal's final observation with its tricks taken in turn by ``seats`` instead."""
    tricks = tuple((leader, seats[i % len(seats)], cards) for i, (leader, _, cards) in enumerate(final.tricks))
    return dataclasses.replace(final, tricks=tricks)


def test_at_two_or_three_players_a_capot_is_one_player_taking_every_trick() -> None:
    for preset in ("belote-a-deux", "trois-joueurs"):
        s = GAME.new_deal(rules(preset), seed=3)
        play_out(s)
        final = GAME.observe_deal(s, 0)
        assert capot(won_by(final, 1))
        # Seats 0 and 2 at three players would be partners at four: here each plays for himself.
        assert not capot(won_by(final, 0, final.rules.players - 1))
