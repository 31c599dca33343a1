"""What happened at the table, as translated log lines, from public information only.

The terminal table (and later the server) keeps a log of the deal. Each
action is told from the viewer's observations just before and just after it
(:class:`Happened`): cards played, tricks won with their points, cantes and
the 7 exchange in Guiñote, the taking or auction, coinche, declarations and
belote-rebelote in Belote, and, when a deal ends, the breakdown of its score
from the match's record of that deal (whose result is public once the deal
is over). Nothing here reads a hand other than the viewer's own.

All wording goes through the ``play`` catalog (:mod:`tapete.cli.messages_play`)
or the core one; card words are in :func:`card_label` and friends, which the
table's widgets and :mod:`tapete.table.explain` share.

>>> from tapete.games import GAMES
>>> game = GAMES["guinote"]
>>> match = game.new_match(game.rules("aragones-2p"), seed=3)
>>> seat = match.current_player
>>> before = game.observe(match, seat)
>>> card = before.legal_actions[0]
>>> match.apply_action(card)
>>> narrate("guinote", Happened(seat, card, before, game.observe(match, seat)))
['seat 1 plays 6♦']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from tapete.belote.actions import BID, COINCHE, DECLARE, PASS, SURCOINCHE, TAKE
from tapete.belote.tables import CONTRACTS, SANS_ATOUT
from tapete.cards import french as french_cards
from tapete.cards import spanish
from tapete.cli.messages import msg
from tapete.cli.render import team_result
from tapete.cli.render_belote import call_text, contract_name
from tapete.guinote import actions as gactions
from tapete.guinote.tables import tables_for
from tapete.tricks import TrickTables, beats


# ====================================================================== words
def card_label(game_name: str, card: int) -> str:
    """A card as the table writes it: rank and Unicode suit symbol (``K♥``, ``10♦``)."""
    if game_name == "belote":
        return french_cards.card_str(card, symbols=True)
    return spanish.card_str(card, french=True)


def cards_label(game_name: str, cards: Iterable[int]) -> str:
    return " ".join(card_label(game_name, c) for c in cards)


def suit_label(game_name: str, suit: int) -> str:
    """A suit's name and symbol: ``oros ♦`` (the Spanish suits keep their names), ``hearts ♥``."""
    if game_name == "belote":
        return f"{msg('suit.' + french_cards.SUIT_LETTERS[suit])} {french_cards.SUIT_SYMBOLS[suit]}"
    return f"{spanish.SUIT_NAMES[suit]} {spanish.SUIT_SYMBOLS[suit]}"


#: Names to tell seats by inside :func:`naming` (the server's tables); none: "seat N" (the terminal table).
_NAMES: ContextVar[tuple[str, ...]] = ContextVar("tapete_seat_names", default=())


@contextmanager
def naming(names: Sequence[str]) -> Iterator[None]:
    """Tell seats by these names inside the block (an empty name keeps "seat N").

    >>> with naming(["Ana", ""]):
    ...     seat_label(0), seat_label(1)
    ('Ana', 'seat 1')
    >>> seat_label(0)
    'seat 0'
    """
    token = _NAMES.set(tuple(names))
    try:
        yield
    finally:
        _NAMES.reset(token)


def seat_label(seat: int) -> str:
    names = _NAMES.get()
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return msg("seat", seat=seat)


def unit_label(players: int, unit: int) -> str:
    """A scoring side: a team at four players, else a seat."""
    if players == 4:
        return msg("team.seats", team=unit, seats=f"{unit}, {unit + 2}")
    return seat_label(unit)


def score_label(game_name: str, rules: Any, points: int) -> str:
    """A match score; in Guiñote with ``malas_buenas`` as players say it (002 §07: 50 malas, then buenas)."""
    if game_name == "guinote" and rules.malas_buenas:
        return msg("play.score.malas", points=points) if points <= 50 else msg("play.score.buenas", points=points - 50)
    return str(points)


