"""Files: writing so that an interruption never leaves half of one (the project's one atomic-write helper), and
reading JSON so that no input escapes as a raw exception."""
from __future__ import annotations

import errno
import json
import os
import tempfile
from typing import Any, Callable, Union

from ..errors import DiskFullError

Content = Union[str, bytes, Callable]
FULL = (errno.ENOSPC, errno.EDQUOT)  # the disk, or the user's quota on it, is full


def atomic_write(path: str, content: Content, mode: int = 0o644) -> None:
    """Write ``content`` to ``path`` atomically, with file mode ``mode`` (default ``rw-r--r--``).

    ``content`` is text (written as UTF-8), bytes, or a callable that writes into the binary file object it is
    given (e.g. ``lambda f: torch.save(obj, f)``). The data goes to a temporary file beside ``path``
    (``NAME.PID.XXXXXXXX.tmp``, PID this process's id), is flushed to disk, then ``os.replace`` puts it in place: a
    reader sees the old file or the new one, never a part of one. Missing parent folders are created.

    A full disk (or quota) raises :class:`~hustings.errors.DiskFullError` naming ``path`` (the old file, if any, is
    left as it was). The temporary files of earlier writes to ``path`` by processes that no longer run (killed in
    the middle of a write) are removed first.
    """
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        remove_stale_temporaries(path)
        fd, tmp = tempfile.mkstemp(prefix=f"{os.path.basename(path)}.{os.getpid()}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        if exc.errno in FULL:
            raise _full(path, folder) from None
        raise
    try:
        with os.fdopen(fd, "wb") as f:
            if callable(content):
                content(f)
            else:
                f.write(content.encode("utf-8") if isinstance(content, str) else content)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)  # mkstemp makes 0600 files
        os.replace(tmp, path)
    except BaseException as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(exc, Exception) and disk_full(exc, folder):
            raise _full(path, folder) from None
        raise


def disk_full(exc: BaseException, folder: str | None = None) -> bool:
    """Whether ``exc`` (or an exception it was raised from) says the disk or quota is full; for an error that says
    nothing of the kind (a library's own ``RuntimeError`` around a failed write), whether ``folder``'s disk has no
    space left."""
    seen = exc
    while seen is not None:
        if isinstance(seen, OSError) and seen.errno in FULL:
            return True
        seen = seen.__cause__ or seen.__context__
    if folder is None or isinstance(exc, (ValueError, TypeError, KeyError)):
        return False
    try:
        return os.statvfs(folder).f_bavail == 0
    except (OSError, AttributeError):  # no statvfs (Windows)
        return False


def _full(path: str, folder: str) -> DiskFullError:
    return DiskFullError(f"the disk is full: {path} could not be written (no space left on the disk of {folder}); "
                         f"expected free space there: free some and run it again (the file as it was before, if "
                         f"any, is unchanged)")


def remove_stale_temporaries(path: str) -> int:
    """Remove the temporary files :func:`atomic_write` left beside ``path`` in writes that never finished (their
    process was killed): ``NAME.PID.XXXXXXXX.tmp`` whose PID no longer runs. Returns how many it removed."""
    if os.name != "posix":  # no safe way to ask whether a process runs
        return 0
    folder, name = os.path.split(os.path.abspath(path))
    try:
        entries = os.listdir(folder)
    except OSError:
        return 0
    removed = 0
    for entry in entries:
        if not (entry.startswith(name + ".") and entry.endswith(".tmp")):
            continue
        parts = entry[len(name) + 1:-len(".tmp")].split(".")
        if len(parts) != 2 or not parts[0].isdigit() or _running(int(parts[0])):
            continue
        try:
            os.unlink(os.path.join(folder, entry))
            removed += 1
        except OSError:
            pass
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):  # another user's process (or a number no pid can be)
        return True
    return True


def parse_json(raw: str | bytes, error: type[Exception], where: str, expected: str) -> Any:
    """``raw`` (text, or bytes that must be UTF-8) parsed as JSON; whatever makes it unreadable (not UTF-8, not
    JSON, nested deeper than Python can read, a number longer than Python's digit limit) raises ``error`` with a
    message naming ``where`` and what was ``expected``: never a raw ``UnicodeDecodeError``/``RecursionError``."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError as exc:
        raise error(f"{where} is not UTF-8 text (a bad byte at offset {exc.start}); expected {expected}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"{where} is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg}); expected "
                    f"{expected}") from None
    except RecursionError:
        raise error(f"{where} is nested too deeply to read; expected {expected}") from None
    except ValueError as exc:  # an integer longer than Python's digit limit
        raise error(f"{where} cannot be read ({exc}); expected {expected}") from None


def read_json(path: str, error: type[Exception], where: str, expected: str) -> Any:
    """The JSON file at ``path`` (see :func:`parse_json`); a file that cannot be read raises ``error`` too."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as exc:
        raise error(f"{where} cannot be read ({exc.strerror or exc}); expected {expected}") from None
    return parse_json(raw, error, where, expected)


def components_command(argv, module: str, load: Callable, starting_file: Callable) -> int:
    """A game's ``python -m hustings.GAME.components [--check FILE]``: print ``starting_file()`` as JSON (the shipped
    components, a file to start from), or check FILE with ``load`` and say whether it loads (exit 1 with the
    :class:`~hustings.errors.ComponentError`'s message if not)."""
    import sys

    from ..errors import ComponentError

    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["--check"] and len(argv) == 2:
        try:
            load(argv[1])
        except ComponentError as exc:
            print(exc, file=sys.stderr)
            return 1
        print(f"{argv[1]}: ok")
        return 0
    if argv:
        print(f"usage: python -m {module} [--check FILE]", file=sys.stderr)
        return 2
    json.dump(starting_file(), sys.stdout, indent=1, ensure_ascii=False)
    print()
    return 0
