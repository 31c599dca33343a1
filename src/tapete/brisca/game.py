"""Brisca as one :class:`~tapete.core.game.Game`: what every face, bot and the solver know of it.

>>> GAME.name, GAME.players(GAME.rules("brisca")), GAME.side_of(GAME.rules("brisca"), 3)
('brisca', 4, 1)
>>> GAME.players(GAME.rules("brisca-2p")), GAME.faces(GAME.rules()), GAME.deck(GAME.rules()).n_cards
(2, 'spanish', 40)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from typing import Any

from tapete.brisca import actions, notation, record, shown, view, words
from tapete.brisca.match import BriscaMatch
from tapete.brisca.rules import DEFAULT_PRESET, BriscaRules
from tapete.brisca.state import BriscaState
from tapete.core.agent import Bot
from tapete.core.cards.deck import Deck
from tapete.core.cards.spanish import SPANISH
from tapete.core.game import GameBase, Match
from tapete.core.search_hooks import SearchHooks
from tapete.core.shown import Row
from tapete.core.solution import Solution
from tapete.core.tensor import ObservationTensor
from tapete.core.words import CardRef, CardsRef, Say, SeatRef


class BriscaGame(GameBase):
    """Brisca: the Spanish 40-card deck, 3 cards in hand, no duty to follow suit, 2 or 4 players (in pairs)."""

    name = "brisca"
    title = "Brisca"
    rules_class = BriscaRules
    default_preset = DEFAULT_PRESET

    # ------------------------------------------------------------ rules and seats
    def deck(self, rules: Any) -> Deck:
        return SPANISH

    def faces(self, rules: Any) -> str:
        return "spanish"

    def units(self, rules: Any) -> int:
        return 2

    # ------------------------------------------------------------ deals and matches
    def new_deal(self, rules: Any, seed: int | None = None, dealer: int = 0) -> BriscaState:
        return BriscaState.new_deal(rules, seed=seed, dealer=dealer)

    def new_match(self, rules: Any, seed: int | None = None, dealer: int | None = None) -> Match:
        return BriscaMatch(rules, seed=seed, dealer=dealer)

    def observe_deal(self, state: Any, seat: int) -> Any:
        from tapete.brisca.observation import observe

        return observe(state, seat)

    def sample_deal(self, obs: Any, rng: random.Random) -> BriscaState:
        from tapete.brisca.observation import sample_deal

        return sample_deal(obs, rng)

    def card_points(self, state: Any) -> tuple[tuple[int, ...], int]:
        """Each side's card points, of the deck's 120 (Brisca has no last-trick bonus)."""
        return tuple(state.card_points), 120

    # ------------------------------------------------------------ actions, positions, records
    def action_str(self, rules: Any, action: int, symbols: bool = False) -> str:
        return actions.action_str(action, symbols)

    def parse_action(self, rules: Any, text: str) -> int:
        return actions.parse_action(text)

    def position_string(self, state: Any, history: bool = False) -> str:
        return notation.to_notation(state, history)

    def parse_position(self, text: str) -> BriscaState:
        return notation.from_notation(text)

    def to_record(self, match: Match) -> dict[str, Any]:
        return record.match_to_record(match)  # type: ignore[arg-type]

    def from_record(self, data: Any) -> Match:
        return record.match_from_record(data)

    # ============================================================ [table] narration, explanations, action labels
    def narrate(self, before: Any, action: int, after: Any, seat: int) -> list[Say]:
        return words.narrate(before, action, after, seat)

    def deal_breakdown(self, rules: Any, record: Any, final: Any = None) -> list[Say]:
        return words.deal_breakdown(rules, record, final)

    def explain_illegal(self, obs: Any, action: int) -> Say:
        return words.explain_illegal(obs, action)

    def action_label(self, obs: Any, action: int) -> Say:
        return words.action_label(obs, action)

    def announcements(self, obs: Any) -> list[Say]:
        return words.announcements(obs)

    def hand_order(self, obs: Any, cards: Iterable[int]) -> list[int]:
        return words.hand_order(obs, cards)

    def trick_best(self, obs: Any, plays: Sequence[tuple[int, int]]) -> tuple[int, int]:
        return words.trick_best(obs, plays)

    def deal_from_record(self, rules: Any, deal: Any) -> BriscaState:
        """Its deck and dealer, and the match score before it."""
        return BriscaState.new_deal(rules, deal.deck, dealer=deal.dealer, scores_before=deal.scores_before)

    # ============================================================ [terminal] positions shown, info panel, keys
    def show_rows(self, state: Any, faces: str | None = None) -> list[Row]:
        return shown.show_rows(state, faces or self.faces(state.rules))

    def phase_name(self, state: Any) -> str:
        return shown.phase_name(state)

    def describe_action(self, state: Any, action: int, faces: str | None = None) -> Say:
        return shown.describe_action(state, action, faces or self.faces(state.rules))

    def solver_side(self, state: Any, side: int) -> Say:
        if state.n == 4:
            return Say("solve.side.team", team=side, a=side, b=side + 2)
        return Say("solve.side.seat", seat=side)

    def demo_lines(self, match: Match, hands: bool = False, faces: str | None = None) -> list[Row]:
        """Each deal: its dealer and muestra, the hands as dealt (``hands``), its score; then the winner."""
        rules = match.rules
        f = faces or self.faces(rules)
        n = rules.players
        out: list[Say | None] = []
        for k, deal in enumerate(match.deals):
            start = self.deal_from_record(rules, deal)
            muestra = CardRef(f, start.muestra)
            out.append(Say("brisca.demo.deal", number=k + 1, dealer=SeatRef(deal.dealer), card=muestra))
            if hands:
                for seat in range(n):
                    cards = tuple(shown.sorted_cards(start, start.hands[seat]))
                    out.append(Say("brisca.demo.hand", seat=SeatRef(seat), cards=CardsRef(f, cards)))
            if deal.result is not None:
                out.extend(words.deal_breakdown(rules, deal)[1:])
            out.append(None)
        if match.winner >= 0:
            out.append(self.match_over(rules, match.winner))
        # Each line a row of its own; None is a blank line.
        return [Row(None, (said,) if said is not None else (), "text") for said in out]

    def info_rows(self, obs: Any, match: Match) -> list[Row]:
        return shown.info_rows(self, obs, match)

    def strip_rows(self, obs: Any, match: Match) -> list[Row]:
        return shown.strip_rows(self, obs, match)

    def turn_prompt(self, obs: Any) -> Say:
        return shown.turn_prompt(obs)

    def action_keys(self, obs: Any, page: int = 0) -> dict[str, int]:
        return dict(shown.KEYS)

    def action_pages(self, obs: Any) -> tuple[int, int]:
        return 0, 1

    def action_short(self, obs: Any, action: int) -> Say | Row:
        return shown.action_short(self, obs, action)

    def rules_topics(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        return shown.TOPICS

    def option_used(self, rules: Any, name: str) -> bool:
        return shown.option_used(rules, name)

    def option_value(self, name: str, value: object) -> Say | None:
        return None

    def rules_summary(self, rules: Any) -> Sequence[tuple[Say, Say | Row]]:
        return shown.summary(rules)

    def rules_docs(self) -> str:
        return "docs/rules/brisca.md"

    # ============================================================ [server] view extras for the browser
    def view_extras(self, match: Match, obs: Any) -> dict[str, Any]:
        return view.view_extras(match, obs)

    def action_kind(self, rules: Any, action: int) -> str:
        return view.action_kind(action)

    def public_observation(self, obs: Any) -> Any:
        """Without the hand, the choices, and the partner's hand shown to the seat (``show_partner``)."""
        return dataclasses.replace(obs, hand=(), legal_actions=(), partner_shown=False, partner_hand=())

    # ============================================================ [brains] search hooks, bot levels, solver
    # No claims (GameBase's sure_action None); the exact solver is tapete.brisca.solver_adapter.
    def heuristic_bot(self) -> Bot:
        from tapete.brisca.brains import BriscaHeuristicBot

        return BriscaHeuristicBot()

    def search_hooks(self, obs: Any) -> SearchHooks:
        from tapete.brisca import brains

        return brains.search_hooks(obs)

    def solver_depth(self, obs: Any) -> int | None:
        from tapete.brisca import solver_adapter

        return solver_adapter.solver_depth(obs)

    def solver_window(self, level: str) -> int:
        from tapete.brisca import solver_adapter

        return solver_adapter.solver_window(level)

    def solve(self, state: Any, tt_bytes: int, max_nodes: int = 0) -> Solution:
        from tapete.brisca import solver_adapter

        return solver_adapter.solve(state, tt_bytes, max_nodes)

    def solve_value(self, state: Any, tt_bytes: int, max_nodes: int = 0) -> int:
        from tapete.brisca import solver_adapter

        return solver_adapter.solve_value(state, tt_bytes, max_nodes)

    def stock_left(self, state: Any) -> int:
        """The stock, the muestra included."""
        return int(state.stock_size())

    def solve_reach(self, rules: Any) -> int:
        """Measured (pure Python, a deal played by the heuristic bots, under a second): at 4 players the
        last two rounds of draws (5 tricks; 6 takes 3 s), at 2 players the last 10 tricks."""
        return 5 if rules.players == 4 else 10

    def deal_points(self, result: Any) -> tuple[int, ...]:
        """Each side's card points (Brisca has nothing else to score)."""
        return tuple(result.card_points)

    # ============================================================ [envs] observation tensors
    def tensor(self, rules: Any) -> ObservationTensor:
        from tapete.brisca.tensor import BriscaTensor

        return BriscaTensor(rules)


#: The Brisca game object (registered in :mod:`tapete.games`).
GAME = BriscaGame()
