"""bench_train's side of ours: rates per wall and CPU second, the CPU split into its parts, nothing left wrapped."""
from __future__ import annotations

import pytest

from hustings.training.bench_train import PARTS, bench_ours, main
from hustings.training.config import validate


@pytest.mark.parametrize("vec_env, pool", [("auto", 2), ("dummy", 0)])
def test_bench_ours_splits_its_cpu_time(vec_env, pool):
    import hustings
    from hustings.bots.policy import PolicyBot

    heuristic = type(hustings.make_bot("democracy", "heuristic"))
    before = (heuristic.__dict__["act"], PolicyBot.__dict__["act"])
    cfg = validate({"game": "democracy", "n_envs": 4, "vec_env": vec_env, "torch_threads": 1,
                    "ppo": {"n_steps": 32, "batch_size": 64, "n_epochs": 1, "net_arch": [16]},
                    "opponents": {"scripted": {"heuristic": 1.0}, "snapshots": 1.0}})
    wall, cpu, shares = bench_ours(cfg, 256, pool=pool)
    assert wall > 0 and cpu > 0
    assert set(shares) == set(PARTS) and all(0 <= v <= 1 for v in shares.values())
    assert 0.5 < sum(shares.values()) <= 1.001 and shares["update"] > 0 and shares["opponents"] > 0
    assert (heuristic.__dict__["act"], PolicyBot.__dict__["act"]) == before  # unwrapped again


def test_bad_set_is_one_line(capsys):
    assert main(["--set", "ppo.n_epochs"]) == 2
    assert "expected KEY=VALUE" in capsys.readouterr().err
    assert main(["--set", "ppo.n_epochs=zero"]) == 2
    assert "ppo.n_epochs" in capsys.readouterr().err
