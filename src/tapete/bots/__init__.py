"""Bots: observation in, action out. A bot never sees the full state."""

from tapete.bots.base import Bot
from tapete.bots.levels import LEVELS, make_bot
from tapete.bots.random_bot import RandomBot

__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot"]