def trick_tables(game_name: str, obs: Any) -> TrickTables | None:
    """The trick order for the observation's trumps (None while Belote trumps are not chosen)."""
    if game_name == "belote":
        return CONTRACTS[obs.contract].trick if obs.contract >= 0 else None
    return tables_for(obs.rules).trick


def card_points(game_name: str, obs: Any, card: int) -> int:
    if game_name == "belote":
        return CONTRACTS[obs.contract].points[card] if obs.contract >= 0 else 0
    return tables_for(obs.rules).points[card]


def sort_hand(game_name: str, obs: Any, cards: Iterable[int]) -> list[int]:
    """A hand by suit, strongest first within a suit (trumps' own order once Belote trumps are chosen)."""
    if game_name == "belote":
        strength = CONTRACTS[obs.contract if obs.contract >= 0 else SANS_ATOUT].trick.strength
        return sorted(cards, key=lambda c: (c // 8, -strength[c]))
    strength = tables_for(obs.rules).strength
    return sorted(cards, key=lambda c: (c // 10, -strength[c]))


def trick_best(game_name: str, obs: Any, plays: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """(seat, card) holding a trick in progress, from the cards on the table and the trumps."""
    t = trick_tables(game_name, obs)
    best_seat, best = plays[0]
    if t is None:
        return best_seat, best
    for seat, c in plays[1:]:
        if beats(c, best, obs.trump, t):
            best_seat, best = seat, c
    return best_seat, best


def cante_points(obs: Any, suit: int) -> int:
    rules = obs.rules
    return int(rules.cante_points_trump if suit == obs.trump else rules.cante_points_plain)


def declaration_label(kind: int, points: int, height: int) -> str:
    """A declaration as announced (its kind and height; the suit is shown only later): ``tierce (20)``."""
    if kind == 2:
        rank = {6: "9", 4: "T", 7: "J", 2: "Q", 3: "K", 5: "A"}.get(height, "")
        what = msg("decl.carre", ranks=msg(f"ranks.{rank}")) if rank else msg("play.decl.carre")
    else:
        length = height // 8
        name = {3: "decl.tierce", 4: "decl.quarante"}.get(length, "decl.quinte")
        top = french_cards.RANK_SYMBOLS[height % 8]
        what = msg("play.decl.sequence", name=msg(name), rank=top)
    return msg("decl.points", declaration=what, points=points)


def action_label(game_name: str, obs: Any, action: int) -> str:
    """A non-card action in words, for the buttons: ``sing 20 in copas ♥``, ``take in hearts ♥``."""
    rules = obs.rules
    if game_name == "belote":
        if action == PASS:
            return msg("call.pass")
        if action == DECLARE:
            return msg("play.action.declare")
        if action in (COINCHE, SURCOINCHE):
            return call_text(rules, action, True)
        if TAKE <= action < BID:
            return msg("call.take", contract=contract_name(action - TAKE, True))
        return call_text(rules, action, True)
    if gactions.SING <= action < gactions.SING + 4:
        suit = action - gactions.SING
        return msg("action.sing", points=cante_points(obs, suit), suit=suit_label(game_name, suit))
    if action == gactions.TUTE:
        return msg("play.action.tute")
    if action == gactions.EXCHANGE:
        siete = obs.trump * 10 + spanish.SIETE
        return msg(
            "play.action.exchange", siete=card_label(game_name, siete), card=card_label(game_name, obs.indicator)
        )
    if action == gactions.CLAIM:
        return msg("play.action.claim")
    return msg("call.pass")


# ====================================================================== what happened
@dataclass(frozen=True)
class Happened:
    """One action and the viewer's observations around it.

    ``after`` is the observation of the same deal after the action (when the
    action ended the deal, the deal's final observation, not the next
    deal's); ``record`` is the match's record of the deal when it ended
    (its ``result`` and ``settlement`` filled in), else None.
    """

    seat: int
    action: int
    before: Any
    after: Any
    record: Any = None
    match_winner: int = -1


def narrate(game_name: str, happened: Happened) -> list[str]:
    """The log lines of one action (and of the end of the deal and match it may cause)."""
    lines = _belote(happened) if game_name == "belote" else _guinote(happened)
    if happened.record is not None:
        lines += deal_breakdown(game_name, happened.after.rules, happened.record, happened.after)
    if happened.match_winner >= 0:
        lines.append(match_over_line(game_name, happened.after.rules, happened.match_winner))
    return lines


def _trick_lines(game_name: str, h: Happened) -> list[str]:
    """The card played, and the trick won if it completed one."""
    b, a = h.before, h.after
    lines = [msg("play.log.card", seat=seat_label(h.seat), card=card_label(game_name, h.action))]
    if len(a.tricks) > len(b.tricks):
        _, winner, cards = a.tricks[-1]
        points = sum(card_points(game_name, a, c) for c in cards)
        lines.append(msg("play.log.trick", seat=seat_label(winner), points=points))
    return lines


def _guinote(h: Happened) -> list[str]:
    b, a, seat, action = h.before, h.after, seat_label(h.seat), h.action
    lines: list[str] = []
    if 0 <= action < 40:
        lines += _trick_lines("guinote", h)
    elif gactions.SING <= action < gactions.SING + 4:
        suit = action - gactions.SING
        key = "play.log.sing.trump" if suit == b.trump else "play.log.sing"
        lines.append(msg(key, seat=seat, points=cante_points(b, suit), suit=suit_label("guinote", suit)))
    elif action == gactions.TUTE:
        lines.append(msg("play.log.tute", seat=seat))
    elif action == gactions.EXCHANGE:
        siete = b.trump * 10 + spanish.SIETE
        lines.append(
            msg(
                "play.log.exchange",
                seat=seat,
                siete=card_label("guinote", siete),
                card=card_label("guinote", b.indicator),
            )
        )
    elif action == gactions.CLAIM:
        lines.append(msg("play.log.claim", seat=seat))
    elif action == gactions.PASS:
        lines.append(msg("play.log.pass.predraw" if b.phase == "predraw" else "play.log.pass.window", seat=seat))
    if a.stock_size < b.stock_size and h.record is None:
        if a.arrastre and not b.arrastre:
            lines.append(msg("play.log.arrastre"))
        else:
            lines.append(msg("play.log.draw", count=a.stock_size))
    return lines


def _belote(h: Happened) -> list[str]:
    b, a, seat, action = h.before, h.after, seat_label(h.seat), h.action
    lines: list[str] = []
    rules = b.rules
    if 0 <= action < 32:
        if a.belote_played > b.belote_played:
            key = "play.log.belote" if a.belote_played == 1 else "play.log.rebelote"
            lines.append(msg(key, seat=seat))
        lines += _trick_lines("belote", h)
        if len(a.tricks) == 1 and len(b.tricks) == 0 and a.announced:
            if a.decl_team >= 0:
                points = sum(a.decl_points)
                lines.append(msg("play.log.declarations", side=unit_label(rules.players, a.decl_team), points=points))
            else:
                lines.append(msg("play.log.declarations.none"))
    elif action == DECLARE:
        mine = [d for d in a.announced if d[0] == h.seat]
        said = ", ".join(declaration_label(k, p, ht) for _, k, p, ht in mine)
        lines.append(msg("play.log.declare", seat=seat, declarations=said))
    else:
        lines.append(msg("play.log.call", seat=seat, call=call_text(rules, action, True)))
        if a.round > b.round:
            lines.append(msg("play.log.second_round"))
        if a.phase == "play" and b.phase == "bidding":
            lines.append(msg("play.log.contract", contract=contract_label(a), seat=seat_label(a.taker)))
    return lines


def contract_label(obs: Any) -> str:
    """The contract being played: its trumps (or the bid), coinched or surcoinched."""
    rules = obs.rules
    if obs.contract < 0:
        return msg("show.contract.none")
    if rules.bidding == "auction":
        text = call_text(rules, BID + _bid_index(rules, obs.bid) * 6 + obs.contract, True)
    else:
        text = contract_name(obs.contract, True)
    if obs.multiplier == 2:
        return msg("show.contract.coinched", contract=text, multiplier=obs.multiplier)
    if obs.multiplier > 2:
        return msg("show.contract.surcoinched", contract=text, multiplier=obs.multiplier)
    return text


def _bid_index(rules: Any, value: int) -> int:
    from tapete.belote.actions import bid_levels

    return bid_levels(rules).index(value)


# ====================================================================== end of a deal
def deal_breakdown(game_name: str, rules: Any, record: Any, final: Any = None) -> list[str]:
    """The score of a finished deal, line by line, and what it did to the match."""
    if game_name == "belote":
        return _belote_breakdown(rules, record, final)
    return _guinote_breakdown(rules, record)


def _guinote_breakdown(rules: Any, record: Any) -> list[str]:
    r, st = record.result, record.settlement
    n = rules.players
    lines = [msg("play.deal.over")]
    for team in (0, 1):
        lines.append(team_result(r, team, unit_label(n, team)))
    if r.tute_team >= 0:
        lines.append(msg("show.result.tute", team=unit_label(n, r.tute_team)))
    if r.claim_team >= 0:
        key = "show.result.claim_ok" if r.claim_ok else "show.result.claim_wrong"
        lines.append(msg(key, team=unit_label(n, r.claim_team)))
    if r.capote_team >= 0:
        lines.append(msg("show.result.capote", team=unit_label(n, r.capote_team)))
    scores = " - ".join(score_label("guinote", rules, s) for s in st.scores_after)
    lines.append(msg("play.deal.scores", scores=scores))
    if st.replay:
        lines.append(msg("play.deal.tie_replay"))
    elif st.partida_winner >= 0:
        lines.append(msg("play.deal.partida", side=unit_label(n, st.partida_winner), why=msg(f"play.why.{st.reason}")))
    elif st.vueltas_next:
        lines.append(msg("play.deal.vueltas", target=rules.target))
    return lines


def _belote_breakdown(rules: Any, record: Any, final: Any) -> list[str]:
    r, st = record.result, record.settlement
    n = rules.players
    lines = [msg("play.deal.over")]
    if r.redeal:
        lines.append(msg("show.result.redeal"))
        return lines
    if final is not None and final.taker >= 0:
        lines.append(msg("play.log.contract", contract=contract_label(final), seat=seat_label(final.taker)))
    for unit, score in enumerate(r.scores):
        lines.append(
            msg(
                "demo.belote.team",
                team=unit_label(n, unit),
                score=score,
                cards=r.card_points[unit],
                declarations=r.declarations[unit],
                belote=r.belote[unit],
            )
        )
    if r.takers >= 0:
        if r.litige:
            lines.append(msg("demo.belote.litige", points=r.held))
        else:
            key = "demo.belote.made" if r.made else "demo.belote.dedans"
            lines.append(msg(key, team=unit_label(n, r.takers)))
    if r.capot_team >= 0:
        lines.append(msg("demo.belote.capot", team=unit_label(n, r.capot_team)))
    if st.litige_to >= 0:
        lines.append(msg("demo.belote.litige_paid", team=unit_label(n, st.litige_to), points=record.litige_before))
    lines.append(msg("play.deal.scores", scores=" - ".join(str(s) for s in st.scores_after)))
    if st.reason == "tie":
        lines.append(msg("demo.belote.tie"))
    return lines


def match_over_line(game_name: str, rules: Any, winner: int) -> str:
    players = rules.players
    return msg("play.match.over", side=unit_label(players, winner))


__all__ = [
    "Happened",
    "action_label",
    "card_label",
    "cards_label",
    "contract_label",
    "deal_breakdown",
    "declaration_label",
    "match_over_line",
    "naming",
    "narrate",
    "score_label",
    "seat_label",
    "sort_hand",
    "suit_label",
    "trick_best",
    "unit_label",
]
