"""Reading a text for leaving: the farewell it ends with, a leaving verb, an excuse asked for."""

from __future__ import annotations

import re
from collections.abc import Iterator

from app import lexicon
from app.lexicon import tokens as token_patterns
from app.pipeline.readings.movement import (
    TALKED_OF,
    TO_A_NAMED_PLACE,
    asked_of_another,
    declined,
    has_movement_cue,
    on_another_day,
    plainly_negated,
)
from app.pipeline.readings.text import (
    FIRST_PERSON_WORDS,
    PAUSES,
    SENTENCE_END_PARTICLES,
    asks_who_what_where,
    clauses_of,
    is_kana,
    is_question,
    last_sentence_closes_on,
    plain_speech,
    sentences_of,
    trim,
    without_closing_marks,
)
from app.text import AnalyzedText, normalize

# Farewells that end a conversation, matched at the end of the text (app/lexicon/farewell.json)…
_FAREWELL_PHRASES = lexicon.phrases("farewell", "farewell")

# …compared without long-vowel marks, as the text is (ゴーホーム matches ごほむ).
FAREWELLS = tuple(phrase.replace("ー", "") for phrase in _FAREWELL_PHRASES)

# Farewells only at the very end: inside a text they say something else (邪魔したくない, この辺で見た);
# with the player's own "I" taking leave (私はこれで, あっしはこれで, では私はそろそろ).
ENDING_ONLY_FAREWELLS = lexicon.phrases("farewell", "farewell_at_end_only") + tuple(
    f"{word}は{leave}" for word in FIRST_PERSON_WORDS for leave in ("これで", "そろそろ")
)

# Setting out (それじゃ、行ってきます), a farewell only with nothing but an opener before it in its clause: with a
# place or an errand, the player steps out to somewhere (トイレ行ってくる).
SETTING_OUT = lexicon.phrases("farewell", "setting_out")
_SETTING_OUT_BEFORE = lexicon.words("farewell", "setting_out_before") | {f"{word}は" for word in FIRST_PERSON_WORDS}

# Farewells' other parts, at the end of a text (app/lexicon/farewell.json): "well then" as a sentence of its
# own (…。じゃ), a parting wish (…。頑張って), ごきげんよう after では, everyone called (おやすみ、みんな),
# turning in (先に休ませてもらいます), a later visit promised (また寄らせてもらう), a time and a place (また明日、
# 学校で), thanks on leaving (a cue, not a farewell).
CLOSING_WORDS = lexicon.words("farewell", "closing_sentence")
_CLOSING_SENTENCE = re.compile(rf"[。.!]({'|'.join(map(re.escape, sorted(CLOSING_WORDS, key=len, reverse=True)))})$")
_WISH_ALONE = lexicon.pattern("farewell", "parting_wish")
_PARTING_WISH = re.compile(
    f"{lexicon.pattern_source('farewell', 'parting_wish')}|{lexicon.pattern_source('farewell', 'parting_thanks')}"
)
FAREWELLS_AS_A_CLAUSE = lexicon.words("farewell", "farewell_as_a_clause")
_PARTING_GREETING = lexicon.pattern("farewell", "parting_greeting")
_GROUP_ADDRESSED = lexicon.words("farewell", "group_addressed")
_PERSON_CALLED = lexicon.words("farewell", "person_called")
# また voiced (ほんじゃ、まだね) or not (ほな、お世話になりました。また), after a parting only; a hand waved
# (乙でーす ﾉｼ), a cue only.
_AGAIN_AFTER_A_PARTING = lexicon.words("farewell", "voiced_again") | lexicon.words("farewell", "again_after_a_parting")
_WAVING = lexicon.phrases("farewell", "waving")
_TURNING_IN = lexicon.pattern("farewell", "turning_in")
_SEE_YOU_LATER = lexicon.pattern("farewell", "see_you_later")
_SEE_YOU_AT = lexicon.pattern("farewell", "see_you_at")

