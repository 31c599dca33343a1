"""The Gymnasium spaces every interface shares: a dict of the vector and the action mask, and Discrete actions."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from tapete.envs.encoding import Encoder


def observation_space(enc: Encoder, seed: int | None = None) -> spaces.Dict:
    """``{"observation": Box(0, high, (size,)), "action_mask": Box(0, 1, (actions,), int8)}``."""
    return spaces.Dict(
        {
            "observation": spaces.Box(low=np.zeros(enc.size, dtype=np.float32), high=enc.high.copy(), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(enc.action_count,), dtype=np.int8),
        },
        seed=seed,
    )


def action_space(enc: Encoder, seed: int | None = None) -> spaces.Discrete:
    """Every action id of the game under these rules (the mask says which are legal now)."""
    return spaces.Discrete(enc.action_count, seed=seed)


__all__ = ["action_space", "observation_space"]
