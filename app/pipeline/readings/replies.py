"""Reading a reply to the game's last line: an offer or invitation in that line, yes, no."""

from __future__ import annotations

import re

from app import lexicon
from app.lexicon import tokens as token_patterns
from app.pipeline.readings.farewell import without_closing_particles
from app.pipeline.readings.movement import (
    CONJUNCTIVE,
    MOVE_VERBS,
    NEGATIVE_LEMMAS,
    SURU,
    TRYING_AUXILIARIES,
    lets,
    movement_asked,
    named_things,
    plainly_negated,
    volitional_verbs,
)
from app.pipeline.readings.text import (
    CLOSING_MARKS,
    FIRST_PERSON_PATTERN,
    INTERJECTIONS,
    PAUSES,
    asks_who_what_where,
    opens_a_clause,
    plain_speech,
    rest_of_sentence,
    says_any_word,
    trim,
    without_closing_marks,
    without_drawn_out_vowels,
    without_openers,
)
from app.text import AnalyzedText, normalize, strip_punctuation

# A short yes: words anywhere, approval opening a clause, words opening the reply, whole replies, and the
# openers a yes may follow (app/lexicon/agreement.json).
_AGREEMENT_ANYWHERE = lexicon.phrases("agreement", "anywhere")
_APPROVAL = lexicon.phrases("agreement", "approval")
_AGREEMENT = lexicon.phrases("agreement", "opening")
_AGREEMENT_WHOLE = lexicon.phrases("agreement", "whole")

# Busy, anywhere in a reply (あの…今ちょっと手が離せない感じで…): a no.
_BUSY = re.compile(r"手が離せ(ない|ん|ませ|なく)")
_REFUSAL_OPENING = lexicon.phrases("refusal", "opening")

# English yeses in katakana that open like いえ once folded to hiragana (イエス, イェーイ).
_YES_LIKE_NO = (normalize("イエス"), normalize("いえい"), normalize("いえーい"))


def _opens_with_no(text: str) -> bool:
    return text.startswith(_REFUSAL_OPENING) and not text.startswith(_YES_LIKE_NO)


# The Shinshu let's, on a verb's negative stem (行かず: "let's go", not "without going"): asked, it
# invites (見に行かず？); said back to such an invitation, it goes (ほうだね、行かず).
_SHINSHU_LETS_ASKED = re.compile(r"[かがさたなばまらわ]ず\?$")
_SHINSHU_LETS_SAID = re.compile(r"[かがさたなばまらわ]ず$")

# (話して as a request, not inside a noun's する: 電話して, 会話して; どうぞ offers, it does not ask)
# (not 何かあったら, 何かあれば: "if anything comes up" asks nothing)
ASKING = re.compile(
    r"(\?|か$|教えて|聞かせて|(?<![一-龯])話して|知りたい|聞きたい|訊きたい|どう(?!ぞ|も)|(なに|何)(?!かあ)|誰|いつ|どこ|なぜ)"
)

# Won't you, let's, come along, in the dialects the data lists (app/lexicon/invitation.json).
_INVITING = lexicon.pattern("invitation", "inviting")


def is_invitation(text: AnalyzedText) -> bool:
    """Let's (行こう, 話そうか, 行きましょう), won't you (行ってみない？, 見てみるか？) or a plain movement
    asked (見に行く？)."""
    if _INVITING.search(text.norm):
        return True
    tokens = text.tokens
    for index, (surface, lemma, _) in enumerate(tokens):
        if lemma in MOVE_VERBS:
            rest = rest_of_sentence(tokens[index + 1 :])
            if movement_asked(surface, rest) or rest in _RALLYING:  # 見に行く？ / 法廷に行くぞ
                return True
    return lets(text)


_OFFERS = token_patterns.patterns("offer", "offering")
_ASKED_WITH = frozenset(("か", "かね", "かい", "かえ"))  # a sentence closed by these is asked, marked or not


def offers(line: AnalyzedText) -> bool:
    """The line's last question offers the player something to do (一杯やらんか？, 見に行くかね？,
    すぐにお通りになりますか, 行ってみては？), a remark after it or not (記録、見ます？ちょっと妙なんですよ):
    the token patterns of app/lexicon/offer.json, in a sentence that asks no who, what or where (誰か, 何か:
    someone, something, ask nothing)."""
    sentence = _last_question(line)
    return (
        sentence is not None
        and not asks_who_what_where(sentence)
        and any(token_patterns.ends_with(p, sentence) for p in _OFFERS)
    )


