"""One training at a time per run folder: a lock file, ``OUTPUT_DIR/.hustings-train.lock``.

``hustings train`` (a new run, ``--resume`` or ``--overwrite``) holds the lock for as long as it runs; a second
training started on the same folder meanwhile refuses at once with :class:`~hustings.errors.RunFolderLockedError`,
naming the folder and the process id of the training that holds it, before it reads or writes anything there. The
lock is the operating system's (``fcntl.flock``; ``msvcrt.locking`` on Windows), held through the open lock file, so
it ends with its process: a lock file left by a training that was killed or crashed is stale, and the next training
takes it over. The file holds the holder's process id (for the message) and is removed when the training ends.
"""
from __future__ import annotations

import os

from hustings.errors import RunFolderLockedError

LOCK_NAME = ".hustings-train.lock"

try:  # POSIX
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except (BlockingIOError, PermissionError):
            return False
        return True

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
except ImportError:  # Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


class RunLock:
    """The lock of run folder ``folder`` (created if missing). ``with RunLock(folder):`` holds it for the block;
    :meth:`acquire` raises :class:`~hustings.errors.RunFolderLockedError` when another process holds it."""

    def __init__(self, folder: str):
        self.folder = folder
        self.path = os.path.join(folder, LOCK_NAME)
        self._fd: int | None = None
        self._made = False  # whether acquire made the folder (release removes it again if nothing was written)

    def acquire(self) -> "RunLock":
        self._made = not os.path.isdir(self.folder)
        os.makedirs(self.folder, exist_ok=True)
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            if not _try_lock(fd):
                holder = _read_pid(fd)
                os.close(fd)
                if self._made:
                    try:
                        os.rmdir(self.folder)
                    except OSError:
                        pass
                who = f"process {holder}" if holder else "another process"
                raise RunFolderLockedError(
                    f"run folder {self.folder} is in use by another training ({who}, lock file {self.path}); "
                    f"expected one training at a time per folder: wait for it to finish, stop it, or pick another "
                    f"--output-dir")
            if _same_file(fd, self.path):
                break
            os.close(fd)  # the holder removed the file as it finished: lock the new one
        # ours: a stale file from a training that died is taken over; it now names this process
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        self._fd = fd
        return self

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            os.unlink(self.path)  # while still held: a training waiting on it opens a new file
        except OSError:
            pass
        try:
            _unlock(fd)
        finally:
            os.close(fd)
        if self._made:  # a training that stopped before writing anything leaves no empty folder behind
            try:
                os.rmdir(self.folder)
            except OSError:
                pass

    def __enter__(self) -> "RunLock":
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.release()


def _same_file(fd: int, path: str) -> bool:
    """Whether ``path`` is still the file open as ``fd``."""
    try:
        here, there = os.fstat(fd), os.stat(path)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _read_pid(fd: int) -> int | None:
    """The process id a lock file names (``None`` if it names none)."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 64).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
