"""The batched API's compiled legal-random pick: one uniformly random legal action per row of a legal-action mask.

:func:`hustings.vector.random_legal_actions` calls :func:`pick_legal` where numba imports (else its NumPy
version). It takes the uniforms from the caller (``rng.random(N)``) and turns them into actions with the NumPy
version's arithmetic: row ``k``'s action is its ``floor(uniforms[k] * count)``-th legal action (0-based, in
action order), 0 where the row has none. So for one generator state both versions draw the same ``N`` uniforms and
pick the same actions, bit for bit.

Compiled with :func:`hustings.engine.jit.njit`, as every kernel of the engine rooms (one cache stamp for all).
"""
from __future__ import annotations

import numpy as np

from .jit import njit


@njit(cache=True)
def pick_legal(mask, uniforms, out):
    """``out[k]``: the ``floor(uniforms[k] * c)``-th legal action of ``mask[k]`` (nonzero entries, ``c`` of them),
    0 where ``c == 0``. ``mask``: ``[N, A]`` (int8 or bool), ``uniforms``: ``float64[N]`` in ``[0, 1)``, ``out``:
    ``int64[N]``."""
    n, size = mask.shape
    legal = np.empty(size, dtype=np.int64)
    for k in range(n):
        row = mask[k]
        count = 0
        for a in range(size):  # the legal actions in order, without a branch to mispredict
            legal[count] = a
            count += row[a] != 0
        if count == 0:
            out[k] = 0
        else:
            out[k] = legal[min(np.int64(uniforms[k] * count), count - 1)]
