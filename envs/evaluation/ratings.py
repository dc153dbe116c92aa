"""The statistics of evaluation tables: win shares, intervals over deals, the interquartile mean and the **OpenSkill
Plackett-Luce ratings** (Weng and Lin 2011) that ``hustings benchmark`` (:mod:`hustings.evaluation.benchmark`) and
``hustings panel`` (:mod:`hustings.evaluation.panel`) report.

The ratings are OpenSkill's ``PlackettLuce().rate(teams, ranks=...)`` for one-player teams, written over NumPy arrays
so that a bootstrap's thousand refits step together (:func:`fit_ratings_many`; tests/evaluation/test_benchmark.py
checks them against ``openskill`` itself); :func:`rate_tables` rates round-robin tables with a percentile bootstrap
over deal sets.
"""
from __future__ import annotations

import math

import numpy as np

#: The orders of the games whose ratings :func:`rate_tables` averages (online updates depend a little on the order).
ORDERS = 10


# --- statistics ----------------------------------------------------------------------------------------------------
def share_of(g: dict, b: int) -> float:
    """Bot ``b``'s share of game ``g``'s win: ``1/k`` when it is one of ``k`` winners, else 0."""
    return 1.0 / len(g["winners"]) if b in g["winners"] else 0.0


def percentile_ci(samples, alpha: float = 0.05) -> list[float]:
    """The ``1 - alpha`` percentile interval of ``samples`` (NaNs when there are none)."""
    if len(samples) == 0:
        return [float("nan"), float("nan")]
    lo, hi = np.percentile(np.asarray(samples, dtype=float), [100 * alpha / 2, 100 * (1 - alpha / 2)])
    return [float(lo), float(hi)]


def iqm(x) -> float:
    """Interquartile mean: the mean of the middle 50% (``scipy.stats.trim_mean(x, 0.25)``)."""
    x = np.sort(np.asarray(x, dtype=float))
    k = int(0.25 * len(x))
    return float(np.mean(x[k:len(x) - k])) if len(x) else float("nan")


def ranks_of(g: dict, seats: list[int]) -> list[int]:
    """Finishing order (1 = best; equal key, equal rank) of bot indices ``seats``: win share, then score."""
    keys = [(share_of(g, b), g["scores"][b]) for b in seats]
    return [1 + sum(1 for k2 in keys if k2 > k) for k in keys]


def fit_ratings(games: list[tuple[list[int], list[int]]], m: int) -> tuple[list[float], list[float]]:
    """OpenSkill Plackett-Luce over ``games`` (agent ids, ranks); (mu, sigma) of agents ``0..m-1``."""
    mu, sigma = fit_ratings_many([games], m)
    return [float(x) for x in mu[0]], [float(x) for x in sigma[0]]


#: OpenSkill's Plackett-Luce defaults (``openskill.models.PlackettLuce()``): mu, sigma, beta, tau, kappa.
PL_MU, PL_SIGMA, PL_BETA, PL_TAU, PL_KAPPA = 25.0, 25.0 / 3.0, 25.0 / 6.0, 25.0 / 300.0, 0.0001


