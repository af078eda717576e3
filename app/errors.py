"""The service's error hierarchy; app/main.py maps it to HTTP in one handler."""

from __future__ import annotations


class InterpretError(Exception):
    """Base class. `field` names the request field at fault, when there is one."""

    status_code = 400
    kind = "interpret_error"

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class ScenarioError(InterpretError):
    """A scenario is unknown (404) or a scenario file is invalid."""

    status_code = 404
    kind = "unknown_scenario"


class StateError(InterpretError):
    """The game state names an intent, location or character the scenario does not have."""

    status_code = 422
    kind = "invalid_state"


class InputError(InterpretError):
    """The player's text is empty or too long."""

    status_code = 422
    kind = "invalid_text"


class Unauthorized(InterpretError):
    """INTERP_API_KEY is set and the request did not carry it."""

    status_code = 401
    kind = "unauthorized"


class ModelError(InterpretError):
    """The model failed or could not be loaded. Never reaches a client as 5xx from /v1/interpret:
    the pipeline turns it into the decision なし with `error` set."""

    status_code = 503
    kind = "model_error"


class ModelFileError(ModelError):
    """The GGUF file is missing or corrupt."""

    kind = "model_file"


class ModelUnavailable(ModelError):
    """The model did not load and no fallback is configured (INTERP_FALLBACK): 503 for interpretations."""

    kind = "model_unavailable"
