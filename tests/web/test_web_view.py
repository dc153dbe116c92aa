"""What the page shows, built on the server (``hustings.web.view``): the story of each game narrated from a seat's
events, every question worded with what each choice does, the end and why the winner won, all of it a function of
what the seat may see (the same in every world ``sample_hidden`` draws for it); and the games' reference
(``hustings.web.reference``): card texts, the set-up form's words, the rules notes as a page."""
from __future__ import annotations

import json
import random
import re

import pytest

import hustings
from hustings.play import make_game
from hustings.web import reference, view

SIZES = [(g, n) for g in hustings.games()
         for n in range(hustings.game_module(g).raw_env.game_class.min_players,
                        hustings.game_module(g).raw_env.game_class.max_players + 1)]
#: Move names of the rules engine that say nothing on their own (what issue 37 found offered as choices).
BARE = re.compile(r"^(option \d|yes|no|up|down|player \d|seat \d|career \S+ action \d|bill slot \d|party \w+|"
                  r"sector \w+|to (Moderate|Partisan)|\w+ level \d)$", re.I)


class Game:
    """A game as a session keeps it (``hustings.web.sessions.Session``): the state, and per move its player and the
    number of events before it, with the move's label for the story."""

    def __init__(self, name: str, n: int, seed: int, seat: int | None = 0, kind: str = "play", **options):
        self.state = make_game(name, n, options).new_initial_state(seed=seed)
        self.log: list[dict] = []
        self.names = ["you" if p == seat else "random" for p in range(n)]
        self.kind, self.seat = kind, seat

    def play(self, action: int) -> None:
        st = self.state
        p = st.current_player()
        self.log.append({"player": p, "events": len(st.event_log), "label": view.move_label(st, p, action)})
        st.apply_unchecked(action)

    def view(self, viewer=0, since: int = 0) -> dict:
        return view.seat_view(self, viewer, since)

    def story(self, viewer=None) -> str:
        return "\n".join(line["text"] for f in self.view(viewer)["feed"] for line in f["lines"])


def played(name: str, n: int, seed: int, **kw) -> Game:
    g = Game(name, n, seed, **kw)
    rng = random.Random(seed)
    while not g.state.is_terminal():
        g.play(rng.choice(g.state.legal_actions()))
    return g


# --- every question says what it asks ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name,n", SIZES)
def test_every_question_says_what_it_asks_and_offers_exactly_the_legal_moves(name, n):
    rng = random.Random(f"{name}{n}")
    asked = set()
    for seed in range(2):
        g = Game(name, n, seed)
        while not g.state.is_terminal():
            p = g.state.current_player()
            g.seat, g.names[p] = p, "you"  # every seat in turn is the person's
            v = g.view(p, len(g.log))
            prompt = v["prompt"]
            legal = g.state.legal_actions()
            assert prompt and prompt["question"].strip() and v["waiting"] is None
            actions = [c["action"] for c in prompt["choices"]]
            assert sorted(actions) == sorted(legal) and len(set(actions)) == len(actions)
            for c in prompt["choices"]:
                assert c["label"].strip() and not BARE.match(c["label"].strip()), (prompt["question"], c)
            assert not BARE.match(prompt["question"].strip()), prompt["question"]
            if name == "prime_minister":
                asked.add((g.state.pending or {}).get("kind"))
            g.play(rng.choice(legal))
    if name == "prime_minister":
        assert {"main", "draw_bill", "select", "resolve"} <= asked


def test_the_prime_minister_is_shown_the_event_and_each_option_with_its_cost_and_effects():
    for seed in range(30):
        g = Game("prime_minister", 3, seed)
        rng = random.Random(seed)
        while not g.state.is_terminal():
            if (g.state.pending or {}).get("kind") == "event":
                pm = g.state.current_player()
                g.seat = pm
                v = g.view(pm)
                from hustings.prime_minister.components import EVENT_LIST
                card = EVENT_LIST[g.state.event]
                assert card["name"] in v["prompt"]["question"] and v["table"]["event"]["name"] == card["name"]
                labels = {o["label"] for o in card["options"]}
                for c in v["prompt"]["choices"]:
                    assert c["label"] in labels and "cube" in c["detail"], c
                others = g.view((pm + 1) % 3)
                assert others["prompt"] is None and card["name"] in others["waiting"]
                return
            g.play(rng.choice(g.state.legal_actions()))
    pytest.fail("no Event drawn in 30 games")


