"""What the page shows about the games themselves, the same for everybody: each game's rules notes (``RULES.md``)
as a read-only page, and a reference of its cards and set-up options for tooltips and the set-up form.

==========================================  =========================================================================
``GET  /rules/{game}``                      the game's ``RULES.md`` as an HTML page (read-only)
``GET  /api/reference/{game}``              ``{title, rules_url, summary, cards: {name: text}, suits, options}``
==========================================  =========================================================================

Nothing here depends on a game in progress: a card's text is the printed (or reconstructed) card of the shipped
component set, never what anybody holds.
"""
from __future__ import annotations

import functools
import html
import os
import re

import hustings

#: A few lines a new player reads first, per game.
SUMMARY = {
    "democracy": [
        "Every trick, each player commits one card face down; when all have committed the trick is turned up.",
        "The upcard turned from the voting pool names trump. The highest trump wins; with no trump played the "
        "highest card wins. The 6 of trump beats the 5 of trump when both are played.",
        "Ranks, low to high: 6 7 8 9 10 J Q K A 3 4 5. Points: 5 = 5, 4 = 4, 3 and A = 3, K Q J = 2, "
        "10 9 8 7 = 1, 6 = 0; a joker is a non-trump 5 worth nothing.",
        "At the end of an island, 13 or more points of one suit win that suit's tribe. The first to 5 tribes wins.",
    ],
    "politrickers": [
        "Each player belongs to a party, Tails or Claws. The first card of a trick sets the Ruling Suit and Party.",
        "Ruling-Party players follow the Ruling Suit; the Opposition follows the Opposition Suit. If you cannot "
        "follow, you may have to switch party, or play a card face down (it cannot win).",
        "The suit with the larger sum is the Popular Policy; its lowest card wins. Economy is trump: the last "
        "Economy card played wins.",
        "The winner puts a Power Token on its party's plate of the Libra. Win a trick with no token left and you "
        "are Disgraced; a plate with 7 tokens collapses. After 3 rounds (or at 7 VP) the most VP wins.",
    ],
    "politix": [
        "Parties persuade voter groups. On your turn draw 3 action cards, or play: special cards beside players, "
        "then one persuasion of a voter group by one method.",
        "Your power is your politician's skill + your party symbol + special cards beside you + the top event + "
        "1 per card played. One voter card needs its symbols in power; each further card needs 1 more.",
        "When the last voter card is taken, each party's groups are sorted from least to most: the party whose "
        "least group is largest wins (then the second least, ...); a tie goes to fewer turns.",
    ],
    "prime_minister": [
        "A Victorian parliament: a Prime Minister, an Opposition Leader and Backbenchers. Each round bills are "
        "selected, players take actions with cubes, bills are resolved, challenges and elections may follow.",
        "Actions (Campaign, Debate, Flatter, Hobnob, Influence) move Popularity in the Sectors, Votes on bills, "
        "Favour and Standing; Supporters are cards with two options each.",
        "VP are pooled: an award to the Government or the Opposition goes to every member of that side (in a "
        "Pact, to both). The Prime Minister who reaches 100 VP wins.",
    ],
}

#: The set-up form's words for each option; ``requires``: the table sizes or other options it needs.
OPTIONS = {
    "democracy": {"max_islands": {"label": "Island limit", "help": "the game stops with no winner after this many "
                                  "islands (empty: no limit)"}},
    "politrickers": {},
    "politix": {
        "teams_3v3": {"label": "Two parties of three", "help": "6 players: right (P0-P2) against left (P3-P5) "
                      "instead of three parties of two", "requires": {"players": [6]}},
        "max_turns": {"label": "Turn limit", "help": "the game stops with no winner after this many turns (empty: "
                      "no limit)"},
        "components": {"label": "Own card set", "help": "a JSON card set on the server (empty: the shipped set)",
                       "advanced": True},
    },
    "prime_minister": {
        "scenario": {"label": "Scenario", "help": "the standard game or one of the rulebook's Scenarios"},
        "max_rounds": {"label": "Round limit", "help": "the game stops with no winner after this many rounds (0: no "
                       "limit)"},
        "question_time": {"label": "Question Time", "help": "the optional rule: 4 players, the standard game or "
                          "Scenario 6", "requires": {"players": [4], "scenario": [0, 6]}},
        "alternate_vote_tracker": {"label": "Alternate Vote Tracker", "help": "show bill projections as on the "
                                   "Alternate Vote Tracker (no rule changes)"},
        "components": {"label": "Own components", "help": "JSON component values on the server (empty: the "
                       "shipped ones)", "advanced": True},
    },
}


