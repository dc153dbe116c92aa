"""Policy checkpoints are checked before they are used: a content hash catches corruption, a missing or misshapen
tensor and an unknown activation are a ``CheckpointError`` naming them (``policy.pt``, ``checkpoint.pt``,
``policy.npz``, ``hustings export``), and files written before hustings stored a hash still load."""
from __future__ import annotations

import io
import json
import os
import struct
import zipfile

import numpy as np
import pytest

import hustings
from hustings import checkpoints
from hustings.bots.policy import (CheckpointError, NumpyPolicy, content_sha256, load_npz_bot, load_policy_npz,
                                 sb3_actor_names)

torch = pytest.importorskip("torch")

from hustings.training.policy import (FORMAT, VERSION, atomic_torch_save, load_checkpoint,  # noqa: E402
                                      load_policy, policy_from_checkpoint, save_policy_npz)
from helpers import ROOT

SMOKE = os.path.join(ROOT, "configs", "smoke.yaml")
ARCH = [16, 16]


def democracy():
    return hustings.game_module("democracy").raw_env.game_class(4)


def checkpoint_data(kind: str = "policy", arch=ARCH, activation: str = "tanh", seed: int = 0) -> dict:
    """A checkpoint as ``hustings train`` writes one (an SB3 policy state dict with the critic too; for ``kind=
    "full"`` an Adam optimiser state and a snapshot pool), for 4-player Democracy."""
    game = democracy()
    gen = torch.Generator().manual_seed(seed)
    state, prev = {}, game.observation_size
    for i, width in enumerate(arch):
        for net in ("policy_net", "value_net"):
            state[f"mlp_extractor.{net}.{2 * i}.weight"] = torch.randn(width, prev, generator=gen) * 0.1
            state[f"mlp_extractor.{net}.{2 * i}.bias"] = torch.randn(width, generator=gen) * 0.1
        prev = width
    state["action_net.weight"] = torch.randn(game.num_actions, prev, generator=gen) * 0.1
    state["action_net.bias"] = torch.randn(game.num_actions, generator=gen) * 0.1
    state["value_net.weight"] = torch.randn(1, prev, generator=gen)
    state["value_net.bias"] = torch.zeros(1)
    data = {"format": FORMAT, "version": VERSION, "kind": kind, "game": "democracy", "num_players": 4,
            "game_options": {}, "observation_version": type(game).observation_version,
            "observation_size": game.observation_size, "num_actions": game.num_actions,
            "net": {"net_arch": list(arch), "activation": activation}, "policy_state": state,
            "config": {"game": "democracy"}, "num_timesteps": 2048, "history": [{"timesteps": 0, "random": 0.25}],
            "elapsed": 1.5, "timesteps_per_second": 1000.0}
    if kind == "full":  # an Adam state dict as torch writes it (a real one takes seconds to import torch.optim)
        adam = {"state": {i: {"step": torch.tensor(1.0), "exp_avg": t * 0.1, "exp_avg_sq": t * t}
                          for i, t in enumerate(state.values())},
                "param_groups": [{"lr": 3e-4, "betas": (0.9, 0.999), "eps": 1e-8, "weight_decay": 0, "amsgrad": False,
                                  "maximize": False, "foreach": None, "capturable": False, "differentiable": False,
                                  "fused": None, "params": list(range(len(state)))}]}
        data.update(optimizer_state=adam, n_updates=1, iterations=1,
                    pool=[{"timesteps": 1024, "weights": [t.clone() for t in state.values()]}])
    return data


def flip_bytes(path, count: int = 64, member: str | None = None, to: int | None = None) -> None:
    """Flip ``count`` bytes (or set them to ``to``) in the middle of the largest entry's data of zip file ``path``
    (a torch file is an uncompressed zip), where a tensor's bytes are: the file still opens, its numbers are
    wrong."""
    with zipfile.ZipFile(path) as z:
        info = max((i for i in z.infolist() if member is None or i.filename == member), key=lambda i: i.file_size)
    raw = bytearray(open(path, "rb").read())
    name_len, extra_len = struct.unpack("<HH", raw[info.header_offset + 26:info.header_offset + 30])
    start = info.header_offset + 30 + name_len + extra_len + info.file_size // 2
    for k in range(count):
        raw[start + k] = raw[start + k] ^ 0xFF if to is None else to
    open(path, "wb").write(bytes(raw))


