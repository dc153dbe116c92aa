"""What keeps other web pages, and other people, from driving the server (``docs/web.md``, "Security").

* **Host and Origin** (:class:`RequestGuard`, around the whole app): a request is answered only when its ``Host`` is
  the address the server serves on or a loopback name (``localhost``, ``127.0.0.1``, ``[::1]``) with the server's
  port, so a page of another site whose name was rebound to this machine (DNS rebinding) is refused; a request
  from a browser page of another origin (``Origin`` / ``Sec-Fetch-Site``) is refused too. Both are 403.
* **Bodies** (:func:`read_json`): JSON only, sent as ``Content-Type: application/json`` (415 otherwise: a form or
  ``text/plain`` POST, which another site may send without asking, is never read), at most :data:`MAX_BODY` bytes,
  counted while it streams in (413 as soon as it is over), nested at most :data:`MAX_DEPTH` deep (400).
* **Seat tokens** (:func:`new_token`, :func:`token_matches`): a game's token, a secret given once to whoever
  created it, is needed to see a seat's cards, to move, or to step a game on; the server keeps only its hash.
"""
from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import secrets

from hustings.errors import WebError

#: The most bytes a request body may have (a game record of thousands of moves is well under 1 MiB).
MAX_BODY = 4 * 1024 * 1024
#: How deep a request's JSON may nest (a record or a component set needs under 10).
MAX_DEPTH = 32
#: The header (or the ``token`` query parameter, for links) that carries a game's token.
TOKEN_HEADER = "x-hustings-token"
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),  # the game's address may carry its token
    (b"content-security-policy", b"frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'"),
]


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address) names this machine only."""
    host = (host or "").strip().strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _split_host(value: str) -> tuple[str, int | None] | None:
    """``"name:port"`` / ``"[::1]:port"`` / ``"name"`` -> ``(name, port or None)``; None when malformed."""
    value = value.strip().lower()
    if not value or any(c in value for c in "/@?# \t\\"):
        return None
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        name, rest = value[1:end], value[end + 1:]
        if rest and not rest.startswith(":"):
            return None
        port = rest[1:] if rest else None
    else:
        name, colon, port = value.partition(":")
        port = port if colon else None
        if ":" in (port or ""):
            return None
    if port is not None:
        if not port.isdigit() or len(port) > 5:
            return None
        return name, int(port)
    return name, None


class RequestGuard:
    """ASGI middleware: refuses (403, JSON) a request whose ``Host`` is not this server's, or that comes from a
    page of another origin; adds headers that keep the page out of other sites' frames and the token out of
    ``Referer``. ``hosts``: more names the server answers to (beside the loopback names and its own address)."""

    def __init__(self, app, hosts: tuple[str, ...] = ()):
        self.app = app
        self.hosts = {h.strip().strip("[]").lower() for h in hosts}

    def _allowed(self, scope, name: str, port: int | None, scheme_default: int) -> bool:
        server = scope.get("server") or (None, None)
        server_host, server_port = (server[0], server[1]) if len(server) >= 2 else (None, None)
        port = scheme_default if port is None else port
        if server_port is not None and port != server_port:
            return False
        name = name.strip("[]")
        if name in LOOPBACK_NAMES or name in self.hosts:
            return True
        return server_host is not None and name == str(server_host).strip("[]").lower()

    def check(self, scope) -> str | None:
        """Why the request is refused, or None."""
        headers = {}
        for k, v in scope.get("headers", []):
            headers.setdefault(k.decode("latin-1").lower(), v.decode("latin-1"))
        default_port = 443 if scope.get("scheme") in ("https", "wss") else 80
        host = _split_host(headers.get("host", ""))
        if host is None or not self._allowed(scope, host[0], host[1], default_port):
            return ("this server answers only to its own address (Host header "
                    f"{headers.get('host', '')[:80]!r} refused)")
        origin = headers.get("origin")
        if origin is not None:
            scheme, sep, rest = origin.partition("://")
            parsed = _split_host(rest) if sep and scheme in ("http", "https") else None
            if parsed is None or not self._allowed(scope, parsed[0], parsed[1], 443 if scheme == "https" else 80):
                return "requests from other web sites are refused (Origin " + repr(origin[:80]) + ")"
        unsafe = scope.get("method", "GET") not in ("GET", "HEAD", "OPTIONS")  # a link from elsewhere may open /
        if unsafe and headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return "requests from other web sites are refused (Sec-Fetch-Site " + \
                   repr(headers.get("sec-fetch-site", "")[:40]) + ")"
        return None

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        refused = self.check(scope)
        if refused is not None:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            body = json.dumps({"error": refused}).encode()
            await send({"type": "http.response.start", "status": 403,
                        "headers": [(b"content-type", b"application/json"),
                                    (b"content-length", str(len(body)).encode()), *SECURITY_HEADERS]})
            await send({"type": "http.response.body", "body": body})
            return

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


# --- bodies ---------------------------------------------------------------------------------------------------------
def _depth_ok(data, limit: int) -> bool:
    stack = [(data, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = node.values()
        elif not isinstance(node, list):
            continue
        if depth > limit:
            return False
        stack.extend((x, depth + 1) for x in node if isinstance(x, (dict, list)))
    return True


def parse_body(raw: bytes, max_depth: int = MAX_DEPTH) -> dict:
    """A request body as a JSON object; anything else is a :class:`WebError` 400 (never a raw exception)."""
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise WebError("the request body is not UTF-8 text") from None
    except RecursionError:
        raise WebError(f"the request body is nested too deeply (at most {max_depth} levels)") from None
    except ValueError:  # not JSON, or a number longer than Python reads
        raise WebError("the request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise WebError("the request body must be a JSON object")
    if not _depth_ok(data, max_depth):
        raise WebError(f"the request body is nested too deeply (at most {max_depth} levels)")
    return data


async def read_json(request, max_body: int = MAX_BODY) -> dict:
    """The body of ``request``: ``Content-Type: application/json`` (415), at most ``max_body`` bytes (413, counted
    as it arrives: a larger body is never held), a JSON object (400)."""
    media = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media != "application/json":
        raise WebError("the request body must be JSON, sent with Content-Type: application/json", 415)
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or len(length) > 12 or int(length) > max_body):
        raise WebError(f"request too large (at most {max_body} bytes)", 413)
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > max_body:
            raise WebError(f"request too large (at most {max_body} bytes)", 413)
        chunks.append(chunk)
    return parse_body(b"".join(chunks))


# --- tokens ---------------------------------------------------------------------------------------------------------
def new_token() -> str:
    """A new game token (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token, digest: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``digest`` (in constant time)."""
    if not isinstance(token, str) or not token or len(token) > 200 or not digest:
        return False
    return hmac.compare_digest(token_hash(token), digest)


def request_token(request) -> str | None:
    """The token a request carries: the ``X-Hustings-Token`` header, else the ``token`` query parameter."""
    return request.headers.get(TOKEN_HEADER) or request.query_params.get("token") or None
