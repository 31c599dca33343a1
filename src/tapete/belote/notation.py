"""Position notation: one line of text for a whole Belote deal position.

As for Guiñote (:mod:`tapete.guinote.notation`), a position string holds
everything needed to rebuild a :class:`~tapete.belote.state.BeloteState` with
the same legal actions and the same future: the rules, every hand, the
retourne and the cards still to deal, the bidding, the trick in progress,
what each team has taken, the declarations, the belote and the match
context. :func:`to_notation` writes one; :func:`from_notation` reads one and
checks that the rules can reach it (every card of the pack once, hand sizes that fit
the bidding and the tricks played, a bidding the rules allow, a legal trick
in progress, declarations the hands held, ...); anything else raises
:class:`~tapete.errors.NotationError` naming the field that is wrong.

Every preset is covered: four players in two teams, three players
(``trois-joueurs``, 24 cards) and two (``belote-a-deux``, ``decouverte``),
each playing for himself (docs/design/belote-variants.md). Below, *n* is the
number of seats and a *unit* is who scores: the two teams (seats 0 and 2,
1 and 3) at four players, else each seat.

Grammar (fields separated by single spaces, sub-parts by ``/``)::

    position := RULES ' ' DEALER ' ' PHASE (' ' KEY '=' VALUE)*
    RULES    := PRESET ['{' OPTION '=' VALUE (',' OPTION '=' VALUE)* '}']
                e.g. classique, coinche{target=1000,coinche=false}
    DEALER   := 'd' SEAT                 SEAT is 0..n-1
    PHASE    := 'bidding:' SEAT       seat SEAT speaks in the taking or the auction
              | 'play:' SEAT          seat SEAT plays a card (or declares, in the first trick)
              | 'over'                the deal is over: all tricks played, or everybody passed
    CARDS    := '-' | CARD+           cards written together, e.g. JhTh9h (rank 7 8 9 T J Q K A,
                                      then suit s h d c; see tapete.cards.french)
    CALL     := pass | take:C | bid:POINTS:C | bid:capot:C | bid:generale:C | coinche | surcoinche
                                      with C one of s h d c sa ta (see tapete.belote.actions)
    SLOTS    := '-' | SLOT (',' SLOT)*    a découverte layout: its non-empty slots
    SLOT     := CARD                  a face-up card with nothing under it
              | CARD CARD             a face-up card (first) on a face-down card (second)
              | '-' CARD              a face-down card whose face-up card is in the trick in progress

Keys, always written in this order::

    h=CARDS/.../CARDS            each seat's hand (n parts, seat 0 first), cards in id order;
                                 always, but with layout=decouverte, where sl replaces it
    sl=SLOTS/SLOTS               layout=decouverte only, always: each seat's layout (seat 0
                                 first), its face-up cards (in id order) each with the face-down
                                 card under it if any, then the slot '-D' of its card in the trick
                                 in progress if that card lay on D; e.g. sl=JhTs,Ah/7c,-9d: seat 0
                                 has Jh face up on Ts and Ah alone, seat 1 has 7c alone and the
                                 face-down 9d under the card it played to the trick. Empty slots
                                 are not written. The hands are the face-up cards (only they may
                                 be played); the face-down cards are known to nobody, their
                                 owner included
    r=CARD                       the retourne, the face-up card of the taking; written iff
                                 bidding=taking. After the take it is the taker's card; with
                                 taker_takes_retourne=false it stays face up out of play (belote à
                                 deux), and in découverte it is the dealer's last face-up card,
                                 his to play like any other
    u=CARDS                      the cards still to deal after the taking, in dealing order;
                                 written iff bidding=taking, layout=hand and no contract is chosen
    bg=CARD                      the bergère: the bottom card of the undealt pack, shown once the
                                 deal is completed after the taking; written iff a contract is
                                 chosen and bergere=true (belote à deux)
    o=CARDS                      the cards left face down out of play once the deal is completed
                                 (the bergère and a retourne that is not taken apart), in id
                                 order; written iff a contract is chosen and the rules leave
                                 such cards (belote à deux: 12)
    b=CALL,CALL,... | b=-        every call of the bidding in order, from the dealer's right
                                 (seat dealer+1); always
    t=- | t=SEAT:CARDS           trick in progress: its leader, then its cards in playing order;
                                 written iff a contract is chosen
    k=CARDS/.../CARDS            cards taken by each unit (team 0 / team 1 at four players, else
                                 one part per seat); written iff a contract is chosen
    w=SEAT                       winner of the last trick; written iff a trick has been played
    tw=N/.../N                   tricks won by each seat (n parts); written iff a trick has been played
    a=SEAT:CARDS,...             declarations (annonces) in the order made: each declaring seat
                                 with the cards of all its sequences and carrés; written if any
    bt=SEAT:N                    the seat that held king and queen of trumps when play began,
                                 and how many of the two it has played; written iff there is one
    ctx=A,B[,C]                  match scores of each unit before this deal; unless all 0
    hist=CARDS/CARDS/...         completed tricks in order (leaders and winners follow from the
                                 cards); only with ``to_notation(state, history=True)``

Derived, not written (by replaying ``b`` on the rules): the seat to speak,
the taking round and passes, the high bid and its seat, coinche and
surcoinche, the contract, the taker, the bid and the multiplier, or the
redeal. Also derived: the first seat (dealer + 1), card points (from ``k``
and the contract, with the last trick's bonus), the points in play, tricks
played (``k`` holds n cards per trick), the declarations of each seat (its
cards in ``a`` split into sequences and carrés), which side's declarations
score and their points (after the first trick), and the cards each seat is
known to hold (a retourne the taker took, the scoring side's declared cards
after the first trick, the other belote card once one is played).

Reading is lenient where it cannot be ambiguous: fields after the phase in
any order, any run of spaces, commas between cards (but in ``sl`` commas
separate slots), ``10`` for the ten and suit symbols (``J♥``); writing is
canonical. Leftovers that do not affect the position (the last trick's leader
and best card while no trick is in progress) are not kept, nor, without
``hist``, the completed tricks: the state read has an empty ``tricks`` list,
and the legal actions and the future of the deal do not depend on it.

>>> from tapete.belote.rules import BeloteRules
>>> state = BeloteState.new_deal(BeloteRules.preset("classique"), seed=3, dealer=0)
>>> state.play("pass")
>>> text = to_notation(state)
>>> for field in text.split():
...     print(field)
classique
d0
bidding:2
h=7hJhQhQd8c/8hKh7dAd7c/8sKs9hTcJc/TsQsAsKdQc
r=7s
u=9c9sKcJdAcTdThJs8d9dAh
b=pass
>>> to_notation(from_notation(text)) == text
True
>>> from_notation(text.replace("b=pass", "b=pass,take:h"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tapete.errors.NotationError: bad position, field b (bidding): call 2 (take:h): illegal action take:h for seat 2: ...

In découverte the layouts replace the hands: seat 0 (the dealer) has Ks face up on Jc, ...,
and 7d, the last card dealt, proposes diamonds.

>>> open_deal = BeloteState.new_deal(BeloteRules.preset("decouverte"), seed=5, dealer=0)
>>> for field in to_notation(open_deal).split():
...     print(field)
decouverte
d0
bidding:1
sl=KsJc,ThKh,Qh9d,AhTc,7dAc,8d9h,Ad7s,8cAs/7h9s,8hJh,Td7c,JdQc,QdJs,Kd8s,9cQs,KcTs
r=7d
b=-
"""