# --- the content hash ---------------------------------------------------------------------------------------------
def test_the_content_hash_covers_every_value_and_not_the_container_type():
    a = {"w": np.arange(6, dtype=np.float32).reshape(2, 3), "n": 3, "x": [1.5, None, "s", True]}
    same = {"x": (1.5, None, "s", True), "n": 3, "w": torch.arange(6, dtype=torch.float32).reshape(2, 3)}
    assert content_sha256(a) == content_sha256(same)  # tensor or array, list or tuple, key order: the same content
    for changed in ({**a, "n": 4}, {**a, "x": [1.5, None, "s", False]}, {**a, "w": a["w"].reshape(3, 2)},
                    {**a, "w": a["w"].astype(np.float64)}, {**a, "x": [1.5000001, None, "s", True]}):
        assert content_sha256(changed) != content_sha256(a)
    bumped = a["w"].copy()
    bumped.view(np.uint32)[0, 1] ^= 1  # one bit of one weight
    assert content_sha256({**a, "w": bumped}) != content_sha256(a)


@pytest.mark.parametrize("kind", ["policy", "full"])
def test_a_saved_checkpoint_holds_its_hash_and_loads(tmp_path, kind):
    path = str(tmp_path / "ck.pt")
    data = checkpoint_data(kind)
    atomic_torch_save(data, path)
    assert "sha256" not in data  # the caller's dict is not changed
    raw = torch.load(path, weights_only=True)
    assert len(raw["sha256"]) == 64 and int(raw["sha256"], 16) >= 0
    loaded = load_checkpoint(path)
    assert torch.equal(loaded["policy_state"]["action_net.weight"], data["policy_state"]["action_net.weight"])


@pytest.mark.parametrize("kind", ["policy", "full"])
def test_64_flipped_bytes_are_caught_by_the_hash(tmp_path, kind):
    path = str(tmp_path / "ck.pt")
    atomic_torch_save(checkpoint_data(kind), path)
    flip_bytes(path)
    torch.load(path, weights_only=True)  # torch itself reads it without complaint: only the hash can tell
    with pytest.raises(CheckpointError, match=r"ck\.pt is corrupt: its content does not match the sha256 stored"):
        load_checkpoint(path)
    with pytest.raises(CheckpointError, match="is corrupt"):
        load_policy(path, democracy())  # what `hustings evaluate --bots path` and `hustings play` load


def test_flips_in_every_tensor_are_reported_as_corruption_not_as_odd_weights(tmp_path):
    path = str(tmp_path / "ck.pt")
    atomic_torch_save(checkpoint_data(), path)
    with zipfile.ZipFile(path) as z:
        members = [i.filename for i in z.infolist() if "/data/" in i.filename and i.file_size >= 64]
    assert len(members) >= 10
    for member in members:  # four 0xFF bytes are a NaN float: the hash speaks first, not the NaN check
        flip_bytes(path, count=16, member=member, to=0xFF)
    assert torch.isnan(torch.load(path, weights_only=True)["policy_state"]["action_net.weight"]).any()
    with pytest.raises(CheckpointError, match="is corrupt: its content does not match"):
        load_checkpoint(path)


def test_resuming_a_corrupt_checkpoint_is_a_checkpoint_error(tmp_path):
    pytest.importorskip("stable_baselines3")
    from hustings.training.config import load_config
    from hustings.training.train import train

    out = tmp_path / "run"
    out.mkdir()
    atomic_torch_save(checkpoint_data("full"), str(out / "checkpoint.pt"))
    flip_bytes(str(out / "checkpoint.pt"))
    cfg = load_config(SMOKE).replace(dict(output_dir=str(out)))
    with pytest.raises(CheckpointError, match=r"checkpoint\.pt is corrupt: its content does not match"):
        train(cfg, resume=True, progress=False, log=lambda *a: None)


def test_a_checkpoint_without_a_hash_still_loads(tmp_path):
    path = tmp_path / "old.pt"
    data = checkpoint_data()
    torch.save(data, path)  # as hustings wrote them before it stored a hash
    assert "sha256" not in torch.load(path, weights_only=True)
    policy = policy_from_checkpoint(load_checkpoint(str(path)))
    assert policy.layers[-1][0].shape == (16, democracy().num_actions)
    bad = tmp_path / "bad_hash.pt"
    torch.save({**data, "sha256": "abc"}, bad)
    with pytest.raises(CheckpointError, match="malformed content hash 'abc'; expected 64 hex digits"):
        load_checkpoint(str(bad))


