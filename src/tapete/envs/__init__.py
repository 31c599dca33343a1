"""Research environments: tapete's games behind PettingZoo, Gymnasium and OpenSpiel (``pip install "tapete[envs]"``).

Every interface sees a seat through the same :mod:`tapete.envs.encoding` (a
float vector and an action mask from the seat's observation only); see
docs/envs.md. ``aec_env``, ``parallel_env`` (PettingZoo) and ``TapeteGym``
(Gymnasium) are imported on first use; importing this package registers the
Gymnasium ids ``tapete/<Game>-v0`` when Gymnasium is installed.
"""

from __future__ import annotations

import importlib
from typing import Any

from tapete.envs.encoding import Encoder, Field, encoder

_LAZY = {
    "aec_env": "tapete.envs.aec",
    "TapeteAEC": "tapete.envs.aec",
    "parallel_env": "tapete.envs.parallel",
    "TapeteParallel": "tapete.envs.parallel",
    "TapeteGym": "tapete.envs.gym_env",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'tapete.envs' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def _register_gym() -> None:
    try:
        from tapete.envs.gym_env import register
    except ImportError:  # Gymnasium not installed: the encoding still works
        return
    register()


_register_gym()

__all__ = ["Encoder", "Field", "TapeteAEC", "TapeteGym", "TapeteParallel", "aec_env", "encoder", "parallel_env"]
