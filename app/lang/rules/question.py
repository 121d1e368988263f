"""Whether a text is a question, and of which kind, by its words (no model).

Read by lang/asked.py (`content_question`: a question about what a file says is answered, not shown), by
memory/longterm.py (`answer_from_memory`: only a question is answered from memory), and through the answer shape by
memory/tools.py (a recall lists every fact found only when the request asks for everything remembered).
"""
from __future__ import annotations

from .table import Rule, Table

QUESTION = Table("question", __doc__ or "", (
    Rule(
        id="opens_it",
        effect="an Italian question word at the start ('quando ho il dentista', 'ricordi il codice'): a question "
               "even without '?'",
        mode="match",
        words=("quando", "quale", "qual", "quali", "cosa", "che cosa", "chi", "dove", "come", "quanto", "quanti",
               "a che ora", "ricordi", "sai"),
        match=("quando ho il dentista", "a che ora è la riunione", "ricordi il codice del cancello"),
        no_match=("ricordati che il dentista è giovedì", "il dentista quando è", "comedians are funny"),
    ),
    Rule(
        id="opens_en",
        effect="an English question word at the start ('when is the dentist', 'do you remember the code')",
        mode="match",
        words=("when", "what", "what's", "which", "who", "where", "how", "do you remember", "did i"),
        match=("when is the dentist", "do you remember the gate code", "what's the wifi password"),
        no_match=("whenever you can", "the dentist is when?", "do you know the code"),
    ),
    Rule(
        id="opinion",
        effect="the person's opinion asked, anywhere in the text ('secondo te conviene…', '…tu che ne pensi', 'what do "
               "you reckon'): a question even typed without '?' (everyday23-29, a dictated run-on about the olive "
               "harvest, was saved as a fact)",
        pattern=r"\b(?:{words})\b",
        words=(r"secondo\s+te", r"(?:tu\s+)?che\s+ne\s+pensi", r"cosa\s+ne\s+pensi", r"che\s+dici",
               r"what\s+do\s+you\s+think", r"what\s+do\s+you\s+reckon", r"in\s+your\s+opinion"),
        match=("secondo te conviene fare l'olio a ottobre", "mio cognato dice di no tu che ne pensi",
               "is it worth it, what do you reckon"),
        no_match=("ricordati che il dentista è giovedì", "penso che sia giusto", "I think so",
                  "do you think you could read /x/a.txt"),
    ),
    Rule(
        id="about_content",
        effect="a question about something a text says ('quanto pago di canone secondo X?', 'when does the lease "
               "end?'): after the file is read, the writer answers it from the text (the file is shown when the answer "
               "is not backed by it); asking what a file holds ('cosa c'è in X', 'what's in X') is a show, not this",
        mode="match",
        pattern=r"^\W*(?:e\s+)?(?:{words})\b(?!\s+(?:c['’]\s*è|ce|c'e|contiene|in\b|is\s+in\b|does\s+\S+\s+contain))",
        words=("quanto", "quanta", "quanti", "quante", "quando", "entro quando", r"qual(?:\s+è|e)?", "quali", "chi",
               "dove", "a che ora", "che giorno", "in che data", "how much", "how many", "when", "which", "who",
               "where", "what time", "what date", r"what(?:['’]s|\s+is|\s+are)\s+the"),
        match=("quanto pago di canone secondo contratto.txt?", "quando scade il contratto in /tmp/c.txt?",
               "qual è il numero di telefono di Anna nel file rubrica.txt?", "how much is the deposit in lease.txt?",
               "when does the lease in /tmp/lease.txt end?", "what's the total in spese.csv?"),
        no_match=("cosa c'è in note.md?", "what's in notes.md?", "leggi contratto.txt", "riassumi il contratto",
                  "dimmi cosa dice il file", "quantities.txt"),
    ),
    Rule(
        id="asks_everything",
        effect="asks for what is remembered as a whole ('cosa sai di me?', 'tell me everything you stored'): every "
               "fact the recall found is listed; for any other question only those about as near to it as the nearest",
        words=(r"tutto(?:\s+quello)?", "tutte", "everything", "all", "elenca(?:mi)?", "list", r"cosa\s+sai\s+di\s+me",
               r"cosa\s+ricordi\s+di\s+me", r"what\s+do\s+you\s+(?:know|remember)\s+about\s+me"),
        match=("cosa sai di me?", "tell me everything you've stored about me", "elencami tutto quello che ricordi",
               "what do you know about me?", "recall --all"),
        no_match=("who does my taxes again?", "quand'è che compie gli anni Giulia?", "gate pin?",
                  "what do you know about Giulia's birthday?"),
    ),
))
