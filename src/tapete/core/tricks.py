"""The trick-taking core both games share: who wins a trick, and which cards are legal.

A game describes its cards with :class:`TrickTables` (suit, strength and the
same-suit cards that beat each card, for one trump choice) and its duties
with :class:`Duties`; :func:`legal_mask` and :func:`beats` do the rest on
bitmasks. Guiñote's arrastre and Belote's play are both this function with
different duties, so the rule text of each seed maps to a few booleans.
"""

from __future__ import annotations

from tapete.core.errors import IllegalActionError


class TrickTables:
    """Per-card lookups for one deck and one trump choice."""

    def __init__(self, suit: list[int], strength: list[int], n_suits: int) -> None:
        n = len(suit)
        #: Suit of each card.
        self.suit: list[int] = suit
        #: Trick strength of each card within its suit (higher wins).
        self.strength: list[int] = strength
        self.suit_mask: list[int] = [0] * n_suits
        for c in range(n):
            self.suit_mask[suit[c]] |= 1 << c
        #: The cards of the same suit that beat each card.
        self.higher: list[int] = [0] * n
        for c in range(n):
            m = 0
            for d in range(n):
                if suit[d] == suit[c] and strength[d] > strength[c]:
                    m |= 1 << d
            self.higher[c] = m


class Duties:
    """What a player must do when not leading, as booleans a rules object sets.

    ``follow``: play the suit led when able. ``head_plain``: when following a
    plain suit, beat the best card of that suit if able (``head_trumped``:
    even when the trick is already trumped). ``head_trump``: when trumps are
    led, beat the best trump if able. ``trump_void``: without the suit led,
    play a trump if able; ``overtrump``: higher than a trump already played;
    ``undertrump``: a trump even when unable to overtrump. The ``exempt_*``
    flags lift the duty to head / to head in trumps / to trump while the
    player's partner holds the trick. ``overtrump_opponents``: while the
    partner holds the trick, the trump to beat (overtrumping, or heading when
    trumps are led) is the best one an *opponent* played, so a partner's trump
    obliges nothing (Guiñote's ``overtrump_opponents_only``; partnerships of
    four, where opponents and partners alternate in a trick).
    ``exempt_void_beat`` keeps half of ``exempt_void``: exempt from trumping, a
    player who trumps anyway must beat the partner's trump when able (Belote's
    ``beat_partner_trump``, as Board Game Arena plays it).
    """

    def __init__(
        self,
        follow: bool = True,
        head_plain: bool = False,
        head_trumped: bool = False,
        head_trump: bool = False,
        trump_void: bool = False,
        overtrump: bool = False,
        undertrump: bool = False,
        exempt_head: bool = False,
        exempt_trump_lead: bool = False,
        exempt_void: bool = False,
        overtrump_opponents: bool = False,
        exempt_void_beat: bool = False,
    ) -> None:
        self.follow = follow
        self.head_plain = head_plain
        self.head_trumped = head_trumped
        self.head_trump = head_trump
        self.trump_void = trump_void
        self.overtrump = overtrump
        self.undertrump = undertrump
        self.exempt_head = exempt_head
        self.exempt_trump_lead = exempt_trump_lead
        self.exempt_void = exempt_void
        self.overtrump_opponents = overtrump_opponents
        self.exempt_void_beat = exempt_void_beat


def beats(c: int, best: int, trump: int, t: TrickTables) -> bool:
    """Whether card ``c`` takes the trick from ``best`` (trump -1: no trump suit)."""
    cs = t.suit[c]
    bs = t.suit[best]
    if cs == bs:
        return t.strength[c] > t.strength[best]
    return cs == trump


def holder(plays: list[tuple[int, int]], trump: int, t: TrickTables) -> tuple[int, int]:
    """``(seat, card)`` holding a trick of ``(seat, card)`` plays in order; ``(-1, -1)`` for none.

    Every game's notation reader and sampler rebuilds the trick in progress this way.
    """
    seat, best = -1, -1
    for s, c in plays:
        if best < 0 or beats(c, best, trump, t):
            seat, best = s, c
    return seat, best


