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
