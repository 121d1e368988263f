"""Actions told or explained rather than asked for: what the person says they did ("I moved X last night"),
an action reported or asked about ("ho già cancellato X?", "did you copy X?"), and a because-clause that says why
("elenca X perché non ricordo cosa c'è"). Read by `signature_of_tokens` (signature.py) and by `action_of`.
"""
from __future__ import annotations

import re

from .lexicon import EN_VERBS, TEXTING
from .rules.recall import RECALL
from .vocabulary import verb_class

_AUX = frozenset({"ho", "hai", "ha", "abbiamo", "avete", "hanno", "avevo", "aveva", "sei", "sono", "siamo", "siete",
                  "è", "have", "has", "had", "did",
                  "i've", "ive", "you've", "we've"})
_BETWEEN_AUX = frozenset({"già", "gia", "mai", "ancora", "already", "you", "i", "we", "tu", "io", "it", "just", "ever",
                          "not", "non", "u"})  # no articles: "quando ho la visita?" is a noun, not "visitato"
_THIRD_PERSON = frozenset(f for b in EN_VERBS.get("read", []) + EN_VERBS.get("open", []) + EN_VERBS.get("delete", [])
                          + EN_VERBS.get("copy", []) + EN_VERBS.get("move", []) + EN_VERBS.get("write", [])
                          + EN_VERBS.get("append", [])
                          + EN_VERBS.get("list", []) + EN_VERBS.get("find", [])
                          if " " not in b for f in (b + "s", b + "es"))


_ASKS_IF_REMEMBERED = RECALL.pattern("asks_if_remembered")
_TOLD_BEFORE = RECALL.pattern("told_before")
# past participles, feminine and plural too: "la cartella l'ho creata io", "le ho spostate io"
_PARTICIPLE = ("ato", "ati", "ata", "ate", "ito", "iti", "ita", "ite", "uto", "uti", "uta", "ute", "ed", "en", "itto",
               "otto")
_PARTICIPLE_IT = tuple(p for p in _PARTICIPLE if p[-1] in "aeio")
# participles that are no plural imperative ("cancellate X", "aprite X" ask): read as adjectives after a noun
_ADJECTIVAL = ("ato", "ata", "ati", "ito", "ita", "iti", "uto", "uta", "uti")
# a subject with its auxiliary left out, as a second language or a dialect writes it: "io cambiato codice ieri"
# (everyday9-31: read as a request to edit, and a file was nearly written)
_SUBJECT = frozenset({"io", "noi"})
# who "did" something in a question about the past: "did you…", "did I…", and the Scots "ah" for "I"
_DID_SUBJECTS = frozenset({"you", "u", "ye", "i", "ah", "we", "he", "she", "they", "it"})
_PAST = frozenset({"found", "made", "wrote", "sent", "put", "took", "saw", "did", "ran", "got", "kept", "threw"})
_SUBJECT_VERB = re.compile(r"(?i)\b(?:i|we)\s+(?:just\s+|already\s+|also\s+|finally\s+)?([a-z]+)\b")


_PAST_TIME = re.compile(r"(?i)\b(?:this morning|yesterday|earlier|last night|already|ago|before lunch|"
                        r"this afternoon)\b")


def told_done(text: str) -> bool:
    """ "I opened X already", "we moved X last night", "I read X this morning": the person says what they did (the
    tokens have lost the pronoun, so the raw text is read; "read" and "put" are past only with a past time)."""
    past_time = bool(_PAST_TIME.search(text))
    return any(verb_class(w.lower()) and (w.lower().endswith(("ed", "en")) or w.lower() in _PAST or past_time)
               for w in _SUBJECT_VERB.findall(text))


def adjectival(toks: list[str], i: int) -> bool:
    """Is the Italian participle at toks[i] an adjective of the word before it ("leggi il file spostato ieri": the
    file that was moved, no move asked)? Not after an auxiliary or a subject ("ho spostato", "io spostato": told,
    read by `reported`), nor at the start."""
    return i > 0 and toks[i].endswith(_ADJECTIVAL) and toks[i - 1] not in _AUX and toks[i - 1] not in _SUBJECT and \
        toks[i - 1] not in _BETWEEN_AUX and toks[i - 1].isalpha() and not verb_class(toks[i - 1])


