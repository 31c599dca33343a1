"""The arena on Ray: a run's chunks as Ray tasks, on a local Ray or on a cluster of machines.

``run(spec, ray=...)`` (:func:`tapete.arena.run`) and ``tapete match --ray
[ADDRESS]`` come here. The run is cut into the same chunks of whole
duplicate blocks as a local run (:func:`tapete.arena.runner.chunks_of`),
sized for the cluster's CPUs, and each chunk becomes one Ray task of one
CPU, which plays its plays with the seeds every path uses (the run's seed
and the play's number: :func:`~tapete.arena.spec.play_seed`,
:func:`~tapete.arena.runner.bot_rng`). The rows come back as the tasks
finish, feed the progress callback, and are sorted by play at the end, as
a local run's are: the results are the same bit for bit, whatever the
number of workers or machines, and whichever worker played which chunk.

A worker that dies mid-run (its process killed, its machine gone) loses
only its chunk: Ray runs the task again on another worker, up to
:attr:`RayOptions.max_retries` times, and a chunk replayed gives the same
rows. An exception a bot raises (an illegal move, say) is not retried: it
stops the run and is raised here as itself, without Ray's wrapping.

Ray is optional (``pip install "tapete[ray]"``) and only imported when a
run asks for it. Every machine of a cluster needs the same tapete as the
driver (see docs/bots.md, "A cluster run").
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

from tapete.arena.results import PlayRow
from tapete.arena.spec import ArenaSpec, Play
from tapete.core.errors import TapeteError

if TYPE_CHECKING:
    from types import ModuleType

#: What a chunk's task returns: its rows, and the report of :class:`~tapete.arena.runner.Hooks` (or None).
Part: TypeAlias = tuple[list[PlayRow], Any]
#: The function each task runs: ``task(spec, plays, hooks)`` (:func:`tapete.arena.runner.play_part`).
Task: TypeAlias = Callable[[ArenaSpec, Sequence[Play], Any], Part]
#: What a task returns: a :data:`Part` for the arena; other runs on the same plan bring their own
#: (the self-play data of :mod:`tapete.envs.selfplay`).
R = TypeVar("R")

#: The environment variable Ray reads for the cluster to join when no address is given.
ADDRESS_ENV = "RAY_ADDRESS"
#: The longest the driver waits for a task without looking up (for Ctrl-C).
WAIT_SECONDS = 0.5
#: Seconds to wait for a cluster's port to answer before giving up (Ray itself would retry for ever).
CONNECT_TIMEOUT = 10.0


class RayRunError(TapeteError):
    """Ray is missing, cannot be reached, or lost a chunk for good (its workers died more than the retries)."""


@dataclass(frozen=True)
class RayOptions:
    """How a run uses Ray. Only ``address`` and ``max_retries`` matter on an existing cluster; the rest sizes
    the local Ray started when there is none."""

    #: ``None``: the cluster ``$RAY_ADDRESS`` names, else a new local Ray. ``"auto"``: the cluster started
    #: on this machine by ``ray start``; ``"HOST:6379"``: join that cluster's head as a driver (from a
    #: machine of the cluster); ``"ray://HOST:10001"``: the Ray Client, from anywhere (needs
    #: ``ray[client]``); ``"local"``: always a new local Ray.
    address: str | None = None
    #: CPUs of a new local Ray: one task runs per CPU (None: the spec's ``workers``).
    cpus: int | None = None
    #: Object store of a new local Ray, in MiB (Ray's least is 75): a run's rows are a few kilobytes a chunk.
    object_store_mib: int = 100
    #: How many times a chunk whose worker died is run again, on another worker, before the run fails.
    max_retries: int = 3
    #: Ray's ``runtime_env`` for the run's workers (``py_modules``, ``env_vars``...), or None.
    runtime_env: dict[str, Any] | None = field(default=None, hash=False)
    #: Whether the workers' stdout and stderr are copied to this process's (off: the progress bar stays clean).
    log_to_driver: bool = False

    def __post_init__(self) -> None:
        for name, value, least in (
            ("cpus", 1 if self.cpus is None else self.cpus, 1),
            ("object_store_mib", self.object_store_mib, 75),
            ("max_retries", self.max_retries, 0),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise RayRunError(f"Ray option {name} must be a whole number of at least {least}, not {value!r}")


#: Where a run plays: ``None``/``False`` here; ``True`` or ``""`` on a new local Ray (or ``$RAY_ADDRESS``);
#: an address string; or the full :class:`RayOptions`.
RayTarget: TypeAlias = bool | str | RayOptions | None


def options_of(target: RayTarget, workers: int) -> RayOptions | None:
    """The :class:`RayOptions` of ``run(..., ray=target)``, or None to run without Ray.

    >>> options_of(None, 4), options_of(False, 4)
    (None, None)
    >>> options_of(True, 4)
    RayOptions(address=None, cpus=4, object_store_mib=100, max_retries=3, runtime_env=None, log_to_driver=False)
    >>> options_of("ray://head:10001", 2).address, options_of(RayOptions(max_retries=1), 8).cpus
    ('ray://head:10001', 8)
    """
    if target is None or target is False:
        return None
    if target is True:
        return RayOptions(cpus=workers)
    if isinstance(target, str):
        return RayOptions(address=target.strip() or None, cpus=workers)
    if isinstance(target, RayOptions):
        return target if target.cpus is not None else replace(target, cpus=workers)
    raise RayRunError(f"ray must be True, an address or RayOptions, not {target!r}")


def _ray() -> ModuleType:
    try:
        import ray
    except ImportError as e:
        raise RayRunError(f'Ray is not installed ({e}): pip install "tapete[ray]"') from None
    return ray


#: The address this process connected to through :func:`connect` (None: not connected by tapete).
_connected: str | None = None


def connect(options: RayOptions) -> int:
    """Connect this process to Ray as ``options`` say, unless it already is; return the cluster's CPUs.

    A process connects once: later runs reuse the connection (``ray.shutdown()`` ends it), and asking for
    another address meanwhile is an error. A new local Ray has no dashboard and a bounded object store.
    """
    global _connected
    ray = _ray()
    address = options.address or os.environ.get(ADDRESS_ENV, "").strip() or "local"
    if ray.is_initialized():
        if _connected is not None and options.address is not None and options.address != _connected:
            raise RayRunError(
                f"this process is already connected to Ray at {_connected}, not {options.address}: "
                "call ray.shutdown() first"
            )
    else:
        kwargs: dict[str, Any] = {
            "log_to_driver": options.log_to_driver,
            "logging_level": logging.ERROR,
            "runtime_env": options.runtime_env,
        }
        if address == "local":
            kwargs |= {
                "num_cpus": options.cpus,
                "object_store_memory": options.object_store_mib * 1024 * 1024,
                "include_dashboard": False,
            }
        reach(address)
        try:
            ray.init(address, **kwargs)
        except Exception as e:
            raise RayRunError(f"could not {_verb(address)}: {_first_line(e)}") from None
        _connected = address
    cpus = int(ray.cluster_resources().get("CPU", 0))
    if cpus < 1:
        raise RayRunError("the Ray cluster has no CPU to play on")
    return cpus


def reach(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Refuse at once an address ``HOST:PORT`` (or ``ray://HOST:PORT``) where nothing answers: Ray would
    wait for it for ever. ``local`` and ``auto`` (found on this machine by Ray itself) pass.

    >>> reach("local"), reach("auto")
    (None, None)
    >>> reach("ray://head")
    Traceback (most recent call last):
    ...
    tapete.arena.ray_runner.RayRunError: bad Ray address 'ray://head': expected HOST:PORT, ray://HOST:PORT, ...
    """
    if address in ("local", "auto"):
        return
    host, _, port = address.split("://", 1)[-1].rpartition(":")
    host = host.strip("[]")
    if not host or not port.isdigit():
        raise RayRunError(f"bad Ray address {address!r}: expected HOST:PORT, ray://HOST:PORT, auto or local")
    try:
        socket.create_connection((host, int(port)), timeout=timeout).close()
    except OSError as e:
        raise RayRunError(f"could not connect to Ray at {address}: {e.strerror or e}") from None


