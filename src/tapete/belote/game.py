"""Belote as one :class:`~tapete.core.game.Game`: what every face, bot and the solver know of it.

>>> rules = GAME.rules("trois-joueurs")
>>> GAME.players(rules), GAME.units(rules), GAME.side_of(rules, 2)
(3, 3, 2)
>>> match = GAME.new_match(rules, seed=4)
>>> obs = GAME.observe(match, match.current_player)
>>> [GAME.action_str(rules, a) for a in obs.legal_actions]
['pass', 'take:c']
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from tapete.belote import actions, labels, notation, record
from tapete.belote.match import BeloteMatch
from tapete.belote.rules import DEFAULT_PRESET, BeloteRules
from tapete.belote.state import BIDDING, BeloteState
from tapete.core.agent import Bot
from tapete.core.cards.deck import Deck
from tapete.core.cards.french import FRENCH_32
from tapete.core.game import GameBase, Match
from tapete.core.search_hooks import SearchHooks
from tapete.core.shown import Row
from tapete.core.solution import Solution
from tapete.core.tensor import ObservationTensor
from tapete.core.words import Say, SeatRef


class BeloteGame(GameBase):
    """Belote: the French 32-card deck (24 at three), the taking or an auction, declarations."""

    name = "belote"
    title = "Belote"
    rules_class = BeloteRules
    default_preset = DEFAULT_PRESET

    # ------------------------------------------------------------ rules and seats
    def deck(self, rules: Any) -> Deck:
        return FRENCH_32

    def faces(self, rules: Any) -> str:
        return "french"

    # ------------------------------------------------------------ deals and matches
    def new_deal(self, rules: Any, seed: int | None = None, dealer: int = 0) -> BeloteState:
        return BeloteState.new_deal(rules, seed=seed, dealer=dealer)

    def new_match(self, rules: Any, seed: int | None = None, dealer: int | None = None) -> Match:
        return BeloteMatch(rules, seed=seed, dealer=dealer)

    def observe_deal(self, state: Any, seat: int) -> Any:
        from tapete.belote.observation import observe

        return observe(state, seat)

    def sample_deal(self, obs: Any, rng: random.Random) -> BeloteState:
        from tapete.belote.observation import sample_deal

        return sample_deal(obs, rng)

    def card_points(self, state: Any) -> tuple[tuple[int, ...], int]:
        """Each unit's card points (dix de der included), and the contract's points in play (0 before play)."""
        return tuple(state.card_points), int(state.in_play)

    # ------------------------------------------------------------ actions, positions, records
    def action_str(self, rules: Any, action: int, symbols: bool = False) -> str:
        return actions.action_str(rules, action, symbols)

    def parse_action(self, rules: Any, text: str) -> int:
        return actions.parse_action(rules, text)

    def position_string(self, state: Any, history: bool = False) -> str:
        return notation.to_notation(state, history)

    def parse_position(self, text: str) -> BeloteState:
        return notation.from_notation(text)

    def to_record(self, match: Match) -> dict[str, Any]:
        return record.match_to_record(match)  # type: ignore[arg-type]

    def from_record(self, data: Any) -> Match:
        return record.match_from_record(data)

    # ============================================================ [table] narration, explanations, action labels
    # (methods used by table/ and replay/; added by the table helper)
    def narrate(self, before: Any, action: int, after: Any, seat: int) -> list[Say]:
        from tapete.belote.narration import narrate

        return narrate(before, action, after, seat)

    def banners(self, before: Any, action: int, after: Any, seat: int) -> list[Say]:
        from tapete.belote.narration import banners

        return banners(before, action, after, seat)

    def deal_breakdown(self, rules: Any, record: Any, final: Any = None) -> list[Say]:
        from tapete.belote.narration import deal_breakdown

        return deal_breakdown(rules, record, final)

    def explain_illegal(self, obs: Any, action: int) -> Say:
        from tapete.belote.explain import explain_illegal

        return explain_illegal(obs, action)

    def action_label(self, obs: Any, action: int) -> Say:
        return labels.action_label(obs, action)

    def contract_label(self, obs: Any) -> Say | None:
        return labels.contract_label(obs)

    def announcements(self, obs: Any) -> list[Say]:
        return labels.announcements(obs)

    def turn_label(self, obs: Any) -> Say:
        """In the bidding the seat to act speaks (takes, bids or passes)."""
        if obs.phase == "bidding" and obs.current_player >= 0:
            return Say("show.turn.bid", seat=SeatRef(obs.current_player))
        return super().turn_label(obs)

    def hand_order(self, obs: Any, cards: Iterable[int]) -> list[int]:
        return labels.hand_order(obs, cards)

    def trick_best(self, obs: Any, plays: Sequence[tuple[int, int]]) -> tuple[int, int]:
        return labels.trick_best(obs, plays)

    def deal_from_record(self, rules: Any, deal: Any) -> BeloteState:
        """Its deck and dealer and the match score before it."""
        return BeloteState.new_deal(rules, deal.deck, dealer=deal.dealer, scores_before=deal.scores_before)

    # ============================================================ [terminal] positions shown, info panel, keys
    # (methods used by cli/ and tui/; added by the terminal helper)
    def show_rows(self, state: Any, faces: str | None = None) -> list[Row]:
        from tapete.belote.shown import show_rows

        return show_rows(state, faces or self.faces(state.rules))

    def phase_name(self, state: Any) -> str:
        from tapete.belote.shown import phase_name

        return phase_name(state)

    def describe_action(self, state: Any, action: int, faces: str | None = None) -> Say:
        from tapete.belote.shown import describe_action

        return describe_action(state, action, faces or self.faces(state.rules))

    def solver_side(self, state: Any, side: int) -> Say:
        if state.n == 3:
            return Say("solve.side.taker" if side == 0 else "solve.side.defence")
        if state.n == 4:
            return Say("solve.side.team", team=side, a=side, b=side + 2)
        return Say("solve.side.seat", seat=side)

    def demo_lines(self, match: Match, hands: bool = False, faces: str | None = None) -> list[Row]:
        from tapete.belote.demo import demo_lines

        return demo_lines(match, hands, faces or self.faces(match.rules))

    def info_rows(self, obs: Any, match: Match) -> list[Row]:
        from tapete.belote.panel import info_rows

        return info_rows(self, obs, match)

    def strip_rows(self, obs: Any, match: Match) -> list[Row]:
        from tapete.belote.panel import strip_rows

        return strip_rows(self, obs, match)

    def turn_prompt(self, obs: Any) -> Say:
        from tapete.belote.panel import turn_prompt

        return turn_prompt(obs)

    def action_keys(self, obs: Any, page: int = 0) -> dict[str, int]:
        from tapete.belote.panel import action_keys

        return action_keys(obs, page)

    def action_pages(self, obs: Any) -> tuple[int, int]:
        from tapete.belote.panel import action_pages

        return action_pages(obs)

    def action_short(self, obs: Any, action: int) -> Say | Row:
        from tapete.belote.panel import action_short

        return action_short(self, obs, action)

    def rules_topics(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        from tapete.belote.rules_words import TOPICS

        return TOPICS

    def option_used(self, rules: Any, name: str) -> bool:
        from tapete.belote.rules_words import option_used

        return option_used(rules, name)

    def option_value(self, name: str, value: object) -> Say | None:
        from tapete.belote.rules_words import option_value

        return option_value(name, value)

    def rules_summary(self, rules: Any) -> Sequence[tuple[Say, Say | Row]]:
        from tapete.belote.rules_words import summary

        return summary(rules)

    def rules_docs(self) -> str:
        return "docs/rules/belote.md"

    # ============================================================ [server] view extras for the browser
    # (methods used by server/; added by the server helper)
    def view_extras(self, match: Match, obs: Any) -> dict[str, Any]:
        from tapete.belote import view

        return view.view_extras(match, obs)

    def action_kind(self, rules: Any, action: int) -> str:
        from tapete.belote import view

        return view.action_kind(action)

    # ============================================================ [brains] search hooks, bot levels, solver
    # (methods used by bots/, solver/ and arena/; added by the brains helper)
    def heuristic_bot(self) -> Bot:
        from tapete.belote.heuristic import BeloteHeuristicBot

        return BeloteHeuristicBot()

    def search_hooks(self, obs: Any) -> SearchHooks:
        from tapete.belote import search

        return search.search_hooks(obs)

    def solver_depth(self, obs: Any) -> int | None:
        from tapete.belote import search

        return search.solver_depth(obs)

    def solver_window(self, level: str) -> int:
        from tapete.belote import search

        return search.solver_window(level)

    def solve(self, state: Any, tt_bytes: int, max_nodes: int = 0) -> Solution:
        from tapete.belote import solver_adapter

        return solver_adapter.solve(state, tt_bytes, max_nodes)

    def solve_value(self, state: Any, tt_bytes: int, max_nodes: int = 0) -> int:
        from tapete.belote import solver_adapter

        return solver_adapter.solve_value(state, tt_bytes, max_nodes)

    def tricks_left(self, state: Any) -> int:
        """Every trick during the bidding (the hands may not be dealt in full yet)."""
        if state.phase == BIDDING and not state.is_terminal():
            return int(state.rules.hand_size)
        return super().tricks_left(state)

    def stock_left(self, state: Any) -> int:
        """Découverte's face-down cards, which turn up into the hands as the tricks go."""
        return sum(h.bit_count() for h in state.hidden)

    def solve_reach(self, rules: Any) -> int:
        """A whole deal: the compact search values one in well under a second."""
        return int(rules.hand_size)

    def deal_points(self, result: Any) -> tuple[int, ...]:
        """Each side's score of the deal (the contract's points)."""
        return tuple(int(x) for x in result.scores)

    # ============================================================ [envs] observation tensors
    def tensor(self, rules: Any) -> ObservationTensor:
        from tapete.belote.tensor import BeloteTensor

        return BeloteTensor(rules)


#: The Belote game object (registered in :mod:`tapete.games`).
GAME = BeloteGame()
