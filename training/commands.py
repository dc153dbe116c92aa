"""Moved to :mod:`hustings.cli.run`; this name keeps working for one release, with a ``DeprecationWarning``."""
import sys
import warnings

from hustings.cli import run as _run

warnings.warn("hustings.training.commands is deprecated; it moved to hustings.cli.run", DeprecationWarning,
              stacklevel=2)
sys.modules[__name__] = _run
