"""Fuzz of every file a user may hand hustings: records, both games' component files, policy metadata and ONNX
sidecars, each over 1,000 seeded mutations (a key deleted, a value of the wrong type, huge, negative, nested past
Python's limit, the text truncated or not UTF-8, two values swapped). Every case is either one HustingsError naming
the problem, or accepted and then plays legally to the end. Any other exception fails the test."""
from __future__ import annotations

import copy
import json
import random

import numpy as np
import pytest

import hustings
from hustings import checkpoints, registry
from hustings.errors import HustingsError
from hustings.play import records

CASES = 1000
DEEP = [[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]
WEIRD = [None, True, False, 0, -1, 1, 2 ** 63, 10 ** 400, 3.5, -0.0, float("inf"), "", "x", [], {}, [None], {"a": 1},
         DEEP, "\udcff"]


def _paths(obj, prefix=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


def _get(obj, path):
    for k in path:
        obj = obj[k]
    return obj


def mutate(data, rng: random.Random):
    """``data`` (JSON-like, changed in place) with one random mutation; the result is returned (it may be new)."""
    paths = list(_paths(data))
    if not paths or rng.random() < 0.02:
        return copy.deepcopy(rng.choice(WEIRD))
    path = rng.choice(paths)
    parent, key = _get(data, path[:-1]), path[-1]
    op = rng.choice(["delete", "weird", "weird", "int", "swap", "dup"])
    if op == "delete":
        del parent[key]
    elif op == "weird":
        parent[key] = copy.deepcopy(rng.choice(WEIRD))
    elif op == "int" and type(parent[key]) is int:
        parent[key] += rng.choice([-1, 1, -100, 100, 10 ** 6])
    elif op == "dup" and isinstance(parent, list):
        parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(parent[key]))
    else:
        other = rng.choice(paths)
        if other[:len(path)] != path and path[:len(other)] != other:
            other_parent = _get(data, other[:-1])
            parent[key], other_parent[other[-1]] = other_parent[other[-1]], parent[key]
    return data


def hostile_text(data, rng: random.Random) -> bytes:
    """A mutated ``data`` as the bytes of a file: mostly valid JSON of the mutated data, sometimes truncated, not
    UTF-8, nested past Python's limit or carrying an integer past its digit limit."""
    text = json.dumps(mutate(copy.deepcopy(data), rng), allow_nan=True)
    roll = rng.random()
    if roll < 0.05:
        return text.encode()[:rng.randrange(len(text) + 1)]
    if roll < 0.08:
        return text.encode().replace(b'"', b'"\xff', 1)
    if roll < 0.10:
        return ("[" * 20_000 + "]" * 20_000).encode()
    if roll < 0.12:
        return text.replace("1", "9" * 5000, 1).encode()
    return text.encode("utf-8", errors="surrogatepass")


def play_to_the_end(game, rng: random.Random, bots=None, limit: int = 3000) -> None:
    st = game.new_initial_state(seed=rng.randrange(1000))
    for _ in range(limit):
        if st.is_terminal():
            return
        p = st.current_player()
        action = bots[p].act(st, p) if bots else st.legal_actions()[rng.randrange(len(st.legal_actions()))]
        st.apply_action(action)


def run_cases(valid, load, play, tmp_path, seed: int, name: str = "input.json") -> dict:
    """``CASES`` mutations of ``valid``, each written to a file and handed to ``load(path)``: a HustingsError
    (counted) or a result that ``play`` must play legally."""
    rng = random.Random(seed)
    counts = {"refused": 0, "accepted": 0}
    path = tmp_path / name
    for case in range(CASES):
        path.write_bytes(hostile_text(valid, rng))
        try:
            result = load(str(path))
        except HustingsError:
            counts["refused"] += 1
            continue
        except Exception as exc:  # noqa: BLE001 - the point of the test
            raise AssertionError(f"case {case}: {type(exc).__name__}: {exc}\n{path.read_bytes()[:500]!r}") from exc
        try:
            play(result, rng)
        except HustingsError:
            counts["refused"] += 1  # refused at play time, clearly (e.g. a bot for another table)
            continue
        counts["accepted"] += 1
    assert counts["refused"] > CASES // 10
    return counts


def test_fuzzed_records(tmp_path):
    game = registry.make_game("politrickers", 3)
    state, recorder = game.new_initial_state(seed=5), records.Recorder(game, 5, players=["a", "b", "c"])
    rng = random.Random(5)
    while not state.is_terminal():
        a = state.legal_actions()[rng.randrange(len(state.legal_actions()))]
        recorder.add(state.current_player(), a)
        state.apply_unchecked(a)
    valid = recorder.record(state)

    def load(path):
        return records.replay(records.load(path))

    counts = run_cases(valid, load, lambda final, rng: None, tmp_path, seed=1)
    assert counts["accepted"] > 0


@pytest.mark.parametrize("game_name", ["politix", "prime_minister"])
def test_fuzzed_component_files(tmp_path, game_name):
    if game_name == "politix":
        valid = hustings.game_module("politix").components.shipped()
    else:
        from hustings.prime_minister import user_components

        shipped = user_components._shipped()
        valid = {k: {"entries": shipped[k]["entries"][:2]} for k in ("bills", "supporters", "events")}
    n = registry.info(game_name).default_players

    def load(path):
        return registry.make_game(game_name, n, {"components": path})

    run_cases(valid, load, lambda game, rng: play_to_the_end(game, rng), tmp_path, seed=2)


def test_fuzzed_policy_metadata(tmp_path):
    from hustings.bots.policy import load_npz_bot

    with np.load(checkpoints.policy_path("politix", 3)) as z:
        valid = json.loads(str(z["meta"]))
        arrays = {k: z[k] for k in z.files if k != "meta"}
    valid.pop("sha256")  # else every mutation is caught by the hash alone
    game = registry.make_game("politix", 3)
    npz = tmp_path / "policy.npz"

    def load(path):
        with open(path, "rb") as f:
            raw = f.read().decode("utf-8", errors="surrogateescape")
        np.savez(npz, meta=np.array(raw), **arrays)
        return load_npz_bot(str(npz), game)

    def play(bot, rng):
        play_to_the_end(game, rng, bots=[bot] * 3, limit=400)

    run_cases(valid, load, play, tmp_path, seed=3)


def test_fuzzed_onnx_sidecars(tmp_path):
    pytest.importorskip("torch")
    pytest.importorskip("onnxscript")
    import shutil

    from hustings.bots.onnx import OnnxBot
    from hustings.training.export import export

    out = tmp_path / "exported"
    export(checkpoints.policy_path("democracy").replace("policy.npz", "policy.pt"), str(out), torch_program=False)
    valid = json.loads((out / "policy.json").read_text())
    case = tmp_path / "case"
    case.mkdir()
    shutil.copy(out / "policy.onnx", case / "policy.onnx")
    game = registry.make_game("democracy")

    def load(path):
        return OnnxBot(str(case / "policy.onnx"))

    def play(bot, rng):
        play_to_the_end(game, rng, bots=[bot] * 4, limit=200)

    run_cases(valid, load, play, case, seed=4, name="policy.json")
