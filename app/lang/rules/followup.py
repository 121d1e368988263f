"""Words that point back at the previous turn: "il primo", "quello", "aprilo", "e in inglese?", "rifallo per X".

Read by lang/followup.py for the engine's follow-ups (app/engine/followup.py): the request names no file of its
own but one the previous turn listed, found, read or opened ("leggi il primo" after a listing, "aprilo" after a
search), asks the previous request again in another language ("e in inglese?" after a translation), or asks it
again for another folder ("rifallo per la cartella X"). An ordinal or a pronoun counts only as an object —
followed by the end, a comma or a linking word ("copia il primo in /tmp/y") — never as a word of a longer phrase
("il primo paragrafo di", "l'ultimo file modificato", "la prima volta", "cos'è questo?" reads "questo" only when a
file action asks for it, which the code checks).
"""
from __future__ import annotations

from .selection import LANG_RULES, SELECTION
from .table import Rule, Table

# each ordinal word with its position in the list shown (negative: from the end)
ORDINALS_IT: dict[str, int] = {
    "primo": 1, "prima": 1, "secondo": 2, "seconda": 2, "terzo": 3, "terza": 3, "quarto": 4, "quarta": 4,
    "quinto": 5, "quinta": 5, "sesto": 6, "sesta": 6, "settimo": 7, "settima": 7, "ottavo": 8, "ottava": 8,
    "nono": 9, "nona": 9, "decimo": 10, "decima": 10, "ultimo": -1, "ultima": -1, "penultimo": -2,
}
ORDINALS_EN: dict[str, int] = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "last": -1, "penultimate": -2, "second to last": -2, "second-to-last": -2,
}
# an articulated preposition before the ordinal keeps its plain preposition when the words are replaced by the
# path ("il contenuto del primo" → "il contenuto di /x/a.txt"); a bare article goes
PREPOSITIONS: dict[str, str] = {
    "al": "a", "alla": "a", "all'": "a", "del": "di", "della": "di", "dell'": "di", "dal": "da", "dalla": "da",
    "dall'": "da", "nel": "in", "nella": "in", "nell'": "in", "sul": "su", "sulla": "su", "sull'": "su",
}

# what may follow the words that point back: the end, punctuation, or a word that links to the rest
_AFTER_IT = r"(?=\s*(?:$|[?!.,;]|(?:e|ed|in|nella|nel|con|per|a|su|sul|di nuovo|anche|pure|grazie|per favore|" \
            r"invece|ora|adesso)\b))"
_AFTER_EN = r"(?=\s*(?:$|[?!.,;]|(?:and|to|into|in|with|for|please|again|too|instead|now|out|up|over)\b))"
_ARTICLE_IT = r"(?:il|lo|la|l'|al|alla|all'|del|della|dell'|dal|dalla|dall'|nel|nella|nell'|sul|sulla|sull')"
_NOUN_IT = r"(?:\s+(?:file|cartella|risultato|elemento|documento|voce|pdf|della lista|dell'elenco|in elenco|" \
           r"in lista|trovato|trovata|della ricerca))?"
_NOUN_EN = r"(?:\s+(?:one|file|folder|result|item|entry|document|pdf|on the list|in the list|of them))?"
# the English verbs a pronoun is the object of ("open it", "read that one"): "with IT" or "is that so" are not
_VERBS_EN = r"(?:open|read|delete|remove|erase|trash|show|display|view|summari[sz]e|translate|copy|move|rename|" \
            r"print|explain|describe|duplicate|zip|compress|check)"
_LANGS = tuple(w for w in SELECTION.words(*LANG_RULES.values()) if " " not in w)
# "<words> [anche] per|for [la cartella] <place>": the place is anything but a language ("e in inglese?" asks the
# previous request in English: language_again)
_REDO = r"^\s*(?:{words})(?:\s+(?:anche|pure|also|too|again|ancora))?\s*,?\s+(?:per|con|su|in|nella|nel|for|with|" \
        r"on)\s+(?:(?:la|il|the)\s+)?(?:(?:cartella|folder|directory|dir)\s+)?(?P<place>(?!(?:" + "|".join(_LANGS) + \
        r")\b)\S.*?)\s*[?!.]*\s*$"

