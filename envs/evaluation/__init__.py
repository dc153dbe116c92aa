"""Evaluation: how strong a bot is, measured by playing games (no training; no torch needed for scripted bots,
shipped nets and exported ONNX bots).

- :mod:`hustings.evaluation.evaluate`: duplicate-deal, seat-rotated tournaments (``hustings evaluate``);
- :mod:`hustings.evaluation.batch_play`: the same games a few hundred at a time in a game's compiled engine;
- :mod:`hustings.evaluation.benchmark`: the standard table (``hustings benchmark``), with the reference ladder's own
  tables shipped per build (:mod:`hustings.evaluation.reference`, ``data/benchmark_reference.json.gz``);
- :mod:`hustings.evaluation.panel`: every shipped bot against every kind of opponent (``hustings panel``);
- :mod:`hustings.evaluation.local_br`: a local best response by rollouts of the agent's own policy, a lower bound on
  its exploitability without training (``hustings exploit --local``);
- :mod:`hustings.evaluation.ratings`: win shares, intervals over deals, the IQM and the OpenSkill Plackett-Luce
  ratings.

Training (:mod:`hustings.training`) imports evaluation, never the reverse; best responses (``hustings exploit``)
train with PPO and so are a training command that measures through this package.
"""