@pytest.mark.parametrize("game", checkpoints.names())
def test_the_shipped_files_load_and_agree(game):
    path = checkpoints.policy_path(game)
    meta, npz_policy = load_policy_npz(path)
    pt = load_checkpoint(os.path.join(checkpoints.folder(game), "policy.pt"))
    assert len(meta["sha256"]) == len(pt["sha256"]) == 64  # shipped with their hashes, checked as they load
    pt_policy = policy_from_checkpoint(pt)
    for (w1, b1), (w2, b2) in zip(npz_policy.layers, pt_policy.layers):
        assert np.array_equal(w1, w2) and np.array_equal(b1, b2)
    assert hustings.load_bot(game).act is not None


# --- tensors, shapes, activations -----------------------------------------------------------------------------
def test_a_missing_tensor_is_named_with_its_expected_shape(tmp_path):
    path = str(tmp_path / "ck.pt")
    data = checkpoint_data()
    del data["policy_state"]["mlp_extractor.policy_net.2.weight"]
    atomic_torch_save(data, path)
    with pytest.raises(CheckpointError, match=r"has no tensor 'mlp_extractor\.policy_net\.2\.weight'; expected one "
                                              r"of shape \(16, 16\) \(net_arch \[16, 16\], observation size \d+"):
        load_checkpoint(path)


def test_a_wrong_shape_is_named_with_the_expected_one(tmp_path):
    path = str(tmp_path / "ck.pt")
    data = checkpoint_data()
    data["policy_state"]["action_net.weight"] = torch.zeros(5, 16)
    atomic_torch_save(data, path)
    n = democracy().num_actions
    with pytest.raises(CheckpointError,
                       match=rf"tensor 'action_net\.weight' has shape \(5, 16\); expected \({n}, 16\)"):
        load_checkpoint(path)
    data = checkpoint_data()
    data["net"]["net_arch"] = [16, 32]  # the tensors are [16, 16]
    atomic_torch_save(data, path)
    with pytest.raises(CheckpointError, match=r"'mlp_extractor\.policy_net\.2\.weight' has shape \(16, 16\); "
                                              r"expected \(32, 16\)"):
        load_checkpoint(path)
    data = checkpoint_data()
    data["policy_state"]["mlp_extractor.policy_net.0.bias"][3] = float("nan")
    atomic_torch_save(data, path)
    with pytest.raises(CheckpointError, match=r"'mlp_extractor\.policy_net\.0\.bias' holds NaN or infinite values"):
        load_checkpoint(path)


def test_an_unknown_activation_is_refused_not_played_as_relu(tmp_path):
    path = str(tmp_path / "ck.pt")
    atomic_torch_save(checkpoint_data(activation="gelu"), path)
    with pytest.raises(CheckpointError, match=r"activation 'gelu' is unknown; expected one of 'tanh', 'relu'"):
        load_checkpoint(path)
    with pytest.raises(CheckpointError, match="activation 'gelu' is unknown"):
        NumpyPolicy([(np.zeros((2, 3)), np.zeros(2))], "gelu")
    relu = NumpyPolicy([(np.ones((2, 3)), -np.ones(2) * 4), (np.eye(2), np.zeros(2))], "relu")
    assert np.array_equal(relu.logits(np.ones(3, dtype=np.float32)), [0.0, 0.0])


# --- policy.npz -----------------------------------------------------------------------------------------------------
def write_npz(path, meta: dict, arrays: dict) -> None:
    buf = io.BytesIO()
    np.savez_compressed(buf, meta=np.array(json.dumps(meta, sort_keys=True)), **arrays)
    open(path, "wb").write(buf.getvalue())


def read_npz(path) -> tuple[dict, dict]:
    with np.load(path) as z:
        return json.loads(str(z["meta"])), {k: z[k] for k in z.files if k != "meta"}


