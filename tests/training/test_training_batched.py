"""Self-play on the batched engine (``training/batched.py``) against the Python self-play envs it replaces.

Both are driven side by side, seeded alike, with the same learner actions (a deterministic function of each game's
observation and mask): observations, masks, rewards, episode ends and infos must be the same at every step
(scripted bots, snapshots sampling or playing their argmax, the pool replaced mid-run, win and score rewards,
shaping). Then: masks always the learner's legal actions, illegal actions refused without changing a game,
determinism per seed, reset options, and which env ``make_vec_env`` picks.
"""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

import hustings  # noqa: E402
from hustings.errors import ActionOutOfBoundsError, ConfigError, IllegalActionError  # noqa: E402
from hustings.training.batched import BatchedSelfPlayVecEnv, batched_support  # noqa: E402
from hustings.training.config import validate  # noqa: E402
from hustings.training.policy import NumpyPolicy  # noqa: E402
from hustings.training.selfplay import make_vec_env, vec_env_kind  # noqa: E402
from test_training_selfplay import CLUB_DEAL  # noqa: E402

SCRIPTED = {"random": 0.3, "heuristic": 0.7}


def _cfg(game: str, n_envs: int, mode: str = "win", shaping: float = 0.0, snapshots: float = 0.0,
         deterministic: bool = False, vec_env: str = "auto", scripted=None, partners: str = "pool") -> object:
    return validate({"game": game, "n_envs": n_envs, "vec_env": vec_env, "ppo": {"n_steps": 8, "batch_size": 8},
                     "reward": {"mode": mode, "shaping": shaping},
                     "opponents": {"scripted": scripted or SCRIPTED, "snapshots": snapshots,
                                   "deterministic": deterministic, "partners": partners}})


def _policies(game: str, count: int, seed: int) -> list:
    g = hustings.registry.make_game(game, None, {})
    rng = np.random.default_rng(seed)
    return [NumpyPolicy([(rng.normal(size=(16, g.observation_size)) * 0.3, rng.normal(size=16) * 0.1),
                         (rng.normal(size=(g.num_actions, 16)), np.zeros(g.num_actions))], "tanh").to_arrays()
            for _ in range(count)]


