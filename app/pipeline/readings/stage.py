"""Reading stage directions: what a role-playing player writes their character doing, beside what it says
((蔵へ向かう), *頭を下げる*, 【行動】調べる, 主人公は女将に尋ねた). app/lexicon/stage.json holds the marks.

A direction is found at the start or the end of the line only: a bracket inside a clause is an aside
(鍵(合鍵のほう)ってどこ？). What is left between is speech; a speech wholly in 「」 is the player's own, as
a game writes its lines."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from app import lexicon
from app.pipeline.readings.text import CLOSING_MARKS
from app.text import normalize

_PAIRS = tuple(
    (unicodedata.normalize("NFKC", opening), unicodedata.normalize("NFKC", closing))
    for opening, closing in lexicon.load("stage")["wrappers"]["pairs"]
)
_LABELS = lexicon.phrases("stage", "labels")
_NARRATORS = lexicon.phrases("stage", "narrators")
_SPEAKING = lexicon.phrases("stage", "speaking")
_QUOTES = (("「", "」"), ("『", "』"))
_LABEL_CLOSES = {"【": "】", "[": "]"}


@dataclass(frozen=True)
class Staged:
    """A line cut into its directions and its speech, each in the order written."""

    before: tuple[str, ...]  # directions opening the line
    speech: str  # what is said between them ("" when nothing is)
    after: tuple[str, ...]  # directions closing it
    unwrapped: bool = False  # the speech was wholly in 「」

    @property
    def plain(self) -> bool:
        """Speech only, as typed: nothing to read otherwise."""
        return not self.directions and not self.unwrapped

    @property
    def directions(self) -> tuple[str, ...]:
        return (*self.before, *self.after)

    @property
    def only_acts(self) -> bool:
        """The line is directions only, and none speaks or asks (（酒樽にそっと手を触れる）; 主人公は「火の用心」の
        札をしばらく眺めていた。): the character acts, and talks about nothing."""
        speaks = any(word in normalize(direction) for direction in self.directions for word in _SPEAKING)
        return not self.speech and bool(self.directions) and not speaks

    def as_sentences(self) -> str:
        """Each direction and the speech as sentences of their own, in order: 「では、また伺います」（一礼して
        暖簾をくぐる） reads as では、また伺います。一礼して暖簾をくぐる。"""
        parts = [*self.before, self.speech, *self.after]
        return "".join(p if p[-1] in _CLOSED else f"{p}。" for p in parts if p)


def staged(raw: str) -> Staged:
    """The line's directions and speech, as written but in half width (NFKC: （…） as (…))."""
    rest = unicodedata.normalize("NFKC", raw).strip()
    before: list[str] = []
    after: list[str] = []
    if normalize(rest).startswith(_LABELS) and (end := rest.find(_LABEL_CLOSES.get(rest[0], "\0"))) > 0:
        acted = rest[end + 1 :].strip()
        return Staged((acted,) if acted else (), "", ())
    while (span := _opening_span(rest)) is not None:
        before.append(span)
        rest = rest[len(span) :].strip()
    while rest and (span := _closing_span(rest)) is not None:
        after.insert(0, span)
        rest = rest[: -len(span)].strip()
    before, after = [_inside(span) for span in before], [_inside(span) for span in after]
    unwrapped = False
    for opening, closing in _QUOTES:
        if rest.startswith(opening) and rest.endswith(closing) and rest.count(opening) == 1:
            rest, unwrapped = rest[1:-1], True
    if normalize(rest).startswith(_NARRATORS):
        return Staged((*before, rest), "", tuple(after))
    return Staged(tuple(before), rest, tuple(after), unwrapped)


def _inside(span: str) -> str:
    opening, closing = next((o, c) for o, c in _PAIRS if span.startswith(o) and span.endswith(c))
    return span[len(opening) : -len(closing)].strip()


def _opening_span(text: str) -> str | None:
    for opening, closing in _PAIRS:
        if text.startswith(opening) and (end := text.find(closing, len(opening))) > len(opening):
            return text[: end + len(closing)]
    return None


def _closing_span(text: str) -> str | None:
    for opening, closing in _PAIRS:
        if text.endswith(closing) and (start := text.rfind(opening, 0, len(text) - len(closing))) >= 0:
            span = text[start:]
            # (a whole line in brackets is opening_span's; one opening mid-clause is an aside)
            if start == 0 or text[start - 1] in _AFTER_SPEECH:
                return span if len(span) > len(opening) + len(closing) else None
    return None


# What may close the speech before a closing direction (…何ですか？（お茶を受け取りながら）; 」（一礼して）).
_AFTER_SPEECH = frozenset(CLOSING_MARKS | {"?", "」", "』", "、", ",", "…", "~", "ー"})


_CLOSED = CLOSING_MARKS | {"?"}