from __future__ import annotations

from typing import Final

from tapete.belote.actions import action_str, parse_action
from tapete.belote.declarations import Declaration, find
from tapete.belote.rules import BeloteRules
from tapete.belote.state import BIDDING, OVER, PHASE_NAMES, PLAY, BeloteState, deal_packets, pack_of, unit_count
from tapete.belote.tables import CONTRACT_NAMES, CONTRACTS
from tapete.cards.deck import cards_of, mask_of
from tapete.cards.french import KING, QUEEN, card_str, parse_card
from tapete.errors import IllegalActionError
from tapete.notation_fields import (
    HEAD_FIELDS,
    CardLedger,
    PositionFields,
    is_number,
    read_history,
    read_rules,
    replay_trick,
    rules_token,
    tricks_by_team,
)
from tapete.tricks import beats

__all__ = ["FIELDS", "from_notation", "rules_from_notation", "rules_to_notation", "to_notation"]

#: Every field of a position, in the order written, with a short description for messages.
FIELDS: Final[dict[str, str]] = {
    **HEAD_FIELDS,
    "h": "hands",
    "sl": "découverte layout",
    "r": "retourne",
    "u": "cards still to deal",
    "bg": "bergère",
    "o": "cards out of play",
    "b": "bidding",
    "t": "trick in progress",
    "k": "cards taken",
    "w": "last trick winner",
    "tw": "tricks won per seat",
    "a": "declarations",
    "bt": "belote",
    "ctx": "match context",
    "hist": "trick history",
}
_KEYS: Final = ("h", "sl", "r", "u", "bg", "o", "b", "t", "k", "w", "tw", "a", "bt", "ctx", "hist")
#: Fields that only a deal in play (a contract chosen) has.
_PLAY_KEYS: Final = ("bg", "o", "t", "k", "w", "tw", "a", "bt", "hist")
#: Slots in a découverte layout (JD, E2: 8 face-up cards on 8 face-down ones).
_SLOTS: Final = 8

_F: Final = PositionFields(
    FIELDS,
    _KEYS,
    card_pattern=r"(?:10|[789TJQKAVDR])[shdc♠♥♦♣♤♡♢♧]",
    card_hint="cards written together like JhTh9h (rank 7, 8, 9, T, J, Q, K or A, then suit s, h, d or c), or '-'",
    card_str=card_str,
    parse_card=parse_card,
    usage="'<rules> d<dealer> <phase> h=... b=...' (see tapete.belote.notation for the grammar)",
)
_bad = _F.bad


# ====================================================================== the rules' geometry
def _open(rules: BeloteRules) -> bool:
    """Découverte: each seat's cards lie face up on face-down ones (``sl`` instead of ``h``)."""
    return rules.layout == "decouverte"


def _out_count(rules: BeloteRules) -> int:
    """Cards left face down out of play once the deal is completed (``o``): 12 in belote à deux."""
    if _open(rules) or rules.bidding != "taking":
        return 0
    kept = rules.players * rules.hand_size + (0 if rules.taker_takes_retourne else 1) + (1 if rules.bergere else 0)
    return len(pack_of(rules)) - kept


