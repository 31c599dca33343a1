"""The analysis of a played game: what each card cost against the best one (brains layer).

For every card of a match (any game: the package asks the Game interface and never a game's
name), :mod:`.moves` gives the points it cost against the best legal move with every card known
(double dummy, the exact solver) and, where asked, as the expert judged the decision from the
player's own information; :mod:`.match` walks a whole match with a progress callback; :mod:`.block`
writes the verdicts into a record's optional ``analysis`` block and reads them back checked.
``tapete replay --analyse``, the Textual replayer and the server's browser replay show them.

>>> import random
>>> from tapete.bots.levels import make_bot
>>> from tapete.games import GAMES
>>> game = next(iter(GAMES.values()))
>>> match = game.new_match(game.rules(), seed=1)
>>> bot, rng = make_bot("random"), random.Random(1)
>>> while not match.deals[0].result:
...     match.apply_action(bot.act(game.observe(match, match.current_player), rng))
>>> seen = []
>>> analysis = analyse_match(game, match, progress=lambda done, total: seen.append((done, total)))
>>> done, left = analysis.counts()
>>> seen[-1] == (done + left, count_cards(game, match)), done > 0
(True, True)
>>> all(m.cost >= 0 for m in analysis.moves() if m.analysed), sum(analysis.lost(game.players(match.rules))) > 0
(True, True)
"""

from __future__ import annotations

from tapete.analysis.block import from_block, read_analysis, record_deal_block, to_block, with_block
from tapete.analysis.match import MatchAnalysis, Progress, analyse_deal, analyse_match, card_steps, count_cards
from tapete.analysis.moves import FORCED, NO_SOLVER, OUT_OF_REACH, TOO_DEEP, CardJudge, Limits, MoveAnalysis

__all__ = [
    "FORCED",
    "NO_SOLVER",
    "OUT_OF_REACH",
    "TOO_DEEP",
    "CardJudge",
    "Limits",
    "MatchAnalysis",
    "MoveAnalysis",
    "Progress",
    "analyse_deal",
    "analyse_match",
    "card_steps",
    "count_cards",
    "from_block",
    "read_analysis",
    "record_deal_block",
    "to_block",
    "with_block",
]
