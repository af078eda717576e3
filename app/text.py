"""Text normalisation and morphological analysis shared by the filters, rules and entity matching."""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import accumulate

_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}
_SPACES = re.compile(r"\s+")
_KANA_ONLY = re.compile(r"[ぁ-ゖー]+")
_PUNCT = re.compile(r"[\s、。,.!?！？…‥・「」『』（）()【】\[\]\"'“”‘’〜~ー―\-:：;；]+")


def normalize(text: str) -> str:
    """NFKC (full/half width), lower case, katakana folded to hiragana, white space removed."""
    folded = unicodedata.normalize("NFKC", text).lower().translate(_KATAKANA_TO_HIRAGANA)
    return _SPACES.sub("", folded)


# A stammered first sound, set off by a comma before the word it starts (い、いえ, ぼ、ぼくは, う、うん):
# the word is what was said. Only a kana that the next word repeats, after the start or a pause.
_STAMMER = re.compile(r"(?:(?<=^)|(?<=[、,，\s…‥]))([ぁ-ゖァ-ヺ])[、,，](?=\1)")


_JAPANESE_SPACE = re.compile(r"[^\x00-\x7f][ \u3000]+[^\x00-\x7f]")
# A particle that closes a clause (besides the sentence-closing 終助詞: ね, よ, か).
_CLOSING_PARTICLES = frozenset(["けど", "けれど", "けども", "から", "ので", "のに", "し"])
_POLITE = frozenset(["ます", "です"])
# What opens something new after a plain verb, an adjective or an auxiliary.
_OPENING_POS = frozenset(["動詞", "副詞", "感動詞", "代名詞", "連体詞"])  # not じゃ: やばい じゃね asks

Word = tuple[str, tuple[str, ...], str]  # surface, part of speech, normalised form


def _ends_a_clause(before: Word, after: Word) -> bool:
    """Whether a space between these two words ends a clause (TextAnalyzer._spaces_as_pauses)."""
    (surface, pos, form), following = before, after[1][0]
    if pos[1] == "終助詞" or pos[0] == "感動詞" or surface in _CLOSING_PARTICLES:
        return True
    if pos[0] == "助動詞" and form in _POLITE:
        return following not in ("助詞", "助動詞")
    return pos[0] in ("動詞", "形容詞", "助動詞") and following in _OPENING_POS


def without_stammers(text: str) -> str:
    """The text with its stammers taken out (い、いえ、ぼ、ぼくは → いえ、ぼくは)."""
    while (plain := _STAMMER.sub("", text)) != text:
        text = plain
    return text


def lets_as_written(text: str) -> str:
    """A let's spelt as said written as one (いこお, もどろお → いこう, もどろう: the volitional's う typed お,
    closing a clause after two kana or more; or drawn out, いこーー, もどろーぜ), which the analyser
    otherwise reads as another word (憩う) or not at all."""
    return _LETS_DRAWN_OUT.sub("う", _LETS_SPELT_AS_SAID.sub("う", text))


_LETS_SPELT_AS_SAID = re.compile(r"(?<=[ぁ-ゖ][こごそぞとどのほぼぽもよょろ])お(?=$|[、,，。.!！?？…‥\s〜~ーよぜね])")
# (not after の, よ or も: 行くのー？, またよー and どうもー draw out a word of their own)
_LETS_DRAWN_OUT = re.compile(r"(?<=[ぁ-ゖ][こごそぞとどぼろ])ー+(?=$|[、,，。.!！?？…‥\s〜~よぜね])")


def strip_punctuation(text: str) -> str:
    """Normalised text without punctuation or long-vowel marks, for fuzzy comparisons."""
    return _PUNCT.sub("", normalize(text))


