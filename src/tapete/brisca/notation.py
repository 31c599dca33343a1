"""Position notation: one line of text for a whole Brisca deal position.

Like chess FEN, a position string holds everything needed to rebuild a
:class:`~tapete.brisca.state.BriscaState` with the same legal actions and the
same future: the rules, every hand, the stock in draw order, the muestra, the
trick in progress, what each side has taken, the exchanges and the cards
publicly known. :func:`to_notation` writes one, :func:`from_notation` reads
one and checks that it describes a position the rules can reach; anything
else raises :class:`~tapete.core.errors.NotationError` naming the field.

Grammar (fields separated by single spaces, sub-parts by ``/``)::

    position := RULES ' ' DEALER ' ' PHASE (' ' KEY '=' VALUE)*
    RULES    := PRESET ['{' OPTION '=' VALUE (',' OPTION '=' VALUE)* '}']
                e.g. brisca, brisca-2p{exchange_card=seven_or_two}
    DEALER   := 'd' SEAT
    PHASE    := 'play:' SEAT          seat SEAT plays a card (or takes the muestra)
              | 'over'                all tricks played
    CARDS    := '-' | CARD+           cards written together, e.g. 1o3oRo (Spanish rank 1-7 S C R
                                      then suit o c e b; see tapete.core.cards)

Keys, always written in this order (the first six are required)::

    h=CARDS/CARDS[/CARDS/CARDS]  each seat's hand (seat 0 first), cards in id order
    s=CARDS                      the face-down stock, the next card to be drawn first
    tr=SUIT                      trump suit letter (o c e b)
    m=CARD | m=-                 the face-up muestra, '-' once drawn
    t=- | t=SEAT:CARDS           trick in progress: its leader, then its cards in playing order
    k=CARDS/CARDS                cards taken by side 0 / side 1 (each trick adds `players` cards)
    w=SEAT                       winner of the last trick; present iff a trick has been played
    x=SEAT:GIVEN TAKEN,...       exchanges in order: the seat, the trump it gave, the muestra it
                                 took (two cards written together, e.g. 1:7o1o)
    v=CARDS/CARDS[/CARDS/CARDS]  cards each seat is publicly known to hold (a muestra it took);
                                 written if any
    ctx=A,B                      deals won (or points) of side 0 and 1 before this deal;
                                 written unless 0,0
    hist=CARDS/CARDS/...         completed tricks in order; only with ``to_notation(state, history=True)``

Card points, tricks won and played follow from ``k``; the best card of the
trick from ``t``. Without ``hist`` the state's ``tricks`` list is empty; the
legal actions and the future of the deal do not depend on it.

>>> from tapete.brisca.rules import BriscaRules
>>> from tapete.brisca.state import BriscaState
>>> state = BriscaState.new_deal(BriscaRules.preset("brisca-2p"), seed=3, dealer=0)
>>> state.play("Cc")
>>> text = to_notation(state)
>>> for field in text.split():
...     print(field)
brisca-2p
d0
play:0
h=4o5c2b/6o7e
s=6b4cRo3o2o1c3b2c2e7cRcCe4b1e3c6e5eReRb3e7oSoSc7bCb1o5o1b4eCo5bSb6c
tr=e
m=Se
t=1:Cc
k=-/-
>>> to_notation(from_notation(text)) == text
True
>>> from_notation(text.replace("m=Se", "m=So"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tapete.core.errors.NotationError: bad position, field m (muestra): the muestra So is not of the trump suit tr=e
"""

from __future__ import annotations

from typing import Final

from tapete.brisca.rules import BriscaRules
from tapete.brisca.state import HAND_SIZE, OVER, PLAY, BriscaState
from tapete.brisca.tables import Tables, tables_for
from tapete.core.cards.spanish import SUIT_LETTERS, SUIT_SYMBOLS, card_str, parse_card
from tapete.core.position_fields import (
    HEAD_FIELDS,
    PositionFields,
    is_number,
    read_history,
    read_rules,
    replay_trick,
    rules_token,
    tricks_by_team,
)
from tapete.core.tricks import holder

__all__ = ["FIELDS", "from_notation", "rules_from_notation", "rules_to_notation", "to_notation"]

