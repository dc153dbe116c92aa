"""Writing files so that an interruption never leaves half of one: the project's one atomic-write helper."""
from __future__ import annotations

import os
import tempfile
from typing import Callable, Union

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
