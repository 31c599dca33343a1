"""Rows a game hands to the terminal laid out as the lines of ``tapete show``: the layout now lives in the
text layer (:mod:`tapete.text.rows`, shared with ``tapete replay``); this module keeps the names the CLI imports.

>>> from tapete.core.shown import Row
>>> from tapete.core.words import Say
>>> lines([Row("show.stock", (Say("show.stock.empty"),)), Row("show.hands")])
['stock       empty: arrastre, play follows the strict rules', 'hands']
"""

from __future__ import annotations

from tapete.text.rows import LABEL_WIDTH, line, lines, row_text, rules_text

__all__ = ["LABEL_WIDTH", "line", "lines", "row_text", "rules_text"]
