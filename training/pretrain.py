"""Warm start by behaviour cloning (the config's ``pretrain`` section): before self-play, the policy learns to play
like a scripted bot and the value net learns the returns of that bot's games.

The data are games the bot plays against itself through the rules module: every seat's decisions (observation,
legal mask, the bot's action) and, per decision, the seat's discounted final result (the ``win`` reward, plus the
config's shaping on the final score difference). The actor is trained by masked cross-entropy, the critic by mean
squared error, with a fresh Adam optimiser; PPO then starts from these weights with its own optimiser.
"""
from __future__ import annotations

import numpy as np

import hustings

from .config import TrainConfig


def collect(cfg: TrainConfig, games: int, seed: int):
    """``(obs, masks, actions, returns)`` arrays from ``games`` games of ``cfg.pretrain.bot`` at every seat."""
    module = hustings.game_module(cfg.game)
    game = module.raw_env.game_class(cfg.num_players, **cfg.game_options)
    n, gamma, shaping = game.num_players, cfg.ppo.gamma, cfg.reward.shaping
    obs, masks, actions, returns = [], [], [], []
    for g in range(games):
        bots = [hustings.make_bot(cfg.game, cfg.pretrain.bot, seed=seed * 7919 + g * n + i) for i in range(n)]
        state = game.new_initial_state(seed=seed * 1_000_003 + g)
        seats: list[int] = []
        while not state.is_terminal():
            p = state.current_player()
            obs.append(state.observation(p).copy())
            masks.append(state.legal_mask())
            actions.append(bots[p].act(state, p))
            seats.append(p)
            state.apply_action(actions[-1])
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
            np.asarray(returns, dtype=np.float32))


def pretrain(model, cfg: TrainConfig, seed: int, log) -> dict:
    """Behaviour-clone ``cfg.pretrain.bot`` into ``model.policy`` (an SB3 MaskableActorCriticPolicy)."""
    import torch

    pc = cfg.pretrain
    obs, masks, actions, returns = collect(cfg, pc.games, seed)
    log(f"pretrain: {len(actions):,} decisions of {pc.bot} in {pc.games:,} games")
    policy = model.policy
    optimiser = torch.optim.Adam(policy.parameters(), lr=pc.learning_rate)
    rng = np.random.default_rng(seed)
    o, m, a, r = (torch.as_tensor(x) for x in (obs, masks, actions, returns))
    stats = {}
    for epoch in range(pc.epochs):
        order = torch.as_tensor(rng.permutation(len(a)))
        total = correct = 0
        value_loss = 0.0
        for start in range(0, len(a), pc.batch_size):
            idx = order[start:start + pc.batch_size]
            dist = policy.get_distribution(o[idx], action_masks=m[idx])
            v_loss = torch.nn.functional.mse_loss(policy.predict_values(o[idx]).flatten(), r[idx])
            loss = -dist.log_prob(a[idx]).mean() + cfg.ppo.vf_coef * v_loss
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), cfg.ppo.max_grad_norm)
            optimiser.step()
            correct += int((dist.distribution.logits.argmax(1) == a[idx]).sum())  # before this batch's step
            total += len(idx)
            value_loss += float(v_loss.detach()) * len(idx)
        stats = {"epoch": epoch + 1, "accuracy": correct / total, "value_mse": value_loss / total}
        log(f"pretrain epoch {epoch + 1}/{pc.epochs}: imitation accuracy {stats['accuracy']:.3f}, "
            f"value mse {stats['value_mse']:.3f}")
    stats["decisions"] = int(len(a))
    return stats
