"""Evaluation that needs fewer games: control variates keep the mean (and a peeking estimate is caught), deal packs,
the stopping rule stays valid under repeated looks, the multiplier is reported."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest

import hustings
from hustings.bots import spec
from hustings.core.rules import ConfigError
from hustings.evaluation import sequential, variance
from hustings.evaluation.evaluate import build_bot, markdown, tournament

#: A sum of mean-zero terms over these many packs stays within this many standard errors of 0 except with
#: probability about 5e-4 (normal tails): far enough that an unbiased estimator passes, close enough that the
#: biased ones below (tens of standard errors off on the same games) fail.
Z = 3.5


def play(game_name: str, specs: list[str], packs: int, options: str, first: int = 500, make_value=None):
    game = hustings.registry.make_game(game_name, len(specs), {})
    recipes = spec.resolve(game_name, game, specs)
    est = variance.Estimator(game_name, game, recipes, variance.parse_options(options))
    bots = [build_bot(game_name, r, game=game) for r in recipes]
    return [est.play(bots, first + i, r, make_value=make_value) for i in range(packs) for r in range(len(specs))]


def z_of_terms(games: list[dict], b: int) -> float:
    """How many standard errors (over packs) bot ``b``'s mean correction is from 0: the largest of its chance terms',
    its decision terms' and their sum's (each has mean zero for an unbiased estimator)."""
    _, terms = variance.packs(games, b)
    worst = 0.0
    for d in (terms[:, 0], terms[:, 1], terms.sum(axis=1)):
        sd = d.std(ddof=1)
        if sd > 0:
            z = float(d.mean() / (sd / math.sqrt(len(d))))
            worst = z if abs(z) > abs(worst) else worst
    return worst


def peeking(est_options: str, game_name: str, specs: list[str]):
    """A value estimate that peeks: on the real game's states it answers with how the game really ended (the cards
    dealt later, the moves still to come), elsewhere it is the honest estimate."""
    game = hustings.registry.make_game(game_name, len(specs), {})
    est = variance.Estimator(game_name, game, spec.resolve(game_name, game, specs),
                             variance.parse_options(est_options))

    def make(trace, seating):
        honest = est.value_for(seating)
        real = {id(trace.initial)} | {id(s.after) for s in trace.steps}
        final = variance.win_shares(trace.final)
        return lambda st: final if id(st) in real else honest(st)

    return make


LINE = ["heuristic", "random"]
OPTS = "alternatives=2,decisions=off,beta=0.3"


@pytest.fixture(scope="module")
def honest_games():
    return play("democracy", LINE, 60, OPTS)


def test_corrected_mean_equals_raw_mean_and_a_peeking_value_is_caught(honest_games):
    # the honest estimate: the corrections' mean is 0 within its interval, for both bots
    for b in range(2):
        assert abs(z_of_terms(honest_games, b)) < Z
    # the same games, valued by an estimate that has seen the end of each game: caught by the same test
    peek = play("democracy", LINE, 60, OPTS, make_value=peeking(OPTS, "democracy", LINE))
    assert [g["winners"] for g in peek] == [g["winners"] for g in honest_games]  # the same games
    assert max(abs(z_of_terms(peek, b)) for b in range(2)) > Z


@pytest.mark.slow
def test_probabilities_that_are_not_the_bots_are_caught(monkeypatch):
    # decision terms with the wrong probabilities: the random bot's moves valued as if it played the heuristic's
    heuristic = hustings.registry.info("democracy").bots["heuristic"](seed=0)

    def wrong(bot, state, player):
        legal = state.legal_actions()
        if bot.name != "random" or len(legal) < 2:
            return None
        return (np.asarray(legal) == heuristic.act(state, player)).astype(float)

    monkeypatch.setattr(variance, "known_policy", wrong)
    games = play("democracy", LINE, 48, "alternatives=1")
    assert abs(z_of_terms(games, 1)) > Z


def test_decision_terms_of_a_random_bot_keep_the_mean():
    games = play("democracy", LINE, 12, "alternatives=1")
    assert sum(g["terms"]["decisions"] for g in games) > 100  # the random bot's moves were corrected
    for b in range(2):
        assert abs(z_of_terms(games, b)) < Z


@pytest.mark.slow
@pytest.mark.parametrize("game_name,specs", [("democracy", ["heuristic", "random"]),
                                             ("politrickers", ["heuristic", "random", "random"]),
                                             ("democracy", ["heuristic", "heuristic", "random"])])
def test_unbiased_over_many_seeds(game_name, specs):
    games = play(game_name, specs, 150, "alternatives=2", first=10_000)
    for b in range(len(specs)):
        assert abs(z_of_terms(games, b)) < Z, (specs[b], z_of_terms(games, b))


def test_the_traced_game_is_the_played_game():
    # the corrections never change the game: the same winners and scores as the tournament's own games
    res = tournament("democracy", LINE, 8, num_players=2, seed=3, progress=False, workers=1, batched=False)
    vr = tournament("democracy", LINE, 8, num_players=2, seed=3, progress=False, workers=1,
                    variance_reduction=variance.parse_options(OPTS))
    for name in res["bots"]:
        assert vr["bots"][name]["win_rate"] == res["bots"][name]["win_rate"]
        assert vr["bots"][name]["mean_score"] == res["bots"][name]["mean_score"]
        assert vr["variance_reduction"]["bots"][name]["raw_win_share"] == pytest.approx(res["bots"][name]["win_rate"])


def test_deal_packs_group_every_rotation_of_a_deal(honest_games):
    raw, terms = variance.packs(honest_games, 0)
    assert len(raw) == 60 and terms.shape == (60, 2)
    by_deal = {}
    for g in honest_games:
        by_deal.setdefault(g["seed"], []).append(g)
    for (seed, games), value in zip(sorted(by_deal.items()), raw):
        assert sorted(g["seats"][0] for g in games) == [0, 1]  # bot 0 sat in every seat of the deal
        assert value == pytest.approx(np.mean([variance.raw_share(g, 0) for g in games]))


def test_multiplier_is_reported_and_is_the_ratio_of_variances(honest_games):
    s = variance.summary(["heuristic", "random"], honest_games, "d" * 64, variance.parse_options(OPTS))
    r = s["bots"]["heuristic"]
    raw, terms = variance.packs(honest_games, 0)
    cor, weights = variance.crossfit(raw, terms)
    assert r["multiplier"] == pytest.approx(np.var(raw, ddof=1) / np.var(cor, ddof=1))
    assert r["corrected_win_share"] == pytest.approx(cor.mean())
    assert r["raw_ci95"][0] < r["raw_win_share"] < r["raw_ci95"][1]
    assert s["packs"] == 60 and s["terms"]["chance"] > 60


def test_crossfit_weights_come_from_the_other_fold():
    rng = np.random.default_rng(0)
    terms = rng.normal(size=(40, 2))
    raw = 0.3 - terms @ np.array([0.8, 0.0]) + 0.01 * rng.normal(size=40)
    cor, weights = variance.crossfit(raw, terms)
    assert weights[0][0] == pytest.approx(0.8, abs=0.05) and weights[0][1] == pytest.approx(0.0, abs=0.05)
    assert np.var(cor) < np.var(raw) / 100
    # a pack's own value does not move its weights
    raw2 = raw.copy()
    raw2[0] += 5.0
    cor2, _ = variance.crossfit(raw2, terms)
    assert cor2[0] - cor[0] == pytest.approx(5.0)


def test_evaluate_reports_raw_and_corrected_with_digest(tmp_path):
    opts = variance.parse_options("alternatives=2,decisions=off")
    res = tournament("democracy", ["heuristic", "random", "random"], 12, num_players=3, seed=7, progress=False,
                     workers=1, variance_reduction=opts)
    vr = res["variance_reduction"]
    assert len(vr["estimator"]["digest"]) == 64 and vr["packs"] == 4
    for r in vr["bots"].values():
        assert {"raw_win_share", "raw_ci95", "corrected_win_share", "corrected_ci95", "multiplier"} <= set(r)
    json.dumps(res)  # JSON-able
    assert "corrected win share" in markdown(res)
    # the digest names the estimate: the same options give the same digest, others another
    game = hustings.registry.make_game("democracy", 3, {})
    recipes = spec.resolve("democracy", game, ["heuristic", "random", "random"])
    same = variance.Estimator("democracy", game, recipes, opts).digest
    other = variance.Estimator("democracy", game, recipes, dict(opts, rollouts=2)).digest
    assert same == vr["estimator"]["digest"] != other


@pytest.mark.parametrize("text,word", [("rollouts=0", "rollouts"), ("policy=magic", "policy"), ("nope", "nope"),
                                       ("horizon=-1", "horizon"), ("beta=inf", "beta"),
                                       ("decisions=maybe", "on or off")])
def test_bad_options_name_what_was_expected(text, word):
    with pytest.raises(ConfigError, match=word) as err:
        variance.parse_options(text)
    assert "expected" in str(err.value)


def test_bad_margin_and_records_are_config_errors(tmp_path):
    with pytest.raises(ConfigError, match="until_significant"):
        tournament("democracy", ["random"], 4, num_players=2, progress=False, until_significant=-0.1)
    with pytest.raises(ConfigError, match="records"):
        tournament("democracy", ["random"], 4, num_players=2, progress=False, records_dir=str(tmp_path),
                   variance_reduction=variance.parse_options(""))


# --- stopping when the answer is known ---------------------------------------------------------------------------
def pack_draw(p: float, n: int = 4):
    return lambda rng, k: rng.binomial(n, p, size=k) / n


def test_confidence_sequence_rarely_stops_a_fair_bot_and_the_fixed_interval_does():
    # 120 runs of a bot exactly at fair share, looked at after every pack up to 150 packs
    cs = sequential.simulate(pack_draw(0.25), 150, 0.25, 0.0, 120, seed=1, scale=sequential.pack_scale(4))
    naive = sequential.simulate(pack_draw(0.25), 150, 0.25, 0.0, 120, seed=1, fixed=True)
    assert cs["stopped"] <= 0.05
    assert naive["stopped"] > 0.2  # repeated looks at a fixed interval: far more than its 5%


def test_confidence_sequence_stops_early_on_a_clear_line():
    clear = sequential.simulate(pack_draw(0.5), 200, 0.25, 0.02, 50, seed=2, scale=sequential.pack_scale(4))
    assert clear["stopped"] == 1.0 and clear["mean_packs"] < 60
    # any fixed tuning keeps the guarantee: tuned for a spread 4 times too large, it still rarely stops a fair bot
    assert sequential.simulate(pack_draw(0.25), 100, 0.25, 0.0, 60, seed=3, scale=1.0)["stopped"] <= 0.05


def test_confidence_sequence_is_wider_than_the_fixed_interval():
    x = np.random.default_rng(3).binomial(4, 0.3, size=100) / 4
    lo, hi = sequential.confidence_sequence(x)
    half = 1.959964 * x.std(ddof=1) / 10
    assert hi - lo > 2 * half and lo < x.mean() < hi


def test_until_significant_stops_a_clear_line_and_runs_a_fair_one_to_its_cap():
    clear = tournament("democracy", ["heuristic", "random", "random", "random"], 400, num_players=4, seed=1,
                       progress=False, workers=1, until_significant=0.02, log=lambda *a: None)
    stop = clear["until_significant"]
    assert stop["verdict"] == "above" and stop["stopped_early"]
    assert clear["games"] == 4 * stop["packs"] < 400
    fair = tournament("democracy", ["heuristic"], 48, num_players=4, seed=1, progress=False, workers=1,
                      until_significant=0.02, log=lambda *a: None)
    assert fair["until_significant"]["verdict"] is None and fair["games"] == 48


def test_benchmark_reports_corrected_win_shares(tmp_path, monkeypatch):
    from hustings.evaluation import benchmark, reference

    offered = []  # the set tasks offered to the reference tables: never one with corrections

    def take(todo, tasks, found):
        offered.extend(tasks)
        return [], tasks

    monkeypatch.setattr(reference, "load", lambda: ({}, "no reference tables here"))
    monkeypatch.setattr(reference, "take", take)
    res = benchmark.benchmark(games=["democracy"], players=[2], ladder_specs=["random", "heuristic"], sets=2,
                              rr_sets=1, out=str(tmp_path / "b"), workers=1, progress=False, log=lambda *a: None,
                              variance_reduction=variance.parse_options("alternatives=1,decisions=off"))
    row = res["per_size"][0]["agents"]["random"]
    vr = row["variance_reduction"]
    assert vr["packs"] == 2 and len(vr["estimator"]["digest"]) == 64
    assert vr["raw_win_share"] == pytest.approx(row["win_share"])  # the same games as the plain table
    assert "--variance-reduction alternatives=1,decisions=off" in res["command"]
    assert "corrected win share" in (tmp_path / "b" / "BENCHMARKS.md").read_text()
    assert offered and all(t["variance_reduction"] is None for t in offered)
    assert {t["table"] for t in offered} == {p.name for p in (tmp_path / "b" / "tables").iterdir()
                                             if "round_robin" in p.name}  # the round robins, not the gauntlets


def test_known_probabilities_match_what_the_bots_play():
    # the random bot and Politrickers' heuristic tie-break: the stated odds are the frequencies of the bot's moves
    from hustings.core.match import play_game

    game = hustings.registry.make_game("politrickers", 4, {})
    info = hustings.registry.info("politrickers")
    states = []
    play_game(game, [info.bots["heuristic"](seed=p) for p in range(4)], seed=5,
              on_action=lambda st, p, a: states.append(st.clone()))
    checked = 0
    for st in states:
        p = st.current_player()
        legal = st.legal_actions()
        for kind in ("heuristic", "random"):
            pi = variance.known_policy(info.bots[kind](seed=0), st, p)
            if pi is None:
                continue
            picks = [info.bots[kind](seed=s).act(st, p) for s in range(400)]
            freq = np.array([picks.count(a) for a in legal]) / 400
            assert np.abs(freq - pi).max() < 0.12 and (freq[pi == 0] == 0).all()
            checked += 1
    assert checked > 10


def test_panel_rows_carry_the_corrected_win_share(honest_games):
    from hustings.evaluation import panel

    saved = {"games": honest_games, "fingerprint": {"variance_reduction": {"digest": "e" * 64}}}
    row = panel.corrected_row(saved, 0)
    raw, terms = variance.packs(honest_games, 0)
    cor, _ = variance.crossfit(raw, terms)
    assert row["raw_win_share"] == pytest.approx(raw.mean()) and row["corrected_win_share"] == pytest.approx(cor.mean())
    assert row["multiplier"] == pytest.approx(np.var(raw, ddof=1) / np.var(cor, ddof=1)) and row["digest"] == "e" * 64
    assert variance.command_text(None) == "" and variance.command_text(variance.parse_options("")) == \
        " --variance-reduction"
    assert variance.command_text(variance.parse_options("decisions=off,horizon=none")) == \
        " --variance-reduction horizon=none,decisions=off"


def test_a_sampling_net_has_known_probabilities_and_an_argmax_net_none():
    from hustings.bots.policy import PolicyBot
    from hustings.core.match import play_game

    game = hustings.registry.make_game("democracy", 4, {})
    recipe = spec.resolve("democracy", game, ["shipped:democracy"])[0]
    argmax = build_bot("democracy", recipe, game=game)
    states = []
    play_game(game, [hustings.registry.info("democracy").bots["random"](seed=p) for p in range(4)], seed=2,
              on_action=lambda st, p, a: states.append(st.clone()))
    st = next(s for s in states if len(s.legal_actions()) >= 4)
    p = st.current_player()
    assert variance.known_policy(argmax, st, p) is None  # all on one move: no term
    sampler = PolicyBot(argmax.policy, deterministic=False, seed=0)
    pi = variance.known_policy(sampler, st, p)
    legal = st.legal_actions()
    picks = []
    for s in range(600):
        sampler.reset(s)
        picks.append(sampler.act(st, p))
    freq = np.array([picks.count(a) for a in legal]) / 600
    assert pi.sum() == pytest.approx(1.0) and np.abs(freq - pi).max() < 0.07


def test_horizon_auto_is_the_games_own_and_politix_plays_out_to_the_end():
    def resolved(game_name: str, text: str):
        game = hustings.registry.make_game(game_name, 2, {})
        return variance.Estimator(game_name, game, spec.resolve(game_name, game, ["heuristic"] * 2),
                                  variance.parse_options(text)).options["horizon"]

    assert variance.parse_options("")["horizon"] == "auto" == variance.parse_options("horizon=auto")["horizon"]
    assert resolved("politix", "") is None and resolved("democracy", "") == 1
    assert resolved("politix", "horizon=2") == 2 and resolved("democracy", "horizon=none") is None
    assert variance.command_text(variance.parse_options("horizon=auto")) == " --variance-reduction"
    # Politix's deal is almost all its chance: playouts to the end of two deterministic bots follow the result
    games = play("politix", ["heuristic", "heuristic"], 6, "alternatives=2")
    assert all(g["terms"]["chance"] >= 1 for g in games)
    for b in range(2):
        assert abs(z_of_terms(games, b)) < Z


@pytest.mark.slow
def test_politix_playouts_to_the_end_keep_the_mean():
    games = play("politix", ["heuristic", "random"], 150, "alternatives=2,decisions=off", first=20_000)
    for b in range(2):
        assert abs(z_of_terms(games, b)) < Z, z_of_terms(games, b)


def test_panel_rows_option_plays_only_those_rows(tmp_path):
    from hustings.evaluation import panel

    def planned(rows):
        return panel.plan_size("democracy", 4, [], True, panel.BUDGETS["quick"], "report", panel.PANEL_SEED,
                               panel.ismcts_spec("democracy"), str(tmp_path), False, None, rows)

    full, some = planned(None), planned(["a", "e"])
    assert {t["row"] for t in some["tables"] if t["kind"] == "lineup"} <= {"heuristic", "previous"}
    assert any(t["row"] == "heuristic" and t["kind"] == "lineup" for t in some["tables"])
    # every table kept is the full panel's own (same line-up, same deals), the controls included
    files = {t["file"]: t["fingerprint"] for t in full["tables"]}
    assert all(files[t["file"]] == t["fingerprint"] for t in some["tables"])
    assert all(t["kind"] != "strength" or any(t["lineup"][0] in u["lineup"] for u in some["tables"]
                                              if u["kind"] == "lineup") for t in some["tables"])
    assert not any("ismcts" in s for t in some["tables"] for s in t["specs"])
    assert "--rows a e" in panel.command_line(None, [4], [], True, "quick", {}, "report", panel.PANEL_SEED, None,
                                              False, 1, None, ["a", "e"])
    with pytest.raises(ConfigError, match="rows"):
        panel.panel(games=["democracy"], players=[4], rows=["z"], out=str(tmp_path / "p"), progress=False,
                    log=lambda *a: None)


def test_a_search_with_an_iteration_budget_is_drawn_again_from_fresh_seeds():
    # searches=K: each move of the search is valued against K other searches of the same position from fresh
    # seeds (its own draws again, as a chance step's); a timed search depends on the clock and is never drawn again
    game = hustings.registry.make_game("democracy", 2, {})
    bots = [build_bot("democracy", r, game=game) for r in spec.resolve("democracy", game, ["ismcts:iters=4",
                                                                                          "ismcts:seconds=0.01"])]
    assert variance.resamplable(bots[0]) and not variance.resamplable(bots[1])
    assert variance.parse_options("")["searches"] == 0 and variance.parse_options("searches=2")["searches"] == 2
    games = play("democracy", ["ismcts:iters=4", "heuristic"], 1, "alternatives=1,searches=1")
    plain = play("democracy", ["ismcts:iters=4", "heuristic"], 1, "alternatives=1")
    assert [g["winners"] for g in games] == [g["winners"] for g in plain]  # the same games
    assert sum(g["terms"]["decisions"] for g in games) > 0 == sum(g["terms"]["decisions"] for g in plain)
    again = play("democracy", ["ismcts:iters=4", "heuristic"], 1, "alternatives=1,searches=1")
    assert [g["correction"] for g in again] == [g["correction"] for g in games]  # fixed seeds: a fixed estimate


@pytest.mark.slow
def test_drawing_a_search_again_keeps_the_mean():
    games = play("democracy", ["ismcts:iters=8", "heuristic"], 80, "alternatives=1,searches=2", first=30_000)
    for b in range(2):
        assert abs(z_of_terms(games, b)) < Z, z_of_terms(games, b)
