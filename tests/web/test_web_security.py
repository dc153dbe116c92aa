"""The web app (``hustings serve``) against other web pages and other people: no other site can drive it, a request
can start no unbounded work, read no file of the server and change no other game; memory stays bounded; a seat is
its token's; a failed save is reported and kept; games survive a reload and a restart. Each test is an attack or a
failure found on the server, refused or survived here (``docs/web.md``, "Security")."""
from __future__ import annotations

import asyncio
import copy
import json
import os
import subprocess
import sys
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from test_web import Client, new_game  # noqa: E402  (the server tests' browser tab: it sends a game's token)

import hustings  # noqa: E402
from hustings.bots import search_spec  # noqa: E402
from hustings.core.bots import Bot  # noqa: E402
from hustings.play import records  # noqa: E402
from hustings.web import create_app  # noqa: E402
from hustings.web import inputs, security  # noqa: E402
from hustings.web.sessions import core_bots  # noqa: E402

JSON = {"Content-Type": "application/json"}


@pytest.fixture
def data(tmp_path):
    return str(tmp_path / "data")


@pytest.fixture
def client(data):
    with Client(create_app(data)) as c:
        yield c


def games_on_disk(client) -> int:
    return len(os.listdir(client.store.games_dir))


# --- 1. other web pages -----------------------------------------------------------------------------------------------
def test_a_page_of_another_site_rebound_to_this_machine_is_refused(client):
    """DNS rebinding: evil.example resolves to 127.0.0.1, so its page reaches the server with its own Host."""
    for host in ("evil.example", "evil.example:80", "127.0.0.1.evil.example", "localhost:8001", "", "a b"):
        res = client.get("/api/catalogue", headers={"Host": host})
        assert res.status_code == 403 and "own address" in res.json()["error"], (host, res.text)
        res = client.post("/api/games", json={"game": "democracy", "seat": 0}, headers={"Host": host})
        assert res.status_code == 403
    assert games_on_disk(client) == 0
    for host in ("localhost", "127.0.0.1", "[::1]", "testserver", "LOCALHOST:80"):
        assert client.get("/api/catalogue", headers={"Host": host}).status_code == 200, host


def test_the_host_check_follows_the_address_and_port_served_on():
    guard = security.RequestGuard(None)

    def scope(host, server=("127.0.0.1", 8000), **headers):
        hs = [(b"host", host.encode())] + [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()]
        return {"type": "http", "method": "POST", "scheme": "http", "server": server, "headers": hs}

    assert guard.check(scope("127.0.0.1:8000")) is None and guard.check(scope("localhost:8000")) is None
    assert guard.check(scope("[::1]:8000")) is None
    assert guard.check(scope("127.0.0.1:8001")) and guard.check(scope("localhost")) and guard.check(scope("x:8000"))
    assert guard.check(scope("192.168.1.5:8000", server=("192.168.1.5", 8000))) is None  # --host 0.0.0.0, LAN
    assert guard.check(scope("localhost:8000", origin="http://localhost:8000")) is None
    assert guard.check(scope("localhost:8000", origin="http://127.0.0.1:8000")) is None
    for origin in ("http://evil.example", "http://localhost:3000", "null", "file://", "http://localhost:8000@evil"):
        assert guard.check(scope("localhost:8000", origin=origin)), origin
    assert guard.check(scope("localhost:8000", sec_fetch_site="cross-site"))
    assert guard.check(scope("localhost:8000", sec_fetch_site="same-site"))
    assert guard.check(scope("localhost:8000", sec_fetch_site="same-origin")) is None
    assert security.RequestGuard(None, hosts=("mybox.lan",)).check(scope("mybox.lan:8000")) is None


def test_a_cross_origin_post_is_refused_and_creates_nothing(client):
    body = {"game": "democracy", "players": 3, "seat": 0}
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"}, {"Sec-Fetch-Site": "cross-site"},
                    {"Origin": "http://testserver:8080"}):
        res = client.post("/api/games", json=body, headers=headers)
        assert res.status_code == 403 and "other web sites" in res.json()["error"], (headers, res.text)
    assert games_on_disk(client) == 0 and not client.store.sessions
    res = client.post("/api/games", json=body, headers={"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"})
    assert res.status_code == 201
    page = client.get("/", headers={"Sec-Fetch-Site": "cross-site"})  # a link to the page from elsewhere opens it
    assert page.status_code == 200 and page.headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert page.headers["referrer-policy"] == "no-referrer"


