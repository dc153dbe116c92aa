"""Every game ships a trained bot for every table size it supports, and each one plays legal, reproducible games."""
from __future__ import annotations

import json
import os

import pytest
import yaml

import hustings
from helpers import ROOT, tool
from hustings import checkpoints, configs
from hustings.bots.policy import load_policy_npz

TABLES = [(g, n) for g in hustings.games()
          for n in range(hustings.game_module(g).raw_env.game_class.min_players,
                         hustings.game_module(g).raw_env.game_class.max_players + 1)]


@pytest.mark.parametrize("game", hustings.games())
def test_every_supported_table_size_has_a_shipped_bot(game):
    cls = hustings.game_module(game).raw_env.game_class
    assert checkpoints.sizes(game) == list(range(cls.min_players, cls.max_players + 1))
    assert checkpoints.default_size(game) == hustings.game_module(game).raw_env.default_players


@pytest.mark.parametrize("game,n", TABLES)
def test_each_size_bot_was_trained_at_that_size_by_its_shipped_config(game, n):
    meta, _ = load_policy_npz(checkpoints.policy_path(game, n))
    assert (meta["game"], meta["num_players"]) == (game, n)
    with open(os.path.join(checkpoints.folder(game, n), "config.yaml")) as f:
        used = yaml.safe_load(f)
    name = game if n == checkpoints.default_size(game) else f"sizes/{game}_{n}p"
    with open(configs.path(name)) as f:
        shipped = yaml.safe_load(f)
    assert (used["game"], used["num_players"]) == (game, n)
    for section in ("ppo", "reward", "opponents", "pretrain"):
        for key, value in (shipped.get(section) or {}).items():
            assert (used.get(section) or {}).get(key) == value, f"{game} {n}p: {section}.{key} differs from {name}"


def _play(game: str, n: int, seed: int) -> list[int]:
    """One game: the shipped bot in seat 0 (and seat n-1), heuristic bots elsewhere; every action checked legal."""
    rules = hustings.game_module(game).raw_env.game_class(n)
    bots = [hustings.load_bot(game, num_players=n, seed=seed)] + [
        hustings.make_bot(game, "heuristic", seed=seed + s) for s in range(1, n - 1)]
    bots.append(hustings.load_bot(game, num_players=n, seed=seed + 99))
    state = rules.new_initial_state(seed=seed)
    actions = []
    while not state.is_terminal() and len(actions) < 3000:
        p = state.current_player()
        a = bots[p].act(state, p)
        assert state.is_legal(a), f"{game} {n}p: illegal action {a} by seat {p}"
        state.apply_action(a)
        actions.append(a)
    assert actions
    return actions


@pytest.mark.parametrize("game,n", TABLES)
def test_each_shipped_bot_plays_legal_games_and_repeats_them_for_a_seed(game, n):
    first = _play(game, n, seed=5)
    assert _play(game, n, seed=5) == first
    _play(game, n, seed=6)


def test_a_size_without_a_bot_names_the_sizes_there_are():
    with pytest.raises(hustings.CheckpointError, match=r"no shipped politrickers bot for 6 players; expected one of "
                                                       r"the sizes 3, 4, 5"):
        checkpoints.folder("politrickers", 6)
    with pytest.raises(hustings.ConfigError, match="no shipped bot for 'chess'"):
        checkpoints.sizes("chess")


def test_shipped_spec_takes_the_bot_for_the_tables_size():
    # the default (4-player) bot cannot play 3 seats: its observation is another size
    from hustings.evaluation.evaluate import tournament

    res = tournament("politrickers", ["shipped:politrickers", "heuristic", "heuristic"], 3, num_players=3,
                     workers=1, progress=False)
    assert res["num_players"] == 3 and res["bots"]["shipped:politrickers"]["games"] == 3
    meta, _ = load_policy_npz(checkpoints.policy_path("politrickers", 3))
    assert meta["observation_size"] == hustings.game_module("politrickers").raw_env.game_class(3).observation_size


