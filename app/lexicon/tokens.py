"""Token patterns over the analyser's words, in the spirit of spaCy's Matcher: a pattern is a list of
token specs, each a dict of attributes the word must have, with an optional repeat operator.

    [{"POS": "動詞", "LEMMA": {"NOT_IN": ["分かる", "知る"]}}, {"LEMMA": "ず"}, {"SURFACE": "?"}]

Attributes: SURFACE (the word as written, normalised), LEMMA (its dictionary form), POS (its first-level
part of speech), each equal to a string or `{"IN": [...]}` / `{"NOT_IN": [...]}` / `{"REGEX": "..."}`
(searched in the attribute, as spaCy's REGEX: the analyser folds a verb's volitional into one word,
話しましょう, もらお, so an ending is a pattern over its surface; written as the normalised text is,
katakana as hiragana, for it is not normalised itself). OP: "?" (optional),
"*" (any number), "+" (one or more); none: exactly one. A rule is about grammar rather than words where
one of these says it (a negative asked after a verb) better than a regular expression over kana can."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any

from app import lexicon
from app.text import normalize

Token = tuple[str, str, str]  # surface, lemma, part of speech (AnalyzedText.tokens)
TokenPattern = tuple[dict[str, Any], ...]

_ATTRIBUTES = {"SURFACE": 0, "LEMMA": 1, "POS": 2}
_OPERATORS = {None, "?", "*", "+"}


def _normalised(spec: dict[str, Any]) -> dict[str, Any]:
    """A token spec with its strings normalised as texts are (full-width ？ is ?), checked for typos."""
    unknown = set(spec) - set(_ATTRIBUTES) - {"OP"}
    if unknown or spec.get("OP") not in _OPERATORS:
        raise ValueError(f"token spec {spec}: unknown {sorted(unknown) or spec.get('OP')}")
    out: dict[str, Any] = {}
    for key, value in spec.items():
        if key == "OP":
            out[key] = value
        elif isinstance(value, str):
            out[key] = normalize(value)
        else:
            ((test, values),) = value.items()
            if test == "REGEX":
                out[key] = {test: re.compile(values)}
                continue
            if test not in ("IN", "NOT_IN"):
                raise ValueError(f"token spec {spec}: unknown test {test}")
            out[key] = {test: frozenset(normalize(v) for v in values)}
    return out


def _fits(spec: dict[str, Any], token: Token) -> bool:
    for key, index in _ATTRIBUTES.items():
        if key not in spec:
            continue
        want, have = spec[key], token[index]
        if isinstance(want, str):
            if have != want:
                return False
        elif "REGEX" in want:
            if not want["REGEX"].search(have):
                return False
        elif "IN" in want:
            if have not in want["IN"]:
                return False
        elif have in want["NOT_IN"]:
            return False
    return True


def _match_from(pattern: TokenPattern, tokens: Sequence[Token], start: int) -> list[int]:
    """Every index where a match of `pattern` that begins at `start` can end."""
    if not pattern:
        return [start]
    spec, rest = pattern[0], pattern[1:]
    op = spec.get("OP")
    ends: list[int] = []
    if op in ("?", "*"):
        ends += _match_from(rest, tokens, start)  # zero times
    if start < len(tokens) and _fits(spec, tokens[start]):
        if op in ("*", "+"):
            ends += _match_from(({**spec, "OP": "*"}, *rest), tokens, start + 1)
        else:
            ends += _match_from(rest, tokens, start + 1)
    return ends


def ends_with(pattern: TokenPattern, tokens: Sequence[Token]) -> bool:
    """Does some match of `pattern` end exactly at the last token?"""
    return any(len(tokens) in _match_from(pattern, tokens, start) for start in range(len(tokens)))


def matches_whole(pattern: TokenPattern, tokens: Sequence[Token]) -> bool:
    """Does some match of `pattern` take in every token, first to last?"""
    return len(tokens) in _match_from(pattern, tokens, 0)


def starts_with(pattern: TokenPattern, tokens: Sequence[Token]) -> bool:
    """Does some match of `pattern` begin at the first token?"""
    return bool(_match_from(pattern, tokens, 0))


def search(pattern: TokenPattern, tokens: Sequence[Token]) -> bool:
    """Does `pattern` match anywhere?"""
    return any(_match_from(pattern, tokens, start) for start in range(len(tokens)))


def spans(pattern: TokenPattern, tokens: Sequence[Token]) -> list[tuple[int, int]]:
    """Every match of `pattern`, as the index of its first token and the index after its last."""
    return [(start, end) for start in range(len(tokens)) for end in sorted(set(_match_from(pattern, tokens, start)))]


@cache
def patterns(name: str, table: str) -> tuple[TokenPattern, ...]:
    """The table's `token_patterns`, normalised, in file order."""
    return tuple(tuple(_normalised(s) for s in part["pattern"]) for part in lexicon.load(name)[table]["token_patterns"])