# …unless the promise is past, negative, a request or a question (また会えた, また来てね, また来るの, また来るんかい).
_NOT_A_PROMISE = re.compile(r"(た|だ|ない|ません|の|ん|か|かな|っけ|たら|れば|て)$")
_THANKS_ON_LEAVING = lexicon.phrases("farewell", "thanks_on_leaving")

# After a leaving word, these make it the time of something else (帰るとき, 帰る前に, 失礼するまで).
_WHEN = ("とき", "時", "前", "際", "まで", "なら", "ところ", "途中")

# Anything that says the player is leaving; a leave chosen without one of these is a false action.
LEAVE_VERBS = lexicon.words("movement", "leaving")
# 帰る typed in kana, in the forms 変える does not have (かえります, かえろう): movement.json's leaving_in_kana.
_KANA_LEAVING_LEMMA = normalize(lexicon.load("movement")["leaving_in_kana"]["lemma"])
_KANA_LEAVING_FORMS = lexicon.words("movement", "leaving_in_kana")


# Leaving verbs the analyser cuts in two, as (the first word, the second's dictionary form): 引き上げる,
# 引上げる (and 引き揚げる, whose second word it normalises to 上げる).
_SPLIT_LEAVE_VERBS = frozenset((normalize(first), normalize("上げる")) for first in ("引き", "引"))

# 「どうぞ、お先に」 or 「どうぞお先」 offers the way; it is not the player leaving.
_OFFERING = re.compile(r"どうぞ.{0,3}お先")
_ASKED_ABOUT = re.compile(r"^[」』\"]?(って|と(は|いう|言|い)|の意味|っていう)")


def closing_word_alone(text: AnalyzedText) -> str | None:
    """A "well then" that is the whole text (じゃ, では。): it takes leave; trailing off (じゃあ…), it leads
    into what comes next. Only of a whole text: a clause that opens a sentence (じゃあ、…) leads on."""
    trimmed = plain_speech(trim(text.norm))
    return trimmed if trimmed in CLOSING_WORDS and not text.norm.endswith(("...", "‥")) else None


def before_a_parting_wish(raw: str) -> str | None:
    """The text before its last clause when that clause is a parting wish (…けえるね、とみばあも達者でな:
    whom it is said to may lead it); None when there is none."""
    said = raw.rstrip("。.!！?？…‥〜~ 　")
    cut = max(said.rfind(mark) for mark in "、,，。．.!！")
    if cut <= 0 or not _PARTING_WISH.search(plain_speech(trim(normalize(said[cut + 1 :])))):
        return None
    return said[:cut]


