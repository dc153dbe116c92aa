"""The text view (hustings.play.text_view): a seat's text shows only what that seat may see; replies must name legal moves."""
from __future__ import annotations

import json
import random

import pytest

import hustings
from hustings.play.text_view import TextEnv, TextView, UnknownMoveError

# moves into the game where every game has hidden information on the table (Prime Minister's hands come late)
DEPTH = {"democracy": 25, "politix": 25, "politrickers": 25, "prime_minister": 200}


def _positions(game_name: str, count: int = 3):
    game = hustings.game_module(game_name).raw_env.game_class(4)
    for k in range(count):
        rng = random.Random(k)
        state = game.new_initial_state(seed=100 + k)
        for _ in range(DEPTH[game_name] + 7 * k):
            if state.is_terminal():
                break
            state.apply_unchecked(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            yield game, state


@pytest.mark.parametrize("game_name", hustings.games())
def test_a_seats_text_is_unchanged_when_other_seats_hidden_cards_change(game_name):
    """Resample everything seat p cannot see (other hands, deck order): p's text is the same, while the whole
    table, and another seat's text, do change (so the comparison has teeth)."""
    changed_elsewhere = 0
    for game, state in _positions(game_name):
        p = state.current_player()
        for k in range(3):
            world = state.sample_hidden(p, random.Random(k))
            assert TextView(game).text(world, p) == TextView(game).text(state, p)
            assert TextView(game).legal_moves(world) == TextView(game).legal_moves(state)
            others = [q for q in range(game.num_players) if q != p]
            changed_elsewhere += any(TextView(game).text(world, q) != TextView(game).text(state, q) for q in others)
    assert changed_elsewhere > 0, "no sample changed any other seat's view: the test would prove nothing"


def test_text_lists_legal_moves_by_name_only_for_the_seat_to_move():
    game, state = next(_positions("politrickers"))
    p = state.current_player()
    view = TextView(game)
    text = view.text(state, p)
    for i, name in enumerate(view.legal_moves(state), 1):
        assert f"{i}. {name}" in text
    assert "legal moves" not in view.text(state, (p + 1) % 4)
    assert f"You are P{p}" in text


def test_events_are_shown_once_and_only_as_the_seat_saw_them():
    env = hustings.make("politrickers", num_players=4)
    tenv = TextEnv(env)
    tenv.reset(seed=4)
    first = tenv.observe_text()
    rng = random.Random(0)
    for _ in range(6):
        tenv.step_text(rng.choice(tenv.observe_text()["legal_moves"]))
    seat = first["seat"]
    state = env.game_state
    view = tenv.view
    seen = view.text(state, seat)
    assert "Since your last move:" in seen
    assert "Since your last move:" not in view.text(state, seat)  # shown once
    for event in state.events(seat):
        assert "private" not in event


def test_replies_name_legal_moves_or_are_refused_untouched():
    env = TextEnv(hustings.make("politix", num_players=4))
    env.reset(seed=2)
    obs = env.observe_text()
    name = obs["legal_moves"][0]
    before = json.dumps(env.game_state.to_json(), sort_keys=True)
    for bad in ("", "fly to the moon", str(len(obs["legal_moves"]) + 1), "0", None):
        with pytest.raises(UnknownMoveError, match="names no legal move"):
            env.step_text(bad)
        assert json.dumps(env.game_state.to_json(), sort_keys=True) == before
    view, state = env.view, env.game_state
    assert view.parse(state, f"  `{name.upper()}`. ") == view.legal_moves(state)[name]
    assert view.parse(state, "1") == view.legal_moves(state)[name]
    action = env.step_text(name)
    assert env.game.action_name(action) == name
    assert json.dumps(env.game_state.to_json(), sort_keys=True) != before
