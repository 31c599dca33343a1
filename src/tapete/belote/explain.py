"""Why a Belote choice is refused, from the person's observation only (004: taking, auction, play).

Returns a :class:`~tapete.core.words.Say` of the ``play`` catalog naming the
rule in play and, for a card, the duty it breaks and the cards that meet it.

>>> from tapete.belote.game import GAME
>>> match = GAME.new_match(GAME.rules("classique"), seed=4)
>>> obs = GAME.observe(match, match.current_player)
>>> explain_illegal(obs, 0).key
'play.explain.bidding_card'
"""

from __future__ import annotations

from typing import Any

from tapete.belote import actions as ba
from tapete.belote.declarations import find
from tapete.belote.labels import FACES, action_label, card_ref, trick_best
from tapete.belote.state import duties_for
from tapete.belote.tables import CONTRACTS
from tapete.core.cards.deck import mask_of
from tapete.core.duty_explain import duty_broken, not_allowed
from tapete.core.words import CardsRef, Say, SeatRef, SuitRef


def legal_labels(obs: Any) -> tuple[Any, ...]:
    """The legal choices as labels: the cards together, then the calls."""
    cards = tuple(a for a in obs.legal_actions if 0 <= a < 32)
    others = tuple(action_label(obs, a) for a in obs.legal_actions if not 0 <= a < 32)
    return ((CardsRef(FACES, cards),) if cards else ()) + others


def explain_illegal(obs: Any, action: int) -> Say:
    """Why ``action`` is refused to ``obs.seat``; a legal action raises :class:`ValueError`."""
    if action in obs.legal_actions:
        raise ValueError(f"action {action} is legal: nothing to explain")
    if obs.current_player < 0 or obs.phase == "over":
        return Say("play.explain.deal_over")
    if obs.current_player != obs.seat:
        return Say("play.explain.not_your_turn", seat=SeatRef(obs.current_player))
    rules = obs.rules
    if 0 <= action < 32:
        if obs.phase == "bidding":
            return Say("play.explain.coinche_card" if obs.taker >= 0 else "play.explain.bidding_card")
        if action not in obs.hand:
            return Say("play.explain.not_in_hand", card=card_ref(action))
        contract = obs.contract
        best = trick_best(obs, obs.trick) if obs.trick else (-1, -1)
        broken = duty_broken(obs, CONTRACTS[contract].trick, duties_for(rules, contract), obs.trump, best, FACES)
        return broken if broken is not None else not_allowed(legal_labels(obs))
    if action == ba.DECLARE:
        return _declare(obs)
    if obs.phase != "bidding":
        if action == ba.PASS:
            return Say("play.explain.nothing_to_pass")
        if action > ba.PASS:
            return Say("play.explain.bidding_over")
        return not_allowed(legal_labels(obs))
    if ba.TAKE <= action < ba.BID:
        if rules.bidding == "auction":
            return Say("play.explain.auction_take")
        if obs.taker >= 0:
            return Say("play.explain.taken_already")
        return _take(obs, action - ba.TAKE)
    if action >= ba.BID:
        return _bid(obs, action)
    if action in (ba.COINCHE, ba.SURCOINCHE):
        return _coinche(obs, action)
    return not_allowed(legal_labels(obs))


def _declare(obs: Any) -> Say:
    if not obs.rules.declarations:
        return Say("play.explain.no_declarations")
    if obs.phase != "play":
        return Say("play.explain.declare_bidding")
    if obs.tricks:
        return Say("play.explain.declare_late")
    if (obs.declared_seats >> obs.seat) & 1:
        return Say("play.explain.declared_already")
    if not find(mask_of(obs.hand), obs.rules.low_carres == "rank", obs.rules.carre_order == "natural"):
        return Say("play.explain.declare_nothing")
    return not_allowed(legal_labels(obs))


def _bid(obs: Any, action: int) -> Say:
    rules = obs.rules
    if rules.bidding != "auction":
        return Say("play.explain.taking_bid")
    if obs.coinched_by >= 0:
        return Say("play.explain.after_coinche")
    if obs.high_bid >= 0 and (action - ba.BID) // 6 <= (obs.high_bid - ba.BID) // 6:
        return Say("play.explain.bid_low", bid=action_label(obs, obs.high_bid))
    if not rules.auction_sa_ta and (action - ba.BID) % 6 >= 4:
        return Say("play.explain.no_sa_ta")
    return not_allowed(legal_labels(obs))


def _coinche(obs: Any, action: int) -> Say:
    rules = obs.rules
    if rules.bidding == "taking":
        return _classic_coinche(obs, action)
    if not rules.coinche:
        return Say("play.explain.no_coinche")
    if action == ba.COINCHE:
        if obs.coinched_by >= 0:
            return Say("play.explain.coinched_already")
        if obs.high_bid < 0:
            return Say("play.explain.coinche_nothing")
        if (obs.high_seat - obs.seat) % 2 == 0:
            return Say("play.explain.coinche_own")
        return not_allowed(legal_labels(obs))
    if obs.coinched_by < 0:
        return Say("play.explain.surcoinche_first")
    if obs.surcoinched:
        return Say("play.explain.surcoinched_already")
    return not_allowed(legal_labels(obs))


def _classic_coinche(obs: Any, action: int) -> Say:
    """The coinche after the taking (``classic_coinche``): by an opponent of the taker, before the first card."""
    rules = obs.rules
    if rules.classic_coinche == "none":
        return Say("play.explain.no_coinche")
    if action == ba.COINCHE:
        if obs.coinched_by >= 0:
            return Say("play.explain.coinched_already")
        if obs.taker < 0:
            return Say("play.explain.coinche_nothing")
        if (obs.taker - obs.seat) % 2 == 0:
            return Say("play.explain.coinche_own")
        return not_allowed(legal_labels(obs))
    if rules.classic_coinche != "coinche_surcoinche":
        return Say("play.explain.no_surcoinche")
    if obs.coinched_by < 0:
        return Say("play.explain.surcoinche_first")
    if obs.surcoinched:
        return Say("play.explain.surcoinched_already")
    return not_allowed(legal_labels(obs))


def _take(obs: Any, contract: int) -> Say:
    suit = obs.retourne // 8 if obs.retourne >= 0 else -1
    if obs.round == 1 and contract != suit:
        return Say("play.explain.first_round", suit=SuitRef(FACES, suit))
    if obs.round == 2 and contract == suit:
        return Say("play.explain.second_round", suit=SuitRef(FACES, suit))
    if contract >= 4 and not obs.rules.taking_sa_ta:
        return Say("play.explain.no_sa_ta")
    return not_allowed(legal_labels(obs))


__all__ = ["explain_illegal", "legal_labels"]
