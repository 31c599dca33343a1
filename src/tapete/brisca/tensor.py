"""A Brisca observation as a fixed-shape vector (see :mod:`tapete.core.tensor`; fields in docs/envs.md).

Seats are counted from the observing seat (``r0`` itself, ``r1`` the next to
play, ...) and sides from its own (``u0`` its side, ``u1`` the other). A
partner's hand shown under ``show_partner`` is in ``known_r2`` while shown.

>>> from tapete.brisca.rules import BriscaRules
>>> from tapete.brisca.state import BriscaState
>>> from tapete.brisca.observation import observe
>>> code = BriscaTensor(BriscaRules.preset("brisca"))
>>> code.action_count, code.layout.size > 13 * 40
(41, True)
>>> f = code.features(observe(BriscaState.new_deal(code.rules, seed=1), 1))
>>> sum(1 for i in f.ones if i < 40)
3
"""

from __future__ import annotations

from tapete.brisca.actions import N_ACTIONS
from tapete.brisca.observation import BriscaObservation
from tapete.brisca.rules import BriscaRules
from tapete.brisca.state import PHASE_NAMES
from tapete.core.tensor import Features, Layout, StockDealHead


class BriscaTensor:
    """The vector of a Brisca observation under one set of rules."""

    def __init__(self, rules: BriscaRules) -> None:
        self.rules = rules
        n = self.n = rules.players
        self.action_count = N_ACTIONS
        lay = self.layout = Layout(40)
        self._head = StockDealHead(
            lay,
            n,
            "cards the seat knows seat r{r} holds (the muestra it took; a partner's hand shown to it)",
            ("muestra", "the face-up card under the stock (trumps), until drawn"),
            PHASE_NAMES,
            "oros, copas, espadas, bastos",
        )
        self._exchanged = lay.flags("exchanged", n, "the seats r0.. that took the muestra by exchanging")
        self._shown = lay.flags("partner_shown", 1, "whether the partner's hand is shown to the seat now")
        lay.values("hand_sizes", n, "cards in each seat's hand, r0.., / 3")
        lay.values("stock", 1, "cards left to draw, the muestra included, / 40")
        lay.values("tricks", 1, "completed tricks / tricks in a deal")
        lay.values("card_points", 2, "card points taken by u0 (own side), u1, / 120")
        lay.values("scores", 2, "match score before this deal of u0, u1, / target", high=4.0)
        self._tricks_per_deal = float(rules.tricks_per_deal)
        self._target = float(rules.target)

    def features(self, obs: BriscaObservation) -> Features:
        n = self.n
        seat = obs.seat
        ones: list[int] = []
        known = obs.known
        if obs.partner_shown:
            partner = (seat + 2) % n
            shown = known[partner]
            for c in obs.partner_hand:
                shown |= 1 << c
            known = tuple(shown if p == partner else k for p, k in enumerate(known))
        self._head.add(ones, obs, known, obs.muestra, obs.trump)
        for p, _, _ in obs.exchanges:
            ones.append(self._exchanged + (p - seat) % n)
        if obs.partner_shown:
            ones.append(self._shown)
        me = seat % 2
        sizes = obs.hand_sizes
        target = self._target
        values = [sizes[(seat + r) % n] / 3 for r in range(n)]
        values += (
            obs.stock_size / 40,
            len(obs.tricks) / self._tricks_per_deal,
            obs.card_points[me] / 120,
            obs.card_points[1 - me] / 120,
            obs.scores_before[me] / target,
            obs.scores_before[1 - me] / target,
        )
        return Features(ones, values)


__all__ = ["BriscaTensor"]
