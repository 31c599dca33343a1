"""The English text of the ``solve`` catalog (see :mod:`tapete.text.messages`), keyed by message id.

It holds what ``tapete solve`` prints (the exact solver, :mod:`tapete.solver`).
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "solve.help": "solve a position exactly: the value of every legal action with all cards known",
    "solve.description": (
        "Solve a position of any game with every card known (double dummy): for each legal action of "
        "the seat to act, the points its side still wins to the end of the deal when it plays its best and "
        "the others play to keep its points down. Points are the card points of the tricks still to win "
        "(the trick in progress included), the last trick's bonus and, in Guiñote, the cantes the side can "
        "still sing; points already won, Belote declarations and belote-rebelote are not counted. "
        "Without a position, deal a fresh one; a deal still in its bidding is refused. A position too far "
        "from the end of its deal to answer within seconds is refused at once, saying from how many tricks "
        "left the solver answers: --tricks-left N deals a fresh position and plays it there with the "
        "heuristic bots, and --max-nodes searches a deeper one anyway."
    ),
    "solve.opt.tricks_left": (
        "deal a fresh position, play it with the heuristic bots until N tricks are left, show it, then solve it"
    ),
    "solve.opt.tt_mb": "cap of the transposition table in megabytes (default {default})",
    "solve.opt.max_nodes": "give up after N search nodes, 0 for no limit (default {default})",
    "solve.error.too_deep": (
        "the position is too deep to solve within {nodes} search nodes (too many cards still to play or "
        "to draw); try a later position or a larger --max-nodes"
    ),
    "solve.header": "{seat} to act ({phase}); values are the points {side} still wins:",
    "solve.side.team": "team {team}, seats {a} and {b}",
    "solve.side.seat": "seat {seat} alone",
    "solve.side.taker": "the taker",
    "solve.side.defence": "the two defenders together",
    "solve.best": "best: {action} ({value} points)",
    "solve.mark.best": "<- best",
    "solve.nodes": "{nodes} search nodes in {ms} ms",
    "solve.error.tt_mb": "--tt-mb {value}: expected a positive number of megabytes",
    "solve.error.out_of_reach": (
        "this position has {left} tricks still to play, and the solver answers within seconds from {reach} "
        "tricks left: give a later position, or --tricks-left {reach} to deal a fresh one and play it up to "
        "there, or --max-nodes N to search this one anyway"
    ),
    "solve.error.no_solver": "{game} has no exact solver",
    "solve.error.tricks_left_with_position": "--tricks-left deals a fresh position: give either it or a POSITION",
    "solve.error.tricks_left_range": "--tricks-left {value}: expected a number of tricks from 1 to {most}",
    "solve.error.deal_ended": (
        "the deal of seed {seed} ended before {tricks} tricks were left: try another --seed"
    ),
    "solve.played_to": "seed {seed}, played by the heuristic bots to {tricks} tricks left:",
}
