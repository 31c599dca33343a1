"""A learned policy as a bot level: ``--bots policy:FILE.npz`` in ``tapete match`` (and any arena run).

A :class:`PolicyNet` is a small network over the observation tensors of
:mod:`tapete.envs.encoding`: one hidden layer (tanh), a logit per action id
and a value head, in NumPy only. The policy is the softmax of the logits over
the legal actions (the encoder's mask), so it can never choose an illegal
action. ``examples/reinforce.py`` trains one with REINFORCE and saves it with
:meth:`PolicyNet.save`; :func:`make_level` loads it for the bot levels
(:data:`tapete.bots.levels.LEVEL_KINDS` names this module for ``policy:``).

The file records the game, the rules it was trained under and the layout of
the tensor (each field's name and length): a policy plays any rules of its
game whose tensor has the same layout, and is refused, with the reason, by
any other game or layout. The bot asks the observation's game for the
encoder and never names a game.

>>> import random
>>> from tapete.games import GAMES
>>> game = next(iter(GAMES.values()))
>>> rules = game.rules()
>>> net = PolicyNet.new(encoder(game.name, rules), hidden=8, seed=0)
>>> match = game.new_match(rules, seed=3)
>>> obs = game.observe(match, match.current_player)
>>> PolicyBot(net).act(obs, random.Random(0)) in obs.legal_actions
True
"""

from __future__ import annotations

import functools
import json
import os
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from tapete.bots.base import Budget, SearchValues, game_of
from tapete.core.errors import SetupError
from tapete.envs.encoding import Encoder, encoder

#: Bumped when the file's arrays change meaning.
FORMAT: Final = 1
#: The arrays of a network, in the order :meth:`PolicyNet.params` lists them.
PARAMS: Final = ("w1", "b1", "w2", "b2", "wv", "bv")

Floats = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def layout_of(enc: Encoder) -> str:
    """The layout a network depends on: each field's name and length, and the number of actions."""
    parts = [f"{f.name}:{f.length}" for f in enc.fields]
    return " ".join(parts) + f" | actions:{enc.action_count}"


def masked_softmax(logits: Floats, mask: Mask) -> Floats:
    """The softmax of ``logits`` over the entries where ``mask`` is 1 (rows: one per observation).

    >>> masked_softmax(np.array([1.0, 5.0, 1.0], np.float32), np.array([1, 0, 1], np.int8)).tolist()
    [0.5, 0.0, 0.5]
    """
    z = np.where(mask > 0, logits, -np.inf)
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    out: Floats = (e / e.sum(axis=-1, keepdims=True)).astype(np.float32)
    return out


