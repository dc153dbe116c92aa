"""The web app in a real browser: headless Chromium (Debian's /usr/bin/chromium) driven by Playwright plays every
title at every table size through the page to the end, on a desktop screen and on a 390 px phone (where the table
must keep its width), answers only questions that say what they ask, watches bots, replays a record (start, back,
end, a click on the story), checks the set-up form refuses nothing by trial and error, and takes the screenshots
(into docs/images/ with HUSTINGS_SCREENSHOTS=docs). Skipped when Chromium or Playwright is missing."""
from __future__ import annotations

import json
import os
import random
import re
import socket
import tempfile
import threading
import time

import pytest
from helpers import ROOT

CHROMIUM = "/usr/bin/chromium"
# Screenshots go to a temporary folder, or to docs/images/ when HUSTINGS_SCREENSHOTS=docs (to refresh the docs').
DOCS = os.path.join(ROOT, "docs", "images") if os.environ.get("HUSTINGS_SCREENSHOTS") == "docs" else None

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"),
]
playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright's Python package is not installed")
uvicorn = pytest.importorskip("uvicorn", reason="the web extra (uvicorn) is not installed")

#: Flags that keep Chromium from reaching for the network (closed here) or stalling on first-run work.
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]
WAIT_MS = 30_000
DESKTOP = {"width": 1366, "height": 800}
PHONE = {"width": 390, "height": 844}
#: Move names of the rules engine that say nothing on their own: no question may offer one as a choice's label.
BARE = re.compile(r"^(option \d|yes|no|up|down|player \d|seat \d|career \S+ action \d|bill slot \d|party \w+|"
                  r"sector \w+|to (Moderate|Partisan)|\w+ level \d)$", re.I)


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
def chromium():
    with playwright_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS, timeout=60_000)
        yield browser
        browser.close()


def open_page(chromium, server, viewport=DESKTOP, pace: str = "0"):
    """A fresh tab at the page, bot moves shown at ``pace`` (ms each; "0": at once)."""
    context = chromium.new_context(viewport=viewport, accept_downloads=True)
    context.set_default_timeout(WAIT_MS)
    context.add_init_script(f"localStorage.setItem('hustings-pace', '{pace}')")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']")
    return page


@pytest.fixture
def page(chromium, server):
    page = open_page(chromium, server)
    yield page
    page.context.close()
    assert not page.errors, f"JavaScript errors: {page.errors}"


def idle(page) -> None:
    page.wait_for_function("document.body.dataset.busy === '0'")


def choose_game(page, game: str) -> None:
    page.select_option("#game", game)
    page.wait_for_selector(f"#setup-rules[data-game='{game}']")


def set_up(page, game: str, players: int, seat: str, bots: str = "random", seed: int = 1, options=None) -> None:
    page.click("#tab-setup")
    choose_game(page, game)
    page.select_option("#players", str(players))
    page.select_option("#seat", seat)
    for box in page.locator(".bot-spec").all():
        box.fill(bots)
    for name, value in (options or {}).items():
        page.fill(f"#opt-{name}", str(value))
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#panel-game:not(.hidden)")
    idle(page)


def shot(page, name: str, full_page: bool = False) -> None:
    folder = DOCS or os.path.join(tempfile.gettempdir(), "hustings-screenshots")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=path, full_page=full_page)
    assert os.path.getsize(path) < 700_000


def move_number(page) -> str:
    return page.get_attribute("#status", "data-move-number")


def click_move(page, button) -> None:
    number = move_number(page)
    button.click()
    page.wait_for_function(f"document.querySelector('#status').dataset.moveNumber !== '{number}'"
                           " && document.body.dataset.busy === '0'")
    assert page.locator("#message").is_hidden(), page.inner_text("#message")


