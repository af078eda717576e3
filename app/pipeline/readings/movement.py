"""Reading a text for going: a movement verb that is the player's own (not past, negated, hearsay, or
someone else's), a place asked about, the player's own intention."""

from __future__ import annotations

import itertools
import re

from app import lexicon
from app.lexicon import tokens as token_patterns
from app.pipeline.candidates import Candidate
from app.pipeline.readings.text import (
    CLOSING_MARKS,
    FIRST_PERSON_WORDS,
    PAUSES,
    SENTENCE_END_PARTICLES,
    asks_who_what_where,
    clauses_of,
    is_question,
    last_sentence_closes_on,
    normalized_words,
    rest_of_sentence,
    sentences_of,
    trim,
    without_closing_marks,
    without_openers,
)
from app.text import AnalyzedText, TextAnalyzer, normalize, strip_punctuation

# The language data the rules read lives in app/lexicon/*.json, each table with where it matches and the
# examples it must and must not match (tests/pipeline/test_lexicon.py runs them).
MOVE_VERBS = lexicon.words("movement", "verbs")
TO_A_NAMED_PLACE = MOVE_VERBS | lexicon.words("movement", "home")

# Asking about a place rather than going there (屋上ってどうやって上がるの).
_PLACE_QUESTION = lexicon.pattern("place_question", "asking")

# Volitional endings (行こう, 話そう, 見よう, 戻ろう): o-row kana followed by う.
_VOLITIONAL = tuple(f"{kana}う" for kana in "おこごそぞとどのほぼぽもよょろ")

# Its short spoken form, without う, asked with か (西: 行こか, さらおか, 戻ろか, しよか), or with まい, the
# Nagoya let's (行こまい, 見てこよまい; the standard won't-go is 行くまい, on the dictionary form), or with
# ら, the Kishu let's (つれもて行こら), or で, the Awa one (見に行こでー), or さ, the Ise one (つんだって行こさ).
_SHORT_VOLITIONAL = tuple("おこごそぞとどのほぼぽもよょろ")
_AFTER_SHORT_VOLITIONAL = ("か", "まい", "ら", "で", "さ")

# …and in its short or Kansai forms (行きましょ, 参りましょか, 行きまひょ).
_POLITE_VOLITIONAL = ("ましょう", "ましょ", "まひょ")

# …and its ておこう, contracted (お参りしとこう, 読んどこう): the volitional is the auxiliary.
_SHORT_OKU_VOLITIONAL = ("とこう", "どこう")

# A-row kana: where a verb's negative stem ends (行か-ない, 寄ら-ねえ).
_A_ROW = tuple("かがさざただなばぱまやらわ")
_E_ROW = tuple("えけげせぜてでねへべぺめれ")
SURU = normalize("為る")


def lets(text: AnalyzedText) -> bool:
    return bool(volitional_verbs(text))


def volitional_verbs(text: AnalyzedText) -> list[int]:
    """The indices of the verbs in the volitional (行こう, 話そう), in its short spoken form asked with
    か (行こか, さらおか), or in its polite form, where the volitional is the auxiliary (いただきましょうか,
    行きましょう)."""
    tokens = text.tokens

    def next_word(index: int) -> str:
        return tokens[index + 1][0] if index + 1 < len(tokens) else ""

    return [
        index
        for index, (surface, _, pos) in enumerate(tokens)
        if pos == "動詞"
        and (
            surface.endswith(_VOLITIONAL)
            or next_word(index) in _POLITE_VOLITIONAL
            or next_word(index) in _SHORT_OKU_VOLITIONAL
            or (surface.endswith(_SHORT_VOLITIONAL) and next_word(index).rstrip("ー") in _AFTER_SHORT_VOLITIONAL)
        )
    ]


def lets_asked(text: AnalyzedText) -> bool:
    """The text closes on a let's asked with か (ほな一緒に行きましょか, 行こうか): it proposes, asking
    nothing."""
    words = without_closing_marks(text)
    if len(words) < 2 or words[-1][0] != "か":
        return False
    surface, _, pos = words[-2]
    return surface in _POLITE_VOLITIONAL or (pos == "動詞" and surface.endswith(_VOLITIONAL + _SHORT_VOLITIONAL))


# A movement verb ending the line asked: plainly or politely, with or without a question mark
# (一緒に見に行くか, 行きますか, 確認しに行きます？, 行きません？).
_ASKED_BY_KA = (
    ["か"],
    ["か", "?"],
    ["か", "い"],  # 見に行くかい
    ["か", "い", "?"],
    ["ます", "か"],
    ["ます", "か", "?"],
    ["ます", "?"],
    ["ませ", "ん", "?"],
)

# The spoken negative asked after a verb's a-row stem (寄らねえ？, 行かん？, 参らぬか, 行かへん？).
_NEGATIVE_ASKED = (
    ["ね", "?"],
    ["ねえ", "?"],
    ["ねー", "?"],
    ["ね", "か"],  # 行かねえか (Edo)
    ["ねえ", "か"],
    ["ねえ", "か", "?"],
    ["ん", "?"],
    ["ん", "か"],
    ["ん", "か", "?"],  # 確かめに行かんか？
    ["ぬ", "か"],
    ["ぬ", "か", "?"],
    # Kansai (行かへん？, 見に行かへんか) and Hakata (見に行かんや？)
    ["へん", "?"],
    ["へん", "か"],
    ["へん", "か", "?"],
    ["へん", "け", "?"],  # Banshu (見に行かへんけ？)
    ["ん", "や", "?"],
    # …and asked with ね (Kyushu: 見に行かんね？) or け (Hokuriku, Ibaraki: 見に行かんけ？)
    ["ん", "ね", "?"],
    ["ん", "け"],
    ["ん", "け", "?"],
    # …or with かね (Chugoku: 見に行かんかね？) or かえ (Oita: 一緒に行かんかえ)
    ["ん", "か", "ね", "?"],
    ["ん", "か", "え"],
    ["ん", "か", "え", "?"],
)
_REQUEST_ASKED = re.compile(r"(くれ|もらえ)(る|ない|ます|ません)(か\??|\?)")