def _last_question(line: AnalyzedText) -> list[tuple[str, str, str]] | None:
    """The words of the line's last sentence that is asked (closed by a question mark or by か and its
    kind), ending on a question mark; None when no sentence is. A particle drawn out reads as itself
    (乗せてやろうかー？ asks as 乗せてやろうか？ does)."""
    words = [
        ((s.rstrip("ー") or s) if pos == "助詞" else s, lemma, pos) for s, lemma, pos in without_closing_marks(line)
    ]
    ends = [i for i, w in enumerate(words) if w[0] in CLOSING_MARKS or w[0] == "?"]
    bounds = [*(i + 1 for i in ends if i + 1 < len(words)), len(words)]
    starts = [0, *bounds[:-1]]
    for start, end in reversed(list(zip(starts, bounds, strict=True))):
        sentence = words[start:end]
        while sentence and sentence[-1][2] == "補助記号" and sentence[-1][0] != "?":
            sentence.pop()
        if sentence and sentence[-1][0] == "?":
            return sentence
        if sentence and sentence[-1][0] in _ASKED_WITH:
            return [*sentence, ("?", "?", "補助記号")]
    return None


# A movement called out to the listener (行くぞ, 戻るぜ): the speaker takes the player along.
_RALLYING = (["ぞ"], ["ぜ"])

# A clause that concedes something before what it leads to (…じゃないけど, …だが), or gives a reason
# for it (気になっていたので, 暇だし; けん: western から).
_CONCESSIVE = ("けど", "けれど", "けども", "だが", "ですが")
# A clause that gives a reason (…ので, …けん; a reason listed: …し).
REASON_ENDINGS = ("ので", "んで", "から", "けん", "し")

# Following someone (あとについていきます, ついてまいります, ついて行こう): movement.json's following.
_FOLLOWING = lexicon.pattern("movement", "following")


# Thanks as a clause of their own before a yes (恐れ入ります。ぜひご案内を…): agreement.json's thanks_first.
_THANKS_FIRST = frozenset(lexicon.phrases("agreement", "thanks_first"))


def leads_to_going(clause: AnalyzedText) -> bool:
    """A clause before a yes in a longer reply: an opener (そうですね), thanks (恐れ入ります), a yes itself, a
    concession, a reason or a stutter (べ、別に)."""
    plain = strip_punctuation(clause.norm)
    return (
        len(plain) <= 2
        or plain in INTERJECTIONS
        or plain in _THANKS_FIRST
        or plain.endswith(_CONCESSIVE + REASON_ENDINGS)
        or says_yes(clause)
    )


def gives_a_reason(sentence: AnalyzedText) -> bool:
    """A sentence that only gives a reason (…聞きたいことがあるので), with no question mark: after a yes, it
    asks nothing and remarks on no going."""
    return strip_punctuation(sentence.norm).endswith(REASON_ENDINGS) and "?" not in sentence.norm


def follows(reply: AnalyzedText) -> bool:
    """The reply says the player goes along behind someone (工藤さんのあとについていきますね); asked
    (誰についていくの？), it does not."""
    return bool(_FOLLOWING.search(strip_punctuation(reply.norm))) and not ASKING.search(reply.norm)


# The player's own "I" opening a reply to an invitation (おじさん, おばさん: how the middle-aged name
# themselves, counted only here, before a yes or a no).
_SELF = rf"(?:{FIRST_PERSON_PATTERN}|おじさん|おばさん)"
_OWN_SUBJECT = re.compile(rf"^{_SELF}(?:も|は)")


def _opens_with_agreement(opened: str, reply: AnalyzedText) -> bool:
    """`opened` starts with a yes word; ええ before a noun is "good" in western speech (ええ天気じゃのう)."""
    word = next((w for w in _AGREEMENT if opened.startswith(w)), None)
    if word is None:
        return False
    tokens = reply.tokens
    return word != "ええ" or not any(
        surface == "ええ" and tokens[i + 1][2] == "名詞" for i, (surface, _, _) in enumerate(tokens[:-1])
    )