def test_only_a_json_body_is_read(client):
    """A form or text/plain POST is what another site may send without asking first: never read."""
    raw = json.dumps({"game": "democracy", "players": 3, "seat": 0}).encode()
    for content_type in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None,
                         "application/jsonx", "text/json"):
        headers = {"Content-Type": content_type} if content_type else {}
        res = client.post("/api/games", content=raw, headers=headers)
        assert res.status_code == 415 and res.json()["error"], (content_type, res.text)
    assert games_on_disk(client) == 0
    assert client.post("/api/games", content=raw, headers={"Content-Type": "application/json; charset=utf-8"}
                       ).status_code == 201


# --- 2. unbounded work -----------------------------------------------------------------------------------------------
def test_search_bots_are_held_to_the_servers_budget(client):
    for spec in ("ismcts:seconds=1e9", f"ismcts:iters={10**12}", "pimc:iters=1000000", "ismcts:seconds=2.5",
                 f"ismcts:iters={inputs.MAX_SEARCH_ITERATIONS + 1},seconds=0.1"):
        res = client.post("/api/games", json={"game": "politrickers", "seat": 0, "bots": [spec]})
        assert res.status_code == 400 and "on this server" in res.json()["error"], (spec, res.text)
    # what is accepted is the same bot with a time cap it cannot lift
    assert inputs.capped_search_spec("politrickers", "ismcts:iters=50") == "ismcts:iters=50,seconds=2.0"
    iters = search_spec.resolve_options("democracy", {})["iterations"]
    assert inputs.capped_search_spec("democracy", "pimc:seconds=0.5,rollout=heuristic") == \
        f"pimc:seconds=0.5,rollout=heuristic,iters={iters}"
    view = new_game(client, game="politrickers", players=3, seat=0, bots=["ismcts:iters=5"], seed=1)
    assert view["players"] == ["you", "ismcts:iters=5", "ismcts:iters=5"]
    assert client.store.get(view["id"]).specs == ["ismcts:iters=5,seconds=2.0"] * 2


class WaitingBot(Bot):
    """A bot that thinks until it is told to move (then plays the first legal move)."""

    def __init__(self, go: threading.Event, seed=None):
        super().__init__(seed)
        self.go, self.thinking = go, threading.Event()

    def act(self, state, player):
        self.thinking.set()
        assert self.go.wait(30)
        return state.legal_actions()[0]


def test_a_thinking_bot_holds_up_neither_looking_nor_other_games(data):
    go = threading.Event()
    made = []

    def make_bots(game_name, game, specs, seed):
        if specs == ["heuristic"]:
            return core_bots(game_name, game, specs, seed)
        made.extend(WaitingBot(go) for _ in specs)
        return made[-len(specs):]

    with Client(create_app(data, make_bots=make_bots)) as c:
        view = new_game(c, game="democracy", players=3, seat=None, seed=1)
        other = new_game(c, game="prime_minister", players=2, seat=0, bots=["heuristic"], seed=1)
        stepped = []
        worker = threading.Thread(target=lambda: stepped.append(
            c.post(f"/api/games/{view['id']}/step", json={"move_number": 0, "count": 3})))
        worker.start()
        try:
            deadline = time.monotonic() + 10
            while not any(b.thinking.is_set() for b in made) and time.monotonic() < deadline:
                time.sleep(0.01)
            assert any(b.thinking.is_set() for b in made)
            t0 = time.monotonic()
            looked = c.get(f"/api/games/{view['id']}?view=all")
            assert looked.status_code == 200 and looked.json()["move_number"] == 0
            busy = c.post(f"/api/games/{view['id']}/step", json={"move_number": 0})
            assert busy.status_code == 409 and "busy" in busy.json()["error"]
            moved = c.post(f"/api/games/{other['id']}/move",
                           json={"action": other["legal"][0]["action"], "move_number": other["move_number"]})
            assert moved.status_code == 200
            assert time.monotonic() - t0 < 10  # none of them waited for the bot
        finally:
            go.set()
            worker.join(30)
        assert stepped[0].status_code == 200 and stepped[0].json()["move_number"] == 3


