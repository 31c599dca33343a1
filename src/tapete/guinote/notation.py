"""Position notation: one line of text for a whole Guiñote deal position.

Like chess FEN, a position string holds everything needed to rebuild a
:class:`~tapete.guinote.state.GuinoteState` with the same legal actions and
the same future: the rules, every hand, the stock in draw order, the trick in
progress, what each side has taken, the cantes, the known cards and the match
context. :func:`to_notation` writes one, :func:`from_notation` reads one and
checks that it describes a position the rules can reach (all 40 cards once,
hand sizes that fit the tricks played, the right seat to act, a legal trick
in progress, ...); anything else raises :class:`~tapete.errors.NotationError`
naming the field that is wrong and what was expected.

Grammar (fields separated by single spaces, sub-parts by ``/``)::

    position := RULES ' ' DEALER ' ' PHASE (' ' KEY '=' VALUE)*
    RULES    := PRESET ['{' OPTION '=' VALUE (',' OPTION '=' VALUE)* '}']
                e.g. aragones, clasico{target=101,capote=none}
    DEALER   := 'd' SEAT
    PHASE    := 'play:' SEAT          seat SEAT plays a card (or sings, claims, exchanges the 7)
              | 'window:' SEAT        a seat of the trick's winning team may sing (or pass): the
                                      partner after the draw, or with cante_timing=before_draw the
                                      winner, then its partner, before the draw
              | 'predraw:' SEAT       the holder of the 7 of trumps may exchange it before the draw
              | 'over'                all tricks played
              | 'over:claim:' TEAM ':' ('ok' | 'wrong')    ended by TEAM's claim, made on the turn
                                                          of one of its seats (t may hold cards)
              | 'over:tute:' TEAM                         ended by a tute that wins the partida
    CARDS    := '-' | CARD+           cards written together, e.g. 1o3oRoSo (Spanish
                                      rank 1-7 S C R then suit o c e b; see tapete.cards)

Keys, always written in this order (the first six are required)::

    h=CARDS/CARDS[/CARDS/CARDS]  each seat's hand (seat 0 first), cards in id order
    s=CARDS                      the face-down stock, the next card to be drawn first
    tr=SUIT                      trump suit letter (o c e b)
    i=CARD | i=-                 the face-up indicator, '-' once drawn (that is the arrastre)
    t=- | t=SEAT:CARDS           trick in progress: its leader, then its cards in playing order
    k=CARDS/CARDS                cards taken by team 0 / team 1 (each trick adds `players` cards)
    w=SEAT                       winner of the last trick; present iff a trick has been played
    c=SEAT:ACTION,...            cantes in order, ACTION being sing:o .. sing:b or tute
    cw=N/N[/N/N]                 cantes each seat made in the open window (after a trick, before
                                 the next lead); written only when not all 0
    x=SEAT                       the seat that exchanged the 7 of trumps
    v=CARDS/CARDS[/CARDS/CARDS]  cards each seat is publicly known to hold (shown in a cante,
                                 taken from under the stock, got for the 7); written if any
    ctx=A,B,(idas|vueltas)       match scores of team 0 and 1 before this deal and which part of
                                 the partida it is; written unless 0,0,idas
    hist=CARDS/CARDS/...         completed tricks in order (leaders and winners follow from the
                                 cards); only with ``to_notation(state, history=True)``

Derived, not written: card points (from ``k``), tricks won and played (``k``
holds ``players`` cards per trick), cante points and sung suits (from ``c``),
whether the arrastre has begun (``i=-``), the best card of the trick, whether
the cante window is open (the phase and ``t``).

Reading is lenient where it cannot be ambiguous: fields after the phase in
any order, any run of spaces, commas between cards, French faces (``K♥``) and
``10``/``11``/``12`` ranks; writing is canonical, so ``to_notation`` of a
parsed string is the canonical form of it. Leftovers in a state that do not
affect the position (the previous trick's leader and best card while no trick
is in progress, cante counts once the window has closed) are not kept.

What is *not* a position: the completed-trick history. Without ``hist``,
:func:`from_notation` returns a state whose ``tricks`` list is empty while
``tricks_played``, ``tricks_won`` and ``last_winner`` are right; the legal
actions and the future of the deal do not depend on it. With ``hist`` the
list is rebuilt and checked against ``k`` and ``w``.

Writing, reading and writing again gives the same text:

>>> from tapete.guinote.rules import GuinoteRules
>>> from tapete.guinote.state import GuinoteState
>>> state = GuinoteState.new_deal(GuinoteRules.preset("aragones-2p"), seed=3, dealer=0)
>>> state.play("6o")
>>> text = to_notation(state)
>>> for field in text.split():
...     print(field)
aragones-2p
d0
play:0
h=2o3o4oRo7e2b/4c5cCcSe6b
s=3b2c2e7cRcCe4b1e3c6e5eReRb3e7oSoSc7bCb1o5o1b4eCo5bSb6c
tr=c
i=1c
t=1:6o
k=-/-
>>> to_notation(from_notation(text)) == text
True
>>> from_notation(text.replace("s=3b", "s=2o"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tapete.errors.NotationError: bad position, field s (stock): card 2o appears twice (h seat 0 and s): ...
"""