def movement_asked(verb: str, following: list[str]) -> bool:
    """A movement verb asked (見に行く？, 一緒に見に行くか, 寄っていきますか), or its spoken negative asked
    (確かめに行かね？, 寄らねえ？: the verb's a-row stem, ね, a question), or asked for (見に行ってくれる？,
    来てもらえませんか). `following`: the words after the verb to the end of its sentence."""
    # 行っとくか, 行っておくか: going ahead of time, asked
    for ahead in (["とく"], ["て", "おく"], ["で", "おく"]):
        if following[: len(ahead)] == ahead:
            following = following[len(ahead) :]
    if following[:1] == ["?"] or following in _ASKED_BY_KA:
        return True
    if following[:1] in (["て"], ["で"]) and following[1:2] in (["くれる"], ["くれ"], ["もらえる"], ["もらえ"]):
        request = "".join(following[1:])  # くれる？ くれますか もらえない？ — not くれ (an order) nor くれた？
        return bool(_REQUEST_ASKED.fullmatch(request))
    # (Kansai asks the negative on the e-row too: 見に行けへん？)
    return following in _NEGATIVE_ASKED and (
        verb.endswith(_A_ROW) or (verb.endswith(_E_ROW) and following[0] == "へん")
    )


# What makes a movement noun a movement done (移動する, 移動をする, 移動を始める, 移動を開始する), humbly too
# (移動いたします).
_HUMBLE_SURU = normalize("致す")
_NOUN_DONE = (
    (SURU,),
    (_HUMBLE_SURU,),
    ("を", SURU),
    ("を", _HUMBLE_SURU),
    ("を", normalize("始める")),
    ("を", normalize("開始"), SURU),
)

# …or declare it, ending the sentence (テントへ移動であります！, 次は倉庫へ移動です): not asked (移動ですか),
# not past (移動だった), not denied (移動ではありません).
_NOUN_DECLARED = (
    ("だ", normalize("有る"), "ます"),
    ("だ", normalize("御座る"), "ます"),
    ("です",),
    ("だ",),
)
_DECLARATION_CLOSES = frozenset(("よ", "ね", "ぞ", "ぜ", "な", "!", "。", "."))


def _done_as_a_verb(after_noun: tuple[tuple[str, str, str], ...]) -> int:
    """How many words after a movement noun make it a verb (移動を開始する: 3), or 0."""
    lemmas = tuple(lemma for _, lemma, _ in after_noun)

    def opening(table: tuple[tuple[str, ...], ...]) -> int:
        return next((len(words) for words in table if lemmas[: len(words)] == words), 0)

    if done := opening(_NOUN_DONE):
        return done
    declared = opening(_NOUN_DECLARED)
    if declared and all(surface in _DECLARATION_CLOSES for surface, _, _ in after_noun[declared:]):
        return declared
    return 0


_KURU = normalize("来る")
_TEKU = normalize("てく")
_PAST_AFTER_A_VERB = frozenset(("た", "だ", "たら", "だら", "たって", "だって"))  # (as the analyser cuts them)
_TEKU_FORMS = frozenset(normalized_words("てく でく てっ でっ"))  # (てっ: 持ってっとく, 持ってった)
_IKU = normalize("行く")
_NEGATIVE_N = normalize("ず")
_WANT = normalize("たい")

# U-row kana: where a verb's dictionary form ends (行く, 戻る, 来る).
_U_ROW = tuple("うくぐすずつぬぶむゆる")

# Going and coming back, closing on Edo speech's くらぁ for くるわ (ちょっくら見てくらぁ), which the
# analyser reads as a storehouse (蔵) or a particle.
_EDO_GO_AND_COME_BACK = re.compile(r"[てで](く|来)ら[ぁあ]?$")
_IU = normalize("言う")
_SPLIT_VERBS = lexicon.words("movement", "split_verbs")
_SPLIT_NOT_MOVEMENT = lexicon.words("movement", "split_not_movement")
_KURU_READ_APART = lexicon.words("movement", "kuru_read_apart")
# After a place's name, the particles a movement goes to it by (控え室に, ロビーへ, 駐車場まで).
TOWARDS_A_PLACE = ("に", "へ", "まで")
# Between a place and a kana いって: a particle of going, or none (職員室いって); what stands for a place
# without naming it (のほう, んとこ). app/lexicon/movement.json's kana_going_after.
_TO_A_PLACE = ("", *lexicon.phrases("movement", "kana_going_after"))
_PLACE_WORDS = lexicon.listed("movement", "kana_going_after", "places")


def _going_in_kana(tokens: tuple[tuple[str, str, str], ...], index: int, places: tuple[str, ...]) -> bool:
    """いって typed in kana right after a place (職員室いって報告しよ, うらにわ いってみる), a direction or
    someone's place (ホールのほういってみよう, 親方んとこさいってみるべ): the analyser reads 言って (say);
    there it is 行って."""
    if tokens[index][0] != "いっ" or tokens[index][1] != _IU:
        return False
    before = "".join(surface for surface, _, _ in tokens[:index])
    return any(before.endswith(place + particle) for place in (*places, *_PLACE_WORDS) for particle in _TO_A_PLACE)


