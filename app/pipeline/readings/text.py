"""Reading a text: its sentences and clauses, its trimmed ending, whether it asks, which places it names."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable

from app import lexicon
from app.lexicon import tokens as token_patterns
from app.pipeline.candidates import Candidate
from app.text import AnalyzedText, TextAnalyzer, as_whole_words, normalize, whole_word_starts


def normalized_words(words: str) -> tuple[str, ...]:
    return tuple(normalize(w) for w in words.split())


# The player speaking of themselves (俺が行く, 私は楽屋にいますね), as words and as a regular-expression
# alternation, for the patterns that allow them before a clause (app/lexicon/speech.json).
FIRST_PERSON_WORDS = lexicon.phrases("speech", "first_person")
FIRST_PERSON_PATTERN = "|".join(FIRST_PERSON_WORDS)
_TRAILING = re.compile(r"[\s、。,.!！…‥~〜ー♪☆★wｗ笑]+$")

# A face typed at the end: (´・ω・`), (^^), （笑）, one bowing with its hands (m(_ _)m, lower-cased).
_TRAILING_FACE = re.compile(r"m?[(（][^()（）]{1,12}[)）]m?$")

# Radio talk's closing word after a comma (…異常なし、以上; 帰宅する、オーバー).
_RADIO_CLOSING = re.compile(r"[、,]\s*(以上|おーばー|おーば)$")

# …and its "over" after a question (帰ってよいか、どうぞ): the text is still asked.
_ASKED_OVER = re.compile(r"(?<=か)[、,]\s*(どうぞ|おーばー|おーば)$")


def trim(norm: str) -> str:
    """The text without what closes it but says nothing: marks, laughter, emoji, a typed face
    (またあとでね〜👋 → またあとでね), radio talk's closing word. A question mark stays."""
    while True:
        trimmed = _RADIO_CLOSING.sub("", _TRAILING_FACE.sub("", _TRAILING.sub("", norm)))
        while trimmed and unicodedata.category(trimmed[-1])[0] in "SCM" and trimmed[-1] != "?":
            trimmed = trimmed[:-1]  # emoji (So), their modifiers and joiners (Sk, Mn, Cf)
        if trimmed == norm:
            return norm
        norm = trimmed


SENTENCE_END_PARTICLES = lexicon.phrases("speech", "sentence_end_particles")
_BEFORE_APPROVAL = frozenset(("補助記号", "感動詞", "代名詞", "接続詞"))
INTERJECTIONS = lexicon.phrases("agreement", "openers")


def lcs_length(a: str, b: str) -> int:
    previous = [0] * (len(b) + 1)
    for ch in a:
        current = [0]
        for j, other in enumerate(b):
            current.append(previous[j] + 1 if ch == other else max(previous[j + 1], current[j]))
        previous = current
    return previous[-1]


def longest_shared_run(a: str, b: str) -> int:
    """The length of the longest run of characters that `a` and `b` share."""
    return len(longest_shared_phrase(a, b))


def longest_shared_phrase(a: str, b: str, keeps: Callable[[str], bool] | None = None) -> str:
    """The longest run of characters that `a` and `b` share, of those `keeps` keeps when given."""
    best, previous = "", [0] * (len(b) + 1)
    for i, char in enumerate(a, 1):
        current = [0] * (len(b) + 1)
        for j, other in enumerate(b, 1):
            if char == other:
                current[j] = run = previous[j - 1] + 1
                if keeps is None:
                    best = a[i - run : i] if run > len(best) else best
                else:
                    longer = (a[i - n : i] for n in range(run, len(best), -1))
                    best = next((phrase for phrase in longer if keeps(phrase)), best)
        previous = current
    return best


def is_kanji(char: str) -> bool:
    return "一" <= char <= "龯" or char in "々〆ヶ"


# A verb of going or looking right after the place, its particle dropped, which the analyser may
# join to the place's last kanji (表見てくらぁ read as 表見, a legal term): the place is still named.
_VERB_AFTER_A_DROPPED_PARTICLE = re.compile(r"[見行来入戻寄帰覗][ぁ-ゖ]")


def is_kana(char: str) -> bool:
    return "ぁ" <= char <= "ゖ" or char == "ー"


