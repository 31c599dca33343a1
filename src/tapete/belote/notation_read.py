"""Reading a Belote position string: one named check after another (see :mod:`tapete.belote.notation`).

:func:`read_position` runs :class:`_Reader`'s steps in a fixed order. Each step
reads or checks one field (or a few that only make sense together) and raises
the :class:`~tapete.core.errors.NotationError` of the field it finds wrong, so
the first wrong field met is the one reported. The bidding (``b``) is replayed
on a stand-in deal first: it decides whether the position is one before any
card (:meth:`_Reader._bidding`) or one in play (:meth:`_Reader._play`).

>>> read_position("classique d0 bidding:1 h=7hJhQhQd8c/8hKh7dAd7c/8sKs9hTcJc/TsQsAsKdQc r=7s "
...     "u=9c9sKcJdAcTdThJs8d9dAh b=-").current_player
1
>>> read_position("classique d0 bidding:2 h=- b=-")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tapete.core.errors.NotationError: bad position, field r (retourne): missing: with bidding=taking, ...
"""

from __future__ import annotations

from typing import Final

from tapete.belote.actions import parse_action
from tapete.belote.declarations import Declaration, find
from tapete.belote.rules import BeloteRules
from tapete.belote.state import BIDDING, OVER, PHASE_NAMES, PLAY, BeloteState, deal_packets, pack_of, unit_count
from tapete.belote.tables import CONTRACT_NAMES, CONTRACTS, tables_for
from tapete.core.cards.deck import cards_of, mask_of
from tapete.core.cards.french import KING, QUEEN, card_str, parse_card
from tapete.core.errors import IllegalActionError
from tapete.core.position_fields import (
    HEAD_FIELDS,
    CardLedger,
    PositionFields,
    is_number,
    read_history,
    read_rules,
    replay_trick,
    tricks_by_team,
)
from tapete.core.tricks import holder

__all__ = ["FIELDS", "F", "has_bergere", "is_open", "out_count", "pack_name", "read_position", "rules_from_notation"]

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

#: Belote's fields and card spelling, with the readers that name them in their errors.
F: Final = PositionFields(
    FIELDS,
    _KEYS,
    card_pattern=r"(?:10|[789TJQKAVDR])[shdc♠♥♦♣♤♡♢♧]",
    card_hint="cards written together like JhTh9h (rank 7, 8, 9, T, J, Q, K or A, then suit s, h, d or c), or '-'",
    card_str=card_str,
    parse_card=parse_card,
    usage="'<rules> d<dealer> <phase> h=... b=...' (see tapete.belote.notation for the grammar)",
)
_bad = F.bad


# ====================================================================== the rules' geometry
def is_open(rules: BeloteRules) -> bool:
    """Découverte: each seat's cards lie face up on face-down ones (``sl`` instead of ``h``)."""
    return rules.layout == "decouverte"


def out_count(rules: BeloteRules) -> int:
    """Cards left face down out of play once the deal is completed (``o``): 12 in belote à deux."""
    if is_open(rules) or rules.bidding != "taking":
        return 0
    kept = rules.players * rules.hand_size + (0 if rules.taker_takes_retourne else 1) + (1 if rules.bergere else 0)
    return len(pack_of(rules)) - kept


def has_bergere(rules: BeloteRules) -> bool:
    """Whether the deal shows a bergère (``bg``): the bottom card of the undealt pack (belote à deux)."""
    return rules.bergere and not is_open(rules) and rules.bidding == "taking"


def _retourne_in_play(rules: BeloteRules) -> bool:
    """Whether the retourne is dealt into a hand (the taker's, or the dealer's layout in découverte)."""
    return is_open(rules) or rules.taker_takes_retourne


