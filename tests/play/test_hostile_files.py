"""Hostile files: JSON nested deeper than Python can read, bytes that are not UTF-8, integers past Python's digit
limit, truncation and wrong types. Every loader answers with its one HustingsError naming the file, never a raw
exception."""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

import hustings
from hustings import checkpoints, registry
from hustings.play import records

DEEP = "[" * 100_000 + "]" * 100_000
HOSTILE = {
    "deep": DEEP.encode(),
    "deep object": ('{"a":' * 50_000 + "1" + "}" * 50_000).encode(),
    "not utf-8": b'{"game": "\xff\xfe"}',
    "huge int": ('{"x": ' + "9" * 100_000 + "}").encode(),
    "truncated": b'{"format": "hustings-record", "vers',
    "empty": b"",
    "a list": b"[1, 2, 3]",
    "a string": b'"record"',
}


def _loaders():
    def record(path):
        data = records.load(path)
        records.replay(data)

    def politix_components(path):
        hustings.make("politix", components=path)

    def prime_minister_components(path):
        hustings.make("prime_minister", components=path)

    return {"record": (record, hustings.RecordError),
            "politix components": (politix_components, hustings.ComponentError),
            "prime minister components": (prime_minister_components, hustings.ComponentError)}


@pytest.mark.parametrize("kind", list(HOSTILE))
@pytest.mark.parametrize("loader", ["record", "politix components", "prime minister components"])
def test_a_hostile_json_file_is_one_clear_error(tmp_path, loader, kind):
    load, error = _loaders()[loader]
    path = tmp_path / "hostile.json"
    path.write_bytes(HOSTILE[kind])
    with pytest.raises(error) as raised:
        load(str(path))
    assert "expected" in str(raised.value)
    if kind not in ("a list", "a string"):  # unreadable: the loader names the file
        assert "hostile.json" in str(raised.value)


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_policy_metadata_is_one_clear_error(tmp_path, kind):
    from hustings.bots.policy import load_policy_npz

    with np.load(checkpoints.policy_path("politix")) as z:
        arrays = {k: z[k] for k in z.files if k != "meta"}
    path = tmp_path / "policy.npz"
    raw = HOSTILE[kind].decode("utf-8", errors="replace") if kind != "not utf-8" else '{"game": "\udcff"}'
    np.savez(path, meta=np.array(raw), **arrays)
    with pytest.raises(hustings.CheckpointError, match="policy.npz"):
        load_policy_npz(str(path))


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_onnx_sidecar_is_one_clear_error(tmp_path, kind):
    from hustings.bots.onnx import OnnxBot

    (tmp_path / "policy.onnx").write_bytes(b"not a model")
    (tmp_path / "policy.json").write_bytes(HOSTILE[kind])
    with pytest.raises(hustings.OnnxPolicyError, match="policy.json"):
        OnnxBot(str(tmp_path / "policy.onnx"))


def test_replay_from_the_command_line_answers_a_deep_record_in_one_line(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    proc = subprocess.run([sys.executable, "-m", "hustings.cli", "replay", str(path)], capture_output=True, text=True,
                          timeout=900)
    assert proc.returncode == 2 and proc.stderr.startswith("error: record file") and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
