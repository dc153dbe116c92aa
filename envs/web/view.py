"""What the page shows of a game, built on the server for one viewer: the story so far, the table, the question
asked and the end.

:func:`seat_view` is the ``table`` part of every view the server sends (``Session.view``):

* ``feed``: what happened, move by move: the events each move caused (a trick and its winner, an island scored, a
  bill passed, an election, a round's VP...), worded by the game's page words (``story_line``: its own
  ``describe_event``, the narration ``hustings demo`` and ``hustings replay`` print, with a few lines reworded for
  the table: "Island 3: P1 takes Hearts (15 points)"); each line has a ``tone``: ``head`` (a new island, round...),
  ``major`` or ``minor``;
* ``table``: the table as drawn: cards with their suits, the current and the last trick, scores and tracks with
  their names (per game);
* ``prompt`` (the viewer's own decision only): the question asked and, for every legal move, a label, what it does
  and the group it is listed in (a card listed once, its paid-switch play as a variant);
* ``waiting``: what the seat to move is deciding, in words that name nothing hidden;
* ``end``: the winner and why they won.

Each game gives these in its own ``web.py`` (named by ``GameInfo.web``; the names it holds:
:mod:`hustings.core.page`), reached here through the registry: nothing here names a game. A game without one is
shown by its rules' own names and text.

Hidden information stays hidden: everything here is read from what ``viewer`` may see: the public table, the
viewer's own cards and decision, and ``state.events(viewer)`` (the public events plus the viewer's private
fields). ``viewer=None`` (watching bots, replaying a record) is the whole table.
"""
from __future__ import annotations

import functools
import importlib
import re

from hustings import registry
from hustings.core.page import choice, seats_named
from hustings.play.moves import QUIET_EVENTS


class _PlainPage:
    """The page of a game without page words (``GameInfo.web`` ``None``): its rules' names and text."""

    LAYOUT = None
    HEADS: frozenset = frozenset()
    MAJOR: frozenset = frozenset({"game_end"})
    STORY_LABELS = False
    QUICK_RULES: list = []

    @staticmethod
    def table(st, viewer):
        return {"game": st.game.name, "board": st.board_view(viewer)}

    @staticmethod
    def prompt(st, player):
        return {"question": "Your move",
                "choices": [choice(a, st.game.display_name(player, a)) for a in st.legal_actions()]}

    @staticmethod
    def waiting(st, player):
        return f"P{player} is moving"

    @staticmethod
    def end(st, names):
        won = st.winners()
        return {"headline": f"{seats_named(names, won)} won" if won else "No winner", "why": [],
                "standings": [{"seat": p, "score": s, "unit": "points"} for p, s in enumerate(st.scores())]}

    @staticmethod
    def story_line(game, events, i):
        return game.describe_event(events[i])

    @staticmethod
    def cards():
        return {}

    @staticmethod
    def setup_words():
        return {}


@functools.lru_cache(maxsize=None)
def page(name: str):
    """The page words of game ``name``: the module ``GameInfo.web`` names (see :mod:`hustings.core.page`)."""
    module = registry.info(name).web
    return _PlainPage if module is None else importlib.import_module(module)


def layout(name: str) -> str | None:
    """The kind of table the page draws for game ``name`` (``None``: the text rendering)."""
    return page(name).LAYOUT


class _PerGame(dict):
    """``game name -> one of its page functions`` (``TABLES[name](state, viewer)``), looked up on first use."""

    def __init__(self, attr: str):
        super().__init__()
        self.attr = attr

    def __missing__(self, name: str):
        found = self[name] = getattr(page(name), self.attr)
        return found


#: Per game: the table as ``viewer`` sees it, ``(state, viewer) -> dict``.
TABLES = _PerGame("table")
#: Per game: the question asked of the seat to move, ``(state, player) -> {"question", "choices"}``.
PROMPTS = _PerGame("prompt")
#: Per game: what the seat to move is deciding, ``(state, player) -> str``.
WAITING = _PerGame("waiting")
#: Per game: the end and why, ``(state, names) -> {"headline", "why", "standings"}``.
ENDS = _PerGame("end")


def seat_view(session, viewer: int | None, since: int = 0, frames: bool = False) -> dict:
    """The page's view of ``session`` for ``viewer`` (a seat, or ``None``: the whole table); the feed from move
    ``since`` on; with ``frames`` (the answer to a change), a play game's table after each move from ``since`` on
    that the change made (:func:`frame`), so the page shows the bots' moves one by one with the table as it was
    after each."""
    st = session.state
    name = st.game.name
    out = {"feed": feed(session, viewer, since), "table": TABLES[name](st, viewer), "prompt": None,
           "waiting": None, "end": None, "frames": []}
    if frames and session.kind == "play" and viewer == session.seat:
        out["frames"] = [f for f in session.frames if f["n"] > since]
    if st.is_terminal():
        end = ENDS[name](st, session.names)
        out["end"] = {**end, "headline": words(end["headline"]), "why": [words(w) for w in end["why"]]}
        return out
    p = st.current_player()
    if session.kind == "play" and p == session.seat == viewer:
        prompt = PROMPTS[name](st, p)
        out["prompt"] = {**prompt, "question": words(prompt["question"]),
                         "choices": [{**c, "label": words(c["label"]),
                                      **({"detail": words(c["detail"])} if "detail" in c else {})}
                                     for c in prompt["choices"]]}
    else:
        out["waiting"] = words(WAITING[name](st, p))
    return out


