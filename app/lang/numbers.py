"""Numbers written in words, IT and EN ("trecentoventi", "forty-five", "two thousand and ten"), for arithmetic.

People dictate sums ("quanto fa trecento meno ottantacinque", "what's forty-five times twelve"); the
calculator and the fast path read digits. Only a run of number words next to an operator word is read
as a number: "leggi le righe una per una" and "the one in ~/x" keep their words.
"""
from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache, partial

from app.lang.rules.arithmetic_words import ARITHMETIC_WORDS

_IT_UNITS = {"zero": 0, "uno": 1, "una": 1, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7,
             "otto": 8, "nove": 9, "dieci": 10, "undici": 11, "dodici": 12, "tredici": 13, "quattordici": 14,
             "quindici": 15, "sedici": 16, "diciassette": 17, "diciotto": 18, "diciannove": 19}
_IT_TENS = {"venti": 20, "trenta": 30, "quaranta": 40, "cinquanta": 50, "sessanta": 60, "settanta": 70,
            "ottanta": 80, "novanta": 90}
_EN_SMALL = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
             "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
             "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}
_EN_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fourty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
            "eighty": 80, "ninety": 90}
# "2 alla decima", "3 to the fourth": a power said as an ordinal
_ORDINALS = {"seconda": 2, "terza": 3, "quarta": 4, "quinta": 5, "sesta": 6, "settima": 7, "ottava": 8, "nona": 9,
             "decima": 10, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "ninth": 9, "tenth": 10}
# words alone too common to be a number: the article "un/una", "a", "one" ("the one in ~/x"), "sei" ("you are")
_TOO_COMMON = frozenset({"un", "uno", "una", "a", "one", "sei", "tre", "due"})
# the words of arithmetic a number stands next to ("più", "times", "diviso per", "% di"): rules/arithmetic_words.py
_OPERATOR_RULES = ("operator_it", "operator_en", "operator_sign", "decimal_point")
# "3 virgola 5", "two point five": one number with its decimals (rules/arithmetic_words.py, decimal_point)
_DECIMAL = re.compile(r"(?<![\d.,])(\d+)\s+(?:" + "|".join(ARITHMETIC_WORDS.rule("decimal_point").words)
                      + r")\s+(\d+)(?![\d.,])", re.IGNORECASE)
# thousands as the request's language groups them ("1,250" in English, "1.250" in Italian): written without
MAX_TYPED = 40  # digits and separators: a longer run is no number a person typed
_GROUPS = {"en": (ARITHMETIC_WORDS.pattern("digit_groups_en"), ","),
           "it": (ARITHMETIC_WORDS.pattern("digit_groups_it"), ".")}
OPERATOR_WORDS = frozenset(w for r in _OPERATOR_RULES for w in ARITHMETIC_WORDS.rule(r).words)

# operator words with no other everyday sense ("per" is also "for", "x" a letter)
_ONLY_ARITHMETIC = frozenset({"più", "piu", "meno", "plus", "minus", "times", "diviso", "divided", "moltiplicato",
                              "multiplied", "fratto"})


def _it_below_100(w: str) -> int | None:
    if w in _IT_UNITS:
        return _IT_UNITS[w]
    for word, value in _IT_TENS.items():
        for stem in (word, word[:-1]):  # "ventuno", "trentotto": the ten drops its vowel before "uno"/"otto"
            if w.startswith(stem):
                rest = w[len(stem):]
                if not rest:
                    return value
                unit = _IT_UNITS.get(rest)
                if unit is not None and 0 < unit < 10:
                    return value + unit
    return None


