"""``python -m`` entry points on a plain install: one line for a missing dependency, no warnings of their own."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap


def _python(code: str, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, timeout=900)


def test_bench_without_pettingzoo_classic_is_one_line(tmp_path):
    # pygame (what pettingzoo[classic]'s connect_four needs) blocked, as on an install without the test extra
    proc = _python(textwrap.dedent('''
        import runpy, sys

        class NoPygame:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] == "pygame":
                    raise ModuleNotFoundError(f"No module named {name!r}", name=name)

        sys.meta_path.insert(0, NoPygame())
        sys.argv = ["bench", "democracy", "--seconds", "0.1", "--rounds", "1"]
        runpy.run_module("hustings.bench", run_name="__main__", alter_sys=True)
    '''), tmp_path)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    (line,) = proc.stderr.strip().splitlines()
    assert line.startswith("error: python -m hustings.bench compares with PettingZoo's connect_four_v3, which needs "
                           "pettingzoo[classic] (no module named 'pygame'): pip install \"pettingzoo[classic]\"")


def test_politix_components_runs_without_runpy_warning(tmp_path):
    proc = subprocess.run([sys.executable, "-W", "error", "-m", "hustings.politix.components"], capture_output=True,
                          text=True, cwd=tmp_path, timeout=900)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    cards = json.loads(proc.stdout)
    (tmp_path / "cards.json").write_text(json.dumps(cards))
    check = subprocess.run([sys.executable, "-W", "error", "-m", "hustings.politix.components", "--check",
                            "cards.json"], capture_output=True, text=True, cwd=tmp_path, timeout=900)
    assert check.returncode == 0 and check.stdout.strip() == "cards.json: ok" and check.stderr == ""
