"""The words that say what kind of thing a path is: "la cartella X", "il file X", "i file in X", "leggi X".

Read by the object guard (routing/objects.py), which refuses a fast-path call that would pass a folder to a
file tool or a file to a folder tool: the word right before a path names its kind, the words that may stand
between ("il mio", "nuova", "chiamata") change nothing, and a holding word ("i file in X") makes X the place.
Word sets: the guard looks each word of the request up whole, so a rule's examples show the words in requests.
"""
from __future__ import annotations

from .table import Rule, Table

OBJECTS = Table("objects", __doc__ or "", (
    Rule(
        id="folder_words",
        effect="a folder named outright before its path ('la cartella X', 'the directory X')",
        words=("cartella", "cartelle", "folder", "folders", "directory", "directories", "dir", "sottocartella",
               "subfolder"),
        match=("elenca la cartella /tmp/x", "list the directory ~/src", "crea la sottocartella /srv/a/b"),
        no_match=("leggi il file /tmp/x", "apri il direttorio", "list the dirt"),
    ),
    Rule(
        id="file_words",
        effect="a file named outright before its path ('il file X', 'the document X')",
        words=("file", "files", "documento", "documenti", "document", "documents", "doc", "testo", "text"),
        match=("leggi il file /tmp/x", "open the document ~/a.odt", "mostrami il testo /tmp/a"),
        no_match=("elenca la cartella /tmp/x", "apri filezilla", "testa /tmp/a"),
    ),
    Rule(
        id="skip_determiners",
        effect="articles, possessives and demonstratives between a kind word and its path change nothing "
               "('la mia cartella X' is 'la cartella X')",
        words=("my", "mio", "mia", "miei", "mie", "the", "il", "lo", "la", "i", "gli", "le", "l'", "this",
               "questo", "questa", "that", "quel", "quella"),
        match=("elenca la mia cartella /tmp/x", "read this file /tmp/a"),
        no_match=("elenca /tmp/x", "read /tmp/a"),
    ),
    Rule(
        id="skip_naming",
        effect="'nuova', 'chiamata', 'named' between a kind word and its path change nothing ('la cartella "
               "chiamata X')",
        words=("nuovo", "nuova", "new", "called", "chiamato", "chiamata", "named"),
        match=("crea una cartella nuova /tmp/x", "make a folder named /srv/data"),
        no_match=("crea /tmp/x", "make /srv/data"),
    ),
    Rule(
        id="skip_of",
        effect="'di', 'of' between a kind word and its path ('la cartella di X'): X is still the folder",
        words=("di", "del", "della", "dello", "of"),
        match=("il contenuto della cartella /tmp/x", "the folder of /srv/data"),
        no_match=("la cartella /tmp/x", "the folder /srv/data"),
    ),
    Rule(
        id="skip_contents",
        effect="'directory contents for X', 'il contenuto della cartella X' reads the same either way round",
        words=("contents", "content", "contenuto", "for"),
        match=("directory contents for /srv/data", "il contenuto della cartella /tmp/x"),
        no_match=("directory /srv/data", "la cartella contenitore /tmp/x"),
    ),
    Rule(
        id="holding_in",
        effect="'i file in X': X is the place that holds them, a folder",
        words=("in", "nel", "nella", "nello", "nei", "negli", "nelle", "dentro", "inside", "into", "within",
               "sotto", "under"),
        match=("elenca i file in /tmp/x", "the files inside ~/docs"),
        no_match=("leggi i file /tmp/a /tmp/b", "read the files /tmp/a /tmp/b"),
    ),
    Rule(
        id="holding_of",
        effect="'i file di X', 'the files of X': X is the place that holds them, a folder",
        words=("di", "del", "della", "dello", "dei", "degli", "delle", "of"),
        match=("elenca i file di /tmp/x", "the files of ~/docs"),
        no_match=("elenca i file /tmp/x", "the files ~/docs"),
    ),
    Rule(
        id="holding_from",
        effect="'i file da X', 'the files from X': X is the place that holds them, a folder",
        words=("from", "da", "dal", "dalla"),
        match=("copia i file da /tmp/x", "the files from ~/docs"),
        no_match=("copia i file /tmp/x", "the files ~/docs"),
    ),
    Rule(
        id="plural_before",
        effect="an Italian 'file' after these is plural ('i file di X', 'quali file'), so X holds them",
        words=("i", "dei", "nei", "tutti", "quali", "che", "quanti", "alcuni", "miei", "tuoi", "questi", "quei",
               "these", "those", "all", "the"),
        match=("elenca i file di /tmp/x", "quali file ci sono in /srv?", "all file in ~/docs"),
        no_match=("leggi il file /tmp/x", "apri un file"),
    ),
    Rule(
        id="singular_before",
        effect="an Italian 'file' after these is one file ('il file di X'), not the files X holds",
        words=("il", "un", "del", "nel", "al", "dal", "sul", "questo", "quel", "mio", "tuo", "suo", "the", "a", "this",
               "that", "my", "your", "one", "uno", "ogni", "each"),
        match=("leggi il file di /tmp/x", "apri un file", "read this file"),
        no_match=("elenca i file di /tmp/x", "quali file?"),
    ),
    Rule(
        id="plural_file_words",
        effect="'files', 'documenti' are plural in themselves: 'the files in X' makes X a folder",
        words=("files", "documenti", "documents", "docs"),
        match=("elenca i documenti di /tmp/x", "the files in ~/src"),
        no_match=("leggi il documento /tmp/x", "the file ~/src/a"),
    ),
    Rule(
        id="in_place",
        effect="a lone 'in X' ('che c'è in ~/Musica') makes X a place, a folder, when nothing firmer speaks",
        words=("in", "nel", "nella", "nello", "dentro", "inside", "within", "under", "sotto"),
        match=("che file ci sono in ~/Musica", "what's inside /srv/x"),
        no_match=("elenca ~/Musica", "what's /srv/x"),
    ),
    Rule(
        id="reads_text",
        effect="words whose object is a text ('leggi X', 'cat X', 'cosa c'è scritto in X'): what is read is a file "
               "(the guard applies it to each word, whole)",
        words=(r"legg\w*", r"rilegg\w*", "read", "reads", "reading", "cat", "less", "scritt[oaie]", "written", "say",
               "says", "dice", "print", "stampa", "stampami"),
        match=("leggi /etc/hosts", "cosa c'è scritto in /tmp/a", "what does /tmp/a say"),
        no_match=("elenca /tmp/x", "list /srv", "catalog /srv"),
        flags=0,
    ),
    Rule(
        id="tool_folder_words",
        effect="a tool's schema or name that says folder ('Folder path', list_dir): its path argument takes a "
               "folder",
        words=("folder", "folders", "directory", "dir", "cartella"),
        match=("Folder path to list", "the directory to search in"),
        no_match=("Absolute file paths", "Text to write"),
    ),
    Rule(
        id="tool_file_words",
        effect="a tool's schema or name that says file ('Absolute file paths', read_files): its path argument "
               "takes a file",
        words=("file", "files"),
        match=("Absolute file paths", "the files to read"),
        no_match=("Folder path to list", "profile name"),
    ),
    Rule(
        id="tool_reads_text",
        effect="a tool whose description starts by reading, or searching inside, is a reader of text: bound to a "
               "picture, a recording or an archive it would give bytes, not content (a search *for* files is not)",
        mode="match",
        pattern=r"\s*(?:read\b|search\b.{0,40}\binside\b)",
        match=("Read the text of one or more files", "Search for a word or a pattern inside the files of a folder"),
        no_match=("Find files by name or kind under a folder", "Search the web for a page", "Reader mode for pages"),
    ),
))

