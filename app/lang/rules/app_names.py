"""What may be an application's name after "apri", "avvia", "launch", and what never is.

Read by the file-action stage's open rules (routing/file_lookup.py): "apri spotify per favore" starts Spotify,
while "apri la casella di posta", "open the garage door" or "apri un conto in banca" name no program. The words around a
name are dropped (articles, "app", "please"); a word that is no program refuses the call. Word sets: the stage
looks each word up whole, so a rule's examples show the words in requests.
"""
from __future__ import annotations

from .table import Rule, Table

APP_NAMES = Table("app_names", __doc__ or "", (
    Rule(
        id="not_in_a_name",
        effect="a preposition is no part of an application's name ('apri firefox con la pagina X' is no app)",
        words=("in", "di", "da", "con", "per", "su", "on", "at", "with", "for", "to", "of"),
        match=("apri firefox con la pagina di Marco", "open spotify on the laptop"),
        no_match=("apri firefox", "open spotify"),
    ),
    Rule(
        id="app_stop_articles",
        effect="articles and possessives before a name: dropped ('apri l'app Spotify', 'open my terminal')",
        words=("la", "il", "lo", "l'", "un'", "le", "i", "gli", "un", "una", "the", "a", "an", "mio", "mia", "my"),
        match=("apri la calcolatrice", "open the terminal", "apri l'editor"),
        no_match=("apri firefox", "avvia spotify"),
    ),
    Rule(
        id="app_stop_program",
        effect="the word for a program beside its name: dropped ('apri l'app Spotify', 'open the program gimp')",
        words=("app", "applicazione", "programma", "program", "application"),
        match=("apri l'app Spotify", "open the program gimp"),
        no_match=("apri spotify", "open appunti"),
    ),
    Rule(
        id="app_stop_courtesy",
        effect="please, thanks, 'me', 'now' around a name: dropped ('apri spotify per favore', 'open gimp now')",
        words=("per", "favore", "please", "me", "mi", "pls", "plz", "grazie", "thanks", "thx", "subito", "now"),
        match=("apri spotify per favore", "open gimp now", "avviami subito firefox"),
        no_match=("apri spotify", "open gimp"),
    ),
    Rule(
        id="not_app_files",
        effect="a file, folder or page is opened, not started ('apri il file', 'open the page'): no app",
        words=("file", "files", "cartella", "folder", "documento", "document", "pagina", "page", "sito", "link"),
        match=("apri il file", "open the folder", "apri il sito"),
        no_match=("apri firefox", "open filezilla"),
    ),
    Rule(
        id="not_app_mail",
        effect="what is read in an app is not the app: 'apri la mia casella Gmail', 'open my inbox'",
        words=("casella", "posta", "mail", "email", "inbox", "account", "conto", "profilo", "profile"),
        match=("apri la mia casella Gmail", "open my inbox", "apri un conto in banca"),
        no_match=("apri thunderbird", "open gmail"),
    ),
    Rule(
        id="not_app_pronouns",
        effect="a pronoun names no program: 'aprilo', 'open it', 'apri questo'",
        words=("it", "lo", "la", "questo", "this", "that", "quello"),
        match=("open it", "apri questo", "open that please"),
        no_match=("open gimp", "apri firefox"),
    ),
    Rule(
        id="not_app_machine",
        effect="parts of the machine are no applications: 'open the cd tray', 'apri il cassetto del lettore'",
        words=("cd", "dvd", "tray", "drive", "cassetto", "lettore", "carrello", "finestra", "finestre", "window",
               "windows", "mouse", "schermo", "screen", "usb", "porta", "port", "disco", "disk"),
        match=("open the cd tray", "apri il cassetto del lettore", "apri la finestra"),
        no_match=("open gimp", "apri vlc"),
    ),
    Rule(
        id="not_app_house",
        effect="things in a house are no programs: 'open the garage door', 'apri il cancello'",
        words=("door", "doors", "garage", "gate", "cancello", "tende", "curtains", "fridge", "frigo", "car",
               "macchina", "trunk", "bagagliaio", "lock", "box", "scatola", "bottle", "bottiglia", "finestrino",
               "portone"),
        match=("open the garage door", "apri il cancello", "apri il frigo"),
        no_match=("open gimp", "apri dropbox"),
    ),
    Rule(
        id="not_app_general",
        effect="programs in general, not one: 'can you open apps?', 'apri i programmi', 'open everything'",
        words=("apps", "app", "applications", "application", "programs", "program", "programmi", "programma",
               "applicazioni", "applicazione", "things", "stuff", "cose", "everything", "tutto", "anything",
               "qualcosa"),
        match=("can you open apps?", "apri i programmi", "open everything"),
        no_match=("open gimp", "apri spotify"),
    ),
    Rule(
        id="indefinite",
        effect="'apri un conto', 'open a ticket': an indefinite object is something to create, not an app to start",
        words=("un", "uno", "una", "un'", "a", "an"),
        match=("apri un conto in banca", "open a ticket", "apri un'app"),
        no_match=("apri firefox", "open the terminal"),
    ),
    Rule(
        id="open_words",
        effect="the program named as the default one ('con il programma predefinito', 'in the file manager'): "
               "words the open rules read, no leftover (compared by stem)",
        words=("predefinito", "predefinita", "default", "app", "applicazione", "programma", "program", "viewer",
               "visualizzatore", "browser", "manager", "gestore", "finder", "esplora", "risorse"),
        match=("apri /tmp/a.pdf con il programma predefinito", "show /tmp/x in the file manager"),
        no_match=("leggi /tmp/a.pdf", "apri /tmp/a.pdf"),
    ),
    Rule(
        id="common_folder_names",
        effect="folder names too common as plain words to be read as the named folder ('sposta X in foto' is not "
               "~/Pictures by itself)",
        words=("casa", "foto", "video", "docs"),
        match=("sposta /tmp/a.jpg in foto", "copia /tmp/a.txt a casa"),
        no_match=("sposta /tmp/a.jpg in Immagini", "copy /tmp/a.txt to Documents"),
    ),
))
