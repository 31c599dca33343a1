"""Brisca: rules presets, the deal engine, matches, observations, notation and records."""

from tapete.brisca.actions import EXCHANGE, action_str, parse_action
from tapete.brisca.match import BriscaMatch, settle_deal
from tapete.brisca.results import DealResult
from tapete.brisca.rules import PRESETS, BriscaRules
from tapete.brisca.state import BriscaState

__all__ = [
    "EXCHANGE",
    "PRESETS",
    "BriscaMatch",
    "BriscaRules",
    "BriscaState",
    "DealResult",
    "action_str",
    "parse_action",
    "settle_deal",
]
