"""The documentation: every public function and class of the API reference's modules has a docstring, the site's
navigation lists every page, the generated game tables match the code, the SB3 recipe runs, and (``slow``) the site
builds strictly."""
from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import re
import subprocess
import sys

import pytest
import yaml

from helpers import ROOT

DOCS = os.path.join(ROOT, "docs")


def reference_targets() -> list[tuple[str, list[str] | None]]:
    """``(module, members or None for all)`` of every ``::: module`` block of docs/reference/*.md."""
    out = []
    folder = os.path.join(DOCS, "reference")
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            text = f.read()
        for match in re.finditer(r"^::: ([\w.]+)\n((?:    .*\n)*)", text, flags=re.M):
            members = re.search(r"members: \[([^\]]*)\]", match.group(2))
            out.append((match.group(1), [m.strip() for m in members.group(1).split(",")] if members else None))
    return out


def _undocumented(module, members: list[str] | None) -> list[str]:
    missing = []
    names = members if members is not None else [n for n in vars(module) if not n.startswith("_")]
    for name in names:
        obj = getattr(module, name)
        if members is None and getattr(obj, "__module__", None) != module.__name__:
            continue  # imported from elsewhere: documented where it is defined
        if not (inspect.isfunction(obj) or inspect.isclass(obj)):
            continue
        if not inspect.getdoc(obj) or (inspect.isclass(obj) and not obj.__doc__):
            missing.append(name)
        if inspect.isclass(obj):
            for attr, value in vars(obj).items():
                if attr.startswith("_"):
                    continue
                func = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
                func = func.fget if isinstance(func, property) else func
                if inspect.isfunction(func) and not inspect.getdoc(getattr(obj, attr, None)):
                    missing.append(f"{name}.{attr}")
    return missing


def test_every_public_function_and_class_of_the_reference_has_a_docstring():
    targets = reference_targets()
    assert len(targets) >= 20 and ("hustings.training.selfplay", None) in targets
    missing = {}
    for name, members in targets:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:  # an extra that is not installed (torch, ...)
            pytest.importorskip(exc.name)
            raise
        found = _undocumented(module, members)
        if found:
            missing[name] = found
    assert missing == {}, "public functions and classes without a docstring"


def _nav_pages(node) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, list):
        return [p for item in node for p in _nav_pages(item)]
    if isinstance(node, dict):
        return [p for value in node.values() for p in _nav_pages(value)]
    return []


def test_the_site_lists_every_page_and_every_listed_page_exists():
    with open(os.path.join(ROOT, "mkdocs.yml"), encoding="utf-8") as f:
        config = yaml.safe_load(f)
    listed = _nav_pages(config["nav"])
    assert len(listed) == len(set(listed)), "a page is listed twice"
    for page in listed:
        assert os.path.isfile(os.path.join(DOCS, page)), f"mkdocs.yml lists {page}, which is not in docs/"
    pages = {os.path.relpath(os.path.join(d, f), DOCS).replace(os.sep, "/")
             for d, _, files in os.walk(DOCS) for f in files if f.endswith(".md")}
    # folders the site leaves out (exclude_docs): data and Markdown that pages include, not pages of their own
    excluded = [line.strip() for line in config.get("exclude_docs", "").splitlines() if line.strip().endswith("/")]
    pages = {p for p in pages if not any(p.startswith(folder) for folder in excluded)}
    assert pages - set(listed) == set(), "pages in docs/ the site does not list"
    assert {"architecture.md", "vector.md", "changelog.md", "reference/index.md"} <= set(listed)
    # the docs extra installs what the site needs, and CI builds it strictly
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as f:
        pyproject = f.read()
    assert re.search(r'^docs = \[\n(    ".*",\n)*?    "mkdocs-material', pyproject, flags=re.M)
    assert '"mkdocstrings[python]' in pyproject
    with open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8") as f:
        assert "mkdocs build --strict" in f.read()


