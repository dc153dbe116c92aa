"""MkDocs hooks of the documentation site (mkdocs.yml ``hooks``): tables generated from the code, so the game pages
cannot drift from it, and Sphinx roles in docstrings shown as plain code.

In a page, ``<!-- hustings:observation GAME -->``, ``<!-- hustings:actions GAME -->`` and
``<!-- hustings:options GAME -->`` become the game's observation layout (``Game.observation_fields()`` at the default
table size), its action ids grouped by kind (``Game.action_names()``) and its variant options (``Game.OPTIONS``).
"""
from __future__ import annotations

import atexit
import os
import re
import shutil
import sys
import tempfile

MARKER = re.compile(r"<!-- hustings:(observation|actions|options) (\w+) -->")
ROLE = re.compile(r":(?:func|class|meth|mod|attr|data|exc|obj):(<code>)~?(?:[\w.]+\.)?")


def _game(name: str):
    import hustings

    return hustings.registry.make_game(name, None)


def observation_table(name: str) -> str:
    game = _game(name)
    rows = ["| field | offset | size | what |", "|---|---:|---:|---|"]
    for field, offset, size, what in game.observation_fields():
        rows.append(f"| `{field}` | {offset} | {size} | {what.replace('|', '/')} |")
    return (f"At {game.num_players} players the observation is a `float32` vector of {game.observation_size} "
            f"(`Game.observation_fields()`, read from the code when this page was built):\n\n" + "\n".join(rows))


def _kind(action_name: str) -> str:
    words = action_name.split()
    return words[0] if words else action_name


def actions_table(name: str) -> str:
    game = _game(name)
    names = game.action_names()
    groups = []  # (first id, last id, kind)
    for a, n in enumerate(names):
        kind = _kind(n)
        if groups and groups[-1][2] == kind:
            groups[-1][1] = a
        else:
            groups.append([a, a, kind])
    rows = ["| ids | count | kind | first | last |", "|---|---:|---|---|---|"]
    for first, last, kind in groups:
        ids = f"{first}" if first == last else f"{first}-{last}"
        rows.append(f"| {ids} | {last - first + 1} | {kind} | `{names[first]}` | `{names[last]}` |")
    return (f"`Discrete({game.num_actions})`: {len(names)} action ids, in runs of one kind "
            f"(`Game.action_names()`; `env.action_name(a)` names one):\n\n" + "\n".join(rows))


def options_table(name: str) -> str:
    game = _game(name)
    if not game.OPTIONS:
        return "No game options."
    rows = ["| option | default | accepts | what |", "|---|---|---|---|"]
    for key, option in game.OPTIONS.items():
        rows.append(f"| `{key}` | `{option.default!r}` | {option.expected or '-'} | "
                    f"{option.doc.replace('|', '/')} |")
    return "\n".join(rows)


TABLES = {"observation": observation_table, "actions": actions_table, "options": options_table}


def _package_as_installed() -> str | None:
    """A folder holding ``hustings`` laid out as a wheel installs it, for the API reference's static loader (griffe),
    when the installed package is not laid out so: an editable install maps ``hustings`` to ``envs/`` and
    ``hustings.training`` to ``training/`` (and the configs and checkpoints likewise) through an import hook that a
    static loader does not follow. The Python files are copied; ``None`` when the install is a plain one."""
    import importlib

    import hustings

    base = hustings.__path__[0]
    subpackages = ("training", "checkpoints", "configs")
    if all(os.path.isdir(os.path.join(base, sub)) for sub in subpackages):
        return None
    root = tempfile.mkdtemp(prefix="hustings-docs-")
    atexit.register(shutil.rmtree, root, ignore_errors=True)
    keep = shutil.ignore_patterns("__pycache__", "*.json", "*.npz", "*.pt", "*.png", "*.md", "*.yaml", "static")
    shutil.copytree(base, os.path.join(root, "hustings"), ignore=keep)
    for sub in subpackages:
        folder = importlib.import_module(f"hustings.{sub}").__path__[0]
        shutil.copytree(folder, os.path.join(root, "hustings", sub), ignore=keep, dirs_exist_ok=True)
    return root


def on_startup(command, dirty) -> None:
    # `mkdocs` started as a console script puts its own folder first on sys.path, and that folder holds the
    # `hustings` console script, which the API reference's loader (griffe) would take for the package: leave such
    # folders out before the plugins read sys.path; then put the package first as a wheel lays it out
    sys.path[:] = [p for p in sys.path if not os.path.isfile(os.path.join(p or ".", "hustings"))]
    root = _package_as_installed()
    if root is not None:
        sys.path.insert(0, root)


def on_page_markdown(markdown: str, page, config, files) -> str:
    return MARKER.sub(lambda m: TABLES[m.group(1)](m.group(2)), markdown)


def on_page_content(html: str, page, config, files) -> str:
    # docstrings name things as Sphinx does (:func:`~hustings.x.y`): show the name as code
    return ROLE.sub(r"\1", html)
