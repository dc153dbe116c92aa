"""Search with learned values (hustings.bots.search): ``leaf=value``, ``select=puct``, ``rollout=net``, ``model=net``,
``favourite=net`` and ``net=shipped|PATH``: option parsing and errors, the critic's values and their scale,
determinism, no leak of hidden cards, legal moves, and PUCT following the prior at tiny budgets."""
from __future__ import annotations

import os
import random

import numpy as np
import pytest

import hustings
from hustings import checkpoints, registry
from hustings.bots.policy import critic_from_checkpoint, load_actor_critic, load_checkpoint
from hustings.bots.search import ISMCTSBot, NetModel, PIMCBot, make_search_bot, parse_search_spec
from hustings.errors import ConfigError

GAMES = ("democracy", "politrickers")


def heuristic_position(game_name: str, seed: int, ply: int, n: int = 4):
    """The state after ``ply`` decisions of a seeded game of heuristic bots, moved on to a decision with 2+ moves."""
    game = registry.make_game(game_name, n)
    bots = [hustings.make_bot(game_name, "heuristic", seed=i) for i in range(n)]
    state = game.new_initial_state(seed=seed)
    steps = 0
    while not state.is_terminal() and (steps < ply or len(state.legal_actions()) < 2):
        p = state.current_player()
        state.apply_action(bots[p].act(state, p))
        steps += 1
    assert not state.is_terminal()
    return state


# --- options ---------------------------------------------------------------------------------------------------
def test_parse_value_options():
    kind, opts = parse_search_spec("ismcts:select=puct,leaf=value,net=shipped,rollout=net,model=net,favourite=net")
    assert kind == "ismcts"
    assert opts == {"select": "puct", "leaf": "value", "net": "shipped", "rollout": "net", "model": "net",
                    "favourite": "net"}
    assert parse_search_spec("pimc:net=Runs/Pop/policy.npz")[1]["net"] == "Runs/Pop/policy.npz"  # case kept
    assert parse_search_spec("pimc:net=SHIPPED")[1]["net"] == "shipped"


@pytest.mark.parametrize("spec, words", [
    ("ismcts:select=alphazero", "select"),
    ("ismcts:net=weights.bin", "net"),
    ("ismcts:leaf=critic", "leaf"),
    ("ismcts:rollout=policy", "rollout"),
])
def test_bad_value_options(spec, words):
    with pytest.raises(ConfigError, match=words):
        parse_search_spec(spec)


def test_option_errors_name_the_problem(tmp_path):
    with pytest.raises(ConfigError, match="select=puct is IS-MCTS's"):
        PIMCBot("democracy", select="puct")
    with pytest.raises(ConfigError, match="no such file"):
        ISMCTSBot("democracy", net=str(tmp_path / "missing.pt"))
    with pytest.raises(ConfigError, match="backend=python or auto"):
        ISMCTSBot("politrickers", leaf="value", backend="compiled")
    with pytest.raises(ConfigError, match="hidden commitments"):
        ISMCTSBot("politrickers", model="net")


def test_a_net_without_a_critic_is_a_config_error():
    """The shipped 5-player folders keep the actor alone (policy.npz, no policy.pt): leaf=value says so."""
    if os.path.isfile(os.path.join(checkpoints.folder("politrickers", 5), "policy.pt")):
        pytest.skip("the 5-player folder has a critic now")
    state = heuristic_position("politrickers", 3, 5, n=5)
    bot = make_search_bot("politrickers", "ismcts:leaf=value,iters=2", seed=0)
    with pytest.raises(ConfigError, match="needs a critic"):
        bot.act(state, state.current_player())
    # priors alone need no critic
    bot = make_search_bot("politrickers", "ismcts:select=puct,iters=2,depth=0,leaf=scores", seed=0)
    assert state.is_legal(bot.act(state, state.current_player()))


def test_leaf_value_stops_at_the_expansion_unless_a_depth_is_given():
    bot = ISMCTSBot("democracy", leaf="value")  # Democracy's default horizon=1 does not apply
    assert bot.depth == 0 and bot.horizon is None
    bot = ISMCTSBot("democracy", leaf="value", horizon=1)
    assert bot.depth is None and bot.horizon == 1
    assert ISMCTSBot("democracy", leaf="value")._compiled is None


# --- the net and its values ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game_name", GAMES)
def test_values_are_the_critic_on_each_seats_observation_clipped(game_name):
    import torch

    state = heuristic_position(game_name, 11, 30)
    game = state.game
    net = NetModel.load(game_name, "shipped", game, need_critic=True)
    data = load_checkpoint(os.path.join(checkpoints.folder(game_name), "policy.pt"))
    sd = data["policy_state"]
    values = net.values(state)
    assert len(values) == game.num_players
    for p in range(game.num_players):
        x = torch.as_tensor(state.observation(p), dtype=torch.float32)
        h = torch.tanh(sd["mlp_extractor.value_net.0.weight"] @ x + sd["mlp_extractor.value_net.0.bias"])
        h = torch.tanh(sd["mlp_extractor.value_net.2.weight"] @ h + sd["mlp_extractor.value_net.2.bias"])
        v = float(sd["value_net.weight"] @ h + sd["value_net.bias"])
        assert values[p] == pytest.approx(max(-1.0, min(1.0, v)), abs=1e-5)
        assert -1.0 <= values[p] <= 1.0
    assert net.trained["reward"]["mode"] == "win" and 0.9 < net.trained["gamma"] <= 1.0


