"""REINFORCE over N games at once with hustings.vector: one policy plays every seat of every table (self-play).

    python docs/examples/vector_reinforce.py                      # Politrickers, 4 players, about a minute on CPU
    python docs/examples/vector_reinforce.py --game democracy --num-envs 128 --updates 100

Each update steps the N games ``--steps`` times (one decision per game per step: the mover's), pays each decision the
return its seat got from there to the end of its game (``reward="win"``: +1 win, -1 loss, at the end), and takes
one policy-gradient step; a decision whose game has not ended by the end of the rollout waits (it is left out).
At the end the policy plays seat 0 against random seats and its win rate is printed next to a random seat 0's.
"""
from __future__ import annotations

import argparse
import time

import numpy as np
import torch
from torch import nn

from hustings.vector import make_vector, random_legal_actions


class Policy(nn.Module):
    """A small MLP from the mover's observation to masked action logits."""

    def __init__(self, obs_size: int, num_actions: int, hidden: int = 128):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU(),
                                 nn.Linear(hidden, num_actions))

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> torch.distributions.Categorical:
        logits = self.net(obs).masked_fill(mask == 0, -1e9)
        return torch.distributions.Categorical(logits=logits)


def seat_returns(rewards: np.ndarray, done: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per step, every seat's sum of rewards from that step to the end of its game (``[T, N, n]``), and whether that
    end was reached within the rollout (``[T, N]``)."""
    steps = len(rewards)
    returns, known = np.zeros_like(rewards), np.zeros(done.shape, dtype=bool)
    running, ended = np.zeros_like(rewards[0]), np.zeros(done.shape[1], dtype=bool)
    for t in range(steps - 1, -1, -1):
        running = np.where(done[t][:, None], 0.0, running) + rewards[t]
        ended = done[t] | ended
        returns[t], known[t] = running, ended
    return returns, known


def evaluate(venv, policy, games: int, seed: int, use_policy: bool = True) -> float:
    """Win rate of seat 0 (the policy, or random play) against random seats over ``games`` finished games."""
    rng = np.random.default_rng(seed)
    obs, mask, player = venv.reset(seed=seed)
    wins = finished = 0
    while finished < games:
        actions = random_legal_actions(mask, rng)
        if use_policy:
            with torch.no_grad():
                greedy = policy(torch.from_numpy(obs), torch.from_numpy(mask)).probs.argmax(1).numpy()
            actions = np.where(player == 0, greedy, actions)
        obs, mask, player, _, _, _, info = venv.step(actions)
        wins += int(info["final_winners"][info["final"], 0].sum())
        finished += int(info["final"].sum())
    return wins / finished


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="politrickers")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--num-envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=128, help="steps per update (each a decision in every game)")
    parser.add_argument("--updates", type=int, default=40)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)

    venv = make_vector(args.game, args.num_envs, num_players=args.players, seed=args.seed, reward="win")
    policy = Policy(venv.observation_size, venv.num_actions)
    optimiser = torch.optim.Adam(policy.parameters(), lr=args.lr)
    print(f"{venv!r}: {venv.observation_size} observations, {venv.num_actions} actions")
    obs, mask, player = venv.reset()
    start = time.time()
    for update in range(1, args.updates + 1):
        batch_obs, batch_mask, batch_act, batch_player, batch_rew, batch_done = [], [], [], [], [], []
        for _ in range(args.steps):
            with torch.no_grad():
                actions = policy(torch.from_numpy(obs), torch.from_numpy(mask)).sample().numpy()
            batch_obs.append(obs)
            batch_mask.append(mask)
            batch_act.append(actions)
            batch_player.append(player)
            obs, mask, player, rewards, terminated, truncated, _ = venv.step(actions)
            batch_rew.append(rewards)
            batch_done.append(terminated | truncated)
        returns, known = seat_returns(np.stack(batch_rew), np.stack(batch_done))
        movers = np.stack(batch_player)
        mover_return = np.take_along_axis(returns, movers[..., None].astype(np.int64), axis=2)[..., 0]
        if not known.any():
            print(f"update {update}: no game ended yet")
            continue
        advantage = torch.from_numpy((mover_return - mover_return[known].mean())[known]).float()
        dist = policy(torch.from_numpy(np.stack(batch_obs)[known]), torch.from_numpy(np.stack(batch_mask)[known]))
        log_prob = dist.log_prob(torch.from_numpy(np.stack(batch_act)[known]))
        loss = -(log_prob * advantage).mean() - 0.01 * dist.entropy().mean()
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        print(f"update {update}: {int(np.stack(batch_done).sum())} games ended, {int(known.sum())} decisions "
              f"learned from, entropy {dist.entropy().mean().item():.3f}, {time.time() - start:.1f}s")
    ours = evaluate(venv, policy, args.eval_games, seed=args.seed + 1)
    base = evaluate(venv, policy, args.eval_games, seed=args.seed + 1, use_policy=False)
    print(f"seat 0 against {args.players - 1} random seats over {args.eval_games}+ games: win rate {ours:.3f} "
          f"(a random seat 0: {base:.3f})")


if __name__ == "__main__":
    main()
