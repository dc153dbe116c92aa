"""Moved to :mod:`hustings.cli`; this name keeps working for one release, with a ``DeprecationWarning``."""
import sys
import warnings

from hustings import cli as _cli

if __name__ == "__main__":
    warnings.warn("python -m hustings.training.cli is deprecated; use python -m hustings.cli (or hustings)",
                  DeprecationWarning, stacklevel=1)
    sys.exit(_cli.main())
warnings.warn("hustings.training.cli is deprecated; it moved to hustings.cli", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = _cli
