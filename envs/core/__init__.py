"""Shared core: the rules interface, the generic AEC env, the bot interface."""
from .bots import Bot, RandomBot
from .env import ActionOutOfBoundsError, HustingsEnv, ResetNeededError
from .rules import (ConfigError, DealError, Game, HustingsError, IllegalActionError, Option, State,
                    StateFormatError)

__all__ = ["ActionOutOfBoundsError", "Bot", "ConfigError", "DealError", "Game", "HustingsEnv", "HustingsError",
           "IllegalActionError", "Option", "RandomBot", "ResetNeededError", "State", "StateFormatError"]
