"""Position strings: round trips, and clear errors that name the field."""

from __future__ import annotations

import re

import pytest

from tapete.brisca.notation import from_notation, to_notation
from tapete.brisca.rules import BriscaRules
from tapete.brisca.state import BriscaState
from tapete.core.errors import NotationError

from .helpers import deal, play, snapshot


def _mid(preset: str = "brisca", seed: int = 6, steps: int = 13, **options: object) -> BriscaState:
    rules = BriscaRules.preset(preset).replace(**options)
    s = BriscaState.new_deal(rules, seed=seed, dealer=1)
    for _ in range(steps):
        s.apply_action(s.legal_actions()[-1])
    return s


@pytest.mark.parametrize("steps", [0, 1, 4, 5, 13, 28, 29, 40])
def test_round_trip_through_a_deal(steps: int) -> None:
    s = _mid(steps=steps)
    text = to_notation(s, history=True)
    again = from_notation(text)
    assert to_notation(again, history=True) == text
    assert snapshot(again) == snapshot(s) and again.legal_actions() == s.legal_actions()


def test_exchanges_and_known_cards_are_written() -> None:
    s = deal("brisca-2p", ["2b 2o 3o", "7b 5c 6e"], muestra="1b", exchange_card="seven_or_two")
    s.play("exchange")
    play(s, "5c", "exchange")
    text = to_notation(s)
    assert " x=1:7b1b,0:2b7b " in text + " " and " v=7b/1b" in text and " m=2b " in text
    assert snapshot(from_notation(text)) == snapshot(s)


def test_match_context() -> None:
    s = BriscaState.new_deal(BriscaRules.preset("brisca-2p"), seed=1, scores_before=(2, 1))
    assert "ctx=2,1" in to_notation(s)
    assert from_notation(to_notation(s)).scores_before == (2, 1)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda t: t.replace("play:", "play:9", 1), "phase"),
        (lambda t: re.sub(r" m=\S+", " m=-", t), "m"),
        (lambda t: t.replace(" tr=", " tr=x", 1), "tr"),
        (lambda t: t.replace(" k=", " k=1o", 1), "k"),
        (lambda t: t.replace(" t=-", " t=3:", 1), "t"),
        (lambda t: t + " x=0:7o1o", "x"),
        (lambda t: t + " ctx=1", "ctx"),
        (lambda t: t.replace("brisca-2p", "brisca-9p", 1), "rules"),
    ],
)
def test_errors_name_the_field(change, field: str) -> None:  # type: ignore[no-untyped-def]
    text = to_notation(BriscaState.new_deal(BriscaRules.preset("brisca-2p"), seed=3))
    with pytest.raises(NotationError, match=f"field {field} "):
        from_notation(change(text))


def test_wrong_turn_and_sizes_are_refused() -> None:
    s = _mid(preset="brisca-2p", steps=4)
    text = to_notation(s)
    other = 1 - s.cur
    with pytest.raises(NotationError, match="field phase"):
        from_notation(text.replace(f"play:{s.cur}", f"play:{other}"))
    with pytest.raises(NotationError, match="field s "):
        stock = text.split(" s=")[1].split()[0]
        from_notation(text.replace(" s=" + stock, " s=" + stock[2:]))


def test_missing_fields() -> None:
    with pytest.raises(NotationError, match="required"):
        from_notation("brisca d0 play:1 h=-/-/-/-")
    with pytest.raises(NotationError, match="expected"):
        from_notation("brisca d0")
