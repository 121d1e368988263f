"""Words that decide whether an action no tool performs is really asked: an archive to extract, a file to restore.

Read by capability honesty (routing/capability.py): "estrai le date dal testo" is reading, "estrai l'archivio
X.zip" is an archive no tool opens; "recupera il file cancellato X" asks to restore it whatever verb carries it,
and the participle ("cancellato", "deleted") names what happened to the file, not a request to delete it.
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
))
