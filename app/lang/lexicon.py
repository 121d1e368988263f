"""The verb and object lexicon behind the action guard (IT + EN), as data.

An action class groups synonyms (leggi/apri/mostra/read/open/show); antonyms
are simply different classes (copy vs move, up vs down, on vs off), so a
stored "leggi a.txt" can never serve "cancella a.txt". Italian forms are
generated from the infinitive (imperative, Lei, voi, infinitive with clitics
such as "leggimelo", "cancellarlo"); English forms from the base.
"""
from __future__ import annotations

from app.lang.rules.function_words import FUNCTION_WORDS
from app.lang.words import STOPWORDS as LANG_STOPWORDS
from app.lang.words import stem

# class -> Italian infinitives, plus explicit extra forms (irregular, phrasal).
IT_VERBS: dict[str, list[str]] = {
    "read": ["leggere", "mostrare", "visualizzare", "vedere", "guardare", "consultare", "visitare",
             ],
    # opening hands a thing to its program (open_path); reading shows its text (read_files): never one class
    "open": ["aprire"],
    "delete": ["cancellare", "eliminare", "rimuovere", "togliere", "cestinare", "distruggere", "buttare",
               "levare"],
    "empty": ["svuotare"],
    "write": ["scrivere", "salvare", "creare", "generare", "annotare", "registrare", "predisporre"],
    # adding to a file keeps what is there: another action than writing it (write_files overwrites by default)
    "append": ["aggiungere", "inserire", "accodare"],
    "edit": ["modificare", "cambiare", "aggiornare", "correggere", "sostituire"],
    "rename": ["rinominare"],
    "copy": ["copiare", "duplicare"],
    "move": ["spostare", "muovere", "trasferire", "collocare"],
    "list": ["elencare", "listare"],
    "find": ["trovare", "cercare", "ricercare", "individuare", "rintracciare"],
    "up": ["alzare", "aumentare", "incrementare", "rialzare"],
    "down": ["abbassare", "diminuire", "ridurre", "decrementare", "attenuare"],
    "on": ["accendere", "attivare", "abilitare"],
    "off": ["spegnere", "disattivare", "disabilitare"],
    "start": ["avviare", "lanciare", "eseguire", "iniziare", "cominciare"],
    "stop": ["fermare", "interrompere", "terminare", "arrestare", "bloccare", "smettere"],
    "remember": ["ricordare", "memorizzare", "segnare", "rammentare"],
    "forget": ["dimenticare", "scordare"],
    "summarize": ["riassumere", "sintetizzare", "descrivere", "spiegare", "sunteggiare"],
    "send": ["inviare", "mandare", "spedire", "inoltrare", "condividere"],
    "reply": ["rispondere"],
    "notify": ["avvisare", "notificare", "allertare"],
    # getting something: a page (get_urls), the time (get_now); a tool named "get_..." does it
    "get": ["recuperare", "prendere", "ottenere"],
    "download": ["scaricare"],
    "upload": ["caricare"],
    "translate": ["tradurre"],
    "print": ["stampare"],
    "compress": ["comprimere", "zippare", "archiviare"],
    "extract": ["estrarre", "decomprimere", "scompattare", "unzippare"],
    "install": ["installare"],
    "uninstall": ["disinstallare"],
    "play": ["riprodurre", "suonare", "ascoltare"],
    "pause": ["pausare"],
    "calculate": ["calcolare", "contare", "sommare", "moltiplicare", "dividere", "sottrarre", "addizionare"],
    "convert": ["convertire", "trasformare"],
    "schedule": ["impostare", "programmare", "fissare", "pianificare", "prenotare"],
    "cancel": ["annullare", "disdire"],
    "sort": ["ordinare"],
    "check": ["controllare", "verificare"],
    "compare": ["confrontare", "paragonare"],
    "call": ["chiamare", "telefonare"],
    "encrypt": ["cifrare", "criptare", "crittografare", "crittare", "decifrare", "decriptare", "proteggere"],
    "restore": ["ripristinare"],
}
IT_EXTRA: dict[str, list[str]] = {
    "read": ["leggi", "legga", "leggete", "stampa a video", "stampami a video", "stampa a schermo",
             "stampami a schermo", "stampa sullo schermo", "stampa su schermo", "qual è il contenuto",
             "qual'è il contenuto", "apri e leggi",
             "apri e leggimi", "aprimi e leggi", "apri e mostra",
             "apri e mostrami", "vedi", "veda", "cosa c'è in", "cosa c'è nel",
             "cosa ho in", "cosa ho nel", "cosa ho nella", "che ho nella", "cosa tengo in", "cosa tengo nella",
             "cosa c'è nella", "cosa c'è dentro", "che c'è in", "che c'è nel", "che c'è nella", "far vedere",
             "fammi vedere", "fa vedere", "fai vedere", "fammelo vedere", "fammela vedere",
             "fammeli vedere", "dai un'occhiata", "dà un'occhiata", "mostrameli", "mostramele", "cosa dice", "che dice",
             "cosa c'è scritto", "che c'è scritto", "c'è scritto", "che c'è dentro", "dammi il contenuto",
             "cosa contiene", "che cosa contiene",
             "dammi il testo",
             "stampa le ultime", "stampa le prime", "stampa le righe", "stampa il contenuto", "stampami le ultime",
             "stampami le prime", "stampami le righe", "stampami il contenuto"],
    "open": ["apri", "apra", "aprite", "aprimi", "aprilo", "aprila", "aprimelo", "aprimela"],
    "list": ["che file ci sono", "quali file ci sono", "che cartelle ci sono", "quali cartelle ci sono",
             "che file ho", "quali file ho", "che documenti ho", "quali documenti ho", "che documenti ci sono",
             "quali documenti ci sono"],
    "delete": ["sposta nel cestino", "metti nel cestino", "butta nel cestino", "spostalo nel cestino",
               "rimuovi", "rimuova", "togli", "tolga", "togli di mezzo", "leva di mezzo", "butta via", "butta",
               "distruggi", "leva"],
    "write": ["scrivi", "scriva", "crea", "salva", "sovrascrivi", "sovrascriva", "sostituisci il contenuto di",
              "sostituisci il testo di", "rimpiazza il contenuto di", "metti il testo", "metti la scritta",
              "metti {quoted}", "predisponi", "predisponga"],  # the formal register (everyday19-21)
    "append": ["aggiungi", "aggiunga", "inserisci", "inserisca", "accoda"],
    "edit": ["sostituisci", "sostituisca"],
    "move": ["trasferisci", "trasferisca", "porta", "portami", "colloca", "collochi"],
    "copy": ["fai una copia di", "fammi una copia di", "metti una copia di", "crea una copia di",
             "salva una copia di", "metta una copia di", "collochi una copia di", "colloca una copia di"],
    "rename": ["cambia nome", "cambia il nome", "cambiagli nome", "cambiare nome", "cambiare il nome"],
    "find": ["cerca", "cerchi", "cercami", "trova", "trovami", "dove sono i file", "ci sono file",
             "ci sono dei file"],
    "on": ["accendi", "accenda"],
    "off": ["spegni", "spenga", "spengi"],
    "start": ["avvia", "lancia", "esegui", "fai partire", "fa partire", "far partire", "fammi partire"],
    "stop": ["smetti", "ferma", "interrompi", "termina"],
    "remember": ["ricordati", "ricordamelo", "tieni a mente", "tenere a mente", "prendi nota", "prendi appunti",
                 "segnati", "segnatelo", "annotati", "annotatelo", "appuntati", "appuntatelo",
                 "salvati questa", "salvati questo", "salvatelo", "salvatela",
                 # a negated forgetting asks to keep: read as one phrase before its "non" can negate the request
                 "non dimenticare", "non dimenticarti", "non scordare", "non scordarti", "non farmi dimenticare",
                 "non farmelo dimenticare", "non lasciarmi dimenticare", "fa che non dimentichi"],
    "summarize": ["riassumi", "riassuma", "descrivi", "spiega", "fammi un riassunto", "fai un riassunto",
                  "fammi un sunto", "fai un sunto", "fammi una sintesi"],
    "send": ["manda", "mandami", "invia", "inviami", "spedisci", "spediscimi", "inoltra"],
    "reply": ["rispondi", "risponda"],
    "notify": ["avvisa", "avvisi", "notifica"],
    "translate": ["traduci", "traduca", "traducimi"],
    "compress": ["comprimi"],
    "extract": ["estrai", "decomprimi"],
    "play": ["riproduci", "suona", "ascolta", "metti su"],
    "pause": ["metti in pausa", "pausa"],
    "convert": ["converti"],
    "schedule": ["imposta", "programma", "fissa", "prenota"],
    "cancel": ["annulla", "disdici"],
    "sort": ["ordina"],
    "check": ["controlla", "verifica"],
    "compare": ["confronta"],
    "call": ["chiama", "telefona"],
    "encrypt": ["cripta", "cifra", "decifra", "decripta", "proteggi con password", "metti una password"],
    "up": ["alza", "aumenta", "più forte", "piu forte"],
    "down": ["abbassa", "diminuisci", "riduci", "più piano", "piu piano"],
}
EN_VERBS: dict[str, list[str]] = {
    "read": ["read", "cat", "print on screen", "print to the screen", "print on the screen", "print to screen",
             "go through",
             "look through", "open and read", "open up and read", "open and show",
             "open it and read", "show", "display", "view", "see", "look at", "take a look at", "have a look at",
             "visit", "browse", "what's in", "whats in", "what is in", "what's inside", "whats inside",
             "show me the contents", "give me the contents", "what does it say", "what it says", "what it contains",
             "print out what's in",
             "print out whats in", "print out what is in", "print what's in", "print whats in",
             "what's written in", "whats written in", "what is written in",
             # printing a file's lines or contents is showing them (a terminal's sense), not paper
             "print the last", "print the first", "print the lines", "print the contents", "print the content",
             "print out the last", "print out the first", "print out the lines", "print out the contents"],
    "open": ["open", "open up", "double-click", "double click"],
    "delete": ["move to the trash", "move to trash", "put in the trash", "send to the trash", "send to trash",
               "delete", "remove", "erase", "trash", "rm", "get rid of", "throw away", "destroy",
               "bin", "ditch"],  # "bin X mate, dont need it no more" (everyday10-51: read X instead)
    "empty": ["empty", "wipe", "clear", "blank"],
    "append": ["add", "append", "insert"],
    "write": ["write", "overwrite", "save", "create", "store", "jot down", "put down", "type", "mkdir",
              # replacing all a file holds is writing it ("replace X with Y" inside it is an edit)
              "replace the contents of", "replace the content of", "replace the text of", "put the text",
              "put {quoted}",
              "make a folder", "make a new folder", "make a directory"],
    "edit": ["edit", "modify", "change", "update", "fix", "correct", "replace"],
    "rename": ["rename", "change the name of", "change the name"],
    "copy": ["copy", "duplicate", "cp", "back up", "put a copy of", "make a copy of", "save a copy of",
             "place a copy of"],
    "move": ["move", "mv", "transfer", "relocate"],
    "list": ["list", "enumerate", "ls", "what files are", "which files are", "what folders are",
             "what files do i have", "which files do i have", "what files have i got",
             "which folders are"],
    "find": ["find", "search", "look for", "locate", "track down", "hunt down", "seek", "grep", "look up", "search for",
             "hunt for",
             "are there any", "are there", "is there any", "do i have any", "have i got any"],
    "up": ["raise", "increase", "turn up", "boost", "crank up", "louder", "bump up"],
    "down": ["lower", "decrease", "reduce", "turn down", "quieter", "dim"],
    "on": ["turn on", "switch on", "enable", "activate", "power on"],
    "off": ["turn off", "switch off", "disable", "deactivate", "shut down", "power off", "shut off"],
    "start": ["start", "launch", "run", "execute", "begin", "kick off", "fire up", "boot up", "start up"],
    "stop": ["stop", "halt", "kill", "terminate", "end", "abort", "quit", "interrupt"],
    "remember": ["remember", "memorize", "memorise", "keep in mind", "make a note", "take note", "note for the future",
                 "note for later", "for future reference", "keep a note", "jot down",
                 "don't forget", "dont forget", "do not forget", "don't let me forget", "dont let me forget",
                 "do not let me forget", "make sure i don't forget", "make sure i dont forget"],
    "forget": ["forget"],
    "summarize": ["summarize", "summarise", "describe", "sum up", "recap", "outline", "explain", "give me a summary",
                  "give a summary"],
    "send": ["send", "mail", "email", "e-mail", "forward", "share", "text"],
    "reply": ["reply", "respond", "answer"],
    "notify": ["notify", "alert", "warn"],
    "get": ["get", "grab", "retrieve"],
    "download": ["download", "fetch", "grab", "pull down"],
    "upload": ["upload"],
    "translate": ["translate"],
    "print": ["print"],
    "compress": ["compress", "zip", "archive"],
    "extract": ["extract", "unzip", "decompress", "unpack"],
    "install": ["install"],
    "uninstall": ["uninstall"],
    "play": ["play", "listen to"],
    "pause": ["pause"],
    "calculate": ["calculate", "compute", "count", "add up", "work out", "figure out", "calc", "multiply", "divide",
                  "subtract"],
    "convert": ["convert", "transform"],
    "schedule": ["set", "schedule", "book", "plan", "set up"],
    "cancel": ["cancel", "call off"],
    "sort": ["sort"],
    "check": ["check", "verify"],
    "compare": ["compare", "diff"],
    "call": ["call", "phone", "ring", "dial"],
    "undo": ["undo", "revert"],
    "encrypt": ["encrypt", "decrypt", "password-protect", "password protect"],
    "restore": ["restore", "undelete", "recover"],
}
# How people text: short forms read as the word they stand for ("nn" is a negation).
TEXTING: dict[str, str] = {"nn": "non", "ke": "che", "qnd": "quando", "qndo": "quando", "cmq": "comunque",
                           "xke": "perché", "xché": "perché", "pls": "please", "plz": "please", "u": "you",
                           "r": "are", "dnt": "don't", "2day": "today", "2morrow": "tomorrow", "wat": "what",
                           "gimme": "give", "qnto": "quanto", "qnt": "quanto", "x": "per", "sn": "sono", "cm": "come",
                           "dv": "dove", "nvm": "nevermind"}
