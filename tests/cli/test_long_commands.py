"""Long-running commands (``hustings evaluate``, ``hustings benchmark``): the expected time said before the games
start, progress game by game, the result in words, and Ctrl-C / SIGTERM ending in one line with no worker left."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from hustings.evaluation import evaluate

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="process groups and POSIX signals")


def _start(args: list[str], cwd) -> subprocess.Popen:
    # a session of its own (Ctrl-C reaches a terminal's whole process group); SIGINT as a terminal leaves it. Its
    # output is read as it comes (progress bars end in "\r", not lines) so a test can wait for a point in the run.
    proc = subprocess.Popen([sys.executable, "-m", "hustings.cli", *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    proc.seen = {"out": [], "err": []}
    proc.readers = [threading.Thread(target=_read, args=(stream, proc.seen[name]), daemon=True)
                    for name, stream in (("out", proc.stdout), ("err", proc.stderr))]
    for t in proc.readers:
        t.start()
    return proc


def _read(stream, into: list) -> None:
    while True:
        chunk = os.read(stream.fileno(), 4096)
        if not chunk:
            return
        into.append(chunk)


def _text(proc: subprocess.Popen) -> tuple[str, str]:
    return tuple(b"".join(proc.seen[name]).decode(errors="replace") for name in ("out", "err"))


def _stop(proc: subprocess.Popen, sig: int, group: bool, ready) -> tuple[str, str]:
    """Signal ``proc`` once ``ready(out, err)`` holds for what it has printed (the games under way: however long a
    busy machine takes to get there, compiling included), then wait for it to end; its whole output."""
    deadline = time.time() + 600
    while not ready(*_text(proc)):
        assert proc.poll() is None and time.time() < deadline, _text(proc)[1]
        time.sleep(0.2)
    time.sleep(1.0)  # a few games further in
    if group:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    proc.wait(timeout=120)
    for t in proc.readers:
        t.join(timeout=10)
    return _text(proc)


def _games_under_way(err: str) -> bool:
    """A progress bar has counted a finished game."""
    return re.search(r"\|\s*[1-9]\d*/\d+", err) is not None


def _left(pgid: int) -> list[str]:
    """Processes still alive in the command's process group (its pool workers, if any were left)."""
    deadline = time.time() + 5
    while True:
        ps = subprocess.run(["ps", "-o", "pid=,stat=", "-g", str(pgid)], capture_output=True, text=True).stdout
        alive = [line for line in ps.splitlines() if line.split() and not line.split()[1].startswith("Z")]
        if not alive or time.time() > deadline:
            return alive
        time.sleep(0.2)


SLOW_EVALUATE = ["evaluate", "democracy", "--bots", "ismcts", "heuristic", "heuristic", "heuristic", "--games", "80",
                 "--workers", "2"]


@POSIX
@pytest.mark.parametrize("sig,group", [(signal.SIGINT, True), (signal.SIGTERM, False)], ids=["ctrl-c", "sigterm"])
def test_evaluate_stops_in_one_line_and_leaves_no_worker(tmp_path, sig, group):
    proc = _start(SLOW_EVALUATE, tmp_path)
    out, err = _stop(proc, sig, group, lambda out, err: _games_under_way(err))
    assert proc.returncode == 130, err
    assert "Traceback" not in err, err
    lines = [line for line in err.replace("\r", "\n").splitlines() if line.strip()]
    assert lines[-1].startswith("stopped: ") and "games played, nothing saved" in lines[-1], err
    assert "expected about" in err  # said before the games started
    assert _left(proc.pid) == []


@POSIX
def test_benchmark_ctrl_c_says_how_to_resume(tmp_path):
    proc = _start(["benchmark", "--games", "politrickers", "--ladder", "random", "heuristic", "ismcts",
                   "--sets", "200", "--rr-sets", "20", "--workers", "2", "--out", str(tmp_path / "bench")], tmp_path)
    out, err = _stop(proc, signal.SIGINT, True, lambda out, err: "expected: about" in out and _games_under_way(err))
    assert proc.returncode == 130, err
    assert "Traceback" not in err, err
    assert "expected: about" in out  # said before the games started
    last = [line for line in err.replace("\r", "\n").splitlines() if line.strip()][-1]
    assert last.startswith("stopped: ") and last.endswith("--resume"), last
    assert f"--out {tmp_path / 'bench'}" in last and "--ladder random heuristic ismcts" in last
    assert _left(proc.pid) == []


def test_progress_moves_game_by_game(monkeypatch):
    updates = []

    class Bar:
        def __init__(self, total, **kw):
            self.total = total

        def update(self, k):
            updates.append(k)

        def close(self):
            pass

    import tqdm
    monkeypatch.setattr(tqdm, "tqdm", Bar)
    res = evaluate.tournament("democracy", ["heuristic", "random", "random"], 12, num_players=3, workers=2,
                              batched=False)
    assert res["games"] == 12 and updates == [1] * 12
    # in batches, the bar moves by the games finished: as they finish in this process, as workers report them
    for workers in (1, 2):
        updates.clear()
        res = evaluate.tournament("democracy", ["heuristic", "random", "random"], 1200, num_players=3, workers=workers)
        assert res["games"] == 1200 and sum(updates) == 1200, updates
        assert workers == 2 or len(updates) > 1, updates


def test_expected_time_and_the_result_in_words(capsys):
    said = []
    res = evaluate.tournament("democracy", ["heuristic", "random", "random", "random"], 8, num_players=4,
                              workers=1, progress=False, estimate=True, log=said.append)
    assert len(said) == 1 and "8 games" in said[0] and "expected about" in said[0], said
    (line,) = evaluate.verdicts(res)
    assert line.startswith("heuristic won ") and "of 8 games (95% interval" in line
    assert "the fair share at 4 players is 25.0% (1 in 4)" in line
    fair = {"games": 2000, "win_rate": 0.25, "ci95": [0.23, 0.27]}
    assert "no clear difference" in evaluate.verdict("x", fair, 0.25, 4)
    assert "it beats this table" in evaluate.verdict("x", dict(fair, win_rate=0.35, ci95=[0.33, 0.37]), 0.25, 4)
    assert "this table beats it" in evaluate.verdict("x", dict(fair, win_rate=0.15, ci95=[0.13, 0.17]), 0.25, 4)
    assert evaluate.duration(12.4) == "12 s" and evaluate.duration(200) == "3 min 20 s"
    assert evaluate.duration(3900) == "1 h 05 min"
