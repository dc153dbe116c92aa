"""Shared core: the rules interface, the generic AEC env, the bot interface."""
from .bots import Bot, RandomBot
from .env import ActionOutOfBoundsError, HustingsEnv, ResetNeededError
from .rules import (ComponentError, ConfigError, DealError, Game, HustingsError, IllegalActionError, Option,
                    PositionError, State, StateFormatError)

__all__ = ["ActionOutOfBoundsError", "Bot", "ComponentError", "ConfigError", "DealError", "Game", "HustingsEnv", "HustingsError",
           "IllegalActionError", "Option", "PositionError", "RandomBot", "ResetNeededError", "State", "StateFormatError"]
