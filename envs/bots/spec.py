"""The one place a bot SPEC becomes a bot, for every command and the web app.

A SPEC is one of:

* a scripted bot's name (``random``, ``heuristic``, ...: the game's ``GAME_INFO.bots``);
* a search bot, ``ismcts`` or ``pimc`` with optional ``:key=value,...`` (:mod:`hustings.bots.search_spec`);
* ``shipped:GAME``, the shipped bot of the table's size: its net (``shipped-net:GAME`` says the same), or
  ``shipped-search:GAME``, the searching variant shipped beside the net at the sizes whose ``search.json`` names one;
* a policy file: ``policy.npz``, a torch ``policy.pt`` / ``checkpoint.pt`` (needs torch), an exported ``.onnx``
  policy, or a Stable-Baselines3 ``MaskablePPO`` ``model.zip`` (needs sb3-contrib);
* ``package.module:factory``, your own agent, or ``text:package.module:factory``, an agent that reads text
  (:mod:`hustings.bots.agents`).

:func:`resolve` checks SPECs at once and turns them into picklable *recipes*, which :func:`build` makes into bots
(in worker processes too); :func:`make_bots` does both.
"""
from __future__ import annotations

import hashlib
import importlib
import inspect
import os

from .. import checkpoints, registry
from ..core.bots import Bot
from ..errors import ConfigError
from . import search_spec
from .agents import CALLABLE, TEXT, TEXT_RETRIES, AgentBot, TextAgentBot, call_factory, load_factory, load_sb3
from .policy import NumpyPolicy, PolicyBot, load_policy

SHIPPED = "shipped:"  # shipped:democracy is the shipped Democracy bot (its net) for the table's size
SHIPPED_NET = "shipped-net:"  # the same net, by the name that says so
SHIPPED_SEARCH = "shipped-search:"  # the searching variant beside it, at the sizes whose search.json names one
SHIPPED_ANY = (SHIPPED, SHIPPED_NET, SHIPPED_SEARCH)
POLICY_SUFFIXES = (".pt", ".pth", ".zip", ".onnx", ".npz")


def is_callable_spec(spec) -> bool:
    """True for ``package.module:factory`` (not a search or shipped SPEC, which look alike)."""
    return (isinstance(spec, str) and bool(CALLABLE.match(spec)) and not search_spec.is_search_spec(spec)
            and not spec.startswith(SHIPPED_ANY))


def _unknown(game_name: str, spec) -> ConfigError:
    bots = registry.info(game_name).bots
    return ConfigError(f"{game_name}: unknown bot {spec!r}; expected a scripted bot ({', '.join(sorted(bots))}), a "
                       f"shipped bot ({', '.join(SHIPPED + g for g in checkpoints.names())}; its searching variant "
                       f"{SHIPPED_SEARCH}GAME at the sizes that have one), a search bot "
                       f"({search_spec.spec_help()}), a checkpoint or policy.npz path, an exported .onnx policy, or "
                       f"package.module:factory")


def _check_sampler(game, game_name: str, spec: str) -> None:
    from .search import check_sampler

    check_sampler(game, game_name, spec)


def resolve(game_name: str, game, specs: list[str]) -> list[tuple]:
    """Check ``specs`` for rules ``game`` (a :class:`~hustings.core.rules.Game` of ``game_name``) and turn them into
    picklable recipes: ``("scripted", name)``, ``("search", spec)``, ``("onnx", path)``,
    ``("policy", arrays, activation, label)``, ``("callable", ref)`` or ``("text", ref, retries)``. A bad SPEC is a
    :class:`~hustings.errors.ConfigError` (or ``CheckpointError`` for a bad file) here, never in a worker."""
    game_name = registry.game_key(game_name)
    bots = registry.info(game_name).bots
    recipes, cache = [], {}
    for spec in specs:
        if not isinstance(spec, str):
            raise _unknown(game_name, spec)
        if spec in bots:
            recipes.append(("scripted", spec))
            continue
        if search_spec.is_search_spec(spec):
            search_spec.parse_search_spec(spec)
            search_spec.resolve_options(game_name, search_spec.parse_search_spec(spec)[1])
            _check_sampler(game, game_name, spec)
            recipes.append(("search", spec))
            continue
        if spec.startswith(TEXT):
            ref = spec[len(TEXT):]
            if not CALLABLE.match(ref):
                raise ConfigError(f"agent {spec!r} is invalid; expected text:package.module:factory")
            recipe = ("text", ref, TEXT_RETRIES)
            build(game_name, recipe, game=game)  # fail here, not in a worker
            recipes.append(recipe)
            continue
        if is_callable_spec(spec):
            recipe = ("callable", spec)
            build(game_name, recipe, game=game)
            recipes.append(recipe)
            continue
        path, shipped = spec, spec.startswith(SHIPPED_ANY)
        if shipped:
            name = spec.partition(":")[2]
            if name != game_name:
                raise ConfigError(f"{game_name}: {spec!r} is another game's bot; expected "
                                  f"{spec.partition(':')[0]}:{game_name}")
            path = checkpoints.policy_path(name, game.num_players)
            if spec.startswith(SHIPPED_SEARCH):
                searched = checkpoints.search_variant(name, game.num_players)
                _check_sampler(game, game_name, searched)
                recipes.append(("search", searched))
                continue
        looks_like_path = os.sep in spec or "/" in spec or spec.endswith(POLICY_SUFFIXES)
        if not shipped and not looks_like_path and not os.path.exists(spec):
            raise _unknown(game_name, spec)
        if path.endswith(".onnx"):
            from .onnx import OnnxBot

            OnnxBot(path).check_game(game)
            recipes.append(("onnx", path))
            continue
        if spec not in cache:
            policy = load_sb3(path, game) if path.endswith(".zip") else load_policy(path, game)
            cache[spec] = ("policy", policy.to_arrays(), policy.activation,
                           spec if shipped else os.path.basename(spec))
        recipes.append(cache[spec])
    return recipes


