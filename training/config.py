"""Training configs: YAML files in ``configs/``, read into typed objects and checked strictly.

A config is a :class:`TrainConfig`, a dataclass whose fields are the file's top-level keys, with one dataclass per
section (``ppo:`` is a :class:`PPOConfig`, ``opponents:`` an :class:`OpponentsConfig`, ...). The dataclasses are
the schema, and the only place where the keys are documented: each field's annotation is its type, and its
:func:`key` gives its default, its meaning (``doc``) and what it accepts (``expected``, the words in error
messages). The RLlib route's config (:class:`hustings.training.rllib_train.RLlibConfig`) is built from the same
pieces. :func:`json_schema` turns them into a JSON Schema for editors (``hustings train --json-schema``).

Loading checks the file strictly: an unknown key (with a suggestion when a known key is close: ``did you mean
'batch_size'?``), a value of the wrong type or a bad value raises :class:`ConfigError` naming the key
(``ppo.batch_size``) and what is expected. Keys left out take their defaults, except ``game``. Numbers may be
written as in YAML 1.2 (``3e-4``, ``1e6``; see :func:`yaml_loader`).

    from hustings.training.config import load_config
    cfg = load_config("configs/democracy.yaml")
    cfg.ppo.batch_size
    cfg.to_dict()                                   # plain data: checkpoints, config.yaml, report.json
    cfg.replace({"seed": 1, "ppo.batch_size": 512})  # a new config, checked again

A config is checked when it is built by :func:`load_config`, :func:`validate` (``TrainConfig.from_dict``) or
:meth:`RunConfig.replace`; the dataclasses themselves check nothing, so a value assigned to an attribute later is
not checked. What a checkpoint stored (``to_dict()`` of an earlier run, maybe of an older layout) reads back with
:meth:`RunConfig.from_stored`.
"""
from __future__ import annotations

import argparse
import copy
import dataclasses
import difflib
import functools
import inspect
import json
import os
import re
import sys
import types
import typing
from typing import Any, Callable, Literal, TypeVar, Union

from hustings.core.rules import ConfigError
from hustings.core.yamlio import parse_yaml, yaml_loader  # noqa: F401  (parse_yaml: re-exported)
from hustings.registry import DEFAULT_GAME

Run = TypeVar("Run", bound="RunConfig")


# --- the machinery: keys, sections, a route's whole config ------------------------------------------------------
def key(default: Any = dataclasses.MISSING, expected: str = "", doc: str = "",
        check: Callable[[Any], bool] | None = None) -> Any:
    """One key of a section dataclass (``batch_size: int = key(1024, "an int > 1", "minibatch size", ...)``).

    The field's annotation is the key's type (``int``, ``float | None``, ``Literal["tanh", "relu"]``,
    ``list[int]``, ``dict[str, float]``, ...); ``default`` is its value when the file leaves it out (none: the key
    is required); ``expected`` says in words what it accepts (error messages and the JSON schema show it); ``doc``
    says what it does; ``check(value)``, if given, is true for a good value of the right type (``v > 0``)."""
    metadata = {"expected": expected, "doc": doc, "check": check}
    if isinstance(default, (list, dict)):  # a fresh copy for every config
        return dataclasses.field(default_factory=functools.partial(copy.deepcopy, default), metadata=metadata)
    return dataclasses.field(default=default, metadata=metadata)


def section(cls: type) -> Any:
    """A section of a route's config (a nested mapping in the file, e.g. ``ppo:``): a field whose type is a
    :class:`Section` dataclass, all of its own keys at their defaults unless the file gives them."""
    return dataclasses.field(default_factory=cls)