from __future__ import annotations

from typing import Final

from tapete.cards.spanish import SUIT_LETTERS, SUIT_NAMES, SUIT_SYMBOLS, card_str, cards_of, parse_card
from tapete.errors import IllegalActionError
from tapete.guinote.actions import SING, TUTE, action_str, parse_action
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import OVER, PHASE_NAMES, PLAY, PREDRAW, WINDOW, GuinoteState
from tapete.guinote.tables import Tables, tables_for
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

__all__ = ["FIELDS", "from_notation", "rules_from_notation", "rules_to_notation", "to_notation"]

#: Every field of a position, in the order written, with a short description for messages.
FIELDS: Final[dict[str, str]] = {
    **HEAD_FIELDS,
    "h": "hands",
    "s": "stock",
    "tr": "trump suit",
    "i": "indicator",
    "t": "trick in progress",
    "k": "cards taken",
    "w": "last trick winner",
    "c": "cantes",
    "cw": "cantes in the open window",
    "x": "seat that exchanged the 7",
    "v": "known cards",
    "ctx": "match context",
    "hist": "trick history",
}
_KEYS: Final = ("h", "s", "tr", "i", "t", "k", "w", "c", "cw", "x", "v", "ctx", "hist")
_REQUIRED: Final = ("h", "s", "tr", "i", "t", "k")

_F: Final = PositionFields(
    FIELDS,
    _KEYS,
    card_pattern=r"(?:1[0-2]|[1-7]|[SCRAJQK])[oceb♦♥♠♣♢♡♤♧]",
    card_hint="cards written together like 1o3oRcSe (rank 1-7, S, C or R, then suit o, c, e or b), or '-'",
    card_str=card_str,
    parse_card=parse_card,
    usage=(
        "'<rules> d<dealer> <phase> h=... s=... tr=... i=... t=... k=...' (see tapete.guinote.notation for the grammar)"
    ),
)
# The readers, named as this module has always called them.
_bad = _F.bad
_cards = _F.cards
_mask = _F.mask
_card_list = _F.card_list
_parts = _F.parts
_seat = _F.seat
_team = _F.team


# ====================================================================== writing
def rules_to_notation(rules: GuinoteRules) -> str:
    """The rules as a preset name plus changed options.

    >>> rules_to_notation(GuinoteRules.preset("clasico").replace(target=101, capote="none"))
    'clasico{capote=none,target=101}'
    """
    return rules_token(rules)


def _phase_str(state: GuinoteState) -> str:
    if state.phase == OVER:
        if state.tute_team >= 0:
            return f"over:tute:{state.tute_team}"
        if state.claim_team >= 0:
            return f"over:claim:{state.claim_team}:{'ok' if state.claim_ok else 'wrong'}"
        return "over"
    return f"{PHASE_NAMES[state.phase]}:{state.cur}"


