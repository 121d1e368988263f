"""Possessives and quantifiers before a word: "the crew's share", "my copy", "la mia copia", "qualche notifica".

Read by lang/signature.py: a word that could be a verb ("share", "copy", "move", "print") after a possessive is
a noun — English and Italian put a possessive only before nouns — so no action is read from it. everyday10-41
("what's 15 percent of 2400 euro, that's the crew's share of the catch") was refused as sharing. A contraction
that ends like a possessive ("that's", "let's", "it's") is no possessive: "let's share it" asks.
"""
from __future__ import annotations

from .table import Rule, Table

CONTRACTIONS = ("that's", "what's", "it's", "let's", "he's", "she's", "there's", "here's", "who's", "where's",
                "how's", "one's")

POSSESSIVES = Table("possessives", __doc__ or "", (
    Rule(
        id="determiner_en",
        effect="an English possessive determiner: the word after it is a noun ('my share', 'their move'); not 'her', "
               "also an object ('send her the file')",
        words=("my", "your", "his", "our", "their", "its"),
        match=("my share is 30", "their move was late"),
        no_match=("share it with me", "move them to ~/x"),
    ),
    Rule(
        id="determiner_it",
        effect="an Italian possessive: the word after it is a noun ('la mia copia', 'il tuo invio')",
        words=("mio", "mia", "miei", "mie", "tuo", "tua", "tuoi", "tue", "suo", "sua", "suoi", "sue", "nostro",
               "nostra", "nostri", "nostre", "vostro", "vostra", "vostri", "vostre", "loro"),
        match=("la mia copia", "il tuo invio"),
        no_match=("copia il file", "invia tutto"),
    ),
    Rule(
        id="quantifier",
        effect="a quantifier that stands only before a noun ('qualche notifica', 'ogni copia', 'any share'): the "
               "word after it is a noun ('ho messo qualche notifica per ricordarmi robe?' was refused as sending a "
               "notification, everyday22-46)",
        words=("qualche", "ogni", "nessun", "nessuna", "alcuni", "alcune", "ciascun", "ciascuna", "parecchi",
               "parecchie", "any", "every", "each", "another"),
        match=("ho messo qualche notifica", "ogni copia costa"),
        no_match=("notifica Marco", "copia il file"),
    ),
    Rule(
        id="genitive",
        effect="a name with an English genitive 's ('the crew's', 'Anna's'): the word after it is a noun; not the "
               "contractions of 'is/us'",
        pattern=r"(?<!\S)(?!(?:{words})(?!\S))[^\W\d_]+'s(?!\S)",
        words=CONTRACTIONS,
        match=("the crew's share", "Anna's copy"),
        no_match=("let's share it", "that's all", "it's done"),
    ),
))
