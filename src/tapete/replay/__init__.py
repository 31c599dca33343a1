"""``tapete replay``: step through a saved game, seeing every hand or one seat's view.

:mod:`~tapete.replay.cursor` rebuilds every position of a recorded match and
walks them; :mod:`~tapete.replay.seat_view` draws one seat's observation;
:mod:`~tapete.replay.text` turns a position into text for ``--print`` and
the app; :mod:`~tapete.replay.app` is the interactive Textual face.
"""

from __future__ import annotations

from tapete.replay.cursor import ReplayCursor, ReplayError, Spot

__all__ = ["ReplayCursor", "ReplayError", "Spot"]
