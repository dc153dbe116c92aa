"""Export: ONNX and torch.export policies match MaskablePPO exactly and play through the runtime bot."""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("onnxruntime")

import hustings  # noqa: E402
from hustings.bots.onnx import OnnxBot, OnnxPolicyError  # noqa: E402
from hustings.play import play_game  # noqa: E402
from hustings.training.config import load_config  # noqa: E402
from hustings.training.export import export  # noqa: E402
from hustings.training.selfplay import make_vec_env  # noqa: E402
from hustings.training.train import save_checkpoint  # noqa: E402
from helpers import ROOT



@pytest.fixture(scope="module")
def model_and_export(tmp_path_factory):
    from sb3_contrib import MaskablePPO

    out = tmp_path_factory.mktemp("export")
    cfg = load_config(os.path.join(ROOT, "configs", "smoke.yaml"))
    venv = make_vec_env(cfg, seed=0, n_envs=1, kind="dummy")
    model = MaskablePPO("MlpPolicy", venv, n_steps=64, batch_size=64, n_epochs=1, seed=0, device="cpu",
                        policy_kwargs={"net_arch": list(cfg.ppo.net_arch), "activation_fn": torch.nn.Tanh})
    model.learn(256)  # move the weights off their initialisation
    ckpt = str(out / "policy.pt")
    save_checkpoint(ckpt, cfg, model, [], [], 0.0, kind="policy")
    export(ckpt, str(out / "exported"))
    return model, out / "exported", cfg


def real_game_states(num: int, seed: int = 0):
    """Observations and masks of the seats to move in games between heuristic bots."""
    game = hustings.make("democracy", num_players=4).game
    obs, masks = [], []
    s = seed
    while len(obs) < num:
        bots = [hustings.make_bot("democracy", "heuristic", seed=s + i) for i in range(4)]
        play_game(game, bots, seed=s, on_action=lambda st, p, a: (obs.append(st.observation(p)),
                                                                   masks.append(st.legal_mask())))
        s += 1
    return np.array(obs[:num]), np.array(masks[:num])


def test_onnx_actions_equal_maskableppo_predict(model_and_export):
    model, folder, _ = model_and_export
    obs, masks = real_game_states(600)
    expected, _ = model.predict(obs, action_masks=masks.astype(bool), deterministic=True)
    bot = OnnxBot(str(folder / "policy.onnx"))
    actions, probs = bot.predict(obs, masks)
    assert np.array_equal(actions, expected)
    assert np.all(masks[np.arange(len(actions)), actions] == 1), "a masked-out action was chosen"
    assert np.allclose(probs.sum(axis=1), 1.0, atol=1e-5) and np.all(probs[masks == 0] < 1e-6)
    # the masked distribution equals the policy's own
    with torch.no_grad():
        dist = model.policy.get_distribution(torch.as_tensor(obs), action_masks=masks.astype(bool))
        assert np.allclose(dist.distribution.probs.numpy(), probs, atol=1e-5)


def test_torch_export_program_matches_onnx(model_and_export):
    _, folder, _ = model_and_export
    obs, masks = real_game_states(200, seed=50)
    program = torch.export.load(str(folder / "policy.pt2")).module()
    ts_actions, ts_probs = program(torch.as_tensor(obs), torch.as_tensor(masks))
    actions, probs = OnnxBot(str(folder / "policy.onnx")).predict(obs, masks)
    assert np.array_equal(ts_actions.numpy(), actions) and np.allclose(ts_probs.numpy(), probs, atol=1e-5)


def test_sidecar_describes_the_policy(model_and_export):
    _, folder, _ = model_and_export
    meta = json.loads((folder / "policy.json").read_text())
    game = hustings.make("democracy", num_players=4).game
    assert meta["game"] == "democracy" and meta["num_players"] == 4
    assert meta["observation_size"] == game.observation_size and meta["action_names"] == game.action_names()
    assert meta["observation_version"] == type(game).observation_version and meta["hustings_version"]


def test_onnx_bot_plays_whole_games_and_refuses_another_game(model_and_export):
    _, folder, _ = model_and_export
    bot = OnnxBot(str(folder / "policy.onnx"))
    game = hustings.make("democracy", num_players=4).game
    final = play_game(game, [bot] + [hustings.make_bot("democracy", "random", seed=i) for i in range(3)], seed=3)
    assert final.is_terminal()
    with pytest.raises(OnnxPolicyError, match="4 players"):
        play_game(hustings.make("democracy", num_players=3).game,
                  [bot] + [hustings.make_bot("democracy", "random", seed=i) for i in range(2)], seed=3)


def test_missing_or_broken_exports_are_clear_errors(tmp_path, model_and_export):
    with pytest.raises(OnnxPolicyError, match="does not exist"):
        OnnxBot(str(tmp_path / "nothing.onnx"))
    _, folder, _ = model_and_export
    broken = tmp_path / "policy.onnx"
    broken.write_bytes(b"not a model")
    (tmp_path / "policy.json").write_text((folder / "policy.json").read_text())
    with pytest.raises(OnnxPolicyError, match="not a loadable ONNX model"):
        OnnxBot(str(broken))
