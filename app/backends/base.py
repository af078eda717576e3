"""The interface a backend implements: count a prompt's tokens, and pick one option of a grammar."""

from __future__ import annotations

from abc import ABC, abstractmethod

from app.budget import Budget
from app.pipeline.choice import ChoiceRequest, ChoiceResult
from app.pipeline.confirm import Confirmation, ConfirmRequest
from app.pipeline.prompt import Prompt


class Backend(ABC):
    name: str = "backend"
    # Whether the decision step may calibrate this backend's probabilities and add lexical evidence
    # (a language model's scores); a backend whose scores are already lexical is taken as it is.
    calibrated_decision: bool = False
    # INTERP_MIN_CONFIDENCE when it is unset: the confidence below which this backend's pick is no
    # better than なし (0: every pick stands).
    default_min_confidence: float = 0.0

    @property
    def context_limit(self) -> int | None:
        """Tokens a prompt may use (context minus the reply reserve); None: no limit."""
        return None

    def count_tokens(self, prompt: Prompt) -> int | None:
        """The prompt's length in the model's own tokens; None for a backend with no tokenizer."""
        return None

    def count_text_tokens(self, text: str) -> int | None:
        """A text's length in the model's own tokens; None for a backend with no tokenizer."""
        return None

    @abstractmethod
    def choose(self, request: ChoiceRequest, budget: Budget | None = None) -> ChoiceResult:
        """Pick one of request.grammar.options. May raise ModelError (BudgetExceeded when `budget` runs
        out: the work stops then)."""

    def confirm(self, request: ConfirmRequest, budget: Budget | None = None) -> Confirmation | None:
        """P(yes) to the request's yes/no question, for the text and for an empty text; None for a
        backend that cannot answer one (the pick then stands). May raise ModelError."""
        return None

    def prepare(self, request: ChoiceRequest, budget: Budget | None = None) -> bool:
        """Evaluate ahead what `request` (a content-free choice) shares with the requests of its state;
        False when there is nothing to prepare or the work was stopped."""
        return False

    def prepare_prefix(self, prompt: Prompt, budget: Budget | None = None) -> bool:
        """Evaluate the scenario-level prefix of `prompt` once (start-up); False when already done."""
        return False

    def forget_states(self) -> None:  # noqa: B027 - optional hook
        """Drop whatever a game state left cached (eval-interpret --cold)."""

    def warm_up(self) -> None:  # noqa: B027 - optional hook
        """Do at start what the first request would otherwise pay for."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release the model."""

    def stats(self) -> dict[str, object]:
        return {}
