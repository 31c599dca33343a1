"""A Belote observation as a fixed-shape vector (see :mod:`tapete.core.tensor`; fields in docs/envs.md).

Seats are counted from the observing seat (``r0`` itself, ``r1`` the next to
play, ...) and scoring units from its own (``u0`` its team, or itself without
partners). The fields depend on the rules: the bid levels of an auction, the
player count, découverte's covered cards.

>>> from tapete.belote.rules import BeloteRules
>>> from tapete.belote.state import BeloteState
>>> from tapete.belote.observation import observe
>>> code = BeloteTensor(BeloteRules.preset("coinche"))
>>> code.action_count > 42, BeloteTensor(BeloteRules.preset("classique")).action_count
(True, 42)
>>> f = code.features(observe(BeloteState.new_deal(code.rules, seed=1), 1))
>>> f.cards[0].bit_count()
8
"""

from __future__ import annotations

from tapete.belote.actions import BID, COINCHE, PASS, SURCOINCHE, TAKE, bid_levels
from tapete.belote.observation import BeloteObservation
from tapete.belote.rules import BeloteRules
from tapete.belote.state import PHASE_NAMES
from tapete.belote.tables import CONTRACT_NAMES
from tapete.core.tensor import Features, Layout, relative

_PHASES = {name: i for i, name in enumerate(PHASE_NAMES)}


