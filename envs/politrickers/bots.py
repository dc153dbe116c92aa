"""Scripted Politrickers baselines. They read only their own hand and the public table."""
from __future__ import annotations

from ..core.bots import Bot, RandomBot


class HeuristicBot(RandomBot):
    name = "heuristic"


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
