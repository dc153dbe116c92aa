"""Game records (save, re-simulate, reject a wrong one) and interactive play, for every registered game."""
from __future__ import annotations

import copy
import json

import pytest

import hustings
from hustings import records
from hustings.play import play_game, play_interactive
from hustings.records import RecordError, Recorder


def reader(answers):
    """Like ``input``: the next answer, then ``EOFError`` when there are no more."""
    it = iter(answers)

    def read(prompt):
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None
    return read


def recorded_game(game_name: str, seed: int = 4):
    module = hustings.game_module(game_name)
    game = module.raw_env.game_class(module.raw_env.default_players)
    rec = Recorder(game, seed, players=["heuristic"] * game.num_players)
    bots = [hustings.make_bot(game_name, "heuristic", seed=i) for i in range(game.num_players)]
    final = play_game(game, bots, seed=seed, on_action=lambda s, p, a: rec.add(p, a))
    return rec.record(final), final


@pytest.mark.parametrize("game_name", hustings.games())
def test_a_record_re_simulates_exactly(game_name, tmp_path):
    record, final = recorded_game(game_name)
    path = tmp_path / "game.json"
    records.save(record, str(path))
    loaded = records.load(str(path))
    assert loaded == json.loads(json.dumps(record))
    replayed = records.replay(loaded)
    assert replayed.to_json() == final.to_json()
    assert loaded["moves"][0]["name"] == replayed.game.action_name(loaded["moves"][0]["action"])


def test_a_record_that_breaks_the_rules_is_rejected_naming_the_first_bad_move():
    record, _ = recorded_game("democracy")
    bad = copy.deepcopy(record)
    move = bad["moves"][5]
    hand_not_held = next(a for a in range(49) if a not in _legal_at(record, 5))
    move["action"] = hand_not_held
    move["name"] = "play " + hustings.democracy.card_name(hand_not_held)
    with pytest.raises(RecordError, match=r"move 6 of \d+: action .* is not legal"):
        records.replay(bad)
    wrong_player = copy.deepcopy(record)
    wrong_player["moves"][3]["player"] = (wrong_player["moves"][3]["player"] + 1) % 4
    with pytest.raises(RecordError, match="move 4 .* player"):
        records.replay(wrong_player)
    wrong_name = copy.deepcopy(record)
    wrong_name["moves"][0]["name"] = "play the trump card"
    with pytest.raises(RecordError, match="move 1 .* record says"):
        records.replay(wrong_name)
    wrong_result = copy.deepcopy(record)
    wrong_result["result"]["winners"] = [9]
    with pytest.raises(RecordError, match="result"):
        records.replay(wrong_result)


def _legal_at(record, index):
    out = {}

    def grab(state, i, move):
        if i == index:
            out["legal"] = state.legal_actions()
    records.replay(record, on_move=grab)
    return out["legal"]


def test_malformed_records_are_clear_errors(tmp_path):
    with pytest.raises(RecordError, match="format"):
        records.replay({"moves": []})
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        records.load(str(path))
    with pytest.raises(RecordError, match="does not exist"):
        records.load(str(tmp_path / "missing.json"))


@pytest.mark.parametrize("game_name", hustings.games())
def test_interactive_play_lists_moves_rejects_bad_input_and_finishes(game_name):
    module = hustings.game_module(game_name)
    game = module.raw_env.game_class(module.raw_env.default_players)
    bots = [None] + [hustings.make_bot(game_name, "random", seed=i) for i in range(1, game.num_players)]
    shown = []
    final = play_interactive(game, 0, bots, seed=2, read=reader(["", "banana", "0"] + ["1"] * 5000),
                             write=shown.append)
    assert final is not None and final.is_terminal()
    text = "\n".join(shown)
    assert "[1] " in text and "'banana' is not one of your moves" in text and "Result:" in text
    assert "'0' is not one of your moves" in text


def test_interactive_play_accepts_names_and_stops_at_end_of_input():
    game = hustings.democracy.DemocracyGame(2)
    state = game.new_initial_state(seed=9)
    first = game.action_name(state.legal_actions()[-1])
    made = []
    result = play_interactive(game, state.current_player(), [hustings.make_bot("democracy", "random", seed=1)] * 2,
                              seed=9, read=reader([first.upper()]), write=lambda s: None,
                              on_action=lambda s, p, a: made.append(game.action_name(a)))
    assert result is None and made[0] == first  # the name was accepted, then input ran out