# --- 3. the server's files -------------------------------------------------------------------------------------------
def test_no_path_module_or_file_of_the_server_is_a_bot(client, tmp_path):
    policy = tmp_path / "policy.npz"
    policy.write_bytes(b"not a policy")
    missing = str(tmp_path / "missing.npz")
    answers = {}
    for spec in (str(policy), missing, "/etc/passwd", "../data/records/x.npz", "os:system", "text:os:system",
                 "hustings.bots.agents:nothing", "~/policy.npz", "policy.npz", "shipped:../../x", "./policy.npz"):
        res = client.post("/api/games", json={"game": "democracy", "players": 3, "seat": 0, "bots": [spec]})
        assert res.status_code == 400, (spec, res.text)
        answers[spec] = res.json()["error"].replace(repr(spec), "SPEC")
    # the answer is the same whether the file exists or not: it tells nothing about the server's files
    assert answers[str(policy)] == answers[missing] == answers["/etc/passwd"]
    assert "unknown bot SPEC" in answers[missing] and str(tmp_path) not in answers[missing]


def test_a_bot_from_the_servers_bots_folder_by_name(data, tmp_path):
    from hustings import checkpoints

    bots_dir = tmp_path / "bots"
    bots_dir.mkdir()
    src = checkpoints.policy_path("democracy", 3)
    (bots_dir / "mine.npz").write_bytes(open(src, "rb").read())
    (bots_dir / "link.npz").symlink_to(src)
    with Client(create_app(data, bots_dir=str(bots_dir))) as c:
        assert "mine.npz" in {g["name"]: g for g in c.get("/api/catalogue").json()["games"]}["democracy"]["bots"]
        view = new_game(c, game="democracy", players=3, seat=0, bots=["mine.npz"], seed=2)
        assert view["players"] == ["you", "mine.npz", "mine.npz"]
        res = c.post("/api/games", json={"game": "democracy", "players": 3, "seat": 0, "bots": ["link.npz"]})
        assert res.status_code == 400  # a link out of the folder is not one of its files
        res = c.post("/api/games", json={"game": "politix", "players": 3, "seat": 0, "bots": ["mine.npz"]})
        assert res.status_code == 400 and str(bots_dir) not in res.json()["error"]


SECRET = {"api_token": "s3cr3t-value", "password": "hunter2"}


def test_components_never_read_a_server_file_nor_echo_one(client, tmp_path):
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps(SECRET))
    for game in ("politix", "prime_minister"):
        answers = []
        for value in (str(secret), str(tmp_path / "none.json"), "../secret.json", "secret.json", 7, ["x"]):
            res = client.post("/api/games", json={"game": game, "seat": 0, "options": {"components": value}})
            assert res.status_code == 400, (game, value, res.text)
            text = res.json()["error"]
            assert "s3cr3t" not in text and "hunter2" not in text and str(tmp_path) not in text, text
            answers.append(text.replace(repr(value), "X"))
        assert answers[0] == answers[1]  # whether the file exists or not
        # a record naming a file as its components: refused the same way
        rec = {"format": "hustings-record", "version": 3, "config": {"game": game, "num_players": 3,
                                                                     "components": str(secret)}, "moves": []}
        res = client.post("/api/replays", json={"record": rec})
        assert res.status_code == 400 and "s3cr3t" not in res.text and str(tmp_path) not in res.text


def test_an_uploaded_component_set_is_checked_on_its_own(client):
    from hustings.politix.components import shipped

    mine = shipped()
    mine["politicians"][0]["party"] = "s3cr3t-value"
    res = client.post("/api/games", json={"game": "politix", "players": 3, "seat": 0, "options": {"components": mine}})
    assert res.status_code == 400 and "politix components" in res.json()["error"]
    res = client.post("/api/games", json={"game": "politix", "players": 3, "seat": 0,
                                          "options": {"components": shipped()}, "bots": ["random"]})
    assert res.status_code == 201 and res.json()["options"]["components"] == "custom"