def word_spans(text: AnalyzedText) -> dict[int, tuple[int, str]] | None:
    """Where each of the text's words starts in its normalised text: the word's end and its part of
    speech; None when the words do not spell the text."""
    spans, position = {}, 0
    for surface, _, pos in text.tokens:
        spans[position] = (position + len(surface), pos)
        position += len(surface)
    return spans if position == len(text.norm) else None


def says_a_word(text: AnalyzedText, words: tuple[str, ...]) -> bool:
    """One of `words` is said as words of its own, from one word boundary to another (彼 in 彼を追う, not in
    彼岸に行こう); as typed, where says_any_word reads drawn-out speech as its plain word."""
    surfaces = [surface for surface, _, _ in text.tokens]
    return any(as_whole_words(word, surfaces) for word in words)


def names_place(text: AnalyzedText, name: str) -> bool:
    """Whether the text names the place `name` (normalised), not only holds it inside a longer kanji word:
    船長 (captain) does not name the 船, nor 店長 the 店, nor 漁港 the 港. Kana may be cut anywhere
    (がく|や), so a cut inside kanji counts; and a short name all in kana must start and end where words
    do (the bar's alias ハコ is not named by 私はこれで: は|これ). Nor does a word that holds it and means
    something else (うち in 今のうちに, うちら: movement.json's not_a_place)."""
    name = normalize(name)
    norm = text.norm
    if name not in norm:
        return False  # (most names, for every text: no words to cut)
    spans = word_spans(text)
    if spans is None:
        return True  # no boundaries to check
    ends = {end for end, _ in spans.values()}
    not_a_place = [m.span() for m in _NOT_A_PLACE.finditer(norm)]
    # (kana texts are cut unreliably, らいぶはうすいこう: らい|ぶ|は|うすい|こう; only a short name is
    # found across words by chance)
    kana_name = len(name) <= 2 and all(is_kana(char) for char in name)
    start = norm.find(name)
    while start >= 0:
        end = start + len(name)
        cut_after = (
            end not in ends
            and end < len(norm)
            and is_kanji(norm[end - 1])
            and is_kanji(norm[end])
            and not _VERB_AFTER_A_DROPPED_PARTICLE.match(norm, end)
        )
        cut_before = start not in ends | {0} and is_kanji(norm[start - 1]) and is_kanji(norm[start])
        inside_kana = kana_name and (
            (start not in ends | {0} and is_kana(norm[start - 1])) or (end not in ends and is_kana(norm[end]))
        )
        within = any(begin <= start and end <= until for begin, until in not_a_place)
        if not (cut_after or cut_before or inside_kana or within):
            return True
        start = norm.find(name, start + 1)
    return False


# What holds a place's name but names no place (今のうちに, うちら): movement.json's not_a_place.
_NOT_A_PLACE = lexicon.pattern("movement", "not_a_place")


_PREDICATES = frozenset(("動詞", "助動詞", "形容詞"))


def _named_by_reading(text: AnalyzedText, reading: str) -> bool:
    """Whether the text spells `reading` in kana as a word of its own: starting and ending where words
    do, a noun if it is one word, no kanji next to it (門 reads もん, but 行くもん closes on a particle; 森 reads
    もり, but 大もり is a large helping and もり上がって a verb; 受付 reads うけつけ, but うけつけない is a verb)."""
    norm = text.norm
    # (most texts spell no place's reading: the word boundaries are read only for one that does)
    start = norm.find(reading)
    if start < 0:
        return False
    starts = word_spans(text)
    if starts is None:
        return False
    ends = {end for end, _ in starts.values()}
    while start >= 0:
        end = start + len(reading)
        alone = not (start > 0 and is_kanji(norm[start - 1])) and not (end < len(norm) and is_kanji(norm[end]))
        first = starts.get(start)
        # (a single word must be a noun; several, as the analyser cuts kana (がく|や), no verb among them)
        inside = [pos for at, (_, pos) in starts.items() if start <= at < end]
        noun = first is not None and (first[1] == "名詞" if first[0] == end else not _PREDICATES & set(inside))
        if noun and end in ends and alone:
            return True
        # (a long reading the analyser cut into other words, みん|しゅく, still names the place where a
        # particle follows it: みんしゅくにもどろ)
        if (
            len(reading) >= _LONG_READING
            and alone
            and (start == 0 or start in ends)
            and _PARTICLE_AFTER.match(norm, end)
        ):
            return True
        start = norm.find(reading, start + 1)
    return False


