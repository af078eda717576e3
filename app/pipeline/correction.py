"""Stage 0: what the player means when they take back what they just typed.

Players correct themselves in the line itself: a slip owned (印刷所に行きます。すみません、打ち間違い、旧宅です),
a typed mark (大月さん＊大槻さん、…), a second thought (古書店へ戻ります。いや、喫茶店へ), a line called off
(帰ります。……やっぱり帰りません). Every later stage (the addressee, the word filter, the rules, the model)
reads what the player put in place of what they took back; a line that only calls off what it said
answers なし. The words are data (app/lexicon/correction.json); this module says what follows them."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from app import lexicon
from app.pipeline.readings.movement import plainly_negated
from app.pipeline.readings.text import clauses_of, is_kanji, is_question
from app.scenario import Scenario
from app.text import AnalyzedText, TextAnalyzer, normalize

_EXPLICIT = lexicon.pattern("correction", "explicit")
_SECOND_THOUGHTS = lexicon.pattern("correction", "second_thoughts")
_DOUBTS = lexicon.pattern("correction", "doubts")
_EXPLICIT_KIND, _SECOND_THOUGHT_KIND, _DOUBT_KIND = "explicit", "second thought", "doubt"
_TAKING_BACK = lexicon.pattern("correction", "taking_back")
_BARE_NAME_ENDINGS = tuple(sorted(lexicon.phrases("correction", "bare_name_endings"), key=len, reverse=True))
# What a text names a topic by without its word (先に見た人の話を): a second thought asking about something.
_ABOUT = ("について", "のこと", "の話", "の件", "の噂")
_TYPED_MARK = "*"
_MARKERS_READ = 4
# (as typed: after a marker the raw text is read, so full-width marks too)
_PAUSE_MARKS = "、,。.!?…，．！？‥\\s"
_PAUSES = re.compile(f"[{_PAUSE_MARKS}]+")
_CLAUSE_CLOSED = re.compile(f"[^{_PAUSE_MARKS}][{_PAUSE_MARKS}]+")
_TRAILING_PAUSES = re.compile(f"[{_PAUSE_MARKS}]+$")
# (not ., which normalize makes of …: a pause)
_SENTENCE_ENDS = frozenset("。!?")
_NOUN_PARTS = frozenset(("名詞", "接尾辞", "接頭辞"))
_EMPTY_PARTS = frozenset(("補助記号", "感動詞", "空白"))


@dataclass(frozen=True)
class Correction:
    """What the later stages read: `text` is the line as typed, or what the player put in place of what
    they took back (`dropped`, after `marker`). `taken_back`: the line only calls off what it said."""

    text: str
    marker: str = ""
    dropped: str = ""
    taken_back: bool = False

    def trace(self) -> dict[str, Any] | None:
        if not self.marker:
            return None
        return {"marker": self.marker, "dropped": self.dropped, "meant": self.text, "taken_back": self.taken_back}


def scenario_names(scenario: Scenario) -> tuple[str, ...]:
    """What a correction may name in place of something else: places, characters, topics and things of
    the scenario, normalised, two characters or more or one kanji (祠, 蔵), longest first."""
    names = [
        *(n for loc in scenario.locations for n in (loc.id, *loc.aliases)),
        *(n for c in scenario.characters for n in (c.id, *c.aliases)),
        *(n for i in scenario.intents for n in (i.id, *i.words)),
        *(n for e in scenario.entities for n in (e.id, *e.aliases)),
    ]
    return tuple(sorted({k for n in names if len(k := normalize(n)) >= 2 or is_kanji(k)}, key=len, reverse=True))


def read_correction(raw: str, analyzer: TextAnalyzer, names: tuple[str, ...] = ()) -> Correction:
    """The last correction in `raw` that has something said before it and something meant after it;
    the text as typed when there is none."""
    norm = normalize(raw)
    markers = sorted(
        [(m, _EXPLICIT_KIND) for m in _EXPLICIT.finditer(norm)]
        + [(m, _SECOND_THOUGHT_KIND) for m in _SECOND_THOUGHTS.finditer(norm)]
        + [(m, _DOUBT_KIND) for m in _DOUBTS.finditer(norm)],
        key=lambda found: found[0].start(),
        reverse=True,
    )
    # (the last few only: a line of a hundred いや、 is read in the time of one)
    for match, kind in markers[:_MARKERS_READ]:
        if match.group(0) == _TYPED_MARK and norm.count(_TYPED_MARK) > 1:
            continue  # (*窓の外を見ながら*: a stage direction)
        start, end = _raw_index(raw, match.start()), _raw_index(raw, match.end())
        before, after = raw[:start], raw[end:]
        before_words = analyzer.analyze(before)
        if not _says_something(before_words) or not _PAUSES.sub("", after):
            continue
        meant = _meant(before, before_words, after, analyzer, names, kind, match.group(0) == _TYPED_MARK)
        if meant is not None:
            text, taken_back = meant
            return Correction(text, raw[start:end], before.strip(), taken_back)
    return Correction(raw)


def _meant(
    before: str,
    before_words: AnalyzedText,
    after: str,
    analyzer: TextAnalyzer,
    names: tuple[str, ...],
    kind: str,
    typed_mark: bool,
) -> tuple[str, bool] | None:
    """What the player means after a marker, and whether they only called off what came before; None
    when what follows adds to what came before rather than replacing it (倉庫に行こう。いや、本当に)."""
    explicit = kind == _EXPLICIT_KIND
    words = analyzer.analyze(after)
    rest = _after_taking_back(words, before_words, after)
    if rest is None and kind == _DOUBT_KIND:
        return None  # (a doubt that takes nothing back is reasoning going on)
    if rest is not None:
        rest_words = analyzer.analyze(rest)
        # (what follows asks a question of its own: でも、僕はまだ帰りませんよ。…どんな内容だったんですか？)
        if not _names_something(rest_words, names) and not is_question(rest_words):
            return after.strip(), True
        after, words = rest, rest_words
    elif typed_mark:
        # 大月さん＊大槻さん、…: what follows the mark up to a pause takes the place of as many characters,
        # never reaching back past a pause (原稿の話だけど、湊さん＊灯ちゃん！)
        replaced = _PAUSES.split(after, maxsplit=1)[0]
        typed = _TRAILING_PAUSES.sub("", before)
        taken = min(len(replaced), len(_PAUSES.split(typed)[-1]))
        return (typed[: len(typed) - taken] + after).strip(), False
    elif not explicit and not _names_something(words, names):
        return None
    name = _bare_name(words)
    if name is None:
        return after.strip(), False
    put_in_place = _in_place_of_the_last_name(before, name, names, analyzer)
    if put_in_place is not None:
        return put_in_place, False
    # a name alone, and nothing it replaces in an act (倉庫…書斎…どっちにしよう。やっぱり倉庫！): the whole
    # text says more than the name does, unless the player marked a slip
    return (after.strip(), False) if explicit else None


def _after_taking_back(words: AnalyzedText, before: AnalyzedText, after: str) -> str | None:
    """What follows the first clause after a marker when that clause calls off what came before: by the
    data's words (やめた, なんでもない) or by negating a verb said before it (行く… 行かない); None when
    it does not."""
    clauses = clauses_of(words)
    if not clauses:
        return None
    first = clauses[0]
    said_before = {lemma for _, lemma, pos in before.tokens if pos == "動詞"}
    negates = any(
        pos == "動詞" and lemma in said_before and plainly_negated(first.tokens[i + 1 :])
        for i, (_, lemma, pos) in enumerate(first.tokens)
    )
    if not negates and not _TAKING_BACK.search(first.norm):
        return None
    closed = _CLAUSE_CLOSED.search(after)
    return after[closed.end() :] if closed else ""


def _says_something(text: AnalyzedText) -> bool:
    """More than a stammer (い、いや…) or a filler before the marker."""
    return len("".join(surface for surface, _, pos in text.tokens if pos not in _EMPTY_PARTS)) >= 2


def _names_something(text: AnalyzedText, names: tuple[str, ...]) -> bool:
    """A replacement, not an aside: a name of the scenario or a thing asked about."""
    return any(n in text.norm for n in names) or any(a in text.norm for a in _ABOUT)


def _bare_name(text: AnalyzedText) -> str | None:
    """The noun a text consists of, with only a copula or a particle after it (喫茶店へ, 旧宅です), as typed."""
    tokens = [t for t in text.tokens if t[2] != "補助記号"]
    count = next((i for i, t in enumerate(tokens) if t[2] not in _NOUN_PARTS), len(tokens))
    rest = "".join(t[0] for t in tokens[count:])
    if count == 0 or (rest and rest not in _BARE_NAME_ENDINGS):
        return None
    noun = "".join(t[0] for t in tokens[:count])
    at = normalize(text.raw).find(noun)
    return text.raw[_raw_index(text.raw, at) : _raw_index(text.raw, at + len(noun))] if at >= 0 else noun


def _in_place_of_the_last_name(before: str, name: str, names: tuple[str, ...], analyzer: TextAnalyzer) -> str | None:
    """The sentence of `before` that named something last, with `name` in its place (印刷所に行きます。 →
    旧宅に行きます。); None unless that sentence names one thing of the scenario and does something."""
    norm = normalize(before)
    # the name that ends last, the longest of those (古書店, not 書店 inside it)
    found = max(((norm.rfind(n) + len(n), len(n), n) for n in names if n in norm), default=None)
    if found is None:
        return None
    old = found[2]
    at = found[0] - len(old)
    opens = max((i + 1 for i, c in enumerate(norm[:at]) if c in _SENTENCE_ENDS), default=0)
    closes = next((i + 1 for i, c in enumerate(norm) if i >= at + len(old) and c in _SENTENCE_ENDS), len(norm))
    start, name_start = _raw_index(before, opens), _raw_index(before, at)
    name_end, end = _raw_index(before, at + len(old)), _raw_index(before, closes)
    sentence = analyzer.analyze(before[start:end])
    named = [n for n in names if n in sentence.norm and not any(n in m and n != m for m in names if m in sentence.norm)]
    if len(named) != 1 or sentence.norm.count(old) != 1 or not any(pos == "動詞" for _, _, pos in sentence.tokens):
        return None
    return (before[start:name_start] + name + before[name_end:end]).strip().rstrip("、,")


def _raw_index(raw: str, norm_index: int) -> int:
    """The last place in `raw` whose prefix normalises to `norm_index` characters or fewer (normalize
    drops spaces, widens … to ..., and joins a half-width kana and its voicing mark: ｶﾞ to が)."""
    # (the normalised length of a prefix never shrinks as it grows: a binary search, so a long line
    # costs a few normalisations, not one per character)
    low, high = 0, len(raw)
    while low < high:
        middle = (low + high + 1) // 2
        if len(normalize(raw[:middle])) <= norm_index:
            low = middle
        else:
            high = middle - 1
    return low
