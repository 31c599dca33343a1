"""tapete.table.explain against the engines: every refused card gets the reason the engine gives.

The engines' own ``why_illegal`` (tapete/guinote/state.py, tapete/belote/state.py)
is the reference: for random positions of every preset, each card the seat to act
may not play is explained, from the observation only, with the same duty (follow,
beat, trump, overtrump: 002 §05, 001 Phase 2, 004 "Juego de bazas").
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tapete.belote import actions as b
from tapete.belote.state import BeloteState
from tapete.core.cards.spanish import parse_cards
from tapete.core.words import CardsRef, SeatRef
from tapete.games import GAMES, game_of_rules
from tapete.guinote import actions as g
from tapete.guinote.rules import GuinoteRules
from tapete.guinote.state import GuinoteState
from tapete.table.explain import explain_illegal, refusal
from tapete.text.messages import MESSAGES, msg, set_translator
from tapete.text.translations import translator

#: The engine's words for each duty an explanation may name.
GUINOTE_WORDS: dict[str, str | tuple[str, ...]] = {
    "play.explain.must_beat": "must beat",
    "play.explain.must_follow": "must follow suit",
    "play.explain.must_overtrump": "must overtrump",
    "play.explain.must_undertrump": "must play a trump",
    "play.explain.must_trump": "must play a trump",
    "play.explain.not_in_hand": "is not in that hand",
    "play.explain.window_card": "not time to play a card",
    "play.explain.predraw_card": "not time to play a card",
}
BELOTE_WORDS: dict[str, str | tuple[str, ...]] = {
    "play.explain.must_beat": "must beat",
    # Trumps led (or tout-atout) and unable to beat: the engine still names the duty to beat "when you
    # can"; the table says what is left, following suit.
    "play.explain.must_follow": ("must follow the suit led", "must beat"),
    "play.explain.must_overtrump": "must overtrump",
    "play.explain.must_undertrump": "must overtrump",
    "play.explain.must_trump": "you must trump",
    "play.explain.not_in_hand": "is not in that hand",
    "play.explain.bidding_card": "trumps are not chosen yet",
}


def _observe(state: Any, seat: int) -> Any:
    """A seat's observation of a deal, through its game."""
    return game_of_rules(state.rules).observe_deal(state, seat)


def _positions(game_name: str, preset: str, seed: int):  # type: ignore[no-untyped-def]
    """Each decision of one random deal: (state, observation of the seat to act)."""
    game = GAMES[game_name]
    rules = game.rules(preset)
    state = (BeloteState if game_name == "belote" else GuinoteState).new_deal(rules, seed=seed, dealer=seed % 2)
    rng = random.Random(seed)
    while not state.is_terminal():
        yield state, _observe(state, state.current_player)
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(
    ("game_name", "preset"),
    [("guinote", p) for p in GAMES["guinote"].presets] + [("belote", p) for p in GAMES["belote"].presets],
)
def test_every_refused_card_is_explained_as_the_engine_does(game_name: str, preset: str) -> None:
    words = BELOTE_WORDS if game_name == "belote" else GUINOTE_WORDS
    n_cards = 32 if game_name == "belote" else 40
    duties = 0
    for seed in range(3):
        for state, obs in _positions(game_name, preset, seed):
            legal_cards = [c for c in obs.legal_actions if c < n_cards]
            for card in range(n_cards):
                if card in obs.legal_actions:
                    continue
                key, values = explain_illegal(game_name, obs, card)
                engine = state.why_illegal(card)
                assert key in words, (key, engine)
                expected = words[key]
                assert any(w in engine for w in ((expected,) if isinstance(expected, str) else expected)), (key, engine)
                assert msg(key, **values)
                if key.startswith("play.explain.must_"):
                    duties += 1
                    assert values["cards"] == CardsRef(GAMES[game_name].faces(obs.rules), tuple(legal_cards))
            for action in range(n_cards, g.N_ACTIONS if game_name == "guinote" else b.BID + 6 * 10):
                if action not in obs.legal_actions:
                    key, values = explain_illegal(game_name, obs, action)
                    assert key in MESSAGES and key != "play.explain.unknown"
                    assert msg(key, **values)
            other = (obs.seat + 1) % len(obs.hand_sizes)
            assert explain_illegal(game_name, _observe(state, other), obs.legal_actions[0])[0] == (
                "play.explain.not_your_turn"
            )
    if preset in ("arrastre-temprano", "classique", "contree"):
        assert duties > 0  # strict play from the first trick: duties are met in every deal