def scotland_components() -> dict:
    """Prime Minister with one more step in Scotland (a reconstructed track: a set the rules take)."""
    from hustings.prime_minister.data_loader import data

    scotland = next(e for e in data()["sectors"]["entries"] if e["id"] == "Scotland")
    partisan = {k: v + [v[-1]] for k, v in copy.deepcopy(scotland["partisan"]).items()}
    return {"sectors": [{"id": "Scotland", "positions": scotland["positions"] + [11], "partisan": partisan}]}


def scotland_steps(view) -> int:
    return next(s["steps"] for s in view["board"]["sectors"] if s["name"] == "Scotland")


# --- 4. one game and another's rules ---------------------------------------------------------------------------------
def test_two_live_games_with_different_components_each_keep_their_own(client):
    """Prime Minister's engine reads process-wide tables: a game with its own set must not change the others'."""
    mine = new_game(client, game="prime_minister", players=4, seat=0, seed=3,
                    options={"components": scotland_components()})
    shipped = new_game(client, game="prime_minister", players=4, seat=0, seed=3)
    assert scotland_steps(mine) == 6 and scotland_steps(shipped) == 5
    rng = __import__("random").Random(5)
    views = {mine["id"]: mine, shipped["id"]: shipped}
    for i in range(40):  # moves in both, one after the other, and looks at both
        sid = list(views)[i % 2]
        v = views[sid]
        if not v["finished"]:
            res = client.post(f"/api/games/{sid}/move", json={"action": rng.choice(v["legal"])["action"],
                                                              "move_number": v["move_number"]})
            assert res.status_code == 200, res.text
            views[sid] = res.json()
        for other, want in ((mine["id"], 6), (shipped["id"], 5)):
            assert scotland_steps(client.get(f"/api/games/{other}").json()) == want
    # each game's moves re-play, alone, to the same state under its own set
    for sid, comps in ((mine["id"], scotland_components()), (shipped["id"], None)):
        session = client.store.get(sid)
        rec = session.recorder.record(session.state)
        if not rec["finished"]:
            rec.pop("result", None)
        alone = records.replay(rec)
        assert alone.game.options["components"] == comps
        assert json.dumps(alone.to_json(), sort_keys=True) == json.dumps(session.state.to_json(), sort_keys=True)


def test_a_component_set_from_the_servers_folder(data, tmp_path):
    folder = tmp_path / "sets"
    folder.mkdir()
    (folder / "scotland.json").write_text(json.dumps(scotland_components()))
    with Client(create_app(data, components_dir=str(folder))) as c:
        assert c.get("/api/catalogue").json()["components"] == ["scotland.json"]
        view = new_game(c, game="prime_minister", players=3, seat=1, options={"components": "scotland.json"})
        assert scotland_steps(view) == 6
        res = c.post("/api/games", json={"game": "prime_minister", "seat": 0, "options": {"components": "x.json"}})
        assert res.status_code == 400 and "scotland.json" in res.json()["error"]


# --- 5. memory --------------------------------------------------------------------------------------------------------
def call(app, method: str, path: str, chunks, headers=()) -> tuple[int, dict, int]:
    """One request straight through ASGI, its body sent in ``chunks``: (status, JSON, chunks the app read)."""
    sent, out = [0], {"status": None, "body": b""}
    chunks = list(chunks)

    async def receive():
        if sent[0] < len(chunks):
            sent[0] += 1
            return {"type": "http.request", "body": chunks[sent[0] - 1], "more_body": sent[0] < len(chunks)}
        return {"type": "http.disconnect"}

    async def send(message):
        if message["type"] == "http.response.start":
            out["status"] = message["status"]
        elif message["type"] == "http.response.body":
            out["body"] += message.get("body", b"")

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 5000),
             "headers": [(b"host", b"127.0.0.1:8000"), *headers]}
    asyncio.run(app(scope, receive, send))
    return out["status"], json.loads(out["body"]), sent[0]


def test_a_large_body_is_refused_as_it_streams_in(data):
    app = create_app(data)
    mib = b" " * (1 << 20)
    status, body, read = call(app, "POST", "/api/games", [mib] * 160, [(b"content-type", b"application/json")])
    assert status == 413 and "too large" in body["error"]
    assert read <= security.MAX_BODY // len(mib) + 1  # never more than the limit held, not 160 MiB
    status, body, read = call(app, "POST", "/api/games", [b"{}"],
                              [(b"content-type", b"application/json"), (b"content-length", b"167772160")])
    assert status == 413 and read == 0  # a declared length over the limit: not read at all