def ending_farewell(text: AnalyzedText) -> str | None:
    """The farewell the text ends with, unless it is asked or talked about (失礼しますって言うの？). A
    parting wish may follow it (じゃ、あとでな。頑張れよ); alone, a wish is no farewell."""
    trimmed = plain_speech(trim(_read_long(text.norm)))
    if (closing := _CLOSING_SENTENCE.search(trimmed)) is not None:
        return closing.group(1)
    # A wish in a clause of its own, with what it wishes for (失礼します、見回り頑張ってください).
    *before, last_clause = PAUSES.split(trimmed)
    if last_clause in FAREWELLS_AS_A_CLAUSE:
        return last_clause
    bare_clause = without_closing_particles(last_clause)
    again = {last_clause, bare_clause} & _AGAIN_AFTER_A_PARTING
    if again and _after_a_parting(trimmed[: len(trimmed) - len(last_clause)]):
        return last_clause
    # …or right after a well-then that opens the clause with no pause (んじゃまだ！): the well-then parts.
    if any(bare_clause.startswith(w) and bare_clause[len(w) :] in _AGAIN_AFTER_A_PARTING for w in CLOSING_WORDS):
        return last_clause
    # A well-then after a parting wish or thanks and a pause (お疲れさまです、それじゃ; ありがとう、じゃ).
    if last_clause in CLOSING_WORDS and before and _PARTING_WISH.search(before[-1]):
        return last_clause
    # …or before a wish or thanks on leaving closing the text (じゃ、頑張って; ほなの、元気でよー; じゃ、あとは
    # 任せた); not before thanks alone, which may accept an offer (じゃあ、ありがとうございます).
    after_a_well_then = bool(before) and before[-1] in CLOSING_WORDS and not last_clause.endswith("?")
    thanks_closing = bare_clause.endswith(_THANKS_ON_LEAVING)
    if after_a_well_then and (_WISH_ALONE.search(bare_clause) or thanks_closing):
        return last_clause
    # …or thanks or the rest handed over after the player's own going (ちょっと抜けます、あとよろしく): each
    # alone is only a cue, together they part.
    if before and thanks_closing and _own_going_said(text):
        return last_clause
    # …or a wish that is a farewell itself, in a sentence of its own with only whom it is said to before it
    # (…先へ進むことにします。皆さんお元気で).
    last_sentence = _SENTENCE_MARKS.split(trimmed.replace("、", "").replace(",", ""))[-1]
    wish = _PARTING_WISH.search(last_sentence)
    farewell = _farewell_at_end(wish.group(0)) if wish is not None else None
    if wish is not None and farewell is not None and _only_whom(last_sentence[: wish.start()]):
        return farewell
    # …or the people it is said to, in a clause of their own (グッナイ、みんな; ほんじゃね、おばちゃん).
    wish_or_people = (
        _PARTING_WISH.search(last_clause) or last_clause in _GROUP_ADDRESSED or last_clause in _PERSON_CALLED
    )
    if before and "".join(before) and wish_or_people and not last_clause.endswith("?"):
        trimmed = trim(trimmed[: len(trimmed) - len(last_clause)])
        if (parting := PAUSES.split(trimmed)[-1]) in FAREWELLS_AS_A_CLAUSE:
            return parting
    # Commas are pauses only (では、これで): they do not split the farewell.
    norm = trimmed.replace("、", "").replace(",", "")
    if norm.endswith(("?", "？")) or _OFFERING.search(norm):
        return None
    if (wish := _PARTING_WISH.search(norm)) is not None and wish.start() > 0:
        norm = trim(norm[: wish.start()])
    return _farewell_at_end(norm) or _setting_out(PAUSES.split(norm)[-1])


def _only_whom(words: str) -> bool:
    """`words` are nothing, or only whom the text speaks to (皆さん, おばちゃん)."""
    return not words or words in _GROUP_ADDRESSED or words in _PERSON_CALLED


# A closing particle typed drawn out (帰るけぇ, 休ませてもらうのー), read long (けえ, のう): plain speech would cut
# it to one that asks (け, の). speech.json's drawn_out_endings, each also a farewell's closing particle.
_LONG_ENDINGS = lexicon.phrases("speech", "drawn_out_endings")
_DRAWN_OUT_ENDINGS = tuple(
    (re.compile(f"{re.escape(w[:-1])}[{w[-1]}ぁぃぅぇぉー〜~]+(?=\\W*$)"), w) for w in _LONG_ENDINGS
)


def _read_long(norm: str) -> str:
    """`norm` with a drawn-out closing particle at its end (closing marks after it kept) written long."""
    for drawn_out, word in _DRAWN_OUT_ENDINGS:
        if drawn_out.search(norm):
            return drawn_out.sub(word, norm)
    return norm


