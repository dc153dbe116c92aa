"""One training at a time per run folder: a second training (or a second --resume) on a folder in use refuses at
once, naming the folder and the holder's process id, and writes nothing; a lock left by a training that died is
taken over."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from helpers import ROOT

from hustings.errors import HustingsError, RunFolderLockedError
from hustings.training.config import load_config
from hustings.training.run_lock import LOCK_NAME, RunLock
from hustings.training.train import train

HOLD = ("import sys, time\nfrom hustings.training.run_lock import RunLock\nRunLock(sys.argv[1]).acquire()\n"
        "print('held', flush=True)\nsys.stdin.read()\n")


@pytest.fixture
def held(tmp_path):
    """A run folder whose lock another process (a stand-in for a training in progress) holds."""
    folder = tmp_path / "run"
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(folder)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout.readline().strip() == "held"
        yield folder, proc.pid
    finally:
        proc.stdin.close()
        proc.wait(timeout=900)


def test_a_second_training_on_a_folder_in_use_refuses_naming_the_folder_and_the_holder(held):
    folder, pid = held
    with pytest.raises(RunFolderLockedError, match=f"run folder {folder} is in use by another training "
                                                   f"\\(process {pid}"):
        RunLock(str(folder)).acquire()
    cfg = load_config(os.path.join(ROOT, "configs", "smoke.yaml")).replace(dict(output_dir=str(folder)))
    for resume in (False, True):  # a new run and a --resume alike, before reading or writing anything there
        with pytest.raises(HustingsError, match=f"in use by another training \\(process {pid}"):
            train(cfg, resume=resume, progress=False, log=lambda *a: None)
    assert sorted(os.listdir(folder)) == [LOCK_NAME]


def test_the_cli_says_so_in_one_line(held):
    folder, pid = held
    out = subprocess.run([sys.executable, "-m", "hustings.training.train", os.path.join(ROOT, "configs", "smoke.yaml"),
                          "--output-dir", str(folder), "--no-progress"], capture_output=True, text=True, timeout=900)
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert f"run folder {folder} is in use by another training (process {pid}" in out.stderr
    assert sorted(os.listdir(folder)) == [LOCK_NAME]


def test_a_lock_left_by_a_dead_training_is_taken_over_and_removed_at_the_end(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    folder = tmp_path / "run"
    folder.mkdir()
    (folder / LOCK_NAME).write_text(dead.stdout)  # what a training killed with -9 leaves
    with RunLock(str(folder)) as lock:
        assert (folder / LOCK_NAME).read_text().strip() == str(os.getpid())
        with pytest.raises(RunFolderLockedError, match=f"process {os.getpid()}"):  # and now it is ours alone
            RunLock(str(folder)).acquire()
        assert lock.path == str(folder / LOCK_NAME)
    assert not (folder / LOCK_NAME).exists()
    RunLock(str(folder)).acquire().release()  # free again
    assert folder.is_dir()  # a folder that was there stays


def test_a_folder_the_lock_made_goes_again_when_nothing_was_written(tmp_path):
    new, used = tmp_path / "new", tmp_path / "used"
    with RunLock(str(new)):
        assert new.is_dir()
    assert not new.exists()  # e.g. a --resume refused for want of a checkpoint leaves no empty folder
    with RunLock(str(used)):
        (used / "config.yaml").write_text("x")
    assert sorted(os.listdir(used)) == ["config.yaml"]