def test_titles_players_options_and_records_are_bounded(client):
    base = {"game": "democracy", "players": 3, "seat": 0}
    for extra in ({"title": "x" * (inputs.MAX_TITLE + 1)}, {"title": ["x"]}, {"players": list(range(100_000))},
                  {"players": "3"}, {"options": {f"o{i}": 1 for i in range(100)}}, {"options": {"max_islands": [1]}},
                  {"bots": ["random"] * 100}, {"bots": ["x" * 1000]}, {"seed": 10**30}, {"seat": "0" * 5000}):
        res = client.post("/api/games", json={**base, **extra})
        assert res.status_code == 400 and len(res.text) < 2000, (list(extra), res.text[:200])
    assert client.post("/api/games", json={**base, "title": "x" * (10 << 20)}).status_code == 413
    view = new_game(client, **base, title="Tuesday")
    assert view["title"] == "Tuesday"
    game = new_game(client, game="democracy", players=2, seat=None, bots=["heuristic"], seed=4)
    client.post(f"/api/games/{game['id']}/step", json={"move_number": 0, "count": 10**6})
    rec = client.get(f"/api/games/{game['id']}/record").json()
    res = client.post("/api/replays", json={"record": {**rec, "players": ["p"] * 100_000}})
    assert res.status_code == 400 and len(res.text) < 2000
    res = client.post("/api/replays", json={"record": {**rec, "players": ["p" * 100_000, "q"]}})
    assert res.status_code == 400
    assert client.post("/api/replays", json={"record": rec, "title": "t" * 1000}).status_code == 400
    assert client.get(f"/api/games/{game['id']}?since={'9' * 5000}").status_code == 400


def test_deeply_nested_json_is_a_400_with_a_json_error(client):
    for raw in (b"[" * 100_000, b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
                json.dumps({"game": "democracy", "options": {"components": json.loads("[" * 60 + "]" * 60)}}).encode(),
                b'{"seed": ' + b"9" * 5000 + b"}", b"\xff\xfe"):
        res = client.post("/api/games", content=raw, headers=JSON)
        assert res.status_code == 400 and res.json()["error"], res.text[:200]


# --- 6. whose seat ----------------------------------------------------------------------------------------------------
def test_a_seat_is_seen_and_played_only_with_its_token(client, data):
    view = new_game(client, game="politrickers", players=3, seat=1, seed=8)
    sid, token = view["id"], client.tokens[view["id"]]
    session = client.store.get(sid)
    with Client(create_app(data)) as stranger:  # knows the game's id, not its token
        public = stranger.get(f"/api/games/{sid}?view=1").json()
        assert public["public"] and public["viewer"] is None and public["legal"] == [] and public["text"] == ""
        assert public["board"] is None and public["table"] is None and public["move_number"] == view["move_number"]
        hand = session.state.render(player=1).splitlines()
        for entry, mine in zip(public["log"], view["log"]):
            assert entry["text"] == mine["text"] or entry["text"].endswith("(hidden)")
        assert not any(line.strip() and line in json.dumps(public) for line in hand if "hand" in line.lower())
        body = {"action": view["legal"][0]["action"], "move_number": view["move_number"]}
        for headers in ({}, {"X-Hustings-Token": "wrong"}, {"X-Hustings-Token": token[:-1]}):
            res = stranger.post(f"/api/games/{sid}/move", json=body, headers=headers)
            assert res.status_code == 403 and "token" in res.json()["error"]
        assert session.move_number == view["move_number"]
        mine = stranger.get(f"/api/games/{sid}?token={token}").json()
        assert not mine["public"] and mine["legal"] == view["legal"]
        assert stranger.post(f"/api/games/{sid}/move", json=body, headers={"X-Hustings-Token": token}
                             ).status_code == 200
    watch = new_game(client, game="democracy", players=3, seat=None, seed=1)
    res = client.post(f"/api/games/{watch['id']}/step", json={"move_number": 0}, headers={"X-Hustings-Token": "x"})
    assert res.status_code == 403
    assert client.get(f"/api/games/{watch['id']}?view=2", headers={"X-Hustings-Token": ""}).json()["viewer"] == 2