def pack_name(rules: BeloteRules) -> str:
    """The pack the rules play with, for messages about a card outside it."""
    if rules.deck == "24":
        return "these rules play with 24 cards (deck=24: no 7s or 8s)"
    return "these rules play with 32 cards"


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
        dealt = len(pack) - 1 if is_open(rules) else rules.players * sum(deal_packets(rules))
        deck = deck[:dealt] + [retourne] + deck[dealt:]
    state = BeloteState.new_deal(rules, deck, dealer=dealer)
    for i, (text, action) in enumerate(calls):
        if state.phase != BIDDING:
            raise _bad("b", f"call {i + 1} ({text}) comes after the bidding is over: it ended with call {i}")
        if action not in state.legal_actions():
            raise _bad("b", f"call {i + 1} ({text}): {state.why_illegal(action)}")
        state.apply_action(action)
    return state


def _carre_options(rules: BeloteRules) -> tuple[bool, bool]:
    """``find``'s carré options under these rules: low carrés, natural order."""
    return rules.low_carres == "rank", rules.carre_order == "natural"


def _trick_winner(contract: int, cards: list[int], leader: int, n: int) -> int:
    t = CONTRACTS[contract]
    return holder([((leader + i) % n, c) for i, c in enumerate(cards)], t.trump, t.trick)[0]


def _contract_text(contract: int) -> str:
    return CONTRACT_NAMES[contract]


def read_position(text: str) -> BeloteState:
    """Read a position string into a new state; raises :class:`NotationError` if it is bad."""
    return _Reader(text).read()


