"""A damaged or hostile policy file is one clear error, and a bot never plays an illegal action."""
from __future__ import annotations

import json

import numpy as np
import pytest

import hustings
from hustings import checkpoints, registry
from hustings.bots.policy import load_npz_bot


def _shipped(game: str = "politix"):
    with np.load(checkpoints.policy_path(game)) as z:
        return json.loads(str(z["meta"])), {k: z[k] for k in z.files if k != "meta"}


def _write(path, meta, arrays) -> str:
    np.savez(path, meta=np.array(json.dumps(meta)), **arrays)
    return str(path)


@pytest.mark.parametrize("field", ["game", "num_players", "observation_size", "num_actions"])
def test_a_policy_file_without_a_field_it_must_tell_is_named(tmp_path, field):
    meta, arrays = _shipped()
    meta = {k: v for k, v in meta.items() if k not in ("sha256", field)}  # no hash either: nothing else catches it
    path = _write(tmp_path / "policy.npz", meta, arrays)
    with pytest.raises(hustings.CheckpointError, match=f"is incomplete: its metadata lacks {field}"):
        load_npz_bot(path, registry.make_game("politix"))


@pytest.mark.parametrize("deterministic", [True, False])
def test_weights_that_overflow_are_an_error_not_a_move(tmp_path, deterministic):
    meta, arrays = _shipped()
    meta.pop("sha256")
    huge = {k: np.full_like(v, 1e38) for k, v in arrays.items()}
    game = registry.make_game("politix")
    bot = load_npz_bot(_write(tmp_path / "policy.npz", meta, huge), game, deterministic=deterministic, seed=1)
    state = game.new_initial_state(seed=0)
    with pytest.raises(hustings.CheckpointError, match="policy.npz: the policy's outputs are not finite"):
        bot.act(state, state.current_player())


def test_a_finite_policy_still_plays_legal_moves(tmp_path):
    meta, arrays = _shipped()
    game = registry.make_game("politix")
    bot = load_npz_bot(_write(tmp_path / "policy.npz", meta, arrays), game)
    state = game.new_initial_state(seed=0)
    for _ in range(40):
        if state.is_terminal():
            break
        state.apply_action(bot.act(state, state.current_player()))


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    pytest.importorskip("torch")
    pytest.importorskip("onnxscript")
    from hustings.training.export import export

    out = tmp_path_factory.mktemp("exported")
    export(checkpoints.policy_path("democracy").replace("policy.npz", "policy.pt"), str(out), torch_program=False)
    return out


def _tampered(exported, tmp_path, change):
    import shutil

    shutil.copy(exported / "policy.onnx", tmp_path / "policy.onnx")
    meta = json.loads((exported / "policy.json").read_text())
    change(meta)
    (tmp_path / "policy.json").write_text(json.dumps(meta))
    return str(tmp_path / "policy.onnx")


@pytest.mark.parametrize("field,value,message", [
    ("num_players", None, "num_players is None; expected a whole number > 0"),
    ("game", ["democracy"], "game is \\['democracy'\\]; expected a game's name"),
    ("observation_version", "1", "observation_version is '1'; expected a whole number"),
    ("version", 2, "version is 2; expected 1"),
    ("activation", "gelu", "activation is 'gelu'; expected tanh or relu"),
    ("inputs", {"observation": ["float32", ["batch", 3]]}, "inputs is"),
])
def test_an_onnx_sidecar_is_checked_field_by_field(exported, tmp_path, field, value, message):
    from hustings.bots.onnx import OnnxBot

    path = _tampered(exported, tmp_path, lambda m: m.__setitem__(field, value))
    with pytest.raises(hustings.OnnxPolicyError, match="policy.json: " + message):
        OnnxBot(path)


def test_a_model_with_another_games_sidecar_is_refused_at_load(exported, tmp_path):
    from hustings.bots.onnx import OnnxBot

    politix = registry.make_game("politix")

    def as_politix(meta):
        obs, acts = politix.observation_size, politix.num_actions
        meta.update(game="politix", observation_size=obs, num_actions=acts,
                    inputs={"observation": ["float32", ["batch", obs]], "action_mask": ["int8", ["batch", acts]]},
                    outputs={"action": ["int64", ["batch"]], "probabilities": ["float32", ["batch", acts]]})

    with pytest.raises(hustings.OnnxPolicyError, match="a model and a sidecar from different exports"):
        OnnxBot(_tampered(exported, tmp_path, as_politix))
    bot = OnnxBot(str(exported / "policy.onnx"))
    with pytest.raises(hustings.OnnxPolicyError, match="plays democracy with 4 players; this game is politix"):
        bot.check_game(politix)
