"""The end of ``hustings train``: a labelled summary of the final evaluation, not a bare dict."""
from __future__ import annotations

from hustings.training.train import final_summary


def test_the_final_evaluation_is_said_in_words():
    report = {"game": "democracy", "num_players": 4, "timesteps": 4096, "fair_share": 0.25,
              "policy": "runs/smoke/policy.pt",
              "final": {"heuristic": {"games": 400, "win_rate": 0.2, "ci95": [0.163, 0.243]},
                        "random": {"games": 400, "win_rate": 0.5, "ci95": [0.451, 0.549]}}}
    lines = final_summary(report).splitlines()
    assert lines[0] == "final evaluation of runs/smoke/policy.pt (democracy, 4 players, 4,096 timesteps), duplicate deals:"
    assert lines[1].startswith("  against 3 x heuristic: the trained policy won 20.0% of 400 games (95% interval "
                               "16.3% to 24.3%)") and lines[1].endswith("this table beats it.")
    assert lines[2].startswith("  against 3 x random: ") and lines[2].endswith("it beats this table.")
    assert len(lines) == 3