class _Reader:
    """Reads one position string in named steps (see :meth:`read`), keeping what each step found."""

    # ----- the cards held, the retourne
    hands: list[list[int]]
    retourne: int
    # ----- a deal in play: the contract, the cards, the counts, the turn
    contract: int
    window: bool
    taker: int
    trump: int
    leader: int
    trick: list[int]
    taken: list[list[int]]
    bergere: int
    out: list[int]
    #: ``'; cards found nowhere: ...'`` while some card is in no field, for the count errors.
    short: str
    won: list[int]
    played: int
    in_trick: dict[int, int]
    hand_masks: list[int]
    hidden_masks: list[int]
    #: Every card each seat holds, face up or face down.
    held: list[int]
    gone: int
    last_winner: int
    tricks_won: list[int]
    to_play: int
    declared: list[tuple[int, Declaration]]
    holder: int
    belote_played: int
    pair: int
    history: list[tuple[int, int, tuple[int, ...]]]

    def __init__(self, text: str) -> None:
        """The head tokens (rules, dealer, phase) and the fields split (errors: their fields)."""
        head, self.f = F.split(text)
        self.rules = rules = rules_from_notation(head[0])
        self.n = n = rules.players
        self.units = unit_count(n)
        #: What one scoring unit is called in messages.
        self.unit = "team" if self.units < n else "seat"
        self.pack = pack_of(rules)
        self.n_tricks = rules.hand_size
        self.taking = rules.bidding == "taking"
        self.open = is_open(rules)
        self.dealer = F.dealer(head[1], n)
        self.first = (self.dealer + 1) % n
        self.phase, self.cur = self._phase(head[2])
        #: Découverte: the face-down cards of each seat, the card under each face-up card, and the
        #: face-down card under each seat's card in the trick in progress (a '-D' slot).
        self.hidden: list[list[int]] = [[] for _ in range(n)]
        self.under: dict[int, int] = {}
        self.pending: dict[int, int] = {}
        self.slot_count = [0] * n

    def _phase(self, tok: str) -> tuple[int, int]:
        """The phase token and its seat (errors: ``phase``)."""
        name, colon, seat = tok.partition(":")
        if name in ("bidding", "play") and colon:
            return PHASE_NAMES.index(name), F.seat("phase", seat, self.n)
        if tok == "over":
            return OVER, -1
        raise _bad("phase", f"bad phase {tok!r}: expected bidding:SEAT, play:SEAT or over")

    def _require(self, keys: tuple[str, ...], when: str) -> None:
        """Each of ``keys`` is written (errors: the first missing one)."""
        for key in keys:
            if key not in self.f:
                needed = f"the fields {', '.join(keys)} are" if len(keys) > 1 else f"the field {key} is"
                raise _bad(key, f"missing: {when}, {needed} required")

    def _scores_before(self) -> tuple[int, ...]:
        """The match context (``ctx``): each unit's score before the deal (errors: ``ctx``)."""
        units = self.units
        if "ctx" not in self.f:
            return (0,) * units
        items = self.f["ctx"].split(",")
        if len(items) != units or not all(is_number(x) for x in items):
            form = ",".join("ABCD"[:units])
            raise _bad("ctx", f"expected {form} (the {self.unit} scores before the deal), got {self.f['ctx']!r}")
        return tuple(int(x) for x in items)

    def _calls(self) -> list[tuple[str, int]]:
        """The calls of the bidding (``b``), each a call of these rules (errors: ``b``)."""
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
        for seat, part in enumerate(F.parts("sl", self.f["sl"], self.n, "layouts")):
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
                    cards = F.card_list("sl", slot[1:] or "?", where)
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
                cards = F.card_list("sl", slot or "?", where)
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
        ledger = F.ledger(32, self.pack, pack_name(self.rules))
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
            F.hand_sizes(held, base, in_trick, when, short, "sl")
        else:
            F.hand_sizes(self.hands, base, in_trick, when, short)

    # ------------------------------------------------------------ reading

    # ------------------------------------------------------------ reading
    def read(self) -> BeloteState:
        """Every check in order: the cards held, the retourne, the bidding replayed, then either the
        position before any card (:meth:`_bidding`) or the one in play (:meth:`_play`)."""
        self._read_hands()
        self._read_retourne()
        scratch = _replay_bidding(self.rules, self.dealer, self.retourne, self._calls())
        if scratch.phase == PLAY or scratch.contract >= 0:
            return self._play(scratch)
        return self._bidding(scratch)

    def _read_hands(self) -> None:
        """The required keys of the rules' layout, and the hands (``h``) or the découverte layouts (``sl``)."""
        f = self.f
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
            parts = F.parts("h", f["h"], self.n, "hands")
            self.hands = [F.card_list("h", p, f"seat {i}") for i, p in enumerate(parts)]

    def _read_retourne(self) -> None:
        """The retourne (``r``): there iff the rules bid by the taking, one card of the pack (errors: ``r``)."""
        f = self.f
        if not self.taking and "r" in f:
            raise _bad("r", "only the taking has a retourne, and these rules bid by auction (bidding=auction)")
        self.retourne = F.one_card("r", f["r"], "the retourne") if self.taking else -1
        if self.taking and self.retourne not in self.pack:
            raise _bad("r", f"card {card_str(self.retourne)} is not in the pack: {pack_name(self.rules)}")

    # ------------------------------------------------------------ a deal before any card
    def _bidding(self, s: BeloteState) -> BeloteState:
        """A position before any card is played: the bidding goes on, or everybody passed."""
        self._check_phase_in_bidding(s)
        ledger = self._ledger()
        want, rest = self._read_undealt(ledger)
        self._sizes(want, {}, "while bidding", ledger.short())
        s.hands = [mask_of(h) for h in self.hands]
        s.rest = rest
        self._set_layout(s)
        s.scores_before = self._scores_before()
        return s

    def _check_phase_in_bidding(self, s: BeloteState) -> None:
        """The phase names the seat the bidding (``b``) gives, or over when everybody passed (errors:
        ``phase``); no field of a deal in play is written (errors: that field)."""
        if s.phase == BIDDING and self.phase != BIDDING:
            raise _bad("phase", f"the bidding (b) goes on with seat {s.cur} to speak: expected bidding:{s.cur}")
        if s.phase == BIDDING and self.cur != s.cur:
            raise _bad(
                "phase", f"seat {self.cur} to speak, but the bidding (b) gives seat {s.cur}: expected bidding:{s.cur}"
            )
        if s.phase == OVER and self.phase != OVER:
            raise _bad("phase", "everybody passed (b): the deal is void and over, expected over")
        for key in _PLAY_KEYS:
            if key in self.f:
                if key in ("bg", "o"):
                    raise _bad(key, "no contract is chosen yet (b), so the deal is not completed: leave it out")
                raise _bad(key, f"no contract is chosen yet (b), so no card is played: leave {key} out")

    def _read_undealt(self, ledger: CardLedger) -> tuple[int, list[int]]:
        """The cards still to deal (``u``): written iff the taking deals more after it, the right count
        (errors: ``u``); in découverte no '-D' slot yet and the retourne the dealer's (errors: ``sl``, ``r``).
        Gives the hand size while bidding and the cards still to deal."""
        f, n = self.f, self.n
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
            rest = F.card_list("u", f["u"])
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
        return want, rest

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

    # ------------------------------------------------------------ a deal in play
    def _play(self, s: BeloteState) -> BeloteState:
        """A position once the contract is chosen (``s`` is the stand-in deal after the bidding)."""
        self.contract, self.taker, self.trump = s.contract, s.taker, s.trump
        #: classic_coinche: taken, the deal completed, the opponents (or takers) still to speak.
        self.window = s.phase == BIDDING
        self._check_phase_after_bidding(s.cur)
        self._read_play_cards()
        self._check_play_ledger()
        self._count_tricks()
        self._check_hands_in_play()
        self._read_tricks_won()
        self._find_turn()
        self._check_retourne_holder()
        self._read_declarations()
        self._read_belote()
        self._read_history()
        return self._build_play(s)

    def _check_phase_after_bidding(self, to_speak: int) -> None:
        """Once the bidding is over the phase is play or over (errors: ``phase``), nothing is left to deal
        (errors: ``u``), and the trick and the cards taken are written (errors: ``t``, ``k``). In the
        coinche window after a take (``classic_coinche``) the phase names the seat the calls give, and no
        card is played yet (errors: ``phase``, ``k``, ``t``, ``a``)."""
        contract, taker = self.contract, self.taker
        if self.window:
            self._check_window(to_speak)
        elif self.phase == BIDDING:
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
        if "u" in self.f:
            raise _bad("u", "the cards still to deal were dealt when the contract was chosen (b): leave u out")
        self._require(("t", "k"), "once a contract is chosen (b)")

    def _check_window(self, to_speak: int) -> None:
        """The coinche window: ``bidding:`` the seat to speak, and nothing played or declared yet."""
        if self.phase != BIDDING or self.cur != to_speak:
            raise _bad(
                "phase",
                f"seat {self.taker} took (b) and seat {to_speak} speaks before the first card "
                f"(classic_coinche): expected bidding:{to_speak}",
            )
        for key in ("w", "tw", "a", "hist"):
            if key in self.f:
                raise _bad(key, "the coinche is spoken before the first card (b): leave it out")

    def _read_play_cards(self) -> None:
        """The trick in progress (``t``) and the cards each unit has taken (``k``), for form."""
        self.leader, self.trick = F.trick(self.f["t"], self.n, "1:JhTh")
        parts = F.parts("k", self.f["k"], self.units, self.unit + "s")
        self.taken = [F.card_list("k", p, f"{self.unit} {i}") for i, p in enumerate(parts)]

    def _check_play_ledger(self) -> None:
        """No card in two places, the bergère (``bg``) and the cards out of play (``o``) there iff the rules
        leave them, with the right count (errors: the field of the card's second place, ``bg``, ``o``)."""
        f, rules = self.f, self.rules
        ledger = self._ledger()
        ledger.add("t", self.trick, "t")
        for i, k in enumerate(self.taken):
            ledger.add("k", k, f"k {self.unit} {i}")
        if not _retourne_in_play(rules):
            ledger.add("r", [self.retourne], "r")
        self.bergere = -1
        if has_bergere(rules):
            self._require(("bg",), "once the deal is completed after the taking (bergere=true)")
            self.bergere = F.one_card("bg", f["bg"], "the bergère")
            ledger.add("bg", [self.bergere], "bg")
        elif "bg" in f:
            raise _bad("bg", "these rules show no bergère (bergere=false, or no undealt pack): leave bg out")
        self.out = []
        count = out_count(rules)
        if count > 0:
            self._require(("o",), f"once the deal is completed after the taking ({count} cards stay out of play)")
            self.out = F.card_list("o", f["o"])
            ledger.add("o", self.out, "o")
            if len(self.out) != count:
                raise _bad("o", f"{len(self.out)} cards out of play, expected {count}{ledger.short()}")
        elif "o" in f:
            raise _bad("o", "these rules deal every card that is not shown: leave o out")
        self.short = ledger.short()

    def _count_tricks(self) -> None:
        """Tricks won by each unit from ``k``: whole tricks, at most a deal's, all of them iff the phase is over
        (errors: ``k``, ``phase``); a trick in progress only in play (errors: ``t``)."""
        self.won = tricks_by_team(F, self.taken, self.n, self.short, self.unit)
        self.played = played = sum(self.won)
        tricks, cards_in_play = self.n_tricks, self.n * self.n_tricks
        if played > tricks:
            raise _bad("k", f"{played} tricks taken: a deal has {tricks}")
        if self.window and played:
            raise _bad("k", "the coinche is spoken before the first card (b): no trick is taken yet")
        if self.phase == OVER and played < tricks:
            raise _bad(
                "k",
                f"{played} of {tricks} tricks taken but the phase is over: expected all {cards_in_play} cards "
                f"in k{self.short}",
            )
        if self.phase == PLAY and played == tricks:
            raise _bad("phase", f"all {tricks} tricks are taken (k), so expected over")
        if self.trick and self.phase != PLAY:
            raise _bad("t", "a trick in progress means phase play, not over")

    def _check_hands_in_play(self) -> None:
        """Every seat's cards fit the tricks played (errors: ``h`` or ``sl``), and in découverte the slot of
        each card in the trick (errors: ``sl``); notes the cards in hand and the cards gone."""
        n, leader = self.n, self.leader
        self.in_trick = in_trick = {(leader + j) % n: c for j, c in enumerate(self.trick)}
        self._sizes(self.n_tricks - self.played, in_trick, f"after {self.played} trick(s)", self.short)
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
        self.hand_masks = [mask_of(h) for h in self.hands]
        self.hidden_masks = [mask_of(h) for h in self.hidden]
        self.gone = mask_of(self.trick)
        for k in self.taken:
            self.gone |= mask_of(k)

    def _read_tricks_won(self) -> None:
        """The last trick's winner (``w``) and the tricks won by each seat (``tw``), adding up to each unit's
        (errors: ``w``, ``tw``)."""
        f, n, played, won = self.f, self.n, self.played, self.won
        self.last_winner = F.last_winner(f, played, won, n, self.units)
        self.tricks_won = [0] * n
        if played == 0 and "tw" in f:
            raise _bad("tw", "no trick has been taken yet (k is empty): leave tw out")
        if played == 0:
            return
        self._require(("tw",), f"after {played} trick(s)")
        for seat, p in enumerate(F.parts("tw", f["tw"], n, "counts")):
            if not is_number(p) or int(p) > self.n_tricks:
                raise _bad("tw", f"bad count {p!r} for seat {seat}: expected a number 0..{self.n_tricks}")
            self.tricks_won[seat] = int(p)
        for u in range(self.units):
            seats = [seat for seat in range(n) if seat % self.units == u]
            by_seats = sum(self.tricks_won[seat] for seat in seats)
            if by_seats != won[u]:
                if len(seats) == 2:
                    raise _bad(
                        "tw",
                        f"seats {u} and {u + 2} won {by_seats} trick(s), but team {u} has taken {won[u]} (k)",
                    )
                raise _bad("tw", f"seat {u} won {by_seats} trick(s), but it has taken {won[u]} (k)")
        if self.tricks_won[self.last_winner] == 0:
            raise _bad("tw", f"seat {self.last_winner} won the last trick (w), so it has won at least one")

    def _find_turn(self) -> None:
        """The leader of a trick in progress (errors: ``t``) and the seat to play, which the phase names
        (errors: ``phase``)."""
        first, played, last_winner, leader = self.first, self.played, self.last_winner, self.leader
        if self.trick:
            want_leader = first if played == 0 else last_winner
            if leader != want_leader:
                if played == 0:
                    why = f"the first trick is led by seat {first} (dealer {self.dealer})"
                else:
                    why = f"the trick is led by the last trick's winner (w={last_winner})"
                raise _bad("t", f"{why}, not seat {leader}")
            self.to_play = (leader + len(self.trick)) % self.n
        else:
            self.to_play = first if played == 0 else last_winner
        if self.phase == PLAY and self.cur != self.to_play:
            raise _bad(
                "phase", f"seat {self.cur} to play, but it is seat {self.to_play}'s turn: expected play:{self.to_play}"
            )

    def _check_retourne_holder(self) -> None:
        """The retourne is where the rules put it: the taker's, out of play, or the dealer's in découverte
        (errors: ``r``, ``sl``)."""
        if self.open:
            self._check_open_retourne(self.hands, self.in_trick, False)
        elif self.taking and self.rules.taker_takes_retourne:
            bit = 1 << self.retourne
            for seat in range(self.n):
                played_it = self.in_trick.get(seat) == self.retourne
                if seat != self.taker and (self.hand_masks[seat] & bit or played_it):
                    where = "played it in the trick" if played_it else "holds it"
                    raise _bad(
                        "r",
                        f"the retourne {card_str(self.retourne)} went to the taker, seat {self.taker} (b), "
                        f"but seat {seat} {where}",
                    )

    def _read_declarations(self) -> None:
        """The declarations (``a``), if written: see :meth:`_declarations` (errors: ``a``)."""
        self.declared = []
        if "a" in self.f:
            self.declared = self._declarations(self.played, self.hand_masks, self.gone, self.in_trick)

    def _read_belote(self) -> None:
        """The belote (``bt``): allowed by the rules and the contract, held by one seat when play began, its
        count of the king and queen of trumps played right; required when a seat holds both (errors: ``bt``)."""
        f, rules, n, trump = self.f, self.rules, self.n, self.trump
        self.holder, self.belote_played = -1, 0
        self.pair = pair = (1 << (trump * 8 + KING)) | (1 << (trump * 8 + QUEEN)) if trump >= 0 else 0
        self.held = cards = [self.hand_masks[seat] | self.hidden_masks[seat] for seat in range(n)]
        if "bt" not in f:
            if rules.belote_rebelote and trump >= 0:
                for seat in range(n):
                    if cards[seat] & pair == pair:
                        raise _bad(
                            "bt", f"missing: seat {seat} holds the king and queen of trumps: expected bt={seat}:0"
                        )
            return
        if not rules.belote_rebelote:
            raise _bad("bt", "these rules have no belote (belote_rebelote=false)")
        if trump < 0:
            raise _bad("bt", f"a {_contract_text(self.contract)} contract has no trump suit, so no belote")
        seat_text, colon, count = f["bt"].partition(":")
        if not colon or not is_number(count) or int(count) > 2:
            raise _bad("bt", f"expected SEAT:N (the holder and how many of its 2 cards it played), got {f['bt']!r}")
        self.holder = holder = F.seat("bt", seat_text, n)
        self.belote_played = int(count)
        gone_pair = pair & ~cards[holder]
        if gone_pair.bit_count() != self.belote_played:
            what = "layout (sl)" if self.open else "hand (h)"
            raise _bad(
                "bt",
                f"seat {holder} has played {gone_pair.bit_count()} of the king and queen of trumps "
                f"({F.mask(pair)}), not {self.belote_played}: its {what} holds {F.mask(pair & cards[holder])}",
            )
        for c in cards_of(gone_pair):
            if not self.gone >> c & 1:
                raise _bad("bt", f"seat {holder} held {card_str(c)} when play began, and it is in another hand")
            by = next((seat for seat, x in self.in_trick.items() if x == c), holder)
            if by != holder:
                raise _bad("bt", f"seat {holder} held {card_str(c)}, but seat {by} played it in the trick (t)")

    def _read_history(self) -> None:
        """The completed tricks (``hist``), each won as its cards say, agreeing with ``k``, ``w``, ``tw`` and who
        held the retourne, the belote and the declared cards (errors: ``hist``)."""
        self.history = []
        if "hist" not in self.f:
            return
        contract, n = self.contract, self.n
        self.history = read_history(
            F,
            self.f["hist"],
            self.played,
            n,
            self.first,
            lambda cards, lead: _trick_winner(contract, cards, lead, n),
            self.taken,
            self.last_winner,
            self.units,
            self.unit,
        )
        self._check_history(
            self.history, self.tricks_won, self.in_trick, self.taker, self.holder, self.pair, self.declared
        )

    def _build_play(self, s: BeloteState) -> BeloteState:
        """The stand-in deal (whose bidding fields are right) given every field read; a trick in progress is
        replayed from the hands before it, which sets its best card and checks each play (errors: ``t``)."""
        rules, in_trick = self.rules, self.in_trick
        s.hands = self.hand_masks
        s.rest = []
        self._set_layout(s)
        for seat, d in self.pending.items():
            s.under[in_trick[seat]] = d
        s.out = mask_of(self.out)
        s.bergere = self.bergere
        s.scores_before = self._scores_before()
        s.taken = [mask_of(k) for k in self.taken]
        points = tables_for(rules.sa_ta_points, self.contract).points
        s.card_points = [sum(points[c] for c in k) for k in self.taken]
        in_play = self.gone
        for m in self.held:
            in_play |= m
        s.in_play = rules.last_trick_bonus + sum(points[c] for c in cards_of(in_play))
        if self.played == self.n_tricks:
            s.card_points[self.last_winner % self.units] += rules.last_trick_bonus
        s.tricks_won = self.tricks_won
        s.tricks_played = self.played
        s.last_winner = self.last_winner
        s.tricks = self.history
        s.declared = self.declared
        s.declared_seats = sum(1 << seat for seat in {seat for seat, _ in self.declared})
        s.decl_points = [0] * self.units
        if self.played > 0:
            s._settle_declarations()
        s.belote_seat = self.holder
        s.belote_played = self.belote_played - sum(
            1 for seat, c in in_trick.items() if seat == self.holder and self.pair >> c & 1
        )
        s.trick = []
        s.trick_best = s.trick_best_seat = -1
        s._lm = -1  # the engine's legal-card cache: nothing computed yet for this position
        if self.trick:
            s.phase = PLAY
            replay_trick(F, s, self.leader, self.trick, self.n)
        else:
            s.phase = self.phase
            s.cur = self.cur
            s.leader = self.to_play
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
            seat = F.seat("a", seat_text, n)
            if seen >> seat & 1:
                raise _bad("a", f"seat {seat} declares twice: a seat declares once, all its declarations together")
            order = (seat - self.first) % n
            if order < last:
                raise _bad(
                    "a",
                    f"seat {seat} declares after a later seat: declarations come in playing order "
                    f"from seat {self.first}",
                )
            cards = F.card_list("a", cards_text, f"seat {seat}")
            mask = mask_of(cards)
            group = find(mask, *_carre_options(self.rules))
            covered = 0
            for d in group:
                covered |= d[4]
            if not cards or covered != mask:
                raise _bad(
                    "a",
                    f"seat {seat} declares {F.cards(cards)}, but {F.mask(mask & ~covered) if cards else 'nothing'} "
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
                held = find(full, *_carre_options(self.rules))
            elif self.open:
                # Cards turned up since the first trick were not in the hand it declared from: what
                # it held then is not known, beyond the declared cards themselves.
                full, held = mask, group
            else:
                full = hands[seat] | mask
                held = find(full, *_carre_options(self.rules))
            if held != group:
                expected = 0
                for d in held:
                    expected |= d[4]
                raise _bad(
                    "a",
                    f"seat {seat} declares all the sequences and carrés of its hand at once: "
                    f"with {F.mask(full)} that is {seat}:{F.mask(expected)}",
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
    if s.retourne >= 0 and s.taker >= 0 and rules.taker_takes_retourne and not is_open(rules):
        known[s.taker] |= 1 << s.retourne
    if s.tricks_played > 0 and s.decl_team >= 0:
        for seat, d in s.declared:
            if s.side_of(seat) == s.decl_team:
                known[seat] |= d[4]
    if s.belote_seat >= 0 and s.belote_played > 0:
        known[s.belote_seat] |= (1 << (s.trump * 8 + KING)) | (1 << (s.trump * 8 + QUEEN))
    return [known[seat] & s.hands[seat] for seat in range(s.n)]
