"""The web app in a real browser: headless Chromium (Debian's /usr/bin/chromium) driven by Playwright plays a whole
game of each title by clicking its legal moves, watches bots, replays an uploaded record, and takes the screenshots
(into docs/ with HUSTINGS_SCREENSHOTS=docs). Skipped when Chromium or Playwright is missing."""
from __future__ import annotations

import json
import os
import tempfile
import random
import socket
import threading
import time

import pytest
from helpers import ROOT

CHROMIUM = "/usr/bin/chromium"
# Screenshots go to a temporary folder, or to docs/ when HUSTINGS_SCREENSHOTS=docs (to refresh the README's).
DOCS = os.path.join(ROOT, "docs") if os.environ.get("HUSTINGS_SCREENSHOTS") == "docs" else None

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"),
]
playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright's Python package is not installed")
uvicorn = pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

#: Flags that keep Chromium from reaching for the network (closed here) or stalling on first-run work.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
WAIT_MS = 20_000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The app on a real uvicorn server, in a thread, on a free port of 127.0.0.1."""
    from hustings.web import create_app

    app = create_app(str(tmp_path_factory.mktemp("webdata")))
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 20
    while not srv.started:
        assert time.time() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(20)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    with playwright_api.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")), executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 1366, "height": 768}, accept_downloads=True, timeout=60_000)
        context.set_default_timeout(WAIT_MS)
        yield context
        context.close()


@pytest.fixture
def page(browser, server):
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']")
    yield page
    page.close()
    assert not errors, f"JavaScript errors: {errors}"


def idle(page) -> None:
    page.wait_for_function("document.body.dataset.busy === '0'")


def set_up(page, game: str, players: int, seat: str, bots: str = "random", seed: int = 1) -> None:
    page.click("#tab-setup")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    page.select_option("#seat", seat)
    for box in page.locator(".bot-spec").all():
        box.fill(bots)
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#panel-game:not(.hidden)")
    idle(page)


def shot(page, name: str) -> None:
    folder = DOCS or os.path.join(tempfile.gettempdir(), "hustings-screenshots")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    page.screenshot(path=path)
    assert os.path.getsize(path) < 600_000


GAMES = [("democracy", 3, 20), ("politrickers", 3, 8), ("politix", 2, 12), ("prime_minister", 2, 30)]


def test_the_start_page(page):
    page.select_option("#game", "prime_minister")
    options = [o.get_attribute("value") for o in page.locator("#players option").all()]
    assert options == ["2", "3", "4"]
    assert page.locator(".bot-spec").count() == 3
    page.select_option("#game", "democracy")
    shot(page, "web-start.png")


@pytest.mark.parametrize("game,players,shot_at", GAMES)
def test_a_whole_game_through_the_page(page, game, players, shot_at):
    rng = random.Random(game)
    set_up(page, game, players, "0", seed=7)
    clicks, started, taken = 0, time.time(), False
    while page.get_attribute("#status", "data-finished") != "true":
        assert clicks < 2000 and time.time() - started < 240, f"{game}: not over after {clicks} clicks"
        buttons = page.locator("#moves button.move")
        count = buttons.count()
        assert count > 0, f"{game}: no move to click, status {page.inner_text('#status')!r}"
        number = page.get_attribute("#status", "data-move-number")
        if clicks >= shot_at and not taken and (game != "prime_minister" or page.locator(".bill").count()):
            shot(page, f"web-{game}.png")  # for Prime Minister: once bills are on the table
            taken = True
        buttons.nth(rng.randrange(count)).click()
        page.wait_for_function(f"document.querySelector('#status').dataset.moveNumber !== '{number}'"
                               " && document.body.dataset.busy === '0'")
        assert page.locator("#message").is_hidden(), page.inner_text("#message")
        clicks += 1
    assert clicks > 0 and taken and "Game over" in page.inner_text("#status")
    assert "Result:" in page.inner_text("#result")
    with page.expect_download() as info:
        page.click("#download-record")
    record = json.load(open(info.value.path()))
    assert record["finished"] and record["config"]["game"] == game and record["players"][0] == "you"
    page.click("#tab-saved")
    page.wait_for_selector("#saved-table tbody tr[data-name]")
    assert page.locator("#saved-table tbody tr[data-name]").count() >= 1


def test_watching_bots_with_pause_and_speed(page):
    set_up(page, "politrickers", 3, "watch", bots="heuristic", seed=3)
    assert page.locator("#moves-box").is_hidden()
    page.click("#step-one")
    page.wait_for_function("document.querySelector('#status').dataset.moveNumber === '1'")
    page.select_option("#view", "1")
    idle(page)
    assert page.locator("#table-main .me").count() >= 1
    page.locator("#speed").fill("100")
    page.click("#play-pause")
    page.wait_for_function("+document.querySelector('#status').dataset.moveNumber >= 6")
    page.click("#play-pause")  # pause
    idle(page)
    paused_at = page.get_attribute("#status", "data-move-number")
    time.sleep(0.5)
    assert page.get_attribute("#status", "data-move-number") == paused_at
    page.click("#play-pause")
    page.wait_for_selector("#status[data-finished='true']", timeout=60_000)
    shot(page, "web-watch.png")


def test_replaying_an_uploaded_record(page, tmp_path):
    import hustings
    from hustings.play import make_game, play_game
    from hustings.play.records import Recorder, save

    game = make_game("democracy", 3)
    rec = Recorder(game, 5, players=["heuristic", "random", "heuristic"])
    final = play_game(game, [hustings.make_bot("democracy", b, seed=i) for i, b in
                             enumerate(("heuristic", "random", "heuristic"))], seed=5,
                      on_action=lambda s, p, a: rec.add(p, a))
    path = str(tmp_path / "game.json")
    save(rec.record(final), path)
    page.click("#tab-replay")
    page.set_input_files("#record-file", path)
    page.click("#replay-upload")
    page.wait_for_selector("#replay-controls:not(.hidden)")
    idle(page)
    total = len(rec.moves)
    assert page.inner_text("#position-text") == f"move 0 / {total}"
    for _ in range(4):
        page.click("#step-one")
        idle(page)
    assert page.inner_text("#position-text") == f"move 4 / {total}"
    page.click("#step-back")
    idle(page)
    assert page.inner_text("#position-text") == f"move 3 / {total}"
    assert page.locator("#log li").count() == 3
    page.locator("#speed").fill("100")
    page.click("#play-pause")
    page.wait_for_selector("#status[data-finished='true']", timeout=90_000)
    assert page.inner_text("#position-text") == f"move {total} / {total}"
