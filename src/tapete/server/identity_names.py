# The docstring shows look-alike characters on purpose (ruff would ask whether they are mistakes).
# ruff: noqa: RUF002
"""People's names: what a name may contain, how it is shown, and when two names are "the same".

A name is shown as typed, after three clean-ups that change nothing a person can see: Unicode NFKC
(fullwidth ``ａｌｉｃｅ`` becomes ``alice``, the ``ﬁ`` ligature ``fi``), every run of spaces (of any kind)
made one plain space, and the ends trimmed. A name that still holds a character nobody can see or
that changes how text around it is shown is refused, never silently cleaned: control characters
(NUL, tabs, newlines), format characters (zero-width spaces and joiners, the bidi controls that
turn text right to left, soft hyphens), line and paragraph separators, private-use, surrogate and
unassigned code points, and the other default-ignorable ones that Unicode keeps in letter or mark
categories (the Hangul fillers, the combining grapheme joiner, variation selectors but the emoji
ones).

Two names are the same when their :func:`name_key` is: the name case-folded (``ALICE`` is
``alice``) and reduced to a skeleton in the spirit of Unicode TR39 (section 4), where letters that
look alike map to one prototype. Python has no TR39 data and no small, maintained PyPI package
provides its skeleton, so :data:`LOOKALIKES` is a documented reduced table: the Cyrillic and Greek
letters that look like Latin ones (upper case included, through their case-folded forms: Cyrillic
``В`` folds to ``в``, which maps to ``b``), the digits 0 and 1, the i/l/1/I family, and ``rn`` for
``m``. Because case is folded first, a letter whose capital and small forms look like different
Latin letters maps to the one its capital is identical to (Greek ``Η``/``η`` to ``h``). Accents
stay (``José`` and ``Jose`` are two names), as in TR39.

>>> clean_name("  Ａｎａ   López ")
'Ana López'
>>> name_key("ALICE") == name_key("alice") == name_key("\\u0430lic\\u0435") == name_key("AL1CE")
True
>>> name_key("José") == name_key("Jose")
False
>>> clean_name("ali\\u200bce")
Traceback (most recent call last):
...
tapete.server.identity_names.BadName: a name cannot contain U+200B (ZERO WIDTH SPACE)
"""

from __future__ import annotations

import unicodedata
from typing import Final, Literal

#: The longest name, in characters (after the clean-up).
MAX_NAME: Final = 64
#: The longest key kept by the database (a key can be longer than its name: case folding expands ß to ss).
MAX_KEY: Final = 255

