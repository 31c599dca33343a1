"""Text for people: a position laid out readably, and actions described in words.

Pure functions from a state of either game to strings: :func:`show_position`,
:func:`legal_lines`, :func:`phase_text` and :func:`phase_name` take a
Guiñote or a Belote state and hand a Belote one to
:mod:`tapete.cli.render_belote`; the Guiñote layout is here. All wording
comes from :mod:`tapete.cli.messages`.
"""

from __future__ import annotations

from collections.abc import Iterable

from tapete.belote.state import BeloteState
from tapete.cards.spanish import SIETE, SUIT_NAMES, SUIT_SYMBOLS, card_name, card_str, cards_of
from tapete.cli import render_belote
from tapete.cli.messages import msg
from tapete.cli.text import LABEL_WIDTH, Layout, rules_text, seat_text
from tapete.cli.text import team_text as _team_text
from tapete.guinote.actions import CLAIM, EXCHANGE, PASS, SING, TUTE, action_str
from tapete.guinote.notation import to_notation
from tapete.guinote.results import DealResult
from tapete.guinote.state import OVER, PHASE_NAMES, PLAY, PREDRAW, WINDOW, GuinoteState
from tapete.guinote.tables import tables_for
from tapete.notation import Position


# ====================================================================== either game
def show_position(state: Position, french: bool = False, seed: int | None = None) -> str:
    """The readable layout printed by ``tapete show``."""
    if isinstance(state, BeloteState):
        return render_belote.show_position(state, french, seed)
    return show_guinote(state, french, seed)


def legal_lines(state: Position, french: bool = False) -> list[tuple[str, str]]:
    """(action string, description) of each legal action."""
    if isinstance(state, BeloteState):
        return render_belote.legal_lines(state, french)
    return [(action_str(a, french), describe_action(state, a, french)) for a in state.legal_actions()]


def phase_name(state: Position) -> str:
    """The phase's name in the position string (``play``, ``bidding``, ...), untranslated."""
    if isinstance(state, BeloteState):
        return render_belote.PHASE_NAMES[state.phase]
    return PHASE_NAMES[state.phase]


def phase_text(state: Position) -> str:
    """The phase in words."""
    return msg(f"phase.{phase_name(state)}")


# ====================================================================== Guiñote


def sorted_cards(state: GuinoteState, mask: int) -> list[int]:
    """Cards of a mask by suit (oros, copas, espadas, bastos), strongest first within a suit."""
    strength = tables_for(state.rules).strength
    return sorted(cards_of(mask), key=lambda c: (c // 10, -strength[c]))


def cards_text(cards: Iterable[int], french: bool = False) -> str:
    return " ".join(card_str(c, french) for c in cards) or msg("show.hand.empty")


def suit_text(suit: int, french: bool = False) -> str:
    return f"{SUIT_NAMES[suit]} {SUIT_SYMBOLS[suit]}" if french else SUIT_NAMES[suit]


def team_text(state: GuinoteState, team: int) -> str:
    return _team_text(team, state.n)


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


def turn_text(state: GuinoteState) -> str:
    seat = seat_text(state.current_player)
    if state.phase == PLAY:
        return msg("show.turn.play" if state.trick else "show.turn.lead", seat=seat)
    if state.phase == WINDOW:
        return msg("show.turn.window", seat=seat)
    if state.phase == PREDRAW:
        return msg("show.turn.predraw", seat=seat)
    return msg("show.turn.over")


def show_guinote(state: GuinoteState, french: bool = False, seed: int | None = None) -> str:
    """The readable layout of a Guiñote position."""
    layout = Layout()
    row = layout.row
    lines = layout.lines
    n = state.n
    row("show.position", to_notation(state))
    row("show.rules", rules_text(state.rules))
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
        shown = cards_text(sorted_cards(state, state.known[seat]), french) if state.known[seat] else ""
        held = cards_text(sorted_cards(state, state.hands[seat]), french)
        layout.hand(seat, n, held, shown, seat == state.current_player)
    layout.trick_rows(state, n, lambda c: card_str(c, french))
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
    layout.more(teams[1])
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
    return layout.text()


def team_result(r: DealResult, team: int, label: str) -> str:
    """One side's line of a scored Guiñote deal: its total and where the points came from."""
    return msg(
        "show.result.team",
        team=label,
        total=r.totals[team],
        cards=r.card_points[team],
        cantes=r.cante_points[team],
        last=r.last_trick[team],
        capote=r.capote_bonus[team],
        tricks=r.tricks[team],
    )


def _result_lines(state: GuinoteState) -> list[str]:
    r = state.result()
    out: list[str] = []
    for team in (0, 1):
        text = team_result(r, team, team_text(state, team))
        label = msg("show.result") if team == 0 else ""
        out.append(f"{label:<{LABEL_WIDTH}}{text}")
    notes = []
    if r.tute_team >= 0:
        notes.append(msg("show.result.tute", team=team_text(state, r.tute_team)))
    if r.claim_team >= 0:
        key = "show.result.claim_ok" if r.claim_ok else "show.result.claim_wrong"
        notes.append(msg(key, team=team_text(state, r.claim_team)))
    if r.capote_team >= 0:
        notes.append(msg("show.result.capote", team=team_text(state, r.capote_team)))
    out.extend(" " * LABEL_WIDTH + note for note in notes)
    return out


__all__ = [
    "cards_text",
    "describe_action",
    "legal_lines",
    "phase_name",
    "phase_text",
    "seat_text",
    "show_guinote",
    "show_position",
    "sorted_cards",
    "turn_text",
]
