"""Trained policies as bots, with NumPy alone: :class:`NumpyPolicy` (an MLP actor), :class:`PolicyBot` (it playing a
seat from the rules state) and the torch-free policy file ``policy.npz`` (:func:`load_policy_npz`).

Every trained bot hustings ships or writes plays through this module, so playing one needs no torch
(:mod:`hustings.bots.onnx` is the same for exported ``.onnx`` files). The torch checkpoints (``policy.pt``,
``checkpoint.pt``) are read here too, with torch imported only then; writing them is
:mod:`hustings.training.policy`'s work. One envelope check (:func:`check_envelope`: format, version, content hash)
serves every policy file.

Every policy file is checked before it plays, with :class:`CheckpointError` (also ``hustings.CheckpointError``)
naming what is wrong and what was expected: its content hash (``"sha256"``, :func:`content_sha256` over the
tensors and metadata, stored at save; files written before hustings stored one load without that check), each of
the actor's tensors present with the shape its ``net_arch``, observation size and action count imply, finite
weights, and a known activation (:data:`ACTIVATIONS`).
"""
from __future__ import annotations

import hashlib
import os

import numpy as np

from ..core.bots import Bot
from ..core.files import parse_json
from ..errors import CheckpointError

#: The version of the checkpoint and ``policy.npz`` formats this hustings reads and writes.
VERSION = 1
#: The hidden-layer activations a policy may use (``ppo.activation`` in the training configs).
ACTIVATIONS = ("tanh", "relu")


# --- integrity: the content hash and the actor's tensors -----------------------------------------------------------
def content_sha256(obj) -> str:
    """A SHA-256 of ``obj``'s content: nested dicts, lists, tensors/arrays (dtype, shape and bytes), numbers,
    strings. What a checkpoint stores under ``"sha256"`` (over everything else in it) to catch corruption; the
    same content hashes the same whether it is a torch tensor or a NumPy array, a tuple or a list."""
    h = hashlib.sha256()
    _feed(h, obj)
    return h.hexdigest()


def _feed(h, obj) -> None:
    """Feed ``obj`` to ``h`` in pre-order (a container's header, then its items in order; a dict's keys sorted),
    with a stack of its own instead of recursion: however deeply a file's content nests, hashing it cannot raise
    ``RecursionError``."""
    def put(tag: bytes, payload: bytes) -> None:
        h.update(tag + len(payload).to_bytes(8, "little") + payload)

    stack = [obj]
    while stack:
        x = stack.pop()
        if hasattr(x, "detach") and hasattr(x, "numpy"):  # a torch tensor (torch itself is not imported here)
            x = x.detach().cpu()
            try:
                x = x.numpy()
            except TypeError:  # a dtype NumPy lacks (bfloat16): its float32 values are exact
                x = x.float().numpy()
        if isinstance(x, dict):
            put(b"d", str(len(x)).encode())
            for key in reversed(sorted(x, key=lambda k: (type(k).__name__, str(k)))):
                stack += (x[key], key)  # popped key first, then its value
        elif isinstance(x, (list, tuple)):
            put(b"l", str(len(x)).encode())
            stack.extend(reversed(x))
        else:
            _feed_leaf(put, x)


def _feed_leaf(put, x) -> None:
    if isinstance(x, np.ndarray):
        arr = np.ascontiguousarray(x)
        put(b"a", f"{arr.dtype.str}{arr.shape}".encode() + b"|" + arr.tobytes())
    elif isinstance(x, (bool, np.bool_)):
        put(b"b", b"1" if x else b"0")
    elif isinstance(x, (int, np.integer)):
        put(b"i", str(int(x)).encode())
    elif isinstance(x, (float, np.floating)):
        put(b"f", float(x).hex().encode())
    elif isinstance(x, str):
        put(b"s", x.encode("utf-8"))
    elif isinstance(x, bytes):
        put(b"y", x)
    elif x is None:
        put(b"n", b"")
    else:
        put(b"r", repr(x).encode("utf-8"))


