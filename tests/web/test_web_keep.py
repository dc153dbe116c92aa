"""What the web server caps and keeps (``docs/web.md``, "What is kept on disk"): a game's component set has a size
limit (refused clearly, nothing saved), games' files and records are deleted after their stated retention (count
and age), never a game in memory."""
from __future__ import annotations

import json
import os
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from test_web import Client, new_game  # noqa: E402
from test_web_security import scotland_components  # noqa: E402

from hustings.play import records  # noqa: E402
from hustings.web import create_app, inputs  # noqa: E402

DAY = 86400


@pytest.fixture
def data(tmp_path):
    return str(tmp_path / "data")


def padded(size: int) -> dict:
    """A component set the rules would take, padded with a key to about ``size`` bytes."""
    return {**scotland_components(), "notes": "x" * size}


def test_a_component_set_over_the_limit_is_refused_and_nothing_is_kept(data):
    with Client(create_app(data)) as c:
        for body in ({"game": "prime_minister", "players": 4, "seat": 0,
                      "options": {"components": padded(inputs.MAX_COMPONENTS)}},
                     {"game": "politix", "players": 3, "seat": None,
                      "options": {"components": {"cards": ["x" * 1000] * 600}}}):
            res = c.post("/api/games", json=body)
            assert res.status_code == 413, res.text
            error = res.json()["error"]
            assert f"at most {inputs.MAX_COMPONENTS:,} bytes" in error and "the component set takes" in error
        assert os.listdir(c.store.games_dir) == [] and not c.store.sessions
        # a record whose set is over the limit is refused the same way
        record = {"format": records.RECORD_FORMAT, "config": {"game": "prime_minister", "num_players": 2,
                                                               "components": padded(inputs.MAX_COMPONENTS)},
                  "moves": []}
        res = c.post("/api/replays", json={"record": record})
        assert res.status_code == 413 and "the component set takes" in res.json()["error"]
        # a whole set well under it is taken
        view = new_game(c, game="prime_minister", players=4, seat=0, seed=3,
                        options={"components": scotland_components()})
        assert view["options"]["components"] == "custom"


def test_the_catalogue_says_what_is_kept(data):
    with Client(create_app(data, retention={"keep_games": 7, "keep_game_days": 2.5, "keep_records": 9})) as c:
        assert c.get("/api/catalogue").json()["kept"] == {"games": 7, "game_days": 2.5, "records": 9,
                                                          "record_days": None}


def finish(c, view) -> dict:
    return c.post(f"/api/games/{view['id']}/step", json={"move_number": view["move_number"], "count": 10**6}).json()


def test_saved_games_and_records_are_deleted_after_their_retention(data):
    with Client(create_app(data)) as c:
        ids = [new_game(c, game="democracy", players=2, seat=None, seed=s)["id"] for s in range(6)]
        for sid in ids[:4]:
            assert finish(c, {"id": sid, "move_number": 0})["saved"]
        games_dir, records_dir = c.store.games_dir, c.store.records_dir
    assert len(os.listdir(records_dir)) == 4
    now = time.time()
    ages = {sid: i for i, sid in enumerate(ids)}  # days since the last change: game i, i days
    for sid, age in ages.items():
        path = os.path.join(games_dir, sid + ".json")
        os.utime(path, (now - age * DAY, now - age * DAY))
    for i, name in enumerate(sorted(os.listdir(records_dir))):
        os.utime(os.path.join(records_dir, name), (now - (10 - i) * DAY, now - (10 - i) * DAY))
    newest_records = sorted(os.listdir(records_dir))[-2:]
    # a restart: the server's start deletes what is kept no longer
    with Client(create_app(data, retention={"keep_games": 3, "keep_game_days": 1.5, "keep_records": 2})) as c:
        kept = sorted(os.listdir(games_dir))
        assert kept == sorted(f"{sid}.json" for sid in ids[:2])  # 2+ days old: gone; at most 3 in any case
        assert sorted(os.listdir(records_dir)) == newest_records
        assert c.get(f"/api/games/{ids[0]}").status_code == 200
        gone = c.get(f"/api/games/{ids[4]}")
        assert gone.status_code == 404 and "no game" in gone.json()["error"]
        # a game in memory is never deleted, however old its file
        path = os.path.join(games_dir, ids[0] + ".json")
        os.utime(path, (now - 100 * DAY, now - 100 * DAY))
        assert ids[0] in c.store.sessions and c.store.prune() == []
        assert os.path.exists(path)
        c.store.sessions.clear()  # put aside: now it goes
        assert c.store.prune() == [os.path.join("games", ids[0] + ".json")]
        # a file that is not ours (a write in progress) is left alone
        stray = os.path.join(games_dir, "x.json.abc.tmp")
        open(stray, "w").close()
        os.utime(stray, (now - 100 * DAY, now - 100 * DAY))
        c.store.prune()
        assert os.path.exists(stray)


def test_the_count_alone_keeps_the_newest(data):
    with Client(create_app(data, retention={"keep_games": 2, "keep_game_days": None})) as c:
        ids = [new_game(c, game="politix", players=2, seat=None, seed=s)["id"] for s in range(4)]
        now = time.time()
        for i, sid in enumerate(ids):
            os.utime(os.path.join(c.store.games_dir, sid + ".json"), (now - 1000 * DAY + i, now - 1000 * DAY + i))
        c.store.sessions.clear()
        c.store.prune()
        assert sorted(os.listdir(c.store.games_dir)) == sorted(f"{sid}.json" for sid in ids[2:])
        assert json.loads(open(os.path.join(c.store.games_dir, ids[3] + ".json")).read())["id"] == ids[3]