# The commonest slips of the fingers on short words, too short for the typo index: read as the word by the lexicon
# (in TEXTING) and by the learned heads (lang.heads.head_text), which learned words spelled right ("hey whats the
# tiem rn" read get_now 0.28, "time" 0.93).
SLIPS: dict[str, str] = {"teh": "the", "hte": "the", "waht": "what", "whta": "what", "xfavore": "favore",
                         "quant": "quanto", "srch": "search", "tiem": "time", "reed": "read"}
TEXTING.update(SLIPS)
# Words that are nouns as often as verbs: a verb only at the start of a clause.
AMBIGUOUS = frozenset({
    "cat", "list", "search", "copy", "play", "print", "call", "check", "set", "start", "stop", "book", "plan", "count",
    "update", "change", "record", "view", "display", "show", "download", "downloads", "email", "mail", "text",
    "open", "end", "run", "order", "store", "answer", "fix", "trash", "empty", "archive", "zip", "dim", "ring",
    "bin", "ditch",
    "lista", "ricerca", "stampa", "mostra", "invio", "calcolo", "cancello", "pausa", "copia", "programma", "fissa",
    "conto", "ordine", "nota", "note", "segno", "registro", "sposta", "leva", "tolto", "ferma", "termina", "lancia",
    "archivio", "see", "grab", "add", "butta", "porta", "guarda", "cambio", "carica", "runs", "telefono",
    "ricordi", "salvo", "vedo", "conta", "tolgo", "schedule", "cifra", "proteggi", "called", "calling",
    "printed", "installed", "played", "sent", "type", "typed", "types", "chiamato", "chiamata", "chiamati",
    "chiamate", "phone",
})
# A noun that names the action when no verb does ("fammi un riassunto", "a summary of ...").
NOUN_ACTIONS: dict[str, str] = {
    "riassunto": "summarize", "sunto": "summarize", "sintesi": "summarize", "summary": "summarize",
    "recap": "summarize", "traduzione": "translate", "translation": "translate", "elenco": "list",
    "lista": "list", "listing": "list", "contenuto": "read", "contents": "read",
    "backup": "copy", "copy": "copy", "copia": "copy",
}
NEGATIONS = frozenset({"non", "not", "never", "mai", "senza", "without", "don't", "dont", "doesn't", "doesnt",
                       "didn't", "didnt", "won't", "wont", "can't", "cant", "cannot", "shouldn't", "mustn't",
                       "neither", "nor", "nè", "nemmeno", "neanche", "neppure", "evita", "avoid",
                       # "no need to ...", "no, leave it": a "no" inside a request takes it back as well
                       "no", "nevermind", "nope",
                       # as Rome and Naples say and type it ("nun cancella niente eh, voglio sape solo…": the folder
                       # went to the trash, everyday11-6)
                       "nun",
                       # Scots ("cannae mind whit ah put in there", "dinnae delete it")
                       "cannae", "canna", "dinnae", "dinna", "didnae", "wouldnae", "couldnae", "shouldnae", "willnae",
                       "isnae", "wasnae", "wullnae"})
