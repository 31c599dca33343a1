"""The terminal table of ``tapete play`` (Textual): :class:`~tapete.tui.app.TableApp`.

Imported only by the ``play`` command, so the other commands start without Textual.
"""

from __future__ import annotations

__all__ = ["TableApp"]


def __getattr__(name: str) -> object:
    if name == "TableApp":
        from tapete.tui.app import TableApp

        return TableApp
    raise AttributeError(name)
