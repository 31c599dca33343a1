"""Brisca at the terminal: a position as rows (``tapete show``), its actions described (``tapete legal``),
the side panel of the table, and the rules as ``tapete rules`` explains them.

Data only: rows of :mod:`tapete.core.shown` and :class:`~tapete.core.words.Say`
values; the faces put them into words.

>>> from tapete.brisca.rules import BriscaRules
>>> state = BriscaState.new_deal(BriscaRules.preset("brisca"), seed=5)
>>> [row.label for row in show_rows(state, "spanish")][:4]
['show.trump', 'show.stock', 'show.phase', 'show.turn']
>>> describe_action(state, state.legal_actions()[0], "spanish").key
'action.play'
>>> [name for name, _ in TOPICS]
['deal', 'muestra', 'partners', 'match']
"""

from __future__ import annotations

from typing import Any, Final

from tapete.brisca.actions import EXCHANGE
from tapete.brisca.rules import BriscaRules
from tapete.brisca.state import OVER, PHASE_NAMES, BriscaState
from tapete.brisca.tables import tables_for
from tapete.core.cards.deck import cards_of
from tapete.core.shown import Row, hand_row, more, seat_cards, trick_rows
from tapete.core.words import CardRef, CardsRef, Say, SeatRef, SideRef, SuitRef

#: Every option by topic, in the order ``tapete rules`` shows them.
TOPICS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    ("deal", ("players", "deal_packet")),
    ("muestra", ("exchange_card", "exchange_timing", "exchange_needs_trick", "exchange_min_stock")),
    ("partners", ("show_partner",)),
    ("match", ("match_by", "deals_to_win", "target")),
)

#: Key of the exchange at the terminal table.
KEYS: Final = {"x": EXCHANGE}


