"""Export a trained checkpoint as a standalone policy: ONNX (+ a JSON sidecar) and a ``torch.export`` program.

    hustings export runs/democracy/policy.pt --out exported/democracy
    hustings export shipped:democracy [--players 6] --out exported/democracy   # a shipped bot's net

writes ``policy.onnx``, ``policy.json`` and ``policy.pt2``. The source is a torch checkpoint (``policy.pt``,
``checkpoint.pt``), a ``policy.npz``, or a shipped bot, ``shipped:GAME`` (its net: where that size's shipped bot
plays with a search, the search is not part of the export; ``shipped-net:GAME`` says the same). Both models come from one ``torch.nn.Module``
(:func:`policy_module`) through PyTorch's own routes: ``torch.onnx.export`` (its ``torch.export``-based exporter,
which needs ``onnxscript``) and ``torch.export.export`` / ``torch.export.save`` (TorchScript, which the previous
version wrote, is deprecated in PyTorch). The ONNX model's inputs are ``observation``
(float32, ``[batch, obs_dim]``) and ``action_mask`` (int8, ``[batch, n_actions]``); its outputs are ``action``
(int64, ``[batch]``: the greedy legal action) and ``probabilities`` (float32, ``[batch, n_actions]``: the masked
action distribution). ``hustings.bots.onnx.OnnxBot`` plays it with onnxruntime alone (no torch, no SB3).
``policy.pt2`` takes and returns the same: ``torch.export.load("policy.pt2").module()(observation, action_mask)``.
"""
from __future__ import annotations

import json
import os

import numpy as np

from hustings.core.files import atomic_write
from hustings.bots.onnx import MASKED_LOGIT, SIDECAR_FORMAT

from .policy import NumpyPolicy, atomic_write_text, check_matches, load_checkpoint, policy_from_checkpoint

OPSET = 18


def policy_module(policy: NumpyPolicy):
    """The policy as a ``torch.nn.Module``: ``forward(observation, action_mask) -> (action, probabilities)``, the
    greedy legal action and the masked action distribution (illegal logits set to ``MASKED_LOGIT``)."""
    import torch

    # NumpyPolicy accepts only these (hustings.bots.policy.ACTIVATIONS): an unknown one never gets this far
    activations = {"tanh": torch.nn.Tanh, "relu": torch.nn.ReLU}

    class MaskedPolicy(torch.nn.Module):
        def __init__(self):
            super().__init__()
            layers = []
            for i, (w_t, b) in enumerate(policy.layers):  # w_t is in x out (stored transposed for x @ w)
                lin = torch.nn.Linear(w_t.shape[0], w_t.shape[1])
                with torch.no_grad():
                    lin.weight.copy_(torch.from_numpy(np.ascontiguousarray(w_t.T)))
                    lin.bias.copy_(torch.from_numpy(b))
                layers.append(lin)
                if i < len(policy.layers) - 1:
                    layers.append(activations[policy.activation]())
            self.net = torch.nn.Sequential(*layers)

        def forward(self, observation: torch.Tensor, action_mask: torch.Tensor):
            logits = self.net(observation)
            masked = torch.where(action_mask > 0, logits, torch.full_like(logits, MASKED_LOGIT))
            return torch.argmax(masked, dim=1), torch.softmax(masked, dim=1)

    module = MaskedPolicy().eval()
    for param in module.parameters():
        param.requires_grad_(False)  # an inference module: outputs need no autograd
    return module


def _example_inputs(obs_dim: int, n_actions: int):
    import torch

    return torch.zeros(2, obs_dim, dtype=torch.float32), torch.ones(2, n_actions, dtype=torch.int8)


def onnx_model(policy: NumpyPolicy, obs_dim: int, n_actions: int):
    """The policy's actor as an ONNX model (``onnx.ModelProto``), through PyTorch's ONNX exporter
    (``torch.onnx.export``, the ``torch.export``-based one) with a dynamic batch dimension."""
    import logging
    import warnings

    import onnx
    import torch

    module = policy_module(policy)
    onnx_logger = logging.getLogger("torch.onnx")
    level = onnx_logger.level
    onnx_logger.setLevel(logging.ERROR)  # it logs each optional operator library it does not find (torchvision)
    try:
        with warnings.catch_warnings():
            # PyTorch's own exporter warns from its internals (a deprecated pytree check, one shared axis name)
            warnings.simplefilter("ignore", FutureWarning)
            warnings.filterwarnings("ignore", message=".*axis name", category=UserWarning)
            program = torch.onnx.export(
                module, _example_inputs(obs_dim, n_actions), dynamo=True, opset_version=OPSET,
                input_names=["observation", "action_mask"], output_names=["action", "probabilities"],
                dynamic_shapes={"observation": {0: "batch"}, "action_mask": {0: "batch"}}, verbose=False)
    finally:
        onnx_logger.setLevel(level)
    model = program.model_proto
    model.producer_name = "hustings"
    onnx.checker.check_model(model)
    return model


