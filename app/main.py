"""The HTTP service: create_app() builds it; the model is loaded in the lifespan and kept on app.state."""

from __future__ import annotations

import argparse
import asyncio
import functools
import hmac
import json
import logging
import math
import re
import threading
import time
import uuid
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.backends.base import Backend
from app.budget import PREPARE, Admission, Budget, Cancelled, ModelQueueFull
from app.errors import InterpretError, ModelUnavailable, Unauthorized
from app.evaluation.dataset import load_eval_file
from app.logs import REQUEST_ID, configure_logging
from app.metrics import Metrics
from app.pipeline.candidates import build_candidates
from app.pipeline.interpret import Interpretation, Interpreter
from app.runtime import UnavailableBackend, build_interpreter, make_backend
from app.scenario import Scenario, ScenarioSet, load_scenario_dir
from app.schemas import (
    GameState,
    InputChoice,
    InterpretRequest,
    InterpretResponse,
    PrepareRequest,
    PrepareResponse,
    ReloadResponse,
    RequestErrorResponse,
)
from app.settings import Settings

log = logging.getLogger("kikitori")


def get_interpreter(request: Request) -> Interpreter:
    return request.app.state.interpreter


InterpreterDep = Annotated[Interpreter, Depends(get_interpreter)]


BearerCredentials = Annotated[
    HTTPAuthorizationCredentials | None,
    Depends(HTTPBearer(auto_error=False, description="INTERP_API_KEY, when the service sets one.")),
]
STATIC_DIR = Path(__file__).resolve().parent / "static"


def scenario_summary(scenario: Scenario) -> dict[str, Any]:
    return {
        "id": scenario.id,
        "title": scenario.title,
        "intents": [{"id": i.id, "description": i.description} for i in scenario.intents],
        "locations": [{"id": loc.id, "description": loc.description} for loc in scenario.locations],
        "characters": [{"id": c.id, "description": c.description} for c in scenario.characters],
    }


def eval_states_of(eval_dir: Path, scenario_id: str) -> list[dict[str, Any]]:
    """Every state of every evaluation file under `eval_dir` (not its subfolders) that plays `scenario_id`,
    with its cases; files that do not load are skipped (eval-interpret reports them)."""
    found = []
    for path in sorted(eval_dir.glob("*.json")):
        try:
            eval_file = load_eval_file(path)
        except SystemExit:  # load_eval_file's way of naming a broken file to the CLI
            continue
        if eval_file.scenario != scenario_id:
            continue
        for name, state in eval_file.states.items():
            cases = [{"text": c.text, "expect": c.expect} for c in eval_file.cases if c.state == name]
            found.append({"file": path.name, "name": name, "state": state.model_dump(), "cases": cases})
    return found


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The error responses an operation documents, all in the one error shape."""
    return {status: {"model": RequestErrorResponse} for status in statuses}


_SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")


def to_response(result: Interpretation, debug: bool) -> InterpretResponse:
    action = result.action
    return InterpretResponse(
        input=InputChoice(
            kind=action.kind,
            id=action.target if action.kind == "intent" else None,
            to=action.target if action.kind == "move" else None,
        ),
        notation=action.notation,
        addressee=result.addressee,
        entities=result.entities,
        attitude=result.attitude,
        decided_by=result.decided_by,
        confidence=result.confidence,
        error=result.error,
        debug=result.trace if debug else None,
    )


def _field_of(location: tuple[Any, ...]) -> str:
    parts = [str(p) for p in location if p != "body"]
    out = ""
    for part in parts:
        out += f"[{part}]" if part.isdigit() else (f".{part}" if out else part)
    return out or "body"


class Preparer:
    """One background thread that evaluates states ahead of their text (POST /v1/prepare) and, at
    start, every yes/no topic. Its work yields the model to any interpretation; only the newest few
    states are kept waiting, since a game's older states are gone by the time the model is free."""

    def __init__(self, interpreter: Interpreter, max_pending: int = 4, budget_s: float = 30.0) -> None:
        self.interpreter = interpreter
        self.budget_s = budget_s
        self._pending: deque[tuple[str, GameState]] = deque(maxlen=max_pending)
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._topics = True
        self._catalogues: deque[str] = deque()
        self.prepared = 0
        self.thread = threading.Thread(target=self._run, name="kikitori-prepare", daemon=True)

    def start(self, topics: bool) -> None:
        self._topics = topics
        self.thread.start()
        self._wake.set()

    def submit(self, scenario: str, state: GameState) -> int:
        self._pending.append((scenario, state))
        self._wake.set()
        return len(self._pending)

    def submit_catalogues(self, scenario_ids: list[str]) -> None:
        """Evaluate reloaded scenarios' catalogues in the background (interpretations still go first)."""
        self._catalogues.extend(scenario_ids)
        self._wake.set()

    def _prepare_catalogue(self, scenario_id: str) -> None:
        for _attempt in range(50):
            if self._stop.is_set():
                return
            try:
                self.interpreter.prepare_catalogue(scenario_id, self._budget())
                return
            except Cancelled:
                continue  # an interpretation took the model; try again once it is free

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        self.thread.join(timeout=5)

    def _budget(self) -> Budget:
        return Budget.of_seconds(self.budget_s, priority=PREPARE)

    def _run(self) -> None:
        if self._topics:
            try:
                self.interpreter.prepare_topics(self._budget, self._stop.is_set)
            except Exception:
                log.exception("preparing the yes/no topics failed")
        while not self._stop.is_set():
            self._wake.wait()
            self._wake.clear()
            while self._catalogues and not self._stop.is_set():
                try:
                    self._prepare_catalogue(self._catalogues.popleft())
                except Exception:
                    log.exception("preparing a reloaded catalogue failed")
            while self._pending and not self._stop.is_set():
                scenario, state = self._pending.popleft()
                try:
                    self.prepared += bool(self.interpreter.prepare(scenario, state, self._budget())["prepared"])
                except Exception:
                    log.exception("preparing a state failed")