def test_the_shipped_table_has_every_result_and_is_up_to_date():
    shipped_table = tool("shipped_table")

    for game, n in TABLES:
        for opponent in shipped_table.OPPONENTS:
            assert os.path.isfile(shipped_table.result_path(game, n, opponent)), (game, n, opponent)
            if (game, n) in SEARCHED:
                assert os.path.isfile(shipped_table.result_path(game, n, opponent, search=True)), (game, n, opponent)
    body = shipped_table.table()
    assert len(body.strip().splitlines()) == 2 + len(TABLES) + 5 + len(SEARCHED) and "not run" not in body
    for game, n in TABLES:  # every cell measures the net, every searching variant's cell the search
        for opponent in shipped_table.OPPONENTS:
            for search in (False, True) if (game, n) in SEARCHED else (False,):
                with open(shipped_table.result_path(game, n, opponent, search)) as f:
                    assert json.load(f)["specs"][0] == shipped_table.subject(game, search)
    with open(shipped_table.TABLE) as f:
        assert body in f.read(), "docs/shipped-bots.md is stale: run python tools/shipped_table.py table"
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    if shipped_table.README_START in readme:  # a README that shows the table (between its markers) shows this one
        assert body in readme, "README's shipped-bot table differs from docs/shipped-bots.md"


def test_the_worst_line_up_columns_read_the_net_and_the_searching_variant_apart(tmp_path):
    shipped_table = tool("shipped_table")

    def worst(share, lineup):
        return {"worst": {"win_share": share, "ci95": [share - 0.05, share + 0.05], "lineup": lineup, "games": 400,
                          "above_fair": "yes" if share - 0.05 > 0.25 else "not shown"}}

    path = tmp_path / "panel.json"
    path.write_text(json.dumps({"per_size": [{"game": "democracy", "num_players": 4, "subjects": {
        "shipped": worst(0.26, "(d) 3 previous net"), "shipped-search:democracy": worst(0.33, "(b) 3 IS-MCTS")}}]}))
    assert shipped_table.panel_worst(str(path)) == {
        ("democracy", 4): "0.260 [0.210, 0.310] vs (d) 3 previous net (400)"}
    assert shipped_table.panel_worst([str(path)], search=True) == {
        ("democracy", 4): "**0.330** [0.280, 0.380] vs (b) 3 IS-MCTS (400)"}
    body = shipped_table.table()
    searching = body.split("Searching variants")[1]
    assert "worst line-up (panel)" in searching and "no panel run yet" not in body
    for game, n in SEARCHED:  # each searching variant's row shows its own panel's worst line-up
        with open(os.path.join(ROOT, "docs", "panel", "search", f"{game}-{n}p", "panel.json")) as f:
            (row,) = [r for r in json.load(f)["per_size"] if r["num_players"] == n]
        share = row["subjects"][f"shipped-search:{game}"]["worst"]["win_share"]
        line = next(x for x in searching.splitlines() if x.startswith(f"| {game} | {n} |"))
        assert f"{share:.3f}" in line


def test_install_refuses_an_unfinished_run_and_names_what_is_missing(tmp_path):
    shipped_table = tool("shipped_table")

    (tmp_path / "policy.npz").write_bytes(b"")
    with pytest.raises(hustings.ConfigError, match=r"not a finished training run \(no config.yaml, report.json"):
        shipped_table.install(str(tmp_path))


def _config_name(game: str, n: int) -> str:
    return game if n == checkpoints.default_size(game) else f"sizes/{game}_{n}p"


def _continued(game: str, n: int) -> bool:
    with open(configs.path(_config_name(game, n))) as f:
        return (yaml.safe_load(f).get("pretrain") or {}).get("policy") is not None


CONTINUED = [(g, n) for g, n in TABLES if _continued(g, n)]


def test_some_shipped_bots_were_trained_in_two_stages():
    assert {("democracy", 6), ("politix", 6), ("prime_minister", 3)} <= set(CONTINUED)


@pytest.mark.parametrize("game,n", CONTINUED)
def test_a_bot_continued_from_an_earlier_one_says_which_and_what_it_cost(game, n):
    """A config with ``pretrain.policy`` trains on from the bot shipped before: its report keeps that bot's file
    hash and earlier training, and the config's header names the same hash (so the chain can be followed)."""
    with open(configs.path(_config_name(game, n))) as f:
        text = f.read()
    import json
    with open(os.path.join(checkpoints.folder(game, n), "report.json")) as f:
        pre = json.load(f)["pretrain"]
    assert pre["timesteps_before"] > 0 and pre["wall_seconds_before"] > 0
    header = "".join(line for line in text.splitlines(keepends=True) if line.startswith("#"))
    assert pre["policy_file_sha256"] in header


SEARCHED = [(g, n) for g, n in TABLES if checkpoints.search_spec(g, n)]


