"""Reading a text for small talk: questions about the person, remarks on a thing."""

from __future__ import annotations

import re

from app import lexicon
from app.pipeline.readings.replies import is_invitation
from app.pipeline.readings.text import CLOSING_MARKS, is_kanji, is_question, trim
from app.text import AnalyzedText

# Questions about the person asked, and what in a topic's own texts makes them the topic's
# (app/lexicon/small_talk.json).
TENURE = lexicon.pattern("small_talk", "tenure")
PERSONAL = lexicon.pattern("small_talk", "personal")
SOMEONE_DESCRIBED = lexicon.pattern("small_talk", "someone_described")


def asks_about_the_person(text: AnalyzedText) -> bool:
    """How long someone has done something, or their age, home town, school, home or hobbies."""
    norm = text.norm
    return bool(TENURE.search(norm) or (PERSONAL.search(norm) and not SOMEONE_DESCRIBED.search(norm)))


def prefixed_stem(tokens: tuple[tuple[str, str, str], ...], index: int) -> bool:
    """A verb's stem after the prefix お or 御, which names a thing (お守り, お手玉) that the analyser reads
    as the verb (守る)."""
    return tokens[index][2] == "動詞" and index > 0 and tokens[index - 1][2] == "接頭辞"


# A remark on a thing at hand that closes the text (このスープ、あったかーい; 三浦さん、その手帳、使い込んでますね);
# not ここの, そこの (here, there), nor hearsay (この旅館、昔は療養所だったって聞きました: news of the place).
# (An ellipsis, which NFKC writes as dots, sets the thing off too: そのカーディガン…まあ似合ってる.)
_REMARKED = re.compile(r"(?<![こそあど])(?:その|この)(?P<thing>[^、。?!.]{1,10})(?:、|\.{2,})(?P<remark>[^、。?!]+)$")
_HEARSAY = re.compile(r"(って|と)(聞|言|い[うっ])|らしい|そうだ|そうです|んだって|ですって")

# (そうだ after a stem is how a thing looks, not hearsay: その懐中電灯、明るそうですね; SudachiPy reads that
# そう as a 形状詞, hearsay's as a noun: 明日閉まるそうですね)
_LOOKS = re.compile(r"そう(だ|です)")

# An opinion put as a question, asking to be agreed with (そのジャージ、ダサくね？ その靴、泥だらけじゃない？),
# is a remark too.
_TAG_QUESTION = re.compile(r"(く|じゃ)(ね|ねえ|ねー|ない)\?$")

# Where the listener bought a thing of theirs, asked (その長靴、どこで買うたと？ そのネクタイどこで買ったのよ),
# is a remark on it too.
_WHERE_BOUGHT = re.compile(
    r"(?<![こそあど])(?:その|この)(?P<thing>[^、。?!]{1,10}?)、?(?:って|は)?、?どこで(?:買|こう|購入)"
)

# A remark on the place itself, the player's here (ここ、かび臭いじゃん; ここはひんやりしてんな), set off by
# a comma, は or って: not ここで待ってる, ここからの景色 (a thing of its own).
HERE = ("ここ", "こっち", "この辺", "ここら")
_HERE_REMARKED = re.compile(rf"^(?P<thing>{'|'.join(HERE)})(?:(?:は|って)、?|、)(?P<remark>[^、。?!]+)$")


# …or the remark first and the thing after it, closing the text (すごいなあ、この仕掛け; ちっちゃくてキュートだら、
# このベビーたち), when the remark says how the thing is (_says_how_it_is): not 教えてよ、その話, a request.
_REMARKED_BEFORE = re.compile(r"^(?P<remark>[^、。?!]+)、(?:その|この)(?P<thing>[^、。?!.]{1,10})$")


def _says_how_it_is(text: AnalyzedText) -> bool:
    """The words before the text's last comma end, their particles and endings aside, on an adjective
    (すごいなあ; キュートだら) or on a noun an adjective qualifies (いい匂いだら), and after it only a thing is
    named (この油; not いいよ、その写真見せて)."""
    words = [word for word in text.tokens if word[0] not in CLOSING_MARKS]
    comma = max((i for i, (surface, _, _) in enumerate(words) if surface == "、"), default=0)
    if not all(pos in ("連体詞", "名詞", "接尾辞") for _, _, pos in words[comma + 1 :]):
        return False
    said = [(surface, pos) for surface, _, pos in words[:comma] if pos not in ("助詞", "助動詞", "補助記号")]
    if not said:
        return False
    if said[-1][1] in ("形容詞", "形状詞"):
        return True
    return said[-1][1] == "名詞" and len(said) > 1 and said[-2][1] == "形容詞"


def content_nouns(text: AnalyzedText) -> list[str]:
    """The text's nouns that can name something: two characters or more, or a kanji standing alone.
    A run of nouns counts as one word too (お茶菓子: 茶菓子), and its one-kanji parts do not count
    alone (茶 of 茶菓子 names no tea)."""
    nouns: list[str] = []
    run: list[str] = []
    for surface, _, pos in (*text.tokens, ("", "", "")):
        if pos == "名詞":
            run.append(surface)
            continue
        if len(run) > 1:
            nouns.append("".join(run))
            nouns.extend(part for part in run if len(part) > 1)
        elif run and (len(run[0]) > 1 or is_kanji(run[0])):
            nouns.append(run[0])
        run = []
    return nouns


def thing_remarked_on(text: AnalyzedText) -> str | None:
    """What the text remarks on: the words after その or この, or the place itself (ここ); None for a text
    that is no remark (a question, hearsay, or a proposal made here: ここ、調べてみよう)."""
    said = trim(text.norm)
    if (bought := _WHERE_BOUGHT.search(said)) is not None:
        return bought.group("thing")
    if is_question(text) and not _TAG_QUESTION.search(said):
        return None
    remark = said.removesuffix("?")
    if (remarked := _REMARKED.search(remark)) is None:
        if (inverted := _REMARKED_BEFORE.match(remark)) is not None and _says_how_it_is(text):
            return inverted.group("thing")
        remarked = _HERE_REMARKED.match(remark)
        if remarked is None or is_invitation(text):
            return None
    remark = remarked.group("remark")
    looks = [pos for surface, _, pos in text.tokens if surface == "そう"] == ["形状詞"]
    hearsay = _HEARSAY.search(_LOOKS.sub("", remark) if looks else remark)
    return None if hearsay else remarked.group("thing")