def test_policy_npz_has_a_hash_and_is_checked(tmp_path):
    pt = str(tmp_path / "policy.pt")
    atomic_torch_save(checkpoint_data(), pt)
    path = str(tmp_path / "policy.npz")
    save_policy_npz(load_checkpoint(pt), path)
    meta, arrays = read_npz(path)
    assert len(meta["sha256"]) == 64
    bot = load_npz_bot(path, democracy())
    state = democracy().new_initial_state(seed=1)
    assert bot.act(state, state.current_player()) in state.legal_actions()

    # content changed under an intact zip (what a CRC cannot catch: corrupted before it was zipped)
    arrays["layer2"] = arrays["layer2"].copy()
    arrays["layer2"][0, 0] += 1.0
    write_npz(tmp_path / "changed.npz", meta, arrays)
    with pytest.raises(CheckpointError, match=r"changed\.npz is corrupt: its content does not match the sha256"):
        load_policy_npz(str(tmp_path / "changed.npz"))
    # bytes flipped in the file itself
    raw = bytearray(open(path, "rb").read())
    for k in range(64):
        raw[len(raw) // 2 + k] ^= 0xFF
    open(tmp_path / "flipped.npz", "wb").write(bytes(raw))
    with pytest.raises(CheckpointError, match="is corrupt"):
        load_policy_npz(str(tmp_path / "flipped.npz"))
    # written before hustings stored a hash: loads
    del meta["sha256"]
    _, good = read_npz(path)
    write_npz(tmp_path / "old.npz", meta, good)
    load_policy_npz(str(tmp_path / "old.npz"))


def test_policy_npz_missing_or_misshapen_arrays_and_activation_are_named(tmp_path):
    pt = str(tmp_path / "policy.pt")
    atomic_torch_save(checkpoint_data(), pt)
    save_policy_npz(load_checkpoint(pt), str(tmp_path / "policy.npz"))
    meta, arrays = read_npz(tmp_path / "policy.npz")
    del meta["sha256"]
    n = democracy().num_actions
    cases = [
        ({k: v for k, v in arrays.items() if k != "layer3"}, meta,
         r"has no tensor 'layer3'; expected one of shape \(16,\)"),
        ({**arrays, "layer4": np.zeros((3, 16), np.float32)}, meta,
         rf"tensor 'layer4' has shape \(3, 16\); expected \({n}, 16\)"),
        ({**arrays, "layer6": np.zeros(3, np.float32)}, meta, r"unexpected arrays layer6; expected layer0, .*layer5"),
        (arrays, {**meta, "net": {"net_arch": [16, 16], "activation": "swish"}}, r"activation 'swish' is unknown"),
        (arrays, {**meta, "net": {"activation": "tanh"}}, r"net_arch None is invalid"),
        (arrays, {**meta, "observation_size": "many"}, r"observation_size is 'many'; expected an int > 0"),
    ]
    for i, (arrs, m, message) in enumerate(cases):
        write_npz(tmp_path / f"bad{i}.npz", m, arrs)
        with pytest.raises(CheckpointError, match=message):
            load_policy_npz(str(tmp_path / f"bad{i}.npz"))


# --- export ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("breakage", ["missing", "shape", "activation", "corrupt"])
def test_export_refuses_a_broken_checkpoint_before_writing_anything(tmp_path, breakage):
    pytest.importorskip("onnx")
    from hustings.training.export import export

    data = checkpoint_data()
    if breakage == "missing":
        del data["policy_state"]["action_net.bias"]
    elif breakage == "shape":
        data["policy_state"]["mlp_extractor.policy_net.0.weight"] = torch.zeros(16, 7)
    elif breakage == "activation":
        data["net"]["activation"] = "sigmoid"
    path = str(tmp_path / "policy.pt")
    atomic_torch_save(data, path)
    if breakage == "corrupt":
        flip_bytes(path)
    out = tmp_path / "exported"
    with pytest.raises(CheckpointError, match={"missing": "has no tensor 'action_net.bias'",
                                               "shape": r"'mlp_extractor\.policy_net\.0\.weight' has shape \(16, 7\)",
                                               "activation": "activation 'sigmoid' is unknown",
                                               "corrupt": "is corrupt"}[breakage]):
        export(path, str(out), torch_program=False)
    assert not out.exists() or not any(out.iterdir())


def test_sb3_actor_names_match_maskableppo():
    pytest.importorskip("sb3_contrib")
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    import gymnasium as gym

    policy = MaskableActorCriticPolicy(gym.spaces.Box(-1, 1, (7,)), gym.spaces.Discrete(5), lambda _: 3e-4,
                                       net_arch=[8, 6], activation_fn=torch.nn.Tanh)
    state = policy.state_dict()
    names = sb3_actor_names([8, 6])
    assert [tuple(state[n].shape) for n in names] == [(8, 7), (8,), (6, 8), (6,), (5, 6), (5,)]
    actor = {k for k in state if k.startswith("mlp_extractor.policy_net.") or k.startswith("action_net.")}
    assert actor == set(names)
