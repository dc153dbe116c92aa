"""Game records (save, re-simulate, reject a wrong one) and interactive play, for every registered game."""
from __future__ import annotations

import copy
import json

import pytest

import hustings
from hustings.play import records
from hustings.play import play_game, play_interactive
from hustings.play.records import RecordError, Recorder


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


# --- moves checked by their id; errors name the action from its id --------------------------------------------
def test_a_move_without_name_is_checked_by_its_id_and_errors_name_the_id_not_the_records_text():
    record, final = recorded_game("democracy")
    game = final.game
    nameless = copy.deepcopy(record)
    for move in nameless["moves"]:
        del move["name"]
    assert records.replay(nameless).to_json() == final.to_json()  # the ids alone replay the game

    legal = _legal_at(record, 5)
    illegal = next(a for a in range(game.num_actions) if a not in legal)
    lying = copy.deepcopy(record)
    lying["moves"][5].update(action=illegal, name=game.action_name(legal[0]))  # text of a legal move
    with pytest.raises(RecordError) as info:
        records.replay(lying)
    message = str(info.value)
    assert f"move 6 of {len(record['moves'])}: action {illegal} ({game.action_name(illegal)}) is not legal" in message
    assert "expected one of: " + f"{legal[0]} ({game.action_name(legal[0])})" in message

    no_name = copy.deepcopy(nameless)
    no_name["moves"][5]["action"] = illegal
    with pytest.raises(RecordError, match=rf"move 6 .*\({game.action_name(illegal)}\) is not legal"):
        records.replay(no_name)


@pytest.mark.parametrize("action, says", [("3", "not an action id"), (True, "not an action id"),
                                          (2.0, "not an action id"), (-1, "no such action"),
                                          (999, "no such action")])
def test_an_action_that_is_no_id_is_a_record_error(action, says):
    record, _ = recorded_game("democracy")
    record["moves"][2]["action"] = action
    record["moves"][2].pop("name")
    with pytest.raises(RecordError, match=rf"move 3 of \d+: action .* \({says}; expected .*0\.\.48\) is not legal"):
        records.replay(record)


def test_a_finished_record_cut_short_is_refused_saying_what_was_expected():
    record, _ = recorded_game("politrickers")
    short = copy.deepcopy(record)
    short["moves"] = short["moves"][:-1]
    with pytest.raises(RecordError, match=r"not over after the record's \d+ moves \(player \d is to move\).*"
                                          r"expected the moves to play the game to its end, or \"finished\": false"):
        records.replay(short)
    short["finished"] = False
    del short["result"]
    assert not records.replay(short).is_terminal()  # said unfinished: accepted
    extra = copy.deepcopy(record)
    extra["moves"].append(dict(extra["moves"][-1]))
    with pytest.raises(RecordError, match=rf"move {len(extra['moves'])} of .* after the end of the game"):
        records.replay(extra)


# --- events: kept in records, shown by replay --------------------------------------------------------------------
TEST_EVENT = "test_ping"


@pytest.fixture
def pinging_democracy(monkeypatch):
    """Democracy made to record an event after every move: public ``by`` and ``move`` (a move count), and a private
    ``secret`` only the mover sees, worded by the game's ``describe_event``."""
    from hustings.democracy.rules import DemocracyGame, DemocracyState

    apply = DemocracyState.apply_unchecked

    def apply_unchecked(self, action):
        player = self.current_player()
        apply(self, action)
        self.pings = getattr(self, "pings", 0) + 1
        self._event(TEST_EVENT, by=player, move=self.pings, private={player: {"secret": f"s{player}m{self.pings}"}})

    describe = DemocracyGame.describe_event

    def describe_event(self, event):
        if event["type"] == TEST_EVENT:
            return f"PING by P{event['by']} at move {event['move']}" + (
                f" secret {event['secret']}" if "secret" in event else "")
        return describe(self, event)

    monkeypatch.setattr(DemocracyState, "apply_unchecked", apply_unchecked)
    monkeypatch.setattr(DemocracyGame, "describe_event", describe_event)


def _pings(events):
    return [e for e in events if e[0]["type"] == TEST_EVENT] if events and isinstance(events[0], list) else \
        [e for e in events if e["type"] == TEST_EVENT]


