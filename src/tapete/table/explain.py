"""Why a choice at the table is refused, in words, computed from the person's observation only.

The engine refuses an illegal action with a sentence for developers
(``why_illegal``); a person at the table needs the rule in play and the
cards that satisfy it: "you must overtrump: 3♥ beats 7♥". :func:`explain_illegal`
works out which duty or timing rule forbids the action from what the seat
may see (its hand, the trick, the trumps, the phase and the rules), never
from the full deal, and returns a message id of the ``play`` catalog with
its values; ``msg(key, **values)`` makes the sentence in the player's language.

The duties are those of :func:`tapete.tricks.legal_mask` with each game's
settings (Guiñote: :mod:`tapete.guinote.tables`, 002 §05 / 001 Phase 2;
Belote: :func:`tapete.belote.state.duties_for`, 004 "Juego de bazas").

>>> from tapete.games import GAMES
>>> game = GAMES["belote"]
>>> match = game.new_match(game.rules("classique"), seed=4)
>>> obs = game.observe(match, match.current_player)
>>> explain_illegal("belote", obs, 0)
('play.explain.bidding_card', {})
"""

from __future__ import annotations

from typing import Any

from tapete.belote import actions as bactions
from tapete.belote.declarations import find
from tapete.belote.state import duties_for
from tapete.belote.tables import CONTRACTS
from tapete.cards import spanish
from tapete.cards.deck import mask_of
from tapete.cli.messages import msg
from tapete.guinote import actions as gactions
from tapete.guinote.tables import tables_for
from tapete.table.narrate import action_label, card_label, cards_label, suit_label, trick_best
from tapete.tricks import Duties, TrickTables, legal_mask

Explanation = tuple[str, dict[str, object]]


def explain_illegal(game_name: str, obs: Any, action: int) -> Explanation:
    """A message id of the ``play`` catalog and its values saying why ``action`` is refused.

    Only ``obs`` (the person's observation) is read. A legal action raises
    :class:`ValueError`: there is nothing to explain.
    """
    if action in obs.legal_actions:
        raise ValueError(f"action {action} is legal: nothing to explain")
    if obs.current_player < 0 or obs.phase == "over":
        return "play.explain.deal_over", {}
    if obs.current_player != obs.seat:
        return "play.explain.not_your_turn", {"seat": msg("seat", seat=obs.current_player)}
    if game_name == "belote":
        return _belote(obs, action)
    return _guinote(obs, action)


def legal_text(game_name: str, obs: Any) -> str:
    """The legal choices in words (cards, then other actions): the end of a refusal."""
    cards = [a for a in obs.legal_actions if a < (32 if game_name == "belote" else 40)]
    others = [action_label(game_name, obs, a) for a in obs.legal_actions if a not in cards]
    return ", ".join(([cards_label(game_name, cards)] if cards else []) + others)


# ---------------------------------------------------------------- the duties of play (both games)
def duty(game_name: str, obs: Any, card: int, t: TrickTables, d: Duties, trump: int) -> Explanation:
    """Which duty a card in hand breaks when it may not be played to the trick in progress."""
    hand = mask_of(obs.hand)
    plays = list(obs.trick)
    best_seat, best = trick_best(game_name, obs, plays)
    partner = len(obs.hand_sizes) == 4 and (best_seat - obs.seat) % 2 == 0
    trick = [c for _, c in plays]
    legal = legal_mask(hand, trick, best, partner, trump, t, d)
    allowed = cards_label(game_name, [c for c in obs.hand if (legal >> c) & 1])
    led = t.suit[trick[0]]
    suited = hand & t.suit_mask[led]
    if suited:
        if legal != suited:
            # Heading: beat the best card of the suit led (or, the trick being trumped, its top card).
            top = best
            if t.suit[best] != led:
                top = trick[0]
                for c in trick:
                    if t.suit[c] == led and t.strength[c] > t.strength[top]:
                        top = c
            return "play.explain.must_beat", {"card": card_label(game_name, top), "cards": allowed}
        return "play.explain.must_follow", {"suit": suit_label(game_name, led), "cards": allowed}
    trumps = hand & t.suit_mask[trump] if trump >= 0 else 0
    if trumps and legal & ~trumps == 0:
        if t.suit[best] == trump:
            higher = trumps & t.higher[best]
            if higher and legal == higher:
                return "play.explain.must_overtrump", {"card": card_label(game_name, best), "cards": allowed}
            return "play.explain.must_undertrump", {"card": card_label(game_name, best), "cards": allowed}
        return "play.explain.must_trump", {
            "suit": suit_label(game_name, led),
            "trump": suit_label(game_name, trump),
            "cards": allowed,
        }
    return "play.explain.not_allowed", {"legal": legal_text(game_name, obs)}


