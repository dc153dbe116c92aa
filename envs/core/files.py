"""Files: writing so that an interruption never leaves half of one (the project's one atomic-write helper), and
reading JSON so that no input escapes as a raw exception."""
from __future__ import annotations

import json
import os
import tempfile
from typing import Any, Callable, Union

Content = Union[str, bytes, Callable]


def atomic_write(path: str, content: Content, mode: int = 0o644) -> None:
    """Write ``content`` to ``path`` atomically, with file mode ``mode`` (default ``rw-r--r--``).

    ``content`` is text (written as UTF-8), bytes, or a callable that writes into the binary file object it is
    given (e.g. ``lambda f: torch.save(obj, f)``). The data goes to a temporary file beside ``path``, is flushed to
    disk, then ``os.replace`` puts it in place: a reader sees the old file or the new one, never a part of one.
    Missing parent folders are created.
    """
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".", suffix=".tmp", dir=folder)
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
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


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
