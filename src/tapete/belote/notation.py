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
:class:`~tapete.core.errors.NotationError` naming the field that is wrong.

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
    PHASE    := 'bidding:' SEAT       seat SEAT speaks in the taking or the auction, or (classic_coinche)
                                      coinches, surcoinches or passes after the take, before the first card
              | 'play:' SEAT          seat SEAT plays a card (or declares, in the first trick)
              | 'over'                the deal is over: all tricks played, or everybody passed
    CARDS    := '-' | CARD+           cards written together, e.g. JhTh9h (rank 7 8 9 T J Q K A,
                                      then suit s h d c; see tapete.core.cards.french)
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
tapete.core.errors.NotationError: bad position, field b (bidding): call 2 (take:h): illegal action take:h for seat 2...

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

from tapete.belote.actions import action_str
from tapete.belote.declarations import Declaration
from tapete.belote.notation_read import FIELDS, F, has_bergere, is_open, out_count, read_position, rules_from_notation
from tapete.belote.rules import BeloteRules
from tapete.belote.state import OVER, PHASE_NAMES, BeloteState
from tapete.core.cards.deck import cards_of
from tapete.core.cards.french import card_str
from tapete.core.position_fields import rules_token

__all__ = ["FIELDS", "from_notation", "rules_from_notation", "rules_to_notation", "to_notation"]

_F = F


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
    if is_open(rules):
        parts.append("sl=" + "/".join(_slots(state, seat) for seat in range(state.n)))
    else:
        parts.append("h=" + "/".join(_F.mask(h) for h in state.hands))
    if taking:
        parts.append("r=" + card_str(state.retourne))
        if state.contract < 0 and not is_open(rules):
            parts.append("u=" + _F.cards(state.rest))
    if state.contract >= 0:
        if has_bergere(rules):
            parts.append("bg=" + card_str(state.bergere))
        if out_count(rules) > 0:
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
def from_notation(text: str) -> BeloteState:
    """Read a position string into a new state; raises :class:`NotationError` if it is bad.

    The checks, one named step per field, are in :mod:`tapete.belote.notation_read`.
    """
    return read_position(text)
