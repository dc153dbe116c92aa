"""The web app (``hustings serve``), server side: hidden information stays hidden, bad and stale input is refused
and changes nothing, records survive a restart, watching and replaying work. Starlette's TestClient (httpx)."""
from __future__ import annotations

import json
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # newer Starlette asks for httpx2 and warns about httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

import hustings  # noqa: E402
from hustings.play import records  # noqa: E402
from hustings.play import display_name, make_game, move_seen_by, play_game, revealed_by_move  # noqa: E402
from hustings.play.records import Recorder  # noqa: E402
from hustings.web import create_app  # noqa: E402
from hustings.web.view import words  # noqa: E402  (the page's grammar: "1 card", never "card(s)")
from helpers import ROOT

SIZES = [(g, n) for g in hustings.games()
         for n in range(hustings.game_module(g).raw_env.game_class.min_players,
                        hustings.game_module(g).raw_env.game_class.max_players + 1)]


class Client(TestClient):
    """One browser tab, as the page works: it keeps each game's token from the response that created the game and
    sends it (``X-Hustings-Token``) with every request about that game."""

    def __init__(self, app, **kwargs):
        super().__init__(app, **kwargs)
        self.tokens: dict[str, str] = {}
        self.store = getattr(getattr(app, "state", None), "store", None)

    def request(self, method, url, **kwargs):
        game = re.match(r"^/api/games/([^/?]+)", str(url))
        if game and game[1] in self.tokens:
            kwargs["headers"] = {"X-Hustings-Token": self.tokens[game[1]], **(kwargs.get("headers") or {})}
        res = super().request(method, url, **kwargs)
        if str(url) in ("/api/games", "/api/replays") and res.status_code == 201:
            self.tokens[res.json()["id"]] = res.json()["token"]
        return res


@pytest.fixture
def client(tmp_path):
    app = create_app(str(tmp_path / "data"))
    with Client(app) as c:
        yield c


def new_game(client, **body):
    res = client.post("/api/games", json={"bots": ["random"], **body})
    assert res.status_code == 201, res.text
    return res.json()


# --- what a seat may not see ----------------------------------------------------------------------------------------
def component_names(game_name: str) -> list[str]:
    """Every card / component name of a game (what a hidden holding is made of)."""
    if game_name == "democracy":
        from hustings.democracy.rules import JOKER, card_name
        return sorted({card_name(c) for c in range(48)} | {card_name(JOKER)})
    if game_name == "politrickers":
        from hustings.politrickers.rules import MIGRATION, card_name
        return sorted({card_name(c) for c in range(MIGRATION + 1)})
    if game_name == "politix":
        from hustings.politix.rules import KIND_NAMES, KINDS
        return sorted(set(KINDS) | set(KIND_NAMES))
    from hustings.prime_minister.components import BILL_LIST, EVENT_LIST, SUPPORTER_LIST
    return sorted({c["name"] for c in SUPPORTER_LIST + BILL_LIST + EVENT_LIST})


def hidden_holdings(state, seat: int) -> set[str]:
    """The names of what the other seats hold hidden from ``seat`` right now, read from the real state."""
    name, n, out = state.game.name, state.game.num_players, set()
    others = [p for p in range(n) if p != seat]
    if name == "democracy":
        from hustings.democracy.rules import card_name
        for p in others:
            out |= {card_name(k) for k, count in enumerate(state.hands[p]) if count}
            if state.plays[p] >= 0:
                out.add(card_name(state.plays[p]))  # committed face down, not yet turned up
    elif name == "politrickers":
        from hustings.politrickers.rules import card_name
        for p in others:
            out |= {card_name(c) for c in state.hands[p]}
            if state.plays[p] >= 0 and state.down[p]:
                out.add(card_name(state.plays[p]))
    elif name == "politix":
        from hustings.politix.rules import KIND_NAMES, KINDS
        for p in others:
            out |= {x for k, count in enumerate(state.hands[p]) if count for x in (KINDS[k], KIND_NAMES[k])}
    else:
        from hustings.prime_minister.components import BILL_LIST, EVENT_LIST, SUPPORTER_LIST
        pm = state.seat_of("pm")
        for p in others:
            out |= {SUPPORTER_LIST[c]["name"] for c in state.hand[p]}
            out |= {BILL_LIST[b]["name"] for b in state.bill_hand[p]}
            out |= {EVENT_LIST[e]["name"] for e in state.qt_hands[p]}
        out |= {BILL_LIST[b]["name"] for b, s in state.proposed if s != seat and s != pm and not state.revealed_ok}
        pend = state.pending or {}
        if pend.get("kind") == "keep" and pend.get("player") != seat:
            out |= {SUPPORTER_LIST[c]["name"] for c in pend.get("drawn", [])}
    return out