#: Every field of a position, in the order written, with a short description for messages.
FIELDS: Final[dict[str, str]] = {
    **HEAD_FIELDS,
    "h": "hands",
    "s": "stock",
    "tr": "trump suit",
    "m": "muestra",
    "t": "trick in progress",
    "k": "cards taken",
    "w": "last trick winner",
    "x": "exchanges of the muestra",
    "v": "known cards",
    "ctx": "match context",
    "hist": "trick history",
}
_KEYS: Final = ("h", "s", "tr", "m", "t", "k", "w", "x", "v", "ctx", "hist")
_REQUIRED: Final = ("h", "s", "tr", "m", "t", "k")

_F: Final = PositionFields(
    FIELDS,
    _KEYS,
    card_pattern=r"(?:1[0-2]|[1-7]|[SCRAJQK])[oceb♦♥♠♣♢♡♤♧]",
    card_hint="cards written together like 1o3oRcSe (rank 1-7, S, C or R, then suit o, c, e or b), or '-'",
    card_str=card_str,
    parse_card=parse_card,
    usage="'<rules> d<dealer> <phase> h=... s=... tr=... m=... t=... k=...' (see tapete.brisca.notation)",
)


# ====================================================================== writing
def rules_to_notation(rules: BriscaRules) -> str:
    """The rules as a preset name plus changed options.

    >>> rules_to_notation(BriscaRules.preset("brisca").replace(deals_to_win=5))
    'brisca{deals_to_win=5}'
    """
    return rules_token(rules)


def to_notation(state: BriscaState, history: bool = False) -> str:
    """The position string of a state (see the module docstring for the grammar)."""
    parts = [rules_to_notation(state.rules), f"d{state.dealer}"]
    parts.append("over" if state.phase == OVER else f"play:{state.cur}")
    parts.append("h=" + "/".join(_F.mask(h) for h in state.hands))
    parts.append("s=" + _F.cards(reversed(state.stock)))
    parts.append("tr=" + SUIT_LETTERS[state.trump])
    parts.append("m=" + (card_str(state.muestra) if state.muestra >= 0 else "-"))
    parts.append("t=" + (f"{state.leader}:{_F.cards(state.trick)}" if state.trick else "-"))
    parts.append("k=" + "/".join(_F.mask(m) for m in state.taken))
    if state.tricks_played > 0:
        parts.append(f"w={state.last_winner}")
    if state.exchanges:
        parts.append("x=" + ",".join(f"{seat}:{card_str(g)}{card_str(t)}" for seat, g, t in state.exchanges))
    known = [state.known[p] & state.hands[p] for p in range(state.n)]
    if any(known):
        parts.append("v=" + "/".join(_F.mask(m) for m in known))
    if state.scores_before != (0, 0):
        parts.append(f"ctx={state.scores_before[0]},{state.scores_before[1]}")
    if history and state.tricks:
        parts.append("hist=" + "/".join(_F.cards(cards) for _, _, cards in state.tricks))
    return " ".join(parts)


# ====================================================================== reading
def rules_from_notation(text: str) -> BriscaRules:
    """Read the rules field: ``PRESET`` or ``PRESET{KEY=VALUE,...}``."""
    return read_rules(BriscaRules, text, lambda message: _F.bad("rules", message))


def _suit(key: str, text: str) -> int:
    for s in range(4):
        if text == SUIT_LETTERS[s] or text == SUIT_SYMBOLS[s]:
            return s
    raise _F.bad(key, f"bad suit {text!r}: expected o (oros), c (copas), e (espadas) or b (bastos)")


def _trick_winner(t: Tables, cards: list[int], leader: int, trump: int, n: int) -> int:
    return holder([((leader + i) % n, c) for i, c in enumerate(cards)], trump, t.trick)[0]