def has_movement_cue(
    text: AnalyzedText, verbs: frozenset[str] = MOVE_VERBS, places: tuple[str, ...] = (), own: bool = True
) -> bool:
    """A movement verb that is not past (行った) nor a plain negation (行かない, but 行かない？ invites).
    `places`: the reachable places' names (normalised), after which a kana いって is going. `own`: the
    player's text, where asking someone else to go (見てきてくれない？) is no going; in a character's line
    it asks the player to go."""
    if _KURU in verbs and _EDO_GO_AND_COME_BACK.search(trim(text.norm)):
        return True
    tokens = text.tokens
    for index, (surface, lemma, pos) in enumerate(tokens):
        if _IKU in verbs and _going_in_kana(tokens, index, places):
            lemma = _IKU
        # (a movement verb the analyser cut in two: 引き + 返す; not a movement verb's own て: 行っ + て)
        if index > 0 and tokens[index - 1][0] + lemma in _SPLIT_VERBS and tokens[index - 1][1] not in verbs:
            lemma, pos = _IKU, "動詞"  # (its second part may be read as a noun: 行 + ぐ)
        if index > 0 and tokens[index - 1][0] + lemma in _SPLIT_NOT_MOVEMENT:
            continue
        # くる after て that the analyser reads apart (見てくっから, 見てくるっちょ: movement.json's kuru_read_apart)
        if surface in _KURU_READ_APART and index > 0 and tokens[index - 1][0] in CONJUNCTIVE:
            lemma = _KURU
        # …or voiced, which it reads as ていく's short form (見でくっから)
        if lemma == _TEKU and index + 1 < len(tokens) and tokens[index + 1][0].startswith("っ"):
            lemma = _KURU
        # ていく's short form itself after a verb goes (ホールに持ってくわ, 先に寄ってく, 倉庫に持ってっときます);
        # whoever goes is named before that verb (湊がロビーに持ってく)
        subject_end = index
        # (the short form's request last, read only then: not before て, 持ってって asks someone to take it)
        if (
            lemma == _TEKU
            and surface in _TEKU_FORMS
            and index > 0
            and tokens[index - 1][2] == "動詞"
            and not (surface.endswith("っ") and index + 1 < len(tokens) and tokens[index + 1][0] in ("て", "で"))
        ):
            lemma, subject_end = _IKU, index - 1
        if lemma not in verbs:
            continue
        # (a change coming about: 吹雪いてきて, 寒くなってきた; movement.json's coming_about)
        if lemma == _KURU and any(token_patterns.ends_with(p, tokens[: index + 1]) for p in _COMING_ABOUT):
            continue
        end = index  # the verb's last word: for a noun with する (移動する, 散歩した), the する
        if pos == "名詞":
            done = _done_as_a_verb(tokens[index + 1 : index + 4])
            if not done:
                continue  # 移動 as a noun (移動:控え室) is a label, not the player moving
            end = index + done
        after_verb = tokens[end + 1 :]
        # (the verb's own sentence only: 廊下に行こ。離れないでよ is not a going negated)
        in_its_sentence = itertools.takewhile(lambda word: word[0] not in _SENTENCE_ENDS, after_verb)
        following = [surface for surface, _, _ in in_its_sentence][:3]
        # (past: 行った, 行ってた, 歩いてったって; not the copula after だけ: 見てくるだけだから; nor a condition:
        # 前を通ったら)
        # (行ったほうがいい: had better go; no past, and the verb describes no noun)
        advised = _advised(tokens[end], after_verb)
        # (not the copula after a dictionary form, as Izu, Suruga and Koshu speech closes a going: 寄ってくだっけ,
        # 行くだよ)
        copula = following[:1] == ["だ"] and tokens[end][0].endswith(_U_ROW)
        past = any(s in _PAST_AFTER_A_VERB for s in following[int(copula) : 2]) and following[:1] != ["だけ"]
        # (…and past through しまう or ちゃう and ます: 出ちゃいました, 行ってしまいました)
        past = past or any(token_patterns.starts_with(pattern, after_verb) for pattern in _COMPLETED)
        if past and not advised:
            continue
        # (…nor one done with an auxiliary: 行ってきた, 上ってきたべか (movement.json's done_with_an_auxiliary);
        # nor one of several things done: 行ったり来たりしてた)
        done_with_an_auxiliary = any(token_patterns.starts_with(p, after_verb) for p in _DONE_WITH_AN_AUXILIARY)
        if done_with_an_auxiliary or following[:1] in (["たり"], ["だり"]) or _chain_is_past(after_verb):
            continue
        # (行かないわけにはいかない: a must, though わけ follows the verb)
        described = _describes_a_noun(after_verb) and not _must(after_verb, tokens[end]) and not advised
        if described or _someone_else_moves(tokens[:subject_end]) or _talked_about(after_verb):
            continue
        if _hearsay_or_guess(after_verb) or on_another_day(tokens[:index]) or _on_a_condition(tokens[:index]):
            continue
        if own and _asked_of_another(tokens[end], tokens[end + 1 :], tokens[:index]):
            continue
        if _under_way_asked(after_verb) or declined(after_verb) or _supposed(after_verb):
            continue
        # (ず after a dictionary form is no negative but Yamagata's closing particle: 畑さ行くず)
        negated = (
            any(s in ("ない", "ぬ", "ません") for s in following)
            # (the analyser cuts ません in two: 行き|ませ|ん)
            or following[:2] == ["ませ", "ん"]
            or ("ず" in following and not tokens[end][0].endswith(_U_ROW))
            # the western negative ん (よだきいけん、行かん; 行けん); not the ん of 行くん, which is の
            or any(surface == "ん" and lemma == _NEGATIVE_N for surface, lemma, _ in after_verb[:1])
            # …and the eastern ね, as plainly_negated reads it (行かねー, 戻らねえ)
            or plainly_negated(after_verb)
        )
        if (
            negated
            and not (is_question(text) and _in_the_last_clause(after_verb))
            and not _asked_in_its_sentence(after_verb)
            and not _must(after_verb, tokens[end])
        ):
            continue
        return True
    return False


_CONDITIONS = token_patterns.patterns("movement", "condition")
_BETTER = token_patterns.patterns("movement", "better")


