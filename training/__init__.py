"""Training bots: self-play PPO (``hustings.training.train``, ``hustings train``), Ray RLlib
(``hustings.training.rllib_train``), pretraining, export, best responses (``hustings.training.exploit``) and the
training benchmark (``hustings.training.bench_train``). Tournaments and the benchmark are
:mod:`hustings.evaluation`'s, which training imports (never the reverse)."""