@dataclass(frozen=True)
class AnalyzedText:
    raw: str  # as typed, its stammers taken out and a let's as written (without_stammers, lets_as_written)
    norm: str
    # Normalised dictionary forms of the words, concatenated: lets 踊る match 踊ってみて.
    lemmas: str
    tokens: tuple[tuple[str, str, str], ...]  # (normalised surface, normalised lemma, part of speech)
    # Content words in SudachiPy's longest units, unnormalised (surface, dictionary form, normalised
    # form): the keys word vectors are looked up by.
    content_words: tuple[tuple[str, str, str], ...] = ()
    # How the text reads, in hiragana (広間 → ひろま): a name a player types in kana is found by it.
    reading: str = ""

    def contains(self, phrase: AnalyzedText, analyzer: TextAnalyzer | None = None) -> bool:
        """Whether `phrase` appears in this text, by surface or by dictionary forms. A phrase written in
        kana alone must start and end where this text's words or its kana do: folded to hiragana,
        カメラ is inside 確かめられる, and イカ inside いかが, but ネタ is in ネタ元 (one word to SudachiPy).
        With the analyser, such a phrase may also end inside a word the analyser cut it across
        (_kana_word_cut_at_its_end)."""
        if not phrase.norm:
            return False
        if _KANA_ONLY.fullmatch(phrase.norm):
            surfaces = [s for s, _, _ in self.tokens]
            return (
                _kana_word_in(phrase.norm, surfaces)
                or _kana_word_in(phrase.lemmas, [lemma for _, lemma, _ in self.tokens])
                or (analyzer is not None and _kana_word_cut_at_its_end(phrase.norm, surfaces, analyzer))
            )
        return phrase.norm in self.norm or (bool(phrase.lemmas) and phrase.lemmas in self.lemmas)


# A kana word the analyser does not know may be cut across its end (だぜんて: だ|ぜ|んて). Three kana at
# least: a shorter one is part of another word too often (イカ in いかが).
_SHORTEST_CUT_WORD = 3
# What the rest opens on, read alone, when a word ended there: a particle (は, が), or て read as the
# conjunction it is at the start of a text (かりんとう|てまだある: て, the short って).
_OPENS_AFTER_A_WORD = frozenset(["助詞", "接続詞"])


def _kana_word_cut_at_its_end(phrase: str, words: list[str], analyzer: TextAnalyzer) -> bool:
    """Whether kana `phrase` starts where one of `words` or their kana does and ends inside a word, with
    what follows it, read afresh, opening on a particle (だぜん|て; not カメラ in 確|かめら|れる, where
    an auxiliary follows)."""
    joined = "".join(words)
    if len(phrase) < _SHORTEST_CUT_WORD or phrase not in joined:
        return False  # (the common case: no bounds to compute)
    starts = _word_and_kana_bounds(words)
    for position in _occurrences(phrase, joined):
        rest = joined[position + len(phrase) :]
        if position in starts and rest:
            if rest.startswith(_quoting_after_a_word()):
                return True  # (without reading the rest afresh)
            following = analyzer.analyze(rest).tokens
            if following and following[0][2] in _OPENS_AFTER_A_WORD:
                return True
    return False


@cache
def _quoting_after_a_word() -> tuple[str, ...]:
    """Quoting particles that open the rest after a word (app/lexicon/speech.json's quoting_after_a_word:
    からあげ|っち何？), which the analyser may read as no particle."""
    from app import lexicon  # (app.lexicon reads app.text: loaded on first use, not at import)

    return lexicon.phrases("speech", "quoting_after_a_word")


def _word_and_kana_bounds(words: list[str]) -> set[int]:
    """The offsets in the concatenated `words` where a word starts or ends, or kana meets another script."""
    joined = "".join(words)
    bounds = {0, *accumulate(len(word) for word in words)}
    return bounds | {
        i for i in range(1, len(joined)) if bool(_KANA_ONLY.match(joined[i - 1])) != bool(_KANA_ONLY.match(joined[i]))
    }


def _kana_word_in(phrase: str, words: list[str]) -> bool:
    """Whether `phrase` occurs in the concatenated `words` with each end at a word boundary or where kana
    meets another script (ねた|元)."""
    joined = "".join(words)
    if phrase not in joined:
        return False  # (the common case: no bounds to compute)
    bounds = _word_and_kana_bounds(words)
    return any(p in bounds and p + len(phrase) in bounds for p in _occurrences(phrase, joined))


def as_whole_words(phrase: str, words: list[str]) -> bool:
    """Whether `phrase` occurs in the concatenated `words`, starting and ending at word boundaries."""
    return bool(whole_word_starts(phrase, words))


