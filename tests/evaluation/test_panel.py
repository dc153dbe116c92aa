"""hustings panel: who sits in each line-up (the standard IS-MCTS, the strongest search, the heuristic in the subject's
seat as the control), the deal sets, the previous shipped bot, the opponents' own strength, the tables' arithmetic (win
shares, intervals over deals, paired differences, worst line-up), resuming and the command line."""
from __future__ import annotations

import json
import math
import os
import subprocess

import numpy as np
import pytest

import hustings
from hustings.core.rules import ConfigError
from hustings.evaluation import panel, ratings

FAST_ISMCTS = "ismcts:iters=4"  # the panel's IS-MCTS at a test's budget
FAST_SEARCH = "ismcts:iters=6"  # and its search


def plan(game, n, tmp_path, user=(), shipped=True):
    return panel.plan_size(game, n, list(user), shipped, panel.BUDGETS["quick"], "report", panel.PANEL_SEED,
                           panel.ismcts_spec(game), str(tmp_path))


def tiny(out, **kw):
    args = dict(games=["politrickers"], players=[3], ismcts=FAST_ISMCTS, search=FAST_SEARCH, games_heuristic=6,
                games_lineup=6, games_cross=3, out=str(out), workers=1, progress=False, log=lambda *a: None)
    args.update(kw)
    return panel.panel(**args)


# --- who plays ---------------------------------------------------------------------------------------------------
def test_the_panels_searches_are_the_standard_ismcts_and_the_strongest_variant():
    from hustings import checkpoints

    for game in hustings.games():
        assert panel.ismcts_spec(game) == "ismcts"  # the command line's standard IS-MCTS, the game's options
    # the searching variant shipped at that size, else the standard IS-MCTS at 4x its budget
    assert panel.search_spec("democracy", 4)[0] == checkpoints.search_spec("democracy", 4)
    assert panel.search_spec("politrickers", 5)[0] == checkpoints.search_spec("politrickers", 5)
    spec, about = panel.search_spec("politix", 4)
    own = hustings.registry.info("politix").search
    assert spec == f"ismcts:iters={4 * own['iterations']},prior={4 * own['prior']:g}" and "4x" in about
    assert panel.search_spec("prime_minister", 4)[0] == "ismcts:iters=80"  # no head start in its search
    for bad in ("heuristic", "random", "shipped:politix"):
        with pytest.raises(ConfigError, match="expected a search SPEC"):
            panel.check_search("--search", bad)
    panel.check_search("--ismcts", "pimc:iters=8")


def test_deal_sets_are_fixed_and_disjoint():
    select = panel.deal_seeds("select", "democracy", 4, 200)
    report = panel.deal_seeds("report", "democracy", 4, 200)
    assert all(s % 2 == 0 for s in select) and all(s % 2 == 1 for s in report)
    assert not set(select) & set(report) and len(set(report)) == 200
    assert panel.deal_seeds("report", "democracy", 4, 3) == report[:3]  # more deals extend the same set
    assert panel.deal_seeds("report", "democracy", 5, 3) != report[:3]
    assert panel.deal_seeds("report", "democracy", 4, 3, base=1) != report[:3]
    with pytest.raises(ConfigError, match="seed set 'train'"):
        panel.deal_seeds("train", "democracy", 4, 3)


@pytest.mark.parametrize("game,n", [("democracy", 4), ("democracy", 5), ("politrickers", 3), ("prime_minister", 2),
                                    ("politix", 6)])
