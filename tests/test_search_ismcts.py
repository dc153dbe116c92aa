"""The IS-MCTS and PIMC bots: legal moves in every game, deterministic for a seed, SPEC parsing."""
from __future__ import annotations

import random

import pytest

import hustings
from hustings.bench import midgame_states


@pytest.mark.parametrize("game", hustings.games())
@pytest.mark.parametrize("spec", ["ismcts:iters=8", "ismcts:iters=4,rollout=heuristic", "pimc:iters=6"])
def test_search_bots_play_legal_moves_and_repeat_for_a_seed(game, spec):
    rules = hustings.game_module(game).raw_env.game_class(hustings.game_module(game).raw_env.default_players)
    for i, state in enumerate(midgame_states(rules, 3, seed=7)):
        before = state.to_json()
        player = state.current_player()
        moves = [hustings.make_bot(game, spec, seed=i).act(state, player) for _ in range(2)]
        assert moves[0] == moves[1] and state.is_legal(moves[0])
        assert state.to_json() == before  # the search works on sampled worlds, never on the real state


def test_a_forced_move_is_returned_at_once():
    rules = hustings.game_module("democracy").DemocracyGame(2)
    rng = random.Random(0)
    state = rules.new_initial_state(seed=1)
    while len(state.legal_actions()) != 1:
        state._apply(rng.choice(state.legal_actions()))
    assert hustings.make_bot("democracy", "ismcts:iters=100000").act(state, state.current_player()) == \
        state.legal_actions()[0]


@pytest.mark.parametrize("spec, message", [
    ("ismcts:iters=x", "iters='x' is invalid; expected an int >= 1"),
    ("ismcts:foo=1", "unknown key 'foo'"),
    ("ismcts:rollout=magic", "rollout='magic' is invalid"),
])
def test_bad_search_specs_name_the_key(spec, message):
    with pytest.raises(hustings.ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        hustings.make_bot("democracy", spec)


def test_search_specs_work_in_a_tournament():
    from hustings.training.evaluate import tournament

    res = tournament("politrickers", ["ismcts:iters=5", "heuristic", "random"], 3, num_players=3, workers=1,
                     progress=False)
    assert res["games"] == 3 and "ismcts:iters=5" in res["bots"]
