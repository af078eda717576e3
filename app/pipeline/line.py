"""The line as the later stages read it: English and romaji as Japanese (`latin`), what the player meant
after taking something back (`correction`), and whom they speak to (`addressee`).

The service, `eval-interpret --check` and the trial scripts read a line through `read_line`, so a check
cannot pass a case that the service reads otherwise (a romaji call, a call left before a correction).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.pipeline.addressee import Addressee, find_addressee
from app.pipeline.correction import Correction, read_correction, scenario_names
from app.pipeline.latin import Latin, latin_words, read_latin
from app.scenario import Scenario
from app.schemas import GameState
from app.text import TextAnalyzer

_CALLS = ("called", "asked_opinion")


@dataclass(frozen=True)
class Line:
    latin: Latin
    correction: Correction
    addressee: Addressee

    @property
    def typed(self) -> str:
        """The line with its Latin runs read, before any correction."""
        return self.latin.text

    @property
    def text(self) -> str:
        """What the player meant: what every later stage reads."""
        return self.correction.text


def read_line(raw: str, state: GameState, scenario: Scenario, analyzer: TextAnalyzer) -> Line:
    names = scenario_names(scenario)
    latin = read_latin(raw, latin_words(names))
    correction = read_correction(latin.text, analyzer, names)
    addressee = meant_addressee(correction, latin.text, lambda text: find_addressee(text, state, scenario, analyzer))
    return Line(latin, correction, addressee)


def meant_addressee(correction: Correction, typed: str, find: Callable[[str], Addressee]) -> Addressee:
    """Whom the player speaks to, in what they meant; a call the correction left behind still counts
    (久保さん、締切、いや、納期っていつでした？). `find` reads one text (a trial passes an older finder)."""
    addressee = find(correction.text)
    if correction.marker and addressee.reason not in _CALLS:
        called = find(typed)
        if called.reason in _CALLS:
            return called
    return addressee
