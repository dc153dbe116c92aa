"""``hustings serve``: a local web app to play the games in a browser (Starlette on uvicorn; needs the ``web`` extra).

    hustings serve [--host 127.0.0.1] [--port 8000] [--data-dir DIR]

The page (plain HTML, CSS and JavaScript under ``static/``, no build step) sets up a game (title, table size,
options, one bot SPEC per other seat), plays one seat against bots, watches bot-only games move by move, replays an
uploaded game record and downloads finished games' records. The server keeps every game's state; a browser is sent
only what its seat may see (:mod:`hustings.web.sessions`). Finished games are saved as records in the data folder
(atomically), and listed again after a restart.
"""
from __future__ import annotations

from .sessions import DEFAULT_DATA_DIR, Session, SessionStore, WebError, core_bots  # noqa: F401


def create_app(data_dir: str | None = None, make_bots=None):
    """The Starlette app serving the page and its JSON API, saving finished games' records under ``data_dir``.

    ``make_bots(game_name, game, specs, seed) -> [Bot]`` builds the bots of a game from their SPECs (default
    :func:`core_bots`: scripted, ``shipped:GAME``, ``.onnx``); ``hustings serve`` passes one built on
    ``hustings.training.evaluate`` (every SPEC ``evaluate`` takes), which this games package does not import."""
    from .app import create_app as _create

    return _create(data_dir, make_bots=make_bots)


def serve(host: str = "127.0.0.1", port: int = 8000, data_dir: str | None = None, make_bots=None,
          log_level: str = "info") -> None:
    """Run the app on uvicorn until interrupted."""
    import uvicorn

    uvicorn.run(create_app(data_dir, make_bots=make_bots), host=host, port=port, log_level=log_level)
