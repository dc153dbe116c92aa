"""``hustings export shipped:GAME``: a shipped bot's net exported from any folder, playing as the shipped net."""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("onnxscript")

import hustings  # noqa: E402
from hustings.bots.onnx import OnnxBot  # noqa: E402
from hustings.play import play_game  # noqa: E402


def _export(capsys, *args) -> tuple[int, str, str]:
    from hustings.cli import main

    status = main(["export", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def test_export_a_shipped_net_from_outside_the_clone(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    status, out, err = _export(capsys, "shipped:politrickers", "--players", "3", "--out", "exported",
                               "--no-torch-program")
    assert status == 0, err
    assert "exported politrickers 3p policy:" in out and "note:" not in out
    sidecar = json.loads((tmp_path / "exported" / "policy.json").read_text())
    assert sidecar["game"] == "politrickers" and sidecar["num_players"] == 3
    assert sidecar["source_checkpoint"] == "shipped:politrickers"
    # the exported model chooses what the shipped net chooses, move for move
    onnx = OnnxBot(str(tmp_path / "exported" / "policy.onnx"))
    net = hustings.load_bot("politrickers", num_players=3)
    game = hustings.registry.make_game("politrickers", 3)
    obs, masks, chosen = [], [], []
    bots = [hustings.make_bot("politrickers", "heuristic", seed=i) for i in range(3)]
    play_game(game, bots, seed=4, on_action=lambda st, p, a: (obs.append(st.observation(p)),
                                                               masks.append(st.legal_mask()),
                                                               chosen.append(net.act(st, p))))
    actions, _ = onnx.predict(np.array(obs), np.array(masks))
    assert list(actions) == chosen


def test_shipped_search_is_named_as_left_out_and_bad_sources_are_one_line(tmp_path, monkeypatch, capsys):
    from hustings import checkpoints
    from hustings.training.export import source_file

    path, note = source_file("shipped:democracy")
    assert path == checkpoints.policy_path("democracy") and os.path.isfile(path) and note is None
    path, note = source_file("shipped-search:democracy")
    assert path == checkpoints.policy_path("democracy")
    assert note == (f"shipped-search:democracy plays the search {checkpoints.search_spec('democracy')}; the export is "
                    f"the shipped net alone (shipped:democracy), without the search")
    monkeypatch.chdir(tmp_path)
    status, _, err = _export(capsys, "shipped:chess", "--out", "x")
    assert status == 2 and err.startswith("error: ") and "chess" in err
    status, _, err = _export(capsys, "shipped:politrickers", "--players", "9", "--out", "x")
    assert status == 2 and "no shipped politrickers bot for 9 players" in err
    status, _, err = _export(capsys, "runs/x/policy.pt", "--players", "3", "--out", "x")
    assert status == 2 and "--players 3 is only for a shipped bot" in err
    assert not os.path.exists("x")
