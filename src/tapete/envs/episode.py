"""One episode of any game for the environments: the match, its rewards, illegal actions, views.

PettingZoo (AEC and Parallel) and Gymnasium wrap the same :class:`Episode`, so
they deal, reward and refuse alike. It asks the Game object for everything
and names no game. An episode is a match (``episode="match"``) or its first
deal (``episode="deal"``); rewards come at the end of every deal
(``rewards="deal"``: the side's deal points less the mean of the other sides',
over the points of an ordinary deal, the search's scale) or only at the end
of the match (``rewards="match"``: +1 for the winning side, -1 for the others).

An action a seat may not take now (outside the mask) either raises
(``illegal="raise"``) or is replaced by a legal one (``illegal="substitute"``,
the default: ``legal[action % len(legal)]``, so random unmasked actions, as
the conformance checkers send, still play a game), and costs the seat
``illegal_reward``.

>>> from tapete.games import GAMES
>>> for game in GAMES.values():
...     ep = Episode(game, game.rules(), episode="deal")
...     ep.reset(7)
...     while not ep.done:
...         _ = ep.apply(ep.legal()[0])
...     assert abs(sum(ep.totals)) < 1e-9 and ep.steps > 0  # zero-sum between the sides
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from tapete.core.errors import IllegalActionError, SetupError
from tapete.core.game import Game, Match
from tapete.envs.encoding import Encoder, encoder

EpisodeKind = Literal["match", "deal"]
RewardKind = Literal["deal", "match"]
IllegalKind = Literal["substitute", "raise"]

#: Environment keywords: anything else given to an environment's maker is a rules option.
ENV_KEYWORDS = frozenset({"episode", "rewards", "illegal", "illegal_reward", "render_mode", "max_cycles", "seed"})


def make_rules(game: Game, preset: str | None, options: Mapping[str, Any]) -> Any:
    """A preset with rules options changed, given as values (``target=101``) or strings (``"101"``)."""
    rules = game.rules(preset)
    if not options:
        return rules
    if all(isinstance(v, str) for v in options.values()):
        return rules.with_option_strings(dict(options))
    return rules.replace(**options)


class Episode:
    """A match played one action at a time, with per-seat rewards and encoded observations."""

    def __init__(
        self,
        game: Game,
        rules: Any,
        episode: EpisodeKind = "match",
        rewards: RewardKind = "deal",
        illegal: IllegalKind = "substitute",
        illegal_reward: float = -1.0,
    ) -> None:
        if episode not in ("match", "deal"):
            raise SetupError(f"episode must be 'match' or 'deal', not {episode!r}")
        if rewards not in ("deal", "match"):
            raise SetupError(f"rewards must be 'deal' or 'match', not {rewards!r}")
        if episode == "deal" and rewards == "match":
            raise SetupError("rewards='match' needs episode='match': a single deal has no match result")
        if illegal not in ("substitute", "raise"):
            raise SetupError(f"illegal must be 'substitute' or 'raise', not {illegal!r}")
        self.game = game
        self.rules = rules
        self.episode = episode
        self.rewards = rewards
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.encoder: Encoder = encoder(game.name, rules)
        self.players = game.players(rules)
        self.units = game.units(rules)
        self._side = [game.side_of(rules, s) for s in range(self.players)]
        self._no_actions = np.zeros(self.encoder.action_count, dtype=np.int8)
        self._rng = random.Random()
        self.match: Match = game.new_match(rules, seed=0)
        #: The deal the seats see: the match's current one, or the one that ended the episode.
        self.state: Any = self.match.deal
        self.scale = 1.0
        self.done = True
        self.steps = 0
        #: Each seat's rewards so far in this episode.
        self.totals = [0.0] * self.players
        #: Whether the last action applied was a substitute for an illegal one.
        self.substituted = False
        self._legal: list[int] | tuple[int, ...] | None = None

    # ------------------------------------------------------------ the match
    def reset(self, seed: int | None = None) -> None:
        """A new match: from ``seed``, or the next one of the episode stream (random at first)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.match = self.game.new_match(self.rules, seed=self._rng.getrandbits(63))
        self.state = self.match.deal
        self.scale = float(self.game.search_hooks(self.game.observe(self.match, 0)).scale) or 1.0
        self.done = False
        self.steps = 0
        self.totals = [0.0] * self.players
        self.substituted = False
        self._legal = None

    @property
    def current(self) -> int:
        """The seat to act, or -1 once the episode is over."""
        return -1 if self.done else self.match.current_player

    def legal(self) -> list[int] | tuple[int, ...]:
        """The legal actions of the seat to act (computed once a step: observing that seat gives them)."""
        if self.done:
            return []
        if self._legal is None:
            self._legal = self.match.legal_actions()
        return self._legal

    def apply(self, action: int) -> list[float]:
        """Apply the current seat's action; each seat's reward for it (a deal's end rewards everybody)."""
        if self.done:
            raise IllegalActionError("the episode is over: reset it")
        match = self.match
        seat = match.current_player
        legal = self.legal()
        self._legal = None
        rewards = [0.0] * self.players
        self.substituted = action not in legal
        if self.substituted:
            if self.illegal == "raise":
                shown = ", ".join(self.game.action_str(self.rules, a) for a in legal)
                raise IllegalActionError(f"illegal action {action} for seat {seat}: legal are {shown}")
            action = legal[int(action) % len(legal)]
            rewards[seat] += self.illegal_reward
        record = match.deals[-1]
        state = match.deal
        match.apply_action(action)
        self.steps += 1
        over = match.is_terminal()
        if over or match.deals[-1] is not record:  # the deal ended (and the next one began)
            if self.rewards == "deal":
                points = self.game.deal_points(record.result) if record.result is not None else ()
                self._share(points, rewards)
            if self.episode == "deal":
                over = True
        self.state = state if over else match.deal
        if over:
            self.done = True
            if self.rewards == "match":
                for s, r in enumerate(match.returns()):
                    rewards[s] += r
        for s in range(self.players):
            self.totals[s] += rewards[s]
        return rewards

    def _share(self, points: tuple[int, ...], rewards: list[float]) -> None:
        """Each seat's deal reward: its side's points less the others' mean, over an ordinary deal's points."""
        if not points:
            return
        units = len(points)
        total = sum(points)
        for s in range(self.players):
            mine = points[self._side[s]]
            rewards[s] += (mine - (total - mine) / (units - 1)) / self.scale

    def truncate(self) -> None:
        self.done = True

    # ------------------------------------------------------------ what a seat sees
    def observation(self, seat: int) -> dict[str, npt.NDArray[Any]]:
        """``{"observation": vector, "action_mask": mask}`` of ``seat`` from its observation only; the
        mask is all zeros unless ``seat`` is to act."""
        obs = self.observe(seat)
        enc = self.encoder
        mask = enc.mask(obs) if seat == self.current else self._no_actions.copy()
        return {"observation": enc.encode(obs), "action_mask": mask}

    def observe(self, seat: int) -> Any:
        """The game's observation of ``seat`` (a bot's input); the seat to act's gives the step its legal actions."""
        obs = self.game.observe_deal(self.state, seat)
        if seat == self.current:
            self._legal = obs.legal_actions
        return obs

    def render(self) -> str:
        """The match as text in the current language: the position, the rules, the match score, the
        deal laid out (every hand shown: a referee's view) and the legal actions of the seat to act."""
        from tapete.core.shown import Row
        from tapete.core.words import Say, SeatRef
        from tapete.text.rows import lines, rules_text

        game = self.game
        rules = self.rules
        match = self.match
        state = self.state
        scores: dict[str, Any] = {f"s{i}": game.score_label(rules, s) for i, s in enumerate(match.scores)}
        rows = [
            Row("show.position", (game.position_string(state),)),
            Row("show.rules", (rules_text(rules),)),
            Row(None, (Say(f"event.scores.{len(match.scores)}", **scores),), kind="text"),
            *game.show_rows(state, game.faces(rules)),
        ]
        if match.is_terminal():
            rows.append(Row(None, (game.match_over(rules, match.winner),), kind="text"))
        elif not self.done:
            header = Say("legal.header", seat=SeatRef(self.current), phase=game.phase_name(state))
            rows.append(Row(None, (header,), kind="text"))
            rows.append(Row(None, (" ".join(game.action_str(rules, a) for a in self.legal()),), kind="line"))
        return "\n".join(lines(rows))


__all__ = ["ENV_KEYWORDS", "Episode", "EpisodeKind", "IllegalKind", "RewardKind", "make_rules"]
