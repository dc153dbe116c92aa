"""hustings.testing, the contract every game passes: run for every game and size, and shown to catch a broken game."""
from __future__ import annotations

import pytest

import hustings
from hustings import registry, testing

TABLES = [(i.name, n) for i in registry.all_info() for n in range(i.min_players, i.max_players + 1)]


@pytest.mark.parametrize("game", hustings.games())
def test_every_game_passes_the_whole_contract_at_its_default_size(game):
    testing.check_game(game, cross_process=False)


@pytest.mark.parametrize("game,n", TABLES)
def test_clones_are_independent_and_sampled_worlds_look_the_same_to_their_seat(game, n):
    testing.clone_independent(game, n, games=3)
    assert testing.sample_hidden_consistent(game, n, games=3, draws=2) > 0


def test_the_contract_catches_a_sampler_that_shows_a_seat_another_hand(monkeypatch):
    game_class = registry.info("politrickers").game_class
    state_class = type(game_class(4).new_initial_state(seed=0))
    # a "sampler" that deals a fresh game: the seat's own hand changes, which it would see
    monkeypatch.setattr(state_class, "sample_hidden", lambda self, player, rng: self.game.new_initial_state(seed=12345))
    with pytest.raises(AssertionError, match="can tell a sampled world"):
        testing.sample_hidden_consistent("politrickers", 4, games=3)


def test_the_contract_catches_a_clone_that_shares_its_state(monkeypatch):
    state_class = type(registry.make_game("democracy").new_initial_state(seed=0))
    monkeypatch.setattr(state_class, "clone", lambda self: self)
    with pytest.raises(AssertionError, match="playing a clone changed its original"):
        testing.clone_independent("democracy", 4)
