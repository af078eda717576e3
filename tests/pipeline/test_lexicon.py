"""Tests generated from the language data (app/lexicon/*.json), one per text, in the spirit of spaCy's
tokenizer tables: each file's examples through the rule's own predicate, each pattern's texts through that
pattern, and every entry of the word tables recognised where its table says it matches (issue 27).

Adding a dialect form is a line of data; these tests pick it up without a line of Python."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import pytest

from app import lexicon
from app.lexicon import tokens
from app.pipeline.correction import read_correction
from app.pipeline.readings.farewell import ending_farewell, has_leave_cue
from app.pipeline.readings.movement import has_movement_cue, intends, is_place_question, named_things
from app.pipeline.readings.replies import is_invitation, offers, says_no, says_yes
from app.pipeline.readings.small_talk import asks_about_the_person
from app.pipeline.readings.stage import staged
from app.pipeline.readings.steering import is_instruction
from app.pipeline.readings.text import trim
from app.text import AnalyzedText, TextAnalyzer, normalize

pytestmark = pytest.mark.issue(27)

FILES = sorted(path.stem for path in lexicon.LEXICON_DIR.glob("*.json"))

_ANALYZER = cache(TextAnalyzer)

# The predicate each file's `examples` are run through: what the rules ask of a text.
PREDICATES: dict[str, Callable[[AnalyzedText], bool]] = {
    "farewell": lambda text: ending_farewell(text) is not None,
    "agreement": says_yes,
    "refusal": says_no,
    "invitation": is_invitation,
    "place_question": is_place_question,
    "small_talk": asks_about_the_person,
    "steering": is_instruction,
    "intention": intends,
    "movement": has_movement_cue,
    "offer": offers,
    "correction": lambda text: read_correction(text.raw, _ANALYZER()).marker != "",
    "stage": lambda text: staged(text.raw).only_acts,
}
# Files of words other tables are built from, with no predicate of their own.
SHARED = {"speech", "latin"}
# Where a file's patterns are searched: the normalised text, and for farewells without its commas (pauses
# only) and what closes it (marks, emoji), as ending_farewell reads it.
SEARCHED_IN: dict[str, Callable[[str], str]] = {
    "farewell": lambda text: trim(normalize(text)).replace("、", "").replace(",", ""),
}


def _tables() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for name in FILES:
        for table, spec in lexicon.load(name).items():
            if isinstance(spec, dict) and ("groups" in spec or "patterns" in spec):
                yield name, table, spec


def _examples(expected: str) -> list[Any]:
    return [
        pytest.param(name, text, id=f"{name}:{text}")
        for name in FILES
        if name in PREDICATES
        for text in lexicon.load(name)["examples"][expected]
    ]


def _pattern_texts(expected: str) -> list[Any]:
    return [
        pytest.param(name, table, index, text, id=f"{name}.{table}[{index}]:{text}")
        for name, table, spec in _tables()
        for index, part in enumerate(spec.get("patterns", []))
        for text in part[expected]
    ]


def _token_pattern_texts(expected: str) -> list[Any]:
    return [
        pytest.param(name, table, index, text, id=f"{name}.{table}[{index}]:{text}")
        for name in FILES
        for table, spec in lexicon.load(name).items()
        if isinstance(spec, dict) and "token_patterns" in spec
        for index, part in enumerate(spec["token_patterns"])
        for text in part[expected]
    ]


def _entries(name: str, table: str) -> list[Any]:
    spec = lexicon.load(name)[table]
    return [
        pytest.param(entry, group.get("done_with", ""), id=f"{name}.{table}:{entry}")
        for group in spec["groups"]
        for entry in group.get("phrases", group.get("words", []))
    ]


def test_every_file_is_read_by_a_predicate_or_shared() -> None:
    assert set(FILES) == set(PREDICATES) | SHARED


@pytest.mark.parametrize(("name", "table", "spec"), [pytest.param(*t, id=f"{t[0]}.{t[1]}") for t in _tables()])
def test_every_table_says_where_it_matches_and_holds_no_repeats(name: str, table: str, spec: dict[str, Any]) -> None:
    assert spec.get("match", "").strip(), f"{name}.{table} says nowhere where it matches"
    if "patterns" in spec:
        for part in spec["patterns"]:
            assert part["note"].strip() and part["must_match"], f"{name}.{table}: {part['pattern']} has no example"
            re.compile(part["pattern"])
    else:
        # (a table read word by word keeps its spaces: bye bye and byebye are both typed)
        compared = (lambda e: " ".join(e.lower().split())) if spec.get("by_words") else normalize
        entries = [compared(e) for group in spec["groups"] for e in group.get("phrases", group.get("words", []))]
        assert all(entries) and len(entries) == len(set(entries)), f"{name}.{table} repeats an entry"


@pytest.mark.parametrize(("name", "text"), _examples("must_match"))
def test_examples_match(name: str, text: str, analyzer: TextAnalyzer) -> None:
    assert PREDICATES[name](analyzer.analyze(text))


@pytest.mark.parametrize(("name", "text"), _examples("must_not_match"))
def test_near_misses_do_not_match(name: str, text: str, analyzer: TextAnalyzer) -> None:
    assert not PREDICATES[name](analyzer.analyze(text))


@pytest.mark.parametrize(("name", "table", "index", "text"), _pattern_texts("must_match"))
def test_each_pattern_matches_what_it_is_there_for(name: str, table: str, index: int, text: str) -> None:
    spec = lexicon.load(name)[table]
    part = re.compile(f"{spec.get('before', '')}({spec['patterns'][index]['pattern']}){spec.get('after', '')}")
    assert part.search(SEARCHED_IN.get(name, normalize)(text))


@pytest.mark.parametrize(("name", "table", "index", "text"), _pattern_texts("must_not_match"))
def test_no_pattern_of_the_table_matches_a_near_miss(name: str, table: str, index: int, text: str) -> None:
    assert not lexicon.pattern(name, table).search(SEARCHED_IN.get(name, normalize)(text))


@pytest.mark.parametrize(("name", "table", "index", "text"), _token_pattern_texts("must_match"))
def test_each_token_pattern_matches_what_it_is_there_for(
    name: str, table: str, index: int, text: str, analyzer: TextAnalyzer
) -> None:
    words = _last_sentence(text, analyzer)
    if lexicon.load(name)[table].get("whole_clause"):
        assert tokens.matches_whole(tokens.patterns(name, table)[index], _last_clause(words))
    else:
        assert tokens.ends_with(tokens.patterns(name, table)[index], words)


@pytest.mark.parametrize(("name", "table", "index", "text"), _token_pattern_texts("must_not_match"))
def test_no_token_pattern_of_the_table_matches_a_near_miss(
    name: str, table: str, index: int, text: str, analyzer: TextAnalyzer
) -> None:
    words = _last_sentence(text, analyzer)
    if lexicon.load(name)[table].get("whole_clause"):
        words = _last_clause(words)
        assert not any(tokens.matches_whole(pattern, words) for pattern in tokens.patterns(name, table))
    else:
        assert not any(tokens.ends_with(pattern, words) for pattern in tokens.patterns(name, table))


def _last_sentence(text: str, analyzer: TextAnalyzer) -> list[tuple[str, str, str]]:
    """The words the patterns are anchored on, as the predicates take them: the last sentence, its closing
    marks but a question mark left out."""
    words = list(analyzer.analyze(text).tokens)
    while words and words[-1][2] == "補助記号" and words[-1][0] != "?":
        words.pop()
    start = max((i + 1 for i, w in enumerate(words[:-1]) if w[0] in ("。", "!", "?")), default=0)
    return words[start:]


def _last_clause(words: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The last sentence's last clause, for a table whose patterns take in a whole clause (whole_clause)."""
    start = max((i + 1 for i, w in enumerate(words[:-1]) if w[0] in ("、", ",")), default=0)
    return words[start:]