def to_notation(state: GuinoteState, history: bool = False) -> str:
    """The position string of a state (see the module docstring for the grammar).

    With ``history=True`` the completed tricks are appended as ``hist=``.
    """
    parts = [rules_to_notation(state.rules), f"d{state.dealer}", _phase_str(state)]
    parts.append("h=" + "/".join(_mask(h) for h in state.hands))
    parts.append("s=" + _cards(reversed(state.stock)))
    parts.append("tr=" + SUIT_LETTERS[state.trump])
    parts.append("i=" + (card_str(state.indicator) if state.indicator >= 0 else "-"))
    parts.append("t=" + (f"{state.leader}:{_cards(state.trick)}" if state.trick else "-"))
    parts.append("k=" + "/".join(_mask(m) for m in state.taken))
    if state.tricks_played > 0:
        parts.append(f"w={state.last_winner}")
    if state.cantes:
        parts.append("c=" + ",".join(f"{seat}:{action_str(a)}" for seat, a in state.cantes))
    if state.window_open and state.phase != OVER and any(state.window_count):
        parts.append("cw=" + "/".join(str(x) for x in state.window_count))
    if state.exchanged_by >= 0:
        parts.append(f"x={state.exchanged_by}")
    if any(state.known):
        parts.append("v=" + "/".join(_mask(m) for m in state.known))
    if state.scores_before != (0, 0) or state.vueltas:
        a, b = state.scores_before
        parts.append(f"ctx={a},{b},{'vueltas' if state.vueltas else 'idas'}")
    if history and state.tricks:
        parts.append("hist=" + "/".join(_cards(cards) for _, _, cards in state.tricks))
    return " ".join(parts)


# ====================================================================== reading
def rules_from_notation(text: str) -> GuinoteRules:
    """Read the rules field: ``PRESET`` or ``PRESET{KEY=VALUE,...}``.

    >>> rules_from_notation("aragones{players=2,target=100}").options_changed()
    {'players': 2, 'target': 100}
    """
    return read_rules(GuinoteRules, text, lambda message: _bad("rules", message))


def _suit(key: str, text: str) -> int:
    for s in range(4):
        if text == SUIT_LETTERS[s] or text == SUIT_SYMBOLS[s]:
            return s
    raise _bad(key, f"bad suit {text!r}: expected o (oros), c (copas), e (espadas) or b (bastos)")


def _trick_winner(t: Tables, cards: list[int], leader: int, trump: int, n: int) -> int:
    best, seat = cards[0], leader
    for i, c in enumerate(cards[1:], 1):
        if c // 10 == best // 10:
            if t.strength[c] > t.strength[best]:
                best, seat = c, (leader + i) % n
        elif c // 10 == trump:
            best, seat = c, (leader + i) % n
    return seat


