"""Drive the independent Belote engine ``belote-cli`` (PyPI) the way a bot drives tapete.

The peer for tapete's Belote line in ``run.py``: random full deals per second,
the same work on both sides (deal, the first bidder takes the retourne's suit,
uniformly random legal cards until the deal is over, the deal scored).

    pip install belote-cli        # distribution belote-cli 4.9.6, import name ``belote``, MIT

What belote-cli is
==================

A terminal game (console scripts ``belote`` and ``belatro``) whose rules live in
pure, UI-free modules: ``belote.deck`` (cards, deal, card order and points),
``belote.game`` (an immutable ``GameState`` frozen dataclass and pure
transitions) and ``belote.scoring`` (declarations and the deal's score).
Importing ``belote.game`` pulls in neither the UI, the input layer nor the
terminal context, so nothing here reads the keyboard or prints: no
monkeypatching is needed. ``belote.gameflow`` (``run_round``), the terminal
loop, is not used.

Driving it (version 4.9.6)::

    from belote import game as g
    from belote.scoring import score_round
    st = g.GameState(hands=((), (), (), ()), dealer=g.Seat(d))   # or g.new_game(); dealer SOUTH
    st = g.start_round(st, random.Random(seed))   # shuffle, deal 5 each (3+2), turn the 21st card
    st = g.place_bid(st, st.up_card.suit)          # first bidder (dealer's left) takes; deals the rest
    while st.phase is g.Phase.PLAYING:
        la = g.legal_cards(st, st.turn)            # tuple of Card
        st = g.play_card(st, la[rng.randrange(len(la))])   # raises IllegalMoveError if illegal
    breakdown = score_round(st)                    # phase is SCORING after the 8th trick

Seats are ``Seat.SOUTH, EAST, NORTH, WEST`` (0..3, play goes 0 -> 1 -> 2 -> 3,
teams NS = 0 and EW = 1); cards are ``Card(Suit, Rank)`` frozen dataclasses.
``place_bid(st, None)`` passes; the second bidding round (any suit,
``Suit.TOUT_ATOUT`` or ``"sans_atout"``) follows four passes; four more passes
set ``phase = DEAL`` with the dealer moved on. ``scoring.apply_round_score``
adds a breakdown to ``team_scores`` (a game runs to ``target``, 1000).

Rules it implements (read from the source of 4.9.6)
====================================================

- Deal: 32 cards, 3 then 2 to each seat from the dealer's left, the 21st
  card turned up. The taker gets the retourne plus 2, the others 3 each, in
  bidding order. The player left of the dealer leads the first trick, whoever
  took.
- Bidding: round 1 takes the retourne's suit or passes; round 2 names another
  suit, tout atout or sans atout. Pitfall: ``place_bid`` does not check that a
  round-1 bid is the retourne's suit, nor that a round-2 suit differs from it
  (only TA/SA are refused in round 1). No coinche in the classic module (a
  ``coinche_level`` field exists, set only by the BelAtro flow).
- Card order: trump J 9 A 10 K Q 8 7, plain A 10 K Q J 9 8 7. Points: trump
  J 20, 9 14, A 11, 10 10, K 4, Q 3; plain A 11, 10 10, K 4, Q 3, J 2;
  152 in the cards, +10 dix de der (162).
- Play (``game._calculate_legal_cards_impl``): must follow suit. Trump led:
  must play a trump if holding one and must overtrump the highest card in the
  trick when able, else any trump, partner or not. Plain suit led and void:
  if the partner is currently winning the trick, any card (the partner
  exemption frees both the cut and the overtrump); otherwise must trump, must
  overtrump the highest trump in the trick when able, and must undertrump
  (play a lower trump) when unable to overtrump; with no trump, any card.
  Sans atout: follow suit, else anything. Tout atout: follow suit and rise in
  it when able, else anything.
- Declarations (``scoring``): automatic, computed on the 8-card hands as soon
  as the bid is made; no choice to announce or not. Sequences are maximal runs
  in the order 7 8 9 10 J Q K A: tierce 20, quarte 50, quinte or longer 100.
  Carrés: J 200, 9 150, A/10/K/Q 100, 7/8 0 points. Only the team with the best
  declaration scores, and it scores all of its sequences and carrés; any carré
  beats any sequence (pitfall: even a 0-point carré of 7s or 8s cancels the
  other team's sequences); sequences compare by (length, top card, trump);
  an exact tie goes to the first seat clockwise from the taker. A card may
  count both in a sequence and a carré.
- Belote-rebelote: the holder of trump K and Q in the 8-card hand
  (only in a suit contract) is announced automatically when playing them;
  20 points to the holder's team, kept whatever the outcome, not counted to
  decide whether the contract is made.
- Scoring: the taker's team makes it when card points + dix de der +
  declarations are strictly above the defence's. Made: each side scores its
  own. Chute: defence 162 + all declarations of both sides + its belote; the
  taker keeps only its belote. Litige (tie): the defence scores its own, the
  taker's points are held and go to the winner of the next deal. Capot: 252
  + all declarations (SA 220, TA 348); a failed capot against the taker pays
  the defence the same. No rounding to tens. Game to 1000; a tie at or above
  the target plays on.
- Boss modifiers and jokers (``BossModifiers``, ``_joker_state``) belong to the
  BelAtro roguelike mode; all off in a plain ``GameState``.

Engine notes for the adapter and the benchmark
==============================================

- ``legal_cards`` and the trick winner are memoised with ``functools.lru_cache``
  (2048 and 1024 entries); ``gameflow.run_round`` calls
  ``game.clear_legal_cards_cache()`` at the start of every deal, and so does
  :func:`belote_cli_batch`. ``scoring.detect_sequences`` is cached too (128).
- Randomness: only the ``random.Random`` given to ``start_round`` (the shuffle;
  the state keeps it for a BelAtro boss). The global ``random`` module is not
  touched on this path; a default ``GameState()`` builds its own
  ``random.Random()`` from the OS, which is why the batch builds the four
  dealer states once. The batch still saves and restores the global state.
- ``play_card`` validates against ``legal_cards`` itself, so each play costs two
  legal-card computations (the second one hits the cache).
"""