_LONG_READING = 4
_PARTICLE_AFTER = re.compile(r"(?:に|へ|まで|って|は|を|も|で|の|から|、|,|\s|$)")


# How many kana a name's reading must have to name it in any text: one or two are words as often as names
# (課 reads か, 陽 reads よう).
READING_IN_ANY_TEXT = 3


def kana_readings(names: Iterable[str], analyzer: TextAnalyzer, shortest: int = READING_IN_ANY_TEXT) -> list[str]:
    """How each of `names` written with kanji reads, in hiragana (広間 → ひろま), when that is `shortest` kana
    or more: a player typing kana names it so."""
    readings = (analyzer.analyze(n).reading for n in names if any(is_kanji(ch) for ch in n))
    return [r for r in readings if len(r) >= shortest]


def mentioned_moves(
    text: AnalyzedText,
    candidates: tuple[Candidate, ...],
    analyzer: TextAnalyzer | None = None,
    names_beside: tuple[str, ...] = (),
) -> list[Candidate]:
    """Move candidates whose location id or alias the text names (normalised); a place named only inside
    another's longer name is not named (先生の部屋, the staff room's alias, holds 部屋, the club room's), nor
    one named only inside a longer name among `names_beside` (normalised: what the scenario names that is no
    reachable place, such as a character or the place the player is in; ひまわりのママ is no café ひまわり).
    With the analyser, a name is also named by how it reads, for a player typing kana (ひろま for 広間,
    うらのくら for 裏の蔵), as a word of its own: in a text with no kanji, or, for three kana or more, in any
    text (voice input: とけいとうに行ってみます); and by a word whose dictionary form it is (しょさい: 書斎)."""

    lemmas = {lemma for _, lemma, _ in text.tokens}

    def names_of(candidate: Candidate) -> list[str]:
        found = [normalize(n) for n in candidate.names if names_place(text, n)]
        # (a word the analyser takes for the name, written in kana: しょさいに戻ります, 書斎 to the analyser)
        found += [normalize(n) for n in candidate.names if normalize(n) in lemmas and any(is_kanji(c) for c in n)]
        if analyzer is not None:
            # (in a text typed all in kana, or in a mixed one for a name of three kana or more, as voice input
            # writes it: とけいとうに行ってみます; where the player converts, a short kana word is no place name)
            shortest = 2 if not any(is_kanji(ch) for ch in text.norm) else READING_IN_ANY_TEXT
            # (one kana is a particle as often as a place: 課 reads か)
            found += [r for r in kana_readings(candidate.names, analyzer, shortest) if _named_by_reading(text, r)]
        return found

    named = {c: _outside(text.norm, names_of(c), names_beside) for c in candidates if c.action.kind == "move"}
    if not any(named.values()) and (numbered := _numbered_place(text.norm, candidates)) is not None:
        place, said = numbered
        named[place] = [said]

    def inside_another(place: Candidate) -> bool:
        longer = [n for other, names in named.items() if other != place for n in names]
        return all(any(name in n and len(n) > len(name) for n in longer) for name in named[place])

    return [c for c, names in named.items() if names and not inside_another(c)]


# A place the text names by its number alone, as the player numbers it (三番に戻ります for 3番格納庫, ２階に
# 上がってみます for 二階廊下): a number and its counter (movement.json's counters), then a particle of
# going, the numerals read alike; a place's 第3 is its number 3 番.
_COUNTERS = "|".join(sorted(lexicon.phrases("movement", "counters"), key=len, reverse=True))
_NUMERAL = "[0-9〇一二三四五六七八九十]+"
_NUMBERED = re.compile(f"({_NUMERAL})({_COUNTERS})")
_NUMBERED_GONE_TO = re.compile(f"({_NUMERAL})({_COUNTERS})(?=に|へ|まで)")
_ORDINAL = re.compile(f"第({_NUMERAL})")
_KANJI_DIGITS = "〇一二三四五六七八九"


def _numeral_value(numeral: str) -> int | None:
    """The number written in digits (３ is 3 once normalised) or kanji (三, 二〇三, 十二, 二十)."""
    if numeral.isascii() and numeral.isdigit():
        return int(numeral)
    tens, ten, ones = numeral.partition("十")
    if not ten:
        return int("".join(str(_KANJI_DIGITS.index(c)) for c in numeral)) if numeral else None
    if len(tens) > 1 or len(ones) > 1 or "十" in ones:
        return None
    return (_KANJI_DIGITS.index(tens) if tens else 1) * 10 + (_KANJI_DIGITS.index(ones) if ones else 0)


