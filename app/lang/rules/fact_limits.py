"""What stops a "ricordati che…" from being one plain fact to keep: a second request, a limit, a condition.

Read by memory/facts.py (`extract_fact`): "… e mettilo nel calendario" asks for more than memory does, "…, ma solo
fino a venerdì" is a fact kept for a while, "… e che Paul mi deve 20 euro" is two facts. Memory keeps none of
these by rule; the planner answers them. (A take-back, "…, anzi no", is asking.py's.) The code joins the rules of
each group into one search.
"""
from __future__ import annotations

from .table import Rule, Table

# "…, e poi", "… and then": where a second request starts
_THEN = r"(?:,\s*|\s)(?:e|ed|and|poi|then|e poi|and then)\s+"
# "… ma", "and …" before a time limit at the start of the fact
_LIMIT_LEAD = r"^(?:(?:ma|but|and|e)\s+)?"

FACT_LIMITS = Table("fact_limits", __doc__ or "", (
    # -- a second request after the fact --
    Rule(
        id="then_pass_on",
        effect="'e mettilo / mandalo / salvalo…': a second request that puts the fact somewhere or sends it",
        pattern=_THEN + r"(?:{words})\w*",
        words=("metti", "manda", "aggiungi", "segna", "invia", "avvisa", "chiama", "scrivi", "salva", "fissa",
               "prenota", "sposta", "inoltra", "condividi"),
        match=("ricordati che il dentista è giovedì e mettilo nel calendario",
               "segnati che Paul mi deve 20 euro, poi mandagli un messaggio"),
        no_match=("ricordati che il dentista è giovedì e la metto io in agenda", "segnati che Anna manda i saluti"),
    ),
    Rule(
        id="then_ask",
        effect="'e dimmi / mostrami / cancella…': a second request that asks for something else",
        pattern=_THEN + r"(?:{words})\w*",
        words=("dimmi", "dammi", "mostrami", "leggimi", "trovami", "cercami", "aprimi", "apri", "cancella", "elimina",
               "copia", "crea", "calcola"),
        match=("ricordati che la palestra è alle 18 e dimmi che ore sono", "segnati il codice, poi cancella la nota"),
        no_match=("ricordati che la palestra apre alle 18", "segnati che Anna cancella la cena"),
    ),
    Rule(
        id="then_en",
        effect="'and send it to Paul', 'then add it…': a second request in English, its verb then an object",
        pattern=_THEN + r"(?:{words})\s+(?:it|me|them|this|that|the|a|my)\b",
        words=("add", "put", "send", "set", "tell", "call", "email", "text", "book", "schedule", "save", "share",
               "show", "give", "read", "find", "open", "delete", "copy", "create"),
        match=("remember that the dentist is Thursday and send it to Paul",
               "remember the code is 1234, then add it to my notes"),
        no_match=("remember that Paul will send the invoice", "remember that Anna and Tom are coming"),
    ),
    Rule(
        id="then_what",
        effect="'… and what time is it': a question after the fact",
        pattern=_THEN + r"what(?:'s| is| time)\b",
        match=("remember that the gym opens at 6 and what time is it now", "note the code, then what's next"),
        no_match=("remember what time the gym opens", "remember that the gym opens at 6"),
    ),
    # -- a fact kept for a while, on a condition, or two facts --
    Rule(
        id="only_until",
        effect="'ma solo fino a venerdì', 'only if…': the fact holds for a while or on a condition",
        pattern=r"\b(?:(?:ma|but)\s+)?(?:solo|soltanto|only|just)\s+(?:{words})\b",
        words=("fino a", "fino al", "fino alla", "finché", "until", "till", "per", "for", "se", "if", "quando", "when",
               "in case"),
        match=("ricordati che lavoro da casa, ma solo fino a venerdì", "remember the gate is open only until 6"),
        no_match=("ricordati che lavoro da casa fino a venerdì", "remember that only Paul has the key"),
    ),
    Rule(
        id="unless",
        effect="'se non…', 'unless…': the fact holds on a condition",
        pattern=r"\s(?:{words})\s",
        words=("se non", "if not", "unless", "a meno che", "salvo che"),
        match=("ricordati che vengo a cena se non piove", "remember I'm in unless it snows"),
        no_match=("ricordati che se piove la partita è annullata", "remember the unlessened rule"),
    ),
    Rule(
        id="for_the_next",
        effect="'per le prossime due settimane', 'for the next month': kept for a while",
        words=("per (?:le|i) prossim[ei]", "for the next", "fino alla fine"),
        match=("ricordati che per le prossime due settimane lavoro da casa", "remember for the next month I'm away"),
        no_match=("ricordati che la prossima riunione è lunedì", "remember the next train is at 9"),
    ),
    Rule(
        id="and_that",
        effect="'… e che Paul mi deve 20 euro': a second fact joined by 'and that'",
        pattern=r"(?:,\s*|\s)(?:e|and)\s+(?:che|that)\s",
        match=("ricordati che il dentista è giovedì e che Paul mi deve 20 euro",
               "remember that the gym is closed, and that the pool is open"),
        no_match=("ricordati che il dentista è giovedì", "remember that Thatcher was PM"),
    ),
    Rule(
        id="second_subject",
        effect="'the dentist is Thursday and the plumber is Friday': a second subject (up to three words) with its "
               "own verb, a second fact",
        pattern=r"\b(?:is|are|è|sono)\b.*?\s(?:e|ed|and)\s+(?:[\w'’]+\s+){0,2}[\w'’]+\s+(?:is|are|è|sono)\b",
        match=("the dentist is Thursday and the plumber is Friday",
               "il dentista è giovedì e la festa è sabato"),
        no_match=("the dentist is Thursday and Friday", "Anna e Marco sono in ferie"),
    ),
    Rule(
        id="comma_subject",
        effect="'… è il 14 maggio alle 11, il notaio è pignolo': after a comma, a second subject and verb",
        pattern=r"\b(?:is|are|è|sono)\b[^,]*,\s*(?:il|lo|la|l'|i|gli|le|the|my|mio|mia)\s*[\w'’]+\s+"
                r"(?:is|are|è|sono)\b",
        match=("il rogito è il 14 maggio alle 11, il notaio è pignolo", "the party is Friday, my sister is coming"),
        no_match=("il rogito è il 14 maggio, alle 11", "the party is Friday, at Anna's"),
    ),
    # -- a fact that opens with its time limit (read at the start of the fact) --
    Rule(
        id="limited_until",
        effect="a fact opening with 'fino a…', 'until…': kept only until then ('la palestra è chiusa fino a lunedì' "
               "is a fact about the gym, kept)",
        pattern=_LIMIT_LEAD + r"(?:{words})\b",
        words=("fino a", "fino al", "fino alla", "fino all'", "finché", "until", "till"),
        match=("fino a venerdì lavoro da casa", "until Friday the code is 1234"),
        no_match=("la palestra è chiusa fino a lunedì", "the shop is open until 8"),
    ),
    Rule(
        id="limited_period",
        effect="a fact opening with 'per questa settimana', 'for now'…: kept only for a while",
        pattern=_LIMIT_LEAD + r"(?:{words})\b",
        words=("per questa settimana", "per questo mese", "per oggi", "per stasera", "per ora", "per adesso",
               "per il momento", "per qualche giorno", "for this week", "for this month", "for today", "for tonight",
               "for now", "for the time being", "for a few days", "this week only", "only this week",
               "solo (?:per )?questa settimana", "temporaneamente", "temporarily"),
        match=("per questa settimana lavoro da casa", "for now the wifi password is guest123"),
        no_match=("questa settimana lavoro da casa e poi in ufficio", "the wifi password is guest123 for now"),
    ),
))

# How extract_fact joins them: one search per group
SECOND_REQUEST = ("then_pass_on", "then_ask", "then_en", "then_what")
QUALIFIED = ("only_until", "unless", "for_the_next", "and_that", "second_subject", "comma_subject")
LIMITED = ("limited_until", "limited_period")