def test_records_keep_the_games_event_log(pinging_democracy, tmp_path):
    record, final = recorded_game("democracy")
    assert record["events"] == final.events_to_json()
    pings = _pings(record["events"])
    assert len(pings) == len(record["moves"])
    first = record["moves"][0]["player"]
    assert pings[0] == [{"type": TEST_EVENT, "by": first, "move": 1}, {str(first): {"secret": f"s{first}m1"}}]
    path = tmp_path / "game.json"
    records.save(record, str(path))
    loaded = records.load(str(path))
    assert loaded["events"] == record["events"]
    assert records.replay(loaded).events_to_json() == loaded["events"]  # the re-simulation records the same
    # an unfinished record keeps the events so far; a record without events (older ones) still replays
    game = final.game
    rec = Recorder(game, 4)
    state = game.new_initial_state(seed=4)
    for move in record["moves"][:5]:
        rec.add(move["player"], move["action"])
        state.apply_action(move["action"])
    part = rec.record(state)
    assert part["finished"] is False and len(_pings(part["events"])) == 5
    del loaded["events"]
    assert records.replay(loaded).is_terminal()


def test_malformed_record_events_are_refused(pinging_democracy):
    record, _ = recorded_game("democracy")
    for bad in ("nope", [["trick", None]], [[{"type": TEST_EVENT}, {"9": {"x": 1}}]]):
        broken = copy.deepcopy(record)
        broken["events"] = bad
        with pytest.raises(RecordError, match="record 'events' is malformed"):
            records.replay(broken)


def test_replay_shows_each_moves_events_as_they_happen_and_only_what_the_seat_sees(pinging_democracy, tmp_path,
                                                                                capsys):
    from hustings.cli import main

    record, _ = recorded_game("democracy")
    path = tmp_path / "game.json"
    records.save(record, str(path))
    moves = record["moves"]

    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    for i in (0, 1, len(moves) - 1):  # each event right after its move's line
        p = moves[i]["player"]
        at = lines.index(next(line for line in lines if line.startswith(f"  move {i + 1}: ")))
        end = next((j for j in range(at + 1, len(lines)) if lines[j].startswith("  move ")), len(lines))
        following = [line for line in lines[at + 1:end] if line.startswith("    > ")]
        assert f"    > PING by P{p} at move {i + 1}" in following, lines[at:end]
        assert f"    >   P{p} alone sees: secret=s{p}m{i + 1}" in following  # omniscient: every private field

    assert main(["replay", str(path), "--seat", "1"]) == 0
    seen = capsys.readouterr().out
    assert seen.count("PING by P") == len(moves)
    mine = [i for i, m in enumerate(moves) if m["player"] == 1]
    others = [i for i, m in enumerate(moves) if m["player"] != 1]
    assert f"PING by P1 at move {mine[0] + 1} secret s1m{mine[0] + 1}" in seen
    assert f"at move {others[0] + 1} secret" not in seen and "alone sees" not in seen
    assert "secret s0" not in seen and "secret s2" not in seen and "secret s3" not in seen

    assert main(["replay", str(path), "--seat", "7"]) == 2
    assert "error: --seat 7 does not exist in this 4-player game; expected 0..3" in capsys.readouterr().err


@pytest.mark.parametrize("game_name,change", [
    ("democracy", {"max_islands": 39}),
    ("prime_minister", {"alternate_vote_tracker": True}),
    ("prime_minister", {"max_rounds": 49}),
])
def test_a_record_whose_config_was_changed_does_not_replay_as_exact(game_name, change):
    """A variant option that leaves this game's moves legal and its result the same is still not the game that was
    recorded: the record's setup hash covers its config."""
    record, _ = recorded_game(game_name)
    records.replay(record)
    edited = copy.deepcopy(record)
    edited["config"].update(change)
    with pytest.raises(RecordError, match="config, seed or deal does not match its setup_sha256"):
        records.replay(edited)


def test_a_record_of_an_older_version_replays_unchecked_by_a_hash():
    record, _ = recorded_game("politix")
    old = {k: v for k, v in record.items() if k != "setup_sha256"}
    old["version"] = 2
    assert records.replay(old).is_terminal()
