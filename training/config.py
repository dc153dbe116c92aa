"""Training configs: YAML files in ``configs/``, validated when loaded.

Every knob of a training run lives in its config; :data:`SCHEMA` lists them all with their defaults, types and
meaning. Loading checks the file strictly: an unknown key, a value of the wrong type or a bad value raises
:class:`ConfigError` naming the key (``ppo.batch_size``) and what is expected. Keys left out take their defaults,
except ``game``. Numbers may be written as in YAML 1.2 (``3e-4``, ``1e6``; see :func:`yaml_loader`).

    from hustings.training.config import load_config
    cfg = load_config("configs/democracy.yaml")
    cfg["ppo"]["batch_size"]
"""
from __future__ import annotations

import copy
import decimal
import os
import re
from typing import Any, Callable

from hustings.core.rules import ConfigError


class Field:
    """One config key: default, accepted type(s), an optional value check and the words for what is expected."""

    def __init__(self, default: Any, kind: type | tuple, expected: str, check: Callable[[Any], bool] | None = None,
                 doc: str = ""):
        self.default, self.kind, self.expected, self.check, self.doc = default, kind, expected, check, doc

    def validate(self, where: str, value: Any) -> Any:
        kinds = self.kind if isinstance(self.kind, tuple) else (self.kind,)
        if float in kinds and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)  # YAML's 1 for 1.0
        if isinstance(value, bool) and bool not in kinds:
            ok = False
        else:
            ok = isinstance(value, kinds)
        if ok and self.check is not None:
            try:
                ok = bool(self.check(value))
            except (TypeError, ValueError):
                ok = False
        if not ok:
            raise ConfigError(f"{where}={value!r} is invalid; expected {self.expected}")
        return copy.deepcopy(value)


def _positive(v):
    return v > 0


def _nonneg(v):
    return v >= 0


def _weights(v):
    return all(isinstance(k, str) and isinstance(w, (int, float)) and not isinstance(w, bool) and w >= 0
               for k, w in v.items())


def _names(v):
    return len(v) > 0 and all(isinstance(x, str) for x in v)


def _layers(v):
    return len(v) > 0 and all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in v)


