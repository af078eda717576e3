"""The HTTP service: create_app() builds it; the model is loaded in the lifespan and kept on app.state."""

from __future__ import annotations

import argparse
import asyncio
import functools
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from app.backends.base import Backend
from app.errors import InterpretError
from app.pipeline.interpret import Interpretation, Interpreter
from app.runtime import build_interpreter, make_backend
from app.scenario import ScenarioSet, load_scenario_dir
from app.schemas import InputChoice, InterpretRequest, InterpretResponse, RequestErrorResponse
from app.settings import Settings

log = logging.getLogger("kikitori")


def get_interpreter(request: Request) -> Interpreter:
    return request.app.state.interpreter


InterpreterDep = Annotated[Interpreter, Depends(get_interpreter)]


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
        app.state.interpreter.warm_up()
        log.info(
            "ready: %d scenarios, %d refused, backend %s",
            len(scenario_set.scenarios),
            len(scenario_set.problems),
            chosen.name,
        )
        yield
        if backend is None:
            chosen.close()

    app = FastAPI(
        title="Kikitori",
        version="0.1.0",
        summary="Interprets a player's free Japanese text as one input the story game can act on.",
        lifespan=lifespan,
    )
    app.state.settings = settings

    @app.exception_handler(InterpretError)
    async def interpret_error(_: Request, exc: InterpretError) -> JSONResponse:
        body = {"error": {"kind": exc.kind, "message": exc.message, "field": exc.field}}
        return JSONResponse(body, status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        first = errors[0] if errors else {"loc": (), "msg": "invalid request", "type": ""}
        if first.get("type") == "json_invalid":
            body = {
                "kind": "malformed_json",
                "message": f"request body is not valid JSON: {first['msg']}",
                "field": "body",
            }
            return JSONResponse({"error": body}, status_code=400)
        field = _field_of(tuple(first["loc"]))
        message = "; ".join(f"{_field_of(tuple(e['loc']))}: {e['msg']}" for e in errors[:5])
        return JSONResponse({"error": {"kind": "invalid_request", "message": message, "field": field}}, status_code=422)

    @app.exception_handler(Exception)
    async def unexpected_error(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return JSONResponse({"error": {"kind": "internal", "message": str(exc), "field": None}}, status_code=500)

    @app.post(
        "/v1/interpret",
        response_model=InterpretResponse,
        response_model_exclude_none=False,
        responses={
            400: {"model": RequestErrorResponse},
            404: {"model": RequestErrorResponse},
            422: {"model": RequestErrorResponse},
        },
    )
    async def interpret(body: InterpretRequest, interpreter: InterpreterDep) -> InterpretResponse:
        """Interpret one player input against the current game state."""
        interpreter.check_request(body.scenario, body.text)
        loop = asyncio.get_running_loop()
        job = loop.run_in_executor(None, functools.partial(interpreter.interpret, body.scenario, body.text, body.state))
        try:
            result = await asyncio.wait_for(job, timeout=settings.timeout_s)
        except TimeoutError:
            # The model call cannot be interrupted; it finishes in its thread and the game moves on.
            log.error("interpretation over its %.1f s budget: %r", settings.timeout_s, body.text[:80])
            return InterpretResponse(
                input=InputChoice(kind="none"),
                notation="なし",
                addressee=None,
                entities=[],
                attitude=None,
                decided_by="error",
                confidence=None,
                error={"kind": "timeout", "message": f"no decision within {settings.timeout_s} s"},
            )
        return to_response(result, body.debug)

    @app.get("/healthz")
    async def healthz() -> dict[str, str]:
        """The process is up."""
        return {"status": "ok"}

    @app.get("/readyz")
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
    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    uvicorn.run(create_app(settings), host=settings.host, port=settings.port, log_level=settings.log_level)


if __name__ == "__main__":
    run()
