"""Entities and attitudes the text mentions (alias match after normalisation)."""

from __future__ import annotations

from app.scenario import AliasEntry
from app.text import AnalyzedText, normalize


def mentioned(entries: list[AliasEntry], text: AnalyzedText) -> list[str]:
    """Ids of the entries any of whose aliases appears in the text, in scenario order."""
    return [e.id for e in entries if any(normalize(a) and normalize(a) in text.norm for a in e.aliases)]
