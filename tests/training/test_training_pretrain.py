"""The warm start (config ``pretrain``): the data are the scripted bot's own legal decisions with their seats'
results, and cloning makes the policy pick the bot's moves."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from hustings.training.config import validate  # noqa: E402
from hustings.training.pretrain import collect, pretrain  # noqa: E402
from hustings.training.selfplay import make_vec_env  # noqa: E402
from hustings.training.train import build_model  # noqa: E402


def config(game="politrickers", **pretrain_keys):
    return validate({"game": game, "n_envs": 2, "ppo": {"n_steps": 64, "batch_size": 64, "gamma": 1.0},
                     "pretrain": {"bot": "heuristic", **pretrain_keys}})


def test_collect_records_legal_bot_moves_and_each_seats_result():
    obs, masks, actions, returns, targets = collect(config("democracy"), games=3, seed=1)
    assert len(obs) == len(masks) == len(actions) == len(returns) > 100
    assert masks[np.arange(len(actions)), actions].all()  # every recorded move was legal
    assert set(np.unique(returns)) <= {-1.0, 0.0, 1.0}  # win reward, gamma 1, no shaping: the seat's result
    assert (returns == 1.0).any() and (returns == -1.0).any()
    assert targets is None  # the moves are the targets (pretrain.targets: move)


def agreement(policy, obs, masks, actions) -> float:
    import torch
    with torch.no_grad():
        logits = policy.get_distribution(torch.as_tensor(obs), action_masks=masks).distribution.logits
    return float((logits.argmax(1).numpy() == actions).mean())


def test_pretraining_makes_the_policy_play_like_the_bot():
    cfg = config(games=60, epochs=4)
    venv = make_vec_env(cfg, seed=0)
    model, _ = build_model(cfg, venv, seed=0)
    obs, masks, actions, *_ = collect(cfg, games=20, seed=99)  # held-out games
    choice = masks.sum(1) > 1  # decisions with a choice
    obs, masks, actions = obs[choice], masks[choice], actions[choice]
    before = agreement(model.policy, obs, masks, actions)
    stats = pretrain(model, cfg, seed=0, log=lambda *a: None)
    after = agreement(model.policy, obs, masks, actions)
    venv.close()
    assert stats["decisions"] > 5000 and stats["accuracy"] > 0.5
    assert stats["bot"] == "heuristic" and stats["wall_seconds"] > 0  # what the report's cost counts
    assert after > before + 0.2 and after > 0.45, (before, after)


def test_a_run_can_continue_from_the_shipped_bot_with_only_its_critic_fitted():
    """``pretrain.policy: shipped``: the actor's weights are exactly the shipped bot's (so it plays the same moves),
    the critic alone learns from the heuristic's games, and the summary says where the weights came from."""
    import torch

    from hustings import checkpoints
    from hustings.bots.policy import NumpyPolicy, load_policy_npz

    cfg = validate({"game": "politrickers", "num_players": 3, "n_envs": 2,
                    "ppo": {"n_steps": 64, "batch_size": 64, "net_arch": [128, 128]},
                    "pretrain": {"bot": "heuristic", "games": 4, "epochs": 2, "policy": "shipped"}})
    venv = make_vec_env(cfg, seed=0)
    model, _ = build_model(cfg, venv, seed=0)
    venv.close()
    critic_before = {k: v.clone() for k, v in model.policy.state_dict().items() if "value" in k}
    summary = pretrain(model, cfg, seed=0, log=lambda *a: None)
    _, shipped = load_policy_npz(checkpoints.policy_path("politrickers", 3))
    mine = NumpyPolicy.from_state_dict(model.policy.state_dict(), "tanh")
    for a, b in zip(mine.to_arrays(), shipped.to_arrays()):
        np.testing.assert_array_equal(a, b)  # the actor is the shipped one, untouched by the critic's fitting
    assert any(not torch.equal(v, model.policy.state_dict()[k]) for k, v in critic_before.items())
    assert summary["policy"] == "shipped" and len(summary["policy_file_sha256"]) == 64
    assert summary["timesteps_before"] > 0 and 0 < summary["agreement_with_bot"] <= 1