def test_many_new_games_put_none_aside_for_good(client):
    client.store.max_sessions = 3
    first = new_game(client, game="democracy", players=3, seat=0, seed=1)
    for i in range(5):
        new_game(client, game="democracy", players=3, seat=0, seed=i)
    assert first["id"] not in client.store.sessions and len(client.store.sessions) <= 3
    again = client.get(f"/api/games/{first['id']}").json()  # resumed from its file
    assert again["legal"] == first["legal"] and again["log"] == first["log"]
    res = client.post(f"/api/games/{first['id']}/move", json={"action": first["legal"][0]["action"],
                                                              "move_number": first["move_number"]})
    assert res.status_code == 200


def test_a_host_beyond_this_machine_is_warned_about(tmp_path, monkeypatch, capsys):
    import uvicorn

    from hustings.cli import main

    served = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.append(kw))
    assert main(["serve", "--host", "0.0.0.0", "--data-dir", str(tmp_path / "d")]) == 0
    err = capsys.readouterr().err
    assert "warning: --host 0.0.0.0" in err and "no login" in err and served[0]["host"] == "0.0.0.0"
    for host in ("127.0.0.1", "localhost", "::1"):
        assert main(["serve", "--host", host, "--data-dir", str(tmp_path / "d")]) == 0
        assert "warning" not in capsys.readouterr().err
    assert security.is_loopback("127.0.0.2") and not security.is_loopback("192.168.1.2")


# --- 7. saving ------------------------------------------------------------------------------------------------------
def finish(client, view) -> dict:
    return client.post(f"/api/games/{view['id']}/step", json={"move_number": view["move_number"], "count": 10**6}
                       ).json()


def test_a_record_that_cannot_be_saved_is_reported_and_kept_for_a_retry(client, monkeypatch):
    honest = records.save

    def full(record, path):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(records, "save", full)
    view = finish(client, new_game(client, game="democracy", players=2, seat=None, bots=["heuristic"], seed=11))
    assert view["finished"] and view["saved"] is None and "No space left on device" in view["save_error"]
    assert "retry" in view["save_error"] and os.listdir(client.store.records_dir) == []
    again = client.post(f"/api/games/{view['id']}/save", json={}).json()
    assert again["saved"] is None and again["save_error"]  # still full
    monkeypatch.setattr(records, "save", honest)
    again = client.post(f"/api/games/{view['id']}/save", json={}).json()
    assert again["saved"] and again["save_error"] is None
    assert os.listdir(client.store.records_dir) == [again["saved"]]
    assert records.replay(client.get(f"/api/records/{again['saved']}").json()).is_terminal()


def test_a_data_dir_that_is_a_file_is_one_line_at_start_up(tmp_path):
    path = tmp_path / "a-file"
    path.write_text("x")
    proc = subprocess.run([os.path.join(os.path.dirname(sys.executable), "hustings"), "serve", "--data-dir",
                           str(path)], capture_output=True, text=True, timeout=900)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: data folder") and str(path) in lines[0]
    with pytest.raises(hustings.HustingsError, match="cannot be used as a folder"):
        create_app(str(path))


def test_links_and_other_files_in_the_records_folder_are_never_served(client, tmp_path):
    view = finish(client, new_game(client, game="democracy", players=2, seat=None, bots=["heuristic"], seed=3))
    outside = tmp_path / "outside.json"
    outside.write_text(json.dumps({**client.get(f"/api/records/{view['saved']}").json(), "secret": "s3cr3t"}))
    folder = client.store.records_dir
    os.symlink(outside, os.path.join(folder, "link.json"))
    os.symlink("/etc/passwd", os.path.join(folder, "passwd.json"))
    (tmp_path / "data" / "records" / "notes.json").write_text(json.dumps(SECRET))
    os.mkdir(os.path.join(folder, "dir.json"))
    assert [r["name"] for r in client.get("/api/records").json()["records"]] == [view["saved"]]
    for name in ("link.json", "passwd.json", "notes.json", "dir.json"):
        res = client.get(f"/api/records/{name}")
        assert res.status_code == 404 and "s3cr3t" not in res.text and "root:" not in res.text, name
        assert client.post("/api/replays", json={"saved": name}).status_code == 404