def says_yes(reply: AnalyzedText) -> bool:
    """A short yes (うん、行こう / いいですよ / うっす)."""
    stripped = strip_punctuation(reply.raw)
    text = plain_speech(stripped)
    opened = without_openers(text)
    # 自分も行きます, 私は賛成: the player's own "I" (も, は) before the yes
    own = _OWN_SUBJECT.sub("", opened, count=1)
    return (
        (_opens_with_agreement(opened, reply) or (own != opened and _opens_with_agreement(own, reply)))
        # (asked back, a whole-reply yes is a question: 一緒に？)
        or (
            not trim(reply.norm).endswith("?")
            and any(
                without_closing_particles(r) in _AGREEMENT_WHOLE
                for r in (text, opened, stripped)  # うっす, before っす reads as です
            )
        )
        # …or two of them (おけ、りょ)
        or all(
            without_closing_particles(clause) in _AGREEMENT_WHOLE
            for clause in PAUSES.split(plain_speech(trim(reply.norm)))
        )
        or says_any_word(reply, _AGREEMENT_ANYWHERE)
        or _nods(reply)
        or opens_a_clause(reply, _APPROVAL)
        # a yes after what it is given on (お嬢様がお望みとあらば、喜んで), in a reply that asks nothing
        or (
            _opens_with_agreement(without_openers(plain_speech(PAUSES.split(trim(reply.norm))[-1])), reply)
            and not ASKING.search(reply.norm)
        )
    )


_NODDING = lexicon.words("agreement", "gesture")


def _nods(reply: AnalyzedText) -> bool:
    """A nod written as narration or a stage direction (*黙ってうなずく*), not one withheld (うなずかない)."""
    return any(
        lemma in _NODDING and not plainly_negated(reply.tokens[index + 1 :])
        for index, (_, lemma, _) in enumerate(reply.tokens)
    )


_BEING = frozenset(normalize(w) for w in ("ある", "有る", "いる", "居る"))


