"""``hustings serve``: a local web app to play the games in a browser (Starlette on uvicorn; needs the ``web`` extra).

    hustings serve [--host 127.0.0.1] [--port 8000] [--data-dir DIR] [--bots-dir DIR] [--components-dir DIR]
                   [--allow-host NAME]

The page (plain HTML, CSS and JavaScript under ``static/``, no build step) sets up a game (title, table size,
options, one bot SPEC per other seat), plays one seat against bots, watches bot-only games move by move, replays an
uploaded game record and downloads finished games' records. The server keeps every game's state; a browser is sent
only what its seat may see (:mod:`hustings.web.sessions`), and only with the game's token. Games are saved as they
go, so a reload or a restart resumes them, and finished games are saved as records in the data folder (atomically),
listed again after a restart, each kept for a stated time and number (:mod:`hustings.web.store`). Bots think on a
few worker threads of their own, shared fairly between clients (:mod:`hustings.web.workers`). Only pages of the
server itself may call it, and a request names bots and component sets only from the server's lists
(:mod:`hustings.web.security`, :mod:`hustings.web.inputs`; ``docs/web.md``).
"""
from __future__ import annotations

from hustings.errors import WebError  # noqa: F401

from .sessions import Session, core_bots  # noqa: F401
from .store import DEFAULT_DATA_DIR, SessionStore  # noqa: F401


def create_app(data_dir: str | None = None, make_bots=None, bots_dir: str | None = None,
               components_dir: str | None = None, hosts: tuple[str, ...] = (), retention: dict | None = None):
    """The Starlette app serving the page and its JSON API, saving games and records under ``data_dir``.

    ``make_bots(game_name, game, specs, seed) -> [Bot]`` builds the bots of a game from their SPECs (default
    :func:`core_bots`: the one SPEC resolver, :mod:`hustings.bots.spec`); a request names only the bots the server
    offers (``hustings.web.inputs.bot_spec``). See :func:`hustings.web.app.create_app`."""
    from .app import create_app as _create

    return _create(data_dir, make_bots=make_bots, bots_dir=bots_dir, components_dir=components_dir, hosts=hosts,
                   retention=retention)


def serve(host: str = "127.0.0.1", port: int = 8000, data_dir: str | None = None, make_bots=None,
          log_level: str = "info", bots_dir: str | None = None, components_dir: str | None = None,
          hosts: tuple[str, ...] = (), retention: dict | None = None) -> None:
    """Run the app on uvicorn until interrupted (a data folder that cannot be used: ``ConfigError`` first)."""
    import uvicorn

    app = create_app(data_dir, make_bots=make_bots, bots_dir=bots_dir, components_dir=components_dir, hosts=hosts,
                     retention=retention)
    uvicorn.run(app, host=host, port=port, log_level=log_level)