def _it_value(w: str) -> int | None:
    """One Italian number word ("duemilacinquecentoquaranta") -> its value, or None."""
    w = w.replace("é", "e").replace("è", "e")
    if not w:
        return None
    for big, mult in (("mila", 1000), ("mille", 1000)):
        if big in w:
            head, _, tail = w.partition(big)
            if big == "mille" and head:
                return None
            h = _it_value(head) if head else 1
            t = _it_value(tail) if tail else 0
            return None if h is None or t is None or (big == "mila" and h < 2) else h * mult + t
    if "cent" in w:
        head, _, tail = w.partition("cent")
        tail = tail[1:] if tail.startswith(("o", "e")) else tail  # "cento", "centoventi", "trecentottanta"
        h = _it_value(head) if head else 1
        t = _it_below_100(tail) if tail else 0
        return None if h is None or t is None or h > 9 else h * 100 + t
    return _it_below_100(w)


def _en_value(words: list[str]) -> int | None:
    """English number words ("three hundred and twenty", "forty-five") -> their value, or None."""
    total, current, seen = 0, 0, False
    for k, w in enumerate(words):
        if w == "a" and k == 0 and words[1:2] in (["hundred"], ["thousand"]):
            continue  # "a hundred"
        parts = w.split("-")
        if len(parts) == 2 and parts[0] in _EN_TENS and parts[1] in _EN_SMALL and _EN_SMALL[parts[1]] < 10:
            current += _EN_TENS[parts[0]] + _EN_SMALL[parts[1]]
        elif w in _EN_SMALL:
            current += _EN_SMALL[w]
        elif w in _EN_TENS:
            current += _EN_TENS[w]
        elif w == "hundred":
            current = (current or 1) * 100
        elif w == "thousand":
            total += (current or 1) * 1000
            current = 0
        elif w == "and" and seen:
            continue
        else:
            return None
        seen = True
    return total + current if seen else None


def value_of(words: list[str]) -> int | None:
    """The value of a run of number words in either language, or None."""
    low = [w.lower() for w in words]
    if len(low) == 1:
        v = _it_value(low[0])
        if v is not None:
            return v
    if low and low[-1] == "and":
        return None
    return _en_value(low)


_WORD = re.compile(r"[a-zà-ÿ]+(?:-[a-z]+)?", re.IGNORECASE)


# a cheap look before the token walk (every request is read for slots several times): an operator word or sign
# (the operator words, then "by", "to the" and the signs, a group per rule)
_ANY_OPERATOR = re.compile(r"(?i)(?:^|\s)(?:" + "|".join(ARITHMETIC_WORDS.rule(r).alternation()
                                                         for r in (*_OPERATOR_RULES, "operator_cue")) + r")(?=\s|$)")


@lru_cache(maxsize=4096)
def number_word_spans(text: str) -> tuple[tuple[int, int, int], ...]:
    """(start, end, value) of each run of number words standing next to an operator word or a digit."""
    if not _ANY_OPERATOR.search(text):
        return ()
    return tuple(_spans(text))


def _spans(text: str) -> list[tuple[int, int, int]]:
    tokens = [(m.start(), m.end(), m.group(0)) for m in re.finditer(r"\S+", text)]
    out: list[tuple[int, int, int]] = []
    i = 0
    while i < len(tokens):
        word = tokens[i][2].strip("?!.,;:").lower()
        prev = [t[2].lower() for t in tokens[max(0, i - 2):i]]
        if word in _ORDINALS and (prev[-1:] == ["alla"] or prev == ["to", "the"]):
            last = tokens[i]
            out.append((last[0], last[0] + len(last[2].rstrip("?!.,;:")), _ORDINALS[word]))
            i += 1
            continue
        best: tuple[int, int] | None = None
        for j in range(min(len(tokens), i + 6), i, -1):  # the longest run that reads as one number
            words = [t[2].strip("?!.,;:") for t in tokens[i:j]]
            if not all(_WORD.fullmatch(w) for w in words) or words[-1].lower() == "and":
                continue
            v = value_of(words)
            if v is not None:
                best = (j, v)
                break
        if best is None:
            i += 1
            continue
        j, v = best
        first = tokens[i][2].strip("?!.,;:").lower()
        if first == "cento" and i and tokens[i - 1][2].lower() == "per":
            i = j  # "il 20 per cento di 50": percent, not a hundred
            continue
        lone = j - i == 1 and first in _TOO_COMMON
        if _beside_operator(tokens, i, j, need_operand=lone):
            last = tokens[j - 1]
            out.append((tokens[i][0], last[0] + len(last[2].rstrip("?!.,;:")), v))
        i = j
    return out


