"""hustings tools around the envs: the ``hustings`` command line (demo, train, evaluate), self-play training
(``hustings.training.train``), tournaments (``hustings.training.evaluate``) and the training benchmark (``hustings.training.bench_train``)."""
