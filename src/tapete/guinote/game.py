"""Guiñote as one :class:`~tapete.core.game.Game`: what every face, bot and the solver know of it.

>>> GAME.name, GAME.players(GAME.rules("aragones")), GAME.side_of(GAME.rules("aragones"), 3)
('guinote', 4, 1)
>>> GAME.faces(GAME.rules("frances")), GAME.deck(GAME.rules()).n_cards
('french-40', 40)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from tapete.core.agent import Bot
from tapete.core.cards.deck import Deck
from tapete.core.cards.spanish import SPANISH
from tapete.core.game import GameBase, Match
from tapete.core.search_hooks import SearchHooks
from tapete.core.shown import Row
from tapete.core.solution import Solution
from tapete.core.tensor import ObservationTensor
from tapete.core.words import Say, SeatRef
from tapete.guinote import actions, labels, notation, record
from tapete.guinote.match import GuinoteMatch
from tapete.guinote.rules import DEFAULT_PRESET, GuinoteRules
from tapete.guinote.state import GuinoteState


class GuinoteGame(GameBase):
    """Guiñote: the Spanish 40-card deck, 2 or 4 players (in pairs), cantes, the 7 exchange, arrastre."""

    name = "guinote"
    title = "Guiñote"
    rules_class = GuinoteRules
    default_preset = DEFAULT_PRESET

    # ------------------------------------------------------------ rules and seats
    def deck(self, rules: Any) -> Deck:
        return SPANISH

    def faces(self, rules: Any) -> str:
        """The card faces a deal is shown with: ``spanish``, or ``french-40`` under ``deck_faces=french``."""
        return labels.faces(rules)

    def units(self, rules: Any) -> int:
        return 2

    # ------------------------------------------------------------ deals and matches
    def new_deal(self, rules: Any, seed: int | None = None, dealer: int = 0) -> GuinoteState:
        return GuinoteState.new_deal(rules, seed=seed, dealer=dealer)

    def new_match(self, rules: Any, seed: int | None = None, dealer: int | None = None) -> Match:
        return GuinoteMatch(rules, seed=seed, dealer=dealer)

    def observe_deal(self, state: Any, seat: int) -> Any:
        from tapete.guinote.observation import observe

        return observe(state, seat)

    def sample_deal(self, obs: Any, rng: random.Random) -> GuinoteState:
        from tapete.guinote.observation import sample_deal

        return sample_deal(obs, rng)

    def card_points(self, state: Any) -> tuple[tuple[int, ...], int]:
        """Each team's card points (the last trick's 10 once the deal is over), of the deck's 120 plus that 10."""
        from tapete.guinote.tables import tables_for

        if state.is_terminal():
            result = state.result()
            taken = tuple(c + b for c, b in zip(result.card_points, result.last_trick, strict=True))
        else:
            taken = tuple(state.card_points)
        return taken, sum(tables_for(state.rules).points) + state.rules.last_trick_bonus

    # ------------------------------------------------------------ actions, positions, records
    def action_str(self, rules: Any, action: int, symbols: bool = False) -> str:
        return actions.action_str(action, symbols)

    def parse_action(self, rules: Any, text: str) -> int:
        return actions.parse_action(text)

    def is_silent(self, rules: Any, action: int) -> bool:
        """Passing is declining the cante window or the 7 exchange: nobody else learns of it."""
        return action == actions.PASS

    def position_string(self, state: Any, history: bool = False) -> str:
        return notation.to_notation(state, history)

    def parse_position(self, text: str) -> GuinoteState:
        return notation.from_notation(text)

    def to_record(self, match: Match) -> dict[str, Any]:
        return record.match_to_record(match)  # type: ignore[arg-type]

    def from_record(self, data: Any) -> Match:
        return record.match_from_record(data)

    # ============================================================ [table] narration, explanations, action labels
    # (methods used by table/ and replay/; added by the table helper)
    def narrate(self, before: Any, action: int, after: Any, seat: int) -> list[Say]:
        from tapete.guinote.narration import narrate

        return narrate(before, action, after, seat)

    def banners(self, before: Any, action: int, after: Any, seat: int) -> list[Say]:
        from tapete.guinote.narration import banners

        return banners(before, action, after, seat)

    def deal_breakdown(self, rules: Any, record: Any, final: Any = None) -> list[Say]:
        from tapete.guinote.narration import deal_breakdown

        return deal_breakdown(rules, record, final)

    def explain_illegal(self, obs: Any, action: int) -> Say:
        from tapete.guinote.explain import explain_illegal

        return explain_illegal(obs, action)

    def action_label(self, obs: Any, action: int) -> Say:
        return labels.action_label(obs, action)

    def score_label(self, rules: Any, points: int) -> Say:
        return labels.score_label(rules, points)

    def announcements(self, obs: Any) -> list[Say]:
        return labels.announcements(obs)

    def turn_label(self, obs: Any) -> Say:
        """The cante window and the 7 exchange before the draw are turns of their own."""
        if obs.phase in ("window", "predraw") and obs.current_player >= 0:
            return Say(f"show.turn.{obs.phase}", seat=SeatRef(obs.current_player))
        return super().turn_label(obs)

    def hand_order(self, obs: Any, cards: Iterable[int]) -> list[int]:
        return labels.hand_order(obs, cards)

    def trick_best(self, obs: Any, plays: Sequence[tuple[int, int]]) -> tuple[int, int]:
        return labels.trick_best(obs, plays)

    def deal_from_record(self, rules: Any, deal: Any) -> GuinoteState:
        """Its deck and dealer, the match score before it and whether it was played in the vueltas."""
        return GuinoteState.new_deal(
            rules, deal.deck, dealer=deal.dealer, scores_before=deal.scores_before, vueltas=deal.vueltas
        )

    # ============================================================ [terminal] positions shown, info panel, keys
    # (methods used by cli/ and tui/; added by the terminal helper)
    def show_rows(self, state: Any, faces: str | None = None) -> list[Row]:
        from tapete.guinote.shown import show_rows

        return show_rows(state, faces or self.faces(state.rules))

    def phase_name(self, state: Any) -> str:
        from tapete.guinote.shown import phase_name

        return phase_name(state)

    def describe_action(self, state: Any, action: int, faces: str | None = None) -> Say:
        from tapete.guinote.shown import describe_action

        return describe_action(state, action, faces or self.faces(state.rules))

    def solver_side(self, state: Any, side: int) -> Say:
        if state.n == 4:
            return Say("solve.side.team", team=side, a=side, b=side + 2)
        return Say("solve.side.seat", seat=side)

    def demo_lines(self, match: Match, hands: bool = False, faces: str | None = None) -> list[Row]:
        from tapete.guinote.demo import demo_lines

        return demo_lines(match, hands, faces or self.faces(match.rules))

    def info_rows(self, obs: Any, match: Match) -> list[Row]:
        from tapete.guinote.panel import info_rows

        return info_rows(self, obs, match)

    def strip_rows(self, obs: Any, match: Match) -> list[Row]:
        from tapete.guinote.panel import strip_rows

        return strip_rows(self, obs, match)

    def turn_prompt(self, obs: Any) -> Say:
        from tapete.guinote.panel import turn_prompt

        return turn_prompt(obs)

    def action_keys(self, obs: Any, page: int = 0) -> dict[str, int]:
        from tapete.guinote.panel import action_keys

        return action_keys(obs, page)

    def action_pages(self, obs: Any) -> tuple[int, int]:
        from tapete.guinote.panel import action_pages

        return action_pages(obs)

    def action_short(self, obs: Any, action: int) -> Say | Row:
        from tapete.guinote.panel import action_short

        return action_short(self, obs, action)

    def rules_topics(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        from tapete.guinote.rules_words import TOPICS

        return TOPICS

    def option_used(self, rules: Any, name: str) -> bool:
        from tapete.guinote.rules_words import option_used

        return option_used(rules, name)

    def option_value(self, name: str, value: object) -> Say | None:
        from tapete.guinote.rules_words import option_value

        return option_value(name, value)

    def rules_summary(self, rules: Any) -> Sequence[tuple[Say, Say | Row]]:
        from tapete.guinote.rules_words import summary

        return summary(rules)

    def rules_docs(self) -> str:
        return "docs/rules/guinote.md"

    # ============================================================ [server] view extras for the browser
    # (methods used by server/; added by the server helper)
    def view_extras(self, match: Match, obs: Any) -> dict[str, Any]:
        from tapete.guinote import view

        return view.view_extras(match, obs)

    def action_kind(self, rules: Any, action: int) -> str:
        from tapete.guinote import view

        return view.action_kind(action)

    # ============================================================ [brains] search hooks, bot levels, solver
    # (methods used by bots/, solver/ and arena/; added by the brains helper)
    def heuristic_bot(self) -> Bot:
        from tapete.guinote.heuristic import GuinoteHeuristicBot

        return GuinoteHeuristicBot()

    def search_hooks(self, obs: Any) -> SearchHooks:
        from tapete.guinote import search

        return search.search_hooks(obs)

    def sure_action(self, obs: Any) -> int | None:
        from tapete.guinote import search

        return search.sure_action(obs)

    def wrong_actions(self, obs: Any) -> frozenset[int]:
        from tapete.guinote import search

        return search.wrong_actions(obs)

    def solver_depth(self, obs: Any) -> int | None:
        from tapete.guinote import search

        return search.solver_depth(obs)

    def solver_window(self, level: str) -> int:
        from tapete.guinote import search

        return search.solver_window(level)

    def solve(self, state: Any, tt_bytes: int, max_nodes: int = 0) -> Solution:
        from tapete.guinote import solver_adapter

        return solver_adapter.solve(state, tt_bytes, max_nodes)

    def solve_value(self, state: Any, tt_bytes: int, max_nodes: int = 0) -> int:
        from tapete.guinote import solver_adapter

        return solver_adapter.solve_value(state, tt_bytes, max_nodes)

    def stock_left(self, state: Any) -> int:
        """The stock, the face-up indicator included (a claim or a tute may end the deal before)."""
        return int(state.stock_size())

    def solve_reach(self, rules: Any) -> int:
        """Measured (pure Python, a deal played by the heuristic bots, at most about a second): at 4
        players the arrastre (6 tricks; one round of draws more takes 10 s and up), at 2 players the
        arrastre and two draws before it (8 tricks)."""
        return 6 if rules.players == 4 else 8

    def deal_points(self, result: Any) -> tuple[int, ...]:
        """Each team's deal total: card points, cantes and bonuses."""
        return tuple(result.totals)

    # ============================================================ [envs] observation tensors
    def tensor(self, rules: Any) -> ObservationTensor:
        from tapete.guinote.tensor import GuinoteTensor

        return GuinoteTensor(rules)


#: The Guiñote game object (registered in :mod:`tapete.games`).
GAME = GuinoteGame()