def verify_sha256(content, stored, what: str) -> None:
    """Raise :class:`CheckpointError` unless ``content`` hashes to ``stored`` (the hash the file holds); a file
    without one (``stored`` None: written before hustings stored hashes) is accepted as it is."""
    if stored is None:
        return
    if not isinstance(stored, str) or len(stored) != 64:
        raise CheckpointError(f"{what} has a malformed content hash {stored!r}; expected 64 hex digits (sha256)")
    actual = content_sha256(content)
    if actual != stored:
        raise CheckpointError(f"{what} is corrupt: its content does not match the sha256 stored in it (stored "
                              f"{stored[:16]}..., content {actual[:16]}...); expected an intact file (copy it "
                              f"again, or train it again)")


def check_envelope(data, what: str, file_format: str, kind: str, expected: str, content) -> None:
    """The checks every hustings policy file gets first, whatever it holds (``policy.npz``, ``policy.pt``): it
    is a dict of format ``file_format`` and this hustings' :data:`VERSION`, and ``content`` (what its ``"sha256"``
    covers) matches that hash. Raises :class:`CheckpointError` naming ``what`` and what was ``expected``."""
    if not isinstance(data, dict) or data.get("format") != file_format:
        raise CheckpointError(f"{what} is not {kind} (no format {file_format!r}); expected {expected}")
    if data.get("version") != VERSION:
        raise CheckpointError(f"{what} has format version {data.get('version')!r}; this hustings reads "
                              f"version {VERSION}")
    verify_sha256(content, data.get("sha256"), what)  # before the rest: corruption is the likelier cause


def check_net(net, what: str) -> tuple[list[int], str]:
    """The ``(net_arch, activation)`` of a checkpoint's ``"net"`` entry, checked (:class:`CheckpointError`)."""
    if not isinstance(net, dict):
        raise CheckpointError(f"{what}: 'net' is {net!r}; expected {{'net_arch': [widths], 'activation': ...}}")
    arch, activation = net.get("net_arch"), net.get("activation")
    if (not isinstance(arch, (list, tuple)) or not arch
            or not all(isinstance(w, int) and not isinstance(w, bool) and w > 0 for w in arch)):
        raise CheckpointError(f"{what}: net_arch {arch!r} is invalid; expected a non-empty list of layer widths "
                              f"(ints > 0)")
    check_activation(activation, what)
    return list(arch), activation


def check_activation(activation, what: str = "policy") -> None:
    """A ``CheckpointError`` naming ``what`` unless ``activation`` is one the NumPy policy computes."""
    if activation not in ACTIVATIONS:
        raise CheckpointError(f"{what}: activation {activation!r} is unknown; expected one of "
                              f"{', '.join(repr(a) for a in ACTIVATIONS)}")


def actor_shapes(net_arch: list[int], observation_size: int, num_actions: int) -> list[tuple[int, ...]]:
    """The shapes of the actor's ``[W1, b1, ..., W_out, b_out]`` (W in PyTorch's out x in orientation)."""
    shapes, prev = [], observation_size
    for width in list(net_arch) + [num_actions]:
        shapes += [(width, prev), (width,)]
        prev = width
    return shapes


