"""What a client sees of a table, as JSON: the only place the server puts cards into frames.

A view is built from one seat's observation (:meth:`tapete.games.Game.observe`, the engines'
one door for hidden cards) plus public table data (names, who is connected, the match score,
the clock). A spectator's view comes from an observation with the hand and legal actions
removed before anything reads it (:func:`public`), so no code path here can copy a hand into
it by mistake; whole hands go to spectators only when the table's owner allows it, and to a
replay only once the match is over. Every text is made in the recipient's language
(:func:`tapete.server.lang.speaking`) by the terminal table's own functions
(:mod:`tapete.table.narrate`), so both faces say the same thing.

>>> from tapete.games import GAMES
>>> game = GAMES["guinote"]
>>> match = game.new_match(game.rules("aragones"), seed=1)
>>> facts = TableFacts.empty(4)
>>> view = seat_view(game, match, match.current_player, facts, None, "en")
>>> len(view["hand"]), view["legal"][0]["kind"], view["score"]["text"]
(6, 'card', '0 malas - 0 malas')
>>> watch = spectator_view(game, match, facts, None, "es")
>>> watch["hand"], watch["legal"], watch["seat"]
([], [], None)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tapete.belote import actions as bactions
from tapete.belote.tables import CONTRACT_NAMES
from tapete.cards import french, spanish
from tapete.cards.deck import cards_of
from tapete.games import Game, Match
from tapete.guinote import actions as gactions
from tapete.server.lang import msg, speaking
from tapete.table.narrate import (
    Happened,
    action_label,
    card_label,
    contract_label,
    deal_breakdown,
    declaration_label,
    match_over_line,
    naming,
    narrate,
    score_label,
    seat_label,
    sort_hand,
)

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


def public(obs: Any) -> Any:
    """An observation with the seat's own cards and choices removed: what anybody may see."""
    return dataclasses.replace(obs, hand=(), legal_actions=())


def card_str(game: Game, rules: Any, card: int) -> str:
    """A card in the game's notation (``3o``, ``Jh``): the string actions and records use."""
    return game.action_str(rules, card)


def cards_str(game: Game, rules: Any, cards: Sequence[int]) -> list[str]:
    return [card_str(game, rules, c) for c in cards]


def deck_of(game_name: str, rules: Any) -> str:
    """ "french" or "spanish": the faces a client draws for the game's cards (the card strings do not change)."""
    if game_name == "belote":
        return "french"
    return str(getattr(rules, "deck_faces", "spanish"))


# ---------------------------------------------------------------- views
def seat_view(game: Game, match: Match, seat: int, facts: TableFacts, ended: DealEnd | None, lang: str) -> JSON:
    """What the person in ``seat`` sees: their hand and choices, and the public table."""
    obs = game.observe(match, seat)
    with speaking(lang):
        view = _view(game, match, obs, facts, ended)
        view["seat"] = seat
        view["hand"] = cards_str(game, obs.rules, sort_hand(game.name, obs, obs.hand))
        view["legal"] = legal(game, obs)
    return view


def spectator_view(
    game: Game,
    match: Match,
    facts: TableFacts,
    ended: DealEnd | None,
    lang: str,
    hands: bool = False,
) -> JSON:
    """What a spectator sees: the public table; every hand too when ``hands`` (the owner allowed it)."""
    obs = public(game.observe(match, 0))
    with speaking(lang):
        view = _view(game, match, obs, facts, ended)
        if hands:
            view["hands"] = all_hands(game, match)
    return view


def all_hands(game: Game, match: Match) -> list[list[str]]:
    """Every seat's hand, each from that seat's own observation."""
    out = []
    for s in range(match.players):
        obs = game.observe(match, s)
        out.append(cards_str(game, obs.rules, sort_hand(game.name, obs, obs.hand)))
    return out


def _view(game: Game, match: Match, obs: Any, facts: TableFacts, ended: DealEnd | None) -> JSON:
    rules = obs.rules
    n = match.players
    deal_started = bool(match.deals[-1].actions) if match.deals else False
    show_end = ended is not None and (not deal_started or match.is_terminal())
    view: JSON = {
        "game": game.name,
        "preset": rules.preset_name,
        "deck": deck_of(game.name, rules),
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
        "known": [cards_str(game, rules, sort_hand(game.name, obs, cards_of(m))) for m in obs.known],
        "trick": [[s, card_str(game, rules, c)] for s, c in obs.trick],
        "last_trick": _last_trick(game, obs),
        "tricks_won": _tricks_won(obs, n),
        "legal": [],
        "deal_number": len(match.deals),
        "match_over": match.is_terminal(),
        "winner": match.winner if match.winner >= 0 else None,
        "breakdown": deal_breakdown(game.name, rules, ended.record, ended.final) if show_end and ended else None,
        "version": facts.version,
        "clock": {"seat": facts.clock[0], "seconds_left": round(facts.clock[1], 1)} if facts.clock else None,
    }
    if match.is_terminal() and match.winner >= 0:
        view["breakdown"] = (view["breakdown"] or []) + [match_over_line(game.name, rules, match.winner)]
    view.update(_belote(game, match, obs) if game.name == "belote" else _guinote(game, match, obs))
    return view


def _last_trick(game: Game, obs: Any) -> JSON | None:
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


