"""Train a hustings bot on Ray RLlib (multi-agent, masked PPO, league self-play): ``hustings train-rllib CONFIG``.

The scale-out route next to ``hustings train`` (SB3, one process): the same games, trained with RLlib's new API
stack, so that sampling can spread over many env-runner processes on one machine or on a Ray cluster. It needs
the ``distributed`` extra (``pip install -e ".[train,distributed]"``); ``ray`` is imported only when the command
runs. Top to bottom:

1. the config (YAML, ``configs/rllib/*.yaml``): :class:`RLlibConfig` and its sections (every key's type, default
   and meaning), read and checked strictly with the machinery of :mod:`hustings.training.config`;
2. the env: ``hustings.make(game)``'s AEC env, its observation keys renamed to what RLlib's action-masking RLModule
   reads (``{"observations", "action_mask"}``, :class:`MaskKeys`), inside RLlib's ``PettingZooEnv`` wrapper
   (every seat is an agent; each agent's reward reaches it when it next moves, and at game end every agent gets
   its final reward);
3. league self-play (:class:`LeagueMapping`): one trainable module ``main``; every ``league.snapshot_every``
   iterations a frozen copy ``main_v1``, ``main_v2``, ... joins the league (at most ``league.pool_size``, the
   oldest is removed). Each game one random seat is ``main``; every other seat is ``main`` too with probability
   ``league.main_share``, else a snapshot drawn uniformly (``main`` everywhere while the league is empty). Only
   ``main`` learns, from every seat it plays;
4. the PPO algorithm (:func:`build_algorithm`): ``ActionMaskingTorchRLModule`` (RLlib's example module: the
   default PPO MLP with the logits of illegal actions pushed to the float minimum), separate actor and critic
   networks (``vf_share_layers=False``), ``ppo.net_arch`` hidden layers;
5. the loop: ``algo.train()`` until ``iterations`` or ``total_timesteps``; snapshots when due; a progress bar;
6. the end: ``OUTPUT_DIR/policy.pt``, a hustings checkpoint of kind ``"policy"`` (the actor network in SB3's key
   names, :func:`sb3_policy_state`), so ``hustings evaluate GAME --bots OUTPUT_DIR/policy.pt ...`` and
   ``hustings export`` work on it unchanged; RLlib's own checkpoint in ``OUTPUT_DIR/rllib_checkpoint/``, which
   ``--resume`` continues (weights, optimiser, league, counters); a duplicate-deal evaluation against the scripted
   baselines; ``report.json`` and ``report.md``.

Timesteps here are RLlib's *env steps* (every decision at the table, opponents' included); the report also gives
``main``'s own decisions (the samples it learns from), which is what ``hustings train`` counts.

    hustings train-rllib configs/rllib/smoke.yaml
    hustings train-rllib configs/rllib/democracy.yaml --address auto --num-env-runners 16   # on a Ray cluster
    hustings train-rllib configs/rllib/democracy.yaml --resume --total-timesteps 40000000    # continue a run
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import shutil
import sys
import time
import zlib
from typing import Any, Literal

import numpy as np
from pettingzoo.utils import BaseWrapper

from hustings.core.rules import ConfigError
from hustings.registry import DEFAULT_GAME

from .config import (RunConfig, Section, _layers, _nonneg, _positive, add_json_schema_option, check_game,
                     check_resume, key, section)
from .policy import FORMAT, VERSION, atomic_torch_save, atomic_write_text

MAIN = "main"


# --- 1. the config ------------------------------------------------------------------------------------------------
def _opt_positive(v):
    return v is None or v > 0


@dataclasses.dataclass
class EnvRunnersConfig(Section):
    """``env_runners``: the sampling processes (RLlib's ``config.env_runners(...)``)."""

    num_env_runners: int = key(1, "an int >= 0 (0 = sample in the driver process)",
                               "sampling processes (Ray actors); what scales out on a cluster", _nonneg)
    num_envs_per_env_runner: int = key(8, "an int > 0",
                                       "games stepped together in each env runner (batched inference)", _positive)
    num_cpus_per_env_runner: float = key(1.0, "a number > 0", "CPUs Ray reserves for each env runner", _positive)
    sample_timeout_s: float = key(600.0, "a number > 0 (seconds)",
                                  "how long an iteration waits for the env runners' samples (RLlib's 60 s default "
                                  "drops a slow runner's samples: on a busy machine, iterations of 0 steps)",
                                  _positive)


@dataclasses.dataclass
class RLlibPPOConfig(Section):
    """``ppo``: RLlib's PPO (in SB3's names where the two agree; RLlib's own in the descriptions) and the network."""

    learning_rate: float = key(3e-4, "a number > 0", "Adam's learning rate (the start, with learning_rate_end)",
                               _positive)
    learning_rate_end: float | None = key(None, "a number > 0 or null (no decay)",
                                          "if set, the rate falls linearly to this over the run's timesteps",
                                          _opt_positive)
    train_batch_size: int = key(4096, "an int > 1 (env steps per iteration)",
                                "env steps sampled per iteration (one update each)", lambda v: v > 1)
    minibatch_size: int = key(1024, "an int > 1", "minibatch size of the update (at most train_batch_size)",
                              lambda v: v > 1)
    num_epochs: int = key(8, "an int > 0", "passes over each iteration's batch", _positive)
    gamma: float = key(0.995, "a number in (0, 1]", "discount factor", lambda v: 0 < v <= 1)
    gae_lambda: float = key(0.95, "a number in [0, 1]", "GAE's lambda (RLlib lambda_)", lambda v: 0 <= v <= 1)
    clip_range: float = key(0.2, "a number > 0", "PPO's clipping of the probability ratio (RLlib clip_param)",
                            _positive)
    ent_coef: float = key(0.01, "a number >= 0", "weight of the entropy bonus (RLlib entropy_coeff)", _nonneg)
    vf_coef: float = key(0.5, "a number >= 0", "weight of the value loss (RLlib vf_loss_coeff)", _nonneg)
    vf_clip: float | None = key(10.0, "a number > 0 or null (no clipping of the value loss)",
                                "the value loss is clipped to this (RLlib vf_clip_param)", _opt_positive)
    max_grad_norm: float | None = key(0.5, "a number > 0 or null",
                                      "gradients are clipped to this norm (RLlib grad_clip; null: not clipped)",
                                      _opt_positive)
    kl_coeff: float = key(0.0, "a number >= 0 (0 = no KL penalty, like SB3)", "weight of RLlib's KL penalty",
                          _nonneg)
    net_arch: list[int] = key([128, 128], "a non-empty list of layer widths (ints > 0)",
                              "hidden layers of the actor, and of the (separate) critic", _layers)
    activation: Literal["tanh", "relu"] = key("tanh", "'tanh' or 'relu'", "the hidden layers' activation")


@dataclasses.dataclass
class LeagueConfig(Section):
    """``league``: league self-play (:class:`LeagueMapping`): frozen copies of ``main`` as opponents."""

    snapshot_every: int = key(10, "an int > 0 (iterations)",
                              "a frozen copy of main joins the league every this many iterations", _positive)
    pool_size: int = key(4, "an int > 0", "snapshots kept (the oldest is removed)", _positive)
    main_share: float = key(0.5, "a number in [0, 1]",
                            "chance that an opponent seat is main itself rather than a snapshot",
                            lambda v: 0 <= v <= 1)


@dataclasses.dataclass
class RLlibEvalConfig(Section):
    """``eval``: the final duplicate-deal evaluation against the scripted baselines."""

    games: int = key(400, "an int >= 0 (0 = no evaluation)",
                     "duplicate-deal games against each baseline at the end", _nonneg)
    baselines: list[str] = key(["random", "heuristic"], "a list of scripted-bot names",
                               "the trained policy plays n-1 copies of each")


@dataclasses.dataclass
class RayConfig(Section):
    """``ray``: the Ray instance or cluster, and RLlib's learners and checkpoint."""

    address: str | None = key(None, "null (start Ray on this machine), 'auto' (the running cluster) or "
                              "'HOST:PORT' / 'ray://HOST:PORT'", "which Ray cluster to use")
    num_cpus: int | None = key(None, "an int > 0 or null (every core)",
                               "CPUs of a local Ray instance (ignored when connecting to a cluster)", _opt_positive)
    num_learners: int = key(0, "an int >= 0 (0 = learn in the driver process)",
                            "learner actors (data-parallel updates)", _nonneg)
    checkpoint: bool = key(True, "true or false", "also save RLlib's own checkpoint (what --resume continues)")


@dataclasses.dataclass
class RLlibConfig(RunConfig):
    """The config of ``hustings train-rllib`` (multi-agent masked PPO on Ray RLlib): the top-level keys, then the
    sections."""

    example = "configs/rllib/smoke.yaml"

    game: str = key(expected="a registered game name (see hustings.games())", doc="the game to train")
    num_players: int | None = key(None, "an int (players at the table) or null for the game's default",
                                  "seats at the table")
    game_options: dict[str, Any] = key({}, "a mapping of the game's variant options (e.g. {max_islands: 40})",
                                       "the game's variant options")
    reward: Literal["win", "score"] = key(
        "win", "'win' (+1/-1 at the end) or 'score' (the game's points as they change)", "the env's reward")
    seed: int = key(0, "an int", "seeds RLlib (envs, modules) and the league's draws")
    iterations: int | None = key(100, "an int > 0 or null (then total_timesteps decides)",
                                 "training iterations (one sample of train_batch_size + one update)", _opt_positive)
    total_timesteps: int | None = key(None, "an int > 0 or null (then iterations decides)",
                                      "env steps (all seats' decisions) to train for; with iterations too, "
                                      "whichever comes first", _opt_positive)
    torch_threads: int = key(0, "an int >= 0 (0 = every core)",
                             "torch threads of the driver (where the PPO update runs with num_learners 0); 1 is "
                             "much faster on a busy machine", _nonneg)
    output_dir: str | None = key(None, "a path or null (runs/<game>_rllib)",
                                 "where policy.pt, the RLlib checkpoint and the report go")
    env_runners: EnvRunnersConfig = section(EnvRunnersConfig)
    ppo: RLlibPPOConfig = section(RLlibPPOConfig)
    league: LeagueConfig = section(LeagueConfig)
    eval: RLlibEvalConfig = section(RLlibEvalConfig)
    ray: RayConfig = section(RayConfig)

    def check(self, source: str) -> None:
        """The checks against the game and of several keys together; ``output_dir`` defaults to
        ``runs/<game>_rllib``."""
        check_game(self, source)
        if self.iterations is None and self.total_timesteps is None:
            raise ConfigError(f"{source}: iterations and total_timesteps are both null; expected at least one of "
                              f"them")
        p = self.ppo
        if p.minibatch_size > p.train_batch_size:
            raise ConfigError(f"{source}: ppo.minibatch_size={p.minibatch_size} is invalid; expected at most "
                              f"ppo.train_batch_size = {p.train_batch_size}")
        if self.output_dir is None:
            self.output_dir = os.path.join("runs", f"{self.game}_rllib")


#: The name the shipped configs' comments give this route's schema: :class:`RLlibConfig`.
SCHEMA = RLlibConfig


def validate(raw, source: str = "config") -> RLlibConfig:
    """A full, checked :class:`RLlibConfig` from a (possibly partial) mapping; raises ``ConfigError`` naming the
    key."""
    return RLlibConfig.from_dict(raw, source)


def load_config(path: str) -> RLlibConfig:
    """Read and check a YAML config file of this route."""
    return RLlibConfig.load(path)


# --- 2. the env ---------------------------------------------------------------------------------------------------
class MaskKeys(BaseWrapper):
    """The hustings AEC env with the observation RLlib's ``ActionMaskingTorchRLModule`` reads:
    ``{"observations": float32 vector, "action_mask": float32 0/1}`` (the env's ``observation``/int8 mask)."""

    def __init__(self, env):
        import gymnasium as gym

        super().__init__(env)
        inner = env.observation_space(env.possible_agents[0])
        n = env.action_space(env.possible_agents[0]).n
        self._space = gym.spaces.Dict({"observations": inner["observation"],
                                       "action_mask": gym.spaces.Box(0.0, 1.0, (n,), np.float32)})

    def observation_space(self, agent):
        return self._space

    def observe(self, agent):
        obs = self.env.observe(agent)
        return {"observations": obs["observation"], "action_mask": obs["action_mask"].astype(np.float32)}


def make_env(env_config: dict):
    """The RLlib env of one game: ``PettingZooEnv(MaskKeys(hustings.make(...)))`` (registered as ``hustings``)."""
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    import hustings

    return PettingZooEnv(MaskKeys(hustings.make(env_config["game"], num_players=env_config["num_players"],
                                            reward=env_config.get("reward", "win"),
                                            **env_config.get("game_options", {}))))


# --- 3. league self-play ------------------------------------------------------------------------------------------
class LeagueMapping:
    """The agent-to-module mapping: per game one random seat plays ``main``; the others play ``main`` with
    probability ``main_share``, else a frozen snapshot (uniformly). Picklable: it travels to the env runners."""

    def __init__(self, num_players: int, snapshots: list[str], main_share: float, seed: int = 0):
        self.num_players, self.snapshots, self.main_share, self.seed = num_players, list(snapshots), main_share, seed

    def __call__(self, agent_id, episode, **kwargs) -> str:
        if not self.snapshots:
            return MAIN
        eid = str(getattr(episode, "id_", episode))
        learner_seat = zlib.crc32(f"{self.seed}/{eid}".encode()) % self.num_players
        if agent_id == f"player_{learner_seat}":
            return MAIN
        rng = random.Random(zlib.crc32(f"{self.seed}/{eid}/{agent_id}".encode()))
        if rng.random() < self.main_share:
            return MAIN
        return rng.choice(self.snapshots)


# --- 4. the algorithm ---------------------------------------------------------------------------------------------
def env_config(cfg: RLlibConfig) -> dict:
    """RLlib's ``env_config`` (a plain dict, handed to :func:`make_env` in every env runner)."""
    return {"game": cfg.game, "num_players": cfg.num_players, "game_options": dict(cfg.game_options),
            "reward": cfg.reward}


def planned_timesteps(cfg: RLlibConfig) -> int:
    """Env steps the run will sample (an upper bound when both limits are set)."""
    by_iters = cfg.iterations * cfg.ppo.train_batch_size if cfg.iterations else None
    return min(x for x in (by_iters, cfg.total_timesteps) if x is not None)


def build_algorithm(cfg: RLlibConfig, num_env_runners: int | None = None):
    """The PPO ``Algorithm`` of a validated config (Ray must be initialised)."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.default_model_config import DefaultModelConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    register_env("hustings", make_env)
    p, er = cfg.ppo, cfg.env_runners
    lr = p.learning_rate
    if p.learning_rate_end is not None:  # piecewise-linear schedule over the run's env steps
        lr = [[0, p.learning_rate], [planned_timesteps(cfg), p.learning_rate_end]]
    model = DefaultModelConfig(fcnet_hiddens=list(p.net_arch), fcnet_activation=p.activation,
                               vf_share_layers=False, head_fcnet_hiddens=[])
    config = (
        PPOConfig()
        .environment("hustings", env_config=env_config(cfg), disable_env_checking=True)  # the checker steps
        # random (illegal) actions
        .env_runners(num_env_runners=er.num_env_runners if num_env_runners is None else num_env_runners,
                     num_envs_per_env_runner=er.num_envs_per_env_runner,
                     num_cpus_per_env_runner=er.num_cpus_per_env_runner, sample_timeout_s=er.sample_timeout_s)
        .learners(num_learners=cfg.ray.num_learners)
        .multi_agent(policies={MAIN},
                     policy_mapping_fn=LeagueMapping(cfg.num_players, [], cfg.league.main_share, cfg.seed),
                     policies_to_train=[MAIN])
        .rl_module(rl_module_spec=MultiRLModuleSpec(rl_module_specs={
            MAIN: RLModuleSpec(module_class=ActionMaskingTorchRLModule, model_config=model)}))
        .training(lr=lr, gamma=p.gamma, lambda_=p.gae_lambda, clip_param=p.clip_range,
                  entropy_coeff=p.ent_coef, vf_loss_coeff=p.vf_coef,
                  vf_clip_param=p.vf_clip if p.vf_clip is not None else float("inf"),
                  grad_clip=p.max_grad_norm, use_kl_loss=p.kl_coeff > 0, kl_coeff=p.kl_coeff,
                  train_batch_size_per_learner=p.train_batch_size, minibatch_size=p.minibatch_size,
                  num_epochs=p.num_epochs)
        .debugging(seed=cfg.seed, log_level="ERROR")
    )
    return config.build_algo()


def _snapshot_spec(algo):
    """The spec of a frozen copy of ``main``: its class, spaces and network; a full module (with its critic, which
    the learner's advantage computation calls for every module's samples) even if the env runners hold
    inference-only copies."""
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec

    spec = RLModuleSpec.from_module(algo.get_module(MAIN))
    spec.inference_only = False
    return spec


def add_snapshot(algo, cfg: RLlibConfig, league: list[str], version: int) -> list[str]:
    """Freeze a copy of ``main`` as ``main_v{version}``, drop the oldest beyond ``pool_size``; the new league."""
    new_id = f"{MAIN}_v{version}"
    league = league + [new_id]
    dropped = league[:-cfg.league.pool_size]
    league = league[-cfg.league.pool_size:]
    mapping = LeagueMapping(cfg.num_players, league, cfg.league.main_share, cfg.seed + version)
    main_state = algo.learner_group.get_weights(module_ids=[MAIN])[MAIN]
    algo.add_module(module_id=new_id, module_spec=_snapshot_spec(algo), new_agent_to_module_mapping_fn=mapping,
                    new_should_module_be_updated=[MAIN])
    # Copies the weights to the learner's new module and syncs them to every env runner.
    algo.set_state({"learner_group": {"learner": {"rl_module": {new_id: main_state}}}})
    for old in dropped:
        algo.remove_module(old, new_agent_to_module_mapping_fn=mapping, new_should_module_be_updated=[MAIN])
    return league


# --- the policy file ----------------------------------------------------------------------------------------------
def _linears(seq) -> list:
    import torch
    return [m for m in seq.modules() if isinstance(m, torch.nn.Linear)]


def sb3_policy_state(module) -> dict:
    """The actor (and critic) of an RLlib PPO module (``vf_share_layers=False``) in SB3's ``state_dict`` names:
    the actor encoder's hidden layers -> ``mlp_extractor.policy_net.{2i}``, the ``pi`` head -> ``action_net``
    (and the critic encoder -> ``mlp_extractor.value_net.{2i}``, ``vf`` -> ``value_net``), so that
    :class:`hustings.training.policy.NumpyPolicy` computes exactly the module's logits."""
    out = {}
    enc = module.encoder
    parts = [("mlp_extractor.policy_net", enc.actor_encoder, "action_net", module.pi)]
    if hasattr(enc, "critic_encoder") and hasattr(module, "vf"):
        parts.append(("mlp_extractor.value_net", enc.critic_encoder, "value_net", module.vf))
    for prefix, encoder, head_name, head in parts:
        for i, lin in enumerate(_linears(encoder)):
            out[f"{prefix}.{2 * i}.weight"] = lin.weight.detach().cpu().clone()
            out[f"{prefix}.{2 * i}.bias"] = lin.bias.detach().cpu().clone()
        head_layers = _linears(head)
        if len(head_layers) != 1:
            raise RuntimeError(f"expected a single linear {head_name} head, found {len(head_layers)} layers")
        out[f"{head_name}.weight"] = head_layers[0].weight.detach().cpu().clone()
        out[f"{head_name}.bias"] = head_layers[0].bias.detach().cpu().clone()
    return out


def module_logits(module, obs: np.ndarray) -> np.ndarray:
    """The module's unmasked action logits for a batch of observations (all-ones masks)."""
    import torch

    from ray.rllib.core.columns import Columns

    x = torch.as_tensor(np.asarray(obs, dtype=np.float32))
    mask = torch.ones((x.shape[0], module.action_space.n), dtype=torch.float32)
    with torch.no_grad():
        out = module.forward_inference({Columns.OBS: {"observations": x, "action_mask": mask}})
    return out[Columns.ACTION_DIST_INPUTS].cpu().numpy()


def save_policy(path: str, cfg: RLlibConfig, module, history: list[dict], timesteps: int, elapsed: float,
                speed: float) -> None:
    """``main`` as a hustings checkpoint of kind ``"policy"`` (the format ``hustings train`` writes)."""
    import hustings

    game = hustings.registry.make_game(cfg.game, cfg.num_players, cfg.game_options)
    data = {
        "format": FORMAT, "version": VERSION, "kind": "policy",
        "game": cfg.game, "num_players": cfg.num_players, "game_options": dict(cfg.game_options),
        "observation_version": type(game).observation_version, "observation_size": game.observation_size,
        "num_actions": game.num_actions,
        "net": {"net_arch": list(cfg.ppo.net_arch), "activation": cfg.ppo.activation},
        "policy_state": sb3_policy_state(module),
        "config": cfg.to_dict(), "num_timesteps": int(timesteps), "history": history, "elapsed": float(elapsed),
        "timesteps_per_second": float(speed), "trainer": "rllib",
    }
    atomic_torch_save(data, path)


def _save_rllib_checkpoint(algo, out_dir: str) -> str:
    """RLlib's checkpoint into a fresh folder, then swapped into ``OUTPUT_DIR/rllib_checkpoint``."""
    final = os.path.join(out_dir, "rllib_checkpoint")
    tmp = final + f".tmp{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    algo.save_to_path(os.path.abspath(tmp))
    if os.path.exists(final):
        old = final + f".old{os.getpid()}"
        os.replace(final, old)
        os.replace(tmp, final)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(tmp, final)
    return final


# --- 5. the loop and 6. the end ----------------------------------------------------------------------------------
def _counts(result: dict) -> tuple[int, int]:
    """(env steps, main's steps) sampled so far, from an RLlib result dict."""
    runners = result.get("env_runners", {})
    env_steps = int(runners.get("num_env_steps_sampled_lifetime", 0))
    mod = runners.get("num_module_steps_sampled_lifetime", {})
    main_steps = int(mod.get(MAIN, 0)) if isinstance(mod, dict) else 0
    return env_steps, main_steps


def init_ray(address: str | None, num_cpus: int | None):
    """Connect to ``address`` (a running cluster), or start Ray on this machine; True if this call started it."""
    import ray

    if ray.is_initialized():
        return False
    kwargs = {"include_dashboard": False, "log_to_driver": False, "configure_logging": False}
    if address is None:  # "local": a new private instance, even if `ray start` runs a cluster on this machine
        ray.init(address="local", num_cpus=num_cpus, **kwargs)
    else:
        try:
            ray.init(address=address, **kwargs)
        except ConnectionError as exc:
            raise ConfigError(f"ray.address={address!r}: no Ray cluster there ({str(exc).splitlines()[0]}); start "
                              f"one with `ray start --head`, or leave the address out (null) to run on this "
                              f"machine") from None
    return True


def _checkpoint_paths(out_dir: str) -> tuple[str, str]:
    """The run's RLlib checkpoint folder and its modules' folder; ``CheckpointError`` if there is none."""
    from .policy import CheckpointError

    path = os.path.join(out_dir, "rllib_checkpoint")
    modules = os.path.join(path, "learner_group", "learner", "rl_module")
    if not os.path.isdir(modules):
        raise CheckpointError(f"cannot resume: {path} is not an RLlib checkpoint of `hustings train-rllib` "
                              f"(run without --resume first, with ray.checkpoint: true)")
    return path, modules


def _restore(algo, cfg: RLlibConfig, out_dir: str) -> tuple[list[str], list[dict], float]:
    """``--resume``: the league's snapshot modules re-added, then RLlib's checkpoint loaded (weights, optimiser,
    iteration, counters); returns the league, the earlier history and the earlier wall time."""
    import re

    path, modules = _checkpoint_paths(out_dir)
    stored = os.path.join(out_dir, "config.json")
    if os.path.isfile(stored):
        with open(stored, encoding="utf-8") as f:
            old = RLlibConfig.from_stored(json.load(f), source=stored)
        check_resume(old, cfg, path)
    league = sorted((d for d in os.listdir(modules) if re.fullmatch(rf"{MAIN}_v\d+", d)),
                    key=lambda d: int(d.rsplit("v", 1)[1]))[-cfg.league.pool_size:]
    if league:
        mapping = LeagueMapping(cfg.num_players, league, cfg.league.main_share, cfg.seed + len(league))
        spec = _snapshot_spec(algo)
        for module_id in league:
            algo.add_module(module_id=module_id, module_spec=spec, new_agent_to_module_mapping_fn=mapping,
                            new_should_module_be_updated=[MAIN])
    algo.restore_from_path(os.path.abspath(path))
    history, elapsed = [], 0.0
    if os.path.isfile(os.path.join(out_dir, "report.json")):
        with open(os.path.join(out_dir, "report.json"), encoding="utf-8") as f:
            old = json.load(f)
        history, elapsed = list(old.get("history", [])), float(old.get("wall_seconds", 0.0))
    return league, history, elapsed


def _check_resources(cfg: RLlibConfig, num_env_runners: int | None, resources: dict) -> None:
    """Ray waits forever for actors that do not fit; say so instead, naming the keys."""
    er = cfg.env_runners
    runners = er.num_env_runners if num_env_runners is None else num_env_runners
    need = runners * er.num_cpus_per_env_runner + cfg.ray.num_learners
    have = resources.get("CPU", 0.0)
    if need > have:
        raise ConfigError(f"env_runners.num_env_runners={runners} x env_runners.num_cpus_per_env_runner="
                          f"{er.num_cpus_per_env_runner:g} + ray.num_learners={cfg.ray.num_learners} need "
                          f"{need:g} CPUs; this Ray cluster has {have:g} (ray.num_cpus raises a local Ray's count)")


def train_rllib(cfg: RLlibConfig, progress: bool = True, log=None, num_env_runners: int | None = None,
                address: str | None = None, evaluate: bool = True, resume: bool = False) -> dict:
    """Run (or, with ``resume``, continue) the training of a validated config; returns the report dict (also
    written as report.json)."""
    if log is None:
        def log(*a):
            print(*a, flush=True)
    import ray
    import torch

    out_dir = cfg.output_dir
    if resume:
        _checkpoint_paths(out_dir)  # fail before starting Ray
    os.makedirs(out_dir, exist_ok=True)
    address = address if address is not None else cfg.ray.address
    started = init_ray(address, cfg.ray.num_cpus)
    torch.set_num_threads(cfg.torch_threads or os.cpu_count() or 1)
    try:
        _check_resources(cfg, num_env_runners, ray.cluster_resources())
        algo = build_algorithm(cfg, num_env_runners)
        resources = ray.cluster_resources()
        log(f"train-rllib {cfg.game} {cfg.num_players}p on Ray {ray.__version__} "
            f"({'local' if address is None else address}: {resources.get('CPU', 0):.0f} CPUs, "
            f"{algo.config.num_env_runners} env runner(s) x {algo.config.num_envs_per_env_runner} envs)")
        league: list[str] = []
        history: list[dict] = []
        elapsed_before = 0.0
        if resume:
            league, history, elapsed_before = _restore(algo, cfg, out_dir)
            log(f"resumed {os.path.join(out_dir, 'rllib_checkpoint')} at iteration {algo.iteration}, league "
                f"{league or 'empty'}")
        atomic_write_text(json.dumps(cfg.to_dict(), indent=2) + "\n", os.path.join(out_dir, "config.json"))
        iters, total = cfg.iterations, cfg.total_timesteps
        i = start_iter = algo.iteration
        env_steps = start_steps = int(algo.metrics.peek(("env_runners", "num_env_steps_sampled_lifetime"), default=0))
        main_steps = start_main = int(history[-1]["main_timesteps"]) if history else 0
        next_version = 1 + max([int(m.rsplit("v", 1)[1]) for m in league] + [0])
        bar = None
        if progress:
            from tqdm import tqdm
            bar = tqdm(total=planned_timesteps(cfg), initial=min(env_steps, planned_timesteps(cfg)), unit="step",
                       desc=f"train-rllib {cfg.game}", file=sys.stderr, dynamic_ncols=True)
        t0 = time.perf_counter()
        while (iters is None or i < iters) and (total is None or env_steps < total):
            result = algo.train()
            i = algo.iteration
            before = env_steps
            env_steps, main_steps = _counts(result)
            main_steps = max(main_steps, start_main)
            elapsed = time.perf_counter() - t0
            runners = result.get("env_runners", {})
            history.append({"iteration": i, "timesteps": env_steps, "main_timesteps": main_steps,
                            "episode_len_mean": float(runners.get("episode_len_mean", float("nan"))),
                            "league": list(league), "seconds": elapsed_before + elapsed})
            last = (iters is not None and i >= iters) or (total is not None and env_steps >= total)
            if i % cfg.league.snapshot_every == 0 and not last:
                league = add_snapshot(algo, cfg, league, version=next_version)
                next_version += 1
            if bar:
                bar.update(env_steps - before)
                bar.set_postfix_str(f"{(env_steps - start_steps) / elapsed:,.0f} steps/s, league {len(league)}")
        if bar:
            bar.close()
        elapsed = time.perf_counter() - t0
        run_steps, run_main = env_steps - start_steps, main_steps - start_main
        speed = run_steps / elapsed if elapsed and run_steps else 0.0
        main_speed = run_main / elapsed if elapsed and run_main else 0.0
        log(f"trained {i - start_iter} iterations, {run_steps:,} env steps ({run_main:,} of them main's) in "
            f"{elapsed:.1f} s: {speed:,.0f} env steps/s, {main_speed:,.0f} main steps/s; league {league or 'empty'}"
            + (f" ({i} iterations, {env_steps:,} env steps in all)" if start_iter else ""))
        policy_path = os.path.join(out_dir, "policy.pt")
        module = algo.get_module(MAIN)
        save_policy(policy_path, cfg, module, history, env_steps, elapsed_before + elapsed, speed)
        rllib_ckpt = _save_rllib_checkpoint(algo, out_dir) if cfg.ray.checkpoint else None
        algo.stop()
    finally:
        if started:
            ray.shutdown()
    report = {"game": cfg.game, "num_players": cfg.num_players, "trainer": "rllib",
              "ray_version": ray.__version__, "iterations": i, "iterations_this_run": i - start_iter,
              "timesteps": env_steps, "timesteps_this_run": run_steps, "main_timesteps": main_steps,
              "timesteps_per_second": speed, "main_timesteps_per_second": main_speed,
              "wall_seconds": elapsed_before + elapsed, "league": league, "fair_share": 1.0 / cfg.num_players,
              "history": history, "policy": policy_path, "rllib_checkpoint": rllib_ckpt, "config": cfg.to_dict(),
              "final": {}}
    if evaluate and cfg.eval.games > 0:
        report["final"] = final_evaluation(cfg, policy_path, progress=progress)
        log("final evaluation: " + ", ".join(f"vs {k} {v['win_rate']:.3f}" for k, v in report["final"].items())
            + f" (fair {report['fair_share']:.3f})")
    atomic_write_text(json.dumps(report, indent=2) + "\n", os.path.join(out_dir, "report.json"))
    atomic_write_text(markdown(report), os.path.join(out_dir, "report.md"))
    return report


def final_evaluation(cfg: RLlibConfig, policy_path: str, progress: bool = True, workers: int | None = None) -> dict:
    """Duplicate-deal tournaments of the trained policy against n-1 copies of each baseline."""
    from hustings.evaluation.evaluate import tournament

    n = cfg.num_players
    out = {}
    for baseline in cfg.eval.baselines:
        res = tournament(cfg.game, [policy_path] + [baseline] * (n - 1), cfg.eval.games, num_players=n,
                         game_options=cfg.game_options, seed=cfg.seed + 7, progress=progress, workers=workers)
        me = next(iter(res["bots"]))
        out[baseline] = {k: res["bots"][me][k] for k in ("games", "win_rate", "ci95", "mean_score", "rating")}
    return out


def markdown(report: dict) -> str:
    lines = [f"# RLlib training report: {report['game']}, {report['num_players']} players", "",
             f"- Ray {report['ray_version']}; {report['iterations']} iterations, {report['timesteps']:,} env steps "
             f"({report['main_timesteps']:,} of them main's) in {report['wall_seconds']:.0f} s; the last run "
             f"{report['timesteps_per_second']:,.0f} env steps/s, {report['main_timesteps_per_second']:,.0f} "
             f"main steps/s",
             f"- league at the end: {', '.join(report['league']) or 'empty'}",
             f"- policy: `{report['policy']}`" + (f"; RLlib checkpoint: `{report['rllib_checkpoint']}`"
                                                 if report["rllib_checkpoint"] else "")]
    if report["final"]:
        lines += ["", "| against | games | win rate | 95% CI | fair share |", "|---|---:|---:|---|---:|"]
        for name, r in report["final"].items():
            lines.append(f"| {report['num_players'] - 1} x {name} | {r['games']} | {r['win_rate']:.3f} | "
                         f"[{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}] | {report['fair_share']:.3f} |")
    return "\n".join(lines) + "\n"


# --- command line -------------------------------------------------------------------------------------------------
def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("config", help=f"YAML config, e.g. configs/rllib/smoke.yaml or configs/rllib/{DEFAULT_GAME}.yaml")
    p.add_argument("--resume", action="store_true",
                   help="continue the run in the config's output_dir from its rllib_checkpoint/ (league included)")
    p.add_argument("--output-dir", help="override the config's output_dir")
    p.add_argument("--iterations", type=int, help="override the config's iterations")
    p.add_argument("--total-timesteps", type=int, help="override the config's total_timesteps (env steps)")
    p.add_argument("--seed", type=int, help="override the config's seed")
    p.add_argument("--address", help="Ray cluster to use ('auto' = the one `ray start` runs here; "
                   "HOST:PORT); default: the config's ray.address (null: start Ray on this machine)")
    p.add_argument("--num-env-runners", type=int, help="override env_runners.num_env_runners")
    p.add_argument("--no-eval", action="store_true", help="skip the final evaluation")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")
    add_json_schema_option(p, RLlibConfig)


#: Command-line options that override a config key: option (its ``args`` attribute) -> dotted key.
OVERRIDES = {"output_dir": "output_dir", "iterations": "iterations", "total_timesteps": "total_timesteps",
             "seed": "seed", "address": "ray.address", "num_env_runners": "env_runners.num_env_runners"}


def config_from_args(args) -> RLlibConfig:
    """The config file of ``args.config`` with the command-line overrides, checked again."""
    cfg = load_config(args.config)
    changes = {dotted: getattr(args, option) for option, dotted in OVERRIDES.items()
               if getattr(args, option, None) is not None}
    if not changes:
        return cfg
    if "iterations" in changes and "total_timesteps" not in changes:
        changes["total_timesteps"] = None  # an explicit iteration count is the limit
    if "total_timesteps" in changes and "iterations" not in changes:
        changes["iterations"] = None
    return cfg.replace(changes, source=f"config {args.config} (with command-line overrides)")


def run(args) -> int:
    import ray  # noqa: F401  (first: without the distributed extra, `hustings` answers with the extra to install)
    cfg = config_from_args(args)
    report = train_rllib(cfg, progress=not args.no_progress, evaluate=not args.no_eval, resume=args.resume)
    print(json.dumps({k: v["win_rate"] for k, v in report["final"].items()}))
    return 0


def main(argv: list[str] | None = None) -> int:
    from hustings.commands import module_main
    return module_main("python -m hustings.training.rllib_train", __doc__, add_arguments, run, argv)


if __name__ == "__main__":
    # Through the module's own name, so that what Ray pickles (the env maker, the league mapping) refers to
    # hustings.training.rllib_train, not __main__.
    from hustings.training.rllib_train import main as _main
    sys.exit(_main())