# …and で, which closes a sentence in Kansai, Shinshu and Nagoya speech (お先に失礼するで), ちゃ in
# Toyama's (これで失礼するちゃ), an old man's での (お先に失礼しますでの), the copula after a farewell that
# is no verb (今日はここまでだ, だよ), and a polite です after one, as plain speech reads a young man's っす
# (邪魔したっす); only here, for a farewell's own で (今日はこれで) must stay when particles are taken off a
# promise (また明日、学校で), and ちゃ ends 帰らなくちゃ; a promise drops only ちゃ and での.
FAREWELL_END_PARTICLES = (
    *SENTENCE_END_PARTICLES,
    *(word for word in _LONG_ENDINGS if word not in SENTENCE_END_PARTICLES),
    "で",
    "ちゃ",
    "での",
    "だ",
    *(f"だ{particle}" for particle in SENTENCE_END_PARTICLES),
    "です",
)
_PROMISE_END_PARTICLES = ("ちゃ", "での")
# …and Tohoku's: の after から (また来っからの: a promise, not また来るの asked) and ず after a verb's っ (また
# 来っず, 来るず).
_TOHOKU_END_PARTICLE = re.compile(r"((?<=から)の|(?<=っ)ず)$")

# A farewell the speaker decides on (拙僧はこれにて下がるとしよう, 失礼するとするか).
_DECIDED_ON = re.compile(r"と(する|します|しよう|しようか|するか|しましょう|しましょうか)$")


# A farewell typed with one slip in its ending (しつれいしまう, おじゃましまいた): a kana for a kana in its
# last two characters, where a hurried hand slips on the conjugation, in a farewell long enough (six
# characters) that one slip cannot make it another word; earlier in the word a slip may be one (バックします
# is no ばっくれます). At its commit, of 11,140 committed texts it read these two and nothing else.
_SLIP_WITHIN_LAST = 2
_SLIPPABLE_FAREWELLS = tuple(farewell for farewell in FAREWELLS if len(farewell) >= 6)


def _slipped_farewell(ending: str) -> str | None:
    """The farewell `ending` closes on, typed with one slip in its last two characters: a kana for a kana,
    or a Latin letter the input method left in place of one (しつれいしmす, おじゃましましt); or its last kana
    not typed (おやすみなさ)."""
    for farewell in _SLIPPABLE_FAREWELLS:
        if is_kana(farewell[-1]) and ending.endswith(farewell[:-1]):
            return farewell
        if len(ending) < len(farewell):
            continue
        typed = ending[-len(farewell) :]
        slips = [i for i, (a, b) in enumerate(zip(typed, farewell, strict=True)) if a != b]
        if (
            len(slips) == 1
            and slips[0] >= len(farewell) - _SLIP_WITHIN_LAST
            and (is_kana(typed[slips[0]]) or typed[slips[0]] in _LATIN_LETTERS)
            and is_kana(farewell[slips[0]])
        ):
            return farewell
    return None


_LATIN_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


# A let's hedged, as one announces one's leave (そろそろ失礼しようかな, お暇しようかと……), or said to
# oneself (帰ろうっと): farewell.json's after_a_lets.
_AFTER_A_LETS = lexicon.pattern("farewell", "after_a_lets")


def _farewell_at_end(norm: str) -> str | None:
    decided = _DECIDED_ON.sub("", _AFTER_A_LETS.sub("", norm))
    endings = (
        norm,
        *(norm[: -len(p)] for p in FAREWELL_END_PARTICLES if norm.endswith(p)),
        *((_TOHOKU_END_PARTICLE.sub("", norm),) if _TOHOKU_END_PARTICLE.search(norm) else ()),
    )
    for ending in (*endings, decided) if decided != norm else endings:
        for farewell in (*FAREWELLS, *ENDING_ONLY_FAREWELLS):
            if ending.endswith(farewell):
                return farewell
        if (turning_in := _TURNING_IN.search(ending) or _PARTING_GREETING.search(ending)) is not None:
            return turning_in.group(0)
    if (slipped := _slipped_farewell(norm)) is not None:
        return slipped
    # A promised visit is judged without its closing particles, all of them (また会えたよね is past), and
    # without a dialect's farewell particles (また寄らしてもらうでの), but for で (また明日、学校で).
    core = without_closing_particles(norm)
    core = next((core[: -len(p)] for p in _PROMISE_END_PARTICLES if core.endswith(p)), core)
    core = _TOHOKU_END_PARTICLE.sub("", core)
    # (また voiced, after a parting: んだら親方、邪魔したっす。まだ来っから)
    if (voiced := core.rfind("まだ")) >= 0 and _after_a_parting(core[:voiced]):
        core = f"{core[:voiced]}また{core[voiced + 2 :]}"
    if (later := _SEE_YOU_LATER.search(core)) is not None and not _NOT_A_PROMISE.search(core):
        return later.group(0)
    if (meeting := _SEE_YOU_AT.search(core)) is not None:
        return meeting.group(0)
    return None


