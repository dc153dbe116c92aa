"""The league's opponent sampling (``opponents.sampling: pfsp``, ``training/league.py``): PFSP's weights, the win-rate
table fed by the training games, the envs' weighted and named pool, a tiny league run, and its exact resume."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

import hustings  # noqa: E402
from hustings.errors import CheckpointError, ConfigError  # noqa: E402
from hustings.training.batched import BatchedSelfPlayVecEnv  # noqa: E402
from hustings.training.config import validate  # noqa: E402
from hustings.training.league import WinRateTable, draw_weights, pairwise_result, pfsp_weight  # noqa: E402
from hustings.training.policy import load_checkpoint  # noqa: E402
from hustings.training.selfplay import make_vec_env  # noqa: E402
from test_training_batched import _choose, _policies, _same_infos  # noqa: E402


# --- PFSP's weights ---------------------------------------------------------------------------------------------
def test_pfsp_weight_is_one_minus_p_squared_with_a_floor():
    assert pfsp_weight(0.5) == pytest.approx(0.25)
    assert pfsp_weight(0.0) == 1.0 and pfsp_weight(1.0) == 0.0
    assert pfsp_weight(1.0, floor=0.02) == 0.02 and pfsp_weight(0.1, floor=0.02) == pytest.approx(0.81)
    assert pfsp_weight(0.3, power=3.0) == pytest.approx(0.7 ** 3)
    assert pfsp_weight(0.9, power=0.0) == pfsp_weight(0.1, power=0.0) == 1.0  # power 0: uniform
    ps = np.linspace(0, 1, 21)
    w = [pfsp_weight(p) for p in ps]
    assert all(a > b for a, b in zip(w, w[1:]))  # the harder the opponent, the more it is met
    with pytest.raises(ValueError, match="expected a number in"):
        pfsp_weight(1.5)


def test_pairwise_results_from_the_winners():
    assert pairwise_result(0, 2, [0]) == 1.0
    assert pairwise_result(0, 2, [2]) == 0.0
    assert pairwise_result(0, 2, [0, 2]) == 0.5  # both won
    assert pairwise_result(0, 2, [1]) == 0.5  # neither


def test_the_table_follows_recent_results_and_weights_the_unbeaten_higher():
    t = WinRateTable(window=10)
    assert t.win_rate("snapshot@5") == 0.5  # not met yet: one pseudo-game, a tie
    for _ in range(50):
        t.record("snapshot@5", 1.0)
        t.record("league:shipped:politrickers", 0.0)
    assert t.win_rate("snapshot@5") > 0.9 and t.win_rate("league:shipped:politrickers") < 0.1
    w_easy, w_hard = t.weights(["snapshot@5", "league:shipped:politrickers"], 2.0, 0.0)
    assert w_hard > 0.8 and w_easy < 0.01
    for _ in range(30):  # the learner now loses to it: 30 results are 3 windows, the old wins fade
        t.record("snapshot@5", 0.0)
    assert t.win_rate("snapshot@5") < 0.1
    assert t.counts["snapshot@5"] == 80
    # a finished game's info: the learner at seat 1 won; the heuristic at seat 0, a snapshot at seats 2 and 3
    t2 = WinRateTable()
    n = t2.record_episode({"seat": 1, "winners": [1], "opponents": ["heuristic", "learner", "snapshot@5",
                                                                    "snapshot@5"]})
    assert n == 3 and t2.counts == {"heuristic": 1, "snapshot@5": 2}
    assert t2.record_episode({"seat": 1}) == 0  # a step that did not end a game
    t2.forget(["league:x"])
    assert set(t2.stats) == {"heuristic"}  # the snapshot left the pool; scripted bots stay


def test_the_table_round_trips_and_a_damaged_one_is_refused():
    t = WinRateTable(window=7)
    for i in range(13):
        t.record(f"snapshot@{i % 3}", (i % 3) / 2)
    back = WinRateTable.from_dict(t.to_dict())
    assert back.to_dict() == t.to_dict()
    assert back.weights(["snapshot@0", "snapshot@1", "snapshot@2"], 2.0, 0.02) == \
        t.weights(["snapshot@0", "snapshot@1", "snapshot@2"], 2.0, 0.02)
    with pytest.raises(CheckpointError, match="win-rate table is damaged"):
        WinRateTable.from_dict({"window": 5, "stats": {"a": "x"}}, source="checkpoint c.pt")
    assert draw_weights("uniform", t, ["snapshot@0"], 2.0, 0.0) is None


# --- the envs' pool: names and weights ---------------------------------------------------------------------------
def _cfg(game="politrickers", n_envs=6, **opponents):
    return validate({"game": game, "n_envs": n_envs, "ppo": {"n_steps": 8, "batch_size": 8},
                     "opponents": {"scripted": {"heuristic": 0.2}, "snapshots": 0.8, **opponents}})


def test_the_batched_env_draws_the_pool_by_its_weights_and_names_the_opponents():
    env = BatchedSelfPlayVecEnv("politrickers", 32, scripted={"heuristic": 0.1}, snapshot_weight=0.9)
    env.set_snapshots(_policies("politrickers", 3, 1), "tanh", names=["a", "b", "c"], weights=[0.0, 1.0, 0.0])
    env.seed(3)
    obs = env.reset()
    seen, finished = set(), 0
    for _ in range(120):
        for names in env.opponent_names:
            seen.update(names)
        obs, _, dones, infos = env.step(_choose(obs, env.action_masks()))
        for k in np.flatnonzero(dones):
            finished += 1
            assert infos[k]["opponents"][infos[k]["seat"]] == "learner"
            assert set(infos[k]["opponents"]) <= {"learner", "b", "heuristic"}
    assert finished > 10 and "b" in seen and not seen & {"a", "c"}
    env.set_snapshot_weights([1.0, 0.0, 0.0])  # reweighted between rollouts: only "a" from now on
    seen.clear()
    for _ in range(120):
        obs, _, dones, infos = env.step(_choose(obs, env.action_masks()))
        for k in np.flatnonzero(dones):
            seen.update(infos[k]["opponents"])
    assert "a" in seen and not seen & {"c"}
    with pytest.raises(ConfigError, match="expected 3 numbers >= 0, not all 0"):
        env.set_snapshot_weights([0.0, 0.0, 0.0])
    with pytest.raises(ConfigError, match="2 names for 3 snapshots"):
        env.set_snapshots(_policies("politrickers", 3, 1), "tanh", names=["a", "b"])


def test_the_batched_env_plays_the_python_envs_games_with_a_weighted_named_pool():
    cfg = _cfg(n_envs=5)
    ref, new = make_vec_env(cfg, seed=11, kind="dummy"), make_vec_env(cfg, seed=11, kind="batched")
    pool, names = _policies("politrickers", 3, 2), ["league:x", "snapshot@1", "snapshot@2"]
    for v in (ref, new):
        v.env_method("set_snapshots", pool, "tanh", names, [0.2, 0.5, 0.3])
    o1, o2 = ref.reset(), new.reset()
    episodes = 0
    for t in range(300):
        if t == 150:
            for v in (ref, new):
                v.env_method("set_snapshot_weights", [0.7, 0.0, 0.3])
        m1 = np.stack(ref.env_method("action_masks"))
        assert np.array_equal(m1, np.stack(new.env_method("action_masks"))), t
        actions = _choose(o1, m1)
        o1, r1, d1, i1 = ref.step(actions)
        o2, r2, d2, i2 = new.step(actions)
        assert np.array_equal(o1, o2) and np.array_equal(r1, r2) and np.array_equal(d1, d2), t
        _same_infos(i1, i2, t)
        episodes += int(d1.sum())
    assert episodes > 20


def test_pfsp_needs_snapshots():
    with pytest.raises(ConfigError, match="opponents.sampling='pfsp' with opponents.snapshots=0"):
        validate({"game": "politrickers", "opponents": {"sampling": "pfsp", "snapshots": 0.0}})
    with pytest.raises(ConfigError, match="opponents.sampling='best'"):
        validate({"game": "politrickers", "opponents": {"sampling": "best", "snapshots": 1.0}})


# --- a tiny league run, and its resume ---------------------------------------------------------------------------
def league_run_cfg(out_dir, total):
    return validate({"game": "politrickers", "total_timesteps": total, "n_envs": 8, "vec_env": "batched",
                     "output_dir": str(out_dir), "torch_threads": 1,
                     "ppo": {"n_steps": 32, "batch_size": 128, "n_epochs": 1, "net_arch": [16]},
                     "opponents": {"scripted": {"heuristic": 0.1}, "snapshots": 0.9, "snapshot_every": 256,
                                   "pool_size": 3, "sampling": "pfsp", "pfsp_window": 50, "archive": True},
                     "eval": {"every": 100_000, "games": 2, "final_games": 4, "baselines": ["heuristic"]},
                     "checkpoint": {"every": 256}})


def test_a_tiny_league_run_and_its_resume_restores_the_pool_and_the_table(tmp_path, monkeypatch):
    from hustings.training import train as train_mod

    out = tmp_path / "run"
    first = train_mod.train(league_run_cfg(out, 1024), progress=False, log=lambda *a: None)
    ck1 = load_checkpoint(str(out / "checkpoint.pt"))
    assert [p["timesteps"] for p in ck1["pool"]] == [512, 768, 1024]  # pool_size 3: the oldest aged out
    table1 = ck1["league"]
    # the learner met its snapshots (and the heuristic) in its training games; the aged-out snapshot is forgotten
    assert set(table1["counts"]) <= {"snapshot@512", "snapshot@768", "snapshot@1024", "heuristic"}
    assert table1["counts"]["snapshot@512"] > 0 and table1["counts"]["heuristic"] > 0
    assert set(first["league"]) == set(table1["counts"])
    # the archive: every snapshot on disk as a policy file, the aged-out one too, the same weights as the pool's
    from hustings.training.policy import load_policy
    rules = hustings.registry.make_game("politrickers", 4)
    assert sorted(f.name for f in (out / "snapshots").iterdir()) == [f"step_{t}.npz" for t in (1024, 256, 512, 768)]
    for entry in ck1["pool"]:
        net = load_policy(str(out / "snapshots" / f"step_{entry['timesteps']}.npz"), rules)
        assert all(np.array_equal(a, w.numpy()) for a, w in zip(net.to_arrays(), entry["weights"]))

    # resume: the restored table is the checkpoint's, and the first PFSP weights sent to the envs are its weights
    restored, weights = [], []
    real_cb, real_w = train_mod._results_callback, BatchedSelfPlayVecEnv.set_snapshot_weights

    def spy_cb(table, members):
        restored.append(table.to_dict())
        return real_cb(table, members)

    def spy_w(self, w):
        weights.append(list(w))
        return real_w(self, w)

    monkeypatch.setattr(train_mod, "_results_callback", spy_cb)
    monkeypatch.setattr(BatchedSelfPlayVecEnv, "set_snapshot_weights", spy_w)
    cfg = league_run_cfg(out, 1280)
    train_mod.train(cfg, resume=True, progress=False, log=lambda *a: None)
    assert restored == [table1]
    expected = WinRateTable.from_dict(table1).weights(["snapshot@512", "snapshot@768", "snapshot@1024"], 2.0, 0.02)
    assert weights[0] == pytest.approx(expected)
    ck2 = load_checkpoint(str(out / "checkpoint.pt"))
    assert [p["timesteps"] for p in ck2["pool"]] == [768, 1024, 1280]
    for a, b in zip(ck1["pool"][1:], ck2["pool"][:2]):  # the restored snapshots, bit for bit
        assert all((x == y).all() for x, y in zip(a["weights"], b["weights"]))
    # the table went on from the checkpoint's counts (not restarted); the aged-out member was dropped
    assert "snapshot@512" not in ck2["league"]["counts"]
    assert ck2["league"]["counts"]["heuristic"] > table1["counts"]["heuristic"]
    assert ck2["league"]["counts"]["snapshot@768"] >= table1["counts"]["snapshot@768"]
