"""tapete.table.narrate and each game's [table] words: the log of a match, told from public information only.

Matches are played headless by the person's test policy (tests/tui/helpers.py)
and the bots; the seeds meet a cante and the 7 exchange (Guiñote, 002 §06) and a
bid, coinche and declarations (Belote contrée, 004 "Declaraciones"). The last
tests walk whole seeded matches of every registered game in en, es and fr.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tapete.games import GAMES
from tapete.guinote.rules import GuinoteRules
from tapete.table.narrate import Happened, narrate, score_label
from tapete.table.session import TableSession
from tapete.text.language import use_language
from tapete.text.render import say

from .helpers import new_session, person_choice

SHORT = {"target": "60", "partidas_to_win": "1"}


def happen(session: TableSession, seat: int, action: int, viewer: int = 0) -> Happened:
    match = session.match
    before, state, index = session.observation(viewer), match.deal, len(match.deals) - 1
    session.play(seat, action) if session.seats[seat] == "human" else match.apply_action(action)
    record = match.deals[index] if match.deals[index].result is not None else None
    return Happened(seat, action, before, session.game.observe_deal(state, viewer), record, match.winner)


def log_of(game: str, preset: str, seed: int, options: dict[str, str]) -> list[str]:
    session = new_session(game, preset, seed, options)
    lines: list[str] = []
    while not session.is_over():
        seat = session.current_player
        if session.is_human_turn():
            action = person_choice(game, session.observation(seat))
        else:
            action = session.bots[seat].act(session.observation(seat), session._bot_rng())
        lines += narrate(session.game, happen(session, seat, action))
    return lines


def test_guinote_log() -> None:
    lines = log_of("guinote", "aragones", 27, SHORT)
    assert re.fullmatch(r"Seat \d played the \w+ of (oros|copas|espadas|bastos)", lines[0])
    tricks = [line for line in lines if " won the trick (" in line]
    assert len(tricks) % 10 == 0  # 40 cards, 4 players (002)
    # Events, not button verbs: "sang the twenty in espadas", never "sing 20 in espadas".
    assert any(re.fullmatch(r"Seat 0 sang the (twenty|forty) in \w+", line) for line in lines)
    assert any(line.startswith("Seat 0 exchanged the seven of ") and line.endswith(", the indicator") for line in lines)
    assert "The stock is gone: arrastre, strict play from now on" in lines
    over = lines.index("The deal is over.")
    assert lines[over + 1].startswith("Team 0: ") and "last trick" in lines[over + 1]
    assert re.fullmatch(r"The match is over: team \d won\.", lines[-1])


def test_trick_points_are_the_cards_points() -> None:
    # 002 §03: as 11, tres 10, rey 4, sota 3, caballo 2 (sota above caballo in the aragonés order).
    game = GAMES["guinote"]
    match = game.new_match(game.rules("aragones-2p"), seed=1)
    for _ in range(2):
        seat = match.current_player
        before = game.observe(match, seat)
        action = before.legal_actions[0]
        match.apply_action(action)
        after = game.observe(match, seat)
        lines = narrate(game, Happened(seat, action, before, after))
    points = {0: 11, 2: 10, 9: 4, 7: 3, 8: 2}
    _, winner, cards = after.tricks[-1]
    total = sum(points.get(c % 10, 0) for c in cards)
    assert lines[1] == f"Seat {winner} won the trick ({total} points)"


def test_belote_log() -> None:
    lines = log_of("belote", "contree", 11, {"target": "100"})
    assert lines[0] == "Seat 0 bid 80 in spades"
    assert "Seat 0 coinched" in lines and "Seat 1 surcoinched" in lines
    assert "Contract: 160 in clubs, surcoinched (x4), taken by seat 3" in lines
    assert lines.count("Seat 0 announced tierce to the queen (20)") == 2
    assert any(line.startswith("Declarations: team 0 scores 40") for line in lines)
    assert sum(" won the trick (" in line for line in lines) % 8 == 0


def test_belote_in_french_as_french_players_say_it() -> None:
    with use_language("fr"):
        lines = log_of("belote", "contree", 11, {"target": "100"})
    assert lines[0] == "Le joueur 0 a annoncé 80 à pique"
    assert "Le joueur 0 a annoncé tierce à la dame (20)" in lines
    assert "Le joueur 0 coinche" in lines
    assert any(re.search(r"a joué (le|la|l') ?(valet|dame|roi|as|dix|neuf|huit|sept)", line) for line in lines)


def test_belote_redeal_and_taking() -> None:
    # 004 "Preparación": two taking rounds; when everybody passes twice the deal is void.
    g = GAMES["belote"]
    match: Any = g.new_match(g.rules("classique"), seed=2)
    lines: list[str] = []
    for _ in range(8):
        seat, state = match.current_player, match.deal
        before = g.observe(match, 0)
        match.apply_action(32)  # pass
        record = match.deals[0] if match.deals[0].result is not None else None
        lines += narrate(g, Happened(seat, 32, before, g.observe_deal(state, 0), record))
    assert lines[0] == "Seat 1 passed"  # what happened, not the button's "pass"
    assert lines.count("Nobody took: second round of the taking") == 1
    assert lines[-1] == "Everybody passed: no score, the next dealer deals"
    assert len(match.deals) == 2
    with use_language("fr"):
        assert narrate(g, Happened(1, 32, g.observe(match, 0), g.observe(match, 0))) == ["Le joueur 1 passe"]


@pytest.mark.parametrize(("game", "preset", "seed"), [("guinote", "aragones", 27), ("belote", "contree", 11)])
def test_every_seat_tells_the_same_story(game: str, preset: str, seed: int) -> None:
    """Narration reads public information only: each seat's observations give the same lines."""
    g = GAMES[game]
    match: Any = g.new_match(g.rules(preset, {"target": "60"} if game == "guinote" else {"target": "100"}), seed=seed)
    rng_pick = 0
    while not match.is_terminal():
        seat = match.current_player
        state = match.deal
        befores = [g.observe(match, s) for s in range(match.players)]
        legal = match.legal_actions()
        action = legal[rng_pick % len(legal)]
        rng_pick += 7
        index = len(match.deals) - 1
        match.apply_action(action)
        record = match.deals[index] if match.deals[index].result is not None else None
        told = {
            tuple(narrate(g, Happened(seat, action, befores[s], g.observe_deal(state, s), record, match.winner)))
            for s in range(match.players)
        }
        assert len(told) == 1


