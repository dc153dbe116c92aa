"""The play / replay / export / evaluate commands, through real processes."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from helpers import ROOT

SHIPPED = os.path.join(ROOT, "checkpoints", "democracy", "policy.pt")


def hustings(*args, stdin: str | None = None, check: bool = True):
    proc = subprocess.run([sys.executable, "-m", "hustings.cli", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=300)
    if check and proc.returncode != 0:
        raise AssertionError(f"hustings {' '.join(args)} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
    return proc


def test_play_a_full_game_with_piped_input_then_replay_it(tmp_path):
    record = tmp_path / "game.json"
    moves = "banana\n" + "1\n" * 400  # a bad answer first, then always the first legal move
    out = hustings("play", "democracy", "--players", "2", "--bots", "heuristic", "--seed", "3",
                   "--record", str(record), stdin=moves).stdout
    assert "'banana' is not one of your moves" in out
    assert "Your moves: [1] play" in out and "Result:" in out and "game record saved" in out
    data = json.loads(record.read_text())
    assert data["players"] == ["human", "heuristic"] and data["seed"] == 3 and data["moves"]
    replayed = hustings("replay", str(record)).stdout
    assert "re-simulated exactly" in replayed and f"move {len(data['moves'])}:" in replayed
    hidden = hustings("replay", str(record), "--seat", "0").stdout
    assert "P1 play a card face down (hidden)" in hidden


def test_replay_rejects_a_record_with_a_bad_move(tmp_path):
    record = tmp_path / "game.json"
    hustings("play", "democracy", "--players", "2", "--seed", "5", "--record", str(record), stdin="1\n" * 400)
    data = json.loads(record.read_text())
    data["moves"][2]["player"] = 1 - data["moves"][2]["player"]
    record.write_text(json.dumps(data))
    proc = hustings("replay", str(record), check=False)
    assert proc.returncode == 2 and "move 3 of" in proc.stderr


def test_play_ends_cleanly_when_input_ends():
    proc = hustings("play", "democracy", "--players", "3", "--seed", "1", stdin="1\n", check=False)
    assert proc.returncode == 0 and "input ended" in proc.stdout and "Traceback" not in proc.stderr


@pytest.mark.skipif(not os.path.exists(SHIPPED), reason="no shipped Democracy checkpoint")
def test_export_then_evaluate_with_the_onnx_bot(tmp_path):
    pytest.importorskip("onnxruntime")
    out = hustings("export", SHIPPED, "--out", str(tmp_path / "exp")).stdout
    assert "policy.onnx" in out and (tmp_path / "exp" / "policy.json").exists()
    onnx_path = str(tmp_path / "exp" / "policy.onnx")
    res = tmp_path / "res.json"
    hustings("evaluate", "democracy", "--players", "4", "--bots", onnx_path, "random", "random", "random",
             "--games", "8", "--workers", "1", "--no-progress", "--json", str(res), "--records", str(tmp_path / "recs"))
    result = json.loads(res.read_text())
    assert result["bots"]["policy.onnx"]["games"] == 8
    assert len(os.listdir(tmp_path / "recs")) == 8
    first = sorted(os.listdir(tmp_path / "recs"))[0]
    assert "re-simulated exactly" in hustings("replay", str(tmp_path / "recs" / first)).stdout


@pytest.mark.skipif(not os.path.exists(SHIPPED), reason="no shipped Democracy checkpoint")
def test_onnx_bot_needs_neither_torch_nor_stable_baselines(tmp_path):
    pytest.importorskip("onnxruntime")
    hustings("export", SHIPPED, "--out", str(tmp_path / "exp"), "--no-torchscript")
    code = f"""
import sys
for blocked in ("torch", "stable_baselines3", "sb3_contrib"):
    sys.modules[blocked] = None  # any import of them now fails
import hustings
from hustings.bots.onnx import OnnxBot
from hustings.play import play_game
game = hustings.make("democracy", num_players=4).game
bots = [OnnxBot({str(tmp_path / "exp" / "policy.onnx")!r})] + [hustings.make_bot("democracy", "random", seed=i) for i in range(3)]
print("winners", play_game(game, bots, seed=1).winners())
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.startswith("winners")