# Two-word ways of calling a request off ("lascia stare", "lascia perdere").
NEGATION_PHRASES = frozenset({("lascia", "stare"), ("lascia", "perdere"), ("lasciamo", "perdere"),
                              ("lasciamo", "stare"), ("leave", "it")})
CLAUSE_BREAK = frozenset({"ehi", "hey", "scusa", "scusi", "senti", "senta", "allora", "ok", "okay", "dai", "favore",
                          "grazie", "ciao", "buongiorno", "buonasera", "listen", "sorry", "hi", "hello", "you", "u",
                          "tu", "io", "lei", "fai", "fa", "fare", "fammi", "facciamo", "make", "do", "let",
                          "dammi", "give", "go",
                          "vai", "prova", "try", "e", "ed", "poi", "quindi", "dopo", "and", "then", "also", "anche",
                          "to", "di", "a", "ad",
                          "non", "not", "don't", "dont", "never", "mai", "let's", "lets", "me", "mi", "ce", "ci",
                          "te", "please", "just", "now", "ora", "adesso", "infine", "finally", "next", "after",
                          "that", "so", "pure", "per", "for", "or", "o", "oppure", "e'", "but", "ma",
                          # a modal before the verb: "if you could open X" (everyday11-68 read "open" as a noun, and
                          # the file was read instead of opened)
                          "could", "would", "can", "might", "kindly"})
