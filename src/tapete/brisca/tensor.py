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
>>> len(f.cards), f.cards[0].bit_count()
(14, 3)
"""

from __future__ import annotations

from tapete.brisca.actions import N_ACTIONS
from tapete.brisca.observation import BriscaObservation
from tapete.brisca.rules import BriscaRules
from tapete.brisca.state import PHASE_NAMES
from tapete.core.tensor import Features, Layout, relative

_PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}


class BriscaTensor:
    """The vector of a Brisca observation under one set of rules."""

    def __init__(self, rules: BriscaRules) -> None:
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
                f"cards the seat knows seat r{r} holds (the muestra it took; a partner's hand shown to it)",
            )
        lay.cards("muestra", "the face-up card under the stock (trumps), until drawn")
        self._phase = lay.flags("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES))
        self._turn = lay.flags("turn", n + 1, "one-hot: the seat to act, r0.., then none (deal over)")
        self._dealer = lay.flags("dealer", n, "one-hot: the dealer, r0..")
        self._leader = lay.flags("leader", n + 1, "one-hot: who led the trick in progress, r0.., then none")
        self._last = lay.flags("last_winner", n + 1, "one-hot: who won the last completed trick, r0.., then none")
        self._trump = lay.flags("trump", 4, "one-hot: the trump suit (oros, copas, espadas, bastos)")
        self._exchanged = lay.flags("exchanged", n, "the seats r0.. that took the muestra by exchanging")
        self._shown = lay.flags("partner_shown", 1, "whether the partner's hand is shown to the seat now")
        lay.values("hand_sizes", n, "cards in each seat's hand, r0.., / 3")
        lay.values("stock", 1, "cards left to draw, the muestra included, / 40")
        lay.values("tricks", 1, "completed tricks / tricks in a deal")
        lay.values("card_points", 2, "card points taken by u0 (own side), u1, / 120")
        lay.values("scores", 2, "match score before this deal of u0, u1, / target", high=4.0)
        self._tricks_per_deal = rules.tricks_per_deal
        self._target = float(rules.target)

    def features(self, obs: BriscaObservation) -> Features:
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
        if obs.partner_shown:
            for c in obs.partner_hand:
                known[2] |= 1 << c
        cards = [obs.hand_mask, *played, *trick, *known, (1 << obs.muestra) if obs.muestra >= 0 else 0]
        cur = obs.current_player
        flags = [
            self._phase + _PHASES[obs.phase],
            self._turn + (relative(seat, cur, n) if cur >= 0 else n),
            self._dealer + relative(seat, obs.dealer, n),
            self._leader + ((obs.trick[0][0] - seat) % n if obs.trick else n),
            self._last + ((obs.tricks[-1][1] - seat) % n if obs.tricks else n),
        ]
        if obs.trump >= 0:
            flags.append(self._trump + obs.trump)
        for p, _, _ in obs.exchanges:
            flags.append(self._exchanged + (p - seat) % n)
        if obs.partner_shown:
            flags.append(self._shown)
        me = seat % 2
        values = [s / 3 for s in obs.hand_sizes[seat:] + obs.hand_sizes[:seat]]
        values.append(obs.stock_size / 40)
        values.append(len(obs.tricks) / self._tricks_per_deal)
        values += (obs.card_points[me] / 120, obs.card_points[1 - me] / 120)
        target = self._target
        values += (obs.scores_before[me] / target, obs.scores_before[1 - me] / target)
        return Features(cards, flags, values)


__all__ = ["BriscaTensor"]
