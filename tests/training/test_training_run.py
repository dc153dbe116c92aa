"""Training end to end on the smoke config: the run, its outputs, resume, and the errors for bad checkpoints."""
from __future__ import annotations

import json
import os

import pytest

from hustings.training.config import TrainConfig, load_config, validate
from hustings.training.policy import CheckpointError, load_checkpoint
from helpers import ROOT

SMOKE = os.path.join(ROOT, "configs", "smoke.yaml")


def smoke_cfg(out_dir, **over) -> TrainConfig:
    return load_config(SMOKE).replace(dict(output_dir=str(out_dir), **over))


def test_smoke_run_through_the_cli(tmp_path, capsys):
    from hustings.cli import main

    out = tmp_path / "run"
    assert main(["train", SMOKE, "--output-dir", str(out), "--no-progress"]) == 0
    for name in ("checkpoint.pt", "policy.pt", "policy.npz", "model.zip", "config.yaml", "report.json", "report.md",
                 "learning_curve.png"):
        assert (out / name).is_file(), name
    assert any((out / "tb").rglob("events.out.tfevents.*"))
    report = json.loads((out / "report.json").read_text())
    cfg = load_config(SMOKE)
    assert report["timesteps"] == cfg.total_timesteps
    assert report["timesteps_per_second"] > 0
    assert [h["timesteps"] for h in report["history"]] == [0, 2048, 4096]
    for b in cfg.eval.baselines:
        r = report["final"][b]
        assert r["games"] >= cfg.eval.final_games and 0 <= r["ci95"][0] <= r["win_rate"] <= r["ci95"][1] <= 1
    assert (out / "learning_curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    printed = capsys.readouterr().out
    assert "timesteps/s" in printed
    # The slim policy file and the full checkpoint both play in tournaments.
    full, slim = load_checkpoint(str(out / "checkpoint.pt")), load_checkpoint(str(out / "policy.pt"))
    assert full["kind"] == "full" and "optimizer_state" in full and len(full["pool"]) == 2
    assert slim["kind"] == "policy" and "optimizer_state" not in slim
    assert os.path.getsize(out / "policy.pt") < os.path.getsize(out / "checkpoint.pt")
    js = tmp_path / "eval.json"
    assert main(["evaluate", "democracy", "--players", "4", "--bots", str(out / "policy.pt"), "random", "random",
                 "random", "--games", "8", "--json", str(js), "--no-progress", "--workers", "1"]) == 0
    result = json.loads(js.read_text())
    assert set(result["bots"]) == {"policy.pt", "random#1", "random#2", "random#3"}


def test_resume_continues_timesteps_optimiser_and_pool(tmp_path):
    from hustings.training.train import train

    out = tmp_path / "run"
    logs = []
    first = train(smoke_cfg(out, total_timesteps=2048), progress=False, log=logs.append)
    assert first["timesteps"] == 2048
    ck1 = load_checkpoint(str(out / "checkpoint.pt"))
    assert ck1["num_timesteps"] == 2048
    assert [p["timesteps"] for p in ck1["pool"]] == [1024, 2048]
    steps1 = max(s["step"] for s in ck1["optimizer_state"]["state"].values())

    logs.clear()
    second = train(smoke_cfg(out, total_timesteps=4096), resume=True, progress=False, log=logs.append)
    assert any("resumed" in line and "at 2048 timesteps, 2 snapshot(s)" in line for line in logs), logs
    assert second["timesteps"] == 4096 and second["timesteps_this_run"] == 2048
    ck2 = load_checkpoint(str(out / "checkpoint.pt"))
    assert ck2["num_timesteps"] == 4096
    assert [p["timesteps"] for p in ck2["pool"]] == [3072, 4096]  # pool_size 2: the run-1 snapshots aged out
    steps2 = max(s["step"] for s in ck2["optimizer_state"]["state"].values())
    assert steps2 == 2 * steps1  # Adam's step count went on from the checkpoint
    assert [h["timesteps"] for h in ck2["history"]] == [0, 2048, 4096]  # history kept, not restarted


def test_resume_keeps_the_pool_it_restored(tmp_path):
    from hustings.training.train import train

    out = tmp_path / "run"
    train(smoke_cfg(out, total_timesteps=2048), progress=False, log=lambda *a: None)
    before = load_checkpoint(str(out / "checkpoint.pt"))["pool"]
    cfg = smoke_cfg(out, total_timesteps=3072)
    cfg.opponents.pool_size = 5
    train(cfg, resume=True, progress=False, log=lambda *a: None)
    after = load_checkpoint(str(out / "checkpoint.pt"))["pool"]
    assert [p["timesteps"] for p in after] == [1024, 2048, 3072]
    for a, b in zip(before, after[:2]):
        assert all((x == y).all() for x, y in zip(a["weights"], b["weights"]))


def test_missing_and_corrupt_checkpoints(tmp_path):
    from hustings.training.train import train

    out = tmp_path / "run"
    with pytest.raises(CheckpointError, match=r"checkpoint .*run.checkpoint\.pt does not exist; expected a checkpoint"):
        train(smoke_cfg(out), resume=True, progress=False)
    out.mkdir()
    (out / "checkpoint.pt").write_bytes(b"this is not a checkpoint")
    with pytest.raises(CheckpointError, match=r"checkpoint .*checkpoint\.pt is corrupt or not a checkpoint"):
        train(smoke_cfg(out), resume=True, progress=False)

    # A real checkpoint cut short (what a non-atomic write could leave behind).
    good = tmp_path / "good"
    train(smoke_cfg(good, total_timesteps=1024), progress=False, log=lambda *a: None)
    data = (good / "checkpoint.pt").read_bytes()
    (out / "checkpoint.pt").write_bytes(data[: len(data) // 2])
    with pytest.raises(CheckpointError, match="is corrupt or not a checkpoint"):
        train(smoke_cfg(out), resume=True, progress=False)

    # A policy-only file cannot be resumed; a torch file of something else is not a checkpoint.
    (out / "checkpoint.pt").write_bytes((good / "policy.pt").read_bytes())
    with pytest.raises(CheckpointError, match="holds a policy only"):
        train(smoke_cfg(out), resume=True, progress=False)
    import torch
    torch.save({"weights": torch.zeros(3)}, out / "checkpoint.pt")
    with pytest.raises(CheckpointError, match="not a hustings checkpoint"):
        train(smoke_cfg(out), resume=True, progress=False)

    # Resuming with a different game setup or network is refused, naming the key.
    (out / "checkpoint.pt").write_bytes((good / "checkpoint.pt").read_bytes())
    with pytest.raises(ValueError, match="num_players=4"):
        train(smoke_cfg(out, num_players=3), resume=True, progress=False)
    cfg = smoke_cfg(out)
    cfg.ppo.net_arch = [32]
    with pytest.raises(ValueError, match=r"ppo.net_arch=\[64, 64\]"):
        train(cfg, resume=True, progress=False)


def test_checkpoint_writes_are_atomic(tmp_path, monkeypatch):
    import torch

    from hustings.training import policy

    target = tmp_path / "ck.pt"
    policy.atomic_torch_save({"a": torch.ones(2)}, str(target))

    def boom(*a, **k):
        raise KeyboardInterrupt  # interrupted half-way through the write

    monkeypatch.setattr(torch, "save", boom)
    with pytest.raises(KeyboardInterrupt):
        policy.atomic_torch_save({"a": torch.zeros(2)}, str(target))
    assert torch.load(target, weights_only=True)["a"].tolist() == [1.0, 1.0]  # the old file, whole
    assert os.listdir(tmp_path) == ["ck.pt"]  # no temporary file left behind


@pytest.mark.slow
def test_bench_train_runs(capsys):
    from hustings.training.bench_train import main

    assert main(["--ours-steps", "4096", "--theirs-steps", "256", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "ratio ours/theirs" in out


GAME_CONFIGS = sorted(f for f in os.listdir(os.path.join(ROOT, "configs")) if f.endswith(".yaml") and f != "smoke.yaml")


@pytest.mark.parametrize("name", GAME_CONFIGS)
def test_each_game_config_trains_a_little(name, tmp_path):
    """Every game's shipped config, shrunk to a few rollouts, runs end to end (the per-game smoke run)."""
    from hustings.training.train import train

    cfg = load_config(os.path.join(ROOT, "configs", name))
    changes = {"output_dir": str(tmp_path), "total_timesteps": 1024, "n_envs": 2, "vec_env": "dummy",
               "ppo.n_steps": 256, "ppo.batch_size": 256, "ppo.n_epochs": 1, "eval.every": 512, "eval.games": 2,
               "eval.final_games": cfg.num_players, "opponents.snapshot_every": 512}
    if cfg.pretrain.bot:
        changes.update({"pretrain.games": 4, "pretrain.epochs": 1})
    report = train(cfg.replace(changes), progress=False, log=lambda *a: None)
    assert report["timesteps"] == 1024
    assert (tmp_path / "policy.pt").is_file() and (tmp_path / "learning_curve.png").is_file()


def tiny_cfg(out_dir, total: int) -> TrainConfig:
    """A run of a few rollouts (128 timesteps each: 2 in-process envs x 64 steps)."""
    return validate({"game": "democracy", "total_timesteps": total, "n_envs": 2, "vec_env": "dummy",
                     "output_dir": str(out_dir), "ppo": {"n_steps": 64, "batch_size": 64, "n_epochs": 1,
                                                         "net_arch": [16]},
                     "opponents": {"scripted": {"random": 1.0}},
                     "eval": {"every": 256, "games": 2, "final_games": 4, "baselines": ["random"]},
                     "checkpoint": {"every": 128}})


def read_progress(out) -> tuple[list[str], list[dict]]:
    import csv

    text = (out / "tb" / "progress.csv").read_text()
    rows = list(csv.DictReader(text.splitlines()))
    return text.splitlines(), rows


def test_a_new_run_refuses_a_folder_holding_a_run(tmp_path, capsys):
    import argparse

    from hustings.cli import main
    from hustings.training.train import OutputExistsError, add_arguments, train

    out = tmp_path / "run"
    train(tiny_cfg(out, 128), progress=False, log=lambda *a: None)
    old_events = {p.name for p in (out / "tb").glob("events.out.tfevents.*")}
    before = (out / "checkpoint.pt").read_bytes()
    with pytest.raises(OutputExistsError, match=rf"output folder {out} already holds a training run "
                                                r"\(checkpoint\.pt, .*use --resume to continue it, --output-dir"
                                                r" DIR .*--overwrite"):
        train(tiny_cfg(out, 128), progress=False, log=lambda *a: None)
    assert (out / "checkpoint.pt").read_bytes() == before  # nothing touched
    # The command line says the same, as an error (exit status 2); --help documents --overwrite.
    cfg_file = tmp_path / "tiny.yaml"
    cfg_file.write_text(_yaml_of(tiny_cfg(out, 128)))
    assert main(["train", str(cfg_file), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert f"error: output folder {out} already holds a training run" in err and "--resume" in err
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert "--overwrite" in parser.format_help()
    with pytest.raises(SystemExit):
        parser.parse_args(["x.yaml", "--resume", "--overwrite"])
    with pytest.raises(ValueError, match="contradict"):
        train(tiny_cfg(out, 128), resume=True, overwrite=True, progress=False)
    # A folder with only an aborted run's log: refused too, and there is nothing to resume.
    aborted = tmp_path / "aborted"
    (aborted / "tb").mkdir(parents=True)
    (aborted / "tb" / "progress.csv").write_text("time/iterations\n1\n")
    with pytest.raises(OutputExistsError, match=r"tb.progress\.csv\); it has no checkpoint\.pt to --resume from"):
        train(tiny_cfg(aborted, 128), progress=False)
    # --overwrite: the old run's files go, the new run starts its logs afresh.
    train(tiny_cfg(out, 128), overwrite=True, progress=False, log=lambda *a: None)
    assert not old_events & {p.name for p in (out / "tb").glob("events.out.tfevents.*")}
    assert [r["time/iterations"] for r in read_progress(out)[1]] == ["1"]


def _yaml_of(cfg: TrainConfig) -> str:
    import yaml
    return yaml.safe_dump(cfg.to_dict())


def test_resume_keeps_the_logs_and_counts_iterations_on(tmp_path):
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    from hustings.training.train import train

    out = tmp_path / "run"
    train(tiny_cfg(out, 256), progress=False, log=lambda *a: None)
    lines, rows = read_progress(out)
    assert [r["time/iterations"] for r in rows] == ["1", "2"]  # learn() is called once per rollout
    first_events = {p.name for p in (out / "tb").glob("events.out.tfevents.*")}
    train(tiny_cfg(out, 512), resume=True, progress=False, log=lambda *a: None)
    lines, rows = read_progress(out)
    assert lines.count(lines[0]) == 1 and lines[0].count("time/iterations") == 1  # one header
    assert [int(r["time/iterations"]) for r in rows] == [1, 2, 3, 4]
    assert [int(r["time/total_timesteps"]) for r in rows] == [128, 256, 384, 512]
    assert [r["eval/win_share_vs_random"] != "" for r in rows] == [False, True, False, True]
    assert all(r["train/loss"] for r in rows)  # each row holds its own rollout's update
    events = {p.name for p in (out / "tb").glob("events.out.tfevents.*")}
    assert first_events < events  # the first run's event files kept, the resumed run's beside them
    tb = EventAccumulator(str(out / "tb"))
    tb.Reload()
    assert [e.step for e in tb.Scalars("time/fps")] == [128, 256, 384, 512]
    assert [e.step for e in tb.Scalars("eval/win_share_vs_random")] == [256, 512]


def test_progress_csv_resume_drops_lost_rows_and_merges_columns(tmp_path):
    from hustings.training.train import progress_csv

    path = tmp_path / "progress.csv"
    # Rows up to 256 timesteps (the checkpoint resumed from), one after it (work the resumed run redoes) and a
    # row cut short by a crash.
    path.write_text("time/iterations,time/total_timesteps,train/loss\n1,128,0.5\n2,256,0.4\n3,384,0.3\n4,5")
    writer = progress_csv(str(path), resume_from=256)
    writer.write({"time/iterations": 3, "time/total_timesteps": 384, "eval/win": 0.25},
                 {"time/iterations": None, "time/total_timesteps": None, "eval/win": None})
    writer.close()
    lines = path.read_text().splitlines()
    assert lines[0] == "time/iterations,time/total_timesteps,train/loss,eval/win"  # columns merged, one header
    assert lines[1:] == ["1,128,0.5,", "2,256,0.4,", "3,384,,0.25"]
    # A fresh run (resume_from None) starts the file anew.
    progress_csv(str(path)).close()
    assert path.read_text() == ""


def test_a_resumed_runs_report_keeps_the_warm_starts_summary(tmp_path):
    from hustings.training.train import train

    out = tmp_path / "run"
    cfg = smoke_cfg(out, total_timesteps=1024)
    cfg = cfg.replace({"pretrain": {**cfg.pretrain.to_dict(), "bot": "heuristic", "games": 4, "epochs": 1}})
    first = train(cfg, progress=False, log=lambda *a: None)
    assert first["pretrain"]["decisions"] > 0
    second = train(cfg.replace({"total_timesteps": 2048}), resume=True, progress=False, log=lambda *a: None)
    assert second["timesteps_this_run"] == 1024 and second["pretrain"] == first["pretrain"]
