"""Tournaments: sanity of the statistics on scripted bots, duplicate deals, determinism, output formats, errors."""
from __future__ import annotations

import glob
import json
import os

import pytest

from hustings.core.rules import ConfigError
from hustings.evaluation.evaluate import bot_names, markdown, tournament, wilson
from helpers import ROOT


def test_random_vs_random_is_fair():
    res = tournament("democracy", ["random"], 400, num_players=4, seed=1, progress=False)
    assert res["games"] == 400 and len(res["bots"]) == 4
    for name, r in res["bots"].items():
        lo, hi = r["ci95"]
        assert lo < 0.25 < hi, (name, r)
        assert r["games"] == 400
    # Every game is won by someone (shares add up to 1) and each bot sat in every seat equally often.
    assert sum(r["win_rate"] for r in res["bots"].values()) == pytest.approx(1.0 - res["truncated"] / 400)


def test_heuristic_beats_random_significantly():
    res = tournament("democracy", ["heuristic", "random", "random", "random"], 200, num_players=4, seed=2,
                     progress=False, workers=2)
    h = res["bots"]["heuristic"]
    assert h["ci95"][0] > 0.25  # the lower 95% bound above the fair share
    for name in ("random#1", "random#2", "random#3"):
        assert res["bots"][name]["ci95"][1] < 0.25
        assert res["bots"][name]["rating"] < h["rating"]
    assert h["mean_score"] > res["bots"]["random#1"]["mean_score"]
    md = markdown(res)
    assert "| heuristic | 200 |" in md and "above" in md


def test_duplicate_deals_rotate_every_bot_through_every_seat():
    res = tournament("democracy", ["heuristic", "random", "random"], 30, num_players=3, seed=5, progress=False,
                     workers=1)
    assert res["games"] == 30 and res["duplicate_sets"] == 10
    # Same results whatever the number of worker processes.
    again = tournament("democracy", ["heuristic", "random", "random"], 30, num_players=3, seed=5, progress=False,
                       workers=2)
    assert again["bots"] == res["bots"]
    assert len(res["bots"]["heuristic"]["seat_win_rate"]) == 3


def test_wilson_interval():
    lo, hi = wilson(0.5, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0.0, 10)[0] == 0.0 and wilson(1.0, 10)[1] == pytest.approx(1.0)


def test_names_and_errors(tmp_path):
    assert bot_names(["random", "heuristic", "random"]) == ["random#1", "heuristic", "random#2"]
    assert bot_names(["a/x/policy.pt", "heuristic"]) == ["policy.pt", "heuristic"]
    with pytest.raises(ConfigError, match="3 bots for 4 seats"):
        tournament("democracy", ["random"] * 3, 4, num_players=4, progress=False)
    with pytest.raises(ConfigError, match="unknown bot 'genius'"):
        tournament("democracy", ["genius"], 4, num_players=4, progress=False)
    with pytest.raises(ConfigError, match="unknown game"):
        tournament("chess", ["random"], 4, progress=False)
    bad = tmp_path / "bad.pt"
    bad.write_bytes(b"\x00" * 10)
    with pytest.raises(ValueError, match="corrupt or not a checkpoint"):
        tournament("democracy", [str(bad), "random", "random", "random"], 4, num_players=4, progress=False)


def test_cli_json_and_markdown(tmp_path, capsys):
    from hustings.cli import main

    js, md = tmp_path / "r.json", tmp_path / "r.md"
    assert main(["evaluate", "democracy", "--players", "3", "--bots", "heuristic", "random", "random",
                 "--games", "12", "--json", str(js), "--markdown", str(md), "--no-progress"]) == 0
    data = json.loads(js.read_text())
    for name, r in data["bots"].items():
        assert set(r) >= {"games", "win_rate", "ci95", "mean_score"}
        assert r["games"] == 12 and len(r["ci95"]) == 2
    assert "| bot | games | win rate | 95% CI |" in md.read_text()
    assert "heuristic" in capsys.readouterr().out
    assert main(["evaluate", "democracy", "--bots", "random", "random", "--games", "4", "--no-progress"]) == 2
    assert main(["evaluate", "democracy", "--bots", "random", "--option", "max_islands=0", "--games", "4",
                 "--no-progress"]) == 2