class Reference:
    """What ``seat`` may see, rebuilt independently of the app: the game re-played from the server's moves with the
    rules' own ``render(player=seat)`` and ``hustings.play``'s ``move_seen_by`` / ``revealed_by_move``."""

    def __init__(self, session, names: list[str]):
        self.session, self.seat = session, session.seat
        self.state = session.game.new_initial_state(seed=session.seed)
        # a name on its own, or with a count as Politix writes hands (``twistx2``)
        self.patterns = {x: re.compile(r"(?<![A-Za-z0-9])" + re.escape(x) + r"(?:x\d+)?(?![A-Za-z0-9])") for x in names}
        self.public: set[str] = set()
        self.log: list[dict] = []
        self.events = 0  # the events the seat has seen (their narration is public to it)
        self._see(self.state.render(player=self.seat))
        self._see_events()

    def found(self, text: str, among=None) -> set[str]:
        return {x for x in (self.patterns if among is None else among) if x in text and self.patterns[x].search(text)}

    def _see(self, text: str) -> None:
        self.public |= self.found(text)

    def _see_events(self) -> None:
        new = self.state.events(self.seat, self.events)
        self.events += len(new)
        self._see("\n".join(self.state.game.describe_event(e) for e in new))

    def catch_up(self) -> None:
        for move in self.session.recorder.moves[len(self.log):]:
            p, a = move["player"], move["action"]
            seen, revealed = move_seen_by(self.state, p, a, self.seat), revealed_by_move(self.state, p, a)
            self.log.append({"n": len(self.log) + 1, "player": p, "text": words(seen), "revealed": words(revealed)})
            self._see(seen + "\n" + (revealed or ""))
            self.state.apply_unchecked(a)
            self._see(self.state.render(player=self.seat))
            self._see_events()
        if not self.state.is_terminal() and self.state.current_player() == self.seat:
            self._see("\n".join(display_name(self.state.game, self.seat, a) for a in self.state.legal_actions()))

    def scan(self, raw: str) -> None:
        """No name of what the other seats hold hidden is in ``raw``, unless the seat has seen it in the open."""
        self.catch_up()
        real = self.session.state
        if not real.is_terminal():
            leaked = self.found(raw, hidden_holdings(real, self.seat)) - self.public
            assert not leaked, f"{real.game.name}: seat {self.seat} was sent {sorted(leaked)}, hidden from it"

    def check(self, raw: str) -> dict:
        """One response as received: nothing in it the seat may not see, and all of it as the rules show the seat."""
        self.scan(raw)
        view = json.loads(raw)
        real = self.session.state
        assert view["text"] == real.render(player=self.seat) == self.state.render(player=self.seat)
        assert view["log"] == self.log[view["log_from"]:]
        if real.is_terminal() or real.current_player() != self.seat:
            assert view["legal"] == [] and not view["your_turn"]
        else:
            assert [m["action"] for m in view["legal"]] == real.legal_actions()
        if not real.is_terminal():
            assert view["result"] is None and not view["record_available"]
        moves = self.session.recorder.moves
        for entry in view["log"]:  # a move hidden from the seat never shows its name
            move = moves[entry["n"] - 1]
            if move["player"] != self.seat and self.log[entry["n"] - 1]["text"].endswith("(hidden)"):
                assert entry["text"].endswith("(hidden)") and move["name"] not in entry["text"]
        assert set(view) - {"token"} == VIEW_KEYS  # nothing else: no seed (it fixes every shuffle), no state
        return view