def _has_bergere(rules: BeloteRules) -> bool:
    return rules.bergere and not _open(rules) and rules.bidding == "taking"


def _retourne_in_play(rules: BeloteRules) -> bool:
    """Whether the retourne is dealt into a hand (the taker's, or the dealer's layout in découverte)."""
    return _open(rules) or rules.taker_takes_retourne


def _pack_name(rules: BeloteRules) -> str:
    if rules.deck == "24":
        return "these rules play with 24 cards (deck=24: no 7s or 8s)"
    return "these rules play with 32 cards"


# ====================================================================== writing
def rules_to_notation(rules: BeloteRules) -> str:
    """The rules as a preset name plus changed options.

    >>> rules_to_notation(BeloteRules.preset("classique").replace(target=501, rounding="down_10"))
    'classique{rounding=down_10,target=501}'
    """
    return rules_token(rules)


def _declaration_groups(declared: list[tuple[int, Declaration]]) -> list[tuple[int, int]]:
    """(seat, mask of all its declared cards) in the order the seats declared."""
    groups: list[tuple[int, int]] = []
    for seat, d in declared:
        if groups and groups[-1][0] == seat:
            groups[-1] = (seat, groups[-1][1] | d[4])
        else:
            groups.append((seat, d[4]))
    return groups


def _slots(state: BeloteState, seat: int) -> str:
    """One seat's découverte layout (see ``SLOTS`` in the module docstring)."""
    under = state.under
    items = [card_str(c) + (card_str(under[c]) if under[c] >= 0 else "") for c in cards_of(state.hands[seat])]
    for j, c in enumerate(state.trick):
        if (state.leader + j) % state.n == seat and under[c] >= 0:
            items.append("-" + card_str(under[c]))
    return ",".join(items) or "-"


def to_notation(state: BeloteState, history: bool = False) -> str:
    """The position string of a state (see the module docstring for the grammar).

    With ``history=True`` the completed tricks are appended as ``hist=``.
    """
    rules = state.rules
    taking = rules.bidding == "taking"
    phase = "over" if state.phase == OVER else f"{PHASE_NAMES[state.phase]}:{state.cur}"
    parts = [rules_token(rules), f"d{state.dealer}", phase]
    if _open(rules):
        parts.append("sl=" + "/".join(_slots(state, seat) for seat in range(state.n)))
    else:
        parts.append("h=" + "/".join(_F.mask(h) for h in state.hands))
    if taking:
        parts.append("r=" + card_str(state.retourne))
        if state.contract < 0 and not _open(rules):
            parts.append("u=" + _F.cards(state.rest))
    if state.contract >= 0:
        if _has_bergere(rules):
            parts.append("bg=" + card_str(state.bergere))
        if _out_count(rules) > 0:
            parts.append("o=" + _F.mask(state.out))
    parts.append("b=" + (",".join(action_str(rules, a) for _, a in state.bids) or "-"))
    if state.contract >= 0:
        parts.append("t=" + (f"{state.leader}:{_F.cards(state.trick)}" if state.trick else "-"))
        parts.append("k=" + "/".join(_F.mask(m) for m in state.taken))
        if state.tricks_played > 0:
            parts.append(f"w={state.last_winner}")
            parts.append("tw=" + "/".join(str(x) for x in state.tricks_won))
        if state.declared:
            parts.append("a=" + ",".join(f"{seat}:{_F.mask(m)}" for seat, m in _declaration_groups(state.declared)))
        if state.belote_seat >= 0:
            parts.append(f"bt={state.belote_seat}:{state.belote_played}")
    if any(state.scores_before):
        parts.append("ctx=" + ",".join(str(x) for x in state.scores_before))
    if history and state.tricks:
        parts.append("hist=" + "/".join(_F.cards(cards) for _, _, cards in state.tricks))
    return " ".join(parts)


# ====================================================================== reading
def rules_from_notation(text: str) -> BeloteRules:
    """Read the rules field: ``PRESET`` or ``PRESET{KEY=VALUE,...}``.

    >>> rules_from_notation("coinche{target=1000}").options_changed()
    {'target': 1000}
    """
    return read_rules(BeloteRules, text, lambda message: _bad("rules", message))


def _replay_bidding(rules: BeloteRules, dealer: int, retourne: int, calls: list[tuple[str, int]]) -> BeloteState:
    """A deal on a stand-in deck (the real retourne in its place) after the calls, each checked legal.

    The bidding does not depend on the hands, so this gives the real deal's bidding fields.
    """
    pack = pack_of(rules)
    deck = [c for c in pack if c != retourne]
    if retourne >= 0:
        dealt = len(pack) - 1 if _open(rules) else rules.players * sum(deal_packets(rules))
        deck = deck[:dealt] + [retourne] + deck[dealt:]
    state = BeloteState.new_deal(rules, deck, dealer=dealer)
    for i, (text, action) in enumerate(calls):
        if state.phase != BIDDING:
            raise _bad("b", f"call {i + 1} ({text}) comes after the bidding is over: it ended with call {i}")
        if action not in state.legal_actions():
            raise _bad("b", f"call {i + 1} ({text}): {state.why_illegal(action)}")
        state.apply_action(action)
    return state


