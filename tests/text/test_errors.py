"""Engine errors carry their message as a Say; error_text renders it in the reader's language."""

from __future__ import annotations

import pickle

import pytest

from tapete.core.cards import spanish
from tapete.core.errors import CardParseError, IllegalActionError, RulesError
from tapete.core.words import Say, SeatRef
from tapete.games import GAMES, game
from tapete.text import error_text, use_language


def _raised(fn: object, *args: object) -> Exception:
    try:
        fn(*args)  # type: ignore[operator]
    except Exception as e:  # the test inspects it
        return e
    raise AssertionError("no error")


def cases() -> list[Exception]:
    rules = next(iter(GAMES.values())).rules()
    return [
        _raised(game, "mus"),
        _raised(type(rules).preset, "nope"),
        _raised(lambda: rules.replace(nope=1)),
        _raised(type(rules).parse_option_value, "nope", "1"),
        _raised(spanish.parse_card, "Z"),
        _raised(spanish.parse_card, "Xo"),
        _raised(spanish.parse_card, "1z"),
        _raised(spanish.parse_cards, "1o 1o"),
    ]


@pytest.mark.parametrize("index", range(8))
def test_errors_in_english_equal_their_message(index: int) -> None:
    e = cases()[index]
    assert e.say is not None  # type: ignore[attr-defined]
    assert error_text(e) == str(e)


@pytest.mark.parametrize("lang", ["es", "fr"])
@pytest.mark.parametrize("index", range(8))
def test_errors_are_translated(lang: str, index: int) -> None:
    e = cases()[index]
    with use_language(lang):
        text = error_text(e)
    assert text != str(e)
    assert "expected" not in text and "unknown" not in text


def test_option_values() -> None:
    rules = next(iter(GAMES.values())).rules()
    bool_options = [n for n in rules.option_names() if isinstance(getattr(rules, n), bool)]
    int_options = [n for n in rules.option_names() if type(getattr(rules, n)) is int]
    e = _raised(type(rules).parse_option_value, bool_options[0], "maybe")
    with use_language("es"):
        assert error_text(e).startswith("valor 'maybe' no válido para")
    e = _raised(type(rules).parse_option_value, int_options[0], "x")
    with use_language("fr"):
        assert error_text(e).endswith("attendu un nombre entier")


def test_not_your_turn_carries_its_grammar() -> None:
    e = IllegalActionError(
        "it is not seat 2's turn: seat 1 is to act",
        say=Say("error.turn.not_yours", seat=SeatRef(2), current=SeatRef(1)),
    )
    assert error_text(e) == str(e)
    with use_language("es"):
        assert error_text(e) == "no es el turno del jugador 2: le toca al jugador 1"
        assert error_text(e, names={1: "Ana"}) == "no es el turno del jugador 2: le toca a Ana"
    with use_language("fr"):
        assert error_text(e) == "ce n'est pas le tour du joueur 2 : c'est au joueur 1 de jouer"


def test_fallbacks() -> None:
    assert error_text(ValueError("plain")) == "plain"
    assert error_text(RulesError("old style")) == "old style"
    broken = RulesError("english", say=Say("no.such.key"))
    assert error_text(broken) == "english"


def test_errors_pickle_with_their_say() -> None:
    e = CardParseError("bad card 'Z'", say=Say("error.card.short", text="Z", ranks="r", suits="s"))
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is CardParseError and str(back) == str(e) and back.say == e.say