def _opponents_best(trick: list[int], t: TrickTables, suit: int = -1) -> int:
    """The best card of ``suit`` (default: the suit led) played to ``trick`` by the opponents of the
    player to play, or -1: in a partnership of four they sat 1 and 3 places before that player."""
    if suit < 0:
        suit = t.suit[trick[0]]
    best = -1
    i = len(trick) - 1
    while i >= 0:
        c = trick[i]
        if t.suit[c] == suit and (best < 0 or t.strength[c] > t.strength[best]):
            best = c
        i -= 2
    return best


def legal_mask(hand: int, trick: list[int], best: int, partner_winning: bool, trump: int, t: TrickTables,
               d: Duties) -> int:  # fmt: skip
    """The cards of ``hand`` that may be played to a non-empty ``trick`` whose winning card is ``best``."""
    led = t.suit[trick[0]]
    if not d.follow:
        return hand
    suited = hand & t.suit_mask[led]
    if suited:
        if led == trump:
            if d.head_trump and not (partner_winning and d.exempt_trump_lead):
                if partner_winning and d.overtrump_opponents:
                    best = _opponents_best(trick, t)
                    if best < 0:
                        return suited
                higher = suited & t.higher[best]
                if higher:
                    return higher
            return suited
        if d.head_plain and not (partner_winning and d.exempt_head):
            if t.suit[best] == led:
                higher = suited & t.higher[best]
                if higher:
                    return higher
            elif d.head_trumped:
                top = trick[0]
                for c in trick:
                    if t.suit[c] == led and t.strength[c] > t.strength[top]:
                        top = c
                higher = suited & t.higher[top]
                if higher:
                    return higher
        return suited
    if trump < 0 or not d.trump_void or (partner_winning and d.exempt_void):
        if partner_winning and d.exempt_void_beat and trump >= 0 and t.suit[best] == trump:
            # Free to discard, but a trump played must beat the partner's when able.
            trumps = hand & t.suit_mask[trump]
            higher = trumps & t.higher[best]
            if higher:
                return (hand ^ trumps) | higher
        return hand
    trumps = hand & t.suit_mask[trump]
    if not trumps:
        return hand
    if t.suit[best] == trump and d.overtrump:
        if partner_winning and d.overtrump_opponents:
            best = _opponents_best(trick, t, trump)
            if best < 0:
                return trumps
        higher = trumps & t.higher[best]
        if higher:
            return higher
        if d.undertrump:
            return trumps
        return hand
    return trumps


class TrickState:
    """The part of a trick-taking deal every engine shares: whose turn it is, and applying
    an action so that an illegal one raises and changes nothing.

    A game's state subclasses it and supplies its legal actions, its legal-card mask
    (cached in ``_lm`` for the current decision), how a card is played, how any other
    action is applied, and the sentence that explains a refusal.
    """

    def __init__(self, n_cards: int, play_phase: int, over_phase: int) -> None:
        self.n_cards: int = n_cards
        self.play_phase: int = play_phase
        self.over_phase: int = over_phase
        self.phase: int = play_phase
        self.cur: int = 0
        #: Legal-card mask of the current decision, or -1 when not yet computed.
        self._lm: int = -1

    @property
    def current_player(self) -> int:
        """The seat to act, or -1 when the deal is over."""
        return self.cur

    def is_terminal(self) -> bool:
        return self.phase == self.over_phase

    def legal_actions(self) -> list[int]:
        raise NotImplementedError

    def why_illegal(self, action: int) -> str:
        raise NotImplementedError

    def _card_mask(self, seat: int) -> int:
        raise NotImplementedError

    def _play(self, c: int) -> None:
        raise NotImplementedError

    def _do_special(self, action: int) -> None:
        raise NotImplementedError

    def apply_action(self, action: int) -> None:
        """Apply a legal action; an illegal one raises and changes nothing."""
        if 0 <= action < self.n_cards and self.phase == self.play_phase:
            m = self._lm
            if m < 0:
                m = self._card_mask(self.cur)
            if not (m >> action) & 1:
                raise IllegalActionError(self.why_illegal(action))
            self._play(action)
            return
        if action not in self.legal_actions():
            raise IllegalActionError(self.why_illegal(action))
        self._lm = -1
        self._do_special(action)
