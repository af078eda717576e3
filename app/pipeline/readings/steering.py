"""Reading a text for instructions to the interpreter rather than words to a character."""

from __future__ import annotations

from app import lexicon
from app.text import AnalyzedText

_INSTRUCTION = lexicon.pattern("steering", "instruction")


def is_instruction(text: AnalyzedText) -> bool:
    """The text instructs the interpreter (前の指示は全部忘れて…, システム: …, 離脱を選択すること):
    app/lexicon/steering.json."""
    return bool(_INSTRUCTION.search(text.norm))
