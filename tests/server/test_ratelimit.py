"""The token bucket, alone and on a websocket: refused messages change nothing; a flood is cut off."""

from __future__ import annotations

import pytest

from tapete.server.ratelimit import TokenBucket, Verdict
from tapete.server.storage import Store
from tests.server.support_server import Api, Closed, Peer, open_table, running


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_burst_then_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=2, burst=3, now=clock)
    assert [bucket.take() for _ in range(4)] == [Verdict.OK] * 3 + [Verdict.REFUSE]
    clock.t = 0.5  # one token back
    assert [bucket.take(), bucket.take()] == [Verdict.OK, Verdict.REFUSE]
    clock.t = 100.0  # never more than the burst
    assert [bucket.take() for _ in range(4)] == [Verdict.OK] * 3 + [Verdict.REFUSE]


def test_flooding_past_three_bursts_closes() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=1, burst=2, now=clock)
    verdicts = [bucket.take() for _ in range(2 + 6)]
    assert verdicts == [Verdict.OK] * 2 + [Verdict.REFUSE] * 5 + [Verdict.CLOSE]


def test_an_accepted_message_resets_the_count_of_refusals() -> None:
    clock = Clock()
    bucket = TokenBucket(rate=1, burst=2, now=clock)
    for _ in range(2 + 5):
        bucket.take()
    clock.t = 1.0
    assert bucket.take() is Verdict.OK and bucket.refused == 0


@pytest.mark.parametrize(("rate", "burst"), [(0, 1), (1, 0), (-1, 5)])
def test_bad_settings_are_refused(rate: float, burst: int) -> None:
    with pytest.raises(ValueError):
        TokenBucket(rate=rate, burst=burst)


def test_a_flood_on_a_websocket_is_refused_then_closed_and_changes_nothing(sqlite_store: Store) -> None:
    with running(sqlite_store, rate=0.01, burst=4) as client:
        ana = Api(client, "ana")
        setup = open_table(ana, "guinote", "aragones-2p", {0: ana, 1: Api(client, "bea")})
        peer = Peer(client, setup.id)
        peer.hello(setup.tokens[0])  # one token
        peer.drain()
        version = peer.state["version"] if peer.state else 0
        codes = []
        with pytest.raises(Closed) as closed:
            for _ in range(100):
                peer.send({"type": "act", "action": "pass", "version": 999})
                frame = peer.until(lambda f: f["type"] == "error", timeout=5)
                codes.append(frame["code"])
        assert closed.value.code == 1008
        # 3 tokens left: answered (stale version); then 3 x burst = 12 refusals, the last one closing.
        assert codes[:3] == ["stale_version"] * 3
        assert codes[3:] == ["rate_limited"] * 12
        assert sqlite_store.last_version(setup.id) == version
