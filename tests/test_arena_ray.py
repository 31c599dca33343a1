"""The arena on Ray (tapete.arena.ray_runner): the same rows and files as a local run, a killed worker's chunk
played again with the same results, ``tapete match --ray``, and clear errors.

A small local Ray cluster starts once for the module and stops after it: two nodes on this machine
(``ray.cluster_utils.Cluster``: each its own raylet, object store and workers, as two machines would
have) of 1 CPU each, no dashboard, 100 MiB object stores, the workers' output not copied here. A second
driver joins it by address in a subprocess. The
bots that crash or cheat are levels made by closures, which Ray carries to its workers by value
(``Hooks.setup`` registers them there). Without Ray installed the tests that need it skip, except under
$CI, where they must run and so fail.
"""

from __future__ import annotations

import csv
import functools
import io
import json
import logging
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import tapete
import tapete.cli.main as cli_main
from tapete.arena import (
    ArenaResult,
    ArenaSpec,
    Hooks,
    Play,
    RayOptions,
    RayRunError,
    plan,
    ray_runner,
    run,
    write_csv,
    write_json,
)
from tapete.arena.runner import bot_rng, chunk_size, chunks_of
from tapete.bots import levels
from tapete.core.errors import IllegalActionError

try:
    import ray
except ImportError:  # pragma: no cover - CI installs it (the test extra)
    ray = None

#: The module's runs: Guiñote for two, 30 deals in duplicate (60 plays).
SPEC = ArenaSpec(preset="aragones-2p", count=30, duplicate=True, seed=5, workers=2)


def in_ci() -> bool:
    """Whether ``$CI`` is set to something other than a "no" (as tests/server/conftest.py reads it)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def tapete_path() -> str:
    """The folder this process imports tapete from: the workers must import the same one."""
    return str(Path(str(tapete.__file__)).resolve().parent.parent)


def worker_env() -> dict[str, str]:
    return {"PYTHONPATH": os.pathsep.join(p for p in (tapete_path(), os.environ.get("PYTHONPATH", "")) if p)}


def require_ray() -> None:
    """Skip without Ray, except under $CI, where the Ray tests must run."""
    if ray is None:
        why = 'ray is not installed: pip install ".[ray]"'
        if in_ci():
            pytest.fail(f"the Ray tests must run under $CI: {why}")
        pytest.skip(why)


#: The object store of each node: Ray's least is 75 MiB; a run's rows are a few kilobytes a chunk.
STORE = 100 * 1024 * 1024


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """Two nodes of 1 CPU each, this process their driver."""
    require_ray()
    from ray.cluster_utils import Cluster

    if ray.is_initialized():
        ray.shutdown()
    cluster = Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 1, "include_dashboard": False, "object_store_memory": STORE},
    )
    try:
        cluster.add_node(num_cpus=1, object_store_memory=STORE)
        cluster.wait_for_nodes()
        ray.init(
            cluster.address, log_to_driver=False, logging_level=logging.ERROR, runtime_env={"env_vars": worker_env()}
        )
        try:
            yield ray
        finally:
            ray.shutdown()
    finally:
        cluster.shutdown()


def files_of(result: ArenaResult, folder: Path, name: str) -> tuple[dict[str, Any], bytes]:
    """The JSON (less the wall time and the number of workers) and the CSV bytes that ``tapete match`` writes."""
    write_json(folder / f"{name}.json", result)
    write_csv(folder / f"{name}.csv", result)
    data = json.loads((folder / f"{name}.json").read_text(encoding="utf-8"))
    del data["seconds"], data["workers"]
    return data, (folder / f"{name}.csv").read_bytes()


# ------------------------------------------------------------------ without a running Ray


def test_without_ray_installed_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    with pytest.raises(RayRunError, match=r'Ray is not installed .*pip install "tapete\[ray\]"'):
        run(ArenaSpec(count=2), ray=True)


def test_options_and_addresses() -> None:
    assert ray_runner.options_of(None, 3) is None and ray_runner.options_of(False, 3) is None
    assert ray_runner.options_of("", 3) == RayOptions(cpus=3)
    assert ray_runner.options_of(" auto ", 3) == RayOptions(address="auto", cpus=3)
    assert ray_runner.options_of(RayOptions(cpus=1), 8) == RayOptions(cpus=1)
    for bad in ({"cpus": 0}, {"max_retries": -1}, {"object_store_mib": 10}, {"cpus": True}):
        with pytest.raises(RayRunError, match="must be a whole number"):
            RayOptions(**bad)
    with pytest.raises(RayRunError, match="bad Ray address"):
        ray_runner.reach("head-without-port")
    with pytest.raises(RayRunError, match=r"could not connect to Ray at 127\.0\.0\.1:1"):
        ray_runner.reach("127.0.0.1:1")  # nothing listens on port 1: refused at once, not retried for ever


def test_default_chunks_hold_whole_duplicate_blocks() -> None:
    plays = plan(SPEC)
    for workers in (1, 2, 7):
        chunks = chunks_of(plays, chunk_size(len(plays), workers), SPEC.legs)
        assert [p for c in chunks for p in c] == plays
        assert all(len({p.index for p in c}) * SPEC.legs == len(c) for c in chunks)


def register_counted(name: str) -> None:
    """A level registered at run time (module level: a spawned process imports it by name)."""
    levels.LEVELS.setdefault(name, levels.LEVELS["random"])


def test_hooks_reach_spawned_worker_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A level made at run time plays in spawned processes once ``Hooks.setup`` registers it there; each
    chunk's report comes back here."""
    monkeypatch.setitem(levels.LEVELS, "late-random", levels.LEVELS["random"])
    spec = ArenaSpec(preset="aragones-2p", bots=("late-random", "random"), count=12, duplicate=True, seed=4, workers=2)
    pids: list[int] = []
    hooks = Hooks(setup=functools.partial(register_counted, "late-random"), report=os.getpid, receive=pids.append)
    two = run(spec, chunk=6, min_plays_per_worker=1, hooks=hooks)
    assert two.workers == 2 and len(pids) == 4 and os.getpid() not in pids
    one = run(ArenaSpec(preset="aragones-2p", count=12, duplicate=True, seed=4))
    assert two.rows == one.rows  # the late level plays as random does