def play_to_the_end(page, game: str, rng: random.Random, shot_at: int | None = None, name: str = "",
                    limit_s: float = 300) -> int:
    """Click random legal moves until the game is over; every question and choice must say what it is."""
    clicks, started, taken = 0, time.time(), shot_at is None
    while page.get_attribute("#status", "data-finished") != "true":
        assert time.time() - started < limit_s, f"{game}: not over after {clicks} clicks"
        head = page.inner_text("#moves-head").strip()
        buttons = page.locator("#moves button.move:not([disabled])")
        count = buttons.count()
        assert count > 0 and head, f"{game}: no move to click, status {page.inner_text('#status')!r}"
        labels = buttons.evaluate_all("bs => bs.map(b => (b.getAttribute('aria-label') || '').split('. ')[0])")
        bare = [x for x in labels if BARE.match(x.strip())]
        assert not bare and not BARE.match(head), f"{game}: {head!r} offers bare choices {bare}"
        if not taken and clicks >= shot_at and (game != "prime_minister" or page.locator(".bill").count()):
            shot(page, name)
            taken = True
        click_move(page, buttons.nth(rng.randrange(count)))
        clicks += 1
    assert clicks > 0 and taken and "Game over" in page.inner_text("#status")
    return clicks


SIZES = [(g, n) for g, lo, hi in (("democracy", 2, 6), ("politrickers", 3, 5), ("politix", 2, 6),
                                  ("prime_minister", 2, 4)) for n in range(lo, hi + 1)]


def test_the_start_page_offers_only_set_ups_that_exist(page):
    choose_game(page, "prime_minister")
    assert [o.get_attribute("value") for o in page.locator("#players option").all()] == ["2", "3", "4"]
    assert page.locator(".bot-spec").count() == 3
    assert "Prime Minister: how to play" in page.inner_text("#setup-rules")
    scenario = page.locator("#opt-scenario")
    assert scenario.evaluate("s => s.tagName") == "SELECT"  # names, not a bare number
    labels = scenario.evaluate("s => [...s.options].map(o => o.text)")
    assert labels[0] == "Standard game" and labels[1].startswith("1. A Nation in Crisis")
    page.select_option("#players", "3")
    disabled = scenario.evaluate("s => [...s.options].filter(o => o.disabled).map(o => o.value)")
    assert disabled == ["1", "2", "3", "4"]  # Scenarios for other table sizes cannot be chosen
    assert page.is_disabled("#opt-question_time")  # 4 players only
    page.select_option("#players", "4")
    assert not page.is_disabled("#opt-question_time")
    page.select_option("#players", "2")
    scenario.select_option("2")
    assert not page.is_disabled("#start")
    page.select_option("#players", "3")  # Scenario 2 is for 2 players: the form says so and cannot start
    assert page.is_disabled("#start") and "not for 3 players" in page.inner_text("#setup-problem")
    scenario.select_option("0")
    assert not page.is_disabled("#start")
    choose_game(page, "politix")
    page.select_option("#players", "4")
    assert page.is_disabled("#opt-teams_3v3") and page.inner_text("label[for='opt-teams_3v3']") == "Two parties of three"
    page.select_option("#players", "6")
    assert not page.is_disabled("#opt-teams_3v3")
    choose_game(page, "democracy")
    shot(page, "web-start.png")


@pytest.mark.parametrize("game,players", SIZES)
def test_every_title_and_size_played_to_the_end_through_the_page(chromium, server, game, players):
    """A whole game through the page; the even sizes on a 390 px phone, where the table keeps its width."""
    phone = players % 2 == 0
    page = open_page(chromium, server, PHONE if phone else DESKTOP)
    try:
        rng = random.Random(f"{game}{players}")
        set_up(page, game, players, "0", seed=players)
        board = page.locator("#board").bounding_box()
        assert board and board["width"] > (300 if phone else 700), board
        if phone:
            moves = page.locator("#moves-box").bounding_box()
            assert moves["width"] > 300 and moves["y"] < board["y"]  # the question first, then the table
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing off-screen
        play_to_the_end(page, game, rng)
        result = page.inner_text("#result")
        assert result.startswith("Result:") and ("won" in result or "No winner" in result)
        assert page.locator("#log li.ev.major").count() > 0  # the story says what happened
        with page.expect_download() as info:
            page.click("#download-record")
        record = json.load(open(info.value.path()))
        assert record["finished"] and record["config"]["game"] == game and record["config"]["num_players"] == players
        assert not page.errors, page.errors
    finally:
        page.context.close()


