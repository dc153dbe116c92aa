"""Warm start by behaviour cloning (the config's ``pretrain`` section): before self-play, the policy learns to play
like a scripted bot and the value net learns the returns of that bot's games.

The data are games the bot plays against itself through the rules module: every seat's decisions (observation,
legal mask, the bot's action; with ``pretrain.table``, the bot plays one seat against that scripted bot and only its
own decisions count) and, per decision, the seat's discounted final result (the ``win`` reward, plus the
config's shaping on the final score difference). The actor is trained by masked cross-entropy, the critic by mean
squared error, with a fresh Adam optimiser; PPO then starts from these weights with its own optimiser.

The teacher can be a search bot (``pretrain.bot: ismcts``): the policy then learns the search's moves, expert
iteration's first step; with ``pretrain.targets: visits`` it learns an IS-MCTS teacher's root visit distribution
instead of the move alone (soft targets: how sure the search was). Its games are slow, so they are played in
chunks of :data:`CHUNK_GAMES` on ``pretrain.workers`` processes and, with ``pretrain.cache``, kept on disk so an
interrupted collection resumes.

With ``pretrain.policy`` the run continues from a trained bot instead: the actor's weights are that policy's (no
imitation), and the critic alone learns from the bot's games (if ``pretrain.bot`` is set); with ``pretrain.finetune``
too, the started actor also imitates the bot (a trained net fine-tuned toward a search's moves).
"""
from __future__ import annotations

import numpy as np

import hustings
from hustings.core.match import play_until

from .config import TrainConfig


#: Games per chunk of collected data: the unit of parallel work and of the on-disk cache.
CHUNK_GAMES = 50


def _collect_games(cfg: TrainConfig, start: int, stop: int, seed: int):
    """``(obs, masks, actions, returns, targets)`` arrays of games ``start..stop-1`` (each game's deal and bots are
    seeded by its index alone, so any split of the games gives the same data). ``targets`` is None unless
    ``pretrain.targets`` is ``visits``: then per decision the teacher's root visit distribution over the actions.
    With ``pretrain.table`` set, the teacher plays seat ``g % num_players`` of game ``g`` and that scripted bot the
    others; only the teacher's decisions are kept."""
    game = hustings.registry.make_game(cfg.game, cfg.num_players, cfg.game_options)
    n, gamma, shaping = game.num_players, cfg.ppo.gamma, cfg.reward.shaping
    soft, table = cfg.pretrain.targets == "visits", cfg.pretrain.table
    obs, masks, actions, returns, targets = [], [], [], [], []
    for g in range(start, stop):
        teacher = None if table is None else g % n  # None: the teacher plays every seat
        bots = [hustings.make_bot(cfg.game, cfg.pretrain.bot if teacher in (None, i) else table,
                                  seed=seed * 7919 + g * n + i) for i in range(n)]
        seats: list[int] = []

        def keep(state, p, action, teacher=teacher, bots=bots, seats=seats):
            if teacher is not None and p != teacher:
                return
            obs.append(state.observation(p).copy())
            masks.append(state.legal_mask())
            actions.append(action)
            seats.append(p)
            if soft:
                targets.append(_visit_target(bots[p], masks[-1], action))

        state = play_until(game.new_initial_state(seed=seed * 1_000_003 + g), bots, on_action=keep)
        result = np.asarray(state.returns(), dtype=np.float64)
        scores = np.asarray(state.scores(), dtype=np.float64)
        if shaping:
            result += shaping * (scores - (scores.sum() - scores) / max(1, n - 1))
        later = [0] * n  # the seat's decisions after this one: the discount of its final result
        tail = []
        for p in reversed(seats):
            tail.append(result[p] * gamma ** later[p])
            later[p] += 1
        returns.extend(reversed(tail))
    return (np.asarray(obs, dtype=np.float32), np.asarray(masks, dtype=bool), np.asarray(actions, dtype=np.int64),
            np.asarray(returns, dtype=np.float32),
            np.asarray(targets, dtype=np.float32).reshape(-1, game.num_actions) if soft else None)


def _visit_target(bot, mask: np.ndarray, action: int) -> np.ndarray:
    """The search's distribution over the actions at this decision: its root visit counts (the favourite's head
    start included), normalised; a forced move (one legal action, not searched) is that move with certainty."""
    target = np.zeros(len(mask), dtype=np.float32)
    if mask.sum() == 1:
        target[action] = 1.0
        return target
    for a, visits in bot.visit_counts().items():
        target[a] = visits
    return target / target.sum()


