"""Card play of the Belote heuristic: a club player's rules over counted cards.

Each legal card is scored by what it should win or lose in this trick
(its chance of holding the trick, from who may still beat it) minus what it
would have been worth later (a master card or a trump wins a later trick;
a small card wins nothing). Around that, the rules of 004 'Consejos y
estrategias':

- the takers draw trumps (a master trump first, else a small one: "Salir con
  un triunfo bajo obliga a los rivales a jugar triunfos altos");
- cash side aces and masters early ("Salga con los Ases de palos no triunfo
  al principio") while nobody can ruff them;
- with the partner holding the trick safely, give him points (charger), but
  never a trump needlessly ("puede descartar con seguridad una carta baja en
  lugar de desperdiciar un triunfo");
- when the trick is lost, play small; lead into the partner's void so he ruffs.
"""

from __future__ import annotations

from tapete.belote.knowledge import Knowledge
from tapete.belote.observation import BeloteObservation


def future_value(k: Knowledge, c: int) -> float:
    """What keeping ``c`` is worth in later tricks: a likely future trick's points."""
    pts = k.points[c]
    suit = c // 8
    out_higher = (k.higher[c] & ~k.played & ~k.hand).bit_count()
    own_lower = (k.hand & k.suit_mask[suit] & ~k.higher[c] & ~(1 << c)).bit_count()
    trump_contract = k.trump >= 0
    if trump_contract and suit == k.trump:
        if out_higher == 0:
            p = 1.0
        elif out_higher <= own_lower:
            p = 0.6
        else:
            p = 0.35
        return p * (pts + 12.0) + 4.0
    if out_higher == 0:
        p = 0.85
        if trump_contract:
            opp_trumps = k.trumps_out(k.opponents())
            p = 1.0 if not opp_trumps else max(0.3, 0.85 - 0.08 * opp_trumps.bit_count())
    elif out_higher <= own_lower:
        p = 0.45 / out_higher
    else:
        p = 0.08
    return p * (pts + 10.0)


class TrickView:
    """The trick in progress as the seat sees it: best card, its holder, who plays after."""

    def __init__(self, k: Knowledge, obs: BeloteObservation) -> None:
        self.cards = [c for _, c in obs.trick]
        self.led = obs.trick[0][1] // 8 if obs.trick else -1
        best, best_seat = -1, -1
        for s, c in obs.trick:
            if best < 0 or self._beats(k, c, best):
                best, best_seat = c, s
        self.best = best
        self.best_seat = best_seat
        n = k.n
        played = len(obs.trick)
        self.after = [(k.seat + i) % n for i in range(1, n - played)]
        self.points = sum(k.points[c] for c in self.cards)

    @staticmethod
    def _beats(k: Knowledge, c: int, best: int) -> bool:
        if c // 8 == best // 8:
            return k.strength[c] > k.strength[best]
        return c // 8 == k.trump


def hold_chance(k: Knowledge, best: int, holder: int, led: int, after: list[int]) -> float:
    """Chance that ``holder``'s side keeps a trick whose best card is ``best``: each later
    seat of another side may beat it (later partners are not counted on)."""
    p = 1.0
    for r in after:
        if not k.same_side(r, holder):
            p *= 1.0 - k.p_beats(r, best, led)
    return p


def partner_rescue(k: Knowledge, best: int, led: int, after: list[int]) -> float:
    """Chance that a partner still to play takes the trick from the opponents, and keeps it."""
    if k.partner < 0 or k.partner not in after:
        return 0.0
    p = k.p_beats(k.partner, best, led)
    rest = after[after.index(k.partner) + 1 :]
    # Once the partner has beaten, the opponents after him must beat a better card: count
    # them at half their chance against the current one.
    for r in rest:
        if not k.same_side(r, k.seat):
            p *= 1.0 - 0.5 * k.p_beats(r, best, led)
    return p


def last_trick_bonus(k: Knowledge, obs: BeloteObservation) -> int:
    return obs.rules.last_trick_bonus if len(obs.tricks) == obs.rules.hand_size - 1 else 0


def follow_scores(k: Knowledge, obs: BeloteObservation, legal: list[int]) -> dict[int, float]:
    """Expected gain of each legal card when the trick is already led."""
    tv = TrickView(k, obs)
    bonus = last_trick_bonus(k, obs)
    scores: dict[int, float] = {}
    for c in legal:
        wins = TrickView._beats(k, c, tv.best)
        best, holder = (c, k.seat) if wins else (tv.best, tv.best_seat)
        stake = tv.points + k.points[c] + bonus + 3.0 * len(tv.after)
        if k.same_side(holder, k.seat):
            p = hold_chance(k, best, holder, tv.led, tv.after)
        else:
            p = partner_rescue(k, best, tv.led, tv.after)
        ev = p * stake - (1.0 - p) * stake if k.n != 3 else p * stake - (1.0 - p) * 0.5 * stake
        scores[c] = ev - future_value(k, c)
    return scores


def lead_scores(k: Knowledge, obs: BeloteObservation, legal: list[int]) -> dict[int, float]:
    """Expected gain of each card as the lead, with the takers' and the defence's plans."""
    n = k.n
    after = [(k.seat + i) % n for i in range(1, n)]
    bonus = last_trick_bonus(k, obs)
    taker_side = obs.taker >= 0 and k.same_side(obs.taker, k.seat)
    opps = k.opponents()
    opp_trumps = k.trumps_out(opps)
    my_trumps = k.hand & k.suit_mask[k.trump] if k.trump >= 0 else 0
    scores: dict[int, float] = {}
    for c in legal:
        suit = c // 8
        stake = k.points[c] + bonus + 4.0 * (n - 1)
        p = hold_chance(k, c, k.seat, suit, after)
        if k.partner >= 0 and p < 0.9:
            # A low lead the partner may win (004: lead into his void; he ruffs).
            p = max(p, 0.8 * partner_rescue(k, c, suit, after))
        ev = p * stake - (1.0 - p) * stake if n != 3 else p * stake - (1.0 - p) * 0.5 * stake
        score = ev - future_value(k, c)
        if k.trump >= 0 and suit == k.trump:
            if taker_side and opp_trumps:
                # Draw trumps: the master first; the taker also with a small one.
                if k.master(c):
                    score += 18.0
                elif obs.taker == k.seat and my_trumps.bit_count() >= 2:
                    score += 8.0 - k.points[c] * 0.5
                elif obs.taker != k.seat and not obs.tricks:
                    score += 6.0 - k.points[c] * 0.5
            elif not taker_side:
                score -= 8.0
            elif not opp_trumps:
                score -= 6.0
        elif k.trump >= 0 and not k.master(c) and k.points[c] >= 10:
            # A ten led under an ace still out is usually lost to it.
            score -= 4.0
        scores[c] = score
    return scores


def choose_card(k: Knowledge, obs: BeloteObservation, legal: list[int]) -> int:
    """The best-scored legal card; ties go to the lowest card id (deterministic)."""
    if len(legal) == 1:
        return legal[0]
    scores = follow_scores(k, obs, legal) if obs.trick else lead_scores(k, obs, legal)
    return max(legal, key=lambda c: (scores[c], -c))


def legal_cards(obs: BeloteObservation) -> list[int]:
    return [a for a in obs.legal_actions if a < 32]
