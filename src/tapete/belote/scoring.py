"""Scoring a finished Belote deal: a pure function of what happened and the rules.

Classic (004): the takers make their contract with strictly more than the
defence, declarations and belote included; otherwise (dedans) the defence
takes 162 and every declaration, the takers keeping only their belote; a
capot is worth 252. Auction scoring follows the common contrée tables: a
made contract scores its points plus the bid, a failed one gives 160 (or 162) plus
the bid to the defence, and a coinche multiplies the bid.
"""

from __future__ import annotations

from dataclasses import dataclass

from tapete.belote.rules import BeloteRules

CAPOT_VALUE = 250
GENERALE_VALUE = 500


@dataclass(frozen=True)
class BeloteResult:
    """A scored deal, per scoring unit: per team at 4 players (team 0 = seats 0 and 2), per
    seat at 2 or 3. ``takers`` and ``capot_team`` are units (-1: none)."""

    redeal: bool
    contract: int
    bid: int
    multiplier: int
    takers: int
    card_points: tuple[int, ...]
    declarations: tuple[int, ...]
    belote: tuple[int, ...]
    capot_team: int
    made: bool
    litige: bool
    #: Points held in litige by this deal, for the next deal's winner.
    held: int
    scores: tuple[int, ...]
    #: Card points in play plus the last trick's bonus (162 when every card is dealt).
    in_play: int = 162


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
    in_play: int = -1,
) -> BeloteResult:
    """Score a deal played to the end. ``card_points`` include the 10 for the last trick;
    ``in_play`` is every card point plus the last trick (-1: 152 and the rules' last trick;
    130 or 258 in sans-atout or tout-atout with ``sa_ta_points="natural"``)."""
    if in_play < 0:
        in_play = 152 + rules.last_trick_bonus
    tk, df = takers, 1 - takers
    team_tricks = (tricks_by_seat[0] + tricks_by_seat[2], tricks_by_seat[1] + tricks_by_seat[3])
    n_tricks = team_tricks[0] + team_tricks[1]  # 8, or 6 with the 24-card pack
    capot_team = 0 if team_tricks[0] == n_tricks else 1 if team_tricks[1] == n_tricks else -1
    raw = list(card_points)
    if capot_team >= 0:
        raw[capot_team] = in_play + rules.capot_bonus
        raw[1 - capot_team] = 0
    decl = list(declarations)
    if capot_team >= 0 and rules.capot_declarations == "all":
        # The side that takes every trick takes every declaration too.
        decl[capot_team] += decl[1 - capot_team]
        decl[1 - capot_team] = 0
    bel = list(belote)
    counted_bel = bel if rules.belote_counts_for_contract else [0, 0]
    total = [raw[t] + decl[t] + counted_bel[t] for t in (0, 1)]
    scores = [0, 0]
    litige = False
    held = 0
    if rules.scoring == "classic":
        made = total[tk] > total[df]
        if multiplier > 1:
            scores = _classic_coinched(rules, made, tk, capot_team, raw, decl, bel, multiplier, in_play)
        elif made:
            scores = [raw[t] + decl[t] + bel[t] for t in (0, 1)]
        elif total[tk] == total[df] and rules.litige != "dedans":
            litige = True
            scores[df] = raw[df] + decl[df] + bel[df]
            scores[tk] = bel[tk]
            if rules.litige == "held":
                held = raw[tk] + decl[tk]
        else:
            all_points = raw[df] if capot_team == df else in_play
            scores[df] = all_points + decl[tk] + decl[df] + bel[df]
            scores[tk] = bel[tk]
            if rules.belote_to_defence_on_failure:
                scores[df] += bel[tk]
                scores[tk] = 0
        return BeloteResult(
            False, contract, bid, multiplier, tk, (raw[0], raw[1]), (decl[0], decl[1]), (bel[0], bel[1]), capot_team,
            made, litige, _round(rules, held), (_round(rules, scores[0]), _round(rules, scores[1])), in_play,
        )  # fmt: skip
    # Auction scoring (contrée tables).
    flat = False
    if bid == -1:  # capot bid
        made = capot_team == tk
        value = CAPOT_VALUE
        flat = rules.capot_scoring == "flat_500"
    elif bid == -2:  # générale: one player takes every trick
        made = any(tricks_by_seat[s] == n_tricks for s in (tk, tk + 2))
        value = GENERALE_VALUE
        flat = True
    else:
        made = total[tk] >= bid
        value = 80 if bid == 82 and rules.bid_82_scores_80 else bid
    winner = tk if made else df
    if flat:
        # A flat contract: its value to the side that wins it, nothing for the cards.
        scores[winner] = (GENERALE_VALUE if bid == -2 else 500) * multiplier + decl[tk] + decl[df]
    elif multiplier > 1:
        scores[winner] = rules.failed_base + value * multiplier + decl[tk] + decl[df]
    elif made:
        scores[tk] = value + decl[tk] + (0 if rules.scoring == "made_points" else raw[tk])
        scores[df] = raw[df] + decl[df]
    else:
        scores[df] = rules.failed_base + value + decl[tk] + decl[df]
    # Belote stays with its holders' side, unless the rules give it to a winning defence.
    if not made and rules.belote_to_defence_on_failure:
        scores[df] += bel[tk] + bel[df]
    else:
        scores[tk] += bel[tk]
        scores[df] += bel[df]
    return BeloteResult(
        False, contract, bid, multiplier, tk, (raw[0], raw[1]), (decl[0], decl[1]), (bel[0], bel[1]), capot_team,
        made, False, 0, (_round(rules, scores[0]), _round(rules, scores[1])), in_play,
    )  # fmt: skip