VIEW_KEYS = {"id", "kind", "title", "game", "suit_cards", "layout", "num_players", "options", "players", "seat", "viewer",
             "move_number", "finished", "current_player", "your_turn", "legal", "text", "board", "log_from", "log", "result", "saved",
             "record_available", "table", "public", "save_error", "authorised"}


@pytest.mark.parametrize("game_name,n", SIZES)
def test_a_seat_is_sent_nothing_hidden_from_it(client, game_name, n):
    rng = random.Random(f"{game_name}{n}")
    names = component_names(game_name)
    for g in range(2):
        seat = rng.randrange(n)
        res = client.post("/api/games", json={"game": game_name, "players": n, "seat": seat, "bots": ["random"],
                                              "seed": rng.randrange(10**6), "auto_forced": g == 0})
        assert res.status_code == 201, res.text
        view = json.loads(res.text)
        session = client.store.get(view["id"])
        ref = Reference(session, names)
        ref.check(res.text)
        for _ in range(3000):
            if view["finished"]:
                break
            if rng.random() < 0.1:  # a second look, asking for another seat's view: still this seat's
                res = client.get(f"/api/games/{view['id']}?view={(seat + 1) % n}&since={rng.randrange(3)}")
                assert res.status_code == 200
                ref.check(res.text)
                assert client.get(f"/api/games/{view['id']}/record").status_code == 403
            move = rng.choice(view["legal"])["action"]
            res = client.post(f"/api/games/{view['id']}/move", json={"action": move, "move_number": view["move_number"],
                                                                     "since": rng.randrange(view["move_number"] + 1)})
            assert res.status_code == 200, res.text
            view = ref.check(res.text)
        assert view["finished"] and view["result"] == records.result_of(session.state)
        assert view["saved"] and client.get(f"/api/games/{view['id']}/record").status_code == 200


def test_the_prime_minister_board_shows_only_the_seats_own_hand(client):
    view = new_game(client, game="prime_minister", players=4, seat=2, seed=5)
    board = view["board"]
    assert [s["hand"] is None for s in board["seats"]] == [True, True, False, True]
    assert {"round", "government", "mps", "lead", "sectors", "bills", "own_bills"} <= set(board)
    assert all(len(s) == 4 for s in ("ABCD",)) and len(board["sectors"]) == 8


# --- bad input ------------------------------------------------------------------------------------------------------
def test_an_illegal_or_malformed_move_is_refused_and_changes_nothing(client):
    view = new_game(client, game="democracy", players=3, seat=0, seed=3)
    session = client.store.get(view["id"])
    before, number = json.dumps(session.state.to_json(), sort_keys=True), view["move_number"]
    legal = {m["action"] for m in view["legal"]}
    illegal = next(a for a in range(session.game.num_actions) if a not in legal)
    url = f"/api/games/{view['id']}/move"
    for body in ({"action": illegal, "move_number": view["move_number"]}, {"action": -1, "move_number": number},
                 {"action": 10**9, "move_number": number}, {"action": "play 7C", "move_number": number},
                 {"action": True, "move_number": number}, {"action": sorted(legal)[0]},
                 {"action": sorted(legal)[0], "move_number": str(number)}, {"move_number": number}):
        res = client.post(url, json=body)
        assert 400 <= res.status_code < 500 and res.json()["error"], (body, res.text)
        assert json.dumps(session.state.to_json(), sort_keys=True) == before and session.move_number == number
    res = client.post(url, json={"action": illegal, "move_number": number})
    assert res.status_code == 400 and "not one of your legal moves" in res.json()["error"]
    as_json = {"Content-Type": "application/json"}
    assert client.post(url, content=b"not json", headers=as_json).status_code == 400
    assert client.post(url, content=b"[1, 2]", headers=as_json).status_code == 400
    assert client.get("/api/games/nope").status_code == 404
    assert client.post(f"/api/games/{view['id']}/step", json={"move_number": number}).status_code == 400
    for body in ({"game": "chess"}, {"game": "democracy", "players": 9}, {"game": "democracy", "seat": 7},
                 {"game": "democracy", "bots": ["no-such-bot"]}, {"game": "democracy", "players": 3,
                                                                 "bots": ["shipped:politix"]},
                 {"game": "democracy", "options": {"colour": 1}}, {"game": "democracy", "bots": ["random"] * 2}):
        res = client.post("/api/games", json=body)
        assert res.status_code == 400 and res.json()["error"], (body, res.text)