def test_finetune_moves_the_started_actor_toward_the_bot():
    """``pretrain.finetune`` with ``policy: shipped``: the actor starts from the shipped net's weights (its first
    epoch's agreement is the net's) and the imitation then moves it toward the bot's moves."""
    from hustings import checkpoints
    from hustings.bots.policy import NumpyPolicy, load_policy_npz

    cfg = validate({"game": "politrickers", "num_players": 3, "n_envs": 2,
                    "ppo": {"n_steps": 64, "batch_size": 64, "net_arch": [128, 128]},
                    "pretrain": {"bot": "heuristic", "games": 8, "epochs": 6, "learning_rate": 3e-3,
                                 "policy": "shipped", "finetune": True}})
    venv = make_vec_env(cfg, seed=0)
    model, _ = build_model(cfg, venv, seed=0)
    venv.close()
    _, shipped = load_policy_npz(checkpoints.policy_path("politrickers", 3))
    obs, masks, actions, _, _ = collect(cfg, 8, seed=0)
    logs = []
    summary = pretrain(model, cfg, seed=0, log=logs.append)
    mine = NumpyPolicy.from_state_dict(model.policy.state_dict(), "tanh")
    assert any(not np.array_equal(a, b) for a, b in zip(mine.to_arrays(), shipped.to_arrays()))
    assert agreement(model.policy, obs, masks, actions) > agreement_of(shipped, obs, masks, actions)
    assert summary["policy"] == "shipped" and summary["decisions"] == len(actions) and "agreement_with_bot" not in summary
    assert any("imitation accuracy" in line for line in logs)


def agreement_of(policy, obs, masks, actions) -> float:
    """How often a NumPy policy's best legal action is the bot's."""
    logits = np.stack([policy.logits(o) for o in obs])
    return float(np.mean(np.where(masks, logits, -np.inf).argmax(1) == actions))


def test_finetune_needs_a_policy_and_a_bot():
    from hustings.core.rules import ConfigError
    with pytest.raises(ConfigError, match="pretrain.finetune needs both pretrain.policy.*and pretrain.bot"):
        config(finetune=True)
    with pytest.raises(ConfigError, match="pretrain.finetune needs both"):
        config(bot=None, policy="shipped", finetune=True)


def test_a_policy_of_another_network_or_table_size_is_refused_by_name():
    from hustings import checkpoints
    from hustings.bots.policy import CheckpointError

    for keys, words in (({"ppo": {"net_arch": [64]}}, ["does not fit", "net_arch=[64]"]),
                        ({"num_players": 4}, ["3 players", "expected politrickers with 4 players"])):
        cfg = validate({"game": "politrickers", "num_players": 3, "n_envs": 2, **keys,
                        "ppo": {"n_steps": 64, "batch_size": 64, **keys.get("ppo", {"net_arch": [128, 128]})},
                        "pretrain": {"bot": None, "policy": checkpoints.policy_path("politrickers", 3)}})
        venv = make_vec_env(cfg, seed=0)
        model, _ = build_model(cfg, venv, seed=0)
        venv.close()
        with pytest.raises(CheckpointError) as err:
            pretrain(model, cfg, seed=0, log=lambda *a: None)
        for w in words:
            assert w in str(err.value)


def test_collected_data_do_not_depend_on_workers_or_the_cache(tmp_path, monkeypatch):
    """The games are played in chunks (on any number of processes, or loaded from the cache): the same arrays."""
    import hustings.training.pretrain as pretrain_module
    monkeypatch.setattr(pretrain_module, "CHUNK_GAMES", 2)
    cfg = config()
    plain = collect(cfg, games=5, seed=3)
    parallel = collect(cfg, games=5, seed=3, workers=2)
    cached = collect(cfg, games=5, seed=3, cache_dir=str(tmp_path))
    assert len(list(tmp_path.glob("pretrain-*.npz"))) == 3  # games 0-1, 2-3, 4
    for other in (parallel, cached):
        assert all(np.array_equal(a, b) for a, b in zip(plain, other))


def test_an_interrupted_collection_resumes_from_its_finished_chunks(tmp_path, monkeypatch):
    """A rerun loads the chunks already written and plays only the rest; a damaged chunk is played again, and a
    chunk of another bot or seed is never taken for this one's."""
    import hustings.training.pretrain as pretrain_module
    monkeypatch.setattr(pretrain_module, "CHUNK_GAMES", 2)
    cfg = config()
    full = collect(cfg, games=6, seed=3, cache_dir=str(tmp_path))
    files = sorted(tmp_path.glob("pretrain-*.npz"))
    assert len(files) == 3
    files[1].write_bytes(files[1].read_bytes()[:100])  # cut short, as if by hand
    files[2].unlink()
    played = []
    real = pretrain_module._collect_games
    monkeypatch.setattr(pretrain_module, "_collect_games",
                        lambda c, a, b, s: played.append((a, b)) or real(c, a, b, s))
    logs = []
    again = collect(cfg, games=6, seed=3, cache_dir=str(tmp_path), log=logs.append)
    assert played == [(2, 4), (4, 6)] and "2 of 6 games' data loaded" in logs[0]
    assert all(np.array_equal(a, b) for a, b in zip(full, again))
    played.clear()
    collect(cfg, games=2, seed=5, cache_dir=str(tmp_path))  # another seed: its own chunks
    assert played == [(0, 2)]


