"""The batched API's compiled helpers. hustings.vector.random_legal_actions: uniform over each row's legal actions,
legal, 0 where a row has none; the compiled pick (hustings.engine.pick, numba) gives the NumPy version's actions for
the same generator, bit for bit. The step's compiled bookkeeping (hustings.engine.bookkeeping) gives what its NumPy
version gives."""
from __future__ import annotations

import numpy as np
import pytest

from hustings import vector
from hustings.vector import random_legal_actions


def _masks(seed: int, rows: int = 300, size: int = 37) -> np.ndarray:
    rng = np.random.default_rng(seed)
    mask = (rng.random((rows, size)) < rng.random((rows, 1))).astype(np.int8)
    mask[::17] = 0  # rows with no legal action
    mask[5::23] = 0
    mask[5::23, -1] = 1  # only the last action
    return mask


def test_every_pick_is_legal_and_a_row_without_one_gives_0():
    mask = _masks(1)
    rng = np.random.default_rng(0)
    for _ in range(50):
        acts = random_legal_actions(mask, rng)
        assert acts.dtype == np.int64 and acts.shape == (len(mask),)
        none = mask.sum(axis=1) == 0
        assert (acts[none] == 0).all()
        assert (mask[np.arange(len(mask)), acts][~none] == 1).all()
    assert (random_legal_actions(mask.astype(bool), rng)[mask.sum(axis=1) == 0] == 0).all()


def test_uniform_over_the_legal_actions_chi_square():
    mask = np.zeros((4, 12), dtype=np.int8)
    mask[0, [0, 3, 4, 11]] = 1
    mask[1, :] = 1
    mask[2, [7]] = 1
    mask[3, [1, 2, 5, 6, 8, 9, 10]] = 1
    rng = np.random.default_rng(12345)
    draws = 6000
    picks = np.stack([random_legal_actions(mask, rng) for _ in range(draws)])
    for row in range(4):
        legal = np.flatnonzero(mask[row])
        counts = np.array([(picks[:, row] == a).sum() for a in legal])
        assert counts.sum() == draws  # every pick legal
        expected = draws / len(legal)
        chi2 = float(((counts - expected) ** 2 / expected).sum())
        dof = len(legal) - 1
        # chi-square with dof degrees of freedom: mean dof, sd sqrt(2 dof); 5 sd above the mean fails
        assert chi2 <= dof + 5 * np.sqrt(2 * max(dof, 1)), (row, counts, chi2)


def test_compiled_and_numpy_picks_are_the_same_draws():
    pytest.importorskip("numba")
    from hustings.engine.pick import pick_legal

    for seed in range(5):
        mask = _masks(seed, rows=257, size=3 + 40 * seed)
        a, b = np.random.default_rng(seed), np.random.default_rng(seed)
        for _ in range(20):
            fast = random_legal_actions(mask, a)
            slow = vector._numpy_pick(mask, b.random(len(mask)))
            assert np.array_equal(fast, slow)
        assert a.random() == b.random()  # the generators are left in the same state
    out = np.full(3, -1, dtype=np.int64)
    pick_legal(np.array([[0, 1, 1], [0, 0, 0], [1, 0, 1]], dtype=np.int8), np.array([0.99, 0.5, 0.0]), out)
    assert out.tolist() == [2, 0, 0]


def test_no_rows():
    assert random_legal_actions(np.zeros((0, 5), dtype=np.int8), np.random.default_rng(0)).shape == (0,)


def test_compiled_bookkeeping_is_the_numpy_bookkeeping():
    pytest.importorskip("numba")
    from hustings.engine import bookkeeping

    rng = np.random.default_rng(3)
    n, seats, size = 257, 5, 11
    for win in (True, False):
        player = rng.integers(-1, seats, n).astype(np.int32)
        flags = [rng.random(n) < 0.5 for _ in range(2)]
        scores, returns, prev = (rng.normal(size=(n, seats)) * 7 for _ in range(3))
        winners = rng.random((n, seats)) < 0.3
        outs = []
        for book in (bookkeeping, vector._NumpyBook):
            out = [np.empty((n, seats), np.float32), *(np.empty(n, bool) for _ in range(3)), np.empty((n, seats)),
                   np.empty((n, seats)), np.empty((n, seats), bool)]
            ended = book.finish_step(win, player, *flags, scores, returns, winners, prev, *out)
            outs.append((ended, out))
        assert outs[0][0] == outs[1][0] == (player < 0).sum()
        for a, b in zip(outs[0][1], outs[1][1]):
            assert a.dtype == b.dtype and np.array_equal(a, b)
    mask = (rng.random((n, size)) < 0.3).astype(np.int8)
    for acts in (rng.integers(0, size, n), np.where(rng.random(n) < 0.01, size, rng.integers(0, size, n)),
                 np.argmax(mask, axis=1)):
        acts = acts.astype(np.int64)
        assert tuple(bookkeeping.check_actions(acts, mask, player)) == tuple(vector._NumpyBook.check_actions(
            acts, mask, player))
    games, episodes = np.arange(0, n, 3), rng.integers(0, 1 << 40, len(range(0, n, 3)))
    a, b = np.empty(len(games), np.int64), np.empty(len(games), np.int64)
    base = vector._mix_array(np.array([12345], dtype=np.uint64))[0]
    bookkeeping.episode_seeds(base, games, episodes, a, vector._SPLITMIX)
    vector._NumpyBook.episode_seeds(base, games, episodes, b, vector._SPLITMIX)
    assert np.array_equal(a, b) and np.array_equal(a, vector.episode_seeds(12345, games, episodes))
    assert int(a[0]) == vector.episode_seed(12345, 0, int(episodes[0]))