def _after_a_parting(before: str) -> bool:
    """`before` holds a well-then or a farewell in a clause of its own, a farewell anywhere, or one closing
    a sentence (ほんじゃ、 / ほんじゃあな、源さん。 / んだら、邪魔したな。): a まだね after it is a voiced またね."""
    clauses = [c for c in PAUSES.split(before) if c]
    return (
        any(c in CLOSING_WORDS or c in FAREWELLS_AS_A_CLAUSE for c in clauses)
        or any(True for _ in _farewells_in(before))
        or any(_farewell_at_end(sentence) for sentence in _SENTENCE_MARKS.split(before.replace("、", "")) if sentence)
    )


_SENTENCE_MARKS = re.compile(r"[。.!?]+")


def waves_goodbye(text: AnalyzedText) -> bool:
    """The text closes on a hand waved (んじゃ、おつかれ〜👋; 乙でーす ﾉｼ): a kana one only in a clause of its own."""
    norm = text.norm.rstrip("、。,.!?…‥~〜ー♪☆★ ")
    for wave in _WAVING:
        if not norm.endswith(wave):
            continue
        before = norm[: -len(wave)]
        if not all(is_kana(ch) for ch in wave) or not before or before[-1] in "、,。.!?…‥":
            return True
    return False


def _setting_out(clause: str) -> str | None:
    """The setting-out farewell (行ってきます) that closes the clause with at most an opener before it (じゃあ
    出かけてきます, うん行ってきます; commas already taken out), and the one it is said to (ほんならおかん、行って
    くるわ)."""
    for ending in (clause, *(clause[: -len(p)] for p in FAREWELL_END_PARTICLES if clause.endswith(p))):
        for phrase in SETTING_OUT:
            if ending.endswith(phrase) and _opens_setting_out(ending[: -len(phrase)]):
                return phrase
    return None


def _opens_setting_out(before: str) -> bool:
    if before in ("", *_SETTING_OUT_BEFORE):
        return True
    called = next((p for p in (*_PERSON_CALLED, *_GROUP_ADDRESSED) if before.endswith(p)), None)
    return called is not None and before[: -len(called)] in ("", *_SETTING_OUT_BEFORE)


def without_closing_particles(norm: str) -> str:
    """`norm` without the sentence-end particles it closes with, all of them (行くよね → 行く)."""
    while particle := next((p for p in SENTENCE_END_PARTICLES if norm.endswith(p)), None):
        norm = norm[: -len(particle)]
    return norm


def _farewells_in(norm: str) -> Iterator[tuple[str, str]]:
    """Every farewell occurring in `norm`, as (the character before it, the text after it)."""
    for farewell in FAREWELLS:
        position = norm.find(farewell)
        while position >= 0:
            yield norm[position - 1 : position], norm[position + len(farewell) :]
            position = norm.find(farewell, position + 1)


def farewell_talked_about(text: AnalyzedText) -> bool:
    """A farewell quoted or followed by って/とは…: the player asks about the word, not says it."""
    return any(before in ("「", "『", '"') or _ASKED_ABOUT.match(after) for before, after in _farewells_in(text.norm))


# Leave asked for after a leaving verb (帰っていい, 失礼しても, 帰らせてもらってもいい, 帰らせてもろても),
# or asked whether forbidden (帰っちゃダメ): with a question, the answer may be no.
_LEAVE_ASKED_FOR = re.compile(
    r"し?(さ?せ)?([てで]((もら|もろ|いただ|頂|貰)[っい]?[てで])?(も|いい|良い|よい|ええ|よろし|よか)"
    r"|(ちゃ|じゃ|ては|では)(だめ|駄目|いけ|まず))"
)

