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
>>> len(f.cards), f.cards[0].bit_count(), len(f.values) == code.layout.size - code.layout.values_start
(14, 6, True)
"""

from __future__ import annotations

from tapete.core.tensor import Features, Layout, relative
from tapete.guinote.actions import N_ACTIONS, SING
from tapete.guinote.observation import GuinoteObservation
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import PHASE_NAMES

_PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}


class GuinoteTensor:
    """The vector of a Guiñote observation under one set of rules."""

    def __init__(self, rules: GuinoteRules) -> None:
        self.rules = rules
        n = self.n = rules.players
        self.action_count = N_ACTIONS
        lay = self.layout = Layout(40)
        lay.cards("hand", "the seat's own cards")
        for r in range(n):
            lay.cards(f"played_r{r}", f"cards seat r{r} played in completed tricks")
        for r in range(n):
            lay.cards(f"trick_r{r}", f"the card seat r{r} played to the trick in progress")
        for r in range(n):
            lay.cards(
                f"known_r{r}",
                f"cards seat r{r} is publicly known to hold (shown in a cante, the 7 or the indicator taken)",
            )
        lay.cards("indicator", "the face-up card under the stock (trumps), until drawn")
        self._phase = lay.flags("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES))
        self._turn = lay.flags("turn", n + 1, "one-hot: the seat to act, r0.., then none (deal over)")
        self._dealer = lay.flags("dealer", n, "one-hot: the dealer, r0..")
        self._leader = lay.flags("leader", n + 1, "one-hot: who led the trick in progress, r0.., then none")
        self._last = lay.flags("last_winner", n + 1, "one-hot: who won the last completed trick, r0.., then none")
        self._trump = lay.flags("trump", 4, "one-hot: the trump suit (oros, copas, espadas, bastos)")
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
        self._tricks_per_deal = rules.tricks_per_deal
        self._target = float(rules.target)

    def features(self, obs: GuinoteObservation) -> Features:
        n = self.n
        seat = obs.seat
        played = [0] * n
        for leader, _, done in obs.tricks:
            for i, c in enumerate(done):
                played[(leader + i - seat) % n] |= 1 << c
        trick = [0] * n
        for p, c in obs.trick:
            trick[(p - seat) % n] |= 1 << c
        known = [obs.known[(seat + r) % n] for r in range(n)]
        cards = [obs.hand_mask, *played, *trick, *known, (1 << obs.indicator) if obs.indicator >= 0 else 0]
        cur = obs.current_player
        flags = [
            self._phase + _PHASES[obs.phase],
            self._turn + (relative(seat, cur, n) if cur >= 0 else n),
            self._dealer + relative(seat, obs.dealer, n),
            self._leader + ((obs.trick[0][0] - seat) % n if obs.trick else n),
            self._last + ((obs.tricks[-1][1] - seat) % n if obs.tricks else n),
            self._exchanged + (relative(seat, obs.exchanged_by, n) if obs.exchanged_by >= 0 else n),
        ]
        if obs.trump >= 0:
            flags.append(self._trump + obs.trump)
        for p, action in obs.cantes:
            flags.append(self._cantes + 5 * ((p - seat) % n) + min(action - SING, 4))
        if obs.arrastre:
            flags.append(self._flags)
        if obs.window_open:
            flags.append(self._flags + 1)
        if obs.vueltas:
            flags.append(self._flags + 2)
        me = seat % 2
        values = [s / 10 for s in obs.hand_sizes[seat:] + obs.hand_sizes[:seat]]
        values.append(obs.stock_size / 40)
        values.append(len(obs.tricks) / self._tricks_per_deal)
        values += (obs.card_points[me] / 130, obs.card_points[1 - me] / 130)
        values += (obs.cante_points[me] / 100, obs.cante_points[1 - me] / 100)
        values += [float(w) for w in obs.window_count[seat:] + obs.window_count[:seat]]
        target = self._target
        values += (obs.scores_before[me] / target, obs.scores_before[1 - me] / target)
        return Features(cards, flags, values)


__all__ = ["GuinoteTensor"]
