"""The JSON API beside the pages: levels (layouts only, paged), a level, the day's levels, and
the server's trusted check of an answer; with its OpenAPI description at ``/api/openapi.json``.

Every parameter is checked: anything wrong gets a 4xx with ``{"error": reason}``. Answers are
never listed (a player's page checks by posting an answer, and plays over the socket).
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from itsutsu import suido, tsunagi
from itsutsu.web.levels import (
    SUIDO_BIG,
    SUIDO_SIZES,
    TSUNAGI_PORTAL_SIZES,
    TSUNAGI_SETS,
    TSUNAGI_SIZES,
    LevelStore,
    days_since_epoch,
    suido_daily,
    tsunagi_daily,
)
from itsutsu.web.limits import Limits
from itsutsu.web.messages import MOST_CODE


class BadRequest(Exception):
    """A request the API refuses: its status and the reason."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def today() -> str:
    """Return today's date in UTC as ``YYYY-MM-DD`` (the day the levels of the day change)."""
    return datetime.datetime.now(datetime.UTC).date().isoformat()


def _int(request: Request, name: str, low: int, high: int, default: int | None = None) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        if default is None:
            raise BadRequest(400, f"{name} is missing: give a whole number from {low} to {high}")
        return default
    if not raw.isascii() or not raw.isdigit() or len(raw) > 9:
        raise BadRequest(400, f"{name} must be a whole number from {low} to {high}")
    value = int(raw)
    if not low <= value <= high:
        raise BadRequest(400, f"{name} must be a whole number from {low} to {high}")
    return value


def _tsunagi_size(request: Request, set_name: str) -> int:
    sizes = TSUNAGI_PORTAL_SIZES if set_name == "portals" else TSUNAGI_SIZES
    size = _int(request, "size", 1, 999)
    if size not in sizes:
        listed = ", ".join(str(s) for s in sizes)
        raise BadRequest(400, f"size must be one of {listed} for the {set_name} set")
    return size


def _tsunagi_set(request: Request) -> str:
    set_name = request.query_params.get("set", "classic")
    if set_name not in TSUNAGI_SETS:
        raise BadRequest(400, "set must be classic or portals")
    return set_name


def _suido_size(request: Request, big: bool = True) -> str:
    size = request.query_params.get("size")
    names = (*SUIDO_SIZES, SUIDO_BIG) if big else SUIDO_SIZES
    if size is None or size not in names:
        raise BadRequest(400, f"size must be one of {', '.join(names)}")
    return size


def _day(request: Request) -> str:
    day = request.query_params.get("date")
    if day is None:
        return today()
    if days_since_epoch(day) is None:
        raise BadRequest(400, "date must be a real day written YYYY-MM-DD")
    return day


async def _body(request: Request, limits: Limits) -> dict[str, Any]:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limits.body_bytes):
        raise BadRequest(413, f"the body must be at most {limits.body_bytes} bytes")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limits.body_bytes:
            raise BadRequest(413, f"the body must be at most {limits.body_bytes} bytes")
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise BadRequest(400, "the body must be a JSON object") from None
    if not isinstance(body, dict):
        raise BadRequest(400, "the body must be a JSON object")
    return body


def _field(body: dict[str, Any], name: str) -> str:
    value = body.get(name)
    if not isinstance(value, str):
        raise BadRequest(400, f"{name} must be text")
    if len(value) > MOST_CODE:
        raise BadRequest(400, f"{name} is longer than {MOST_CODE} characters")
    return value


Handler = Callable[[Request], Awaitable[Response]]


def _guarded(handler: Callable[[Request], Awaitable[Any]]) -> Handler:
    async def endpoint(request: Request) -> Response:
        try:
            return JSONResponse(await handler(request))
        except BadRequest as bad:
            return JSONResponse({"error": bad.reason}, status_code=bad.status)

    return endpoint