def _trick_winner(contract: int, cards: list[int], leader: int, n: int) -> int:
    t = CONTRACTS[contract]
    best, seat = cards[0], leader
    for i, c in enumerate(cards[1:], 1):
        if beats(c, best, t.trump, t.trick):
            best, seat = c, (leader + i) % n
    return seat


def _contract_text(contract: int) -> str:
    return CONTRACT_NAMES[contract]


class _Reader:
    """Reads one position string step by step; each step checks one field."""

    def __init__(self, text: str) -> None:
        head, self.f = _F.split(text)
        self.rules = rules = rules_from_notation(head[0])
        self.n = n = rules.players
        self.units = unit_count(n)
        #: What one scoring unit is called in messages.
        self.unit = "team" if self.units < n else "seat"
        self.pack = pack_of(rules)
        self.n_tricks = rules.hand_size
        self.taking = rules.bidding == "taking"
        self.open = _open(rules)
        self.dealer = _F.dealer(head[1], n)
        self.first = (self.dealer + 1) % n
        self.phase, self.cur = self._phase(head[2])
        #: Découverte: the face-down cards of each seat, the card under each face-up card, and the
        #: face-down card under each seat's card in the trick in progress (a '-D' slot).
        self.hidden: list[list[int]] = [[] for _ in range(n)]
        self.under: dict[int, int] = {}
        self.pending: dict[int, int] = {}
        self.slot_count = [0] * n

    def _phase(self, tok: str) -> tuple[int, int]:
        name, colon, seat = tok.partition(":")
        if name in ("bidding", "play") and colon:
            return PHASE_NAMES.index(name), _F.seat("phase", seat, self.n)
        if tok == "over":
            return OVER, -1
        raise _bad("phase", f"bad phase {tok!r}: expected bidding:SEAT, play:SEAT or over")

    def _require(self, keys: tuple[str, ...], when: str) -> None:
        for key in keys:
            if key not in self.f:
                needed = f"the fields {', '.join(keys)} are" if len(keys) > 1 else f"the field {key} is"
                raise _bad(key, f"missing: {when}, {needed} required")

    def _scores_before(self) -> tuple[int, ...]:
        units = self.units
        if "ctx" not in self.f:
            return (0,) * units
        items = self.f["ctx"].split(",")
        if len(items) != units or not all(is_number(x) for x in items):
            form = ",".join("ABCD"[:units])
            raise _bad("ctx", f"expected {form} (the {self.unit} scores before the deal), got {self.f['ctx']!r}")
        return tuple(int(x) for x in items)

    def _calls(self) -> list[tuple[str, int]]:
        text = self.f["b"]
        if text == "-":
            return []
        calls = []
        for i, item in enumerate(text.split(",")):
            try:
                calls.append((item, parse_action(self.rules, item)))
            except IllegalActionError as e:
                raise _bad("b", f"call {i + 1}: {e}") from None
        return calls

    def _layout(self) -> None:
        """The ``sl`` field: each seat's face-up cards, what lies under them, and the '-D' slots."""
        self.hands = []
        for seat, part in enumerate(_F.parts("sl", self.f["sl"], self.n, "layouts")):
            up: list[int] = []
            slots = [] if part == "-" else part.split(",")
            for slot in slots:
                where = f"seat {seat}"
                if slot in ("", "-"):
                    raise _bad(
                        "sl",
                        f"empty slot {slot!r} ({where}): write only the slots that hold cards, "
                        "and '-' alone for a seat with none",
                    )
                if slot.startswith("-"):
                    cards = _F.card_list("sl", slot[1:] or "?", where)
                    if len(cards) != 1:
                        raise _bad("sl", f"bad slot {slot!r} ({where}): expected '-' and one face-down card")
                    if seat in self.pending:
                        raise _bad(
                            "sl",
                            f"seat {seat} has two '-' slots: only the slot of its one card in the trick "
                            "in progress is written '-D'",
                        )
                    self.pending[seat] = cards[0]
                    self.slot_count[seat] += 1
                    self.hidden[seat].append(cards[0])
                    continue
                cards = _F.card_list("sl", slot or "?", where)
                if len(cards) > 2:
                    raise _bad(
                        "sl",
                        f"bad slot {slot!r} ({where}): expected one face-up card, then the face-down "
                        "card under it if any",
                    )
                up.append(cards[0])
                self.slot_count[seat] += 1
                if len(cards) == 2:
                    self.under[cards[0]] = cards[1]
                    self.hidden[seat].append(cards[1])
            if len(slots) > _SLOTS:
                raise _bad("sl", f"seat {seat} has {len(slots)} slots: a découverte layout has {_SLOTS}")
            self.hands.append(up)

    def _ledger(self) -> CardLedger:
        """A ledger of the pack holding the hands (or the layouts)."""
        ledger = _F.ledger(32, self.pack, _pack_name(self.rules))
        for i, h in enumerate(self.hands):
            if self.open:
                ledger.add("sl", h, f"sl seat {i}")
                ledger.add("sl", self.hidden[i], f"sl seat {i} face down")
            else:
                ledger.add("h", h, f"h seat {i}")
        return ledger

    def _sizes(self, base: int, in_trick: dict[int, int], when: str, short: str) -> None:
        """Each seat holds ``base`` cards (one fewer with a card in the trick), its layout's included."""
        if self.open:
            held = [h + self.hidden[i] for i, h in enumerate(self.hands)]
            _F.hand_sizes(held, base, in_trick, when, short, "sl")
        else:
            _F.hand_sizes(self.hands, base, in_trick, when, short)

    # ------------------------------------------------------------ reading
    def read(self) -> BeloteState:
        f, rules = self.f, self.rules
        if self.open:
            self._require(("sl", "r", "b"), "with layout=decouverte")
            if "h" in f:
                raise _bad("h", "with layout=decouverte the hands are the face-up cards of sl: leave h out")
            self._layout()
        else:
            keys = ("h", "r", "b") if self.taking else ("h", "b")
            self._require(keys, "with bidding=taking" if self.taking else "in every position")
            if "sl" in f:
                raise _bad("sl", "only layout=decouverte lays cards out in slots: leave sl out")
            parts = _F.parts("h", f["h"], self.n, "hands")
            self.hands = [_F.card_list("h", p, f"seat {i}") for i, p in enumerate(parts)]
        if not self.taking and "r" in f:
            raise _bad("r", "only the taking has a retourne, and these rules bid by auction (bidding=auction)")
        self.retourne = _F.one_card("r", f["r"], "the retourne") if self.taking else -1
        if self.taking and self.retourne not in self.pack:
            raise _bad("r", f"card {card_str(self.retourne)} is not in the pack: {_pack_name(rules)}")
        scratch = _replay_bidding(rules, self.dealer, self.retourne, self._calls())
        if scratch.phase == PLAY:
            return self._play(scratch)
        return self._bidding(scratch)

    def _bidding(self, s: BeloteState) -> BeloteState:
        """A position before any card is played: the bidding goes on, or everybody passed."""
        f, n = self.f, self.n
        if s.phase == BIDDING and self.phase != BIDDING:
            raise _bad("phase", f"the bidding (b) goes on with seat {s.cur} to speak: expected bidding:{s.cur}")
        if s.phase == BIDDING and self.cur != s.cur:
            raise _bad(
                "phase", f"seat {self.cur} to speak, but the bidding (b) gives seat {s.cur}: expected bidding:{s.cur}"
            )
        if s.phase == OVER and self.phase != OVER:
            raise _bad("phase", "everybody passed (b): the deal is void and over, expected over")
        for key in _PLAY_KEYS:
            if key in f:
                if key in ("bg", "o"):
                    raise _bad(key, "no contract is chosen yet (b), so the deal is not completed: leave it out")
                raise _bad(key, f"no contract is chosen yet (b), so no card is played: leave {key} out")
        ledger = self._ledger()
        rest: list[int] = []
        if self.open:
            if "u" in f:
                raise _bad("u", "a découverte layout deals every card before the taking: leave u out")
            if self.pending:
                seat = next(iter(self.pending))
                raise _bad("sl", f"no card is played yet, so seat {seat} has no '-' slot (a card in the trick)")
            want = self.rules.hand_size
            self._check_open_retourne(self.hands, {}, True)
        elif self.taking:
            want = sum(deal_packets(self.rules))
            self._require(("u",), "before the taking is over")
            ledger.add("r", [self.retourne], "r")
            rest = _F.card_list("u", f["u"])
            ledger.add("u", rest, "u")
            left = len(self.pack) - 1 - n * want
            if len(rest) != left:
                raise _bad("u", f"{len(rest)} cards still to deal, expected {left}{ledger.short()}")
        else:
            want = sum(deal_packets(self.rules))
            if "u" in f:
                raise _bad(
                    "u", f"with bidding=auction all {len(self.pack)} cards are dealt before the bidding: leave u out"
                )
        self._sizes(want, {}, "while bidding", ledger.short())
        s.hands = [mask_of(h) for h in self.hands]
        s.rest = rest
        self._set_layout(s)
        s.scores_before = self._scores_before()
        return s

    def _set_layout(self, s: BeloteState) -> None:
        """The face-down cards and what lies under each card (découverte), replacing the stand-in's."""
        s.hidden = [mask_of(h) for h in self.hidden]
        s.under = [-1] * 32
        for c, d in self.under.items():
            s.under[c] = d

    def _check_open_retourne(self, hands: list[list[int]], in_trick: dict[int, int], bidding: bool) -> None:
        """Découverte: the retourne is the dealer's last face-up card, on a face-down one until played
        (then in the trick or taken)."""
        r, dealer = self.retourne, self.dealer
        name = card_str(r)
        for seat in range(self.n):
            if seat == dealer:
                continue
            if r in hands[seat] or r in self.hidden[seat] or in_trick.get(seat) == r:
                raise _bad(
                    "r",
                    f"the retourne {name} is the last card dealt, face up to the dealer (seat {dealer}), "
                    f"but seat {seat} has it",
                )
        if r in self.hidden[dealer]:
            raise _bad("r", f"the retourne {name} was dealt face up, but sl has it face down")
        if r in hands[dealer] and r not in self.under:
            raise _bad("sl", f"the retourne {name} lies on a face-down card until it is played: expected {name}D")
        if in_trick.get(dealer) == r and dealer not in self.pending:
            raise _bad(
                "sl",
                f"the dealer (seat {dealer}) played the retourne {name}, which lay on a face-down card: "
                "expected a slot -D for that card",
            )
        if bidding and r not in hands[dealer]:
            raise _bad("r", f"the retourne {name} is the dealer's (seat {dealer}) last face-up card, but sl lacks it")

    def _play(self, s: BeloteState) -> BeloteState:
        """A position once the contract is chosen (``s`` is the stand-in deal after the bidding)."""
        f, rules, first, n = self.f, self.rules, self.first, self.n
        contract, taker, trump = s.contract, s.taker, s.trump
        if self.phase == BIDDING:
            if taker < 0:
                raise _bad(
                    "phase",
                    f"trumps are the retourne's suit, {_contract_text(contract)} (decouverte_trump=fixed): "
                    "expected play:SEAT or over",
                )
            raise _bad(
                "phase",
                f"the bidding (b) is over, seat {taker} took in {_contract_text(contract)}: expected play:SEAT or over",
            )
        if "u" in f:
            raise _bad("u", "the cards still to deal were dealt when the contract was chosen (b): leave u out")
        self._require(("t", "k"), "once a contract is chosen (b)")
        leader, trick = _F.trick(f["t"], n, "1:JhTh")
        unit = self.unit
        parts = _F.parts("k", f["k"], self.units, unit + "s")
        taken = [_F.card_list("k", p, f"{unit} {i}") for i, p in enumerate(parts)]

        # ----- every card once, and the counts that follow from the tricks played
        ledger = self._ledger()
        ledger.add("t", trick, "t")
        for i, k in enumerate(taken):
            ledger.add("k", k, f"k {unit} {i}")
        if not _retourne_in_play(rules):
            ledger.add("r", [self.retourne], "r")
        bergere = -1
        if _has_bergere(rules):
            self._require(("bg",), "once the deal is completed after the taking (bergere=true)")
            bergere = _F.one_card("bg", f["bg"], "the bergère")
            ledger.add("bg", [bergere], "bg")
        elif "bg" in f:
            raise _bad("bg", "these rules show no bergère (bergere=false, or no undealt pack): leave bg out")
        out: list[int] = []
        out_count = _out_count(rules)
        if out_count > 0:
            self._require(("o",), f"once the deal is completed after the taking ({out_count} cards stay out of play)")
            out = _F.card_list("o", f["o"])
            ledger.add("o", out, "o")
            if len(out) != out_count:
                raise _bad("o", f"{len(out)} cards out of play, expected {out_count}{ledger.short()}")
        elif "o" in f:
            raise _bad("o", "these rules deal every card that is not shown: leave o out")
        short = ledger.short()
        won = tricks_by_team(_F, taken, n, short, unit)
        played = sum(won)
        tricks, cards_in_play = self.n_tricks, n * self.n_tricks
        if played > tricks:
            raise _bad("k", f"{played} tricks taken: a deal has {tricks}")
        if self.phase == OVER and played < tricks:
            raise _bad(
                "k",
                f"{played} of {tricks} tricks taken but the phase is over: expected all {cards_in_play} cards "
                f"in k{short}",
            )
        if self.phase == PLAY and played == tricks:
            raise _bad("phase", f"all {tricks} tricks are taken (k), so expected over")
        if trick and self.phase != PLAY:
            raise _bad("t", "a trick in progress means phase play, not over")
        in_trick = {(leader + j) % n: c for j, c in enumerate(trick)}
        self._sizes(tricks - played, in_trick, f"after {played} trick(s)", short)
        for seat, c in in_trick.items():
            if self.open and seat not in self.pending and self.slot_count[seat] >= _SLOTS:
                raise _bad(
                    "sl",
                    f"seat {seat} played {card_str(c)} to the trick in progress from a slot with nothing else "
                    f"(no -D slot), so that slot is empty: it has at most {_SLOTS - 1} others, "
                    f"not {self.slot_count[seat]}",
                )
        for seat, d in self.pending.items():
            if seat not in in_trick:
                raise _bad(
                    "sl",
                    f"seat {seat} has the slot -{card_str(d)} (under its card in the trick in progress), "
                    "but it has no card in the trick (t)",
                )
        hands = [mask_of(h) for h in self.hands]
        hidden = [mask_of(h) for h in self.hidden]
        gone = mask_of(trick)
        for k in taken:
            gone |= mask_of(k)

        # ----- the last winner, tricks per seat, and the seat to act
        last_winner = _F.last_winner(f, played, won, n, self.units)
        tricks_won = [0] * n
        if played == 0 and "tw" in f:
            raise _bad("tw", "no trick has been taken yet (k is empty): leave tw out")
        if played > 0:
            self._require(("tw",), f"after {played} trick(s)")
            for seat, p in enumerate(_F.parts("tw", f["tw"], n, "counts")):
                if not is_number(p) or int(p) > tricks:
                    raise _bad("tw", f"bad count {p!r} for seat {seat}: expected a number 0..{tricks}")
                tricks_won[seat] = int(p)
            for u in range(self.units):
                seats = [seat for seat in range(n) if seat % self.units == u]
                by_seats = sum(tricks_won[seat] for seat in seats)
                if by_seats != won[u]:
                    if len(seats) == 2:
                        raise _bad(
                            "tw",
                            f"seats {u} and {u + 2} won {by_seats} trick(s), but team {u} has taken {won[u]} (k)",
                        )
                    raise _bad("tw", f"seat {u} won {by_seats} trick(s), but it has taken {won[u]} (k)")
            if tricks_won[last_winner] == 0:
                raise _bad("tw", f"seat {last_winner} won the last trick (w), so it has won at least one")
        if trick:
            want_leader = first if played == 0 else last_winner
            if leader != want_leader:
                if played == 0:
                    why = f"the first trick is led by seat {first} (dealer {self.dealer})"
                else:
                    why = f"the trick is led by the last trick's winner (w={last_winner})"
                raise _bad("t", f"{why}, not seat {leader}")
            to_play = (leader + len(trick)) % n
        else:
            to_play = first if played == 0 else last_winner
        if self.phase == PLAY and self.cur != to_play:
            raise _bad("phase", f"seat {self.cur} to play, but it is seat {to_play}'s turn: expected play:{to_play}")

        # ----- the retourne: the taker's, out of play, or the dealer's (découverte)
        if self.open:
            self._check_open_retourne(self.hands, in_trick, False)
        elif self.taking and rules.taker_takes_retourne:
            bit = 1 << self.retourne
            for seat in range(n):
                played_it = in_trick.get(seat) == self.retourne
                if seat != taker and (hands[seat] & bit or played_it):
                    where = "played it in the trick" if played_it else "holds it"
                    raise _bad(
                        "r",
                        f"the retourne {card_str(self.retourne)} went to the taker, seat {taker} (b), "
                        f"but seat {seat} {where}",
                    )

        # ----- declarations
        declared: list[tuple[int, Declaration]] = []
        if "a" in f:
            declared = self._declarations(played, hands, gone, in_trick)

        # ----- belote
        holder, belote_played = -1, 0
        pair = (1 << (trump * 8 + KING)) | (1 << (trump * 8 + QUEEN)) if trump >= 0 else 0
        cards = [hands[seat] | hidden[seat] for seat in range(n)]
        if "bt" in f:
            if not rules.belote_rebelote:
                raise _bad("bt", "these rules have no belote (belote_rebelote=false)")
            if trump < 0:
                raise _bad("bt", f"a {_contract_text(contract)} contract has no trump suit, so no belote")
            seat_text, colon, count = f["bt"].partition(":")
            if not colon or not is_number(count) or int(count) > 2:
                raise _bad("bt", f"expected SEAT:N (the holder and how many of its 2 cards it played), got {f['bt']!r}")
            holder = _F.seat("bt", seat_text, n)
            belote_played = int(count)
            gone_pair = pair & ~cards[holder]
            if gone_pair.bit_count() != belote_played:
                what = "layout (sl)" if self.open else "hand (h)"
                raise _bad(
                    "bt",
                    f"seat {holder} has played {gone_pair.bit_count()} of the king and queen of trumps "
                    f"({_F.mask(pair)}), not {belote_played}: its {what} holds {_F.mask(pair & cards[holder])}",
                )
            for c in cards_of(gone_pair):
                if not gone >> c & 1:
                    raise _bad("bt", f"seat {holder} held {card_str(c)} when play began, and it is in another hand")
                by = next((seat for seat, x in in_trick.items() if x == c), holder)
                if by != holder:
                    raise _bad("bt", f"seat {holder} held {card_str(c)}, but seat {by} played it in the trick (t)")
        elif rules.belote_rebelote and trump >= 0:
            for seat in range(n):
                if cards[seat] & pair == pair:
                    raise _bad("bt", f"missing: seat {seat} holds the king and queen of trumps: expected bt={seat}:0")

        # ----- history
        history: list[tuple[int, int, tuple[int, ...]]] = []
        if "hist" in f:
            history = read_history(
                _F,
                f["hist"],
                played,
                n,
                first,
                lambda cards, lead: _trick_winner(contract, cards, lead, n),
                taken,
                last_winner,
                self.units,
                unit,
            )
            self._check_history(history, tricks_won, in_trick, taker, holder, pair, declared)

        # ----- build the state on the stand-in deal, whose bidding fields are right
        s.hands = hands
        s.rest = []
        self._set_layout(s)
        for seat, d in self.pending.items():
            s.under[in_trick[seat]] = d
        s.out = mask_of(out)
        s.bergere = bergere
        s.scores_before = self._scores_before()
        s.taken = [mask_of(k) for k in taken]
        points = CONTRACTS[contract].points
        s.card_points = [sum(points[c] for c in k) for k in taken]
        in_play = gone
        for m in cards:
            in_play |= m
        s.in_play = rules.last_trick_bonus + sum(points[c] for c in cards_of(in_play))
        if played == tricks:
            s.card_points[last_winner % self.units] += rules.last_trick_bonus
        s.tricks_won = tricks_won
        s.tricks_played = played
        s.last_winner = last_winner
        s.tricks = history
        s.declared = declared
        s.declared_seats = sum(1 << seat for seat in {seat for seat, _ in declared})
        s.decl_points = [0] * self.units
        if played > 0:
            s._settle_declarations()
        s.belote_seat = holder
        s.belote_played = belote_played - sum(1 for seat, c in in_trick.items() if seat == holder and pair >> c & 1)
        s.trick = []
        s.trick_best = s.trick_best_seat = -1
        s._lm = -1  # the engine's legal-card cache: nothing computed yet for this position
        if trick:
            # Replay the trick from the hands before it: this sets the best card and checks each play.
            s.phase = PLAY
            replay_trick(_F, s, leader, trick, n)
        else:
            s.phase = self.phase
            s.cur = self.cur
            s.leader = to_play
        s.known = _known(s)
        return s

    def _declarations(
        self, played: int, hands: list[int], gone: int, in_trick: dict[int, int]
    ) -> list[tuple[int, Declaration]]:
        """The ``a`` field: each seat's declarations, checked against what its hand held."""
        if not self.rules.declarations:
            raise _bad("a", "these rules have no declarations (declarations=false)")
        n = self.n
        declared: list[tuple[int, Declaration]] = []
        seen = 0
        last = -1
        for item in self.f["a"].split(","):
            seat_text, colon, cards_text = item.partition(":")
            if not colon:
                raise _bad("a", f"bad declaration {item!r}: expected SEAT:CARDS such as 2:9hThJh")
            seat = _F.seat("a", seat_text, n)
            if seen >> seat & 1:
                raise _bad("a", f"seat {seat} declares twice: a seat declares once, all its declarations together")
            order = (seat - self.first) % n
            if order < last:
                raise _bad(
                    "a",
                    f"seat {seat} declares after a later seat: declarations come in playing order "
                    f"from seat {self.first}",
                )
            cards = _F.card_list("a", cards_text, f"seat {seat}")
            mask = mask_of(cards)
            group = find(mask)
            covered = 0
            for d in group:
                covered |= d[4]
            if not cards or covered != mask:
                raise _bad(
                    "a",
                    f"seat {seat} declares {_F.cards(cards)}, but {_F.mask(mask & ~covered) if cards else 'nothing'} "
                    "makes no sequence of three or more in one suit nor carré",
                )
            for c in cards:
                if not (hands[seat] | gone) >> c & 1:
                    raise _bad("a", f"seat {seat} declares {card_str(c)}, which is in another seat's hand (h)")
            if played == 0:
                if seat not in in_trick and seat != self.cur:
                    raise _bad(
                        "a",
                        f"seat {seat} has not had its turn in the first trick: a seat declares on its turn, "
                        "before its card",
                    )
                full = hands[seat] | (1 << in_trick[seat] if seat in in_trick else 0)
                held = find(full)
            elif self.open:
                # Cards turned up since the first trick were not in the hand it declared from: what
                # it held then is not known, beyond the declared cards themselves.
                full, held = mask, group
            else:
                full = hands[seat] | mask
                held = find(full)
            if held != group:
                expected = 0
                for d in held:
                    expected |= d[4]
                raise _bad(
                    "a",
                    f"seat {seat} declares all the sequences and carrés of its hand at once: "
                    f"with {_F.mask(full)} that is {seat}:{_F.mask(expected)}",
                )
            declared.extend((seat, d) for d in group)
            seen |= 1 << seat
            last = order
        return declared

    def _check_history(
        self,
        tricks: list[tuple[int, int, tuple[int, ...]]],
        tricks_won: list[int],
        in_trick: dict[int, int],
        taker: int,
        holder: int,
        pair: int,
        declared: list[tuple[int, Declaration]],
    ) -> None:
        """Who played each card of ``hist`` agrees with ``tw``, the retourne, the belote and the declarations."""
        n = self.n
        by_seat = [0] * n
        played_by = {c: seat for seat, c in in_trick.items()}
        for lead, win, cards in tricks:
            by_seat[win] += 1
            for j, c in enumerate(cards):
                played_by[c] = (lead + j) % n
        if by_seat != tricks_won:
            raise _bad("hist", f"the tricks give {'/'.join(map(str, by_seat))} tricks won per seat, but tw differs")
        owners: list[tuple[int, int, str]] = [(seat, d[4], "declared") for seat, d in declared]
        if self.open:
            owners.append((self.dealer, 1 << self.retourne, "was dealt the retourne"))
        elif self.taking and self.rules.taker_takes_retourne:
            owners.append((taker, 1 << self.retourne, "took the retourne"))
        if holder >= 0:
            owners.append((holder, pair, "held the belote"))
        for seat, mask, why in owners:
            for c in cards_of(mask):
                if played_by.get(c, seat) != seat:
                    raise _bad("hist", f"seat {seat} {why} {card_str(c)}, but seat {played_by[c]} played it")


def _known(s: BeloteState) -> list[int]:
    """The cards each seat is known to hold, as the engine keeps them (see the module docstring)."""
    rules = s.rules
    known = [0] * s.n
    if s.retourne >= 0 and s.taker >= 0 and rules.taker_takes_retourne and not _open(rules):
        known[s.taker] |= 1 << s.retourne
    if s.tricks_played > 0 and s.decl_team >= 0:
        for seat, d in s.declared:
            if s.side_of(seat) == s.decl_team:
                known[seat] |= d[4]
    if s.belote_seat >= 0 and s.belote_played > 0:
        known[s.belote_seat] |= (1 << (s.trump * 8 + KING)) | (1 << (s.trump * 8 + QUEEN))
    return [known[seat] & s.hands[seat] for seat in range(s.n)]


def from_notation(text: str) -> BeloteState:
    """Read a position string into a new state; raises :class:`NotationError` if it is bad."""
    return _Reader(text).read()
