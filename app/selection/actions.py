"""The selection actions: one table, each action with its labels (IT/EN) and its prompt (IT/EN).

A person selects a text anywhere on the desktop (or pipes it to `metnos ask --stdin`) and picks an action:
Traduci/Translate, Riassumi/Summarize, Spiega/Explain, Correggi/Fix, Riscrivi/Rewrite (more formal, friendlier,
shorter), or asks a free question about it. The prompt of every action is written here and only here; the text
is put into it as data (prompt.py), never as instructions. The prompt's language is the person's (the UI's, or
the language of what they typed); the answer's language is the action's: a translation's target, the text's
own for a correction or a rewrite, the person's for a summary, an explanation or an answer.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from app.lang.detect import text_lang
from app.lang.selection_ask import SelectionAsk, read_selection_ask

LANGS = ("it", "en")


@dataclass(frozen=True)
class Action:
    """One row of the table. `answer_in`: "target" (the translation's language), "text" (the text's own) or
    "person" (the person's, unless they named another); `long`: how a text too long for one prompt is handled —
    "parts" (each part in turn: the answer is as long as the text) or "summary" (the action runs on a summary
    made part by part)."""

    id: str
    key: int  # 1–5 in the popup; 0: no key (the free question)
    label: dict[str, str]
    instruction: dict[str, str]  # placeholders: {language} {style} {question}
    answer_in: str
    long: str
    length: str  # how long the answer may be: "as_text" (about the text's length), "short", "answer"
    masks: bool = False  # the text's names, numbers, codes and links go behind placeholders (mask.py, MASK_NOTE)


ACTIONS: tuple[Action, ...] = (
    Action("translate", 1, {"it": "Traduci", "en": "Translate"},
           {"it": "Traduci il testo in {language}.", "en": "Translate the text into {language}."},
           answer_in="target", long="parts", length="as_text", masks=True),
    Action("summarize", 2, {"it": "Riassumi", "en": "Summarize"},
           {"it": "Riassumi il testo in {language} in una sola frase breve, al massimo {words} parole, con parole tue.",
            "en": "Summarize the text in {language} in one short sentence, at most {words} words, in your own "
                  "words."},
           answer_in="person", long="summary", length="short"),
    Action("explain", 3, {"it": "Spiega", "en": "Explain"},
           {"it": "Spiega in {language}, con parole semplici e in poche frasi, che cosa dice e che cosa significa il "
                  "testo selezionato.",
            "en": "Explain in {language}, in plain words and a few sentences, what the selected text says and "
                  "means."},
           answer_in="person", long="summary", length="answer"),
    Action("fix", 4, {"it": "Correggi", "en": "Fix"},
           {"it": "Trova e correggi gli errori di ortografia e di grammatica del testo selezionato, nella sua lingua "
                  "(per esempio «Ieri o visto Luca» diventa «Ieri ho visto Luca»). Non cambiare nient'altro: stesse "
                  "parole, stesso ordine, stessa punteggiatura. Scrivi solo il testo corretto, una volta.",
            "en": "Find and correct the spelling and grammar mistakes of the selected text, in its own language (for "
                  "example «I seen him yesterday» becomes «I saw him yesterday»). Change nothing else: same words, "
                  "same order, same punctuation. Write only the corrected text, once."},
           answer_in="text", long="parts", length="as_text"),
    Action("rewrite", 5, {"it": "Riscrivi", "en": "Rewrite"},
           {"it": "Riscrivi il testo {style}, nella sua lingua ({language}): cambia davvero tono e parole, non il "
                  "significato.",
            "en": "Rewrite the text {style}, in its own language ({language}): really change the tone and the words, "
                  "not the meaning."},
           answer_in="text", long="parts", length="as_text"),  # masks=False: measured (mask.py)
    Action("ask", 0, {"it": "Chiedi", "en": "Ask"},
           {"it": "Rispondi in {language}, in breve, a questa domanda sul testo selezionato: {question}",
            "en": "Answer in {language}, briefly, this question about the selected text: {question}"},
           answer_in="person", long="summary", length="answer"),
)
BY_ID = {a.id: a for a in ACTIONS}
BY_KEY = {a.key: a for a in ACTIONS if a.key}

STYLES: dict[str, dict[str, str]] = {  # the rewrite's styles: the button's menu, and the words in the prompt
    "formal": {"it": "in modo più formale", "en": "in a more formal way"},
    "friendly": {"it": "in tono più amichevole e informale, come scriveresti a un amico",
                 "en": "in a friendlier, informal tone, as you would write to a friend"},
    "shorter": {"it": "in modo più breve", "en": "in a shorter way"},
}
STYLE_LABELS: dict[str, dict[str, str]] = {
    "formal": {"it": "Più formale", "en": "More formal"},
    "friendly": {"it": "Più amichevole", "en": "Friendlier"},
    "shorter": {"it": "Più breve", "en": "Shorter"},
}
# The second attempt of a translation or a rewrite that lost something of the text (app/selection/run.py): the
# sentence added after the instruction, in the person's language, naming what to copy and what not to invent.
KEEP_AGAIN: dict[str, dict[str, str]] = {
    "lost": {"it": "Nella tua risposta scrivi questi elementi esattamente come li scrive il testo, senza tradurli "
                   "né cambiarli: {items}.",
             "en": "In your answer, write these exactly as the text writes them, without translating or changing "
                   "them: {items}."},
    "added": {"it": "Non aggiungere numeri, date od orari che il testo non ha ({items}).",
              "en": "Do not add numbers, dates or times the text does not have ({items})."},
}


# Said after the instruction when the text's items are behind placeholders (app/selection/mask.py): the model
# must copy each placeholder, which run.py replaces by the item as the text writes it. {mark} is placeholder 1.
MASK_NOTE: dict[str, str] = {
    "it": "I segni come {mark} stanno al posto di nomi, numeri, codici e link: copia ognuno nella risposta "
          "esattamente com'è, senza tradurlo, al suo posto nella frase.",
    "en": "The marks such as {mark} stand for names, numbers, codes and links: copy each one into your answer "
          "exactly as it is, untranslated, in its place in the sentence.",
}


def mask_note(lang: str, mark: str) -> str:
    """The sentence that tells the model to copy the placeholders (`mark`: how placeholder 1 is written)."""
    return MASK_NOTE[lang if lang in LANGS else "en"].format(mark=mark)


# The second attempt after the guard stopped the first (a loop, a script the text does not use, a refusal, template
# markers): at temperature 0 the same prompt gives the same answer, so the retry's prompt says what a usable answer
# is, which also changes the model's path at the point where it went wrong.
CLEAN_AGAIN: dict[str, str] = {
    "it": "Fallo comunque, senza rifiutare né commentare: scrivi ogni parola una volta sola, senza ripetizioni, e "
          "solo con lettere dell'alfabeto latino.",
    "en": "Do it anyway, without refusing or commenting: write each word once, with no repetitions, and only in the "
          "Latin alphabet.",
}


# The second attempt of a rewrite that is no rewrite: the text copied out (the 1.5B model does it for formal and
# shorter rewrites of tune texts), or a "shorter" one as long as the text.
REWRITE_AGAIN: dict[str, dict[str, str]] = {
    "copied": {"it": "Non ricopiare il testo: riscrivilo davvero, con parole tue.",
               "en": "Do not copy the text out: really rewrite it, in your own words."},
    "longer": {"it": "Usa al massimo {words} parole.", "en": "Use at most {words} words."},
}


def rewrite_again(lang: str, why: str, words: int = 0) -> str:
    """The sentence added to a rewrite's second attempt: `why` is "copied" or "longer" (then at most `words`)."""
    return REWRITE_AGAIN[why][lang if lang in LANGS else "en"].format(words=words)


def clean_again(lang: str) -> str:
    """The sentence added to the instruction of a second attempt after a garbled first one."""
    return CLEAN_AGAIN[lang if lang in LANGS else "en"]


def keep_again(lang: str, lost: list[str], added: list[str]) -> str:
    """The retry's sentence: the items the first answer lost, the numbers it invented."""
    pl = lang if lang in LANGS else "en"

    def quote(v: str) -> str:
        return f"«{v}»" if pl == "it" else f"“{v}”"

    said = []
    if lost:
        said.append(KEEP_AGAIN["lost"][pl].format(items=", ".join(quote(v) for v in lost)))
    if added:
        said.append(KEEP_AGAIN["added"][pl].format(items=", ".join(quote(v) for v in added)))
    return " ".join(said)


# A language as the prompt names it, in the prompt's language (the person's).
LANGUAGE_NAMES: dict[str, dict[str, str]] = {
    "it": {"it": "italiano", "en": "Italian"}, "en": {"it": "inglese", "en": "English"},
    "fr": {"it": "francese", "en": "French"}, "es": {"it": "spagnolo", "en": "Spanish"},
    "de": {"it": "tedesco", "en": "German"}, "pt": {"it": "portoghese", "en": "Portuguese"},
}


@dataclass(frozen=True)
class SelectionRequest:
    """An action on a text, as the person asked it. `lang` is the person's language (prompt and messages);
    `target` a language named for the answer; `words` what they typed (the free question's words)."""

    action: str
    text: str
    lang: str = "it"
    target: str | None = None
    style: str | None = None
    words: str = ""
    options: dict[str, str] = field(default_factory=dict)

    @property
    def row(self) -> Action:
        return BY_ID[self.action]


def from_words(words: str, text: str, person_lang: str | None = None) -> SelectionRequest:
    """`metnos ask --stdin "traduci in inglese"`, or the popup's free box: the action the words ask for, or a free
    question about the text (answered in the language of the question)."""
    asked: SelectionAsk = read_selection_ask(words, person_lang)
    action = asked.action or "ask"
    style = asked.style or ("formal" if action == "rewrite" else None)
    return SelectionRequest(action, text, lang=asked.lang if words.strip() else (person_lang or asked.lang),
                            target=asked.target, style=style, words=asked.words)


def answer_language(req: SelectionRequest) -> str:
    """The language the answer is written in: a translation's target (the other of IT/EN by default), the
    person's for a summary, an explanation or an answer (unless they named another), None-free."""
    row = req.row
    if row.answer_in == "target":
        if req.target:
            return req.target
        own = text_lang(req.text)
        if own in LANGS:
            return "en" if own == "it" else "it"
        return req.lang  # a text in neither: into the person's language
    if row.answer_in == "person":
        return req.target or req.lang
    return text_lang(req.text) or req.lang


def instruction(req: SelectionRequest) -> str:
    """The action's instruction in the person's language, its placeholders filled."""
    row = req.row
    pl = req.lang if req.lang in LANGS else "en"
    lang = answer_language(req)
    names = LANGUAGE_NAMES.get(lang, {"it": lang, "en": lang})
    style = STYLES.get(req.style or "formal", STYLES["formal"])[pl]
    words = max(12, min(40, len(req.text.split()) // 5))  # a summary's length: a fifth of the text's words
    text = row.instruction[pl].format(language=names[pl], style=style, question=req.words.strip(), words=words)
    if req.words and req.action in ("summarize", "explain", "rewrite") and len(req.words.split()) > 3:
        text += (f" Tieni conto di quanto chiesto: «{req.words}»." if pl == "it"
                 else f" Follow what was asked: “{req.words}”.")
    return text


def label(action: str, lang: str, style: str | None = None) -> str:
    """The button's words ("Traduci", "Riscrivi: più formale")."""
    row = BY_ID[action]
    pl = lang if lang in LANGS else "en"
    if action == "rewrite" and style in STYLE_LABELS:
        return f"{row.label[pl]}: {STYLE_LABELS[style][pl].lower()}"
    return row.label[pl]


def with_text(req: SelectionRequest, text: str) -> SelectionRequest:
    return replace(req, text=text)


__all__ = ["ACTIONS", "BY_ID", "BY_KEY", "CLEAN_AGAIN", "KEEP_AGAIN", "LANGUAGE_NAMES", "MASK_NOTE", "STYLES",
           "STYLE_LABELS", "REWRITE_AGAIN", "Action", "SelectionRequest", "answer_language", "clean_again",
           "from_words", "instruction", "keep_again", "label", "mask_note", "rewrite_again", "with_text"]
