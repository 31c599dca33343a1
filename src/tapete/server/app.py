"""The server as one FastAPI application: REST under ``/api``, a websocket per table, the web client.

:func:`create_app` builds everything from a :class:`~tapete.server.config.ServerConfig` (and,
for tests, an existing :class:`Store`): on startup it starts the journal and recovers every
waiting or live table from the store; on shutdown it stops the tables and flushes the journal.
The single-page client in ``tapete/server/static`` is served for ``/``, ``/t/{code}``,
``/table/{id}``, ``/replay/{id}`` and ``/rules/{game}[/{preset}]``; ``/api/i18n/{lang}`` gives it its texts.

Pages are served properly: ``HEAD`` is answered wherever ``GET`` is (the same headers, no body);
answers of some size are gzip-compressed for clients that accept it; the entry page names its
files under ``/static/<version>/``, where the version is a hash of the client's files, and those
are cached for a year (a new client has a new version, so its files are fetched anew), while the
entry page itself and the unversioned ``/static/...`` are revalidated each time (``no-cache``
with their ETag and Last-Modified).

In front of FastAPI, every connection passes three ASGI middlewares (outermost first):
:class:`~tapete.server.headers.SecurityHeaders` (a Content-Security-Policy and the other security
headers on every answer, refusals and ``500`` included), :class:`~tapete.server.limits.ConnectionCap`
(requests in progress and websockets per client address) and :class:`~tapete.server.limits.BodyLimit`
(a request's body read, bounded in size, time and JSON depth, before any route sees it).

Errors are answered, never raised out: a :class:`~tapete.server.errors.ServerError` becomes its
HTTP status with ``{"error": {"code", "message", "detail"}}``, a malformed body ``422
bad_field``, a database failure ``503 storage`` and anything unexpected ``500 internal``, each
message in the language of ``?lang=`` or Accept-Language.
"""

from __future__ import annotations

import gc
import hashlib
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tapete import __version__
from tapete.core.errors import StorageError
from tapete.server.analysis import Analyses
from tapete.server.config import ServerConfig
from tapete.server.errors import ServerError
from tapete.server.headers import SecurityHeaders
from tapete.server.identity import Identity
from tapete.server.journal import Journal
from tapete.server.lang import pick, speaking
from tapete.server.limits import BodyLimit, ConnectionCap
from tapete.server.registry import TableRegistry
from tapete.server.replay import ReplayCache
from tapete.server.rest import lang_of, router
from tapete.server.sockets import table_socket
from tapete.server.state import ServerState
from tapete.server.storage.store import Store
from tapete.text.translations import LANGUAGES

log = logging.getLogger(__name__)

#: The web client's files (index.html, scripts, styles).
STATIC: Final = Path(__file__).resolve().parent / "static"
#: Collection thresholds of a tuned server (see ServerConfig.tune_gc): Python's are (700, 10, 10).
GC_THRESHOLDS: Final = (50_000, 20, 100)
#: How long a browser keeps a versioned client file (its URL changes with its content).
IMMUTABLE: Final = "public, max-age=31536000, immutable"
#: The entry page and unversioned files: kept, but asked about again (ETag / Last-Modified) each time.
REVALIDATE: Final = "no-cache"
#: Answers smaller than this are not worth compressing.
GZIP_MIN_BYTES: Final = 500


