"""The topic slot's words: what kind of question a request asks about its thing, and words that are no thing.

Read by routing/topic.py: "quando ho il dentista?" learned once also answers "quand'è il meccanico?" because both
ask *when* about one thing. A new thing fills the slot only when the question is the same kind; helper verbs
and memory talk ("devo andare", "te l'avevo detto") frame the thing and are never it. The frames are applied to
the normalized request (lowercase, texting spelled out), so they are case-sensitive.
"""
from __future__ import annotations

from .table import Rule, Table

_FRAME = r"\b(?:{words})(?:\s|$)"

TOPIC = Table("topic", __doc__ or "", (
    Rule(
        id="not_things_it",
        effect="Italian helper verbs and memory talk around the thing ('quando devo andare dal meccanico', 'te "
               "l'avevo detto?'): they frame it, they are not it",
        words=("andare", "venire", "essere", "avere", "avevo", "avevi", "detto", "dett", "bisogno", "era", "erano",
               "sarà", "sara"),
        match=("quando devo andare dal meccanico?", "te l'avevo detto del dentista?"),
        no_match=("quando ho il meccanico?", "dov'è la festa?"),
    ),
    Rule(
        id="not_things_en",
        effect="English helper verbs and memory talk around the thing ('when do I need to go to the dentist', "
               "'what did I tell you'): they frame it, they are not it",
        words=("told", "said", "tell", "go", "going", "come", "got", "gotta", "need", "needs", "was", "were", "will"),
        match=("when do I need to go to the dentist?", "what was the gate code?"),
        no_match=("when is the dentist?", "where's my passport?"),
    ),
    Rule(
        id="frame_when",
        effect="a question about when ('quando ho il dentista?', 'what time is the meeting?')",
        pattern=_FRAME,
        words=("quando", "quand'", "quand'è", "quand'e", "qnd", "qndo", "when", "when's", "whens", "a che ora",
               "che giorno", "what time", "what day", "which day"),
        match=("quando ho il dentista?", "when's the meeting", "a che ora è il parrucchiere?"),
        no_match=("whenever you want", "dimmi l'ora del dentista", "dov'è la festa?"),
        flags=0,
    ),
    Rule(
        id="frame_where",
        effect="a question about where ('dov'è la festa?', 'where is my passport?')",
        pattern=_FRAME,
        words=("dove", "dov'", "where", "where's", "wheres"),
        match=("dove ho messo il passaporto?", "where is my passport?"),
        no_match=("dovere di oggi", "whereas the meeting is later"),
        flags=0,
    ),
    Rule(
        id="frame_who",
        effect="a question about who ('chi è il mio medico?', 'who's my doctor?')",
        pattern=_FRAME,
        words=("chi", "who", "who's", "whom"),
        match=("chi è il mio medico?", "who's my doctor?"),
        no_match=("chiamami domani", "whose bike is it"),
        flags=0,
    ),
    Rule(
        id="frame_what",
        effect="a question about what or which ('cos'è il codice del cancello?', 'what is the wifi password?')",
        pattern=_FRAME,
        words=("cosa", "cos'", "what", "what's", "whats", "which", "quale", "quali"),
        match=("qual è... cosa ho detto del codice?", "what is the wifi password?", "which gate code?"),
        no_match=("cosale", "whatever you like"),
        flags=0,
    ),
    Rule(
        id="frame_how_much",
        effect="a question about how much or how many ('quanto costa il dentista?', 'how many pills?')",
        pattern=_FRAME,
        words=("quanto", "quanti", "quanta", "quante", "how much", "how many"),
        match=("quanto costa il dentista?", "how many pills do I take?"),
        no_match=("quantomeno dimmelo", "how is it going"),
        flags=0,
    ),
))
