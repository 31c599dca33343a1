"""``tapete demo``: a whole seeded match between random players, told deal by deal.

``--game belote`` plays Belote instead (see :mod:`tapete.cli.demo_belote`).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from tapete.belote.rules import BeloteRules
from tapete.bots.random_bot import RandomBot
from tapete.cards.spanish import SUIT_NAMES, card_str, cards_of
from tapete.cli import demo_belote
from tapete.cli.common import add_game_arguments, deal_rules
from tapete.cli.messages import msg, tr
from tapete.guinote.events import deal_events
from tapete.guinote.match import GuinoteMatch, format_score
from tapete.guinote.observation import observe
from tapete.guinote.rules import GuinoteRules

HELP = "cmd.demo.help"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_game_arguments(p)
    p.add_argument("--seed", type=int, default=1, metavar="N", help=msg("opt.demo_seed"))
    p.add_argument("--french", action="store_true", help=msg("opt.french"))
    p.add_argument("--hands", action="store_true", help=msg("opt.hands"))


def play_match(rules: GuinoteRules, seed: int) -> GuinoteMatch:
    """Play a match to the end with one random bot per seat, all seeded."""
    match = GuinoteMatch(rules, seed=seed)
    rng = random.Random(seed)
    bot = RandomBot()
    while not match.is_terminal():
        seat = match.current_player
        match.apply_action(bot.act(observe(match.deal, seat), rng))
    return match


def run(args: argparse.Namespace) -> int:
    rules = deal_rules(args)
    if isinstance(rules, BeloteRules):
        lines = demo_belote.narrate(demo_belote.play_match(rules, args.seed), french=args.french, hands=args.hands)
    else:
        lines = narrate(play_match(rules, args.seed), tr, french=args.french, hands=args.hands)
    for line in lines:
        print(line)
    return 0


def narrate(match: GuinoteMatch, _: Callable[[str], str], french: bool = False, hands: bool = False) -> list[str]:
    """The match as lines of text in the translator's language."""
    rules = match.rules
    team = (msg("team", team=0), msg("team", team=1))

    def card(c: int) -> str:
        return card_str(c, french)

    def seat(s: int) -> str:
        return _("seat {n}").format(n=s)

    lines = [
        _("tapete demo: a match between random players, {preset} rules, seed {seed}").format(
            preset=rules.preset_name, seed=match.seed
        )
    ]
    if rules.players == 4:
        lines.append(_("Team 0 is seats 0 and 2, team 1 seats 1 and 3; seat 1 plays after seat 0."))
    else:
        lines.append(_("Team 0 is seat 0, team 1 seat 1."))
    deal_no = 0
    last_partida = -1
    for record in match.deals:
        if record.partida != last_partida:
            deal_no = 0
            last_partida = record.partida
        deal_no += 1
        if rules.idas_vueltas:
            kind = _("vueltas") if record.vueltas else _("idas")
            header = _("Partida {p}, deal {d} ({kind}): dealer {dealer}, trump {suit}, indicator {card}")
        else:
            kind = ""
            header = _("Partida {p}, deal {d}: dealer {dealer}, trump {suit}, indicator {card}")
        lines.append("")
        trick_cards: list[str] = []
        tricks = 0
        for e in deal_events(rules, record):
            if e.kind == "deal":
                lines.append(
                    header.format(
                        p=record.partida + 1,
                        d=deal_no,
                        kind=kind,
                        dealer=seat(e.seat),
                        suit=_(SUIT_NAMES[e.suit]),
                        card=card(e.card),
                    )
                )
                if hands:
                    for s, h in enumerate(e.hands):
                        lines.append(
                            "  "
                            + _("{seat} holds {cards}").format(
                                seat=seat(s), cards=" ".join(card(c) for c in cards_of(h))
                            )
                        )
            elif e.kind == "play":
                trick_cards.append(f"{e.seat}:{card(e.card)}")
            elif e.kind == "trick":
                tricks += 1
                lines.append(
                    "  "
                    + _("trick {n}: {plays} -> {seat} takes {points}").format(
                        n=tricks, plays=" ".join(trick_cards), seat=seat(e.seat), points=e.points
                    )
                )
                trick_cards = []
            elif e.kind == "sing":
                lines.append(
                    "  "
                    + _("{seat} sings {points} in {suit}").format(
                        seat=seat(e.seat), points=e.points, suit=_(SUIT_NAMES[e.suit])
                    )
                )
            elif e.kind == "tute":
                lines.append("  " + _("{seat} sings tute").format(seat=seat(e.seat)))
            elif e.kind == "exchange":
                lines.append(
                    "  " + _("{seat} exchanges the 7 of trumps for {card}").format(seat=seat(e.seat), card=card(e.card))
                )
            elif e.kind == "claim":
                verdict = _("right") if e.ok else _("wrong")
                lines.append(
                    "  " + _("{seat} claims the partida: {verdict}").format(seat=seat(e.seat), verdict=verdict)
                )
        result, st = record.result, record.settlement
        if result is None or st is None:
            continue
        for t in (0, 1):
            lines.append(
                "  "
                + _("{team}: {total} (cards {cards}, cantes {cantes}, last trick {last}, capote {capote})").format(
                    team=team[t],
                    total=result.totals[t],
                    cards=result.card_points[t],
                    cantes=result.cante_points[t],
                    last=result.last_trick[t],
                    capote=result.capote_bonus[t],
                )
            )
        a, b = (format_score(rules, s) for s in st.scores_after)
        lines.append("  " + _("score: {a} - {b}").format(a=a, b=b))
        if st.replay:
            lines.append("  " + _("the deal is tied: it is replayed"))
        if st.partida_winner >= 0:
            reasons = {
                "target": _("reached the target"),
                "both_past": _("both sides passed the target"),
                "claim": _("a right claim"),
                "wrong_claim": _("the other side claimed wrongly"),
                "tute": _("tute"),
                "capote": _("capote"),
            }
            lines.append(
                _("{team} wins partida {p} ({reason})").format(
                    team=team[st.partida_winner], p=record.partida + 1, reason=reasons.get(st.reason, st.reason)
                )
            )
    lines.append("")
    lines.append(
        _("{team} wins the match, {won} partidas to {lost}.").format(
            team=team[match.winner], won=match.partidas[match.winner], lost=match.partidas[1 - match.winner]
        )
    )
    return lines
