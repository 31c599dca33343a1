"""Train a small policy on one game against tapete's bots, in NumPy only, then play it in ``tapete match``.

REINFORCE with a learned baseline (Williams 1992; Sutton & Barto, 2nd ed., 13.4): the policy is a
masked softmax over every action id of the game (:class:`tapete.envs.policy.PolicyNet`: one tanh
hidden layer, a logit per action, and a value head that serves as the baseline), its input the
observation tensor of :mod:`tapete.envs.encoding` (the seat's observation only, the same vector the
PettingZoo, Gymnasium and OpenSpiel interfaces and ``tapete selfplay`` give). Each iteration plays a
batch of deals, the learner in one seat (taking turns over the seats) and a tapete bot of the
``--opponents`` levels in every other seat; every decision of the learner is credited with what its
side's margin (its points minus the other side's, over the game's score scale) gained from that
decision to the end of the deal, less the value head's estimate; the gradients are written out by
hand and applied with Adam.

    python examples/reinforce.py                                 # brisca-2p, about 3 minutes on one core
    python examples/reinforce.py --iterations 20 --out /tmp/pg.npz
    tapete match --game brisca --preset brisca-2p --bots policy:examples/brisca_pg.npz,random \\
        --duplicate --deals 2000

The saved network plays as the bot level ``policy:FILE`` anywhere a level is named (``tapete match``,
``tapete selfplay``, :class:`tapete.arena.ArenaSpec`). Nothing here is specific to a game: ``--game``
and ``--preset`` choose any rules tapete plays.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from tapete.bots.levels import make_bot
from tapete.envs.encoding import Encoder, encoder
from tapete.envs.policy import PolicyNet, draw, masked_softmax
from tapete.games import GAMES

Floats = npt.NDArray[np.float32]


@dataclass
class Batch:
    """The learner's decisions of some deals: tensors, masks, actions, and the return of each."""

    x: list[Floats] = field(default_factory=list)
    mask: list[npt.NDArray[np.int8]] = field(default_factory=list)
    action: list[int] = field(default_factory=list)
    ret: list[float] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)

    def arrays(self) -> tuple[Floats, npt.NDArray[np.int8], npt.NDArray[np.int64], Floats]:
        return (
            np.stack(self.x),
            np.stack(self.mask),
            np.array(self.action, dtype=np.int64),
            np.array(self.ret, dtype=np.float32),
        )


def play_deal(
    net: PolicyNet, enc: Encoder, game: Any, rules: Any, seed: int, seat: int, opponent: str,
    rng: random.Random, batch: Batch,
) -> float:  # fmt: skip
    """One deal: the learner (sampling its policy) in ``seat``, ``opponent`` bots elsewhere. Adds the learner's
    decisions to ``batch`` and returns its side's margin (points minus the mean of the other sides')."""
    match = game.new_match(rules, seed=seed)
    bots = {s: make_bot(opponent) for s in range(game.players(rules)) if s != seat}
    side = game.side_of(rules, seat)
    first = match.deals[0]
    banked: list[float] = []
    while not match.is_terminal() and first.result is None:
        turn = match.current_player
        obs = game.observe(match, turn)
        if turn == seat:
            x, mask = enc.encode(obs), enc.mask(obs)
            probs = masked_softmax(net.forward(x)[1], mask)
            action = draw(probs, tuple(obs.legal_actions), rng)
            batch.x.append(x)
            batch.mask.append(mask)
            batch.action.append(action)
            banked.append(margin_of(game.card_points(match.deal)[0], side))
        else:
            action = bots[turn].act(obs, rng)
        match.apply_action(action)
    margin = margin_of(game.deal_points(first.result), side)
    # The return of a decision: what the side's margin gained from it to the end of the deal (the card points
    # already banked when it was taken are public and cannot depend on it: subtracting them is a baseline).
    batch.ret.extend(margin - before for before in banked)
    batch.margins.append(margin)
    return margin


def margin_of(points: Sequence[int], side: int) -> float:
    """A side's points minus the mean of the other sides' (zero-sum over the sides)."""
    return points[side] - (sum(points) - points[side]) / max(1, len(points) - 1)


class Adam:
    """Adam (Kingma & Ba 2015) over a list of arrays, updated in place."""

    def __init__(self, params: Sequence[Floats], lr: float, betas: tuple[float, float] = (0.9, 0.999)) -> None:
        self.params = list(params)
        self.lr = lr
        self.b1, self.b2 = betas
        self.m = [np.zeros_like(p) for p in self.params]
        self.v = [np.zeros_like(p) for p in self.params]
        self.t = 0

    def step(self, grads: Sequence[Floats]) -> None:
        self.t += 1
        c1 = 1 - self.b1**self.t
        c2 = 1 - self.b2**self.t
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= self.b1
            m += (1 - self.b1) * g
            v *= self.b2
            v += (1 - self.b2) * g * g
            p -= (self.lr * (m / c1) / (np.sqrt(v / c2) + 1e-8)).astype(p.dtype)