def whole_word_starts(phrase: str, words: list[str], *, to_a_word_end: bool = True) -> set[int]:
    """The indices of the words at which `phrase` starts, in the concatenated `words`, ending at a word
    boundary too unless `to_a_word_end` is false (an empty word shares its offset with the next one, so
    both indices count)."""
    joined = "".join(words)
    starts: dict[int, list[int]] = {}
    ends, offset = {0}, 0
    for index, word in enumerate(words):
        starts.setdefault(offset, []).append(index)
        offset += len(word)
        ends.add(offset)
    found: set[int] = set()
    for position in _occurrences(phrase, joined):
        if position in starts and (not to_a_word_end or position + len(phrase) in ends):
            found.update(starts[position])
    return found


def _occurrences(phrase: str, joined: str) -> Iterator[int]:
    """Every offset at which a non-empty `phrase` occurs in `joined`, overlapping ones too."""
    if not phrase:
        return
    position = joined.find(phrase)
    while position >= 0:
        yield position
        position = joined.find(phrase, position + 1)


_CONTENT_POS = {"名詞", "動詞", "形容詞", "副詞", "形状詞"}
_FUNCTION_SUBPOS = {"非自立可能", "数詞"}  # こと, する, ある…; numbers carry no topic


class TextAnalyzer:
    """SudachiPy with its core dictionary; one instance per app (loading the dictionary takes a second)."""

    def __init__(self) -> None:
        from sudachipy import Dictionary, SplitMode

        self._mode = SplitMode.A
        self._word_mode = SplitMode.C
        self._tokenizer = Dictionary(dict="core").tokenizer(mode=self._mode)
        self._lock = threading.Lock()
        self._cache: dict[str, AnalyzedText] = {}

    def analyze(self, text: str) -> AnalyzedText:
        cached = self._cache.get(text)
        if cached is not None:
            return cached
        typed, text = text, lets_as_written(without_stammers(text))
        with self._lock:
            paused = self._spaces_as_pauses(text)  # what the rules read; the model reads the text as typed
            norm = normalize(paused)
            morphemes = self._tokenizer.tokenize(unicodedata.normalize("NFKC", paused), self._mode)
            tokens = tuple(
                (normalize(m.surface()), normalize(m.normalized_form()), m.part_of_speech()[0])
                for m in morphemes
                if m.surface().strip()
            )
            content_words = tuple(
                (m.surface(), m.dictionary_form(), m.normalized_form())
                for m in self._tokenizer.tokenize(unicodedata.normalize("NFKC", paused), self._word_mode)
                if m.part_of_speech()[0] in _CONTENT_POS and m.part_of_speech()[1] not in _FUNCTION_SUBPOS
            )
        result = AnalyzedText(
            raw=text,
            norm=norm,
            lemmas="".join(t[1] for t in tokens),
            tokens=tokens,
            content_words=content_words,
            reading=normalize("".join(m.reading_form() for m in morphemes if m.surface().strip())),
        )
        if len(self._cache) < 50_000:  # scenario words and eval texts repeat; player texts rarely do
            self._cache[typed] = result
        return result

    def _spaces_as_pauses(self, text: str) -> str:
        """The text with each space that ends a clause made a pause (、): a player typing kana on a
        phone spaces words (わかった ありがとう またくるね, 失礼します 課長も…). A space ends a clause after a
        closing particle (ね, よ, か, けど) or an interjection; after a polite ます or です unless a particle
        follows (行きます って); after a plain verb, an adjective or another auxiliary only when what follows
        opens something new (a verb, an adverb, an interjection, a pronoun: わかった ありがとう), for before
        a noun or a particle the verb is inside its phrase (行く 人, 戻る 前に, 行く って, 行く らしい). After a
        noun or another particle (うらの くら) and between latin words a space only spaces words: removed
        with the rest of the white space."""
        if not _JAPANESE_SPACE.search(text):
            return text
        words = [
            (m.surface(), m.part_of_speech(), m.normalized_form())
            for m in self._tokenizer.tokenize(unicodedata.normalize("NFKC", text), self._mode)
        ]
        pieces: list[str] = []
        for index, (surface, _, _) in enumerate(words):
            if surface.strip():
                pieces.append(surface)
                continue
            before = next((w for w in reversed(words[:index]) if w[0].strip()), None)
            after = next((w for w in words[index + 1 :] if w[0].strip()), None)
            pause = (
                before is not None
                and after is not None
                and not before[0][-1:].isascii()
                and not after[0][:1].isascii()
                and _ends_a_clause(before, after)
            )
            pieces.append("、" if pause else surface)
        return "".join(pieces)