def _size(value, key: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value <= 0:
        raise CheckpointError(f"{what}: {key} is {value!r}; expected an int > 0")
    return int(value)


def check_actor(tensors: dict, names: list[str], meta: dict, what: str) -> list:
    """The actor's arrays ``tensors[name]`` for ``names`` (in ``[W1, b1, ...]`` order), checked against the
    shapes ``meta`` (a checkpoint's ``net``, ``observation_size`` and ``num_actions``) implies: a missing tensor,
    a wrong shape or a non-finite value raises :class:`CheckpointError` naming the tensor and what was expected."""
    arch, _ = check_net(meta.get("net"), what)
    obs, acts = (_size(meta.get("observation_size"), "observation_size", what),
                 _size(meta.get("num_actions"), "num_actions", what))
    shapes = actor_shapes(arch, obs, acts)
    if len(names) != len(shapes):  # a caller's bug, not the file's
        raise ValueError(f"{len(names)} tensor names for {len(shapes)} tensors")
    why = f"net_arch {arch}, observation size {obs}, {acts} actions"
    out = []
    for name, shape in zip(names, shapes):
        if name not in tensors:
            raise CheckpointError(f"{what} has no tensor {name!r}; expected one of shape {shape} ({why})")
        t = tensors[name]
        arr = t.detach().cpu().numpy() if hasattr(t, "detach") else np.asarray(t)
        if tuple(arr.shape) != shape:
            raise CheckpointError(f"{what}: tensor {name!r} has shape {tuple(arr.shape)}; expected {shape} ({why})")
        if not np.issubdtype(arr.dtype, np.floating):
            raise CheckpointError(f"{what}: tensor {name!r} has dtype {arr.dtype}; expected floating point")
        if not np.isfinite(arr).all():
            raise CheckpointError(f"{what}: tensor {name!r} holds NaN or infinite values; expected finite weights")
        out.append(arr)
    return out


# --- NumPy inference --------------------------------------------------------------------------------------------
class NumpyPolicy:
    """The actor of an SB3 ``MaskableActorCriticPolicy`` (MLP) as NumPy: hidden layers, then the action logits."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], activation: str):
        check_activation(activation)  # an unknown one would otherwise play as something else
        # Stored transposed and contiguous: x @ W is the fast orientation for one row.
        self.layers = [(np.ascontiguousarray(w.T, dtype=np.float32), np.asarray(b, dtype=np.float32))
                       for w, b in layers]
        for i, (w, b) in enumerate(self.layers):
            fits = i == 0 or w.shape[0] == self.layers[i - 1][0].shape[1]
            if w.ndim != 2 or b.shape != (w.shape[1],) or not fits:
                raise CheckpointError(f"policy layer {i}: weight {w.T.shape} and bias {b.shape} do not fit together "
                                      f"or with the layer before; expected weight (out, in), bias (out,)")
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
        """The policy from ``[W1, b1, ..., W_out, b_out]`` (NumPy arrays or torch tensors, torch's out x in
        layout), as :meth:`to_arrays` writes them."""
        arrays = [a.detach().cpu().numpy() if hasattr(a, "detach") else np.asarray(a) for a in arrays]
        return cls(list(zip(arrays[0::2], arrays[1::2])), activation)

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """The actor's unmasked logits for ``obs`` (one observation or a batch)."""
        x = obs
        last = len(self.layers) - 1
        with np.errstate(over="ignore", invalid="ignore"):  # overflow shows as inf/NaN, which act() refuses
            for i, (w, b) in enumerate(self.layers):
                x = x @ w + b
                if i < last:
                    x = np.tanh(x) if self.activation == "tanh" else np.maximum(x, 0.0)
        return x

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None) -> int:
        """Argmax of the masked logits, or a sample from the masked softmax when ``rng`` is given. Logits that are
        not finite (weights so large that the sums overflow) are a :class:`CheckpointError`, never a guess: a bot
        never plays an illegal action."""
        logits = self.logits(obs).astype(np.float64)
        legal = mask != 0
        if not np.isfinite(logits[legal]).all():
            raise CheckpointError("the policy's outputs are not finite (inf or NaN) for this observation: its "
                                  "weights overflow; expected a trained policy whose outputs stay finite")
        logits[~legal] = -np.inf
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
        try:
            return self.policy.act(state.observation(player), state.legal_mask(),
                                   None if self.deterministic else self.np_rng)
        except CheckpointError as exc:
            raise CheckpointError(f"{self.label}: {exc}") from None

    def __repr__(self) -> str:
        return f"PolicyBot({self.label!r})"