def _timeout_response(seconds: float) -> InterpretResponse:
    return InterpretResponse(
        input=InputChoice(kind="none"),
        notation="なし",
        addressee=None,
        entities=[],
        attitude=None,
        decided_by="error",
        confidence=None,
        error={"kind": "timeout", "message": f"no decision within {seconds:g} s"},
    )


def create_app(settings: Settings | None = None, backend: Backend | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        scenario_set = load_scenario_dir(settings.scenario_dir)
        chosen, model_problem = (backend, None) if backend is not None else make_backend(settings)
        app.state.scenario_set = scenario_set
        app.state.backend = chosen
        app.state.model_problem = model_problem
        app.state.interpreter = build_interpreter(settings, scenario_set, chosen)
        started = time.perf_counter()
        app.state.interpreter.warm_up()
        # Threads that wait for the model: each holds a request until the model queue serves or refuses it.
        app.state.executor = ThreadPoolExecutor(max_workers=64, thread_name_prefix="kikitori-interpret")
        app.state.preparer = Preparer(app.state.interpreter)
        app.state.admission = Admission(settings.queue_bound)
        metrics.watch(lambda: app.state.admission.in_flight, chosen.stats)
        app.state.preparer.start(topics=settings.prepare_topics)
        log.info(
            "ready in %.1f s: %d scenarios, %d refused, backend %s",
            time.perf_counter() - started,
            len(scenario_set.scenarios),
            len(scenario_set.problems),
            chosen.name,
        )
        yield
        app.state.preparer.stop()
        app.state.executor.shutdown(wait=False, cancel_futures=True)
        if backend is None:
            chosen.close()

    app = FastAPI(
        title="Kikitori",
        version="0.1.0",
        summary="Interprets a player's free Japanese text as one input the story game can act on.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    metrics = Metrics()
    app.state.metrics = metrics

    async def require_key(credentials: BearerCredentials) -> None:
        """With INTERP_API_KEY set, every endpoint but /healthz needs `Authorization: Bearer <key>`."""
        if settings.api_key is None:
            return
        given = credentials.credentials if credentials is not None else ""
        if not hmac.compare_digest(given.encode(), settings.api_key.get_secret_value().encode()):
            raise Unauthorized("missing or wrong API key: send Authorization: Bearer <key>", field="Authorization")

    protected = [Depends(require_key)]

    @app.middleware("http")
    async def request_id(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        """Every answer carries X-Request-ID (the client's own, if it sent a sane one), and every log line
        written while it is served names it. /v1/interpret's answers are counted in the metrics."""
        given = request.headers.get("x-request-id", "")
        rid = given if _SANE_REQUEST_ID.fullmatch(given) else uuid.uuid4().hex
        token = REQUEST_ID.set(rid)
        started = time.monotonic()
        try:
            length = request.headers.get("content-length", "")
            if length.isdigit() and int(length) > settings.max_body_bytes:
                request.state.error_kind = "body_too_large"
                message = f"request body has {length} bytes; the limit is {settings.max_body_bytes}"
                body = {"error": {"kind": "body_too_large", "message": message, "field": "body"}}
                response: Response = JSONResponse(body, status_code=413)
            else:
                response = await call_next(request)
        finally:
            REQUEST_ID.reset(token)
        response.headers["X-Request-ID"] = rid
        if request.url.path == "/v1/interpret":
            metrics.observe(
                response.status_code,
                getattr(request.state, "decided_by", ""),
                getattr(request.state, "error_kind", None),
                time.monotonic() - started,
            )
        return response

    @app.exception_handler(InterpretError)
    async def interpret_error(request: Request, exc: InterpretError) -> JSONResponse:
        request.state.error_kind = exc.kind
        body = {"error": {"kind": exc.kind, "message": exc.message, "field": exc.field}}
        headers = {"Retry-After": str(math.ceil(exc.retry_after_s))} if isinstance(exc, ModelQueueFull) else None
        return JSONResponse(body, status_code=exc.status_code, headers=headers)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        """FastAPI's own refusals (a body it cannot parse, an unknown path, a wrong method) in the same
        shape as every other error."""
        parsing = exc.status_code == 400 and "pars" in str(exc.detail)
        kind = "malformed_json" if parsing else "http_error"
        request.state.error_kind = kind
        body = {"kind": kind, "message": str(exc.detail), "field": "body" if parsing else None}
        return JSONResponse({"error": body}, status_code=exc.status_code, headers=getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {"loc": (), "msg": "invalid request", "type": ""}
        if first.get("type") == "json_invalid":
            body = {
                "kind": "malformed_json",
                "message": f"request body is not valid JSON: {first['msg']}",
                "field": "body",
            }
            request.state.error_kind = "malformed_json"
            return JSONResponse({"error": body}, status_code=400)
        field = _field_of(tuple(first["loc"]))
        message = "; ".join(f"{_field_of(tuple(e['loc']))}: {e['msg']}" for e in errors[:5])
        request.state.error_kind = "invalid_request"
        return JSONResponse({"error": {"kind": "invalid_request", "message": message, "field": field}}, status_code=422)

    @app.exception_handler(Exception)
    async def unexpected_error(request: Request, exc: Exception) -> JSONResponse:
        if isinstance(exc, RecursionError):  # JSON nested deeper than the parser goes
            request.state.error_kind = "malformed_json"
            body = {"kind": "malformed_json", "message": "request body is nested too deeply", "field": "body"}
            return JSONResponse({"error": body}, status_code=400)
        request.state.error_kind = "internal"
        log.exception("unexpected error")
        return JSONResponse({"error": {"kind": "internal", "message": str(exc), "field": None}}, status_code=500)

    @app.post(
        "/v1/interpret",
        dependencies=protected,
        response_model=InterpretResponse,
        response_model_exclude_none=False,
        responses={
            **_errors(400, 401, 404, 413, 422),
            503: {
                "model": RequestErrorResponse,
                "description": "Overloaded (the requests ahead leave no room within this request's budget: retry "
                "after the seconds in Retry-After), or the model is unavailable and no fallback is set.",
            },
        },
    )
    async def interpret(body: InterpretRequest, request: Request, interpreter: InterpreterDep) -> InterpretResponse:
        """Interpret one player input against the current game state."""
        arrived = time.monotonic()
        if isinstance(interpreter.backend, UnavailableBackend):
            raise ModelUnavailable(f"the model is unavailable: {interpreter.backend.reason}")
        interpreter.check_request(body.scenario, body.text)
        seconds = body.deadline_ms / 1000 if body.deadline_ms is not None else settings.timeout_s
        budget = Budget.of_seconds(seconds, start=arrived)
        admission: Admission = request.app.state.admission
        admission.enter(seconds)  # ModelQueueFull: 503 with Retry-After, at once
        try:
            return await _run_interpretation(request, interpreter, body, budget, arrived, seconds)
        finally:
            admission.leave(budget.held_s)

    async def _run_interpretation(
        request: Request,
        interpreter: Interpreter,
        body: InterpretRequest,
        budget: Budget,
        arrived: float,
        seconds: float,
    ) -> InterpretResponse:
        loop = asyncio.get_running_loop()
        job = loop.run_in_executor(
            request.app.state.executor,
            functools.partial(interpreter.interpret, body.scenario, body.text, body.state, budget),
        )
        # The model checks the budget while it computes and stops at its end; this loop only notices a
        # client that went away (its work is cancelled) and, as a last resort, answers on time anyway.
        while True:
            done, _ = await asyncio.wait({job}, timeout=0.05)
            if done:
                break
            if await request.is_disconnected():
                budget.cancelled.set()
            if time.monotonic() > arrived + seconds + 0.2:
                budget.cancelled.set()
                log.error("interpretation still running 0.2 s past its %.1f s budget", seconds)
                request.state.decided_by, request.state.error_kind = "error", "timeout"
                return _timeout_response(seconds)
        result: Interpretation = job.result()
        request.state.decided_by = result.decided_by
        request.state.error_kind = result.error["kind"] if result.error else None
        if settings.log_text:
            log.info(
                "text %s -> %s (%s)",
                json.dumps(body.text, ensure_ascii=False),
                result.action.notation,
                result.decided_by,
            )
        else:
            log.info("-> %s (%s)", result.action.notation, result.decided_by)
        return to_response(result, body.debug)

    @app.post(
        "/v1/prepare",
        dependencies=protected,
        response_model=PrepareResponse,
        status_code=202,
        responses=_errors(400, 401, 404, 413, 422),
    )
    async def prepare(body: PrepareRequest, request: Request, interpreter: InterpreterDep) -> PrepareResponse:
        """Evaluate a new game state ahead of the player's text (background work; interpretation goes first)."""
        scenario = interpreter.scenarios.get(body.scenario)
        if scenario is None:
            interpreter.check_request(body.scenario, "x")  # raises the 404 naming the field
        assert scenario is not None
        build_candidates(body.state, scenario)  # a bad state is a 422 now, not a silent failure later
        queued = request.app.state.preparer.submit(body.scenario, body.state)
        return PrepareResponse(accepted=True, queued=queued)

    @app.post("/admin/reload", dependencies=protected, response_model=ReloadResponse, responses=_errors(401))
    async def reload(request: Request, interpreter: InterpreterDep) -> ReloadResponse:
        """Read the scenario directory again without a restart. A file that no longer loads never replaces
        the version already loaded; a file that is gone takes its scenario with it. Requests in flight
        finish on the version they started with; changed catalogues are evaluated in the background."""
        fresh = load_scenario_dir(settings.scenario_dir)
        merged = dict(fresh.scenarios)
        kept = []
        for problem in fresh.problems:
            scenario_id = Path(problem.file).stem
            if scenario_id in interpreter.scenarios and scenario_id not in merged:
                merged[scenario_id] = interpreter.scenarios[scenario_id]
                kept.append(scenario_id)
        removed = sorted(set(interpreter.scenarios) - set(merged))
        changed = interpreter.replace_scenarios(merged)
        request.app.state.scenario_set = ScenarioSet(merged, fresh.problems)
        request.app.state.preparer.submit_catalogues(changed)
        log.info("scenarios reloaded: %d changed, %d kept, %d removed", len(changed), len(kept), len(removed))
        return ReloadResponse(
            scenarios=sorted(merged),
            changed=changed,
            kept_loaded_version=sorted(kept),
            removed=removed,
            problems=[str(p) for p in fresh.problems],
        )

    @app.get("/v1/scenarios", dependencies=protected, responses=_errors(401))
    async def scenarios(interpreter: InterpreterDep) -> list[dict[str, Any]]:
        """The loaded scenarios, with what a state can name: intents, places and characters (read-only)."""
        return [scenario_summary(s) for _, s in sorted(interpreter.scenarios.items())]

    @app.get("/v1/eval-states", dependencies=protected, responses=_errors(401, 404, 422))
    async def eval_states(scenario: str, interpreter: InterpreterDep) -> list[dict[str, Any]]:
        """The states and cases of the evaluation files for `scenario` (INTERP_EVAL_DIR), for the playground."""
        if scenario not in interpreter.scenarios:
            interpreter.check_request(scenario, "x")  # raises the 404 naming the field
        return eval_states_of(settings.eval_dir, scenario)

    @app.get("/playground", include_in_schema=False)
    async def playground() -> Response:
        """One page, served from the package: pick a scenario and a state, type, see why it landed there."""
        return Response((STATIC_DIR / "playground.html").read_bytes(), media_type="text/html; charset=utf-8")

    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    @app.get("/metrics", dependencies=protected, response_class=Response, responses=_errors(401))
    async def metrics_endpoint() -> Response:
        """Prometheus metrics (text exposition format)."""
        return Response(generate_latest(metrics.registry), media_type=CONTENT_TYPE_LATEST)

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        """The process is up."""
        return {"status": "ok"}

    @app.get("/readyz", dependencies=protected, responses={**_errors(401), 503: {"description": "Not ready"}})
    async def readyz(request: Request) -> JSONResponse:
        """Model and scenarios loaded, with counts; 503 while the configured model is unavailable."""
        state = request.app.state
        scenario_set: ScenarioSet = state.scenario_set
        backend_in_use: Backend = state.backend
        body = {
            "ready": state.model_problem is None and bool(scenario_set.scenarios),
            "backend": backend_in_use.name,
            "model_loaded": backend_in_use.name == "model",
            "model_problem": state.model_problem,
            "scenarios": sorted(scenario_set.scenarios),
            "scenario_count": len(scenario_set.scenarios),
            "refused_files": [str(p) for p in scenario_set.problems],
            "catalogues": state.interpreter.catalogue_report(),
            "backend_stats": backend_in_use.stats(),
        }
        return JSONResponse(body, status_code=200 if body["ready"] else 503)

    return app


def run(argv: list[str] | None = None) -> None:
    """`kikitori`: serve the API (flags override INTERP_* environment settings)."""
    import uvicorn

    parser = argparse.ArgumentParser(prog="kikitori", description=run.__doc__)
    parser.add_argument("--scenario-dir", type=Path)
    parser.add_argument("--model", type=Path, help="GGUF file (default: the bundled model)")
    parser.add_argument("--backend", choices=["model", "lexical"])
    parser.add_argument("--host")
    parser.add_argument("--port", type=int)
    args = parser.parse_args(argv)
    overrides = {
        k: v
        for k, v in {
            "scenario_dir": args.scenario_dir,
            "model_path": args.model,
            "backend": args.backend,
            "host": args.host,
            "port": args.port,
        }.items()
        if v is not None
    }
    settings = Settings(**overrides)
    configure_logging(settings.log_level, settings.log_format)
    uvicorn.run(create_app(settings), host=settings.host, port=settings.port, log_level=settings.log_level)


if __name__ == "__main__":
    run()