def test_the_shipped_bot_is_the_net_and_the_searching_variants_play_their_search_json():
    """Every shipped bot is its net. Beside it, three sizes ship a searching variant (search.json, SPEC
    ``shipped-search:GAME``, ``load_bot(..., search=True)``): Politrickers 4p and 5p IS-MCTS with the net naming the
    favoured move, Democracy 4p PIMC that models the others' face-down commitments as the shipped net's
    (``model=shipped``). Elsewhere asking for one is a CheckpointError naming the sizes that have one."""
    from hustings.bots.search import ISMCTSBot, PIMCBot
    from hustings.bots.policy import PolicyBot

    assert SEARCHED == [("democracy", 4), ("politrickers", 4), ("politrickers", 5)]
    for game, n in TABLES:
        assert isinstance(hustings.load_bot(game, num_players=n), PolicyBot), (game, n)
    for game, n in SEARCHED:
        bot = hustings.load_bot(game, num_players=n, seed=1, search=True)
        net = hustings.load_bot(game, num_players=n)
        if game == "democracy":
            assert isinstance(bot, PIMCBot) and bot.model == "shipped" and bot.iterations == 240
            continue
        assert isinstance(bot, ISMCTSBot) and bot.favourite == "shipped" and bot.prior > 0
        state = hustings.game_module(game).raw_env.game_class(n).new_initial_state(seed=3)
        p = state.current_player()
        bot.act(state, p)
        assert isinstance(bot._favourite, PolicyBot)  # it favours the net, not itself
        assert bot._favourite.act(state, p) == net.act(state, p)
    assert checkpoints.search_sizes("politrickers") == [4, 5] and checkpoints.search_sizes("politix") == []
    with pytest.raises(hustings.CheckpointError, match=r"no searching variant of the shipped politrickers bot for 3 "
                                                       r"players \(shipped-search:politrickers\); expected one of "
                                                       r"the sizes 4, 5, or shipped:politrickers"):
        hustings.load_bot("politrickers", num_players=3, search=True)
    with pytest.raises(hustings.CheckpointError, match="politix ships none; expected shipped:politix"):
        hustings.make_bot("politix", "shipped-search:politix")


def test_shipped_spec_is_the_net_and_shipped_search_spec_the_searching_variant():
    from hustings.evaluation.evaluate import tournament

    def bots(spec):
        res = tournament("politrickers", [spec] + ["heuristic"] * 3, 4, num_players=4, seed=3, workers=1,
                         progress=False)
        return list(res["bots"].values())

    searched = checkpoints.search_spec("politrickers", 4)
    assert searched.startswith("ismcts:") and "favourite=shipped" in searched
    assert bots("shipped-search:politrickers") == bots(searched)
    net = bots(checkpoints.policy_path("politrickers", 4))
    assert bots("shipped:politrickers") == net and bots("shipped-net:politrickers") == net
    assert bots("shipped-search:politrickers") != net


def test_a_damaged_search_file_is_named(tmp_path):
    path = tmp_path / "search.json"
    for text, message in (("{", "not readable as JSON"), ('{"spec": "heuristic"}', "spec is 'heuristic'; expected"),
                          ('["ismcts"]', "spec is None; expected"),
                          ('{"spec": "ismcts:iters=0"}',
                           "bot 'ismcts:iters=0': iters='0' is invalid; expected an int >= 1")):
        path.write_text(text)
        with pytest.raises(hustings.CheckpointError, match=r"search\.json: " + message.replace("(", r"\(")):
            checkpoints._read_search_spec(str(path), 0)


def test_play_keeps_a_result_and_games_overrides_the_tables_count(tmp_path, monkeypatch):
    import json

    shipped_table = tool("shipped_table")

    monkeypatch.setattr(shipped_table, "OUT", str(tmp_path))
    assert shipped_table.games_for("politix", 3, "random") == 2000
    assert shipped_table.main(["play", "--game", "politix", "--players", "3", "--opponent", "random", "--games", "6",
                               "--workers", "1", "--no-progress"]) == 0
    res = json.loads((tmp_path / "politix-3p-random.json").read_text())
    assert res["games"] == 6 and res["num_players"] == 3
    assert shipped_table._cell(res).endswith("(6)")
    with pytest.raises(SystemExit):
        shipped_table.main(["play", "--game", "politix", "--players", "3", "--opponent", "random", "--games", "0"])
    assert json.loads((tmp_path / "politix-3p-random.json").read_text())["games"] == 6  # nothing replayed
