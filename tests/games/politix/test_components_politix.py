"""Politix with your own components (RULES.md, "Your own components"): the shipped data as a starting file, a
modified valid file changes play accordingly, refused files name the file, entry and field, and the observation
layout stays fixed."""
from __future__ import annotations

import json
import pathlib
import random

import pytest

import hustings
from hustings.core import ComponentError, StateFormatError
from hustings.politix import PolitixGame, components
from hustings.politix.rules import GROUPS, KINDS, METHODS, NM, POLITICIANS

G = {g: i for i, g in enumerate(GROUPS)}
M = {m: i for i, m in enumerate(METHODS)}


def entry(data, section, ident):
    return next(e for e in data[section] if e["id"] == ident)


def digest(**opts):
    env = hustings.make("politix", num_players=4, **opts)
    env.reset(seed=9)
    rng = random.Random(9)
    seen = []
    while not env.game_state.is_terminal():
        legal = env.game_state.legal_actions()
        a = legal[rng.randrange(len(legal))]
        seen.append((a, env.observe(env.agent_selection)["observation"].tobytes()))
        env.step(a)
    return seen


def test_shipped_data_is_the_default_and_dumps_as_a_starting_file(tmp_path, capsys):
    data = components.shipped()
    assert data == json.load(open(components.SHIPPED_PATH, encoding="utf-8"))
    assert components.main([]) == 0
    assert json.loads(capsys.readouterr().out) == data
    path = tmp_path / "my_cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert components.main(["--check", str(path)]) == 0
    # the shipped data through the option plays exactly as the default
    assert digest(components=str(path)) == digest() == digest(components=data)
    assert PolitixGame(4, components=pathlib.Path(path)).config()["components"] == str(path)  # JSON-able


def modified():
    data = components.shipped()
    entry(data, "politicians", "sauli")["skills"] = {"debate": 3, "twist": 0, "charming": -1, "intimidation": 0}
    entry(data, "voter_groups", "farmers")["symbols"]["debate"] = 5
    entry(data, "parties", "right")["group"] = "farmers"
    entry(data, "events", "doping_scandal")["method"] = "debate"
    entry(data, "action_cards", "curfew")["count"] = 0
    entry(data, "action_cards", "coffee")["count"] = 2
    entry(data, "action_cards", "debate")["count"] = 20
    entry(data, "action_cards", "tax_cut")["name"] = "Tax relief"
    entry(data, "politicians", "jyrki")["name"] = "Alexander"
    return data