#: The whole config: section -> key -> Field (top-level keys are in section ``""``).
SCHEMA: dict[str, dict[str, Field]] = {
    "": {
        "game": Field(None, str, "a registered game name (see hustings.games())", doc="the game to train"),
        "num_players": Field(None, (int, type(None)), "an int (players at the table) or null for the game's default",
                             doc="seats at the table"),
        "game_options": Field({}, dict, "a mapping of the game's variant options (e.g. {max_islands: 40})",
                              doc="the game's variant options"),
        "seed": Field(0, int, "an int", doc="seeds the envs, the opponents and torch"),
        "total_timesteps": Field(1_000_000, int, "an int > 0", _positive, doc="learner decisions to train for"),
        "n_envs": Field(8, int, "an int > 0", _positive, doc="parallel envs (batched policy inference)"),
        "vec_env": Field("dummy", str, "'dummy' (envs in this process) or 'subproc' (one process per env)",
                         lambda v: v in ("dummy", "subproc"), doc="how envs are vectorised"),
        "torch_threads": Field(0, int, "an int >= 0 (0 = every core)", _nonneg,
                               doc="torch threads for PPO updates (rollouts use 1: small batches)"),
        "output_dir": Field(None, (str, type(None)), "a path or null (runs/<game>)",
                            doc="where checkpoints, TensorBoard logs and reports go"),
    },
    "reward": {
        "mode": Field("win", str, "'win' (+1/-1 at the end) or 'score' (the game's points as they change)",
                      lambda v: v in ("win", "score"), doc="the env's reward"),
        "shaping": Field(0.0, float, "a number >= 0", _nonneg,
                         doc="extra reward per point of the learner's score change minus the others' mean change"),
    },
    "ppo": {
        "learning_rate": Field(3e-4, float, "a number > 0", _positive),
        "learning_rate_end": Field(None, (float, type(None)), "a number > 0 or null (no decay)",
                                   lambda v: v is None or v > 0,
                                   doc="if set, the rate falls linearly to this at total_timesteps"),
        "n_steps": Field(256, int, "an int > 1 (steps per env per rollout)", lambda v: v > 1),
        "batch_size": Field(1024, int, "an int > 1", lambda v: v > 1),
        "n_epochs": Field(4, int, "an int > 0", _positive),
        "gamma": Field(0.995, float, "a number in (0, 1]", lambda v: 0 < v <= 1),
        "gae_lambda": Field(0.95, float, "a number in [0, 1]", lambda v: 0 <= v <= 1),
        "clip_range": Field(0.2, float, "a number > 0", _positive),
        "ent_coef": Field(0.01, float, "a number >= 0", _nonneg),
        "vf_coef": Field(0.5, float, "a number >= 0", _nonneg),
        "max_grad_norm": Field(0.5, float, "a number > 0", _positive),
        "target_kl": Field(None, (float, type(None)), "a number > 0 or null", lambda v: v is None or v > 0),
        "net_arch": Field([128, 128], list, "a non-empty list of layer widths (ints > 0)", _layers),
        "activation": Field("tanh", str, "'tanh' or 'relu'", lambda v: v in ("tanh", "relu")),
    },
    "pretrain": {
        "bot": Field(None, (str, type(None)), "a scripted bot name or null (no warm start)",
                     doc="behaviour cloning before PPO: the policy first imitates this scripted bot (and the value "
                         "net learns its games' returns), then self-play improves on it; fresh runs only"),
        "games": Field(2000, int, "an int > 0", _positive, doc="games the bot plays against itself for the data "
                       "(every seat's decisions are samples)"),
        "epochs": Field(8, int, "an int > 0", _positive),
        "batch_size": Field(512, int, "an int > 0", _positive),
        "learning_rate": Field(1e-3, float, "a number > 0", _positive),
    },
    "opponents": {
        "scripted": Field({"heuristic": 1.0}, dict, "a mapping scripted-bot name -> weight >= 0", _weights,
                          doc="relative weights of the scripted bots in the pool"),
        "snapshots": Field(0.0, float, "a number >= 0", _nonneg,
                           doc="weight of the frozen learner snapshots (all together) against the scripted bots"),
        "snapshot_every": Field(100_000, int, "an int > 0 (timesteps)", _positive),
        "pool_size": Field(8, int, "an int > 0", _positive, doc="newest snapshots kept"),
        "deterministic": Field(False, bool, "true or false", doc="snapshots play their argmax instead of sampling"),
        "partners": Field("pool", str, "'pool' (bots drawn from the pool play the learner's partners) or 'self' (the "
                          "learner plays its whole party)", lambda v: v in ("pool", "self"),
                          doc="team games (Politix's parties, Prime Minister Scenario 4 with 4 players): who plays "
                              "the learner's partners. 'self': the learner's policy decides for every seat of its "
                              "party (all of them learner timesteps); 'pool': partners are drawn from the pool like "
                              "the opponents. Either way the learner's reward is its party's result. No effect in "
                              "games without parties"),
    },
    "eval": {
        "every": Field(100_000, int, "an int > 0 (timesteps)", _positive),
        "games": Field(200, int, "an int > 0", _positive, doc="games against each baseline per evaluation"),
        "final_games": Field(1000, int, "an int > 0", _positive, doc="games against each baseline at the end"),
        "baselines": Field(["random", "heuristic"], list, "a non-empty list of scripted-bot names", _names,
                           doc="the learner plays n-1 copies of each"),
        "deterministic": Field(True, bool, "true or false", doc="the learner plays its argmax when evaluated"),
    },
    "checkpoint": {
        "every": Field(100_000, int, "an int > 0 (timesteps)", _positive),
    },
}


def check_schema(raw: Any, schema: dict[str, dict[str, Field]], source: str) -> dict:
    """Every key of ``schema`` from ``raw`` (checked) or its default; an unknown, missing ``game`` or bad key raises
    :class:`ConfigError` naming it. Shared by this route's and the RLlib route's configs."""
    if not isinstance(raw, dict):
        raise ConfigError(f"{source}: expected a mapping of keys to values at the top level, got "
                          f"{type(raw).__name__}")
    sections = [s for s in schema if s]
    known = set(schema[""]) | set(sections)
    cfg: dict = {}
    for key in raw:
        if key not in known:
            raise ConfigError(f"{source}: unknown key {key!r}; expected one of {', '.join(sorted(known))}")
    for key, field in schema[""].items():
        if key == "game" and key not in raw:
            raise ConfigError(f"{source}: missing key 'game'; expected {field.expected}")
        cfg[key] = field.validate(f"{source}: {key}", raw[key]) if key in raw else copy.deepcopy(field.default)
    for sec in sections:
        given = raw.get(sec) or {}
        if not isinstance(given, dict):
            raise ConfigError(f"{source}: {sec} must be a mapping of its keys ({', '.join(schema[sec])}), "
                              f"got {type(given).__name__}")
        for key in given:
            if key not in schema[sec]:
                raise ConfigError(f"{source}: unknown key '{sec}.{key}'; expected one of "
                                  f"{', '.join(sec + '.' + k for k in schema[sec])}")
        cfg[sec] = {k: (f.validate(f"{source}: {sec}.{k}", given[k]) if k in given else copy.deepcopy(f.default))
                    for k, f in schema[sec].items()}
    return cfg