def exported_program(policy: NumpyPolicy):
    """The policy as a ``torch.export.ExportedProgram`` with a dynamic batch dimension
    (``torch.export.load(path).module()(observation, action_mask)`` runs it)."""
    import torch

    batch = torch.export.Dim("batch")
    obs_dim, n_actions = policy.layers[0][0].shape[0], policy.layers[-1][0].shape[1]
    return torch.export.export(policy_module(policy), _example_inputs(obs_dim, n_actions),
                               dynamic_shapes={"observation": {0: batch}, "action_mask": {0: batch}})


def source_file(checkpoint: str, num_players: int | None = None) -> tuple[str, str | None]:
    """The file to export for ``checkpoint``: itself, or for ``shipped:GAME`` / ``shipped-net:GAME`` /
    ``shipped-search:GAME`` the shipped net's ``policy.npz`` for ``num_players`` seats (default: the game's default
    size). Returns ``(path, note)``, ``note`` saying what is left out when a searching variant was named."""
    from hustings import checkpoints, registry
    from hustings.bots.spec import SHIPPED, SHIPPED_NET, SHIPPED_SEARCH

    for prefix in (SHIPPED, SHIPPED_NET, SHIPPED_SEARCH):
        if checkpoint.startswith(prefix):
            game = registry.game_key(checkpoint[len(prefix):])
            path = checkpoints.policy_path(game, num_players)
            note = None
            if prefix == SHIPPED_SEARCH:
                search = checkpoints.search_variant(game, num_players)
                note = (f"{checkpoint} plays the search {search}; the export is the shipped net alone "
                        f"({SHIPPED}{game}), without the search")
            return path, note
    if num_players is not None:
        from hustings.errors import ConfigError

        raise ConfigError(f"--players {num_players} is only for a shipped bot (shipped:GAME); {checkpoint} is "
                          f"trained for one table size already")
    return checkpoint, None


def export(checkpoint: str, out_dir: str, torch_program: bool = True, num_players: int | None = None) -> dict:
    """Write ``policy.onnx``, ``policy.json`` (and ``policy.pt2``) for ``checkpoint`` into ``out_dir``.

    ``checkpoint`` is a torch checkpoint, a ``policy.npz``, or a shipped bot, ``shipped:GAME`` (its net, for
    ``num_players`` seats: :func:`source_file`). Everything is checked before anything is written: a corrupt
    checkpoint, a missing or misshapen tensor, an unknown activation or a checkpoint that no longer fits its game
    (its observation layout changed) raises :class:`~hustings.bots.policy.CheckpointError` and leaves ``out_dir``
    as it was. The result names the files written (and a ``note`` where a shipped search was left out)."""
    import hustings
    from hustings.bots.policy import load_policy_npz

    path, note = source_file(checkpoint, num_players)
    if path.endswith(".npz"):
        data, policy = load_policy_npz(path)
        data = dict(data, game_options=data.get("game_options") or {})
    else:
        data = load_checkpoint(path)
        policy = policy_from_checkpoint(data)
    game = hustings.registry.make_game(data["game"], data["num_players"], data["game_options"])
    check_matches(data, path, game.name, game.num_players, game.observation_size, game.num_actions,
                  type(game).observation_version)
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
        "source_checkpoint": checkpoint if path != checkpoint else os.path.basename(checkpoint),
    }
    atomic_write_text(json.dumps(sidecar, indent=1), os.path.join(out_dir, "policy.json"))
    files = [onnx_path, os.path.join(out_dir, "policy.json")]
    if torch_program:
        import torch

        pt2_path = os.path.join(out_dir, "policy.pt2")
        program = exported_program(policy)
        atomic_write(pt2_path, lambda f: torch.export.save(program, f))
        files.append(pt2_path)
    return {"files": files, "game": data["game"], "num_players": data["num_players"], "note": note}


# --- command line: hustings export --------------------------------------------------------------------------------
def add_arguments(p) -> None:
    """The arguments of ``hustings export``."""
    p.add_argument("checkpoint", help="a checkpoint from hustings train (policy.pt, checkpoint.pt or policy.npz), or "
                                      "a shipped bot's net: shipped:GAME")
    p.add_argument("--out", required=True, metavar="DIR", help="folder for policy.onnx, policy.json, policy.pt2")
    p.add_argument("--players", type=int, default=None, metavar="N",
                   help="with shipped:GAME, the table size of the shipped bot (default: the game's default size)")
    p.add_argument("--no-torch-program", "--no-torchscript", dest="no_torch_program", action="store_true",
                    help="skip policy.pt2 (the torch.export program; --no-torchscript is the old name)")


def run(args) -> int:
    """``hustings export``: write the files and list them."""
    out = export(args.checkpoint, args.out, torch_program=not args.no_torch_program, num_players=args.players)
    print(f"exported {out['game']} {out['num_players']}p policy:")
    for path in out["files"]:
        print("  " + path)
    if out["note"]:
        print(f"note: {out['note']}")
    return 0
