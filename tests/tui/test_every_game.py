"""Every registered game plays at the terminal table by its registration alone.

Seat 0 is a person choosing through key presses and clicks (tests/tui/helpers.py),
bots hold the other seats; each game's default preset plays one whole deal through
the screen, and the log narrates it in the deck's own words.
"""

from __future__ import annotations

from typing import Any

import pytest

from tapete.games import GAMES
from tapete.tui.app import TableApp

from .helpers import new_session, play_out, run_app


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_deal_of_every_game_at_the_table(name: str) -> None:
    game = GAMES[name]
    session = new_session(name, game.default_preset, 11)
    app = TableApp(session, 0, delay=0)
    seen: dict[str, Any] = {}

    async def body(pilot: Any, app: TableApp) -> None:
        seen["chosen"] = await play_out(pilot, app, stop=lambda obs: len(session.match.deals) > 1, click_every=4)
        seen["log"] = list(app.table.log_lines)

    run_app(app, body)
    chosen, log = seen["chosen"], seen["log"]
    assert len(session.match.deals) > 1 or session.is_over(), "the first deal was played to its end"
    assert any(game.is_card(session.rules, a) for a in chosen), chosen
    assert any(line.startswith("Seat 0 played ") for line in log), log
    assert "The deal is over." in log, log
