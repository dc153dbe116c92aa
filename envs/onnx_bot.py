"""Moved to :mod:`hustings.bots.onnx`; this name keeps working for one release, with a ``DeprecationWarning``."""
import sys
import warnings

from hustings.bots.onnx import __name__ as _new_name

warnings.warn("hustings.onnx_bot is deprecated; it moved to hustings.bots.onnx", DeprecationWarning, stacklevel=2)
sys.modules[__name__] = sys.modules[_new_name]