STORY = {  # a line the story must tell, per game
    "democracy": r"Trick \d+ \(upcard .+\): .+ → (P\d wins with|tie between)",
    "politrickers": r"P\d wins the trick with \w+\d?, .+",
    "politix": r"P\d persuades \d .+ by .+: power \d+",
    "prime_minister": r"Round \d+ ends\. VP: P0 \d+",
}
SHOTS = {"democracy": 14, "politrickers": 10, "politix": 12, "prime_minister": 30}


@pytest.mark.parametrize("game", sorted(STORY))
def test_each_title_tells_the_story_and_why_the_winner_won(chromium, server, game):
    """Desktop and phone screenshots mid-game; the story's key lines; the end says why the winner won."""
    page = open_page(chromium, server)
    try:
        set_up(page, game, 4, "0", seed=7)
        rng = random.Random(game)
        clicks = 0
        while clicks < SHOTS[game] or (game == "prime_minister" and not page.locator(".bill").count()):
            click_move(page, page.locator("#moves button.move").nth(0 if game == "politix" else rng.randrange(
                page.locator("#moves button.move").count())))
            clicks += 1
            assert page.get_attribute("#status", "data-finished") != "true"
        shot(page, f"web-{game}.png")
        if game == "prime_minister":  # the Government's MPs read as one number, A = M + P, not three to add up
            head = page.locator("#pm-board h4", has_text="Government MPs").text_content()
            legend = page.locator("#pm-mps + div").inner_text()
            total = int(re.fullmatch(r"Government MPs: (\d+)", head)[1])
            m, p, a = map(int, re.fullmatch(r"(\d+) Moderate \+ (\d+) Partisan = (\d+), of 660 at most",
                                            legend).groups())
            assert a == total == m + p and page.locator("#pm-mps > div").count() == 2
        page.set_viewport_size(PHONE)
        assert page.locator("#board").bounding_box()["width"] > 300
        # on a phone the story comes right after the question, before the table
        story, board = page.locator("#log-box").bounding_box(), page.locator("#board").bounding_box()
        assert story["y"] < board["y"] and story["y"] < page.locator("#moves-box").bounding_box()["y"] + 1200, story
        if game != "prime_minister":
            assert story["y"] < PHONE["height"]  # on the first screen
        shot(page, f"web-{game}-phone.png")
        page.set_viewport_size({"width": 360, "height": 740})  # the narrowest phone: nothing off-screen
        assert page.locator("#board").bounding_box()["width"] > 300
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        page.set_viewport_size(DESKTOP)
        if game in ("politix", "prime_minister"):
            tips = page.locator("#board [data-tip]")
            assert tips.count() > 0 and len(tips.first.get_attribute("data-tip")) > 10  # card texts on hover / tap
            tips.first.click()
            assert page.locator("#tip").is_visible()
        play_to_the_end(page, game, rng)
        story = page.inner_text("#log")
        assert re.search(STORY[game], story), story[-2000:]
        # a bot's move is worded by its seat, never "your ..."; the words agree with their numbers
        bots = [line for line in story.splitlines() if re.match(r"\d+\. P[1-9] \(", line)]
        assert (bots or game == "democracy") and not [x for x in bots if re.search(r"\byour?\b", x, re.I)], bots[:5]
        assert "(s)" not in story and not re.search(r"(?<![\w.])1 (tribe|card|point|island|round|cube|trick)s\b", story)
        end = page.inner_text("#result")
        assert re.search(r"Result: .*(won|No winner)", end) and len(end.splitlines()) >= 3, end
        if game == "politix":
            assert "least first" in end  # the ranking that decides, not the voter totals
        assert not page.errors, page.errors
    finally:
        page.context.close()


