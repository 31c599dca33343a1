"""Guiñote: rules presets, the deal engine, matches, observations, notation and records."""

from tapete.guinote.actions import CLAIM, EXCHANGE, PASS, SING, TUTE, action_str, parse_action
from tapete.guinote.match import GuinoteMatch, settle_deal
from tapete.guinote.results import DealResult
from tapete.guinote.rules import PRESETS, GuinoteRules
from tapete.guinote.state import GuinoteState

__all__ = [
    "CLAIM",
    "EXCHANGE",
    "PASS",
    "PRESETS",
    "SING",
    "TUTE",
    "DealResult",
    "GuinoteMatch",
    "GuinoteRules",
    "GuinoteState",
    "action_str",
    "parse_action",
    "settle_deal",
]
