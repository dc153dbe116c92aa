"""Every error hustings raises, in one place.

Each input error is a :class:`HustingsError` (a ``ValueError``) whose message names what was wrong and what was
expected; catch ``hustings.HustingsError`` to handle them all. :class:`ResetNeededError` (using an env before
``reset()``) is a misuse of the API, a ``RuntimeError``.
"""
from __future__ import annotations

import reprlib


class _Repr(reprlib.Repr):
    def repr_instance(self, x, level) -> str:
        """A type reprlib does not know: its own repr, cut; its type's name if that fails (no address: a message
        is the same from run to run)."""
        try:
            text = repr(x)
        except Exception:  # noqa: BLE001 (a hostile __repr__, or one that recurses without end)
            return f"<{type(x).__name__}>"
        return text if len(text) <= self.maxother else text[:self.maxother - 3] + "..."


_SHOW = _Repr()
_SHOW.maxlevel, _SHOW.maxstring, _SHOW.maxother, _SHOW.maxlong = 6, 200, 100, 100
_SHOW.maxlist = _SHOW.maxtuple = _SHOW.maxdict = _SHOW.maxset = _SHOW.maxfrozenset = _SHOW.maxdeque = 40

MAX_NESTING = 64  # deeper than any deal, position or saved state of any game (the deepest nest about 6 levels)


def check_nesting(value, err: type, what: str, limit: int = MAX_NESTING) -> None:
    """Refuse (``err``, a :class:`HustingsError` subclass, naming ``what``) outside data nested more than ``limit``
    lists, tuples and dicts deep, before anything reads it: the checks that follow (and their error messages) then
    never recurse without end. Walks ``value`` without recursion."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = [*item.keys(), *item.values()]
        elif isinstance(item, (list, tuple)):
            children = item
        else:
            continue
        if depth >= limit:
            raise err(f"{what} is nested more than {limit} lists or dicts deep; expected the game's own format "
                      f"(no part of it nests more than a few levels)")
        stack.extend((child, depth + 1) for child in children)


def show(value, limit: int = 200) -> str:
    """A bounded ``repr(value)`` for an error message: at most ``limit`` characters, however large or deeply nested
    ``value`` is (lists, dicts and tuples are cut after 6 levels and 40 items each; a repr that fails says only the
    type). Every message that quotes a value from outside data quotes it with this."""
    try:
        text = _SHOW.repr(value)
    except Exception:  # noqa: BLE001 (a hostile __repr__, or one that recurses without end: name the type only)
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit - 3] + "..."


class HustingsError(ValueError):
    """Base class of every input error hustings raises (all are ``ValueError``)."""


class IllegalActionError(HustingsError):
    """An action that is not legal in the current state; the state is left unchanged."""


class ActionOutOfBoundsError(HustingsError):
    """An action that is not an integer id in ``range(action_space.n)``."""


class ConfigError(HustingsError):
    """A bad game or environment option: unknown name, wrong type or out-of-range value."""


class OutputExistsError(ConfigError):
    """A new training run was pointed at a folder that already holds one."""


class RunFolderLockedError(ConfigError):
    """A training run folder that another training (named by its process id) is using now."""


class DiskFullError(HustingsError):
    """A file that could not be written because its disk (or the user's quota) is full: names the file."""


class DealError(HustingsError):
    """A custom deal (``reset(options={"deal": ...})``) that does not fit the game."""


class StateFormatError(HustingsError):
    """Saved state JSON that cannot be loaded (wrong game, wrong version, inconsistent contents)."""


class PositionError(HustingsError):
    """A position (``reset(options={"position": ...})``) that does not fit the game: names the field and what
    was expected."""


class ComponentError(HustingsError):
    """A user's component file (``make(game, components=...)``) that does not fit the game's schema or contradicts
    a value the rulebook prints: names the file, the entry and the field."""


class CheckpointError(HustingsError):
    """A checkpoint file that is missing, corrupt, or for another game/configuration."""


class OnnxPolicyError(HustingsError):
    """A missing, unreadable or mismatched exported policy."""


class RecordError(HustingsError):
    """A record that is malformed or does not match the rules."""


class UnknownMoveError(HustingsError):
    """A text reply that names no legal move (the game is left as it was)."""


class WebError(Exception):
    """A request the web app refuses: ``status`` is the HTTP status, ``message`` says why."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message, self.status = message, status


class ResetNeededError(RuntimeError):
    """The env was used (``step``, ``observe``, ``last``, ...) before ``reset()``."""


def did_you_mean(word: object, choices) -> str:
    """`` (did you mean 'x'?)`` for the choice closest to a misspelt ``word`` (difflib), or ``""`` when none is
    close: to put after an error's "unknown ..." clause."""
    import difflib

    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word.lower(), [str(c) for c in choices], n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""
