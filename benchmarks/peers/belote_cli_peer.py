"""belote-cli's AI (PyPI ``belote-cli``, import ``belote``) as a tapete bot, for benchmarks only.

:class:`BeloteCliBot` receives one seat's :class:`~tapete.belote.observation.BeloteObservation`
and nothing else, rebuilds from it the ``belote.game.GameState`` that seat's
AI would be shown (its own hand, the retourne, the bidding round, the
contract, the trick in progress and the completed tricks), asks
``belote.ai.AIPlayer`` (``easy``, ``medium`` or ``hard``) for a bid or a card,
and answers with the tapete action. The other hands in that state are empty:
no hidden card is ever put where the AI could read it.

Rules: tapete ``classique`` with ``litige=held`` and
``belote_counts_for_contract=false`` (see ``rules.py`` and README.md). Three
things of belote-cli's own table are handled here:

- **The partner's hand.** In belote-cli's game the AI reads its partner's hand
  (``AIPlayer.update_memory`` copies ``state.hand_of(partner)`` unless the
  BelAtro boss flag ``hide_partner_hand`` is set). The adapter sets that flag
  (and leaves the partner's hand empty anyway), so the AI plays on what its
  seat sees, as every tapete bot does. This is the AI's own honest mode.
- **Declarations** are automatic in belote-cli (every sequence and carré is
  counted). The adapter declares whenever tapete offers ``declare``; the
  runner wraps the tapete levels the same way (``auto_declare``).
- **Sans atout / tout atout** are offered in belote-cli's second round but
  are not part of classic Belote in tapete (and their card scales differ).
  When the AI asks for one, the adapter counts it (``sa_ta_bid``) and plays
  the suit the AI's own suit heuristic chooses instead (``_suit_bid``, which
  ``decide_bid`` falls back to when it does not want SA/TA).
- **Coinche after the taking** (belote-cli 4.9, hard AI only): tapete's
  classic game has none, so it is never played; the adapter counts how often
  the hard AI, defending, would have coinched (``would_coinche``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Final

from tapete.belote.actions import DECLARE, PASS, TAKE
from tapete.belote.observation import BeloteObservation
from tapete.bots.base import Budget

from . import stats

try:  # the bench extra: pip install belote-cli
    from belote.deck import CARD_SUITS, Card, Contract, Rank, Suit

    from belote import ai as _ai
    from belote import game as _g
except ImportError:  # pragma: no cover - depends on the environment
    _ai = None

LEVELS: Final = ("easy", "medium", "hard")

if _ai is not None:
    _RANKS: Final[list[Any]] = list(Rank)  # 7 8 9 10 J Q K A: tapete's natural rank order
    _CARDS: Final[list[Any]] = [Card(CARD_SUITS[c // 8], _RANKS[c % 8]) for c in range(32)]
    _IDS: Final[dict[Any, int]] = {card: c for c, card in enumerate(_CARDS)}
    _HONEST: Final = _g.BossModifiers(hide_partner_hand=True)


def available() -> bool:
    return _ai is not None


def version() -> str:
    import importlib.metadata

    try:
        return importlib.metadata.version("belote-cli")
    except importlib.metadata.PackageNotFoundError:
        return ""


def to_card(c: int) -> Any:
    """tapete card id (suit * 8 + rank, ranks 7..A, suits s h d c) -> ``belote.deck.Card``."""
    return _CARDS[c]


def from_card(card: Any) -> int:
    return _IDS[card]


def _trick(seat_cards: list[tuple[int, int]]) -> tuple[Any, ...]:
    return tuple(_g.TrickCard(_g.Seat(s), to_card(c)) for s, c in seat_cards)


def game_state(obs: BeloteObservation) -> Any:
    """The ``belote.game.GameState`` this seat's AI is shown: built from the observation only.

    Other seats' hands are empty; ``hide_partner_hand`` keeps the AI from looking for its
    partner's cards (see the module docstring).
    """
    seat = obs.seat
    hands: list[tuple[Any, ...]] = [(), (), (), ()]
    hands[seat] = tuple(to_card(c) for c in obs.hand)
    dealer = _g.Seat(obs.dealer)
    if obs.phase == "bidding":
        return _g.GameState(
            hands=tuple(hands),
            dealer=dealer,
            turn=_g.Seat(seat),
            phase=_g.Phase.BIDDING,
            up_card=to_card(obs.retourne),
            bidding_round=obs.round,
            bidder_index=(seat - obs.dealer - 1) % 4,
            boss_modifiers=_HONEST,
        )
    completed = tuple(_trick([((leader + i) % 4, c) for i, c in enumerate(cards)]) for leader, _, cards in obs.tricks)
    leader = obs.trick[0][0] if obs.trick else (obs.tricks[-1][1] if obs.tricks else (obs.dealer + 1) % 4)
    return _g.GameState(
        hands=tuple(hands),
        trump=CARD_SUITS[obs.trump],
        contract=Contract.NORMAL,
        dealer=dealer,
        leader=_g.Seat(leader),
        turn=_g.Seat(seat),
        phase=_g.Phase.PLAYING,
        taker=_g.Seat(obs.taker),
        current_trick=_trick(list(obs.trick)),
        completed_tricks=completed,
        last_trick_winner=_g.Seat(obs.tricks[-1][1]) if obs.tricks else None,
        first_trick_done=bool(obs.tricks),
        boss_modifiers=_HONEST,
    )


@dataclass
class _Deal:
    """Which deal the kept AIPlayer belongs to (its memory is per deal)."""

    dealer: int
    scores: tuple[int, ...]
    played: int


class BeloteCliBot:
    """belote-cli's AI at one difficulty, behind tapete's Bot protocol.

    >>> bot = BeloteCliBot("hard")  # doctest: +SKIP
    >>> bot.act(obs, random.Random(1)) in obs.legal_actions  # doctest: +SKIP
    True
    """

    def __init__(self, level: str = "hard") -> None:
        if _ai is None:
            raise ImportError("BeloteCliBot needs belote-cli: pip install belote-cli (the [bench] extra)")
        if level not in LEVELS:
            raise ValueError(f"unknown belote-cli level {level!r}: expected one of {', '.join(LEVELS)}")
        self.level = level
        self.name = f"belote-cli:{level}"
        self._difficulty = _ai.Difficulty(level)
        self._player: Any = None
        self._deal: _Deal | None = None
        self._coinche_asked = False
        stats.dump_at_exit()

    def _ai_for(self, obs: BeloteObservation, rng: random.Random) -> Any:
        """The AIPlayer of this seat for this deal: kept across the deal (its memory of voids and
        signals), replaced when a new deal starts."""
        played = obs.played_mask().bit_count()
        deal = _Deal(obs.dealer, tuple(obs.scores_before), played)
        old = self._deal
        if (self._player is None or self._player.seat.value != obs.seat or old is None or old.dealer != deal.dealer
                or old.scores != deal.scores or played < old.played or obs.phase == "bidding"):  # fmt: skip
            self._player = _ai.AIPlayer(_g.Seat(obs.seat), self._difficulty, rng)
            self._coinche_asked = False
        self._deal = deal
        self._player._rng = rng  # the act's generator: the AI's only randomness
        return self._player

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        if not obs.legal_actions:
            raise ValueError(f"seat {obs.seat} has no action to choose: it is not its turn")
        if DECLARE in obs.legal_actions:
            return DECLARE  # belote-cli counts every declaration: declare as soon as allowed
        start = time.perf_counter()
        player = self._ai_for(obs, rng)
        state = game_state(obs)
        if obs.phase == "bidding":
            action = self._bid(player, state, obs)
        else:
            if not self._coinche_asked:
                self._coinche_asked = True
                if self.level == "hard" and obs.taker % 2 != obs.seat % 2 and not obs.tricks and len(obs.hand) == 8:
                    if player.decide_coinche(state):
                        stats.count(self.name, "would_coinche")
                    stats.count(self.name, "defended")
            player.update_memory(state)
            action = from_card(player.decide_card(state))
        stats.record_time(self.name, time.perf_counter() - start)
        if action not in obs.legal_actions:
            stats.count(self.name, "illegal")
            choices: list[int] = [a for a in obs.legal_actions if a != DECLARE]
            return choices[rng.randrange(len(choices))]
        return action

    def _bid(self, player: Any, state: Any, obs: BeloteObservation) -> int:
        bid = player.decide_bid(state)
        if bid == Suit.TOUT_ATOUT or bid == _g.SANS_ATOUT_BID:
            stats.count(self.name, "sa_ta_bid")
            # Only in round 2, where any suit but the retourne's may be named.
            bid = player._suit_bid(state.hand_of(_g.Seat(obs.seat)), state, exclude=CARD_SUITS[obs.retourne // 8])
        if bid is None:
            return PASS
        return TAKE + int(CARD_SUITS.index(bid))
