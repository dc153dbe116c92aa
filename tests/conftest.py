"""The tests are grouped by concept in folders; ``helpers`` (and through it ``hustings.testing``) is shared by all."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


#: The smoke tier (``python -m pytest -m smoke -n 2``): every game's contract at its default size (hustings.testing),
#: the env API (PettingZoo's state and render tests), the vector env against the AEC envs, the Gymnasium vector env
#: (on the batched engine and on Python envs) and SB3's env checker, and one short training run; about two minutes
#: on two idle cores (the Gymnasium vector env of Democracy and Politix is left out: its first run compiles those
#: games' compiled bots, minutes). A test id here that no longer
#: exists fails tests/packaging/test_smoke_tier.py.
SMOKE = (
    "tests/contract/test_contract.py::test_every_game_passes_the_whole_contract_at_its_default_size",
    "tests/contract/test_pettingzoo_conventions.py::test_the_state_test_passes[democracy-4]",
    "tests/contract/test_pettingzoo_conventions.py::test_the_state_test_passes[politix-4]",
    "tests/contract/test_pettingzoo_conventions.py::test_the_state_test_passes[politrickers-4]",
    "tests/contract/test_pettingzoo_conventions.py::test_the_state_test_passes[prime_minister-4]",
    "tests/contract/test_pettingzoo_conventions.py::test_the_render_test_passes",
    "tests/contract/test_vector.py::test_a_batch_equals_aec_envs_across_auto_resets_in_both_reward_modes[democracy-4]",
    "tests/contract/test_vector.py::test_a_batch_equals_aec_envs_across_auto_resets_in_both_reward_modes[politix-4]",
    "tests/contract/test_vector.py::test_a_batch_equals_aec_envs_across_auto_resets_in_both_reward_modes"
    "[politrickers-4]",
    "tests/contract/test_vector.py::test_a_batch_equals_aec_envs_across_auto_resets_in_both_reward_modes"
    "[prime_minister-4]",
    "tests/training/test_training_selfplay.py::test_sb3_env_checker_passes",
    "tests/training/test_gym_vector.py::test_a_gymnasium_vector_env_for_every_game[politrickers]",
    "tests/training/test_gym_vector.py::test_a_gymnasium_vector_env_for_every_game[prime_minister]",
    "tests/training/test_training_run.py::test_each_game_config_trains_a_little[politrickers.yaml]",
)


def _smoke_id(nodeid: str) -> bool:
    """Whether a collected test is in the smoke tier: listed by its full id, or by its function for all params."""
    return nodeid in SMOKE or nodeid.split("[", 1)[0] in SMOKE


def pytest_collection_modifyitems(config, items):
    import pytest

    for item in items:
        if _smoke_id(item.nodeid):
            item.add_marker(pytest.mark.smoke)