def test_a_stale_move_from_a_second_tab_is_refused(client):
    view = new_game(client, game="politrickers", players=3, seat=1, seed=8)
    url = f"/api/games/{view['id']}/move"
    first = client.post(url, json={"action": view["legal"][0]["action"], "move_number": view["move_number"]})
    assert first.status_code == 200
    session = client.store.get(view["id"])
    before = json.dumps(session.state.to_json(), sort_keys=True)
    again = client.post(url, json={"action": view["legal"][-1]["action"], "move_number": view["move_number"]})
    assert again.status_code == 409 and "stale" in again.json()["error"]
    assert json.dumps(session.state.to_json(), sort_keys=True) == before


def test_two_tabs_racing_on_one_game_do_not_corrupt_it(client):
    view = new_game(client, game="politix", players=2, seat=0, seed=4, auto_forced=False)
    sid = view["id"]
    for _ in range(15):
        if view["finished"]:
            break
        results = []

        def tab(action):
            r = client.post(f"/api/games/{sid}/move", json={"action": action, "move_number": view["move_number"]})
            results.append(r.status_code)

        threads = [threading.Thread(target=tab, args=(m["action"],)) for m in (view["legal"] * 4)[:6]]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert sorted(results)[0] == 200 and results.count(200) == 1 and set(results) <= {200, 409}, results
        view = client.get(f"/api/games/{sid}").json()
    session = client.store.get(sid)
    rec = session.recorder.record(session.state)
    rec["finished"] = False if not session.state.is_terminal() else rec["finished"]
    replayed = records.replay(rec)  # the moves are one consistent game of the rules
    assert json.dumps(replayed.to_json(), sort_keys=True) == json.dumps(session.state.to_json(), sort_keys=True)


# --- records --------------------------------------------------------------------------------------------------------
def test_a_finished_games_record_survives_a_restart(tmp_path):
    data = str(tmp_path / "data")
    with Client(create_app(data)) as c:
        view = c.post("/api/games", json={"game": "democracy", "players": 2, "seat": None, "bots": ["heuristic"],
                                          "seed": 11}).json()
        assert view["kind"] == "watch" and not view["finished"]
        view = c.post(f"/api/games/{view['id']}/step", json={"move_number": 0, "count": 100000}).json()
        assert view["finished"] and view["saved"]
        downloaded = c.get(f"/api/games/{view['id']}/record")
        assert downloaded.status_code == 200 and "attachment" in downloaded.headers["content-disposition"]
    files = os.listdir(os.path.join(data, "records"))
    assert files == [view["saved"]]  # no temporary file left beside it
    with Client(create_app(data)) as c:  # a new server on the same folder
        listed = c.get("/api/records").json()["records"]
        assert [r["name"] for r in listed] == [view["saved"]] and listed[0]["finished"]
        rec = c.get(f"/api/records/{view['saved']}").json()
        assert rec == downloaded.json() and records.replay(rec).is_terminal()
        assert c.get("/api/records/..%2Fsecret.json").status_code in (400, 404)
        assert c.get("/api/records/nothere.json").status_code == 404
        replay = c.post("/api/replays", json={"saved": view["saved"]}).json()
        assert replay["kind"] == "replay" and replay["replay"]["length"] == len(rec["moves"])


def test_watching_bots_step_by_step_from_any_view(client):
    view = new_game(client, game="prime_minister", players=2, seat=None, seed=2)
    sid = view["id"]
    assert view["kind"] == "watch" and view["move_number"] == 0 and view["legal"] == []
    view = client.post(f"/api/games/{sid}/step", json={"move_number": 0, "count": 5, "view": 1}).json()
    assert view["move_number"] == 5 and view["viewer"] == 1
    session = client.store.get(sid)
    assert view["text"] == session.state.render(player=1)
    assert client.get(f"/api/games/{sid}?view=all").json()["text"] == session.state.render()
    assert client.get(f"/api/games/{sid}?view=7").status_code == 400
    assert client.post(f"/api/games/{sid}/step", json={"move_number": 3}).status_code == 409
    assert client.post(f"/api/games/{sid}/move", json={"action": 0, "move_number": 5}).status_code == 400