def _not_allowed(game_name: str, obs: Any) -> Explanation:
    return "play.explain.not_allowed", {"legal": legal_text(game_name, obs)}


# ---------------------------------------------------------------- Guiñote
def _guinote(obs: Any, action: int) -> Explanation:
    rules = obs.rules
    if not 0 <= action < gactions.N_ACTIONS:
        return "play.explain.unknown", {}
    phase = obs.phase
    if 0 <= action < 40:
        if phase == "window":
            return "play.explain.window_card", {}
        if phase == "predraw":
            return "play.explain.predraw_card", {}
        if action not in obs.hand:
            return "play.explain.not_in_hand", {"card": card_label("guinote", action)}
        t = tables_for(rules)
        return duty("guinote", obs, action, t.trick, t.duties, obs.trump)
    if phase == "predraw" and action not in (gactions.EXCHANGE, gactions.PASS):
        return "play.explain.predraw_only", {}
    if gactions.SING <= action <= gactions.TUTE:
        return _guinote_sing(obs, action)
    if action == gactions.EXCHANGE:
        return _guinote_exchange(obs)
    if action == gactions.CLAIM:
        if rules.claims == "none":
            return "play.explain.no_claims", {}
        if rules.claims == "vueltas" and not obs.vueltas:
            return "play.explain.claim_vueltas", {}
        if rules.claims == "vueltas" and (obs.trick or not obs.tricks or phase != "play"):
            return "play.explain.claim_lead", {}
        if not rules.wrong_claim_loses:
            team = obs.seat % 2
            total = obs.scores_before[team] + obs.card_points[team] + obs.cante_points[team]
            return "play.explain.claim_short", {"total": total, "target": rules.target}
        return _not_allowed("guinote", obs)
    if action == gactions.PASS:
        return "play.explain.nothing_to_pass", {}
    return _not_allowed("guinote", obs)


def _guinote_sing(obs: Any, action: int) -> Explanation:
    rules = obs.rules
    t = tables_for(rules)
    if obs.trick:
        return "play.explain.sing_in_trick", {}
    if action == gactions.TUTE and rules.tute == "none":
        return "play.explain.no_tute", {}
    if not obs.window_open:
        return "play.explain.sing_no_win", {}
    if obs.arrastre and not rules.cantes_in_arrastre:
        return "play.explain.sing_arrastre", {}
    if rules.cantes_per_trick and obs.window_count[obs.seat] >= rules.cantes_per_trick:
        return "play.explain.sing_limit", {"count": rules.cantes_per_trick}
    sung = {a for _, a in obs.cantes}
    hand = mask_of(obs.hand)
    if action == gactions.TUTE:
        if gactions.TUTE in sung:
            return "play.explain.tute_sung", {}
        if hand & t.reyes != t.reyes and not (t.tute_alt and hand & t.tute_alt == t.tute_alt):
            return "play.explain.tute_need", {}
        return _not_allowed("guinote", obs)
    suit = action - gactions.SING
    if action in sung:
        return "play.explain.sung_already", {"suit": suit_label("guinote", suit)}
    pair = t.pair[suit]
    if hand & pair != pair:
        cards = [c for c in range(40) if (pair >> c) & 1]
        return "play.explain.sing_need_pair", {
            "suit": suit_label("guinote", suit),
            "cards": cards_label("guinote", cards),
        }
    return _not_allowed("guinote", obs)


