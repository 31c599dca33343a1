"""Scoring a finished Belote deal: a pure function of what happened and the rules.

Classic (004): the takers make their contract with strictly more than the
defence, declarations and belote included; otherwise (dedans) the defence
takes 162 and every declaration, the takers keeping only their belote; a
capot is worth 252. Auction scoring follows the common contrée tables: a
made contract scores its points plus the bid, a failed one gives 160 plus
the bid to the defence, and a coinche multiplies the bid.
"""

from __future__ import annotations

from dataclasses import dataclass

from tapete.belote.rules import BeloteRules

CAPOT_VALUE = 250
GENERALE_VALUE = 500


@dataclass(frozen=True)
class BeloteResult:
    """A scored deal, per team (team 0 = seats 0 and 2)."""

    redeal: bool
    contract: int
    bid: int
    multiplier: int
    takers: int
    card_points: tuple[int, int]
    declarations: tuple[int, int]
    belote: tuple[int, int]
    capot_team: int
    made: bool
    litige: bool
    #: Points held in litige by this deal, for the next deal's winner.
    held: int
    scores: tuple[int, int]


def _round(rules: BeloteRules, x: int) -> int:
    if rules.rounding == "nearest_10":
        return (x + 5) // 10 * 10
    if rules.rounding == "down_10":
        return x // 10 * 10
    return x


def score_deal(
    rules: BeloteRules,
    contract: int,
    bid: int,
    multiplier: int,
    takers: int,
    card_points: tuple[int, int],
    tricks_by_seat: tuple[int, ...],
    declarations: tuple[int, int],
    belote: tuple[int, int],
) -> BeloteResult:
    """Score a deal played to the end. ``card_points`` include the 10 for the last trick."""
    tk, df = takers, 1 - takers
    team_tricks = (tricks_by_seat[0] + tricks_by_seat[2], tricks_by_seat[1] + tricks_by_seat[3])
    capot_team = 0 if team_tricks[0] == 8 else 1 if team_tricks[1] == 8 else -1
    raw = list(card_points)
    if capot_team >= 0:
        raw[capot_team] = 152 + rules.last_trick_bonus + rules.capot_bonus
        raw[1 - capot_team] = 0
    decl = list(declarations)
    bel = list(belote)
    counted_bel = bel if rules.belote_counts_for_contract else [0, 0]
    total = [raw[t] + decl[t] + counted_bel[t] for t in (0, 1)]
    scores = [0, 0]
    litige = False
    held = 0
    if rules.scoring == "classic":
        made = total[tk] > total[df]
        if made:
            scores = [raw[t] + decl[t] + bel[t] for t in (0, 1)]
        elif total[tk] == total[df] and rules.litige != "dedans":
            litige = True
            scores[df] = raw[df] + decl[df] + bel[df]
            scores[tk] = bel[tk]
            if rules.litige == "held":
                held = raw[tk] + decl[tk]
        else:
            all_points = raw[df] if capot_team == df else 152 + rules.last_trick_bonus
            scores[df] = all_points + decl[tk] + decl[df] + bel[df]
            scores[tk] = bel[tk]
            if rules.belote_to_defence_on_failure:
                scores[df] += bel[tk]
                scores[tk] = 0
        return BeloteResult(
            False, contract, bid, multiplier, tk, (raw[0], raw[1]), (decl[0], decl[1]), (bel[0], bel[1]), capot_team,
            made, litige, _round(rules, held), (_round(rules, scores[0]), _round(rules, scores[1])),
        )  # fmt: skip
    # Auction scoring (contrée tables).
    flat = False
    if bid == -1:  # capot bid
        made = capot_team == tk
        value = CAPOT_VALUE
        flat = rules.capot_scoring == "flat_500"
    elif bid == -2:  # générale: one player takes every trick
        made = any(tricks_by_seat[s] == 8 for s in (tk, tk + 2))
        value = GENERALE_VALUE
        flat = True
    else:
        made = total[tk] >= bid
        value = bid
    winner = tk if made else df
    if flat:
        # A flat contract: its value to the side that wins it, nothing for the cards.
        scores[winner] = (GENERALE_VALUE if bid == -2 else 500) * multiplier + decl[tk] + decl[df]
    elif multiplier > 1:
        scores[winner] = 160 + value * multiplier + decl[tk] + decl[df]
    elif made:
        scores[tk] = value + decl[tk] + (0 if rules.scoring == "made_points" else raw[tk])
        scores[df] = raw[df] + decl[df]
    else:
        scores[df] = 160 + value + decl[tk] + decl[df]
    # Belote stays with its holders' side, unless the rules give it to a winning defence.
    if not made and rules.belote_to_defence_on_failure:
        scores[df] += bel[tk] + bel[df]
    else:
        scores[tk] += bel[tk]
        scores[df] += bel[df]
    return BeloteResult(
        False, contract, bid, multiplier, tk, (raw[0], raw[1]), (decl[0], decl[1]), (bel[0], bel[1]), capot_team,
        made, False, 0, (_round(rules, scores[0]), _round(rules, scores[1])),
    )  # fmt: skip


def redeal_result() -> BeloteResult:
    """All passed: the deal is void and the next dealer deals (004 "Selección del triunfo" 3)."""
    return BeloteResult(True, -1, 0, 1, -1, (0, 0), (0, 0), (0, 0), -1, False, False, 0, (0, 0))
