"""The side panel: the rules, the trumps and stock (or the bidding), the deal's score and the match's.

Guiñote: the indicator face up under the stock and the cards left to draw,
or the arrastre once it is gone; the card points and cantes of each side;
the match in malas and buenas where the rules count so (002 §07), the
partidas won. Belote: the retourne and the round of the taking, or the
auction's highest bid and any coinche; the contract and its taker; card
points and declarations; the match score and any points held in litige.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Static

from tapete.cli.messages import msg
from tapete.table.narrate import (
    action_label,
    contract_label,
    declaration_label,
    score_label,
    seat_label,
    suit_label,
    unit_label,
)
from tapete.tui.board import pack, short_seat
from tapete.tui.cards import card_text


def _row(out: Text, label: str, value: str | Text) -> None:
    out.append(f"{label}: ", style="bold")
    if isinstance(value, Text):
        out.append_text(value)
    else:
        out.append(value)
    out.append("\n")


class InfoPanel(Static):
    """What everybody at the table knows, in one column."""

    def __init__(self) -> None:
        super().__init__("", id="info")

    def show(self, game_name: str, title: str, obs: Any, match: Any, deal_number: int) -> None:
        rules = obs.rules
        out = Text()
        out.append(f"{title} · {rules.preset_name}\n", style="bold underline")
        changed = rules.options_changed()
        if changed:
            out.append(", ".join(f"{k}={v}" for k, v in changed.items()) + "\n", style="dim")
        _row(
            out, msg("play.info.deal"), msg("play.info.deal_number", number=deal_number, dealer=seat_label(obs.dealer))
        )
        if game_name == "belote":
            self._belote(out, obs, match)
        else:
            self._guinote(out, obs, match)
        self.update(out)

    def _guinote(self, out: Text, obs: Any, match: Any) -> None:
        rules = obs.rules
        n = rules.players
        _row(out, msg("show.trump"), suit_label("guinote", obs.trump))
        if obs.indicator >= 0:
            face = card_text("guinote", obs.indicator)
            _row(out, msg("play.info.indicator"), face)
            _row(out, msg("show.stock"), msg("play.info.stock", count=obs.stock_size))
        else:
            _row(out, msg("show.stock"), msg("play.info.arrastre"))
        out.append(msg("play.info.this_deal") + "\n", style="bold")
        for team in (0, 1):
            out.append(
                "  "
                + msg(
                    "play.info.guinote_points",
                    side=unit_label(n, team),
                    total=obs.card_points[team] + obs.cante_points[team],
                    cards=obs.card_points[team],
                    cantes=obs.cante_points[team],
                )
                + "\n"
            )
        if obs.cantes:
            said = ", ".join(f"{seat_label(s)} {action_label('guinote', obs, a)}" for s, a in obs.cantes)
            _row(out, msg("show.cantes"), said)
        if obs.exchanged_by >= 0:
            _row(out, msg("show.exchange"), seat_label(obs.exchanged_by))
        out.append(msg("play.info.match") + "\n", style="bold")
        for team in (0, 1):
            out.append(f"  {unit_label(n, team)}: {score_label('guinote', rules, match.scores[team])}\n")
        part = msg("show.match.vueltas" if obs.vueltas else "show.match.idas") if rules.idas_vueltas else ""
        line = msg("play.info.target", target=rules.target)
        if part:
            line += f" · {part}"
        out.append("  " + line + "\n", style="dim")
        if rules.partidas_to_win > 1:
            out.append(
                "  "
                + msg(
                    "play.info.partidas",
                    a=match.partidas[0],
                    b=match.partidas[1],
                    needed=rules.partidas_to_win,
                )
                + "\n",
                style="dim",
            )

    def _belote(self, out: Text, obs: Any, match: Any) -> None:
        rules = obs.rules
        n = rules.players
        units = 2 if n == 4 else n
        if obs.retourne >= 0:
            line = card_text("belote", obs.retourne)
            if obs.phase == "bidding":
                line.append(" · " + msg("play.info.round", round=obs.round))
            _row(out, msg("show.retourne"), line)
        if obs.bergere >= 0:
            _row(out, msg("show.bergere"), card_text("belote", obs.bergere))
        if obs.phase == "bidding" and obs.high_bid >= 0:
            high = msg(
                "show.contract.high", bid=action_label("belote", obs, obs.high_bid), seat=seat_label(obs.high_seat)
            )
            if obs.coinched_by >= 0:
                high = msg("show.contract.high_coinched", high=high, seat=seat_label(obs.coinched_by))
            _row(out, msg("show.bidding"), high)
        if obs.contract >= 0:
            taker = msg("show.contract.taken", contract=contract_label(obs), seat=seat_label(obs.taker))
            _row(out, msg("show.contract"), taker if obs.taker >= 0 else contract_label(obs))
        if obs.phase != "bidding":
            out.append(msg("play.info.this_deal") + "\n", style="bold")
            for unit in range(units):
                out.append(
                    "  "
                    + msg(
                        "play.info.belote_points",
                        side=unit_label(n, unit),
                        cards=obs.card_points[unit],
                        declarations=obs.decl_points[unit],
                    )
                    + "\n"
                )
        if obs.announced:
            said = ", ".join(f"{seat_label(s)} {declaration_label(k, p, h)}" for s, k, p, h in obs.announced)
            _row(out, msg("show.declarations"), said)
        if obs.belote_seat >= 0:
            key = "play.log.belote" if obs.belote_played == 1 else "play.log.rebelote"
            _row(out, msg("show.belote"), msg(key, seat=seat_label(obs.belote_seat)))
        out.append(msg("play.info.match") + "\n", style="bold")
        for unit in range(units):
            out.append(f"  {unit_label(n, unit)}: {match.scores[unit]}\n")
        out.append("  " + msg("play.info.target", target=rules.target) + "\n", style="dim")
        if match.litige:
            out.append("  " + msg("play.info.litige", points=match.litige) + "\n", style="dim")


class InfoStrip(Widget):
    """The side panel in a line or two, over the table on a narrow screen (the panel itself is behind ``i``).

    Everything in it is public: trumps, indicator or retourne, the stock, the
    highest bid or the contract, the deal's points and the match's score (the
    person's side first marked in bold).
    """

    def __init__(self) -> None:
        super().__init__(id="strip")
        self._chunks: list[Text] = []

    def show(self, game_name: str, obs: Any, match: Any, deal_number: int) -> None:
        self._chunks = strip_chunks(game_name, obs, match, deal_number)
        self.refresh(layout=True)

    def build(self, width: int) -> Text:
        text = pack(self._chunks, max(width, 1))
        text.justify = "center"
        return text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.build(width).wrap(self.app.console, width)) if width else 0

    def render(self) -> RenderResult:
        return self.build(self.content_size.width)


def _scores(values: list[str], mine: int) -> Text:
    out = Text()
    for unit, value in enumerate(values):
        if unit:
            out.append(" - ")
        out.append(value, style="bold" if unit == mine else "")
    return out


def _labelled(label: str, value: str | Text) -> Text:
    out = Text(f"{label}: ", style="bold")
    if isinstance(value, Text):
        out.append_text(value)
    else:
        out.append(value)
    return out


def strip_chunks(game_name: str, obs: Any, match: Any, deal_number: int) -> list[Text]:
    """The facts of the strip, each kept on one line."""
    rules = obs.rules
    n = rules.players
    mine = obs.seat % 2 if n == 4 else obs.seat
    units = 2 if game_name == "guinote" or n == 4 else n
    out = [_labelled(msg("play.info.deal"), msg("play.strip.deal", number=deal_number, dealer=short_seat(obs.dealer)))]
    if game_name == "guinote":
        out.append(_labelled(msg("show.trump"), suit_label("guinote", obs.trump)))
        if obs.indicator >= 0:
            out.append(_labelled(msg("play.info.indicator"), card_text("guinote", obs.indicator)))
            out.append(_labelled(msg("show.stock"), str(obs.stock_size)))
        else:
            out.append(_labelled(msg("show.stock"), msg("play.strip.arrastre")))
        points = [str(obs.card_points[t] + obs.cante_points[t]) for t in range(units)]
        out.append(_labelled(msg("play.info.this_deal"), _scores(points, mine)))
        scores = [score_label("guinote", rules, match.scores[t]) for t in range(units)]
    else:
        if obs.retourne >= 0:
            face = card_text("belote", obs.retourne)
            if obs.phase == "bidding":
                face.append(" · " + msg("play.info.round", round=obs.round))
            out.append(_labelled(msg("show.retourne"), face))
        if obs.bergere >= 0:
            out.append(_labelled(msg("show.bergere"), card_text("belote", obs.bergere)))
        if obs.phase == "bidding" and obs.high_bid >= 0:
            high = f"{action_label('belote', obs, obs.high_bid)} ({short_seat(obs.high_seat)})"
            if obs.coinched_by >= 0:
                high += " x2"
            out.append(_labelled(msg("show.bidding"), high))
        if obs.contract >= 0:
            contract = contract_label(obs)
            if obs.taker >= 0:
                contract += f" ({short_seat(obs.taker)})"
            out.append(_labelled(msg("show.contract"), contract))
        if obs.phase != "bidding":
            points = [
                f"{obs.card_points[u]}+{obs.decl_points[u]}" if obs.decl_points[u] else str(obs.card_points[u])
                for u in range(units)
            ]
            out.append(_labelled(msg("play.info.this_deal"), _scores(points, mine)))
        scores = [str(match.scores[u]) for u in range(units)]
    match_score = _scores(scores, mine)
    match_score.append(" / " + str(rules.target), style="dim")
    out.append(_labelled(msg("play.info.match"), match_score))
    return out
