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
>>> sum(1 for i in f.ones if i < 32)
8
"""

from __future__ import annotations

from tapete.belote.actions import BID, COINCHE, PASS, SURCOINCHE, TAKE, bid_levels
from tapete.belote.observation import BeloteObservation
from tapete.belote.rules import BeloteRules
from tapete.belote.state import PHASE_NAMES
from tapete.belote.tables import CONTRACT_NAMES
from tapete.core.tensor import Features, Layout, SeatCards, TurnFlags, add_cards, seat_or_none


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
        self._cards = SeatCards(
            lay,
            n,
            "the seat's own cards (découverte: its face-up cards)",
            "cards seat r{r} is publicly known to hold (retourne taken, declarations shown, belote; "
            "découverte: its face-up cards)",
        )
        self._covered = [
            lay.cards(f"covered_r{r}", f"découverte: face-up cards of seat r{r} lying on a face-down card")
            for r in range(n if self.decouverte else 0)
        ]
        self._retourne = lay.cards("retourne", "the face-up retourne while public")
        self._bergere = (
            lay.cards("bergere", "the bergère shown face up (rules with a bergère)") if rules.bergere else -1
        )
        contracts = ", ".join(CONTRACT_NAMES)
        self._turns = TurnFlags(lay, n, PHASE_NAMES)
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
        ones: list[int] = []
        self._cards.add(ones, obs, obs.known)
        for r, start in enumerate(self._covered):
            add_cards(ones, start, obs.covered[(seat + r) % n])
        if obs.retourne >= 0:
            ones.append(self._retourne + obs.retourne)
        if obs.bergere >= 0 and self._bergere >= 0:
            ones.append(self._bergere + obs.bergere)
        self._turns.add(ones, obs)
        ones += (
            seat_or_none(self._high_seat, seat, obs.high_seat, n),
            self._contract + (obs.contract if obs.contract >= 0 else 6),
            seat_or_none(self._taker, seat, obs.taker, n),
            seat_or_none(self._coinche, seat, obs.coinched_by, n),
            seat_or_none(self._belote, seat, obs.belote_seat, n),
        )
        if obs.round >= 2:
            ones.append(self._round)
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
            ones.append(self._calls + 4 * r + last[r])
            if contract_of[r] >= 0:
                ones.append(self._call_contract + 6 * r + contract_of[r])
        if obs.high_bid >= 0:
            level, contract = divmod(obs.high_bid - BID, 6) if obs.high_bid >= BID else (-1, obs.high_bid - TAKE)
            ones.append(self._high_contract + contract)
            if self.auction and level >= 0:
                ones.append(self._high_level + level)
        elif self.auction:
            ones.append(self._high_level + self.levels)
        if obs.surcoinched:
            ones.append(self._surcoinche)
        declared = obs.declared_seats
        if declared:
            for p in range(n):
                if declared >> p & 1:
                    ones.append(self._declared + (p - seat) % n)
        me = seat % units
        ones.append(self._decl_team + ((obs.decl_team - me) % units if obs.decl_team >= 0 else units))
        hand = self._hand
        sizes = obs.hand_sizes
        values = [sizes[(seat + r) % n] / hand for r in range(n)]
        values += (
            obs.undealt / 32,
            obs.out_count / 32,
            obs.multiplier / 4,
            obs.passes / n,
            len(obs.tricks) / hand,
        )
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
        return Features(ones, values)


__all__ = ["BeloteTensor"]