def test_a_search_bot_can_be_the_teacher():
    """``pretrain.bot`` takes a search SPEC (expert iteration's first step); a bad one is named with what was wanted."""
    from hustings.core.rules import ConfigError
    obs, masks, actions, *_ = collect(config(bot="ismcts:iters=8"), games=1, seed=0)
    assert len(actions) > 20 and masks[np.arange(len(actions)), actions].all()
    with pytest.raises(ConfigError, match="pretrain.bot.*iters='many'.*an int >= 1"):
        config(bot="ismcts:iters=many")


def test_an_ismcts_teacher_can_be_imitated_by_its_visit_counts(tmp_path):
    """``pretrain.targets: visits``: per decision the search's root visits (with the heuristic favourite's head start)
    as a distribution over the legal moves, the move played among the most visited; a forced move is certain. The
    chunks are cached apart from the move-target ones, and the imitation fits the distribution."""
    cfg = config(bot="ismcts:iters=12", targets="visits", games=2, epochs=1)
    obs, masks, actions, returns, targets = collect(cfg, games=2, seed=0, cache_dir=str(tmp_path))
    assert targets.shape == (len(actions), masks.shape[1]) and targets.dtype == np.float32
    np.testing.assert_allclose(targets.sum(1), 1.0, rtol=1e-5)
    assert (targets[~masks] == 0).all()  # never an illegal move
    rows = np.arange(len(actions))
    assert (targets[rows, actions] == targets.max(1)).all()  # the move played is a most visited one
    forced = masks.sum(1) == 1
    assert forced.any() and (targets[forced, actions[forced]] == 1.0).all()
    searched = ~forced
    assert ((targets[searched] > 0).sum(1) > 1).any()  # somewhere the search was not sure
    moves = collect(config(bot="ismcts:iters=12"), games=2, seed=0, cache_dir=str(tmp_path))
    assert len(list(tmp_path.glob("pretrain-*.npz"))) == 2  # one chunk each: the keys differ
    np.testing.assert_array_equal(moves[2], actions)  # the same games and moves, one-hot targets
    again = collect(cfg, games=2, seed=0, cache_dir=str(tmp_path))
    np.testing.assert_array_equal(again[4], targets)  # loaded with its targets

    venv = make_vec_env(cfg, seed=0)
    model, _ = build_model(cfg, venv, seed=0)
    venv.close()
    stats = pretrain(model, cfg, seed=0, log=lambda *a: None)
    assert stats["targets"] == "visits" and stats["bot"] == "ismcts:iters=12" and stats["decisions"] == len(actions)


def test_visit_targets_need_an_ismcts_teacher():
    from hustings.core.rules import ConfigError
    for bot in ("heuristic", "pimc", None):
        with pytest.raises(ConfigError, match="pretrain.targets='visits' needs an IS-MCTS teacher.*expected ismcts"):
            config(bot=bot, targets="visits")
    with pytest.raises(ConfigError, match="pretrain.targets"):
        config(targets="counts")


def seats_decisions(g: int, seed: int) -> list[int]:
    """Who moved at each decision of pretraining game ``g`` of four heuristic bots (collect's seeding)."""
    import hustings
    game = hustings.game_module("politrickers").raw_env.game_class(4)
    bots = [hustings.make_bot("politrickers", "heuristic", seed=seed * 7919 + g * 4 + i) for i in range(4)]
    state, seats = game.new_initial_state(seed=seed * 1_000_003 + g), []
    while not state.is_terminal():
        seats.append(state.current_player())
        state.apply_action(bots[seats[-1]].act(state, seats[-1]))
    return seats


def test_a_teacher_can_play_one_seat_against_a_scripted_table():
    """``pretrain.table``: the teacher plays seat ``g % n`` of game ``g``, the table's bot the others, and only the
    teacher's decisions are data. With the heuristic on both sides the games are the self-play games (same seeds),
    so each game's data are exactly the teacher seat's rows of the self-play data."""
    from hustings.core.rules import ConfigError
    from hustings.training.pretrain import _collect_games
    selfplay, table = config(), config(table="heuristic")
    for g in range(4):
        every = _collect_games(selfplay, g, g + 1, seed=3)
        mine = _collect_games(table, g, g + 1, seed=3)
        rows = np.flatnonzero(np.asarray(seats_decisions(g, seed=3)) == g % 4)  # the seat is g % num_players
        assert 0 < len(rows) == len(mine[2]) < len(every[2]) / 2
        for part in range(4):
            np.testing.assert_array_equal(mine[part], every[part][rows])
    with pytest.raises(ConfigError, match="pretrain.table='ismcts' is invalid; expected null .* or one of"):
        config(table="ismcts")
