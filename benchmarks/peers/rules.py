"""The tapete rules each outside engine plays, as arena options, and what still differs.

Each peer gets the tapete preset and options that reproduce its own rules,
checked deal by deal by ``check_rules.py`` (the same deals played in both
engines: legal actions compared at every decision, scores at the end).
The differences no option can express are listed here with how often they
change a deal's score; README.md has the full mapping with sources.

>>> belote_cli_rules().preset_name, belote_cli_rules().litige, belote_cli_rules().belote_counts_for_contract
('classique', 'held', False)
>>> r = colver_rules()
>>> r.bidding, r.auction_sa_ta, r.declarations, r.surcoinche_multiplier, r.rounding, r.must_undertrump
('auction', False, False, 3, 'none', False)
"""

from __future__ import annotations

from typing import Final

from tapete.belote.rules import BeloteRules

#: belote-cli 4.9 (``belote.game`` / ``belote.scoring``), classic Belote: tapete ``classique``
#: (taking on the retourne, two rounds, suits only) plus:
#: - ``litige=held``: a tie of takers and defence holds the takers' points for the next deal's
#:   winner (``scoring._score_normal_outcome``);
#: - ``belote_counts_for_contract=false``: the contract is made on card points, the last trick
#:   and declarations only; belote is added afterwards (``comp_taker = cards + declarations``).
#: Everything else of ``classique`` is belote-cli's rule too (duties of play, 252 for a capot,
#: dedans: 162 and every declaration to the defence, the takers keeping their belote).
BELOTE_CLI_PRESET: Final = "classique"
BELOTE_CLI_OPTIONS: Final[dict[str, str]] = {"litige": "held", "belote_counts_for_contract": "false"}

#: colver 0.11 (Belote contrée, Rust engine), ``docs/RULES.md`` and measured: tapete ``contree`` plus:
#: - ``auction_sa_ta=false``: colver bids only the four suits (43 actions: 9 values x 4 suits,
#:   capot x 4, coinche, surcoinche);
#: - ``declarations=false``: no annonces (sequences, carrés); belote-rebelote only;
#: - ``rounding=none``: colver's scores are exact ("nothing is rounded");
#: - ``surcoinche_multiplier=3``: coinche x2, surcoinche x3 on the contract value;
#: - ``belote_to_defence_on_failure=true``: on a chute the defence takes every belote;
#: - ``must_undertrump=false``: "ne pisse pas": unable to overtrump an opponent, you may discard;
#: - ``target=2000``: colver's match length (one deal per play in the arena: no effect there).
COLVER_PRESET: Final = "contree"
COLVER_OPTIONS: Final[dict[str, str]] = {
    "auction_sa_ta": "false",
    "declarations": "false",
    "rounding": "none",
    "surcoinche_multiplier": "3",
    "belote_to_defence_on_failure": "true",
    "must_undertrump": "false",
    "target": "2000",
}

#: Per peer: (preset, options) for :class:`tapete.arena.ArenaSpec`.
PEER_RULES: Final[dict[str, tuple[str, dict[str, str]]]] = {
    "belote-cli": (BELOTE_CLI_PRESET, BELOTE_CLI_OPTIONS),
    "colver": (COLVER_PRESET, COLVER_OPTIONS),
}


def rules_for(peer: str) -> BeloteRules:
    """The tapete rules matching ``peer`` ("belote-cli" or "colver")."""
    preset, options = PEER_RULES[peer]
    return BeloteRules.preset(preset).with_option_strings(dict(options))


def belote_cli_rules() -> BeloteRules:
    return rules_for("belote-cli")


def colver_rules() -> BeloteRules:
    return rules_for("colver")