def test_npz_finds_its_critic_beside_it_and_checkpoint_critics_are_checked():
    game = registry.make_game("democracy", 4)
    path = checkpoints.policy_path("democracy", 4)
    actor, critic, trained = load_actor_critic(path, game)
    assert critic is not None and trained["reward"]["shaping"] == 0.3
    data = load_checkpoint(os.path.join(checkpoints.folder("democracy"), "policy.pt"))
    broken = dict(data, policy_state={k: v for k, v in data["policy_state"].items() if k != "value_net.weight"})
    with pytest.raises(hustings.CheckpointError, match="value_net.weight"):
        critic_from_checkpoint(broken)


def test_a_checkpoint_path_is_a_net(tmp_path):
    """``net=PATH`` of a torch checkpoint (a training run's output) plays as the shipped net it copies."""
    import shutil

    src = os.path.join(checkpoints.folder("politrickers"), "policy.pt")
    dst = tmp_path / "checkpoint.pt"
    shutil.copy(src, dst)
    state = heuristic_position("politrickers", 5, 12)
    me = state.current_player()
    moves = [make_search_bot("politrickers", f"ismcts:select=puct,leaf=value,iters=12,net={net}", seed=3)
             .act(state, me) for net in ("shipped", str(dst))]
    assert moves[0] == moves[1]


# --- play --------------------------------------------------------------------------------------------------------
SPECS = ["ismcts:select=puct,leaf=value,iters=12", "pimc:leaf=value,iters=12",
         "ismcts:leaf=value,iters=10", "ismcts:select=puct,leaf=value,rollout=net,depth=6,iters=6"]


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_legal_and_deterministic_per_seed(game_name, spec):
    for seed, ply in ((1, 3), (2, 25)):
        state = heuristic_position(game_name, seed, ply)
        me = state.current_player()
        a = make_search_bot(game_name, spec, seed=7).act(state, me)
        b = make_search_bot(game_name, spec, seed=7).act(state.clone(), me)
        assert a == b and state.is_legal(a)


def test_democracy_with_the_nets_commitments_is_deterministic_and_legal():
    spec = "pimc:leaf=value,iters=16,model=net"
    for seed, ply in ((4, 10), (6, 40)):
        state = heuristic_position("democracy", seed, ply)
        me = state.current_player()
        a = make_search_bot("democracy", spec, seed=1).act(state, me)
        assert a == make_search_bot("democracy", spec, seed=1).act(state, me) and state.is_legal(a)


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("spec", ["ismcts:select=puct,leaf=value,iters=16", "pimc:leaf=value,iters=16"])
def test_no_leak_the_move_ignores_what_the_searcher_cannot_see(game_name, spec):
    """Change every card the searcher cannot see (other hands, hidden commitments, the deck) in the real state: the
    same seed plays the same move, though the other seats' values there differ (the test has teeth)."""
    changed = 0
    for seed, ply in ((3, 8), (8, 30), (12, 55)):
        state = heuristic_position(game_name, seed, ply)
        me = state.current_player()
        move = make_search_bot(game_name, spec, seed=5).act(state, me)
        net = NetModel.load(game_name, "shipped", state.game, need_critic=True)
        for k in range(2):
            other = state.sample_hidden(me, random.Random(100 + k))
            assert make_search_bot(game_name, spec, seed=5).act(other, me) == move
            changed += net.values(other) != net.values(state)
    assert changed > 0


@pytest.mark.parametrize("game_name", GAMES)
def test_puct_plays_the_priors_move_at_tiny_budgets(game_name):
    """One iteration expands the child of highest prior (every unvisited child has the same value), so the move
    played is the net's own; with c=0 and few iterations still a move the net rates above some other."""
    for seed, ply in ((1, 4), (2, 20), (3, 45)):
        state = heuristic_position(game_name, seed, ply)
        me = state.current_player()
        net = NetModel.load(game_name, "shipped", state.game, need_critic=False)
        bot = make_search_bot(game_name, "ismcts:select=puct,leaf=value,iters=1,prior=0", seed=0)
        assert bot.act(state, me) == net.act(state, me)
        root, done = bot.search(state, me)
        assert done == 1 and list(root.children) == [me * state.game.num_actions + net.act(state, me)]


def test_puct_prior_spreads_visits_by_the_nets_probabilities():
    """With values switched off (leaf=returns and no rollout: every leaf is worth 0 to every seat) the visits follow
    the priors: the most probable move gets the most visits."""
    state = heuristic_position("politrickers", 4, 10)
    me = state.current_player()
    net = NetModel.load("politrickers", "shipped", state.game, need_critic=False)
    bot = make_search_bot("politrickers", "ismcts:select=puct,leaf=returns,depth=0,iters=60,c=1,prior=0", seed=0)
    stats = bot.root_stats(state, me)
    logits = net.logits(state, me)
    best = max(state.legal_actions(), key=lambda a: logits[a])
    assert max(stats, key=lambda a: stats[a][0]) == best
    assert sum(v for v, _ in stats.values()) == 60


def test_net_rollouts_draw_from_the_nets_policy():
    """``NetModel.sample`` only draws legal moves, and mostly the net's favourite where it is confident."""
    state = heuristic_position("politrickers", 9, 15)
    net = NetModel.load("politrickers", "shipped", state.game, need_critic=False)
    rng = random.Random(0)
    draws = [net.sample(state, rng) for _ in range(200)]
    assert all(state.is_legal(a) for a in draws)
    logits = np.array(net.logits(state, state.current_player()))
    legal = state.legal_actions()
    p = np.exp(logits[legal] - logits[legal].max())
    p /= p.sum()
    top = legal[int(np.argmax(p))]
    assert abs(draws.count(top) / 200 - p.max()) < 0.12