def create_app(config: ServerConfig | None = None, store: Store | None = None) -> FastAPI:
    """The application for ``config``; with ``store`` given, that store is used (and left open)."""
    config = config or ServerConfig()
    owns = store is None
    the_store = store if store is not None else Store(config.database_url)
    journal = Journal(the_store, config.journal_linger)
    registry = TableRegistry(the_store, journal, config)
    state = ServerState(config, the_store, journal, registry, owns)
    if config.redis_url:  # one node of a cluster (docs/deploy.md); the single process never imports it
        from tapete.server.cluster.node import Node

        state.node = Node(config, the_store, registry)
    identity = Identity(config, the_store, registry)
    analyses = Analyses(config, the_store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        journal.start()
        if state.node is not None:
            await state.node.start()
        count = await registry.recover()
        if count:
            log.info("recovered %d tables", count)
        app.state.identity.start()
        if config.tune_gc:
            gc.collect()
            gc.freeze()
            gc.set_threshold(*GC_THRESHOLDS)
        try:
            yield
        finally:
            await app.state.analyses.close()
            await app.state.identity.close()
            await registry.close()
            if state.node is not None:
                await state.node.close()
            journal.close()
            if state.owns_store:
                the_store.close()

    app = Tapete(title="tapete", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.server = state
    #: The sign-in desk (its password threads, throttles and token sweeps); a test may swap in its own.
    app.state.identity = identity
    app.state.replays = ReplayCache(config.replay_cache_bytes)
    #: The analyses of finished games for their replays (each card's cost), computed in the background.
    app.state.analyses = analyses
    app.include_router(router)
    app.add_api_websocket_route("/ws/{table_id}", table_socket)
    _errors(app)
    _pages(app)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN_BYTES)
    app.add_middleware(HeadAsGet)
    return app


class Tapete(FastAPI):
    """FastAPI with the transport's middlewares in front of all of it, its own error handling included."""

    def build_middleware_stack(self) -> ASGIApp:
        config: ServerConfig = self.state.server.config
        app = super().build_middleware_stack()
        app = BodyLimit(app, config.max_body_bytes, config.body_timeout)
        app = ConnectionCap(app, config.max_connections_per_address, config.trusted_proxies)
        return SecurityHeaders(app, config.hsts_seconds)


class HeadAsGet:
    """Answers ``HEAD`` as the same ``GET`` would be answered, headers and all, without the body."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {"type": "http.response.body", "body": b"", "more_body": False}
            await send(message)

        await self.app(dict(scope, method="GET"), receive, headers_only)


class CachedStatic(StaticFiles):
    """The client's files with a ``Cache-Control`` header (``IMMUTABLE`` or ``REVALIDATE``)."""

    def __init__(self, *, directory: Path, cache_control: str) -> None:
        super().__init__(directory=directory, check_dir=False)
        self.cache_control = cache_control

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = self.cache_control
        return response


def client_version(directory: Path = STATIC) -> str:
    """A short hash of every file of the web client: it changes whenever one of them does."""
    digest = hashlib.sha256()
    if directory.is_dir():
        for path in sorted(p for p in directory.rglob("*") if p.is_file()):
            digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:12]


def error_json(error: ServerError, lang: str) -> JSONResponse:
    body = {"error": {"code": error.code, "message": error.text(lang), "detail": error.detail}}
    return JSONResponse(body, status_code=error.http, headers=error.headers or None)


def _errors(app: FastAPI) -> None:
    @app.exception_handler(ServerError)
    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ServerError)
        return error_json(exc, lang_of(request))

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, RequestValidationError)
        errors = exc.errors()
        first = errors[0] if errors else {}
        field = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
        detail = {"field": field, "problem": str(first.get("msg", ""))}
        return error_json(ServerError("bad_field", "server.error.bad_field", http=422, detail=detail, field=field),
                          lang_of(request))  # fmt: skip

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, StarletteHTTPException)
        key = {404: "not_found", 405: "bad_method"}.get(exc.status_code, "http_error")
        error = ServerError(key, f"server.error.{key}", http=exc.status_code, status=exc.status_code)
        return error_json(error, lang_of(request))

    @app.exception_handler(StorageError)
    async def storage(request: Request, exc: Exception) -> Response:
        log.warning("storage error on %s: %s", request.url.path, exc)
        return error_json(ServerError("storage", "server.error.storage", http=503), lang_of(request))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s", request.url.path)
        return error_json(ServerError("internal", "server.error.internal", http=500), lang_of(request))


def _pages(app: FastAPI) -> None:
    version = client_version()
    # The versioned mount first: "/static" would otherwise take "/static/<version>/app.js" as a missing file.
    app.mount(f"/static/{version}", CachedStatic(directory=STATIC, cache_control=IMMUTABLE), name="client")
    app.mount("/static", CachedStatic(directory=STATIC, cache_control=REVALIDATE), name="static")

    async def index(request: Request) -> Response:
        page = STATIC / "index.html"
        if not page.is_file():
            lang = pick(request.headers.get("accept-language"))
            return error_json(ServerError("no_client", "server.error.no_client", http=404), lang)
        html = page.read_text(encoding="utf-8").replace('"/static/', f'"/static/{version}/')
        etag = '"' + hashlib.sha256(html.encode()).hexdigest()[:16] + '"'
        headers = {"Cache-Control": REVALIDATE, "ETag": etag}
        if etag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers=headers)
        return Response(html, media_type="text/html", headers=headers)

    pages = ("/", "/t/{code}", "/table/{table_id}", "/replay/{table_id}", "/rules/{game}", "/rules/{game}/{preset}")
    for path in pages:
        app.add_api_route(path, index, methods=["GET"], include_in_schema=False)

    @app.get("/api/i18n/{lang}")
    async def texts(lang: str) -> dict[str, Any]:
        """The web client's catalog in ``lang``: message id -> text, placeholders left for the client."""
        from tapete.text.catalog_web import MESSAGES
        from tapete.text.messages import tr

        if lang not in LANGUAGES:
            raise ServerError("bad_lang", "server.error.bad_lang", http=404, lang=lang[:10], langs=", ".join(LANGUAGES))
        with speaking(lang):
            return {key: tr(text) for key, text in MESSAGES.items()}


__all__ = ["create_app"]