def _score(game: Game, match: Match, rules: Any) -> JSON:
    scores = list(match.scores)
    labels = [score_label(game.name, rules, s) for s in scores]
    out: JSON = {"sides": scores, "labels": labels, "target": rules.target, "text": " - ".join(labels)}
    partidas = getattr(match, "partidas", None)
    if partidas is not None and getattr(rules, "partidas_to_win", 1) > 1:
        out["partidas"] = list(partidas)
        out["partidas_to_win"] = rules.partidas_to_win
    litige = getattr(match, "litige", 0)
    if litige:
        out["litige"] = litige
    return out


def _guinote(game: Game, match: Match, obs: Any) -> JSON:
    rules = obs.rules
    return {
        "trump": spanish.SUIT_LETTERS[obs.trump] if obs.trump >= 0 else None,
        "indicator": card_str(game, rules, obs.indicator) if obs.indicator >= 0 else None,
        "retourne": None,
        "stock": obs.stock_size,
        "arrastre": obs.arrastre,
        "vueltas": obs.vueltas,
        "deal_points": [obs.card_points[t] + obs.cante_points[t] for t in (0, 1)],
        "cante_points": list(obs.cante_points),
        "score": _score(game, match, rules),
        "cantes": [
            {"seat": s, "action": game.action_str(rules, a), "text": action_label("guinote", obs, a)}
            for s, a in obs.cantes
        ],
        "exchanged_by": obs.exchanged_by if obs.exchanged_by >= 0 else None,
        "contract": None,
        "bidding": None,
        "bids": [],
    }


def _belote(game: Game, match: Match, obs: Any) -> JSON:
    rules = obs.rules
    contract = None
    if obs.contract >= 0:
        contract = {
            "name": CONTRACT_NAMES[obs.contract],
            "text": contract_label(obs),
            "taker": obs.taker if obs.taker >= 0 else None,
            "multiplier": obs.multiplier,
        }
    bidding = None
    if obs.phase == "bidding":
        high = None
        if obs.high_bid >= 0:
            high = {
                "seat": obs.high_seat,
                "action": game.action_str(rules, obs.high_bid),
                "text": action_label("belote", obs, obs.high_bid),
            }
        bidding = {
            "round": obs.round,
            "high": high,
            "coinched_by": obs.coinched_by if obs.coinched_by >= 0 else None,
            "surcoinched": obs.surcoinched,
        }
    covered = None
    if rules.layout == "decouverte":
        covered = [cards_str(game, rules, list(cards_of(m))) for m in obs.covered]
    return {
        "trump": french.SUIT_LETTERS[obs.trump] if 0 <= obs.trump < 4 else None,
        "indicator": None,
        "retourne": card_str(game, rules, obs.retourne) if obs.retourne >= 0 else None,
        "bergere": card_str(game, rules, obs.bergere) if obs.bergere >= 0 else None,
        "stock": obs.undealt if obs.undealt else None,
        "covered": covered,
        "deal_points": list(obs.card_points),
        "declared_points": list(obs.decl_points),
        "score": _score(game, match, rules),
        "contract": contract,
        "bidding": bidding,
        "bids": [
            {"seat": s, "action": game.action_str(rules, a), "text": action_label("belote", obs, a)}
            for s, a in obs.bids
        ],
        "declarations": [{"seat": s, "text": declaration_label(k, p, h)} for s, k, p, h in obs.announced],
        "belote": {"seat": obs.belote_seat, "played": obs.belote_played} if obs.belote_seat >= 0 else None,
        "cantes": [],
    }


# ---------------------------------------------------------------- choices
def action_kind(game_name: str, action: int) -> str:
    """What sort of button an action is: ``card``, ``sing``, ``bid``, ..."""
    if game_name == "belote":
        if action < 32:
            return "card"
        if action >= bactions.BID:
            return "bid"
        if action >= bactions.TAKE:
            return "take"
        return {bactions.PASS: "pass", bactions.COINCHE: "coinche", bactions.SURCOINCHE: "surcoinche"}.get(
            action, "declare"
        )
    if action < 40:
        return "card"
    if action <= gactions.TUTE:
        return "sing"
    return {gactions.EXCHANGE: "exchange", gactions.CLAIM: "claim"}.get(action, "pass")


def legal(game: Game, obs: Any) -> list[JSON]:
    """The seat's legal actions as buttons: cards in the hand's order, then the other choices."""
    rules = obs.rules
    limit = 32 if game.name == "belote" else 40
    cards = sort_hand(game.name, obs, [a for a in obs.legal_actions if a < limit])
    others = [a for a in obs.legal_actions if a >= limit]
    out: list[JSON] = []
    for a in cards:
        text = card_str(game, rules, a)
        out.append({"action": text, "kind": "card", "card": text, "label": card_label(game.name, a)})
    for a in others:
        label = action_label(game.name, obs, a)
        out.append(
            {"action": game.action_str(rules, a), "kind": action_kind(game.name, a), "card": None, "label": label}
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
                name = msg("server.bot_seat", seat=seat, level=msg(f"server.level.{level}"))
            out.append(name)
    return tuple(out)


def event_lines(game: Game, happened: Happened, lang: str, names: Sequence[str] = ()) -> list[str]:
    """What happened, as the terminal table's log says it, in ``lang`` (public facts only).

    With ``names`` (see :func:`narration_names`) seats are told by name instead of "seat N".
    """
    with speaking(lang), naming(names):
        return narrate(game.name, happened)


def seat_name(seat: int, lang: str) -> str:
    with speaking(lang):
        return seat_label(seat)


__all__ = [
    "DealEnd",
    "TableFacts",
    "action_kind",
    "all_hands",
    "card_str",
    "deck_of",
    "event_lines",
    "legal",
    "narration_names",
    "public",
    "seat_view",
    "spectator_view",
]