def test_an_unreachable_cluster_fails_at_once_on_the_command_line() -> None:
    require_ray()
    env = {**os.environ, **worker_env()}
    done = subprocess.run(
        [sys.executable, "-m", "tapete.cli", "match", "--deals", "4", "--ray", "127.0.0.1:1"],
        capture_output=True, text=True, timeout=120, env=env,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert "could not connect to Ray at 127.0.0.1:1" in done.stderr and "Traceback" not in done.stderr


# ------------------------------------------------------------------ on the module's local Ray


def test_same_rows_and_files_as_a_local_run(local_ray: Any, tmp_path: Path) -> None:
    here = run(SPEC)
    chunked: dict[str, ArenaResult] = {}
    for chunk in (None, 1, 7):  # default chunks of whole blocks, one play a task, chunks cutting blocks
        chunked[str(chunk)] = run(SPEC, ray=True, chunk=chunk)
    expected = files_of(here, tmp_path, "here")
    for name, result in chunked.items():
        assert result.workers == 2  # the local Ray's CPUs
        assert result.rows == here.rows and result.summary == here.summary
        assert files_of(result, tmp_path, f"ray-{name}") == expected
    rows = list(csv.DictReader(io.StringIO(expected[1].decode())))
    assert len(rows) == 60 and {r["index"] for r in rows} == {str(i) for i in range(30)}


def test_chunks_are_played_on_both_nodes(local_ray: Any) -> None:
    nodes: list[str] = []

    def node() -> str:
        return str(ray.get_runtime_context().get_node_id())

    result = run(SPEC, ray=True, chunk=2, hooks=Hooks(report=node, receive=nodes.append))
    assert len(nodes) == 30 and len(set(nodes)) == 2 == len(local_ray.nodes())
    assert result.rows == run(SPEC).rows


def test_same_rows_for_three_entrants_and_whole_matches(local_ray: Any) -> None:
    spec = ArenaSpec(game="belote", preset="trois-joueurs", bots=("random",) * 3, mode="matches", count=2,
                     duplicate=True, seed=8)  # fmt: skip
    assert run(spec, ray=True).rows == run(spec).rows


def test_progress_counts_every_chunk_up_to_the_total(local_ray: Any) -> None:
    seen: list[tuple[int, int]] = []
    run(SPEC, progress=lambda done, total: seen.append((done, total)), ray=True, chunk=8)
    assert seen[0] == (0, 60) and seen[-1] == (60, 60)
    done = [d for d, _ in seen]
    assert done == sorted(done) and len(seen) == 1 + 8  # 60 plays in chunks of 8


def test_ctrl_c_cancels_the_tasks_left(local_ray: Any) -> None:
    """Ctrl-C (here: raised by the progress callback after the first chunk) stops the run at once; the
    cluster is free again for the next run."""

    def stop(done: int, total: int) -> None:
        if done > 0:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(SPEC, progress=stop, ray=True, chunk=2)
    assert run(SPEC, ray=True).rows == run(SPEC).rows


def crash_once_level(marker: str, target: Any) -> Callable[[], Any]:
    """A bot that plays as random, except that the first time it is dealt the play whose generator state is
    ``target`` it claims ``marker`` and kills its own process (os._exit: no cleanup, as a crash)."""

    class CrashOnce:
        name = "crash-once"

        def __init__(self) -> None:
            self.inner = levels.make_bot("random")
            self.first = True

        def act(self, obs: Any, rng: random.Random, budget: Any = None) -> int:
            if self.first:
                self.first = False
                if rng.getstate() == target:
                    try:
                        fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
                    except FileExistsError:
                        pass  # crashed once already: play on
                    else:
                        os.write(fd, str(os.getpid()).encode())
                        os.close(fd)
                        os._exit(1)
            action: int = self.inner.act(obs, rng)
            return action

    return CrashOnce


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    try:
        return stat.read_text().rpartition(")")[2].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def test_a_worker_killed_mid_run_changes_nothing(local_ray: Any, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Block 17 (of 30, one block a task) kills its worker on its first attempt; Ray plays it again on a new
    worker and the run's rows and files are the local run's."""
    marker = tmp_path / "crashed"
    play = Play(17, 1, (1, 0))  # the second leg: the crashing entrant sits on side (and seat) 1
    target = bot_rng(SPEC.seed, play, 1).getstate()
    factory = crash_once_level(str(marker), target)

    def setup() -> None:
        levels.LEVELS["crash-once"] = factory

    monkeypatch.setitem(levels.LEVELS, "crash-once", factory)
    spec = ArenaSpec(preset="aragones-2p", bots=("crash-once", "random"), count=30, duplicate=True, seed=5, workers=2)
    marker.write_text("the local run must not crash")
    here = run(spec)
    assert here.rows == run(SPEC).rows  # the bot plays as random does
    marker.unlink()
    pids: list[int] = []
    hooks = Hooks(setup=setup, report=os.getpid, receive=pids.append)
    there = run(spec, ray=RayOptions(max_retries=2), chunk=2, hooks=hooks)
    crashed = int(marker.read_text())  # the worker that took block 17 first really died
    assert not alive(crashed)
    assert len(pids) == 30 and os.getpid() not in pids
    assert there.rows == here.rows and there.summary == here.summary
    assert files_of(there, tmp_path, "there") == files_of(here, tmp_path, "here")


def test_a_bot_error_stops_the_run_as_itself(local_ray: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """An illegal move is not a crash: not retried, raised as the IllegalActionError it is, without Ray's
    traceback."""

    class Cheat:
        name = "cheat"

        def act(self, obs: Any, rng: random.Random, budget: Any = None) -> int:
            return -1

    def setup() -> None:
        levels.LEVELS["cheat"] = Cheat

    monkeypatch.setitem(levels.LEVELS, "cheat", Cheat)
    spec = ArenaSpec(preset="aragones-2p", bots=("cheat", "random"), count=4, seed=1)
    with pytest.raises(IllegalActionError) as caught:
        run(spec, ray=True, hooks=Hooks(setup=setup))
    assert type(caught.value) is IllegalActionError
    assert "chose -1, which is not legal" in str(caught.value) and "Traceback" not in str(caught.value)


def test_match_command_with_ray(local_ray: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    """``tapete match --ray`` (here: the Ray this process already runs) writes the files a local run does."""
    monkeypatch.setattr(cli_main, "COMMANDS", ("tapete.cli.match",))
    common = ["match", "--preset", "aragones-2p", "--deals", "20", "--duplicate", "--seed", "3", "--workers", "2"]
    outputs: dict[str, tuple[bytes, bytes]] = {}
    for name, extra in (("here", []), ("ray", ["--ray"])):
        json_path, csv_path = tmp_path / f"{name}.json", tmp_path / f"{name}.csv"
        assert cli_main.main([*common, *extra, "--json", str(json_path), "--csv", str(csv_path), "--quiet"]) == 0
        data = json.loads(json_path.read_text(encoding="utf-8"))
        del data["seconds"], data["workers"]
        outputs[name] = (json.dumps(data).encode(), csv_path.read_bytes())
    out = capsys.readouterr().out
    assert outputs["ray"] == outputs["here"]
    assert "worker processes: 2" in out and "random A" in out


def test_a_second_driver_joins_the_cluster_by_address(local_ray: Any, tmp_path: Path) -> None:
    """``tapete match --ray HOST:PORT`` from another process plays on the running cluster, with the same
    results as a local run."""
    address = local_ray.get_runtime_context().gcs_address
    common = ["match", "--preset", "aragones-2p", "--deals", "10", "--duplicate", "--seed", "4", "--workers", "1"]
    env = {**os.environ, **worker_env()}
    env.pop(ray_runner.ADDRESS_ENV, None)
    done = subprocess.run(
        [sys.executable, "-m", "tapete.cli", *common, "--ray", address, "--json", str(tmp_path / "joined.json")],
        capture_output=True, text=True, timeout=180, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    joined = json.loads((tmp_path / "joined.json").read_text(encoding="utf-8"))
    assert joined["workers"] == 2  # the cluster's CPUs, not --workers
    here = run(ArenaSpec(preset="aragones-2p", count=10, duplicate=True, seed=4, workers=1))
    assert joined["rows"] == [r.to_dict() for r in here.rows]
    assert joined["summary"] == json.loads(json.dumps(here.summary.to_dict()))
