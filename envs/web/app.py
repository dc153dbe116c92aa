"""The Starlette app: the page (``static/``) and its JSON API.

Routes (every error is JSON ``{"error": message}`` with a 4xx status, and changes nothing; a server fault is a 500,
JSON too). A POST body is JSON sent as ``Content-Type: application/json``. ``TOKEN``: the request carries the
game's token (``X-Hustings-Token`` header, or ``?token=``), given once, in the response that created the game.

==========================================  =========================================================================
``GET  /``                                  the page
``GET  /api/catalogue``                     games, table sizes, options, the bots and component sets offered
``POST /api/games``                         new game ``{game, players, seat|null, bots: [SPEC...], options, seed,
                                            auto_forced, title}`` -> its view and its ``token`` (``seat`` null:
                                            bots only, to watch)
``GET  /api/games/{id}?view=&since=``       the game as ``view`` sees it (a play game: its seat's view with the
                                            token, else the public view); a game not in memory is resumed from its
                                            saved file
``POST /api/games/{id}/move``               TOKEN ``{action, move_number}``: the person's move (then the bots')
``POST /api/games/{id}/step``               TOKEN ``{move_number, count}``: watch/replay, the next move(s)
``POST /api/games/{id}/goto``               TOKEN ``{to, move_number}``: replay, jump to a move
``POST /api/games/{id}/save``               TOKEN ``{}``: write a finished game's record again (after
                                            ``save_error``)
``GET  /api/games/{id}/record``             the record (JSON download; a play game's once it is over)
``POST /api/replays``                       ``{record}`` (an uploaded record) or ``{saved: NAME}`` -> a replay and its
                                            ``token``
``GET  /api/records``                       finished games saved in the data folder
``GET  /api/records/{name}``                one of them (JSON download)
``GET  /rules/{game}``                      the game's rules notes (``RULES.md``) as a page (``reference.py``)
``GET  /api/reference/{game}``              its card texts, quick rules and set-up words (``reference.py``)
``GET  /games/{game}/web.js``               the game's own drawing of its table (``web.js`` beside its ``web.py``,
                                            found through the registry: :func:`game_script`); 404 for anything else
==========================================  =========================================================================

Who may ask (``security.py``): only pages of this server (Host and Origin checked), and only its creator (the
token) may see a play game's seat or change a game.
"""
from __future__ import annotations

import asyncio
import importlib.util
import json
import os

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from hustings import registry
from hustings.errors import WebError

from .reference import routes as reference_routes
from .security import RequestGuard, read_json, request_token
from .sessions import run_slice
from .store import SessionStore
from .workers import SLICE_SECONDS, BotWorkers

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers={"Cache-Control": "no-store"})


def _json(data, status: int = 200) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store"})


