"""Moved to :mod:`hustings.training.strength`; this name keeps working for one release, with a ``DeprecationWarning``."""
import sys
import warnings

from hustings.training import strength as _strength

if __name__ == "__main__":
    warnings.warn("python -m hustings.training.benchmark is deprecated; use hustings benchmark", DeprecationWarning,
                  stacklevel=1)
    sys.exit(_strength.main())
warnings.warn("hustings.training.benchmark is deprecated; it moved to hustings.training.strength", DeprecationWarning,
              stacklevel=2)
sys.modules[__name__] = _strength