# 帰ったら怒られる？ / 帰れば？: leaving supposed, not done.
_CONDITIONAL = ("たら", "ば")
_QUOTING = ("って", "と")


def _imperative(surface: str, lemma: str) -> bool:
    """A verb said as an order (帰れ, 出ていけ, 失せろ): its written form ends on an e-row kana or ろ."""
    return surface != lemma and surface[-1:] in "えけげせてねべめれろ"


_LEAVE_VERB_TAILS = frozenset(("する", "します", "ちゃっ", "ちまっ", "じゃっ"))


# A farewell phrase that goes on to say the player means no such thing (帰る気ないですよ, 帰るつもりはない), or
# talks of it (このまま帰るなんて言わないよね), or puts a decision off (また後で考えさせてください: farewell.json).
_NOT_MEANT = re.compile(
    r"(気|つもり|予定)(は|も)?(まだ|全然|全く|さらさら)?(ない|無い|ねえ|ありません|ございません)|"
    + "|".join(sorted((*TALKED_OF, *lexicon.phrases("farewell", "decided_later"))))
)


def _potential(surface: str, lemma: str) -> bool:
    """A godan verb in its potential form (帰れる, 帰れます from 帰る): the stem, then れ."""
    return lemma.endswith("る") and surface.startswith(f"{lemma[:-1]}れ")


_LEAVING_PHRASES = token_patterns.patterns("farewell", "leaving_phrases")


def leaving_phrase_closes(text: AnalyzedText) -> bool:
    """The last sentence closes on leaving said as a phrase (その場を離れる, 境内を後にする, 別れを告げた):
    app/lexicon/farewell.json's leaving_phrases; not on another day (明日、島を出ます: a plan)."""
    sentences = [s for s in sentences_of(text) if without_closing_marks(s)]
    return last_sentence_closes_on(text, _LEAVING_PHRASES) and not on_another_day(sentences[-1].tokens)


# (…or getting out or away, a let's allowed: もう無理、出よう)
_OWN_GOING = token_patterns.patterns("farewell", "own_going") + token_patterns.patterns("farewell", "getting_out")
_GOING_AFTER_WELL_THEN = token_patterns.patterns("farewell", "own_going_after_a_well_then")


def _own_going_said(text: AnalyzedText) -> bool:
    """A clause that is the player's own going with no place, getting out, or a call ended (ここで抜ける,
    私は行く, 出よう, 電話切りますね; after a well-then of its own, 行くわ: じゃ、行くわ), and after it only
    parting talk: nothing asked, nowhere else gone (悪い、ここで抜ける！あとは頼んだ！; 一旦切ります、何かあったら
    また呼んで). app/lexicon/farewell.json's own_going, getting_out and own_going_after_a_well_then."""
    clauses = clauses_of(text)
    for index, clause in enumerate(clauses):
        words = without_closing_marks(clause)
        own = any(token_patterns.matches_whole(pattern, words) for pattern in _OWN_GOING)
        # (after a well-then of its own: ごちそうさん。じゃ、行くわ; or opening the clause: じゃあ行くね)
        well_then = index > 0 and plain_speech(trim(clauses[index - 1].norm)) in CLOSING_WORDS
        going = words if well_then else _after_an_opening_well_then(words)
        if not own and not (going and any(token_patterns.matches_whole(p, going) for p in _GOING_AFTER_WELL_THEN)):
            continue
        rest = clauses[index + 1 :]
        if not any(is_question(c) or has_movement_cue(c, TO_A_NAMED_PLACE) for c in rest):
            return True
    return False