# --- the torch-free policy file ----------------------------------------------------------------------------------
NPZ_FORMAT = "hustings-policy-npz"
NPZ_META = ("kind", "game", "num_players", "game_options", "observation_version", "observation_size", "num_actions",
             "net", "num_timesteps")
#: What a policy file must tell to be checked against a table.
NPZ_REQUIRED = ("game", "num_players", "observation_size", "num_actions", "net")


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


def sb3_actor_names(net_arch: list[int]) -> list[str]:
    """The actor's tensor names in an SB3 ``MaskableActorCriticPolicy`` state dict, ``[W1, b1, ..., W_out, b_out]``
    (``mlp_extractor.policy_net`` is a ``Sequential`` of Linear, activation, Linear, ...: Linear at even indices)."""
    names = []
    for i in range(len(net_arch)):
        names += [f"mlp_extractor.policy_net.{2 * i}.weight", f"mlp_extractor.policy_net.{2 * i}.bias"]
    return names + ["action_net.weight", "action_net.bias"]


def npz_names(meta: dict) -> list[str]:
    """The array names of a ``policy.npz``'s actor, ``layer0`` (W1), ``layer1`` (b1), ... for its ``net``."""
    arch, _ = check_net(meta.get("net"), "policy file")
    return [f"layer{i}" for i in range(2 * (len(arch) + 1))]


def npz_content(meta: dict, arrays: dict) -> dict:
    """What a ``policy.npz``'s ``"sha256"`` covers: its metadata (less the hash) and its arrays (name -> array)."""
    return {"meta": {k: v for k, v in meta.items() if k != "sha256"}, "arrays": dict(arrays)}