def test_supporters_kept_are_offered_with_their_text():
    for seed in range(40):
        g = Game("prime_minister", 4, seed)
        rng = random.Random(seed)
        while not g.state.is_terminal():
            pend = g.state.pending or {}
            if pend.get("kind") == "keep":
                p = g.state.current_player()
                g.seat = p
                choices = g.view(p)["prompt"]["choices"]
                assert all(c["label"].startswith("Keep ") and "1. " in c["detail"] and "2. " in c["detail"]
                           for c in choices)
                return
            g.play(rng.choice(g.state.legal_actions()))
    pytest.fail("no Supporter draw to keep from in 40 games")


# --- the story ----------------------------------------------------------------------------------------------------
def test_democracy_tells_each_trick_and_island():
    g = played("democracy", 4, 3)
    story = g.story(0)
    assert re.search(r"Trick \d+ \(upcard \S+, (trump \w+|no trump)\): P0 \S+, P1 \S+, P2 \S+, P3 \S+ → "
                     r"(P\d wins with \S+ \(.+\)|tie between)", story)
    assert re.search(r"Island 1: (P\d takes (Clubs|Diamonds|Hearts|Spades) \(\d+ points\)|no suit reached 13)", story)
    assert re.search(r"Tribes now: P0 \d, P1 \d, P2 \d, P3 \d", story)
    assert re.search(r"P\d( and P\d)* won with \d tribes after \d+ island", story)
    heads = [line for f in g.view(0)["feed"] for line in f["lines"] if line["tone"] == "head"]
    assert heads and heads[0]["text"].startswith("Island 1, first day")


def test_politrickers_tells_the_winner_of_each_trick_and_each_round():
    g = played("politrickers", 3, 5)
    story = g.story(1)
    assert re.search(r"Trick 1: P\d \S+.* → P\d wins the trick with \S+, (Economy is trump|\w+ is the Popular "
                     r"Policy \(.+\))", story)
    assert re.search(r"Round 1 ends, .+\. Round points: P0 [+-]\d+, P1 [+-]\d+, P2 [+-]\d+\. VP now: P0 -?\d+", story)
    assert re.search(r"Game over after \d rounds?: P\d.* won with -?\d+ VP", story)


def test_politix_tells_each_persuasion_and_the_ranking_that_decides():
    g = played("politix", 3, 2)
    story = g.story(0)
    assert re.search(r"P\d persuades \d+ .+ by .+: power \d+ \(.*\) against \d+ needed", story)
    end = g.view(0)["end"]
    if g.state.winners():
        assert re.search(r"won on (fewer turns|the (\d\w\w )?least group)", end["headline"])
        assert "least first" in end["why"][0] and "does not decide" in end["why"][0]
        assert all(s["ranking"] == sorted(s["ranking"]) for s in end["standings"])


def test_prime_minister_tells_bills_elections_vp_pooling_and_why_the_winner_won():
    stories, elections = [], 0
    for seed in range(12):
        g = played("prime_minister", 4, seed)
        story = g.story(0)
        stories.append(story)
        if "Election:" in story:
            elections += 1
            assert re.search(r"Election: .+ wins (\d+) seats to (\d+) .+; the (government|opposition) wins"
                             r"(; (government|opposition) \+\d+ VP shared by P\d(, P\d)*)?", story), story
        if g.state.winners():
            end = g.view(0)["end"]
            assert re.search(r"P\d.* won in round \d+", end["headline"]) and end["why"]
    text = "\n".join(stories)
    assert elections and re.search(r"Round \d+ ends\. VP: P0 \d+( \([+-]\d+\))?, P1 ", text)
    assert re.search(r"(passes|fails|is withdrawn|is refused Agreement).*\(projection \d+", text)
    assert re.search(r"P\d plays .+: .+ \(.+\)", text)  # a Supporter with its option's words
    assert "seat " not in text  # seats are P0.. as everywhere on the page


def test_the_story_is_told_from_the_move_asked_for_on():
    g = played("politrickers", 4, 1)
    whole = g.view(2, 0)["feed"]
    since = len(g.log) - 5
    tail = g.view(2, since)["feed"]
    assert tail == [f for f in whole if f["n"] > since]
    assert whole[0]["n"] == 0 and "your hand" in whole[0]["lines"][0]["text"]


def test_prime_minister_moves_are_named_in_the_story_as_the_page_offered_them():
    g = played("prime_minister", 3, 4)
    labels = [e["label"] for e in g.log if e["label"]]
    assert labels and not any(BARE.match(x) for x in labels)
    assert any("(" in x and ":" in x for x in labels)  # a sub-choice says what it was about
    feed = {f["n"]: f for f in g.view(1)["feed"]}
    for i, e in enumerate(g.log, start=1):
        if e["label"]:
            assert feed[i]["move"] == (e["label"] if e["player"] == 1 else view.as_seen_by_others(e["label"],
                                                                                               e["player"]))


