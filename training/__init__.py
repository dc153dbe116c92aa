"""hustings tools around the envs: the ``hustings`` command line (demo, train, evaluate), self-play training
(``training.train``), tournaments (``training.evaluate``) and the training benchmark (``training.bench_train``)."""