def _npz_problem(path: str, exc: Exception) -> str:
    """What is wrong with an ``.npz`` that ``np.load`` refused, in words that fit a policy file (numpy's own advice
    for a file that is no zip archive is to load it with pickle, which a policy file never needs)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4)
    except OSError as err:
        return f"unreadable: {err.strerror or err}"
    if not head.startswith(b"PK"):
        return f"not a .npz (zip) archive: it starts with {head!r}" if head else "an empty file"
    if isinstance(exc, ValueError) and "pickle" in str(exc):
        return "it holds pickled (object) arrays, which a policy file never has"
    return f"{type(exc).__name__}: {exc}"


def load_policy_npz(path: str) -> tuple[dict, NumpyPolicy]:
    """The metadata and the :class:`NumpyPolicy` of a ``policy.npz``; a bad file raises :class:`CheckpointError`
    (missing, unreadable, corrupt: its content hash does not match; a missing array or a wrong shape, named; an
    unknown activation). Files written before hustings stored a content hash load unchecked by it."""
    import zipfile

    expected = "a policy.npz written by `hustings train` (or a shipped bot's)"
    if not os.path.isfile(path):
        raise CheckpointError(f"policy file {path} does not exist; expected {expected}")
    try:
        with np.load(path, allow_pickle=False) as z:
            meta = parse_json(str(z["meta"]), CheckpointError, f"policy file {path}: its metadata", expected)
            stored = {k: z[k] for k in z.files if k.startswith("layer")}
    except CheckpointError:
        raise
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as exc:
        raise CheckpointError(f"policy file {path} is corrupt ({_npz_problem(path, exc)}); expected {expected}") \
            from None
    what = f"policy file {path}"
    if not isinstance(meta, dict):
        raise CheckpointError(f"{what}: its metadata is a {type(meta).__name__}; expected an object ({expected})")
    check_envelope(meta, what, NPZ_FORMAT, "a hustings policy", expected, npz_content(meta, stored))
    missing = [k for k in NPZ_REQUIRED if k not in meta]
    if missing:
        raise CheckpointError(f"{what} is incomplete: its metadata lacks {', '.join(missing)}; expected {expected}")
    check_net(meta.get("net"), what)
    names = npz_names(meta)
    extra = sorted(set(stored) - set(names))
    if extra:
        raise CheckpointError(f"{what} holds unexpected arrays {', '.join(extra)}; expected {', '.join(names)} "
                              f"for net_arch {meta['net']['net_arch']}")
    arrays = check_actor(stored, names, meta, what)
    return meta, NumpyPolicy.from_arrays(arrays, meta["net"]["activation"])


def load_npz_bot(path: str, game, deterministic: bool = True, seed: int | None = None) -> PolicyBot:
    """A :class:`PolicyBot` from a ``policy.npz``, checked against ``game`` (a rules :class:`~hustings.core.rules.Game`)."""
    meta, policy = load_policy_npz(path)
    check_matches(meta, path, game.name, game.num_players, game.observation_size, game.num_actions,
                  type(game).observation_version)
    return PolicyBot(policy, deterministic=deterministic, seed=seed, label=os.path.basename(path))


# --- torch checkpoints (policy.pt / checkpoint.pt), read with torch --------------------------------------------------
#: The format of a torch checkpoint that ``hustings train`` writes.
CHECKPOINT_FORMAT = "hustings-checkpoint"
_REQUIRED = ("format", "version", "kind", "game", "num_players", "game_options", "observation_size",
             "num_actions", "net", "policy_state")


def load_checkpoint(path: str) -> dict:
    """Load and check a torch checkpoint (needs torch); a missing, unreadable or foreign file raises
    :class:`CheckpointError`."""
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
    what = f"checkpoint {path}"
    if isinstance(data, dict) and data.get("format") == CHECKPOINT_FORMAT and data.get("version") == VERSION:
        missing = [k for k in _REQUIRED if k not in data]
        if missing:
            raise CheckpointError(f"{what} is incomplete (missing {', '.join(missing)}); expected {expected}")
    # Checkpoints written before hustings stored a hash have none: they load as they are.
    check_envelope(data, what, CHECKPOINT_FORMAT, "a hustings checkpoint", expected,
                   {k: v for k, v in data.items() if k != "sha256"} if isinstance(data, dict) else None)
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


def load_policy(path: str, game) -> NumpyPolicy:
    """The policy in ``path`` (a ``.npz`` policy file, or a torch checkpoint: needs torch), checked against rules
    ``game``."""
    if path.endswith(".npz"):
        meta, policy = load_policy_npz(path)
        check_matches(meta, path, game.name, game.num_players, game.observation_size, game.num_actions,
                      type(game).observation_version)
        return policy
    data = load_checkpoint(path)
    check_matches(data, path, game.name, game.num_players, game.observation_size, game.num_actions,
                  type(game).observation_version)
    return policy_from_checkpoint(data)


def shipped_net(game: str, num_players: int | None = None, seed: int | None = None,
                deterministic: bool = True) -> PolicyBot:
    """The net of ``game``'s shipped bot for ``num_players`` seats (default: the default size), alone: what
    ``shipped-net:GAME`` plays, whether or not that size's shipped bot plays with a search."""
    from .. import checkpoints, registry

    rules_game = registry.make_game(game, num_players)
    return load_npz_bot(checkpoints.policy_path(game, num_players), rules_game, deterministic=deterministic,
                        seed=seed)


# --- the critic (value head), for searches that value positions with it ---------------------------------------------
def sb3_critic_names(net_arch: list[int]) -> list[str]:
    """The critic's tensor names in an SB3 ``MaskableActorCriticPolicy`` state dict, ``[W1, b1, ..., W_out, b_out]``
    (``mlp_extractor.value_net`` then ``value_net``, the one-output head), for a critic of the actor's shape."""
    names = []
    for i in range(len(net_arch)):
        names += [f"mlp_extractor.value_net.{2 * i}.weight", f"mlp_extractor.value_net.{2 * i}.bias"]
    return names + ["value_net.weight", "value_net.bias"]


