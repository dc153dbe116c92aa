"""The compiled engines' house rules: each game's engine in its own room (``hustings.<game>.engine``), one random
number implementation, one way to find an engine, and an on-disk cache that sees every engine source."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap

import pytest
from helpers import ROOT

from hustings import registry

pytest.importorskip("numba")

ENVS = os.path.join(ROOT, "envs")
GAMES = [i.name for i in registry.all_info()]
ENGINES = [i.name for i in registry.all_info() if i.engine is not None]


def python_files(folder: str):
    for dirpath, _, files in os.walk(folder):
        for f in files:
            if f.endswith(".py"):
                yield os.path.join(dirpath, f)


def test_each_engine_is_a_subpackage_of_its_game_with_the_same_role_files():
    for game in ENGINES:
        assert registry.info(game).engine == f"hustings.{game}.engine"
        folder = os.path.join(ENVS, game, "engine")
        assert {"__init__.py", "batch.py", "kernels.py", "bots.py"} <= set(os.listdir(folder)), game
        assert not [f for f in os.listdir(os.path.join(ENVS, game)) if f.startswith("engine") and f.endswith(".py")]
    assert not os.path.exists(os.path.join(ENVS, "prime_minister", "engine.py"))  # the rules' task queue: tasks.py


def test_one_mersenne_twister_and_one_splitmix():
    """The generators' constants appear in hustings.engine.rng alone (and the pure-Python episode seeds)."""
    allowed = {os.path.join(ENVS, "engine", "rng.py"), os.path.join(ENVS, "vector.py")}
    for path in python_files(ENVS):
        text = open(path, encoding="utf-8").read()
        for constant in ("0x9908B0DF", "1812433253", "1664525", "0xBF58476D1CE4E5B9"):
            assert constant.lower() not in text.lower() or path in allowed, (path, constant)


def test_engine_files_use_the_room_wide_cache():
    """Every compiled function of a room (the shared one, each game's) is made by hustings.engine.jit.njit, not
    numba's own: one cache stamp for all, whatever was imported first."""
    rooms = [os.path.join(ENVS, "engine")] + [os.path.join(ENVS, game, "engine") for game in ENGINES]
    for path in (p for room in rooms for p in python_files(room)):
        if path.endswith(os.path.join("engine", "jit.py")):
            continue
        tree = ast.parse(open(path, encoding="utf-8").read())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module == "numba":
                assert all(a.name not in ("njit", "jit", "vectorize") for a in node.names), path
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "numba":
                assert node.attr not in ("njit", "jit", "vectorize"), path


def test_the_cache_stamp_covers_every_engine_file_and_what_the_kernels_import():
    from hustings.engine import jit

    files = set(jit.sources())
    for game in ENGINES:
        folder = os.path.join(ENVS, game, "engine")
        assert {os.path.join(folder, f) for f in ("kernels.py", "bots.py")} <= files
        assert os.path.join(ENVS, game, "cards.py") in files  # the card tables the kernels compile in
        assert os.path.join(folder, "batch.py") not in files  # Python only: a change there compiles nothing
    for name in ("rng.py", "pick.py", "bookkeeping.py"):
        assert os.path.join(ENVS, "engine", name) in files
    assert os.path.join(ENVS, "engine", "parity.py") not in files


PROBE_A = "from {njit} import njit\n\n\n@njit(cache=True, inline='always')\ndef f():\n    return {value}\n"
PROBE_B = textwrap.dedent("""\
    from {njit} import njit
    from .a import f


    @njit(cache=True)
    def g():
        return f()
""")
RUN = textwrap.dedent("""\
    import sys
    sys.path.insert(0, {root!r})
    from hustings.engine import jit
    jit.ROOTS.append({root!r})
    from probe.engine.b import g
    print(g())
""")


def _probe(tmp_path, njit_module: str) -> list[int]:
    """Compile g (which compiles in f of another file), change f's file, run again: what g returns each time."""
    room = tmp_path / "probe" / "engine"
    room.mkdir(parents=True)
    (tmp_path / "probe" / "__init__.py").write_text("")
    (room / "__init__.py").write_text("")
    (room / "b.py").write_text(PROBE_B.format(njit=njit_module))
    seen = []
    for value in (1, 1, 2):
        (room / "a.py").write_text(PROBE_A.format(njit=njit_module, value=value))
        out = subprocess.run([sys.executable, "-c", RUN.format(root=str(tmp_path))], capture_output=True, text=True,
                             check=True)
        seen.append(int(out.stdout.split()[-1]))
    return seen


def test_a_change_in_any_engine_file_is_compiled_anew(tmp_path):
    assert _probe(tmp_path / "room", "hustings.engine.jit") == [1, 1, 2]
    # with numba's own njit the cache keys g by its file alone: it runs the stale f (why the room-wide stamp exists)
    assert _probe(tmp_path / "plain", "numba") == [1, 1, 1]


def test_one_way_to_find_an_engine(monkeypatch):
    from hustings.engine import engine_module
    from hustings.errors import ConfigError

    for game in ENGINES:
        module = engine_module(game)
        assert module.BatchEngine.__module__ == f"hustings.{game}.engine.batch"
        assert module.BatchBots.__module__ == f"hustings.{game}.engine.bots"
    for game in set(GAMES) - set(ENGINES):
        assert engine_module(game) is None
        with pytest.raises(ConfigError, match="no compiled engine"):
            engine_module(game, required=True)
    monkeypatch.setitem(sys.modules, "numba", None)
    with pytest.raises(ConfigError, match="pip install numba"):
        engine_module(ENGINES[0], required=True)


def test_without_numba_one_line_says_what_is_slow(capfd):
    code = ("import sys; sys.modules['numba'] = None\n"
            "from hustings.vector import make_vector\n"
            f"print(make_vector({ENGINES[0]!r}, 2).backend)\n"
            f"print(make_vector({ENGINES[0]!r}, 2).backend)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["python", "python"]
    lines = [line for line in out.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "numba" in lines[0] and "slower" in lines[0] and "pip install numba" in lines[0]


def test_a_plain_install_gets_the_compiled_engines():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)["project"]
    assert any(d.replace(" ", "").startswith("numba>=") for d in project["dependencies"])
    assert project["optional-dependencies"]["fast"] == []  # kept for old install lines


def test_one_parity_checker():
    """The lockstep of an engine against the rules is hustings.engine.parity's alone (no test keeps its own)."""
    found = {}
    for folder in (ENVS, os.path.join(ROOT, "tests"), os.path.join(ROOT, "training"), os.path.join(ROOT, "tools")):
        for path in python_files(folder):
            for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
                if isinstance(node, ast.FunctionDef) and node.name in ("play_both", "compare_with_rules",
                                                                      "replay_golden", "record_golden"):
                    found.setdefault(node.name, []).append(os.path.relpath(path, ROOT))
    assert found == {name: [os.path.join("envs", "engine", "parity.py")] for name in found} and len(found) == 4