from __future__ import annotations

import random
from collections.abc import Callable

#: The distribution and import names, for messages and the version line.
DISTRIBUTION = "belote-cli"
IMPORT_NAME = "belote"


def belote_cli_batch() -> Callable[[int, int], int]:
    """A ``run(games, seed) -> actions`` batch playing random full deals with belote-cli.

    Each deal: dealer ``i % 4``, shuffle seeded ``seed + i``, the first bidder
    takes the retourne's suit (1 action), then 32 uniformly random legal cards
    drawn with ``random.Random(seed)``, then ``score_round``. Returns the number
    of actions applied (33 per deal).
    """
    try:
        from belote import game as g
        from belote import scoring
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            f"the Belote peer needs the {DISTRIBUTION!r} package (import name {IMPORT_NAME!r}): "
            f"pip install {DISTRIBUTION}"
        ) from exc

    score_round = scoring.score_round
    start_round = g.start_round
    place_bid = g.place_bid
    legal_cards = g.legal_cards
    play_card = g.play_card
    clear_cache = g.clear_legal_cards_cache
    playing = g.Phase.PLAYING
    scored = g.Phase.SCORING
    # One blank state per dealer, built once: a default GameState seeds its own
    # random.Random from the OS, which is no part of a deal's work.
    tables = [g.GameState(hands=((), (), (), ()), dealer=g.Seat(d)) for d in range(4)]

    def run(games: int, seed: int) -> int:
        saved = random.getstate()
        try:
            rng = random.Random(seed)
            actions = 0
            for i in range(games):
                clear_cache()  # as gameflow.run_round does at every deal
                state = start_round(tables[i % 4], random.Random(seed + i))
                up_card = state.up_card
                assert up_card is not None
                state = place_bid(state, up_card.suit)
                actions += 1
                while state.phase is playing:
                    la = legal_cards(state, state.turn)
                    state = play_card(state, la[rng.randrange(len(la))])
                    actions += 1
                if state.phase is not scored:
                    raise RuntimeError(f"belote-cli deal {i} ended in phase {state.phase}")
                score_round(state)
            return actions
        finally:
            random.setstate(saved)

    return run


def version() -> str:
    """The installed belote-cli version, or "" when it is not installed."""
    import importlib.metadata

    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return ""


if __name__ == "__main__":  # python benchmarks/belote_peer.py [games]: best of 5 batches
    import sys
    import time

    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    run = belote_cli_batch()
    run(max(games // 10, 10), 10**6)
    rates = []
    for r in range(5):
        t0 = time.perf_counter()
        actions = run(games, r * games)
        rates.append(games / (time.perf_counter() - t0))
    print(
        f"belote-cli {version()}: best {max(rates):,.0f} deals/s, "
        f"median {sorted(rates)[2]:,.0f}, {actions / games:.1f} actions/deal"
    )
