"""Moved to :mod:`hustings.play.text_view`; this name keeps working for one release, with a ``DeprecationWarning``."""
import sys
import warnings

from hustings.play.text_view import __name__ as _new_name

warnings.warn("hustings.text_env is deprecated; it moved to hustings.play.text_view", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = sys.modules[_new_name]
