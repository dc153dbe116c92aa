"""Trained policies as bots, and the checkpoint file format.

A checkpoint is one ``torch.save`` file (a dict of plain data and tensors, loaded with ``weights_only=True``):

* ``kind="full"`` (``runs/<game>/checkpoint.pt``): everything ``hustings train --resume`` needs: the config, the
  timestep count, the policy's weights, the optimiser state, the opponent pool and the evaluation history.
* ``kind="policy"`` (``checkpoints/<game>/policy.pt``): the policy's weights and what they were trained on only.

A third, torch-free form, ``policy.npz`` (beside every ``policy.pt``; the shipped bots load from it), holds the
actor's weights as NumPy arrays and the same metadata as JSON: :func:`save_policy_npz` / :func:`load_policy_npz`.

Any of them plays as a :class:`~hustings.bots.policy.PolicyBot` (NumPy inference, in :mod:`hustings.bots.policy`,
which this module re-exports) (``hustings evaluate GAME --bots path/to/policy.pt ...``). Inference is a
few NumPy matrix products (no torch), so bots are cheap to run in many worker processes.

Files are written atomically: to a temporary file beside the target, then ``os.replace`` onto it, so an
interruption leaves either the old checkpoint or the new one, never half of one. Each holds ``"sha256"``, a hash of
its content that :func:`load_checkpoint` / :func:`load_policy_npz` verify (a checkpoint without one, written by an
older hustings, loads unchecked by it), and loading checks the actor's tensors and activation
(:mod:`hustings.bots.policy`): a damaged or inconsistent file is a :class:`CheckpointError`, never a ``KeyError`` or a
silently different policy.
"""
from __future__ import annotations

import os

import numpy as np

from hustings.core.files import atomic_write
from hustings.bots.policy import CHECKPOINT_FORMAT as FORMAT
from hustings.bots.policy import (NPZ_FORMAT, NPZ_META, VERSION, CheckpointError, NumpyPolicy, PolicyBot,  # noqa: F401
                                  check_actor, check_matches, check_net, content_sha256, load_checkpoint,
                                  load_policy, load_policy_npz, npz_content, policy_from_checkpoint, sb3_actor_names,
                                  verify_sha256)

# --- checkpoint files ---------------------------------------------------------------------------------------------
def atomic_torch_save(obj, path: str) -> None:
    """``torch.save`` ``obj`` onto ``path`` atomically (see :func:`hustings.core.files.atomic_write`).

    A hustings checkpoint (a dict with ``"format": FORMAT``) is saved with ``"sha256"``, the
    :func:`~hustings.bots.policy.content_sha256` of everything else in it, which :func:`load_checkpoint` checks
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


# --- the torch-free policy file ----------------------------------------------------------------------------------
def save_policy_npz(data: dict, path: str) -> None:
    """Write the actor of checkpoint ``data`` (from :func:`load_checkpoint`) as ``path`` (.npz), atomically."""
    save_arrays_npz(data, policy_from_checkpoint(data).to_arrays(), path)


def save_arrays_npz(data: dict, arrays: list, path: str) -> None:
    """Write the actor ``arrays`` (``NumpyPolicy.to_arrays()``) as the policy file ``path`` (.npz), atomically,
    with the metadata of ``data`` (its keys of ``NPZ_META``: a checkpoint's, or the same fields for a snapshot)."""
    import io
    import json

    meta = {k: data.get(k) for k in NPZ_META}
    meta.update(format=NPZ_FORMAT, version=VERSION, kind="policy")
    meta = json.loads(json.dumps(meta, sort_keys=True))  # hashed as it will read back (tuples are lists in JSON)
    named = {f"layer{i}": a for i, a in enumerate(arrays)}
    meta["sha256"] = content_sha256(npz_content(meta, named))
    buf = io.BytesIO()
    np.savez_compressed(buf, meta=np.array(json.dumps(meta, sort_keys=True)), **named)
    atomic_write_bytes(buf.getvalue(), path)


def load_policy_bot(path: str, game, deterministic: bool = True, seed: int | None = None) -> PolicyBot:
    """A :class:`PolicyBot` from a policy file (``.npz``) or checkpoint, checked against ``game`` (a rules
    :class:`~hustings.core.rules.Game`)."""
    return PolicyBot(load_policy(path, game), deterministic=deterministic, seed=seed, label=os.path.basename(path))