# A value after these is the subject of a subordinate clause ("tell me when {path} runs out", "dimmi se {path}
# parte"): the word after it is that clause's verb, not a request ("runs" read as "run", everyday6-3).
SUBORDINATORS = frozenset({"when", "if", "whether", "until", "that", "quando", "se", "finché", "finche", "che"})
# A noun that names an action, pointed at with one of these, is a thing ("quella lista non mi serve più").
DEMONSTRATIVES = frozenset({"quella", "quello", "quel", "questa", "questo", "sta", "sto", "that", "this", "those",
                            "these", "quelle", "quelli", "queste", "questi"})
# A noun that names an action, said after one of these (with at most one word between), is a manner: "stampalo
# in duplice copia" asks a print, not a copy (everyday7-38 copied the contract beside refusing the print).
MANNER = frozenset({"in"})
CLITICS = tuple(sorted({
    "mi", "ti", "ci", "vi", "lo", "la", "li", "le", "ne", "gli", "si",
    "melo", "mela", "meli", "mele", "mene", "telo", "tela", "teli", "tele", "tene", "celo", "cela", "celi", "cele",
    "cene", "velo", "vela", "glielo", "gliela", "glieli", "gliele", "gliene", "selo", "sela",
}, key=len, reverse=True))

# Object classes: nouns (IT/EN) that name *what* is acted on. Different classes = different request.
OBJECTS: dict[str, list[str]] = {
    "folder": ["cartella", "cartelle", "folder", "folders", "directory", "directories", "dir"],
    "email": ["email", "e-mail", "emails", "mail", "mails", "posta", "inbox"],
    "message": ["messaggio", "messaggi", "message", "messages", "sms", "chat"],
    "image": ["foto", "fotografia", "fotografie", "immagine", "immagini", "image", "images", "photo", "photos",
              "picture", "pictures", "pic", "pics", "screenshot", "screenshots"],
    "music": ["musica", "canzone", "canzoni", "brano", "brani", "song", "songs", "music", "track", "tracks",
              "playlist", "podcast"],
    "video": ["video", "videos", "film", "movie", "movies"],
    "volume": ["volume", "audio", "suono", "sound"],
    "light": ["luce", "luci", "lampada", "lampadina", "light", "lights", "lamp"],
    "network": ["wifi", "wi-fi", "rete", "network", "internet", "bluetooth", "vpn"],
    "alarm": ["sveglia", "sveglie", "allarme", "alarm", "alarms"],
    "timer": ["timer", "countdown"],
    "reminder": ["promemoria", "reminder", "reminders"],
    "calendar": ["calendario", "appuntamento", "appuntamenti", "evento", "eventi", "riunione", "riunioni",
                 "impegno", "impegni", "agenda", "calendar", "appointment", "appointments", "event", "events",
                 "meeting", "meetings", "schedule"],
    "note": ["nota", "note", "appunto", "appunti", "notes", "memo"],
    "web": ["pagina", "pagine", "pag", "sito", "siti", "page", "pages", "site", "sites", "website", "webpage",
            "webpages", "link", "url",
            "web", "articolo", "article"],
    "weather": ["meteo", "weather", "previsioni", "forecast", "pioggia", "rain"],
    "news": ["notizie", "notizia", "news", "headlines", "giornale"],
    "contact": ["contatto", "contatti", "contact", "contacts", "rubrica"],
    "task": ["compito", "compiti", "task", "tasks", "todo", "to-do", "attività"],
    "screen": ["schermo", "luminosità", "brightness", "screen", "display"],
    "battery": ["batteria", "battery"],
    "password": ["password", "passwords"],
    "trash": ["cestino", "trash", "bin", "recycle", "recycling"],
    "memory": ["memoria", "memory", "ricordi", "memories"],
    "app": ["app", "applicazione", "programma", "application", "program", "player", "viewer"],
    "lang:en": ["inglese", "english"], "lang:it": ["italiano", "italian"], "lang:fr": ["francese", "french"],
    "lang:de": ["tedesco", "german"], "lang:es": ["spagnolo", "spanish"],
    "scope:all": ["tutto", "tutti", "tutte", "all", "everything", "every", "ogni"],
    "size:big": ["grande", "grandi", "grosso", "grossi", "big", "large", "huge", "largest", "biggest"],
    "size:small": ["piccolo", "piccoli", "small", "tiny", "smallest"],
    "recency:new": ["recente", "recenti", "nuovo", "nuovi", "recent", "new", "newest", "latest", "ultimo"],
    "recency:old": ["vecchio", "vecchi", "old", "older", "oldest"],
}
# Content words that name the same thing in everyday phrasing (IT/EN): "which day of the week is it" asks what "che
# giorno è" asks. A request's content words are compared by their group, so a tool whose examples say "giorno"
# also knows "day"; words of different groups stay apart, and verbs are never grouped here (the action classes).
SAME_THING: dict[str, list[str]] = {
    "date": ["data", "date", "giorno", "giornata", "day", "weekday", "settimana", "week"],
    "time": ["ore", "orario", "time", "hour", "clock", "orologio"],
    "word": ["parola", "parole", "stringa", "stringhe", "word", "words", "string", "strings"],
}
# Actions that change nothing: for them "la cartella X" is just X (the path names the thing).
READ_ONLY = frozenset({"read", "list", "find", "summarize", "translate", "check", "compare", "calculate"})
# Words that carry no object or action: the function words of both languages (app.lang) plus the generic
# nouns for "the thing" and the helper verbs people put around a request.
STOPWORDS = LANG_STOPWORDS | frozenset("""
di del dello della dei degli delle dell' da dal dallo dalla dai dagli dalle dall' in nel nello nella nei negli nelle
nell' con col coi su sul sullo sulla sui sugli sulle sull' per tra fra a al allo alla ai agli alle all' ad e ed o od
che chi cosa cos' cos come com' dove dov' quando quale quali quanto quanti mio mia miei mie tuo tua suo sua nostro
nostra vostro loro me te se sé ce ne ci vi lo la li le gli mi ti si è e' sono sei siamo ho hai ha abbiamo avete hanno
c' c'è questo questa questi queste quello quella quelli quelle qui qua lì là dentro fuori c'e quand' quand'è quand'e
of the a an to in into on onto at by for from with within about as is are was were be been am do does did i me my
mine you your it its it's this that these those there here what what's whats which who how where when why inside
when's whens where's wheres who's how's have has had got rn s l
sotto sopra quant' quant'è viene vien esatta esatto esattamente exact exactly precisa preciso precisely
buongiorno buonasera buonanotte salve cortesemente gentilmente cortese gentile potrebbe potresti potreste può puoi
scusi scusa scusate scusami perdoni perdonami perdona em 'em
grazie mille tante prego tipo ehm eh ehi hey allora cioè cioe insomma io tu lei voi
good morning afternoon evening kindly thank thanks um uh hmm okay ok sapere saper servono stanno sta through c
sto sti ste mo mò mo' dai 'na na 'n senti senta listen thx ty sorry hi hello ciao favore
out off up down over under some any
file files spreadsheet spreadsheets documento documenti document documents doc contenuto contenuti content contents
formato
testo text frase
sentence phrase cosa roba
stuff thing things item items cose
ora adesso subito now right away quickly presto ancora again nuovamente di nuovo
like want need wanna gonna would i'd i'm id im let let's lets vorrei voglio devo dovrei bisogno ho bisogno serve
also anche pure solo only just already già
fai fa fare fammi facciamo make do dammi give metti mettere
poi quindi dopo dopodichè infine and then after afterwards finally
dimmi dimmelo dirmi dici dire di' dì tell me sai sapresti know
pò po poco bit little some qualche alcuni alcune
contiene contengono contenere contain contains containing
""".split()) | frozenset(  # function words of regions and varieties, formal helpers: rules/function_words.py
    FUNCTION_WORDS.words("particles", "dialect_function", "scots_function", "vocatives", "formal_helpers"))


