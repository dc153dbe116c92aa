"""Values people write, read the way hustings reads them: YAML (configs, ``--option KEY=VALUE``) with YAML 1.2 numbers."""
from __future__ import annotations

import decimal
import re
from typing import Any

from ..errors import ConfigError

_NUMBER_TAG = "tag:hustings,2025:number"
# YAML 1.2 numbers that YAML 1.1 (PyYAML) reads as strings: an exponent without a dot or without a sign (1e6,
# 3e-4, 1.5e3), and a signed leading-dot fraction (-.5). Plain ints and YAML 1.1 floats keep their own resolvers,
# which are tried first.
_NUMBER = re.compile(r"""^(?:[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?[eE][-+]?[0-9]+
                        |[-+]?\.[0-9][0-9_]*(?:[eE][-+]?[0-9]+)?)$""", re.VERBOSE)

_LOADER = None  # built on first use (PyYAML is imported lazily)


def yaml_loader():
    """The PyYAML loader configs are read with: ``yaml.SafeLoader`` that also reads YAML 1.2 numbers.

    Plain PyYAML follows YAML 1.1, where a float needs a dot and a signed exponent, so ``3e-4`` and ``1e6`` would be
    strings. This loader reads ``1e6``, ``3e-4``, ``1.5e3``, ``-.5``, ``-1.5E+3`` as numbers. A number written
    without a dot whose value is whole (``1e6``, ``25e2``) is an ``int``, so it also fits int keys such as
    ``total_timesteps``; one with a dot (``1.0e6``) or a fraction (``3e-4``) is a ``float``. Quoted text stays text.
    ``yaml.SafeLoader`` itself is left as it is.
    """
    import yaml

    global _LOADER
    if _LOADER is None:
        class ConfigLoader(yaml.SafeLoader):
            """``yaml.SafeLoader`` plus YAML 1.2 number forms (see :func:`yaml_loader`)."""

        ConfigLoader.add_implicit_resolver(_NUMBER_TAG, _NUMBER, list("-+0123456789."))
        ConfigLoader.add_constructor(_NUMBER_TAG, _construct_number)
        _LOADER = ConfigLoader
    return _LOADER


def _construct_number(loader, node) -> int | float:
    text = loader.construct_scalar(node).replace("_", "")
    if "." not in text:
        exact = decimal.Decimal(text)
        if exact == exact.to_integral_value() and abs(exact.adjusted()) <= 300:
            return int(exact)
    return float(text)


def parse_yaml(text: str) -> Any:
    """``text`` parsed with :func:`yaml_loader` (raises ``yaml.YAMLError`` when it is not valid YAML)."""
    import yaml

    return yaml.load(text, Loader=yaml_loader())




def parse_options(items: list[str]) -> dict:
    """``["KEY=VALUE", ...]`` as a dict, each value parsed as YAML like a config's (``20``, ``1e3``, ``true``,
    ``null``); ``None`` / ``none`` are accepted for ``null``."""
    import yaml

    out = {}
    for item in items:
        if "=" not in item:
            raise ConfigError(f"--option {item!r} is invalid; expected KEY=VALUE")
        key, value = item.split("=", 1)
        try:
            parsed = parse_yaml(value)
        except yaml.YAMLError as exc:
            raise ConfigError(f"--option {item!r}: the value is not valid YAML ({exc})") from None
        out[key] = None if parsed in ("None", "none") else parsed
    return out