class NumpyCritic:
    """The critic of an SB3 ``MaskableActorCriticPolicy`` (MLP) as NumPy: hidden layers, then one value per row.

    What it estimates is the trainer's: the discounted sum (``ppo.gamma``) of the seat's rewards from that position
    on, the win reward (``returns()`` at the end: +1 for a winner, -1 for every other seat) plus, per score change,
    ``reward.shaping`` times the seat's score change minus the mean change of the others (``reward`` of the
    training config, stored in the checkpoint as ``config``)."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], activation: str):
        check_activation(activation)
        self.layers = [(np.ascontiguousarray(w.T, dtype=np.float32), np.asarray(b, dtype=np.float32))
                       for w, b in layers]
        if self.layers[-1][0].shape[1] != 1:
            raise CheckpointError(f"critic: its last layer has {self.layers[-1][0].shape[1]} outputs; expected 1")
        self.activation = activation

    @classmethod
    def from_arrays(cls, arrays: list, activation: str) -> "NumpyCritic":
        """The critic from ``[W1, b1, ..., W_out, b_out]`` (torch's out x in layout)."""
        arrays = [a.detach().cpu().numpy() if hasattr(a, "detach") else np.asarray(a) for a in arrays]
        return cls(list(zip(arrays[0::2], arrays[1::2])), activation)

    def values(self, obs: np.ndarray) -> np.ndarray:
        """The critic's value of each row of ``obs`` (a batch of observations), as a 1-D array."""
        x = obs
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < last:
                x = np.tanh(x) if self.activation == "tanh" else np.maximum(x, 0.0)
        return x[:, 0]


def critic_from_checkpoint(data: dict, what: str = "checkpoint") -> NumpyCritic:
    """The critic of checkpoint ``data`` (from :func:`load_checkpoint`) as NumPy; a checkpoint whose value head is
    missing or is not an MLP over the observation (a centralised critic) raises :class:`CheckpointError`."""
    arch, activation = check_net(data["net"], what)
    arrays = check_actor(data["policy_state"], sb3_critic_names(arch), {**data, "num_actions": 1},
                         f"{what} (its critic)")
    return NumpyCritic.from_arrays(arrays, activation)


def load_actor_critic(path: str, game) -> tuple[NumpyPolicy, NumpyCritic | None, dict]:
    """The actor, the critic (or ``None`` where there is none) and the training settings (``{"reward": ...,
    "gamma": ...}``, empty where unknown) of the net in ``path``, checked against rules ``game``.

    ``path`` is a torch checkpoint (``checkpoint.pt``, ``policy.pt``: needs torch) or a ``policy.npz``. A
    ``policy.npz`` holds the actor alone: its critic is read from a ``policy.pt`` or ``checkpoint.pt`` beside it whose
    actor is the same net (the shipped folders keep one; a training run's output folder has both); where none
    matches, the critic is ``None``."""
    if not path.endswith(".npz"):
        data = load_checkpoint(path)
        check_matches(data, path, game.name, game.num_players, game.observation_size, game.num_actions,
                      type(game).observation_version)
        return policy_from_checkpoint(data), critic_from_checkpoint(data, f"checkpoint {path}"), _trained(data)
    actor = load_policy(path, game)
    arrays = actor.to_arrays()
    for name in ("policy.pt", "checkpoint.pt"):
        beside = os.path.join(os.path.dirname(path), name)
        if not os.path.isfile(beside):
            continue
        data = load_checkpoint(beside)
        other = policy_from_checkpoint(data).to_arrays()
        if len(other) == len(arrays) and all(np.array_equal(a, b) for a, b in zip(arrays, other)):
            return actor, critic_from_checkpoint(data, f"checkpoint {beside}"), _trained(data)
    return actor, None, {}


def _trained(data: dict) -> dict:
    cfg = data.get("config") if isinstance(data.get("config"), dict) else {}
    out = {}
    if isinstance(cfg.get("reward"), dict):
        out["reward"] = dict(cfg["reward"])
    if isinstance(cfg.get("ppo"), dict) and "gamma" in cfg["ppo"]:
        out["gamma"] = cfg["ppo"]["gamma"]
    return out
