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