def _verb_said_twice(reply: AnalyzedText, invitation: AnalyzedText) -> bool:
    """The invitation's verb said twice, eagerly (一緒に見ます？ → 見る見る, read by the analyser as the
    adverb みるみる): the whole reply, in the verb's dictionary form or, as the analyser reads it, in any
    form (乗ります乗ります)."""
    said = trim(reply.norm).rstrip("!！")
    half = said[: len(said) // 2]
    # (the verb it closes on, or the one before an auxiliary: 見てみます; not being there: あるある)
    invited = [lemma for _, lemma, pos in invitation.tokens if pos == "動詞"][-2:]
    if len(said) >= 4 and said == half * 2 and half in invited and half not in _BEING:
        return True
    # …or in any form, the same words twice (乗ってく？ → 乗ります乗ります！), not past nor negated (見た見た)
    words = [word for word in reply.tokens if word[2] != "補助記号"]
    half_words = words[: len(words) // 2]
    twice = len(words) >= 2 and len(words) % 2 == 0 and half_words == words[len(words) // 2 :]
    past_or_not = any(lemma in _PAST_OR_NOT for _, lemma, _ in half_words)
    return twice and not past_or_not and words[0][2] == "動詞" and words[0][1] in invited and words[0][1] not in _BEING


_PAST_OR_NOT = frozenset(("た", "ない", "ず", "ぬ"))


def echoes(reply: AnalyzedText, invitation: AnalyzedText) -> bool:
    """A let's that repeats what the invitation proposed (一緒に確認しに行きましょう → ですね、確認しましょう):
    its verb's stem (for する, the noun before it) is in the invitation, and so is all it names. 「一人に
    させてやろうぜ」 shares 一人 with 「一人で投げてるみたい。見に行かない？」 but proposes something else.
    (Stems, not dictionary forms: SudachiPy reads 調べに行こう's 調べ as a noun.)"""
    if _verb_said_twice(reply, invitation):
        return True
    if not all(thing in invitation.norm for thing in named_things(reply)):
        return False
    tokens = reply.tokens
    for index in volitional_verbs(reply):
        verb = index
        # 見てみましょう, 確かめておこう: the verb before the auxiliary says what is proposed
        while verb >= 2 and tokens[verb][1] in TRYING_AUXILIARIES and tokens[verb - 1][0] in CONJUNCTIVE:
            verb -= 2
        surface, lemma, _ = tokens[verb]
        if lemma == SURU:
            stem = tokens[verb - 1][0] if verb > 0 else ""
        elif verb != index:
            stem = surface
        else:
            stem = surface.removesuffix("よう") if surface.endswith("よう") else surface.removesuffix("う")
        # (a godan let's changes its last kana: 運ぼう's stem is what it shares with 運ぶ, as 運びましょうか has it)
        shared = next(
            (i for i, (a, b) in enumerate(zip(surface, lemma, strict=False)) if a != b), min(len(surface), len(lemma))
        )
        stems = (stem, surface[:shared])
        # one kana (見よう's み) could be anywhere in the line
        if any(s and s in invitation.norm and not (len(s) == 1 and "ぁ" <= s <= "ゖ") for s in stems):
            return True
    return False


def lets_as_invited(reply: AnalyzedText, invitation: AnalyzedText) -> bool:
    """A let's in the dialect form the invitation asked it in, said back (行かず？ → ほうだね、行かず): only
    there, for 行かず alone is also "without going"."""
    asked = _SHINSHU_LETS_ASKED.search(trim(invitation.norm))
    return bool(asked and _SHINSHU_LETS_SAID.search(trim(reply.norm)))


# …or that stays where the player is (腰が痛うてな、ここで待っとるよ; えー、私はここで待ってる).
STAYING_HERE = re.compile(
    # (まだここにおる: still staying)
    rf"(?:(?:{FIRST_PERSON_PATTERN})(?:は|も))?(?:まだ|しばらく|もう(?:少し|ちょっと|ちょい|ちっと|ちいと|ちょっこし))?(?:ここ|こっち)"
    r"(?:(?:で|に)(?:待って(?:る|ます|います|おきます)|待っと(?:る|く|ります|きます)|待ちます|残る|残ります"
    r"|残って(?:る|ます)|いる|います|おる|おります)"
    # …or goes on doing something here (ぼくはここでドレス見張ってるよ, ここで布見よる, ここで船見ちょる: western)
    r"|で[^、。?]{0,10}?(?:[てでとよ]|ちょ)(?:る|ます|います|おる|おります))"
    r"(?:から|がら|し)?(?:ね|よ|わ|ぜ|な|けん|けえ|けぇ|きに|すけ)*$"  # not past: ここで待ってたのは湊さんだよ
)

# …or that sends the one inviting alone (兄貴だけでどうぞ; タケ、行ってこい), read from the data.
_GO_ALONE = lexicon.pattern("refusal", "go_alone")


def tells_to_go_alone(norm: str) -> bool:
    """`_GO_ALONE`, drawn-out and trailing ellipses aside (常さんひとりで…いってきてぇ…)."""
    return bool(_GO_ALONE.search(without_drawn_out_vowels(trim(norm))))


# The player's own "I" found fine as it is (わしはええわ, おれはいいっちゃ, アタシはパス): no thanks.
DECLINING_ME = re.compile(rf"^{_SELF}は(?:いい|ええ|よか|結構|遠慮|パス)")

# An apology opening a reply with no yes, a no opening its last clause, a can't or pass ending it.
_APOLOGY = lexicon.phrases("refusal", "apology")
_REFUSAL_LAST_CLAUSE = lexicon.phrases("refusal", "last_clause")
_REFUSAL_CLOSING = lexicon.pattern("refusal", "closing")


def says_no(reply: AnalyzedText) -> bool:
    """A no that asks nothing: one opening the reply (いや、まだここを調べたい; after an opener: そしたら、後で
    行く), ending it (危ないよ、やめとこう; 今メイク中だから無理), staying here, sending the other alone, busy,
    an apology with no yes (opening the reply, or closing it after a can't), or the player's own "I" fine as
    it is."""
    text = trim(reply.norm.lstrip("、。,.!！…‥「」 "))
    if ASKING.search(text):
        return False
    last_clause = PAUSES.split(text)[-1]
    return bool(
        _opens_with_no(text)
        or _opens_with_no(without_openers(text).lstrip("、。,. "))
        or last_clause.startswith(_REFUSAL_LAST_CLAUSE)
        or _REFUSAL_CLOSING.search(last_clause)
        or STAYING_HERE.match(last_clause)
        or tells_to_go_alone(last_clause)
        or _BUSY.search(text)
        or ((text.startswith(_APOLOGY) or _sorry_for_a_cant(reply, last_clause)) and not says_yes(reply))
        or DECLINING_ME.match(text)
    )


# How long an apology closing a reply may run with what closes it (すみませんね, ごめんなさい).
_APOLOGY_TAIL = 5


def _sorry_for_a_cant(reply: AnalyzedText, last_clause: str) -> bool:
    """An apology in a clause of its own closing the reply, after a can't or won't (酒はあんまり飲めねえ、
    すまねえ; 今日は行けないんです、ごめんなさい): a polite no. Sorry alone after what was done thanks
    (気を使わせてしまって、すみません。); the apology's own negative (すみません) counts for nothing."""
    apology = next((a for a in _APOLOGY if last_clause.startswith(a)), None)
    if apology is None or len(last_clause) - len(apology) > _APOLOGY_TAIL:
        return False
    words = without_closing_marks(reply)  # (a closing 。 or ！ is no pause before the apology)
    pauses = [i for i, (surface, _, _) in enumerate(words) if PAUSES.fullmatch(surface)]
    before = words[: pauses[-1]] if pauses else []
    return any(pos == "助動詞" and lemma in NEGATIVE_LEMMAS for _, lemma, pos in before)