def sorted_cards(state: BriscaState, mask: int) -> list[int]:
    strength = tables_for(state.rules).strength
    return sorted(cards_of(mask), key=lambda c: (c // 10, -strength[c]))


def phase_name(state: BriscaState) -> str:
    return PHASE_NAMES[state.phase]


def describe_action(state: BriscaState, action: int, faces: str) -> Say:
    """A short description of an action in the state's position."""
    if 0 <= action < 40:
        return Say("action.play", card=Say("card.named", card=CardRef(faces, action)))
    give = tables_for(state.rules).exchanger[state.muestra] if state.muestra >= 0 else -1
    return Say("brisca.action.exchange", give=CardRef(faces, give), card=CardRef(faces, state.muestra))


def show_rows(state: BriscaState, faces: str) -> list[Row]:
    """The rows of ``tapete show`` after the position, the rules, the deal and the dealer."""
    n = state.n
    trump = SuitRef(faces, state.trump)
    rows: list[Row] = []
    if state.muestra >= 0:
        rows.append(Row("show.trump", (Say("show.trump.face_up", suit=trump, card=CardRef(faces, state.muestra)),)))
        rows.append(Row("show.stock", (Say("show.stock.count", count=len(state.stock)),)))
    else:
        rows.append(Row("show.trump", (Say("show.trump.drawn", suit=trump),)))
        rows.append(Row("show.stock", (Say("show.stock.empty"),)))
    rows.append(Row("show.phase", (Say(f"phase.{phase_name(state)}"),)))
    if state.phase == OVER:
        rows.append(Row("show.turn", (Say("show.turn.over"),)))
    else:
        key = "show.turn.play" if state.trick else "show.turn.lead"
        rows.append(Row("show.turn", (Say(key, seat=SeatRef(state.cur)),)))
    rows.append(Row("show.hands"))
    for seat in range(n):
        shown = sorted_cards(state, state.known[seat] & state.hands[seat])
        held = seat_cards(faces, sorted_cards(state, state.hands[seat]))
        rows.append(hand_row(faces, seat, n, held, shown, seat == state.cur))
    rows.extend(trick_rows(state, n, faces))
    sides = [
        Say("brisca.show.taken", count=state.tricks_won[s], side=SideRef(n, s), points=state.card_points[s],
            tricks=state.tricks_won[s])
        for s in (0, 1)
    ]  # fmt: skip
    rows.append(Row("show.taken", (sides[0],)))
    rows.append(more(sides[1]))
    if state.exchanges:
        done = tuple(
            Say("brisca.label.exchanged", seat=SeatRef(seat), give=CardRef(faces, g), card=CardRef(faces, t))
            for seat, g, t in state.exchanges
        )
        rows.append(Row("show.exchange", done))
    if state.scores_before != (0, 0):
        a, b = state.scores_before
        rows.append(Row("show.match", (Say("brisca.show.match", a=a, b=b),)))
    if state.phase == OVER:
        r = state.result()
        won = Say("brisca.result.won", side=SideRef(n, r.winner)) if r.winner >= 0 else Say("brisca.result.tie")
        rows.append(Row("show.result", (won,)))
    return rows


# ------------------------------------------------------------ the terminal table's panel
def info_rows(game: Any, obs: Any, match: Any) -> list[Row]:
    rules = obs.rules
    faces = game.faces(rules)
    n = rules.players
    rows = [Row("show.trump", (SuitRef(faces, obs.trump),))]
    if obs.muestra >= 0:
        rows.append(Row("play.info.indicator", (CardRef(faces, obs.muestra),)))
        rows.append(Row("show.stock", (Say("play.info.stock", count=obs.stock_size),)))
    else:
        rows.append(Row("show.stock", (Say("brisca.info.stock_gone"),)))
    if obs.partner_shown:
        partner = Say("brisca.info.partner", seat=SeatRef(obs.partner), cards=CardsRef(faces, obs.partner_hand))
        rows.append(Row(None, (partner,), "line"))
    rows.append(Row("play.info.this_deal", kind="heading"))
    for side in (0, 1):
        rows.append(
            Row(None, (Say("brisca.info.points", side=SideRef(n, side), points=obs.card_points[side]),), "line")
        )
    if obs.exchanges:
        rows.append(Row("show.exchange", tuple(SeatRef(seat) for seat, _, _ in obs.exchanges), sep=", "))
    rows.append(Row("play.info.match", kind="heading"))
    for side in (0, 1):
        rows.append(Row(None, (Say("show.call", seat=SideRef(n, side), call=str(match.scores[side])),), "line"))
    rows.append(Row(None, (_goal(rules),), "line", quiet=True))
    return rows


def _goal(rules: BriscaRules) -> Say:
    if rules.match_by == "deals":
        return Say("brisca.info.deals_to_win", count=rules.deals_to_win)
    return Say("play.info.target", target=rules.target)


def strip_rows(game: Any, obs: Any, match: Any) -> list[Row]:
    rules = obs.rules
    faces = game.faces(rules)
    rows = [Row("show.trump", (SuitRef(faces, obs.trump),))]
    if obs.muestra >= 0:
        rows.append(Row("play.info.indicator", (CardRef(faces, obs.muestra),)))
        rows.append(Row("show.stock", (str(obs.stock_size),)))
    else:
        rows.append(Row("show.stock", (Say("brisca.strip.stock_gone"),)))
    rows.append(Row("play.info.this_deal", tuple(str(obs.card_points[s]) for s in (0, 1)), sep=" - "))
    goal = rules.deals_to_win if rules.match_by == "deals" else rules.target
    rows.append(Row("play.info.match", (str(match.scores[0]), str(match.scores[1]), f"/ {goal}"), sep=" - "))
    return rows


def turn_prompt(obs: Any) -> Say:
    return Say("play.status.play" if obs.trick else "play.status.lead")


def action_short(game: Any, obs: Any, action: int) -> Say:
    if action == EXCHANGE:
        return Say("brisca.action.exchange_short")
    label: Say = game.action_label(obs, action)
    return label


# ------------------------------------------------------------ tapete rules
def option_used(rules: BriscaRules, name: str) -> bool:
    """Whether the engine reads option ``name`` under these rules."""
    if name in ("exchange_timing", "exchange_needs_trick", "exchange_min_stock"):
        return rules.exchange_card != "none"
    if name == "show_partner":
        return rules.players == 4
    if name == "deals_to_win":
        return rules.match_by == "deals"
    if name == "target":
        return rules.match_by == "points"
    return True


def summary(rules: BriscaRules) -> list[tuple[Say, Say]]:
    """(label, text) rows saying what the game is under these rules."""
    rows = [
        (Say("rules.label.players"), Say(f"rules.brisca.summary.players.{rules.players}")),
        (Say("rules.label.cards"), Say("rules.brisca.summary.cards")),
        (Say("rules.label.deal"), Say("rules.brisca.summary.deal", packet=rules.deal_packet)),
        (Say("rules.label.trumps"), Say("rules.brisca.summary.trumps")),
        (Say("rules.label.trumps"), Say(f"rules.brisca.summary.exchange.{rules.exchange_card}")),
    ]
    if rules.exchange_card != "none":
        rows.append((Say("rules.label.trumps"), Say(f"rules.brisca.summary.exchange.{rules.exchange_timing}")))
        if rules.exchange_needs_trick:
            rows.append((Say("rules.label.trumps"), Say("rules.brisca.summary.exchange.needs_trick")))
    rows.append((Say("rules.label.play"), Say("rules.brisca.summary.play")))
    if rules.players == 4:
        rows.append((Say("rules.label.play"), Say(f"rules.brisca.summary.partner.{rules.show_partner}")))
    rows.append((Say("rules.label.points"), Say("rules.brisca.summary.points")))
    if rules.match_by == "deals":
        rows.append((Say("rules.label.winning"), Say("rules.brisca.summary.match.deals", deals=rules.deals_to_win)))
    else:
        rows.append((Say("rules.label.winning"), Say("rules.brisca.summary.match.points", target=rules.target)))
    return rows


__all__ = [
    "KEYS",
    "TOPICS",
    "action_short",
    "describe_action",
    "info_rows",
    "option_used",
    "phase_name",
    "show_rows",
    "sorted_cards",
    "strip_rows",
    "summary",
    "turn_prompt",
]
