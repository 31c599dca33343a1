"""Issue 17, goals 2 and 4: worlds weighed by the bidding seen, the search from the first card, a hard deadline.

The expert draws its solved worlds from a pool weighed by the game's likelihood
(``SearchHooks.likelihood``): in Belote, how likely each seat's hand is given its
bids (a model fitted on self-play, ``belote/bidding_model.json``). No move runs
past the bot's hard deadline, read on a clock the bot is given.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tapete.belote.heuristic_bidding import estimate
from tapete.belote.inference import evidence, load_model, log_likelihood
from tapete.bots.base import Budget
from tapete.bots.pimc import PimcBot
from tapete.bots.worlds import draw_worlds, effective_size, resample
from tapete.games import GAMES

BELOTE = GAMES["belote"]


def _after_bidding(preset: str, seed: int) -> Any:
    """A Belote match at its first card, the bidding done by the heuristic; None if all passed."""
    rules = BELOTE.rules(preset)
    match = BELOTE.new_match(rules, seed=seed, dealer=seed % 4)
    bot = BELOTE.heuristic_bot()
    rng = random.Random(seed)
    while BELOTE.observe(match, match.current_player).phase != "play":
        if match.deal.is_terminal():
            return None
        match.apply_action(bot.act(BELOTE.observe(match, match.current_player), rng))
    return match


@given(st.lists(st.floats(min_value=-30, max_value=0), min_size=1, max_size=20), st.integers(1, 40), st.integers())
def test_resample_draws_pool_indices_in_proportion(weights: list[float], count: int, seed: int) -> None:
    drawn = resample(weights, count, random.Random(seed))
    assert len(drawn) == count
    assert all(0 <= i < len(weights) for i in drawn)
    # Systematic resampling: each index is drawn floor or ceil of its expected count (up to float rounding).
    top = max(weights)
    total = sum(2.718281828459045 ** (w - top) for w in weights)
    for i, w in enumerate(weights):
        expected = count * 2.718281828459045 ** (w - top) / total
        assert expected - 1.01 <= drawn.count(i) <= expected + 1.01


def test_effective_size_counts_equal_worlds() -> None:
    assert effective_size([0.0] * 7) == 7.0
    assert effective_size([0.0, -40.0, -40.0]) < 1.001


def test_the_model_is_fitted_and_reads_every_category_of_both_biddings() -> None:
    model = load_model()
    for category in ("pass:open", "pass:over", "bid:trump:low", "pass:1", "pass:2", "take:trump:1"):
        assert sum(model["cond"][category]) > 100, category


def test_a_bid_in_a_suit_makes_worlds_strong_in_that_suit_likelier() -> None:
    """Over the worlds a seat samples after a contrée auction, the bidder's hand in its suit is worth
    more in the worlds the likelihood favours than on average (the weights read the bids)."""
    checked = 0
    for seed in range(40):
        match = _after_bidding("contree", seed)
        if match is None:
            continue
        obs = BELOTE.observe(match, match.current_player)
        seen = evidence(obs.rules, obs.bids, obs.retourne)
        bids = [(s, c) for s, cat, c in seen if cat.startswith("bid") and s != obs.seat]
        if not bids:
            continue
        seat, contract = bids[-1]
        rng = random.Random(seed)
        worlds = [BELOTE.sample_deal(obs, rng) for _ in range(60)]
        weights = [log_likelihood(obs, w) for w in worlds]
        values = [estimate(w.hands[seat], contract) for w in worlds]
        top = sorted(range(60), key=lambda i: -weights[i])[:15]
        assert sum(values[i] for i in top) / 15 >= sum(values) / 60 - 1e-9
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_the_real_deal_is_likelier_than_most_sampled_ones() -> None:
    """The bids were made on the real hands: the real deal should rank high among the samples."""
    ranks = []
    for seed in range(20):
        match = _after_bidding("contree", seed)
        if match is None:
            continue
        obs = BELOTE.observe(match, match.current_player)
        real = log_likelihood(obs, match.deal)
        rng = random.Random(seed)
        sampled = [log_likelihood(obs, BELOTE.sample_deal(obs, rng)) for _ in range(25)]
        ranks.append(sum(x < real for x in sampled) / len(sampled))
    assert len(ranks) >= 10
    assert sum(ranks) / len(ranks) > 0.6  # uniform ranks would average 0.5


def test_draw_worlds_without_likelihood_is_the_plain_sampler() -> None:
    match = _after_bidding("contree", 2) or _after_bidding("contree", 3)
    obs = BELOTE.observe(match, match.current_player)
    hooks = BELOTE.search_hooks(obs)
    plain = type(hooks)(hooks.sample, hooks.scale, hooks.excluded, hooks.policy, hooks.n_cards)
    worlds, order = draw_worlds(obs, plain, random.Random(1), 5, 50)
    assert order == [0, 1, 2, 3, 4] and len(worlds) == 5
    worlds, order = draw_worlds(obs, hooks, random.Random(1), 5, 50)
    assert len(worlds) == 50 and len(order) == 5


class _SlowClock:
    """A clock that runs 0.5 s a read: every read is a long way through the move."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.5
        return self.now


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 50))
def test_no_move_runs_past_the_hard_deadline_on_the_clock_given(seed: int) -> None:
    match = _after_bidding("contree", seed)
    if match is None:
        return
    clock = _SlowClock()
    bot = PimcBot(64, level="expert", node_budget=10**9, hard_seconds=2.5, clock=clock)
    bot.prior_rate = 20_000.0  # a slow solver: the deadline, not the budget, ends the search
    obs = BELOTE.observe(match, match.current_player)
    action = bot.act(obs, random.Random(seed))
    assert action in obs.legal_actions
    # The pool stops at its soft limit (none here), then each world's cap is cut to the time left:
    # the reads past the deadline are the ones that found it passed, a handful at most.
    assert clock.now <= 2.5 + 0.5 * 4