def test_scores_in_malas_and_buenas() -> None:
    # 002 §07: the first 50 points are malas, the rest buenas.
    rules = GuinoteRules.preset("aragones")
    assert [score_label("guinote", rules, p) for p in (0, 50, 51, 101)] == [
        "0 malas",
        "50 malas",
        "1 buenas",
        "51 buenas",
    ]
    assert score_label("guinote", GuinoteRules.preset("clasico"), 51) == "51"
    with use_language("es"):
        spanish = log_of("guinote", "aragones", 27, SHORT)
    assert any(re.fullmatch(r"El jugador 0 cantó las (veinte|cuarenta) en \w+", line) for line in spanish)
    assert any(line.startswith("El jugador 0 jugó el ") for line in spanish)


# ====================================================================== every word of whole matches
#: A French rank letter or suit symbol naming a card (J♥, Q, K), and French rank words.
FRENCH_MARKS = re.compile(r"[♠♥♦♣]|(?<![\w'])[JQKVDR](?![\w'])")
FRENCH_WORDS = re.compile(r"\b(jack|queen|king|valet|dame|roi|jota|reina|hearts|spades|pique|cœur|trèfle)s?\b", re.I)
ENGLISH_RANKS = re.compile(r"\b(jack|queen|king)s?\b|(?<![\w'])[JQK][♠♥♦♣]", re.I)


def words_of_a_match(game_name: str, preset: str, seed: int, limit: int = 2500) -> list[str]:
    """Every narration line, action label and explanation of a random match, in the language in force."""
    g = GAMES[game_name]
    rules = g.rules(preset)
    match: Any = g.new_match(rules, seed=seed)
    rng = random.Random(seed)
    out: list[str] = []
    n_cards = g.deck(rules).n_cards
    steps = 0
    while not match.is_terminal() and steps < limit:
        seat, state, index = match.current_player, match.deal, len(match.deals) - 1
        obs = g.observe(match, seat)
        out += [say(g.action_label(obs, a)) for a in obs.legal_actions]
        refused = [a for a in range(n_cards + 8) if a not in obs.legal_actions]
        out += [say(g.explain_illegal(obs, a)) for a in rng.sample(refused, min(4, len(refused)))]
        out += [say(s) for s in g.announcements(obs)]
        out += [say(g.score_label(rules, s)) for s in match.scores]
        label = g.contract_label(obs)
        out += [say(label)] if label is not None else []
        action = rng.choice(match.legal_actions())
        match.apply_action(action)
        record = match.deals[index] if match.deals[index].result is not None else None
        out += narrate(g, Happened(seat, action, obs, g.observe_deal(state, seat), record, match.winner))
        steps += 1
    return out


def _matches() -> list[tuple[str, str]]:
    """Every registered game (a new one is walked by registering it), each preset."""
    return [(name, preset) for name, g in GAMES.items() for preset in g.presets]


@pytest.mark.parametrize(("game_name", "preset"), _matches())
@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_cards_in_their_own_decks_words(game_name: str, preset: str, lang: str) -> None:
    g = GAMES[game_name]
    faces = g.faces(g.rules(preset))
    with use_language(lang):
        lines = words_of_a_match(game_name, preset, seed=len(preset), limit=400)
    assert lines
    text = "\n".join(lines)
    if faces == "spanish":
        # A Spanish-deck card is never written with J/Q/K, a French suit symbol or French rank words.
        assert not FRENCH_MARKS.search(text), FRENCH_MARKS.search(text)
        assert not FRENCH_WORDS.search(text), FRENCH_WORDS.search(text)
    elif lang == "fr":
        # French faces as French players say them: valet, dame, roi (V, D, R), never jack/queen/king or J/Q/K.
        assert not ENGLISH_RANKS.search(text), ENGLISH_RANKS.search(text)
        assert re.search(r"\b(valet|dame|roi)\b", text)


def test_a_whole_match_of_every_game_in_every_language() -> None:
    for name, g in GAMES.items():
        for lang in ("en", "es", "fr"):
            with use_language(lang):
                lines = words_of_a_match(name, g.default_preset, seed=5)
            assert any(
                line.startswith(("The match is over", "Se acabó la partida", "La partie est terminée"))
                for line in lines
            ), (name, lang)
            if g.faces(g.rules()) == "spanish":
                assert not FRENCH_MARKS.search("\n".join(lines))
