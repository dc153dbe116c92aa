"""Democracy's observations: the world vector's layout, each seat's view of it, and keeping it up to date.

The world vector holds everything, per absolute seat; each player's view is a gather of it (``core.world``).
"""
from __future__ import annotations

import numpy as np

from ..core.world import WorldLayout, clockwise_from, field_table
from .cards import JOKER, NUM_KINDS, TRIBES_TO_WIN


def world_layout(n: int) -> WorldLayout:
    """The blocks of the world vector for ``n`` players."""
    k = NUM_KINDS
    return WorldLayout([
        ("hand", n * k), ("commit", n * k), ("committed", n), ("captured", n * k), ("points", n * 4),
        ("tribes", n), ("dealer", n), ("last_trick", n * k), ("last_winner", n), ("upcard", k), ("trump", 4),
        ("discard", k), ("day", 2), ("trick", 1), ("island", 1), ("pool_left", 1)])


def observation_fields(n: int) -> list[tuple[str, int, int, str]]:
    """``(name, start, length, meaning)`` of every block of a seat's observation."""
    k = NUM_KINDS
    return field_table([
        ("hand", k, "own hand: count of each card id (jokers can count 2)"),
        ("own_commitment", k, "one-hot of the card this player has committed to the current trick"),
        ("committed", n, "per seat (self first, then clockwise): 1 if it has committed to the current trick"),
        ("captured", n * k, "per seat: count of each card id in its won pile this island"),
        ("points", n * 4, "per seat: points captured per suit C,D,H,S this island / 25"),
        ("tribes", n, "per seat: tribes scored so far / 5"),
        ("dealer", n, "per seat: 1 for the dealer"),
        ("last_trick", n * k, "per seat: one-hot of the card it played to the previous trick"),
        ("last_winner", n, "per seat: 1 for the winner of the previous trick (all 0 after a tie)"),
        ("upcard", k, "one-hot of the current trick's upcard"),
        ("trump", 4, "one-hot of the trump suit C,D,H,S (all 0 when the upcard is a joker)"),
        ("discard", k, "count of each card id discarded this island (upcards of tied tricks)"),
        ("day", 2, "one-hot: first day, second day"),
        ("trick", 1, "tricks played this day / cards dealt per hand this day"),
        ("island", 1, "islands completed / 10"),
        ("pool_left", 1, "unturned voting-pool cards / 12"),
    ])


def view_index(layout: WorldLayout, p: int, n: int) -> np.ndarray:
    """The world indices seat ``p`` sees, in the order of :func:`observation_fields`."""
    k = NUM_KINDS
    seats = clockwise_from(p, n)
    idx = [*layout.seat("hand", p, k), *layout.seat("commit", p, k)]
    for name, width in (("committed", 1), ("captured", k), ("points", 4), ("tribes", 1), ("dealer", 1),
                        ("last_trick", k), ("last_winner", 1)):
        idx += layout.seats(name, width, seats)
    for name, width in (("upcard", k), ("trump", 4), ("discard", k), ("day", 2), ("trick", 1), ("island", 1),
                        ("pool_left", 1)):
        idx += layout.whole(name, width)
    return np.asarray(idx, dtype=np.intp)


class WorldMixin:
    """Writing a Democracy state's ``world`` vector from its Python fields (mixed into the state class)."""

    def _refresh_public(self) -> None:
        """World blocks that change when a trick resolves: piles, points, last trick, upcard, progress."""
        w, off, n, k = self.world, self.game.off, self.n, NUM_KINDS
        w[off["captured"]:off["captured"] + n * k] = np.asarray(self.captured, dtype=np.float32).ravel()
        w[off["points"]:off["points"] + n * 4] = np.asarray(self.points, dtype=np.float32).ravel() / 25.0
        w[off["last_trick"]:off["last_trick"] + n * k] = 0
        for p, c in enumerate(self.last_trick):
            w[off["last_trick"] + p * k + c] = 1
        w[off["last_winner"]:off["last_winner"] + n] = 0
        if self.last_winner is not None:
            w[off["last_winner"] + self.last_winner] = 1
        w[off["upcard"]:off["upcard"] + k] = 0
        w[off["trump"]:off["trump"] + 4] = 0
        if not self.finished:
            upcard = self.pool[self.trick]
            w[off["upcard"] + upcard] = 1
            if upcard != JOKER:
                w[off["trump"] + upcard // 12] = 1
        w[off["discard"]:off["discard"] + k] = 0
        for c in self.discards:
            w[off["discard"] + c] += 1
        w[off["trick"]] = self.trick / max(1, len(self.pool))
        w[off["pool_left"]] = (len(self.pool) - self.trick) / 12.0

    def _clear_commitments_world(self) -> None:
        """Clear the commitment blocks when a new trick starts."""
        w, off, n = self.world, self.game.off, self.n
        w[off["commit"]:off["commit"] + n * NUM_KINDS] = 0
        w[off["committed"]:off["committed"] + n] = 0

    def _rebuild_world(self) -> None:
        """Write the whole world vector from the Python state (deals, loads; tests compare it)."""
        w, off, n, k = self.world, self.game.off, self.n, NUM_KINDS
        w[:] = 0
        w[off["hand"]:off["hand"] + n * k] = np.asarray(self.hands, dtype=np.float32).ravel()
        for p, c in enumerate(self.plays):
            if c >= 0:
                w[off["commit"] + p * k + c] = 1
                w[off["committed"] + p] = 1
        self._refresh_public()
        w[off["tribes"]:off["tribes"] + n] = np.asarray(self.tribes, dtype=np.float32) / TRIBES_TO_WIN
        w[off["dealer"] + self.dealer] = 1
        w[off["day"] + self.day] = 1
        w[off["island"]] = self.island / 10.0