def api_routes(store: LevelStore, limits: Limits) -> list[BaseRoute]:
    """Return the API's routes, over ``store`` and within ``limits``."""

    async def tsunagi_sizes(request: Request) -> object:
        return {
            "sets": {
                name: [
                    {"size": size, "count": len(store.tsunagi_levels(size, name))}
                    for size in (TSUNAGI_PORTAL_SIZES if name == "portals" else TSUNAGI_SIZES)
                ]
                for name in TSUNAGI_SETS
            }
        }

    async def tsunagi_levels(request: Request) -> object:
        set_name = _tsunagi_set(request)
        size = _tsunagi_size(request, set_name)
        levels = store.tsunagi_levels(size, set_name)
        offset = _int(request, "offset", 0, 100_000, 0)
        limit = _int(request, "limit", 1, limits.page_most, min(64, limits.page_most))
        return {
            "size": size,
            "set": set_name,
            "count": len(levels),
            "offset": offset,
            "limit": limit,
            "levels": [
                {"level": lv.number, "layout": lv.layout, "mark": lv.mark}
                for lv in levels[offset : offset + limit]
            ],
        }

    async def tsunagi_level(request: Request) -> object:
        set_name = _tsunagi_set(request)
        size = _tsunagi_size(request, set_name)
        number = _int(request, "level", 1, 100_000)
        level = store.tsunagi_level(size, number, set_name)
        if level is None:
            raise BadRequest(404, f"there is no {set_name} level {number} of size {size}")
        return {"size": size, "set": set_name, "level": number, "layout": level.layout,
                "mark": level.mark}  # fmt: skip

    async def tsunagi_day(request: Request) -> object:
        day = _day(request)
        sizes: tuple[int, ...] = TSUNAGI_SIZES
        if request.query_params.get("size") is not None:
            sizes = (_tsunagi_size(request, "classic"),)
        out = []
        for size in sizes:
            levels = store.tsunagi_levels(size)
            number = tsunagi_daily(size, day, len(levels))
            if number is not None:
                layout = levels[number - 1].layout
                out.append({"size": size, "level": number, "layout": layout})
        return {"date": day, "levels": out}

    async def tsunagi_check(request: Request) -> object:
        body = await _body(request, limits)
        size = body.get("size")
        if type(size) is not int or not 1 <= size <= tsunagi.MAX_SIDE:
            raise BadRequest(400, f"size must be a whole number from 1 to {tsunagi.MAX_SIDE}")
        check = tsunagi.check_answer(size, _field(body, "layout"), _field(body, "answer"))
        return {"ok": check.ok, "reason": check.reason}

    async def suido_sizes(request: Request) -> object:
        return {
            "sizes": [
                {"size": name, "count": len(store.suido_levels(name))}
                for name in (*SUIDO_SIZES, SUIDO_BIG)
            ]
        }

    async def suido_levels(request: Request) -> object:
        size = _suido_size(request)
        levels = store.suido_levels(size)
        offset = _int(request, "offset", 0, 100_000, 0)
        limit = _int(request, "limit", 1, limits.page_most, min(64, limits.page_most))
        return {
            "size": size,
            "count": len(levels),
            "offset": offset,
            "limit": limit,
            "levels": [
                {"level": lv.number, "board": lv.board, "mark": lv.mark, "twists": list(lv.twists)}
                for lv in levels[offset : offset + limit]
            ],
        }

    async def suido_level(request: Request) -> object:
        size = _suido_size(request)
        number = _int(request, "level", 1, 100_000)
        level = store.suido_level(size, number)
        if level is None:
            raise BadRequest(404, f"there is no Suido level {number} of {size}")
        return {"size": size, "level": number, "board": level.board, "mark": level.mark,
                "twists": list(level.twists)}  # fmt: skip

    async def suido_day(request: Request) -> object:
        day = _day(request)
        sizes: tuple[str, ...] = SUIDO_SIZES
        if request.query_params.get("size") is not None:
            sizes = (_suido_size(request, big=False),)
        out = []
        for size in sizes:
            levels = store.suido_levels(size)
            number = suido_daily(size, day, len(levels))
            if number is not None:
                out.append({"size": size, "level": number, "board": levels[number - 1].board})
        return {"date": day, "levels": out}

    async def suido_check(request: Request) -> object:
        body = await _body(request, limits)
        check = suido.check_answer(_field(body, "board"), _field(body, "answer"))
        return {"ok": check.ok, "reason": check.reason}

    async def openapi(request: Request) -> object:
        return openapi_description(request.scope.get("root_path", ""))

    return [
        Route("/api/openapi.json", _guarded(openapi)),
        Route("/api/tsunagi/sizes", _guarded(tsunagi_sizes)),
        Route("/api/tsunagi/levels", _guarded(tsunagi_levels)),
        Route("/api/tsunagi/level", _guarded(tsunagi_level)),
        Route("/api/tsunagi/daily", _guarded(tsunagi_day)),
        Route("/api/tsunagi/check", _guarded(tsunagi_check), methods=["POST"]),
        Route("/api/suido/sizes", _guarded(suido_sizes)),
        Route("/api/suido/levels", _guarded(suido_levels)),
        Route("/api/suido/level", _guarded(suido_level)),
        Route("/api/suido/daily", _guarded(suido_day)),
        Route("/api/suido/check", _guarded(suido_check), methods=["POST"]),
    ]


def _query(name: str, schema: dict[str, Any], required: bool, about: str) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "schema": schema,
            "description": about}  # fmt: skip


def _answer(schema: dict[str, Any], about: str) -> dict[str, Any]:
    error = {"$ref": "#/components/schemas/Error"}
    return {
        "200": {"description": about, "content": {"application/json": {"schema": schema}}},
        "400": {"description": "a parameter is wrong; the reason says which",
                "content": {"application/json": {"schema": error}}},
    }  # fmt: skip