def games() -> list[str]:
    return list(hustings.games())


def rules_path(game: str) -> str:
    module = hustings.game_module(game)
    folder = os.path.dirname(os.path.abspath(getattr(module, "__file__", "")))
    package = os.path.join(os.path.dirname(folder), game)
    return os.path.join(package, "RULES.md")


# --- RULES.md as a page ---------------------------------------------------------------------------------------------
def _inline(text: str) -> str:
    text = html.escape(text, quote=False)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    text = re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])", r"<i>\1</i>", text)
    text = re.sub(r"\[([^\]]+)\]\(([^)\s]+)\)",
                  lambda m: f'<a href="{m[2]}">{m[1]}</a>' if m[2].startswith(("http", "#")) else m[1], text)
    return text


def markdown_html(md: str) -> str:
    """A plain reading of the Markdown the rules notes use: headings, paragraphs, lists, tables, code blocks."""
    out, para, lines = [], [], md.splitlines()
    i = 0

    def flush():
        if para:
            out.append("<p>" + _inline(" ".join(para)) + "</p>")
            para.clear()

    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            flush()
            block = []
            i += 1
            while i < len(lines) and not lines[i].startswith("```"):
                block.append(lines[i])
                i += 1
            out.append("<pre>" + html.escape("\n".join(block)) + "</pre>")
        elif re.match(r"#{1,6} ", line):
            flush()
            level = len(line) - len(line.lstrip("#"))
            text = line[level:].strip()
            anchor = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
            out.append(f'<h{level} id="{anchor}">{_inline(text)}</h{level}>')
        elif line.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                    rows.append(cells)
                i += 1
            i -= 1
            if rows:
                head, body = rows[0], rows[1:]
                out.append("<table><thead><tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head) + "</tr></thead>"
                           "<tbody>" + "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>"
                                               for r in body) + "</tbody></table>")
        elif re.match(r"\s*([-*]|\d+\.) ", line):
            flush()
            items = []
            while i < len(lines) and (re.match(r"\s*([-*]|\d+\.) ", lines[i]) or
                                      (lines[i].startswith("  ") and lines[i].strip() and items)):
                if re.match(r"\s*([-*]|\d+\.) ", lines[i]):
                    items.append(re.sub(r"^\s*([-*]|\d+\.) ", "", lines[i]))
                else:
                    items[-1] += " " + lines[i].strip()
                i += 1
            i -= 1
            out.append("<ul>" + "".join(f"<li>{_inline(x)}</li>" for x in items) + "</ul>")
        elif not line.strip():
            flush()
        else:
            para.append(line.strip())
        i += 1
    flush()
    return "\n".join(out)


@functools.lru_cache(maxsize=8)
def rules_html(game: str) -> str:
    """The game's ``RULES.md`` as a whole HTML page."""
    with open(rules_path(game), encoding="utf-8") as fh:
        body = markdown_html(fh.read())
    title = hustings.registry.info(game).title
    return (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{html.escape(title)}: rules notes</title><link rel=\"stylesheet\" href=\"/static/rules.css\">"
            f"</head><body><nav><a href=\"/\">hustings</a> · {html.escape(title)} · rules notes</nav>"
            f"<main>{body}</main></body></html>")


