"""Every shell command and Python block of README.md's code blocks, run as written from a folder outside the clone
(with the installed package), exits 0; the long ones are listed below, skipped or marked ``slow``, with the reason.

A command the README gains must be added to ``PLAN`` (the test says so): nothing in the README goes unchecked by
accident."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from helpers import ROOT

README = os.path.join(ROOT, "README.md")
QUICK_START = "hustings evaluate democracy --bots shipped:democracy heuristic heuristic heuristic --games 2000"

RUN, SLOW, SKIP = "run", "slow", "skip"
#: command (as written, without its comment) -> (how, why, what to run instead in the default run or None, stdin)
PLAN = {
    "pip install .": (SKIP, "installs packages: the tests run in the package already installed", None, None),
    "pip install torch==2.13.0": (SKIP, "installs packages", None, None),
    'pip install -e ".[train,test,distributed,fast]"': (SKIP, "installs packages", None, None),
    "python -m pytest -q -n auto": (SKIP, "the test suite itself", None, None),
    "python -m pytest -m smoke -n 2": (SKIP, "the smoke tier of the test suite (tests/packaging/test_smoke_tier.py "
                                             "checks its list)", None, None),
    QUICK_START: (SLOW, "2,000 games: about 20 s on 2 idle cores, longer on busy ones",
                  QUICK_START.replace("--games 2000", "--games 40"), None),
    "hustings train smoke": (SLOW, "trains for 20-40 s (needs the train extra)", None, None),
    "hustings train configs/democracy.yaml": (SKIP, "the shipped bot's training run: hours", None, None),
    "hustings train-rllib rllib/smoke": (SLOW, "starts Ray and trains (needs the distributed extra)",
                                                      None, None),
    "hustings evaluate politix --bots shipped:politix heuristic heuristic heuristic --games 400": (RUN, "", None, None),
    "hustings evaluate democracy --players 3 --bots heuristic random random --games 300 --json results.json":
        (RUN, "", None, None),
    "hustings benchmark --agents my_agent:make --budget quick --out bench/":
        (SLOW, "about a minute on 2 cores (the IS-MCTS rungs in every game); the default run plays one game with "
               "the two scripted rungs instead",
         "hustings benchmark --agents my_agent:make --budget quick --out bench/ --games politrickers "
         "--ladder random heuristic", None),
    "hustings demo democracy --players 4": (RUN, "", None, None),
    "hustings play democracy --players 4 --seat 0 --record game.json": (RUN, "", None, "1\n" * 500),
    "hustings replay game.json --seat 0": (RUN, "the game recorded by the play command before it", None, None),
    "hustings serve": (SKIP, "a server that runs until stopped (tests/web, tests/cli/test_serve_port.py)", None, None),
    "hustings export shipped:democracy --out exported/democracy": (SLOW, "exports through torch.onnx (needs the "
                                                                         "train extra)", None, None),
    "python: hustings.make": (RUN, "", None, None),
    "python: SelfPlayEnv": (SKIP, "trains 100,000 timesteps; tests/training/test_gym_vector.py runs the same lines "
                                  "with a few", None, None),
    "python: my_agent.py": (SKIP, "a file, not a script: written as my_agent.py for the benchmark command", None, None),
}
#: command -> the command whose output it reads (run first when that has not run in this folder yet)
BEFORE = {"hustings replay game.json --seat 0": "hustings play democracy --players 4 --seat 0 --record game.json"}
NEEDS = {"hustings train smoke": "torch", "hustings export shipped:democracy --out exported/democracy": "onnxscript",
         "hustings train-rllib rllib/smoke": "ray"}


def _blocks(kind: str) -> list[str]:
    with open(README, encoding="utf-8") as f:
        text = f.read()
    return re.findall(rf"^```{kind}\n(.*?)^```", text, flags=re.S | re.M)


def _without_comment(line: str) -> str:
    return re.split(r"\s+#\s", " " + line.strip() + " ", maxsplit=1)[0].strip()


def shell_commands() -> list[str]:
    """The README's shell commands, in order, comments cut off; ``a && b`` is two commands."""
    out = []
    for block in _blocks("bash"):
        for line in block.splitlines():
            line = _without_comment(line)
            if line and not line.startswith("#"):
                out += [part.strip() for part in line.split("&&")]
    return out


def python_blocks() -> dict[str, str]:
    """The README's Python blocks by a key naming each: ``python: my_agent.py`` (a file), ``python: SelfPlayEnv``,
    ``python: hustings.make``."""
    out = {}
    for block in _blocks("python"):
        first = block.splitlines()[0]
        if first.startswith("# ") and first[2:].strip().endswith(".py"):
            key = f"python: {first[2:].strip()}"
        elif "SelfPlay" in block:
            key = "python: SelfPlayEnv"
        else:
            key = "python: hustings.make"
        assert key not in out, f"two README Python blocks look alike ({key}): tell them apart in {__file__}"
        out[key] = block
    return out


def test_every_readme_command_is_planned_and_the_readme_is_a_front_page():
    found = shell_commands() + list(python_blocks())
    unplanned = [c for c in found if c not in PLAN]
    assert not unplanned, f"README commands with no entry in PLAN of {__file__}: {unplanned}"
    stale = [c for c in PLAN if c not in found]
    assert not stale, f"PLAN entries no longer in README.md: {stale}"
    assert os.path.getsize(README) < 16_000, "README.md is a front page: move details into docs/"


@pytest.fixture(scope="module")
def outside(tmp_path_factory):
    """A folder outside the clone, with the README's my_agent.py written into it."""
    folder = tmp_path_factory.mktemp("readme")
    assert not str(folder).startswith(ROOT)
    (folder / "my_agent.py").write_text(python_blocks()["python: my_agent.py"])
    return folder


def _run(command: str, cwd, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
               PYTHONPATH="")
    return subprocess.run(["bash", "-c", command], cwd=cwd, env=env, input=stdin, capture_output=True, text=True,
                          timeout=900)


def _cases():
    for command in shell_commands() + list(python_blocks()):
        how, why, instead, stdin = PLAN.get(command, (RUN, "", None, None))
        marks = [pytest.mark.slow] if how == SLOW else []
        yield pytest.param(command, how, why, None, stdin, marks=marks, id=command[:60])
        if instead is not None:
            yield pytest.param(command, RUN, why, instead, stdin, id="shortened: " + command[:50])


@pytest.mark.parametrize("command,how,why,instead,stdin", list(_cases()))
def test_readme_command_runs_from_outside_the_clone(outside, command, how, why, instead, stdin):
    if how == SKIP:
        pytest.skip(why)
    if command in NEEDS and instead is None:
        pytest.importorskip(NEEDS[command])
    if command.startswith("python: "):
        proc = subprocess.run([sys.executable, "-"], input=python_blocks()[command], cwd=outside,
                              capture_output=True, text=True, timeout=300)
    else:
        first = BEFORE.get(command)
        if first is not None and not (outside / first.split("--record ")[1]).exists():
            assert _run(first, outside, PLAN[first][3]).returncode == 0
        proc = _run(instead or command, outside, stdin)
    assert proc.returncode == 0, f"{instead or command} failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n" \
                                 f"{proc.stderr[-3000:]}"
    if command == QUICK_START:
        assert "the fair share at 4 players is 25.0% (1 in 4)" in proc.stdout
        assert "expected about" in proc.stderr  # said before the games started
