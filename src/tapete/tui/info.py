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
