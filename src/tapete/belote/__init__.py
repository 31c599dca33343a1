"""Belote: rules presets, the deal engine (taking or auction, declarations, belote), scoring."""

from tapete.belote.rules import PRESETS, BeloteRules
from tapete.belote.scoring import BeloteResult
from tapete.belote.state import BeloteState

__all__ = ["PRESETS", "BeloteResult", "BeloteRules", "BeloteState"]
