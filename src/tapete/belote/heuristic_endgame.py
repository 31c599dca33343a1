"""The last tricks, counted out: a small exact search over a few sampled deals.

With three tricks or fewer left a club player counts the cards out and plays
for the last trick (004 'Puntuación de una mano': "Bono de última baza", the
dix de der) and the capot. The bot does the same honestly: it deals the
unseen cards consistently with its observation
(:func:`tapete.belote.observation.sample_deal`), searches each deal exactly
(alpha-beta over a few dozen positions) and plays the card with the best
total. With every card public (découverte once the face-down cards are all
turned up) one deal is the real one.
"""

from __future__ import annotations

import random

from tapete.belote.observation import BeloteObservation, sample_deal
from tapete.belote.state import duties_for
from tapete.belote.tables import tables_for
from tapete.core.errors import SetupError
from tapete.core.tricks import beats, legal_mask

_INF = 1e9


class Endgame:
    """Exact values of the last tricks of one deal seen from one seat, for its side."""

    def __init__(self, obs: BeloteObservation) -> None:
        rules = obs.rules
        t = tables_for(rules.sa_ta_points, obs.contract)
        self.n: int = rules.players
        self.seat: int = obs.seat
        self.trump: int = t.trump
        self.tt = t.trick
        self.points: list[int] = t.points
        self.duties = duties_for(rules, obs.contract)
        self.last_bonus: int = rules.last_trick_bonus
        self.capot_bonus: int = rules.capot_bonus
        #: Points lost to another side count fully with two sides, half with three (margin).
        self.lose_weight: float = 0.5 if self.n == 3 else 1.0
        capot = -1
        for _, winner, _ in obs.tricks:
            side = self.side(winner)
            capot = side if capot in (-1, side) else -2
        self.capot0: int = capot
        self.left0: int = rules.hand_size - len(obs.tricks)
        #: Positions searched so far (the bot stops sampling past a budget of them).
        self.nodes: int = 0

    def side(self, seat: int) -> int:
        return seat % 2 if self.n == 4 else seat

    def value(self, hands: list[int], trick: list[int], cur: int, left: int, capot: int, alpha: float,
              beta: float) -> float:  # fmt: skip
        """The rest of the deal's value to this seat's side with ``cur`` to play (alpha-beta)."""
        n = self.n
        self.nodes += 1
        best, best_seat = -1, -1
        if trick:
            lead_seat = (cur - len(trick)) % n
            best, best_seat = trick[0], lead_seat
            for i in range(1, len(trick)):
                if beats(trick[i], best, self.trump, self.tt):
                    best, best_seat = trick[i], (lead_seat + i) % n
            partner = n == 4 and (best_seat - cur) % 2 == 0
            m = legal_mask(hands[cur], trick, best, partner, self.trump, self.tt, self.duties)
        else:
            m = hands[cur]
        mine = self.side(cur) == self.side(self.seat)
        top = -_INF if mine else _INF
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            hands[cur] ^= low
            trick.append(c)
            if len(trick) == n:
                v = self._close(hands, trick, cur, left, capot, alpha, beta)
            else:
                v = self.value(hands, trick, (cur + 1) % n, left, capot, alpha, beta)
            trick.pop()
            hands[cur] ^= low
            if mine:
                if v > top:
                    top = v
                if top > alpha:
                    alpha = top
            else:
                if v < top:
                    top = v
                if top < beta:
                    beta = top
            if alpha >= beta:
                break
        return top

    def _close(self, hands: list[int], trick: list[int], cur: int, left: int, capot: int, alpha: float,
               beta: float) -> float:  # fmt: skip
        n = self.n
        lead_seat = (cur + 1) % n
        best, w = trick[0], lead_seat
        total = self.points[trick[0]]
        for i in range(1, n):
            c = trick[i]
            total += self.points[c]
            if beats(c, best, self.trump, self.tt):
                best, w = c, (lead_seat + i) % n
        if left == 1:
            total += self.last_bonus
        side = self.side(w)
        mine = side == self.side(self.seat)
        v = float(total) if mine else -self.lose_weight * total
        capot = side if capot in (-1, side) else -2
        if left == 1:
            if capot >= 0:
                v += self.capot_bonus if mine else -self.lose_weight * self.capot_bonus
            return v
        return v + self.value(hands, [], w, left - 1, capot, alpha - v, beta - v)

    def card_values(self, hands: list[int], trick: list[int], legal: list[int]) -> dict[int, float]:
        """The exact value of each legal card of this seat in one full deal."""
        out: dict[int, float] = {}
        cur = self.seat
        for c in legal:
            hands[cur] ^= 1 << c
            trick.append(c)
            if len(trick) == self.n:
                v = self._close(hands, trick, cur, self.left0, self.capot0, -_INF, _INF)
            else:
                v = self.value(hands, trick, (cur + 1) % self.n, self.left0, self.capot0, -_INF, _INF)
            trick.pop()
            hands[cur] ^= 1 << c
            out[c] = v
        return out


def endgame_ready(obs: BeloteObservation) -> bool:
    """Whether the deal is short enough to count out: 3 tricks left (4 with two players), and
    in découverte only once no face-down card is left (then everything is public)."""
    left = obs.rules.hand_size - len(obs.tricks)
    if obs.rules.layout == "decouverte":
        return left <= 4 and not any(obs.covered)
    return left <= (4 if obs.rules.players == 2 else 3)


#: Positions searched for one move before sampling stops (keeps a move within a few tens of
#: milliseconds in pure Python, deterministically: a clock would make the bot irreproducible).
NODE_BUDGET = 6000


def endgame_card(obs: BeloteObservation, legal: list[int], rng: random.Random, samples: int = 10) -> int | None:
    """The card with the best total exact value over ``samples`` deals (fewer when the search is
    large: see :data:`NODE_BUDGET`), or None if no deal fits."""
    eg = Endgame(obs)
    trick = [c for _, c in obs.trick]
    totals = dict.fromkeys(legal, 0.0)
    decouverte = obs.rules.layout == "decouverte"
    count = 1 if decouverte else samples
    done = 0
    for _ in range(count):
        if done >= 2 and eg.nodes > NODE_BUDGET:
            break
        if decouverte:
            hands = list(obs.known)
            hands[obs.seat] = obs.hand_mask
        else:
            try:
                world = sample_deal(obs, rng)
            except SetupError:
                continue
            hands = list(world.hands)
        for c, v in eg.card_values(hands, trick[:], legal).items():
            totals[c] += v
        done += 1
    if not done:
        return None
    return max(legal, key=lambda c: (totals[c], -c))
