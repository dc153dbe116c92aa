"""numba's ``njit`` for the compiled engines, with an on-disk cache that sees every engine source.

numba keys a cached kernel by the source of the file that defines it alone. A kernel that compiles in a function of
another file (the shared Mersenne Twister of :mod:`hustings.engine.rng`, a game's kernels called from its bots) or a
constant of another module (a game's card tables) would run stale from the cache after that other file changed. Here
every kernel of a *compiled room* (``hustings/engine/`` and each game's ``engine/`` folder) is stamped with one digest
of all the rooms' files and of the modules they import from: a change in any of them compiles every engine anew, once.

Use :func:`njit` in place of ``numba.njit`` in every engine file (``from ...engine.jit import njit``); it takes the
same arguments and installs the stamping locator first.
"""
from __future__ import annotations

import ast
import functools
import hashlib
import os

import numba
from numba.core import caching

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the hustings package folder

#: The folders whose files are compiled rooms: the shared room and every ``engine`` folder directly inside a game's
#: folder. More can be added (a plug-in game's engine, the tests' probe package).
ROOTS: list[str] = [_PACKAGE]


def _rooms(root: str) -> list[str]:
    """The compiled rooms under ``root``: ``root/engine`` and ``root/<name>/engine``."""
    found = []
    if os.path.isdir(os.path.join(root, "engine")):
        found.append(os.path.join(root, "engine"))
    for name in sorted(os.listdir(root)):
        folder = os.path.join(root, name, "engine")
        if os.path.isdir(folder):
            found.append(folder)
    return found


def _imported_files(path: str, tree: ast.Module) -> set[str]:
    """The package's own modules that ``path`` (parsed: ``tree``) imports at module level (relative imports), as
    files."""
    here = os.path.dirname(path)
    found = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level:
            base = here
            for _ in range(node.level - 1):
                base = os.path.dirname(base)
            parts = node.module.split(".") if node.module else []
            candidates = [os.path.join(base, *parts)] if parts else []
            candidates += [os.path.join(base, *parts, a.name) for a in node.names]
            for c in candidates:
                for f in (c + ".py", os.path.join(c, "__init__.py")):
                    if os.path.isfile(f):
                        found.add(os.path.abspath(f))
    return found


def room_of(py_file: str) -> str | None:
    """The compiled room holding ``py_file``, or ``None``."""
    folder = os.path.dirname(os.path.abspath(py_file))
    for root in ROOTS:
        if folder in _rooms(os.path.abspath(root)):
            return folder
    return None


_COMPILERS = {"njit", "KERNEL"}


def _compiles(tree: ast.Module) -> bool:
    """Whether a module compiles a function: a decorator (or a module-level call) named ``njit`` or ``KERNEL``."""
    def named(node) -> bool:
        if isinstance(node, ast.Call):
            node = node.func
        return (isinstance(node, ast.Name) and node.id in _COMPILERS) or \
            (isinstance(node, ast.Attribute) and node.attr in _COMPILERS)

    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and any(named(d) for d in node.decorator_list):
            return True
    return False


@functools.lru_cache(maxsize=None)
def sources() -> tuple[str, ...]:
    """Every file the compiled engines are built from: each room's ``.py`` files that compile functions and the
    modules those import (computed once a process; ``sources.cache_clear()`` after adding to :data:`ROOTS`). A
    room's Python-only files (an engine's class, the parity checker) are left out: changing them compiles nothing."""
    files: set[str] = set()
    for root in ROOTS:
        for room in _rooms(os.path.abspath(root)):
            for name in os.listdir(room):
                path = os.path.join(room, name)
                if not name.endswith(".py"):
                    continue
                with open(path, encoding="utf-8") as f:
                    tree = ast.parse(f.read())
                if _compiles(tree):
                    files.add(path)
                    files |= _imported_files(path, tree)
    return tuple(sorted(files))


def _read(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


@functools.lru_cache(maxsize=None)
def _digest_of(stamps: tuple) -> str:
    h = hashlib.sha256()
    for path, _, _ in stamps:
        h.update(os.path.relpath(path, _PACKAGE).encode())
        h.update(b"\0")
        h.update(hashlib.sha256(_read(path)).digest())
    return h.hexdigest()


def digest() -> str:
    """The sha256 of every file of :func:`sources` (their contents; re-read when one's size or time changes)."""
    stamps = []
    for path in sources():
        st = os.stat(path)
        stamps.append((path, st.st_mtime_ns, st.st_size))
    return _digest_of(tuple(stamps))


class _RoomStamp:
    """A cache locator for kernels of a compiled room: its stamp is numba's own (the file's hash) and the rooms'
    :func:`digest`, so a cached kernel is used only while no engine source has changed."""

    def get_source_stamp(self):
        return super().get_source_stamp(), digest()

    @classmethod
    def from_function(cls, py_func, py_file):
        if room_of(py_file) is None:
            return None
        return super().from_function(py_func, py_file)


class _UserProvided(_RoomStamp, caching.UserProvidedCacheLocator):
    pass


class _InTree(_RoomStamp, caching.InTreeCacheLocator):
    pass


class _UserWide(_RoomStamp, caching.UserWideCacheLocator):
    pass


def install() -> None:
    """Put the room locators first in numba's list (once): other functions' caching is unchanged."""
    classes = caching.CacheImpl._locator_classes
    if _UserProvided not in classes:
        classes[:0] = [_UserProvided, _InTree, _UserWide]


def njit(*args, **kwargs):
    """``numba.njit`` with the room-wide cache stamp (same arguments)."""
    install()
    return numba.njit(*args, **kwargs)