def _numbers_of(name: str) -> set[tuple[int | None, str]]:
    """The (number, counter) pairs a place's name holds, its 第N as (N, 番)."""
    found = {(_numeral_value(m.group(1)), m.group(2)) for m in _NUMBERED.finditer(name)}
    return found | {(_numeral_value(m.group(1)), normalize("番")) for m in _ORDINAL.finditer(name)}


def _numbered_place(norm: str, candidates: tuple[Candidate, ...]) -> tuple[Candidate, str] | None:
    """The one reachable place whose number and counter the text gives before a particle of going, and
    how the text writes them."""
    for said in _NUMBERED_GONE_TO.finditer(norm):
        number = (_numeral_value(said.group(1)), said.group(2))
        places = [
            c
            for c in candidates
            if c.action.kind == "move" and any(number in _numbers_of(normalize(n)) for n in c.names)
        ]
        if number[0] is not None and len(places) == 1:
            return places[0], said.group(0)
    return None


def _outside(norm: str, names: list[str], longer: tuple[str, ...]) -> list[str]:
    """`names` but those the text holds only inside one of the `longer` names (ひまわり only in
    ひまわりのママ); a name found by how it reads, not as written, stays."""
    covers = [
        range(start, start + len(other))
        for other in longer
        if any(len(other) > len(name) and name in other for name in names)
        for start in starts_of(norm, other)
    ]
    if not covers:
        return names
    return [
        name
        for name in names
        if not (starts := starts_of(norm, name))
        or any(all(s not in cover or s + len(name) - 1 not in cover for cover in covers) for s in starts)
    ]


def starts_of(norm: str, name: str) -> list[int]:
    """Where `name` starts in `norm`, each place (overlapping ones too)."""
    return [i for i in range(len(norm)) if norm.startswith(name, i)] if name else []


# 刑事課って上の階でしたっけ (recalling), 開いてるかしら, 大丈夫ですかね: questions without a question mark too
# (かのう, かいな: western).
_QUESTION_ENDINGS = ("?", "か", "かな", "かね", "かい", "の", "っけ", "かしら", "かのう", "かいな")


def is_question(text: AnalyzedText) -> bool:
    """Asked, whatever closes it: a mark, laughter, an emoji (開けてもらえませんか🙏, 行くの？ｗ)."""
    return _ASKED_OVER.sub("", trim(text.norm)).endswith(_QUESTION_ENDINGS)


_QUESTION_WORDS = lexicon.words("offer", "question_words")


def without_closing_marks(line: AnalyzedText) -> list[tuple[str, str, str]]:
    """The line's words without the marks that close it, a question mark kept (行こか？ keeps its ?)."""
    words = list(line.tokens)
    while words and words[-1][2] == "補助記号" and words[-1][0] != "?":
        words.pop()
    return words


def asks_who_what_where(words: list[tuple[str, str, str]]) -> bool:
    """A question word among `words` (offer.json's question_words), unless か or も makes it someone or
    something (誰か, 何か, どこも)."""
    return any(
        (surface in _QUESTION_WORDS or lemma in _QUESTION_WORDS)
        and (i + 1 == len(words) or words[i + 1][0] not in ("か", "も"))
        for i, (surface, lemma, _) in enumerate(words)
    )


# Marks that close a sentence without changing it (行くか。 行くか！); with commas, the pauses in one.
CLOSING_MARKS = frozenset("。.!…‥")
PAUSES = re.compile(f"[、,{''.join(sorted(CLOSING_MARKS))}]")


def rest_of_sentence(after_verb: tuple[tuple[str, str, str], ...]) -> list[str]:
    """The words after the verb to the end of its sentence (見に行くか。付き合え → か; 行く？急げ → ?),
    closing marks left out."""
    rest = []
    for surface, _, _ in after_verb:
        if surface in CLOSING_MARKS:
            break
        rest.append(surface)
        if surface == "?":
            break
    return rest


# A tic some characters close their sentences with, after a finished predicate (ですにゃ, したぴょん).
_VERBAL_TIC = re.compile(r"(?<=[すたかよねん])(にゃ[んあー]?|ぴょん)(?=[\s、。,.!?…‥~〜♪☆★]|$)")

