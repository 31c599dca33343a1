"""Every card of a match judged, deal by deal, with a progress callback (see :mod:`.moves`).

A match is analysed from its record: each deal is dealt again as recorded
(``Game.deal_from_record``) and its actions applied one by one; every action that is a card
(``Game.is_card``) is judged in the position it was played from. Nothing here names a game.
The deals are independent, so a caller may analyse them one at a time (:func:`analyse_deal`),
in any order or in other processes, and put them together (:class:`MatchAnalysis`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from tapete.analysis.moves import CardJudge, Limits, MoveAnalysis
from tapete.core.game import Game, Match

#: Called after each card judged with (cards judged so far, cards to judge in all). It may raise to stop.
Progress = Callable[[int, int], None]


def card_steps(game: Game, match: Match, deal: int) -> list[int]:
    """The steps (from 0) of deal ``deal``'s actions that are cards played."""
    rules = match.rules
    return [k for k, a in enumerate(match.deals[deal].actions) if game.is_card(rules, a)]


def count_cards(game: Game, match: Match) -> int:
    """The cards played in the whole match: the units of the progress."""
    return sum(len(card_steps(game, match, d)) for d in range(len(match.deals)))


def analyse_deal(
    game: Game, match: Match, deal: int, limits: Limits | None = None, progress: Callable[[], None] | None = None,
    judge: CardJudge | None = None,
) -> tuple[MoveAnalysis, ...]:  # fmt: skip
    """The verdict on every card of deal ``deal`` (from 0), in the order played; ``progress()`` after each."""
    judge = judge or CardJudge(game, limits or Limits())
    state = game.deal_from_record(match.rules, match.deals[deal])
    out: list[MoveAnalysis] = []
    for step, action in enumerate(match.deals[deal].actions):
        if game.is_card(match.rules, action):
            out.append(judge.judge(state, action, deal, step))
            if progress is not None:
                progress()
        state.apply_action(action)
    return tuple(out)


@dataclass(frozen=True)
class MatchAnalysis:
    """The verdicts on the cards of a match, deal by deal, and the limits they were computed under."""

    deals: tuple[tuple[MoveAnalysis, ...], ...]
    limits: Limits = field(default_factory=Limits)

    def moves(self, deal: int | None = None) -> Iterator[MoveAnalysis]:
        """Every verdict in order (or those of one deal)."""
        for d, moves in enumerate(self.deals):
            if deal is None or d == deal:
                yield from moves

    def at(self, deal: int, step: int) -> MoveAnalysis | None:
        """The verdict on action ``step`` of deal ``deal``, if it is a card."""
        if not 0 <= deal < len(self.deals):
            return None
        return next((m for m in self.deals[deal] if m.step == step), None)

    def lost(self, players: int, deal: int | None = None) -> list[int]:
        """Points each seat's cards cost, every card known, summed (over the match or one deal)."""
        out = [0] * players
        for m in self.moves(deal):
            out[m.seat] += m.cost or 0
        return out

    def own_lost(self, players: int, deal: int | None = None) -> list[float]:
        """Points each seat's cards cost as the expert judged them from the seat's information, summed."""
        out = [0.0] * players
        for m in self.moves(deal):
            out[m.seat] += m.own or 0.0
        return [round(x, 1) for x in out]

    def counts(self, deal: int | None = None) -> tuple[int, int]:
        """(cards analysed, cards not analysed)."""
        moves = list(self.moves(deal))
        done = sum(1 for m in moves if m.analysed)
        return done, len(moves) - done

    @property
    def has_own(self) -> bool:
        return any(m.own is not None for m in self.moves())


def analyse_match(
    game: Game, match: Match, limits: Limits | None = None, progress: Progress | None = None,
    deals: Sequence[int] | None = None,
) -> MatchAnalysis:  # fmt: skip
    """The verdict on every card of the match (or of the deals listed, the others left empty)."""
    limits = limits or Limits()
    judge = CardJudge(game, limits)
    wanted = range(len(match.deals)) if deals is None else deals
    total = sum(len(card_steps(game, match, d)) for d in wanted)
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    out: list[tuple[MoveAnalysis, ...]] = [() for _ in match.deals]
    for d in wanted:
        out[d] = analyse_deal(game, match, d, limits, tick, judge)
    return MatchAnalysis(tuple(out), limits)


__all__ = ["MatchAnalysis", "Progress", "analyse_deal", "analyse_match", "card_steps", "count_cards"]