class BeloteTensor:
    """The vector of a Belote observation under one set of rules."""

    def __init__(self, rules: BeloteRules) -> None:
        self.rules = rules
        n = self.n = rules.players
        self.units = 2 if n in (2, 4) else n
        self.auction = rules.bidding == "auction"
        self.levels = len(bid_levels(rules)) if self.auction else 0
        self.action_count = BID + 6 * self.levels if self.auction else BID
        self.decouverte = rules.layout == "decouverte"
        lay = self.layout = Layout(32)
        lay.cards("hand", "the seat's own cards (découverte: its face-up cards)")
        for r in range(n):
            lay.cards(f"played_r{r}", f"cards seat r{r} played in completed tricks")
        for r in range(n):
            lay.cards(f"trick_r{r}", f"the card seat r{r} played to the trick in progress")
        for r in range(n):
            lay.cards(
                f"known_r{r}",
                f"cards seat r{r} is publicly known to hold (retourne taken, declarations shown, belote; "
                "découverte: its face-up cards)",
            )
        if self.decouverte:
            for r in range(n):
                lay.cards(f"covered_r{r}", f"découverte: face-up cards of seat r{r} lying on a face-down card")
        lay.cards("retourne", "the face-up retourne while public")
        lay.cards("bergere", "the bergère shown face up (belote à deux)")
        contracts = ", ".join(CONTRACT_NAMES)
        self._phase = lay.flags("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES))
        self._turn = lay.flags("turn", n + 1, "one-hot: the seat to act, r0.., then none (deal over)")
        self._dealer = lay.flags("dealer", n, "one-hot: the dealer, r0..")
        self._leader = lay.flags("leader", n + 1, "one-hot: who led the trick in progress, r0.., then none")
        self._last = lay.flags("last_winner", n + 1, "one-hot: who won the last completed trick, r0.., then none")
        self._round = lay.flags("second_round", 1, "the taking is in its second round")
        self._calls = lay.flags(
            "last_call", 4 * n, "for each seat r0.., one-hot of its last call: none, pass, take or bid, (sur)coinche"
        )
        self._call_contract = lay.flags(
            "call_contract", 6 * n, f"for each seat r0.., the contract of its last take or bid: {contracts}"
        )
        if self.auction:
            self._high_level = lay.flags(
                "high_bid", self.levels + 1, "one-hot: the level of the highest bid (points up, capot...), then none"
            )
        self._high_contract = lay.flags("high_contract", 6, f"one-hot: the contract of the highest bid: {contracts}")
        self._high_seat = lay.flags("high_seat", n + 1, "one-hot: who made the highest bid, r0.., then none")
        self._contract = lay.flags("contract", 7, f"one-hot: the contract in play: {contracts}, then none yet")
        self._taker = lay.flags("taker", n + 1, "one-hot: the taker, r0.., then none yet")
        self._coinche = lay.flags("coinched_by", n + 1, "one-hot: who coinched, r0.., then nobody")
        self._surcoinche = lay.flags("surcoinched", 1, "the contract is surcoinched")
        self._declared = lay.flags("declared", n, "the seats r0.. that announced declarations")
        self._decl_team = lay.flags(
            "decl_unit", self.units + 1, "one-hot: the unit whose declarations count, u0.., none"
        )
        self._belote = lay.flags("belote_seat", n + 1, "one-hot: who announced belote, r0.., then nobody")
        lay.values("hand_sizes", n, "cards in each seat's hand, r0.., / hand size", high=2.0)
        lay.values("undealt", 1, "cards not dealt yet / 32")
        lay.values("out", 1, "cards left face down out of play / 32")
        lay.values("multiplier", 1, "the contract's multiplier (coinche 2, surcoinche 4) / 4", high=2.0)
        lay.values("passes", 1, "passes in a row / players", high=2.0)
        lay.values("tricks", 1, "completed tricks / tricks in a deal")
        lay.values("announced", n, "points of the declarations each seat r0.. announced / 100", high=10.0)
        lay.values("card_points", self.units, "card points taken by each unit u0.. / 162", high=2.0)
        lay.values("decl_points", self.units, "declaration points counted for each unit u0.. / 100", high=10.0)
        lay.values("belote_played", 1, "cards of the belote played (0, 1 or 2) / 2")
        lay.values("scores", self.units, "match score before this deal of each unit u0.. / target", high=4.0)
        self._hand = float(rules.hand_size)
        self._target = float(rules.target)

    def features(self, obs: BeloteObservation) -> Features:
        n = self.n
        units = self.units
        seat = obs.seat
        played = [0] * n
        for leader, _, done in obs.tricks:
            for i, c in enumerate(done):
                played[(leader + i - seat) % n] |= 1 << c
        trick = [0] * n
        for p, c in obs.trick:
            trick[(p - seat) % n] |= 1 << c
        cards = [obs.hand_mask, *played, *trick, *(obs.known[(seat + r) % n] for r in range(n))]
        if self.decouverte:
            cards += [obs.covered[(seat + r) % n] for r in range(n)]
        cards.append((1 << obs.retourne) if obs.retourne >= 0 else 0)
        cards.append((1 << obs.bergere) if obs.bergere >= 0 else 0)
        cur = obs.current_player
        flags = [
            self._phase + _PHASES[obs.phase],
            self._turn + (relative(seat, cur, n) if cur >= 0 else n),
            self._dealer + relative(seat, obs.dealer, n),
            self._leader + ((obs.trick[0][0] - seat) % n if obs.trick else n),
            self._last + ((obs.tricks[-1][1] - seat) % n if obs.tricks else n),
            self._high_seat + (relative(seat, obs.high_seat, n) if obs.high_seat >= 0 else n),
            self._contract + (obs.contract if obs.contract >= 0 else 6),
            self._taker + (relative(seat, obs.taker, n) if obs.taker >= 0 else n),
            self._coinche + (relative(seat, obs.coinched_by, n) if obs.coinched_by >= 0 else n),
            self._belote + (relative(seat, obs.belote_seat, n) if obs.belote_seat >= 0 else n),
        ]
        if obs.round >= 2:
            flags.append(self._round)
        last = [0] * n
        contract_of = [-1] * n
        for p, action in obs.bids:
            r = (p - seat) % n
            if action == PASS:
                last[r] = 1
            elif action in (COINCHE, SURCOINCHE):
                last[r] = 3
            elif action >= TAKE:
                last[r] = 2
                contract_of[r] = (action - TAKE) if action < BID else (action - BID) % 6
        for r in range(n):
            flags.append(self._calls + 4 * r + last[r])
            if contract_of[r] >= 0:
                flags.append(self._call_contract + 6 * r + contract_of[r])
        if obs.high_bid >= 0:
            level, contract = divmod(obs.high_bid - BID, 6) if obs.high_bid >= BID else (-1, obs.high_bid - TAKE)
            flags.append(self._high_contract + contract)
            if self.auction and level >= 0:
                flags.append(self._high_level + level)
        elif self.auction:
            flags.append(self._high_level + self.levels)
        if obs.surcoinched:
            flags.append(self._surcoinche)
        declared = obs.declared_seats
        for p in range(n):
            if declared >> p & 1:
                flags.append(self._declared + (p - seat) % n)
        me = seat % units
        flags.append(self._decl_team + ((obs.decl_team - me) % units if obs.decl_team >= 0 else units))
        hand = self._hand
        values = [s / hand for s in obs.hand_sizes[seat:] + obs.hand_sizes[:seat]]
        values.append(obs.undealt / 32)
        values.append(obs.out_count / 32)
        values.append(obs.multiplier / 4)
        values.append(obs.passes / n)
        values.append(len(obs.tricks) / hand)
        announced = [0] * n
        for p, _, points, _ in obs.announced:
            announced[(p - seat) % n] += points
        values += [a / 100 for a in announced]
        order = [(me + u) % units for u in range(units)]
        values += [obs.card_points[u] / 162 for u in order]
        values += [obs.decl_points[u] / 100 for u in order]
        values.append(obs.belote_played / 2)
        target = self._target
        values += [obs.scores_before[u] / target for u in order]
        return Features(cards, flags, values)


__all__ = ["BeloteTensor"]