def test_a_move_is_worded_by_its_seat_for_everyone_but_the_seat_that_made_it():
    g = played("prime_minister", 4, 2)
    yours = [e for e in g.log if e["label"] and re.search(r"\byour\b", e["label"], re.I)]
    assert yours  # moves the page offered as "End your turn", "(your Debate action)"...
    for viewer in (None, 0, 2):
        feed = {f["n"]: f for f in g.view(viewer)["feed"]}
        for i, e in enumerate(g.log, start=1):
            if not e["label"]:
                continue
            said = feed[i]["move"]
            if e["player"] == viewer:
                assert said == e["label"]
            else:
                assert not re.search(r"\byou(r)?\b", said, re.I), said
                if e in yours:
                    assert f"P{e['player']}'s" in said, said
        for f in feed.values():  # a card's text is worded for its holder: others read it by the holder's seat
            for line in f["lines"]:
                seat = re.match(r"P(\d+) ", line["text"])
                if seat and int(seat[1]) != viewer:
                    assert not re.search(r"\byou(r)?\b", line["text"], re.I), line["text"]


@pytest.mark.parametrize("text,said", [
    ("take 1 voter card(s)", "take 1 voter card"), ("draws 3 action card(s)", "draws 3 action cards"),
    ("P0 won with 1 tribes after 1 island(s)", "P0 won with 1 tribe after 1 island"),
    ("P1 tribes 2; P2 1 tribe", "P1 tribes 2; P2 1 tribe"), ("1.5 points", "1.5 points"), ("11 cards", "11 cards"),
    ("discards 2 Supporter(s) not kept", "discards 2 Supporters not kept"), ("winner(s) [0]", "winners [0]")])
def test_the_pages_words_agree_with_their_numbers(text, said):
    assert view.words(text) == said


@pytest.mark.parametrize("name,n", [("democracy", 2), ("politix", 3), ("prime_minister", 2), ("politrickers", 3)])
def test_no_story_line_says_s_in_brackets(name, n):
    g = played(name, n, 9)
    story = g.story()
    assert story and "(s)" not in story
    assert not re.search(r"(?<![\w.])1 (tribe|card|point|island|round|cube|trick)s\b", story)


# --- hidden information stays hidden -----------------------------------------------------------------------------------
def _seen(v: dict) -> str:
    return json.dumps({k: v[k] for k in ("table", "prompt", "waiting", "feed")}, sort_keys=True)


@pytest.mark.parametrize("name,n", SIZES)
def test_a_seats_view_is_the_same_in_every_world_it_cannot_tell_apart(name, n):
    """The table, the question, the waiting line and the story for a seat, built from the real state and from
    worlds ``sample_hidden`` draws for that seat (other hands, the decks' order, face-down cards resampled): equal.
    So nothing in them depends on what the seat may not see."""
    rng = random.Random(f"{name}{n}")
    checked = 0
    for seed in range(2):
        g = Game(name, n, seed)
        steps = 0
        while not g.state.is_terminal():
            if steps % 7 == 3:
                for viewer in range(n):
                    g.seat = g.state.current_player()
                    real = _seen(g.view(viewer))
                    for k in range(2):
                        world = g.state.sample_hidden(viewer, random.Random(k))
                        other = Game.__new__(Game)
                        other.__dict__.update(g.__dict__, state=world)
                        assert _seen(other.view(viewer)) == real, f"{name} {n}p seed {seed} step {steps} P{viewer}"
                    checked += 1
            g.play(rng.choice(g.state.legal_actions()))
            steps += 1
            if steps > 400:
                break
    assert checked > 5


@pytest.mark.parametrize("name,n", [("democracy", 3), ("politrickers", 4), ("politix", 3), ("prime_minister", 3)])
def test_the_check_sees_a_leak(monkeypatch, name, n):
    """The check above catches a view that shows the whole table (``render()`` with every hand) to a seat."""
    honest = view.TABLES[name]
    monkeypatch.setitem(view.TABLES, name, lambda st, viewer: {**honest(st, viewer), "leak": st.render()})
    with pytest.raises(AssertionError):
        test_a_seats_view_is_the_same_in_every_world_it_cannot_tell_apart(name, n)


def test_a_seat_sees_no_other_hand_nor_face_down_card_in_the_table():
    g = Game("democracy", 4, 8)
    rng = random.Random(0)
    while not g.state.is_terminal():
        t = g.view(1)["table"]
        for s in t["seats"]:
            if s["seat"] != 1:
                assert s["hand"] is None and s["card"] is None
        assert t["hand"] == t["seats"][1]["hand"]
        g.play(rng.choice(g.state.legal_actions()))
    g = Game("politrickers", 4, 8)
    while not g.state.is_terminal():
        t = g.view(2)["table"]
        assert all(s["hand"] is None for s in t["seats"] if s["seat"] != 2)
        assert all(c["card"] is None for c in t["current_trick"] if c["down"] and c["seat"] != 2)
        if t["last_trick"]:
            assert all(c["card"] is None for c in t["last_trick"]["cards"] if c.get("down") and c["seat"] != 2)
        g.play(rng.choice(g.state.legal_actions()))


