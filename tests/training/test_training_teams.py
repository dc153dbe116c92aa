"""Team games in self-play: the learner's partners are played as configured (``opponents.partners``: the learner
itself or pool bots), and the learner's reward is its party's result."""
from __future__ import annotations

import numpy as np
import pytest

import hustings
from hustings.core.bots import Bot
from hustings.training.config import validate
from hustings.training.selfplay import SelfPlayEnv, make_vec_env, team_of


class SpyBot(Bot):
    """Plays like the wrapped scripted bot and records every seat it is asked to move for."""

    def __init__(self, game: str, name: str = "random"):
        super().__init__()
        self.inner = hustings.make_bot(game, name)
        self.seats: list[int] = []

    def reset(self, seed=None):
        self.inner.reset(seed)

    def act(self, state, player):
        self.seats.append(player)
        return self.inner.act(state, player)


def _play(env: SelfPlayEnv, options: dict, seed: int, chooser: str = "heuristic"):
    """One game; the learner's actions come from a scripted bot (``chooser``) at the seat the env asks for."""
    pick = hustings.make_bot(env.game_name, chooser)
    pick.reset(seed)
    acting, rewards, movers = [], [], []
    real_step = type(env.aec).step.__get__(env.aec)

    def spy(action):  # every move of the game, whoever makes it
        movers.append(env.aec._seat[env.aec.agent_selection])
        real_step(action)
    env.aec.step = spy
    obs, info = env.reset(seed=seed, options=options)
    while True:
        seat = env.acting_seat
        assert env.aec._seat[env.aec.agent_selection] == seat == info["acting_seat"]
        assert seat in env.team and info["seat"] == env.seat
        state = env.aec.game_state
        assert np.array_equal(obs, state.observation(seat))  # the acting seat's view
        assert np.array_equal(env.action_masks(), np.asarray(state.legal_mask(), dtype=bool))  # its legal moves
        acting.append(seat)
        obs, r, term, trunc, info = env.step(pick.act(state, seat))
        rewards.append(r)
        if term or trunc:
            return acting, rewards, movers, info, env.aec.game_state


def test_team_of():
    def teams(game, n, **opts):
        state = hustings.make(game, num_players=n, **opts)
        state.reset(seed=0)
        return [team_of(state.game_state, s) for s in range(n)]

    assert teams("politix", 4) == [[0, 1], [0, 1], [2, 3], [2, 3]]
    assert teams("politix", 5) == [[0, 1], [0, 1], [2, 3, 4], [2, 3, 4], [2, 3, 4]]
    assert teams("politix", 6, teams_3v3=True) == [[0, 1, 2]] * 3 + [[3, 4, 5]] * 3
    assert teams("politix", 3) == [[0], [1], [2]]
    assert teams("democracy", 4) == [[0], [1], [2], [3]]
    assert teams("politrickers", 4) == [[0], [1], [2], [3]]
    assert teams("prime_minister", 4) == [[0], [1], [2], [3]]  # the standard game: every player for itself
    pm4 = teams("prime_minister", 4, scenario=4)  # Repealing the Corn Laws: two parties of two
    assert all(len(t) == 2 and s in t for s, t in enumerate(pm4)) and len({tuple(t) for t in pm4}) == 2


@pytest.mark.parametrize("seat", [0, 3])
def test_partners_self_the_learner_plays_its_whole_party(seat):
    env = SelfPlayEnv("politix", 4, scripted={"random": 1.0}, partners="self")
    outcomes = set()
    for seed in range(6):
        spies = [SpyBot("politix"), SpyBot("politix")]
        acting, rewards, movers, info, state = _play(env, {"seat": seat, "opponents": spies}, seed)
        team = [0, 1] if seat < 2 else [2, 3]
        others = [s for s in range(4) if s not in team]
        assert env.team == team and env.seat == seat
        assert [env.opponent_names[s] for s in team] == ["learner", "learner"]
        assert set(acting) == set(team)  # both seats of the party are the learner's decisions
        assert spies[0].seats and set(spies[0].seats) == {others[0]} and set(spies[1].seats) == {others[1]}
        # every move was either asked of the learner or made by an opponent's bot, none by anyone else
        assert len(movers) == len(acting) + len(spies[0].seats) + len(spies[1].seats)
        assert sorted(s for s in movers if s in team) == sorted(acting)
        # the reward is the party's result, the same for both members, paid once at the end
        party = state.returns()
        assert party[team[0]] == party[team[1]]
        assert sum(rewards) == rewards[-1] == party[seat]
        assert info["win_share"] == ((1.0 / len(info["winners"])) if seat in info["winners"] else 0.0)
        outcomes.add(party[seat])
    assert 1.0 in outcomes and len(outcomes) > 1  # wins and losses/ties of the party reach the learner (seeded)