def test_expert_plays_the_first_card_from_the_solver_where_it_fits() -> None:
    """With a budget where a whole deal fits, the first card is the search's (not the heuristic's):
    its choice is among the best of the worlds it solved."""
    match = _after_bidding("contree", 7)  # a deal whose worlds solve in a few hundred thousand nodes
    obs = BELOTE.observe(match, match.current_player)
    bot = PimcBot(3, level="expert", node_budget=3_000_000, min_worlds=2, hard_seconds=None)
    assert BELOTE.solver_depth(obs) == 8 and BELOTE.solver_window("expert") == 8
    totals, solved = bot.world_totals(obs, random.Random(1), Budget(iterations=1))
    assert solved == 1 and any(totals.values())
    tight = PimcBot(3, level="expert", node_budget=2_000, min_worlds=2, hard_seconds=None)
    assert tight.world_totals(obs, random.Random(1), Budget(iterations=2))[1] == -1


def test_cards_played_by_the_heuristic_make_the_real_deal_likelier() -> None:
    """Seats that play as the heuristic does: in the trick in progress, the real deal explains their
    cards at least as well as the average sampled world (the play model reads the cards)."""
    from tapete.belote.inference import play_log_likelihood

    real_minus_mean = []
    for seed in range(12):
        match = _after_bidding("contree", seed)
        if match is None:
            continue
        bot = BELOTE.heuristic_bot()
        rng = random.Random(seed)
        for _ in range(4 * (seed % 4 + 1) + 3):  # into a later trick, a card or more played in it
            obs = BELOTE.observe(match, match.current_player)
            match.apply_action(bot.act(obs, rng))
        obs = BELOTE.observe(match, match.current_player)
        if not obs.trick:
            continue
        real = play_log_likelihood(obs, match.deal)
        sampled = [play_log_likelihood(obs, BELOTE.sample_deal(obs, rng)) for _ in range(20)]
        real_minus_mean.append(real - sum(sampled) / len(sampled))
    assert len(real_minus_mean) >= 6
    assert sum(real_minus_mean) / len(real_minus_mean) > 0


def test_guinote_arrastre_cards_make_the_real_deal_likelier() -> None:
    """Guiñote: in the arrastre, the others' cards in the trick in progress are read as the heuristic
    plays them; with heuristic players, the real deal explains them at least as well as the samples."""
    guinote = GAMES["guinote"]
    diffs = []
    for seed in range(16):
        match = guinote.new_match(guinote.rules("aragones"), seed=seed, dealer=0)
        bot = guinote.heuristic_bot()
        rng = random.Random(seed)
        obs = guinote.observe(match, match.current_player)
        while not match.deal.is_terminal() and not (obs.arrastre and len(obs.trick) >= 1 + seed % 3):
            match.apply_action(bot.act(obs, rng))
            if match.deal.is_terminal():
                break
            obs = guinote.observe(match, match.current_player)
        if match.deal.is_terminal() or not obs.trick:
            continue
        hooks = guinote.search_hooks(obs)
        assert hooks.likelihood is not None
        real = hooks.likelihood(obs, match.deal)
        sampled = [hooks.likelihood(obs, guinote.sample_deal(obs, rng)) for _ in range(20)]
        diffs.append(real - sum(sampled) / len(sampled))
    assert len(diffs) >= 6
    assert sum(diffs) / len(diffs) > 0
