"""``hustings serve``: the local web app (play, watch, replay in a browser); needs the ``web`` extra."""
from __future__ import annotations

import argparse


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--data-dir", metavar="DIR", default=None,
                    help="folder for finished games' records (default ~/.hustings/web)")


def run(args) -> int:
    """``hustings serve``: the local web app (play, watch, replay in a browser); needs the ``web`` extra."""
    import starlette  # noqa: F401  (first: without the web extra, `hustings` answers with the extra to install)
    import uvicorn  # noqa: F401

    from hustings.web import serve
    from hustings.web.sessions import DEFAULT_DATA_DIR

    data_dir = args.data_dir or DEFAULT_DATA_DIR
    print(f"hustings web app on http://{args.host}:{args.port}/ (records saved in {data_dir}); Ctrl-C stops it")
    serve(host=args.host, port=args.port, data_dir=data_dir)
    return 0