@dataclass
class PolicyNet:
    """``logits = W2 tanh(W1 x + b1) + b2`` and ``value = wv . tanh(W1 x + b1) + bv``."""

    game: str
    #: The rules it was trained under (``rules.to_dict()``: preset and changed options).
    rules: dict[str, Any]
    #: :func:`layout_of` the encoder it was trained with.
    layout: str
    w1: Floats
    b1: Floats
    w2: Floats
    b2: Floats
    wv: Floats
    bv: Floats
    #: How it was trained (free-form, JSON): shown by tools, ignored by the bot.
    info: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def new(cls, enc: Encoder, hidden: int = 64, seed: int = 0) -> PolicyNet:
        """A fresh network for ``enc``'s tensors, small random weights (Glorot), zero output layer."""
        rng = np.random.default_rng(seed)
        scale = np.sqrt(2.0 / (enc.size + hidden))
        return cls(
            game=enc.game.name,
            rules=enc.rules.to_dict(),
            layout=layout_of(enc),
            w1=(rng.standard_normal((enc.size, hidden)) * scale).astype(np.float32),
            b1=np.zeros(hidden, np.float32),
            w2=np.zeros((hidden, enc.action_count), np.float32),
            b2=np.zeros(enc.action_count, np.float32),
            wv=np.zeros(hidden, np.float32),
            bv=np.zeros(1, np.float32),
        )

    @property
    def hidden(self) -> int:
        return int(self.w1.shape[1])

    def params(self) -> list[Floats]:
        """The arrays, in :data:`PARAMS` order (the same objects: an optimizer updates them in place)."""
        return [self.w1, self.b1, self.w2, self.b2, self.wv, self.bv]

    def forward(self, x: Floats) -> tuple[Floats, Floats, Floats]:
        """(hidden activations, logits, values) of a batch of vectors ``x`` (rows) or of one vector."""
        h: Floats = np.tanh(x @ self.w1 + self.b1)
        logits: Floats = h @ self.w2 + self.b2
        value: Floats = h @ self.wv + self.bv[0]
        return h, logits, value

    def policy(self, x: Floats, mask: Mask) -> Floats:
        """The action probabilities of ``x`` over its legal actions."""
        return masked_softmax(self.forward(x)[1], mask)

    def check(self, enc: Encoder) -> None:
        """Refuse an encoder whose tensors this network was not trained on (another game or layout)."""
        if enc.game.name != self.game:
            raise SetupError(f"this policy plays {self.game}, not {enc.game.name}")
        if layout_of(enc) != self.layout:
            raise SetupError(
                f"this policy was trained on another tensor layout of {self.game} "
                f"({self.layout}); these rules give ({layout_of(enc)}): train it again"
            )

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the network to ``path`` (``.npz``: the arrays, and the metadata as JSON)."""
        meta = {"format": FORMAT, "game": self.game, "rules": self.rules, "layout": self.layout, "info": self.info}
        arrays: dict[str, Any] = dict(zip(PARAMS, self.params(), strict=True))
        arrays["meta"] = np.array(json.dumps(meta))
        with open(path, "wb") as f:
            np.savez_compressed(f, **arrays)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> PolicyNet:
        """The network saved at ``path``; a missing or malformed file raises :class:`SetupError`."""
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                arrays = {name: np.asarray(data[name], dtype=np.float32) for name in PARAMS}
        except (OSError, KeyError, ValueError) as e:
            raise SetupError(f"cannot read a policy from {os.fspath(path)!r}: {e}") from None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise SetupError(f"{os.fspath(path)!r} is not a tapete policy file of format {FORMAT}")
        return cls(meta["game"], meta["rules"], meta["layout"], info=meta.get("info", {}), **arrays)


class PolicyBot:
    """Plays the most likely legal action of a :class:`PolicyNet` (``sample=True``: draws one from ``rng``).

    Its ``last_values`` are the policy's probabilities of the legal actions (kind ``policy``).
    """

    def __init__(self, net: PolicyNet, sample: bool = False, name: str = "policy") -> None:
        self.net = net
        self.sample = sample
        self.name = name
        self.last_values: SearchValues | None = None
        self._checked: set[int] = set()

    def encoder_for(self, obs: Any) -> Encoder:
        """The encoder of the observation's game and rules, checked against the network once."""
        enc = encoder(game_of(obs).name, obs.rules)
        if id(enc) not in self._checked:
            self.net.check(enc)
            self._checked.add(id(enc))
        return enc

    def act(self, obs: Any, rng: random.Random, budget: Budget | None = None) -> int:
        legal: tuple[int, ...] = tuple(obs.legal_actions)
        if not legal:
            raise ValueError(f"seat {obs.seat} has no action to choose: it is not its turn")
        enc = self.encoder_for(obs)
        probs = self.net.policy(enc.encode(obs), enc.mask(obs))
        self.last_values = SearchValues("policy", {a: float(probs[a]) for a in legal}, {})
        if self.sample:
            return draw(probs, legal, rng)
        return max(legal, key=lambda a: probs[a])


def draw(probs: Floats, legal: tuple[int, ...], rng: random.Random) -> int:
    """An action drawn from ``probs`` (over ``legal``) with ``rng``: reproducible from the bot's seed."""
    r = rng.random()
    acc = 0.0
    for a in legal:
        acc += float(probs[a])
        if r < acc:
            return a
    return legal[-1]


@functools.lru_cache(maxsize=16)
def _load(path: str, stamp: tuple[int, int]) -> PolicyNet:
    return PolicyNet.load(path)


def load_policy(path: str | os.PathLike[str]) -> PolicyNet:
    """The network at ``path``, read once per process (again if the file changes)."""
    p = Path(path)
    try:
        st = p.stat()
    except OSError as e:
        raise SetupError(f"cannot read a policy from {os.fspath(path)!r}: {e.strerror or e}") from None
    return _load(str(p.resolve()), (st.st_mtime_ns, st.st_size))


def make_level(arg: str) -> PolicyBot:
    """The ``policy:FILE`` level (see :data:`tapete.bots.levels.LEVEL_KINDS`): a greedy bot of the network
    in ``FILE``."""
    return PolicyBot(load_policy(arg), name=f"policy:{arg}")


__all__ = ["PolicyBot", "PolicyNet", "layout_of", "load_policy", "make_level", "masked_softmax"]