# --- cards and options --------------------------------------------------------------------------------------------
def _politrickers_cards() -> dict:
    from hustings.politrickers.cards import SUIT_NAMES, SUIT_SHORT

    out = {short: f"{name}: a main suit, values 1-10 (low cards win the Popular Policy)"
           for short, name in zip(SUIT_SHORT[:4], SUIT_NAMES[:4])}
    out["Eco"] = "Economy: trump. Played face up, Economy is Popular and the last Economy card played wins"
    out["Mig"] = ("Migration: playable on any turn; move one of your tokens on the Libra to the other plate. It sets "
                  "no suit and cannot win")
    return out


def _pm_cards() -> dict:
    from hustings.prime_minister.components import (BILL_LIST, CAREERS, EVENT_LIST, POLITICIANS, SUPPORTER_LIST)

    from .view import bill_text, effect_text, supporter_text, _event_text

    out = {}
    for c in SUPPORTER_LIST:
        out[c["name"]] = "Supporter, " + supporter_text(c)
    for b in BILL_LIST:
        out[b["name"]] = bill_text(b)
    for e in EVENT_LIST:
        out[e["name"]] = "Event: " + _event_text(e)
    for c in CAREERS.values():
        req = c["requirements"]
        need = ", ".join(x for x in (req.get("ability") and f"{req['ability']} ability",
                                     f"Standing {req['standing_min']}+", f"Favour {req['favour_min']}+") if x)
        out.setdefault(c["name"], f"Career card ({c['side']}; needs {need}): "
                                  + "; ".join(effect_text(x) for x in c["effects"]))
    for p in POLITICIANS.values():
        ab = ", ".join(f"{k.title()} {v}" for k, v in p["abilities"].items())
        camp = f"; campaigns in {', '.join(p['campaign_sectors'])}" if p.get("campaign_sectors") else ""
        out[p["name"]] = f"{p['party'].title()} politician: {ab}{camp}"
    return out


def _pm_scenarios() -> list[dict]:
    from hustings.prime_minister.components import SCENARIOS

    out = [{"value": 0, "label": "Standard game", "players": [2, 3, 4]}]
    for num in sorted(SCENARIOS):
        s = SCENARIOS[num]
        counts = list(s["player_counts"])
        out.append({"value": num, "label": f"{num}. {s['name']} ({' or '.join(map(str, counts))} players)",
                    "players": counts, "help": s.get("victory", "")})
    return out


@functools.lru_cache(maxsize=8)
def reference(game: str) -> dict:
    """The game's card texts by name, its quick rules, and the set-up form's words: of the shipped component set,
    installed while they are read (a live game of its own set may hold the engine's tables: ``tables.py``)."""
    from .tables import TABLES

    with TABLES.exclusive():
        shipped = hustings.registry.make_game(game)
    with TABLES.use(shipped):
        return _reference(game)


def _reference(game: str) -> dict:
    from .view import card_texts_politix

    cards: dict = {}
    if game == "politrickers":
        cards = _politrickers_cards()
    elif game == "politix":
        cards = card_texts_politix()
    elif game == "prime_minister":
        cards = _pm_cards()
    options = {k: dict(v) for k, v in OPTIONS.get(game, {}).items()}
    if game == "prime_minister":
        options["scenario"]["choices"] = _pm_scenarios()
    return {"game": game, "title": hustings.registry.info(game).title, "rules_url": f"/rules/{game}",
            "summary": SUMMARY.get(game, []), "cards": cards, "options": options}


def routes() -> list:
    """The Starlette routes of this module."""
    from starlette.responses import HTMLResponse, JSONResponse
    from starlette.routing import Route

    def known(request) -> str | None:
        game = request.path_params["game"]
        return game if game in games() else None

    async def rules(request):
        game = known(request)
        if game is None:
            return JSONResponse({"error": f"no game {request.path_params['game']!r}"}, status_code=404)
        return HTMLResponse(rules_html(game))

    async def ref(request):
        game = known(request)
        if game is None:
            return JSONResponse({"error": f"no game {request.path_params['game']!r}"}, status_code=404)
        return JSONResponse(reference(game))

    return [Route("/rules/{game}", rules), Route("/api/reference/{game}", ref)]
