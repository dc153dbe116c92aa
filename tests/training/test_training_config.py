"""Training configs: the shipped ones load; every kind of mistake is an error naming the key and what is expected."""
from __future__ import annotations

import dataclasses
import json
import os

import pytest

from hustings.core.rules import ConfigError
from hustings.training.config import PPOConfig, TrainConfig, load_config, validate
from helpers import ROOT

CONFIGS = sorted(f for f in os.listdir(os.path.join(ROOT, "configs")) if f.endswith(".yaml"))


@pytest.mark.parametrize("name", CONFIGS)
def test_shipped_configs_load(name):
    cfg = load_config(os.path.join(ROOT, "configs", name))
    assert isinstance(cfg, TrainConfig)
    assert cfg.game and cfg.num_players >= 2
    assert list(cfg.to_dict()) == [f.name for f in dataclasses.fields(TrainConfig)]


EXPERIMENTS = sorted(f for f in os.listdir(os.path.join(ROOT, "configs", "experiments")) if f.endswith(".yaml"))


@pytest.mark.parametrize("name", EXPERIMENTS)
def test_experiment_configs_load_and_say_what_they_measured(name):
    """``configs/experiments/``: measured runs that are not shipped bots; each header gives its result."""
    from hustings import configs
    cfg = load_config(configs.path("experiments/" + name))
    assert cfg.output_dir.startswith("runs/experiments/")
    with open(configs.path("experiments/" + name)) as f:
        header = "".join(line for line in f if line.startswith("#"))
    assert "NOT the shipped bot" in header and "2,000 duplicate games" in header


def test_defaults_fill_missing_keys():
    cfg = validate({"game": "democracy"})
    assert cfg.num_players == 4  # the game's default
    assert cfg.ppo.n_epochs == 4 == {f.name: f for f in dataclasses.fields(PPOConfig)}["n_epochs"].default
    assert cfg.output_dir == os.path.join("runs", "democracy")
    assert cfg.opponents.scripted == {"heuristic": 1.0} and cfg.eval.baselines == ["random", "heuristic"]
    assert validate({"game": "democracy", "ppo": {"learning_rate": 1}}).ppo.learning_rate == 1.0
    other = validate({"game": "democracy"})
    other.eval.baselines.append("random")  # mutable defaults are not shared between configs
    assert cfg.eval.baselines == ["random", "heuristic"]


