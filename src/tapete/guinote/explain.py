"""Why a Guiñote choice is refused, from the person's observation only (002 §05-§06, 001 Phase 2).

The engine's ``why_illegal`` is a sentence for developers; a person needs the
rule in play and the cards that satisfy it. :func:`explain_illegal` works out
which duty or timing rule forbids the action from what the seat may see and
returns a :class:`~tapete.core.words.Say` of the ``play`` catalog.

>>> from tapete.guinote.game import GAME
>>> match = GAME.new_match(GAME.rules("aragones-2p"), seed=3)
>>> obs = GAME.observe(match, match.current_player)
>>> explain_illegal(obs, ga.PASS).key
'play.explain.nothing_to_pass'
"""

from __future__ import annotations

from typing import Any

from tapete.core.cards.deck import mask_of
from tapete.core.duty_explain import duty_broken, not_allowed
from tapete.core.words import Say, SeatRef
from tapete.guinote import actions as ga
from tapete.guinote.labels import action_label, card_ref, cards_ref, faces, siete_of_trumps, suit_ref, trick_best
from tapete.guinote.results import claim_fault
from tapete.guinote.tables import tables_for


def explain_illegal(obs: Any, action: int) -> Say:
    """Why ``action`` is refused to ``obs.seat``; a legal action raises :class:`ValueError`."""
    if action in obs.legal_actions:
        raise ValueError(f"action {action} is legal: nothing to explain")
    if obs.current_player < 0 or obs.phase == "over":
        return Say("play.explain.deal_over")
    if obs.current_player != obs.seat:
        return Say("play.explain.not_your_turn", seat=SeatRef(obs.current_player))
    rules = obs.rules
    if not 0 <= action < ga.N_ACTIONS:
        return Say("play.explain.unknown")
    phase = obs.phase
    if 0 <= action < 40:
        if phase == "window":
            return Say("play.explain.window_card")
        if phase == "predraw":
            return Say("play.explain.predraw_card")
        if action not in obs.hand:
            return Say("play.explain.not_in_hand", card=card_ref(rules, action))
        t = tables_for(rules)
        best = trick_best(obs, obs.trick) if obs.trick else (-1, -1)
        broken = duty_broken(obs, t.trick, t.duties, obs.trump, best, faces(rules))
        return broken if broken is not None else not_allowed(legal_labels(obs))
    if phase == "predraw" and action not in (ga.EXCHANGE, ga.PASS):
        return Say("play.explain.predraw_only")
    if ga.SING <= action <= ga.TUTE:
        return _sing(obs, action)
    if action == ga.EXCHANGE:
        return _exchange(obs)
    if action == ga.CLAIM:
        return _claim(obs)
    if action == ga.PASS:
        return Say("play.explain.nothing_to_pass")
    return not_allowed(legal_labels(obs))


def legal_labels(obs: Any) -> tuple[Any, ...]:
    """The legal choices as labels: the cards together, then the other actions."""
    cards = tuple(a for a in obs.legal_actions if 0 <= a < 40)
    others = tuple(action_label(obs, a) for a in obs.legal_actions if not 0 <= a < 40)
    return ((cards_ref(obs.rules, cards),) if cards else ()) + others


def _claim(obs: Any) -> Say:
    rules = obs.rules
    if rules.claims == "none":
        return Say("play.explain.no_claims")
    if rules.claims == "vueltas" and not obs.vueltas:
        return Say("play.explain.claim_vueltas")
    if rules.claims == "vueltas" and (obs.trick or not obs.tricks or obs.phase != "play"):
        return Say("play.explain.claim_lead")
    if not rules.wrong_claim_loses:
        team = obs.seat % 2
        totals = [obs.scores_before[i] + obs.card_points[i] + obs.cante_points[i] for i in (0, 1)]
        total, cards = totals[team], obs.card_points[team]
        fault = claim_fault(rules, total, totals[1 - team], cards)
        if fault == "cards":
            return Say("play.explain.claim_cards", cards=cards, needed=rules.last_trick_min_points)
        if fault == "behind":
            return Say("play.explain.claim_behind", total=total, other=totals[1 - team])
        return Say("play.explain.claim_short", total=total, target=rules.target)
    return not_allowed(legal_labels(obs))


def _sing(obs: Any, action: int) -> Say:
    rules = obs.rules
    t = tables_for(rules)
    if obs.trick:
        return Say("play.explain.sing_in_trick")
    if action == ga.TUTE and rules.tute == "none":
        return Say("play.explain.no_tute")
    if not obs.window_open:
        return Say("play.explain.sing_no_win")
    if obs.arrastre and not rules.cantes_in_arrastre:
        return Say("play.explain.sing_arrastre")
    if rules.cantes_per_trick and obs.window_count[obs.seat] >= rules.cantes_per_trick:
        return Say("play.explain.sing_limit", count=rules.cantes_per_trick)
    sung = {a for _, a in obs.cantes}
    hand = mask_of(obs.hand)
    if action == ga.TUTE:
        if ga.TUTE in sung:
            return Say("play.explain.tute_sung")
        if hand & t.reyes != t.reyes and not (t.tute_alt and hand & t.tute_alt == t.tute_alt):
            return Say("play.explain.tute_need")
        return not_allowed(legal_labels(obs))
    suit = action - ga.SING
    if action in sung:
        return Say("play.explain.sung_already", suit=suit_ref(rules, suit))
    pair = t.pair[suit]
    if hand & pair != pair:
        cards = tuple(c for c in range(40) if (pair >> c) & 1)
        return Say("play.explain.sing_need_pair", suit=suit_ref(rules, suit), cards=cards_ref(rules, cards))
    return not_allowed(legal_labels(obs))


def _exchange(obs: Any) -> Say:
    rules = obs.rules
    timing = rules.exchange_timing
    if timing == "never":
        return Say("play.explain.no_exchange")
    if obs.indicator < 0:
        return Say("play.explain.indicator_gone")
    siete = siete_of_trumps(obs)
    if siete not in obs.hand:
        return Say("play.explain.need_siete", card=card_ref(rules, siete))
    if rules.exchange_needs_counting_indicator and tables_for(rules).points[obs.indicator] == 0:
        return Say("play.explain.indicator_blank", card=card_ref(rules, obs.indicator))
    return Say("play.explain.exchange_timing", when=Say(f"play.when.{timing}"))


__all__ = ["explain_illegal", "legal_labels"]
