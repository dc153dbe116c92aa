"""Trained policies as bots, and the checkpoint file format.

A checkpoint is one ``torch.save`` file (a dict of plain data and tensors, loaded with ``weights_only=True``):

* ``kind="full"`` (``runs/<game>/checkpoint.pt``): everything ``hustings train --resume`` needs: the config, the
  timestep count, the policy's weights, the optimiser state, the opponent pool and the evaluation history.
* ``kind="policy"`` (``checkpoints/<game>/policy.pt``): the policy's weights and what they were trained on only.

A third, torch-free form, ``policy.npz`` (beside every ``policy.pt``; the shipped bots load from it), holds the
actor's weights as NumPy arrays and the same metadata as JSON: :func:`save_policy_npz` / :func:`load_policy_npz`.

Any of them plays as a :class:`~hustings.policy_bot.PolicyBot` (NumPy inference, in :mod:`hustings.policy_bot`,
which this module re-exports) (``hustings evaluate GAME --bots path/to/policy.pt ...``). Inference is a
few NumPy matrix products (no torch), so bots are cheap to run in many worker processes.

Files are written atomically: to a temporary file beside the target, then ``os.replace`` onto it, so an
interruption leaves either the old checkpoint or the new one, never half of one. Each holds ``"sha256"``, a hash of
its content that :func:`load_checkpoint` / :func:`load_policy_npz` verify (a checkpoint without one, written by an
older hustings, loads unchecked by it), and loading checks the actor's tensors and activation
(:mod:`hustings.policy_bot`): a damaged or inconsistent file is a :class:`CheckpointError`, never a ``KeyError`` or a
silently different policy.
"""
from __future__ import annotations

import os

import numpy as np

from hustings.core.files import atomic_write
from hustings.policy_bot import (NPZ_FORMAT, NPZ_META, VERSION, CheckpointError, NumpyPolicy, PolicyBot,  # noqa: F401
                                 check_actor, check_matches, check_net, content_sha256, load_policy_npz,
                                 npz_content, sb3_actor_names, verify_sha256)

FORMAT = "hustings-checkpoint"

# --- checkpoint files ---------------------------------------------------------------------------------------------
def atomic_torch_save(obj, path: str) -> None:
    """``torch.save`` ``obj`` onto ``path`` atomically (see :func:`hustings.core.files.atomic_write`).

    A hustings checkpoint (a dict with ``"format": FORMAT``) is saved with ``"sha256"``, the
    :func:`~hustings.policy_bot.content_sha256` of everything else in it, which :func:`load_checkpoint` checks
    (``obj`` itself is not changed)."""
    import torch

    if isinstance(obj, dict) and obj.get("format") == FORMAT:
        obj = {**{k: v for k, v in obj.items() if k != "sha256"}, "sha256": checkpoint_sha256(obj)}
    atomic_write(path, lambda f: torch.save(obj, f))


def checkpoint_sha256(data: dict) -> str:
    """The content hash a checkpoint stores: over every entry but ``"sha256"`` itself."""
    return content_sha256({k: v for k, v in data.items() if k != "sha256"})


def atomic_write_text(text: str, path: str) -> None:
    atomic_write(path, text)


def atomic_write_bytes(data: bytes, path: str) -> None:
    atomic_write(path, data)


_REQUIRED = ("format", "version", "kind", "game", "num_players", "game_options", "observation_size",
             "num_actions", "net", "policy_state")


