"""Every message that names a seat, a side or a person reads right in en, es and fr.

Seats and sides reach the templates as labels that carry their article ("el jugador 2", "le joueur 2",
"Ana"); a template picks the form ("{seat:de}": "del jugador 2" / "d'Ana") and writes no article of its
own. So no rendered text may hold a doubled article ("le le joueur 2", "del el jugador 2") or a bare
"jugador 2" / "joueur 2" without its article. Two walks check it: every catalog message with a seat or
side field, filled with labels; and the texts of whole seeded matches of every game (demo, show,
narration, refusals), as the faces put them into words.
"""

from __future__ import annotations

import random
import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

from tapete.core.words import Say, SeatRef, SideRef
from tapete.games import GAMES
from tapete.text.language import use_language
from tapete.text.messages import CATALOGS, msg, template
from tapete.text.render import say, use_names
from tapete.text.translations import LANGUAGES

#: Fields that hold a seat, and a scoring side (a team at four players, else a seat).
SEAT_FIELDS = frozenset({"seat", "dealer", "winner", "taker", "holder", "player", "current", "who"})
SIDE_FIELDS = frozenset({"side", "team"})
#: Messages whose other fields are seats too.
EXTRA_SEATS = {"show.contract.against": {"a", "b"}}
#: Messages that name a seat or a team by its number (command-line and form errors, the short "S2",
#: the words "seat N" / "team N" themselves, the solver's sides), and the browser's catalog, which the
#: page fills in itself.
NUMBERED = frozenset(
    {
        "seat",
        "team",
        "team.seats",
        "play.seat.short",
        "play.strip.deal",
        "play.error.seat",
        "play.error.resume_seat",
        "replay.error.seat",
        "solve.side.team",
        "solve.side.seat",
        "server.bot_seat",
        "server.error.bad_seat",
        "server.error.not_partner",
        "server.error.seat_taken",
        "server.error.seat_open",
    }
)

#: An article (or a contraction) before another, or a preposition before an article it should have
#: merged with ("de el", "à le"), before a seat or team word.
DOUBLED = re.compile(
    r"\b(?:(?:le|la|les|el|del|al|du|au) (?:le|la|l'|el|del|al|du|au) ?|(?:de|a|à) (?:el|le) )"
    r"(?:joueur|jugador|équipe|pareja)",
    re.IGNORECASE,
)
#: A numbered seat or team word, with the word before it.
NUMBERED_WORD = re.compile(r"(\S*)\s?\b(jugador|joueur|pareja|équipe) \d", re.IGNORECASE)
ARTICLES = {
    "es": {"el", "del", "al", "la", "(la", "(el"},
    "fr": {"le", "du", "au", "la", "(le", "(la"},
}


class Anything:
    """A value for a field that is not a seat: formats as ``X`` under any spec or conversion."""

    def __format__(self, spec: str) -> str:
        return "X"

    def __repr__(self) -> str:
        return "'X'"

    def __str__(self) -> str:
        return "X"


def problems(lang: str, text: str) -> list[str]:
    """What is wrong with the articles of ``text`` in ``lang``."""
    out = [f"doubled article {m.group(0)!r}" for m in DOUBLED.finditer(text)]
    if lang in ARTICLES:
        for m in NUMBERED_WORD.finditer(text):
            before, word = m.group(1), m.group(2)
            team = word.lower() in ("pareja", "équipe")
            if before.lower() in ARTICLES[lang] or (team and before.lower().endswith("l'")):
                continue
            if team and before == "(":
                continue  # a seat's team as a tag: "el jugador 3 (pareja 1)"
            out.append(f"no article before {m.group(0).strip()!r}")
            # "l'équipe" is matched with its article glued on: "l'équipe 2" has before == "" and word "équipe".
    if lang == "fr":
        out += [f"no elision in {m.group(0)!r}" for m in re.finditer(r"\b[dD]e [AEIOUÉ]\w+", text)]
        out += [f"no elision in {m.group(0)!r}" for m in re.finditer(r"\b[lL]e [aeiouéAEIOUÉ]\w+", text)]
    return out


def fields(key: str) -> set[str]:
    text = CATALOGS_FLAT[key]
    texts = text if isinstance(text, tuple) else (text,)
    return {f.split(".")[0] for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}


CATALOGS_FLAT = {k: v for domain, cat in CATALOGS.items() if domain != "web" for k, v in cat.items()}
SEAT_MESSAGES = sorted(
    k
    for k in CATALOGS_FLAT
    if k not in NUMBERED and fields(k) & (SEAT_FIELDS | SIDE_FIELDS | EXTRA_SEATS.get(k, set()))
)


