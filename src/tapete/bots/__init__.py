"""Bots: observation in, action out. A bot never sees the full state."""

from tapete.bots.base import Bot, Budget
from tapete.bots.levels import LEVELS, make_bot
from tapete.bots.random_bot import RandomBot

__all__ = ["LEVELS", "Bot", "Budget", "RandomBot", "make_bot"]