def _after_an_opening_well_then(words: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The clause's words after a well-then that opens it with no pause (じゃあ行くね, ほんなら行くわ: the
    analyser cuts ほん|なら), or none."""
    for end in range(1, min(3, len(words) - 1) + 1):
        if plain_speech("".join(surface for surface, _, _ in words[:end])) in CLOSING_WORDS:
            return words[end:]
    return []


_AFTER_HONORIFIC_RETURN = lexicon.words("farewell", "leaving_asked_honorific")
_GOING_NOW = lexicon.words("farewell", "leaving_asked_going")
_YES_TAKEN_BACK = lexicon.words("farewell", "yes_taken_back")
_STAYING = lexicon.words("farewell", "staying")
_DOING = frozenset(normalize(w) for w in ("為る", "為さる", "致す"))  # (失礼なさいますか: a noun, then doing)
_GO = normalize("行く")
_RETURN = normalize("帰り")
_TOWARDS = frozenset(("に", "へ", "まで"))


_LEAVING_TOLD = lexicon.words("farewell", "leaving_told")


def _leaving_told(line: AnalyzedText) -> bool:
    """The game's line ends telling the player to leave (もう遅い。…今夜はお帰りなさい): a leaving verb, then
    farewell.json's leaving_told; not on another day (明日またお帰りなさい)."""
    words = without_closing_marks(line)
    if len(words) < 2 or words[-1][0] not in _LEAVING_TOLD:
        return False
    return words[-2][1] in LEAVE_VERBS and words[-2][2] == "動詞" and not on_another_day(tuple(words[:-2]))


def leaving_asked(line: AnalyzedText) -> bool:
    """A question of the game's line asks whether the player leaves now (もう帰っちゃうんですか？; そろそろ
    お帰りになりますか？; もう行っちゃうの？), or the line ends telling them to (今夜はお帰りなさい); not one
    past, negated or on another day (もう帰ったの？, 帰らないの？, 明日帰るの？), nor when or where (いつ帰るの？),
    nor the way home (お帰りの電車は？), nor a going somewhere (もうロビーに行くの？). farewell.json's
    leaving_asked_honorific, leaving_asked_going and leaving_told."""
    if _leaving_told(line):
        return True
    for sentence in sentences_of(line):
        words = sentence.tokens
        if not is_question(sentence) or asks_who_what_where(list(words)):
            continue
        for index, (surface, lemma, pos) in enumerate(words):
            after = words[index + 1 :]
            honorific = (
                surface == _RETURN
                and index > 0
                and words[index - 1][0] == "お"
                and bool(after)
                and after[0][0] in _AFTER_HONORIFIC_RETURN
            )
            leaving = lemma in LEAVE_VERBS and (pos == "動詞" or (bool(after) and after[0][1] in _DOING))
            # (not to a place: もうロビーに行くの？)
            before = [w[0] for w in words[:index]]
            going = lemma == _GO and bool(_GOING_NOW.intersection(before)) and not _TOWARDS.intersection(before)
            if not (honorific or leaving or going):
                continue
            past = any(s in ("た", "だ") for s, _, _ in after[:2])
            if past or plainly_negated(after) or on_another_day(words[:index]):
                continue
            return True
    return False


def takes_the_yes_back(reply: AnalyzedText) -> bool:
    """A word of the reply puts something first or takes its yes back (はい、でもその前に一つだけ), or the
    player stays (ほうじゃな、もうちぃと居るわ): farewell.json's yes_taken_back and staying."""
    return any(
        surface in _YES_TAKEN_BACK or (lemma in _STAYING and not plainly_negated(reply.tokens[index + 1 :]))
        for index, (surface, lemma, _) in enumerate(reply.tokens)
    )


def parts_at_the_end(text: AnalyzedText) -> bool:
    """The text's last sentence, after another, is a parting wish or thanks for the day (わかった、行く。お疲れ
    さま): the player takes leave after what came before."""
    sentences = sentences_of(text)
    return len(sentences) > 1 and _PARTING_WISH.match(trim(sentences[-1].norm)) is not None


