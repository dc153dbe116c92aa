"""The package's import direction: its layers (LAYERS: no module imports a layer above its own, function-level imports
included), no import cycle anywhere, the envs never import the training tools, and no game knowledge outside the
games."""
from __future__ import annotations

import ast
import os

import pytest
from helpers import ROOT

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


def test_the_command_line_loads_the_evaluation_and_training_commands_only_when_they_run():
    import hustings.cli

    graph = module_graph()
    assert not any(i.startswith(("hustings.training", "hustings.evaluation")) for i in graph["hustings.cli"])
    training = {m for m, *_ in hustings.cli.COMMANDS.values() if m.startswith("hustings.training.")}
    assert training == {"hustings.training.train", "hustings.training.rllib_train", "hustings.training.exploit",
                        "hustings.training.export"}
    evaluation = {m for m, *_ in hustings.cli.COMMANDS.values() if m.startswith("hustings.evaluation.")}
    assert evaluation == {"hustings.evaluation.evaluate", "hustings.evaluation.benchmark", "hustings.evaluation.panel"}
    for module, add, run, _ in hustings.cli.COMMANDS.values():
        imported = __import__(module, fromlist=[add])
        assert callable(getattr(imported, add)) and callable(getattr(imported, run))


def test_the_cycle_check_sees_a_cycle(tmp_path):
    a = tmp_path / "a.py"
    a.write_text("from .b import x\n\ndef f():\n    from . import c\n")
    assert imports_of("hustings.training.a", str(a)) == {"hustings.training.b", "hustings.training.b.x",
                                                          "hustings.training", "hustings.training.c"}


def test_no_game_knowledge_in_the_training_and_evaluation_tools():
    for name, path in modules().items():
        if name.startswith(("hustings.training", "hustings.evaluation")):
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


# --- the house by concept ---------------------------------------------------------------------------------------
GAMES = ("democracy", "politix", "politrickers", "prime_minister")
ROLE_FILES = ("__init__.py", "rules.py", "observe.py", "sample.py", "saved.py", "positions.py", "text.py", "bots.py",
              "web.py", "RULES.md")


def _in_game(path: str) -> bool:
    rel = os.path.relpath(path, ROOT).split(os.sep)
    return rel[0] == "envs" and ((len(rel) > 2 and rel[1] in GAMES)
                                 or any(rel[-1] == f"{g}_v1.py" for g in GAMES))


def _docstrings(tree) -> set[int]:
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                    and isinstance(first.value.value, str):
                ids.add(id(first.value))
    return ids


def game_names_in(path: str) -> list[tuple[int, str]]:
    """Code (not docstrings or comments) of ``path`` that names a game: strings, names, attributes, imports."""
    import re

    tree = ast.parse(open(path, encoding="utf-8").read())
    docs, hits = _docstrings(tree), []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            if any(re.search(rf"\b{g}\b", node.value) for g in GAMES):
                hits.append((node.lineno, node.value[:60]))
        elif isinstance(node, (ast.Name, ast.Attribute, ast.alias)):
            ident = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else \
                node.name
            if any(g in ident for g in GAMES):
                hits.append((node.lineno, ident))
        elif isinstance(node, ast.ImportFrom) and node.module and any(g in node.module for g in GAMES):
            hits.append((node.lineno, node.module))
    return hits


def test_no_game_is_named_outside_its_folder_but_in_the_registry():
    found = {}
    for name, path in modules().items():
        if _in_game(path) or path == os.path.join(ROOT, "envs", "registry.py"):
            continue
        hits = game_names_in(path)
        if hits:
            found[name] = hits
    assert found == {}


def test_the_web_page_names_no_game():
    import re

    folder = os.path.join(ROOT, "envs", "web", "static")
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            text = f.read()
        assert not [g for g in GAMES if re.search(rf"\b{g}\b", text)], f"{name} names a game"