def _beside_operator(tokens: list[tuple[int, int, str]], i: int, j: int, need_operand: bool = False) -> bool:
    """Next to an operator word; a common word ("one", "tre", "sei") only with a number across the operator
    ("one plus one", "sei per 7"), never in "una per una" or "sei per caso a casa"."""
    def word(k: int) -> str:
        return tokens[k][2].strip("?!.,;:").lower() if 0 <= k < len(tokens) else ""

    def operand(k: int) -> bool:
        w = word(k)
        return bool(re.fullmatch(r"\d+(?:[.,]\d+)?", w)) or (w not in _TOO_COMMON and value_of([w]) is not None)

    before, after = word(i - 1), word(j)
    if before == "by" or (before == "per" and word(i - 2) == "diviso"):  # "divided by nine"
        before_op = True
    else:
        before_op = before in OPERATOR_WORDS or bool(re.fullmatch(r"[-+*/^]", before))
    after_op = after in OPERATOR_WORDS or bool(re.fullmatch(r"[-+*/^]", after))
    if not need_operand:
        return before_op or after_op
    strong = before in _ONLY_ARITHMETIC or after in _ONLY_ARITHMETIC  # "tre più tre", "one plus one"
    return strong or (before_op and operand(i - 2)) or (after_op and operand(j + 1))


def digits_for_words(text: str) -> str:
    """`text` with its number words next to arithmetic written as digits ("sette per otto" -> "7 per 8"), and its
    numbers grouped in thousands written without the groups ("1,250" in English, "1.250" in Italian -> "1250"):
    what is left of a comma or a point is then a decimal one."""
    spans = number_word_spans(text)
    for start, end, value in reversed(spans):
        text = text[:start] + str(value) + text[end:]
    return ungrouped(_DECIMAL.sub(r"\1.\2", text))


def ungrouped(text: str) -> str:
    """`text` with its thousands groups removed as its language writes them (rules/arithmetic_words.py)."""
    from app.lang.detect import detect_lang  # detect reads the units table, which reads numbers' neighbours

    if not any(rx.search(text) for rx, _ in _GROUPS.values()):
        return text  # no number grouped in thousands: the language is not read (this runs on every calculation)
    lang = "it" if detect_lang(text) == "it" else "en"
    for key, (rx, sep) in _GROUPS.items():  # the other language's groups only when two or more ("1,250,000")
        text = rx.sub(partial(_ungroup, sep=sep, mine=key == lang), text)
    return text


def _ungroup(m: re.Match[str], sep: str, mine: bool) -> str:
    return m.group(0).replace(sep, "") if mine or m.group(0).count(sep) > 1 else m.group(0)


def number_as_typed(text: str, lang: str) -> Fraction | None:
    """Digits as typed: decimal comma or point; "1.500" is 1500 in Italian and "1,500" in English (read by the
    calculator's units and by tools/columns.py for a table's cells: one reader of typed digits)."""
    if len(text) > MAX_TYPED:
        return None
    seps = re.findall(r"[.,]", text)
    groups = re.split(r"[.,]", text)
    if not seps:
        return Fraction(int(text))
    if len(seps) > 1:
        if any(len(g) != 3 for g in groups[1:-1]) or len(set(seps[:-1])) != 1:
            return None
        if seps[-1] == seps[0]:  # 1.000.000
            return Fraction(int("".join(groups))) if len(groups[-1]) == 3 else None
        return Fraction("".join(groups[:-1]) + "." + groups[-1])  # 1.000,5 / 1,000.5
    thousands = "." if lang == "it" else ","
    if seps[0] == thousands and len(groups[1]) == 3 and groups[0] != "0":
        return Fraction(int(groups[0] + groups[1]))
    return Fraction(groups[0] + "." + groups[1])
