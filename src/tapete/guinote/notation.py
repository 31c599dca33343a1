"""Position notation: one line of text for a whole Guiñote deal position.

Like chess FEN, a position string holds everything needed to rebuild a
:class:`~tapete.guinote.state.GuinoteState` with the same legal actions and
the same future: the rules, every hand, the stock in draw order, the trick in
progress, what each side has taken, the cantes, the known cards and the match
context. :func:`to_notation` writes one, :func:`from_notation` reads one and
checks that it describes a position the rules can reach (all 40 cards once,
hand sizes that fit the tricks played, the right seat to act, a legal trick
in progress, ...); anything else raises :class:`~tapete.core.errors.NotationError`
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
                                      rank 1-7 S C R then suit o c e b; see tapete.core.cards)

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
tapete.core.errors.NotationError: bad position, field s (stock): card 2o appears twice (h seat 0 and s): ...
"""

from __future__ import annotations

from tapete.core.cards.spanish import SUIT_LETTERS, card_str
from tapete.core.position_fields import rules_token
from tapete.guinote.actions import action_str
from tapete.guinote.notation_read import FIELDS, F, read_position, rules_from_notation
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import OVER, PHASE_NAMES, GuinoteState

__all__ = ["FIELDS", "from_notation", "rules_from_notation", "rules_to_notation", "to_notation"]

_cards = F.cards
_mask = F.mask


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
def from_notation(text: str) -> GuinoteState:
    """Read a position string into a new state; raises :class:`NotationError` if it is bad.

    The checks, one named step per field, are in :mod:`tapete.guinote.notation_read`.
    """
    return read_position(text)
