"""hustings tools around the envs: the ``hustings`` command line (demo now; train/evaluate/export/play later)."""
