"""The world-vector pattern the games use for fast observations that cannot leak.

A state keeps one ``float32`` *world* vector holding everything, every seat's private blocks included, and
updates it in place as play goes. Each seat's observation is a single gather ``world[view[seat]]`` through an
index array computed once per game configuration; what a seat may not see is simply not in its index.
"""
from __future__ import annotations

import numpy as np

from .rules import State


class WorldLayout:
    """Named blocks of a world vector: ``off[name]`` is where a block starts, ``size`` the total length."""

    def __init__(self, blocks: list[tuple[str, int]]):
        self.off: dict[str, int] = {}
        pos = 0
        for name, size in blocks:
            if name in self.off:
                raise ValueError(f"world block {name!r} is declared twice")
            self.off[name] = pos
            pos += size
        self.size = pos

    def seat(self, name: str, seat: int, width: int) -> range:
        """The indices of ``seat``'s part of a per-seat block whose parts are ``width`` long."""
        start = self.off[name] + seat * width
        return range(start, start + width)

    def seats(self, name: str, width: int, seats: list[int]) -> list[int]:
        """The parts of a per-seat block for ``seats``, in that order (e.g. the observer first, then clockwise)."""
        out: list[int] = []
        for s in seats:
            out += self.seat(name, s, width)
        return out

    def whole(self, name: str, width: int) -> range:
        return range(self.off[name], self.off[name] + width)


def field_table(rows: list[tuple[str, int, str]]) -> list[tuple[str, int, int, str]]:
    """``(name, size, meaning)`` rows -> ``(name, start, size, meaning)``: the documented observation layout."""
    out, pos = [], 0
    for name, size, meaning in rows:
        out.append((name, pos, size, meaning))
        pos += size
    return out


def clockwise_from(p: int, n: int) -> list[int]:
    """Seats in observation order: ``p`` itself first, then clockwise."""
    return [(p + i) % n for i in range(n)]


class WorldState(State):
    """A :class:`State` whose observations are gathers of ``self.world`` through ``self.game.views``."""

    world: np.ndarray

    def observation(self, player: int, out: np.ndarray | None = None) -> np.ndarray:
        view = self.game.views[player]
        if out is None:
            return self.world[view]
        # mode="clip": the indices are in range by construction, and "raise" would buffer the output
        self.world.take(view, out=out, mode="clip")
        return out

    def global_observation(self) -> np.ndarray:
        return self.world.copy()
