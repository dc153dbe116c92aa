"""Trained policies as bots, and the checkpoint file format.

A checkpoint is one ``torch.save`` file (a dict of plain data and tensors, loaded with ``weights_only=True``):

* ``kind="full"`` (``runs/<game>/checkpoint.pt``): everything ``hustings train --resume`` needs: the config, the
  timestep count, the policy's weights, the optimiser state, the opponent pool and the evaluation history.
* ``kind="policy"`` (``checkpoints/<game>/policy.pt``): the policy's weights and what they were trained on only.

A third, torch-free form, ``policy.npz`` (beside every ``policy.pt``; the shipped bots load from it), holds the
actor's weights as NumPy arrays and the same metadata as JSON: :func:`save_policy_npz` / :func:`load_policy_npz`.

Any of them plays as a :class:`PolicyBot` (``hustings evaluate GAME --bots path/to/policy.pt ...``). Inference is a
few NumPy matrix products (no torch), so bots are cheap to run in many worker processes.

Files are written atomically: to a temporary file beside the target, then ``os.replace`` onto it, so an
interruption leaves either the old checkpoint or the new one, never half of one.
"""
from __future__ import annotations

import os

import numpy as np

from hustings.core.bots import Bot
from hustings.core.files import atomic_write
from hustings.core.rules import HustingsError

FORMAT = "hustings-checkpoint"
VERSION = 1


class CheckpointError(HustingsError):
    """A checkpoint file that is missing, corrupt, or for another game/configuration."""


# --- NumPy inference --------------------------------------------------------------------------------------------
class NumpyPolicy:
    """The actor of an SB3 ``MaskableActorCriticPolicy`` (MLP) as NumPy: hidden layers, then the action logits."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], activation: str):
        # Stored transposed and contiguous: x @ W is the fast orientation for one row.
        self.layers = [(np.ascontiguousarray(w.T, dtype=np.float32), np.asarray(b, dtype=np.float32))
                       for w, b in layers]
        self.activation = activation

    @classmethod
    def from_state_dict(cls, state: dict, activation: str) -> "NumpyPolicy":
        """From an SB3 policy ``state_dict`` (``mlp_extractor.policy_net.{i}.weight`` ..., ``action_net.weight``)."""
        def arr(t):
            return t.detach().cpu().numpy() if hasattr(t, "detach") else np.asarray(t)
        prefix = "mlp_extractor.policy_net."
        idx = sorted({int(k[len(prefix):].split(".")[0]) for k in state if k.startswith(prefix)})
        layers = [(arr(state[f"{prefix}{i}.weight"]), arr(state[f"{prefix}{i}.bias"])) for i in idx]
        layers.append((arr(state["action_net.weight"]), arr(state["action_net.bias"])))
        return cls(layers, activation)

    def to_arrays(self) -> list[np.ndarray]:
        """Weights as ``[W1, b1, W2, b2, ...]`` (W in PyTorch's out x in orientation), for saving."""
        out = []
        for w, b in self.layers:
            out += [np.ascontiguousarray(w.T), b]
        return out

    @classmethod
    def from_arrays(cls, arrays: list, activation: str) -> "NumpyPolicy":
        arrays = [a.detach().cpu().numpy() if hasattr(a, "detach") else np.asarray(a) for a in arrays]
        return cls(list(zip(arrays[0::2], arrays[1::2])), activation)

    def logits(self, obs: np.ndarray) -> np.ndarray:
        x = obs
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < last:
                x = np.tanh(x) if self.activation == "tanh" else np.maximum(x, 0.0)
        return x

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None) -> int:
        """Argmax of the masked logits, or a sample from the masked softmax when ``rng`` is given."""
        logits = self.logits(obs).astype(np.float64)
        logits[mask == 0] = -np.inf
        if rng is None:
            return int(np.argmax(logits))
        p = np.exp(logits - logits.max())
        p /= p.sum()
        return int(rng.choice(len(p), p=p))


class PolicyBot(Bot):
    """A trained policy playing one seat from the rules-module state (its own observation and legal mask)."""

    name = "policy"

    def __init__(self, policy: NumpyPolicy, deterministic: bool = True, seed: int | None = None,
                 label: str = "policy"):
        super().__init__(seed)
        self.policy = policy
        self.deterministic = deterministic
        self.np_rng = np.random.default_rng(seed)
        self.label = label

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        if seed is not None:
            self.np_rng = np.random.default_rng(seed)

    def act(self, state, player: int) -> int:
        return self.policy.act(state.observation(player), state.legal_mask(),
                               None if self.deterministic else self.np_rng)

    def __repr__(self) -> str:
        return f"PolicyBot({self.label!r})"


