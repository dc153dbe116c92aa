"""The smoke tier (``python -m pytest -m smoke``): every id tests/conftest.py lists still names a collected test, it
covers every game, and the README names it beside the full suite."""
from __future__ import annotations

import os
import subprocess
import sys

import conftest
import hustings
from helpers import ROOT


def test_every_smoke_id_names_a_collected_test_and_every_game_is_covered():
    files = sorted({entry.split("::", 1)[0] for entry in conftest.SMOKE})
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "smoke",
                           "-p", "no:cacheprovider", *files], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    collected = [line.strip() for line in done.stdout.splitlines() if "::" in line]
    missing = [entry for entry in conftest.SMOKE
               if not any(c == entry or c.split("[", 1)[0] == entry for c in collected)]
    assert not missing, f"smoke ids in tests/conftest.py that name no test: {missing}"
    for game in hustings.games():
        assert any(f"[{game}" in c for c in collected), f"the smoke tier leaves out {game}"
    assert not [c for c in collected if not conftest._smoke_id(c)], "-m smoke selected a test not listed"


def test_the_readme_names_the_smoke_tier_and_the_full_suite():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    assert "python -m pytest -m smoke -n 2" in text
    assert "python -m pytest -q -n auto" in text