SNAPSHOT = """(() => { const s = document.querySelector('#status'), q = (x) => [...document.querySelectorAll(x)];
  return {showing: s.dataset.showing === undefined ? null : s.dataset.showing, number: s.dataset.moveNumber,
          status: s.textContent, head: document.querySelector('#moves-head').textContent,
          enabled: document.querySelectorAll('#moves button.move:not([disabled])').length,
          hand: document.querySelectorAll('#moves .pt').length,
          board: document.querySelector('#board').dataset.n,
          trick: q('#pt-board .trick:not(.last) .slot .who').map((w) => w.textContent),
          last: (q('#pt-board .tricks h4')[1] || {}).textContent,
          round: (document.querySelector('#pt-board .strip') || {}).textContent}; })()"""


def test_bot_moves_come_one_by_one_and_no_click_goes_through_meanwhile(chromium, server):
    page = open_page(chromium, server, pace="700")
    try:
        set_up(page, "politrickers", 5, "0", seed=4)
        for _ in range(20):  # until the bots answer a move with two moves or more
            number = move_number(page)
            before = page.evaluate(SNAPSHOT)
            page.locator("#moves button.move").first.click()
            page.wait_for_function(f"document.querySelector('#status').dataset.showing !== undefined"
                                   f" || (document.querySelector('#status').dataset.moveNumber !== '{number}'"
                                   " && document.body.dataset.busy === '0')")
            shown = []
            while True:
                now = page.evaluate(SNAPSHOT)  # the page at one instant
                if now["showing"] is None:
                    break
                assert now["number"] == number  # the page's move number waits until the bots' moves have been shown
                assert now["enabled"] == 0  # nothing to click meanwhile
                assert "playing" in now["head"]
                # the table is the table after the move shown, never ahead of it or behind it: the bot's card is
                # in the trick (or the trick it ended is the last trick), the person's card has left the hand
                assert now["board"] == now["showing"], now
                mover = re.match(r"(P\d) ", now["status"])[1]
                assert mover in now["trick"] or now["last"] != before["last"], (before, now)
                assert now["hand"] == before["hand"] - 1 or now["round"] != before["round"], (before, now)
                if not shown or shown[-1] != now["status"]:
                    shown.append(now["status"])
                time.sleep(0.1)
            idle(page)
            if len(shown) >= 2:
                break
        else:
            pytest.fail("the bots never answered with two moves shown one by one")
        assert all(re.match(r"P[1-4] \(random\): \S", x) for x in shown), shown
        assert move_number(page) != number and page.locator("#message").is_hidden()
        assert page.get_attribute("#status", "aria-live") == "polite"
        # the focus is back on the first choice, ready for the keyboard
        assert page.evaluate("document.activeElement.matches('#moves button.move')")
        assert not page.errors, page.errors
    finally:
        page.context.close()


def test_a_reload_resumes_the_game_at_its_move(page):
    set_up(page, "democracy", 3, "1", seed=12)
    click_move(page, page.locator("#moves button.move").first)
    number = move_number(page)
    assert "#game=" in page.url
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#panel-game:not(.hidden)")
    idle(page)
    assert move_number(page) == number and page.locator("#dem-board .seat.me").count() == 1
    assert page.locator("#moves button.move").count() > 0  # still the person's seat: it can play on
    click_move(page, page.locator("#moves button.move").first)


