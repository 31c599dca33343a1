"""The Game interface: everything a face, a bot or the solver may know about a game.

Each game package (``tapete.guinote``, ``tapete.belote``, ``tapete.brisca``)
exports one object, ``GAME``, from its ``game`` module; :mod:`tapete.games`
only lists them. Faces (``cli``, ``tui``, ``table``, ``replay``, ``server``),
brains (``bots``, ``solver``, ``arena``) and environments ask that object and
never branch on a game's name: when a face needs to know something about a
game, the answer is a method here, implemented by every game.

:class:`Game` is the typed Protocol; :class:`GameBase` implements the parts
that are the same for every game (presets by name, sides, observing a match),
so that a game class only states what is its own.

Words are not made here: where a method describes something to a person it
returns message ids and values (see :mod:`tapete.core.words`), which the text
layer (:mod:`tapete.text`) turns into the reader's language.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

from tapete.core.agent import Bot
from tapete.core.cards.deck import Deck
from tapete.core.errors import SetupError
from tapete.core.rules import RulesBase
from tapete.core.search_hooks import SearchHooks
from tapete.core.shown import Row
from tapete.core.solution import Solution
from tapete.core.tensor import ObservationTensor
from tapete.core.words import CardRef, Say, SeatRef, SideRef, SuitRef


@runtime_checkable
class Match(Protocol):
    """The surface of a match of any game (see :mod:`tapete.core.match`)."""

    rules: Any
    players: int
    scores: list[int]
    winner: int
    deals: list[Any]
    deal: Any

    @property
    def current_player(self) -> int: ...

    def legal_actions(self) -> list[int]: ...

    def apply_action(self, action: int) -> None: ...

    def is_terminal(self) -> bool: ...

    def returns(self) -> list[float]: ...


class Game(Protocol):
    """One game, as every layer above the engines sees it."""

    @property
    def name(self) -> str:
        """The name records, positions, the command line and the server use (``"guinote"``)."""
        ...

    @property
    def title(self) -> str:
        """The name shown to people (``"Guiñote"``)."""
        ...

    @property
    def rules_class(self) -> type[RulesBase]: ...

    @property
    def default_preset(self) -> str: ...

    # ------------------------------------------------------------ rules and seats
    @property
    def presets(self) -> Mapping[str, RulesBase]: ...

    def rules(
        self, preset: str | None = None, options: Mapping[str, str] | None = None, revision: int | None = None
    ) -> Any:
        """A preset (default: the game's default) with options given as strings, validated; ``revision``:
        the preset as it was at that revision of its defaults (stored tables and records)."""
        ...

    def deck(self, rules: Any) -> Deck:
        """The deck the cards of a deal under ``rules`` are drawn and named from."""
        ...

    def faces(self, rules: Any) -> str:
        """The faces the cards are shown and named with: a key of :data:`tapete.text.cards.FACES` (``spanish``,
        ``french``, or ``french-40`` for Spanish ids with French faces: Guiñote's ``deck_faces=french``)."""
        ...

    def players(self, rules: Any) -> int: ...

    def units(self, rules: Any) -> int:
        """Scoring sides: teams where seats play in partnerships, else one per player."""
        ...

    def side_of(self, rules: Any, seat: int) -> int: ...

    def is_card(self, rules: Any, action: int) -> bool:
        """Whether an action id is a card played (every other action is a call or a declaration)."""
        ...

    # ------------------------------------------------------------ deals and matches
    def new_deal(self, rules: Any, seed: int | None = None, dealer: int = 0) -> Any: ...

    def new_match(self, rules: Any, seed: int | None = None, dealer: int | None = None) -> Match: ...

    def observe(self, match: Match, seat: int) -> Any:
        """The observation of ``seat`` in the match's current deal: the only view a face or bot gets."""
        ...

    def observe_deal(self, state: Any, seat: int) -> Any:
        """The observation of ``seat`` in one deal state (e.g. a deal that just ended)."""
        ...

    def sample_deal(self, obs: Any, rng: random.Random) -> Any:
        """A full deal consistent with an observation, the hidden cards dealt at random."""
        ...

    def card_points(self, state: Any) -> tuple[tuple[int, ...], int]:
        """Card points each scoring side has taken in a deal (the last trick's bonus included once won),
        and the total a deal played to its last trick shares out (its cards in play plus that bonus).

        The contract tests (``tests/contract``) check the two agree; every game implements it (Brisca too).
        """
        ...

    # ------------------------------------------------------------ actions, positions, records
    def action_str(self, rules: Any, action: int, symbols: bool = False) -> str: ...

    def parse_action(self, rules: Any, text: str) -> int: ...

    def is_silent(self, rules: Any, action: int) -> bool:
        """Whether ``action`` declines an optional decision (keeping the 7, not singing): it is told
        to nobody but the seat that took it: no other seat's observation, narration, server frame,
        version number or replay shows it, nor that the seat was offered the choice."""
        ...

    def position_string(self, state: Any, history: bool = False) -> str: ...

    def parse_position(self, text: str) -> Any: ...

    def to_record(self, match: Match) -> dict[str, Any]: ...

    def from_record(self, data: Any) -> Match: ...

    # ============================================================ [table] narration, explanations, action labels
    # Used by table/, replay/ and the faces. Words come back as Say values (tapete.core.words),
    # never sentences; cards as CardRef with ``self.faces(rules)``.
    def card_ref(self, rules: Any, card: int) -> CardRef:
        """A card of this game, to be named with the faces the rules show it with."""
        ...

    def suit_ref(self, rules: Any, suit: int) -> SuitRef:
        """A suit of this game's deck, to be named with the rules' faces."""
        ...

    def narrate(self, before: Any, action: int, after: Any, seat: int) -> list[Say]:
        """What ``seat`` doing ``action`` did, told from one viewer's observations just before and after it.

        Events, not button verbs ("Ana sang the twenty in espadas"). Public facts only,
        so every viewer gets the same lines. When the action ended the deal, ``after``
        is the deal's final observation; the score is :meth:`deal_breakdown`'s.
        """
        ...

    def banners(self, before: Any, action: int, after: Any, seat: int) -> Sequence[Say]:
        """The exclamations ``seat`` doing ``action`` is worth over the table ("¡Las cuarenta!",
        "Capot !"), from the same observations as :meth:`narrate`; mostly none.

        Short words a table shouts, shown for a moment over the cards (the log still says who and
        what). Public facts only; a declined optional decision (:meth:`is_silent`) is worth none.
        """
        ...

    def deal_breakdown(self, rules: Any, record: Any, final: Any = None) -> list[Say]:
        """The score of a finished deal, line by line, and what it did to the match.

        ``record`` is the match's record of the deal (result and settlement filled in);
        ``final`` the deal's final observation of any seat, if at hand.
        """
        ...

    def match_over(self, rules: Any, winner: int) -> Say:
        """The line that ends a match won by side ``winner``."""
        ...

    def explain_illegal(self, obs: Any, action: int) -> Say:
        """Why ``action`` is refused to ``obs.seat`` now, from its observation only (a legal action: ValueError)."""
        ...

    def action_label(self, obs: Any, action: int) -> Say:
        """An action as a button or a choice names it ("sing 20 in espadas", "take in hearts"); a card by its name."""
        ...

    def score_label(self, rules: Any, points: int) -> Say:
        """A side's match score as players say it (Guiñote's ``malas_buenas``: "12 buenas")."""
        ...

    def contract_label(self, obs: Any) -> Say | None:
        """The contract in play (bid, trumps, coinche), or None where the game (or the deal, yet) has none."""
        ...

    def announcements(self, obs: Any) -> list[Say]:
        """What has been announced in the deal so far, one line each: cantes, the 7 exchange, declarations, belote."""
        ...

    def turn_label(self, obs: Any) -> Say:
        """Who is to act and for what, from an observation ("seat 2 to lead", "seat 1 to speak"), or that
        nobody is (the deal over): the turn row of a position shown from one seat (``tapete replay``)."""
        ...

    def hand_order(self, obs: Any, cards: Iterable[int]) -> list[int]:
        """Cards as a hand is shown: by suit, strongest first (in the trumps' own order once they are known)."""
        ...

    def trick_best(self, obs: Any, plays: Sequence[tuple[int, int]]) -> tuple[int, int]:
        """(seat, card) holding a trick in progress, from its ``(seat, card)`` plays and the trumps."""
        ...

    def deal_from_record(self, rules: Any, deal: Any) -> Any:
        """The state a recorded deal (``match.deals[k]``) started from, to replay its actions on."""
        ...

    # ============================================================ [terminal] positions shown, info panel, keys
    # Used by cli/ and tui/. Data and Say values only; rows are tapete.core.shown.Row. ``faces``
    # None means ``self.faces(rules)``; ``tapete show --french`` passes "french".
    def show_rows(self, state: Any, faces: str | None = None) -> list[Row]:
        """The rows of ``tapete show`` for a deal state, after its position, rules, deal and dealer rows."""
        ...

    def phase_name(self, state: Any) -> str:
        """The phase of a deal state as the position string names it (``play``, ``bidding``), untranslated."""
        ...

    def describe_action(self, state: Any, action: int, faces: str | None = None) -> Say:
        """What a legal action does in a deal state, for ``tapete legal`` and ``tapete solve``."""
        ...

    def solver_side(self, state: Any, side: int) -> Say:
        """Who the solver's values count for (its ``Solution.side``) in a deal state."""
        ...

    def demo_lines(self, match: Match, hands: bool = False, faces: str | None = None) -> list[Row]:
        """A finished match told deal by deal for ``tapete demo``: rows of kind ``text`` and ``line``."""
        ...

    def info_rows(self, obs: Any, match: Match) -> list[Row]:
        """The terminal table's side panel for a seat, after the title and the deal number: what everybody
        knows of the deal (trumps, stock or bidding, contract, points) and of the match."""
        ...

    def strip_rows(self, obs: Any, match: Match) -> list[Row]:
        """The same in a few short facts (each a ``row``) for a narrow screen."""
        ...

    def turn_prompt(self, obs: Any) -> Say:
        """What the seat to act is asked to do now (``obs.seat`` is to act)."""
        ...

    def action_keys(self, obs: Any, page: int = 0) -> dict[str, int]:
        """The letter a player presses for each action that is not a card (sing, exchange, take, bid...),
        legal or not, on ``page`` of :meth:`action_pages` (games with more actions than letters)."""
        ...

    def action_pages(self, obs: Any) -> tuple[int, int]:
        """(lowest open page, number of pages) of :meth:`action_keys`; ``(0, 1)`` for a single page."""
        ...

    def action_short(self, obs: Any, action: int) -> Say | Row:
        """An action in a few cells, for a narrow button (``20 oros``, ``110♠``)."""
        ...

    def rules_topics(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """Every option of the rules by topic, in the order ``tapete rules`` shows them."""
        ...

    def option_used(self, rules: Any, name: str) -> bool:
        """Whether the engine reads option ``name`` under these rules."""
        ...

    def option_value(self, name: str, value: object) -> Say | None:
        """An option value with words of its own (``0``: no limit), else None (the value as it is)."""
        ...

    def rules_summary(self, rules: Any) -> Sequence[tuple[Say, Say | Row]]:
        """(label, text) rows saying what the game is under these rules: players, cards, deal, trumps, winning."""
        ...

    def rules_docs(self) -> str:
        """Where the game's full rules are written down (``docs/rules/<game>.md``)."""
        ...

    # ============================================================ [server] view extras for the browser
    # Used by server/wire.py. JSON-able public data only: cards as card strings (action_str),
    # words as Say values (the server says them in each viewer's language with its seat names).
    def view_extras(self, match: Match, obs: Any) -> dict[str, Any]:
        """The game's own parts of a table view, from one observation and the match (public data only).

        Keys the browser knows (each optional): ``trump`` (a suit letter of the card strings),
        ``indicator``/``retourne``/``bergere`` (card strings), ``stock``, ``arrastre``, ``vueltas``,
        ``deal_points``, ``cantes``/``bids``/``declarations`` (``{"seat", "action"?, "text": Say}``),
        ``contract``, ``bidding``, ``covered``, ``belote``; ``score``: fields added to the match
        score (``partidas``, ``litige``). See ``server/static/frames.js``.
        """
        ...

    def action_kind(self, rules: Any, action: int) -> str:
        """The kind of button an action is: ``card`` for a card, else the game's word (``pass``, ``bid``...)."""
        ...

    def public_observation(self, obs: Any) -> Any:
        """An observation with everything private to its seat removed (its hand, its choices, a partner's
        hand shown to it): what a spectator may see, and what :meth:`view_extras` gets for one."""
        ...

    # ============================================================ [brains] search hooks, bot levels, solver
    # Used by bots/, solver/ and arena/, which find the game of an observation or state from its
    # ``rules`` (tapete.games.game_of_rules) and never name a game. What a new game supplies:
    #  - heuristic_bot(): the game's own rule-based bot (the "heuristic"/"easy" levels, and the
    #    bidding, claims and early play of the PIMC levels), written in the game package on
    #    tapete.core.agent (Bot, Budget): a game never imports tapete.bots;
    #  - search_hooks(obs): sampler, score scale, actions a search leaves out, rollout policy
    #    (tapete.core.search_hooks.SearchHooks): enough for the ismcts level;
    #  - deal_points(result): a finished deal's points per side, for the arena;
    #  - optional (GameBase has defaults): sure_action (None), wrong_actions (none),
    #    solver_depth/solver_window (None/0: the PIMC levels never solve and play the heuristic),
    #    solve/solve_value (SetupError: no exact solver). With an exact solver, write a solver
    #    adapter (``<game>/solver_adapter.py``) on tapete.core.card_search.CardSearch and
    #    tapete.core.solution, imported inside the two methods; then give solver_depth/window.
    def heuristic_bot(self) -> Bot:
        """A fresh rule-based bot for this game (the ``heuristic`` level): fast and deterministic."""
        ...

    def search_hooks(self, obs: Any) -> SearchHooks:
        """What a Monte Carlo search needs of the game for this observation (see :mod:`tapete.core.search_hooks`)."""
        ...

    def sure_action(self, obs: Any) -> int | None:
        """A decision to take without search (a claim the public scores prove right), or None.
        (A single legal action is the bots' own shortcut, not asked here.)"""
        ...

    def wrong_actions(self, obs: Any) -> frozenset[int]:
        """Legal actions any player can see are wrong (a claim the count does not support): the
        random level never picks them."""
        ...

    def solver_depth(self, obs: Any) -> int | None:
        """How far this decision is from the end of the deal in the game's own measure (cards in the
        stock, tricks left), compared with :meth:`solver_window`; None where the exact solver cannot
        value the decision (bidding, the deal over)."""
        ...

    def solver_window(self, level: str) -> int:
        """The largest :meth:`solver_depth` at which the PIMC level named ``level`` (``pimc``,
        ``expert``...) solves its sampled worlds exactly; earlier decisions go to its early bot."""
        ...

    def solve(self, state: Any, tt_bytes: int, max_nodes: int = 0) -> Solution:
        """Every legal action's exact value for the side to move, every card known (see
        :mod:`tapete.solver`, whose ``solve`` checks ``tt_bytes`` and calls this)."""
        ...

    def solve_value(self, state: Any, tt_bytes: int, max_nodes: int = 0) -> int:
        """The exact value of the position for the side to move (cheaper than :meth:`solve`)."""
        ...

    def deal_points(self, result: Any) -> tuple[int, ...]:
        """A finished deal's points per scoring side (``Match.deals[i].result``), for the arena."""
        ...

    def tricks_left(self, state: Any) -> int:
        """Tricks still to play in a deal, the one in progress included (0 once it is over)."""
        ...

    def solve_reach(self, rules: Any) -> int:
        """The most tricks left at which ``tapete solve`` answers within seconds on one core (0: no
        exact solver). Deeper positions are refused at once, with the way to a solvable one."""
        ...

    # ============================================================ [envs] observation tensors
    # Used by envs/ (PettingZoo, Gymnasium, OpenSpiel, self-play data) through tapete.envs.encoding.
    def tensor(self, rules: Any) -> ObservationTensor:
        """The fixed-shape vector of an observation under ``rules`` (see :mod:`tapete.core.tensor`):
        its documented fields, the number of action ids, and the filling of it from one observation."""
        ...


class GameBase:
    """What every game's ``GAME`` object shares; a game subclasses it and fills in its own parts."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    rules_class: ClassVar[type[RulesBase]]
    default_preset: ClassVar[str] = ""

    @property
    def presets(self) -> Mapping[str, RulesBase]:
        return self.rules_class.PRESETS

    def rules(
        self, preset: str | None = None, options: Mapping[str, str] | None = None, revision: int | None = None
    ) -> Any:
        """A preset (default: the game's default) with options given as strings, validated."""
        name = preset or self.default_preset
        cls = self.rules_class
        rules = cls.preset(name) if revision is None else cls.preset_as_of(name, revision)
        return rules.with_option_strings(dict(options)) if options else rules

    def players(self, rules: Any) -> int:
        return int(rules.players)

    def units(self, rules: Any) -> int:
        """Two partnerships at 4 players (and two sides at 2), else one per player."""
        n = self.players(rules)
        return 2 if n in (2, 4) else n

    def side_of(self, rules: Any, seat: int) -> int:
        """``seat % 2`` with partners (and at 2 players), else the seat."""
        return seat % 2 if self.players(rules) in (2, 4) else seat

    def is_card(self, rules: Any, action: int) -> bool:
        return 0 <= action < self.deck(rules).n_cards

    def is_silent(self, rules: Any, action: int) -> bool:
        """No silent actions: a game whose optional decisions are offered beside a public action
        (Brisca's exchange, Belote's declarations in the first trick) declines them by acting."""
        return False

    def deck(self, rules: Any) -> Deck:
        raise NotImplementedError

    def observe(self, match: Match, seat: int) -> Any:
        return self.observe_deal(match.deal, seat)

    def observe_deal(self, state: Any, seat: int) -> Any:
        raise NotImplementedError

    # ------------------------------------------------------------ [table] the parts every game words alike
    def faces(self, rules: Any) -> str:
        raise NotImplementedError

    def card_ref(self, rules: Any, card: int) -> CardRef:
        return CardRef(self.faces(rules), card)

    def suit_ref(self, rules: Any, suit: int) -> SuitRef:
        return SuitRef(self.faces(rules), suit)

    def banners(self, before: Any, action: int, after: Any, seat: int) -> Sequence[Say]:
        """No exclamations: a game with moments worth one (cantes, belote, a capot) says them."""
        return ()

    def match_over(self, rules: Any, winner: int) -> Say:
        return Say("event.match_over", side=SideRef(self.players(rules), winner))

    def score_label(self, rules: Any, points: int) -> Say:
        return Say("label.points", points=points)

    def contract_label(self, obs: Any) -> Say | None:
        return None

    def turn_label(self, obs: Any) -> Say:
        """A card to lead or to play; a game with other kinds of turn (bidding, a window) adds them."""
        if obs.current_player < 0:
            return Say("show.turn.over")
        return Say("show.turn.play" if obs.trick else "show.turn.lead", seat=SeatRef(obs.current_player))

    # ------------------------------------------------------------ [server] defaults for the browser's view
    def view_extras(self, match: Match, obs: Any) -> dict[str, Any]:
        return {}

    def action_kind(self, rules: Any, action: int) -> str:
        return "card" if self.is_card(rules, action) else "call"

    def public_observation(self, obs: Any) -> Any:
        return dataclasses.replace(obs, hand=(), legal_actions=())

    # ------------------------------------------------------------ [brains] defaults: no claims, no exact solver
    def sure_action(self, obs: Any) -> int | None:
        return None

    def wrong_actions(self, obs: Any) -> frozenset[int]:
        return frozenset()

    def solver_depth(self, obs: Any) -> int | None:
        return None

    def solver_window(self, level: str) -> int:
        return 0

    def solve(self, state: Any, tt_bytes: int, max_nodes: int = 0) -> Solution:
        raise SetupError(f"{self.title} has no exact solver")

    def solve_reach(self, rules: Any) -> int:
        return 0

    def tricks_left(self, state: Any) -> int:
        """From the cards still to play: in the hands, the trick in progress and the stock (a position
        read from a string has no history of tricks); 0 once the deal is over."""
        if state.is_terminal():
            return 0
        cards = sum(h.bit_count() for h in state.hands) + self.stock_left(state) + len(state.trick)
        return int(-(-cards // state.n))

    def stock_left(self, state: Any) -> int:
        """Cards still to draw in a deal (none in a game without a stock)."""
        return 0

    def solve_value(self, state: Any, tt_bytes: int, max_nodes: int = 0) -> int:
        raise SetupError(f"{self.title} has no exact solver")

    def __repr__(self) -> str:
        return f"<game {self.name}>"


__all__ = ["Game", "GameBase", "Match"]
