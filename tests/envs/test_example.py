"""The worked example (examples/reinforce.py): its hand-written gradients are right, a few iterations train a
policy that loads as the ``policy:FILE`` level and plays legally, and the policy shipped with it beats random.

Issue 16: "``examples/`` trains a small policy on one game against tapete bots in minutes on a CPU ... and
the trained policy then plays in ``tapete match`` as a level, with its measured margin against random".
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from tapete.arena import ArenaSpec, run
from tapete.bots.levels import make_bot
from tapete.cli.main import main
from tapete.core.errors import SetupError
from tapete.envs.encoding import encoder
from tapete.envs.policy import PolicyBot, PolicyNet, masked_softmax
from tapete.games import GAMES

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: The policy examples/reinforce.py trained and saved (its command: docs/envs.md).
SHIPPED = EXAMPLES / "brisca_pg.npz"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tapete_example_reinforce", EXAMPLES / "reinforce.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _loss(net: PolicyNet, x: np.ndarray, mask: np.ndarray, action: np.ndarray, ret: np.ndarray,
          adv: np.ndarray, entropy: float, value_weight: float) -> float:  # fmt: skip
    """The example's loss in float64, the advantage held fixed (as its gradient treats it)."""
    w1, b1, w2, b2, wv, bv = (p.astype(np.float64) for p in net.params())
    h = np.tanh(x @ w1 + b1)
    logits = h @ w2 + b2
    value = h @ wv + bv[0]
    z = np.where(mask > 0, logits, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    logp_all = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    p = np.exp(logp_all)
    logp = np.where(mask > 0, logp_all, 0.0)
    ent = -(p * logp).sum(axis=1)
    rows = np.arange(len(action))
    return float(-(adv * logp[rows, action]).mean() - entropy * ent.mean() + value_weight * ((value - ret) ** 2).mean())


def test_the_gradients_are_those_of_the_loss(example: ModuleType) -> None:
    game = next(iter(GAMES.values()))
    enc = encoder(game.name, game.rules())
    net = PolicyNet.new(enc, hidden=6, seed=1)
    rng = np.random.default_rng(2)
    for p in net.params():  # the output layers start at zero: give every weight a value
        p[...] = rng.standard_normal(p.shape).astype(np.float32) * 0.3
    n = 7
    x = rng.random((n, enc.size)).astype(np.float32)
    mask = (rng.random((n, enc.action_count)) < 0.2).astype(np.int8)
    action = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask])
    mask[np.arange(n), action] = 1
    ret = rng.standard_normal(n).astype(np.float32)
    adv = (ret - net.forward(x)[2]).astype(np.float64)
    _, grads = example.losses_and_grads(net, x, mask, action, ret, entropy=0.05, value_weight=0.5)
    eps = 1e-3
    for param, grad in zip(net.params(), grads, strict=True):
        flat, gflat = param.reshape(-1), grad.reshape(-1)
        for i in rng.choice(flat.size, size=min(12, flat.size), replace=False):
            keep = flat[i]
            flat[i] = keep + eps
            up = _loss(net, x, mask, action, ret, adv, 0.05, 0.5)
            flat[i] = keep - eps
            down = _loss(net, x, mask, action, ret, adv, 0.05, 0.5)
            flat[i] = keep
            assert gflat[i] == pytest.approx((up - down) / (2 * eps), abs=2e-3, rel=2e-2)


def test_a_short_training_saves_a_level_that_plays_legally(example: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "pg.npz"
    assert example.main(["--iterations", "2", "--batch", "4", "--hidden", "8", "--out", str(path), "--quiet"]) == 0
    net = PolicyNet.load(path)
    assert net.game == "brisca" and net.info["deals"] == 8 and net.hidden == 8
    level = f"policy:{path}"
    result = run(ArenaSpec(game="brisca", preset="brisca-2p", bots=(level, "random"), count=4, duplicate=True))
    assert result.summary.plays == 8  # the arena raises IllegalActionError on an illegal choice
    # Any preset of the game with the same tensor layout; another game is refused.
    bot = make_bot(level)
    other = next(g for g in GAMES.values() if g.name != "brisca")
    match = other.new_match(other.rules(), seed=1)
    with pytest.raises(SetupError, match="this policy plays brisca"):
        bot.act(other.observe(match, match.current_player), random.Random(0))


def test_the_policy_level_in_tapete_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--game", "brisca", "--preset", "brisca-2p", "--deals", "4", "--workers", "1", "--quiet"]
    assert main([*argv, "--bots", f"policy:{SHIPPED},random"]) == 0
    assert "│ policy:" in capsys.readouterr().out  # the level's label (cut to the column's width)
    assert main([*argv, "--bots", f"policy:{tmp_path / 'none.npz'},random"]) == 2
    assert "cannot read a policy" in capsys.readouterr().err
    (tmp_path / "bad.npz").write_bytes(b"not a zip")
    assert main([*argv, "--bots", f"policy:{tmp_path / 'bad.npz'},random"]) == 2
    assert "cannot read a policy" in capsys.readouterr().err


def test_the_policy_bot_picks_its_most_likely_legal_action() -> None:
    net = PolicyNet.load(SHIPPED)
    game = GAMES[net.game]
    rules = game.rules(net.rules.get("preset"))
    enc = encoder(game.name, rules)
    bot = PolicyBot(net)
    match = game.new_match(rules, seed=5)
    while match.deals[0].result is None:
        obs = game.observe(match, match.current_player)
        action = bot.act(obs, random.Random(0))
        probs = masked_softmax(net.forward(enc.encode(obs))[1], enc.mask(obs))
        assert action in obs.legal_actions and probs[action] == probs.max()
        assert bot.last_values is not None and set(bot.last_values.values) == set(obs.legal_actions)
        assert sum(bot.last_values.values.values()) == pytest.approx(1.0, abs=1e-5)
        match.apply_action(action)


def test_the_shipped_policy_beats_random_in_duplicate() -> None:
    """The figure of the example, on a small fixed set: 150 deals in duplicate, 95% interval above zero."""
    net = PolicyNet.load(SHIPPED)
    assert json.dumps(net.info)  # how it was trained travels with it
    spec = ArenaSpec(game=net.game, preset=net.rules.get("preset"), bots=(f"policy:{SHIPPED}", "random"),
                     count=150, duplicate=True, seed=16)  # fmt: skip
    margin = run(spec).summary.entrants[0].margin
    assert margin.low > 0, margin


def test_self_play_with_the_policy_records_its_probabilities(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    from tapete.envs.selfplay import run_selfplay

    net = PolicyNet.load(SHIPPED)
    spec = ArenaSpec(game=net.game, preset=net.rules.get("preset"), bots=(f"policy:{SHIPPED}", "random"), count=2)
    run_selfplay(spec, tmp_path / "out")
    rows = pq.read_table(tmp_path / "out" / "decisions").to_pylist()
    mine = [r for r in rows if r["bot"].startswith("policy:")]
    assert mine and all(r["value_kind"] == "policy" for r in mine)
    for r in mine:
        probs = np.array(r["values"], dtype=np.float64)
        legal = np.array(r["mask"]) == 1
        assert np.nansum(probs) == pytest.approx(1.0, abs=1e-5) and np.isnan(probs[~legal]).all()
        assert probs[r["action"]] == np.nanmax(probs)