def reported(toks: list[str]) -> bool:
    """An action told or asked about rather than asked for: "ho già cancellato X?", "have you moved X",
    "did you copy X?", "which app opens X by default?"."""
    for i, t in enumerate(toks):
        if t in _THIRD_PERSON and i > 0 and toks[i - 1] not in ("it", "lo"):
            return True
        if t in ("already", "già", "gia") and i + 1 < len(toks) and verb_class(toks[i + 1]):
            return True  # "I already read X this morning"
        if t not in _AUX and t not in _SUBJECT:
            continue
        j = i + 1
        while j < len(toks) and toks[j] in _BETWEEN_AUX:
            j += 1
        if t == "did" and j < len(toks) and toks[i + 1] in _DID_SUBJECTS and toks[j].isalpha():
            return True  # "did you make already the folder X?", "whit time did ah clock in this mornin?": asks what
            # was done or when, with any verb, a second language's word order and Scots "ah" too (batches 48, 49)
        if j < len(toks) and verb_class(toks[j]) and (t == "did" or toks[j].endswith(
                _PARTICIPLE_IT if t in _SUBJECT else _PARTICIPLE)):
            # not "ho la visita"; a participle agrees with a clitic object: "la cartella l'ho creata io"
            return True
    return False


CAUSAL = frozenset({"perché", "perchè", "perche", "xké", "xkè", "xke", "xché", "xchè", "xche", "because", "cause",
                    "cuz", "coz"})


def _infinitive(word: str) -> bool:
    """An Italian infinitive of a verb the lexicon knows: after "che" it is left of "che mi voglio guardare…", "che
    devo ritrovare…" once the helper verb and its pronoun are read as no content (everyday19-51: "aprimi la cartella
    X che mi voglio guardare le fotografie" listed the folder instead of opening it)."""
    return word.endswith(("are", "ere", "ire")) and verb_class(word) is not None


def without_reason(toks: list[str]) -> list[str]:
    """"elenca /mnt/usb perché non mi ricordo cosa c'è": after the action, a because-clause is why, not what."""
    for k, t in enumerate(toks):
        reason = TEXTING.get(t, t) in CAUSAL or (
            # "elenca i file di X che devo ritrovare la verifica": a spoken "because" right after the value
            t == "che" and k > 0 and toks[k - 1] in ("{path}", "{url}") and k + 1 < len(toks)
            and (toks[k + 1] in ("devo", "dobbiamo", "voglio", "vogliamo", "sto", "serve") or _infinitive(toks[k + 1]))
        ) or (
            # "elimina X, non serve più": why it can go, not a "don't" ("mi" is a filler, gone already)
            t == "non" and (toks[k + 1:k + 2] in (["serve"], ["servono"]) or toks[k + 1:k + 3] in (
                ["ci", "serve"], ["ci", "servono"])))
        if reason and any(verb_class(w) for w in toks[:k]):
            # the reason ends where a next request starts: "… perché X, e poi cancellalo" keeps the delete
            end = next((j for j in range(k + 1, len(toks)) if toks[j] in ("poi", "then") or (
                toks[j] in ("e", "ed", "and") and j + 1 < len(toks) and verb_class(toks[j + 1]))), len(toks))
            return toks[:k] + toks[end:]
    return toks



def told_before(text: str) -> bool:
    """"i think i mentioned it to you once", "te l'ho detto": the person says the answer is something they told the
    assistant — their memory holds it, not the model's knowledge (rules/recall.py, told_before)."""
    return bool(_TOLD_BEFORE.search(text))


def asks_if_remembered(text: str) -> bool:
    """ "te lo ricordi?", "ti ricordi il codice del cancello?", "when is mum's birthday, do you remember?": the
    person asks what the memory holds — a recall, never a fact to keep (rules/recall.py, asks_if_remembered).
    Read by the write veto only: the fast path still replays these questions as recalls."""
    return bool(_ASKS_IF_REMEMBERED.search(text))