def test_replaying_an_uploaded_record(client, tmp_path):
    game = make_game("politrickers", 4)
    bots = [hustings.make_bot("politrickers", "heuristic", seed=i) for i in range(4)]
    rec = Recorder(game, 21, players=["a", "b", "c", "d"])
    final = play_game(game, bots, seed=21, on_action=lambda s, p, a: rec.add(p, a))
    record = rec.record(final)
    view = client.post("/api/replays", json={"record": record, "view": 2}).json()
    sid, length = view["id"], len(record["moves"])
    assert view["replay"] == {"position": 0, "length": length} and view["players"] == ["a", "b", "c", "d"]
    view = client.post(f"/api/games/{sid}/step", json={"move_number": 0, "count": 10, "view": 2}).json()
    assert view["move_number"] == 10 and view["log"][0]["text"] == move_seen_by(
        game.new_initial_state(seed=21), record["moves"][0]["player"], record["moves"][0]["action"], 2)
    view = client.post(f"/api/games/{sid}/goto", json={"to": 3, "move_number": 10}).json()
    assert view["move_number"] == 3 and len(view["log"]) == 3
    view = client.post(f"/api/games/{sid}/goto", json={"to": length, "move_number": 3}).json()
    assert view["finished"] and view["result"] == record["result"]
    bad = dict(record, moves=record["moves"][:-1])
    res = client.post("/api/replays", json={"record": bad})
    assert res.status_code == 400 and "not a valid game record" in res.json()["error"]
    assert client.post("/api/replays", json={"record": {"format": "x"}}).status_code == 400


def test_the_catalogue_and_the_page(client):
    cat = client.get("/api/catalogue").json()
    by_name = {g["name"]: g for g in cat["games"]}
    assert sorted(by_name) == hustings.games()
    assert (by_name["politrickers"]["min_players"], by_name["politrickers"]["max_players"]) == (3, 5)
    assert all({"random", "heuristic", f"shipped:{g}"} <= set(by_name[g]["bots"]) for g in by_name)
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text
    assert client.get("/static/app.js").status_code == 200 and client.get("/static/app.css").status_code == 200
    view = new_game(client, game="democracy", players=4, seat=0, bots=["shipped:democracy"], seed=1)
    assert view["players"] == ["you"] + ["shipped:democracy"] * 3


# --- each game's own drawing: its web.js, beside its web.py ---------------------------------------------------------
@pytest.mark.parametrize("name", hustings.games())
def test_each_games_drawing_is_served_from_its_own_folder(client, name):
    from hustings.web.app import game_script
    from hustings.web.view import layout

    path = os.path.join(ROOT, "envs", name, "web.js")
    assert layout(name) is None or os.path.isfile(path), f"{name} names a layout but has no web.js to draw it"
    res = client.get(f"/games/{name}/web.js")
    if not os.path.isfile(path):
        assert game_script(name) is None and res.status_code == 404
        return
    assert os.path.samefile(game_script(name), path)
    assert res.status_code == 200 and res.headers["content-type"].startswith("text/javascript")
    with open(path, encoding="utf-8") as f:
        assert res.text == f.read()
    # it registers the board of the layout its web.py names, and only that one
    assert re.findall(r'registerBoard\("([^"]+)"', res.text) == [layout(name)]


@pytest.mark.parametrize("url", [
    "/games/nogame/web.js", "/games/DEMOCRACY/web.js", "/games/democracy_v1/web.js", "/games/web/web.js",
    "/games/static/web.js", "/games/core/web.js", "/games/../web/static/app.js", "/games/..%2Fweb%2Fstatic/web.js",
    "/games/%2e%2e/web.js", "/games/democracy%2F..%2F..%2Fweb/web.js", "/games/democracy/web.py",
    "/games/democracy/RULES.md", "/games/democracy/../web.js", "/games/democracy/web.js/..", "/games//web.js",
])
def test_only_a_registered_games_own_drawing_is_served(client, url):
    res = client.get(url)
    assert res.status_code == 404 and "error" in res.json(), (url, res.status_code, res.text[:80])
    assert "registerBoard" not in res.text
    if url.startswith("/games/nogame/"):
        assert res.json()["error"] == "no page script for 'nogame': only a registered game's own web.js is served"