def build(game_name: str, recipe: tuple, seed: int | None = None, game=None, num_players: int | None = None) -> Bot:
    """A bot from a recipe of :func:`resolve`. ``game`` (the rules game) or ``num_players`` is needed for
    ``callable`` and ``text`` recipes (a factory is told the table's size; a text agent reads the table)."""
    kind = recipe[0]
    if kind == "scripted":
        return registry.info(game_name).bots[recipe[1]](seed=seed)
    if kind == "search":
        from .search import make_search_bot

        return make_search_bot(game_name, recipe[1], seed=seed)
    if kind == "onnx":
        from .onnx import OnnxBot

        return OnnxBot(recipe[1], seed=seed)
    if kind == "policy":
        _, arrays, activation, label = recipe
        return PolicyBot(NumpyPolicy.from_arrays(arrays, activation), deterministic=True, seed=seed, label=label)
    n = game.num_players if game is not None else num_players
    if kind == "callable":
        made = call_factory(load_factory(recipe[1]), game_name, n, seed)
        return made if isinstance(made, Bot) else AgentBot(made, recipe[1])
    if kind == "text":
        game = game if game is not None else registry.make_game(game_name, n)
        made = call_factory(load_factory(recipe[1]), game_name, n, seed)
        return TextAgentBot(made, game, TEXT + recipe[1], retries=recipe[2])
    raise ValueError(f"unknown bot recipe {kind!r}")


def make_bots(game_name: str, game, specs: list[str], seed: int | None = None) -> list[Bot]:
    """One bot per SPEC for rules ``game``; bot ``i`` is seeded ``seed * 7919 + i`` (unseeded with ``seed`` None)."""
    recipes = resolve(game_name, game, specs)
    return [build(game_name, r, seed=None if seed is None else seed * 7919 + i, game=game)
            for i, r in enumerate(recipes)]


def bot_names(specs: list[str]) -> list[str]:
    """Display names, unique: the spec (a path's file name), numbered when a spec appears more than once."""
    base = [os.path.basename(s) if (os.sep in s or "/" in s) else s for s in specs]
    if len(set(base)) < len(base) and len(set(specs)) == len(specs):
        base = list(specs)  # same file names in different folders: show the paths
    names, seen = [], {}
    for b in base:
        seen[b] = seen.get(b, 0) + 1
        names.append(b if base.count(b) == 1 else f"{b}#{seen[b]}")
    return names


def spec_files(spec: str, num_players: int | None = None) -> list[str]:
    """The files a SPEC is made of at a table of ``num_players`` (hashed into results): a policy file (and a shipped
    bot's ``search.json``), a factory's module source."""
    if spec.startswith(SHIPPED_ANY):
        game = spec.partition(":")[2]
        searched = spec.startswith(SHIPPED_SEARCH)
        return [checkpoints.policy_path(game, num_players)] + (
            [os.path.join(checkpoints.folder(game, num_players), checkpoints.SEARCH_FILE)] if searched else [])
    ref = spec[len(TEXT):] if spec.startswith(TEXT) else spec
    if is_callable_spec(ref):
        try:
            path = inspect.getsourcefile(importlib.import_module(ref.partition(":")[0]))
        except (ImportError, TypeError):
            return []
        return [path] if path else []
    return [spec] if os.path.isfile(spec) else []


def spec_sha256(spec: str, num_players: int | None = None) -> str | None:
    """The hash a SPEC goes by at a table of ``num_players``: its one file's sha256, the sha256 of its files' hashes
    when it has several (a shipped net and its ``search.json``), None for a built-in bot."""
    digests = [sha256(f) for f in spec_files(spec, num_players)]
    if len(digests) <= 1:
        return digests[0] if digests else None
    return hashlib.sha256("".join(digests).encode()).hexdigest()


def sha256(path: str) -> str:
    """The sha256 of the file at ``path``."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
