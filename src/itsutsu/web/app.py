"""``create_app``: the whole web app as one Starlette application, mountable under a prefix.

Pages (both puzzles, sizes, level pickers, play pages), thumbnails, the stylesheets and the
``<itsutsu-board>`` module, the play socket at ``/ws`` and the JSON API under ``/api``. Every
response carries a Content-Security-Policy with no inline script. Nothing about a player is
kept here: a game lives in its socket while it is open and in the player's browser as the
engine's codes, so any number of these processes can serve the same players.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from itsutsu import suido, tsunagi
from itsutsu.web import pages
from itsutsu.web.api import api_routes, today
from itsutsu.web.levels import (
    SUIDO_BIG,
    SUIDO_SIZES,
    TSUNAGI_PORTAL_SIZES,
    TSUNAGI_SIZES,
    LevelStore,
)
from itsutsu.web.limits import Bucket, Limits, SocketCount
from itsutsu.web.play import Play, error, handle
from itsutsu.web.wire import shortened

STATIC = Path(__file__).parent / "static"

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src-elem 'self'; style-src-attr 'unsafe-inline';"
    " img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none';"
    " form-action 'self'; frame-ancestors 'self'"
)
"""The pages' Content-Security-Policy: scripts and stylesheets from the app only, never inline
script; inline ``style`` attributes are allowed because the drawings set custom properties
(``--q``, ``--k``) in them."""
IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'"
"""The policy of a thumbnail: an SVG image whose own ``<style>`` draws it, and nothing else."""


class Headers_:
    """ASGI middleware: security headers on every response, and CORS for allowed origins."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str]) -> None:
        self.app = app
        self.allowed = frozenset(allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        origin = Headers(scope=scope).get("origin")
        cross = origin if origin is not None and origin in self.allowed else None
        if cross is not None and scope["method"] == "OPTIONS":
            response = Response(status_code=204)
            response.headers["access-control-allow-origin"] = cross
            response.headers["access-control-allow-methods"] = "GET, POST"
            response.headers["access-control-allow-headers"] = "content-type"
            response.headers["access-control-max-age"] = "600"
            response.headers["vary"] = "Origin"
            await response(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                kind = headers.get("content-type", "")
                if "content-security-policy" not in headers:
                    policy = IMAGE_POLICY if kind.startswith("image/svg") else PAGE_POLICY
                    headers["content-security-policy"] = policy
                headers["x-content-type-options"] = "nosniff"
                headers["referrer-policy"] = "same-origin"
                if cross is not None:
                    headers["access-control-allow-origin"] = cross
                    headers.append("vary", "Origin")
            await send(message)

        await self.app(scope, receive, sending)


def _same_origin(websocket: WebSocket, allowed: frozenset[str]) -> bool:
    """Tell whether a socket's page may play here: no Origin (not a browser), this site's own
    origin, or one of the allowed origins."""
    origin = websocket.headers.get("origin")
    if origin is None or origin in allowed:
        return True
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc == host


def create_app(
    levels_source: str | Path | None = None,
    allowed_origins: Iterable[str] = (),
    limits: Limits | None = None,
) -> Starlette:
    """Return the web app: pages, board module, play socket and API over one level store.

    ``levels_source`` is a folder of level files (None: the levels installed with the
    package). ``allowed_origins`` lists the other sites (``https://example.org``) whose pages
    may embed boards from this app (load its module, open its socket, call its API).
    ``limits`` bounds what one client may ask (:class:`Limits`).
    """
    store = LevelStore(levels_source)
    limits = limits or Limits()
    allowed = frozenset(allowed_origins)
    for origin in allowed:
        if not isinstance(origin, str) or urlsplit(origin).scheme not in ("http", "https"):
            raise ValueError(f"allowed origin {origin!r} must be like https://example.org")
    sockets = SocketCount(limits.sockets_per_client)

    def html(text: str, status: int = 200) -> Response:
        return Response(text, status_code=status, media_type="text/html; charset=utf-8")

    def not_found(request: Request) -> Response:
        return html(pages.not_found_page(request), 404)

    async def home(request: Request) -> Response:
        return html(pages.home_page(request, store))

    async def tsunagi_sizes(request: Request) -> Response:
        return html(pages.tsunagi_sizes_page(request, store))

    async def suido_sizes(request: Request) -> Response:
        return html(pages.suido_sizes_page(request, store))

    def tsunagi_place(request: Request) -> tuple[str, int] | None:
        set_name = request.path_params["set"]
        raw = request.path_params["size"]
        sizes = TSUNAGI_PORTAL_SIZES if set_name == "portals" else TSUNAGI_SIZES
        if set_name not in ("classic", "portals") or not raw.isdigit() or int(raw) not in sizes:
            return None
        return set_name, int(raw)

    async def tsunagi_picker(request: Request) -> Response:
        place = tsunagi_place(request)
        if place is None:
            return not_found(request)
        return html(pages.tsunagi_picker(request, store, *place))

    async def tsunagi_play(request: Request) -> Response:
        place = tsunagi_place(request)
        raw = request.path_params["level"]
        if place is None:
            return not_found(request)
        set_name, size = place
        base = pages.base_of(request)
        if raw == "today" and set_name == "classic":
            number = pages.tsunagi_today(store, size, today())
            if number is None:
                return RedirectResponse(f"{base}/tsunagi/{set_name}/{size}", status_code=302)
            return RedirectResponse(f"{base}/tsunagi/{set_name}/{size}/{number}", status_code=302)
        if not raw.isdigit() or len(raw) > 6:
            return not_found(request)
        number = int(raw)
        count = len(store.tsunagi_levels(size, set_name))
        if not 1 <= number <= count:
            return not_found(request)
        lang = pages.page_lang(request)
        title = tsunagi.tsunagi_say(lang, "levelOfSize", {"n": number, "size": size})
        return html(
            pages.play_page(
                request,
                "tsunagi",
                {"size": str(size), "level": str(number), "set": set_name, "cheats": ""},
                title,
                count,
                f"tsunagi:{set_name}:{size}",
                f"{base}/tsunagi/{set_name}/{size}",
            )
        )

    def suido_place(request: Request) -> str | None:
        name = request.path_params["size"]
        return name if name in SUIDO_SIZES or name == SUIDO_BIG else None

    async def suido_picker(request: Request) -> Response:
        name = suido_place(request)
        if name is None:
            return not_found(request)
        return html(pages.suido_picker(request, store, name))

    async def suido_play(request: Request) -> Response:
        name = suido_place(request)
        raw = request.path_params["level"]
        if name is None:
            return not_found(request)
        base = pages.base_of(request)
        if raw == "today" and name != SUIDO_BIG:
            number = pages.suido_today(store, name, today())
            target = f"{base}/suido/{name}" + ("" if number is None else f"/{number}")
            return RedirectResponse(target, status_code=302)
        if not raw.isdigit() or len(raw) > 6:
            return not_found(request)
        number = int(raw)
        count = len(store.suido_levels(name))
        if not 1 <= number <= count:
            return not_found(request)
        lang = pages.page_lang(request)
        level = store.suido_level(name, number)
        assert level is not None
        width, height = level.size.split("x")
        title = suido.suido_say(
            lang, "levelOfSize", {"n": number, "width": width, "height": height}
        )
        return html(
            pages.play_page(
                request,
                "suido",
                {"size": name, "level": str(number)},
                title,
                count,
                f"suido:{name}",
                f"{base}/suido/{name}",
            )
        )

    def svg(text: str) -> Response:
        return Response(
            text,
            media_type="image/svg+xml",
            headers={"cache-control": "public, max-age=3600"},
        )

    async def tsunagi_thumb(request: Request) -> Response:
        place = tsunagi_place(request)
        raw = request.path_params["level"]
        if place is None or not raw.isdigit() or len(raw) > 6:
            return not_found(request)
        level = store.tsunagi_level(place[1], int(raw), place[0])
        if level is None:
            return not_found(request)
        layout = tsunagi.decode_layout(level.layout, level.size)
        assert layout is not None
        return svg(tsunagi.draw(layout, tsunagi.DrawOptions(style=True, id="t")))

    async def suido_thumb(request: Request) -> Response:
        name = suido_place(request)
        raw = request.path_params["level"]
        if name is None or not raw.isdigit() or len(raw) > 6:
            return not_found(request)
        level = store.suido_level(name, int(raw))
        if level is None:
            return not_found(request)
        board = suido.decode_layout(level.board)
        assert board is not None
        return svg(suido.draw_thumb(board, style=True))

    async def style(request: Request) -> Response:
        name = request.path_params["name"]
        text = {"tsunagi.css": tsunagi.TSUNAGI_STYLE, "suido.css": suido.SUIDO_STYLE}.get(name)
        if text is None:
            return not_found(request)
        return Response(
            text, media_type="text/css", headers={"cache-control": "public, max-age=600"}
        )

    async def choose_lang(request: Request) -> Response:
        lang = request.path_params["lang"]
        target = request.query_params.get("next", "/")
        base = pages.base_of(request)
        # Only a path on this site: never an address elsewhere.
        if not target.startswith("/") or target.startswith("//") or "\\" in target:
            target = f"{base}/"
        if lang not in ("en", "ja"):
            return not_found(request)
        response = RedirectResponse(target, status_code=303)
        response.set_cookie(
            pages.LANG_COOKIE, lang, max_age=400 * 24 * 3600, samesite="lax", path="/"
        )
        return response

    async def play_socket(websocket: WebSocket) -> None:
        if not _same_origin(websocket, allowed):
            await websocket.close(code=1008, reason="this site may not play here")
            return
        address = websocket.client.host if websocket.client else "unknown"
        await websocket.accept()
        if not sockets.enter(address):
            await websocket.send_text(
                json.dumps(
                    error(
                        None,
                        f"too many open sockets from your address (at most "
                        f"{limits.sockets_per_client}): close another board first",
                    )
                )
            )
            await websocket.close(code=1008, reason="too many sockets")
            return
        try:
            await _play(websocket)
        except WebSocketDisconnect:
            pass
        finally:
            sockets.leave(address)

    async def _play(websocket: WebSocket) -> None:
        state: Play | None = None
        sent: dict[str, str] = {}  # the kept codes this socket sent last (web.wire)
        bucket = Bucket(limits.moves_per_second, limits.move_burst)
        errors = 0
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("text")
            if raw is None:
                reply: dict[str, object] = error(None, "messages must be JSON text, not bytes")
            elif len(raw) > limits.message_bytes:
                await websocket.send_text(
                    json.dumps(
                        error(None, f"a message may be at most {limits.message_bytes} bytes")
                    )
                )
                await websocket.close(code=1009, reason="message too big")
                return
            elif not bucket.take():
                await websocket.send_text(
                    json.dumps(
                        error(
                            None,
                            f"too many messages: at most {limits.moves_per_second:g} a second",
                        )
                    )
                )
                await websocket.close(code=1008, reason="too many messages")
                return
            else:
                try:
                    body = json.loads(raw)
                except (json.JSONDecodeError, RecursionError):
                    reply = error(None, "a message must be a JSON object")
                else:
                    state, reply = handle(store, state, body)
            if reply["t"] == "error":
                errors += 1
            sent_reply = shortened(reply, sent)
            await websocket.send_text(json.dumps(sent_reply, separators=(",", ":")))
            if errors >= limits.errors_per_socket:
                await websocket.close(code=1008, reason="too many refused messages")
                return

    routes: list[BaseRoute] = [
        Route("/", home),
        Route("/tsunagi", tsunagi_sizes),
        Route("/tsunagi/{set}/{size}", tsunagi_picker),
        Route("/tsunagi/{set}/{size}/{level}", tsunagi_play),
        Route("/suido", suido_sizes),
        Route("/suido/{size}", suido_picker),
        Route("/suido/{size}/{level}", suido_play),
        Route("/thumb/tsunagi/{set}/{size}/{level}.svg", tsunagi_thumb),
        Route("/thumb/suido/{size}/{level}.svg", suido_thumb),
        Route("/style/{name}", style),
        Route("/lang/{lang}", choose_lang),
        WebSocketRoute("/ws", play_socket),
        *api_routes(store, limits),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def missing(request: Request, exc: Exception) -> Response:
        if request.url.path.startswith(f"{pages.base_of(request)}/api/"):
            return JSONResponse({"error": "there is no such address in the API"}, 404)
        return not_found(request)

    app = Starlette(routes=routes, exception_handlers={404: missing})
    app.add_middleware(Headers_, allowed_origins=allowed)
    app.state.levels = store
    app.state.limits = limits
    app.state.sockets = sockets
    return app