def check_game(cfg: dict, source: str):
    """The checks that need the game: its name, player count and options (``cfg["num_players"]`` is filled in)
    and the ``eval.baselines`` bot names. Returns the game's module."""
    import hustings

    if cfg["game"] not in hustings.GAMES:
        raise ConfigError(f"{source}: game={cfg['game']!r} is invalid; expected one of {', '.join(hustings.games())}")
    module = hustings.game_module(cfg["game"])
    try:
        game = module.raw_env.game_class(cfg["num_players"] or module.raw_env.default_players, **cfg["game_options"])
    except ConfigError as exc:
        raise ConfigError(f"{source}: num_players/game_options: {exc}") from None
    cfg["num_players"] = game.num_players
    for name in cfg["eval"]["baselines"]:
        if name not in module.BOTS:
            raise ConfigError(f"{source}: eval.baselines has unknown bot {name!r}; expected names among "
                              f"{', '.join(sorted(module.BOTS))}")
    return module


_NUMBER_TAG = "tag:hustings,2025:number"
# YAML 1.2 numbers that YAML 1.1 (PyYAML) reads as strings: an exponent without a dot or without a sign (1e6,
# 3e-4, 1.5e3), and a signed leading-dot fraction (-.5). Plain ints and YAML 1.1 floats keep their own resolvers,
# which are tried first.
_NUMBER = re.compile(r"""^(?:[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?[eE][-+]?[0-9]+
                        |[-+]?\.[0-9][0-9_]*(?:[eE][-+]?[0-9]+)?)$""", re.VERBOSE)

_LOADER = None  # built on first use (PyYAML is imported lazily)


def yaml_loader():
    """The PyYAML loader configs are read with: ``yaml.SafeLoader`` that also reads YAML 1.2 numbers.

    Plain PyYAML follows YAML 1.1, where a float needs a dot and a signed exponent, so ``3e-4`` and ``1e6`` would be
    strings. This loader reads ``1e6``, ``3e-4``, ``1.5e3``, ``-.5``, ``-1.5E+3`` as numbers. A number written
    without a dot whose value is whole (``1e6``, ``25e2``) is an ``int``, so it also fits int keys such as
    ``total_timesteps``; one with a dot (``1.0e6``) or a fraction (``3e-4``) is a ``float``. Quoted text stays text.
    ``yaml.SafeLoader`` itself is left as it is.
    """
    import yaml

    global _LOADER
    if _LOADER is None:
        class ConfigLoader(yaml.SafeLoader):
            """``yaml.SafeLoader`` plus YAML 1.2 number forms (see :func:`yaml_loader`)."""

        ConfigLoader.add_implicit_resolver(_NUMBER_TAG, _NUMBER, list("-+0123456789."))
        ConfigLoader.add_constructor(_NUMBER_TAG, _construct_number)
        _LOADER = ConfigLoader
    return _LOADER


def _construct_number(loader, node) -> int | float:
    text = loader.construct_scalar(node).replace("_", "")
    if "." not in text:
        exact = decimal.Decimal(text)
        if exact == exact.to_integral_value() and abs(exact.adjusted()) <= 300:
            return int(exact)
    return float(text)


def parse_yaml(text: str) -> Any:
    """``text`` parsed with :func:`yaml_loader` (raises ``yaml.YAMLError`` when it is not valid YAML)."""
    import yaml

    return yaml.load(text, Loader=yaml_loader())


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


def validate(raw: Any, source: str = "config") -> dict:
    """A full, checked config from a (possibly partial) mapping; raises :class:`ConfigError` naming the key."""
    cfg = check_schema(raw, SCHEMA, source)
    _check_against_game(cfg, source)
    return cfg


def _check_against_game(cfg: dict, source: str) -> None:
    """Checks that need the game (see :func:`check_game`) or several keys together."""
    module = check_game(cfg, source)
    bots = sorted(module.BOTS)
    for name in cfg["opponents"]["scripted"]:
        if name not in module.BOTS:
            raise ConfigError(f"{source}: opponents.scripted has unknown bot {name!r}; expected names among "
                              f"{', '.join(bots)}")
    if cfg["pretrain"]["bot"] is not None and cfg["pretrain"]["bot"] not in module.BOTS:
        raise ConfigError(f"{source}: pretrain.bot={cfg['pretrain']['bot']!r} is invalid; expected null or one of "
                          f"{', '.join(bots)}")
    if sum(cfg["opponents"]["scripted"].values()) <= 0:
        raise ConfigError(f"{source}: opponents.scripted={cfg['opponents']['scripted']!r} is invalid; expected at "
                          f"least one scripted bot with a weight > 0 (the pool starts with no snapshots)")
    rollout = cfg["ppo"]["n_steps"] * cfg["n_envs"]
    if cfg["ppo"]["batch_size"] > rollout:
        raise ConfigError(f"{source}: ppo.batch_size={cfg['ppo']['batch_size']} is invalid; expected at most "
                          f"ppo.n_steps * n_envs = {rollout}")
    if cfg["output_dir"] is None:
        cfg["output_dir"] = os.path.join("runs", cfg["game"])


def load_config(path: str) -> dict:
    """Read and validate a YAML config file."""
    return validate(read_yaml(path, "configs/democracy.yaml"), source=f"config {path}")