def _download(data: dict, filename: str) -> Response:
    return Response(json.dumps(data, indent=1), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"})


def game_script(name: str) -> str | None:
    """The file of game ``name``'s own drawing on the page: ``web.js`` beside its ``web.py`` (the module its
    ``GameInfo.web`` names), which registers the board of its ``LAYOUT`` with the page (``static/app.js``:
    ``Hustings.registerBoard``); ``None`` for a name the registry does not list as it is, or a game without one (its
    table is drawn as text). Only such a file is ever served from a game's folder."""
    if name not in registry.games():
        return None
    module = registry.info(name).web
    spec = None if module is None else importlib.util.find_spec(module)
    if spec is None or not spec.origin:
        return None
    path = os.path.join(os.path.dirname(os.path.abspath(spec.origin)), "web.js")
    return path if os.path.isfile(path) else None


def _since(value) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        return 0
    if isinstance(value, str):
        if not value.isdigit() or len(value) > 9:
            raise WebError("'since' must be a move number")
        return int(value)
    return max(0, min(value, 10**9))


def create_app(data_dir: str | None = None, make_bots=None, bots_dir: str | None = None,
               components_dir: str | None = None, hosts: tuple[str, ...] = (), retention: dict | None = None
               ) -> Starlette:
    """The app, saving games and records under ``data_dir``; ``make_bots(game_name, game, specs, seed) -> [Bot]``
    builds the bots (default :func:`hustings.web.sessions.core_bots`) of the SPECs a request may name
    (``inputs.py``: policy files only from ``bots_dir``, component sets only from ``components_dir``, by default
    ``bots/`` and ``components/`` of the data folder). ``hosts``: more names the server answers to, beside its own
    address and the loopback names (``security.RequestGuard``). A data folder that cannot be used is a
    :class:`~hustings.errors.ConfigError`. ``retention``: what the data folder keeps (``SessionStore``'s
    ``keep_games``, ``keep_game_days``, ``keep_records``, ``keep_record_days``; by default the last 1000 games for 30
    days after their last change, and the last 1000 records)."""
    store = SessionStore(data_dir, make_bots=make_bots, bots_dir=bots_dir, components_dir=components_dir,
                         **(retention or {}))
    workers = BotWorkers()

    def client_of(request) -> str:
        """Who asks, for fairness between clients (``workers.py``): the address the request comes from."""
        return (request.client.host if request.client else "") or "unknown"

    async def drive(client: str, work) -> None:
        """Run a change (``Session.*_work``, admitted by ``workers.enter(client)``): its checks and the person's
        own move on the request path, its bots' moves on the bot workers, in ``client``'s turn. It runs to its end
        even if the request is given up meanwhile (the game is never left half-changed)."""
        async def go():
            done = False
            try:
                done = await run_in_threadpool(run_slice, work, 0.0)
                while not done:
                    done = await workers.run(client, lambda: run_slice(work, SLICE_SECONDS))
            finally:
                workers.leave(client)
                if not done:
                    await run_in_threadpool(work.close)  # its session is freed and saved
        await asyncio.shield(asyncio.ensure_future(go()))

    def handles(fn):
        async def endpoint(request: Request):
            try:
                return await fn(request)
            except WebError as exc:
                return _error(exc.message, exc.status)
        return endpoint

    async def session_of(request):
        return await run_in_threadpool(store.get, request.path_params["sid"])

    def require_token(session, request) -> None:
        if not session.authorised(request_token(request)):
            raise WebError("this game's token is needed to play or move it on: open the game from the address "
                           "it was started at", 403)

    async def index(request):
        return FileResponse(os.path.join(STATIC, "index.html"), headers={"Cache-Control": "no-cache"})

    async def game_drawing(request):
        name = request.path_params["game"]
        path = game_script(name)  # a registered game's own web.js, nothing else
        if path is None:
            return _error(f"no page script for {name!r}: only a registered game's own web.js is served", 404)
        return FileResponse(path, media_type="text/javascript; charset=utf-8", headers={"Cache-Control": "no-cache"})

    async def favicon(request):
        return Response(status_code=204, headers={"Cache-Control": "max-age=86400"})

    @handles
    async def get_catalogue(request):
        return _json(await run_in_threadpool(store.catalogue))

    @handles
    async def new_game(request):
        body = await read_json(request)
        client = client_of(request)
        workers.enter(client)
        try:
            session, token = await run_in_threadpool(store.create, body, False)
        except BaseException:
            workers.leave(client)
            raise
        await drive(client, session.start_work())  # the bots before the person's first turn
        view = await run_in_threadpool(session.view, None, 0, True)
        return _json({**view, "token": token}, 201)

    @handles
    async def get_game(request):
        session = await session_of(request)
        since = _since(request.query_params.get("since", "0"))
        authorised = session.authorised(request_token(request))
        return _json(await run_in_threadpool(session.view, request.query_params.get("view"), since, authorised))

    def _changer(make_work):
        @handles
        async def change(request):
            body = await read_json(request)
            session = await session_of(request)
            require_token(session, request)
            view = body.get("view")
            session.viewer_for(view)  # a bad view is refused before anything moves
            since = _since(body.get("since", 0))
            client = client_of(request)
            workers.enter(client)
            await drive(client, make_work(session, body))
            return _json(await run_in_threadpool(session.view, view, since, True, True))
        return change

    def _saving(session, body):
        session.retry_save()
        yield from ()

    move = _changer(lambda s, b: s.move_work(b.get("action"), b.get("move_number")))
    step = _changer(lambda s, b: s.step_work(b.get("move_number"), b.get("count", 1)))
    goto = _changer(lambda s, b: s.goto_work(b.get("to"), b.get("move_number")))
    save = _changer(_saving)

    @handles
    async def game_record(request):
        session = await session_of(request)
        rec = await run_in_threadpool(session.record)
        return _download(rec, f"hustings-{session.game.name}-{session.id[:8]}.json")

    @handles
    async def new_replay(request):
        body = await read_json(request)
        session, token = await run_in_threadpool(store.create_replay, body)
        view = await run_in_threadpool(session.view, body.get("view"), 0, True)
        return _json({**view, "token": token}, 201)

    @handles
    async def list_records(request):
        return _json({"records": await run_in_threadpool(store.list_records)})

    @handles
    async def get_record(request):
        name = request.path_params["name"]
        return _download(await run_in_threadpool(store.load_record, name), name)

    async def http_error(request, exc: HTTPException):
        return _error(exc.detail or "error", exc.status_code)

    async def server_error(request, exc: Exception):
        return _error(f"the server failed on this request ({type(exc).__name__}); nothing else is affected", 500)

    routes = [
        Route("/", index),
        Route("/favicon.ico", favicon),
        Route("/api/catalogue", get_catalogue),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{sid}", get_game),
        Route("/api/games/{sid}/move", move, methods=["POST"]),
        Route("/api/games/{sid}/step", step, methods=["POST"]),
        Route("/api/games/{sid}/goto", goto, methods=["POST"]),
        Route("/api/games/{sid}/save", save, methods=["POST"]),
        Route("/api/games/{sid}/record", game_record),
        Route("/api/replays", new_replay, methods=["POST"]),
        Route("/api/records", list_records),
        Route("/api/records/{name}", get_record),
        Route("/games/{game}/web.js", game_drawing),
        *reference_routes(),  # /rules/{game}, /api/reference/{game} (reference.py)
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(RequestGuard, hosts=tuple(hosts))],
                    exception_handlers={HTTPException: http_error, Exception: server_error})
    app.state.store = store
    app.state.workers = workers
    return app