# What a write or a delete means when its place is the assistant's memory (rules/action_reading.py
# "memory_place"): "salva questa frase in memoria" keeps a fact, "cancellalo dalla memoria" forgets one.
TEXT_ACTIONS = frozenset({"write", "append", "edit"})  # the actions whose change is a text the request gives
ON_MEMORY: dict[str, str] = {"write": "remember", "append": "remember", "delete": "forget", "empty": "forget"}


def _version() -> str:
    import hashlib

    from .rules.action_nouns import ACTION_NOUNS  # nouns read as verbs in a formal request (nominal.py)
    from .rules.action_reading import ACTION_READING  # forms that change what action_of reads

    data = repr((tuple((r.source(), r.id) for r in ACTION_NOUNS.rules + ACTION_READING.rules),
                 IT_VERBS, IT_EXTRA, EN_VERBS, TEXTING, sorted(AMBIGUOUS), NOUN_ACTIONS, sorted(NEGATIONS),
                 sorted(NEGATION_PHRASES),
                 sorted(CLAUSE_BREAK), sorted(SUBORDINATORS), sorted(DEMONSTRATIVES), sorted(MANNER),
                 CLITICS, OBJECTS, sorted(STOPWORDS), SAME_THING, ON_MEMORY,
                 stem("cartelle") + stem("files")))  # the stemmer is part of it
    return hashlib.sha1(data.encode("utf-8")).hexdigest()[:8]


# Stored action keys carry this: a changed lexicon recomputes them at start-up.
LEXICON_VERSION = _version()
