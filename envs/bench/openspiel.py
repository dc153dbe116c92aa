"""The OpenSpiel references (``pip install open-spiel``; each returns ``None`` without it): its Python ``ISMCTSBot``
over C++ ``hearts`` for ``--search`` and random play of ``hearts`` through pyspiel for ``--vector``.

Their loops step OpenSpiel's own states (chance nodes included), so they are raw pyspiel loops: the project's play
loop (:mod:`hustings.core.match`) plays hustings rules states with hustings bots.
"""
from __future__ import annotations

import random
import statistics
import time

import numpy as np


def openspiel_hearts(iterations: int, seed: int):
    """``(search, positions)`` for OpenSpiel's Python IS-MCTS over C++ hearts, or ``None`` without open_spiel."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rs = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), uct_c=2.0,
                           max_simulations=iterations, random_state=rs)
    states = []
    for k in range(20):
        r = np.random.RandomState(seed * 1000 + k)
        st = game.new_initial_state()
        while st.is_chance_node():  # the deal (and pass direction): then the first decision
            outcomes, probs = zip(*st.chance_outcomes())
            st.apply_action(int(r.choice(outcomes, p=probs)))
        states.append(st)

    def search(st) -> int:
        bot.step(st)
        return iterations

    def playout_length(st) -> int:  # decisions of one random playout (what a rollout plays), chance not counted
        st, steps = st.clone(), 0
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes, probs = zip(*st.chance_outcomes())
                st.apply_action(int(rs.choice(outcomes, p=probs)))
                continue
            legal = st.legal_actions()
            st.apply_action(legal[rs.randint(len(legal))])
            steps += 1
        return steps
    return search, states, statistics.mean(playout_length(st) for st in states for _ in range(5))




def openspiel_hearts_play(seconds: float, seed: int, tensor: bool | str) -> float | None:
    """Decisions per CPU-second of random play of OpenSpiel's C++ hearts through pyspiel (chance moves not counted),
    with the mover's information-state tensor to NumPy each decision if ``tensor``: ``True``, from
    ``information_state_tensor()`` (a Python list converted); ``"observer"``, through OpenSpiel's Observer API
    (``make_observation(...).set_from``, written in place into one NumPy buffer, the fast way); ``None`` without
    open_spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    observer = None
    if tensor == "observer":
        from open_spiel.python.observation import make_observation

        observer = make_observation(game, pyspiel.IIGObservationType(
            perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    decisions, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        st = game.new_initial_state()
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                st.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if observer is not None:
                observer.set_from(st, st.current_player())
            elif tensor:
                np.asarray(st.information_state_tensor(), dtype=np.float32)
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions / (time.process_time() - t0)