def test_the_game_name_check_sees_a_game_named(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text('"""Docs may say democracy."""\nfrom hustings.politix import rules\nx = "prime_minister"\n')
    assert [h[1] for h in game_names_in(str(probe))] == ["hustings.politix", "prime_minister"]


def _private_names(inside_games: bool) -> set[str]:
    names = set()
    for name, path in modules().items():
        if _in_game(path) != inside_games:
            continue
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name.startswith("_"):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and isinstance(node.value, ast.Name) \
                    and node.value.id == "self":
                names.add(node.attr)
    return {n for n in names if not n.startswith("__")}


def test_no_game_private_attribute_is_read_outside_the_games():
    # the private names the games define (that no module outside them defines too)
    private = _private_names(inside_games=True) - _private_names(inside_games=False)
    found = {}
    for name, path in modules().items():
        if _in_game(path):
            continue
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            if isinstance(node, ast.Attribute) and node.attr in private and not (
                    isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                found.setdefault(name, []).append((node.lineno, ast.unparse(node)))
    assert found == {}


def module_graph(mods: dict[str, str] | None = None) -> dict[str, set[str]]:
    """Every module of the package (``mods``, import name -> file; default :func:`modules`) -> the package's modules
    it imports anywhere (function bodies too); ``from X import y`` counts as importing ``X.y`` where that is a
    module, else ``X``."""
    mods = modules() if mods is None else mods
    graph = {}
    for name, path in mods.items():
        package = name if path.endswith("__init__.py") else name.rsplit(".", 1)[0]
        found = set()
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            if isinstance(node, ast.Import):
                found |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = package
                for _ in range(node.level - 1):
                    base = base.rsplit(".", 1)[0]
                target = (f"{base}.{node.module}" if node.module else base) if node.level else node.module
                found |= {f"{target}.{a.name}" if f"{target}.{a.name}" in mods else target for a in node.names}
        graph[name] = {f for f in found if f in mods and f != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}

    def visit(node, path):
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt, path + [nxt])
                if found:
                    return found
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node, [node])
            if found:
                return found
    return None


