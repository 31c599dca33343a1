"""Banners over the server: an event frame carries the exclamations its action is worth (``Game.banners``),
in each reader's language, beside its narrated lines; most events carry none."""

from __future__ import annotations

from typing import Any

from tapete.games import GAMES
from tapete.server.storage import Store
from tapete.server.wire import event_banners
from tapete.table.narrate import Happened
from tests.server.support_server import Api, Peer, open_table, running


def _event(peer: Peer, version: int) -> dict[str, Any]:
    return peer.until(lambda f: f["type"] == "event" and f["version"] == version)


def test_a_coinche_is_shouted_to_every_reader_in_their_language(sqlite_store: Store) -> None:
    with running(sqlite_store) as client:
        people = {seat: Api(client, name) for seat, name in enumerate(["ana", "bea", "cruz", "dani"])}
        setup = open_table(people[0], "belote", "contree", people)
        langs = {0: "en", 1: "es", 2: "fr", 3: "en"}
        peers = {seat: Peer(client, setup.id) for seat in people}
        for seat, peer in peers.items():
            peer.hello(setup.tokens[seat], lang=langs[seat])
            peer.until(lambda f: f["type"] == "state")
        view = peers[0].state
        assert view is not None
        bidder = view["current_player"]
        version = view["version"]
        peers[bidder].send({"type": "act", "action": "bid:80:h", "version": version})
        bid = {seat: _event(peer, version + 1) for seat, peer in peers.items()}
        assert all(e["banners"] == [] for e in bid.values()), bid
        coincher = (bidder + 1) % 4
        peers[coincher].until(lambda f: f["type"] == "state" and f["version"] == version + 1)
        peers[coincher].send({"type": "act", "action": "coinche", "version": version + 1})
        coinche = {seat: _event(peer, version + 2) for seat, peer in peers.items()}
        assert {seat: e["banners"] for seat, e in coinche.items()} == {
            0: ["Coinche!"],
            1: ["¡Coinche!"],
            2: ["Coinche !"],
            3: ["Coinche!"],
        }
        # The narration says who did it; the banner is only the word.
        assert any("coinche" in line.lower() for line in coinche[1]["lines"])


def test_a_cante_is_las_cuarenta_in_spanish_and_les_quarante_in_french() -> None:
    from tests.guinote.helpers import deal, lead_and_win, rules

    game = GAMES["guinote"]
    hands = ["2o 4o 4b 5b 6b Cb", "Ro So 4c 5c 6c Ce", "1e 2e 4e 5o 6e Se", "5e 6o 1b 3b 7b Sb"]
    state = deal(rules("aragones"), hands, "1o", stock="3e 7e 2b 3c 7c 2c 3o 1c")
    lead_and_win(state, "6c")
    seat = state.current_player
    before = game.observe_deal(state, seat)
    state.play("sing:o")
    happened = Happened(seat, game.parse_action(state.rules, "sing:o"), before, game.observe_deal(state, seat))
    assert event_banners(game, happened, "es") == ["¡Las cuarenta!"]
    assert event_banners(game, happened, "fr") == ["Les quarante !"]
    assert event_banners(game, happened, "en") == ["The forty!"]