def frame(session, viewer: int | None) -> dict:
    """The table as ``viewer`` sees it now, after move ``n``, and who is to move (the page draws it while it shows
    the bots' moves one by one)."""
    st = session.state
    name = st.game.name
    over = st.is_terminal()
    return {"n": session.move_number, "table": TABLES[name](st, viewer),
            "current_player": None if over else st.current_player(),
            "waiting": None if over else words(WAITING[name](st, st.current_player()))}


# --- words ----------------------------------------------------------------------------------------------------------
_MAYBE_PLURAL = re.compile(r"(?<![\w.])(\d+) ((?:[A-Za-z-]+ ){0,2})([A-Za-z]+)\(s\)")
_ANY_PLURAL = re.compile(r"\b([A-Za-z]+)\(s\)")
_ONE = re.compile(r"(?<![\w.])1 ((?:[A-Za-z-]+ ){0,2})(tribe|point|card|island|round|cube|trick|move|step|supporter|"
                  r"turn|voter|seat|bill|group|vote|game|action)s\b", re.I)


def words(text):
    """``text`` as the page says it: "1 tribe", "2 cards", never "1 tribes" or "card(s)" (the rules' own texts
    speak to any number)."""
    if not isinstance(text, str) or not text:
        return text
    text = _MAYBE_PLURAL.sub(lambda m: f"{m[1]} {m[2]}{m[3]}{'' if m[1] == '1' else 's'}", text)
    text = _ANY_PLURAL.sub(lambda m: m[1] + "s", text)
    return _ONE.sub(lambda m: f"1 {m[1]}{m[2]}", text)


_YOUR = re.compile(r"\b([Yy])our\b")
_YOU = re.compile(r"\b([Yy])ou\b")


def as_seen_by_others(label: str, player: int) -> str:
    """A move's label, worded for the person to move ("End your turn", "... (your Debate action)"), as another seat
    reads it: "End P2's turn", "(P2's Debate action)"."""
    return _YOU.sub(f"P{player}", _YOUR.sub(f"P{player}'s", label))


# --- the story so far ---------------------------------------------------------------------------------------------
def feed(session, viewer: int | None, since: int = 0) -> list[dict]:
    """``[{"n": move, "lines": [{"text", "tone"}]}]``: the events each move from ``since`` on caused, as ``viewer``
    saw them (``n`` 0: before the first move, the deal)."""
    st, log = session.state, session.log
    total = len(getattr(st, "event_log", ()))
    bounds = [e.get("events", total) for e in log] + [total]
    since = max(0, min(since, len(log)))
    events = st.events(viewer, 0)
    out = []
    if since == 0:
        lines = narrate(st.game, events, 0, bounds[0])
        if lines:
            out.append({"n": 0, "lines": lines})
    for i in range(since, len(log)):
        lines = narrate(st.game, events, bounds[i], bounds[i + 1])
        label = log[i].get("label")
        if label and viewer != log[i]["player"]:
            label = as_seen_by_others(label, log[i]["player"])
        lines = [_about_a_seat(line, viewer) for line in lines]
        if lines or label:
            out.append({"n": i + 1, "lines": lines, "move": label})
    return out


def _about_a_seat(line: dict, viewer: int | None) -> dict:
    """A story line about seat ``P<k>`` ("P3 plays John Bright: +1 Standing (you: Standing +1)": a card's text is
    worded for its holder) as a viewer other than that seat reads it: "(P3: Standing +1)"."""
    m = _SEAT_LINE.match(line["text"])
    if m is None or viewer == int(m[1]):
        return line
    return {**line, "text": as_seen_by_others(line["text"], int(m[1]))}


_SEAT_LINE = re.compile(r"^P(\d+) ")


def move_label(st, player: int, action: int) -> str | None:
    """A move as the page words it in the story ("Up (+): Supporter Duke of Argyll: ±10 Votes on a bill"), read
    from the state just before it, where the game's page words say so (``STORY_LABELS``); ``None`` for a move hidden
    from the other seats (they see it as hidden) and where the move's own name reads well (the card games)."""
    if not page(st.game.name).STORY_LABELS or st.is_terminal() or st.hidden_move(player, action) is not None:
        return None
    try:
        prompt = PROMPTS[st.game.name](st, player)
    except Exception:  # noqa: BLE001 - a label is decoration: the move's own name is shown instead
        return None
    found = next((c for c in prompt["choices"] if c["action"] == action), None)
    if found is None or found["label"] in ("Yes", "No"):
        return None
    about = prompt.get("about")
    return words(f"{found['label']} ({about})" if about else found["label"])


def narrate(game, events: list[dict], lo: int = 0, hi: int | None = None) -> list[dict]:
    """The lines of ``events[lo:hi]`` (earlier events are read for context: a round's VP gains)."""
    hi = len(events) if hi is None else hi
    page_words = page(game.name)
    lines = []
    for i in range(lo, hi):
        kind = events[i].get("type")
        if kind in QUIET_EVENTS:
            continue
        text = page_words.story_line(game, events, i)
        if not text:
            continue
        tone = "head" if kind in page_words.HEADS else "major" if kind in page_words.MAJOR else "minor"
        lines.append({"text": words(text), "tone": tone})
    return lines
