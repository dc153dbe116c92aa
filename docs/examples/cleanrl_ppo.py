"""A CleanRL-style masked PPO loop on hustings' Gymnasium vector env (one file, torch only).

    python docs/examples/cleanrl_ppo.py --game democracy --num-envs 64 --steps 32 --updates 50

The learner holds one seat of each game; the other seats are heuristic bots played in the compiled batched engine.
Illegal actions get a logit of -1e9 from the observation's "action_mask". Prints one line per update.
"""
import argparse
import time

import numpy as np
import torch
from torch import nn

from hustings.training.gym_vector import SelfPlayVectorEnv

p = argparse.ArgumentParser()
p.add_argument("--game", default="democracy")
p.add_argument("--num-envs", type=int, default=64)
p.add_argument("--steps", type=int, default=32, help="steps per game per update")
p.add_argument("--updates", type=int, default=50)
p.add_argument("--seed", type=int, default=0)
args = p.parse_args()
torch.manual_seed(args.seed)

envs = SelfPlayVectorEnv(args.game, args.num_envs, opponents={"heuristic": 1.0})
obs_size = envs.single_observation_space["observation"].shape[0]
n_actions = envs.single_action_space.n
policy = nn.Sequential(nn.Linear(obs_size, 128), nn.Tanh(), nn.Linear(128, n_actions))
value = nn.Sequential(nn.Linear(obs_size, 128), nn.Tanh(), nn.Linear(128, 1))
optim = torch.optim.Adam([*policy.parameters(), *value.parameters()], lr=3e-4)
gamma, lam, clip = 0.99, 0.95, 0.2


def dist(x, mask):
    return torch.distributions.Categorical(logits=policy(x).masked_fill(~mask, -1e9))


obs, _ = envs.reset(seed=args.seed)
T, N = args.steps, args.num_envs
start, wins, ended = time.time(), 0.0, 0
for update in range(1, args.updates + 1):
    X = torch.zeros(T, N, obs_size)
    M = torch.zeros(T, N, n_actions, dtype=torch.bool)
    A, LP, R, D, V = (torch.zeros(T, N) for _ in range(5))
    for t in range(T):
        X[t] = torch.as_tensor(obs["observation"])
        M[t] = torch.as_tensor(obs["action_mask"], dtype=torch.bool)
        with torch.no_grad():
            d = dist(X[t], M[t])
            A[t] = d.sample()
            LP[t], V[t] = d.log_prob(A[t]), value(X[t]).squeeze(-1)
        obs, reward, term, trunc, info = envs.step(A[t].long().numpy())
        R[t], D[t] = torch.as_tensor(reward), torch.as_tensor(term | trunc, dtype=torch.float32)
        for k in np.flatnonzero(info.get("_final_info", np.zeros(N, dtype=bool))):
            wins, ended = wins + info["final_info"][k]["win_share"], ended + 1
    with torch.no_grad():  # GAE; D[t] = 1: the game ended at step t (the next observation is a new game's)
        next_v = value(torch.as_tensor(obs["observation"])).squeeze(-1)
        adv, last = torch.zeros(T, N), torch.zeros(N)
        for t in reversed(range(T)):
            nv = next_v if t == T - 1 else V[t + 1]
            delta = R[t] + gamma * nv * (1 - D[t]) - V[t]
            last = delta + gamma * lam * (1 - D[t]) * last
            adv[t] = last
        ret = adv + V
    x, m, a, lp0, ad, rt = (z.reshape(T * N, *z.shape[2:]) for z in (X, M, A, LP, adv, ret))
    for _ in range(4):  # epochs over minibatches
        for idx in torch.randperm(T * N).split(max(1, T * N // 4)):
            d = dist(x[idx], m[idx])
            ratio = (d.log_prob(a[idx]) - lp0[idx]).exp()
            g = (ad[idx] - ad[idx].mean()) / (ad[idx].std() + 1e-8)
            pg = -torch.min(ratio * g, ratio.clamp(1 - clip, 1 + clip) * g).mean()
            vl = (value(x[idx]).squeeze(-1) - rt[idx]).pow(2).mean()
            loss = pg + 0.5 * vl - 0.01 * d.entropy().mean()
            optim.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_([*policy.parameters(), *value.parameters()], 0.5)
            optim.step()
    share = f"{wins / ended:.3f} of {ended} games" if ended else "no game ended yet"
    print(f"update {update}: {update * T * N} steps, win share {share}, {time.time() - start:.0f} s", flush=True)
    wins, ended = 0.0, 0
envs.close()
