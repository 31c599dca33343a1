"""Position notation: one line of text for a whole Belote deal position.

As for Guiñote (:mod:`tapete.guinote.notation`), a position string holds
everything needed to rebuild a :class:`~tapete.belote.state.BeloteState` with
the same legal actions and the same future: the rules, every hand, the
retourne and the cards still to deal, the bidding, the trick in progress,
what each team has taken, the declarations, the belote and the match
context. :func:`to_notation` writes one; :func:`from_notation` reads one and
checks that the rules can reach it (all 32 cards once, hand sizes that fit
the bidding and the tricks played, a bidding the rules allow, a legal trick
in progress, declarations the hands held, ...); anything else raises
:class:`~tapete.errors.NotationError` naming the field that is wrong.

Grammar (fields separated by single spaces, sub-parts by ``/``)::

    position := RULES ' ' DEALER ' ' PHASE (' ' KEY '=' VALUE)*
    RULES    := PRESET ['{' OPTION '=' VALUE (',' OPTION '=' VALUE)* '}']
                e.g. classique, coinche{target=1000,coinche=false}
    DEALER   := 'd' SEAT
    PHASE    := 'bidding:' SEAT       seat SEAT speaks in the taking or the auction
              | 'play:' SEAT          seat SEAT plays a card (or declares, in the first trick)
              | 'over'                the deal is over: all 8 tricks played, or everybody passed
    CARDS    := '-' | CARD+           cards written together, e.g. JhTh9h (rank 7 8 9 T J Q K A,
                                      then suit s h d c; see tapete.cards.french)
    CALL     := pass | take:C | bid:POINTS:C | bid:capot:C | bid:generale:C | coinche | surcoinche
                                      with C one of s h d c sa ta (see tapete.belote.actions)

Keys, always written in this order::

    h=CARDS/CARDS/CARDS/CARDS    each seat's hand (seat 0 first), cards in id order; always
    r=CARD                       the retourne, the face-up card of the taking; written iff
                                 bidding=taking (after the take it is the taker's card)
    u=CARDS                      the cards still to deal after the taking, in dealing order;
                                 written iff bidding=taking and no contract is chosen
    b=CALL,CALL,... | b=-        every call of the bidding in order, from the dealer's right
                                 (seat dealer+1); always
    t=- | t=SEAT:CARDS           trick in progress: its leader, then its cards in playing order;
                                 written iff a contract is chosen
    k=CARDS/CARDS                cards taken by team 0 / team 1; written iff a contract is chosen
    w=SEAT                       winner of the last trick; written iff a trick has been played
    tw=N/N/N/N                   tricks won by each seat; written iff a trick has been played
    a=SEAT:CARDS,...             declarations (annonces) in the order made: each declaring seat
                                 with the cards of all its sequences and carrés; written if any
    bt=SEAT:N                    the seat that held king and queen of trumps when play began,
                                 and how many of the two it has played; written iff there is one
    ctx=A,B                      match scores of team 0 and 1 before this deal; unless 0,0
    hist=CARDS/CARDS/...         completed tricks in order (leaders and winners follow from the
                                 cards); only with ``to_notation(state, history=True)``

Derived, not written (by replaying ``b`` on the rules): the seat to speak,
the taking round and passes, the high bid and its seat, coinche and
surcoinche, the contract, the taker, the bid and the multiplier, or the
redeal. Also derived: the first seat (dealer + 1), card points (from ``k``
and the contract, with the last trick's bonus), tricks played (``k`` holds 4
cards per trick), the declarations of each seat (its cards in ``a`` split
into sequences and carrés), which team's declarations score and their points
(after the first trick), and the cards each seat is known to hold (the
retourne in the taker's hand, the scoring team's declared cards after the
first trick, the other belote card once one is played).

Reading is lenient where it cannot be ambiguous: fields after the phase in
any order, any run of spaces, commas between cards, ``10`` for the ten and
suit symbols (``J♥``); writing is canonical. Leftovers that do not affect the
position (the last trick's leader and best card while no trick is in
progress) are not kept, nor, without ``hist``, the completed tricks: the
state read has an empty ``tricks`` list, and the legal actions and the
future of the deal do not depend on it.

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
"""

from __future__ import annotations

from typing import Final