# --- the end -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(hustings.games()))
def test_the_end_names_the_winner_and_why(name):
    g = played(name, 3 if name != "politrickers" else 4, 6)
    v = g.view(0)
    end = v["end"]
    won = g.state.winners()
    assert v["prompt"] is None and v["waiting"] is None
    if won:
        assert all(f"P{p}" in end["headline"] for p in won) and end["why"] and "won" in end["headline"]
    assert end["standings"]


# --- each game's page words ---------------------------------------------------------------------------------------------
PAGE_NAMES = ("LAYOUT", "HEADS", "MAJOR", "STORY_LABELS", "QUICK_RULES", "table", "prompt", "waiting", "end",
              "story_line", "cards", "setup_words")


def test_each_game_gives_the_page_the_same_names_from_its_own_folder():
    layouts = []
    for name in hustings.games():
        words = view.page(name)
        assert words.__name__ == hustings.registry.info(name).web == f"hustings.{name}.web"
        assert all(hasattr(words, attr) for attr in PAGE_NAMES), name
        assert all(callable(getattr(words, attr)) for attr in PAGE_NAMES if attr.islower()), name
        assert view.layout(name) == words.LAYOUT and words.LAYOUT not in hustings.games()
        layouts.append(words.LAYOUT)
    assert len(set(layouts)) == len(layouts)


def test_a_game_without_page_words_is_shown_by_its_rules_names(monkeypatch):
    monkeypatch.setattr(view, "page", lambda name: view._PlainPage)
    for table, attr in (("TABLES", "table"), ("PROMPTS", "prompt"), ("WAITING", "waiting"), ("ENDS", "end")):
        monkeypatch.setattr(view, table, view._PerGame(attr))
    g = Game("politix", 3, 1)
    st = g.state
    g.seat = p = st.current_player()
    v = g.view(p)
    assert [c["label"] for c in v["prompt"]["choices"]] == [st.game.display_name(p, a) for a in st.legal_actions()]
    assert v["waiting"] is None and v["table"]["game"] == "politix"
    g = played("politix", 3, 1)
    assert not any(e["label"] for e in g.log)
    story = [line["text"] for f in g.view(None)["feed"] for line in f["lines"]]
    assert story and story[-1] == g.state.game.describe_event(g.state.events(None)[-1])
    assert g.view(0)["end"]["standings"] and view.layout("politix") is None


# --- the reference -----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(hustings.games()))
def test_the_reference_has_the_cards_the_rules_and_the_words_of_the_set_up_form(name):
    ref = reference.reference(name)
    assert ref["rules_url"] == f"/rules/{name}" and ref["summary"]
    cls = hustings.registry.info(name).game_class
    assert set(ref["options"]) <= set(cls.OPTIONS) and all(o["label"] for o in ref["options"].values())
    if name == "prime_minister":
        from hustings.prime_minister.components import BILL_LIST, EVENT_LIST, SUPPORTER_LIST
        for c in SUPPORTER_LIST + BILL_LIST + EVENT_LIST:
            assert len(ref["cards"][c["name"]]) > 15, c["name"]
        scen = ref["options"]["scenario"]["choices"]
        assert [c["value"] for c in scen] == list(range(8)) and scen[2]["players"] == [2]
    if name == "politix":
        from hustings.politix.cards import KIND_NAMES, POLITICIAN_NAMES
        assert all(ref["cards"][k] for k in KIND_NAMES + POLITICIAN_NAMES)
    if name == "politrickers":
        assert set(ref["cards"]) == {"Env", "Hea", "Saf", "Wel", "Eco", "Mig"}
    page = reference.rules_html(name)
    assert page.startswith("<!doctype html>") and "<h1" in page and "<table>" in page and "<script" not in page


def test_the_rules_and_the_reference_are_served(tmp_path):
    starlette = pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from hustings.web import create_app

    del starlette
    with TestClient(create_app(str(tmp_path / "data"))) as client:
        res = client.get("/rules/prime_minister")
        assert res.status_code == 200 and res.headers["content-type"].startswith("text/html")
        assert "Prime Minister" in res.text
        ref = client.get("/api/reference/politix").json()
        assert ref["options"]["teams_3v3"]["requires"] == {"players": [6]}
        assert client.get("/rules/chess").status_code == 404
        assert client.get("/api/reference/..%2Fsecret").status_code == 404
        assert client.post("/rules/democracy").status_code == 405
