"""How a request names a thing and says where it is: "una cartella chiamata X dentro Y", "the notes.md file in Y".

Read by lang/paths_said.py, which joins a name and its place into one path ("crea una cartella chiamata bozze
dentro /tmp/x" is /tmp/x/bozze). The words were three near-copies inside its patterns, each with different
members ("denominata" in none: "una cartella denominata Pratiche 2025 all'interno di X" copied a file instead of
making the folder, everyday8-11); here they are one list each, read by every pattern.
"""
from __future__ import annotations

from .table import Rule, Table

PLACE_NAMES = Table("place_names", __doc__ or "", (
    Rule(
        id="calling",
        effect="the words that give a thing's name ('chiamata X', 'che si chiama X', 'denominata X', 'named X')",
        words=(r"(?:che\s+)?si\s+chiama", r"chiamat[ao]", r"denominat[ao]", r"di\s+nome", r"dal\s+nome", "called",
               "named", "titled", "intitolat[ao]"),
        match=("una cartella chiamata bozze", "una cartella denominata Pratiche 2025", "a folder named Drafts",
               "un file nuovo che si chiama turni.txt", "una cartella nuova si chiama esami"),
        no_match=("una cartella nuova", "chiamami domani", "the name of the folder", "chiamala esami"),
    ),
    Rule(
        id="where",
        effect="the words between a name and its place ('X in Y', 'X dentro il Y', 'X all'interno di Y', 'X which "
               "is in Y'); an article after 'dentro' is part of it ('dentro il /x': everyday8-27 made /x itself)",
        words=(r"dentro\s+(?:il|la|lo|l'|alla|al)", r"all'interno\s+(?:di|del|della|dello)", r"all'interno",
               r"inside\s+of", "in", "into", "inside", "dentro", "nella", "nel", "della", "del", "da",
               "dalla", "dal", "from", "under", "sotto", r"(?:che|ca)\s+sta\s+in", r"che\s+è\s+in",
               r"(?:which\s+is|that's|located|situated)\s+in", r"(?:collocat|situat)[aoie]\s+(?:in|a|dentro)",
               r"che\s+si\s+trova\s+in", "of"),
        match=("Tedesco dentro il /x", "Pratiche 2025 all'interno di /x", "notes.md in /x", "Drafts which is in ~/y",
               "Foto Vacanze ca sta in /x", "Documenti, collocata in /x", "the Documenti folder of /x"),
        no_match=("Tedesco per i miei esercizi", "Pratiche 2025, grazie", "nothing here"),
    ),
    Rule(
        id="name_ends",
        effect="the word after a new thing's name, said as a path with spaces right after 'called/chiamata' ('make "
               "a folder called /x/flash sheets and then move…' made /x/flash, everyday14-65): the name runs up to "
               "it — a clause going on, a place, a purpose, a courtesy",
        mode="match",
        pattern=r"(?:{words})\b",
        words=("and", "then", "e", "poi", "so", "così", "per", "for", "with", "con", "please", "grazie", "thanks", "in",
               "into", "inside", "dentro", "nella", "nel", "under", "sotto", "che"),
        match=("and then move it", "e poi spostaci dentro X", "per le foto", "please", "inside /x"),
        no_match=("sheets", "mare 2024", "estate", "Pratiche"),
    ),
))
