"""The Guiñote ``heuristic`` level: what a good club player does, from its own seat only.

It acts on a :class:`~tapete.guinote.observation.GuinoteObservation` alone
(never the deal), through :class:`~tapete.guinote.reading.Reading`:
cards counted from the tricks, cards shown in cantes and exchanges, voids
read from the arrastre duties. Every decision of every preset is covered:

* **cantes and tute**: always sung when offered, the most valuable first
  (a tute that wins the partida, then the 40 in trumps, then 20s): "marriages
  lock in 20 or 40 free points" (001 Tips; 001 Phase 1.5, 002 §06);
* **the 7 of trumps**: exchanged as soon as allowed when the indicator
  outranks the 7, declined when it is a smaller card (giving it back to the
  last drawer would only strengthen an opponent): "the 7 of trumps exchange
  is usually correct" (001 Tips, 001 Phase 1.4, 002 §06);
* **claims**: only when the side's public count (score before the deal,
  card points and cantes taken) reaches the target (002 §07; 003 Kondisi
  Kemenangan: a wrong claim loses);
* **cards**: each legal card is scored as (chance to win the trick) x (points
  at stake) minus what the card is still worth in hand. The chance comes from
  counting: which unplayed cards beat it, who may still hold them, and whether
  the seats still to play must follow or may trump. The keep value encodes
  the seeds' tips: keep trumps and aces for later and dump blank cards in
  phase 1 (001 Tips "save phase 2 …"), keep both cards of an unsung cante and
  win a cheap trick to sing it (001 Tips "marriages …"), load points on a
  partner's safe trick and never trump it, protect the last trick with the
  master trump (001 Tips "count card points …"), lead short suits in phase 1
  (001 Tips "lead your shortest suit …"), and in the arrastre draw trumps with
  masters before cashing side suits.

It never consults ``rng`` (ties go to the lowest card), so it is trivially
reproducible; one decision costs well under a millisecond in pure Python.

>>> import random
>>> from tapete.guinote import GuinoteRules, GuinoteState
>>> from tapete.guinote.observation import observe
>>> state = GuinoteState.new_deal(GuinoteRules(), seed=2, dealer=0)
>>> obs = observe(state, state.current_player)
>>> GuinoteHeuristicBot().act(obs, random.Random(0)) in obs.legal_actions
True
"""

from __future__ import annotations

import random
from typing import Any

from tapete.core.agent import Budget
from tapete.guinote.actions import CLAIM, EXCHANGE, PASS, SING, TUTE
from tapete.guinote.claim import claim_is_right
from tapete.guinote.observation import GuinoteObservation
from tapete.guinote.reading import Reading
from tapete.guinote.tables import tables_for

#: Points a seat still to play is expected to add to a trick (a discard or a load).
_PER_SEAT = 1.5
#: Stand-in value of a tute that wins the partida outright, in deal points.
_TUTE_WINS = 200


class GuinoteHeuristicBot:
    """Club-player heuristics for Guiñote (every preset); acts on the seat's observation only."""

    name = "heuristic"

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        if not isinstance(obs, GuinoteObservation):
            raise TypeError(f"GuinoteHeuristicBot plays Guiñote only, not {type(obs).__name__}")
        legal = obs.legal_actions
        if not legal:
            raise ValueError(f"seat {obs.seat} has no action to choose: it is not its turn")
        special = choose_special(obs)
        if special is not None:
            return special
        cards = [a for a in legal if a < 40]
        if not cards:
            return PASS if PASS in legal else legal[0]
        if len(cards) == 1:
            return cards[0]
        return choose_card(obs, cards)


# ---------------------------------------------------------------- non-card decisions


def sung_mask(obs: GuinoteObservation) -> int:
    """Suits whose cante was sung (bits 0-3), and tute (bit 4)."""
    m = 0
    for _, action in obs.cantes:
        m |= 1 << (action - SING) if action < TUTE else 16
    return m


def cante_value(obs: GuinoteObservation, action: int) -> int:
    """Deal points of singing ``action`` (a tute that wins the partida counts as a huge sum)."""
    rules = obs.rules
    if action == TUTE:
        return _TUTE_WINS if rules.tute == "wins_partida" else rules.tute_points
    return rules.cante_points_trump if action - SING == obs.trump else rules.cante_points_plain


#: Exchange timings that wait for a trick of the holder's side (winning one opens the exchange).
_SIDE_TIMINGS = ("after_team_win", "before_lead", "until_next_trick")


def exchange_gains(obs: GuinoteObservation) -> bool:
    """Whether taking the indicator for the 7 of trumps improves the hand: it outranks the 7.

    A smaller indicator (2, 4, 5, 6) is better left where it is: the last drawer, an opponent
    of the side that won the trick, would otherwise get the 7 instead.
    """
    if obs.indicator < 0:
        return False
    t = tables_for(obs.rules)
    return t.strength[obs.indicator] > t.strength[t.sietes[obs.trump]]


