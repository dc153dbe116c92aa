"""The league of ``hustings train``: who the learner's net opponents are, and how often each is drawn.

The nets an opponent seat can be given (``opponents.snapshots`` is their share of the seats, all together, against
the scripted bots' weights) are the **members** of the pool: the fixed nets of ``opponents.league`` (past shipped
bots, other runs' nets; named ``league:SPEC``) and the learner's own frozen snapshots (``snapshot@TIMESTEPS``, the
newest ``opponents.pool_size`` of them).

Within the pool a member is drawn uniformly (``opponents.sampling: uniform``) or by **prioritised fictitious
self-play** (``pfsp``, as AlphaStar's league): member ``m`` with weight ``max((1 - p_m) ** pfsp_power,
pfsp_floor)``, where ``p_m`` is the learner's recent win rate against ``m``, so the members the learner does not beat
yet are met most, the ones it has long beaten seldom (the floor keeps them in play, so that their win rate stays
measured).

The win rates come from the training games themselves (:class:`WinRateTable`, fed by the episodes' infos): in a
game where ``m`` held a seat, the learner's result against it is pairwise, as in a two-player game: 1 if the learner
is among the winners and ``m``'s seat is not, 0 the other way round, 1/2 when both or neither are (a seat is one
comparison: a member at two seats is two). Each member's results are discounted, so that its rate follows the
learner as it changes: a new result enters with weight 1 and the earlier ones are multiplied by ``1 - 1 /
pfsp_window``, so about the last ``pfsp_window`` results count; a member with no result yet is at 1/2 (the rate is
``(wins + 1/2) / (games + 1)``: one pseudo-game, a tie). The scripted bots' results are kept too (they are not drawn
by these weights; the table reports them).

The table is plain data (:meth:`WinRateTable.to_dict`): the checkpoint stores it beside the pool, and ``--resume``
continues from it exactly.
"""
from __future__ import annotations

from typing import Any, Iterable

import numpy as np

from hustings.errors import CheckpointError, ConfigError

#: How the opponents drawn from the pool of nets are picked (``opponents.sampling``).
SAMPLING = ("uniform", "pfsp")


def snapshot_name(timesteps: int) -> str:
    """The member name of the learner's snapshot taken at ``timesteps``."""
    return f"snapshot@{int(timesteps)}"


def league_name(spec: str) -> str:
    """The member name of the fixed league net ``spec`` (``opponents.league``)."""
    return f"league:{spec}"


def pfsp_weight(p: float, power: float = 2.0, floor: float = 0.0) -> float:
    """PFSP's weight of a member the learner beats with probability ``p``: ``max((1 - p) ** power, floor)``."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"win rate {p!r} is invalid; expected a number in [0, 1]")
    return max((1.0 - p) ** power, floor)


def pairwise_result(seat: int, other: int, winners: Iterable[int]) -> float:
    """The learner's (at ``seat``) result against the seat ``other``: 1, 0, or 1/2 when both or neither won."""
    won = set(winners)
    mine, theirs = seat in won, other in won
    if mine == theirs:
        return 0.5
    return 1.0 if mine else 0.0


