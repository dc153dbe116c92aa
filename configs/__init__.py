"""The shipped training configs (``configs/*.yaml`` in the repository), by name: ``hustings train smoke``.

Installed, this folder is ``hustings.configs``; :func:`path` finds a config by name from any folder.
"""
from __future__ import annotations

import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def names() -> list[str]:
    """Names of the shipped configs: ``democracy``, ``smoke``, ..., the other table sizes' bots as
    ``sizes/democracy_6p``, the RLlib route's as ``rllib/democracy`` and measured experiments (not shipped bots) as
    ``experiments/...``."""
    found = [f[:-5] for f in os.listdir(_HERE) if f.endswith(".yaml")]
    for sub in ("experiments", "rllib", "sizes"):
        folder = os.path.join(_HERE, sub)
        if os.path.isdir(folder):
            found += [f"{sub}/" + f[:-5] for f in os.listdir(folder) if f.endswith(".yaml")]
    return sorted(found)


def path(name: str) -> str:
    """The file of shipped config ``name`` (``"smoke"``, ``"rllib/smoke"``; a trailing ``.yaml`` is allowed)."""
    from hustings.core.rules import ConfigError

    key = name[:-5] if name.endswith(".yaml") else name
    if key not in names():
        raise ConfigError(f"no shipped config named {name!r}; expected a YAML file path or one of "
                          f"{', '.join(names())}")
    return os.path.join(_HERE, key + ".yaml")