def _guinote_exchange(obs: Any) -> Explanation:
    rules = obs.rules
    timing = rules.exchange_timing
    if timing == "never":
        return "play.explain.no_exchange", {}
    if obs.indicator < 0:
        return "play.explain.indicator_gone", {}
    siete = obs.trump * 10 + spanish.SIETE
    if siete not in obs.hand:
        return "play.explain.need_siete", {"card": card_label("guinote", siete)}
    if rules.exchange_needs_counting_indicator and tables_for(rules).points[obs.indicator] == 0:
        return "play.explain.indicator_blank", {"card": card_label("guinote", obs.indicator)}
    return "play.explain.exchange_timing", {"when": msg(f"play.when.{timing}")}


# ---------------------------------------------------------------- Belote
def _belote(obs: Any, action: int) -> Explanation:
    rules = obs.rules
    auction = rules.bidding == "auction"
    if 0 <= action < 32:
        if obs.phase == "bidding":
            return "play.explain.bidding_card", {}
        if action not in obs.hand:
            return "play.explain.not_in_hand", {"card": card_label("belote", action)}
        contract = obs.contract
        return duty("belote", obs, action, CONTRACTS[contract].trick, duties_for(rules, contract), obs.trump)
    if action == bactions.DECLARE:
        if not rules.declarations:
            return "play.explain.no_declarations", {}
        if obs.phase != "play":
            return "play.explain.declare_bidding", {}
        if obs.tricks:
            return "play.explain.declare_late", {}
        if (obs.declared_seats >> obs.seat) & 1:
            return "play.explain.declared_already", {}
        if not find(mask_of(obs.hand)):
            return "play.explain.declare_nothing", {}
        return _not_allowed("belote", obs)
    if obs.phase != "bidding":
        if action == bactions.PASS:
            return "play.explain.nothing_to_pass", {}
        if action > bactions.PASS:
            return "play.explain.bidding_over", {}
        return _not_allowed("belote", obs)
    if bactions.TAKE <= action < bactions.BID:
        if auction:
            return "play.explain.auction_take", {}
        return _belote_take(obs, action - bactions.TAKE)
    if action >= bactions.BID:
        if not auction:
            return "play.explain.taking_bid", {}
        if obs.coinched_by >= 0:
            return "play.explain.after_coinche", {}
        if obs.high_bid >= 0 and (action - bactions.BID) // 6 <= (obs.high_bid - bactions.BID) // 6:
            return "play.explain.bid_low", {"bid": action_label("belote", obs, obs.high_bid)}
        if not rules.auction_sa_ta and (action - bactions.BID) % 6 >= 4:
            return "play.explain.no_sa_ta", {}
        return _not_allowed("belote", obs)
    if action == bactions.COINCHE:
        if not auction or not rules.coinche:
            return "play.explain.no_coinche", {}
        if obs.coinched_by >= 0:
            return "play.explain.coinched_already", {}
        if obs.high_bid < 0:
            return "play.explain.coinche_nothing", {}
        if (obs.high_seat - obs.seat) % 2 == 0:
            return "play.explain.coinche_own", {}
        return _not_allowed("belote", obs)
    if action == bactions.SURCOINCHE:
        if not auction or not rules.coinche:
            return "play.explain.no_coinche", {}
        if obs.coinched_by < 0:
            return "play.explain.surcoinche_first", {}
        if obs.surcoinched:
            return "play.explain.surcoinched_already", {}
        return _not_allowed("belote", obs)
    return _not_allowed("belote", obs)


def _belote_take(obs: Any, contract: int) -> Explanation:
    rules = obs.rules
    suit = obs.retourne // 8 if obs.retourne >= 0 else -1
    if obs.round == 1 and contract != suit:
        return "play.explain.first_round", {"suit": suit_label("belote", suit)}
    if obs.round == 2 and contract == suit:
        return "play.explain.second_round", {"suit": suit_label("belote", suit)}
    if contract >= 4 and not rules.taking_sa_ta:
        return "play.explain.no_sa_ta", {}
    return _not_allowed("belote", obs)


__all__ = ["Explanation", "duty", "explain_illegal", "legal_text"]
