"""Prime Minister: your own components (issue 16, part 4) -- ``make("prime_minister", components=...)``.

A component file in the schema of ``data/*.json`` replaces reconstructed values (an Uncertainty card, a Sector track)
and the game plays with them; every value the rulebook prints is checked (a field printed in the rulebook, the
Uncertainty deck's printed Vote odds and Royal Interference share), and every error is a ``ComponentError`` naming
the file, the entry and the field. The observation layout does not depend on the component data.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

import hustings
from hustings.core.rules import ComponentError, ConfigError
from hustings.prime_minister import rules as R
from hustings.prime_minister import user_components
from hustings.prime_minister.rules import A_ELECTION, PrimeMinisterGame


@pytest.fixture(autouse=True)
def shipped_data_after():
    yield
    user_components.activate(None, None)  # other tests read the shipped tables directly
    assert R.UNC_LIST[4]["election"] == -1 and R.SECTOR_LIST[0]["positions"][2] == 3


MINE = {"uncertainty": {"entries": [{"id": "U05", "election": 5, "vote": 6}]},  # reconstructed values (PM-D8)
        "sectors": [{"id": "Gentry", "partisan": dict(R.SECTOR_LIST[2]["partisan"],
                                                       conservative=[0, 0, 0, 0, 10, 20, 30, 40])}]}


def _election_with(game, unc):
    st = game.state_from_position({"phase": "election", "uncertainty": [unc]}, seed=2)
    st.apply_action(A_ELECTION)
    return next(e for e in st.events() if e["type"] == "election"), st


def test_own_uncertainty_card_changes_the_election():
    mine = PrimeMinisterGame(4, components=MINE)
    assert R.UNC_LIST[R.UNC_INDEX["U05"]]["election"] == 5 and R.UNC_LIST[R.UNC_INDEX["U05"]]["vote"] == 6
    ev, _ = _election_with(mine, "U05")
    assert ev["uncertainty_seats"] == 5 and ev["government_seats"] == ev["projection"] + 5
    shipped = PrimeMinisterGame(4)  # the shipped set again
    ev, _ = _election_with(shipped, "U05")
    assert ev["uncertainty_seats"] == -1
    ev, _ = _election_with(mine, "U05")  # the custom game re-installs its set when it makes a state
    assert ev["uncertainty_seats"] == 5


def test_own_sector_values_and_a_file_path(tmp_path):
    path = tmp_path / "my_cards.json"
    path.write_text(json.dumps(MINE))
    env = hustings.make("prime_minister", num_players=4, components=str(path))
    env.reset(seed=1)
    assert R.SECTOR_LIST[R.SECTOR_INDEX["Gentry"]]["partisan"]["conservative"][-1] == 40
    assert env.game.config()["components"] == str(path)
    saved = env.save_state()
    again = hustings.make("prime_minister", num_players=4, components=str(path))
    again.load_state(json.loads(json.dumps(saved)))
    assert again.game_state.to_json() == env.game_state.to_json()


def test_observation_layout_does_not_depend_on_the_components():
    mine, shipped = PrimeMinisterGame(4, components=MINE), PrimeMinisterGame(4)
    assert mine.observation_size == shipped.observation_size and mine.fields == shipped.fields
    assert mine.num_actions == shipped.num_actions
    st = mine.new_initial_state(seed=0)
    assert st.observation(0).shape == (shipped.observation_size,) and np.isfinite(st.observation(0)).all()


BAD = [
    ({"uncertainty": [{"id": "U01", "vote": 5}]}, r"uncertainty: entry 'U01': field 'vote'.*prints -1 \(L1399"),
    ({"uncertainty": [{"id": "U07", "election": 0}]}, r"entry 'U07': field 'election'.*prints -9"),
    ({"uncertainty": [{"id": "U02", "vote": 9}]}, r"field 'vote'.*1 in 6 \(L806-807\)"),
    ({"uncertainty": [{"id": "U03", "royal_interference": 312}]}, r"royal_interference.*1 in 3 \(L918\)"),
    ({"uncertainty": [{"id": "U02", "vote": "ten"}]}, r"entry 'U02': field 'vote'"),
    ({"uncertainty": [{"id": "U99", "vote": 1}]}, r"entry 'U99': field 'id'.*not a component"),
    ({"uncertainty": [{"id": "U02", "colour": "red"}]}, r"entry 'U02': field 'colour'"),
    ({"weather": []}, r"weather.*not a data kind"),
    ({"uncertainty": 5}, r"uncertainty.*field 'entries'"),
    ({"sectors": [{"id": "Ireland", "name": "Wales"}]}, r"entry 'Ireland': field 'name'.*fixed"),
    ({"events": [{"id": "EV01", "kind": "by_election"}]}, r"entry 'EV01': field 'kind'.*fixed"),
    ({"mats": [{"id": "pm_front", "standing_start": 10}]}, r"entry 'pm_front': field 'standing_start'.*prints 11"),
    ({"supporters": [{"id": "S10", "options": []}]}, r"entry 'S10'"),
    ({"uncertainty": [[1, 2]]}, r"uncertainty: entry 0: field 'id'"),
]


@pytest.mark.parametrize("spec,words", BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_components_name_file_entry_and_field(spec, words):
    with pytest.raises(ComponentError, match=words):
        PrimeMinisterGame(4, components=spec)
    assert R.UNC_LIST[R.UNC_INDEX["U01"]]["vote"] == -1  # nothing was installed


def test_bad_files_name_the_file(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    with pytest.raises(ComponentError, match="broken.json.*not valid JSON"):
        hustings.make("prime_minister", components=str(bad))
    with pytest.raises(ComponentError, match="missing.json.*cannot be read"):
        hustings.make("prime_minister", components=str(tmp_path / "missing.json"))
    with pytest.raises(ConfigError, match="components"):
        PrimeMinisterGame(4, components=5)


def test_games_play_on_with_own_components():
    import random
    g = PrimeMinisterGame(3, components=MINE)
    rng = random.Random(0)
    for seed in range(3):
        st = g.new_initial_state(seed=seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
        assert st.winners() or st.truncated
        g.state_from_json(json.loads(json.dumps(st.to_json())))
