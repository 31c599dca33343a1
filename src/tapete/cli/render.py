"""Text for people: a position laid out readably, and actions described in words.

Pure functions from a state to strings; all wording comes from
:mod:`tapete.cli.messages`.
"""

from __future__ import annotations

from collections.abc import Iterable

from tapete.cards.spanish import SIETE, SUIT_NAMES, SUIT_SYMBOLS, card_name, card_str, cards_of
from tapete.cli.messages import msg
from tapete.guinote.actions import CLAIM, EXCHANGE, PASS, SING, TUTE, action_str
from tapete.guinote.notation import to_notation
from tapete.guinote.state import OVER, PHASE_NAMES, PLAY, PREDRAW, WINDOW, GuinoteState
from tapete.guinote.tables import tables_for

_LABEL_WIDTH = 12


def sorted_cards(state: GuinoteState, mask: int) -> list[int]:
    """Cards of a mask by suit (oros, copas, espadas, bastos), strongest first within a suit."""
    strength = tables_for(state.rules).strength
    return sorted(cards_of(mask), key=lambda c: (c // 10, -strength[c]))


def cards_text(cards: Iterable[int], french: bool = False) -> str:
    return " ".join(card_str(c, french) for c in cards) or msg("show.hand.empty")


def suit_text(suit: int, french: bool = False) -> str:
    return f"{SUIT_NAMES[suit]} {SUIT_SYMBOLS[suit]}" if french else SUIT_NAMES[suit]


def seat_text(seat: int) -> str:
    return msg("seat", seat=seat)


def team_text(state: GuinoteState, team: int) -> str:
    """``team 0 (seats 0, 2)`` with four players; with two, each seat is its own team."""
    if state.n == 2:
        return seat_text(team)
    return msg("team.seats", team=team, seats=f"{team}, {team + 2}")


def rules_text(state: GuinoteState) -> str:
    changed = state.rules.options_changed()
    if not changed:
        return msg("show.rules.preset", preset=state.rules.preset_name)
    changes = ", ".join(f"{k}={v}" for k, v in changed.items())
    return msg("show.rules.changed", preset=state.rules.preset_name, changes=changes)


def cante_points(state: GuinoteState, suit: int) -> int:
    rules = state.rules
    return rules.cante_points_trump if suit == state.trump else rules.cante_points_plain


def describe_action(state: GuinoteState, action: int, french: bool = False) -> str:
    """A short description of an action in the state's current position."""
    rules = state.rules
    if 0 <= action < 40:
        return msg("action.play", card=card_name(action))
    if SING <= action < SING + 4:
        suit = action - SING
        key = "action.sing.trump" if suit == state.trump else "action.sing"
        return msg(key, points=cante_points(state, suit), suit=suit_text(suit, french))
    if action == TUTE:
        if rules.tute == "wins_partida":
            return msg("action.tute.wins")
        return msg("action.tute.bonus", points=rules.tute_points)
    if action == EXCHANGE:
        siete = state.trump * 10 + SIETE
        return msg("action.exchange", siete=card_str(siete, french), card=card_str(state.indicator, french))
    if action == CLAIM:
        team = state.current_player % 2
        total = state.scores_before[team] + state.card_points[team] + state.cante_points[team]
        return msg("action.claim", team=team_text(state, team), total=total, target=rules.target)
    if action == PASS:
        if state.phase == WINDOW:
            return msg("action.pass.window")
        if state.phase == PREDRAW:
            return msg("action.pass.predraw")
    return msg("action.pass")


def legal_lines(state: GuinoteState, french: bool = False) -> list[tuple[str, str]]:
    """(action string, description) of each legal action."""
    return [(action_str(a, french), describe_action(state, a, french)) for a in state.legal_actions()]


def phase_text(state: GuinoteState) -> str:
    return msg(f"phase.{PHASE_NAMES[state.phase]}")


def turn_text(state: GuinoteState) -> str:
    seat = seat_text(state.current_player)
    if state.phase == PLAY:
        return msg("show.turn.play" if state.trick else "show.turn.lead", seat=seat)
    if state.phase == WINDOW:
        return msg("show.turn.window", seat=seat)
    if state.phase == PREDRAW:
        return msg("show.turn.predraw", seat=seat)
    return msg("show.turn.over")


def show_position(state: GuinoteState, french: bool = False, seed: int | None = None) -> str:
    """The readable layout printed by ``tapete show``."""
    lines: list[str] = []

    def row(label_key: str, text: str) -> None:
        lines.append(f"{msg(label_key):<{_LABEL_WIDTH}}{text}".rstrip())

    n = state.n
    row("show.position", to_notation(state))
    row("show.rules", rules_text(state))
    if seed is not None:
        row("show.deal", msg("show.deal.seed", seed=seed, dealer=state.dealer))
    row("show.dealer", seat_text(state.dealer))
    trump = suit_text(state.trump, french)
    if state.indicator >= 0:
        row("show.trump", msg("show.trump.face_up", suit=trump, card=card_str(state.indicator, french)))
        row("show.stock", msg("show.stock.count", count=len(state.stock)))
    else:
        row("show.trump", msg("show.trump.drawn", suit=trump))
        row("show.stock", msg("show.stock.empty"))
    row("show.phase", phase_text(state))
    row("show.turn", turn_text(state))
    row("show.hands", "")
    for seat in range(n):
        who = seat_text(seat) if n == 2 else f"{seat_text(seat)} ({msg('team', team=seat % 2)})"
        line = "  " + msg("show.hand.line", who=who, cards=cards_text(sorted_cards(state, state.hands[seat]), french))
        extras = []
        if state.known[seat]:
            extras.append(msg("show.hand.shown", cards=cards_text(sorted_cards(state, state.known[seat]), french)))
        if seat == state.current_player:
            extras.append(msg("show.hand.to_act"))
        lines.append("   ".join([line, *extras]))
    if state.trick:
        plays = ", ".join(
            msg("show.trick.play", card=card_str(c, french), seat=seat_text((state.leader + i) % n))
            for i, c in enumerate(state.trick)
        )
        best = card_str(state.trick_best, french)
        row("show.trick", msg("show.trick.cards", plays=plays, best=best, seat=seat_text(state.trick_best_seat)))
    else:
        row("show.trick", msg("show.trick.none"))
    if state.tricks_played > 0:
        if state.tricks:
            _, winner, cards = state.tricks[-1]
            text = msg("show.last_trick.cards", cards=cards_text(cards, french), seat=seat_text(winner))
        else:
            text = msg("show.last_trick.winner", seat=seat_text(state.last_winner))
        row("show.last_trick", text)
    teams = []
    for team in (0, 1):
        teams.append(
            msg(
                "show.taken.team",
                team=team_text(state, team),
                points=state.card_points[team] + state.cante_points[team],
                cards=state.card_points[team],
                cantes=state.cante_points[team],
                tricks=state.tricks_won[team],
            )
        )
    row("show.taken", teams[0])
    lines.append(" " * _LABEL_WIDTH + teams[1])
    if state.cantes:
        said = []
        for seat, action in state.cantes:
            if action == TUTE:
                said.append(msg("show.cante.tute", seat=seat_text(seat)))
            else:
                suit = action - SING
                points = cante_points(state, suit)
                said.append(msg("show.cante.sing", seat=seat_text(seat), points=points, suit=suit_text(suit, french)))
        row("show.cantes", "; ".join(said))
    else:
        row("show.cantes", msg("none"))
    if state.exchanged_by >= 0:
        row("show.exchange", msg("show.exchange.by", seat=seat_text(state.exchanged_by)))
    if state.scores_before != (0, 0) or state.vueltas:
        a, b = state.scores_before
        part = msg("show.match.vueltas" if state.vueltas else "show.match.idas")
        row("show.match", msg("show.match.context", a=a, b=b, part=part))
    if state.phase == OVER:
        lines.extend(_result_lines(state))
    return "\n".join(lines)


def _result_lines(state: GuinoteState) -> list[str]:
    r = state.result()
    out: list[str] = []
    for team in (0, 1):
        text = msg(
            "show.result.team",
            team=team_text(state, team),
            total=r.totals[team],
            cards=r.card_points[team],
            cantes=r.cante_points[team],
            last=r.last_trick[team],
            capote=r.capote_bonus[team],
            tricks=r.tricks[team],
        )
        label = msg("show.result") if team == 0 else ""
        out.append(f"{label:<{_LABEL_WIDTH}}{text}")
    notes = []
    if r.tute_team >= 0:
        notes.append(msg("show.result.tute", team=team_text(state, r.tute_team)))
    if r.claim_team >= 0:
        key = "show.result.claim_ok" if r.claim_ok else "show.result.claim_wrong"
        notes.append(msg(key, team=team_text(state, r.claim_team)))
    if r.capote_team >= 0:
        notes.append(msg("show.result.capote", team=team_text(state, r.capote_team)))
    out.extend(" " * _LABEL_WIDTH + note for note in notes)
    return out


__all__ = [
    "cards_text",
    "describe_action",
    "legal_lines",
    "phase_text",
    "show_position",
    "sorted_cards",
    "turn_text",
]