def _data_key(cfg: TrainConfig, seed: int) -> str:
    """What the collected data depend on, hashed: a cached chunk is reused only for the same game, bot and seed."""
    import hashlib
    import json

    module = hustings.game_module(cfg.game)
    what = {"game": cfg.game, "num_players": cfg.num_players, "game_options": cfg.game_options,
            "bot": cfg.pretrain.bot, "seed": seed, "gamma": cfg.ppo.gamma, "shaping": cfg.reward.shaping,
            "observation_version": module.raw_env.game_class.observation_version}
    if cfg.pretrain.targets != "move":  # (left out for moves, so the chunks cached before the key existed still count)
        what["targets"] = cfg.pretrain.targets
    if cfg.pretrain.table is not None:  # (likewise)
        what["table"] = cfg.pretrain.table
    return hashlib.sha256(json.dumps(what, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _chunk_job(args):
    cfg, start, stop, seed, path = args
    data = _collect_games(cfg, start, stop, seed)
    if path is not None:  # written whole or not at all: an interrupted run never leaves a half chunk
        import os
        tmp = path + ".tmp.npz"
        extra = {} if data[4] is None else {"targets": data[4]}
        np.savez_compressed(tmp, obs=data[0], masks=data[1], actions=data[2], returns=data[3], **extra)
        os.replace(tmp, path)
    return start, data


def _load_chunk(path: str, soft: bool):
    import zipfile
    try:
        with open(path, "rb") as fh, np.load(fh) as f:  # (the file is closed even when it is no zip)
            return f["obs"], f["masks"], f["actions"], f["returns"], (f["targets"] if soft else None)
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):  # unreadable: played again
        return None


def collect(cfg: TrainConfig, games: int, seed: int, workers: int = 1, cache_dir: str | None = None, log=None):
    """``(obs, masks, actions, returns, targets)`` arrays from ``games`` games of ``cfg.pretrain.bot`` at every seat
    (``targets``: None unless ``pretrain.targets`` is ``visits``, see :func:`_collect_games`).

    The games are played in chunks of :data:`CHUNK_GAMES`, on ``workers`` processes; with ``cache_dir`` each
    finished chunk is saved there (``pretrain-<key>-<first game>-<end>.npz``) and a later call with the same game,
    bot and seed loads it instead of playing it again, so an interrupted collection (slow with a search bot) resumes."""
    import contextlib
    import os

    key = _data_key(cfg, seed)
    soft = cfg.pretrain.targets == "visits"
    chunks = [(a, min(a + CHUNK_GAMES, games)) for a in range(0, games, CHUNK_GAMES)]
    done: dict[int, tuple] = {}
    jobs = []
    if cache_dir is not None:
        os.makedirs(cache_dir, exist_ok=True)
    for a, b in chunks:
        path = None if cache_dir is None else os.path.join(cache_dir, f"pretrain-{key}-{a:07d}-{b:07d}.npz")
        if path is not None and os.path.isfile(path) and (data := _load_chunk(path, soft)) is not None:
            done[a] = data
        else:
            jobs.append((cfg, a, b, seed, path))
    if done and log is not None:
        log(f"pretrain: {sum(b - a for a, b in chunks if a in done):,} of {games:,} games' data loaded from {cache_dir}")
    with contextlib.ExitStack() as stack:
        results = map(_chunk_job, jobs)
        if workers > 1 and len(jobs) > 1:
            import multiprocessing as mp
            ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
            results = stack.enter_context(ctx.Pool(min(workers, len(jobs)))).imap_unordered(_chunk_job, jobs)
        for k, (a, data) in enumerate(results, 1):
            done[a] = data
            if log is not None and len(jobs) > 4 and k % max(1, len(jobs) // 10) == 0:
                log(f"pretrain: {k}/{len(jobs)} chunks of {CHUNK_GAMES} games collected")
    parts = [done[a] for a, _ in chunks]
    return tuple(np.concatenate([p[i] for p in parts]) for i in range(4)) + (
        np.concatenate([p[4] for p in parts]) if soft else None,)


def policy_file(cfg: TrainConfig) -> str:
    """The file ``cfg.pretrain.policy`` names (``shipped``: the shipped bot of this game at ``cfg.num_players``)."""
    if cfg.pretrain.policy == "shipped":
        from hustings import checkpoints
        return checkpoints.policy_path(cfg.game, cfg.num_players)
    return cfg.pretrain.policy


def load_actor(model, cfg: TrainConfig, log) -> dict:
    """Copy the actor of ``cfg.pretrain.policy`` into ``model.policy``; a summary of where it came from (its
    file's sha256 and, from the ``report.json`` beside it if any, the timesteps and wall time it had cost so far)."""
    import hashlib
    import json
    import os

    import torch

    from hustings.bots.policy import CheckpointError, sb3_actor_names

    from .policy import load_policy

    path = policy_file(cfg)
    game = hustings.registry.make_game(cfg.game, cfg.num_players, cfg.game_options)
    source = load_policy(path, game)  # CheckpointError unless trained on this game, size and observation layout
    arrays = source.to_arrays()
    names = sb3_actor_names(list(cfg.ppo.net_arch))
    state = model.policy.state_dict()
    shapes = [tuple(a.shape) for a in arrays]
    wanted = [tuple(state[n].shape) for n in names]
    if shapes != wanted or source.activation != cfg.ppo.activation:
        raise CheckpointError(f"pretrain.policy {path}: its network ({[s[0] for s in shapes[0::2]][:-1]}, "
                              f"{source.activation}) does not fit this config's ppo.net_arch={list(cfg.ppo.net_arch)} "
                              f"and activation={cfg.ppo.activation!r}; expected the same network")
    with torch.no_grad():
        for name, a in zip(names, arrays):
            state[name].copy_(torch.as_tensor(a))
    with open(path, "rb") as f:
        summary = {"policy": cfg.pretrain.policy, "policy_file_sha256": hashlib.sha256(f.read()).hexdigest()}
    report = os.path.join(os.path.dirname(os.path.abspath(path)), "report.json")
    if os.path.isfile(report):
        with open(report) as f:
            earlier = json.load(f)
        before = earlier.get("pretrain") or {}
        summary["timesteps_before"] = int(earlier.get("timesteps", 0)) + int(before.get("timesteps_before", 0))
        summary["wall_seconds_before"] = (float(earlier.get("wall_seconds", 0.0)) + float(before.get(
            "wall_seconds", 0.0)) + float(before.get("wall_seconds_before", 0.0)))  # its PPO, warm start, and before
        for k in ("decisions", "accuracy", "bot"):  # the imitation that started the chain, if there was one
            if k in before:
                summary[k] = before[k]
    log(f"pretrain: the actor starts from {path}" + (
        f" ({summary['timesteps_before']:,} timesteps of training before)" if "timesteps_before" in summary else ""))
    return summary


def pretrain(model, cfg: TrainConfig, seed: int, log) -> dict:
    """Behaviour-clone ``cfg.pretrain.bot`` into ``model.policy`` (an SB3 MaskableActorCriticPolicy); with
    ``cfg.pretrain.policy``, start the actor from that policy and fit only the critic to the bot's games (both, with
    ``cfg.pretrain.finetune``)."""
    import os
    import time

    import torch

    t0 = time.perf_counter()
    pc = cfg.pretrain
    summary = load_actor(model, cfg, log) if pc.policy is not None else {}
    if pc.bot is None:
        return summary
    critic_only = pc.policy is not None and not pc.finetune
    cache = os.path.join(cfg.output_dir, "pretrain_data") if pc.cache else None
    obs, masks, actions, returns, targets = collect(cfg, pc.games, seed, workers=pc.workers, cache_dir=cache,
                                                    log=log)
    log(f"pretrain: {len(actions):,} decisions of {pc.bot} in {pc.games:,} games")
    policy = model.policy
    params = ([p for n, p in policy.named_parameters() if n.startswith(("mlp_extractor.value_net", "value_net"))]
              if critic_only else list(policy.parameters()))
    optimiser = torch.optim.Adam(params, lr=pc.learning_rate)
    rng = np.random.default_rng(seed)
    o, m, a, r = (torch.as_tensor(x) for x in (obs, masks, actions, returns))
    t = None if targets is None else torch.as_tensor(targets)
    stats = {}
    for epoch in range(pc.epochs):
        order = torch.as_tensor(rng.permutation(len(a)))
        total = correct = 0
        value_loss = 0.0
        for start in range(0, len(a), pc.batch_size):
            idx = order[start:start + pc.batch_size]
            dist = policy.get_distribution(o[idx], action_masks=m[idx])
            v_loss = torch.nn.functional.mse_loss(policy.predict_values(o[idx]).flatten(), r[idx])
            if critic_only:
                imitation = 0.0
            elif t is None:
                imitation = -dist.log_prob(a[idx]).mean()
            else:  # cross-entropy against the search's distribution (the logits are masked log-probabilities)
                imitation = -(t[idx] * dist.distribution.logits).sum(1).mean()
            loss = cfg.ppo.vf_coef * v_loss + imitation
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, cfg.ppo.max_grad_norm)
            optimiser.step()
            correct += int((dist.distribution.logits.argmax(1) == a[idx]).sum())  # before this batch's step
            total += len(idx)
            value_loss += float(v_loss.detach()) * len(idx)
        stats = {"epoch": epoch + 1, "accuracy": correct / total, "value_mse": value_loss / total}
        log(f"pretrain epoch {epoch + 1}/{pc.epochs}: " + ("" if critic_only else
            f"imitation accuracy {stats['accuracy']:.3f}, ") + f"value mse {stats['value_mse']:.3f}")
    if critic_only:  # the accuracy is the started policy's agreement with the bot, not an imitation's
        stats = {"value_mse": stats["value_mse"], "critic_decisions": int(len(a)),
                 "agreement_with_bot": stats["accuracy"]}
        return {**summary, **stats, "wall_seconds": time.perf_counter() - t0}
    stats["decisions"] = int(len(a))
    stats["bot"] = pc.bot
    if t is not None:
        stats["targets"] = pc.targets
    if pc.table is not None:
        stats["table"] = pc.table
    stats["wall_seconds"] = time.perf_counter() - t0  # this run's collection (or cache loading) and fitting
    return {**summary, **stats}  # (summary: where a fine-tuned actor started; empty otherwise)
