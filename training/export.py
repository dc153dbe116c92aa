"""Export a trained checkpoint as a standalone policy: ONNX (+ a JSON sidecar) and TorchScript.

    hustings export checkpoints/democracy/policy.pt --out exported/democracy

writes ``policy.onnx``, ``policy.json`` and ``policy.ts``. The ONNX model's inputs are ``observation``
(float32, ``[batch, obs_dim]``) and ``action_mask`` (int8, ``[batch, n_actions]``); its outputs are ``action``
(int64, ``[batch]``: the greedy legal action) and ``probabilities`` (float32, ``[batch, n_actions]``: the masked
action distribution). ``hustings.onnx_bot.OnnxBot`` plays it with onnxruntime alone (no torch, no SB3).
"""
from __future__ import annotations

import json
import os

import numpy as np

from hustings.core.files import atomic_write
from hustings.onnx_bot import MASKED_LOGIT, SIDECAR_FORMAT

from .policy import NumpyPolicy, atomic_write_text, load_checkpoint, policy_from_checkpoint

OPSET = 17


def onnx_model(policy: NumpyPolicy, obs_dim: int, n_actions: int):
    """The policy's actor as an ONNX graph: MLP -> masked logits -> (argmax, softmax)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    nodes, inits = [], []
    x = "observation"
    last = len(policy.layers) - 1
    for i, (w_t, b) in enumerate(policy.layers):  # w_t is in x out (stored transposed for x @ w)
        inits += [numpy_helper.from_array(np.ascontiguousarray(w_t.T), f"W{i}"), numpy_helper.from_array(b, f"b{i}")]
        nodes.append(helper.make_node("Gemm", [x, f"W{i}", f"b{i}"], [f"z{i}"], transB=1))
        x = f"z{i}"
        if i < last:
            op = "Tanh" if policy.activation == "tanh" else "Relu"
            nodes.append(helper.make_node(op, [x], [f"h{i}"]))
            x = f"h{i}"
    inits.append(numpy_helper.from_array(np.array(MASKED_LOGIT, dtype=np.float32), "masked_logit"))
    nodes += [
        helper.make_node("Cast", ["action_mask"], ["legal"], to=TensorProto.BOOL),
        helper.make_node("Where", ["legal", x, "masked_logit"], ["masked_logits"]),
        helper.make_node("ArgMax", ["masked_logits"], ["action"], axis=1, keepdims=0),
        helper.make_node("Softmax", ["masked_logits"], ["probabilities"], axis=1),
    ]
    graph = helper.make_graph(
        nodes, "hustings_policy",
        [helper.make_tensor_value_info("observation", TensorProto.FLOAT, ["batch", obs_dim]),
         helper.make_tensor_value_info("action_mask", TensorProto.INT8, ["batch", n_actions])],
        [helper.make_tensor_value_info("action", TensorProto.INT64, ["batch"]),
         helper.make_tensor_value_info("probabilities", TensorProto.FLOAT, ["batch", n_actions])],
        inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="hustings")
    model.ir_version = min(model.ir_version, 9)  # readable by older onnxruntime releases too
    onnx.checker.check_model(model)
    return model


def torchscript_module(policy: NumpyPolicy):
    """The same policy as a scripted ``torch.nn.Module``: ``forward(obs, mask) -> (action, probabilities)``."""
    import torch

    class MaskedPolicy(torch.nn.Module):
        def __init__(self):
            super().__init__()
            layers = []
            for i, (w_t, b) in enumerate(policy.layers):
                lin = torch.nn.Linear(w_t.shape[0], w_t.shape[1])
                with torch.no_grad():
                    lin.weight.copy_(torch.from_numpy(np.ascontiguousarray(w_t.T)))
                    lin.bias.copy_(torch.from_numpy(b))
                layers.append(lin)
                if i < len(policy.layers) - 1:
                    layers.append(torch.nn.Tanh() if policy.activation == "tanh" else torch.nn.ReLU())
            self.net = torch.nn.Sequential(*layers)
            self.masked_logit: float = MASKED_LOGIT

        def forward(self, obs: torch.Tensor, mask: torch.Tensor):
            logits = self.net(obs)
            masked = torch.where(mask > 0, logits, torch.full_like(logits, self.masked_logit))
            return torch.argmax(masked, dim=1), torch.softmax(masked, dim=1)

    module = MaskedPolicy().eval()
    for param in module.parameters():
        param.requires_grad_(False)  # an inference module: outputs need no autograd
    return torch.jit.script(module)


def export(checkpoint: str, out_dir: str, torchscript: bool = True) -> dict:
    """Write ``policy.onnx``, ``policy.json`` (and ``policy.ts``) for ``checkpoint`` into ``out_dir``."""
    import hustings

    data = load_checkpoint(checkpoint)
    policy = policy_from_checkpoint(data)
    game = hustings.game_module(data["game"]).raw_env.game_class(data["num_players"], **data["game_options"])
    obs_dim, n_actions = data["observation_size"], data["num_actions"]
    os.makedirs(out_dir, exist_ok=True)
    model = onnx_model(policy, obs_dim, n_actions)
    onnx_path = os.path.join(out_dir, "policy.onnx")
    atomic_write(onnx_path, model.SerializeToString())
    sidecar = {
        "format": SIDECAR_FORMAT, "version": 1, "hustings_version": hustings.__version__,
        "game": data["game"], "num_players": data["num_players"], "game_options": data["game_options"],
        "observation_size": obs_dim, "num_actions": n_actions,
        "observation_version": data.get("observation_version", type(game).observation_version),
        "observation_fields": [list(f) for f in game.observation_fields()],
        "action_names": game.action_names(), "activation": policy.activation, "onnx_opset": OPSET,
        "inputs": {"observation": ["float32", ["batch", obs_dim]], "action_mask": ["int8", ["batch", n_actions]]},
        "outputs": {"action": ["int64", ["batch"]], "probabilities": ["float32", ["batch", n_actions]]},
        "source_checkpoint": os.path.basename(checkpoint),
    }
    atomic_write_text(json.dumps(sidecar, indent=1), os.path.join(out_dir, "policy.json"))
    files = [onnx_path, os.path.join(out_dir, "policy.json")]
    if torchscript:
        ts_path = os.path.join(out_dir, "policy.ts")
        import torch

        module = torchscript_module(policy)
        atomic_write(ts_path, lambda f: torch.jit.save(module, f))
        files.append(ts_path)
    return {"files": files, "game": data["game"], "num_players": data["num_players"]}