# --- checkpoint files ---------------------------------------------------------------------------------------------
def atomic_torch_save(obj, path: str) -> None:
    """``torch.save`` ``obj`` onto ``path`` atomically (see :func:`hustings.core.files.atomic_write`)."""
    import torch

    atomic_write(path, lambda f: torch.save(obj, f))


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
    return data


def check_matches(data: dict, path: str, game: str, num_players: int, observation_size: int,
                  num_actions: int, observation_version: int | None = None) -> None:
    """Raise :class:`CheckpointError` unless the checkpoint was trained on this game at this player count."""
    if data["game"] != game or data["num_players"] != num_players:
        raise CheckpointError(f"checkpoint {path} was trained on {data['game']} with {data['num_players']} players; "
                              f"expected {game} with {num_players} players")
    if observation_version is not None and data.get("observation_version") != observation_version:
        raise CheckpointError(
            f"checkpoint {path} was trained on observation layout version {data.get('observation_version')!r} of "
            f"{game}; this {game} has version {observation_version} (retrain, or use a matching hustings)")
    if data["observation_size"] != observation_size or data["num_actions"] != num_actions:
        raise CheckpointError(
            f"checkpoint {path} expects observations of {data['observation_size']} and {data['num_actions']} "
            f"actions; this {game} game has {observation_size} and {num_actions} (game options or observation "
            f"layout changed)")


def policy_from_checkpoint(data: dict) -> NumpyPolicy:
    return NumpyPolicy.from_state_dict(data["policy_state"], data["net"]["activation"])


# --- the torch-free policy file ----------------------------------------------------------------------------------
NPZ_FORMAT = "hustings-policy-npz"
_NPZ_META = ("kind", "game", "num_players", "game_options", "observation_version", "observation_size", "num_actions",
             "net", "num_timesteps")


def save_policy_npz(data: dict, path: str) -> None:
    """Write the actor of checkpoint ``data`` (from :func:`load_checkpoint`) as ``path`` (.npz), atomically."""
    import io
    import json

    meta = {k: data.get(k) for k in _NPZ_META}
    meta.update(format=NPZ_FORMAT, version=VERSION, kind="policy")
    arrays = policy_from_checkpoint(data).to_arrays()
    buf = io.BytesIO()
    np.savez_compressed(buf, meta=np.array(json.dumps(meta, sort_keys=True)),
                        **{f"layer{i}": a for i, a in enumerate(arrays)})
    atomic_write_bytes(buf.getvalue(), path)


def load_policy_npz(path: str) -> tuple[dict, NumpyPolicy]:
    """The metadata and the :class:`NumpyPolicy` of a ``policy.npz``; a bad file raises :class:`CheckpointError`."""
    import json
    import zipfile

    expected = "a policy.npz written by `hustings train` (or a shipped bot's)"
    if not os.path.isfile(path):
        raise CheckpointError(f"policy file {path} does not exist; expected {expected}")
    try:
        with np.load(path, allow_pickle=False) as z:
            meta = json.loads(str(z["meta"]))
            arrays = [z[f"layer{i}"] for i in range(sum(1 for k in z.files if k.startswith("layer")))]
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, json.JSONDecodeError) as exc:
        raise CheckpointError(f"policy file {path} is corrupt ({type(exc).__name__}: {exc}); expected {expected}") \
            from None
    if not isinstance(meta, dict) or meta.get("format") != NPZ_FORMAT:
        raise CheckpointError(f"policy file {path} is not a hustings policy (no format {NPZ_FORMAT!r}); "
                              f"expected {expected}")
    if meta.get("version") != VERSION:
        raise CheckpointError(f"policy file {path} has format version {meta.get('version')!r}; this hustings reads "
                              f"version {VERSION}")
    if not arrays or len(arrays) % 2:
        raise CheckpointError(f"policy file {path} holds {len(arrays)} weight arrays; expected pairs of weight "
                              f"and bias")
    return meta, NumpyPolicy.from_arrays(arrays, meta["net"]["activation"])


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