def choose_special(obs: GuinoteObservation) -> int | None:
    """The cante, exchange, claim or pass to make now, or None to play a card."""
    legal = obs.legal_actions
    sings = [a for a in legal if SING <= a <= TUTE]
    if sings:
        return max(sings, key=lambda a: (cante_value(obs, a), a == TUTE, -a))
    if CLAIM in legal and claim_is_right(obs):
        return CLAIM
    if EXCHANGE in legal and exchange_gains(obs):
        return EXCHANGE
    if PASS in legal:
        return PASS
    return None


# ---------------------------------------------------------------- card play


class _Trick:
    """The trick in progress as the deciding seat sees it."""

    def __init__(self, obs: GuinoteObservation, r: Reading) -> None:
        t = r.t
        self.cards: list[int] = [c for _, c in obs.trick]
        self.led: int = self.cards[0] // 10 if self.cards else -1
        self.points: int = sum(t.points[c] for c in self.cards)
        best, best_seat = -1, -1
        for s, c in obs.trick:
            if (
                best < 0
                or (c // 10 == best // 10 and t.strength[c] > t.strength[best])
                or (c // 10 == r.trump and best // 10 != r.trump)
            ):
                best, best_seat = c, s
        self.best: int = best
        self.best_seat: int = best_seat
        n = r.n
        #: Seats still to play after the deciding seat, in order.
        self.after: list[int] = [(r.seat + i) % n for i in range(1, n - len(self.cards))]
        self.last_trick: bool = len(obs.tricks) == r.obs.rules.tricks_per_deal - 1


def _beats(c: int, best: int, trump: int, strength: list[int]) -> bool:
    if c // 10 == best // 10:
        return strength[c] > strength[best]
    return c // 10 == trump


def p_beat(r: Reading, q: int, best: int, led: int, at_stake: int) -> float:
    """Probability that seat ``q`` (an opponent of the trick's holder) takes it from ``best``."""
    t = r.t
    trump = r.trump
    trumps = t.suit_mask[trump]
    higher = t.higher[best]
    bs = best // 10
    if not r.strict:
        ph = r.p_holds(q, higher)
        if bs == trump:
            return ph
        # Free play: a trump wins, but nobody spends one on a blank trick.
        willing = min(1.0, max(0.15, (at_stake + 2) / 11))
        pt = r.p_holds(q, trumps) * willing
        return 1.0 - (1.0 - ph) * (1.0 - pt)
    void = 1.0 - r.p_holds(q, t.suit_mask[led])
    if bs == led:
        ph = r.p_holds(q, higher)
        if led == trump:
            return ph
        return min(1.0, ph + void * r.p_holds(q, trumps))
    return void * r.p_holds(q, higher)


def win_chances(r: Reading, tr: _Trick, c: int, at_stake: int) -> tuple[float, float]:
    """(our side wins, this seat wins) if ``c`` is played now, seat by seat over the rest of the trick.

    Each seat still to play beats an opposing holder with :func:`p_beat`; once a
    card of unknown height has taken over, the next beat is assumed half as likely.
    """
    t = r.t
    if tr.best < 0 or _beats(c, tr.best, r.trump, t.strength):
        best, holder = c, r.seat
    else:
        best, holder = tr.best, tr.best_seat
    led = tr.led if tr.led >= 0 else c // 10
    # States: (the holding card is still `best`, holding team) -> probability.
    states: dict[tuple[bool, int], float] = {(True, holder % 2): 1.0}
    for q in tr.after:
        qt = q % 2
        nxt: dict[tuple[bool, int], float] = {}
        for (orig, team), pr in states.items():
            if team == qt:
                nxt[(orig, team)] = nxt.get((orig, team), 0.0) + pr
                continue
            pb = p_beat(r, q, best, led, at_stake)
            if not orig:
                pb *= 0.5
            nxt[(orig, team)] = nxt.get((orig, team), 0.0) + pr * (1.0 - pb)
            nxt[(False, qt)] = nxt.get((False, qt), 0.0) + pr * pb
        states = nxt
    us = sum(pr for (_, team), pr in states.items() if team == r.team)
    me = states.get((True, r.team), 0.0) if holder == r.seat else 0.0
    return us, me


class _Planner:
    """Keep values and cante plans of one seat at one decision."""

    def __init__(self, obs: GuinoteObservation, r: Reading) -> None:
        rules = obs.rules
        t = r.t
        self.obs = obs
        self.r = r
        self.sung: int = sung_mask(obs)
        self.tricks_left: int = rules.tricks_per_deal - len(obs.tricks)
        #: Cantes can still be sung after some later trick.
        self.cantes_ahead: bool = rules.cantes_in_arrastre or obs.stock_size > r.n
        trumps = r.hand & t.suit_mask[r.trump]
        #: The highest trump in hand, or -1.
        self.top_trump: int = -1
        for c in range(10 * r.trump, 10 * r.trump + 10):
            if (trumps >> c) & 1 and (self.top_trump < 0 or t.strength[c] > t.strength[self.top_trump]):
                self.top_trump = c
        self.exchange_gain: float = 0.0
        siete = t.sietes[r.trump]
        if (r.hand >> siete) & 1 and rules.exchange_timing != "never" and exchange_gains(obs):
            self.exchange_gain = max(0.0, self.trump_value(obs.indicator, False) - self.trump_value(siete, False))

    def trump_value(self, c: int, master: bool) -> float:
        t = self.r.t
        return 2.7 + 1.6 * t.strength[c] + 1.1 * t.points[c] + (9.0 if master else 0.0)

    def cante_bonus(self, c: int) -> float:
        """What ``c`` is worth for cantes (and tute) still to sing."""
        if not self.cantes_ahead:
            return 0.0
        obs = self.obs
        r = self.r
        t = r.t
        v = 0.0
        s = c // 10
        pair = t.pair[s]
        if (pair >> c) & 1 and not (self.sung >> s) & 1:
            worth = cante_value(obs, SING + s)
            if r.hand & pair == pair:
                v += 0.8 * worth
            elif obs.stock_size > 0 and r.hidden & pair:
                v += 0.12 * worth
        rules = obs.rules
        if rules.tute != "none" and not self.sung & 16:
            worth = cante_value(obs, TUTE)
            for four in (t.reyes, t.tute_alt):
                if four and (four >> c) & 1:
                    held = (r.hand & four).bit_count()
                    if held == 4:
                        v += 0.8 * worth
                    elif held == 3 and obs.stock_size > 0 and r.hidden & four:
                        v += 0.05 * worth
        return v

    def keep(self, c: int) -> float:
        """What ``c`` is still worth in hand, in expected deal points (0 on the last trick)."""
        if self.tricks_left <= 1:
            return 0.0
        r = self.r
        t = r.t
        pts = t.points[c]
        master = r.is_master(c)
        if c // 10 == r.trump:
            v = self.trump_value(c, master)
            if self.obs.arrastre and master and c == self.top_trump:
                v += 0.5 * self.obs.rules.last_trick_bonus  # protect the last trick
            if c == t.sietes[r.trump]:
                v += self.exchange_gain
        elif master:
            v = 0.55 * pts + 1.5 + 0.1 * t.strength[c]
        else:
            v = 0.15 * pts + 0.1 * t.strength[c]
        return v + self.cante_bonus(c)

    def sing_after_win(self, c: int) -> float:
        """Points of the best cante this seat could sing after winning the trick with ``c`` played."""
        obs = self.obs
        if self.tricks_left <= 1 or not self.cantes_ahead:
            return 0.0
        r = self.r
        t = r.t
        hand = r.hand & ~(1 << c)
        best = 0
        for s in range(4):
            pair = t.pair[s]
            if not (self.sung >> s) & 1 and hand & pair == pair:
                best = max(best, cante_value(obs, SING + s))
        if obs.rules.tute != "none" and not self.sung & 16:
            for four in (t.reyes, t.tute_alt):
                if four and hand & four == four:
                    best = max(best, cante_value(obs, TUTE))
        return float(best)


def choose_card(obs: GuinoteObservation, cards: list[int]) -> int:
    """The legal card with the best expected value (ties: the lowest card id)."""
    r = Reading(obs)
    t = r.t
    tr = _Trick(obs, r)
    plan = _Planner(obs, r)
    rules = obs.rules
    solo_sing = rules.cante_by == "trick_winner" or r.n == 2
    leading = not tr.cards
    draw_trumps = 0.0
    if leading and obs.arrastre:
        # Drawing trumps pays when masters in other suits are waiting to be cashed.
        opp = [q for q in range(r.n) if q % 2 != r.team]
        out = r.trumps_out()
        p_none = 1.0
        for q in opp:
            p_none *= 1.0 - r.p_holds(q, out)
        side_masters = sum(1 for c in cards if c // 10 != r.trump and r.is_master(c))
        draw_trumps = (1.0 - p_none) * (2.0 + 1.5 * side_masters)
    best_c, best_v = cards[0], float("-inf")
    for c in cards:
        at_stake = tr.points + t.points[c]
        stake = at_stake + _PER_SEAT * len(tr.after) + (rules.last_trick_bonus if tr.last_trick else 0)
        us, me = win_chances(r, tr, c, at_stake)
        v = (2.0 * us - 1.0) * stake - plan.keep(c)
        sing = plan.sing_after_win(c)
        if sing:
            v += (me if solo_sing else us) * sing
        if plan.exchange_gain and c != t.sietes[r.trump] and rules.exchange_timing in _SIDE_TIMINGS:
            v += 0.3 * us * plan.exchange_gain
        if leading:
            s = c // 10
            if s == r.trump:
                if obs.arrastre and r.is_master(c):
                    v += draw_trumps
            elif not obs.arrastre:
                v -= 0.3 * ((r.hand & t.suit_mask[s]).bit_count() - 1)  # lead the short suit
        if v > best_v:
            best_c, best_v = c, v
    return best_c


__all__ = ["GuinoteHeuristicBot", "cante_value", "choose_card", "choose_special", "exchange_gains", "sung_mask"]
