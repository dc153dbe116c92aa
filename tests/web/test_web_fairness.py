"""One client cannot stall the others (``hustings.web.workers``): a real server (uvicorn, its own request threads)
with bots that think until the test lets them move. Nothing here measures time: a request either is answered while
the bots are still thinking (they cannot move before the test lets them) or it is not; the time limits are only
guards against a hang."""
from __future__ import annotations

import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
httpx = pytest.importorskip("httpx")
uvicorn = pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

from hustings.core.bots import Bot  # noqa: E402
from hustings.web import create_app  # noqa: E402
from hustings.web.sessions import core_bots  # noqa: E402
from hustings.web.workers import CLIENT_CHANGES, CLIENT_WORKERS, BotWorkers  # noqa: E402

GUARD = 120  # seconds: only against a hang, never a speed check
SLOW_SEED = 666  # games of this seed get bots that think until they are let go


class HeldBot(Bot):
    """A bot that thinks until ``go`` is set (then plays the first legal move)."""

    def __init__(self, go: threading.Event, thinking: list, seed=None):
        super().__init__(seed)
        self.go, self.thinking = go, thinking

    def act(self, state, player):
        self.thinking.append(self)
        assert self.go.wait(GUARD)
        return state.legal_actions()[0]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    go, thinking = threading.Event(), []

    def make_bots(game_name, game, specs, seed):
        if seed == SLOW_SEED:
            return [HeldBot(go, thinking) for _ in specs]
        return core_bots(game_name, game, specs, seed)

    app = create_app(str(tmp_path / "data"), make_bots=make_bots)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + GUARD
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield {"url": f"http://127.0.0.1:{port}", "go": go, "thinking": thinking, "app": app}
    finally:
        go.set()
        srv.should_exit = True
        thread.join(GUARD)


def client(server, address: str = "127.0.0.1") -> httpx.Client:
    """A browser on this machine, its requests coming from ``address`` (another loopback address: another
    client of the server)."""
    return httpx.Client(base_url=server["url"], timeout=GUARD,
                        transport=httpx.HTTPTransport(local_address=address))


def wait_until(condition, what: str) -> None:
    deadline = time.monotonic() + GUARD
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


def test_bots_thinking_for_one_client_stall_nobody_else(server):
    """44 watch games of one client, each asked for 20 moves of bots that think until let go: the client gets
    its share of the bot workers (2 games think, 6 more wait), the rest are refused at once (429); meanwhile its own
    looking and another client's game are answered."""
    go, thinking = server["go"], server["thinking"]
    with client(server) as greedy, client(server, "127.0.0.2") as other:
        games = []
        for _ in range(44):
            res = greedy.post("/api/games", json={"game": "democracy", "players": 3, "seat": None,
                                                  "bots": ["random"], "seed": SLOW_SEED})
            assert res.status_code == 201, res.text
            games.append(res.json())
        answers: dict[int, httpx.Response] = {}

        def step(i):
            g = games[i]
            answers[i] = greedy.post(f"/api/games/{g['id']}/step", json={"move_number": 0, "count": 20},
                                     headers={"X-Hustings-Token": g["token"]})

        threads = [threading.Thread(target=step, args=(i,), daemon=True) for i in range(len(games))]
        for t in threads:
            t.start()
        # the steps over the client's budget are refused at once, while the others' bots still think
        wait_until(lambda: len(answers) >= len(games) - CLIENT_CHANGES, "the steps over the budget are answered")
        wait_until(lambda: len(thinking) >= CLIENT_WORKERS, "the client's bots think")
        assert not go.is_set()
        refused = [r for r in answers.values()]
        assert len(refused) == len(games) - CLIENT_CHANGES
        assert all(r.status_code == 429 and "try again" in r.json()["error"] for r in refused), refused[0].text
        assert len(thinking) == CLIENT_WORKERS  # its share of the workers, no more
        assert server["app"].state.workers.busy() == {"127.0.0.1": CLIENT_WORKERS}

        # meanwhile: the client looks at its games and the catalogue ...
        assert greedy.get("/api/catalogue").status_code == 200
        for g in games[:5]:
            looked = greedy.get(f"/api/games/{g['id']}")
            assert looked.status_code == 200 and looked.json()["move_number"] == 0
        # ... another client plays a whole game against bots that think as usual
        view = other.post("/api/games", json={"game": "democracy", "players": 3, "seat": 0, "bots": ["random"],
                                              "seed": 3}).json()
        token = {"X-Hustings-Token": view["token"]}
        moves = 0
        while not view["finished"]:
            res = other.post(f"/api/games/{view['id']}/move", headers=token,
                             json={"action": view["legal"][0]["action"], "move_number": view["move_number"]})
            assert res.status_code == 200, res.text
            view, moves = res.json(), moves + 1
        assert moves > 5 and view["move_number"] > moves  # the bots' moves were played too
        assert not go.is_set() and len(answers) == len(games) - CLIENT_CHANGES  # the held bots still think

        go.set()
        for t in threads:
            t.join(GUARD)
        done = [r for r in answers.values() if r.status_code == 200]
        assert len(done) == CLIENT_CHANGES and all(r.json()["move_number"] == 20 for r in done)


def test_a_client_over_its_budget_changes_nothing_and_may_go_on_afterwards(server):
    go = server["go"]
    with client(server) as c:
        made = [c.post("/api/games", json={"game": "politrickers", "players": 3, "seat": None, "bots": ["random"],
                                           "seed": SLOW_SEED}).json() for _ in range(CLIENT_CHANGES + 1)]
        answers = {}

        def step(g):
            answers[g["id"]] = c.post(f"/api/games/{g['id']}/step", json={"move_number": 0, "count": 2},
                                      headers={"X-Hustings-Token": g["token"]})

        threads = [threading.Thread(target=step, args=(g,), daemon=True) for g in made[:CLIENT_CHANGES]]
        for t in threads:
            t.start()
        wait_until(lambda: len(server["thinking"]) >= CLIENT_WORKERS, "the bots think")
        last = made[-1]
        res = c.post(f"/api/games/{last['id']}/step", json={"move_number": 0, "count": 2},
                     headers={"X-Hustings-Token": last["token"]})
        assert res.status_code == 429 and not answers
        assert c.get(f"/api/games/{last['id']}").json()["move_number"] == 0  # nothing changed
        go.set()
        for t in threads:
            t.join(GUARD)
        assert all(r.status_code == 200 and r.json()["move_number"] == 2 for r in answers.values())
        res = c.post(f"/api/games/{last['id']}/step", json={"move_number": 0, "count": 2},
                     headers={"X-Hustings-Token": last["token"]})
        assert res.status_code == 200 and res.json()["move_number"] == 2


def test_the_workers_take_clients_in_turn():
    """Slices waiting are taken client by client: a client with many waiting does not go before one with one."""
    workers = BotWorkers(workers=1, per_client=1, max_changes=100)
    gate, order = threading.Event(), []
    first = workers.submit("a", lambda: gate.wait(GUARD))
    wait_until(lambda: workers.busy() == {"a": 1}, "the first slice runs")
    futures = [workers.submit("a", lambda i=i: order.append(f"a{i}")) for i in range(3)]
    futures += [workers.submit("b", lambda: order.append("b0"))]
    gate.set()
    for f in [first, *futures]:
        f.result(GUARD)
    assert order == ["a0", "b0", "a1", "a2"]
    workers.close()
