"""The planner's own sentences: fixed replies of a model that cannot write, and its problems, in IT/EN."""
from __future__ import annotations

from app.lang.messages import register

register({
    "answer.greeting": {"it": "Ciao! Dimmi pure cosa ti serve: posso leggere, cercare e scrivere file, dirti l'ora "
                              "e la data, fare calcoli e ricordare cose per te.",
                        "en": "Hi! Tell me what you need: I can read, find and write files, tell the time and the "
                              "date, do calculations and remember things for you."},
    "answer.thanks": {"it": "Prego! Se ti serve altro, chiedi pure.", "en": "You're welcome! Ask me anytime."},
    "answer.told": {"it": "Va bene, grazie per avermelo detto. Se ti serve altro, chiedi pure.",
                    "en": "All right, thanks for letting me know. Ask me anytime if you need anything else."},
    "answer.cannot_know": {"it": "Non so rispondere a questa domanda con il modello leggero in uso. Posso però "
                                 "leggere, cercare e scrivere file, dirti l'ora e la data, fare calcoli e ricordare "
                                 "cose per te.",
                           "en": "I can't answer that with the light model in use. I can read, find and write files, "
                                 "tell the time and the date, do calculations and remember things for you."},
    # a request with nothing to act on ("aprilo", "cancella quel file" as the first words of a conversation)
    "ask.which.open_path": {"it": "Quale file, cartella o programma vuoi che apra?",
                            "en": "Which file, folder or program should I open?"},
    "ask.which.read_files": {"it": "Quale file vuoi che legga? Dimmi il suo percorso, ad esempio ~/Documenti/note.txt.",
                             "en": "Which file should I read? Tell me its path, for example ~/Documents/notes.txt."},
    "ask.which.delete_files": {"it": "Quale file o cartella vuoi eliminare?",
                               "en": "Which file or folder should I delete?"},
    "ask.which.move_files": {"it": "Quale file vuoi spostare, e dove?", "en": "Which file should I move, and where?"},
    "ask.which.copy_files": {"it": "Quale file vuoi copiare, e dove?", "en": "Which file should I copy, and where?"},
    "ask.which.write_files": {"it": "In quale file vuoi che scriva?", "en": "Which file should I write to?"},
    "ask.which.list_dir": {"it": "Quale cartella vuoi vedere?", "en": "Which folder do you want to see?"},
    "ask.which.describe_entries": {"it": "Quale file o testo vuoi che riassuma?",
                                   "en": "Which file or text should I summarize?"},
    "ask.which": {"it": "A quale file o cartella ti riferisci?", "en": "Which file or folder do you mean?"},
    "answer.missing_args": {"it": "Non ho capito su cosa lavorare: manca {what}. Riprova indicandolo nella "
                                  "richiesta, {example}.",
                            "en": "I could not tell what to work on: {what} is missing. Try again with it in the "
                                  "request, {example}."},
    # how to say each argument in a request: the hint after "…is missing" (a calculation was told to give "the
    # file's full path", everyday17-50)
    "example.path": {"it": "ad esempio il percorso completo del file", "en": "for example the file's full path"},
    "example.expression": {"it": "ad esempio «quanto fa 18 × 3,5»", "en": "for example \"what is 18 × 3.5\""},
    "example.fact": {"it": "ad esempio «ricordati che …»", "en": "for example \"remember that …\""},
    "example.urls": {"it": "ad esempio l'indirizzo completo (https://…)",
                     "en": "for example the full address (https://…)"},
    "example.query": {"it": "ad esempio la parola o la frase da cercare tra virgolette",
                      "en": "for example the word or phrase to look for, in quotes"},
    "example.other": {"it": "con il valore esatto", "en": "with the exact value"},
    "answer.args_unusable": {"it": "Non sono riuscito a preparare questa azione dalla richiesta. Riprova dicendo "
                                   "esattamente cosa fare, per esempio «ricordati che …» o il percorso completo del "
                                   "file.",
                             "en": "I couldn't prepare that action from the request. Try again saying exactly what "
                                   "to do, for example \"remember that …\" or the file's full path."},
    "arg.path": {"it": "il percorso", "en": "the path"},
    "arg.dest": {"it": "la cartella di destinazione", "en": "the destination folder"},
    "arg.fact": {"it": "la cosa da ricordare", "en": "what to remember"},
    "arg.query": {"it": "cosa cercare", "en": "what to look for"},
    "arg.urls": {"it": "l'indirizzo della pagina", "en": "the page's address"},
    "arg.content": {"it": "il testo", "en": "the text"},
    "arg.expression": {"it": "il calcolo", "en": "the calculation"},
    "arg.other": {"it": "un valore ({name})", "en": "a value ({name})"},
    "answer.not_sure": {"it": "Non ho una risposta affidabile a questa domanda. Posso però leggere, cercare e scrivere "
                              "file, dirti l'ora e la data, fare calcoli e ricordare cose per te.",
                        "en": "I don't have a reliable answer to that. I can read, find and write files, tell the "
                              "time and the date, do calculations and remember things for you."},
    "answer.not_in_memory": {"it": "Non lo so: non me l'hai detto, o non lo trovo tra le cose che mi hai chiesto di "
                                   "ricordare. Se me lo dici, lo tengo a mente.",
                             "en": "I don't know: you haven't told me, or I can't find it among the things you asked "
                                   "me to remember. Tell me and I'll keep it in mind."},
    "answer.nothing_done": {"it": "Non l'ho fatto: per questa richiesta non ho eseguito nessuna azione. Se vuoi che "
                                  "ricordi qualcosa, scrivi «ricordati che …»; per un file, dimmi quale e cosa farne.",
                            "en": "I didn't do that: nothing was run for this request. If you want me to remember "
                                  "something, write \"remember that …\"; for a file, tell me which one and what to do "
                                  "with it."},
    "answer.not_touched": {"it": "Non ho toccato {target}: non mi è chiaro cosa vuoi che ne faccia. Dimmelo con un "
                                 "verbo, per esempio «elimina {target}» o «sposta {target} in …».",
                           "en": "I haven't touched {target}: it isn't clear to me what you want done with it. Tell "
                                 "me with a verb, for example \"delete {target}\" or \"move {target} to …\"."},
    "answer.step_limit": {"it": "Mi sono fermato dopo {n} passi: la richiesta ne chiedeva troppi.",
                          "en": "I stopped after {n} steps: the request needed too many."},
    "planner.empty_request": {"it": "la richiesta è vuota", "en": "empty request"},
    "planner.empty_hint": {"it": "scrivi una domanda o un comando", "en": "type a question or a command"},
    # the loader's own reason is English (it names files and commands): the details view and the log carry it
    "planner.model_unavailable": {"it": "il modello locale non è disponibile",
                                  "en": "the local model is unavailable ({error})"},
    "planner.args_no_model": {"it": {"one": "non trovo {names} nella richiesta e non c'è un modello a cui chiederlo",
                                     "other": "non trovo {names} nella richiesta e non c'è un modello a cui chiederli"},
                              "en": "{names} not found in the request and no model to ask"},
    "planner.model_unavailable_hint": {"it": "rispondo solo con le regole; esegui `metnos doctor`",
                                       "en": "answering by rules only; run `metnos doctor`"},
    # in words only: the name the model wrote goes to the log
    "planner.unknown_tool": {"it": "il modello ha scelto uno strumento che non esiste",
                             "en": "the model chose a tool that does not exist"},
    "planner.unknown_tool_hint": {"it": "rispondo con quello che so finora",
                                  "en": "answering with what is known so far"},
    # in words only: the tool's name and the model's raw error (the parser's English, JSON positions) go to the log
    "planner.args_failed": {"it": "non sono riuscito a ricavare dalla richiesta tutti i valori che servono",
                            "en": "I could not work out from the request all the values that are needed"},
    "planner.args_hint": {"it": "scrivi nella richiesta il valore che manca, ad esempio il percorso completo",
                          "en": "say the missing value in the request, e.g. the full path"},
    "planner.bad_decision": {"it": "la scelta del modello non è uno strumento noto",
                             "en": "the model's decision is not a known tool or an answer"},
    "planner.bad_decision_hint": {"it": "decido in base alla struttura della richiesta",
                                  "en": "deciding by the request's structure instead"},
})