def test_watching_bots_with_pause_and_speed(page):
    set_up(page, "politrickers", 3, "watch", bots="heuristic", seed=3)
    assert page.locator("#moves-box").is_hidden()
    page.click("#step-one")
    page.wait_for_function("document.querySelector('#status').dataset.moveNumber === '1'")
    page.select_option("#view", "1")
    idle(page)
    assert page.locator("#pt-board .seat.me").count() == 1
    page.locator("#speed").fill("100")
    page.click("#play-pause")
    page.wait_for_function("+document.querySelector('#status').dataset.moveNumber >= 6")
    page.click("#play-pause")  # pause
    idle(page)
    paused_at = move_number(page)
    time.sleep(0.5)
    assert move_number(page) == paused_at
    page.click("#play-pause")
    page.wait_for_selector("#status[data-finished='true']", timeout=90_000)
    page.evaluate("window.scrollTo(0, 0)")
    last = page.locator("#log li").last
    assert "Game over" in last.inner_text()
    assert last.is_visible() and page.evaluate(  # the story's last line is on the screen, not cut off
        "(() => { const l = document.querySelector('#log'), r = l.lastElementChild.getBoundingClientRect(),"
        " b = l.getBoundingClientRect(); return r.bottom <= b.bottom + 1 && r.bottom <= innerHeight; })()")
    shot(page, "web-watch.png")


def _record(tmp_path, game_name="democracy", players=3, cut: int | None = None) -> tuple[str, int]:
    import hustings
    from hustings.play import make_game, play_game
    from hustings.play.records import Recorder, save

    game = make_game(game_name, players)
    rec = Recorder(game, 5, players=["heuristic", "random", "heuristic"][:players])
    final = play_game(game, [hustings.make_bot(game_name, b, seed=i) for i, b in
                             enumerate(("heuristic", "random", "heuristic")[:players])], seed=5,
                      on_action=lambda s, p, a: rec.add(p, a))
    record = rec.record(final)
    if cut is not None:
        record["moves"], record["finished"] = record["moves"][:cut], False
        record.pop("result", None)
    path = str(tmp_path / "game.json")
    save(record, path)
    return path, len(record["moves"])


def test_replaying_an_uploaded_record(page, tmp_path):
    path, total = _record(tmp_path)
    page.click("#tab-replay")
    page.set_input_files("#record-file", path)
    page.click("#replay-upload")
    page.wait_for_selector("#replay-controls:not(.hidden)")
    idle(page)
    assert page.inner_text("#position-text") == f"move 0 / {total}"
    for button in ("#to-start", "#step-back", "#step-one", "#to-end"):  # drawn icons, no missing glyph
        assert page.locator(f"{button} svg.icon").count() == 1
    for _ in range(4):
        page.click("#step-one")
        idle(page)
    assert page.inner_text("#position-text") == f"move 4 / {total}"
    page.click("#step-back")
    idle(page)
    assert page.inner_text("#position-text") == f"move 3 / {total}"
    assert page.locator("#log li.mv").count() >= 1
    page.click("#to-end")
    idle(page)
    assert page.inner_text("#position-text") == f"move {total} / {total}"
    assert page.get_attribute("#status", "data-finished") == "true" and "Result:" in page.inner_text("#result")
    page.locator("#log li.mv.link").nth(2).click()  # the story is clickable: back to that move
    idle(page)
    n = int(move_number(page))
    assert 0 < n < total and page.inner_text("#position-text") == f"move {n} / {total}"
    page.click("#to-start")
    idle(page)
    assert page.inner_text("#position-text") == f"move 0 / {total}"
    page.locator("#speed").fill("100")
    page.click("#play-pause")
    page.wait_for_selector("#status[data-finished='true']", timeout=90_000)
    assert page.inner_text("#position-text") == f"move {total} / {total}"
    shot(page, "web-replay.png")


def test_an_unfinished_record_says_where_it_stops(page, tmp_path):
    path, total = _record(tmp_path, cut=20)
    page.click("#tab-replay")
    page.set_input_files("#record-file", path)
    page.click("#replay-upload")
    page.wait_for_selector("#replay-controls:not(.hidden)")
    idle(page)
    page.click("#to-end")
    idle(page)
    text = page.inner_text("#position-text")
    assert text.startswith(f"move {total} / {total}") and "not finished" in text
    assert page.is_disabled("#step-one") and page.is_disabled("#to-end")