class _Reader:
    """Reads one position string in named steps; each step checks a few fields."""

    def __init__(self, text: str) -> None:
        tokens, self.f = _F.split(text)
        self.rules = rules_from_notation(tokens[0])
        self.n = self.rules.players
        self.t = tables_for(self.rules)
        self.tpd = self.rules.tricks_per_deal
        self.rounds = self.rules.initial_stock // self.n
        self.dealer = _F.dealer(tokens[1], self.n)
        self.first = BriscaState.first_receiver(self.rules, self.dealer)
        self._phase(tokens[2])
        for key in _REQUIRED:
            if key not in self.f:
                raise _F.bad(key, f"missing: the fields {', '.join(_REQUIRED)} are required")

    def _phase(self, tok: str) -> None:
        if tok == "over":
            self.over, self.cur = True, -1
            return
        name, colon, seat = tok.partition(":")
        if name != "play" or not colon:
            raise _F.bad("phase", f"bad phase {tok!r}: expected play:SEAT or over")
        self.over, self.cur = False, _F.seat("phase", seat, self.n)

    # ------------------------------------------------------------ steps
    def read_cards(self) -> None:
        """h, s, tr, m, t, k: the cards of each place, every card of the deck exactly once."""
        f, n = self.f, self.n
        self.hands = [_F.card_list("h", p, f"seat {i}") for i, p in enumerate(_F.parts("h", f["h"], n, "hands"))]
        self.stock = _F.card_list("s", f["s"])
        self.trump = _suit("tr", f["tr"])
        self.muestra = -1 if f["m"] == "-" else _F.one_card("m", f["m"], "the muestra, or '-' once drawn")
        if self.muestra >= 0 and self.muestra // 10 != self.trump:
            raise _F.bad(
                "m", f"the muestra {card_str(self.muestra)} is not of the trump suit tr={SUIT_LETTERS[self.trump]}"
            )
        self.leader, self.trick = _F.trick(f["t"], n, "1:Rc3c")
        self.taken = [_F.card_list("k", p, f"side {i}") for i, p in enumerate(_F.parts("k", f["k"], 2, "sides"))]
        ledger = _F.ledger(40)
        for i, h in enumerate(self.hands):
            ledger.add("h", h, f"h seat {i}")
        ledger.add("s", self.stock, "s")
        if self.muestra >= 0:
            ledger.add("m", [self.muestra], "m")
        ledger.add("t", self.trick, "t")
        for i, k in enumerate(self.taken):
            ledger.add("k", k, f"k side {i}")
        self.short = ledger.short()

    def read_counts(self) -> None:
        """Tricks played, draws done, and the stock, muestra and hand sizes that follow from them."""
        n = self.n
        self.won = tricks_by_team(_F, self.taken, n, self.short, unit="side")
        played = self.played = self.won[0] + self.won[1]
        if played > self.tpd:
            raise _F.bad("k", f"{played} tricks taken: a deal has {self.tpd}")
        if self.over and played < self.tpd:
            raise _F.bad("k", f"{played} of {self.tpd} tricks taken but the phase is over{self.short}")
        if not self.over and played == self.tpd:
            raise _F.bad("phase", f"all {played} tricks are taken (k), so expected over")
        if self.trick and self.over:
            raise _F.bad("t", "a trick in progress means phase play, not over")
        draws = min(played, self.rounds)
        if draws < self.rounds:
            if self.muestra < 0:
                raise _F.bad(
                    "m",
                    f"after {played} trick(s) the stock lasts {self.rounds - draws} more draw(s): expected "
                    "the face-up muestra, not '-'",
                )
            want = self.rules.initial_stock - 1 - n * draws
        else:
            if self.muestra >= 0:
                raise _F.bad("m", f"the stock is used up after {self.rounds} tricks: expected '-' (drawn)")
            want = 0
        if len(self.stock) != want:
            raise _F.bad("s", f"{len(self.stock)} face-down cards, expected {want} after {draws} draw(s){self.short}")
        seats = [(self.leader + j) % n for j in range(len(self.trick))]
        _F.hand_sizes(self.hands, HAND_SIZE + draws - played, seats, f"after {played} trick(s), {draws} draw(s)",
                      self.short)  # fmt: skip

    def read_turn(self) -> None:
        """w and the seat to act: the trick's leader is the last winner (or the first receiver)."""
        n = self.n
        self.last_winner = _F.last_winner(self.f, self.played, self.won, n)
        lead = self.last_winner if self.played else self.first
        if self.trick and self.leader != lead:
            why = f"the last trick's winner (w={lead})" if self.played else f"seat {lead} (dealer {self.dealer})"
            raise _F.bad("t", f"the trick is led by {why}, not seat {self.leader}")
        to_play = (lead + len(self.trick)) % n
        if not self.over and self.cur != to_play:
            raise _F.bad("phase", f"seat {self.cur} to play, but it is seat {to_play}'s turn: expected play:{to_play}")

    def read_exchanges(self) -> None:
        """x and v: each exchange gave the right trump for the muestra of its time; known cards are held."""
        n, f, rules = self.n, self.f, self.rules
        self.exchanges: list[tuple[int, int, int]] = []
        if "x" in f:
            if rules.exchange_card == "none":
                raise _F.bad("x", "these rules have no exchange of the muestra (exchange_card=none)")
            if rules.exchange_needs_trick and self.played == 0:
                raise _F.bad("x", "an exchange needs a trick won first (exchange_needs_trick=true), and k is empty")
            for item in f["x"].split(","):
                seat_text, colon, cards_text = item.partition(":")
                if not colon:
                    raise _F.bad("x", f"bad exchange {item!r}: expected SEAT:GIVENTAKEN such as 1:7o1o")
                seat = _F.seat("x", seat_text, n)
                cards = _F.card_list("x", cards_text, f"exchange {item}")
                if len(cards) != 2:
                    raise _F.bad("x", f"bad exchange {item!r}: expected two cards, the trump given then the muestra")
                give, took = cards
                if self.exchanges and took != self.exchanges[-1][1]:
                    prev = card_str(self.exchanges[-1][1])
                    raise _F.bad("x", f"exchange {item!r} took {card_str(took)}, but the muestra was then {prev}")
                if took // 10 != self.trump or self.t.exchanger[took] != give:
                    want = self.t.exchanger[took] if took // 10 == self.trump else -1
                    need = card_str(want) if want >= 0 else "no card"
                    raise _F.bad("x", f"exchange {item!r}: under these rules {need} takes the muestra {card_str(took)}")
                self.exchanges.append((seat, give, took))
            if self.muestra >= 0 and self.exchanges[-1][1] != self.muestra:
                last = card_str(self.exchanges[-1][1])
                raise _F.bad("x", f"the last exchange gave {last}, but m={card_str(self.muestra)}")
        self.known = [0] * n
        if "v" in f:
            for seat, p in enumerate(_F.parts("v", f["v"], n, "seats' known cards")):
                for c in _F.card_list("v", p, f"seat {seat}"):
                    if c not in self.hands[seat]:
                        raise _F.bad("v", f"seat {seat} is shown holding {card_str(c)}, which is not in its hand (h)")
                    if c // 10 != self.trump:
                        raise _F.bad("v", f"only a muestra taken is known, and {card_str(c)} is not a trump")
                    self.known[seat] |= 1 << c

    def read_context(self) -> None:
        """ctx and hist."""
        f = self.f
        self.scores_before = (0, 0)
        if "ctx" in f:
            items = f["ctx"].split(",")
            if len(items) != 2 or not all(is_number(x) for x in items):
                raise _F.bad("ctx", f"expected A,B (each side's deals won or points before the deal), got {f['ctx']!r}")
            self.scores_before = (int(items[0]), int(items[1]))
        self.history: list[tuple[int, int, tuple[int, ...]]] = []
        if "hist" in f:
            t, trump, n = self.t, self.trump, self.n
            self.history = read_history(
                _F, f["hist"], self.played, n, self.first,
                lambda cards, lead: _trick_winner(t, cards, lead, trump, n),
                self.taken, self.last_winner, unit="side",
            )  # fmt: skip

    def build(self) -> BriscaState:
        s = BriscaState(self.rules)
        s.dealer = self.dealer
        s.hands = [sum(1 << c for c in h) for h in self.hands]
        s.stock = self.stock[::-1]
        s.muestra = self.muestra
        s.trump = self.trump
        s.taken = [sum(1 << c for c in k) for k in self.taken]
        s.card_points = [sum(self.t.points[c] for c in k) for k in self.taken]
        s.tricks_won = self.won
        s.tricks_played = self.played
        s.last_winner = self.last_winner
        s.known = self.known
        s.exchanges = self.exchanges
        s.tricks = self.history
        s.scores_before = self.scores_before
        if self.over:
            s.phase, s.cur, s.leader = OVER, -1, self.last_winner
        elif self.trick:
            s.phase = PLAY
            replay_trick(_F, s, self.leader, self.trick, self.n)
        else:
            s.phase, s.cur, s.leader = PLAY, self.cur, self.cur
        s._lm = -1
        return s

    def read(self) -> BriscaState:
        self.read_cards()
        self.read_counts()
        self.read_turn()
        self.read_exchanges()
        self.read_context()
        return self.build()


def from_notation(text: str) -> BriscaState:
    """Read a position string into a new state; raises :class:`NotationError` if it is bad."""
    return _Reader(text).read()
