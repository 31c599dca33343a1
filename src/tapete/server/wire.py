"""What a client sees of a table, as JSON: the only place the server puts cards into frames.

A view is built from one seat's observation (:meth:`tapete.games.Game.observe`, the engines'
one door for hidden cards) plus public table data (names, who is connected, the match score,
the clock). A spectator's view comes from an observation with the hand and legal actions
removed before anything reads it (:func:`public`), so no code path here can copy a hand into
it by mistake; whole hands go to spectators only at a table of bots whose owner allows it
(:func:`tapete.server.access.may_see_hands`: never where a person sits), and to a replay only once
the match is over. An optional decision that another seat holds shows as
declined (:func:`tapete.table.silent.settle`): only its own seat sees that it had one. Every text
is made in the recipient's language (:func:`tapete.server.lang.speaking`) with the seat names
that viewer reads, from what the game says (``Say`` values: :meth:`~tapete.core.game.Game.action_label`, ``narrate``,
``view_extras``...) through the text layer, so the terminal and the browser say the same thing.
Nothing here knows a game: what is a game's own comes from :meth:`~tapete.core.game.Game.view_extras`.

>>> from tapete.games import game_of_preset
>>> game = game_of_preset("aragones")
>>> match = game.new_match(game.rules("aragones"), seed=1)
>>> facts = TableFacts.empty(4)
>>> view = seat_view(game, match, match.current_player, facts, None, "en")
>>> len(view["hand"]), view["legal"][0]["kind"], view["score"]["text"], view["faces"]
(6, 'card', '0 malas - 0 malas', 'spanish')
>>> watch = spectator_view(game, match, facts, None, "es")
>>> watch["hand"], watch["legal"], watch["seat"]
([], [], None)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from tapete.core.cards.deck import cards_of
from tapete.core.words import Say
from tapete.games import Game, Match
from tapete.server.deck import deck_words
from tapete.server.lang import msg, speaking
from tapete.table.narrate import Happened, told
from tapete.table.silent import settle
from tapete.text.cards import card_name
from tapete.text.render import Names, say, use_names

JSON = dict[str, Any]


@dataclass(frozen=True)
class TableFacts:
    """The public data of a table that is not in the observation: who sits where, and the clock."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    connected: tuple[bool, ...]
    away: tuple[bool, ...]
    version: int = 0
    #: (seat, seconds left) of the turn clock running now, if any.
    clock: tuple[int, float] | None = None
    spectators: int = 0
    #: The level of each bot seat (None for people and open seats), for clients to name bots in their language.
    levels: tuple[str | None, ...] = ()

    @staticmethod
    def empty(players: int) -> TableFacts:
        return TableFacts(
            tuple("" for _ in range(players)),
            tuple("open" for _ in range(players)),
            tuple(False for _ in range(players)),
            tuple(False for _ in range(players)),
        )


@dataclass(frozen=True)
class DealEnd:
    """The deal that ended last: the match's record of it and its final position, public part only."""

    record: Any
    final: Any


def public(obs: Any, game: Game | None = None) -> Any:
    """An observation with what is private to its seat removed (:meth:`Game.public_observation`):
    what anybody may see. Without a game, only the seat's own cards and choices go."""
    if game is not None:
        return game.public_observation(obs)
    return dataclasses.replace(obs, hand=(), legal_actions=())


def card_str(game: Game, rules: Any, card: int) -> str:
    """A card in the game's notation (``3o``, ``Jh``): the string actions and records use."""
    return game.action_str(rules, card)


def cards_str(game: Game, rules: Any, cards: Sequence[int]) -> list[str]:
    return [card_str(game, rules, c) for c in cards]