@pytest.mark.parametrize(
    ("phrase", "_"),
    [p for table in ("farewell", "setting_out", "farewell_at_end_only") for p in _entries("farewell", table)],
)
def test_every_farewell_ends_a_text(phrase: str, _: str, analyzer: TextAnalyzer) -> None:
    assert ending_farewell(analyzer.analyze(phrase + "。")) is not None


@pytest.mark.parametrize(("phrase", "_"), _entries("farewell", "farewell") + _entries("farewell", "setting_out"))
def test_a_farewell_asked_about_is_none(phrase: str, _: str, analyzer: TextAnalyzer) -> None:
    assert ending_farewell(analyzer.analyze(phrase + "？")) is None


@pytest.mark.parametrize(
    ("word", "_"),
    [p for table in ("anywhere", "approval", "opening", "whole") for p in _entries("agreement", table)],
)
def test_every_yes_alone_says_yes(word: str, _: str, analyzer: TextAnalyzer) -> None:
    assert says_yes(analyzer.analyze(word))


@pytest.mark.parametrize(("opener", "_"), _entries("agreement", "openers"))
def test_every_opener_may_lead_into_a_yes(opener: str, _: str, analyzer: TextAnalyzer) -> None:
    assert says_yes(analyzer.analyze(f"{opener}、行こう"))


