"""Actions named by their noun in a formal request: "si chiede di procedere alla compressione della cartella X",
"si richiede la cancellazione dalla memoria dell'informazione…", "please proceed with the deletion of X".

Read by lang/nominal.py before a request's signature: the noun is read as its verb only inside a request frame
(`frame`), so "la cancellazione è reversibile?" and "the compression ratio is poor" name no action. One rule per
action class (its id is the class): the nouns of that action. everyday5-34 and everyday5-42 (a formal voice
nobody tuned for) asked a forget and an archive this way, and were answered as chat and as a listing.
"""
from __future__ import annotations

from .table import Rule, Table

ACTION_NOUNS = Table("action_nouns", __doc__ or "", (
    Rule(
        id="frame",
        effect="a formal request for an action named by its noun; the word after the frame (and its articles or "
               "prepositions) is the noun read",
        pattern=r"\b(?:{words})\s+(?=(?:(?:(?:a|al|alla|all['’]?|allo|ai|alle|con|di|del|della|la|il|lo|l['’]?|una|"
                r"un|with|the|a|an|for|of|to)|(?:\{ext\}|pdf|docx?|odt|rtf|txt|csv|xlsx?|epub|html?|jpe?g|png|word|excel))"
                r"\s+)*(?P<noun>[^\W\d_]+))",
        words=(r"procedere", r"procedi", r"procediamo", r"proceda", r"provvedere", r"provveda", r"provvedi",
               r"richiede", r"richiedo", r"richiedere",
               r"chiede", r"chiedo", r"si\s+prega", r"vorrei", r"desidero", r"gradirei", r"necessito",
               r"proceed", r"request", r"requesting", r"go\s+ahead", r"need", r"want", r"would\s+like"),
        match=("si chiede di procedere alla compressione della cartella", "si richiede la cancellazione dalla memoria",
               "provvedere alla creazione della cartella ~/Pratiche/2025",
               "please proceed with the deletion of /x/a.txt", "I request the removal of the old files"),
        no_match=("la cancellazione è reversibile?", "the compression ratio is poor", "I like the printing quality"),
    ),
    Rule(id="delete", effect="a deletion",
         words=("cancellazione", "eliminazione", "rimozione", "deletion", "removal", "erasure"),
         match=("si richiede la cancellazione del file", "proceed with the removal of X"),
         no_match=("cancella il file", "remove X")),
    Rule(id="list", effect="a listing",
         words=("elencazione", "elencatura", "listing"),
         match=("procedere all'elencazione dei file della cartella", "proceed with the listing of ~/x"),
         no_match=("elenca i file", "list the files")),
    Rule(id="write", effect="something created or written (a folder, a file)",
         words=("creazione", "stesura", "redazione", "creation"),
         match=("provvedere alla creazione della cartella ~/x", "request the creation of the folder ~/x"),
         no_match=("crea la cartella", "create a folder")),
    Rule(id="compress", effect="an archive made",
         words=("compressione", "archiviazione", "zippatura", "compression", "zipping", "archiving"),
         match=("procedere alla compressione della cartella", "request the compression of /x"),
         no_match=("comprimi la cartella", "zip the folder")),
    Rule(id="print", effect="a print on paper",
         words=("stampa", "printing", "printout", "print"),
         match=("si richiede la stampa del file", "proceed with the printing of X"),
         no_match=("stampare", "printer settings")),
    Rule(id="move", effect="a move",
         words=("spostamento", "trasferimento", "relocation", "transfer"),
         match=("procedere allo spostamento dei file", "request the transfer of X to /y"),
         no_match=("sposta i file", "move X")),
    Rule(id="copy", effect="a copy",
         words=("duplicazione", "copia", "duplication", "copying"),
         match=("si richiede la copia del documento", "proceed with the copying of X"),
         no_match=("copiare il file", "copy X")),
    Rule(id="rename", effect="a new name",
         words=("ridenominazione", "rinomina", "renaming"),
         match=("si chiede la ridenominazione del file", "proceed with the renaming of X"),
         no_match=("rinominare", "rename X")),
    Rule(id="send", effect="a sending",
         words=("invio", "inoltro", "spedizione", "sending", "forwarding"),
         match=("si richiede l'invio del file al cliente", "proceed with the forwarding of the mail"),
         no_match=("invia il file", "send it")),
    Rule(id="install", effect="an installation",
         words=("installazione", "installation"),
         match=("procedere all'installazione del programma", "request the installation of VLC"),
         no_match=("installa VLC", "install it")),
    Rule(id="open", effect="an opening",
         words=("apertura", "opening"),
         match=("si richiede l'apertura della cartella", "proceed with the opening of X"),
         no_match=("apri la cartella", "open X")),
    Rule(id="convert", effect="a conversion of a file's format, or the file in another format ('need a PDF version "
                              "of X': the format before the noun is skipped by the frame)",
         words=("conversione", "conversion", "version", "versione"),
         match=("procedere alla conversione del documento in pdf", "request the conversion of X to pdf",
                "need a PDF version of ~/report.txt"),
         no_match=("converti X", "convert it")),
    Rule(id="encrypt", effect="a file encrypted",
         words=("cifratura", "crittografia", "criptazione", "encryption"),
         match=("si richiede la cifratura del file", "proceed with the encryption of X"),
         no_match=("cifra il file", "encrypt X")),
))
