"""The batched API's compiled bookkeeping (:class:`hustings.vector.VectorEnv`): checking a step's actions, what a step
returns (rewards, ends, final results) in one pass, and the episode seeds of the games started again. Each kernel
does what the NumPy expressions it replaces did, bit for bit; nothing here names a game.

Compiled with :func:`hustings.engine.jit.njit`, as every kernel of the engine rooms (one cache stamp for all).
"""
from __future__ import annotations

import numpy as np

from .jit import njit

@njit(cache=True)
def check_actions(actions, mask, player):
    """``(kind, k, bad)`` for int64 ``actions``: kind 1 where some action is out of range (``k`` the first such game,
    over every game), else kind 2 where a live game's (``player >= 0``) action is not legal in ``mask`` (``k`` the
    first, ``bad`` how many), else ``(0, -1, 0)``."""
    n, size = mask.shape
    for k in range(n):
        if actions[k] < 0 or actions[k] >= size:
            return 1, k, 1
    first, bad = -1, 0
    for k in range(n):
        if player[k] >= 0 and mask[k, actions[k]] == 0:
            if first < 0:
                first = k
            bad += 1
    return (2 if bad else 0), first, bad


@njit(cache=True)
def finish_step(win, player, terminated, truncated, scores, returns, winners, prev_scores, rewards, term_out,
                trunc_out, done_out, final_scores, final_returns, final_winners):
    """A step's results after the engine applied it, into fresh arrays; returns how many games ended. ``done_out[k]``:
    game ``k`` is over (``player[k] < 0``); ``rewards`` (float32): with ``win`` the returns of the games over, 0
    elsewhere, else the change of the scores since ``prev_scores``; ``term_out``/``trunc_out``: the engine's flags;
    ``final_*``: the scores, returns and winners of the games over, 0 (False) elsewhere."""
    n, seats = scores.shape
    ended = 0
    for k in range(n):
        done = player[k] < 0
        done_out[k] = done
        term_out[k] = terminated[k]
        trunc_out[k] = truncated[k]
        ended += done
        for i in range(seats):
            if win:
                rewards[k, i] = np.float32(returns[k, i]) if done else np.float32(0.0)
            else:
                rewards[k, i] = np.float32(scores[k, i] - prev_scores[k, i])
            if done:
                final_scores[k, i] = scores[k, i]
                final_returns[k, i] = returns[k, i]
                final_winners[k, i] = winners[k, i]
            else:
                final_scores[k, i] = 0.0
                final_returns[k, i] = 0.0
                final_winners[k, i] = False
    return ended


@njit(cache=True)
def _mix(x, consts):
    z = x + consts[0]
    z = (z ^ (z >> np.uint64(30))) * consts[1]
    z = (z ^ (z >> np.uint64(27))) * consts[2]
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def episode_seeds(base, games, episodes, out, consts):
    """``out[i]``: the seed of game ``games[i]``'s episode ``episodes[i]`` (``hustings.vector.episode_seed``), from
    ``base``, the mixed run seed (``mix(seed mod 2**64)``, uint64). ``consts``: SplitMix64's increment and its two
    multipliers (``uint64[3]``, from :mod:`hustings.vector`, where the episode seeds are defined)."""
    for i in range(len(games)):
        z = _mix(base ^ np.uint64(games[i]), consts)
        z = _mix(z ^ np.uint64(episodes[i]), consts)
        out[i] = np.int64(z >> np.uint64(1))