def test_errors_are_json_everywhere_and_there_is_a_favicon(client):
    for method, url in (("GET", "/nowhere"), ("GET", "/api/nowhere"), ("DELETE", "/api/games"),
                        ("GET", "/static/none.js"), ("GET", "/api/games/x" * 3), ("GET", "/api/records/..%2Fx")):
        res = client.request(method, url)
        assert 400 <= res.status_code < 500 and res.headers["content-type"] == "application/json" and \
            res.json()["error"], (method, url, res.text)
    assert client.get("/favicon.ico").status_code in (200, 204)


# --- games with an address, saved as they go --------------------------------------------------------------------------
@pytest.mark.parametrize("game_name,n", [("democracy", 3), ("politrickers", 4), ("politix", 2),
                                         ("prime_minister", 2)])
def test_a_game_resumes_after_a_reload_and_a_restart(data, game_name, n):
    rng = __import__("random").Random(n)
    with Client(create_app(data)) as c:
        view = new_game(c, game=game_name, players=n, seat=n - 1, seed=7, auto_forced=False)
        sid, token = view["id"], c.tokens[view["id"]]
        for _ in range(6):
            view = c.post(f"/api/games/{sid}/move", json={"action": rng.choice(view["legal"])["action"],
                                                          "move_number": view["move_number"]}).json()
        reloaded = c.get(f"/api/games/{sid}").json()  # a reload of the page: the same game, the same view
        assert view["table"]["frames"] and reloaded["table"]["frames"] == []  # (the change's moves one by one)
        assert reloaded == view | {"log_from": 0, "log": reloaded["log"], "table": {**view["table"], "frames": []}} \
            and reloaded["log"][-len(view["log"]):] == view["log"]
        state = json.dumps(c.store.get(sid).state.to_json(), sort_keys=True)
    assert os.listdir(os.path.join(data, "games")) == [f"{sid}.json"]  # nothing half-written beside it
    with Client(create_app(data)) as c:  # a restart: a new server on the same folder
        c.tokens[sid] = token
        resumed = c.get(f"/api/games/{sid}").json()
        assert resumed == reloaded and json.dumps(c.store.get(sid).state.to_json(), sort_keys=True) == state
        assert c.get(f"/api/games/{sid}", headers={"X-Hustings-Token": "nope"}).json()["public"]
        view = resumed
        for _ in range(5000):
            if view["finished"]:
                break
            view = c.post(f"/api/games/{sid}/move", json={"action": rng.choice(view["legal"])["action"],
                                                          "move_number": view["move_number"]}).json()
        assert view["finished"] and view["saved"]
        record = c.get(f"/api/records/{view['saved']}").json()
        assert records.replay(record).is_terminal() and len(record["moves"]) == view["move_number"]
    with Client(create_app(data)) as c:  # and once more: the finished game, its record not written twice
        c.tokens[sid] = token
        assert c.get(f"/api/games/{sid}").json()["saved"] == view["saved"]
        assert os.listdir(os.path.join(data, "records")) == [view["saved"]]


def test_a_watch_and_a_replay_resume_too(data):
    with Client(create_app(data)) as c:
        watch = new_game(c, game="politix", players=3, seat=None, seed=2)
        watch = c.post(f"/api/games/{watch['id']}/step", json={"move_number": 0, "count": 7}).json()
        rec = c.get(f"/api/games/{watch['id']}/record").json()
        replay = c.post("/api/replays", json={"record": rec, "title": "mine"}).json()
        replay = c.post(f"/api/games/{replay['id']}/step", json={"move_number": 0, "count": 4}).json()
        tokens = dict(c.tokens)
    with Client(create_app(data)) as c:
        c.tokens.update(tokens)
        assert c.get(f"/api/games/{watch['id']}?view=all").json()["move_number"] == 7
        view = c.get(f"/api/games/{replay['id']}").json()
        assert view["replay"] == {"position": 4, "length": 7} and view["title"] == "mine"
        view = c.post(f"/api/games/{replay['id']}/goto", json={"to": 7, "move_number": 4}).json()
        assert view["move_number"] == 7
        view = c.post(f"/api/games/{watch['id']}/step", json={"move_number": 7, "count": 3}).json()
        assert view["move_number"] == 10


