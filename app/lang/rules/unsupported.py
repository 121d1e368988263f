"""Words that decide whether an action no tool performs is really asked: an archive to extract, a file to restore,
news that only the internet has.

Read by capability honesty (routing/capability.py): "estrai le date dal testo" is reading, "estrai l'archivio
X.zip" is an archive no tool opens; "recupera il file cancellato X" asks to restore it whatever verb carries it,
and the participle ("cancellato", "deleted") names what happened to the file, not a request to delete it.
Weather, news, prices and scores change by the hour: asked with no page to read, the model invented a forecast.
"""
from __future__ import annotations

from .table import Rule, Table

UNSUPPORTED = Table("unsupported", __doc__ or "", (
    Rule(
        id="archive_words",
        effect="'estrai' or 'extract' next to an archive is an archive action, which no tool does",
        pattern=r"\b({words})\b",
        words=("archivi[oa]?", "archives?", "zip", "tar", "rar", "7z"),
        match=("estrai l'archivio che ho scaricato", "extract the zip in ~/Downloads"),
        no_match=("estrai le date dal testo", "extract the names from this page", "archiviazione dei file"),
    ),
    Rule(
        id="restore",
        effect="getting back a file that was deleted ('recupera il file cancellato X', 'bring back the deleted "
               "file'): a restore, never a delete",
        pattern=(r"\b(recuper\w*|riprend\w*|rimett\w*|riport\w*|get back|bring back)\b.*"
                 r"\b(cancellat[oaie]|eliminat[oaie]|rimoss[oaie]|cestinat[oaie]|buttat[oaie]|"
                 r"dal cestino|deleted|removed|trashed|erased|from the (?:trash|bin|recycle bin))\b"),
        match=("recupera il file cancellato /tmp/a.txt", "get back the deleted file report.pdf",
               "rimetti a posto la foto dal cestino"),
        no_match=("cancella /tmp/a.txt", "recupera le email di ieri", "get back to me tomorrow"),
    ),
    Rule(
        id="draft",
        effect="a text written for the person to send ('scrivimi un messaggio per avvisare i clienti', 'draft a "
               "whatsapp to my landlord'): the writing is asked, the sending is theirs",
        pattern=(r"\b(?:scriv\w*|prepar\w*|butta\w* gi[uù]|fammi|draft|write(?: me)?|compose|can you write)\s+"
                 r"(?:(?:un|una|un'|due|il|la|a|an|the|me a|me an)\s*)(?:\w+\s+){0,2}?"
                 r"(?:{words})\b"),
        words=("messaggio", "mail", "e-?mail", "lettera", "testo", "risposta", "bozza", "righe", "post",
               "message", "letter", "reply", "text", "caption", "whatsapp", "sms", "invito", "invitation"),
        match=("scrivimi un messaggio per avvisare i clienti che chiudiamo prima",
               "can you write an email to my boss saying I'm sick tomorrow? I'll send it myself",
               "prepara un testo whatsapp di auguri per mia zia", "draft a whatsapp to my landlord",
               "buttami giù due righe da mandare al padrone di casa"),
        no_match=("manda un whatsapp a Luca", "scrivi a Sara su telegram che non ci sono", "invia la mail a Marco",
                  "send the text to Paul"),
    ),
    Rule(
        id="weather",
        effect="the weather or a forecast, which only the internet knows now: said so, never invented",
        words=("meteo", r"che tempo (?:fa|farà|fara|fará|faceva)", r"previsioni(?: del tempo)?", "weather",
               "forecast", r"(?:will|is) it (?:rain|snow)(?:ing)?", r"piover[àa]", r"nevic(?:a|herà|hera)",
               r"ombrello", r"umbrell?a", r"piove (?:oggi|domani|a|stasera)", r"rain (?:today|tomorrow|tonight)",
               # the day before the verb, or the verb asked alone ("senti ma domani piove?", "piove adesso?")
               r"(?:oggi|domani|stasera|stanotte|dopodomani) piove", r"piove(?: adesso| ora)?(?=\s*\?)"),
        match=("what's the weather tomorrow in Rome?", "che tempo fa a Milano domani?",
               "domani piove a Torino? guarda il meteo", "will it rain this weekend?", "senti ma domani piove?",
               "piove adesso?"),
        no_match=("quanto tempo fa ho salvato il file?", "leggi il file meteorite.txt", "whether or not",
                  "nevicava sempre quando ero piccolo", "se piove ricordami di chiudere le finestre",
                  "perché piove di più in autunno?"),
    ),
    Rule(
        id="live_news",
        effect="today's news, prices, exchange rates and match results: live information no tool here has",
        words=(r"ultime notizie", r"notizie di oggi", r"telegiornale", r"(?:latest|today's) news", "headlines",
               r"the news today", r"quotazion[ei]", r"stock price", r"prezzo (?:del|della|dell') ?(?:bitcoin|oro|"
               r"benzina|azioni)", r"tasso di cambio", r"exchange rate", r"risultat[oi] della partita",
               r"who won the (?:game|match)", r"score of the (?:game|match)", r"bitcoin", r"traffico",
               r"traffic on", r"the traffic", r"classifica (?:aggiornata|della serie)", r"league table",
               r"standings"),
        match=("dimmi le ultime notizie", "what's the stock price of Apple?", "chi ha vinto? risultato della partita",
               "today's news please"),
        no_match=("ho notizie di Marco?", "leggi news.txt", "il prezzo che ho salvato è 12 euro",
                  "what's the score in my notes?"),
    ),
))
