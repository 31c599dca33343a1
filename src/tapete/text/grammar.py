"""Noun phrases that carry their grammar: articles and contractions in English, Spanish and French.

A :class:`Label` is a noun phrase in all the forms a sentence may need; the template picks one with
a format spec, so one value serves "{seat} juega" (el jugador 2), "la baza {seat:de}" (del jugador 2)
and "pasa {seat:a}" (al jugador 2). A person's name takes no article: "de Ana", fr "d'Ana", "à Ana".

>>> caballo = Noun("caballo", "caballos", "m")
>>> f"{phrase('es', caballo):de} / {phrase('es', caballo):a}"
'del caballo / al caballo'
>>> as_ = Noun("as", "as", "m")
>>> f"{phrase('fr', as_)} / {phrase('fr', as_):de} / {phrase('fr', as_):a}"
"l'as / de l'as / à l'as"
>>> f"{name_label('fr', 'Ana'):de} {name_label('fr', 'Bob'):de} {name_label('fr', 'Ana'):a}"
"d'Ana de Bob à Ana"
>>> f"[{Label({'': 'seat 2'}):<8}]"
'[seat 2  ]'
>>> f"{phrase('es', caballo):^}"
'El caballo'

A person's name is written as the person wrote it, even where a sentence starts:

>>> f"{name_label('es', 'x'):^} juega"
'x juega'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

#: The forms every label has: subject (with its article), bare (no article), "of ...", "to ...".
FORMS = ("", "bare", "de", "a")

_VOWELS = frozenset("aeiouyàâäéèêëîïôöûüùœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÛÜÙŒÆ")


class Label:
    """A noun phrase in its grammatical forms; ``format(label, spec)`` picks the form ``spec``.

    A spec starting with ``^`` capitalises its form, for a label that starts a sentence inside a
    template (``{seat:^} juega`` -> "El jugador 2 juega", ``{seat:^de}``), except a person's name
    (``proper``), which keeps the letters its owner chose. An unknown spec (``<17``, ``>5``) formats
    the subject form with it, so labels pad like strings.
    """

    __slots__ = ("forms", "proper")

    def __init__(self, forms: Mapping[str, str], proper: bool = False) -> None:
        self.forms: dict[str, str] = dict(forms)
        #: A person's name: never capitalised, never given an article.
        self.proper = proper

    def form(self, name: str) -> str:
        """One form; a missing one falls back to the subject form."""
        return self.forms.get(name, self.forms[""])

    def __format__(self, spec: str) -> str:
        if spec.startswith("^") and spec[1:] in self.forms:
            text = self.forms[spec[1:]]
            return text if self.proper and text == self.forms[""] else capitalise(text)
        if spec in self.forms:
            return self.forms[spec]
        if spec in FORMS or spec in ("short", "long", "pl", "the"):
            return self.forms[""]
        return format(self.forms[""], spec)

    def __str__(self) -> str:
        return self.forms[""]

    def __repr__(self) -> str:
        return f"Label({self.forms!r}, proper=True)" if self.proper else f"Label({self.forms!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Label) and other.forms == self.forms and other.proper == self.proper

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.forms.items())), self.proper))


@dataclass(frozen=True)
class Noun:
    """A common noun: its singular, plural and gender (``m`` or ``f``), plus words after it."""

    word: str
    plural: str
    gender: str = "m"


def starts_with_vowel(text: str) -> bool:
    """French elision: before a vowel (not before h, which is often aspirated in card words)."""
    return bool(text) and text[0] in _VOWELS


def article(lang: str, noun: Noun, form: str, text: str | None = None) -> str:
    """``text`` (default: the noun) with the definite article of ``form``: ``""``, ``de`` or ``a``."""
    word = noun.word if text is None else text
    if lang == "es":
        if noun.gender == "f":
            return {"": "la ", "de": "de la ", "a": "a la "}[form] + word
        return {"": "el ", "de": "del ", "a": "al "}[form] + word
    if lang == "fr":
        if starts_with_vowel(word):
            return {"": "l'", "de": "de l'", "a": "à l'"}[form] + word
        if noun.gender == "f":
            return {"": "la ", "de": "de la ", "a": "à la "}[form] + word
        return {"": "le ", "de": "du ", "a": "au "}[form] + word
    return {"": "the ", "de": "of the ", "a": "to the "}[form] + word


def phrase(lang: str, noun: Noun, text: str | None = None, articled: bool = True) -> Label:
    """The label of a common noun (``text`` overrides the words, e.g. "caballo de copas").

    ``articled=False`` is for English labels that take no article ("seat 2", "of seat 2").
    """
    word = noun.word if text is None else text
    forms = {"bare": word, "pl": noun.plural}
    if articled or lang != "en":
        for form in ("", "de", "a"):
            forms[form] = article(lang, noun, form, word)
    else:
        forms.update({"": word, "de": f"of {word}", "a": f"to {word}"})
    return Label(forms)


def name_label(lang: str, name: str) -> Label:
    """A person's name: no article; "de Ana"/"a Ana", "d'Ana"/"à Ana", "of Ana"/"to Ana"."""
    if lang == "es":
        de, a = f"de {name}", f"a {name}"
    elif lang == "fr":
        de = f"d'{name}" if starts_with_vowel(name) else f"de {name}"
        a = f"à {name}"
    else:
        de, a = f"of {name}", f"to {name}"
    return Label({"": name, "bare": name, "de": de, "a": a}, proper=True)


def of_phrase(lang: str, text: str) -> str:
    """``de X`` for a suit name after a card ("de copas", "d'oros", "of hearts")."""
    if lang == "fr":
        return f"d'{text}" if starts_with_vowel(text) else f"de {text}"
    if lang == "es":
        return f"de {text}"
    return f"of {text}"


def join_words(lang: str, items: list[str]) -> str:
    """A list in prose: "a, b and c" / "a, b y c" / "a, b et c"."""
    if len(items) <= 1:
        return "".join(items)
    conj = {"es": "y", "fr": "et"}.get(lang, "and")
    return f"{', '.join(items[:-1])} {conj} {items[-1]}"


def capitalise(text: str) -> str:
    return text[:1].upper() + text[1:]


__all__ = [
    "FORMS",
    "Label",
    "Noun",
    "article",
    "capitalise",
    "join_words",
    "name_label",
    "of_phrase",
    "phrase",
    "starts_with_vowel",
]
