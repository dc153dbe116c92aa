"""What the page shows about the games themselves, the same for everybody: each game's rules notes (``RULES.md``)
as a read-only page, and a reference of its cards and set-up options for tooltips and the set-up form.

==========================================  =========================================================================
``GET  /rules/{game}``                      the game's ``RULES.md`` as an HTML page (read-only)
``GET  /api/reference/{game}``              ``{title, rules_url, summary, cards: {name: text}, suits, options}``
==========================================  =========================================================================

Nothing here depends on a game in progress: a card's text is the printed (or reconstructed) card of the shipped
component set, never what anybody holds. The texts and words are the game's own (its ``web.py``: ``QUICK_RULES``,
``cards()``, ``setup_words()``; :mod:`hustings.core.page`).
"""
from __future__ import annotations

import functools
import html
import os
import re

import hustings

from .view import page


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
    words = page(game)
    return {"game": game, "title": hustings.registry.info(game).title, "rules_url": f"/rules/{game}",
            "summary": list(words.QUICK_RULES), "cards": words.cards(), "options": words.setup_words()}


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
