"""``TextEnv.observe_text()`` at the end of a game: a clear end signal, never an empty list of moves alone."""
from __future__ import annotations

import random

import pytest

import hustings
from hustings.play.text_view import TextEnv


@pytest.mark.parametrize("game_name", ["democracy", "politrickers"])
def test_a_finished_game_says_game_over_and_who_won(game_name):
    env = TextEnv(hustings.make(game_name, num_players=3))
    env.reset(seed=5)
    rng = random.Random(0)
    view = env.observe_text()
    moves = 0
    while not view["game_over"]:
        assert view["legal_moves"] and "GAME OVER" not in view["text"]
        env.step_text(rng.choice(view["legal_moves"]))
        view = env.observe_text()
        moves += 1
    assert moves > 10 and view["legal_moves"] == []
    winners = env.game_state.winners()
    assert view["winners"] == list(winners)
    last = view["text"].splitlines()[-1]
    assert last.startswith("GAME OVER") and last.endswith("There are no more moves.")
    for seat in range(3):
        text = env.observe_text(env.possible_agents[seat])["text"]
        assert ("you won" in text) == (seat in winners)
    with pytest.raises(hustings.UnknownMoveError, match="the game is over"):
        env.step_text("1")