# The Edo and merchants' polite ending, やす for ます (失礼しやす, お供しやす, 失礼しやした), after a verb's stem;
# not やすい (easy to).
_EDO_POLITE = re.compile(r"(?<=[いきぎしちにびみりえけげせてねべめれ])や(す|した|せん)(?=[\s、。,.!?…ね よ]|$)")


def plain_speech(norm: str) -> str:
    """Drawn-out or casual speech (お先でーす, 失礼しまーす, 失礼しまぁす, お先っす, 失礼しまっす) read as
    its plain word, a character's verbal tic left out (失礼しますにゃ, お疲れさまでしたぴょん), and the Edo
    やす read as ます. A hum stays one (うーん is no うん, yes)."""
    norm = _EDO_POLITE.sub(r"ま\1", _VERBAL_TIC.sub("", without_drawn_out_vowels(norm)))
    return "うーん".join(
        part.replace("ー", "").replace("まっす", "ます").replace("っす", "です") for part in _HUM.split(norm)
    )


_HUM = re.compile("うー+ん")


# A small vowel after a kana of its own vowel draws the sound out (しまぁす, いってきてぇ, にあってるぅ); after
# another (てぃ, ふぉ, ちぇ) it spells a sound of its own.
_DRAWN_OUT = re.compile(
    "|".join(
        f"(?<=[{row}]){small}"
        for small, row in (
            ("ぁ", "あかさたなはまやらわがざだばぱゃ"),
            ("ぃ", "いきしちにひみりぎじぢびぴ"),
            ("ぅ", "うくすつぬふむゆるぐずづぶぷゅ"),
            ("ぇ", "えけせてねへめれげぜでべぺ"),
            ("ぉ", "おこそとのほもよろをごぞどぼぽょ"),
        )
    )
)


def without_drawn_out_vowels(norm: str) -> str:
    return _DRAWN_OUT.sub("", norm)


def without_openers(text: str) -> str:
    """The reply without up to two openers (ほな、ちょっと見てこか → 見てこか); an opener alone stays."""
    for _ in range(2):
        opener = next((i for i in INTERJECTIONS if text.startswith(i) and len(text) > len(i)), None)
        if opener is None:
            break
        text = text[len(opener) :]
    return text


def says_any_word(text: AnalyzedText, phrases: tuple[str, ...]) -> bool:
    """Whether one of `phrases` is in the text as whole words: it starts and ends where words do.
    Drawn-out speech counts as its plain word (いいよー)."""
    surfaces = [plain_speech(surface) for surface, _, _ in text.tokens]
    return any(as_whole_words(phrase, surfaces) for phrase in phrases)


def opens_a_clause_at(text: AnalyzedText, index: int) -> bool:
    """Whether the text's word at `index` starts it, or follows a pause, an interjection or a pronoun."""
    return index == 0 or text.tokens[index - 1][2] in _BEFORE_APPROVAL


def opens_a_clause(text: AnalyzedText, phrases: tuple[str, ...]) -> bool:
    """Whether one of `phrases` is in the text as whole words, at its start or after a pause, an
    interjection or a pronoun (うん、いいね / それいいね), not after a noun or a particle (気持ちいいね)."""
    surfaces = [plain_speech(surface) for surface, _, _ in text.tokens]
    return any(opens_a_clause_at(text, index) for phrase in phrases for index in whole_word_starts(phrase, surfaces))


def sentences_of(text: AnalyzedText) -> list[AnalyzedText]:
    """The text cut after each closing mark or question mark, each piece with its own words."""
    return _cut(text, CLOSING_MARKS | {"?"})


def clauses_of(text: AnalyzedText) -> list[AnalyzedText]:
    """The text cut after each pause too (よろしおすなあ、ご一緒させてもらいます: two clauses; a wave dash
    pauses in chat: 行く行く〜焼きそばパン残ってっかな)."""
    return _cut(text, CLOSING_MARKS | {"?", "、", ",", "〜", "~"})


def _cut(text: AnalyzedText, marks: frozenset[str]) -> list[AnalyzedText]:
    """The text cut after each run of `marks`, each piece with its own words: a run closes one piece
    (入るの…？ is one question, however the analyser cuts its marks: 入る|の|.|.|.|?)."""
    pieces: list[tuple[tuple[str, str, str], ...]] = []
    start = 0
    tokens = text.tokens
    for index, (surface, _, _) in enumerate(tokens):
        if surface in marks and (index + 1 == len(tokens) or tokens[index + 1][0] not in marks):
            pieces.append(tokens[start : index + 1])
            start = index + 1
    pieces.append(tokens[start:])
    return [_of_words(piece) for piece in pieces if piece and "".join(t[0] for t in piece)]


