"""Trained policies as bots, with NumPy alone: :class:`NumpyPolicy` (an MLP actor), :class:`PolicyBot` (it playing a
seat from the rules state) and the torch-free policy file ``policy.npz`` (:func:`load_policy_npz`).

Every trained bot hustings ships or writes plays through this module, so playing one needs no torch
(:mod:`hustings.onnx_bot` is the same for exported ``.onnx`` files). Writing checkpoints, and reading the torch
ones (``policy.pt``, ``checkpoint.pt``), is :mod:`hustings.training.policy`'s work.
"""
from __future__ import annotations

import os

import numpy as np

from .core.bots import Bot
from .core.rules import HustingsError

#: The version of the checkpoint and ``policy.npz`` formats this hustings reads and writes.
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


# --- the torch-free policy file ----------------------------------------------------------------------------------
NPZ_FORMAT = "hustings-policy-npz"
NPZ_META = ("kind", "game", "num_players", "game_options", "observation_version", "observation_size", "num_actions",
             "net", "num_timesteps")


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


def load_npz_bot(path: str, game, deterministic: bool = True, seed: int | None = None) -> PolicyBot:
    """A :class:`PolicyBot` from a ``policy.npz``, checked against ``game`` (a rules :class:`~hustings.core.rules.Game`)."""
    meta, policy = load_policy_npz(path)
    check_matches(meta, path, game.name, game.num_players, game.observation_size, game.num_actions,
                  type(game).observation_version)
    return PolicyBot(policy, deterministic=deterministic, seed=seed, label=os.path.basename(path))