def test_every_lineup_seats_the_bots_it_names(game, n, tmp_path):
    p = plan(game, n, tmp_path)
    agents = p["agents"]
    h, i, r = agents.index("heuristic"), agents.index("ismcts"), agents.index("random")
    c = agents.index(panel.search_spec(game, n)[0])
    assert p["search"]["spec"] == agents[c]
    by_file = {t["file"]: t for t in p["tables"]}
    rows = {(t["subject"], t["row"]): t for t in p["tables"] if t["kind"] == "lineup"}
    for s in p["subjects"]:
        assert rows[(s, "heuristic")]["lineup"] == [s] + [h] * (n - 1)
        assert rows[(s, "ismcts")]["lineup"] == [s] + [i] * (n - 1)
        assert rows[(s, "search")]["lineup"] == [s] + [c] * (n - 1)
        if n >= 3:
            others = rows[(s, "mixed")]["lineup"][1:]
            kinds = [h, i] + ([p["other_net"][s]] if p["other_net"][s] is not None else []) + [c, r]
            assert others == [kinds[k % len(kinds)] for k in range(n - 1)]
            assert len(set(others)) == min(n - 1, len(kinds))  # one seat each of the other kinds
            assert s not in others
        else:
            assert (s, "mixed") not in rows
        prev = p["previous"][s]
        if prev["spec"] is None:
            assert (s, "previous") not in rows and any(prev["note"] in note for note in p["notes"])
        else:
            assert rows[(s, "previous")]["lineup"] == [s] + [agents.index(prev["spec"])] * (n - 1)
            assert agents.index(prev["spec"]) != s
        # every line-up has its control: the heuristic in the subject's seat, the same deals and other seats
        for (subject, row), t in rows.items():
            if subject == s:
                ct = by_file[t["control"]]
                assert ct["lineup"] == [h] + t["lineup"][1:] and ct["seeds"] == t["seeds"]
                assert ct["rated"] == t["rated"]
    # each opponent's own strength: one seat of it against n - 1 heuristic, on the line-ups' deals
    strength = {t["lineup"][0]: t for t in p["tables"] if t["kind"] == "strength"}
    assert set(strength) == set(range(len(agents))) - set(p["subjects"]) - {h}
    for a, t in strength.items():
        assert t["lineup"] == [a] + [h] * (n - 1) and t["seeds"] == rows[(p["subjects"][0], "ismcts")]["seeds"]
    for t in p["tables"]:
        assert t["specs"] == [agents[a] for a in t["lineup"]] and len(t["lineup"]) == n
        if t["kind"] == "cross":  # n different agents rated; fewer agents than seats: heuristic copies, unrated
            rated = [a for a, x in zip(t["lineup"], t["rated"]) if x]
            assert len(set(rated)) == len(rated) == min(n, len(p["cross_agents"]))
            assert all(a == h for a, x in zip(t["lineup"], t["rated"]) if not x)
            assert set(t["lineup"]) <= set(p["cross_agents"])
    assert {i, c} <= set(p["cross_agents"]) or not p["cross_agents"]
    assert len({t["file"] for t in p["tables"]}) == len(p["tables"])
    # a line-up played twice (the same controls of two subjects) is one table
    assert len({(tuple(t["specs"]), tuple(t["seeds"])) for t in p["tables"]}) == len(p["tables"])


def test_two_subjects_share_their_controls(tmp_path):
    p = plan("politrickers", 4, tmp_path, user=["random"])
    assert len(p["subjects"]) == 2
    controls = {}
    for t in p["tables"]:
        if t["kind"] == "lineup" and t["row"] in ("heuristic", "ismcts", "search"):
            controls.setdefault(t["row"], set()).add(t["control"])
    assert all(len(files) == 1 for files in controls.values())


def test_a_candidate_meets_the_current_shipped_bot(tmp_path):
    p = plan("politix", 4, tmp_path, user=["random"], shipped=False)
    assert [p["agents"][s] for s in p["subjects"]] == ["random"]
    s = p["subjects"][0]
    assert p["previous"][s]["spec"] == "shipped:politix"
    assert p["agents"][p["other_net"][s]] == "shipped:politix"
    assert {"shipped:politix", "random", "heuristic"} <= {p["agents"][a] for a in p["cross_agents"]}


