"""What a person asks about a text they selected: which action, into which language, in which style.

Read by lang/selection_ask.py, which turns "traduci in inglese", "riassumi", "più formale", "puoi tradurlo in
francese?" (typed in the selection popup's free box or given to `metnos ask --stdin`) into one of the actions
of the selection table, or into a free question about the text. The selected text itself is never read here:
it is data, and its words never choose an action.
"""
from __future__ import annotations

from .table import Rule, Table

SELECTION = Table("selection", __doc__ or "", (
    Rule(
        id="translate",
        effect="translate the text (into the language named, or the other of Italian and English)",
        words=("traduci", "traducimi", "traducilo", "traducila", "traducili", "tradurre", "tradurlo", "tradurla",
               "traduzione", "translate", "translation", "translated"),
        match=("traduci in inglese", "puoi tradurlo in francese?", "translate this into Italian",
               "traduzione in tedesco"),
        no_match=("riassumi il testo", "il traduttore automatico sbaglia", "spiegami cosa vuol dire"),
    ),
    Rule(
        id="summarize",
        effect="summarize the text in a few words",
        words=("riassumi", "riassumilo", "riassumila", "riassumere", "riassunto", "sintetizza", "sintetizzalo",
               "sintesi", "summari[sz]e", "summary", "sum up", "sum it up", "tl;?dr"),
        match=("riassumi", "fammi un riassunto", "summarize this in English", "sum it up please", "tldr"),
        no_match=("traduci in inglese", "rendilo più breve", "summer holidays"),
    ),
    Rule(
        id="explain",
        effect="explain what the text means or says, in plain words",
        words=("spiega", "spiegami", "spiegalo", "spiegala", "spiegare", "spiegazione", "explain", "explain it",
               "explanation"),
        match=("spiegami questo errore", "explain", "me lo spieghi? spiegalo in breve", "mi serve una spiegazione"),
        no_match=("cosa significa la terza riga?", "riassumi", "explainer video ideas"),
    ),
    Rule(
        id="fix",
        effect="correct spelling and grammar, same language, nothing else changed",
        words=("correggi", "correggilo", "correggila", "correggere", "correzione", "correggimi", "fix", "fix it",
               "correct", "correct it", "proofread", "check the spelling", "controlla l['’ ]?ortografia",
               "errori di ortografia"),
        match=("correggi", "correggi gli errori", "proofread this", "fix the spelling please"),
        no_match=("è corretto?", "riscrivi in modo formale", "correctly translated"),
    ),
    Rule(
        id="rewrite",
        effect="rewrite the text in another style (more formal, friendlier, shorter), same language",
        words=("riscrivi", "riscrivilo", "riscrivila", "riscrivere", "riformula", "riformulalo", "riformulala",
               "rendilo", "rendila", "rewrite", "rewrite it", "rephrase", "reword", "make it"),
        match=("riscrivi in modo più formale", "riformulalo", "rewrite it shorter", "make it friendlier"),
        no_match=("riassumi", "scrivi una mail", "rewriting history is hard"),
    ),
    Rule(
        id="style_formal",
        effect="the rewrite is to be more formal",
        words=("formale", "formali", "formal", "formally", "professionale", "professional", "più cortese",
               "politer", "more polite"),
        match=("riscrivi in modo più formale", "make it formal", "rendilo professionale"),
        no_match=("rendilo più amichevole", "formalità burocratiche", "informale"),
    ),
    Rule(
        id="style_friendly",
        effect="the rewrite is to be friendlier, warmer, less formal",
        words=("amichevole", "informale", "cordiale", "più caldo", "friendly", "friendlier", "informal", "casual",
               "warmer"),
        match=("rendilo più amichevole", "make it friendlier", "riscrivi in tono informale"),
        no_match=("riscrivi in modo formale", "friendship", "casualty"),
    ),
    Rule(
        id="style_shorter",
        effect="the rewrite is to be shorter",
        words=("breve", "più corto", "corto", "accorcia", "accorcialo", "conciso", "sintetico", "shorter",
               "shorten", "concise", "briefer", "brief"),
        match=("rendilo più breve", "accorcialo", "make it shorter", "rewrite it concise"),
        no_match=("rendilo più formale", "cortometraggio", "briefing"),
    ),
    Rule(
        id="question_start",
        effect="a question about the text ('cosa significa la terza riga?', 'why is it wrong?'): answered as "
               "asked, even when it names an action ('come si traduce X?')",
        mode="match",
        pattern=r"^\s*(?:{words})\b",
        words=("cosa", "che cosa", "che", "chi", "come", "quando", "dove", "perch[eé]", "quale", "quali", "quanto",
               "quanti", "quante", "what", "why", "how", "who", "when", "where", "which", "whose", "is it", "is this",
               "does it", "does this"),
        match=("cosa significa la terza riga?", "come si traduce 'deadline'?", "why is this wrong?",
               "is it polite?"),
        no_match=("traduci in inglese", "spiegami questo errore", "puoi tradurlo in francese?"),
    ),
    Rule(
        id="lang_it",
        effect="Italian is named (the language to translate into, or to answer in)",
        words=("italiano", "italian", "in ita"),
        match=("traduci in italiano", "translate into Italian", "riassumi in italiano"),
        no_match=("traduci in inglese", "translate into French", "italianate villa"),
    ),
    Rule(
        id="lang_en",
        effect="English is named",
        words=("inglese", "english", "in eng"),
        match=("traduci in inglese", "translate to English", "summarize in english"),
        no_match=("traduci in italiano", "traduci in tedesco", "anglican"),
    ),
    Rule(
        id="lang_fr",
        effect="French is named",
        words=("francese", "french", "in francais", "in français"),
        match=("traduci in francese", "translate into French"),
        no_match=("traduci in inglese", "frenchman street"),
    ),
    Rule(
        id="lang_es",
        effect="Spanish is named",
        words=("spagnolo", "spanish", "castigliano", "in español"),
        match=("traduci in spagnolo", "translate into Spanish"),
        no_match=("traduci in portoghese", "spaniel"),
    ),
    Rule(
        id="lang_de",
        effect="German is named",
        words=("tedesco", "german", "in deutsch"),
        match=("traducilo in tedesco", "translate into German"),
        no_match=("traduci in inglese", "germane to the point"),
    ),
    Rule(
        id="lang_pt",
        effect="Portuguese is named",
        words=("portoghese", "portuguese", "in português"),
        match=("traduci in portoghese", "translate into Portuguese"),
        no_match=("traduci in spagnolo", "portugal trip"),
    ),
))

ACTION_RULES = ("translate", "summarize", "explain", "fix", "rewrite")
STYLE_RULES = {"formal": "style_formal", "friendly": "style_friendly", "shorter": "style_shorter"}
LANG_RULES = {"it": "lang_it", "en": "lang_en", "fr": "lang_fr", "es": "lang_es", "de": "lang_de", "pt": "lang_pt"}