def filled(key: str, players: int) -> dict[str, Any]:
    seats = SEAT_FIELDS | EXTRA_SEATS.get(key, set())
    values: dict[str, Any] = {}
    for i, name in enumerate(sorted(fields(key))):
        if name in seats:
            values[name] = SeatRef(i % players)
        elif name in SIDE_FIELDS:
            values[name] = SideRef(players, i % 2)
        elif name != "count":
            values[name] = Anything()
    return values


def test_the_walk_finds_the_messages() -> None:
    for key in ("show.last_trick.winner", "play.trick.won", "replay.view.seat", "event.card", "show.contract.taken"):
        assert key in SEAT_MESSAGES


def test_problems_are_found() -> None:
    assert problems("fr", "remporté par le le joueur 1")
    assert problems("es", "la baza del el jugador 0")
    assert problems("es", "lo que ve jugador 0")
    assert problems("fr", "partenaire de Ana")
    assert not problems("es", "lo que ve el jugador 0; la baza es del jugador 2; le toca al jugador 3")
    assert not problems("fr", "remporté par le joueur 1, au joueur 2, l'équipe 1, d'Ana")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("names", [None, ["Ana", "Bob", "Émile", "x"]], ids=["numbered", "named"])
def test_every_seat_message_has_its_articles(lang: str, names: list[str] | None) -> None:
    bad: list[str] = []
    with use_names(names):
        for key in SEAT_MESSAGES:
            for players in (2, 4):
                count = 2 if isinstance(CATALOGS_FLAT[key], tuple) else None
                with use_language(lang):
                    template(key, count)  # the message exists in this language
                    text = say(Say(key, count=count, **filled(key, players)), sentence=True)
                bad += [f"{key} ({players} players): {p}: {text!r}" for p in problems(lang, text)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_sentence_keeps_a_persons_name_as_written(lang: str) -> None:
    with use_language(lang):
        named = say(Say("event.pass", seat=SeatRef(1)), ["ana", "x"], sentence=True)
        numbered = say(Say("event.pass", seat=SeatRef(1)), sentence=True)
        inside = say(Say("demo.belote.winner.player", seat=SeatRef(1), won=1, scores="1"), ["a", "x"])
    assert named.startswith("x ")
    assert numbered[0].isupper()
    assert inside.startswith("x ")


# ---------------------------------------------------------------------------------------- whole matches
def match_texts(game: Any, preset: str, seed: int, names: list[str] | None) -> Iterator[str]:
    """The texts of one seeded match between random players: its demo, and each action's narration,
    the position shown and a refused action explained, as the faces say them."""
    from tapete.cli.demo import narrate as demo_narrate
    from tapete.cli.demo import play_match
    from tapete.cli.show import show_position
    from tapete.table.explain import refusal
    from tapete.table.narrate import Happened, narrate

    rules = game.rules(preset)
    yield from demo_narrate(game, play_match(game, rules, seed), hands=True)
    match = game.new_match(rules, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not match.is_terminal() and steps < 80:
        seat = match.current_player
        before = game.observe(match, seat)
        action = rng.choice(before.legal_actions)
        other = (seat + 1) % len(before.hand_sizes)
        yield refusal(game, game.observe(match, other), action, names)
        if steps % 10 == 0:
            yield show_position(match.deal)
        match.apply_action(action)
        yield from narrate(game, Happened(seat, action, before, game.observe(match, seat)), names)
        steps += 1


GAME_PRESETS = [(name, preset) for name, g in GAMES.items() for preset in list(g.presets)[:3]]


@pytest.mark.parametrize("lang", ["es", "fr"])
@pytest.mark.parametrize(("game_name", "preset"), GAME_PRESETS)
def test_whole_matches_have_their_articles(lang: str, game_name: str, preset: str) -> None:
    game = GAMES[game_name]
    bad: list[str] = []
    with use_language(lang):
        for names in (None, ["Ana", "Bob", "Émile", "x"]):
            for text in match_texts(game, preset, seed=7, names=names):
                for line in text.splitlines():
                    bad += [f"{p}: {line!r}" for p in problems(lang, line)]
    assert not bad, "\n".join(sorted(set(bad))[:40])


def test_msg_names_a_seat_with_its_article() -> None:
    with use_language("fr"):
        assert msg("play.trick.won", seat=SeatRef(1)) == "remporté par le joueur 1"
        assert msg("replay.action.dealt", seat=SeatRef(0)) == "donne du joueur 0"
    with use_language("es"):
        assert msg("replay.view.seat", seat=SeatRef(0)) == "lo que ve el jugador 0"
        assert msg("play.trick.best", seat=SeatRef(2)) == "la baza es del jugador 2"
        with use_names(["Ana"]):
            assert msg("play.trick.best", seat=SeatRef(0)) == "la baza es de Ana"
