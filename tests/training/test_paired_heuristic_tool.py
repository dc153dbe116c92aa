"""``tools/paired_heuristic.py``: a bot against n-1 heuristic bots, paired with the heuristic in its seat."""
from __future__ import annotations

import importlib.util
import os

import pytest

from helpers import ROOT

pytest.importorskip("numba")


def _tool():
    spec = importlib.util.spec_from_file_location("paired_heuristic", os.path.join(ROOT, "tools", "paired_heuristic.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_heuristic_paired_with_itself_differs_by_nothing_and_random_by_a_loss():
    tool = _tool()
    same = tool.paired("politrickers", "heuristic", 4, deals=6, seed=11, opponent="heuristic")
    assert same["games"] == 24 and same["paired"] == 0.0 and same["win_share"] == same["control_share"]
    worse = tool.paired("politrickers", "random", 4, deals=12, seed=11, opponent="heuristic")
    assert worse["paired"] < 0 and worse["paired_ci95"][0] <= worse["paired"] <= worse["paired_ci95"][1]


def test_a_bot_without_a_batched_form_is_refused(capsys):
    tool = _tool()
    assert tool.main(["politrickers", "ismcts", "--deals", "2"]) == 2
    assert "cannot play in batches" in capsys.readouterr().err
