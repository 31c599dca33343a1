"""Seats and sides carry their grammar: subject, "de" and "a" forms, with or without a name."""

from __future__ import annotations

import pytest

from tapete.core.words import Say, SeatRef, SideRef
from tapete.text import say, seat_label, sentence, side_label, use_language, use_names
from tapete.text.messages import fill

SEAT_FORMS = {
    # lang: (subject, bare, de, a) of seat 2 with no name
    "en": ("seat 2", "seat 2", "of seat 2", "to seat 2"),
    "es": ("el jugador 2", "jugador 2", "del jugador 2", "al jugador 2"),
    "fr": ("le joueur 2", "joueur 2", "du joueur 2", "au joueur 2"),
}
NAME_FORMS = {
    # lang: name -> (subject, de, a)
    "en": {"Ana": ("Ana", "of Ana", "to Ana"), "Bob": ("Bob", "of Bob", "to Bob")},
    "es": {"Ana": ("Ana", "de Ana", "a Ana"), "Bob": ("Bob", "de Bob", "a Bob")},
    "fr": {"Ana": ("Ana", "d'Ana", "à Ana"), "Bob": ("Bob", "de Bob", "à Bob"), "Éric": ("Éric", "d'Éric", "à Éric")},
}


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_seat_forms(lang: str) -> None:
    with use_language(lang):
        label = seat_label(2)
        assert (f"{label}", f"{label:bare}", f"{label:de}", f"{label:a}") == SEAT_FORMS[lang]


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_name_forms(lang: str) -> None:
    with use_language(lang):
        for name, forms in NAME_FORMS[lang].items():
            label = seat_label(1, {1: name})
            assert (f"{label}", f"{label:de}", f"{label:a}") == forms
            assert f"{label:bare}" == name


def test_names_as_sequence_and_context() -> None:
    assert str(seat_label(0, ["Ana", ""])) == "Ana"
    assert str(seat_label(1, ["Ana", ""])) == "seat 1"  # an empty name keeps the seat
    assert str(seat_label(5, ["Ana"])) == "seat 5"
    with use_names({3: "Luis"}):
        assert str(seat_label(3)) == "Luis"
        assert str(seat_label(3, {3: "Eva"})) == "Eva"  # explicit names win
    assert str(seat_label(3)) == "seat 3"


@pytest.mark.parametrize(
    ("lang", "team", "de", "a"),
    [
        ("en", "team 1", "of team 1", "to team 1"),
        ("es", "la pareja 1", "de la pareja 1", "a la pareja 1"),
        ("fr", "l'équipe 1", "de l'équipe 1", "à l'équipe 1"),
    ],
)
def test_team_forms(lang: str, team: str, de: str, a: str) -> None:
    with use_language(lang):
        label = side_label(4, 1)
        assert (f"{label}", f"{label:de}", f"{label:a}") == (team, de, a)
        assert f"{side_label(3, 2)}" == f"{seat_label(2)}"  # each for himself: a side is a seat
        assert f"{side_label(4, 1):seats}".endswith("1, 3)")
        assert f"{side_label(3, 1):seats}" == f"{seat_label(1)}"


def test_labels_pad_like_strings() -> None:
    assert f"[{seat_label(2):<10}]" == "[seat 2    ]"


@pytest.mark.parametrize(
    ("lang", "template", "expected"),
    [
        ("es", "{seat} juega {card}", "el jugador 2 juega x"),
        ("es", "{card}. {seat:^} juega", "x. El jugador 2 juega"),
        ("es", "{seat:^de}", "Del jugador 2"),
        ("es", "turno {seat:de}", "turno del jugador 2"),
        ("fr", "{seat:^} joue {card}", "Le joueur 2 joue x"),
        ("fr", "la levée va {seat:a}", "la levée va au joueur 2"),
        ("en", "{seat} plays {card}", "seat 2 plays x"),
    ],
)
def test_capitals_only_where_asked(lang: str, template: str, expected: str) -> None:
    with use_language(lang):
        assert fill(template, {"seat": SeatRef(2), "card": "x"}) == expected


def test_sentences() -> None:
    s = Say("show.turn.lead", seat=SeatRef(1))
    with use_language("es"):
        fragment, line = say(s), say(s, sentence=True)
    assert fragment[0].islower() and line == fragment[0].upper() + fragment[1:]
    assert say(s, sentence=True) == "Seat 1 to lead"
    assert sentence("el jugador 2 juega") == "El jugador 2 juega"
    with use_language("fr"):
        assert say(Say("show.turn.lead", seat=SideRef(4, 0)), sentence=True).startswith("L'équipe 0")
        assert sentence(fill("{seat} joue", {"seat": seat_label(0, {0: "de Gaulle"})})) == "De Gaulle joue"
