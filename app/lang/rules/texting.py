"""Texting words: weak evidence of a request's language, read only when no function word says it.

Read by lang/detect.py (`weak_lang`): "thx man" as a first request is English, "grz raga" Italian; the conversation's
language comes first (engine/turn_lang.py), so "ok thx" after Italian turns stays Italian.
"""
from __future__ import annotations

from .table import Rule, Table

TEXTING = Table("texting", __doc__ or "", (
    Rule(
        id="en",
        effect="English texting and chat words",
        words=("thx", "ty", "tnx", "pls", "plz", "u", "ur", "btw", "lol", "idk", "man", "bro", "dude", "cheers",
               "cool", "great", "nice", "awesome", "gonna", "wanna", "yeah", "yep", "nope", "sure"),
        match=("thx man", "pls", "lol ok", "cheers bro"),
        no_match=("grazie mille", "il manuale", "uno per uno"),
    ),
    Rule(
        id="it",
        effect="Italian texting and chat words",
        words=("grz", "cmq", "nn", "xke", "xché", "perke", "ke", "raga", "tvb", "sn", "bn", "dai", "vabbè", "vabbe",
               "ottimo", "perfetto", "bene", "figo", "certo", "sì", "tranqui"),
        match=("grz raga", "cmq ok", "vabbè dai"),
        no_match=("thanks man", "un kebab", "il certificato"),
    ),
))
