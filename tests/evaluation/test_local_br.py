"""The local best response (hustings.evaluation.local_br, ``hustings exploit --local``)."""
from __future__ import annotations

import json

import pytest

import hustings
from hustings.bots import spec as spec_mod
from hustings.core.match import play_game
from hustings.errors import ConfigError
from hustings.evaluation import local_br


def _responder(game: str, n: int, agent: str, worlds: int = 1, salt: int = 0):
    rules = hustings.registry.make_game(game, n)
    recipe = spec_mod.resolve(game, rules, [agent])[0]
    lbr = local_br.LocalBestResponse(lambda k: spec_mod.build(game, recipe, game=rules), n, worlds,
                                     hidden_commitments=rules.hidden_commitments, salt=salt)
    return rules, recipe, lbr


def test_finds_a_clear_edge_against_random():
    r = local_br.local_best_response("random", "politrickers", 4, worlds=2, deals=4, workers=1, progress=False,
                                     log=lambda *a: None)
    assert r["games"] == 16 and r["deals"] == 4
    assert r["edge"] > 0.15 and r["edge_ci95"][0] > 0 and r["exploitable"]
    assert r["win_share"] > r["target_share"]
    assert r["stats"]["deviations"] > 0 and r["stats"]["rollouts"] > 0


@pytest.mark.parametrize("game", ["democracy", "politix", "politrickers", "prime_minister"])
def test_only_legal_actions(game):
    rules, recipe, lbr = _responder(game, 3, "random")
    others = [spec_mod.build(game, recipe, game=rules) for _ in range(2)]
    seen = []

    def check(state, player, action):
        if player == 0:
            assert action in state.legal_actions()
            seen.append(action)

    state = play_game(rules, [lbr] + others, seed=5, on_action=check)
    assert state.is_terminal() and seen and lbr.stats["choices"] > 0


def test_ties_go_to_the_targets_move(monkeypatch):
    rules, recipe, lbr = _responder("politrickers", 4, "heuristic")
    lbr.reset(3)
    state = rules.new_initial_state(seed=3)
    me = state.current_player()
    heuristic = spec_mod.build("politrickers", recipe, game=rules)
    monkeypatch.setattr(lbr, "values", lambda st, p: dict.fromkeys(st.legal_actions(), 0.5))
    assert lbr.act(state, me) == heuristic.act(state, me)
    assert lbr.stats["deviations"] == 0
    # a strictly better action is taken instead
    legal = state.legal_actions()
    other = next(a for a in legal if a != heuristic.act(state, me))
    monkeypatch.setattr(lbr, "values", lambda st, p: {a: float(a == other) for a in st.legal_actions()})
    assert lbr.act(state, me) == other


def test_deterministic_under_a_seed():
    kw = dict(worlds=1, deals=2, workers=1, progress=False, log=lambda *a: None)
    a = local_br.local_best_response("heuristic", "politix", 3, **kw)
    b = local_br.local_best_response("heuristic", "politix", 3, **kw)
    keys = ("win_share", "target_share", "edge", "edge_ci95", "stats")
    assert {k: a[k] for k in keys} == {k: b[k] for k in keys}
    # another seed draws other worlds
    rules, recipe, one = _responder("politix", 3, "heuristic", worlds=2, salt=0)
    _, _, two = _responder("politix", 3, "heuristic", worlds=2, salt=1)
    draws = []
    for bot in (one, two):
        bot.reset(7)
        draws.append(bot.rng.random())
    assert draws[0] != draws[1]


def test_bad_input_is_one_error():
    kw = dict(progress=False, log=lambda *a: None)
    with pytest.raises(ConfigError, match="worlds"):
        local_br.local_best_response("random", "politix", 3, worlds=0, **kw)
    with pytest.raises(ConfigError, match="deals"):
        local_br.local_best_response("random", "politix", 3, deals=1, **kw)
    with pytest.raises(ConfigError):
        local_br.local_best_response("no-such-bot", "politix", 3, **kw)


def test_cli(tmp_path, capsys):
    from hustings.cli import main

    out = tmp_path / "lbr.json"
    assert main(["exploit", "random", "--game", "politrickers", "--players", "3", "--local", "--worlds", "1",
                 "--deals", "2", "--workers", "1", "--no-progress", "--json", str(out)]) == 0
    r = json.loads(out.read_text())
    assert r["schema"] == local_br.SCHEMA and r["games"] == 6 and "--local" in r["command"]
    assert "local best response to random" in capsys.readouterr().out
    # training options do not apply to it, nor its options to the training
    assert main(["exploit", "random", "--game", "politrickers", "--local", "--calibrate"]) != 0
    assert "--local trains nothing" in capsys.readouterr().err
    assert main(["exploit", "random", "--game", "politrickers", "--worlds", "3"]) != 0
    assert "expected --local" in capsys.readouterr().err
