"""``hustings serve``: the local web app (play, watch, replay in a browser); needs the ``web`` extra."""
from __future__ import annotations

import argparse
import errno
import socket
import sys


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; any other address serves "
                        "everyone who can reach it, with no login)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--data-dir", metavar="DIR", default=None,
                   help="folder for games in progress and finished games' records (default ~/.hustings/web)")
    p.add_argument("--bots-dir", metavar="DIR", default=None,
                   help="folder of policy files (.npz, .onnx, ...) a game may name as bots, by file name "
                        "(default DATA_DIR/bots)")
    p.add_argument("--allow-host", metavar="NAME", action="append", default=[],
                   help="another name the server answers to (e.g. mybox.local), beside its own address and "
                        "localhost; repeatable. Requests naming any other host are refused (DNS rebinding)")
    p.add_argument("--components-dir", metavar="DIR", default=None,
                   help="folder of component sets (.json) a game may name in its components option "
                        "(default DATA_DIR/components)")


def check_port_free(host: str, port: int) -> None:
    """A ``ConfigError`` saying so, and suggesting ``--port``, when another program listens on ``host:port``."""
    from hustings.errors import ConfigError

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        return  # a host name that does not resolve: uvicorn says so
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as sock:
        if sys.platform != "win32":  # as uvicorn binds (a port left in TIME_WAIT is free)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(address)
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, getattr(errno, "WSAEADDRINUSE", -1)):
                raise ConfigError(f"port {port} on {host} is taken (another program is listening there); choose "
                                  f"another: hustings serve --port {port + 1}") from None
            # anything else (a port this user may not open, an address not on this machine): uvicorn says so


def run(args) -> int:
    """``hustings serve``: the local web app (play, watch, replay in a browser); needs the ``web`` extra."""
    import starlette  # noqa: F401  (first: without the web extra, `hustings` answers with the extra to install)
    import uvicorn

    from hustings.web import DEFAULT_DATA_DIR, create_app
    from hustings.web.security import is_loopback

    data_dir = args.data_dir or DEFAULT_DATA_DIR
    check_port_free(args.host, args.port)
    app = create_app(data_dir, bots_dir=args.bots_dir, components_dir=args.components_dir,  # ConfigError: one line
                     hosts=tuple(args.allow_host))
    if not is_loopback(args.host):
        print(f"warning: --host {args.host} serves the app to every machine that can reach this one, with no "
              f"login: anyone there can start games and run bots on this machine (a game's seat still needs its "
              f"token). Use it only on a network you trust; the default 127.0.0.1 serves this machine only.",
              file=sys.stderr)
    print(f"hustings web app on http://{args.host}:{args.port}/ (games and records saved in {data_dir}); "
          f"Ctrl-C stops it")
    uvicorn.run(app, host=args.host, port=args.port, log_level="info")
    return 0
