"""The English text of the ``replay`` catalog (see :mod:`tapete.text.messages`), keyed by message id."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str | tuple[str, str]]] = {
    # ------------------------------------------------------------ the command
    "replay.help": "step through a saved game: every hand or one seat's view",
    "replay.description": (
        "Step through a game saved by tapete (a record file): forward and back one action, by trick or by deal, "
        "seeing every hand or only what one seat could see. Keys in the app: right/left next/previous action, "
        "n/p next/previous trick, page down/up or ]/[ next/previous deal, g and a number to go to a deal, "
        "home/end first/last position, v to change the view, q to quit. With --print, or when the output is "
        "not a terminal, the positions are written as text instead."
    ),
    "replay.opt.record": "the record file to replay (written by tapete play or saved by tapete)",
    "replay.opt.seat": "show only what seat N could see (its observation) instead of every hand",
    "replay.opt.all": "show every hand (the default)",
    "replay.opt.deal": "start at deal N (from 1); with --print, print only that deal",
    "replay.opt.print": "write the positions as text to standard output instead of opening the app",
    "replay.error.seat": "--seat {seat} is not at this table: expected a seat from 0 to {last}",
    "replay.error.deal": "deal {deal} is not in this record: expected a deal from 1 to {deals}",
    "replay.opt.analyse": (
        "first analyse every card (the points it cost against the best card, every hand known) and save the "
        "analysis in the record"
    ),
    "replay.opt.own": (
        "with --analyse, also judge each card as the expert bot would from the player's own information (slower)"
    ),
    "replay.opt.max_nodes": (
        "with --analyse, the most search nodes for one card (default {default}); a card that needs more is left "
        "not analysed"
    ),
    "replay.opt.costs": "write each card's cost and the totals instead of the positions (an analysed record)",
    "replay.error.no_analysis": "this record has no analysis of its cards: add --analyse",
    "replay.error.max_nodes": "--max-nodes {value}: expected a number of nodes of 1 or more",
    # ------------------------------------------------------------ the analysis (tapete.analysis)
    "replay.analysing": "analysing the cards",
    "replay.analysis.interrupted": "interrupted: the record is left as it was",
    "replay.analysis.saved": "analysis saved in {path}: {done} of {total} cards analysed in {seconds} s",
    "replay.analysis.ignored": "the record's analysis is left out: {problem} (--analyse computes it again)",
    "replay.analysis.card": "analysis of {card}: {verdict}",
    "replay.analysis.forced": "the only legal card",
    "replay.analysis.not_analysed": "not analysed: {why}",
    "replay.analysis.why.reach": "too far from the end of the deal for the solver",
    "replay.analysis.why.nodes": "the search passed its node limit",
    "replay.analysis.why.solver": "this game has no exact solver",
    "replay.analysis.best": "one of the best cards, every hand known",
    "replay.analysis.cost": (
        "cost {count} point against {best}, every hand known",
        "cost {count} points against {best}, every hand known",
    ),
    "replay.analysis.own_best": "one of the best by what {seat} knew (the expert's judgement)",
    "replay.analysis.own_cost": "cost {cost} by what {seat} knew (the expert's judgement: {best})",
    "replay.analysis.item": "{seat} {card} {cost}",
    "replay.analysis.trick": "costs in this trick: {cards}",
    "replay.analysis.total": "{seat} {points}",
    "replay.analysis.totals.deal": "points lost in this deal, every hand known: {totals}",
    "replay.analysis.totals.match": "points lost in the match, every hand known: {totals}",
    "replay.analysis.totals.own": "by what each player knew (the expert's judgement): {totals}",
    "replay.analysis.counts": "{done} of {total} cards analysed (the others beyond the solver's reach or limit)",
    "replay.analysis.deal": "deal {deal} of {deals}",
    "replay.analysis.row": "  {step}. {seat} {card} {cost}{own}: {verdict}",
    # ------------------------------------------------------------ a position
    "replay.counter": "deal {deal} of {deals}, action {step} of {steps}",
    "replay.heading": "{counter} | {view}",
    "replay.view": "view",
    "replay.view.all": "every hand",
    "replay.view.seat": "what {seat} sees",
    "replay.action.dealt": "dealt by {seat}",
    "replay.action.described": "{seat}: {action} ({description})",
    "replay.hand.count": (
        "{count} card, hidden",
        "{count} cards, hidden",
    ),
    "replay.hand.you": "(this view)",
    "replay.tricks_played": "tricks played: {count}",
    "replay.unfinished": "the record stops here: the match was not finished",
    # ------------------------------------------------------------ the app
    "replay.title": "tapete replay: {name}",
    "replay.title.bare": "tapete replay",
    "replay.jump.placeholder": "deal number (1 to {deals}), then Enter; Escape cancels",
    "replay.key.actions": "action",
    "replay.key.previous": "previous action",
    "replay.key.tricks": "trick",
    "replay.key.prev_trick": "previous trick",
    "replay.key.deals": "deal",
    "replay.key.prev_deal": "previous deal",
    "replay.key.jump": "go to deal",
    "replay.key.start": "first position",
    "replay.key.end": "last position",
    "replay.key.view": "change view",
    "replay.key.scroll": "scroll the board",
    "replay.key.cancel": "cancel the jump",
    "replay.key.quit": "quit",
}