class _Reader:
    """Reads one position string step by step; each step checks one field."""

    def __init__(self, text: str) -> None:
        self.text = text
        tokens, self.fields = _F.split(text)
        self.rules = rules_from_notation(tokens[0])
        self.n = self.rules.players
        self.t = tables_for(self.rules)
        self.tpd = self.rules.tricks_per_deal
        self.draw_rounds = (40 - 6 * self.n) // self.n
        self.dealer = _F.dealer(tokens[1], self.n)
        self._phase(tokens[2])
        for key in _REQUIRED:
            if key not in self.fields:
                raise _bad(key, f"missing: the fields {', '.join(_REQUIRED)} are required")

    # ------------------------------------------------------------ tokens
    def _phase(self, tok: str) -> None:
        self.claim_team = -1
        self.claim_ok = False
        self.tute_team = -1
        self.cur = -1
        parts = tok.split(":")
        name = parts[0]
        expected = (
            "play:SEAT, window:SEAT, predraw:SEAT, over, over:claim:TEAM:ok, over:claim:TEAM:wrong or over:tute:TEAM"
        )
        if name in ("play", "window", "predraw"):
            if len(parts) != 2:
                raise _bad("phase", f"bad phase {tok!r}: expected {expected}")
            self.phase = PHASE_NAMES.index(name)
            self.cur = _seat("phase", parts[1], self.n)
        elif name == "over":
            self.phase = OVER
            if len(parts) == 1:
                pass
            elif len(parts) == 4 and parts[1] == "claim" and parts[3] in ("ok", "wrong"):
                self.claim_team = _team("phase", parts[2])
                self.claim_ok = parts[3] == "ok"
            elif len(parts) == 3 and parts[1] == "tute":
                self.tute_team = _team("phase", parts[2])
            else:
                raise _bad("phase", f"bad phase {tok!r}: expected {expected}")
        else:
            raise _bad("phase", f"bad phase {tok!r}: expected {expected}")

    # ------------------------------------------------------------ reading
    def read(self) -> GuinoteState:
        n, f, rules, t = self.n, self.fields, self.rules, self.t
        hands = [_card_list("h", p, f"seat {i}") for i, p in enumerate(_parts("h", f["h"], n, "hands"))]
        stock = _card_list("s", f["s"])
        trump = _suit("tr", f["tr"])
        indicator = -1
        if f["i"] != "-":
            ind = _card_list("i", f["i"])
            if len(ind) != 1:
                raise _bad("i", f"expected one card or '-' (already drawn), got {f['i']!r}")
            indicator = ind[0]
            if indicator // 10 != trump:
                raise _bad(
                    "i", f"the indicator {card_str(indicator)} is not of the trump suit tr={SUIT_LETTERS[trump]}"
                )
        leader, trick = _F.trick(f["t"], n, "1:Rc3c")
        taken_lists = [_card_list("k", p, f"team {i}") for i, p in enumerate(_parts("k", f["k"], 2, "teams"))]

        # ----- every card once
        ledger = _F.ledger(40)
        for i, h in enumerate(hands):
            ledger.add("h", h, f"h seat {i}")
        ledger.add("s", stock, "s")
        if indicator >= 0:
            ledger.add("i", [indicator], "i")
        ledger.add("t", trick, "t")
        for i, k in enumerate(taken_lists):
            ledger.add("k", k, f"k team {i}")
        missing = ledger.missing()
        short = ledger.short()

        # ----- tricks played, draws done, and the counts that follow from them
        won = tricks_by_team(_F, taken_lists, n, short)
        played = won[0] + won[1]
        if played > self.tpd:
            raise _bad("k", f"{played} tricks taken: a deal has {self.tpd}")
        phase = self.phase
        rounds = self.draw_rounds
        if phase != OVER and played == self.tpd:
            raise _bad("phase", f"all {played} tricks are taken (k), so expected over, got {PHASE_NAMES[phase]}")
        if phase in (WINDOW, PREDRAW) and played == 0:
            raise _bad("phase", f"{PHASE_NAMES[phase]} comes after a trick is won, but none is taken yet (k)")
        if phase == PREDRAW and played > rounds:
            raise _bad("phase", f"predraw comes before a draw, and the stock was used up after {rounds} tricks")
        if phase == OVER:
            if self.tute_team >= 0 and not 0 < played < self.tpd:
                raise _bad("phase", f"a tute is sung between tricks, but {played} of {self.tpd} tricks are taken (k)")
            if self.claim_team >= 0 and played == self.tpd:
                raise _bad("phase", f"a claim ends a deal before its last trick, but all {played} are taken (k)")
            if self.claim_team < 0 and self.tute_team < 0 and played < self.tpd:
                raise _bad(
                    "k",
                    f"{played} of {self.tpd} tricks taken but the phase is over: expected all "
                    f"{self.tpd * n} cards in k, or a claim/tute phase{short}",
                )
        if trick and not (phase == PLAY or (phase == OVER and self.claim_team >= 0)):
            raise _bad("t", f"a trick in progress means phase play (or a claim), not {PHASE_NAMES[phase]}")
        # Cantes before the draw (cante_timing=before_draw) happen between a trick and its draw.
        sing_pre = rules.cante_timing == "before_draw"
        before_draw = phase == PREDRAW or (
            sing_pre and 0 < played <= rounds and (phase == WINDOW or (phase == OVER and self.tute_team >= 0))
        )
        draws = played - 1 if before_draw else min(played, rounds)
        if draws < rounds:
            if indicator < 0:
                raise _bad(
                    "i",
                    f"after {played} trick(s) the stock lasts {rounds - draws} more "
                    "draw(s): expected the face-up indicator card, not '-'",
                )
            want_stock = 40 - 6 * n - 1 - n * draws
        else:
            if indicator >= 0:
                raise _bad(
                    "i",
                    f"the stock is used up after {rounds} tricks and {played} are taken: "
                    "expected '-' (the indicator has been drawn)",
                )
            want_stock = 0
        if len(stock) != want_stock:
            raise _bad("s", f"{len(stock)} face-down cards, expected {want_stock} after {draws} draw(s){short}")
        if trick:
            if played == 0 and leader != GuinoteState.first_receiver(rules, self.dealer):
                first = GuinoteState.first_receiver(rules, self.dealer)
                raise _bad("t", f"the first trick is led by seat {first} (dealer {self.dealer}), not seat {leader}")
        _F.hand_sizes(hands, 6 + draws - played, [(leader + j) % n for j in range(len(trick))],
                      f"after {played} trick(s), {draws} draw(s)", short)  # fmt: skip
        if missing:  # pragma: no cover - the counts above add up to 40
            raise _bad("h", f"cards found nowhere: {_cards(missing)}")

        # ----- the last winner, and the seat to act
        last_winner = _F.last_winner(f, played, won, n)
        if trick and played > 0 and leader != last_winner:
            raise _bad("t", f"the trick is led by the last trick's winner (w={last_winner}), not seat {leader}")
        cur = self.cur
        # The seat whose turn it is (or was, for a claim) to play a card.
        if trick:
            to_play = (leader + len(trick)) % n
            why = f"after {len(trick)} card(s) led by seat {leader}"
        elif played == 0:
            to_play = GuinoteState.first_receiver(rules, self.dealer)
            why = f"who leads the first trick with dealer {self.dealer}"
        else:
            to_play = last_winner
            why = "the winner of the last trick (w)"
        team_sing = rules.cante_by == "winning_team" and n == 4
        if phase == PLAY and cur != to_play:
            raise _bad("phase", f"seat {cur} to play, but it is seat {to_play}'s turn ({why}): expected play:{to_play}")
        if phase == WINDOW:
            partner = (last_winner + 2) % 4 if n == 4 else -1
            if before_draw:
                if cur != last_winner and not (team_sing and cur == partner):
                    whom = f"seat {last_winner}" + (f" or its partner, seat {partner}" if team_sing else "")
                    raise _bad(
                        "phase",
                        f"a cante window before the draw is for the trick's winner (w={last_winner}): "
                        f"expected window:SEAT with SEAT {whom}",
                    )
            elif not team_sing:
                raise _bad(
                    "phase",
                    "a window after the draw is for the partner's cante: it needs cante_by=winning_team and "
                    f"4 players (the winner sings at the lead: expected play:{last_winner})",
                )
            elif cur != partner:
                raise _bad(
                    "phase",
                    f"the window is for the partner of the trick's winner (w={last_winner}): expected window:{partner}",
                )
        elif phase == PREDRAW:
            if rules.exchange_timing != "after_team_win":
                raise _bad("phase", "predraw needs exchange_timing=after_team_win")
            if cur % 2 != last_winner % 2:
                raise _bad("phase", f"predraw is for the team of the trick's winner (w={last_winner}), not seat {cur}")

        # ----- known cards, cantes, the window, the exchange, the context
        known = [0] * n
        if "v" in f:
            for seat, p in enumerate(_parts("v", f["v"], n, "seats' known cards")):
                cards = _card_list("v", p, f"seat {seat}")
                for c in cards:
                    if c not in hands[seat]:
                        raise _bad("v", f"seat {seat} is shown holding {card_str(c)}, which is not in its hand (h)")
                    known[seat] |= 1 << c
        hand_masks = [sum(1 << c for c in h) for h in hands]
        gone = sum(1 << c for c in trick) | sum(1 << c for k in taken_lists for c in k)
        cantes: list[tuple[int, int]] = []
        sung = 0
        cante_points = [0, 0]
        if "c" in f:
            if played == 0:
                raise _bad("c", "cantes are sung after a trick is won, and none is taken yet (k)")
            items = f["c"].split(",")
            for index, item in enumerate(items):
                seat_text, colon, act_text = item.partition(":")
                if not colon:
                    raise _bad("c", f"bad cante {item!r}: expected SEAT:sing:SUIT or SEAT:tute, e.g. 2:sing:o")
                seat = _seat("c", seat_text, n)
                try:
                    action = parse_action(act_text)
                except IllegalActionError:
                    action = -1
                if not SING <= action <= TUTE:
                    raise _bad(
                        "c", f"bad cante {item!r}: expected sing:o, sing:c, sing:e, sing:b or tute after the seat"
                    )
                team = seat % 2
                if won[team] == 0:
                    raise _bad("c", f"seat {seat} sang, but its team has won no trick (k)")
                if action == TUTE:
                    if rules.tute == "none":
                        raise _bad("c", "these rules have no tute (tute=none)")
                    if sung & 16:
                        raise _bad("c", "tute is sung twice: expected it at most once")
                    sung |= 16
                    if rules.tute == "bonus":
                        cante_points[team] += rules.tute_points
                    elif index != len(items) - 1 or self.tute_team != team:
                        raise _bad(
                            "c",
                            f"a tute wins the partida under these rules, so it ends the deal: "
                            f"expected it last and the phase over:tute:{team}",
                        )
                else:
                    suit = action - SING
                    if sung >> suit & 1:
                        raise _bad("c", f"the cante in {SUIT_NAMES[suit]} is sung twice: each suit once per deal")
                    sung |= 1 << suit
                    pair = t.pair[suit]
                    for c in cards_of(pair):
                        if not (gone >> c & 1 or (hand_masks[seat] & known[seat]) >> c & 1):
                            raise _bad(
                                "c",
                                f"seat {seat} sang in {SUIT_NAMES[suit]}, so {card_str(c)} must be "
                                "played already or in its hand and shown (v)",
                            )
                    cante_points[team] += rules.cante_points_trump if suit == trump else rules.cante_points_plain
                cantes.append((seat, action))
        if self.tute_team >= 0 and not (cantes and cantes[-1][1] == TUTE):
            raise _bad("phase", "over:tute needs a tute as the last cante (c)")
        if self.tute_team >= 0 and rules.tute != "wins_partida":
            raise _bad("phase", f"over:tute needs tute=wins_partida, these rules have tute={rules.tute}")
        # Whether the cante window is open, as the engine keeps it: from a trick won to the next lead,
        # but with cantes before the draw, it closes at the draw.
        at_lead_window = not trick and played > 0 and (not sing_pre or played > rounds)
        if phase == WINDOW:
            window_open = True
        elif phase == PREDRAW:
            window_open = sing_pre
        elif phase == PLAY:
            window_open = at_lead_window
        else:
            window_open = self.tute_team >= 0 or (self.claim_team >= 0 and at_lead_window)
        window_count = [0] * n
        if "cw" in f:
            if not window_open or phase == OVER:
                raise _bad("cw", "only written while the cante window is open (after a trick, before the next lead)")
            for seat, p in enumerate(_parts("cw", f["cw"], n, "counts")):
                if not is_number(p):
                    raise _bad("cw", f"bad count {p!r} for seat {seat}: expected a whole number")
                window_count[seat] = int(p)
                if window_count[seat] and seat % 2 != last_winner % 2:
                    raise _bad(
                        "cw",
                        f"seat {seat} cannot have sung in this window: "
                        f"only the team of the trick's winner (w={last_winner}) sings",
                    )
                limit = rules.cantes_per_trick
                if limit and window_count[seat] > limit:
                    raise _bad("cw", f"seat {seat} sang {window_count[seat]} times: at most {limit} per trick")
            if sum(window_count) > len(cantes):
                raise _bad("cw", f"{sum(window_count)} cantes in the window but only {len(cantes)} in c")
        exchanged_by = -1
        if "x" in f:
            exchanged_by = _seat("x", f["x"], n)
            siete = t.sietes[trump]
            if rules.exchange_timing == "never":
                raise _bad("x", "these rules have no exchange of the 7 (exchange_timing=never)")
            if rules.exchange_timing == "after_team_win" and played == 0:
                raise _bad("x", "the 7 is exchanged after a trick is won, and none is taken yet (k)")
            if indicator >= 0 and indicator != siete:
                raise _bad(
                    "x",
                    f"after the exchange the indicator is the 7 of trumps {card_str(siete)}, "
                    f"but i={card_str(indicator)}",
                )
        scores_before, vueltas = (0, 0), False
        if "ctx" in f:
            items = f["ctx"].split(",")
            if len(items) not in (2, 3) or not all(is_number(x) for x in items[:2]):
                raise _bad("ctx", f"expected A,B,idas or A,B,vueltas (team scores before the deal), got {f['ctx']!r}")
            if len(items) == 3 and items[2] not in ("idas", "vueltas"):
                raise _bad("ctx", f"expected idas or vueltas as the third part, got {items[2]!r}")
            scores_before = (int(items[0]), int(items[1]))
            vueltas = len(items) == 3 and items[2] == "vueltas"
            if vueltas and not rules.idas_vueltas:
                raise _bad("ctx", "a vueltas deal needs idas_vueltas=true")
        card_points = [sum(t.points[c] for c in k) for k in taken_lists]
        if self.claim_team >= 0:
            if rules.claims == "none":
                raise _bad("phase", "these rules have no claims (claims=none)")
            if rules.claims == "vueltas":
                if not vueltas:
                    raise _bad("phase", "with claims=vueltas a claim needs a vueltas deal (ctx=A,B,vueltas), not idas")
                if trick or played == 0:
                    raise _bad("phase", "with claims=vueltas a side claims when leading after taking a trick")
            if self.claim_team != to_play % 2:
                raise _bad(
                    "phase",
                    f"a claim is made on one's turn to play, and it was seat {to_play}'s ({why}): "
                    f"expected over:claim:{to_play % 2}:...",
                )
            total = scores_before[self.claim_team] + card_points[self.claim_team] + cante_points[self.claim_team]
            ok = total >= rules.target
            if ok != self.claim_ok:
                raise _bad(
                    "phase",
                    f"team {self.claim_team} has {total} of {rules.target}, so its claim is "
                    f"{'ok' if ok else 'wrong'}: expected over:claim:{self.claim_team}:"
                    f"{'ok' if ok else 'wrong'}",
                )
            if not ok and not rules.wrong_claim_loses:
                raise _bad("phase", "a claim short of the target cannot be made with wrong_claim_loses=false")

        # ----- history
        tricks: list[tuple[int, int, tuple[int, ...]]] = []
        if "hist" in f:
            tricks = read_history(
                _F,
                f["hist"],
                played,
                n,
                GuinoteState.first_receiver(rules, self.dealer),
                lambda cards, lead: _trick_winner(t, cards, lead, trump, n),
                taken_lists,
                last_winner,
            )

        # ----- build the state
        s = GuinoteState(rules)
        s.dealer = self.dealer
        s.hands = hand_masks[:]
        s.stock = stock[::-1]
        s.indicator = indicator
        s.trump = trump
        s.taken = [sum(1 << c for c in k) for k in taken_lists]
        s.card_points = card_points
        s.cante_points = cante_points
        s.tricks_won = won
        s.tricks_played = played
        s.last_winner = last_winner
        s.sung = sung
        s.cantes = cantes
        s.window_count = window_count
        s.known = known
        s.arrastre = indicator < 0
        s.exchanged_by = exchanged_by
        s.claim_team = self.claim_team
        s.claim_ok = self.claim_ok
        s.tute_team = self.tute_team
        s.tricks = tricks
        s.scores_before = scores_before
        s.vueltas = vueltas
        if trick:
            # Replay the trick from the hands before it: this sets the best card and checks each play.
            s.phase = PLAY
            s.window_open = played > 0
            replay_trick(_F, s, leader, trick, n)
            s.window_open = window_open
            if phase == OVER:
                s.phase = OVER
                s.cur = -1
        else:
            s.phase = phase
            s.cur = cur
            s.leader = cur if phase == PLAY else last_winner
            s.window_open = window_open
            s.trick_best = -1
            s.trick_best_seat = -1
        s._lm = -1  # the engine's legal-card cache: nothing computed yet for this position
        if phase == WINDOW and len(s.legal_actions()) <= 1:
            raise _bad("phase", f"seat {cur} has nothing to sing, so there is no window: expected play:{last_winner}")
        if phase == PREDRAW and not s._can_exchange(cur):
            raise _bad(
                "phase",
                f"seat {cur} cannot exchange the 7 of trumps "
                f"({card_str(t.sietes[trump])} is not in its hand): no predraw",
            )
        if phase == PREDRAW and cur != last_winner and s._can_exchange(last_winner):  # pragma: no cover
            raise _bad("phase", f"the trick's winner comes first: expected predraw:{last_winner}")
        return s


def from_notation(text: str) -> GuinoteState:
    """Read a position string into a new state; raises :class:`NotationError` if it is bad."""
    return _Reader(text).read()