def test_no_import_cycle_anywhere_in_the_package_even_through_function_level_imports():
    cycle = find_cycle(module_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_package_cycle_check_sees_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


# --- imports one way -----------------------------------------------------------------------------------------------
# The layers of the package, bottom up: a module may import its own layer and the layers below, never one above,
# anywhere in its file (function-level imports included: a function-level import up is a cycle waiting for a caller).
# A key is a top-level part of the package: `hustings.<key>` (a subpackage or a module); GAMES stands for every game
# package `hustings.<game>` (their compiled engines `hustings.<game>.engine` included) and their `hustings.<game>_v1`
# modules; "hustings" is the package's own __init__ (make, make_bot, load_bot).
LAYERS = {
    # the foundations, standard library only: every error class, the version, running one command (one-line errors,
    # a missing extra named), which the command line and every `python -m hustings.<package>.<module>` share
    "errors": 0, "version": 0, "commands": 0,
    # the interface every game implements: rules, env, the bot interface, the one play loop, files, YAML
    "core": 1,
    # games by name (the registry reads GameInfo from core and imports a game only by its name); the shipped configs
    "registry": 2, "configs": 2,
    # what every compiled engine shares (the numba cache, the base of the compiled bots, the parity check) and
    # engine_module(), which finds a game's engine through the registry: below the games, because each game's engine
    # package (hustings.<game>.engine) builds on it. The batched API over the engines (hustings.vector) is one layer
    # with it: vector finds engines with engine_module, and engine.parity seeds its games as vector does
    # (vector.episode_seeds)
    "engine": 3, "vector": 3,
    # the games
    GAMES: 4,
    # over any game, through the registry: the contract checks, and play for people and for agents that read text (how
    # moves read, the text view, records, the terminal loop; it takes bots as objects, so it needs no bot, while the
    # text agents of bots.agents read its text view)
    "testing": 5, "play": 5,
    # the bots (scripted, search, nets, your own) and the shipped bots' index: bots.zoo and bots.spec read the index,
    # and the index checks a search.json against the search SPEC grammar (bots.search_spec): one layer
    "bots": 6, "checkpoints": 6,
    # the front door: hustings.make / make_bot / load_bot, over the games and the bots
    "hustings": 7,
    # measuring bots by playing games (tournaments, the benchmark, the panel, ratings); the speed benchmarks
    "evaluation": 8, "bench": 8,
    # training bots: it measures them through evaluation (training.bench_train times envs with the speed benchmarks')
    "training": 9,
    # the web app, then the command line, which runs every command (the web app's `hustings serve` included)
    "web": 10,
    "cli": 11,
}


def layer_of(module: str) -> str | tuple:
    """The key of ``module`` in :data:`LAYERS`."""
    parts = module.split(".")
    if len(parts) == 1:
        return "hustings"
    key = parts[1]
    return GAMES if key in GAMES or (key.endswith("_v1") and key[:-3] in GAMES) else key


def wrong_way_imports(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every (module, what it imports) of ``graph`` where the imported module is in a higher layer."""
    return sorted((m, i) for m, imported in graph.items() for i in imported
                  if LAYERS[layer_of(i)] > LAYERS[layer_of(m)])


def test_every_part_of_the_package_has_a_layer():
    assert sorted({str(layer_of(m)) for m in modules()} - {str(k) for k in LAYERS}) == []


def test_imports_go_one_way_down_the_layers_even_at_function_level():
    assert wrong_way_imports(module_graph()) == []


def test_the_layer_check_sees_a_wrong_way_import(tmp_path):
    planted = tmp_path / "planted.py"
    planted.write_text("from ..errors import ConfigError\n\n\ndef f():\n    from ..cli import main\n"
                       "    from hustings.training import train\n    import hustings.evaluation.benchmark\n")
    mods = dict(modules(), **{"hustings.core.planted": str(planted)})
    assert [w for w in wrong_way_imports(module_graph(mods)) if w[0] == "hustings.core.planted"] == [
        ("hustings.core.planted", "hustings.cli"), ("hustings.core.planted", "hustings.evaluation.benchmark"),
        ("hustings.core.planted", "hustings.training.train")]
    # a game reading a bot is as wrong as the engine reading a game
    assert wrong_way_imports({"hustings.politix.rules": {"hustings.bots.spec"}, "hustings.engine": {"hustings.politix"},
                              "hustings.bots.spec": {"hustings.politix.rules"}}) == [
        ("hustings.engine", "hustings.politix"), ("hustings.politix.rules", "hustings.bots.spec")]


def test_one_errors_module():
    for name, path in modules().items():
        if name in ("hustings.errors",):
            continue
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            if isinstance(node, ast.ClassDef) and (node.name.endswith("Error") or node.name.endswith("Exception")):
                assert name == "hustings.errors", f"{name} defines {node.name}; every error class is in hustings.errors"


def test_one_play_loop():
    """Games are played to the end in core/match.py; the rules' own rollouts, the search's, the speed benchmark's raw
    loops and the parity checker's recording of rules play (a digest per decision, no bot) are the only other loops
    over ``is_terminal()``."""
    import re

    allowed = {"hustings.core.match", "hustings.core.rules", "hustings.bots.search", "hustings.bench.env",
               "hustings.bench.openspiel", "hustings.engine.parity"}
    for name, path in modules().items():
        if _in_game(path) or name in allowed:
            continue
        text = open(path, encoding="utf-8").read()
        assert not re.search(r"while not [\w.\[\]]+\.is_terminal\(\)", text), f"{name} has a play loop of its own"


def test_one_spec_resolver():
    defined = {}
    for name, path in modules().items():
        if _in_game(path):
            continue
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            if isinstance(node, ast.FunctionDef) and node.name in ("resolve_specs", "build_bot", "resolve", "build",
                                                                    "make_bots", "spec_sha256", "load_policy"):
                defined.setdefault(node.name, []).append(name)
    assert {k: v for k, v in defined.items() if len(v) > 1 or k == "build_bot"} in ({}, {"build_bot": [
        "hustings.evaluation.evaluate"]}), defined
    assert defined["resolve"] == ["hustings.bots.spec"] and defined["make_bots"] == ["hustings.bots.spec"]


def test_every_python_file_is_under_1000_lines():
    long = {}
    for folder in ("envs", "training", "tests", "checkpoints", "configs"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, folder)):
            for f in files:
                if f.endswith(".py"):
                    path = os.path.join(dirpath, f)
                    with open(path, encoding="utf-8") as fh:
                        lines = sum(1 for _ in fh)
                    if lines >= 1000:
                        long[os.path.relpath(path, ROOT)] = lines
    assert long == {}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_folder_has_the_same_role_files(game):
    present = set(os.listdir(os.path.join(ROOT, "envs", game)))
    assert set(ROLE_FILES) <= present, sorted(set(ROLE_FILES) - present)


def test_each_game_declares_itself_and_one_line_registers_it():
    import hustings
    from hustings import registry

    assert registry.GAME_PACKAGES == tuple(f"hustings.{g}" for g in GAMES)
    for info in registry.all_info():
        module = hustings.game_module(info.name)
        assert module.GAME_INFO is info
        assert module.raw_env.metadata["name"] == info.env_id and module.raw_env.default_players == info.default_players


# The aliases 0.2.0 kept for one release (CHANGELOG.md, 0.3.0): gone, each name fails as any unknown name does.
OLD_MODULES = ("hustings.core.search", "hustings.policy_bot", "hustings.onnx_bot", "hustings.training.agents",
               "hustings.records", "hustings.text_env", "hustings.training.cli", "hustings.training.commands",
               "hustings.training.benchmark")
OLD_ATTRIBUTES = (("hustings", "GAMES"), ("hustings", "VERSIONS"), ("hustings", "PARALLEL_GAMES"),
                  ("hustings.checkpoints", "load_bot"))


# Moved in 0.3.0 without an alias (CHANGELOG.md): evaluation out of training, the command runner out of the command line,
# the compiled engines into their games' engine packages and the shared pieces into hustings.engine.
MOVED_MODULES = ("hustings.training.evaluate", "hustings.training.strength", "hustings.training.panel",
                 "hustings.training.batch_play", "hustings.training.reference", "hustings.cli.run",
                 "hustings.democracy.engine_kernels", "hustings.democracy.engine_bots", "hustings.politix.engine_kernels",
                 "hustings.politix.engine_bots", "hustings.politix.engine_rollout", "hustings.politrickers.engine_kernels",
                 "hustings.politrickers.engine_bots", "hustings.core.batch_bots")


@pytest.mark.parametrize("old", OLD_MODULES + MOVED_MODULES)
def test_a_removed_alias_module_is_gone(old):
    import importlib

    with pytest.raises(ImportError):
        importlib.import_module(old)
    assert old not in modules()


@pytest.mark.parametrize("module,name", OLD_ATTRIBUTES)
def test_a_removed_alias_attribute_is_gone(module, name):
    import importlib

    with pytest.raises(AttributeError):
        getattr(importlib.import_module(module), name)
    with pytest.raises(ImportError):
        exec(f"from {module} import {name}", {})


def test_no_deprecation_warning_is_left_in_the_package():
    for name, path in modules().items():
        assert "DeprecationWarning" not in open(path, encoding="utf-8").read(), name


def _definitions(names: set[str]) -> dict[str, list[str]]:
    """Where each of ``names`` is defined (a function, a class or a module-level assignment), outside the games."""
    found: dict[str, list[str]] = {}
    for name, path in modules().items():
        if _in_game(path):
            continue
        tree = ast.parse(open(path, encoding="utf-8").read())
        for node in tree.body:
            targets = [node.name] if isinstance(node, (ast.FunctionDef, ast.ClassDef)) else \
                [t.id for t in getattr(node, "targets", [getattr(node, "target", None)]) if isinstance(t, ast.Name)]
            for t in targets:
                if t in names:
                    found.setdefault(t, []).append(name)
    return found


def test_one_source_for_the_version_the_envelope_check_and_the_move_reader():
    found = _definitions({"__version__", "check_envelope", "match_move", "read_strict", "GAME_PACKAGES",
                          "DEFAULT_GAME", "make_game"})
    assert found == {"__version__": ["hustings.version"], "check_envelope": ["hustings.bots.policy"],
                     "match_move": ["hustings.play.moves"], "read_strict": ["hustings.play.moves"],
                     "GAME_PACKAGES": ["hustings.registry"], "DEFAULT_GAME": ["hustings.registry"],
                     "make_game": ["hustings.registry"]}


def test_the_default_size_and_the_env_version_come_from_the_declaration_alone():
    import re

    for name, path in modules().items():
        text = open(path, encoding="utf-8").read()
        # the declarations (GAME_INFO) and the base classes' own defaults
        if name not in ("hustings.core.env", "hustings.core.info", *(f"hustings.{g}" for g in GAMES)):
            assert not re.search(r"default_players(: [^=]+)? ?= ?\d", text), f"{name} sets a default size of its own"
        if name.startswith("hustings.") and not _in_game(path):
            assert '"is_parallelizable"' not in text or name == "hustings.core.env", name


def test_one_way_to_build_a_game():
    """Outside the games, a rules game is built by ``registry.make_game`` alone (the env's base class, below the
    registry in the layers, builds its own from its class attribute)."""
    found = {}
    for name, path in modules().items():
        if _in_game(path) or name in ("hustings.registry", "hustings.core.env"):
            continue
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "game_class":
                found.setdefault(name, []).append(node.lineno)
    assert found == {}