def _choose(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """A learner that is a function of what it sees: the same actions for the same observations and masks."""
    out = []
    for o, m in zip(obs, masks):
        legal = np.flatnonzero(m)
        out.append(legal[int(abs(float(o.sum())) * 997) % len(legal)])
    return np.array(out, dtype=np.int64)


def _same_infos(a: list, b: list, t: int) -> None:
    for x, y in zip(a, b):
        x, y = dict(x), dict(y)
        for d in (x, y):
            if "episode" in d:
                d["episode"] = {k: v for k, v in d["episode"].items() if k != "t"}  # wall time
        tx, ty = x.pop("terminal_observation", None), y.pop("terminal_observation", None)
        assert (tx is None) == (ty is None) and (tx is None or np.array_equal(tx, ty)), t
        assert x == y, (t, x, y)


def _side_by_side(cfg, steps: int, seed: int, pools: list | None = None) -> int:
    """Step the Python envs (``dummy``) and the batched env of ``cfg`` together; returns the episodes finished."""
    ref = make_vec_env(cfg, seed=seed, kind="dummy")
    new = make_vec_env(cfg, seed=seed, kind="batched")
    assert isinstance(new.unwrapped, BatchedSelfPlayVecEnv)
    pools = pools or []
    if pools:
        for v in (ref, new):
            assert v.env_method("set_snapshots", pools[0], "tanh") == [len(pools[0])] * cfg.n_envs
    o1, o2 = ref.reset(), new.reset()
    assert np.array_equal(o1, o2)
    episodes = 0
    for t in range(steps):
        if len(pools) > 1 and t == steps // 2:
            for v in (ref, new):
                v.env_method("set_snapshots", pools[1], "tanh")
        m1, m2 = np.stack(ref.env_method("action_masks")), np.stack(new.env_method("action_masks"))
        assert m2.dtype == bool and np.array_equal(m1, m2), t
        actions = _choose(o1, m1)
        o1, r1, d1, i1 = ref.step(actions)
        o2, r2, d2, i2 = new.step(actions)
        assert np.array_equal(o1, o2), (t, np.flatnonzero((o1 != o2).any(axis=1)))
        assert r1.dtype == r2.dtype and np.array_equal(r1, r2), (t, r1, r2)
        assert np.array_equal(d1, d2), t
        _same_infos(i1, i2, t)
        episodes += int(d1.sum())
    ref.close()
    new.close()
    return episodes


@pytest.mark.parametrize("game, mode, shaping", [("democracy", "win", 0.3), ("democracy", "score", 0.0),
                                                 ("politrickers", "win", 0.1), ("politrickers", "score", 0.2)])
def test_the_batched_env_plays_the_python_envs_games(game, mode, shaping):
    assert _side_by_side(_cfg(game, 6, mode, shaping), steps=400, seed=5) > 20


@pytest.mark.parametrize("partners", ["pool", "self"])
def test_team_games_with_the_learner_playing_its_partners_or_not(partners):
    """Politix's parties: with partners=self every seat of the learner's party is a learner decision (the infos'
    acting_seat says whose), the partners drawn from the pool otherwise; snapshots in the pool."""
    if batched_support("politix", SCRIPTED) is not None:
        pytest.skip("Politix has no compiled engine and bots here")
    cfg = _cfg("politix", 6, "score" if partners == "self" else "win", 0.1, snapshots=2.0, partners=partners)
    assert _side_by_side(cfg, steps=300, seed=4, pools=[_policies("politix", 2, 0), _policies("politix", 3, 1)]) > 5


@pytest.mark.parametrize("game, deterministic", [("democracy", False), ("politrickers", True)])
def test_with_snapshots_and_a_pool_replaced_mid_run(game, deterministic):
    pools = [_policies(game, 2, 0), _policies(game, 3, 1)]
    cfg = _cfg(game, 6, shaping=0.3, snapshots=2.0, deterministic=deterministic)
    assert _side_by_side(cfg, steps=400, seed=7, pools=pools) > 20


def test_masks_are_the_learners_legal_actions_and_the_learner_is_to_move():
    env = BatchedSelfPlayVecEnv("politrickers", 8, scripted=SCRIPTED)
    env.seed(3)
    obs = env.reset()
    rng = np.random.default_rng(0)
    for t in range(150):
        masks = env.env_method("action_masks")
        for k in range(env.num_envs):
            st = env.engine.to_state(k)
            p = st.current_player()
            assert p == env.acting_seat[k] == env.seat[k]
            assert np.array_equal(masks[k], st.legal_mask().astype(bool))
            assert np.array_equal(obs[k], st.observation(p))
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, _, _, infos = env.step(actions)
        assert [i["seat"] for i in infos] == [i["acting_seat"] for i in infos]


def test_an_illegal_or_out_of_range_action_is_refused_and_no_game_changes():
    env = BatchedSelfPlayVecEnv("democracy", 4, scripted=SCRIPTED)
    env.seed(0)
    env.reset()
    before = [env.engine.to_state(k).to_json() for k in range(4)]
    legal = np.array([np.flatnonzero(m)[0] for m in env.masks])
    bad = legal.copy()
    bad[2] = int(np.flatnonzero(~env.masks[2])[0])
    with pytest.raises(IllegalActionError, match=r"game 2: action \d+ .* is not legal for player_\d; legal actions"):
        env.step(bad)
    bad[2] = env.game.num_actions
    with pytest.raises(ActionOutOfBoundsError, match="game 2: action 49 .* out of bounds"):
        env.step(bad)
    assert [env.engine.to_state(k).to_json() for k in range(4)] == before
    env.step(legal)  # and the env plays on


def test_the_same_seed_plays_the_same_games_and_another_seed_others():
    def run(seed: int) -> list:
        env = BatchedSelfPlayVecEnv("democracy", 5, shaping=0.3, scripted=SCRIPTED, snapshot_weight=1.0)
        env.set_snapshots(_policies("democracy", 2, 4), "tanh")
        env.seed(seed)
        obs = env.reset()
        trace = []
        for _ in range(120):
            obs, rewards, dones, infos = env.step(_choose(obs, env.masks))
            trace.append((obs.copy(), rewards.copy(), dones.copy(), [i.get("scores") for i in infos]))
        return trace

    a, b, c = run(11), run(11), run(12)
    assert all(np.array_equal(x[0], y[0]) and np.array_equal(x[1], y[1]) and np.array_equal(x[2], y[2])
               and x[3] == y[3] for x, y in zip(a, b))
    assert not all(np.array_equal(x[0], y[0]) for x, y in zip(a, c))


def test_reset_options_seat_opponents_and_deal():
    env = BatchedSelfPlayVecEnv("democracy", 4, scripted={"random": 1.0})
    env.seed(3)
    env.set_options([{"deal": CLUB_DEAL, "seat": seat, "opponents": ["random"] * 3} for seat in range(4)])
    env.reset()
    assert env.seat.tolist() == [0, 1, 2, 3]
    assert env.get_attr("opponent_names", 1) == [["random", "learner", "random", "random"]]
    done_at = [None] * 4
    rewards = np.zeros(4)
    for t in range(12):
        _, r, dones, infos = env.step(np.array([np.flatnonzero(m)[0] for m in env.masks]))
        for k in np.flatnonzero(dones & np.array([d is None for d in done_at])).tolist():
            done_at[k], rewards[k] = t, r[k]
            assert infos[k]["winners"] == [1] and infos[k]["win_share"] == (1.0 if k == 1 else 0.0)
    assert done_at == [9] * 4  # 6 first-day tricks, 4 second-day ones: the tenth decision ends the game
    assert rewards.tolist() == [-1.0, 1.0, -1.0, -1.0]
    with pytest.raises(ConfigError, match="compiled bots only"):
        env.set_options({"opponents": ["greedy"] * 3})
        env.reset()


def test_make_vec_env_picks_the_batched_env_where_it_applies():
    assert vec_env_kind(_cfg("democracy", 2)) == "batched"
    assert vec_env_kind(_cfg("politrickers", 2)) == "batched"
    assert vec_env_kind(_cfg("democracy", 2, vec_env="dummy")) == "dummy"
    pm = validate({"game": "prime_minister", "n_envs": 2, "ppo": {"n_steps": 8, "batch_size": 8},
                   "opponents": {"scripted": {"random": 1.0}}})
    assert vec_env_kind(pm) == "dummy" and batched_support("prime_minister", {"random": 1.0}) is not None
    with pytest.raises(ConfigError, match="vec_env: batched: .*no compiled engine"):
        vec_env_kind(pm, "batched")
    venv = make_vec_env(_cfg("democracy", 3), seed=0)
    assert isinstance(venv.unwrapped, BatchedSelfPlayVecEnv) and venv.num_envs == 3
    assert venv.reset().shape == (3, 629)