def test_saved_games_show_date_and_outcome_and_the_rules_are_a_page_away(page, server):
    set_up(page, "politix", 2, "watch", bots="random", seed=9)
    page.locator("#speed").fill("100")
    page.click("#play-pause")
    page.wait_for_selector("#status[data-finished='true']", timeout=120_000)
    page.click("#tab-saved")
    row = page.locator("#saved-table tbody tr[data-name]").first
    row.wait_for()
    cells = row.locator("td").all_inner_texts()
    assert re.search(r"\d{4}", cells[0]) and cells[1] == "Politix, 2 players"
    assert cells[4].startswith(("won by", "no winner"))
    href = page.get_attribute("#rules-link", "href")
    assert href == "/rules/politix"
    rules = page.context.new_page()
    rules.goto(server + href)
    assert rules.locator("h1").first.inner_text().startswith("Politix")
    rules.close()
    assert re.search(r"the newest \d+ records are kept", page.inner_text("#kept"))  # what the server keeps


def _token(page, sid: str):
    return page.evaluate(f"localStorage.getItem('hustings-token-{sid}')")


def _open(context, url: str):
    p = context.new_page()
    p.errors = []
    p.on("pageerror", lambda exc: p.errors.append(str(exc)))
    p.goto(url)
    p.wait_for_selector("body[data-ready='1']")
    idle(p)
    return p


def test_a_link_with_a_wrong_token_never_replaces_the_seats_token(chromium, server):
    page = open_page(chromium, server)
    try:
        set_up(page, "democracy", 3, "0", seed=5)
        sid = re.search(r"#game=([^&]+)", page.url)[1]
        mine = _token(page, sid)
        assert mine and page.locator("#moves button.move").count() > 0
        # the same browser opens a link to the game with a wrong token: refused, the seat's token kept
        other = _open(page.context, f"{server}/#game={sid}&token=WRONG")
        assert _token(other, sid) == mine
        assert "refused" in other.inner_text("#message") and "keeps the seat token" in other.inner_text("#message")
        assert other.locator("#moves button.move").count() > 0  # still the seat: it can play
        assert "token=" not in other.url
        other.reload()
        other.wait_for_selector("body[data-ready='1']")
        idle(other)
        assert other.locator("#moves button.move").count() > 0 and other.locator("#message").is_hidden()
        assert not other.errors, other.errors
        # another browser: a wrong token shows what everybody sees, the right one opens the seat
        fresh = chromium.new_context(viewport=DESKTOP)
        try:
            stranger = _open(fresh, f"{server}/#game={sid}&token=WRONG")
            assert "refused" in stranger.inner_text("#message") and _token(stranger, sid) is None
            assert stranger.locator("#moves button.move").count() == 0
            friend = _open(fresh, f"{server}/?token={mine}#game={sid}")
            assert _token(friend, sid) == mine and friend.locator("#moves button.move").count() > 0
            assert "token=" not in friend.url
        finally:
            fresh.close()
    finally:
        page.context.close()


def test_a_record_that_could_not_be_saved_is_said_on_the_page_and_saved_again(page, monkeypatch):
    from hustings.play import records

    honest = records.save

    def full(record, path):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(records, "save", full)
    set_up(page, "politix", 2, "watch", bots="random", seed=4)
    page.locator("#speed").fill("100")
    page.click("#play-pause")
    page.wait_for_selector("#status[data-finished='true']", timeout=120_000)
    idle(page)
    box = page.locator("#save-error")
    assert box.is_visible() and box.inner_text().startswith("The record could not be saved.")
    assert "No space left on device" in box.inner_text()
    page.click("#save-again")  # still full
    idle(page)
    assert box.is_visible() and "saved as" not in page.inner_text("#result")
    monkeypatch.setattr(records, "save", honest)
    page.click("#save-again")
    idle(page)
    assert box.is_hidden() and "saved as" in page.inner_text("#result")
