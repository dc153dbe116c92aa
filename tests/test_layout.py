"""The package's import direction: no import cycle in the training tools, the envs never import them, and no game
knowledge outside the games."""
from __future__ import annotations

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDERS = {"envs": "hustings", "training": "hustings.training", "checkpoints": "hustings.checkpoints",
           "configs": "hustings.configs"}


def modules() -> dict[str, str]:
    """Import name -> file, for every module of the package."""
    out = {}
    for folder, package in FOLDERS.items():
        for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
            rel = os.path.relpath(dirpath, os.path.join(ROOT, folder))
            if folder == "envs" and rel.split(os.sep)[0] in ("training",):
                continue
            prefix = package if rel == "." else package + "." + rel.replace(os.sep, ".")
            for f in files:
                if f.endswith(".py"):
                    out[prefix if f == "__init__.py" else f"{prefix}.{f[:-3]}"] = os.path.join(dirpath, f)
    return out


def imports_of(name: str, path: str) -> set[str]:
    """Every module ``name`` imports anywhere in its file (module level or inside functions), resolved."""
    is_package = path.endswith("__init__.py")
    package = name if is_package else name.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module
            found.add(target)
            found |= {f"{target}.{a.name}" for a in node.names}
    return found


def test_the_envs_never_import_the_training_tools():
    mods = modules()
    offenders = {name: sorted(i for i in imports_of(name, path) if i.startswith("hustings.training"))
                 for name, path in mods.items() if not name.startswith("hustings.training")}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_no_import_cycle_in_the_training_tools():
    mods = {n: p for n, p in modules().items() if n.startswith("hustings.training.")}
    graph = {n: {i for i in imports_of(n, p) if i in mods and i != n} for n, p in mods.items()}
    state: dict[str, int] = {}

    def visit(node, path):
        state[node] = 1
        for nxt in graph[node]:
            if state.get(nxt) == 1:
                raise AssertionError("import cycle: " + " -> ".join(path[path.index(nxt):] + [nxt]))
            if nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for node in graph:
        if node not in state:
            visit(node, [node])
    assert graph["hustings.training.cli"] >= {"hustings.training.train", "hustings.training.commands"}


def test_the_cycle_check_sees_a_cycle(tmp_path):
    a = tmp_path / "a.py"
    a.write_text("from .b import x\n\ndef f():\n    from . import c\n")
    assert imports_of("hustings.training.a", str(a)) == {"hustings.training.b", "hustings.training.b.x",
                                                          "hustings.training", "hustings.training.c"}


def test_no_game_knowledge_in_the_training_tools():
    for name, path in modules().items():
        if name.startswith("hustings.training"):
            text = open(path, encoding="utf-8").read()
            for probe in ("party_of", ".scen", "scenario"):
                assert probe not in text, f"{name} reads a game's internals ({probe!r})"


def test_ci_runs_the_test_command_the_readme_shows():
    """README's set-up line 2 ends in the test command; .ci/run must run exactly that (and may run more after)."""
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    with open(os.path.join(ROOT, ".ci", "run")) as f:
        ci = [line.strip() for line in f if not line.lstrip().startswith("#")]
    shown = [line for line in readme.splitlines() if line.startswith("pip install") and "pytest" in line]
    assert len(shown) == 1, shown
    command = shown[0].split("&&")[-1].strip()
    assert command.startswith("python -m pytest") and command in ci, (command, ci)
    assert next(line for line in ci if "pytest" in line) == command  # the first test run is the README's