def fit_ratings_many(runs: list[list[tuple[list[int], list[int]]]], m: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`fit_ratings` of every sequence of games in ``runs`` at once: ``(mu, sigma)``, each ``(len(runs), m)``.

    The update is OpenSkill's ``PlackettLuce().rate(teams, ranks=...)`` for one-player teams (Weng and Lin 2011,
    Algorithm 4, with OpenSkill's tau and kappa; its averaging of the mu change over tied ranks changes nothing in
    OpenSkill 6, which compares each updated rating with itself, so it is left out here too), written over
    numpy arrays so that the bootstrap's thousand refits step together (tests/evaluation/test_benchmark.py checks it
    against ``openskill`` itself). Runs of different lengths or table sizes are fitted in groups."""
    mu = np.full((len(runs), m), PL_MU)
    sigma = np.full((len(runs), m), PL_SIGMA)
    groups: dict[tuple[int, int], list[int]] = {}
    for r, games in enumerate(runs):
        groups.setdefault((len(games), len(games[0][0]) if games else 0), []).append(r)
    for (length, k), rows in groups.items():
        if not length:
            continue
        ids = np.array([[g[0] for g in runs[r]] for r in rows], dtype=np.int64)  # (R, G, k)
        ranks = np.array([[g[1] for g in runs[r]] for r in rows], dtype=np.int64)
        mu[rows], sigma[rows] = _plackett_luce(ids, ranks, m)
    return mu, sigma


def _plackett_luce(ids: np.ndarray, ranks: np.ndarray, m: int) -> tuple[np.ndarray, np.ndarray]:
    """Online Plackett-Luce updates of ``R`` independent runs of ``G`` games of ``k`` one-player teams (``ids`` and
    ``ranks``: ``(R, G, k)``; 1 = best, equal = tie); returns (mu, sigma), ``(R, m)``."""
    runs, length, k = ids.shape
    rows = np.arange(runs)[:, None]
    mu = np.full((runs, m), PL_MU)
    sigma = np.full((runs, m), PL_SIGMA)
    beta2, tau2 = PL_BETA * PL_BETA, PL_TAU * PL_TAU
    eye = np.eye(k, dtype=bool)
    for g in range(length):
        who, rank = ids[:, g], ranks[:, g]
        m0 = mu[rows, who]
        s = np.sqrt(sigma[rows, who] ** 2 + tau2)           # sigma after the tau dynamics
        s2 = s * s
        c = np.sqrt((s2 + beta2).sum(axis=1, keepdims=True))
        e = np.exp(m0 / c)
        at_or_below = rank[:, :, None] >= rank[:, None, :]  # [r, i, q]: team i ranked no better than team q
        tied = rank[:, :, None] == rank[:, None, :]
        a = tied.sum(axis=2)                                # teams sharing each team's rank
        sum_q = np.einsum("ri,riq->rq", e, at_or_below)     # sum of e over the teams ranked no better than q
        p = e[:, :, None] / sum_q[:, None, :]               # [r, i, q]
        counted = at_or_below / a[:, None, :]               # q with rank_q <= rank_i, weighted 1 / A_q
        delta = (counted * p * (1 - p)).sum(axis=2)
        omega = (counted * (eye[None] - p)).sum(axis=2)
        omega = omega * s2 / c
        delta = delta * s2 / c ** 2 * (np.sqrt(s2) / c)
        m1 = m0 + omega
        s1 = s * np.sqrt(np.maximum(1 - delta, PL_KAPPA))
        mu[rows, who] = m1
        sigma[rows, who] = s1
    return mu, sigma


def rate_tables(rr: list[tuple[dict, list[dict]]], n: int, m: int, boot: int, rng: np.random.Generator):
    """OpenSkill Plackett-Luce ratings of agents ``0..m-1`` from tables ``rr`` ((table, its games): the table's
    ``lineup`` of agent ids per bot, ``rated`` per bot, ``seeds`` of its deal sets). Returns ``(mu, sigma, boot_mu,
    games)``: mu and sigma averaged over :data:`ORDERS` orders of the games (the first their own order), the
    ``(boot, m)`` array of bootstrap mus (deal sets resampled within each table, games shuffled) and the rated games
    as (agent ids, ranks)."""

    per_seed = []  # per table: {deal seed: that deal set's rated games}
    for t, games in rr:
        rated = [b for b in range(n) if t["rated"][b]]
        by_seed: dict[int, list] = {}
        for g in games:
            by_seed.setdefault(g["seed"], []).append(([t["lineup"][b] for b in rated], ranks_of(g, rated)))
        per_seed.append(by_seed)

    def rated_games(pick_sets=None):
        out = []
        for ti, (t, _) in enumerate(rr):
            for s in (t["seeds"] if pick_sets is None else pick_sets[ti]):
                out.extend(per_seed[ti][s])
        return out

    base = rated_games()
    # OpenSkill updates online, so the order of the games matters a little: the point estimate is the mean over
    # ORDERS shuffled orders (the first one the games' own order)
    orders = [base]
    for _ in range(ORDERS - 1):
        order = list(base)
        rng.shuffle(order)
        orders.append(order)
    samples = []
    if base:
        for _ in range(boot):
            picks = [list(rng.choice(t["seeds"], len(t["seeds"]))) for t, _ in rr]
            sample = rated_games(picks)
            rng.shuffle(sample)
            samples.append(sample)
    fit_mu, fit_sigma = fit_ratings_many(orders + samples, m)
    mu = [float(x) for x in fit_mu[:ORDERS].mean(axis=0)]
    sigma = [float(x) for x in fit_sigma[:ORDERS].mean(axis=0)]
    boot_mu = list(fit_mu[ORDERS:])
    return mu, sigma, (np.asarray(boot_mu) if boot_mu else np.zeros((0, m))), base


def deal_interval(per_deal, lo: float | None = 0.0, hi: float | None = 1.0, z: float = 1.959964) -> list[float]:
    """95% interval of a mean over deals: ``mean +- z * sd / sqrt(k)`` over the ``k`` per-deal values (a deal's value
    is the mean over its seat rotations, so deals are independent; sd with ``k - 1`` degrees of freedom), clipped to
    ``[lo, hi]`` (None: unclipped). NaNs with fewer than 2 deals."""
    x = np.asarray(per_deal, dtype=float)
    if len(x) < 2:
        return [float("nan"), float("nan")]
    half = z * float(np.std(x, ddof=1)) / math.sqrt(len(x))
    m = float(np.mean(x))
    return [m - half if lo is None else max(lo, m - half), m + half if hi is None else min(hi, m + half)]
