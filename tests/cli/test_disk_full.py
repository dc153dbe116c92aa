"""A full disk (ENOSPC, simulated): `train`, `evaluate` and `export` each end with one line saying the disk is full
and which file could not be written, nothing is left half-written, and the temporary files of writes that were
killed are removed by the next write to the same file."""
from __future__ import annotations

import errno
import os
import subprocess
import sys

import pytest
from helpers import ROOT

from hustings.cli import main as cli_main
from hustings.commands import run_command
from hustings.core import files
from hustings.core.files import atomic_write, remove_stale_temporaries
from hustings.errors import DiskFullError

SHIPPED = os.path.join(ROOT, "checkpoints", "democracy", "policy.pt")


def no_space(*args, **kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@pytest.fixture
def full_disk(monkeypatch):
    """Every atomic write fails as on a full disk (the data written is never flushed)."""
    monkeypatch.setattr(files.os, "fsync", no_space)


def test_atomic_write_on_a_full_disk_names_the_file_and_keeps_the_old_one(tmp_path, full_disk):
    target = tmp_path / "report.json"
    target.write_text("old")
    with pytest.raises(DiskFullError, match=f"the disk is full: {target} could not be written"):
        atomic_write(str(target), "new")
    assert target.read_text() == "old" and os.listdir(tmp_path) == ["report.json"]


def test_a_library_error_around_a_failed_write_counts_as_full_when_no_space_is_left(tmp_path, monkeypatch):
    class Stat:
        f_bavail = 0

    def torch_like(f):
        raise RuntimeError("[enforce fail at inline_container.cc] . PytorchStreamWriter failed writing file")

    with pytest.raises(RuntimeError, match="PytorchStreamWriter"):  # space left: the library's error as it is
        atomic_write(str(tmp_path / "a.pt"), torch_like)
    monkeypatch.setattr(files.os, "statvfs", lambda folder: Stat())
    with pytest.raises(DiskFullError, match="a.pt could not be written"):
        atomic_write(str(tmp_path / "a.pt"), torch_like)
    assert os.listdir(tmp_path) == []


def test_run_command_says_a_full_disk_in_one_line(capsys):
    def writes(args):
        raise OSError(errno.ENOSPC, "No space left on device", "/runs/x/tb/progress.csv")

    assert run_command(writes, None) == 2
    err = capsys.readouterr().err
    assert err == ("error: the disk is full: /runs/x/tb/progress.csv could not be written (No space left on device); "
                   "expected free space there: free some and run it again\n")

    def other(args):
        raise OSError(errno.EACCES, "Permission denied", "/x")

    with pytest.raises(PermissionError):  # any other OSError is not dressed up as a full disk
        run_command(other, None)


def one_line(capsys) -> str:
    """The one error line the command printed (besides progress notes such as a first compile's)."""
    err = capsys.readouterr().err
    errors = [line for line in err.splitlines() if line.startswith("error:")]
    assert "Traceback" not in err and len(errors) == 1, err
    return errors[0]


def test_train_on_a_full_disk_says_so_in_one_line(tmp_path, full_disk, capsys):
    out = tmp_path / "run"
    assert cli_main(["train", os.path.join(ROOT, "configs", "smoke.yaml"), "--output-dir", str(out),
                     "--no-progress"]) == 2
    assert one_line(capsys).startswith(f"error: the disk is full: {out / 'config.yaml'} could not be written")
    assert not out.exists()  # nothing half-written (and the folder made for the run goes again, empty)


@pytest.mark.skipif(not os.path.exists(SHIPPED), reason="no shipped Democracy checkpoint")
def test_evaluate_and_export_on_a_full_disk_say_so_in_one_line(tmp_path, full_disk, capsys):
    report = tmp_path / "eval.json"
    assert cli_main(["evaluate", "democracy", "--bots", "random", "random", "random", "random", "--games", "8",
                     "--workers", "1", "--no-progress", "--no-batch", "--json", str(report)]) == 2
    assert one_line(capsys).startswith(f"error: the disk is full: {report} could not be written")
    assert cli_main(["export", SHIPPED, "--out", str(tmp_path / "export"), "--no-torch-program"]) == 2
    line = one_line(capsys)
    assert line.startswith(f"error: the disk is full: {tmp_path / 'export'}{os.sep}") and "could not be written" in line


def test_the_temporary_file_of_a_killed_write_is_removed_by_the_next_write(tmp_path):
    target = tmp_path / "report.json"
    dead = int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True).stdout)
    stale = tmp_path / f"report.json.{dead}.k1ll3d00.tmp"  # what a write killed with -9 leaves
    stale.write_text("half")
    live = tmp_path / f"report.json.{os.getpid()}.inflight.tmp"  # a write of a process still running: kept
    live.write_text("writing")
    other = tmp_path / f"other.json.{dead}.k1ll3d00.tmp"  # another file's: not this write's business
    other.write_text("half")
    atomic_write(str(target), "done")
    assert target.read_text() == "done"
    assert sorted(os.listdir(tmp_path)) == sorted(["report.json", live.name, other.name])
    assert remove_stale_temporaries(str(tmp_path / "other.json")) == 1