def _overtrump_position() -> GuinoteState:
    """Four players, strict from the first trick: seat 1 leads 1o, seat 2 trumps with 7c (copas trumps)."""
    rules = GuinoteRules.preset("aragones").replace(strict_from_first_trick=True)
    hands = [
        parse_cards(h) for h in ("2o 4o 5o 6o 7o Co", "1o 3o Ro So 1e 2e", "7c 4e 5e 6e 7e Se", "3c 4c 1b 2b 3b 4b")
    ]
    used = {c for h in hands for c in h}
    indicator = parse_cards("Rc")[0]
    rest = [c for c in range(40) if c not in used and c != indicator]
    state = GuinoteState.from_hands(rules, hands, indicator, rest, dealer=0)
    state.play("1o")
    state.play("7c")
    return state


def test_overtrump_in_words() -> None:
    # 002 §05: void in the suit led, a trump in the trick: beat it with a higher trump (3 beats 7).
    state = _overtrump_position()
    obs = _observe(state, 3)
    key, values = explain_illegal("guinote", obs, parse_cards("4c")[0])
    # The Spanish deck in its own letters (3c: the tres de copas), never 3♥.
    assert msg(key, **values) == "You must overtrump: 3c beats 7c."
    assert refusal("guinote", obs, parse_cards("4c")[0]) == "You must overtrump: 3c beats 7c."
    assert explain_illegal("guinote", obs, parse_cards("1b")[0]) == (key, values)
    assert explain_illegal("guinote", obs, parse_cards("1o")[0])[0] == "play.explain.not_in_hand"
    try:
        set_translator(translator("es"))
        assert msg(key, **values) == "Debes montar con triunfo: 3c supera a 7c."
    finally:
        set_translator(None)


def test_other_refusals_in_words() -> None:
    state = _overtrump_position()
    obs = _observe(state, 3)
    assert explain_illegal("guinote", obs, g.PASS)[0] == "play.explain.nothing_to_pass"
    assert explain_illegal("guinote", obs, g.SING + 1)[0] == "play.explain.sing_in_trick"
    assert explain_illegal("guinote", obs, g.EXCHANGE)[0] == "play.explain.need_siete"
    assert explain_illegal("guinote", _observe(state, 0), parse_cards("2o")[0]) == (
        "play.explain.not_your_turn",
        {"seat": SeatRef(3)},
    )
    with pytest.raises(ValueError):
        explain_illegal("guinote", obs, parse_cards("3c")[0])
    # Belote taking (004 "Preparación"): the first round offers only the retourne's suit.
    belote = BeloteState.new_deal(GAMES["belote"].rules("classique"), seed=4, dealer=0)
    bobs = _observe(belote, belote.current_player)
    suit = bobs.retourne // 8
    key, values = explain_illegal("belote", bobs, b.TAKE + (suit + 1) % 4)
    assert key == "play.explain.first_round" and "the suit of the retourne" in msg(key, **values)
    assert explain_illegal("belote", bobs, b.COINCHE)[0] == "play.explain.no_coinche"
    assert explain_illegal("belote", bobs, b.DECLARE)[0] == "play.explain.declare_bidding"
    # Contrée: a bid must be higher than the last one, and only the other side coinches it.
    contree = BeloteState.new_deal(GAMES["belote"].rules("contree"), seed=4, dealer=0)
    contree.play("bid:100:h")
    cobs = _observe(contree, contree.current_player)
    assert explain_illegal("belote", cobs, b.bid_action(cobs.rules, 90, 0))[0] == "play.explain.bid_low"
    assert explain_illegal("belote", cobs, b.SURCOINCHE)[0] == "play.explain.surcoinche_first"
    contree.play("pass")
    partner = _observe(contree, contree.current_player)
    assert explain_illegal("belote", partner, b.COINCHE)[0] == "play.explain.coinche_own"