def _advised(verb: tuple[str, str, str], after_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """The verb's た opens "had better", weighed (行ったほうがいいかな, 戻った方がいいかもしれない): movement.json's
    better."""
    clause = (verb, *_in_its_clause(after_verb))
    return any(token_patterns.matches_whole(pattern, clause) for pattern in _BETTER)


_ASKED_OF_ANOTHER = token_patterns.patterns("movement", "asked_of_another")
_TOGETHER = frozenset(lexicon.listed("movement", "asked_of_another", "together"))
_LETTING = frozenset(lexicon.listed("movement", "asked_of_another", "letting", "words"))
_AFFIRMED = token_patterns.patterns("movement", "affirmed")
_SENTENCE_ENDS = CLOSING_MARKS | {"?"}
CLAUSE_BREAKS = frozenset(normalized_words("、 , から ので けど けれど が し のに ながら"))


def _own_sentence_before(before_verb: tuple[tuple[str, str, str], ...]) -> tuple[tuple[str, str, str], ...]:
    start = max((i + 1 for i, (surface, _, _) in enumerate(before_verb) if surface in _SENTENCE_ENDS), default=0)
    return before_verb[start:]


_QUOTES = {"「": "」", "『": "』"}


def _on_a_condition(before_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """A condition not yet met before the verb, in its own clause and outside quotes (ログに何か残ってたら、
    温室に戻りましょう): app/lexicon/movement.json's condition."""
    clause: list[tuple[str, str, str]] = []
    closing = ""
    for word in _own_sentence_before(before_verb):
        if closing:
            closing = "" if word[0] == closing else closing
        elif word[0] in _QUOTES:
            closing = _QUOTES[word[0]]
        elif word[0] in CLAUSE_BREAKS - {"、", ","}:
            clause = []
        else:
            clause.append(word)
    return any(token_patterns.search(pattern, clause) for pattern in _CONDITIONS)


def _asked_of_another(
    verb: tuple[str, str, str],
    after_verb: tuple[tuple[str, str, str], ...],
    before_verb: tuple[tuple[str, str, str], ...],
) -> bool:
    """The verb's sentence closes asking someone else to go (先に神社に戻ってて, 見てきてくれない？), and
    takes the player nowhere along (一緒に, 連れて, ついて) nor asks to be let go (行かせてください):
    movement.json's asked_of_another."""
    if after_verb[:1] and after_verb[0][1] in _LETTING:
        return False
    rest = list(itertools.takewhile(lambda word: word[0] not in CLOSING_MARKS, after_verb))
    if "?" in (surface for surface, _, _ in rest):
        rest = rest[: [surface for surface, _, _ in rest].index("?") + 1]
    sentence = (*_own_sentence_before(before_verb), *rest)
    if any(lemma in _TOGETHER for _, lemma, _ in sentence):
        return False
    # (the request is the verb's own, or a chained verb's after て: not 倉庫に行くから、待っててくれる？)
    if any(surface in CLAUSE_BREAKS for surface, _, _ in rest):
        return False
    # (from the word before the verb: 見て|き|て, the verb the auxiliary 来る)
    words = (*before_verb[-1:], verb, *rest)
    return any(token_patterns.ends_with(pattern, words) for pattern in _ASKED_OF_ANOTHER)


def asked_of_another(tokens: tuple[tuple[str, str, str], ...], index: int) -> bool:
    """The verb at `index` closes a sentence asking someone else to go (先に帰っててください)."""
    return _asked_of_another(tokens[index], tokens[index + 1 :], tokens[:index])


def movement_asked_of_another(text: AnalyzedText, verbs: frozenset[str] = TO_A_NAMED_PLACE) -> bool:
    """A movement verb of the text (one of `verbs`) whose sentence asks someone else to go (千鶴さん、先に
    神社に戻ってて)."""
    tokens = text.tokens
    return any(
        pos == "動詞" and lemma in verbs and asked_of_another(tokens, i) for i, (_, lemma, pos) in enumerate(tokens)
    )


def _in_the_last_clause(after_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """Nothing after the verb starts another clause: a question mark that closes the text closes the verb's
    own clause (行かない？ invites), not a later one's (行きたくないんだけど、行かなきゃだめですよね？)."""
    rest = [surface for surface, _, _ in after_verb]
    while rest and (rest[-1] in _CLAUSE_ENDS or rest[-1] in CLOSING_MARKS):
        rest.pop()
    return not any(surface in _CLAUSE_ENDS for surface in rest)


def _asked_in_its_sentence(after_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """The verb, a negative and a question mark make a sentence before more talk: asked there, the negative
    invites as one closing the text does (湯もみショー見に行かねえ？もうすぐ始まるんだいね); not a guess
    (行きとうないんじゃろ？) nor a want."""
    for index, (surface, _, _) in enumerate(after_verb):
        if surface == "?":
            return 0 < index < len(after_verb) - 1
        if surface not in _PROPOSING_NEGATIVE:
            return False
    return False


# The words between a verb and the question mark of a negative that proposes (行かない？, 行かねえか？, 行きませんか？).
_PROPOSING_NEGATIVE = frozenset(normalized_words("ない ねえ ねー ね ん ませ か かい な い"))


def _chain_is_past(after_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """A movement in its て-form takes its tense from the last verb of its sentence: past there
    (離れから来て、また戻ったんだ; 倉庫に行って、鍵を探しました) is past for it too; not a condition
    (行って、戻ったら話そう), whose verb is not the last."""
    if not after_verb or after_verb[0][0] not in CONJUNCTIVE:
        return False
    sentence = list(itertools.takewhile(lambda word: word[0] not in CLOSING_MARKS, after_verb[1:]))
    verbs = [i for i, (_, _, pos) in enumerate(sentence) if pos == "動詞"]
    if not verbs:
        return False
    # (会ってみることにした: decided to, now; the past is the deciding's)
    if [surface for surface, _, _ in sentence[max(verbs[-1] - 2, 0) : verbs[-1]]] == list(_DECIDED_TO):
        return False
    return any(surface in ("た", "だ") and lemma == _PAST for surface, lemma, _ in sentence[verbs[-1] + 1 :])


_DECIDED_TO = tuple(normalized_words("こと に"))


_MASU = normalize("ます")
_PAST = normalize("た")

# Auxiliaries a movement verb may carry before what follows it (入ってく, 行っちゃう, 行ってくる).
_VERB_TAILS = frozenset(normalized_words("て で ちゃう ちまう じゃう てく く くる いく しまう"))
CONJUNCTIVE = frozenset(("て", "で"))

# Verbs that follow a て-form and add to it (見てみる, 確かめておく, 聞いてくる).
TRYING_AUXILIARIES = frozenset(normalized_words("見る みる 置く おく 行く いく 来る くる"))

# Nouns after which going is still the player's own (行くところだ, 行くつもり, 行くことにする, 行く時間だ).
_INTENDING = frozenset(normalized_words("ところ 所 つもり こと 予定 気 時間 頃 番"))
_FIRST_PERSON = frozenset(FIRST_PERSON_WORDS)
_PARTICLES_READ_AS_NOUNS = lexicon.words("movement", "particles_read_as_nouns")

# Between a subject and its movement verb: the place and its particles (犯人がロビーに入る).
_PLACE_PHRASE_POS = frozenset(("名詞", "代名詞", "接尾辞", "助詞"))
_WHO = normalize("誰")


def _someone_else_moves(before_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """The movement verb has a subject of its own, marked by が, that is not the player: 「犯人がロビーに
    入る」, 「倉庫ってどれくらい粉が入ると？」 (how much flour fits). Only a place phrase may stand between
    the subject and the verb, or a verb it carries on from (誰かが入ってくる): in 「時間がないからロビーに
    行く」 が belongs to ない. Who goes, asked, is no one's going yet, and asked of oneself it says no one
    would (雨の屋上なんて、誰が好き好んで行くんですか)."""
    sentence = _own_sentence_before(before_verb)
    if any(
        lemma == _WHO and sentence[i + 1 : i + 2] and sentence[i + 1][0] == "が"
        for i, (_, lemma, _) in enumerate(sentence)
    ):
        return True
    for position in range(len(before_verb) - 1, 0, -1):
        surface, _, pos = before_verb[position]
        if pos == "動詞" and position == len(before_verb) - 1:
            continue  # a compound's first verb, which the analyser cuts off (出回る: 出 + 回る)
        if pos == "動詞" and before_verb[position + 1 : position + 2] and before_verb[position + 1][0] in CONJUNCTIVE:
            continue
        if surface == "が":
            subject = before_verb[position - 1]
            if subject[0] == "か" and position >= 2:  # 誰かが
                subject = before_verb[position - 2]
            if subject[2] == "接尾辞" and position >= 2:  # 湊さんが, お客さんが
                subject = before_verb[position - 2]
            return subject[2] in ("名詞", "代名詞") and subject[1] not in _FIRST_PERSON
        if pos not in _PLACE_PHRASE_POS:
            return False
    return False


def _describes_a_noun(after_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """The movement verb, with its auxiliaries, describes the noun after it: 図書塔に入ってくやつ (the one
    who went in), 控え室に行く前に, ロビーへ向かう途中で. That is not the player going."""
    rest = iter(after_verb)
    last, following = None, next(rest, None)
    while following is not None and (following[2] == "助動詞" or following[0] in _VERB_TAILS):
        last, following = following, next(rest, None)
    # (a "noun" opening on っ is the analyser's cut of a contracted ending: 見でくっぺ)
    if (
        following is None
        or following[2] not in ("名詞", "代名詞")
        or following[0] in _INTENDING
        or following[0] in _PARTICLES_READ_AS_NOUNS
        or following[0].startswith("っ")
    ):
        return False
    # (戻って資料を直す: two actions; 戻ります報告しないと: a polite close run into the next sentence, as
    # voice input writes it; neither describes)
    return last is None or (last[0] not in CONJUNCTIVE and last[1] != _MASU)


# A going only supposed (研究棟に行くとしたら, 行くとすれば, 行くとしても): a condition, not a decision.
_SUPPOSED = tuple(normalized_words("としたら とすれば とすると としても とするなら"))


def _supposed(after_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """Supposing (行くとしたら) or even if (今から行っても間に合う？: movement.json's conceded)."""
    if any(token_patterns.starts_with(pattern, after_verb) for pattern in _CONCEDED):
        return True
    return "".join(surface for surface, _, _ in after_verb[:4]).startswith(_SUPPOSED)


_CONCEDED = token_patterns.patterns("movement", "conceded")
_COMPLETED = token_patterns.patterns("movement", "completed")
_DONE_WITH_AN_AUXILIARY = token_patterns.patterns("movement", "done_with_an_auxiliary")
_COMING_ABOUT = token_patterns.patterns("movement", "coming_about")


# Such a thing as (このまま帰るなんて言わないよね, 雨の屋上に行くなんか): the verb is what is talked about.
TALKED_OF = frozenset(normalized_words("なんて なんか"))


def _talked_about(after_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """The going is what the sentence talks about (居住区から出歩くのって禁止なんですか, 入るのは怖い, 帰るなんて
    言わないよね), or what another verb takes as its object (映写室から誰か出てくるのを見ませんでしたか: a going
    seen, not done): the verb made a noun with の or こと, then って, は, が, も or を; or なんて after it."""
    rest = list(after_verb)
    # a compound's second verb, auxiliaries (出歩く), a verb after て (入っていく)
    while rest and (
        rest[0][2] in ("動詞", "助動詞") or (rest[0][0] in CONJUNCTIVE and rest[1:2] and rest[1][2] == "動詞")
    ):
        rest.pop(0)
    words = [surface for surface, _, _ in rest[:2]]
    if words[:1] and words[0] in TALKED_OF:
        return True  # (倉庫に行くなんて, 帰るなんか)
    return words[:1] in (["の"], ["こと"]) and words[1:2] in (["って"], ["は"], ["が"], ["も"], ["を"])


# Going on (進んでる, 向かっとる; 向かっている, read as て + 居る): someone's movement under way, not the
# player's decision when asked.
_ONGOING = frozenset(normalize(w) for w in ("てる", "でる", "とる", "どる"))
# Tohoku's ongoing てら (進んでら?: is it going on), which the analyser cuts in two
_ONGOING_CUT = (["て", "ら"], ["で", "ら"])
_IRU = normalize("居る")


def _under_way_asked(after_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """捜査は進んでるんですか, 今どこに向かっているの？, 支度、どごまで進んでら?: a movement under way, asked
    in its own sentence (ロビーに向かってる。何か伝えることある？ goes)."""
    lemmas = [lemma for _, lemma, _ in after_verb[:2]]
    ongoing = lemmas[:2] in (["て", _IRU], ["で", _IRU]) or [s for s, _, _ in after_verb[:2]] in _ONGOING_CUT
    if not (lemmas[:1] and lemmas[0] in _ONGOING) and not ongoing:
        return False
    rest = rest_of_sentence(after_verb)
    return "?" in rest or (bool(rest) and rest[-1] in ("か", "の"))


_GOING_HEARD_OF = lexicon.phrases("movement", "hearsay")
_GUESS_OF_A_STATE = lexicon.phrases("movement", "guess_of_a_state")


def _hearsay_or_guess(after_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """Said of someone or something, as hearsay or a guess (湊くんはロビーに行くってさ, パーツが出回ってる
    らしい, 部室に入ってるかも): the verb, then movement.json's hearsay; or going on, then a guess."""
    surfaces = [surface for surface, _, _ in after_verb[:4]]
    lemmas = [lemma for _, lemma, _ in after_verb[:2]]
    if lemmas[:1] and lemmas[0] in _ONGOING:
        ongoing = "".join(surfaces[1:])
    elif lemmas[:2] in (["て", _IRU], ["で", _IRU]):
        ongoing = "".join(surfaces[2:])
    else:
        return "".join(surfaces).startswith(_GOING_HEARD_OF)
    return ongoing.startswith(_GOING_HEARD_OF + _GUESS_OF_A_STATE)


_ANOTHER_DAY = lexicon.words("movement", "another_day")
_SINCE = frozenset(normalized_words("から より 以来"))
# Where a clause ends, as clauses_of cuts (、 too).
_CLAUSE_ENDS = CLOSING_MARKS | {"?", "、", ","}


def on_another_day(before_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """A word earlier in the verb's clause sets the going on another day (明日…来るつもり): a plan; or on
    a day gone (昨日は挨拶もしないで帰っちゃって): then, not now. Not one that only qualifies a noun
    (明日の資料、控え室に取りに行ってくる) or a time since (昨日から気になってた), or stands in a clause of
    its own (明日も早いし、控え室戻って寝るわ)."""
    for index in range(len(before_verb) - 1, -1, -1):
        surface, lemma, _ = before_verb[index]
        if surface in _CLAUSE_ENDS:
            # (…unless the clause before is the time alone: 明日の朝、桟橋に行ってみたいな; or something to
            # be done first: 話が終わったら、倉庫に行こう)
            return _a_day_alone(before_verb[:index]) or _once_done(before_verb[:index], index)
        following = before_verb[index + 1 : index + 2]
        of_a_noun = following == (("の", "の", "助詞"),) and not _a_time_of_day(before_verb[index + 2 : index + 3])
        qualifies = of_a_noun or (bool(following) and following[0][0] in _SINCE)
        if (_is_another_day(surface, lemma) and not qualifies) or _later(before_verb, index):
            return True
        if _once_done(before_verb, index + 1):
            return True
    return False


# 為る after these is "then", not a thing done (そうしたら, それなら: going now).
_THEN = frozenset(("副詞", "代名詞", "接続詞"))


def _once_done(words: tuple[tuple[str, str, str], ...], end: int) -> bool:
    """The words before `end` close on something done first, a verb and たら (聞き終わったら醸造棟にも寄ります,
    雨が止んだら行こう): the going waits for it. Not an adjective's (よかったら) nor then (そうしたら, and
    したら opening a sentence: Hokkaido's and Tohoku's "so, then")."""
    if end < 2 or words[end - 1][0] not in ("たら", "だら"):
        return False
    _, lemma, pos = words[end - 2]
    if pos != "動詞" or lemma in ("有る", "居る"):
        return False
    opens = end < 3 or words[end - 3][0] in _SENTENCE_ENDS or PAUSES.fullmatch(words[end - 3][0]) is not None
    return not (lemma == "為る" and (opens or words[end - 3][2] in _THEN))


_LATER = lexicon.words("movement", "later")
# Before 後, words that make it after something (置いた後で, 昼食の後で, その後).
_AFTER_SOMETHING = frozenset(("た", "だ", "の", "此の", "其の", "彼の"))


def _later(words: tuple[tuple[str, str, str], ...], index: int) -> bool:
    """The word at `index`, alone or with the next one or two, says later (あとで, 後ほど, のちほど; あどで, which
    the analyser cuts あ|ど|で), not after something done or named (荷物を置いた後で)."""
    lemma = words[index][1]
    joined = ("".join(w[0] for w in words[index : index + n]) for n in (1, 2, 3))
    if not (lemma in _LATER or any(said in _LATER for said in joined)):
        return False
    return index == 0 or words[index - 1][1] not in _AFTER_SOMETHING


_TIME_OF_DAY = lexicon.words("movement", "time_of_day")


def _is_another_day(surface: str, lemma: str) -> bool:
    return surface in _ANOTHER_DAY or lemma in _ANOTHER_DAY


def _a_time_of_day(words: tuple[tuple[str, str, str], ...]) -> bool:
    return bool(words) and (words[0][0] in _TIME_OF_DAY or words[0][1] in _TIME_OF_DAY)


def _a_day_alone(clause: tuple[tuple[str, str, str], ...]) -> bool:
    """The clause is another day and nothing else, its time of day after の or not (明日、 / 明日の朝、), or
    after a noun that is the topic (倉庫は明日の朝、明るくなってから見に行きます; 木箱のことは明日、…)."""
    start = max((i + 1 for i, (surface, _, _) in enumerate(clause) if surface in _CLAUSE_ENDS), default=0)
    words = clause[start:]
    topic = next((i for i, (surface, _, _) in enumerate(words) if surface == "は"), None)
    if topic is not None and topic > 0 and all(pos == "名詞" or surface == "の" for surface, _, pos in words[:topic]):
        words = words[topic + 1 :]
    if not words or not _is_another_day(words[0][0], words[0][1]):
        return False
    return len(words) == 1 or (len(words) == 3 and words[1][0] == "の" and _a_time_of_day(words[2:]))


def set_on_another_day(text: AnalyzedText) -> bool:
    """Every movement verb of the text is set on another day (また明日観音さん行こまい), or the text ends
    putting it off (…でも今じゃないな。明日にしよう): a plan. The same reading has_movement_cue makes, for a
    text whose verb it may not know as a movement made now."""
    verbs = [i for i, (_, lemma, pos) in enumerate(text.tokens) if pos == "動詞" and lemma in TO_A_NAMED_PLACE]
    return puts_off(text) or (bool(verbs) and all(on_another_day(text.tokens[:i]) for i in verbs))


def phrase_on_another_day(text: AnalyzedText, phrase: str) -> bool:
    """A scenario's movement phrase (compared without punctuation) is set on another day in each sentence
    that says it, as a movement verb is (控え室 は あとで ワープ, with ワープ the scenario's)."""
    found = False
    for sentence in sentences_of(text):
        surfaces = [surface for surface, _, _ in sentence.tokens]
        starts = [i for i in range(len(surfaces)) if phrase in strip_punctuation("".join(surfaces[i:]))]
        if not starts:
            continue
        found = True
        if not on_another_day(sentence.tokens[: starts[-1]]):
            return False
    return found


_PUTTING_OFF = token_patterns.patterns("movement", "putting_off")


def puts_off(text: AnalyzedText) -> bool:
    """The text's last sentence puts things off to another time (明日にしよう, また今度にします):
    app/lexicon/movement.json's putting_off; not a topic put off after a going of the player's own
    (交番へ行ってきます。活字のことはまた後で: topic_put_off)."""
    if not last_sentence_closes_on(text, _PUTTING_OFF):
        return False
    *before, last = sentences_of(text)
    topic = any(f"{about}{particle}" in last.norm for about in _TOPIC_PUT_OFF for particle in ("は", "も"))
    return not (topic and any(has_movement_cue(sentence) for sentence in before))


_TOPIC_PUT_OFF = lexicon.phrases("movement", "topic_put_off")


_TILL_SOMETHING_IS_DONE = token_patterns.patterns("movement", "till_something_is_done")


def put_off_till_done(text: AnalyzedText) -> bool:
    """A sentence of the text does it only after something else is done, or asks whether another time will
    do (少し休んでから行きます; この皿を洗ってからでもいいですか？ 手が汚れてるので):
    app/lexicon/movement.json's till_something_is_done, with nothing after it that asks or goes."""
    sentences = sentences_of(text)
    for index, sentence in enumerate(sentences):
        if any(token_patterns.ends_with(p, without_closing_marks(sentence)) for p in _TILL_SOMETHING_IS_DONE):
            return not any(is_question(s) or has_movement_cue(s) for s in sentences[index + 1 :])
    return False


_UNDECIDED = token_patterns.patterns("movement", "undecided")


def undecided(text: AnalyzedText) -> bool:
    """The text's last sentence says the player has not decided (まだ決められない, どうしようかな):
    app/lexicon/movement.json's undecided."""
    return last_sentence_closes_on(text, _UNDECIDED)


def not_now(text: AnalyzedText) -> bool:
    """The text ends putting things off or undecided: whatever it went to before, it does not go now."""
    return puts_off(text) or undecided(text)


def without_what_is_put_off(text: AnalyzedText, analyzer: TextAnalyzer) -> AnalyzedText:
    """The text without its sentences, before the last, that put something off or leave it undecided (いや、
    倉庫はまた今度。今日はもう帰ります → 今日はもう帰ります; 屋根裏に行くか帰るか…今日はもう帰ります): a place
    named there is not where the text goes. The last one is puts_off's and undecided's."""
    sentences = sentences_of(text)
    kept = [s for s in sentences[:-1] if not last_sentence_closes_on(s, _PUTTING_OFF + _UNDECIDED)]
    kept += sentences[-1:]
    return text if len(kept) == len(sentences) else analyzer.analyze("".join(s.norm for s in kept))


_MUST_TAIL = ("いけ", "いか", "駄目", "だめ", "ダメ", "まずい", "困", "あかん")
_CANNOT_NOT = ("いか", "行か")


def _in_its_clause(after_verb: tuple[tuple[str, str, str], ...]) -> tuple[tuple[str, str, str], ...]:
    """The words after the verb up to the end of its clause (、 or a closing mark)."""
    for index, (surface, _, _) in enumerate(after_verb):
        if surface in _CLAUSE_ENDS:
            return after_verb[:index]
    return after_verb


def _must(after_verb: tuple[tuple[str, str, str], ...], verb: tuple[str, str, str] | None = None) -> bool:
    """戻らないと(ね), 行かないといけない, 行かんと, 帰らんば, 行かないわけにはいかない: "I must go", not a negation;
    with the `verb`, a negative taken back (行かないわけない) or nothing but going (戻るしかない):
    movement.json's affirmed."""
    clause = _in_its_clause(after_verb)
    if verb is not None and any(token_patterns.starts_with(p, (verb, *clause)) for p in _AFFIRMED):
        return True
    surfaces = [surface for surface, _, _ in clause]
    if surfaces[:3] == ["ない", "わけ", "に"]:  # (…には, then いかない: cannot not go)
        return [s for s in surfaces[3:] if s != "は"][:1] in ([c] for c in _CANNOT_NOT)
    # (the eastern ね the analyser reads as ない or ず: 戻らねーと, 行かねば; Kyushu's ん with ば: 帰らんば)
    eastern = bool(clause) and surfaces[0].startswith("ね") and clause[0][1] in NEGATIVE_LEMMAS
    if (eastern or surfaces[:1] == ["ん"]) and surfaces[1:2] == ["ば"]:
        return True
    if surfaces[1:2] != ["と"] or not (surfaces[0] in ("ない", "ん") or eastern):
        return False
    rest = surfaces[2:]
    return all(s in SENTENCE_END_PARTICLES for s in rest) or rest[0].startswith(_MUST_TAIL)


_PLAIN_NEGATIVES = ("ない", "ぬ", "ません", "ねえ", "へん", "ひん")


def plainly_negated(after_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """The verb is negated (帰らない, 帰りません, 帰らん, 帰らねー), and no must (帰らないと, 帰らんといけん)."""
    words = _in_its_clause(after_verb)
    if not words or _must(after_verb):
        return False
    surface, lemma, _ = words[0]
    # (帰りたくない, 行きたくねえ: a want, negated)
    if lemma == _WANT and surface != lemma and len(words) > 1:
        surface, lemma, _ = words[1]
    if surface == "ませ" and len(words) > 1:  # (帰りません: ませ, then ん)
        surface, lemma, _ = words[1]
    # (帰らね, 帰らねー: the eastern ね the analyser reads as ない or ず)
    eastern = surface.startswith("ね") and lemma in NEGATIVE_LEMMAS
    return surface in _PLAIN_NEGATIVES or (surface == "ん" and lemma == _NEGATIVE_N) or eastern


_MEANING_TO = frozenset(normalized_words("気 つもり 予定"))
NEGATIVE_LEMMAS = frozenset(normalized_words("無い ない ず ぬ"))
_REFRAINED = token_patterns.patterns("movement", "refrained")
_NO_NEED = token_patterns.patterns("movement", "no_need")


def declined(after_verb: tuple[tuple[str, str, str], ...]) -> bool:
    """What follows a movement or leaving verb says the player will not go, though the verb is no plain
    negative: no intention (戻る気はまだない, 帰る気ないです, 行くつもりはありません), no need (行かなくて
    いい, 帰らんでもええ, 帰らんでよか: movement.json's no_need), called off (行くのやめとくわい: its refrained)."""
    words = _in_its_clause(after_verb)
    if any(token_patterns.starts_with(pattern, words) for pattern in (*_REFRAINED, *_NO_NEED)):
        return True
    if words[:1] and words[0][0] in _MEANING_TO:
        return any(lemma in NEGATIVE_LEMMAS for _, lemma, _ in words[1:5])
    return False


# Words of a place that are no place's name (app/lexicon/movement.json says where each is read).
_PLACE_PRONOUNS = lexicon.phrases("movement", "place_pronouns")
DIRECTIONS = lexicon.words("movement", "directions")
_CARRYING = lexicon.words("movement", "carrying")
_NOT_WHERE = lexicon.words("movement", "not_where")


def named_things(text: AnalyzedText) -> list[str]:
    """The nouns of the text but words that point at a place (あっち, そこ, 次, 下) and what the player
    takes along (ライト持ってすぐ行きます, 懐中電灯を持って行こう): neither is where the player goes."""
    carried = _carried(text.tokens)
    return [
        s
        for index, (s, _, pos) in enumerate(text.tokens)
        if pos in ("名詞", "代名詞")
        and not s.startswith(_PLACE_PRONOUNS)
        and s not in DIRECTIONS
        and s not in _NOT_WHERE
        and index not in carried
    ]


def _carried(tokens: tuple[tuple[str, str, str], ...]) -> set[int]:
    """The indices of the nouns right before a carrying verb, with or without を (懐中電灯を持って)."""
    carried: set[int] = set()
    for index, (_, lemma, _) in enumerate(tokens):
        if lemma not in _CARRYING:
            continue
        before = index - 1
        if before >= 0 and tokens[before][0] in ("を", "、", ","):  # 懐中電灯、持って: を dropped
            before -= 1
        while before >= 0 and tokens[before][2] == "名詞":
            carried.add(before)
            before -= 1
    return carried


def is_place_question(text: AnalyzedText, places: tuple[str, ...] = ()) -> bool:
    """行ったことある？ / どんなところ？ / ロビーって何がある？ — about a place, not going there. `places`: the
    reachable places' names (normalised), read as names first: しょくどう いきます goes to 食堂 and does not
    ask どう行き."""
    norm = text.norm
    for name in sorted(places, key=len, reverse=True):
        norm = norm.replace(name, "■")
    return bool(_PLACE_QUESTION.search(norm))


# Asking to be shown a place or taken there (控え室を見せてもらう, 楽屋に案内してくれ, 小屋まで連れてって; the place
# set off by a comma: 裏口、案内してもらえる？), or told bluntly (駐車場見せろや): going there. movement.json's shown.
_SHOWN = lexicon.pattern("movement", "shown")


def asks_to_be_shown(text: AnalyzedText, place: Candidate) -> bool:
    trimmed = trim(text.norm)
    if (match := _SHOWN.search(trimmed)) is None:
        return False
    return any(trimmed[: match.start()].endswith(normalize(name)) for name in place.names)


_INTENTION_CLOSES = token_patterns.patterns("intention", "closing")


def intends(sentence: AnalyzedText) -> bool:
    """The sentence closes on the player's own let's, humble I will, or may I (app/lexicon/intention.json),
    and asks no who, what or where."""
    words = without_closing_marks(sentence)
    return (
        bool(words)
        and not asks_who_what_where(words)
        and any(token_patterns.ends_with(p, words) for p in _INTENTION_CLOSES)
    )


# A reachable place and a particle of direction closing a sentence, no verb: going (逃げよう！高台へ！; よし、ドームへ).
_HEADING = ("へ", "まで", "のほうへ", "の方へ")
# …or chosen as where to go (うん、祠にします): a place is no dish or drink to order.
_CHOSEN = ("にします", "にする", "にしよう", "にしましょう")


def heads_for(text: AnalyzedText, places: tuple[str, ...]) -> bool:
    """A sentence whose last clause is a reachable place and へ or まで and nothing else (高台へ！), or that
    place chosen (祠にします): going there, the verb left out. `places`: the reachable places' names
    (normalised)."""
    for sentence in sentences_of(text):
        last = clauses_of(sentence)[-1:]
        clause = trim(last[0].norm).rstrip("、,") if last else ""
        if any(clause == f"{name}{to}" for name in places for to in (*_HEADING, *_CHOSEN)):
            return True
    return False


def bare_movement(text: AnalyzedText) -> bool:
    """A sentence that is a movement with nothing else named (だな、行ってみよう; それしかないね。行きます):
    after an invitation, its place is the invited one. 「後で行く」 or 「ご飯行こう」 name something else."""
    return any(has_movement_cue(sentence) and not named_things(sentence) for sentence in sentences_of(text))


def bare_movement_after_openers(text: str, analyzer: TextAnalyzer) -> bool:
    """A bare movement once the reply's openers are taken off; only when there were some."""
    opened = without_openers(text)
    return opened != text and bare_movement(analyzer.analyze(opened))


_GIVEN_UP = lexicon.pattern("movement", "given_up")


def after_giving_up(text: AnalyzedText, analyzer: TextAnalyzer) -> AnalyzedText | None:
    """What follows the last intention the text gives up (資料室に行こうと思ったけど、やっぱり先に発電小屋を
    見てくる → やっぱり先に発電小屋を見てくる): what the player does instead; None when it gives up none, or
    nothing follows."""
    matches = list(_GIVEN_UP.finditer(text.norm))
    if not matches:
        return None
    rest = text.norm[matches[-1].end() :].lstrip("、,。. ")
    return analyzer.analyze(rest) if rest else None