def auction_terms(rules: BeloteRules, result: BeloteResult) -> list[list[tuple[int, int]]]:
    """How an auction deal's score adds up, per side: (points, multiplier) terms, the way players write it
    (a failed coinched 110 with 140 declared: ``160 + 110 x 2 + 140``); before rounding.

    >>> r = BeloteRules.preset("contree")
    >>> result = score_deal(r, 1, 110, 4, 0, (70, 92), (3, 2, 3, 0), (0, 140), (0, 0))
    >>> auction_terms(r, result), result.scores
    ([[], [(160, 1), (110, 4), (140, 1)]], (0, 740))
    """
    tk, df = result.takers, 1 - result.takers
    bid, mult, made = result.bid, result.multiplier, result.made
    raw, decl, bel = result.card_points, result.declarations, result.belote
    value = CAPOT_VALUE if bid == -1 else GENERALE_VALUE if bid == -2 else bid
    if bid == 82 and rules.bid_82_scores_80:
        value = 80
    flat = bid == -2 or (bid == -1 and rules.capot_scoring == "flat_500")
    winner = tk if made else df
    terms: list[list[tuple[int, int]]] = [[], []]
    both = decl[tk] + decl[df]
    if flat:
        terms[winner] = [(GENERALE_VALUE if bid == -2 else 500, mult), (both, 1)]
    elif mult > 1:
        terms[winner] = [(rules.failed_base, 1), (value, mult), (both, 1)]
    elif made:
        terms[tk] = [(value, 1), (decl[tk], 1)] + ([] if rules.scoring == "made_points" else [(raw[tk], 1)])
        terms[df] = [(raw[df], 1), (decl[df], 1)]
    else:
        terms[df] = [(rules.failed_base, 1), (value, 1), (both, 1)]
    if not made and rules.belote_to_defence_on_failure:
        terms[df].append((bel[tk] + bel[df], 1))
    else:
        terms[tk].append((bel[tk], 1))
        terms[df].append((bel[df], 1))
    return [[(p, m) for p, m in side if p] for side in terms]


