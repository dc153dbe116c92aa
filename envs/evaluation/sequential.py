"""Stopping when the answer is known: ``hustings evaluate ... --until-significant MARGIN``.

A fixed 95% interval is right once, at the number of games chosen in advance. Looked at after every deal pack, with
the run stopped the first time it excludes the fair share, it is wrong far more often than 5% of the time: some
look will stray by chance (the tests measure it: on a bot exactly at fair share, about half of such runs "find" a
difference within 400 looks). A *confidence sequence* is an interval that holds at every look at once: the chance
that it ever, at any pack, misses the true mean is at most 5%. So a run may stop the first time it says something,
and what it says is still a 95% statement.

The sequence here is the asymptotic confidence sequence of Waudby-Smith, Arbour, Sinha, Kennedy and Ramdas (2021,
"Time-uniform central limit theory and asymptotic confidence sequences", Theorem 2.2): after ``t`` packs with mean
``m_t`` and sample variance ``s_t^2``,

    m_t +- sqrt( 2 (t s_t^2 r^2 + 1) / (t^2 r^2) * log( sqrt(t s_t^2 r^2 + 1) / alpha ) ),

``r`` fixed before the run so that it is tightest near ``t*`` packs for values of a guessed spread ``scale`` (the
cap, and the spread of a pack's win share at fair share with independent games: :func:`rho`); any fixed ``r`` keeps
the guarantee, the guess only decides where it is tightest. It is wider than the fixed interval at the same ``t``
(about 1.5 to 2 times near ``t*``): that is the price of looking every time.

The rule (:func:`decide`): after each pack, once :data:`MIN_PACKS` packs are in, stop when the sequence lies entirely
above ``fair + MARGIN`` or entirely below ``fair - MARGIN``, that is when the bot is known to be better (or worse)
than the fair share by more than ``MARGIN``; else play on until the cap (``--games``). A bot at fair share runs to
the cap (and is then reported with its fixed interval, as without this option).
"""
from __future__ import annotations

import math

import numpy as np

#: Packs before the first look (a variance from fewer is too rough for the asymptotic sequence).
MIN_PACKS = 10


def rho(alpha: float, t_star: int, scale: float = 1.0) -> float:
    """The mixture width that makes the sequence tightest near ``t_star`` values of standard deviation ``scale``
    (Waudby-Smith et al., eq. 13, for values of that spread)."""
    la = -2.0 * math.log(alpha)
    return math.sqrt((la + math.log(la + 1.0)) / max(1, t_star)) / scale


def pack_scale(num_players: int) -> float:
    """The standard deviation of a deal pack's win share (``num_players`` rotations) for a bot at fair share, were
    its games independent: the spread the sequence is tuned for."""
    f = 1.0 / num_players
    return math.sqrt(f * (1.0 - f) / num_players)


def confidence_sequence(values, alpha: float = 0.05, t_star: int = 100, scale: float = 1.0) -> tuple[float, float]:
    """The ``1 - alpha`` asymptotic confidence sequence's interval after ``values`` (independent, or a sequence of
    steps each with mean zero given the ones before): valid at every ``t`` at once, whatever the fixed ``t_star`` and
    ``scale`` (they decide where it is tightest). NaNs with fewer than 2."""
    x = np.asarray(values, dtype=float)
    t = len(x)
    if t < 2:
        return float("nan"), float("nan")
    m, var = float(x.mean()), float(x.var(ddof=1))
    r2 = rho(alpha, t_star, scale) ** 2
    a = t * var * r2 + 1.0
    half = math.sqrt(2.0 * a / (t * t * r2) * math.log(math.sqrt(a) / alpha))
    return m - half, m + half


def decide(values, fair: float, margin: float, alpha: float = 0.05, t_star: int = 100, scale: float = 1.0) -> dict:
    """After ``values`` (a bot's value per pack so far): the sequence's interval and the verdict, ``"above"`` (it
    lies above ``fair + margin``), ``"below"`` or ``None`` (play on). No verdict before :data:`MIN_PACKS` values."""
    lo, hi = confidence_sequence(values, alpha, t_star, scale)
    verdict = None
    if len(values) >= MIN_PACKS:
        if lo > fair + margin:
            verdict = "above"
        elif hi < fair - margin:
            verdict = "below"
    return {"packs": len(values), "cs95": [lo, hi], "verdict": verdict}


def fixed_interval_decide(values, fair: float, margin: float, z: float = 1.959964) -> str | None:
    """The rule with the plain fixed interval instead (mean +- 1.96 standard errors): what *not* to do at every
    look; kept for the tests that show it stops far too often on a bot at fair share."""
    x = np.asarray(values, dtype=float)
    if len(x) < MIN_PACKS:
        return None
    half = z * float(x.std(ddof=1)) / math.sqrt(len(x))
    m = float(x.mean())
    return "above" if m - half > fair + margin else "below" if m + half < fair - margin else None


def simulate(draw, cap: int, fair: float, margin: float, runs: int, seed: int = 0, fixed: bool = False,
             t_star: int | None = None, scale: float = 1.0) -> dict:
    """``runs`` simulated runs of the rule, each up to ``cap`` values from ``draw(rng, k)`` (``k`` values from a
    numpy generator), looking after every value: the share of runs that stopped, and the mean values played.
    ``fixed`` uses :func:`fixed_interval_decide` instead of the confidence sequence."""
    rng = np.random.default_rng(seed)
    stopped, used = 0, 0
    for _ in range(runs):
        x = draw(rng, cap)
        n = cap
        for t in range(MIN_PACKS, cap + 1):
            v = (fixed_interval_decide(x[:t], fair, margin) if fixed
                 else decide(x[:t], fair, margin, t_star=t_star or cap, scale=scale)["verdict"])
            if v is not None:
                stopped += 1
                n = t
                break
        used += n
    return {"stopped": stopped / runs, "mean_packs": used / runs}