def _web_files() -> list[str]:
    out = []
    for dirpath, _, files in os.walk(os.path.join(ROOT, "envs")):
        out += [os.path.join(dirpath, f) for f in files if f.endswith((".js", ".css", ".html"))]
    return sorted(out)


def test_every_page_file_is_under_1000_lines():
    files = _web_files()
    assert os.path.join(ROOT, "envs", "web", "static", "app.js") in files
    long = {}
    for path in files:
        with open(path, encoding="utf-8") as f:
            lines = sum(1 for _ in f)
        if lines >= 1000:
            long[os.path.relpath(path, ROOT)] = lines
    assert long == {}


def test_a_games_drawing_names_no_other_game_and_the_page_names_none():
    found = {}
    for path in _web_files():
        rel = os.path.relpath(path, os.path.join(ROOT, "envs")).split(os.sep)
        own = rel[0] if rel[0] in hustings.games() else None
        with open(path, encoding="utf-8") as f:
            text = f.read()
        named = [g for g in hustings.games() if g != own and re.search(rf"\b{g}\b", text)]
        if named:
            found[os.path.relpath(path, ROOT)] = named
    assert found == {}


# --- the command ----------------------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_hustings_serve_runs_a_real_server(tmp_path):
    port = free_port()
    proc = subprocess.Popen([os.path.join(os.path.dirname(sys.executable), "hustings"), "serve", "--port", str(port),
                             "--data-dir", str(tmp_path / "d")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    try:
        deadline, page = time.time() + 30, None
        while time.time() < deadline and page is None:
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read().decode()
            except OSError:
                assert proc.poll() is None, proc.stdout.read()
                time.sleep(0.2)
        assert page and "hustings" in page
        body = json.dumps({"game": "democracy", "players": 2, "seat": 0, "bots": ["shipped:politix"]}).encode()
        req = urllib.request.Request(f"http://127.0.0.1:{port}/api/games", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
        try:
            urllib.request.urlopen(req, timeout=10)
            raise AssertionError("another game's shipped bot was accepted")
        except urllib.error.HTTPError as exc:
            assert exc.code == 400 and "'shipped:politix' is another game's bot" in json.load(exc)["error"]
    finally:
        proc.terminate()
        proc.wait(15)
    assert os.path.isdir(tmp_path / "d" / "records")


@pytest.mark.parametrize("game_name,n", [("democracy", 3), ("politrickers", 4), ("politix", 3), ("prime_minister", 3)])
def test_the_leak_check_sees_a_leak(client, monkeypatch, game_name, n):
    """The check above catches a server that sends the whole table (``render()`` with every hand)."""
    from hustings.web.sessions import Session

    honest = Session.view
    monkeypatch.setattr(Session, "view", lambda self, view=None, since=0, authorised=True, frames=False: {
        **honest(self, view, since, authorised), "debug": self.state.render()})
    rng = random.Random(1)
    view = new_game(client, game=game_name, players=n, seat=0, seed=3)
    ref = Reference(client.store.get(view["id"]), component_names(game_name))
    with pytest.raises(AssertionError, match="hidden from it"):
        for _ in range(200):
            res = client.post(f"/api/games/{view['id']}/move",
                              json={"action": rng.choice(view["legal"])["action"], "move_number": view["move_number"]})
            ref.scan(res.text)
            view = res.json()


def test_the_core_bot_maker_takes_the_shipped_bot_of_the_tables_size_and_refuses_another_games():
    from hustings.web.sessions import core_bots

    game = hustings.game_module("democracy").DemocracyGame(3)
    state = game.new_initial_state(seed=2)
    (bot,) = core_bots("democracy", game, ["shipped:democracy"], seed=0)
    assert state.is_legal(bot.act(state, state.current_player()))
    with pytest.raises(hustings.ConfigError, match="'shipped:politix' is another game's bot; expected "
                                                   "shipped:democracy"):
        core_bots("democracy", game, ["shipped:politix"], seed=0)
