"""The vector bench's OpenSpiel reference measures observations both ways: from information_state_tensor()'s Python
list and through OpenSpiel's Observer API (the fair comparison), and the two tensors are the same."""
from __future__ import annotations

import numpy as np
import pytest


def test_the_observer_api_writes_the_information_state_tensor_and_is_measured():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation

    from hustings.bench.openspiel import openspiel_hearts_play

    game = pyspiel.load_game("hearts")
    observer = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    st = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(30):
        if st.is_chance_node():
            st.apply_action(st.chance_outcomes()[0][0])
        else:
            observer.set_from(st, st.current_player())
            assert np.array_equal(observer.tensor, np.asarray(st.information_state_tensor(), dtype=np.float32))
            st.apply_action(int(rng.choice(st.legal_actions())))
    for mode in (False, True, "observer"):
        assert openspiel_hearts_play(0.05, 0, tensor=mode) > 0
