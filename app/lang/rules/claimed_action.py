"""What a written answer says it did or will do: a write, a send, a reminder — a claim the turn must back.

Read by app/planner/writing.py on the model's finished answer. When no write ran in the turn, an answer that says
"Sure, I'll store that information for you", "Ho salvato il promemoria" or "I've sent the e-mail" is untrue: the
person would rely on something that never happened. Such an answer is replaced by one that says nothing was done
(a hard veto on the model's output, like the checks for numbers and paths it cannot back). Offers and questions
("vuoi che lo salvi?", "should I save it?") and how-tos addressed to the person ("puoi salvarlo con Ctrl+S") are
not claims.
"""
from __future__ import annotations

from .table import Rule, Table

CLAIMED_ACTION = Table("claimed_action", __doc__ or "", (
    Rule(
        id="done_it",
        effect="an Italian answer says the assistant has done a write, a send or a reminder: untrue when none ran",
        pattern=r"(?<!non )(?<!non l')(?<!non l’)(?<![\w'’])"
                r"(?:ho|l['’]ho|li ho|le ho|gliel['’]ho|te l['’]ho|ti ho|abbiamo)\s+(?:gi[aà]\s+|appena\s+|ora\s+)?"
                r"(?:{words})\w*",
        words=("salvat", "memorizzat", "annotat", "registrat", "inviat", "mandat", "spedit", "inoltrat",
               "spostat", "cancellat", "eliminat", "copiat", "creat", "impostat", "programmat", "rinominat",
               "scritto", "scritta", "scritti", "segnat", "apert", "aperto"),
        match=("Fatto! Ho salvato il codice del lucchetto.", "L'ho memorizzato: il dentista è giovedì.",
               "Ho già inviato il messaggio a Marco.", "Ti ho impostato un promemoria per le 15.",
               "ho appena spostato il file"),
        no_match=("Vuoi che salvi il codice?", "Non ho salvato niente.", "Puoi salvarlo con Ctrl+S.",
                  "Ho letto il file: contiene 3 righe.", "Ho trovato 2 file.", "Non l'ho spostato."),
    ),
    Rule(
        id="will_do_it",
        effect="an Italian answer promises a write, a send or a reminder in the future tense: untrue when none ran",
        pattern=r"\b(?:{words})\b",
        words=("salver[oò]", "memorizzer[oò]", "annoter[oò]", "registrer[oò]", "invier[oò]", "mander[oò]",
               "ricorder[oò]", "avviser[oò]", "sposter[oò]", "canceller[oò]", "eliminer[oò]",
               "creer[oò]", "imposter[oò]", "lo salvo", "lo memorizzo", "me lo segno", "lo annoto", "te lo ricordo"),
        match=("Certo, lo salverò per te.", "Ti ricorderò di chiamare Marco.", "Va bene, lo memorizzo subito.",
               "Invierò il messaggio ai tuoi amici.", "me lo segno!"),
        no_match=("Ti ricordi di chiamare Marco?", "Puoi salvare il file con Ctrl+S.", "Vuoi che lo salvi?",
                  "Non posso inviare messaggi.", "Salvare spesso è una buona abitudine."),
    ),
    Rule(
        id="done_en",
        effect="an English answer says the assistant has done a write, a send or a reminder: untrue when none ran",
        pattern=r"\bI(?:['’]ve| have)\s+(?:now\s+|just\s+|already\s+|also\s+)?(?:{words})\b",
        words=("saved", "stored", "noted", "noted down", "recorded", "memorized", "memorised", "sent", "emailed",
               "forwarded", "moved", "deleted", "removed", "copied", "created", "set", "scheduled", "opened",
               "renamed", "written"),
        match=("Done! I've saved your bike lock code.", "I have noted that the dentist is on Thursday.",
               "I’ve just sent the message to your friends.", "I've set a reminder for 3 pm.",
               "Okay, I have created the folder."),
        no_match=("Should I save it?", "I haven't saved anything.", "You can save it with Ctrl+S.",
                  "I've read the file: it has 3 lines.", "I have found 2 files."),
    ),
    Rule(
        id="will_do_en",
        effect="an English answer promises to keep, send or remind: untrue when none ran",
        pattern=r"\bI(?:['’]ll| will)\s+(?:now\s+|also\s+|make sure to\s+|go ahead and\s+)?(?:{words})\b",
        words=("save", "store", "note", "record", "remember", "memorize", "memorise", "keep track of", "send",
               "email", "forward", "set", "schedule", "remind", "let you know", "jot", "write down", "log"),
        match=("Sure, I'll store that information for you.", "I will remember that your sister is Anna.",
               "Sure, I'll jot down that information for you.",
               "Got it, I’ll remind you on Thursday.", "I'll send it to your accountant.",
               "OK! I'll keep track of that for you."),
        no_match=("Do you want me to store it?", "I can't send messages.", "I'll explain how backups work.",
                  "Will you remember to call him?", "I'll be happy to help with anything else.",
                  "I'll look at the logs with you."),
    ),
    Rule(
        id="will_do_file_en",
        effect="an English answer promises to change, open or start something on the machine: untrue when none ran "
               "(everyday4-69: 'Sure, I'll bring it up on screen 4 for you.' with nothing run)",
        pattern=r"\bI(?:['’]ll| will)\s+(?:now\s+|also\s+|make sure to\s+|go ahead and\s+)?(?:{words})\b",
        words=("move", "delete", "remove", "copy", "create", "open", "rename", "bring", "chuck", "bin", "throw",
               "trash", "print", "play", "install", "launch", "pull"),
        match=("Sure, I'll bring it up on screen 4 for you.", "Sure, I'll chuck that file in the bin.",
               "I'll move the photos for you.", "OK, I will open it now."),
        no_match=("Do you want me to delete it?", "I can't print on paper.", "I'll explain how backups work.",
                  "I'll bear that in mind when I answer.", "I'll playfully explain it like you're five."),
    ),
    Rule(
        id="unnamed_thing",
        effect="a request that points at a file or folder it does not name ('chuck that file in the bin', 'butta "
               "quel file'): when an answer claims to have acted on it and nothing ran, the honest answer asks which "
               "(everyday5-68 got 'Sure, I'll chuck that file in the bin.')",
        words=(r"(?:that|this|those|these)\s+(?:files?|folders?|docs?|documents?|pics?|photos?)",
               r"(?:quel|questo|sto|'sto|quei|questi)\s+(?:file|documento|documenti)",
               r"(?:quella|questa|sta|'sta|quelle|queste)\s+(?:cartella|cartelle|foto)"),
        match=("chuck that file in the bin", "butta quel file nel cestino", "open this folder", "sposta quelle foto"),
        no_match=("chuck /tmp/a.txt in the bin", "write that down", "questa è la mia cartella preferita",
                  "open the file /tmp/x/a.txt"),
    ),
))
