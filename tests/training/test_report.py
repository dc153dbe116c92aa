"""The training report's learning curve carries each evaluation point's 95% interval (Wilson, at that point's game
count): in ``report.json``, ``learning_curve.csv``, ``report.md`` and the plot."""
from __future__ import annotations

import csv
import json
import os

import pytest

pytest.importorskip("yaml")

from hustings.training.config import load_config  # noqa: E402
from hustings.training.report import CURVE_COLUMNS, curve_points, write_report  # noqa: E402
from helpers import ROOT



def report(history) -> dict:
    cfg = load_config(os.path.join(ROOT, "configs", "smoke.yaml"))
    cfg.eval.games = 200
    cfg.eval.baselines = ["random", "heuristic"]
    return {"game": "democracy", "num_players": 4, "timesteps": 4096, "timesteps_this_run": 4096,
            "timesteps_per_second": 1000.0, "wall_seconds": 9.0, "fair_share": 0.25, "history": history,
            "final": {"random": {"games": 2000, "win_rate": 0.9, "ci95": [0.886, 0.912], "mean_score": 5.0}},
            "config": cfg.to_dict(), "checkpoint": "ck.pt", "policy": "policy.pt"}


def test_each_point_has_its_wilson_interval_at_its_game_count(tmp_path):
    history = [{"timesteps": 0, "random": 0.3, "heuristic": 0.0},
               {"timesteps": 2048, "random": 0.225, "heuristic": 0.5, "games": 2000}]  # a point that says its count
    rep = report(history)
    write_report(rep, str(tmp_path))
    assert "random_ci95" not in history[0]  # the caller's (a checkpoint's) points are not changed

    # 60 wins in 200 games: Wilson 95% [0.2407, 0.3668]; 450 in 2000: [0.2072, 0.2438]; 0 in 200: [0, 0.0188]
    saved = json.loads((tmp_path / "report.json").read_text())["history"]
    assert saved[0]["games"] == 200 and saved[1]["games"] == 2000
    assert saved[0]["random_ci95"] == pytest.approx([0.2407, 0.3668], abs=1e-4)
    assert saved[1]["random_ci95"] == pytest.approx([0.2072, 0.2438], abs=1e-4)
    assert saved[0]["heuristic_ci95"] == pytest.approx([0.0, 0.0188], abs=1e-4)
    lo, hi = saved[1]["heuristic_ci95"]
    assert lo < 0.5 < hi and hi - lo == pytest.approx(2 * 0.0219, abs=2e-4)  # +-1.96 sqrt(.25/2000)

    with open(tmp_path / "learning_curve.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert tuple(rows[0]) == CURVE_COLUMNS
    assert [(r["timesteps"], r["baseline"], r["games"]) for r in rows] == [
        ("0", "random", "200"), ("0", "heuristic", "200"), ("2048", "random", "2000"), ("2048", "heuristic", "2000")]
    assert (rows[0]["win_share"], rows[0]["ci95_low"], rows[0]["ci95_high"]) == ("0.3000", "0.2407", "0.3668")

    md = (tmp_path / "report.md").read_text()
    assert "| 0 | 200 | 0.300 [0.241, 0.367] | 0.000 [0.000, 0.019] |" in md
    assert "| 2,048 | 2000 | 0.225 [0.207, 0.244] |" in md


def test_the_plot_draws_a_band_per_baseline(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    import matplotlib.axes

    bands = []
    fill = matplotlib.axes.Axes.fill_between

    def spy(self, x, y1, y2=0, **kw):
        bands.append((list(x), list(y1), list(y2)))
        return fill(self, x, y1, y2, **kw)

    monkeypatch.setattr(matplotlib.axes.Axes, "fill_between", spy)
    rep = report([{"timesteps": 0, "random": 0.3, "heuristic": 0.1}, {"timesteps": 2048, "random": 0.5,
                                                                      "heuristic": 0.2}])
    write_report(rep, str(tmp_path))
    assert (tmp_path / "learning_curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = curve_points(rep)
    assert bands == [([0, 2048], [r["ci95_low"] for r in rows if r["baseline"] == b],
                      [r["ci95_high"] for r in rows if r["baseline"] == b]) for b in ("random", "heuristic")]


@pytest.mark.parametrize("pre, words", [
    (None, []),
    ({"decisions": 12345, "accuracy": 0.94}, ["imitation of 12,345 scripted-bot decisions (94% accuracy)"]),
    ({"decisions": 12345, "accuracy": 0.81, "bot": "ismcts", "wall_seconds": 4500.0},
     ["imitation of 12,345 `ismcts` decisions (81% accuracy, 75 min)"]),
    ({"policy": "shipped", "policy_file_sha256": "ab" * 32, "timesteps_before": 400000, "wall_seconds_before": 840.0,
      "critic_decisions": 5000},
     ["continued from the policy `shipped`", "abababababab...", "after 400,000 timesteps and 14 min",
      "fitted to 5,000 decisions"]),
])
def test_report_md_says_how_the_run_started(pre, words):
    from hustings.training.report import markdown

    rep = report([{"timesteps": 0, "random": 0.3, "heuristic": 0.1}])
    if pre is not None:
        rep["pretrain"] = pre
    text = markdown(rep)
    assert ("- warm start:" in text) == bool(words)
    for w in words:
        assert w in text