def load_checkpoint(path: str) -> dict:
    """Load and check a checkpoint; a missing, unreadable or foreign file raises :class:`CheckpointError`."""
    import torch

    expected = "a checkpoint written by `hustings train` (runs/<game>/checkpoint.pt or checkpoints/<game>/policy.pt)"
    if not os.path.exists(path):
        raise CheckpointError(f"checkpoint {path} does not exist; expected {expected}")
    if not os.path.isfile(path):
        raise CheckpointError(f"checkpoint {path} is not a file; expected {expected}")
    try:
        data = torch.load(path, map_location="cpu", weights_only=True)
    except Exception as exc:  # torch raises RuntimeError, UnpicklingError, EOFError, ... on damaged files
        raise CheckpointError(f"checkpoint {path} is corrupt or not a checkpoint ({type(exc).__name__}: "
                              f"{str(exc).splitlines()[0] if str(exc) else 'no details'}); expected {expected}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CheckpointError(f"checkpoint {path} is not a hustings checkpoint (no format {FORMAT!r}); "
                              f"expected {expected}")
    if data.get("version") != VERSION:
        raise CheckpointError(f"checkpoint {path} has format version {data.get('version')!r}; this hustings reads "
                              f"version {VERSION}")
    missing = [k for k in _REQUIRED if k not in data]
    if missing:
        raise CheckpointError(f"checkpoint {path} is incomplete (missing {', '.join(missing)}); expected {expected}")
    what = f"checkpoint {path}"
    # First, as damage explains any oddity below best. Checkpoints written before hustings stored a hash have none:
    # they load as they are.
    verify_sha256({k: v for k, v in data.items() if k != "sha256"}, data.get("sha256"), what)
    arch, _ = check_net(data["net"], what)
    if not isinstance(data["policy_state"], dict):
        raise CheckpointError(f"{what}: policy_state is a {type(data['policy_state']).__name__}; expected a dict of "
                              f"tensors (an SB3 policy state dict)")
    check_actor(data["policy_state"], sb3_actor_names(arch), data, what)
    return data


def policy_from_checkpoint(data: dict) -> NumpyPolicy:
    """The actor of checkpoint ``data`` (from :func:`load_checkpoint`, which checked its tensors) as NumPy."""
    arch, activation = check_net(data["net"], "checkpoint")
    arrays = check_actor(data["policy_state"], sb3_actor_names(arch), data, "checkpoint")
    return NumpyPolicy.from_arrays(arrays, activation)


# --- the torch-free policy file ----------------------------------------------------------------------------------
def save_policy_npz(data: dict, path: str) -> None:
    """Write the actor of checkpoint ``data`` (from :func:`load_checkpoint`) as ``path`` (.npz), atomically."""
    import io
    import json

    meta = {k: data.get(k) for k in NPZ_META}
    meta.update(format=NPZ_FORMAT, version=VERSION, kind="policy")
    arrays = policy_from_checkpoint(data).to_arrays()
    meta = json.loads(json.dumps(meta, sort_keys=True))  # hashed as it will read back (tuples are lists in JSON)
    named = {f"layer{i}": a for i, a in enumerate(arrays)}
    meta["sha256"] = content_sha256(npz_content(meta, named))
    buf = io.BytesIO()
    np.savez_compressed(buf, meta=np.array(json.dumps(meta, sort_keys=True)), **named)
    atomic_write_bytes(buf.getvalue(), path)


def load_policy(path: str, game) -> NumpyPolicy:
    """The policy in ``path`` (a ``.npz`` policy file or a torch checkpoint), checked against rules ``game``."""
    if path.endswith(".npz"):
        meta, policy = load_policy_npz(path)
        check_matches(meta, path, game.name, game.num_players, game.observation_size, game.num_actions,
                      type(game).observation_version)
        return policy
    data = load_checkpoint(path)
    check_matches(data, path, game.name, game.num_players, game.observation_size, game.num_actions,
                  type(game).observation_version)
    return policy_from_checkpoint(data)


def load_policy_bot(path: str, game, deterministic: bool = True, seed: int | None = None) -> PolicyBot:
    """A :class:`PolicyBot` from a policy file (``.npz``) or checkpoint, checked against ``game`` (a rules
    :class:`~hustings.core.rules.Game`)."""
    return PolicyBot(load_policy(path, game), deterministic=deterministic, seed=seed, label=os.path.basename(path))
