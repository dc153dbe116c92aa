"""The package version (one source: ``hustings.__version__`` and the wheel read it here)."""
__version__ = "0.3.0.dev0"