#: Categories refused anywhere in a name: control, format, surrogate, private use, unassigned, separators.
REFUSED_CATEGORIES: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Default-ignorable code points outside those categories (Unicode's DerivedCoreProperties), and the
#: blank Braille pattern, which shows nothing either. The emoji variation selectors U+FE0E and U+FE0F are
#: allowed: phones type them after emoji, and the key drops them.
INVISIBLE: Final = frozenset(
    {0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180C, 0x180D, 0x180F, 0x2800, 0x3164, 0xFFA0}
    | set(range(0xFE00, 0xFE0E))
    | set(range(0xE0100, 0xE01F0))
)
#: Dropped from keys (never shown differently, so never what tells two names apart).
_KEY_DROPPED: Final = frozenset({0xFE0E, 0xFE0F})

#: The reduced confusables table: prototype -> the (case-folded) characters that look like it, written as
#: escapes since they look like the prototype (Cyr: Cyrillic, Gr: Greek, Lat: Latin, Arm: Armenian).
LOOKALIKES: Final[dict[str, str]] = {
    "a": "\u0430\u0251\u03b1\u2c65",  # Cyr a, Lat alpha, Gr alpha, Lat a with stroke
    "b": "\u0432\u044c\u03b2\u0185",  # Cyr ve (capital: B), Cyr soft sign, Gr beta (capital: B), Lat tone six
    "c": "\u0441\u03f2\u1d04",  # Cyr es, Gr lunate sigma, Lat small capital c
    "d": "\u0501",  # Cyr komi de
    "e": "\u0435\u03b5\u04bd",  # Cyr ie, Gr epsilon (capital: E), Cyr abkhasian che
    "g": "\u0261",  # Lat script g
    "h": "\u04bb\u043d\u03b7",  # Cyr shha, Cyr en (capital: H), Gr eta (capital: H)
    "j": "\u0458\u03f3\u0237",  # Cyr je, Gr yot, Lat dotless j
    "k": "\u043a\u03ba",  # Cyr ka, Gr kappa
    "l": "i1|\u0131\u01c0\u0456\u04cf\u03b9\u0269",  # i (and I), 1, |, dotless i, dental click, Cyr i, palochka,
    # Gr iota, Lat iota
    "m": "\u043c\u03bc",  # Cyr em, Gr mu (capitals: M)
    "n": "\u043f\u03bd",  # Cyr pe, Gr nu (capital: N)
    "o": "0\u043e\u03bf\u0585\u1d0f\u03c3",  # 0, Cyr o, Gr omicron, Arm oh, Lat small capital o, Gr sigma
    "p": "\u0440\u03c1",  # Cyr er, Gr rho
    "q": "\u051b",  # Cyr qa
    "s": "\u0455",  # Cyr dze
    "t": "\u0442\u03c4",  # Cyr te, Gr tau (capitals: T)
    "u": "\u03c5",  # Gr upsilon
    "v": "\u0475",  # Cyr izhitsa
    "w": "\u051d\u0461\u03c9",  # Cyr we, Cyr omega, Gr omega
    "x": "\u0445\u03c7",  # Cyr ha, Gr chi
    "y": "\u0443\u04af\u03b3",  # Cyr u, Cyr straight u, Gr gamma
    "z": "\u03b6",  # Gr zeta (capital: Z)
}
#: Letter pairs that read as one letter.
SEQUENCES: Final = (("rn", "m"),)
_MAP: Final = {ord(c): proto for proto, chars in LOOKALIKES.items() for c in chars}

_KINDS: Final = {"Cc": "a control character", "Cs": "a surrogate", "Co": "private use", "Cn": "unassigned"}

Reason = Literal["empty", "too_long", "invisible"]


class BadName(ValueError):
    """A name refused: ``reason`` is ``"empty"``, ``"too_long"`` or ``"invisible"`` (then ``char`` says which)."""

    def __init__(self, reason: Reason, char: str = "") -> None:
        self.reason: Reason = reason
        self.char = char
        if reason == "invisible":
            super().__init__(f"a name cannot contain {char}")
        elif reason == "too_long":
            super().__init__(f"a name has at most {MAX_NAME} characters")
        else:
            super().__init__("a name needs at least one visible character")


def describe(ch: str) -> str:
    """``U+200B (ZERO WIDTH SPACE)``: a character named for an error message (it may not be printable)."""
    name = unicodedata.name(ch, "") or _KINDS.get(unicodedata.category(ch), "")
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


def refused_char(text: str) -> str | None:
    """The first character of ``text`` that a name may not hold, if any."""
    for ch in text:
        if unicodedata.category(ch) in REFUSED_CATEGORIES or ord(ch) in INVISIBLE:
            return ch
    return None


def clean_name(raw: str) -> str:
    """The name as it is kept and shown (see the module docstring); :class:`BadName` if refused."""
    name = unicodedata.normalize("NFKC", raw)
    bad = refused_char(name)
    if bad is not None:
        raise BadName("invisible", describe(bad))
    name = " ".join(name.split())
    if not name:
        raise BadName("empty")
    if len(name) > MAX_NAME or len(name_key(name)) > MAX_KEY:
        raise BadName("too_long")
    return name


def name_key(name: str) -> str:
    """What makes two names the same: case-folded, and each look-alike mapped to its prototype."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    decomposed = unicodedata.normalize("NFD", " ".join(folded.split()))
    kept = "".join(ch for ch in decomposed if ord(ch) not in _KEY_DROPPED and refused_char(ch) is None)
    skeleton = unicodedata.normalize("NFD", kept.translate(_MAP))
    for sequence, proto in SEQUENCES:
        skeleton = skeleton.replace(sequence, proto)
    return unicodedata.normalize("NFC", skeleton)


__all__ = ["LOOKALIKES", "MAX_NAME", "BadName", "clean_name", "describe", "name_key", "refused_char"]