class Section:
    """Base of the config dataclasses: one per mapping in the file (a route's top level and each section).

    Its fields are the mapping's keys (see :func:`key`), a field whose type is another ``Section`` a nested
    section (see :func:`section`); its docstring says what the section is for."""

    def to_dict(self) -> dict:
        """The config as plain data (nested dicts in the file's layout), e.g. to save it; a deep copy."""
        return dataclasses.asdict(self)

    @classmethod
    def _build(cls, raw: dict, source: str, prefix: str, strict: bool, root: type) -> "Section":
        """An instance from the mapping ``raw`` (the keys under ``prefix``, e.g. ``"ppo."``): every value checked,
        left-out keys at their defaults. ``strict``: an unknown key is an error (else it is ignored)."""
        names = [f.name for f in dataclasses.fields(cls)]
        if strict:
            for name in raw:
                if name not in names:
                    raise ConfigError(f"{source}: unknown key {prefix + str(name)!r}"
                                      f"{_suggestion(str(name), prefix, names, root)}; expected one of "
                                      f"{', '.join(prefix + n for n in names)}")
        hints = _hints(cls)
        values = {}
        for f in dataclasses.fields(cls):
            hint, path = hints[f.name], prefix + f.name
            if _is_section(hint):
                given = raw.get(f.name) or {}  # `ppo:` with nothing under it is an empty section
                if not isinstance(given, dict):
                    raise ConfigError(f"{source}: {path} must be a mapping of its keys "
                                      f"({', '.join(k.name for k in dataclasses.fields(hint))}), "
                                      f"got {type(given).__name__}")
                values[f.name] = hint._build(given, source, path + ".", strict, root)
            elif f.name in raw:
                values[f.name] = _checked(f, hint, f"{source}: {path}", raw[f.name])
            elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                raise ConfigError(f"{source}: missing key {path!r}; expected {f.metadata['expected']}")
        return cls(**values)


class RunConfig(Section):
    """Base of a route's whole config (:class:`TrainConfig`, ``RLlibConfig``): reading, checking, changing it."""

    #: A config file of the route, named when a config file does not exist.
    example = f"configs/{DEFAULT_GAME}.yaml"

    @classmethod
    def from_dict(cls: type[Run], raw: Any, source: str = "config") -> Run:
        """A full, checked config from a (possibly partial) mapping, as read from a YAML file; raises
        :class:`ConfigError` naming the key (``source`` starts the message: the file's name)."""
        if not isinstance(raw, dict):
            raise ConfigError(f"{source}: expected a mapping of keys to values at the top level, got "
                              f"{type(raw).__name__}")
        cfg = cls._build(raw, source, "", True, cls)
        cfg.check(source)
        return cfg

    @classmethod
    def load(cls: type[Run], path: str) -> Run:
        """Read and check a YAML config file (or a shipped config by name: see :func:`read_yaml`)."""
        return cls.from_dict(read_yaml(path, cls.example), source=f"config {path}")

    @classmethod
    def from_stored(cls: type[Run], data: Any, source: str = "stored config") -> Run:
        """The config an earlier run stored (its ``to_dict()`` in a checkpoint, ``config.yaml`` or
        ``report.json``), also of an older layout: keys it lacks take their defaults, keys this version does not
        know are ignored, the values are type-checked; nothing is checked against the game."""
        if not isinstance(data, dict):
            raise ConfigError(f"{source}: expected a mapping of keys to values, got {type(data).__name__}")
        return cls._build(data, source, "", False, cls)

    def replace(self: Run, changes: dict[str, Any], source: str = "config") -> Run:
        """A new config, checked again: this one with ``changes`` (dotted keys for sections:
        ``{"seed": 3, "ray.address": "auto"}``); this one is left as it is."""
        raw = self.to_dict()
        for dotted, value in changes.items():
            *sections, name = dotted.split(".")
            mapping = raw
            for sec in sections:
                mapping = mapping[sec]
            mapping[name] = value
        return type(self).from_dict(raw, source)

    def check(self, source: str) -> None:
        """The checks of several keys together and against the game (:func:`check_game`); fills in what the
        game decides (``num_players``). Each route adds its own (and fills in ``output_dir``)."""
        check_game(self, source)


@functools.lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _is_section(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, Section)


def _checked(field: dataclasses.Field, hint: Any, where: str, value: Any) -> Any:
    """``value`` if it fits the key's type and check (an int given for a float key becomes a float: YAML's ``1`` for
    ``1.0``); else :class:`ConfigError` ``WHERE=VALUE is invalid; expected ...``."""
    members = typing.get_args(hint) if _is_union(hint) else (hint,)
    if float in members and type(value) is int:
        value = float(value)
    ok = _fits(value, hint)
    check = field.metadata["check"]
    if ok and check is not None:
        try:
            ok = bool(check(value))
        except (TypeError, ValueError):
            ok = False
    if not ok:
        raise ConfigError(f"{where}={value!r} is invalid; expected {field.metadata['expected']}")
    return copy.deepcopy(value)


