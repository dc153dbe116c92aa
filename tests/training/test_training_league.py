"""A league (``opponents.league``): fixed nets, such as past shipped bots, in the snapshot pool for the whole run."""
from __future__ import annotations

import numpy as np
import pytest

import hustings
from hustings.training.config import validate


def league_cfg(out_dir, league, snapshots=1.0):
    return validate({"game": "democracy", "total_timesteps": 128, "n_envs": 2, "vec_env": "dummy",
                     "output_dir": str(out_dir), "ppo": {"n_steps": 64, "batch_size": 64, "n_epochs": 1,
                                                         "net_arch": [16]},
                     "opponents": {"scripted": {"heuristic": 0.2}, "snapshots": snapshots, "league": league},
                     "eval": {"every": 256, "games": 2, "final_games": 4, "baselines": ["random"]},
                     "checkpoint": {"every": 128}})


def test_the_league_sits_in_the_pool_from_the_start_and_stays(tmp_path, monkeypatch):
    from hustings import checkpoints
    from hustings.bots.policy import load_policy
    from hustings.training import selfplay
    from hustings.training.train import train

    given = []
    real = selfplay.SelfPlayEnv.set_snapshots

    def spy(self, arrays, activation, *more):
        given.append([[np.array(a) for a in net] for net in arrays])
        return real(self, arrays, activation, *more)

    monkeypatch.setattr(selfplay.SelfPlayEnv, "set_snapshots", spy)
    cfg = league_cfg(tmp_path / "run", ["shipped:democracy"])
    cfg.opponents.snapshot_every = 64
    train(cfg, progress=False, log=lambda *a: None)
    shipped = load_policy(checkpoints.policy_path("democracy", 4), hustings.registry.make_game("democracy", 4))
    assert given, "the league never reached the envs"
    first = given[0]
    assert len(first) == 1 and all(np.array_equal(a, b) for a, b in zip(first[0], shipped.to_arrays()))
    last = given[-1]  # later calls: the league first, then the learner's snapshots
    assert len(last) > 1 and all(np.array_equal(a, b) for a, b in zip(last[0], shipped.to_arrays()))


def test_a_league_member_must_be_a_net_and_needs_a_snapshot_weight(tmp_path):
    from hustings.training.train import train

    with pytest.raises(hustings.ConfigError, match="opponents.league: 'heuristic' is not a net; expected "
                                                   "shipped:GAME or a policy file"):
        train(league_cfg(tmp_path / "a", ["heuristic"]), progress=False, log=lambda *a: None)
    with pytest.raises(hustings.ConfigError, match="opponents.league is set but opponents.snapshots is 0"):
        train(league_cfg(tmp_path / "b", ["shipped:democracy"], snapshots=0.0), progress=False,
              log=lambda *a: None)
    with pytest.raises(hustings.ConfigError, match="league"):
        league_cfg(tmp_path / "c", [3])
