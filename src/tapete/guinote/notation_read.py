"""Reading a Guiñote position string: one named check after another (see :mod:`tapete.guinote.notation`).

:func:`read_position` runs :class:`_Reader`'s steps in a fixed order. Each step
reads or checks one field (or a few that only make sense together) and raises
the :class:`~tapete.core.errors.NotationError` of the field it finds wrong, so
the first wrong field met is the one reported. The order is part of the
behaviour: later steps rely on what earlier ones have checked (the cards are
all there before the tricks are counted, the tricks counted before the seat to
act is worked out, and so on).

>>> state = read_position("aragones-2p d0 play:1 h=2o3o4oRo7e2b/4c5cCcSe6b6o "
...     "s=3b2c2e7cRcCe4b1e3c6e5eReRb3e7oSoSc7bCb1o5o1b4eCo5bSb6c tr=c i=1c t=- k=-/-")
>>> state.current_player, state.stock_size()
(1, 28)
>>> read_position("aragones-2p d0 play:0 h=- s=- tr=c i=1c t=- k=-/-")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
tapete.core.errors.NotationError: bad position, field h (hands): expected 2 hands separated by '/', got 1 in '-'
"""

from __future__ import annotations

from typing import Final

from tapete.core.cards.spanish import SUIT_LETTERS, SUIT_NAMES, SUIT_SYMBOLS, card_str, cards_of, parse_card
from tapete.core.errors import IllegalActionError
from tapete.core.position_fields import (
    HEAD_FIELDS,
    PositionFields,
    is_number,
    read_history,
    read_rules,
    replay_trick,
    tricks_by_team,
)
from tapete.core.tricks import holder
from tapete.guinote.actions import SING, TUTE, parse_action
from tapete.guinote.results import claim_fault, reaches_target
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import OVER, PHASE_NAMES, PLAY, PREDRAW, WINDOW, GuinoteState
from tapete.guinote.tables import Tables, tables_for

__all__ = ["FIELDS", "F", "read_position", "rules_from_notation"]

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