def test_policy_checkpoint_must_match_the_table(tmp_path):
    from hustings.training.config import load_config
    from hustings.training.train import save_checkpoint

    import torch
    from sb3_contrib import MaskablePPO
    from hustings.training.selfplay import SelfPlayEnv

    import os
    root = ROOT
    cfg = load_config(os.path.join(root, "configs", "smoke.yaml")).replace({"output_dir": str(tmp_path)})
    model = MaskablePPO("MlpPolicy", SelfPlayEnv("democracy", 4), n_steps=64, batch_size=64,
                        policy_kwargs={"net_arch": [64, 64], "activation_fn": torch.nn.Tanh})
    path = tmp_path / "p.pt"
    save_checkpoint(str(path), cfg, model, [], [], 0.0, kind="policy")
    res = tournament("democracy", [str(path), "random", "random", "random"], 8, num_players=4, progress=False,
                     workers=1)
    assert res["bots"]["p.pt"]["games"] == 8
    with pytest.raises(ValueError, match="trained on democracy with 4 players; expected democracy with 3"):
        tournament("democracy", [str(path), "random", "random"], 6, num_players=3, progress=False)


SHIPPED = sorted(
    os.path.join(d, "policy.pt")
    for d in glob.glob(os.path.join(ROOT, "checkpoints", "*"))
    if os.path.isfile(os.path.join(d, "policy.pt")))


@pytest.mark.parametrize("path", SHIPPED, ids=[os.path.basename(os.path.dirname(p)) for p in SHIPPED])
def test_shipped_policies_load_and_play(path):
    """Each shipped bot still fits its game (observation layout, sizes) and plays legal moves."""
    from hustings.training.policy import load_checkpoint

    data = load_checkpoint(path)
    assert data["kind"] == "policy" and os.path.getsize(path) < 5_000_000
    n = data["num_players"]
    res = tournament(data["game"], [path] + ["random"] * (n - 1), 2 * n, num_players=n,
                     game_options=data["game_options"], progress=False, workers=1)
    assert res["games"] == 2 * n


# --- duplicate deals, observed directly: who sat where, and which deal each game started from ------------------
def _spy_tournament(monkeypatch, bots: list[str], games: int, num_players: int, seed: int) -> list[dict]:
    """Run ``tournament`` in this process with spies: the initial state of every game (as JSON) and, for every
    move, which bot object acted from which seat. Returns one dict per game: ``deal`` and ``seat_of`` (bot -> seat).
    """
    import hustings
    from hustings.evaluation import evaluate

    game_class = hustings.game_module("democracy").raw_env.game_class
    played: list[dict] = []
    real_new = game_class.new_initial_state

    def new_initial_state(self, seed=None, deal=None):
        state = real_new(self, seed=seed, deal=deal)
        played.append({"deal": json.dumps(state.to_json(), sort_keys=True), "seat_of": {}})
        return state

    real_init = evaluate._init_worker

    def init_worker(*args, **kwargs):
        real_init(*args, **kwargs)
        for b, bot in enumerate(evaluate._WORKER["bots"]):
            real_act = bot.act

            def act(state, player, b=b, real_act=real_act):
                seen = played[-1]["seat_of"].setdefault(b, player)
                assert seen == player, f"bot {b} moved from seats {seen} and {player} in one game"
                return real_act(state, player)
            bot.act = act

    monkeypatch.setattr(game_class, "new_initial_state", new_initial_state)
    monkeypatch.setattr(evaluate, "_init_worker", init_worker)
    # the rules-module path, where the spies sit (the batched path plays the same games: test_batch_play.py)
    res = tournament("democracy", bots, games, num_players=num_players, seed=seed, progress=False, workers=1,
                     batched=False)
    assert res["games"] == len(played)
    return played


@pytest.mark.parametrize("n", [3, 4])
def test_each_bot_sits_in_every_seat_once_per_deal_set(monkeypatch, n):
    """Within every duplicate set, each bot plays from each seat exactly once, and every game of the set starts
    from the very same deal, while different sets are different deals."""
    played = _spy_tournament(monkeypatch, ["heuristic"] + ["random"] * (n - 1), 3 * n, n, seed=11)
    assert len(played) == 3 * n
    sets = [played[i:i + n] for i in range(0, len(played), n)]
    for games in sets:
        assert len({g["deal"] for g in games}) == 1, "the rotations of one set started from different deals"
        for b in range(n):
            seats = sorted(g["seat_of"][b] for g in games)
            assert seats == list(range(n)), f"bot {b} sat in seats {seats} over one deal set"
        # every game of the set seats the bots differently (a true rotation, not a repeat)
        assert len({tuple(sorted(g["seat_of"].items())) for g in games}) == n
    assert len({s[0]["deal"] for s in sets}) == len(sets), "two duplicate sets were dealt the same cards"