def test_the_shipped_subject_is_the_net_and_a_searching_variant_is_measured_when_asked(tmp_path):
    p = plan("politrickers", 4, tmp_path)
    assert [p["agents"][s] for s in p["subjects"]] == ["shipped:politrickers"]
    p = plan("politrickers", 4, tmp_path, user=["shipped-search:politrickers"], shipped=False)
    (s,) = p["subjects"]
    assert p["agents"][s] == "shipped-search:politrickers"
    assert p["agents"][p["other_net"][s]] == "shipped:politrickers"  # its own net sits in the mixed table


def _git_history() -> bool:
    from hustings import checkpoints

    return panel._git(checkpoints.folder("democracy", 4), "log", "-1", "--format=%H", "--", ".") not in (None, b"")


@pytest.mark.skipif(not _git_history(), reason="needs the repository's history")
def test_the_previous_shipped_bot_comes_from_the_history(tmp_path):
    from hustings import checkpoints
    from hustings.bots.policy import load_policy

    # Politrickers 5p ships a search (search.json); before it, the shipped bot was this same net alone
    prev = panel.previous_shipped("politrickers", 5, net_only=False, store=str(tmp_path))
    assert prev["spec"] == "shipped:politrickers" and len(prev["commit"]) == 40
    # Democracy 4p's search changed its opponent model: the previous bot is the earlier search
    prev = panel.previous_shipped("democracy", 4, net_only=False, store=str(tmp_path))
    assert prev["spec"] == "pimc:iters=240,model=heuristic" and len(prev["commit"]) == 40
    # the previous net is an earlier file, with other weights, that plays this game
    net = panel.previous_shipped("democracy", 4, net_only=True, store=str(tmp_path))
    game = hustings.registry.info("democracy").game_class(4)
    old = load_policy(net["spec"], game).to_arrays()
    now = load_policy(checkpoints.policy_path("democracy", 4), game).to_arrays()
    assert net["spec"].startswith(str(tmp_path)) and not panel._same_net(old, now)
    assert subprocess.run(["git", "-C", os.path.dirname(checkpoints.__file__), "cat-file", "-e",
                           net["commit"]]).returncode == 0
    # a bot with one version has none
    assert panel.previous_shipped("politix", 2, net_only=False, store=str(tmp_path))["spec"] is None


# --- the numbers -------------------------------------------------------------------------------------------------
def test_interval_over_deals_and_worst_lineup():
    lo, hi = ratings.deal_interval([0.25, 0.5, 0.25, 0.5])
    half = 1.959964 * np.std([0.25, 0.5, 0.25, 0.5], ddof=1) / 2
    assert (lo, hi) == pytest.approx((0.375 - half, 0.375 + half))
    assert ratings.deal_interval([0.0, 1.0]) == [0.0, 1.0]  # clipped to the shares' range
    assert ratings.deal_interval([-0.5, 0.5], lo=None, hi=None) == pytest.approx([-1.959964 * 0.7071068 / 1.4142136,
                                                                                   1.959964 * 0.7071068 / 1.4142136])
    assert all(math.isnan(x) for x in ratings.deal_interval([0.5]))
    assert panel.verdict([0.3, 0.4], 0.25) == "yes" and panel.verdict([0.1, 0.2], 0.25) == "no: below"
    assert panel.verdict([0.2, 0.3], 0.25) == "not shown" and panel.verdict([math.nan, math.nan], 0.25) == "n/a"
    rows = [{"win_share": 0.3, "ci95": [0.2, 0.4]}, {"win_share": 0.2, "ci95": [0.15, 0.25]},
            {"win_share": 0.2, "ci95": [0.1, 0.3]}, {"win_share": 0.2, "ci95": [math.nan, math.nan]}]
    assert panel.worst(rows) is rows[3]  # lowest share; ties: the lower bound (none counts lowest)
    assert panel.worst(rows[:3]) is rows[2] and panel.worst([]) is None
    assert panel.describe(["a", "heuristic", "IS-MCTS"], [1, 1, 1]) == "3 heuristic"
    assert panel.describe(["a", "heuristic", "IS-MCTS"], [1, 2, 1]) == "2 heuristic + IS-MCTS"