def has_leave_cue(text: AnalyzedText) -> bool:
    """A farewell or a leaving verb, unless it only sets a time (帰るとき、何て言えば…) or is talked about."""
    if farewell_talked_about(text):
        return False
    if ending_farewell(text) is not None or leaving_phrase_closes(text) or _own_going_said(text):
        return True
    # (…or closing a sentence before more talk: 今日のところはこれで。また伺うかもしれません)
    if any(ending_farewell(sentence) is not None for sentence in sentences_of(text)[:-1]):
        return True
    if waves_goodbye(text):
        return True
    norm = plain_speech(text.norm)
    said = [after for _, after in _farewells_in(norm) if not after.startswith(_WHEN)]
    if any(not _NOT_MEANT.match(after) for after in said):
        return True
    surfaces = [surface for surface, _, _ in text.tokens]
    asked = False
    for index, (_, lemma, _) in enumerate(text.tokens):
        split = index > 0 and (surfaces[index - 1], lemma) in _SPLIT_LEAVE_VERBS
        in_kana = lemma == _KANA_LEAVING_LEMMA and surfaces[index] in _KANA_LEAVING_FORMS
        if not (lemma in LEAVE_VERBS or in_kana or (split and surfaces[index - 2 : index - 1] != ["を"])):
            continue  # 網を引き上げる pulls something up
        # 失礼する前に; 帰っちゃったら: the auxiliary does not change what follows
        after = [s for s in surfaces[index + 1 : index + 4] if s not in _LEAVE_VERB_TAILS][:2]
        if after and (after[0].startswith(_WHEN) or after[0] in _CONDITIONAL or after[0] in TALKED_OF):
            continue  # (帰るとき; 帰ったら; まさかこのまま帰るなんて言わないですよね)
        if after and after[0] in _QUOTING and _imperative(surfaces[index], lemma):
            continue  # (帰れって言われても: someone else's words, telling the player to go)
        if asked_of_another(text.tokens, index):
            continue  # (兄さん、先に帰っててください: someone else sent home)
        # (明日帰ります: a plan; 昨日は…帰っちゃって: then, not now)
        if on_another_day(text.tokens[:index]):
            continue
        # (まだ帰らないよ, 帰る気ないです, 帰らなくていい; not 帰らないと, nor 帰らない？ proposing it)
        if declined(text.tokens[index + 1 :]) or (plainly_negated(text.tokens[index + 1 :]) and not is_question(text)):
            continue
        asked_for = "".join(s for s in surfaces[index + 1 : index + 8] if s not in _LEAVE_VERB_TAILS)
        if _LEAVE_ASKED_FOR.match(asked_for) and is_question(text):
            asked = True  # 帰っていいですか？, 帰っても大丈夫ですかね: asks leave to go; the answer may be no
            continue
        if _potential(surfaces[index], lemma) and is_question(text):
            continue  # 何時に帰れるんですかね: asks whether or when one can leave
        return True
    # そろそろ alone, or thanks on leaving, let a leave stand; not そろそろ帰ってもいいですか
    return not asked and ("そろそろ" in norm or trim(norm).endswith(_THANKS_ON_LEAVING))


# Ending one's time here (そろそろ…, もう…; not もう一度, もう少し).
_WINDING_UP = re.compile(r"そろそろ|もう(?!一|少|すこ|ちょっと|ひと)")


def excuse_asked(text: AnalyzedText) -> bool:
    """Leave asked, as one's time here ends, for a movement (そろそろ宿に戻ってもよろしいでしょうか, もう部屋に
    帰ってもいい？): the player asks to be excused, and the answer may be no, as with 帰ってもいいですか.
    Asking to go in (楽屋に入ってもいいですか？) is going there."""
    if not is_question(text) or not _WINDING_UP.search(text.norm):
        return False
    surfaces = [surface for surface, _, _ in text.tokens]
    return any(
        lemma in TO_A_NAMED_PLACE
        and _LEAVE_ASKED_FOR.match("".join(s for s in surfaces[index + 1 : index + 8] if s not in _LEAVE_VERB_TAILS))
        for index, (_, lemma, _) in enumerate(text.tokens)
    )
