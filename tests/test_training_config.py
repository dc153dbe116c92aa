"""Training configs: the shipped ones load; every kind of mistake is an error naming the key and what is expected."""
from __future__ import annotations

import os

import pytest

from hustings.core.rules import ConfigError
from hustings.training.config import SCHEMA, load_config, validate

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIGS = sorted(f for f in os.listdir(os.path.join(ROOT, "configs")) if f.endswith(".yaml"))


@pytest.mark.parametrize("name", CONFIGS)
def test_shipped_configs_load(name):
    cfg = load_config(os.path.join(ROOT, "configs", name))
    assert cfg["game"] and cfg["num_players"] >= 2
    assert set(cfg) == set(SCHEMA[""]) | {s for s in SCHEMA if s}


def test_defaults_fill_missing_keys():
    cfg = validate({"game": "democracy"})
    assert cfg["num_players"] == 4  # the game's default
    assert cfg["ppo"]["n_epochs"] == SCHEMA["ppo"]["n_epochs"].default
    assert cfg["output_dir"] == os.path.join("runs", "democracy")
    assert validate({"game": "democracy", "ppo": {"learning_rate": 1}})["ppo"]["learning_rate"] == 1.0


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
    from hustings.training.cli import main

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
    assert cfg["total_timesteps"] == 1_000_000 and type(cfg["total_timesteps"]) is int
    assert cfg["seed"] == 2000 and type(cfg["seed"]) is int
    p = cfg["ppo"]
    assert (p["learning_rate"], p["learning_rate_end"], p["ent_coef"], p["clip_range"]) == (3e-4, 1e-5, 0.5, 0.15)
    assert type(p["max_grad_norm"]) is float and p["max_grad_norm"] == 1.0  # int 1 from 1e0, made a float
    assert cfg["reward"]["shaping"] == 100.0
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
    assert rllib_train.load_config(str(rl))["ppo"]["learning_rate"] == 5e-4