def test_a_tiny_panel_end_to_end(tmp_path):
    out = tmp_path / "p"
    result = tiny(out)
    saved = json.loads((out / "panel.json").read_text())
    assert saved["schema"] == panel.SCHEMA and saved["seed_set"] == "report"
    (size,) = result["per_size"]
    assert size["game"] == "politrickers" and size["num_players"] == 3 and size["fair_share"] == pytest.approx(1 / 3)
    assert size["ismcts"] == FAST_ISMCTS and size["search"]["spec"] == FAST_SEARCH
    subject = size["subjects"]["shipped"]
    # no earlier 3p bot: no row e
    assert [r["row"] for r in subject["rows"]] == ["heuristic", "ismcts", "search", "mixed"]
    assert [r["label"] for r in subject["rows"]] == ["a", "b", "c", "d"]
    assert size["notes"]
    for row in subject["rows"] + subject["cross"]:
        table = json.loads((out / "tables" / row["table"]).read_text())
        seat = table["lineup"].index(table["lineup"][0]) if row in subject["rows"] else \
            table["fingerprint"]["specs"].index("shipped:politrickers")
        seeds = table["fingerprint"]["seeds"]
        assert all(s % 2 == 1 for s in seeds)  # report deals
        per_deal = [np.mean([(1 / len(g["winners"]) if seat in g["winners"] else 0.0)
                             for g in table["games"] if g["seed"] == s]) for s in seeds]
        assert row["games"] == len(table["games"]) == 3 * len(seeds)
        assert row["win_share"] == pytest.approx(np.mean(per_deal))
        assert row["ci95"] == pytest.approx(ratings.deal_interval(per_deal), nan_ok=True)
        assert row["above_fair"] == panel.verdict(row["ci95"], 1 / 3)
        # every seat of every deal: the bot sat in each seat once per deal
        assert sorted(g["seats"][seat] for g in table["games"]) == sorted(list(range(3)) * len(seeds))
        if row in subject["rows"]:  # the control: the heuristic in that seat, the same deals and other seats
            control = json.loads((out / "tables" / row["control_table"]).read_text())
            assert control["fingerprint"]["specs"] == ["heuristic"] + table["fingerprint"]["specs"][1:]
            assert control["fingerprint"]["seeds"] == seeds
            theirs = [np.mean([(1 / len(g["winners"]) if 0 in g["winners"] else 0.0)
                               for g in control["games"] if g["seed"] == s]) for s in seeds]
            assert [(g["seed"], g["seats"]) for g in control["games"]] == [(g["seed"], g["seats"])
                                                                             for g in table["games"]]
            diff = np.array(per_deal) - np.array(theirs)
            assert row["control_share"] == pytest.approx(np.mean(theirs))
            assert row["paired"] == pytest.approx(diff.mean())
            assert row["paired_ci95"] == pytest.approx(ratings.deal_interval(diff, lo=-1, hi=1), nan_ok=True)
            assert row["paired_verdict"] == panel.paired_verdict(row["paired_ci95"])
    lows = subject["rows"] + subject["cross"]
    assert subject["worst"] == min(lows, key=lambda r: (r["win_share"], r["ci95"][0] if not math.isnan(
        r["ci95"][0]) else -1))
    assert subject["rows"][0]["games"] == 6 and subject["rows"][1]["games"] == 6
    assert len(subject["cross"]) == 6  # the shipped bot with 2 of the other 4 agents: C(4, 2) tables
    assert subject["worst_paired"] == min(subject["rows"], key=lambda r: r["paired"])
    assert set(size["ratings"]) == {"shipped", "heuristic", "IS-MCTS", "search", "random"}
    # the opponents' own strength, against 2 heuristic on the line-ups' deals
    assert set(size["opponents"]) == {"IS-MCTS", "search", "random"}
    for name, o in size["opponents"].items():
        table = json.loads((out / "tables" / o["table"]).read_text())
        assert table["fingerprint"]["specs"] == [size["agents"][name], "heuristic", "heuristic"]
        assert o["games"] == 6 and o["win_share"] == pytest.approx(
            np.mean([(1 / len(g["winners"]) if 0 in g["winners"] else 0.0) for g in table["games"]]))
    text = (out / "PANEL.md").read_text()
    assert "### politrickers, 3 players" in text and "| shipped | (a) 2 heuristic |" in text
    assert "| shipped | (b) 2 IS-MCTS |" in text and "| shipped | (c) 2 search |" in text
    assert "| shipped | (d) heuristic + IS-MCTS |" in text
    assert "win share vs 2 heuristic" in text and "| random | " in text and "paired difference" in text
    assert "Worst line-up" in text and "Cross-play" in text and "Deals: the report set" in text
    assert text.startswith("# Panel (games per table set by hand, report deals")  # not "quick": counts were set
    preset = dict(result, games_per_table={k: panel.BUDGETS["quick"][k] for k in ("heuristic", "lineup", "cross")})
    assert panel.markdown(preset).startswith("# Panel (quick, report deals")
    # the shipped bots' table takes each bot's worst line-up from the results
    from helpers import tool

    shipped_table = tool("shipped_table")
    cell = shipped_table.panel_worst(str(out / "panel.json"))[("politrickers", 3)]
    assert cell.startswith(f"{subject['worst']['win_share']:.3f}".join(["**"] * 2) if subject["worst"][
        "above_fair"] == "yes" else f"{subject['worst']['win_share']:.3f}") and subject["worst"]["lineup"] in cell
    body = shipped_table.table([str(out / "panel.json")])
    assert "worst line-up (panel)" in body and cell in body and "| democracy | 4 (default)" in body
    # resuming plays nothing and gives the same tables; a fresh run into the same folder is refused
    played = []
    again = tiny(out, resume=True, on_table=played.append)
    assert played == [] and json.dumps(again["per_size"]) == json.dumps(result["per_size"])  # (NaN != NaN)
    with pytest.raises(ConfigError, match="already holds panel tables"):
        tiny(out)
    # the select deals are others
    other = tiny(tmp_path / "s", seed_set="select", cross=False)
    row = other["per_size"][0]["subjects"]["shipped"]["rows"][0]
    assert not set(json.loads((tmp_path / "s" / "tables" / row["table"]).read_text())["fingerprint"]["seeds"]) \
        & set(json.loads((out / "tables" / subject["rows"][0]["table"]).read_text())["fingerprint"]["seeds"])
    assert other["per_size"][0]["ratings"] == {}
    assert "Deals: the selection set" in (tmp_path / "s" / "PANEL.md").read_text()


def test_cli(tmp_path, capsys):
    from hustings.cli import main

    out = tmp_path / "c"
    assert main(["panel", "--games", "politrickers", "--players", "3", "--ismcts", FAST_ISMCTS, "--search",
                 FAST_SEARCH, "--games-heuristic", "3", "--games-lineup", "3", "--no-cross", "--workers", "1",
                 "--no-progress", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "| shipped | (a) 2 heuristic | 3 |" in text and (out / "panel.json").is_file()
    assert f"--search {FAST_SEARCH}" in json.loads((out / "panel.json").read_text())["command"]
    assert main(["panel", "--games", "politrickers", "--search", "heuristic", "--out", str(tmp_path / "d")]) == 2
    assert "expected a search SPEC" in capsys.readouterr().err
    assert main(["panel", "--no-shipped", "--out", str(tmp_path / "e")]) == 2
