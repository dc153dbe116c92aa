"""The benchmark's time estimate, calibrated on this machine: timed seconds on busy cores become CPU seconds and a
run's wall time at that load (hustings.evaluation.calibration)."""
from __future__ import annotations

import time

import pytest

from hustings.evaluation.benchmark import estimate_line
from hustings.evaluation.calibration import Calibration, calibrated


def test_a_block_that_waits_gets_little_cpu_and_one_that_works_at_most_all_of_a_core():
    with Calibration() as idle:
        time.sleep(0.3)
    assert idle.share == pytest.approx(Calibration.floor, abs=0.2) and idle.wall >= 0.3
    with Calibration() as busy:
        end = time.process_time() + 0.2
        while time.process_time() < end:
            pass
    assert busy.cpu >= 0.2 and Calibration.floor <= busy.share <= 1.0
    with Calibration() as short:
        pass
    assert short.share == 1.0  # too short to tell: no correction


def test_calibrated_turns_timed_seconds_into_cpu_and_wall():
    assert calibrated(100.0, 1.0, 2) == (100.0, 50.0)  # an idle machine: the timing is the CPU
    cpu, wall = calibrated(100.0, 0.25, 2)  # a quarter of a core: 25 CPU-s, and each worker gets a quarter too
    assert cpu == 25.0 and wall == 50.0
    assert calibrated(10.0, 0.5, 0) == (5.0, 10.0)


def test_the_estimate_line_says_the_cpu_and_how_busy_the_cores_are(monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    line = estimate_line(400.0, 10, 2, None, share=0.4)
    assert "expected: about 3 min 20 s on 2 cores (2 min 40 s of CPU time" in line
    assert "busy: 40% of one" in line
    assert "busy" not in estimate_line(400.0, 10, 2, None, share=1.0)
    assert "2 min 40 s of CPU time in all, spread over the cluster" in estimate_line(400.0, 10, 2, "ray://x", 0.4)
