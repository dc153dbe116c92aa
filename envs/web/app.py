"""The Starlette app: the page (``static/``) and its JSON API.

Routes (every error is JSON ``{"error": message}`` with a 4xx status, and changes nothing):

==========================================  =========================================================================
``GET  /``                                  the page
``GET  /api/catalogue``                     games, table sizes, options, suggested bot SPECs
``POST /api/games``                         new game ``{game, players, seat|null, bots: [SPEC...], options, seed,
                                            auto_forced}`` -> its view (``seat`` null: bots only, to watch)
``GET  /api/games/{id}?view=&since=``       the game as ``view`` sees it (a play game: always its seat's view)
``POST /api/games/{id}/move``               ``{action, move_number}``: the person's move (then the bots')
``POST /api/games/{id}/step``               ``{move_number, count}``: watch/replay, the next move(s)
``POST /api/games/{id}/goto``               ``{to, move_number}``: replay, jump to a move
``GET  /api/games/{id}/record``             the record (JSON download; a play game's once it is over)
``POST /api/replays``                       ``{record}`` (an uploaded record) or ``{saved: NAME}`` -> a replay
``GET  /api/records``                       finished games saved in the data folder
``GET  /api/records/{name}``                one of them (JSON download)
==========================================  =========================================================================
"""
from __future__ import annotations

import json
import os

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .sessions import SessionStore, WebError

STATIC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "static")
MAX_BODY = 32 * 1024 * 1024


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _body(request: Request) -> dict:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise WebError("request too large", 413)
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise WebError("the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise WebError("the request body must be a JSON object")
    return data


def _download(data: dict, filename: str) -> Response:
    return Response(json.dumps(data, indent=1), media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


def create_app(data_dir: str | None = None, make_bots=None) -> Starlette:
    """The app; ``make_bots(game_name, game, specs, seed) -> [Bot]`` builds the bots (default
    :func:`hustings.web.sessions.core_bots`; ``hustings serve`` passes one taking every ``evaluate`` SPEC)."""
    store = SessionStore(data_dir, make_bots=make_bots)

    def handles(fn):
        async def endpoint(request: Request):
            try:
                return await fn(request)
            except WebError as exc:
                return _error(exc.message, exc.status)
        return endpoint

    async def index(request):
        return FileResponse(os.path.join(STATIC, "index.html"), headers={"Cache-Control": "no-cache"})

    @handles
    async def get_catalogue(request):
        return JSONResponse(await run_in_threadpool(store.catalogue))

    @handles
    async def new_game(request):
        body = await _body(request)
        session = await run_in_threadpool(store.create, body)
        return JSONResponse(session.view(), status_code=201)

    @handles
    async def get_game(request):
        session = store.get(request.path_params["sid"])
        since = request.query_params.get("since", "0")
        if not since.isdigit():
            raise WebError("'since' must be a move number")
        return JSONResponse(await run_in_threadpool(session.view, request.query_params.get("view"), int(since)))

    def _changer(method):
        @handles
        async def change(request):
            session = store.get(request.path_params["sid"])
            body = await _body(request)
            view = body.get("view")
            session.viewer_for(view)  # a bad view is refused before anything moves
            await run_in_threadpool(method, session, body)
            since = body.get("since", 0)
            return JSONResponse(await run_in_threadpool(session.view, view, since if isinstance(since, int) else 0))
        return change

    move = _changer(lambda s, b: s.move(b.get("action"), b.get("move_number")))
    step = _changer(lambda s, b: s.step(b.get("move_number"), b.get("count", 1)))
    goto = _changer(lambda s, b: s.goto(b.get("to"), b.get("move_number")))

    @handles
    async def game_record(request):
        session = store.get(request.path_params["sid"])
        rec = session.record()
        return _download(rec, f"hustings-{session.game.name}-{session.id[:8]}.json")

    @handles
    async def new_replay(request):
        body = await _body(request)
        session = await run_in_threadpool(store.create_replay, body)
        return JSONResponse(session.view(body.get("view")), status_code=201)

    @handles
    async def list_records(request):
        return JSONResponse({"records": await run_in_threadpool(store.list_records)})

    @handles
    async def get_record(request):
        name = request.path_params["name"]
        return _download(store.load_record(name), name)

    async def http_error(request, exc: HTTPException):
        return _error(exc.detail or "error", exc.status_code)

    routes = [
        Route("/", index),
        Route("/api/catalogue", get_catalogue),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games/{sid}", get_game),
        Route("/api/games/{sid}/move", move, methods=["POST"]),
        Route("/api/games/{sid}/step", step, methods=["POST"]),
        Route("/api/games/{sid}/goto", goto, methods=["POST"]),
        Route("/api/games/{sid}/record", game_record),
        Route("/api/replays", new_replay, methods=["POST"]),
        Route("/api/records", list_records),
        Route("/api/records/{name}", get_record),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error})
    app.state.store = store
    return app