class WinRateTable:
    """The learner's discounted results against each member (and scripted bot) it has met, and PFSP's weights.

    ``window``: about how many recent results of a member count (each new one multiplies the earlier ones by
    ``1 - 1 / window``)."""

    def __init__(self, window: float = 1000.0):
        if not window >= 1:
            raise ConfigError(f"pfsp_window={window!r} is invalid; expected a number >= 1")
        self.window = float(window)
        self.stats: dict[str, list[float]] = {}  # name -> [discounted wins, discounted games]
        self.counts: dict[str, int] = {}  # name -> results recorded in all (not discounted)

    # --- results --------------------------------------------------------------------------------------------------
    def record(self, name: str, result: float) -> None:
        """One result (1, 1/2 or 0) of the learner against ``name``."""
        keep = 1.0 - 1.0 / self.window
        wins, games = self.stats.get(name, (0.0, 0.0))
        self.stats[name] = [wins * keep + float(result), games * keep + 1.0]
        self.counts[name] = self.counts.get(name, 0) + 1

    def record_episode(self, info: dict) -> int:
        """The results of one finished game from its info (``seat``, ``winners``, ``opponents``: the name at each
        seat, ``"learner"`` at the learner's own); returns how many were recorded (none without ``opponents``)."""
        names = info.get("opponents")
        if names is None or "winners" not in info:
            return 0
        seat, winners = int(info["seat"]), info["winners"]
        done = 0
        for other, name in enumerate(names):
            if name == "learner" or other == seat:
                continue
            self.record(name, pairwise_result(seat, other, winners))
            done += 1
        return done

    def forget(self, keep: Iterable[str]) -> None:
        """Drop the members that left the pool (snapshots aged out): every name not in ``keep`` that is a net's
        (scripted bots' names stay)."""
        keep = set(keep)
        for name in [n for n in self.stats if n not in keep and n.startswith(("snapshot@", "league:"))]:
            del self.stats[name]
            self.counts.pop(name, None)

    # --- what it says ----------------------------------------------------------------------------------------------
    def win_rate(self, name: str) -> float:
        """The learner's recent pairwise win rate against ``name``: ``(wins + 1/2) / (games + 1)``."""
        wins, games = self.stats.get(name, (0.0, 0.0))
        return (wins + 0.5) / (games + 1.0)

    def weights(self, names: list[str], power: float = 2.0, floor: float = 0.0) -> list[float]:
        """PFSP's draw weights of the members ``names`` (not normalised)."""
        return [pfsp_weight(self.win_rate(n), power, floor) for n in names]

    def summary(self) -> dict[str, dict[str, float]]:
        """Each name's ``win_rate`` and ``games`` (results recorded in all), for reports."""
        return {n: {"win_rate": self.win_rate(n), "games": self.counts.get(n, 0)} for n in sorted(self.stats)}

    # --- plain data (checkpoints) ----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The table as plain data (what a checkpoint stores; :meth:`from_dict` reads it back)."""
        return {"window": self.window, "stats": {n: list(v) for n, v in self.stats.items()},
                "counts": dict(self.counts)}

    @classmethod
    def from_dict(cls, data: Any, source: str = "checkpoint") -> "WinRateTable":
        """The table :meth:`to_dict` wrote; a :class:`CheckpointError` naming ``source`` if it is not one."""
        try:
            table = cls(float(data["window"]))
            table.stats = {str(n): [float(v[0]), float(v[1])] for n, v in data["stats"].items()}
            table.counts = {str(n): int(c) for n, c in data.get("counts", {}).items()}
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, ConfigError):
            raise CheckpointError(f"{source}: its league win-rate table is damaged; expected a mapping with window, "
                                  f"stats (name -> [wins, games]) and counts") from None
        return table


def draw_weights(sampling: str, table: WinRateTable, names: list[str], power: float,
                 floor: float) -> list[float] | None:
    """The pool's draw weights under ``sampling``: ``None`` for uniform draws, else PFSP's weights of ``names``."""
    if sampling == "uniform":
        return None
    if sampling != "pfsp":
        raise ConfigError(f"opponents.sampling={sampling!r} is invalid; expected one of {', '.join(SAMPLING)}")
    return table.weights(names, power, floor)


def snapshot_probabilities(weights: list[float] | None, count: int) -> np.ndarray | None:
    """The draw probabilities of ``count`` snapshots from relative ``weights`` (``None``: uniform, ``None`` back)."""
    if weights is None:
        return None
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != (count,) or not np.isfinite(w).all() or (w < 0).any() or w.sum() <= 0:
        raise ConfigError(f"snapshot weights {list(weights)!r} are invalid; expected {count} numbers >= 0, not all 0")
    return w / w.sum()


def draw_snapshot(rng: np.random.Generator, count: int, p: np.ndarray | None) -> int:
    """The index of the snapshot drawn: uniform (``p`` None: one ``integers`` draw), else one ``choice`` by ``p``."""
    if p is None:
        return int(rng.integers(count))
    return int(rng.choice(count, p=p))