def _is_union(hint: Any) -> bool:
    return typing.get_origin(hint) in (Union, types.UnionType)


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` (as YAML reads it) has the type ``hint``; a bool is not a number, an int is a float."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if _is_union(hint):
        return any(_fits(value, a) for a in args)
    if origin is Literal:
        return any(type(value) is type(a) and value == a for a in args)
    if origin is list:
        return isinstance(value, list) and all(_fits(x, args[0]) for x in value)
    if origin is dict:
        return isinstance(value, dict) and all(_fits(k, args[0]) and _fits(v, args[1]) for k, v in value.items())
    if hint is type(None):
        return value is None
    if hint in (int, float):
        return isinstance(value, (int, float) if hint is float else int) and not isinstance(value, bool)
    return isinstance(value, hint)


def _suggestion(name: str, prefix: str, names: list[str], root: type) -> str:
    """`` (did you mean 'batch_size'?)`` for an unknown key: the key of that name in another section (written in
    full: ``'ppo.batch_size'``), else the closest key of the same mapping; empty when there is none."""
    elsewhere = [p for p in _key_paths(root) if p.rsplit(".", 1)[-1] == name and p != prefix + name]
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
    options = elsewhere or close
    if not options:
        return ""
    return " (did you mean " + " or ".join(repr(o) for o in options) + "?)"


def _key_paths(cls: type, prefix: str = "") -> list[str]:
    """Every key of ``cls`` and its sections, dotted (``game``, ``ppo.batch_size``, ...)."""
    out = []
    for f in dataclasses.fields(cls):
        hint = _hints(cls)[f.name]
        out += _key_paths(hint, prefix + f.name + ".") if _is_section(hint) else [prefix + f.name]
    return out


# --- the SB3 route's config (hustings train) --------------------------------------------------------------------
def _positive(v):
    return v > 0


def _nonneg(v):
    return v >= 0


def _layers(v):
    return len(v) > 0 and all(x > 0 for x in v)


@dataclasses.dataclass
class RewardConfig(Section):
    """``reward``: what the learner is paid."""

    mode: Literal["win", "score"] = key(
        "win", "'win' (+1/-1 at the end) or 'score' (the game's points as they change)", "the env's reward")
    shaping: float = key(
        0.0, "a number >= 0", "extra reward per point of the learner's score change minus the others' mean change",
        _nonneg)


@dataclasses.dataclass
class PPOConfig(Section):
    """``ppo``: sb3-contrib's MaskablePPO (SB3's names and meanings) and the policy network."""

    learning_rate: float = key(3e-4, "a number > 0", "Adam's learning rate (the start, with learning_rate_end)",
                               _positive)
    learning_rate_end: float | None = key(None, "a number > 0 or null (no decay)",
                                          "if set, the rate falls linearly to this at total_timesteps",
                                          lambda v: v is None or v > 0)
    n_steps: int = key(256, "an int > 1 (steps per env per rollout)",
                       "steps each env plays per rollout: a rollout (and one update) is n_steps * n_envs timesteps",
                       lambda v: v > 1)
    batch_size: int = key(1024, "an int > 1", "minibatch size of the update (at most n_steps * n_envs)",
                          lambda v: v > 1)
    n_epochs: int = key(4, "an int > 0", "passes over each rollout per update", _positive)
    gamma: float = key(0.995, "a number in (0, 1]", "discount factor", lambda v: 0 < v <= 1)
    gae_lambda: float = key(0.95, "a number in [0, 1]", "GAE's lambda (advantage estimates)", lambda v: 0 <= v <= 1)
    clip_range: float = key(0.2, "a number > 0", "PPO's clipping of the probability ratio", _positive)
    ent_coef: float = key(0.01, "a number >= 0", "weight of the entropy bonus (exploration)", _nonneg)
    vf_coef: float = key(0.5, "a number >= 0", "weight of the value loss (in pretraining too)", _nonneg)
    max_grad_norm: float = key(0.5, "a number > 0", "gradients are clipped to this norm (in pretraining too)",
                               _positive)
    target_kl: float | None = key(None, "a number > 0 or null",
                                  "an update stops early when the approximate KL exceeds this (null: never)",
                                  lambda v: v is None or v > 0)
    net_arch: list[int] = key([128, 128], "a non-empty list of layer widths (ints > 0)",
                              "hidden layers of the actor, and of the (separate) critic", _layers)
    activation: Literal["tanh", "relu"] = key("tanh", "'tanh' or 'relu'", "the hidden layers' activation")
    implementation: Literal["lean", "sb3"] = key(
        "lean", "'lean' or 'sb3'",
        "'lean': hustings.training.lean.LeanMaskablePPO (MaskablePPO with a leaner rollout loop and update: the same "
        "algorithm, policy and files); 'sb3': sb3_contrib's MaskablePPO as it is")
    central_critic: bool = key(
        False, "true or false",
        "the value net also sees the whole table during training (every hand: the batched engine's global "
        "observation, as env.state()); the policy, and so every snapshot, evaluation and exported net, sees only its "
        "seat's observation (hustings.training.critic; the card games' batched self-play only)")


@dataclasses.dataclass
class PretrainConfig(Section):
    """``pretrain``: the warm start by behaviour cloning (:mod:`hustings.training.pretrain`)."""

    bot: str | None = key(None, "a scripted bot name, a search bot SPEC (ismcts, pimc, 'ismcts:iters=200') or null "
                          "(no warm start)",
                          "behaviour cloning before PPO: the policy first imitates this bot (and the value net learns "
                          "its games' returns), then self-play improves on it; a search bot makes this expert "
                          "iteration's first step (the policy learns the search's moves); fresh runs only")
    games: int = key(2000, "an int > 0", "games the bot plays for the data (against itself: every seat's decisions "
                     "are samples; see table)", _positive)
    epochs: int = key(8, "an int > 0", "passes over the data", _positive)
    batch_size: int = key(512, "an int > 0", "minibatch size", _positive)
    learning_rate: float = key(1e-3, "a number > 0", "learning rate of its own Adam optimiser", _positive)
    workers: int = key(1, "an int > 0", "processes playing the bot's games (the data do not depend on it)",
                       _positive)
    cache: bool = key(False, "true or false",
                      "keep the collected games in output_dir/pretrain_data/ (chunks of 50 games, each written whole): "
                      "a rerun after an interruption loads the finished chunks instead of playing them again (worth "
                      "it for a search bot, whose games take hours; a scripted bot's take seconds)")
    targets: Literal["move", "visits"] = key(
        "move", "'move' or 'visits' (visits: only with an ismcts bot)",
        "what the policy imitates: the bot's move (one-hot), or an IS-MCTS teacher's root visit counts (its "
        "distribution over the legal moves, the heuristic favourite's prior head start included; AlphaZero-style "
        "soft targets, which keep how sure the search was)")
    table: str | None = key(None, "null or a scripted bot name (heuristic, random)",
                            "who sits at the other seats: null, the teacher at every seat (every decision is data); "
                            "a scripted bot, the teacher at one seat a game (seat = game index mod num_players) and "
                            "that bot at the rest, and only the teacher's decisions are data: the positions the "
                            "policy will meet when evaluated against that bot")
    policy: str | None = key(None, "null, a policy file (.npz or .pt) or 'shipped' (this game's shipped net at "
                             "num_players, without the search some sizes play it with)",
                             "continue from a trained bot: the actor starts from this policy's weights instead of "
                             "imitating `bot` (the value net still learns the returns of `bot`'s games, if `bot` is "
                             "set); its network must have this config's ppo.net_arch and activation; fresh runs only")
    finetune: bool = key(False, "true or false",
                         "with both policy and bot: the started actor also learns bot's moves (the imitation, from "
                         "the policy's weights instead of from scratch: a fine-tune toward a search, expert "
                         "iteration's step for a trained net); false: the critic alone learns from bot's games")


@dataclasses.dataclass
class OpponentsConfig(Section):
    """``opponents``: the pool the learner's opponents are drawn from, each game (:mod:`hustings.training.selfplay`)."""

    scripted: dict[str, float] = key({"heuristic": 1.0}, "a mapping scripted-bot name -> weight >= 0",
                                     "relative weights of the scripted bots in the pool",
                                     lambda v: all(w >= 0 for w in v.values()))
    snapshots: float = key(0.0, "a number >= 0",
                           "weight of the frozen learner snapshots (all together) against the scripted bots",
                           _nonneg)
    snapshot_every: int = key(100_000, "an int > 0 (timesteps)",
                              "timesteps between snapshots of the learner joining the pool (if snapshots > 0)",
                              _positive)
    pool_size: int = key(8, "an int > 0", "newest snapshots kept (in the pool and in the checkpoint)", _positive)
    league: list[str] = key([], "a list of SPECs of nets (shipped:GAME, policy files)",
                            "a league: fixed nets (past shipped bots, other runs' nets) in the snapshot pool for the "
                            "whole run, drawn like the learner's snapshots under the snapshots weight (which must "
                            "be > 0)", lambda v: all(isinstance(s, str) and s for s in v))
    sampling: Literal["uniform", "pfsp"] = key(
        "uniform", "'uniform' or 'pfsp'",
        "how a net is picked from the pool (the league and the snapshots) for a seat the snapshots weight gives it: "
        "'uniform', each alike; 'pfsp', prioritised fictitious self-play: member m with weight max((1 - p_m) ** "
        "pfsp_power, pfsp_floor), p_m the learner's recent pairwise win rate against m in the training games "
        "(hustings.training.league)")
    pfsp_power: float = key(2.0, "a number >= 0", "PFSP's exponent: 2 as AlphaStar's (1 - p)^2; 0 is uniform; "
                            "larger, harder opponents favoured more", _nonneg)
    pfsp_floor: float = key(0.02, "a number in [0, 1]",
                            "PFSP's least weight of a member (beaten ones are still met now and then, so their win "
                            "rate stays measured)", lambda v: 0 <= v <= 1)
    pfsp_window: int = key(2000, "an int > 0 (results)",
                           "about how many recent results against a member its win rate counts (older ones are "
                           "discounted by 1 - 1/pfsp_window per new result)", _positive)
    archive: bool = key(False, "true or false",
                        "also keep every snapshot as OUTPUT_DIR/snapshots/step_TIMESTEPS.npz, a policy file (a bot "
                        "SPEC: a later run's opponents.league, evaluation, the panel), none deleted: the population "
                        "on disk, beyond the newest pool_size the pool plays")
    deterministic: bool = key(False, "true or false", "snapshots play their argmax instead of sampling")
    partners: Literal["pool", "self"] = key(
        "pool", "'pool' (bots drawn from the pool play the learner's partners) or 'self' (the learner plays its "
        "whole party)",
        "team games (Politix's parties, Prime Minister Scenario 4 with 4 players): who plays the learner's "
        "partners. 'self': the learner's policy decides for every seat of its party (all of them learner "
        "timesteps); 'pool': partners are drawn from the pool like the opponents. Either way the learner's reward "
        "is its party's result. No effect in games without parties")


@dataclasses.dataclass
class EvalConfig(Section):
    """``eval``: the learner against the scripted baselines, during the run and at its end."""

    every: int = key(100_000, "an int > 0 (timesteps)", "timesteps between evaluations (eval.games each)",
                     _positive)
    games: int = key(200, "an int > 0", "games against each baseline per evaluation", _positive)
    final_games: int = key(1000, "an int > 0", "games against each baseline at the end (duplicate deals)",
                           _positive)
    baselines: list[str] = key(["random", "heuristic"], "a non-empty list of scripted-bot names",
                               "the learner plays n-1 copies of each", lambda v: len(v) > 0)
    deterministic: bool = key(True, "true or false", "the learner plays its argmax when evaluated")


@dataclasses.dataclass
class CheckpointConfig(Section):
    """``checkpoint``: how often ``OUTPUT_DIR/checkpoint.pt`` (what ``--resume`` continues) is written."""

    every: int = key(100_000, "an int > 0 (timesteps)", "timesteps between checkpoints (and one at the end)",
                     _positive)


@dataclasses.dataclass
class TrainConfig(RunConfig):
    """The config of ``hustings train`` (masked PPO self-play with SB3): the top-level keys, then the sections."""

    game: str = key(expected="a registered game name (see hustings.games())", doc="the game to train")
    num_players: int | None = key(None, "an int (players at the table) or null for the game's default",
                                  "seats at the table")
    game_options: dict[str, Any] = key({}, "a mapping of the game's variant options (e.g. {max_islands: 40})",
                                       "the game's variant options")
    seed: int = key(0, "an int", "seeds the envs, the opponents and torch")
    total_timesteps: int = key(1_000_000, "an int > 0", "learner decisions to train for", _positive)
    n_envs: int = key(8, "an int > 0", "parallel envs (batched policy inference)", _positive)
    vec_env: Literal["auto", "batched", "dummy", "subproc"] = key(
        "auto", "'auto', 'batched', 'dummy' (envs in this process) or 'subproc' (one process per env)",
        "how the n_envs games are stepped: 'batched', all in one call on the game's compiled engine with compiled "
        "scripted bots (hustings.training.batched; a ConfigError where the game or a scripted bot of the pool has "
        "no compiled version, or numba is missing); 'dummy'/'subproc', one Python self-play env per game, in this "
        "process or one process each; 'auto', batched where it applies, else dummy")
    torch_threads: int = key(0, "an int >= 0 (0 = every core)",
                             "torch threads for PPO updates (rollouts use 1: small batches)", _nonneg)
    output_dir: str | None = key(None, "a path or null (runs/<game>)",
                                 "where checkpoints, TensorBoard logs and reports go")
    reward: RewardConfig = section(RewardConfig)
    ppo: PPOConfig = section(PPOConfig)
    pretrain: PretrainConfig = section(PretrainConfig)
    opponents: OpponentsConfig = section(OpponentsConfig)
    eval: EvalConfig = section(EvalConfig)
    checkpoint: CheckpointConfig = section(CheckpointConfig)

    def check(self, source: str) -> None:
        """The checks against the game and of several keys together; ``output_dir`` defaults to ``runs/<game>``."""
        module = check_game(self, source)
        bots = sorted(module.BOTS)
        for name in self.opponents.scripted:
            if name not in module.BOTS:
                raise ConfigError(f"{source}: opponents.scripted has unknown bot {name!r}; expected names among "
                                  f"{', '.join(bots)}")
        if self.pretrain.bot is not None and self.pretrain.bot not in module.BOTS:
            from hustings.bots import search
            if not search.is_search_spec(self.pretrain.bot):
                raise ConfigError(f"{source}: pretrain.bot={self.pretrain.bot!r} is invalid; expected null, one of "
                                  f"{', '.join(bots)} or a search bot ({search.spec_help()})")
            try:
                search.parse_search_spec(self.pretrain.bot)
            except ConfigError as e:
                raise ConfigError(f"{source}: pretrain.bot: {e}") from None
        if self.pretrain.table is not None and self.pretrain.table not in module.BOTS:
            raise ConfigError(f"{source}: pretrain.table={self.pretrain.table!r} is invalid; expected null (the "
                              f"teacher at every seat) or one of {', '.join(bots)}")
        if self.pretrain.targets == "visits":
            from hustings.bots import search
            bot = self.pretrain.bot
            if bot is None or not search.is_search_spec(bot) or search.parse_search_spec(bot)[0] != "ismcts":
                raise ConfigError(f"{source}: pretrain.targets='visits' needs an IS-MCTS teacher; pretrain.bot is "
                                  f"{bot!r}, expected ismcts or an 'ismcts:...' SPEC (or targets: move)")
        if self.pretrain.policy not in (None, "shipped") and not self.pretrain.policy.endswith((".npz", ".pt")):
            raise ConfigError(f"{source}: pretrain.policy={self.pretrain.policy!r} is invalid; expected null, "
                              f"'shipped' or the path of a policy file (.npz or .pt)")
        if self.ppo.central_critic and self.pretrain.bot is not None:
            raise ConfigError(f"{source}: ppo.central_critic with pretrain.bot={self.pretrain.bot!r}: the warm start "
                              f"fits the value net to observations alone; expected pretrain.bot: null (pretrain.policy "
                              f"may still start the actor)")
        if self.pretrain.finetune and (self.pretrain.policy is None or self.pretrain.bot is None):
            raise ConfigError(f"{source}: pretrain.finetune needs both pretrain.policy (the net to start from) and "
                              f"pretrain.bot (the bot to imitate); policy is {self.pretrain.policy!r}, bot "
                              f"{self.pretrain.bot!r}")
        if sum(self.opponents.scripted.values()) <= 0:
            raise ConfigError(f"{source}: opponents.scripted={self.opponents.scripted!r} is invalid; expected at "
                              f"least one scripted bot with a weight > 0 (the pool starts with no snapshots)")
        if self.opponents.sampling == "pfsp" and self.opponents.snapshots <= 0:
            raise ConfigError(f"{source}: opponents.sampling='pfsp' with opponents.snapshots=0: PFSP draws among the "
                              f"nets of the pool, which then plays no seat; expected opponents.snapshots > 0")
        rollout = self.ppo.n_steps * self.n_envs
        if self.ppo.batch_size > rollout:
            raise ConfigError(f"{source}: ppo.batch_size={self.ppo.batch_size} is invalid; expected at most "
                              f"ppo.n_steps * n_envs = {rollout}")
        if self.output_dir is None:
            self.output_dir = os.path.join("runs", self.game)


#: The name the shipped configs' comments give this route's schema: :class:`TrainConfig`.
SCHEMA = TrainConfig


def check_game(cfg: RunConfig, source: str):
    """The checks that need the game, for either route: its name, player count and options (``cfg.num_players``
    is filled in) and the ``eval.baselines`` bot names. Returns the game's module."""
    import hustings

    if cfg.game not in hustings.games():
        raise ConfigError(f"{source}: game={cfg.game!r} is invalid; expected one of {', '.join(hustings.games())}")
    module = hustings.game_module(cfg.game)
    try:
        game = hustings.registry.make_game(cfg.game, cfg.num_players, cfg.game_options)
    except ConfigError as exc:
        raise ConfigError(f"{source}: num_players/game_options: {exc}") from None
    cfg.num_players = game.num_players
    for name in cfg.eval.baselines:
        if name not in module.BOTS:
            raise ConfigError(f"{source}: eval.baselines has unknown bot {name!r}; expected names among "
                              f"{', '.join(sorted(module.BOTS))}")
    return module


#: The keys a trained network depends on: a resumed run must have them as its checkpoint's config has them.
RESUME_KEYS = ("game", "num_players", "game_options", "ppo.net_arch", "ppo.activation")


def check_resume(stored: RunConfig, cfg: RunConfig, checkpoint: str) -> None:
    """Refuse (:class:`ConfigError`) to resume ``checkpoint``, trained with the config ``stored``, with ``cfg`` if
    they differ in a key of :data:`RESUME_KEYS`."""
    for dotted in RESUME_KEYS:
        before, now = (functools.reduce(getattr, dotted.split("."), c) for c in (stored, cfg))
        if before != now:
            raise ConfigError(f"cannot resume {checkpoint}: it was trained with {dotted}={before!r}, the config "
                              f"says {now!r}")


def validate(raw: Any, source: str = "config") -> TrainConfig:
    """A full, checked :class:`TrainConfig` from a (possibly partial) mapping; raises :class:`ConfigError` naming
    the key."""
    return TrainConfig.from_dict(raw, source)


def load_config(path: str) -> TrainConfig:
    """Read and check a YAML config file of ``hustings train``."""
    return TrainConfig.load(path)


# --- the JSON schema (for editors) ------------------------------------------------------------------------------
def json_schema(cls: type[RunConfig] | None = None) -> dict:
    """The JSON Schema (draft 2020-12) of a route's config files (:class:`TrainConfig` by default), generated
    from its dataclasses: every key with its type, its default and a description (its ``doc`` and what it
    accepts), ``game`` required, unknown keys refused. Value limits (``> 0``) are in the descriptions only; the
    full checks are :func:`validate`'s. Editors that read JSON Schema (e.g. VS Code's YAML extension) then
    complete and check config files; ``hustings train --json-schema`` (``train-rllib`` too) prints it."""
    cls = TrainConfig if cls is None else cls
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": f"hustings {cls.__name__}",
            **_object_schema(cls)}


def _object_schema(cls: type) -> dict:
    hints = _hints(cls)
    properties, required = {}, []
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        if _is_section(hint):
            properties[f.name] = _object_schema(hint)
            continue
        prop = _type_schema(hint)
        if f.default is not dataclasses.MISSING:
            prop["default"] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            prop["default"] = f.default_factory()
        else:
            required.append(f.name)
        prop["description"] = _plain(f"{f.metadata['doc']}; expected {f.metadata['expected']}")
        properties[f.name] = prop
    out = {"type": "object", "description": _plain(cls.__doc__ or ""), "properties": properties,
           "additionalProperties": False}
    if required:
        out["required"] = required
    return out


def _plain(doc: str) -> str:
    """A docstring as an editor shows it: one paragraph, reST's markup (``x``, :class:`x`) as Markdown's `x`."""
    text = " ".join(inspect.cleandoc(doc).split())
    return re.sub(r":[a-z]+:`~?([^`]+)`", r"`\1`", text).replace("``", "`")


_JSON_TYPES = {int: "integer", float: "number", str: "string", bool: "boolean", type(None): "null"}


def _type_schema(hint: Any) -> dict:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return {}
    if _is_union(hint):
        parts = [_type_schema(a) for a in args]
        if all(list(p) == ["type"] for p in parts):
            return {"type": [p["type"] for p in parts]}
        return {"anyOf": parts}
    if origin is Literal:
        return {"enum": list(args)}
    if origin is list:
        return {"type": "array", "items": _type_schema(args[0])}
    if origin is dict:  # JSON keys are strings
        return {"type": "object", "additionalProperties": _type_schema(args[1])}
    return {"type": _JSON_TYPES[hint]}


class _PrintJsonSchema(argparse.Action):
    """``--json-schema``: print the JSON schema and exit, like ``--help`` (no config file needed)."""

    def __init__(self, option_strings, dest, config_class: type[RunConfig], **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)
        self.config_class = config_class

    def __call__(self, parser, namespace, values, option_string=None):
        try:
            print(json.dumps(json_schema(self.config_class), indent=2), flush=True)
        except BrokenPipeError:  # e.g. piped into `head`: the rest goes nowhere
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        parser.exit()


def add_json_schema_option(parser: argparse.ArgumentParser, cls: type[RunConfig]) -> None:
    """Give a training command the option ``--json-schema``: print :func:`json_schema` of ``cls`` and exit."""
    parser.add_argument("--json-schema", action=_PrintJsonSchema, config_class=cls,
                        help="print the JSON schema of this command's config files (every key, its type, default "
                             "and meaning; for editors) and exit")


# --- reading YAML (the loader is hustings.core.yamlio's) ---------------------------------------------------
def read_yaml(path: str, example: str) -> Any:
    """The parsed YAML file at ``path``, or of the shipped config of that name (``smoke``, ``democracy``,
    ``rllib/smoke``: see :mod:`hustings.configs`); a missing or unparsable file raises :class:`ConfigError`."""
    import yaml

    from hustings import configs

    if not os.path.isfile(path) and path.removesuffix(".yaml") in configs.names():
        path = configs.path(path)
    if not os.path.isfile(path):
        raise ConfigError(f"config file {path!r} does not exist; expected a YAML file such as {example}, or a "
                          f"shipped config's name ({', '.join(configs.names())})")
    with open(path, encoding="utf-8") as f:
        try:
            return yaml.load(f, Loader=yaml_loader())
        except yaml.YAMLError as exc:
            raise ConfigError(f"config {path}: not valid YAML ({exc})") from None
