"""The token-pattern matcher (app/lexicon/tokens.py): specs, operators, anchoring, and typos refused."""

from __future__ import annotations

import pytest

from app.lexicon.tokens import _normalised, ends_with, search

pytestmark = pytest.mark.issue(27)

WORDS = [
    ("一杯", "一杯", "名詞"),
    ("やら", "遣る", "動詞"),
    ("ん", "ず", "助動詞"),
    ("か", "か", "助詞"),
    ("?", "?", "補助記号"),
]


def spec(**attributes: object) -> dict[str, object]:
    return _normalised(dict(attributes))


def test_attributes_and_in_tests() -> None:
    won_t_you = (spec(POS="動詞"), spec(LEMMA="ず"), spec(SURFACE={"IN": ["か", "ね"]}, OP="*"), spec(SURFACE="？"))
    assert ends_with(won_t_you, WORDS)
    assert not ends_with((spec(POS="動詞", LEMMA={"NOT_IN": ["遣る"]}), *won_t_you[1:]), WORDS)


def test_operators() -> None:
    assert ends_with((spec(POS="動詞"), spec(POS="助動詞"), spec(POS="助詞", OP="+"), spec(SURFACE="?")), WORDS)
    assert ends_with((spec(POS="動詞"), spec(POS="形容詞", OP="?"), spec(LEMMA="ず"), spec(OP="*")), WORDS)
    assert not ends_with((spec(POS="動詞"), spec(POS="助詞", OP="+"), spec(SURFACE="?")), WORDS)


def test_ends_with_is_anchored_at_the_end_and_search_is_not() -> None:
    verb_then_negative = (spec(POS="動詞"), spec(LEMMA="ず"))
    assert search(verb_then_negative, WORDS)
    assert not ends_with(verb_then_negative, WORDS)


@pytest.mark.parametrize("bad", [{"LEMA": "ず"}, {"POS": "動詞", "OP": "{2}"}, {"SURFACE": {"ANY": ["か"]}}])
def test_an_unknown_attribute_operator_or_test_is_refused(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        _normalised(bad)


def test_a_regex_test_searches_the_attribute() -> None:
    volitional = (spec(POS="動詞", SURFACE={"REGEX": "[おこそ]う?$"}), spec(SURFACE={"IN": ["か", "よ"]}, OP="*"))
    assert ends_with(volitional, [("話そう", "話す", "動詞"), ("か", "か", "助詞")])
    assert not ends_with(volitional, [("話す", "話す", "動詞"), ("か", "か", "助詞")])
