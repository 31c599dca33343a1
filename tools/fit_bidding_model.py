"""Fit the Belote bidding model (``src/tapete/belote/bidding_model.json``) on self-play.

    PYTHONPATH=src python tools/fit_bidding_model.py --deals 6000

Deals are bid by the heuristic bot in every seat (the classique taking and the
contrée auction, the presets' rules), seeded 0..N-1; where a contract is made,
each decision of the bidding is tallied by its category
(:func:`tapete.belote.inference.evidence`) against the bucket of the value of
the seat's whole hand at the start of the play, and every seat's hand against
the bucket of each contract's value and of its best one (the marginals). The
search divides the first by the second to weigh its sampled worlds.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from tapete.belote.inference import HIGH, LOW, bucket, contracts_of, evidence, kind_name, value_for
from tapete.games import GAMES

OUT = Path(__file__).resolve().parent.parent / "src" / "tapete" / "belote" / "bidding_model.json"


def fit(deals: int, presets: tuple[str, ...]) -> dict[str, object]:
    game = GAMES["belote"]
    width = HIGH - LOW + 1
    cond: dict[str, list[int]] = {}
    marg: dict[str, list[int]] = {k: [0] * width for k in ("trump", "sa", "ta", "best")}
    for preset in presets:
        rules = game.rules(preset)
        contracts = contracts_of(rules)
        for seed in range(deals):
            state = game.new_deal(rules, seed=seed, dealer=seed % rules.players)
            bots = [game.heuristic_bot() for _ in range(rules.players)]
            rng = random.Random(seed)
            while game.phase_name(state) == "bidding" and not state.is_terminal():
                seat = state.current_player
                state.apply_action(bots[seat].act(game.observe_deal(state, seat), rng))
            if game.phase_name(state) != "play":
                continue
            obs = game.observe_deal(state, 0)
            for seat, category, contract in evidence(rules, obs.bids, obs.retourne):
                row = cond.setdefault(category, [0] * width)
                row[bucket(value_for(state.hands[seat], contract, contracts)) - LOW] += 1
            for hand in state.hands:
                for c in contracts:
                    marg[kind_name(c)][bucket(value_for(hand, c, contracts)) - LOW] += 1
                marg["best"][bucket(value_for(hand, -1, contracts)) - LOW] += 1
    return {"deals": deals, "presets": list(presets), "low": LOW, "high": HIGH, "cond": cond, "marg": marg}


def dump(model: dict[str, object]) -> str:
    """The model as JSON, one table row a line (readable diffs when it is fitted again)."""
    lines = ["{"]
    for key in ("deals", "presets", "low", "high"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(model[key])},")
    for i, key in enumerate(("cond", "marg")):
        table: dict[str, list[int]] = model[key]  # type: ignore[assignment]
        rows = [f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(table.items())]
        lines.append(f"  {json.dumps(key)}: {{\n" + ",\n".join(rows) + "\n  }" + ("," if i == 0 else ""))
    return "\n".join(lines) + "\n}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=6000, help="deals per preset")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    model = fit(args.deals, ("classique", "contree"))
    args.out.write_text(dump(model), encoding="utf-8")
    print(f"wrote {args.out}: {len(model['cond'])} categories")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