def spoken(value: Any, names: Names | None = None) -> Any:
    """JSON data with every :class:`Say` in it said in the language in force (games' view extras)."""
    if isinstance(value, Say):
        return say(value, names)
    if isinstance(value, dict):
        return {k: spoken(v, names) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [spoken(v, names) for v in value]
    return value


@contextmanager
def _telling(lang: str, facts: TableFacts, viewer: int | None = None) -> Iterator[tuple[str, ...]]:
    """Speak ``lang`` inside the block, with seats named as that reader (in ``viewer``) names them."""
    names = narration_names(facts.names, facts.kinds, facts.levels, lang)
    with speaking(lang), use_names(names, viewer=viewer):
        yield names


# ---------------------------------------------------------------- views
def observed(game: Game, match: Match, seat: int | None) -> Any:
    """The observation ``seat`` gets (None: a spectator, from seat 0's with the private part removed by
    the caller), with every pending private turn of another seat declined."""
    deal = match.deal
    settled = settle(game, deal, seat)
    if settled is deal:
        return game.observe(match, 0 if seat is None else seat)
    return game.observe_deal(settled, 0 if seat is None else seat)


def seat_view(game: Game, match: Match, seat: int, facts: TableFacts, ended: DealEnd | None, lang: str) -> JSON:
    """What the person in ``seat`` sees: their hand and choices, and the public table."""
    obs = observed(game, match, seat)
    with _telling(lang, facts, seat) as names:
        view = _view(game, match, obs, facts, ended, names)
        view["seat"] = seat
        view["hand"] = cards_str(game, obs.rules, game.hand_order(obs, obs.hand))
        view["legal"] = legal(game, obs, names)
    return view


def spectator_view(
    game: Game,
    match: Match,
    facts: TableFacts,
    ended: DealEnd | None,
    lang: str,
    hands: bool = False,
) -> JSON:
    """What a spectator sees: the public table; every hand too when ``hands`` (a table of bots whose owner
    allowed it, :func:`tapete.server.access.may_see_hands`, or a finished match's replay).

    Seeing every hand shows no pending private turn either: the hands are those of the table as
    everybody sees it (a decision still to take shows as declined), so a spectator never learns that
    a seat had an optional decision, only what the hands themselves show."""
    obs = public(observed(game, match, None), game)
    with _telling(lang, facts) as names:
        view = _view(game, match, obs, facts, ended, names)
        if hands:
            view["hands"] = all_hands(game, match)
    return view


def all_hands(game: Game, match: Match) -> list[list[str]]:
    """Every seat's hand, each from that seat's own observation (of the table as everybody sees it)."""
    out = []
    settled = settle(game, match.deal)
    for s in range(match.players):
        obs = game.observe(match, s) if settled is match.deal else game.observe_deal(settled, s)
        out.append(cards_str(game, obs.rules, game.hand_order(obs, obs.hand)))
    return out


def _view(game: Game, match: Match, obs: Any, facts: TableFacts, ended: DealEnd | None, names: Names) -> JSON:
    rules = obs.rules
    n = match.players
    deal_started = bool(match.deals[-1].actions) if match.deals else False
    show_end = ended is not None and (not deal_started or match.is_terminal())
    view: JSON = {
        "game": game.name,
        "preset": rules.preset_name,
        **deck_words(game, rules),
        "seat": None,
        "players": n,
        "sides": [game.side_of(rules, s) for s in range(n)],
        "names": list(facts.names),
        "kinds": list(facts.kinds),
        "levels": list(facts.levels) if facts.levels else [None] * n,
        "connected": list(facts.connected),
        "away": list(facts.away),
        "spectators": facts.spectators,
        "phase": obs.phase,
        "current_player": obs.current_player,
        "dealer": obs.dealer,
        "hand": [],
        "hand_sizes": list(obs.hand_sizes),
        "known": [cards_str(game, rules, game.hand_order(obs, cards_of(m))) for m in obs.known],
        "trick": [[s, card_str(game, rules, c)] for s, c in obs.trick],
        "last_trick": last_trick(game, obs),
        "tricks_won": _tricks_won(obs, n),
        "legal": [],
        "deal_number": len(match.deals),
        "match_over": match.is_terminal(),
        "winner": match.winner if match.winner >= 0 else None,
        "breakdown": _breakdown(game, rules, ended, names) if show_end and ended else None,
        "version": facts.version,
        "clock": {"seat": facts.clock[0], "seconds_left": round(facts.clock[1], 1)} if facts.clock else None,
        # What the game has of these it sends in its extras; the browser shows what it gets.
        "trump": None,
        "indicator": None,
        "retourne": None,
        "stock": None,
        "deal_points": [],
        "contract": None,
        "bidding": None,
        "bids": [],
        "cantes": [],
    }
    if match.is_terminal() and match.winner >= 0:
        view["breakdown"] = (view["breakdown"] or []) + [say(game.match_over(rules, match.winner), names)]
    extras = spoken(game.view_extras(match, obs), names)
    score = _score(game, match, rules, names)
    score.update(extras.pop("score", None) or {})
    view.update(extras)
    view["score"] = score
    return view


def _breakdown(game: Game, rules: Any, ended: DealEnd, names: Names) -> list[str]:
    return [say(s, names) for s in game.deal_breakdown(rules, ended.record, ended.final)]


def last_trick(game: Game, obs: Any) -> JSON | None:
    """The deal's last completed trick (none at the start of a deal: the cards of the deal before
    may lie in the new hands, and a view shows no card that is not of this deal or public now)."""
    if not obs.tricks:
        return None
    leader, winner, cards = obs.tricks[-1]
    n = len(obs.hand_sizes)
    return {
        "leader": leader,
        "winner": winner,
        "cards": [[(leader + i) % n, card_str(game, obs.rules, c)] for i, c in enumerate(cards)],
    }


def _tricks_won(obs: Any, n: int) -> list[int]:
    won = [0] * n
    for _, winner, _cards in obs.tricks:
        won[winner] += 1
    return won


def _score(game: Game, match: Match, rules: Any, names: Names) -> JSON:
    scores = list(match.scores)
    labels = [say(game.score_label(rules, points), names) for points in scores]
    return {"sides": scores, "labels": labels, "target": rules.target, "text": " - ".join(labels)}


# ---------------------------------------------------------------- choices
def legal(game: Game, obs: Any, names: Names | None = None) -> list[JSON]:
    """The seat's legal actions as buttons: cards in the hand's order (named in full), then the other choices."""
    rules = obs.rules
    faces = game.faces(rules)
    cards = game.hand_order(obs, [a for a in obs.legal_actions if game.is_card(rules, a)])
    others = [a for a in obs.legal_actions if not game.is_card(rules, a)]
    out: list[JSON] = []
    for a in cards:
        text = card_str(game, rules, a)
        out.append({"action": text, "kind": "card", "card": text, "label": card_name(faces, a, article=False)})
    for a in others:
        label = say(game.action_label(obs, a), names)
        out.append(
            {"action": game.action_str(rules, a), "kind": game.action_kind(rules, a), "card": None, "label": label}
        )
    return out


# ---------------------------------------------------------------- events
def narration_names(
    names: Sequence[str], kinds: Sequence[str], levels: Sequence[str | None], lang: str
) -> tuple[str, ...]:
    """How event lines in ``lang`` name each seat: a person's name, "Bot 2 (medium)" for a bot.

    A bot's stored name is in the language of whoever added it, so bots are named here from
    their seat and level, as the browser names them (``web.table.bot_name``).
    """
    out = []
    with speaking(lang):
        for seat, name in enumerate(names):
            level = levels[seat] if seat < len(levels) else None
            if seat < len(kinds) and kinds[seat] == "bot" and level:
                name = msg("server.bot_seat", seat=seat + 1, level=msg(f"server.level.{level}"))
            out.append(name)
    return tuple(out)


def event_lines(game: Game, happened: Happened, lang: str, names: Sequence[str] = ()) -> list[str]:
    """What happened, as the terminal table's log says it, in ``lang`` (public facts only).

    With ``names`` (see :func:`narration_names`) seats are told by name instead of "seat N".
    """
    with speaking(lang):
        return [say(s, names) for s in told(game, happened)]


def event_banners(game: Game, happened: Happened, lang: str, names: Sequence[str] = ()) -> list[str]:
    """The exclamations the action is worth over the table (``game.banners``: "¡Las cuarenta!",
    "Capot !"), in ``lang``; mostly none."""
    h = happened
    with speaking(lang):
        return [say(s, names) for s in game.banners(h.before, h.action, h.after, h.seat)]


__all__ = [
    "DealEnd",
    "TableFacts",
    "all_hands",
    "card_str",
    "event_banners",
    "event_lines",
    "last_trick",
    "legal",
    "narration_names",
    "observed",
    "public",
    "seat_view",
    "spectator_view",
    "spoken",
]