def test_a_modified_file_changes_play_accordingly(tmp_path):
    path = tmp_path / "my_cards.json"
    path.write_text(json.dumps(modified(), indent=1), encoding="utf-8")
    mine, shipped = PolitixGame(4, components=str(path)), PolitixGame(4)
    sauli = POLITICIANS.index("sauli")
    assert mine.skills[sauli] == (3, 0, -1, 0) and mine.symbols[G["farmers"]][M["debate"]] == 5
    assert mine.kind_count[KINDS.index("curfew")] == 0 and sum(mine.kind_count) == 76 - 1 - 6 + 8
    # the layout is fixed: same actions, same observation fields
    assert mine.num_actions == shipped.num_actions and mine.observation_size == shipped.observation_size
    assert mine.observation_fields() == shipped.observation_fields()
    pos = {"seats": [{"politician": "sauli", "hand": ["debate", "charming"]}, {}, {}, {}], "to_move": 0,
           "table": {"farmers": 3, "youth": 5}}
    a, b = mine.state_from_position(pos, seed=0), shipped.state_from_position(pos, seed=0)
    # farmers by debate: skill 3 + SUV +1 (the file moved it to farmers) = 4 before cards; shipped 1 + 0 = 1
    act = mine.A_PERSUADE + G["farmers"] * NM + M["debate"]
    assert a.base_power(0, G["farmers"], M["debate"]) == 4 and b.base_power(0, G["farmers"], M["debate"]) == 1
    # youth by debate (2 symbols): power 3 + 1 card = 4 takes three youth with the file, 1 + 1 = 2 only one shipped
    act = mine.A_PERSUADE + G["youth"] * NM + M["debate"]
    for st in (a, b):
        st.apply_action(act)
        st.apply_action(st.game.A_ADD)
    assert [x - mine.A_TAKE + 1 for x in a.legal_actions() if x >= mine.A_TAKE] == [1, 2, 3]
    assert [x - mine.A_TAKE + 1 for x in b.legal_actions() if x >= mine.A_TAKE] == [1]
    # youth by charming: Sauli's charming is -1 in the file: not even startable with one card (-1 + 1 < 4)
    c = mine.state_from_position(pos, seed=0)
    assert not c.is_legal(mine.A_PERSUADE + G["youth"] * NM + M["charming"])
    p = next(e for e in a.events() if e["type"] == "persuade")
    assert p["power"] == 3
    # a position with a card the file has none of is refused; the deck holds the file's composition
    with pytest.raises(hustings.PositionError, match="Curfew"):
        mine.state_from_position({"seats": [{"hand": ["curfew"]}, {}, {}, {}]}, seed=0)
    # names follow the file; whole games play to the end with the file's card counts conserved
    env = hustings.make("politix", num_players=4, components=str(path), render_mode="ansi")
    env.reset(seed=2)
    names = env.game_state.render()
    assert "Ben" in names or "Sauli" in names or "Alexander" in names
    assert mine.describe_event({"type": "special", "player": 0, "card": "tax_cut", "onto": 1}) == \
        "P0 plays Tax relief beside P1"
    rng = random.Random(4)
    for seed in range(3):
        st = mine.new_initial_state(seed=seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply_unchecked(legal[rng.randrange(len(legal))])
        assert st.card_totals()[0] == list(mine.kind_count)
    # saved states carry the config: a game on other card data does not load them
    saved = env.save_state()
    with pytest.raises(StateFormatError, match="saved state is for"):
        hustings.make("politix", num_players=4).load_state(saved)
    hustings.make("politix", num_players=4, components=str(path)).load_state(saved)


def _refused_cases():
    def change(section, ident, field, value):
        def edit(data):
            e = entry(data, section, ident)
            *parts, last = field.split(".")
            for k in parts:
                e = e[k]
            e[last] = value
        return edit

    def add_politician(data):
        data["politicians"].append(dict(entry(data, "politicians", "matti"), id="mauno", name="Mauno"))

    def rename_id(data):
        entry(data, "action_cards", "curfew")["id"] = "riot_police"

    def ben_symbol(data):
        entry(data, "parties", "right").update(group="youth", modifier=1)

    def too_few(data):
        entry(data, "politicians", "jyrki")["party"] = "centre"

    return [
        (change("voter_groups", "blondes", "symbols.charming", 4), "voter_groups[4] (blondes)", "symbols.charming",
         "L24"),
        (change("voter_groups", "youth", "symbols.intimidation", 2), "voter_groups[5] (youth)",
         "symbols.intimidation", "L26"),
        (change("politicians", "ben", "skills.intimidation", 1), "politicians[1] (ben)", "skills.intimidation",
         "L26"),
        (change("action_cards", "nuclear_power", "modifier", 1), "action_cards[12] (nuclear_power)", "modifier",
         "L32"),
        (change("events", "depression", "method", "debate"), "events[0] (depression)", "method", "L26"),
        (change("voter_groups", "farmers", "count", 6), "voter_groups[0] (farmers)", "count", "L39"),
        (change("parties", "left", "symbol", "tram"), "parties[1] (left)", "symbol", "L6"),
        (change("action_cards", "burnout", "count", 0), "action_cards[17] (burnout)", "count", "1..60"),
        (change("action_cards", "twist", "kind", "wild"), "action_cards[1] (twist)", "kind", "fixed"),
        (change("politicians", "paavo", "skills.debate", "2"), "politicians[4] (paavo)", "skills.debate", "-5..5"),
        (change("politicians", "paavo", "party", "green"), "politicians[4] (paavo)", "party", "right, left"),
        (change("action_cards", "curfew", "modifier", 0), "action_cards[16] (curfew)", "modifier", "non-zero"),
        (change("action_cards", "curfew", "modifer", -1), "action_cards[16] (curfew)", "modifer", "one of the fields"),
        (add_politician, "top level", "politicians", "layout"),
        (rename_id, "action_cards[16]", "id", "fixed"),
        (ben_symbol, "parties[0] (right)", "group", "Ben"),
        (too_few, "politicians", "party", "at least 3"),
    ]


@pytest.mark.parametrize("edit, where, field, why", _refused_cases(),
                         ids=lambda x: x if isinstance(x, str) else getattr(x, "__name__", ""))
def test_refused_files_name_file_entry_and_field(tmp_path, edit, where, field, why):
    data = components.shipped()
    edit(data)
    path = tmp_path / "bad_cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ComponentError) as err:
        hustings.make("politix", components=str(path))
    text = str(err.value)
    assert str(path) in text and where in text and repr(field) in text and why in text, text
    with pytest.raises(ComponentError, match="<dict>"):  # a dict is checked the same way
        PolitixGame(4, components=data)
    assert components.main(["--check", str(path)]) == 1


def test_unreadable_files_and_bad_option_types(tmp_path):
    with pytest.raises(ComponentError, match="missing.json cannot be read"):
        PolitixGame(4, components=str(tmp_path / "missing.json"))
    bad = tmp_path / "broken.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ComponentError, match=r"broken.json is not valid JSON \(line 1"):
        PolitixGame(4, components=str(bad))
    listed = tmp_path / "list.json"
    listed.write_text("[]", encoding="utf-8")
    with pytest.raises(ComponentError, match="list.json: expected a JSON object"):
        PolitixGame(4, components=str(listed))
    with pytest.raises(hustings.ConfigError, match="components"):
        PolitixGame(4, components=5)