def openapi_description(root: str = "") -> dict[str, object]:
    """Return the API's OpenAPI 3.1 description (paths under ``root``, the mount prefix)."""
    t_sizes: dict[str, Any] = {"type": "integer", "enum": list(TSUNAGI_SIZES)}
    t_set: dict[str, Any] = {"type": "string", "enum": list(TSUNAGI_SETS), "default": "classic"}
    s_sizes: dict[str, Any] = {"type": "string", "enum": [*SUIDO_SIZES, SUIDO_BIG]}
    day: dict[str, Any] = {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"}
    offset: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 100000, "default": 0}
    limit: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 256, "default": 64}
    number: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 100000}
    mark: dict[str, Any] = {"type": ["integer", "null"], "minimum": 1, "maximum": 5}
    reason: dict[str, Any] = {"type": ["string", "null"]}
    check: dict[str, Any] = {"type": "object", "required": ["ok", "reason"],
             "properties": {"ok": {"type": "boolean"}, "reason": reason}}  # fmt: skip
    code: dict[str, Any] = {"type": "string", "maxLength": MOST_CODE}
    not_found: dict[str, Any] = {"description": "no such level", "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Error"}}}}  # fmt: skip
    words: dict[str, Any] = {"type": "string"}
    t_level: dict[str, Any] = {
        "type": "object", "properties": {"level": number, "layout": words, "mark": mark}
    }  # fmt: skip
    twists: dict[str, Any] = {"type": "array", "items": words}
    s_level: dict[str, Any] = {
        "type": "object",
        "properties": {"level": number, "board": words, "mark": mark, "twists": twists},
    }
    paths: dict[str, Any] = {
        "/api/tsunagi/sizes": {"get": {
            "summary": "Tsunagi sizes and how many levels each set has installed",
            "responses": _answer({"type": "object"}, "counts by set and size")}},
        "/api/tsunagi/levels": {"get": {
            "summary": "Tsunagi levels of one size and set, layouts only, paged",
            "parameters": [_query("size", t_sizes, True, "board side"),
                           _query("set", t_set, False, "level set"),
                           _query("offset", offset, False, "levels to skip"),
                           _query("limit", limit, False, "levels to list")],
            "responses": _answer({"type": "object", "properties": {
                "levels": {"type": "array", "items": t_level}}}, "one page of levels")}},
        "/api/tsunagi/level": {"get": {
            "summary": "One Tsunagi level (its layout and mark)",
            "parameters": [_query("size", t_sizes, True, "board side"),
                           _query("set", t_set, False, "level set"),
                           _query("level", number, True, "level number, 1 first")],
            "responses": {**_answer(t_level, "the level"), "404": not_found}}},
        "/api/tsunagi/daily": {"get": {
            "summary": "The day's Tsunagi level of each size (or of one)",
            "parameters": [_query("date", day, False, "the day (UTC today by default)"),
                           _query("size", t_sizes, False, "just this size")],
            "responses": _answer({"type": "object"}, "the day's levels")}},
        "/api/tsunagi/check": {"post": {
            "summary": "Check a Tsunagi answer (the server's trusted check)",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["size", "layout", "answer"],
                "properties": {"size": {"type": "integer", "minimum": 1, "maximum": 99},
                               "layout": code, "answer": code}}}}},
            "responses": _answer(check, "ok, or the first reason the answer fails")}},
        "/api/suido/sizes": {"get": {
            "summary": "Suido sizes and how many levels each has installed",
            "responses": _answer({"type": "object"}, "counts by size")}},
        "/api/suido/levels": {"get": {
            "summary": "Suido levels of one size, board codes only, paged",
            "parameters": [_query("size", s_sizes, True, "board size WxH, or big"),
                           _query("offset", offset, False, "levels to skip"),
                           _query("limit", limit, False, "levels to list")],
            "responses": _answer({"type": "object", "properties": {
                "levels": {"type": "array", "items": s_level}}}, "one page of levels")}},
        "/api/suido/level": {"get": {
            "summary": "One Suido level (its board code, mark and twists)",
            "parameters": [_query("size", s_sizes, True, "board size WxH, or big"),
                           _query("level", number, True, "level number, 1 first")],
            "responses": {**_answer(s_level, "the level"), "404": not_found}}},
        "/api/suido/daily": {"get": {
            "summary": "The day's Suido level of each size (or of one)",
            "parameters": [_query("date", day, False, "the day (UTC today by default)"),
                           _query("size", {"type": "string", "enum": list(SUIDO_SIZES)},
                                  False, "just this size")],
            "responses": _answer({"type": "object"}, "the day's levels")}},
        "/api/suido/check": {"post": {
            "summary": "Check a Suido answer (the server's trusted check)",
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "required": ["board", "answer"],
                "properties": {"board": code, "answer": code}}}}},
            "responses": _answer(check, "ok, or the first reason the answer fails")}},
    }  # fmt: skip
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "itsutsu",
            "version": "1",
            "description": "Tsunagi and Suido levels, the levels of the day, and answer checks.",
        },
        "servers": [{"url": root or "/"}],
        "paths": paths,
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["error"],
                    "properties": {"error": {"type": "string"}},
                }
            }
        },
    }
