"""A bot that plays an exported ONNX policy with onnxruntime alone (no torch, no stable-baselines3).

    pip install -e ".[onnx]"
    bot = OnnxBot("exported/democracy/policy.onnx")
    action = bot.act(state, player)        # any hustings rules state of the game it was trained on

The JSON sidecar beside the model (``policy.json``) says which game, player count and observation layout the
policy expects; a mismatch is a clear error.
"""
from __future__ import annotations

import os

import numpy as np

from ..core.bots import Bot
from ..core.files import read_json
from ..errors import OnnxPolicyError

SIDECAR_FORMAT = "hustings-onnx-policy"
MASKED_LOGIT = -1e8  # the logit of an illegal action (as sb3-contrib's masking)


SIDECAR_VERSION = 1
ACTIVATIONS = ("tanh", "relu")


def _is_count(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


def check_sidecar(meta: dict, where: str) -> None:
    """Raise :class:`OnnxPolicyError` naming the field unless the sidecar ``meta`` says everything a bot needs, with
    the types ``hustings export`` writes, and declares the model's inputs and outputs as they must be."""
    def fail(field, expected):
        raise OnnxPolicyError(f"{where}: {field} is {meta.get(field)!r}; expected {expected}")

    if meta.get("version") != SIDECAR_VERSION:
        fail("version", f"{SIDECAR_VERSION} (this hustings reads sidecar version {SIDECAR_VERSION})")
    if not isinstance(meta.get("game"), str):
        fail("game", "a game's name")
    for field in ("num_players", "observation_size", "num_actions", "observation_version"):
        if not _is_count(meta.get(field)):
            fail(field, "a whole number > 0")
    if meta.get("activation") not in ACTIVATIONS:
        fail("activation", " or ".join(ACTIVATIONS))
    obs, acts = meta["observation_size"], meta["num_actions"]
    inputs = {"observation": ["float32", ["batch", obs]], "action_mask": ["int8", ["batch", acts]]}
    outputs = {"action": ["int64", ["batch"]], "probabilities": ["float32", ["batch", acts]]}
    if meta.get("inputs") != inputs:
        fail("inputs", inputs)
    if meta.get("outputs") != outputs:
        fail("outputs", outputs)


def check_model(session, meta: dict, where: str) -> None:
    """Raise :class:`OnnxPolicyError` unless the ONNX model takes and gives what its sidecar declares."""
    def shape_of(arg) -> list:
        return [d if isinstance(d, int) else "batch" for d in arg.shape]

    got_in = {a.name: shape_of(a) for a in session.get_inputs()}
    got_out = {a.name: shape_of(a) for a in session.get_outputs()}
    want_in = {k: v[1] for k, v in meta["inputs"].items()}
    want_out = {k: v[1] for k, v in meta["outputs"].items()}
    if got_in != want_in or got_out != want_out:
        raise OnnxPolicyError(f"{where}: the model takes {got_in} and gives {got_out}; its sidecar declares "
                              f"{want_in} and {want_out} (a model and a sidecar from different exports?)")


class OnnxBot(Bot):
    """Greedy (or sampled) play of an exported policy."""

    name = "onnx"

    def __init__(self, path: str, deterministic: bool = True, seed: int | None = None):
        super().__init__(seed)
        try:
            import onnxruntime
        except ImportError:
            raise OnnxPolicyError("OnnxBot needs onnxruntime: pip install 'hustings[onnx]'") from None
        sidecar_path = os.path.splitext(path)[0] + ".json"
        for p in (path, sidecar_path):
            if not os.path.isfile(p):
                raise OnnxPolicyError(f"{p} does not exist; expected an export of `hustings export` "
                                      f"(policy.onnx with policy.json beside it)")
        self.meta = read_json(sidecar_path, OnnxPolicyError, sidecar_path,
                              "the policy.json that `hustings export` writes beside policy.onnx")
        if not isinstance(self.meta, dict) or self.meta.get("format") != SIDECAR_FORMAT:
            raise OnnxPolicyError(f"{sidecar_path} is not a hustings policy sidecar (format {SIDECAR_FORMAT!r})")
        check_sidecar(self.meta, sidecar_path)
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        try:
            self.session = onnxruntime.InferenceSession(path, options, providers=["CPUExecutionProvider"])
        except Exception as exc:  # onnxruntime raises its own exception types for damaged files
            raise OnnxPolicyError(f"{path} is not a loadable ONNX model ({type(exc).__name__}: {exc})") from None
        check_model(self.session, self.meta, path)
        self.deterministic = deterministic
        self.np_rng = np.random.default_rng(seed)
        self.label = os.path.basename(os.path.dirname(os.path.abspath(path))) or "onnx"
        self._checked_game = None

    def reset(self, seed: int | None = None) -> None:
        super().reset(seed)
        if seed is not None:
            self.np_rng = np.random.default_rng(seed)

    def check_game(self, game) -> None:
        """Raise :class:`OnnxPolicyError` unless the policy was trained on this game configuration."""
        m = self.meta
        if m["observation_version"] != type(game).observation_version:
            raise OnnxPolicyError(f"the policy was trained on observation layout version {m['observation_version']} "
                                  f"of {m['game']}; this {game.name} has version {type(game).observation_version} "
                                  f"(export again from a matching training, or use a matching hustings)")
        if (m["game"], m["num_players"]) != (game.name, game.num_players):
            raise OnnxPolicyError(f"the policy plays {m['game']} with {m['num_players']} players; this game is "
                                  f"{game.name} with {game.num_players}")
        if (m["observation_size"], m["num_actions"]) != (game.observation_size, game.num_actions):
            raise OnnxPolicyError(f"the policy expects observations of {m['observation_size']} and "
                                  f"{m['num_actions']} actions; this game has {game.observation_size} and "
                                  f"{game.num_actions}")
        self._checked_game = game

    def predict(self, observations: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Batched: ``(actions [batch], probabilities [batch, n_actions])``."""
        action, probs = self.session.run(None, {"observation": np.asarray(observations, dtype=np.float32),
                                                "action_mask": np.asarray(masks, dtype=np.int8)})
        return action, probs

    def act(self, state, player: int) -> int:
        if self._checked_game is not state.game:
            self.check_game(state.game)
        mask = state.legal_mask()
        action, probs = self.predict(state.observation(player)[None], mask[None])
        p = probs[0].astype(np.float64)
        if not np.isfinite(p).all() or p.sum() <= 0:
            raise OnnxPolicyError(f"{self.label}: the model's probabilities are not finite (inf or NaN) for this "
                                  f"observation; expected an exported policy whose outputs stay finite")
        if self.deterministic:
            chosen = int(action[0])
        else:
            chosen = int(self.np_rng.choice(len(p), p=p / p.sum()))
        if not (0 <= chosen < len(mask)) or not mask[chosen]:  # a bot never plays an illegal action
            raise OnnxPolicyError(f"{self.label}: the model chose action {chosen}, which is not legal here; expected "
                                  f"a policy exported by hustings export (it masks illegal actions)")
        return chosen

    def __repr__(self) -> str:
        return f"OnnxBot({self.label!r})"