def test_partners_pool_the_partner_is_a_bot():
    env = SelfPlayEnv("politix", 4, scripted={"random": 1.0}, partners="pool")
    for seed in range(2):
        spies = [SpyBot("politix", "heuristic") for _ in range(3)]
        acting, rewards, movers, info, state = _play(env, {"seat": 1, "opponents": spies}, seed, chooser="random")
        assert env.team == [1] and set(acting) == {1}  # only the learner's own seat is asked
        assert set(spies[0].seats) == {0}  # the partner (seat 0) is played by its bot
        assert {s for sp in spies for s in sp.seats} == {0, 2, 3}
        assert sum(rewards) == rewards[-1] == state.returns()[1] == state.returns()[0]


def test_pool_draws_partners_and_self_never_does():
    for partners, partner_names in (("pool", {"random", "heuristic"}), ("self", {"learner"})):
        env = SelfPlayEnv("politix", 4, scripted={"random": 1.0, "heuristic": 1.0}, partners=partners)
        seen = set()
        for seed in range(20):
            env.reset(seed=seed)
            partner = env.seat ^ 1  # parties are seats 0-1 and 2-3
            seen.add(env.opponent_names[partner])
            assert env.opponents[partner] is None if partners == "self" else env.opponents[partner] is not None
        assert seen == partner_names


def test_prime_minister_scenario_4_party():
    env = SelfPlayEnv("prime_minister", 4, {"scenario": 4}, scripted={"heuristic": 1.0}, partners="self")
    acting, rewards, movers, info, state = _play(env, {"seat": 2}, seed=0)
    assert len(env.team) == 2 and 2 in env.team and set(acting) == set(env.team)
    assert state.party[env.team[0]] == state.party[env.team[1]]
    result = state.returns()
    assert result[env.team[0]] == result[env.team[1]] and sum(rewards) == pytest.approx(result[2])


def test_config_key_reaches_the_envs():
    for partners in ("self", "pool"):
        cfg = validate({"game": "politix", "n_envs": 2, "ppo": {"n_steps": 8, "batch_size": 8},
                        "opponents": {"scripted": {"random": 1.0}, "partners": partners}})
        venv = make_vec_env(cfg, seed=0)
        try:
            assert venv.venv.get_attr("partners") == [partners, partners]
            venv.reset()
            for _ in range(50):
                masks = venv.env_method("action_masks")
                venv.step(np.array([int(np.flatnonzero(m)[0]) for m in masks]))
        finally:
            venv.close()
    with pytest.raises(ValueError, match="partners"):
        SelfPlayEnv("politix", 4, partners="team")


def test_training_with_partners_self(tmp_path):
    """A tiny run where the learner plays its whole party trains end to end."""
    from hustings.training.train import train

    cfg = validate({"game": "politix", "seed": 1, "total_timesteps": 512, "n_envs": 2, "output_dir": str(tmp_path),
                    "ppo": {"n_steps": 128, "batch_size": 128, "n_epochs": 1, "net_arch": [32]},
                    "opponents": {"scripted": {"random": 1.0}, "partners": "self"},
                    "eval": {"every": 512, "games": 2, "final_games": 4, "baselines": ["random"]}})
    report = train(cfg, progress=False, log=lambda *a: None)
    assert report["timesteps"] == 512 and (tmp_path / "policy.pt").is_file()
