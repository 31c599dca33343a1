"""How likely a sampled Belote world is, given the bidding seen: the search's world weights.

A seat's bids say something of its hand: a bid of 120 in hearts is not made
on two small hearts. The bidding model reads each decision of the auction (or
the taking) as evidence on the hand of the seat that took it, with the hand
valued by the heuristic's own evaluation (:func:`~tapete.belote.heuristic_bidding.estimate`,
in the side's expected points for a contract). For each kind of decision the
model holds the distribution of that value given the decision, and its
distribution over every hand; their ratio is the likelihood ratio of the
world (Bayes: P(decision | hand) ∝ P(value | decision) / P(value)).
The cards the others played in the trick in progress are read as the
heuristic's policy would play them in the world (:func:`play_log_likelihood`).

The tables are fitted on self-play of the heuristic bidders by
``tools/fit_bidding_model.py`` and stored beside this module
(``bidding_model.json``); the hand valued is the seat's whole hand when the
play starts (its cards now and the cards it has played), so fitting and use
read the same thing, whatever the deal's packets.
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import Any, Final

from tapete.belote.actions import BID, COINCHE, PASS, SURCOINCHE, TAKE, bid_of
from tapete.belote.heuristic_bidding import estimate
from tapete.belote.heuristic_play import choose_card, legal_cards
from tapete.belote.knowledge import Knowledge
from tapete.belote.observation import BeloteObservation, observe
from tapete.belote.state import BeloteState
from tapete.belote.tables import SANS_ATOUT, TOUT_ATOUT
from tapete.core.play_evidence import trick_log_likelihood

#: The width of a bucket of hand value, in the side's expected points, and the lowest and highest bucket.
STEP: Final = 10.0
LOW: Final = 4
HIGH: Final = 18
#: A decision's log-likelihood ratio is clipped to +-CLIP: a model fitted on one bidder must not
#: rule out a world another bidder's decision makes merely unlikely.
CLIP: Final = 3.0
MODEL_FILE: Final = "bidding_model.json"
#: The play model: another seat plays the card the heuristic would in its place with probability
#: 1 - PLAY_EPSILON, any other legal card with the rest shared out (a soft-max of the heuristic's
#: choice: a player of another school is not ruled out, only made less likely).
PLAY_EPSILON: Final = 0.3


def bucket(value: float) -> int:
    """The bucket of a hand value."""
    return min(HIGH, max(LOW, int(value // STEP)))


def kind_name(contract: int) -> str:
    return "sa" if contract == SANS_ATOUT else "ta" if contract == TOUT_ATOUT else "trump"


def level_name(value: int) -> str:
    """Bids by height: the opening heights, the strong ones, and the slam (capot, générale: negative)."""
    if value < 0 or value >= 150:
        return "slam"
    return "low" if value <= 90 else "mid" if value <= 110 else "high"


def best_value(hand: int, contracts: range) -> float:
    return max(estimate(hand, c) for c in contracts)


def evidence(rules: Any, bids: tuple[tuple[int, int], ...], retourne: int) -> list[tuple[int, str, int]]:
    """Each decision of the bidding as (seat, category, contract valued): the contract whose value
    is read (-1: the seat's best contract) under the category's table. A decision that says
    nothing the model reads (a coinche, a surcoinche) is left out."""
    out: list[tuple[int, str, int]] = []
    opened = False
    taking_round = 1
    passes = 0
    for seat, action in bids:
        if action >= BID:
            value, contract = bid_of(rules, action)
            out.append((seat, f"bid:{kind_name(contract)}:{level_name(value)}", contract))
            opened = True
        elif TAKE <= action < TAKE + 6:
            out.append((seat, f"take:{kind_name(action - TAKE)}:{taking_round}", action - TAKE))
            opened = True
        elif action == PASS:
            if rules.bidding == "auction":
                out.append((seat, "pass:over" if opened else "pass:open", -1))
            elif not opened:
                suit = retourne // 8 if retourne >= 0 else -1
                out.append((seat, f"pass:{taking_round}", suit if taking_round == 1 else -1))
                passes += 1
                if passes == rules.players:
                    taking_round, passes = 2, 0
        elif action in (COINCHE, SURCOINCHE):
            continue
    return out


def value_for(hand: int, contract: int, contracts: range) -> float:
    return estimate(hand, contract) if contract >= 0 else best_value(hand, contracts)


@cache
def load_model() -> dict[str, Any]:
    """The fitted tables: ``{"cond": {category: [count per bucket]}, "marg": {"trump"|"sa"|"ta"|"best": [...]}}``."""
    text = resources.files("tapete.belote").joinpath(MODEL_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _log_ratio(category: str, marginal: str) -> tuple[float, ...]:
    """Per bucket, log P(bucket | category) - log P(bucket), Laplace-smoothed and clipped."""
    model = load_model()
    cond = model["cond"].get(category)
    marg = model["marg"][marginal]
    if cond is None:
        return (0.0,) * (HIGH + 1)
    nc, nm = sum(cond) + len(cond), sum(marg) + len(marg)
    out = [0.0] * (HIGH + 1)
    for b in range(LOW, HIGH + 1):
        k = b - LOW
        r = math.log((cond[k] + 1) / nc) - math.log((marg[k] + 1) / nm)
        out[b] = max(-CLIP, min(CLIP, r))
    return tuple(out)


def contracts_of(rules: Any) -> range:
    """The contracts a seat may name: the suits, and sans- and tout-atout when offered."""
    sa_ta = rules.auction_sa_ta if rules.bidding == "auction" else rules.taking_sa_ta
    return range(6 if sa_ta else 4)


def log_likelihood(obs: BeloteObservation, world: Any) -> float:
    """The log-likelihood of a sampled world given the bidding and the cards the others played
    in the trick in progress (up to a constant shared by the worlds of ``obs``)."""
    return bid_log_likelihood(obs, world) + play_log_likelihood(obs, world)


def play_log_likelihood(obs: BeloteObservation, world: BeloteState) -> float:
    """How likely the others' cards in the trick in progress are in this world, each seat playing
    as the heuristic would in its place (:data:`PLAY_EPSILON` aside; :mod:`tapete.core.play_evidence`)."""
    if obs.contract < 0:
        return 0.0
    return trick_log_likelihood(obs, world, observe, _heuristic_card, PLAY_EPSILON)


def _heuristic_card(seen: BeloteObservation) -> tuple[int, int] | None:
    cards = legal_cards(seen)
    return (choose_card(Knowledge(seen), seen, cards), len(cards)) if len(cards) > 1 else None


def bid_log_likelihood(obs: BeloteObservation, world: Any) -> float:
    """The log-likelihood ratio of a sampled world (``world.hands`` now) given the bidding in ``obs``."""
    if not obs.bids:
        return 0.0
    contracts = contracts_of(obs.rules)
    start = start_hands(obs, world.hands)
    total = 0.0
    for seat, category, contract in evidence(obs.rules, obs.bids, obs.retourne):
        if seat == obs.seat:
            continue
        marginal = kind_name(contract) if contract >= 0 else "best"
        total += _log_ratio(category, marginal)[bucket(value_for(start[seat], contract, contracts))]
    return total


def start_hands(obs: BeloteObservation, hands: list[int]) -> list[int]:
    """Each seat's whole hand when the play started: its cards now and those it has played."""
    start = list(hands)
    for leader, _, cards in obs.tricks:
        for k, c in enumerate(cards):
            start[(leader + k) % len(start)] |= 1 << c
    for seat, c in obs.trick:
        start[seat] |= 1 << c
    return start


__all__ = [
    "bid_log_likelihood", "bucket", "evidence", "load_model", "log_likelihood", "play_log_likelihood", "start_hands",
]