def _hooks():
    spec = importlib.util.spec_from_file_location("docs_hooks", os.path.join(DOCS, "hooks.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["democracy", "politix", "politrickers", "prime_minister"])
def test_the_generated_game_tables_match_the_code(game):
    import hustings

    hooks = _hooks()
    rules = hustings.registry.make_game(game, None)
    observation = hooks.observation_table(game)
    assert f"a `float32` vector of {rules.observation_size}" in observation
    rows = [line for line in observation.splitlines() if line.startswith("| `")]
    assert len(rows) == len(rules.observation_fields())
    actions = hooks.actions_table(game)
    counts = [int(line.split("|")[2]) for line in actions.splitlines()[4:]]
    assert sum(counts) == rules.num_actions
    options = hooks.options_table(game)
    assert all(f"`{key}`" in options for key in rules.OPTIONS)
    page = f"<!-- hustings:options {game} -->\n\n<!-- hustings:actions {game} -->"
    assert hooks.on_page_markdown(page, None, None, None) == options + "\n\n" + actions


def test_the_sb3_recipe_trains_and_saves_a_bot(tmp_path):
    """docs/examples/sb3_selfplay.py, the lines the training page shows, with a few timesteps and a short rollout."""
    pytest.importorskip("sb3_contrib")
    with open(os.path.join(DOCS, "examples", "sb3_selfplay.py"), encoding="utf-8") as f:
        code = f.read()
    small = code.replace("total_timesteps=20_000", "total_timesteps=64").replace(
        'seed=0, verbose=0', 'seed=0, verbose=0, n_steps=64, batch_size=32, n_epochs=1')
    assert small.count("64") >= 2, "the recipe changed: update this test's substitutions"
    proc = subprocess.run([sys.executable, "-c", small], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert re.match(r"seat \d, win share [01]\.\d+, scores \[", proc.stdout)
    assert (tmp_path / "democracy_ppo.zip").is_file()
    # the saved model is a bot SPEC
    from hustings.evaluation.evaluate import tournament

    res = tournament("democracy", [str(tmp_path / "democracy_ppo.zip"), "heuristic", "heuristic", "heuristic"], 4,
                     num_players=4, workers=1, progress=False)
    assert res["games"] == 4


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path):
    pytest.importorskip("mkdocs")
    pytest.importorskip("material")
    pytest.importorskip("mkdocstrings_handlers.python")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600,
                          env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert (tmp_path / "site" / "reference" / "training" / "index.html").is_file()


# --- every measured table says how it was made ---------------------------------------------------------------------
#: A command that makes or remakes a figure.
COMMAND = re.compile(r"python -m |hustings [a-z]|python tools/|python docs/|ev\.tournament|`python |time python|"
                     r"command time")
#: A table cell that holds a measurement: a decimal, a ratio (3.2x), a rate (/s), a percentage or a large count.
MEASURED = re.compile(r"\d\.\d|\d+(\.\d+)?x\b|/s\b|\d ?%|\d{1,3}(,\d{3})+")


def tables_without_a_command(text: str) -> list[int]:
    """The first lines (1-based) of the tables of measurements in the markdown ``text`` whose section (or an
    enclosing section's own text before its first subsection, or the file's opening lines: "Made by `...`") names
    no command."""
    lines = text.splitlines()
    if any(COMMAND.search(line) and "ade by" in line for line in lines[:12]):
        return []
    heads = [(i, len(line) - len(line.lstrip("#"))) for i, line in enumerate(lines) if re.match(r"#{1,6} ", line)]

    def next_head(i: int) -> int:
        return next((j for j, _ in heads if j > i), len(lines))

    def context(row: int) -> list[str]:
        before = [h for h in heads if h[0] <= row]
        if not before:
            return lines[:next_head(row)]
        start, level = before[-1]
        out = lines[start:next_head(row)]  # the table's own section
        for i, lv in reversed(before[:-1]):  # each enclosing section's opening text
            if lv < level:
                out += lines[i:next_head(i)]
                level = lv
        return out

    missing, i = [], 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and re.match(r"^\|[\s:|-]+\|$", lines[i + 1].strip()):
            j = i + 2
            while j < len(lines) and lines[j].startswith("|"):
                j += 1
            cells = [re.sub(r"\[[^\]]*\]\([^)]*\)|`[^`]*`", "", row) for row in lines[i + 2:j]]
            if any(MEASURED.search(row) for row in cells) and not any(COMMAND.search(x) for x in context(i)):
                missing.append(i + 1)
            i = j
        else:
            i += 1
    return missing


def test_a_table_without_its_command_is_flagged():
    measured = "| game | rate |\n|---|---:|\n| democracy | 1,234/s |\n"
    assert tables_without_a_command("# Speed\n\n" + measured) == [3]
    assert tables_without_a_command("# Speed\n\n`python -m hustings.bench --vector`:\n\n" + measured) == []
    assert tables_without_a_command("# Speed\n\n`hustings evaluate ...`\n\n## Runs\n\n" + measured) == []
    assert tables_without_a_command("# A\n\n`hustings evaluate ...`\n\n## B\n\ntext\n\n## C\n\n" + measured) == []
    assert tables_without_a_command("# A\n\n## B\n\n`hustings evaluate ...`\n\n## C\n\n" + measured) == [9]
    assert tables_without_a_command("# Words\n\n| a | b |\n|---|---|\n| one | two |\n") == []  # nothing measured


def test_every_table_of_measurements_names_the_command_that_made_it():
    """Every table of figures in the README and the docs site has the command that makes it in its section."""
    files = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, "BENCHMARKS.md")]
    for here, _, names in os.walk(DOCS):
        files += [os.path.join(here, n) for n in sorted(names) if n.endswith(".md")]
    found = {}
    for path in files:
        with open(path, encoding="utf-8") as f:
            missing = tables_without_a_command(f.read())
        if missing:
            found[os.path.relpath(path, ROOT)] = missing
    assert not found, f"tables of figures with no command beside them (file: first lines): {found}"