def _verb(address: str) -> str:
    return "start a local Ray" if address == "local" else f"connect to Ray at {address}"


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


#: The Ray remote function made of each task function and retry count (made once, exported once).
_remotes: dict[tuple[Callable[..., Any], int], Any] = {}


def map_chunks(
    task: Callable[[ArenaSpec, Sequence[Play], Any], R],
    spec: ArenaSpec,
    chunks: Sequence[Sequence[Play]],
    hooks: Any,
    options: RayOptions,
    receive: Callable[[R], None],
) -> None:
    """Run ``task(spec, chunk, hooks)`` for every chunk as a Ray task of one CPU (connected by :func:`connect`),
    calling ``receive`` with each result as it comes. On any error, or Ctrl-C, the tasks not finished are
    cancelled."""
    ray = _ray()
    from ray.exceptions import RayError, RayTaskError

    key = (task, options.max_retries)
    if key not in _remotes:
        # SPREAD: round the nodes rather than fill the driver's first (Ray's default for short tasks).
        _remotes[key] = ray.remote(
            num_cpus=1, max_retries=options.max_retries, retry_exceptions=False, scheduling_strategy="SPREAD"
        )(task)
    remote = _remotes[key]
    shared = ray.put(spec)
    pending = [remote.remote(shared, list(chunk), hooks) for chunk in chunks]
    try:
        while pending:
            # A bounded wait, so that Ctrl-C (raised between Python bytecodes) is not held until a task ends.
            done, pending = ray.wait(pending, num_returns=1, timeout=WAIT_SECONDS)
            for ref in done:
                try:
                    part: R = ray.get(ref)
                except RayTaskError as e:
                    cause = getattr(e, "cause", None)
                    if isinstance(cause, Exception):
                        raise cause from None
                    raise RayRunError(f"a Ray task failed: {_first_line(e)}") from None
                except RayError as e:
                    raise RayRunError(
                        f"a chunk was lost after {options.max_retries} retries: {_first_line(e)}"
                    ) from None
                receive(part)
    except BaseException:
        for ref in pending:
            ray.cancel(ref)
        raise


__all__ = ["ADDRESS_ENV", "RayOptions", "RayRunError", "RayTarget", "connect", "map_chunks", "options_of"]
