"""What every game's compiled scripted bots (``hustings.<game>.engine.BatchBots``) share: one random generator
per (game, seat), kept in arrays for the kernels and seeded as ``Bot.reset`` seeds a Python bot, and the offsets of
the observation blocks the kernels read. A game's ``engine/bots.py`` supplies its block names and
:meth:`BatchBots.act`."""
from __future__ import annotations

import numpy as np

from . import rng
from .jit import njit


@njit(cache=True, inline="always")
def random_move(mask, k, mt, mti, g):
    """``RandomBot.act`` for game ``k``: ``legal[rng.randrange(len(legal))]`` over row ``k`` of ``mask``, drawn from
    generator ``g`` of the bots' set (``mt``, ``mti``)."""
    legal = 0
    for a in range(mask.shape[1]):
        legal += mask[k, a] != 0
    r = rng.below(mt, mti, g, 0, legal)
    for a in range(mask.shape[1]):
        if mask[k, a] != 0:
            if r == 0:
                return a
            r -= 1
    return 0


class BatchBots:
    """A game's scripted bots (``names``) over the N games of a batched engine of ``game``: one random generator per
    (game, seat), seeded by :meth:`seed`; :meth:`act` moves for every game whose mover a scripted bot plays.

    Subclasses set ``names`` (the bots by the names ``bots.BOTS`` gives the Python ones) and ``blocks`` (the
    observation blocks the kernels read, whose starts land in ``self._lay``). The generators are one set of
    :mod:`hustings.engine.rng`: ``self._mt`` (``uint32[N * seats, 624]``) and ``self._mti`` (``int64[N * seats, 1]``),
    the bot of game ``k``, seat ``s`` drawing from row ``k * seats + s``."""

    names: tuple = ()
    blocks: tuple = ()

    def __init__(self, game, num_envs: int):
        self.game = game
        self.num_envs = int(num_envs)
        self.num_players = n = game.num_players
        fields = {name: start for name, start, _, _ in game.observation_fields()}
        self._lay = np.array([fields[b] for b in self.blocks], dtype=np.int64)
        self._mt = np.zeros((self.num_envs * n, 624), dtype=np.uint32)
        self._mti = np.full((self.num_envs * n, 1), 624, dtype=np.int64)
        every = np.arange(self.num_envs, dtype=np.int64)
        for s in range(n):  # every generator starts as random.Random(0) until seeded
            self.seed(every, np.full(self.num_envs, s, dtype=np.int64), np.zeros(self.num_envs, dtype=np.int64))

    def seed(self, envs, seats, seeds) -> None:
        """Seed the bot of game ``envs[i]``, seat ``seats[i]`` as ``Bot.reset(seeds[i])`` seeds a Python bot
        (``random.Random(seeds[i])``; ints of at most 64 bits)."""
        gens = np.asarray(envs, dtype=np.int64) * self.num_players + np.asarray(seats, dtype=np.int64)
        rng.seed_many(self._mt, self._mti, 0, gens, np.asarray(seeds, dtype=np.int64))

    def act(self, kinds: np.ndarray, player: np.ndarray, obs: np.ndarray, mask: np.ndarray,
            out: np.ndarray) -> None:
        """Write into ``out[k]`` (``int64[N]``) the move of game ``k``'s mover (seat ``player[k]``) played by the bot
        of kind ``kinds[k]`` (``int8[N]``, an index into ``names``; ``-1``: leave ``out[k]`` alone), from the
        movers' observations ``obs`` (``engine.observe``) and legal masks ``mask`` (``engine.legal_mask``)."""
        raise NotImplementedError
