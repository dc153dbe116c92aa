"""Calibrating a time estimate on the machine it runs on: how much of a core this process gets right now.

The estimates time a few moves of every bot with the wall clock; on busy cores that time includes the waits for a
core, so as CPU time it is too long, and as the run's wall time it leaves out how busy the cores are while the
run plays. :class:`Calibration` measures, around the timing itself, the process's CPU time against the wall time:
``share`` (CPU seconds per wall second, 1.0 on an idle core) turns the timed seconds into CPU seconds, and a run of
that CPU on ``w`` workers into wall time at the same load."""
from __future__ import annotations

import time


class Calibration:
    """``with Calibration() as c: ...`` then ``c.share``: the CPU seconds this process got per wall second inside
    the block (at least ``floor``, at most 1; 1.0 for a block too short to tell)."""

    floor = 0.05

    def __enter__(self) -> "Calibration":
        self._wall, self._cpu = time.perf_counter(), time.process_time()
        self.wall = self.cpu = 0.0
        return self

    def __exit__(self, *exc) -> None:
        self.wall = time.perf_counter() - self._wall
        self.cpu = time.process_time() - self._cpu

    @property
    def share(self) -> float:
        if self.wall < 0.05:
            return 1.0
        return min(1.0, max(self.floor, self.cpu / self.wall))


def calibrated(timed_seconds: float, share: float, workers: int) -> tuple[float, float]:
    """``(cpu, wall)``: the CPU seconds of work timed at ``timed_seconds`` by the wall clock while this process got
    ``share`` of a core, and its wall time on ``workers`` processes that get that share each."""
    cpu = timed_seconds * share
    return cpu, cpu / (max(1, workers) * share)
