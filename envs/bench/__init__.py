"""Development benchmarks: throughput and memory of hustings games, as ratios against references run in the same
process. Not library code: nothing in ``hustings`` imports this package, and importing it imports nothing else.

    python -m hustings.bench                       # every registered game at its default player count
    python -m hustings.bench democracy --players 6 --seconds 3 --rounds 5
    python -m hustings.bench prime_minister --ref hanabi_v5 --min-ratio 3.5
    python -m hustings.bench --clone | --search | --vector [--scaling]

One module per mode (``__main__`` reads the flags and runs them):

* :mod:`hustings.bench.env` (no mode flag): the rules module, the AEC env against PettingZoo's ``connect_four_v3``,
  the ParallelEnv, peak memory;
* :mod:`hustings.bench.clone` (``--clone``): ``State.clone()`` against the JSON round trip, ``sample_hidden``;
* :mod:`hustings.bench.search` (``--search``): IS-MCTS iterations per CPU-second against OpenSpiel's ``ISMCTSBot``
  (:mod:`hustings.bench.openspiel`: the OpenSpiel references);
* :mod:`hustings.bench.vector` (``--vector``): the batched engines and the batched API (:mod:`hustings.vector`);
  :mod:`hustings.bench.scaling` (``--vector --scaling``): one process against two.

Each module's docstring says what it measures and its targets. Training throughput is the training tools' benchmark:
``python -m hustings.training.bench_train``.
"""
from __future__ import annotations


def __getattr__(name: str):
    # ``from hustings.bench import classic_env`` (hustings.training.bench_train), loaded when asked for
    if name in ("classic_env", "reference_problem"):
        from . import env

        return getattr(env, name)
    raise AttributeError(f"module 'hustings.bench' has no attribute {name!r}")
