"""hustings as an installed library: one import name, a clean wheel, a plain install that runs from anywhere."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile

import pytest
from helpers import ROOT

BIN = os.path.dirname(sys.executable)


def run(cmd: list[str], cwd: str, stdin: str | None = None, env: dict | None = None, timeout: int = 600):
    return subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **(env or {})})


def checked(proc) -> str:
    assert proc.returncode == 0, f"{proc.args} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


def test_import_and_command_ignore_a_users_own_envs_and_training_folders(tmp_path):
    for name in ("envs", "training"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "__init__.py").write_text("raise ImportError('the user project own %s package')\n" % name)
    code = ("import hustings, hustings.cli; from hustings.democracy import env, raw_env; "
            "e = hustings.make('democracy'); e.reset(seed=1); print(type(e).__module__, hustings.__version__)")
    out = checked(run([sys.executable, "-c", code], cwd=str(tmp_path)))  # -c puts the folder first on sys.path
    assert out.split() == ["hustings.democracy", __import__("hustings").__version__]
    demo = checked(run([os.path.join(BIN, "hustings"), "demo", "democracy", "--quiet"], cwd=str(tmp_path)))
    assert "; winner" in demo


def test_nothing_named_envs_or_training_is_importable_from_outside_the_clone(tmp_path):
    for name in ("envs", "training"):
        proc = run([sys.executable, "-c", f"import {name}"], cwd=str(tmp_path))
        assert proc.returncode != 0 and "ModuleNotFoundError" in proc.stderr


def test_shipped_configs_and_bots_by_name():
    import hustings
    from hustings import checkpoints, configs

    assert {"smoke", "democracy", "rllib/smoke"} <= set(configs.names())
    assert os.path.isfile(configs.path("smoke")) and configs.path("smoke.yaml") == configs.path("smoke")
    with pytest.raises(hustings.ConfigError, match="no shipped config named 'smokey'"):
        configs.path("smokey")
    assert checkpoints.names() == hustings.games()
    bot = hustings.load_bot("democracy", seed=1)
    state = hustings.game_module("democracy").DemocracyGame(4).new_initial_state(seed=3)
    assert state.is_legal(bot.act(state, state.current_player()))
    state3 = hustings.game_module("democracy").DemocracyGame(3).new_initial_state(seed=3)
    assert state3.is_legal(hustings.load_bot("democracy", num_players=3).act(state3, state3.current_player()))
    with pytest.raises(hustings.HustingsError, match="no shipped politrickers bot for 2 players; expected one of "
                                                     "the sizes 3, 4, 5"):
        hustings.load_bot("politrickers", num_players=2)
    with pytest.raises(hustings.ConfigError, match="unknown game 'chess'"):
        hustings.load_bot("chess")


def test_shipped_npz_bots_play_exactly_as_their_torch_checkpoints():
    pytest.importorskip("torch")
    import numpy as np

    import hustings
    from hustings.training.policy import load_policy_bot

    for game in hustings.games():
        rules = hustings.game_module(game).raw_env.game_class(4)
        pt = load_policy_bot(os.path.join(ROOT, "checkpoints", game, "policy.pt"), rules)
        npz = hustings.load_bot(game)  # the shipped bot is its net
        state = rules.new_initial_state(seed=11)
        rng = np.random.default_rng(0)
        for _ in range(150):
            if state.is_terminal():
                break
            p = state.current_player()
            assert np.allclose(pt.policy.logits(state.observation(p)), npz.policy.logits(state.observation(p)))
            assert pt.act(state, p) == npz.act(state, p)
            state.apply_unchecked(int(rng.choice(state.legal_actions())))


# --- the wheel and a plain install (slow: builds the wheel, makes a fresh venv) ---------------------------------
@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> str:
    out = tmp_path_factory.mktemp("wheel")
    # from a clean copy: setuptools builds in the source tree, and a stale build/ there could slip into the wheel
    source = out / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", "build", "*.egg-info", "runs", "__pycache__",
                                                                  ".pytest_cache", "exported", "*.whl"))
    proc = run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out), str(source)], cwd=str(out))
    log = checked(proc) + proc.stderr
    warnings = [line for line in log.splitlines() if "warning" in line.lower() and "pip" not in line.lower()
                and "Location" not in line and "byte-compiling is disabled" not in line]
    assert not warnings, "the build warned:\n" + "\n".join(warnings)
    (path,) = [os.path.join(out, f) for f in os.listdir(out) if f.endswith(".whl")]
    return path


def test_the_wheel_holds_one_top_level_package_with_its_data(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"hustings"}
    for needed in ("hustings/__init__.py", "hustings/democracy_v1.py", "hustings/cli/__init__.py",
                   "hustings/training/train.py", "hustings/bots/spec.py", "hustings/play/moves.py",
                   "hustings/configs/smoke.yaml", "hustings/configs/rllib/smoke.yaml",
                   "hustings/checkpoints/democracy/policy.npz", "hustings/checkpoints/prime_minister/policy.pt",
                   "hustings/checkpoints/democracy/6p/policy.npz", "hustings/checkpoints/politix/2p/config.yaml",
                   "hustings/configs/sizes/prime_minister_2p.yaml",
                   "hustings/prime_minister/data/bills.json", "hustings/politix/data/cards.json",
                   "hustings/democracy/RULES.md", "hustings/evaluation/data/benchmark_reference.json.gz",
                   "hustings/web/static/app.js", *(f"hustings/{g}/web.js" for g in __import__("hustings").games())):
        assert needed in names, needed
    for folder, package in (("envs", "hustings"), ("training", "hustings/training")):
        for here, dirs, files in os.walk(os.path.join(ROOT, folder)):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            for f in files:
                if f.endswith(".py"):  # every module of the checkout ships (pyproject's packages list is by hand)
                    rel = os.path.relpath(os.path.join(here, f), os.path.join(ROOT, folder)).replace(os.sep, "/")
                    assert f"{package}/{rel}" in names, f"{folder}/{rel} is not in the wheel: list its package"
    meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(meta).decode()
    assert "License-Expression: MIT" in text and "Classifier: " in text
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


@pytest.fixture(scope="module")
def plain_venv(wheel, tmp_path_factory) -> str:
    """A fresh venv with the wheel and its core dependencies only (no torch, no SB3, no Ray)."""
    venv = tmp_path_factory.mktemp("plain") / "venv"
    checked(run([sys.executable, "-m", "venv", str(venv)], cwd=str(venv.parent)))
    checked(run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", wheel], cwd=str(venv.parent)))
    return str(venv / "bin")


def test_a_plain_install_plays_evaluates_and_replays_from_any_folder(plain_venv, tmp_path):
    hustings = os.path.join(plain_venv, "hustings")
    py = os.path.join(plain_venv, "python")
    cwd = str(tmp_path)
    assert run([py, "-c", "import torch"], cwd).returncode != 0  # really no extras
    assert "; winner" in checked(run([hustings, "demo", "politix", "--quiet"], cwd))
    out = checked(run([hustings, "evaluate", "democracy", "--bots", "shipped:democracy", "heuristic", "random",
                       "random", "--games", "8", "--workers", "1", "--json", "ev.json"], cwd))
    assert "shipped:democracy" in out and json.loads((tmp_path / "ev.json").read_text())["games"] == 8
    checked(run([hustings, "play", "politrickers", "--seed", "2", "--record", "g.json"], cwd, stdin="1\n" * 400))
    assert "re-simulated exactly" in checked(run([hustings, "replay", "g.json"], cwd))
    bot = checked(run([py, "-c", "import hustings; print(hustings.load_bot('prime_minister'))"], cwd))
    assert "PolicyBot" in bot
    code = "import hustings; print(hustings.load_bot('politrickers', num_players=5, search=True))"
    bot = checked(run([py, "-c", code], cwd))
    assert "ISMCTSBot" in bot and "favourite='shipped'" in bot  # its search.json travels in the wheel
    code = ("import hustings; b = hustings.load_bot('democracy', search=True, seed=1); "
            "s = hustings.registry.make_game('democracy', 4).new_initial_state(seed=1); "
            "s.apply_action(s.legal_actions()[0]); print(b, s.current_player(), b.act(s, s.current_player()) in "
            "s.legal_actions())")  # a seat has committed: the search loads the net as its model of that seat
    bot = checked(run([py, "-c", code], cwd))
    assert "PIMCBot" in bot and "model='shipped'" in bot and bot.strip().endswith("True")
    # the benchmark's shipped reference tables are this build's: the installed code digests as the checkout's
    found = checked(run([py, "-c", "from hustings.evaluation import reference; print(reference.load()[1])"], cwd))
    assert "shipped reference tables of this build: 500 deal sets" in found, found
    # a trained checkpoint (torch) and an exported ONNX bot, made with the full install, then played here
    onnx_dir = tmp_path / "exported"
    if shutil.which("hustings", path=BIN) and __import__("importlib").util.find_spec("onnx"):
        checked(run([os.path.join(BIN, "hustings"), "export", os.path.join(ROOT, "checkpoints", "politix",
                                                                          "policy.pt"), "--out", str(onnx_dir),
                     "--no-torchscript"], cwd))
        out = checked(run([hustings, "evaluate", "politix", "--bots", str(onnx_dir / "policy.onnx"), "heuristic",
                           "heuristic", "heuristic", "--games", "4", "--workers", "1"], cwd))
        assert "policy.onnx" in out


@pytest.mark.parametrize("args, extra", [
    (["train", "smoke"], "train"),
    (["export", "CHECKPOINT", "--out", "x"], "train"),
    (["evaluate", "democracy", "--bots", "CHECKPOINT", "heuristic", "heuristic", "heuristic", "--games", "4"],
     "train"),
    (["train-rllib", "rllib/smoke"], "distributed"),
    (["serve"], "web"),
])
def test_a_command_that_needs_an_extra_says_which_in_one_line(plain_venv, tmp_path, args, extra):
    checkpoint = os.path.join(ROOT, "checkpoints", "democracy", "policy.pt")
    args = [checkpoint if a == "CHECKPOINT" else a for a in args]
    proc = run([os.path.join(plain_venv, "hustings"), *args], str(tmp_path))
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    assert f'needs the {extra!r} extra' in proc.stderr and f'pip install "hustings[{extra}]"' in proc.stderr