@pytest.mark.parametrize(
    ("word", "_"), [p for table in ("opening", "last_clause", "apology") for p in _entries("refusal", table)]
)
def test_every_no_opening_a_reply_says_no(word: str, _: str, analyzer: TextAnalyzer) -> None:
    assert says_no(analyzer.analyze(f"{word}、ここにいる"))


@pytest.mark.parametrize(("verb", "done_with"), _entries("movement", "verbs"))
def test_every_movement_verb_is_a_movement_cue(verb: str, done_with: str, analyzer: TextAnalyzer) -> None:
    assert has_movement_cue(analyzer.analyze(f"{verb}{done_with}"))


@pytest.mark.parametrize(("verb", "_"), _entries("movement", "leaving"))
def test_every_leaving_verb_is_a_leave_cue(verb: str, _: str, analyzer: TextAnalyzer) -> None:
    assert has_leave_cue(analyzer.analyze(f"そろそろ{verb}します"))


_LETTING = lexicon.load("movement")["asked_of_another"]["letting"]


@pytest.mark.parametrize(
    ("text", "going"),
    [(text, True) for text in _LETTING["must_match"]] + [(text, False) for text in _LETTING["must_not_match"]],
)
def test_asking_to_be_let_go_is_the_players_own_going(text: str, going: bool, analyzer: TextAnalyzer) -> None:
    """Session 15's note: ロビーに行かせてください was read as asking someone else to go."""
    assert has_movement_cue(analyzer.analyze(text)) is going


_KANA_LEAVING = lexicon.load("movement")["leaving_in_kana"]


@pytest.mark.parametrize("text", _KANA_LEAVING["must_match"])
def test_leaving_typed_in_kana_is_a_leave_cue(text: str, analyzer: TextAnalyzer) -> None:
    assert has_leave_cue(analyzer.analyze(text))


@pytest.mark.parametrize("text", _KANA_LEAVING["must_not_match"])
def test_other_kana_kaeru_is_no_leave_cue(text: str, analyzer: TextAnalyzer) -> None:
    assert not has_leave_cue(analyzer.analyze(text))


_KANA_GOING = lexicon.load("movement")["kana_going_after"]


@pytest.mark.parametrize(
    ("text", "going"),
    [(text, True) for text in _KANA_GOING["must_match"]] + [(text, False) for text in _KANA_GOING["must_not_match"]],
)
def test_kana_itte_after_a_place_is_going(text: str, going: bool, analyzer: TextAnalyzer) -> None:
    """Round 28: a kana いって after のほう was read as saying (言って), and the move refused."""
    assert has_movement_cue(analyzer.analyze(text)) is going


@pytest.mark.parametrize(
    ("word", "_"),
    _entries("movement", "place_pronouns") + _entries("movement", "directions") + _entries("movement", "not_where"),
)
def test_a_word_of_a_place_that_is_no_name_is_no_named_thing(word: str, _: str, analyzer: TextAnalyzer) -> None:
    assert named_things(analyzer.analyze(f"{word}へ行こう")) == []


@pytest.mark.parametrize("text", lexicon.load("movement")["carrying"]["must_match"])
def test_what_is_carried_is_not_where_one_goes(text: str, analyzer: TextAnalyzer) -> None:
    assert named_things(analyzer.analyze(text)) == []


def test_phrases_are_loaded_normalised_and_once() -> None:
    loaded = lexicon.phrases("farewell", "farewell")
    assert len(loaded) == len(set(loaded)) and all(p == normalize(p) for p in loaded)
    assert normalize("失礼します") in loaded
    assert lexicon.pattern("invitation", "inviting") is lexicon.pattern("invitation", "inviting")


def test_a_plain_list_beside_the_groups_is_loaded_normalised_in_order() -> None:
    raw = lexicon.load("movement")["kana_going_after"]["places"]
    assert lexicon.listed("movement", "kana_going_after", "places") == tuple(map(normalize, raw))


def test_a_table_without_long_vowel_marks_compares_without_them() -> None:
    assert "おっけ" in lexicon.phrases("agreement", "opening")


def test_spans_give_each_match_where_it_starts_and_ends() -> None:
    """tokens.spans (round 38: where a going_away match starts, whatever its length): every match, its first
    token's index and the index after its last, a match of `*` at each length it can take."""
    noun_and_its_no = ({"POS": "名詞"}, {"SURFACE": "の", "OP": "*"})
    sea, of, to = ("海", "海", "名詞"), ("の", "の", "助詞"), ("へ", "へ", "助詞")
    assert tokens.spans(noun_and_its_no, [to, sea, of, of]) == [(1, 2), (1, 3), (1, 4)]
    assert tokens.spans(noun_and_its_no, [to, of]) == []
