"""The Latin stage: English words and romaji in a Japanese line are read as the Japanese they stand for
(round 15's romaji shape). The readings are data (app/lexicon/latin.json's `readings`), one test each."""

from typing import Any

import pytest

from app import lexicon
from app.pipeline.interpret import Interpreter
from app.pipeline.latin import as_kana, latin_words, read_latin
from app.schemas import GameState
from tests.fakes import FakeBackend

pytestmark = pytest.mark.issue(27)

_READINGS = lexicon.load("latin")["readings"]


def _read_as() -> list[Any]:
    return [pytest.param(typed, meant, id=typed) for typed, meant in _READINGS["read_as"]]


@pytest.mark.parametrize(("typed", "meant"), _read_as())
def test_latin_letters_are_read_as_the_japanese_they_stand_for(typed: str, meant: str) -> None:
    latin = read_latin(typed)
    assert latin.text == meant and latin.read


@pytest.mark.parametrize("typed", [pytest.param(t, id=t) for t in _READINGS["kept"]])
def test_a_name_an_acronym_or_an_english_word_alone_stays_as_typed(typed: str) -> None:
    latin = read_latin(typed)
    assert latin.text == typed and latin.trace() is None


@pytest.mark.parametrize(
    ("word", "kana"),
    [("gakkou", "がっこう"), ("matchi", "まっち"), ("sonna", "そんな"), ("honn", "ほん"), ("shimbun", "しんぶん")],
)
def test_romaji_spells_kana_as_an_input_method_does(word: str, kana: str) -> None:
    assert as_kana(word) == kana


@pytest.mark.parametrize("word", ["ok", "bye", "dvd", "hmm", "xyz"])
def test_a_word_that_spells_no_syllables_is_no_romaji(word: str) -> None:
    assert as_kana(word) is None


def test_the_scenarios_own_latin_words_stay_as_typed() -> None:
    """A learner's scenario names a character kenta and a thing key: a line that types them means them."""
    kept = latin_words(("kenta", "けんた", "key", "tanaka-sensei"))
    assert kept == {"kenta", "key", "tanaka-sensei"}
    assert read_latin("kenta no heya", kept).text == "kenta のへや"
    assert read_latin("key wa doko?", kept).text == "key はどこ?"
    assert read_latin("kenta, see you", kept).text == "kenta, じゃあね"


def test_every_later_stage_reads_the_line_as_japanese(interpreter: Interpreter, stage_state: GameState) -> None:
    """A farewell in English leaves by the farewell rule, as じゃあね does; the trace shows the reading."""
    result = interpreter.interpret("hoshizora", "ok, see you!", stage_state)
    assert result.action.notation == "離脱" and result.decided_by.startswith("rule:")
    assert result.trace["latin"] == [{"typed": "ok", "read": "わかった"}, {"typed": "see you", "read": "じゃあね"}]


def test_the_model_reads_romaji_as_kana(
    interpreter: Interpreter, fake_backend: FakeBackend, stage_state: GameState
) -> None:
    fake_backend.queue("none")
    interpreter.interpret("hoshizora", "saki no kyoku, nan datta?", stage_state)
    assert fake_backend.requests[-1].text.raw == "さきのきょく, なんだった?"
