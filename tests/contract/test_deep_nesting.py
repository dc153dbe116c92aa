"""Hostile nesting: a deal, position or saved state nested thousands of levels deep, or a value too large to quote,
is one HustingsError naming what was wrong (never a RecursionError), and a checkpoint nested as deep hashes without
recursion."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from hustings import registry
from hustings.bots.policy import content_sha256
from hustings.errors import (MAX_NESTING, CheckpointError, DealError, HustingsError, PositionError, StateFormatError,
                             check_nesting, show)
from hustings.training.policy import load_checkpoint

GAMES = ["democracy", "politix", "politrickers", "prime_minister"]


def deep_list(depth: int):
    x = 0
    for _ in range(depth):
        x = [x]
    return x


def deep_dict(depth: int):
    x = 0
    for _ in range(depth):
        x = {"a": x}
    return x


@pytest.mark.parametrize("game", GAMES)
def test_deep_nesting_in_any_field_is_one_clear_error(game):
    g = registry.make_game(game)
    st = g.new_initial_state(seed=0)
    saved, position = st.to_json(), {"round": 1}
    for deep in (deep_list(3000), deep_dict(3000)):
        for key in list(saved)[:6] + ["bogus"]:
            with pytest.raises(StateFormatError, match=f"{game}: the saved state is nested more than 64"):
                g.state_from_json({**saved, key: deep})
        for key in ("hands", "players", "bogus"):
            with pytest.raises(PositionError, match=f"{game}: the position is nested more than 64"):
                g.state_from_position({**position, key: deep}, seed=0)
        with pytest.raises(DealError, match=f"{game}: the deal is nested more than 64"):
            g.new_initial_state(seed=0, deal={"hands": deep})


@pytest.mark.parametrize("game", GAMES)
def test_nesting_within_the_limit_still_gets_the_fields_own_error(game):
    g = registry.make_game(game)
    saved = g.new_initial_state(seed=0).to_json()
    key = [k for k in saved if k not in ("game", "num_players")][0]
    with pytest.raises(StateFormatError) as err:
        g.state_from_json({**saved, key: deep_list(MAX_NESTING - 2)})
    assert "nested more than" not in str(err.value) and len(str(err.value)) < 1000


def test_check_nesting_walks_without_recursion_and_counts_dict_keys():
    check_nesting(deep_list(MAX_NESTING - 1), PositionError, "x")
    with pytest.raises(PositionError, match="x is nested more than 64"):
        check_nesting(deep_list(MAX_NESTING + 1), PositionError, "x")
    with pytest.raises(DealError):
        check_nesting({deep_list(1)[0]: [deep_dict(100)]}, DealError, "x")
    with pytest.raises(DealError):
        check_nesting(deep_list(10 ** 6), DealError, "x")


def test_show_is_bounded_whatever_it_quotes():
    assert show([1, "a"]) == "[1, 'a']" and show("x" * 10) == repr("x" * 10)
    for value in (deep_list(100_000), deep_dict(100_000), 10 ** 5000, "x" * 10 ** 6, list(range(10 ** 5)),
                  np.zeros(10 ** 6)):
        assert len(show(value)) <= 200 and len(show(value, 60)) <= 60

    class Hostile:
        def __repr__(self):
            raise RuntimeError("no")

    assert show(Hostile()) == "<Hostile>"


@pytest.mark.parametrize("game", ["politix", "politrickers", "prime_minister"])
def test_a_huge_value_is_quoted_short(game):
    g = registry.make_game(game)
    saved = g.new_initial_state(seed=0).to_json()
    with pytest.raises(HustingsError) as err:
        g.state_from_json({**saved, "hands": [["nonsense"] * 100_000] * len(saved.get("hands", [0]))})
    assert len(str(err.value)) < 1000


def reference_sha256(obj) -> str:
    """content_sha256 as its docstring defines it, recursively (for shallow values)."""
    import hashlib
    h = hashlib.sha256()

    def put(tag: bytes, payload: bytes) -> None:
        h.update(tag + len(payload).to_bytes(8, "little") + payload)

    def feed(x) -> None:
        if isinstance(x, torch.Tensor):
            x = x.detach().cpu().numpy()
        if isinstance(x, np.ndarray):
            arr = np.ascontiguousarray(x)
            put(b"a", f"{arr.dtype.str}{arr.shape}".encode() + b"|" + arr.tobytes())
        elif isinstance(x, dict):
            put(b"d", str(len(x)).encode())
            for key in sorted(x, key=lambda k: (type(k).__name__, str(k))):
                feed(key)
                feed(x[key])
        elif isinstance(x, (list, tuple)):
            put(b"l", str(len(x)).encode())
            for item in x:
                feed(item)
        elif isinstance(x, bool):
            put(b"b", b"1" if x else b"0")
        elif isinstance(x, int):
            put(b"i", str(x).encode())
        elif isinstance(x, float):
            put(b"f", x.hex().encode())
        elif isinstance(x, str):
            put(b"s", x.encode())
        elif isinstance(x, bytes):
            put(b"y", x)
        else:
            assert x is None
            put(b"n", b"")

    feed(obj)
    return h.hexdigest()


def test_hashing_a_deeply_nested_checkpoint_does_not_recurse(tmp_path):
    deep = deep_list(50_000)
    assert content_sha256(deep) == content_sha256(deep_list(50_000))
    assert content_sha256(deep) != content_sha256(deep_list(49_999))
    # the same byte stream as the recursive definition (so every stored hash still matches)
    for value in ({"b": [1, (2.5, None)], "a": {"x": np.arange(3), 1: "s", True: b"y"}}, [[[]], ({},), torch.ones(2)],
                  deep_list(200)):
        assert content_sha256(value) == reference_sha256(value)
    data = {"format": "hustings-checkpoint", "history": deep_list(3000), "sha256": "0" * 64}
    import sys
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(20000)  # only to write the file: pickling this deep recurses in the pickler
    try:
        torch.save(data, tmp_path / "deep.pt")
    finally:
        sys.setrecursionlimit(limit)
    with pytest.raises(CheckpointError):
        load_checkpoint(str(tmp_path / "deep.pt"))