def test_a_saved_game_that_was_tampered_with_is_not_resumed(data):
    with Client(create_app(data)) as c:
        view = new_game(c, game="democracy", players=3, seat=2, seed=5)
        sid = view["id"]
        assert view["move_number"] > 0
    path = os.path.join(data, "games", f"{sid}.json")
    saved = json.load(open(path))
    saved["moves"][0][1] = (saved["moves"][0][1] + 1) % 50
    open(path, "w").write(json.dumps(saved))
    with Client(create_app(data)) as c:
        res = c.get(f"/api/games/{sid}")
        assert res.status_code == 500 and "cannot be resumed" in res.json()["error"]
        assert c.get("/api/games/AAAAAAAAAAAAAAAA").status_code == 404
        assert c.get("/api/games/..%2F..%2Fetc").status_code == 404


# --- on a real server ---------------------------------------------------------------------------------------------
def peak_memory_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads the server's memory from /proc")
def test_a_real_server_refuses_other_sites_and_large_bodies(tmp_path):
    import socket
    import urllib.error
    import urllib.request

    from test_web import free_port

    port = free_port()
    proc = subprocess.Popen([os.path.join(os.path.dirname(sys.executable), "hustings"), "serve", "--port", str(port),
                             "--data-dir", str(tmp_path / "d")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    base = f"http://127.0.0.1:{port}"

    def ask(path, body=None, **headers):
        req = urllib.request.Request(base + path, data=body, headers=headers, method="POST" if body else "GET")
        try:
            with urllib.request.urlopen(req, timeout=20) as res:
                return res.status, json.loads(res.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.load(exc)

    try:
        deadline = time.time() + 30
        while True:
            try:
                urllib.request.urlopen(base + "/favicon.ico", timeout=2)
                break
            except OSError:
                assert proc.poll() is None and time.time() < deadline, proc.stdout.read()
                time.sleep(0.2)
        game = json.dumps({"game": "democracy", "players": 3, "seat": 0}).encode()
        assert ask("/api/catalogue", Host=f"evil.example:{port}")[0] == 403
        assert ask("/api/games", game, **{"Content-Type": "text/plain"})[0] == 415
        assert ask("/api/games", game, **{"Content-Type": "application/json", "Origin": "http://evil.example"})[0] == 403
        status, view = ask("/api/games", game, **{"Content-Type": "application/json", "Origin": base})
        assert status == 201 and view["token"]
        move = json.dumps({"action": view["legal"][0]["action"], "move_number": view["move_number"]}).encode()
        assert ask(f"/api/games/{view['id']}/move", move, **{"Content-Type": "application/json"})[0] == 403
        assert ask(f"/api/games/{view['id']}/move", move, **{"Content-Type": "application/json",
                                                              "X-Hustings-Token": view["token"]})[0] == 200
        # 160 MiB sent in chunks, no length declared: refused once over the limit, never held
        before = peak_memory_kib(proc.pid)
        with socket.create_connection(("127.0.0.1", port), timeout=20) as s:
            s.sendall(f"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
                      f"Transfer-Encoding: chunked\r\n\r\n".encode())
            chunk = b"%x\r\n" % (1 << 20) + b" " * (1 << 20) + b"\r\n"
            try:
                for _ in range(160):
                    s.sendall(chunk)
            except OSError:
                pass  # the server answered and closed
            reply = s.recv(4096)
        assert b" 413 " in reply.split(b"\r\n")[0], reply[:200]
        assert peak_memory_kib(proc.pid) - before < 48 * 1024
    finally:
        proc.terminate()
        proc.wait(15)


def test_the_card_reference_is_the_shipped_set_whatever_game_is_live(client):
    from hustings.prime_minister.data_loader import data

    event = copy.deepcopy(next(e for e in data()["events"]["entries"] if e["id"] == "EV01"))
    event["options"][2]["label"] = "Adopt xyzzy"
    mine = new_game(client, game="prime_minister", players=4, seat=0,
                    options={"components": {"events": [{"id": "EV01", "options": event["options"]}]}})
    cards = client.get("/api/reference/prime_minister").json()["cards"]
    assert not any("xyzzy" in text for text in cards.values())  # one person's set is nobody else's reference
    assert client.get(f"/api/games/{mine['id']}").status_code == 200