FOLLOWUP = Table("followup", __doc__ or "", (
    Rule(
        id="ordinal_it",
        effect="an Italian ordinal said as the object ('il primo', 'l'ultimo file', 'del secondo'): the item at "
               "that place in the list the previous turn showed",
        pattern=r"(?<!\w)(?P<ref>(?P<art>" + _ARTICLE_IT + r")\s*(?P<ord>{words})" + _NOUN_IT + ")" + _AFTER_IT,
        words=tuple(sorted(ORDINALS_IT, key=len, reverse=True)),
        match=("leggi il primo", "apri l'ultimo", "e il secondo?", "copia il terzo file in /tmp/y",
               "riassumi il contenuto del primo per favore", "cancella la seconda"),
        no_match=("copia il primo paragrafo di /tmp/a.txt in /tmp/b.txt", "l'ultimo file modificato in ~/Documenti",
                  "la prima volta che", "ricordami il primo di ogni mese di pagare", "secondo me è giusto",
                  "leggi prima /tmp/a.txt"),
    ),
    Rule(
        id="ordinal_en",
        effect="an English ordinal said as the object ('the first one', 'the last file'): the item at that place "
               "in the list the previous turn showed",
        pattern=r"(?<!\w)(?P<ref>the\s+(?P<ord>{words})" + _NOUN_EN + ")" + _AFTER_EN,
        words=tuple(sorted(ORDINALS_EN, key=len, reverse=True)),
        match=("read the first one", "open the last file", "and the second?", "copy the third one to /tmp/y",
               "delete the second-to-last"),
        no_match=("read the last 10 lines of /tmp/log.txt", "the first time I", "open the last modified file",
                  "remind me on the first of the month"),
    ),
    Rule(
        id="ordinal_number",
        effect="a place in the list said with a number ('il numero 3', 'il 2°', 'number 4', 'the 2nd one')",
        pattern=r"(?<!\w)(?P<ref>(?:(?:il|la|the)\s+)?(?:numero|number|nr\.?|n\.|#)\s*(?P<num>\d{1,3})|"
                r"(?:il|la|l'|the)\s*(?P<nth>\d{1,3})\s*(?:°|º|ª|st|nd|rd|th)" + _NOUN_EN + ")"
                r"(?=\s*(?:$|[?!.,;]|(?:e|in|con|per|and|to|into|with|for|please)\b))",
        match=("leggi il numero 3", "apri il 2°", "read number 4", "open the 2nd one", "e il #5?"),
        no_match=("chiama il numero 333 444", "il 3 di ogni mese", "the 2nd of May", "leggi le prime 3 righe"),
    ),
    Rule(
        id="pronoun_it",
        effect="an Italian demonstrative said as the object ('apri quello', 'leggi questo file'): the one thing "
               "the previous turn listed, found, read or opened",
        pattern=r"(?<!\w)(?P<ref>{words})" + _AFTER_IT,
        words=("quello", "quella", "questo", "questa", "quel file", "questo file", "quella cartella",
               "questa cartella", "quel documento", "questo documento", "lo stesso file", "quel pdf", "questo pdf"),
        match=("apri quello", "leggi questo file", "cancella quella cartella per favore", "sposta quello in /tmp/y"),
        no_match=("questo è sbagliato", "traduci questo: good morning", "quello che ho scritto ieri",
                  "quelli"),
    ),
    Rule(
        id="pronoun_it_plural",
        effect="an Italian plural demonstrative or 'both/all' said as the object ('apri quelli', 'leggi "
               "entrambi'): every item the previous turn listed or found",
        pattern=r"(?<!\w)(?P<ref>{words})" + _AFTER_IT,
        words=("quelli", "quelle", "questi", "queste", "quei file", "questi file", "entrambi", "entrambe",
               "tutti e due", "tutte e due", "tutti quanti", "tutte quante"),
        match=("apri quelli", "leggi entrambi", "cancella quei file", "copia tutti e due in /tmp/y"),
        no_match=("quelli che ho scaricato ieri", "questi giorni sono pieni", "leggi quello"),
    ),
    Rule(
        id="pronoun_en",
        effect="an English pronoun said as the object of a verb ('open it', 'read that one'): the one thing the "
               "previous turn listed, found, read or opened",
        pattern=r"\b" + _VERBS_EN + r"(?:\s+(?:me|again))?\s+(?P<ref>{words})" + _AFTER_EN,
        words=("it", "that", "this", "that one", "this one", "that file", "this file", "that folder",
               "this folder", "the same file", "that thing", "this thing"),
        # a phrasal particle after the pronoun ("read that one out to me", "open that thing up": everyday10-55,
        # everyday13-9/53 — a conversation's first words, asked back which file)
        match=("open it", "read that one", "delete this file please", "copy it to /tmp/y", "summarize that",
               "ok read that one out to me", "open that thing up for me would ya"),
        no_match=("it is late", "is that so hard", "translate this: buongiorno", "open the first one",
                  "open a support ticket with IT", "read out the names on the list", "open up /tmp/x/a.txt"),
    ),
    Rule(
        id="pronoun_en_plural",
        effect="an English plural pronoun said as the object of a verb ('open them', 'read both'): every item the "
               "previous turn listed or found",
        pattern=r"\b" + _VERBS_EN + r"(?:\s+(?:me|again))?\s+(?P<ref>{words})" + _AFTER_EN,
        words=("them", "those", "these", "both", "both of them", "all of them", "those files", "these files"),
        match=("open them", "read both of them", "delete those files", "copy them to /tmp/y"),
        no_match=("those were the days", "them", "read it", "send them to me"),
    ),
    Rule(
        id="clitic_it",
        effect="an Italian verb with the object joined to it ('aprilo', 'leggimelo', 'cancellali'): the verb acts "
               "on what the previous turn listed, found, read or opened (li/le: all of it)",
        pattern=r"(?<!\w)(?!aprile\b)(?P<ref>(?P<verb>{words})(?:me|ce|te)?(?P<cl>lo|la|li|le))(?!\w)",
        words=("apri", "leggi", "cancella", "elimina", "rimuovi", "cestina", "sposta", "copia", "rinomina",
               "mostra", "riassumi", "traduci", "spiega", "stampa", "descrivi", "analizza", "controlla", "duplica"),
        match=("aprilo", "leggimelo", "cancellali", "spostala in /tmp/y", "riassumilo per favore", "aprimelo"),
        no_match=("aprile", "ad aprile leggi il giornale", "leggimi l'ora", "apri il file", "mostrami la cartella"),
    ),
    Rule(
        id="proclitic_it",
        effect="an Italian object pronoun said before the verb, with the person it is for ('me lo sposti?', 'ce lo "
               "copi in /y?', 'me l'apri?'): the verb acts on a thing said before, or asked back when nothing was "
               "(everyday18-68, declared: 'me lo sposti nella cartella giusta?' was answered 'Sì, posso…'). The "
               "'me/ce/glie' in front keeps an article out ('la copia del file')",
        pattern=r"(?<!\w)(?P<ref>(?:me|te|ce|ve|glie)\s*(?P<cl>lo|la|li|le|l['’])\s*(?P<verb>(?:{words})[a-zàèéìòù]*))"
                r"(?!\w)",
        words=("apr", "legg", "cancell", "elimin", "rimuov", "cestin", "spost", "copi", "rinomin", "mostr",
               "riassum", "traduc", "spieg", "stamp", "descriv", "analizz", "controll", "duplic"),
        match=("me lo apri?", "ce lo copi in /tmp/y?", "me l'apri per favore", "glielo stampi domani",
               "me li cancelli tutti"),
        no_match=("la copia del file è pronta", "me la cavo da solo", "me lo ricordo bene", "le stampe sono pronte",
                  "lo spostamento è finito"),
    ),
    Rule(
        id="item_alone",
        effect="the request is nothing but the item pointed at (the code puts ITEM where the ordinal was): 'e il "
               "secondo?' does again what the previous turn did; with other words ('2 to the 16th?') it is a "
               "request of its own",
        mode="match",
        pattern=r"^\s*(?:(?:{words})\s*,?\s*)*ITEM\s*(?:,?\s*(?:per favore|please|grazie|thanks|invece|instead|"
                r"ora|now))*\s*[?!.]*\s*$",
        words=("e", "ed", "and", "ok", "okay", "allora", "ora", "adesso", "now", "then", "poi", "invece", "what about"),
        match=("e ITEM?", "ITEM", "and ITEM please", "ok, ITEM", "what about ITEM?"),
        no_match=("2 to ITEM?", "pls remember my exam is on ITEM", "leggi ITEM", "ITEM di ogni mese"),
    ),
    Rule(
        id="language_again",
        effect="the whole request names only another language ('e in inglese?', 'and in Italian?'): the previous "
               "request again, its answer in that language",
        mode="match",
        pattern=r"^\s*(?:(?:e|ed|and|ora|adesso|now|ok|okay|lo stesso|the same|same|dillo|say it|scrivilo|write "
                r"it|rifallo|do it)\s*,?\s*)*(?:in|into)\s+(?:{words})\s*(?:,?\s*(?:invece|instead|please|per "
                r"favore|grazie|thanks|ora|now|adesso))*\s*[?!.]*\s*$",
        words=_LANGS,
        match=("e in inglese?", "and in Italian?", "in francese", "E in tedesco invece?", "now in English please",
               "dillo in inglese"),
        no_match=("traduci in inglese: buongiorno", "e in /tmp/y?", "leggi in inglese il file /tmp/a.txt",
                  "in inglese come si dice gatto?"),
    ),
    Rule(
        id="redo",
        effect="the previous request again for another place ('rifallo per la cartella X', 'do the same for X'); "
               "`place` is what names it",
        mode="match", pattern=_REDO,
        words=("rifallo", "rifalla", "rifai", "rifai lo stesso", "fallo anche", "fallo", "fai lo stesso",
               "fai la stessa cosa", "la stessa cosa", "stessa cosa", "lo stesso", "ripeti", "ripetilo", "ripetila",
               "do the same", "the same", "same", "same thing", "redo", "redo it", "do it again", "repeat it"),
        match=("rifallo per la cartella /tmp/y", "fai lo stesso per Documenti", "same for ~/Downloads",
               "do the same for the folder /tmp/z", "ripetilo anche per la cartella sub"),
        no_match=("rifai il letto", "ripeti dopo di me", "e in inglese?", "e per /tmp/y?", "lo stesso file",
                  "same in English"),
    ),
    Rule(
        id="redo_and",
        effect="'e per X?', 'and for X?': the previous request again for another place — only when X reads as a "
               "folder (a path or a folder's name the code finds), else it is a request of its own",
        mode="match", pattern=_REDO,
        words=("e", "ed", "e ora", "e adesso", "and", "and now", "now"),
        match=("e per /tmp/y?", "e ora per la cartella Documenti", "and for ~/Downloads?", "now for /tmp/z"),
        no_match=("e in inglese?", "e poi leggi /tmp/a.txt", "rifallo per /tmp/y", "and in Italian?"),
    ),
))