def _of_words(tokens: tuple[tuple[str, str, str], ...]) -> AnalyzedText:
    """A text of these words: the rules read a piece's words and normalised text only, so that stands
    for its raw text."""
    norm = "".join(t[0] for t in tokens)
    return AnalyzedText(raw=norm, norm=norm, lemmas="".join(t[1] for t in tokens), tokens=tokens)


_OPENING_QUOTES = frozenset('「『"“')
_CLOSING_QUOTES = frozenset('」』"”')
_QUOTING = ("って", "と", "っつ", "とか", "なんて")


def without_quoted_words(text: AnalyzedText) -> AnalyzedText:
    """The text without the words it quotes, a bracketed span followed by って or と (「まあ帰るでよ」って
    ママの口癖だがね: the player reports what someone says, and says none of it). A line typed wholly in
    brackets, as a game's lines are written, is the player's own and stays."""
    tokens = text.tokens
    kept: list[tuple[str, str, str]] = []
    index = 0
    while index < len(tokens):
        if tokens[index][0] in _OPENING_QUOTES:
            close = next((j for j in range(index + 1, len(tokens)) if tokens[j][0] in _CLOSING_QUOTES), None)
            if close is not None and close + 1 < len(tokens) and tokens[close + 1][0].startswith(_QUOTING):
                index = close + 1
                continue
        kept.append(tokens[index])
        index += 1
    return text if len(kept) == len(tokens) else _of_words(tuple(kept))


# A thing named, then set aside for another (停電の話じゃなくて、…): app/lexicon/speech.json's not_but,
# after what may name a subject (の話, のこと, について) and は.
_NOT_BUT = lexicon.phrases("speech", "not_but")
_SUBJECT_MARKERS = ("", *normalized_words("の話 のこと について の件 は の話は のことは"))


# …or put off to go on to another first (足跡はあとで見るから、先に箱を…): app/lexicon/speech.json's later_first,
# after は and what may name a subject before it.
_LATER_FIRST = lexicon.phrases("speech", "later_first")
_TOPIC_MARKERS = normalized_words("は の話は のことは の件は")
_CLAUSE_END = re.compile(r"[、,。.!?…]+")


def set_aside(norm: str, name: str) -> bool:
    """Every mention of `name` in the text sets it aside (彗星じゃなくて、佐伯さん本人のことを教えて), or puts it
    off in a clause the text goes on from (足跡はあとで見るけぇ、先に箱を調べさせて): the text asks about
    something else. One mention that does not (停電のことは権藤さんじゃなくて、あなたに聞きたい sets aside the
    person asked, not the power cut; 鍵はあとで返すね puts off nothing else) keeps it."""
    mentions = [i for i in range(len(norm)) if norm.startswith(name, i)]
    setting_aside = tuple(f"{marker}{not_but}" for marker in _SUBJECT_MARKERS for not_but in _NOT_BUT)
    putting_off = tuple(f"{marker}{later}" for marker in _TOPIC_MARKERS for later in _LATER_FIRST)
    return bool(mentions) and all(
        norm[i + len(name) :].startswith(setting_aside) or _put_off_first(norm[i + len(name) :], putting_off)
        for i in mentions
    )


def _put_off_first(rest: str, putting_off: tuple[str, ...]) -> bool:
    """Whether `rest`, what follows a name, puts it off and the text goes on to something else after its clause."""
    if not rest.startswith(putting_off):
        return False
    closed = _CLAUSE_END.search(rest)
    return closed is not None and bool(_CLAUSE_END.sub("", rest[closed.end() :]))


def last_sentence_closes_on(text: AnalyzedText, patterns: tuple[token_patterns.TokenPattern, ...]) -> bool:
    """The text's last sentence that has words, its closing marks aside (a question mark kept), ends on
    one of the token `patterns` (app/lexicon/tokens.py)."""
    sentences = [s for s in sentences_of(text) if without_closing_marks(s)]
    words = without_closing_marks(sentences[-1]) if sentences else []
    return any(token_patterns.ends_with(pattern, words) for pattern in patterns)