from tapete.belote.actions import action_str, parse_action
from tapete.belote.declarations import Declaration, find
from tapete.belote.rules import BeloteRules
from tapete.belote.state import BIDDING, OVER, PHASE_NAMES, PLAY, BeloteState, deal_packets
from tapete.belote.tables import CONTRACT_NAMES, CONTRACTS
from tapete.cards.deck import cards_of, mask_of
from tapete.cards.french import KING, QUEEN, card_str, parse_card
from tapete.errors import IllegalActionError
from tapete.notation_fields import (
    HEAD_FIELDS,
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
    "r": "retourne",
    "u": "cards still to deal",
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
_KEYS: Final = ("h", "r", "u", "b", "t", "k", "w", "tw", "a", "bt", "ctx", "hist")
#: Fields that only a deal in play (a contract chosen) has.
_PLAY_KEYS: Final = ("t", "k", "w", "tw", "a", "bt", "hist")

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


def to_notation(state: BeloteState, history: bool = False) -> str:
    """The position string of a state (see the module docstring for the grammar).

    With ``history=True`` the completed tricks are appended as ``hist=``.
    """
    rules = state.rules
    taking = rules.bidding == "taking"
    phase = "over" if state.phase == OVER else f"{PHASE_NAMES[state.phase]}:{state.cur}"
    parts = [rules_token(rules), f"d{state.dealer}", phase]
    parts.append("h=" + "/".join(_F.mask(h) for h in state.hands))
    if taking:
        parts.append("r=" + card_str(state.retourne))
        if state.contract < 0:
            parts.append("u=" + _F.cards(state.rest))
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
    if state.scores_before != (0, 0):
        parts.append("ctx={},{}".format(*state.scores_before))
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
    deck = [c for c in range(32) if c != retourne]
    if retourne >= 0:
        dealt = 4 * sum(deal_packets(rules))
        deck = deck[:dealt] + [retourne] + deck[dealt:]
    state = BeloteState.new_deal(rules, deck, dealer=dealer)
    for i, (text, action) in enumerate(calls):
        if state.phase != BIDDING:
            raise _bad("b", f"call {i + 1} ({text}) comes after the bidding is over: it ended with call {i}")
        if action not in state.legal_actions():
            raise _bad("b", f"call {i + 1} ({text}): {state.why_illegal(action)}")
        state.apply_action(action)
    return state


def _trick_winner(contract: int, cards: list[int], leader: int) -> int:
    t = CONTRACTS[contract]
    best, seat = cards[0], leader
    for i, c in enumerate(cards[1:], 1):
        if beats(c, best, t.trump, t.trick):
            best, seat = c, (leader + i) % 4
    return seat


def _contract_text(contract: int) -> str:
    return CONTRACT_NAMES[contract]


class _Reader:
    """Reads one position string step by step; each step checks one field."""

    def __init__(self, text: str) -> None:
        head, self.f = _F.split(text)
        self.rules = rules_from_notation(head[0])
        self.taking = self.rules.bidding == "taking"
        self.dealer = _F.dealer(head[1], 4)
        self.first = (self.dealer + 1) % 4
        self.phase, self.cur = self._phase(head[2])

    def _phase(self, tok: str) -> tuple[int, int]:
        name, colon, seat = tok.partition(":")
        if name in ("bidding", "play") and colon:
            return PHASE_NAMES.index(name), _F.seat("phase", seat, 4)
        if tok == "over":
            return OVER, -1
        raise _bad("phase", f"bad phase {tok!r}: expected bidding:SEAT, play:SEAT or over")

    def _require(self, keys: tuple[str, ...], when: str) -> None:
        for key in keys:
            if key not in self.f:
                needed = f"the fields {', '.join(keys)} are" if len(keys) > 1 else f"the field {key} is"
                raise _bad(key, f"missing: {when}, {needed} required")

    def _scores_before(self) -> tuple[int, int]:
        if "ctx" not in self.f:
            return (0, 0)
        items = self.f["ctx"].split(",")
        if len(items) != 2 or not all(is_number(x) for x in items):
            raise _bad("ctx", f"expected A,B (the team scores before the deal), got {self.f['ctx']!r}")
        return (int(items[0]), int(items[1]))

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

    # ------------------------------------------------------------ reading
    def read(self) -> BeloteState:
        f, rules = self.f, self.rules
        keys = ("h", "r", "b") if self.taking else ("h", "b")
        self._require(keys, "with bidding=taking" if self.taking else "in every position")
        if not self.taking and "r" in f:
            raise _bad("r", "only the taking has a retourne, and these rules bid by auction (bidding=auction)")
        self.hands = [_F.card_list("h", p, f"seat {i}") for i, p in enumerate(_F.parts("h", f["h"], 4, "hands"))]
        self.retourne = _F.one_card("r", f["r"], "the retourne") if self.taking else -1
        scratch = _replay_bidding(rules, self.dealer, self.retourne, self._calls())
        if scratch.phase == PLAY:
            return self._play(scratch)
        return self._bidding(scratch)

    def _bidding(self, s: BeloteState) -> BeloteState:
        """A position before any card is played: the bidding goes on, or everybody passed."""
        f = self.f
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
                raise _bad(key, f"no contract is chosen yet (b), so no card is played: leave {key} out")
        ledger = _F.ledger(32)
        for i, h in enumerate(self.hands):
            ledger.add("h", h, f"h seat {i}")
        want = sum(deal_packets(self.rules))
        rest: list[int] = []
        if self.taking:
            self._require(("u",), "before the taking is over")
            ledger.add("r", [self.retourne], "r")
            rest = _F.card_list("u", f["u"])
            ledger.add("u", rest, "u")
            if len(rest) != 31 - 4 * want:
                raise _bad("u", f"{len(rest)} cards still to deal, expected {31 - 4 * want}{ledger.short()}")
        elif "u" in f:
            raise _bad("u", "with bidding=auction all 32 cards are dealt before the bidding: leave u out")
        _F.hand_sizes(self.hands, want, (), "while bidding", ledger.short())
        s.hands = [mask_of(h) for h in self.hands]
        s.rest = rest
        s.scores_before = self._scores_before()
        return s

    def _play(self, s: BeloteState) -> BeloteState:
        """A position once the contract is chosen (``s`` is the stand-in deal after the bidding)."""
        f, rules, first = self.f, self.rules, self.first
        contract, taker, trump = s.contract, s.taker, s.trump
        if self.phase == BIDDING:
            raise _bad(
                "phase",
                f"the bidding (b) is over, seat {taker} took in {_contract_text(contract)}: expected play:SEAT or over",
            )
        if "u" in f:
            raise _bad("u", "the cards still to deal were dealt when the contract was chosen (b): leave u out")
        self._require(("t", "k"), "once a contract is chosen (b)")
        leader, trick = _F.trick(f["t"], 4, "1:JhTh")
        taken = [_F.card_list("k", p, f"team {i}") for i, p in enumerate(_F.parts("k", f["k"], 2, "teams"))]

        # ----- every card once, and the counts that follow from the tricks played
        ledger = _F.ledger(32)
        for i, h in enumerate(self.hands):
            ledger.add("h", h, f"h seat {i}")
        ledger.add("t", trick, "t")
        for i, k in enumerate(taken):
            ledger.add("k", k, f"k team {i}")
        short = ledger.short()
        won = tricks_by_team(_F, taken, 4, short)
        played = won[0] + won[1]
        if played > 8:
            raise _bad("k", f"{played} tricks taken: a deal has 8")
        if self.phase == OVER and played < 8:
            raise _bad("k", f"{played} of 8 tricks taken but the phase is over: expected all 32 cards in k{short}")
        if self.phase == PLAY and played == 8:
            raise _bad("phase", "all 8 tricks are taken (k), so expected over")
        if trick and self.phase != PLAY:
            raise _bad("t", "a trick in progress means phase play, not over")
        in_trick = {(leader + j) % 4: c for j, c in enumerate(trick)}
        _F.hand_sizes(self.hands, 8 - played, in_trick, f"after {played} trick(s)", short)
        hands = [mask_of(h) for h in self.hands]
        gone = mask_of(trick) | mask_of(taken[0]) | mask_of(taken[1])

        # ----- the last winner, tricks per seat, and the seat to act
        last_winner = _F.last_winner(f, played, won, 4)
        tricks_won = [0, 0, 0, 0]
        if played == 0 and "tw" in f:
            raise _bad("tw", "no trick has been taken yet (k is empty): leave tw out")
        if played > 0:
            self._require(("tw",), f"after {played} trick(s)")
            for seat, p in enumerate(_F.parts("tw", f["tw"], 4, "counts")):
                if not is_number(p) or int(p) > 8:
                    raise _bad("tw", f"bad count {p!r} for seat {seat}: expected a number 0..8")
                tricks_won[seat] = int(p)
            for team in (0, 1):
                by_seats = tricks_won[team] + tricks_won[team + 2]
                if by_seats != won[team]:
                    raise _bad(
                        "tw",
                        f"seats {team} and {team + 2} won {by_seats} trick(s), but team {team} "
                        f"has taken {won[team]} (k)",
                    )
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
            to_play = (leader + len(trick)) % 4
        else:
            to_play = first if played == 0 else last_winner
        if self.phase == PLAY and self.cur != to_play:
            raise _bad("phase", f"seat {self.cur} to play, but it is seat {to_play}'s turn: expected play:{to_play}")

        # ----- the retourne went to the taker
        if self.taking:
            bit = 1 << self.retourne
            for seat in range(4):
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
        if "bt" in f:
            if not rules.belote_rebelote:
                raise _bad("bt", "these rules have no belote (belote_rebelote=false)")
            if trump < 0:
                raise _bad("bt", f"a {_contract_text(contract)} contract has no trump suit, so no belote")
            seat_text, colon, count = f["bt"].partition(":")
            if not colon or not is_number(count) or int(count) > 2:
                raise _bad("bt", f"expected SEAT:N (the holder and how many of its 2 cards it played), got {f['bt']!r}")
            holder = _F.seat("bt", seat_text, 4)
            belote_played = int(count)
            out = pair & ~hands[holder]
            if out.bit_count() != belote_played:
                raise _bad(
                    "bt",
                    f"seat {holder} has played {out.bit_count()} of the king and queen of trumps "
                    f"({_F.mask(pair)}), not {belote_played}: its hand (h) holds {_F.mask(pair & hands[holder])}",
                )
            for c in cards_of(out):
                if not gone >> c & 1:
                    raise _bad("bt", f"seat {holder} held {card_str(c)} when play began, and it is in another hand")
                by = next((seat for seat, x in in_trick.items() if x == c), holder)
                if by != holder:
                    raise _bad("bt", f"seat {holder} held {card_str(c)}, but seat {by} played it in the trick (t)")
        elif rules.belote_rebelote and trump >= 0:
            for seat in range(4):
                if hands[seat] & pair == pair:
                    raise _bad("bt", f"missing: seat {seat} holds the king and queen of trumps: expected bt={seat}:0")

        # ----- history
        tricks: list[tuple[int, int, tuple[int, ...]]] = []
        if "hist" in f:
            tricks = read_history(
                _F,
                f["hist"],
                played,
                4,
                first,
                lambda cards, lead: _trick_winner(contract, cards, lead),
                taken,
                last_winner,
            )
            self._check_history(tricks, tricks_won, in_trick, taker, holder, pair, declared)

        # ----- build the state on the stand-in deal, whose bidding fields are right
        s.hands = hands
        s.rest = []
        s.scores_before = self._scores_before()
        s.taken = [mask_of(k) for k in taken]
        points = CONTRACTS[contract].points
        s.card_points = [sum(points[c] for c in k) for k in taken]
        if played == 8:
            s.card_points[last_winner % 2] += rules.last_trick_bonus
        s.tricks_won = tricks_won
        s.tricks_played = played
        s.last_winner = last_winner
        s.tricks = tricks
        s.declared = declared
        s.declared_seats = sum(1 << seat for seat in {seat for seat, _ in declared})
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
            replay_trick(_F, s, leader, trick, 4)
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
        declared: list[tuple[int, Declaration]] = []
        seen = 0
        last = -1
        for item in self.f["a"].split(","):
            seat_text, colon, cards_text = item.partition(":")
            if not colon:
                raise _bad("a", f"bad declaration {item!r}: expected SEAT:CARDS such as 2:9hThJh")
            seat = _F.seat("a", seat_text, 4)
            if seen >> seat & 1:
                raise _bad("a", f"seat {seat} declares twice: a seat declares once, all its declarations together")
            order = (seat - self.first) % 4
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
        by_seat = [0, 0, 0, 0]
        played_by = {c: seat for seat, c in in_trick.items()}
        for lead, win, cards in tricks:
            by_seat[win] += 1
            for j, c in enumerate(cards):
                played_by[c] = (lead + j) % 4
        if by_seat != tricks_won:
            raise _bad("hist", f"the tricks give {'/'.join(map(str, by_seat))} tricks won per seat, but tw differs")
        owners: list[tuple[int, int, str]] = [(seat, d[4], "declared") for seat, d in declared]
        if self.taking:
            owners.append((taker, 1 << self.retourne, "took the retourne"))
        if holder >= 0:
            owners.append((holder, pair, "held the belote"))
        for seat, mask, why in owners:
            for c in cards_of(mask):
                if played_by.get(c, seat) != seat:
                    raise _bad("hist", f"seat {seat} {why} {card_str(c)}, but seat {played_by[c]} played it")


def _known(s: BeloteState) -> list[int]:
    """The cards each seat is known to hold, as the engine keeps them (see the module docstring)."""
    known = [0, 0, 0, 0]
    if s.retourne >= 0 and s.taker >= 0:
        known[s.taker] |= 1 << s.retourne
    if s.tricks_played > 0 and s.decl_team >= 0:
        for seat, d in s.declared:
            if seat % 2 == s.decl_team:
                known[seat] |= d[4]
    if s.belote_seat >= 0 and s.belote_played > 0:
        known[s.belote_seat] |= (1 << (s.trump * 8 + KING)) | (1 << (s.trump * 8 + QUEEN))
    return [known[seat] & s.hands[seat] for seat in range(4)]


def from_notation(text: str) -> BeloteState:
    """Read a position string into a new state; raises :class:`NotationError` if it is bad."""
    return _Reader(text).read()