#: Guiñote's fields and card spelling, with the readers that name them in their errors.
F: Final = PositionFields(
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
_bad = F.bad

#: The exchange timings whose exchanges come after the draw (only the last draw's before it).
_LATE: Final = ("before_lead", "until_next_trick")

_PHASES_EXPECTED: Final = (
    "play:SEAT, window:SEAT, predraw:SEAT, over, over:claim:TEAM:ok, over:claim:TEAM:wrong or over:tute:TEAM"
)


def rules_from_notation(text: str) -> GuinoteRules:
    """Read the rules field: ``PRESET`` or ``PRESET{KEY=VALUE,...}``.

    >>> rules_from_notation("aragones{players=2,target=100}").options_changed()
    {'players': 2, 'target': 100}
    """
    return read_rules(GuinoteRules, text, lambda message: _bad("rules", message))


def read_position(text: str) -> GuinoteState:
    """Read a position string into a new state; raises :class:`NotationError` if it is bad."""
    return _Reader(text).read()


def _suit(key: str, text: str) -> int:
    for s in range(4):
        if text == SUIT_LETTERS[s] or text == SUIT_SYMBOLS[s]:
            return s
    raise _bad(key, f"bad suit {text!r}: expected o (oros), c (copas), e (espadas) or b (bastos)")


def _trick_winner(t: Tables, cards: list[int], leader: int, trump: int, n: int) -> int:
    return holder([((leader + i) % n, c) for i, c in enumerate(cards)], trump, t.trick)[0]


class _Reader:
    """Reads one position string in named steps (see :meth:`read`), keeping what each step found."""

    # ----- the head: rules, dealer, phase, and the KEY=VALUE fields
    f: dict[str, str]
    rules: GuinoteRules
    n: int
    tpd: int
    draw_rounds: int
    t: Tables
    dealer: int
    phase: int
    cur: int
    claim_team: int
    claim_ok: bool
    tute_team: int
    # ----- the cards and where they are
    hands: list[list[int]]
    stock: list[int]
    trump: int
    indicator: int
    leader: int
    trick: list[int]
    taken: list[list[int]]
    #: ``'; cards found nowhere: ...'`` while some card is in no field, for the count errors.
    short: str
    missing: list[int]
    # ----- the counts that follow from the tricks taken
    won: list[int]
    played: int
    sing_pre: bool
    before_draw: bool
    draws: int
    # ----- the turn
    last_winner: int
    to_play: int
    why: str
    team_sing: bool
    # ----- the other fields
    known: list[int]
    hand_masks: list[int]
    gone: int
    cantes: list[tuple[int, int]]
    sung: int
    cante_points: list[int]
    window_open: bool
    window_count: list[int]
    exchanged_by: int
    scores_before: tuple[int, int]
    vueltas: bool
    card_points: list[int]
    tricks: list[tuple[int, int, tuple[int, ...]]]

    def __init__(self, text: str) -> None:
        """The head tokens (rules, dealer, phase), and the required keys present (errors: their fields)."""
        tokens, self.f = F.split(text)
        self.rules = rules_from_notation(tokens[0])
        self.n = self.rules.players
        self.t = tables_for(self.rules)
        self.tpd = self.rules.tricks_per_deal
        self.draw_rounds = (40 - 6 * self.n) // self.n
        self.dealer = F.dealer(tokens[1], self.n)
        self._read_phase(tokens[2])
        for key in _REQUIRED:
            if key not in self.f:
                raise _bad(key, f"missing: the fields {', '.join(_REQUIRED)} are required")

    def read(self) -> GuinoteState:
        """Every check in order, then the state built and its decision checked."""
        self._read_cards()
        self._check_ledger()
        self._count_tricks()
        self._check_phase_against_tricks()
        self._check_stock()
        self._check_first_leader_and_hands()
        self._find_turn()
        self._check_phase_seat()
        self._read_known()
        self._read_cantes()
        self._read_window()
        self._read_exchange()
        self._read_context()
        self._check_claim()
        self._read_history()
        state = self._build()
        self._check_decision(state)
        return state

    # ------------------------------------------------------------ the head
    def _read_phase(self, tok: str) -> None:
        """The phase token and its seat or team: the form only (errors: ``phase``)."""
        self.claim_team = -1
        self.claim_ok = False
        self.tute_team = -1
        self.cur = -1
        parts = tok.split(":")
        name = parts[0]
        if name in ("play", "window", "predraw"):
            if len(parts) != 2:
                raise _bad("phase", f"bad phase {tok!r}: expected {_PHASES_EXPECTED}")
            self.phase = PHASE_NAMES.index(name)
            self.cur = F.seat("phase", parts[1], self.n)
        elif name == "over":
            self.phase = OVER
            if len(parts) == 1:
                pass
            elif len(parts) == 4 and parts[1] == "claim" and parts[3] in ("ok", "wrong"):
                self.claim_team = F.team("phase", parts[2])
                self.claim_ok = parts[3] == "ok"
            elif len(parts) == 3 and parts[1] == "tute":
                self.tute_team = F.team("phase", parts[2])
            else:
                raise _bad("phase", f"bad phase {tok!r}: expected {_PHASES_EXPECTED}")
        else:
            raise _bad("phase", f"bad phase {tok!r}: expected {_PHASES_EXPECTED}")

    # ------------------------------------------------------------ the cards
    def _read_cards(self) -> None:
        """The card fields ``h``, ``s``, ``tr``, ``i``, ``t``, ``k`` for form, and the indicator of the trump suit."""
        f, n = self.f, self.n
        self.hands = [F.card_list("h", p, f"seat {i}") for i, p in enumerate(F.parts("h", f["h"], n, "hands"))]
        self.stock = F.card_list("s", f["s"])
        self.trump = trump = _suit("tr", f["tr"])
        self.indicator = -1
        if f["i"] != "-":
            ind = F.card_list("i", f["i"])
            if len(ind) != 1:
                raise _bad("i", f"expected one card or '-' (already drawn), got {f['i']!r}")
            self.indicator = ind[0]
            if self.indicator // 10 != trump:
                raise _bad(
                    "i", f"the indicator {card_str(self.indicator)} is not of the trump suit tr={SUIT_LETTERS[trump]}"
                )
        self.leader, self.trick = F.trick(f["t"], n, "1:Rc3c")
        self.taken = [F.card_list("k", p, f"team {i}") for i, p in enumerate(F.parts("k", f["k"], 2, "teams"))]

    def _check_ledger(self) -> None:
        """No card in two places (errors: the field of its second place); notes the cards found nowhere."""
        ledger = F.ledger(40)
        for i, h in enumerate(self.hands):
            ledger.add("h", h, f"h seat {i}")
        ledger.add("s", self.stock, "s")
        if self.indicator >= 0:
            ledger.add("i", [self.indicator], "i")
        ledger.add("t", self.trick, "t")
        for i, k in enumerate(self.taken):
            ledger.add("k", k, f"k team {i}")
        self.missing = ledger.missing()
        self.short = ledger.short()

    # ------------------------------------------------------------ the counts
    def _count_tricks(self) -> None:
        """Tricks won by each team from ``k`` (``players`` cards a trick), at most a deal's (errors: ``k``)."""
        self.won = tricks_by_team(F, self.taken, self.n, self.short)
        self.played = self.won[0] + self.won[1]
        if self.played > self.tpd:
            raise _bad("k", f"{self.played} tricks taken: a deal has {self.tpd}")

    def _check_phase_against_tricks(self) -> None:
        """The phase fits the tricks taken: over iff all are (or a claim or tute), windows after a trick
        (errors: ``phase``, ``k`` for a short finished deal, ``t`` for a trick outside play)."""
        phase, played, tpd, rounds = self.phase, self.played, self.tpd, self.draw_rounds
        if phase != OVER and played == tpd:
            raise _bad("phase", f"all {played} tricks are taken (k), so expected over, got {PHASE_NAMES[phase]}")
        if phase in (WINDOW, PREDRAW) and played == 0:
            raise _bad("phase", f"{PHASE_NAMES[phase]} comes after a trick is won, but none is taken yet (k)")
        if phase == PREDRAW and played > rounds:
            raise _bad("phase", f"predraw comes before a draw, and the stock was used up after {rounds} tricks")
        if phase == OVER:
            if self.tute_team >= 0 and not 0 < played < tpd:
                raise _bad("phase", f"a tute is sung between tricks, but {played} of {tpd} tricks are taken (k)")
            if self.claim_team >= 0 and played == tpd:
                raise _bad("phase", f"a claim ends a deal before its last trick, but all {played} are taken (k)")
            # A vueltas deal that ended by itself (vueltas_auto_end) is checked with the scores (_check_claim).
            if self.claim_team < 0 and self.tute_team < 0 and played < tpd and not self.rules.vueltas_auto_end:
                raise _bad(
                    "k",
                    f"{played} of {tpd} tricks taken but the phase is over: expected all "
                    f"{tpd * self.n} cards in k, or a claim/tute phase{self.short}",
                )
        # With cante_window=until_opponent_card the window stays open after the lead card: a window
        # turn (or a tute sung in it) with one card on the table.
        after_lead = self.rules.cante_window == "until_opponent_card" and len(self.trick) == 1 and played > 0
        window_in_trick = after_lead and (phase == WINDOW or (phase == OVER and self.tute_team >= 0))
        if self.trick and not (phase == PLAY or (phase == OVER and self.claim_team >= 0) or window_in_trick):
            raise _bad(
                "t",
                f"a trick in progress means phase play (or a claim; a window right after the lead card with "
                f"cante_window=until_opponent_card), not {PHASE_NAMES[phase]}",
            )
        if phase == PREDRAW and played < rounds and self.rules.exchange_timing in _LATE:
            raise _bad(
                "phase",
                f"with exchange_timing={self.rules.exchange_timing} only the last draw (after trick {rounds}) has a "
                "predraw turn: the other exchanges come after the draw",
            )

    def _check_stock(self) -> None:
        """The draws done so far, and the indicator (``i``) and face-down stock (``s``) they leave."""
        phase, played, rounds, n = self.phase, self.played, self.draw_rounds, self.n
        # Cantes before the draw (cante_timing=before_draw) happen between a trick and its draw.
        self.sing_pre = self.rules.cante_timing == "before_draw"
        # A window after the draw (a partner's 7 exchange) or after a lead card holds full hands.
        short_hands = not self.trick and sum(len(h) for h in self.hands) < 6 * n
        self.before_draw = phase == PREDRAW or (
            self.sing_pre
            and 0 < played <= rounds
            and short_hands
            and (phase == WINDOW or (phase == OVER and self.tute_team >= 0))
        )
        self.draws = draws = played - 1 if self.before_draw else min(played, rounds)
        if draws < rounds:
            if self.indicator < 0:
                raise _bad(
                    "i",
                    f"after {played} trick(s) the stock lasts {rounds - draws} more "
                    "draw(s): expected the face-up indicator card, not '-'",
                )
            want_stock = 40 - 6 * n - 1 - n * draws
        else:
            if self.indicator >= 0:
                raise _bad(
                    "i",
                    f"the stock is used up after {rounds} tricks and {played} are taken: "
                    "expected '-' (the indicator has been drawn)",
                )
            want_stock = 0
        if len(self.stock) != want_stock:
            raise _bad(
                "s", f"{len(self.stock)} face-down cards, expected {want_stock} after {draws} draw(s){self.short}"
            )

    def _check_first_leader_and_hands(self) -> None:
        """The first trick led by the seat after the dealer (errors: ``t``); every hand's size (errors: ``h``)."""
        played, leader, trick, n = self.played, self.leader, self.trick, self.n
        if trick:
            first = GuinoteState.first_receiver(self.rules, self.dealer)
            if played == 0 and leader != first:
                raise _bad("t", f"the first trick is led by seat {first} (dealer {self.dealer}), not seat {leader}")
        F.hand_sizes(self.hands, 6 + self.draws - played, [(leader + j) % n for j in range(len(trick))],
                     f"after {played} trick(s), {self.draws} draw(s)", self.short)  # fmt: skip
        if self.missing:  # pragma: no cover - the counts above add up to 40
            raise _bad("h", f"cards found nowhere: {F.cards(self.missing)}")

    # ------------------------------------------------------------ the turn
    def _find_turn(self) -> None:
        """The last trick's winner (``w``), the leader of a trick in progress (errors: ``t``), and the
        seat whose turn it is (or was, for a claim) to play a card."""
        played, leader, trick, n = self.played, self.leader, self.trick, self.n
        self.last_winner = F.last_winner(self.f, played, self.won, n)
        if trick and played > 0 and leader != self.last_winner:
            raise _bad("t", f"the trick is led by the last trick's winner (w={self.last_winner}), not seat {leader}")
        if trick:
            self.to_play = (leader + len(trick)) % n
            self.why = f"after {len(trick)} card(s) led by seat {leader}"
        elif played == 0:
            self.to_play = GuinoteState.first_receiver(self.rules, self.dealer)
            self.why = f"who leads the first trick with dealer {self.dealer}"
        else:
            self.to_play = self.last_winner
            self.why = "the winner of the last trick (w)"
        self.team_sing = self.rules.cante_by == "winning_team" and n == 4

    def _check_phase_seat(self) -> None:
        """The phase's seat: the seat to play, the winner (or its partner) in a window, the winning team
        before a draw (errors: ``phase``)."""
        phase, cur, last_winner, team_sing = self.phase, self.cur, self.last_winner, self.team_sing
        if phase == PLAY and cur != self.to_play:
            raise _bad(
                "phase",
                f"seat {cur} to play, but it is seat {self.to_play}'s turn ({self.why}): expected play:{self.to_play}",
            )
        if phase == WINDOW:
            partner = (last_winner + 2) % 4 if self.n == 4 else -1
            if self.trick:
                if cur != self.leader and not (team_sing and cur == (self.leader + 2) % 4):
                    raise _bad(
                        "phase",
                        f"a window after the lead card is for the leader (seat {self.leader})"
                        + (" or its partner" if team_sing else ""),
                    )
            elif self.before_draw:
                if cur != last_winner and not (team_sing and cur == partner):
                    whom = f"seat {last_winner}" + (f" or its partner, seat {partner}" if team_sing else "")
                    raise _bad(
                        "phase",
                        f"a cante window before the draw is for the trick's winner (w={last_winner}): "
                        f"expected window:SEAT with SEAT {whom}",
                    )
            elif not (team_sing or (self.n == 4 and self.rules.exchange_timing in _LATE)):
                raise _bad(
                    "phase",
                    "a window after the draw is for the partner's cante or 7 exchange: it needs 4 players and "
                    "cante_by=winning_team or exchange_timing=before_lead/until_next_trick "
                    f"(the winner acts at the lead: expected play:{last_winner})",
                )
            elif cur != partner:
                raise _bad(
                    "phase",
                    f"the window is for the partner of the trick's winner (w={last_winner}): expected window:{partner}",
                )
        elif phase == PREDRAW:
            if self.rules.exchange_timing != "after_team_win" and self.rules.exchange_timing not in _LATE:
                raise _bad("phase", "predraw needs exchange_timing=after_team_win, before_lead or until_next_trick")
            if cur % 2 != last_winner % 2:
                raise _bad("phase", f"predraw is for the team of the trick's winner (w={last_winner}), not seat {cur}")

    # ------------------------------------------------------------ the other fields
    def _read_known(self) -> None:
        """The cards each seat is known to hold (``v``), each in its hand (errors: ``v``)."""
        self.known = [0] * self.n
        if "v" in self.f:
            for seat, p in enumerate(F.parts("v", self.f["v"], self.n, "seats' known cards")):
                for c in F.card_list("v", p, f"seat {seat}"):
                    if c not in self.hands[seat]:
                        raise _bad("v", f"seat {seat} is shown holding {card_str(c)}, which is not in its hand (h)")
                    self.known[seat] |= 1 << c
        self.hand_masks = [sum(1 << c for c in h) for h in self.hands]
        self.gone = sum(1 << c for c in self.trick) | sum(1 << c for k in self.taken for c in k)

    def _read_cantes(self) -> None:
        """The cantes (``c``): sung by a team that has won a trick, each suit once, the pair played or shown,
        a tute as the rules allow (errors: ``c``); an ``over:tute`` phase needs one (errors: ``phase``)."""
        self.cantes = []
        self.sung = 0
        self.cante_points = [0, 0]
        if "c" in self.f:
            if self.played == 0:
                raise _bad("c", "cantes are sung after a trick is won, and none is taken yet (k)")
            items = self.f["c"].split(",")
            for index, item in enumerate(items):
                self._read_cante(item, last=index == len(items) - 1)
        if self.tute_team >= 0 and not (self.cantes and self.cantes[-1][1] == TUTE):
            raise _bad("phase", "over:tute needs a tute as the last cante (c)")
        if self.tute_team >= 0 and self.rules.tute != "wins_partida":
            raise _bad("phase", f"over:tute needs tute=wins_partida, these rules have tute={self.rules.tute}")

    def _read_cante(self, item: str, last: bool) -> None:
        """One cante ``SEAT:sing:SUIT`` or ``SEAT:tute``, checked and counted (errors: ``c``)."""
        rules = self.rules
        seat_text, colon, act_text = item.partition(":")
        if not colon:
            raise _bad("c", f"bad cante {item!r}: expected SEAT:sing:SUIT or SEAT:tute, e.g. 2:sing:o")
        seat = F.seat("c", seat_text, self.n)
        try:
            action = parse_action(act_text)
        except IllegalActionError:
            action = -1
        if not SING <= action <= TUTE:
            raise _bad("c", f"bad cante {item!r}: expected sing:o, sing:c, sing:e, sing:b or tute after the seat")
        team = seat % 2
        if self.won[team] == 0:
            raise _bad("c", f"seat {seat} sang, but its team has won no trick (k)")
        if action == TUTE:
            if rules.tute == "none":
                raise _bad("c", "these rules have no tute (tute=none)")
            if self.sung & 16:
                raise _bad("c", "tute is sung twice: expected it at most once")
            self.sung |= 16
            if rules.tute == "bonus":
                self.cante_points[team] += rules.tute_points
            elif not last or self.tute_team != team:
                raise _bad(
                    "c",
                    f"a tute wins the partida under these rules, so it ends the deal: "
                    f"expected it last and the phase over:tute:{team}",
                )
        else:
            suit = action - SING
            if self.sung >> suit & 1:
                raise _bad("c", f"the cante in {SUIT_NAMES[suit]} is sung twice: each suit once per deal")
            self.sung |= 1 << suit
            shown = self.hand_masks[seat] & self.known[seat]
            for c in cards_of(self.t.pair[suit]):
                if not (self.gone >> c & 1 or shown >> c & 1):
                    raise _bad(
                        "c",
                        f"seat {seat} sang in {SUIT_NAMES[suit]}, so {card_str(c)} must be "
                        "played already or in its hand and shown (v)",
                    )
            self.cante_points[team] += rules.cante_points_trump if suit == self.trump else rules.cante_points_plain
        self.cantes.append((seat, action))

    def _read_window(self) -> None:
        """Whether the cante window is open, as the engine keeps it, and the cantes made in it (``cw``):
        only while it is open, by the winning team, within the limit per trick (errors: ``cw``)."""
        # From a trick won to the next lead; but with cantes before the draw, it closes at the draw.
        phase, played = self.phase, self.played
        # With cante_window=until_opponent_card it stays open after the lead card, until the next card.
        open_trick = not self.trick or (self.rules.cante_window == "until_opponent_card" and len(self.trick) == 1)
        at_lead_window = open_trick and played > 0 and (not self.sing_pre or played > self.draw_rounds)
        if phase == WINDOW:
            # Before the draw (cantes due then), or open as at the lead; a partner's window after the
            # draw that only offers the 7 exchange (cantes before the draw) has it closed.
            self.window_open = self.before_draw or at_lead_window
        elif phase == PREDRAW:
            self.window_open = self.sing_pre
        elif phase == PLAY:
            self.window_open = at_lead_window
        else:
            self.window_open = self.tute_team >= 0 or (self.claim_team >= 0 and at_lead_window)
        self.window_count = count = [0] * self.n
        if "cw" not in self.f:
            return
        if not self.window_open or phase == OVER:
            raise _bad("cw", "only written while the cante window is open (after a trick, before the next lead)")
        for seat, p in enumerate(F.parts("cw", self.f["cw"], self.n, "counts")):
            if not is_number(p):
                raise _bad("cw", f"bad count {p!r} for seat {seat}: expected a whole number")
            count[seat] = int(p)
            if count[seat] and seat % 2 != self.last_winner % 2:
                raise _bad(
                    "cw",
                    f"seat {seat} cannot have sung in this window: "
                    f"only the team of the trick's winner (w={self.last_winner}) sings",
                )
            limit = self.rules.cantes_per_trick
            if limit and count[seat] > limit:
                raise _bad("cw", f"seat {seat} sang {count[seat]} times: at most {limit} per trick")
        if sum(count) > len(self.cantes):
            raise _bad("cw", f"{sum(count)} cantes in the window but only {len(self.cantes)} in c")

    def _read_exchange(self) -> None:
        """The seat that exchanged the 7 of trumps (``x``): allowed by the rules, at a time they allow, and
        the 7 then the indicator (errors: ``x``)."""
        self.exchanged_by = -1
        if "x" not in self.f:
            return
        rules, indicator = self.rules, self.indicator
        self.exchanged_by = F.seat("x", self.f["x"], self.n)
        siete = self.t.sietes[self.trump]
        if rules.exchange_timing == "never":
            raise _bad("x", "these rules have no exchange of the 7 (exchange_timing=never)")
        if (rules.exchange_timing == "after_team_win" or rules.exchange_timing in _LATE) and self.played == 0:
            raise _bad("x", "the 7 is exchanged after a trick is won, and none is taken yet (k)")
        if indicator >= 0 and indicator != siete:
            raise _bad(
                "x",
                f"after the exchange the indicator is the 7 of trumps {card_str(siete)}, but i={card_str(indicator)}",
            )

    def _read_context(self) -> None:
        """The match context (``ctx``): the teams' scores before the deal and idas or vueltas (errors: ``ctx``)."""
        self.scores_before, self.vueltas = (0, 0), False
        if "ctx" not in self.f:
            return
        text = self.f["ctx"]
        items = text.split(",")
        if len(items) not in (2, 3) or not all(is_number(x) for x in items[:2]):
            raise _bad("ctx", f"expected A,B,idas or A,B,vueltas (team scores before the deal), got {text!r}")
        if len(items) == 3 and items[2] not in ("idas", "vueltas"):
            raise _bad("ctx", f"expected idas or vueltas as the third part, got {items[2]!r}")
        self.scores_before = (int(items[0]), int(items[1]))
        self.vueltas = len(items) == 3 and items[2] == "vueltas"
        if self.vueltas and not self.rules.idas_vueltas:
            raise _bad("ctx", "a vueltas deal needs idas_vueltas=true")

    def _check_claim(self) -> None:
        """The card points taken; an ``over:claim`` phase allowed by the rules, made on the claiming team's
        turn, and ``ok`` exactly when its total reaches the target (errors: ``phase``)."""
        rules, team = self.rules, self.claim_team
        self.card_points = [sum(self.t.points[c] for c in k) for k in self.taken]
        totals = [self.scores_before[i] + self.card_points[i] + self.cante_points[i] for i in (0, 1)]
        if self.phase == OVER and team < 0 and self.tute_team < 0 and self.played < self.tpd:
            reached = [i for i in (0, 1) if reaches_target(rules, totals[i], self.card_points[i])]
            if not self.vueltas or not reached:
                raise _bad(
                    "k",
                    f"{self.played} of {self.tpd} tricks taken but the phase is over: expected all cards in k, "
                    "a claim/tute phase, or a vueltas deal with a side at the target (vueltas_auto_end)",
                )
        if team < 0:
            return
        if rules.claims == "none":
            raise _bad("phase", "these rules have no claims (claims=none)")
        if rules.claims == "vueltas":
            if not self.vueltas:
                raise _bad("phase", "with claims=vueltas a claim needs a vueltas deal (ctx=A,B,vueltas), not idas")
            if self.trick or self.played == 0:
                raise _bad("phase", "with claims=vueltas a side claims when leading after taking a trick")
        if team != self.to_play % 2:
            raise _bad(
                "phase",
                f"a claim is made on one's turn to play, and it was seat {self.to_play}'s ({self.why}): "
                f"expected over:claim:{self.to_play % 2}:...",
            )
        total = totals[team]
        ok = not claim_fault(rules, total, totals[1 - team], self.card_points[team])
        if ok != self.claim_ok:
            verdict = "ok" if ok else "wrong"
            raise _bad(
                "phase",
                f"team {team} has {total} of {rules.target}, so its claim is {verdict}: "
                f"expected over:claim:{team}:{verdict}",
            )
        if not ok and not rules.wrong_claim_loses:
            raise _bad("phase", "a wrong claim cannot be made with wrong_claim_loses=false")

    def _read_history(self) -> None:
        """The completed tricks (``hist``), each won as its cards say, agreeing with ``k`` and ``w``
        (errors: ``hist``)."""
        self.tricks = []
        if "hist" not in self.f:
            return
        t, trump, n = self.t, self.trump, self.n
        self.tricks = read_history(
            F,
            self.f["hist"],
            self.played,
            n,
            GuinoteState.first_receiver(self.rules, self.dealer),
            lambda cards, lead: _trick_winner(t, cards, lead, trump, n),
            self.taken,
            self.last_winner,
        )

    # ------------------------------------------------------------ the state
    def _build(self) -> GuinoteState:
        """The state with every field read; a trick in progress is replayed from the hands before it,
        which sets its best card and checks each play (errors: ``t``)."""
        s = GuinoteState(self.rules)
        s.dealer = self.dealer
        s.hands = self.hand_masks[:]
        s.stock = self.stock[::-1]
        s.indicator = self.indicator
        s.trump = self.trump
        s.taken = [sum(1 << c for c in k) for k in self.taken]
        s.card_points = self.card_points
        s.cante_points = self.cante_points
        s.tricks_won = self.won
        s.tricks_played = self.played
        s.last_winner = self.last_winner
        s.sung = self.sung
        s.cantes = self.cantes
        s.window_count = self.window_count
        s.known = self.known
        s.arrastre = self.indicator < 0
        s.exchanged_by = self.exchanged_by
        s.claim_team = self.claim_team
        s.claim_ok = self.claim_ok
        s.tute_team = self.tute_team
        s.tricks = self.tricks
        s.scores_before = self.scores_before
        s.vueltas = self.vueltas
        if self.trick:
            s.phase = PLAY
            s.window_open = self.played > 0
            late = s._sing_late
            s._sing_late = False  # no window turns while the trick is replayed: the phase says if one is on
            replay_trick(F, s, self.leader, self.trick, self.n)
            s._sing_late = late
            s.window_open = self.window_open
            if self.phase == WINDOW:
                s.phase = WINDOW
                s.cur = self.cur
            if self.phase == OVER:
                s.phase = OVER
                s.cur = -1
        else:
            s.phase = self.phase
            s.cur = self.cur
            s.leader = self.cur if self.phase == PLAY else self.last_winner
            s.window_open = self.window_open
            s.trick_best = -1
            s.trick_best_seat = -1
        s._lm = -1  # the engine's legal-card cache: nothing computed yet for this position
        return s

    def _check_decision(self, s: GuinoteState) -> None:
        """A window has a cante to sing, and a predraw seat the 7 to exchange (errors: ``phase``)."""
        phase, cur, last_winner = self.phase, self.cur, self.last_winner
        if phase == WINDOW and len(s.legal_actions()) <= 1:
            raise _bad("phase", f"seat {cur} has nothing to sing, so there is no window: expected play:{last_winner}")
        if phase == PREDRAW and not s._can_exchange(cur):
            raise _bad(
                "phase",
                f"seat {cur} cannot exchange the 7 of trumps "
                f"({card_str(self.t.sietes[self.trump])} is not in its hand): no predraw",
            )
        if phase == PREDRAW and cur != last_winner and s._can_exchange(last_winner):  # pragma: no cover
            raise _bad("phase", f"the trick's winner comes first: expected predraw:{last_winner}")