@pytest.mark.parametrize("raw, words", [
    ({"game": "democracy", "colour": "red"}, ["unknown key 'colour'", "expected one of"]),
    ({"game": "democracy", "ppo": {"batchsize": 64}}, ["unknown key 'ppo.batchsize'", "ppo.batch_size"]),
    ({"game": "democracy", "ppo": {"batch_size": "64"}}, ["ppo.batch_size='64'", "expected an int > 1"]),
    ({"game": "democracy", "ppo": {"batch_size": 64.0}}, ["ppo.batch_size=64.0", "expected an int"]),
    ({"game": "democracy", "ppo": {"gamma": 1.5}}, ["ppo.gamma=1.5", "(0, 1]"]),
    ({"game": "democracy", "ppo": {"activation": "gelu"}}, ["ppo.activation='gelu'", "'tanh' or 'relu'"]),
    ({"game": "democracy", "ppo": {"net_arch": [64, 0]}}, ["ppo.net_arch", "layer widths"]),
    ({"game": "democracy", "n_envs": 0}, ["n_envs=0", "an int > 0"]),
    ({"game": "democracy", "n_envs": True}, ["n_envs=True", "an int > 0"]),
    ({"game": "democracy", "vec_env": "ray"}, ["vec_env='ray'", "'dummy'"]),
    ({"game": "democracy", "reward": {"mode": "points"}}, ["reward.mode='points'", "'win'"]),
    ({"game": "democracy", "reward": 3}, ["reward must be a mapping"]),
    ({"game": "chess"}, ["game='chess'", "expected one of", "democracy"]),
    ({"ppo": {}}, ["missing key 'game'"]),
    ({"game": "democracy", "num_players": 9}, ["num_players", "2..6"]),
    ({"game": "democracy", "game_options": {"islands": 3}}, ["unknown option", "islands"]),
    ({"game": "democracy", "opponents": {"scripted": {"genius": 1.0}}}, ["unknown bot 'genius'", "heuristic"]),
    ({"game": "democracy", "opponents": {"scripted": {"random": -1}}}, ["opponents.scripted", "weight >= 0"]),
    ({"game": "democracy", "opponents": {"scripted": {"random": 0}}}, ["at least one scripted bot"]),
    ({"game": "democracy", "eval": {"baselines": ["oracle"]}}, ["eval.baselines", "'oracle'"]),
    ({"game": "democracy", "pretrain": {"bot": "oracle"}}, ["pretrain.bot='oracle'", "heuristic"]),
    ({"game": "democracy", "pretrain": {"games": 0}}, ["pretrain.games=0", "an int > 0"]),
    ({"game": "democracy", "pretrain": {"policy": "bot.zip"}}, ["pretrain.policy='bot.zip'", "'shipped'", ".npz"]),
    ({"game": "politix", "opponents": {"partners": "team"}}, ["opponents.partners='team'", "'pool'", "'self'"]),
    ({"game": "politix", "opponents": {"partners": True}}, ["opponents.partners=True", "'pool'"]),
    ({"game": "democracy", "n_envs": 2, "ppo": {"n_steps": 16, "batch_size": 64}}, ["batch_size=64", "at most"]),
    ([1, 2], ["expected a mapping"]),
])
def test_config_errors_name_the_key(raw, words):
    with pytest.raises(ConfigError) as info:
        validate(raw)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_config_file_errors(tmp_path):
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(str(tmp_path / "nope.yaml"))
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: democracy\nppo: [unclosed\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_config(str(bad))
    typo = tmp_path / "typo.yaml"
    typo.write_text("game: democracy\nppo:\n  n_epoch: 3\n")
    with pytest.raises(ConfigError, match=r"typo.yaml: unknown key 'ppo.n_epoch'"):
        load_config(str(typo))


def test_cli_reports_config_errors(tmp_path, capsys):
    from hustings.cli import main

    typo = tmp_path / "typo.yaml"
    typo.write_text("game: democracy\ntotal_timestep: 10\n")
    assert main(["train", str(typo)]) == 2
    assert "unknown key 'total_timestep'" in capsys.readouterr().err


def test_yaml_numbers_in_exponent_notation(tmp_path):
    """YAML 1.2 numbers (3e-4, 1e6, .5, -1.5E+3) are numbers through the real loader and validation; a whole one
    without a dot is an int (fits int keys), one with a dot is a float (int keys refuse it); quoted stays text."""
    import yaml

    from hustings.training.config import parse_yaml

    cfg_file = tmp_path / "sci.yaml"
    cfg_file.write_text("game: democracy\ntotal_timesteps: 1e6\nseed: 2E3\nppo:\n  learning_rate: 3e-4\n"
                        "  learning_rate_end: 1e-5\n  ent_coef: .5\n  clip_range: 1.5e-1\n  max_grad_norm: 1e0\n"
                        "reward:\n  shaping: 1e2\n")
    cfg = load_config(str(cfg_file))
    assert cfg.total_timesteps == 1_000_000 and type(cfg.total_timesteps) is int
    assert cfg.seed == 2000 and type(cfg.seed) is int
    p = cfg.ppo
    assert (p.learning_rate, p.learning_rate_end, p.ent_coef, p.clip_range) == (3e-4, 1e-5, 0.5, 0.15)
    assert type(p.max_grad_norm) is float and p.max_grad_norm == 1.0  # int 1 from 1e0, made a float
    assert cfg.reward.shaping == 100.0
    assert parse_yaml("[-1.5E+3, -.5, +2e3, 1.0e6, 25e-1, 1_000, 12, 0.5, '1e6', e5, 1:30, .inf]") == \
        [-1500.0, -0.5, 2000, 1e6, 2.5, 1000, 12, 0.5, "1e6", "e5", 90, float("inf")]
    assert type(parse_yaml("1.0e6")) is float
    assert yaml.safe_load("1e6") == "1e6"  # PyYAML's own SafeLoader is left alone
    # Not whole, or written with a dot: an int key says so, naming the key.
    for text, shown in (("total_timesteps: 1.5e3", "1500.0"), ("total_timesteps: 1.0e6", "1000000.0"),
                        ("n_envs: 25e-1", "2.5")):
        with pytest.raises(ConfigError, match=rf"={shown} is invalid; expected an int"):
            validate({"game": "democracy", **parse_yaml(text)})
    # The RLlib route reads through the same loader.
    from hustings.training import rllib_train
    rl = tmp_path / "rl.yaml"
    rl.write_text("game: democracy\nppo:\n  learning_rate: 5e-4\n")
    assert rllib_train.load_config(str(rl)).ppo.learning_rate == 5e-4


# --- typed configs: suggestions, the JSON schema, plain data and back, checked changes -----------------------------
@pytest.mark.parametrize("raw, words", [
    ({"game": "democracy", "ppo": {"batchsize": 64}}, ["unknown key 'ppo.batchsize' (did you mean 'batch_size'?)"]),
    ({"game": "democracy", "total_timestep": 10}, ["unknown key 'total_timestep' (did you mean 'total_timesteps'?)"]),
    ({"game": "democracy", "opponent": {}}, ["(did you mean 'opponents'?)"]),
    ({"game": "democracy", "ppo": {"n_epoch": 3}}, ["(did you mean 'n_epochs'?)"]),
    # the right key in the wrong place: named in full
    ({"game": "democracy", "pool_size": 3}, ["unknown key 'pool_size' (did you mean 'opponents.pool_size'?)"]),
    ({"game": "democracy", "batch_size": 64}, ["(did you mean 'ppo.batch_size' or 'pretrain.batch_size'?)"]),
    ({"game": "democracy", "ppo": {"shaping": 1.0}}, ["unknown key 'ppo.shaping' (did you mean 'reward.shaping'?)"]),
])
def test_misspelt_keys_get_a_suggestion(raw, words):
    with pytest.raises(ConfigError) as info:
        validate(raw)
    for w in words + ["expected one of"]:
        assert w in str(info.value), (w, str(info.value))


def test_no_suggestion_when_nothing_is_close():
    with pytest.raises(ConfigError) as info:
        validate({"game": "democracy", "colour": "red"})
    assert "did you mean" not in str(info.value)


def test_rllib_route_suggests_too():
    from hustings.training import rllib_train

    with pytest.raises(ConfigError, match=r"unknown key 'ray.adress' \(did you mean 'address'\?\)"):
        rllib_train.validate({"game": "democracy", "ray": {"adress": "auto"}})
    with pytest.raises(ConfigError, match=r"unknown key 'iteration' \(did you mean 'iterations'\?\)"):
        rllib_train.validate({"game": "democracy", "iteration": 3})


def _leaf_fields(cls, prefix=""):
    """(dotted key, dataclass field, annotation) of every key of a route's config."""
    import typing

    from hustings.training.config import Section

    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        if isinstance(hints[f.name], type) and issubclass(hints[f.name], Section):
            yield from _leaf_fields(hints[f.name], prefix + f.name + ".")
        else:
            yield prefix + f.name, f, hints[f.name]


def _route_classes():
    from hustings.training.rllib_train import RLlibConfig

    return [TrainConfig, RLlibConfig]


@pytest.mark.parametrize("cls", _route_classes(), ids=lambda c: c.__name__)
def test_every_key_has_a_type_a_default_and_docs(cls):
    keys = list(_leaf_fields(cls))
    assert len(keys) > 20
    for name, f, _ in keys:
        assert f.metadata["doc"] and f.metadata["expected"], name
        if name != "game":
            assert f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING, name
    assert cls.__doc__


@pytest.mark.parametrize("cls", _route_classes(), ids=lambda c: c.__name__)
def test_json_schema_lists_every_key_with_its_type_and_default(cls):
    from hustings.training.config import json_schema

    schema = json_schema(cls)
    json.dumps(schema)  # plain JSON
    assert schema["$schema"].startswith("https://json-schema.org/") and schema["required"] == ["game"]
    json_types = {int: "integer", float: "number", str: "string", bool: "boolean", type(None): "null"}
    for name, f, hint in _leaf_fields(cls):
        node = schema
        *sections, leaf = name.split(".")
        for sec in sections:
            node = node["properties"][sec]
            assert node["type"] == "object" and node["additionalProperties"] is False and node["description"]
        prop = node["properties"][leaf]
        assert f.metadata["doc"] in prop["description"] and f.metadata["expected"] in prop["description"]
        if name == "game":
            assert "default" not in prop and prop["type"] == "string"
            continue
        default = f.default if f.default is not dataclasses.MISSING else f.default_factory()
        assert prop["default"] == default, name
        # the type: a JSON type (or several), an enum of choices, an array or an object
        if "enum" in prop:
            assert default in prop["enum"]
        else:
            types = prop["type"] if isinstance(prop["type"], list) else [prop["type"]]
            assert json_types.get(type(default), {list: "array", dict: "object"}.get(type(default))) in types, name
    assert schema["additionalProperties"] is False
    names = {n for n, _, _ in _leaf_fields(cls)}
    assert "ppo.net_arch" in names and schema["properties"]["ppo"]["properties"]["net_arch"]["items"] == {
        "type": "integer"}


def test_json_schema_accepts_the_shipped_configs_and_refuses_mistakes():
    jsonschema = pytest.importorskip("jsonschema")
    from hustings.training import rllib_train
    from hustings.training.config import json_schema, parse_yaml

    for cls, folder in ((TrainConfig, "configs"), (rllib_train.RLlibConfig, os.path.join("configs", "rllib"))):
        schema = json_schema(cls)
        jsonschema.Draft202012Validator.check_schema(schema)
        for name in sorted(f for f in os.listdir(os.path.join(ROOT, folder)) if f.endswith(".yaml")):
            with open(os.path.join(ROOT, folder, name), encoding="utf-8") as f:
                jsonschema.validate(parse_yaml(f.read()), schema)
    schema = json_schema()
    for bad in ({"game": "democracy", "ppo": {"batchsize": 64}}, {"game": "democracy", "vec_env": "ray"},
                {"game": "democracy", "ppo": {"net_arch": ["wide"]}}, {"ppo": {}}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)


@pytest.mark.parametrize("command, cls_name", [("train", "TrainConfig"), ("train-rllib", "RLlibConfig")])
def test_json_schema_on_the_command_line(command, cls_name, capsys):
    from hustings.cli import main
    from hustings.training.config import json_schema
    from hustings.training import rllib_train

    with pytest.raises(SystemExit) as exit_info:  # like --help: no config file needed
        main([command, "--json-schema"])
    assert exit_info.value.code == 0
    cls = TrainConfig if cls_name == "TrainConfig" else rllib_train.RLlibConfig
    assert json.loads(capsys.readouterr().out) == json_schema(cls)


def test_to_dict_is_plain_data_in_the_file_layout_and_reads_back():
    import pickle

    import yaml

    cfg = load_config(os.path.join(ROOT, "configs", "politrickers.yaml"))
    data = cfg.to_dict()
    assert data["ppo"]["batch_size"] == cfg.ppo.batch_size and data["opponents"]["scripted"] == cfg.opponents.scripted
    assert yaml.safe_load(yaml.safe_dump(data)) == data and json.loads(json.dumps(data)) == data
    assert validate(data) == cfg == TrainConfig.from_stored(data)
    assert pickle.loads(pickle.dumps(cfg)) == cfg
    data["ppo"]["net_arch"].append(7)  # a copy
    assert 7 not in cfg.ppo.net_arch


def test_stored_configs_of_older_layouts_read_back():
    """A checkpoint's config is plain data, maybe from an older version: missing keys take their defaults, keys
    this version does not know are ignored (the shipped checkpoints' configs among them)."""
    import torch

    old = {"game": "democracy", "num_players": 4, "ppo": {"net_arch": [64], "retired_key": 1},
           "opponents": {"scripted": {"random": 1.0}}, "retired_section": {"x": 1}}
    cfg = TrainConfig.from_stored(old)
    assert cfg.ppo.net_arch == [64] and cfg.opponents.partners == "pool" and cfg.pretrain.bot is None
    with pytest.raises(ConfigError, match=r"checkpoint x: ppo.net_arch='64' is invalid"):
        TrainConfig.from_stored({"game": "democracy", "ppo": {"net_arch": "64"}}, source="checkpoint x")
    for game in ("democracy", "politix", "politrickers", "prime_minister"):
        data = torch.load(os.path.join(ROOT, "checkpoints", game, "policy.pt"), weights_only=True)
        stored = TrainConfig.from_stored(data["config"], source=game)
        assert (stored.game, stored.num_players, stored.game_options) == (data["game"], data["num_players"],
                                                                          data["game_options"])
        assert {"net_arch": stored.ppo.net_arch, "activation": stored.ppo.activation} == data["net"]


def test_replace_checks_again_and_leaves_the_original():
    cfg = validate({"game": "democracy", "n_envs": 2, "ppo": {"n_steps": 64, "batch_size": 64}})
    new = cfg.replace({"seed": 7, "ppo.batch_size": 128, "opponents.scripted": {"random": 1.0}})
    assert (new.seed, new.ppo.batch_size, new.opponents.scripted) == (7, 128, {"random": 1.0})
    assert (cfg.seed, cfg.ppo.batch_size) == (0, 64)
    with pytest.raises(ConfigError, match=r"over: ppo.batch_size=129 is invalid; expected at most"):
        cfg.replace({"ppo.batch_size": 129}, source="over")
    with pytest.raises(ConfigError, match=r"over: seed='7' is invalid; expected an int"):
        cfg.replace({"seed": "7"}, source="over")


def test_command_line_overrides(tmp_path):
    import argparse

    from hustings.training import rllib_train, train

    parser = argparse.ArgumentParser()
    train.add_arguments(parser)
    args = parser.parse_args(["smoke", "--seed", "5", "--total-timesteps", "2048", "--output-dir", str(tmp_path)])
    cfg = train.config_from_args(args)
    assert (cfg.seed, cfg.total_timesteps, cfg.output_dir, cfg.ppo.n_steps) == (5, 2048, str(tmp_path), 256)
    with pytest.raises(ConfigError, match=r"\(with command-line overrides\): total_timesteps=0 is invalid"):
        train.config_from_args(parser.parse_args(["smoke", "--total-timesteps", "0"]))

    parser = argparse.ArgumentParser()
    rllib_train.add_arguments(parser)
    base = rllib_train.load_config("rllib/smoke")
    cfg = rllib_train.config_from_args(parser.parse_args(
        ["rllib/smoke", "--iterations", "7", "--num-env-runners", "0", "--address", "auto", "--seed", "3"]))
    assert (cfg.iterations, cfg.total_timesteps, cfg.env_runners.num_env_runners, cfg.ray.address, cfg.seed) == \
        (7, None, 0, "auto", 3)
    assert cfg.ppo == base.ppo and cfg.league == base.league
    cfg = rllib_train.config_from_args(parser.parse_args(["rllib/smoke", "--total-timesteps", "5000"]))
    assert (cfg.iterations, cfg.total_timesteps) == (None, 5000)
    assert rllib_train.config_from_args(parser.parse_args(["rllib/smoke"])) == base
