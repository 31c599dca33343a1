"""A Guiñote observation as a fixed-shape vector (see :mod:`tapete.core.tensor`; fields in docs/envs.md).

Seats are counted from the observing seat (``r0`` itself, ``r1`` the next to
play, ...) and sides from its own (``u0`` its team, ``u1`` the others), so one
policy serves every seat. Everything comes from the seat's observation: the
other seats' pending cante windows and 7 exchanges are already declined there.

>>> from tapete.guinote.rules import GuinoteRules
>>> from tapete.guinote.state import GuinoteState
>>> from tapete.guinote.observation import observe
>>> code = GuinoteTensor(GuinoteRules.preset("aragones"))
>>> code.layout.size, code.action_count
(631, 48)
>>> f = code.features(observe(GuinoteState.new_deal(code.rules, seed=1), 1))
>>> sum(1 for i in f.ones if i < 40), len(f.values) == code.layout.size - code.layout.values_start
(6, True)
"""

from __future__ import annotations

from tapete.core.tensor import Features, Layout, StockDealHead, seat_or_none
from tapete.guinote.actions import N_ACTIONS, SING
from tapete.guinote.observation import GuinoteObservation
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import PHASE_NAMES


class GuinoteTensor:
    """The vector of a Guiñote observation under one set of rules."""

    def __init__(self, rules: GuinoteRules) -> None:
        self.rules = rules
        n = self.n = rules.players
        self.action_count = N_ACTIONS
        lay = self.layout = Layout(40)
        self._head = StockDealHead(
            lay,
            n,
            "cards seat r{r} is publicly known to hold (shown in a cante, the 7 or the indicator taken)",
            ("indicator", "the face-up card under the stock (trumps), until drawn"),
            PHASE_NAMES,
            "oros, copas, espadas, bastos",
        )
        self._cantes = lay.flags(
            "cantes", 5 * n, "for each seat r0.., the cantes it sang: 20/40 in oros, copas, espadas, bastos, then tute"
        )
        self._exchanged = lay.flags("exchanged_by", n + 1, "one-hot: who exchanged the 7 for the indicator, r0.., none")
        self._flags = lay.flags("state", 3, "booleans: arrastre (strict play), cante window open, vueltas deal")
        lay.values("hand_sizes", n, "cards in each seat's hand, r0.., / 10")
        lay.values("stock", 1, "cards left to draw, the indicator included, / 40")
        lay.values("tricks", 1, "completed tricks / tricks in a deal")
        lay.values("card_points", 2, "card points taken by u0 (own team), u1, / 130")
        lay.values("cante_points", 2, "cante points of u0, u1, / 100", high=2.0)
        lay.values("window_count", n, "cantes each seat r0.. sang in the open window", high=5.0)
        lay.values("scores", 2, "match score before this deal of u0, u1, / target", high=4.0)
        self._tricks_per_deal = float(rules.tricks_per_deal)
        self._target = float(rules.target)

    def features(self, obs: GuinoteObservation) -> Features:
        n = self.n
        seat = obs.seat
        ones: list[int] = []
        self._head.add(ones, obs, obs.known, obs.indicator, obs.trump)
        for p, action in obs.cantes:
            ones.append(self._cantes + 5 * ((p - seat) % n) + min(action - SING, 4))
        ones.append(seat_or_none(self._exchanged, seat, obs.exchanged_by, n))
        if obs.arrastre:
            ones.append(self._flags)
        if obs.window_open:
            ones.append(self._flags + 1)
        if obs.vueltas:
            ones.append(self._flags + 2)
        me = seat % 2
        sizes = obs.hand_sizes
        counts = obs.window_count
        target = self._target
        values = [sizes[(seat + r) % n] / 10 for r in range(n)]
        values += (
            obs.stock_size / 40,
            len(obs.tricks) / self._tricks_per_deal,
            obs.card_points[me] / 130,
            obs.card_points[1 - me] / 130,
            obs.cante_points[me] / 100,
            obs.cante_points[1 - me] / 100,
        )
        values += [float(counts[(seat + r) % n]) for r in range(n)]
        values += (obs.scores_before[me] / target, obs.scores_before[1 - me] / target)
        return Features(ones, values)


__all__ = ["GuinoteTensor"]
