"""Measure how exactly the tapete rules of ``rules.py`` match each peer's own engine.

    python benchmarks/peers/check_rules.py --deals 3000            # both peers
    python benchmarks/peers/check_rules.py --peer colver --deals 500

The same deals are played in both engines at once: the peer deals (its own
shuffle), tapete gets the same hands (``BeloteState.from_hands``), then random
actions legal in both are applied to both, declarations made whenever tapete
allows them (belote-cli counts them all). At every decision the two sets of
legal actions are compared; at the end the two scores. Prints the counts of
decisions and deals that differ, by kind. Full information is used here (it
is a referee, not a bot).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the ``peers`` package importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from peers import colver_peer
from peers.rules import rules_for
from tapete.belote.actions import DECLARE, PASS, TAKE
from tapete.belote.state import BeloteState


def check_belote_cli(deals: int, seed: int) -> Counter[str]:
    """belote-cli 4.9: taking, random bids (70% pass), random cards, every declaration made."""
    from belote import game as g
    from belote import scoring
    from peers.belote_cli_peer import from_card, to_card

    rules = rules_for("belote-cli")
    out: Counter[str] = Counter()
    rng = random.Random(seed)
    for i in range(deals):
        g.clear_legal_cards_cache()
        blank = g.GameState(hands=((), (), (), ()), dealer=g.Seat(i % 4))
        bs = g.start_round(blank, random.Random(seed * 1_000_003 + i))
        st = BeloteState.from_hands(
            rules, [[from_card(c) for c in h] for h in bs.hands], retourne=from_card(bs.up_card),
            rest=[from_card(c) for c in bs.remaining_cards], dealer=i % 4,
        )  # fmt: skip
        while bs.phase is g.Phase.BIDDING:
            if st.current_player != bs.current_bidder.value:
                out["bidding: turn differs"] += 1
            a = PASS if rng.random() < 0.7 else rng.choice(st.legal_actions())
            st.apply_action(a)
            bs = g.place_bid(bs, None if a == PASS else to_card((a - TAKE) * 8).suit)
        if bs.phase is not g.Phase.PLAYING:
            out["deals: all passed (both engines)" if st.is_terminal() else "deals: all passed in belote-cli only"] += 1
            continue
        while bs.phase is g.Phase.PLAYING:
            la = st.legal_actions()
            if DECLARE in la:
                st.apply_action(DECLARE)
                continue
            out["decisions"] += 1
            peer = sorted(from_card(c) for c in g.legal_cards(bs, bs.turn))
            if st.current_player != bs.turn.value:
                out["play: turn differs"] += 1
            if peer != sorted(la):
                out["play: legal cards differ"] += 1
            c = rng.choice([x for x in la if x in peer])
            st.apply_action(c)
            bs = g.play_card(bs, to_card(c))
        br = scoring.score_round(bs)
        tk = br.taker_team
        peer_scores = [0, 0]
        peer_scores[tk], peer_scores[1 - tk] = br.taker_total, br.defender_total
        res = st.result()
        out["deals: played"] += 1
        if tuple(peer_scores) != res.scores or (br.is_litige and br.litige_points_awarded != res.held):
            out["deals: score differs"] += 1
            why = "capot" if res.capot_team >= 0 else "declarations" if any(res.declarations) else "other"
            out[f"deals: score differs ({why})"] += 1
    return out


def check_colver(deals: int, seed: int) -> Counter[str]:
    """colver 0.11: random auction (60% pass), random cards."""
    import colver

    rules = rules_for("colver")
    out: Counter[str] = Counter()
    rng = random.Random(seed)
    to_t = colver_peer.FROM_COLVER
    for i in range(deals):
        env = colver.Env.deal(dealer=i % 4, seed=seed * 1_000_003 + i)
        hands = [sorted(to_t[c] for c in h) for h in env.get_hands()]
        st = BeloteState.from_hands(rules, hands, dealer=i % 4)
        while not env.is_terminal():
            phase = env.phase()
            if st.current_player != env.current_player():
                # After a coinche colver also asks the coincher's partner, who can only pass.
                out["auction: colver's extra forced pass" if env.legal_actions() == [0] else "turn differs"] += 1
                env.step(0)
                continue
            out["decisions"] += 1

            def to_tapete(a: int, phase: int = phase) -> int:
                return to_t[a] if phase == 1 else colver_peer.auction_from_colver(rules, a)

            peer = sorted(to_tapete(a) for a in env.legal_actions())
            la = sorted(st.legal_actions())
            if peer != la:
                out[f"{'play' if phase else 'auction'}: legal actions differ"] += 1
            common = [a for a in env.legal_actions() if to_tapete(a) in la]
            a = 0 if phase == 0 and 0 in common and rng.random() < 0.6 else rng.choice(common)
            env.step(a)
            st.apply_action(to_tapete(a))
        res = st.result()
        out["deals: played"] += 1
        if tuple(int(x) for x in env.rewards()) != res.scores:
            out["deals: score differs"] += 1
            diff = [int(x) - y for x, y in zip(env.rewards(), res.scores, strict=True)]
            side = "takers" if diff[res.takers] else "defence"
            kind = "made" if res.made else "failed"
            coinche = {1: "", 2: ", coinched", 3: ", surcoinched"}[res.multiplier]
            out[f"deals: score differs ({kind}{coinche}: colver gives the {side} {max(diff):+d})"] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer", choices=["belote-cli", "colver", "both"], default="both")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    peers = ["belote-cli", "colver"] if args.peer == "both" else [args.peer]
    print("$ python benchmarks/peers/check_rules.py " + " ".join(sys.argv[1:] if argv is None else argv))
    for peer in peers:
        counts = (
            check_belote_cli(args.deals, args.seed) if peer == "belote-cli" else check_colver(args.deals, args.seed)
        )
        played = counts["deals: played"]
        print(f"\n{peer}: {args.deals} deals, {counts['decisions']} decisions compared")
        for key, n in sorted(counts.items()):
            if key == "decisions":
                base = 0
            elif key.startswith("deals: score"):
                base = played  # of the deals played out
            elif key.startswith("deals:"):
                base = args.deals
            else:
                base = counts["decisions"]
            share = f"  ({100 * n / base:.2f}%)" if base else ""
            print(f"  {key}: {n}{share}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
