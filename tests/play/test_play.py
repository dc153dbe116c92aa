"""Terminal play (``hustings play`` / :func:`hustings.play.play_interactive`): stopping it, typing moves as the table
shows them, forced moves, other seats' moves (hidden ones hidden), the move list's layout, game options, the version
flag, and unfinished game records."""
from __future__ import annotations

import copy
import json
import os
import select
import signal
import subprocess
import sys
import time

import pytest

import hustings
from hustings.play import records
from hustings.play import (columns, make_game, match_move, move_list, move_seen_by, play_interactive, short_forms)
from hustings.play.records import RecordError, Recorder
from helpers import ROOT



def cli(*args, stdin: str | None = None):
    """Run ``hustings ARGS`` as a real process; returns the finished process (stdout/stderr as text)."""
    return subprocess.run([sys.executable, "-m", "hustings.cli", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=900)


def reader(answers, then=EOFError):
    """Like ``input``: the next answer, then raises ``then`` (EOFError: Ctrl-D; KeyboardInterrupt: Ctrl-C)."""
    it = iter(answers)

    def read(prompt):
        try:
            return next(it)
        except StopIteration:
            raise then from None
    return read


def bots_for(game, seat: int, kind: str = "random"):
    return [None if i == seat else hustings.make_bot(game.name, kind, seed=i) for i in range(game.num_players)]


def watched(game):
    """Make ``game.new_initial_state`` remember the state it makes (``holder["state"]``), so a test's ``read`` can
    look at the table it is asked about."""
    holder, make = {}, game.new_initial_state

    def new_initial_state(*args, **kwargs):
        holder["state"] = make(*args, **kwargs)
        return holder["state"]
    game.new_initial_state = new_initial_state
    return holder


# --- Ctrl-C / Ctrl-D and unfinished records --------------------------------------------------------------------
def test_ctrl_c_leaves_play_interactive_with_every_move_so_far_kept():
    game = make_game("democracy", 4)
    rec = Recorder(game, 5)
    with pytest.raises(KeyboardInterrupt):
        play_interactive(game, 0, bots_for(game, 0), seed=5, read=reader(["1", "1"], then=KeyboardInterrupt),
                         write=lambda s: None, on_action=lambda s, p, a: rec.add(p, a))
    record = rec.record()
    assert record["finished"] is False and "result" not in record and len(record["moves"]) >= 2
    state = records.replay(json.loads(json.dumps(record)))
    assert not state.is_terminal() and state.current_player() == 0  # stopped where the person was asked


def test_ctrl_d_ends_play_interactive_and_the_record_is_unfinished():
    game = make_game("politrickers")
    shown, rec = [], Recorder(game, 3)
    result = play_interactive(game, 1, bots_for(game, 1), seed=3, read=reader(["1"]), write=shown.append,
                              on_action=lambda s, p, a: rec.add(p, a))
    assert result is None and "input ended: game abandoned" in "\n".join(shown)
    assert records.replay(rec.record()).is_terminal() is False


def test_cli_end_of_input_exits_0_keeps_an_unfinished_record_and_replay_says_so(tmp_path):
    path = tmp_path / "game.json"
    proc = cli("play", "democracy", "--players", "3", "--seed", "1", "--record", str(path), stdin="1\n2\n")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr and "input ended" in proc.stdout
    assert "unfinished" in proc.stdout
    data = json.loads(path.read_text())
    assert data["version"] == records.RECORD_VERSION == 3
    assert data["finished"] is False and "result" not in data and data["moves"]
    shown = cli("replay", str(path), "--seat", "0")
    assert shown.returncode == 0 and "the game was not finished" in shown.stdout
    assert f"stops after {len(data['moves'])} moves" in shown.stdout


def _read_until(proc, text: str, count: int = 1, timeout: float = 60) -> str:
    out, deadline = b"", time.monotonic() + timeout
    while out.decode(errors="replace").count(text) < count:
        left = deadline - time.monotonic()
        assert left > 0, f"no {text!r} (x{count}) in time; got:\n{out.decode(errors='replace')}"
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            assert chunk, f"the process ended early:\n{out.decode(errors='replace')}"
            out += chunk
    return out.decode(errors="replace")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_cli_ctrl_c_exits_130_without_a_traceback_and_keeps_the_game_so_far(tmp_path):
    path = tmp_path / "game.json"
    proc = subprocess.Popen([sys.executable, "-m", "hustings.cli", "play", "democracy", "--players", "4",
                             "--seed", "2", "--record", str(path)], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            # a test run started as a shell's background job inherits SIGINT ignored, and Python then
                            # installs no KeyboardInterrupt handler: give the game the default a terminal would
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        _read_until(proc, "your move (")
        proc.stdin.write(b"1\n")
        proc.stdin.flush()
        _read_until(proc, "your move (")  # the second prompt (the first one's text was read already)
        # Ctrl-C at the prompt. A signal that lands between the prompt's output and input()'s read() system call
        # (a window of microseconds, wide on a loaded machine) is only acted on when that read returns: for a
        # person, at their next Enter. So the test waits a little for the read to begin, and if the game is still
        # waiting after the signal, presses Enter as that person would; stdin stays open (its end would end the game
        # by end-of-input instead).
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.stdin.write(b"\n")
            proc.stdin.flush()
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, (out, err)
    assert b"Traceback" not in err and b"interrupted (Ctrl-C)" in out and b"unfinished" in out
    data = json.loads(path.read_text())
    assert data["finished"] is False and "result" not in data
    assert sum(m["player"] == 0 for m in data["moves"]) >= 1
    assert not records.replay(data).is_terminal()


def _finished_record(seed: int = 4):
    game = make_game("democracy", 2)
    rec = Recorder(game, seed)
    bots = [hustings.make_bot("democracy", "random", seed=i) for i in range(2)]
    final = hustings.play.play_game(game, bots, seed=seed, on_action=lambda s, p, a: rec.add(p, a))
    return rec, final


def test_records_say_whether_the_game_was_finished_and_replay_checks_it():
    rec, final = _finished_record()
    done = rec.record(final)
    assert done["finished"] is True and done["result"] == records.result_of(final)
    assert records.replay(done).to_json() == final.to_json()
    part = copy.deepcopy(done)
    part["moves"] = part["moves"][:7]
    part["finished"] = False
    del part["result"]
    state = records.replay(part)  # accepted: marked unfinished, no result
    assert not state.is_terminal()
    no_result = copy.deepcopy(part)
    no_result["finished"] = True
    with pytest.raises(RecordError, match="no result"):
        records.replay(no_result)
    unmarked = copy.deepcopy(part)
    del unmarked["finished"]
    with pytest.raises(RecordError, match="finished"):
        records.replay(unmarked)
    cut_short = copy.deepcopy(done)
    cut_short["moves"] = cut_short["moves"][:7]
    with pytest.raises(RecordError, match="not over"):
        records.replay(cut_short)
    with_result = copy.deepcopy(part)
    with_result["result"] = done["result"]
    with pytest.raises(RecordError, match="unfinished.*has a result"):
        records.replay(with_result)
    whole_but_unfinished = copy.deepcopy(done)
    whole_but_unfinished["finished"] = False
    del whole_but_unfinished["result"]
    with pytest.raises(RecordError, match="play the game to the end"):
        records.replay(whole_but_unfinished)
    bad_move = copy.deepcopy(part)
    bad_move["moves"][3]["player"] = 1 - bad_move["moves"][3]["player"]
    with pytest.raises(RecordError, match="move 4 of 7"):
        records.replay(bad_move)  # an unfinished record's moves are checked all the same
    old = copy.deepcopy(done)
    old["version"] = 1
    del old["finished"]
    assert records.replay(old).is_terminal()  # version 1 records (always finished) still replay


def test_records_are_written_with_mode_0644(tmp_path):
    rec, final = _finished_record()
    path = tmp_path / "sub" / "game.json"
    old = os.umask(0o077)  # a strict umask must not make the record private
    try:
        records.save(rec.record(final), str(path))
    finally:
        os.umask(old)
    assert (os.stat(path).st_mode & 0o777) == 0o644
    assert records.load(str(path))["finished"] is True


# --- typing moves ------------------------------------------------------------------------------------------------
def _first_prompt_state(game, seed):
    """The seat that moves first and the table it is first asked about (nobody has moved yet)."""
    state = game.new_initial_state(seed=seed)
    return state.current_player(), state


def test_a_democracy_card_is_typed_as_the_table_shows_it():
    game = make_game("democracy", 4)
    seat, state = _first_prompt_state(game, 7)
    legal = state.legal_actions()
    card = game.action_name(legal[-1]).split()[1]  # e.g. "3C"
    assert card in state.render(player=seat)
    made = []
    play_interactive(game, seat, bots_for(game, seat), seed=7, read=reader([card.lower()]), write=lambda s: None,
                     on_action=lambda s, p, a: made.append((p, a)))
    assert made[0] == (seat, legal[-1])
    assert match_move(card, legal, game, seat) == (legal[-1], [])
    assert match_move("play " + card.upper(), legal, game, seat) == (legal[-1], [])  # the full name still works
    assert match_move("2", legal, game, seat) == (legal[1], [])  # and the list number


@pytest.mark.parametrize("game_name", hustings.games())
def test_every_legal_move_can_be_typed_short_by_name_or_by_number(game_name):
    import random

    game = make_game(game_name)
    rng = random.Random(1)
    state = game.new_initial_state(seed=1)
    for _ in range(150):
        if state.is_terminal():
            break
        player, legal = state.current_player(), state.legal_actions()
        for i, a in enumerate(legal):
            assert match_move(game.action_name(a).upper(), legal, game, player) == (a, [])
            assert match_move(str(i + 1), legal, game, player) == (a, [])
            forms = short_forms(game, player, a)
            if forms:
                got, candidates = match_move(forms[0].swapcase(), legal, game, player)
                assert got == a or (got is None and a in candidates), (forms[0], game.action_name(a))
        state.apply_unchecked(rng.choice(legal))


def test_short_forms_of_each_game_follow_the_table():
    dem = make_game("democracy", 4)
    assert short_forms(dem, 0, 11)[0] == "5C" and "JK" in short_forms(dem, 0, 48)
    pol = make_game("politrickers")
    assert short_forms(pol, 0, 5) == ["Env6"] and short_forms(pol, 0, 47 + 5) == ["switch Env6"]
    ptx = make_game("politix")
    from hustings.politix import rules as r
    assert "farmers debate" in short_forms(ptx, 0, ptx.A_PERSUADE)
    assert short_forms(ptx, 2, r.A_SPECIAL + r.BESIDE_KINDS.index(r.KINDS.index("curfew")) * 4 + 1)[0] == "curfew P3"
    pm = make_game("prime_minister")
    from hustings.prime_minister import rules as p
    assert short_forms(pm, 0, p.A_RESOLVE + 3) == ["vote 1"] and "y" in short_forms(pm, 0, p.YES)


def test_an_ambiguous_short_form_is_answered_with_the_candidates_and_asked_again():
    from hustings.politix import rules as r

    game = make_game("politix")
    for seed in range(50):  # a deal whose first player can lay a special on several seats
        seat, state = _first_prompt_state(game, seed)
        specials = [a for a in state.legal_actions() if r.A_SPECIAL <= a < game.A_GWTW]
        if len(specials) >= 2:
            break
    else:
        pytest.fail("no deal with a special card to lay")
    kind = r.KINDS[r.BESIDE_KINDS[(specials[0] - r.A_SPECIAL) // game.num_players]]
    target = short_forms(game, seat, specials[-1])[0]
    shown, prompts, made = [], [], []

    def read(prompt):
        prompts.append(prompt)
        return [kind, target][len(prompts) - 1] if len(prompts) <= 2 else "q"
    play_interactive(game, seat, bots_for(game, seat), seed=seed, read=read, write=shown.append,
                     on_action=lambda s, p, a: made.append((p, a)))
    text = "\n".join(shown)
    assert f"{kind!r} could be: " in text and text.count("on seat+") >= 2
    assert made[0] == (seat, specials[-1]) and len(prompts) >= 2


# --- forced moves ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("confirm", [False, True])
def test_a_forced_move_is_played_without_asking_unless_confirm_forced(confirm):
    game = make_game("democracy", 2)
    holder, asked, shown = watched(game), [], []

    def read(prompt):
        asked.append(len(holder["state"].legal_actions()))
        return "1"
    final = play_interactive(game, 0, bots_for(game, 0), seed=3, read=read, write=shown.append,
                             confirm_forced=confirm)
    assert final is not None and final.is_terminal()
    if confirm:
        assert 1 in asked and "(your only move)" not in "\n".join(shown)
    else:
        assert min(asked) >= 2 and "(your only move)" in "\n".join(shown)


def test_cli_confirm_forced_asks_for_forced_moves_too():
    args = ("play", "democracy", "--players", "2", "--seed", "3", "--option", "max_islands=1")
    plain = cli(*args, stdin="1\n" * 300)
    confirmed = cli(*args, "--confirm-forced", stdin="1\n" * 300)
    assert plain.returncode == confirmed.returncode == 0
    assert "(your only move)" in plain.stdout and "(your only move)" not in confirmed.stdout
    assert confirmed.stdout.count("your move (") > plain.stdout.count("your move (")


# --- other seats' moves ---------------------------------------------------------------------------------------------
def _moves_as_seen(game_name: str, seat: int, seed: int, kind: str = "random"):
    """Play with bots and a person who always types 1; returns the written lines and, for each other seat's move,
    ``(state before it, player, action, the line written for it)``."""
    game = make_game(game_name)
    moves, shown = [], []

    def on_action(state, player, action):
        if player != seat:
            line = next(x for x in reversed(shown) if x.startswith(f"  P{player}: "))
            moves.append((state.clone(), player, action, line))
    play_interactive(game, seat, bots_for(game, seat, kind), seed=seed, read=reader(["1"] * 3000),
                     write=shown.append, on_action=on_action)
    return shown, moves, game


def _tells_apart(state, action, seat) -> bool:
    """Whether ``seat``'s observation after ``action`` differs from its observation after every other legal move."""
    def view(a):
        s = state.clone()
        s.apply_unchecked(a)
        return s.observation(seat).tobytes()
    mine = view(action)
    return all(view(a) != mine for a in state.legal_actions() if a != action)


@pytest.mark.parametrize("game_name", hustings.games())
def test_every_other_seat_move_is_shown(game_name):
    game = make_game(game_name)
    seat, shown, others = 1, [], []
    play_interactive(game, seat, bots_for(game, seat), seed=6, read=reader(["1"] * 3000), write=shown.append,
                     on_action=lambda s, p, a: others.append(p) if p != seat else None)
    lines = [line for line in shown if line.startswith("  P") and not line.startswith(f"  P{seat} ")]
    assert others and len(lines) == len(others)
    assert [int(line.split(":")[0][3:]) for line in lines] == others


def test_democracy_commitments_are_hidden_until_the_trick_is_turned_up():
    shown, moves, game = _moves_as_seen("democracy", 0, seed=8)
    assert moves and all(line.endswith(": play a card face down (hidden)") for *_, line in moves)
    text = "\n".join(shown)
    assert "trick turned up (upcard " in text
    for state, player, action, line in moves:  # a card is named only once its trick is turned up
        assert game.action_name(action) not in line
        name = game.action_name(action)
        assert move_seen_by(state, player, action, None) == move_seen_by(state, player, action, player) == name


def test_politrickers_face_down_cards_are_hidden_and_face_up_ones_shown():
    shown, moves, game = _moves_as_seen("politrickers", 0, seed=8)
    hidden = [m for m in moves if m[3].endswith("(hidden)")]
    named = [m for m in moves if not m[3].endswith("(hidden)")]
    assert hidden and named
    for state, player, action, line in hidden:
        assert game.action_name(action) not in line and "face down" in line
        assert not _tells_apart(state, action, 0) or len(state.legal_actions()) == 1
    for state, player, action, line in named:
        assert line == f"  P{player}: {game.action_name(action)}"
        if state.turn < state.n - 1:  # before the trick resolves, what the seat sees tells the moves apart
            assert _tells_apart(state, action, 0), line


def test_prime_minister_hides_proposals_kept_and_discarded_supporters():
    from hustings.prime_minister import rules as p

    shown, moves, game = _moves_as_seen("prime_minister", 0, seed=0, kind="random")
    kinds = [(m[0].pending["kind"], m[2], m[3]) for m in moves]
    proposals = [k for k in kinds if k[0] == "propose"]
    assert proposals and all(line.endswith(": propose a bill face down (hidden)") for *_, line in proposals)
    assert any(kind == "keep" for kind, *_ in kinds) and any(p.A_DISCARD <= a < p.A_KEEP for _, a, _ in kinds)
    for kind, action, line in kinds:
        if kind == "keep" or p.A_DISCARD <= action < p.A_KEEP:
            assert line.endswith("(hidden)") and game.action_name(action) not in line
        elif kind in ("select", "main", "draw_bill"):
            assert line.endswith(game.action_name(action))  # public moves are named


# --- layout, options, version ------------------------------------------------------------------------------------
def test_long_move_lists_are_printed_in_columns_within_100_characters():
    items = [f"[{i + 1}] play Env{i + 1}" for i in range(9)] + [
        f"[{i + 10}] pay 1 token to switch party, then play Env{i + 1}" for i in range(9)]
    lines = columns(items)
    assert all(len(line) <= 100 for line in lines) and len(lines) == 9  # two columns, each as wide as it needs
    assert lines[0].split() == ["[1]", "play", "Env1", "[10]", "pay", "1", "token", "to", "switch", "party,", "then",
                                "play", "Env1"]
    assert columns(["x" * 120, "y"]) == ["  " + "x" * 120, "  y"]  # too wide for two: one per line
    for item in items:
        assert sum(item in line for line in lines) >= 1
    game = make_game("politrickers")
    seat, state = _first_prompt_state(game, 1)
    text = move_list(game, seat, state.legal_actions())
    body = text.splitlines()
    assert body[0] == "Your moves:" and 1 < len(body) - 1 < len(state.legal_actions())
    assert all(len(line) <= 100 for line in body)
    short = move_list(game, seat, state.legal_actions()[:2])
    assert short.startswith("Your moves: [1] ") and "\n" not in short


def test_game_options_are_parsed_and_checked_by_the_game():
    from hustings.core.yamlio import parse_options

    assert make_game("democracy", 3, parse_options(["max_islands=None"])).options["max_islands"] is None
    options = make_game("politix", 6, parse_options(["teams_3v3=true", "max_turns=50"])).options
    assert options == {"teams_3v3": True, "max_turns": 50, "components": None}
    with pytest.raises(hustings.ConfigError, match="unknown option"):
        make_game("democracy", 4, parse_options(["bogus=1"]))


def test_cli_option_reaches_the_game_in_demo_and_play():
    demo = cli("demo", "democracy", "--players", "3", "--option", "max_islands=1", "--quiet")
    assert demo.returncode == 0 and "game over after 1 island(s)" in demo.stdout
    played = cli("play", "democracy", "--players", "2", "--seed", "4", "--option", "max_islands=1",
                 stdin="1\n" * 200)
    assert played.returncode == 0 and "game over after 1 island(s)" in played.stdout and "Result:" in played.stdout
    unknown = cli("play", "democracy", "--option", "bogus=1", stdin="")
    assert unknown.returncode == 2 and "unknown option(s) bogus" in unknown.stderr and "Traceback" not in unknown.stderr
    bad = cli("demo", "democracy", "--option", "max_islands=zero")
    assert bad.returncode == 2 and "max_islands='zero' is invalid" in bad.stderr


def test_version_flag():
    proc = cli("--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"hustings {hustings.__version__}"


def test_cli_record_file_has_mode_0644(tmp_path):
    path = tmp_path / "game.json"
    proc = subprocess.run([sys.executable, "-c", "import os, sys; os.umask(0o077); "
                           "from hustings.cli import main; sys.exit(main(sys.argv[1:]))",
                           "play", "democracy", "--players", "2", "--seed", "1", "--option", "max_islands=1",
                           "--record", str(path)], input="1\n" * 200, capture_output=True, text=True, cwd=ROOT,
                          timeout=900)
    assert proc.returncode == 0, proc.stderr
    assert (os.stat(path).st_mode & 0o777) == 0o644 and json.loads(path.read_text())["finished"] is True