def _classic_coinched(
    rules: BeloteRules,
    made: bool,
    tk: int,
    capot_team: int,
    raw: list[int],
    decl: list[int],
    bel: list[int],
    multiplier: int,
    in_play: int,
) -> list[int]:
    """A taking coinched after the take (``classic_coinche``): the side that wins, the takers with
    strictly more (a tie fails: no litige), scores every point of the deal, the cards (252 for a
    capot) and both sides' declarations, times the multiplier; the other side nothing; each side
    keeps its belote, never multiplied (lacontree.free.fr §2.4, beloteenligne.com "belote bridgée")."""
    winner = tk if made else 1 - tk
    cards = raw[winner] if capot_team == winner else in_play
    scores = [bel[0], bel[1]]
    scores[winner] += (cards + decl[0] + decl[1]) * multiplier
    if not made and rules.belote_to_defence_on_failure:
        scores[winner] += bel[tk]
        scores[tk] = 0
    return scores


def score_deal_solo(
    rules: BeloteRules,
    contract: int,
    taker: int,
    card_points: tuple[int, ...],
    tricks_by_seat: tuple[int, ...],
    declarations: tuple[int, ...],
    belote: tuple[int, ...],
    in_play: int,
) -> BeloteResult:
    """Score a deal of 2 or 3 players, each for himself (docs/rules/belote.md, "Three
    players" and "Two players"). ``card_points`` include the last trick's bonus.

    The taker makes the contract with a total strictly above each opponent's (F3), or above
    theirs together (``contract_vs="combined"``). A made contract: everyone scores his own
    total. Failed: the taker keeps only his belote, and his points go to the opponent with the
    higher total (split on a tie), to nobody, or to both (``failed_points``). A capot is
    worth all the points in play plus ``capot_bonus``. With no taker (découverte with a fixed
    trump) everyone scores his own total.

    >>> rules = BeloteRules.preset("trois-joueurs")
    >>> score_deal_solo(rules, 0, 0, (55, 65, 42), (3, 3, 2), (0, 0, 0), (0, 0, 0), 162).scores
    (0, 120, 42)
    >>> score_deal_solo(rules, 0, 0, (55, 65, 42), (3, 3, 2), (0, 0, 0), (20, 0, 0), 162).scores
    (75, 65, 42)
    """
    n = len(card_points)
    capot = -1
    for s in range(n):
        if tricks_by_seat[s] == sum(tricks_by_seat):
            capot = s
    raw = list(card_points)
    if capot >= 0:
        raw = [0] * n
        raw[capot] = in_play + rules.capot_bonus
    decl = list(declarations)
    bel = list(belote)
    counted = bel if rules.belote_counts_for_contract else [0] * n
    total = [raw[s] + decl[s] + counted[s] for s in range(n)]
    own = [raw[s] + decl[s] + bel[s] for s in range(n)]
    if taker < 0:
        return BeloteResult(
            False, contract, 0, 1, -1, tuple(raw), tuple(decl), tuple(bel), capot, False, False, 0,
            tuple(_round(rules, x) for x in own), in_play,
        )  # fmt: skip
    others = [(taker + i) % n for i in range(1, n)]  # in playing order after the taker
    if rules.contract_vs == "combined":
        made = total[taker] > sum(total[s] for s in others)
    else:
        made = all(total[taker] > total[s] for s in others)
    scores = own[:]
    if not made:
        # 004 "dedans", one against the others: the taker keeps only his belote.
        lost = raw[taker] + decl[taker]
        scores[taker] = bel[taker]
        if rules.belote_to_defence_on_failure:
            lost += bel[taker]
            scores[taker] = 0
        if rules.failed_points == "both":
            for s in others:
                scores[s] += lost
        elif rules.failed_points == "higher":
            top = max(total[s] for s in others)
            best = [s for s in others if total[s] == top]
            share, odd = divmod(lost, len(best))
            for i, s in enumerate(best):
                scores[s] += share + (odd if i == 0 else 0)
    return BeloteResult(
        False, contract, 0, 1, taker, tuple(raw), tuple(decl), tuple(bel), capot, made, False, 0,
        tuple(_round(rules, x) for x in scores), in_play,
    )  # fmt: skip


def redeal_result(units: int = 2) -> BeloteResult:
    """All passed: the deal is void and the next dealer deals (004 "Selección del triunfo" 3)."""
    zeros = (0,) * units
    return BeloteResult(True, -1, 0, 1, -1, zeros, zeros, zeros, -1, False, False, 0, zeros)
