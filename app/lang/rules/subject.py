"""The subject of a fact: what a new fact replaces ("il dentista è giovedì" → "il dentista è venerdì").

Read by memory/facts.py (`same_subject`, asked by long-term memory before it keeps a fact): embeddings cannot tell
"il dentista è giovedì" from "il parrucchiere è giovedì", so these words decide. The text is normalized (lower
case, one space) before these rules read it.
"""
from __future__ import annotations

from .table import Rule, Table

SUBJECT = Table("subject", __doc__ or "", (
    Rule(
        id="copula",
        effect="the verb that ends the subject ('il dentista è giovedì': the subject is 'il dentista')",
        pattern=r"\s(?:{words})\s",
        words=("è", "e'", "sono", "sarà", "era", "is", "are", "was", "will be", "=", ":"),
        match=("il dentista è giovedì", "the gate code is 4512", "wifi password : guest123"),
        no_match=("il compleanno di anna", "the island of elba", "codice:1234"),
        flags=0,
    ),
    Rule(
        id="filler",
        effect="tokens that name no subject besides the common stopwords ('alle 9' and 'at 9' are one subject: "
               "'ore' says nothing)",
        words=("l", "s", "ore", "have", "has", "was", "il"),
        match=("il dentista è alle ore 9", "the gym has moved", "l'ufficio è chiuso"),
        no_match=("la palestra chiude tardi", "orecchini di anna", "the hospital"),
        flags=0,
    ),
))