def losses_and_grads(
    net: PolicyNet, x: Floats, mask: npt.NDArray[np.int8], action: npt.NDArray[np.int64], ret: Floats,
    entropy: float = 0.01, value_weight: float = 0.5, normalize: bool = False,
) -> tuple[dict[str, float], list[Floats]]:  # fmt: skip
    """The REINFORCE-with-baseline loss of a batch and its gradient for each of ``net.params()``.

    loss = mean(-(G - V) log pi(a|x)) - entropy * mean(H(pi(.|x))) + value_weight * mean((V - G)^2),
    with the advantage G - V held constant in the policy term (the baseline only reduces variance);
    ``normalize`` scales the batch's advantages to mean 0 and deviation 1 first.
    """
    n = len(action)
    h, logits, value = net.forward(x)
    p = masked_softmax(logits, mask)
    rows = np.arange(n)
    legal = mask > 0
    logp = np.where(legal, np.log(np.where(legal, p, 1.0)), 0.0)
    adv = ret - value
    if normalize:
        adv = (adv - adv.mean()) / (adv.std() + 1e-6)
    ent = -(p * logp).sum(axis=1)
    onehot = np.zeros_like(p)
    onehot[rows, action] = 1.0
    # d/dlogits of -(adv) log p[a]: (p - onehot) * adv; of -entropy * H: entropy * p * (log p + H).
    dlogits = ((p - onehot) * adv[:, None] + entropy * p * (logp + ent[:, None])) / n
    dlogits = np.where(legal, dlogits, 0.0).astype(np.float32)
    dvalue = (2.0 * value_weight * (value - ret) / n).astype(np.float32)
    dh = dlogits @ net.w2.T + dvalue[:, None] * net.wv[None, :]
    dpre = dh * (1.0 - h * h)
    grads = [x.T @ dpre, dpre.sum(axis=0), h.T @ dlogits, dlogits.sum(axis=0), h.T @ dvalue, dvalue.sum(keepdims=True)]
    stats = {
        "policy": float(-(adv * logp[rows, action]).mean()),
        "entropy": float(ent.mean()),
        "value": float(((value - ret) ** 2).mean()),
    }
    return stats, [g.astype(np.float32) for g in grads]


def train(
    game_name: str, preset: str | None, opponents: Sequence[str], iterations: int, batch_deals: int,
    hidden: int = 64, lr: float = 0.01, entropy: float = 0.01, seed: int = 0, log: Any = None,
    normalize: bool = True,
) -> PolicyNet:  # fmt: skip
    """Train a fresh network; ``log(line)`` is told each iteration's figures (None: silence)."""
    game = GAMES[game_name]
    rules = game.rules(preset)
    enc = encoder(game.name, rules)
    net = PolicyNet.new(enc, hidden=hidden, seed=seed)
    opt = Adam(net.params(), lr)
    rng = random.Random(seed)
    scale = float(game.search_hooks(game.observe(game.new_match(rules, seed=0), 0)).scale)
    players = game.players(rules)
    deal = 0
    start = time.perf_counter()
    for it in range(iterations):
        batch = Batch()
        for _ in range(batch_deals):
            seat = deal % players
            opponent = opponents[(deal // players) % len(opponents)]
            play_deal(net, enc, game, rules, seed * 1_000_003 + deal, seat, opponent, rng, batch)
            deal += 1
        x, mask, action, ret = batch.arrays()
        stats, grads = losses_and_grads(net, x, mask, action, ret / scale, entropy, normalize=normalize)
        opt.step(grads)
        if log is not None and (it % 10 == 0 or it == iterations - 1):
            margin = float(np.mean(batch.margins))
            log(
                f"iteration {it + 1}/{iterations}: {deal} deals, {time.perf_counter() - start:.0f} s, "
                f"mean margin {margin:+.1f}, entropy {stats['entropy']:.2f}, value loss {stats['value']:.3f}"
            )
    net.info = {
        "trainer": "examples/reinforce.py",
        "opponents": list(opponents),
        "iterations": iterations,
        "batch_deals": batch_deals,
        "deals": deal,
        "hidden": hidden,
        "lr": lr,
        "entropy": entropy,
        "seed": seed,
        "normalize": normalize,
        "seconds": round(time.perf_counter() - start, 1),
    }
    return net


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="brisca", choices=sorted(GAMES))
    parser.add_argument("--preset", default="brisca-2p")
    parser.add_argument("--opponents", default="random", help="bot levels to train against, in turn (comma-separated)")
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--batch", type=int, default=64, help="deals per iteration")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "brisca_pg.npz")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    opponents = [level.strip() for level in args.opponents.split(",") if level.strip()]
    log = None if args.quiet else (lambda line: print(line, file=sys.stderr, flush=True))
    net = train(args.game, args.preset, opponents, args.iterations, args.batch, args.hidden, args.lr,
                args.entropy, args.seed, log)  # fmt: skip
    net.save(args.out)
    print(f"wrote {args.out}: play it with --bots policy:{args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
