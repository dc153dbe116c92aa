"""Moved to :mod:`hustings.play.records`; this name keeps working for one release, with a ``DeprecationWarning``."""
import sys
import warnings

from hustings.play.records import __name__ as _new_name

warnings.warn("hustings.records is deprecated; it moved to hustings.play.records", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = sys.modules[_new_name]
