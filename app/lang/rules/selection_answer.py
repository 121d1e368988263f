"""What a model puts before a selection answer that is not part of it: "Traduzione:", "Here is the summary:".

Read by app/selection/guard.py: the label is removed and the answer is what follows (a translation that starts
with the word "Translation" as part of the text is not a label: the rule needs the colon or a line break).
"""
from __future__ import annotations

from .table import Rule, Table

SELECTION_ANSWER = Table("selection_answer", __doc__ or "", (
    Rule(
        id="label",
        effect="a label before the answer ('Traduzione:', 'Ecco il testo corretto:', 'Here is the summary:')",
        mode="match",
        pattern=r"^\s*(?:(?:ecco|here is|here's)\s+(?:(?:il|la|lo|the|a)\s+)?)?(?:{words})\s*(?::|\n)\s*",
        words=("traduzione", "translation", "testo corretto", "corrected text", "correzione", "correction",
               "testo riscritto", "rewritten text", "versione riscritta", "rewritten version", "riassunto", "summary",
               "spiegazione", "explanation", "risposta", "answer", "testo", "text",
               r"traduzione in \w+", r"translation (?:into|in) \w+"),
        match=("Traduzione: The meeting is on Monday.", "Ecco il testo corretto:\nHo visto Marco.",
               "Here is the summary: the text says that…", "Translation into English:\nHello"),
        no_match=("The translation of this book took years.", "Riassunto breve della riunione, per tutti.",
                  "Ho visto Marco: sta bene."),
    ),
    Rule(
        id="refusal",
        effect="the model declining the task instead of doing it ('Mi dispiace, ma non posso aiutarti con questo.', "
               "'I'm sorry, but I can't help with that.', 'Ciao amico, mi dispiace per la confusione, ma non posso…', "
               "frewrite-05 tune): the text is data for a writer, there is nothing to refuse",
        mode="search",
        pattern=r"^(?:[^\n]{0,40}\n|[^\n.!?,]{0,25},\s*)?\s*(?:(?:mi dispiace|spiacente|scusa(?:mi)?|purtroppo|"
                r"i['’]?m sorry|i am sorry|sorry|unfortunately)(?:\s+(?:per|for)\s+[^\n,.!]{1,30})?[,!.]?\s+"
                r"(?:ma\s+|but\s+)?)?(?:non posso|non sono in grado di|non riesco a|"
                r"i can['’]?t|i cannot|i am unable to|i['’]m unable to)\s+(?:aiutar\w*|assisterti|help|assist|"
                r"fare|do|complete|process|elaborare|tradurre|translate|riscrivere|rewrite|riassumere|summari[sz]e|"
                r"correggere|correct)\b",
        match=("Ciao amico,\nMi dispiace, ma non posso aiutarti con questo.",
               "Ciao amico, mi dispiace per la confusione, ma non posso aiutarti con questo testo.",
               "Sorry for the confusion, but I can't help with this text.",
               "Mi dispiace, ma non posso aiutarti con questo testo.",
               "I'm sorry, but I can't help with that request."),
        no_match=("Ciao Marco, purtroppo non posso venire venerdì.", "Sorry, I can't make it on Friday, Jake.",
                  "Il tecnico ha detto che non posso aiutarti con la caldaia."),
    ),
    Rule(
        id="preamble",
        effect="a sentence announcing the answer ('Sure, here's the rewritten text in a friendlier tone:', 'Ecco la "
               "traduzione in inglese:'): removed up to its colon",
        mode="match",
        pattern=r"^\s*(?:(?:sure|certo|certamente|ok|okay|of course|volentieri)[,!.]?\s+)?(?:here(?:'s|’s| is)|ecco)"
                r"\b[^\n:]{0,40}\b(?:{words})\b[^\n:]{0,60}:\s*",
        words=("text", "testo", "translation", "traduzione", "version", "versione", "summary", "riassunto",
               "rewrite", "riscrittura", "correction", "correzione", "explanation", "spiegazione"),
        match=("Sure, here's the rewritten text in a friendlier, informal tone:\n\nHey there!",
               "Ecco la traduzione in inglese: Hello", "Here is the corrected text:\nI saw him."),
        no_match=("Here is the station: take the train at 9.", "Ecco, il treno parte alle 9: sbrigati.",
                  "Sure thing, the meeting is at 10."),
    ),
))
