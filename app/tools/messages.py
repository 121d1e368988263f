"""The file tools' sentences: refusals, approvals, what was done and what the user hears after a "no".

English texts are also what the model and the logs read (`str(ToolError)`), so they keep the words the
reliability tests look for ("outside the allowed folders", "'..'", "relative", ...).
"""
from __future__ import annotations

from app.lang.messages import register

register({
    # -- confinement --------------------------------------------------------------------------------------
    "files.empty_path": {"it": "percorso vuoto; scrivi un percorso completo come /home/tu/file.txt o ~/file.txt",
                         "en": "empty path; give an absolute path such as /home/you/file.txt or ~/file.txt"},
    "files.nul": {"it": "il percorso contiene un byte NUL; rifiutato", "en": "path contains a NUL byte; refused"},
    "files.tilde_user": {"it": "{path}: i percorsi '~utente' ('~user') non sono ammessi; usa un percorso completo "
                               "dentro le cartelle permesse",
                         "en": "{path}: '~user' paths are not allowed; use an absolute path inside the allowed "
                               "folders"},
    "files.unc": {"it": "{path}: i percorsi di rete (\\\\server\\share) non sono ammessi; copia il file in una "
                        "cartella permessa",
                  "en": "{path}: network share paths (\\\\server\\share) are not allowed; copy the file into an "
                        "allowed folder"},
    "files.drive": {"it": "{path}: è un percorso con lettera di unità Windows; su questo sistema i percorsi "
                          "iniziano con / "
                          "(o ~/ per la tua home)",
                    "en": "{path}: a Windows drive path; on this system paths start with / (or ~/ for your home)"},
    "files.dotdot": {"it": "{path}: '..' non è ammesso nei percorsi; scrivi il percorso completo",
                     "en": "{path}: '..' is not allowed in paths; give the full path"},
    "files.too_long": {"it": "{path}: troppo lungo (un nome oltre {name_max} byte o un percorso oltre "
                             "{path_max} caratteri); nessun file può chiamarsi così",
                       "en": "{path}: too long (a name over {name_max} bytes or a path over {path_max} characters); "
                             "no such file can exist"},
    "files.relative": {"it": "{path}: i percorsi relativi sono ambigui; scrivi un percorso completo o "
                             "che inizi con ~/",
                       "en": "{path}: relative paths are ambiguous; give an absolute path or start with ~/"},
    "files.unresolvable": {"it": "{path}: non riesco a risolverlo ({error})", "en": "{path}: cannot resolve ({error})"},
    # outside: the settings page is named as Settings shows it, never the file's key; the answer may
    # end with the offer to allow the folder (app/tools/allow.py)
    "files.outside": {"it": {"one": "{path} non è nella cartella consentita, {roots}: leggo e cambio file solo lì "
                                    "dentro. Le cartelle si scelgono in Impostazioni → «Cartelle consentite».",
                             "other": "{path} non è in nessuna delle {n} «Cartelle consentite» ({roots}): leggo e "
                                      "cambio file solo lì dentro. Le cartelle si scelgono in Impostazioni → "
                                      "«Cartelle consentite»."},
                      "en": {"one": "{path} is outside the allowed folders: the only one is {roots}, and I read and "
                                    "change files only inside it. Folders are chosen in Settings → "
                                    "\u201cAllowed folders\u201d.",
                             "other": "{path} is outside the allowed folders ({n}: {roots}): I read and change files "
                                      "only inside them. Folders are chosen in Settings → \u201cAllowed "
                                      "folders\u201d."}},
    "files.outside_none": {"it": "{path}: non c'è ancora nessuna cartella consentita, quindi non uso nessun file. "
                                 "Le cartelle si scelgono in Impostazioni → «Cartelle consentite».",
                           "en": "{path} is outside the allowed folders: there are none yet, so I use no file. "
                                 "Folders are chosen in Settings → \u201cAllowed folders\u201d."},
    "files.outside_root": {"it": "{path} è fuori dalle «Cartelle consentite», e la radice / non si può consentire: "
                                 "aprirebbe tutto il disco. Consenti una cartella più piccola in Impostazioni → "
                                 "«Cartelle consentite».",
                           "en": "{path} is outside the allowed folders, and the root folder / cannot be allowed: "
                                 "it would open the whole disk. Allow a smaller folder in Settings → "
                                 "\u201cAllowed folders\u201d."},
    "files.not_found": {"it": "non trovo {path}", "en": "{path}: no such file or folder"},
    "files.target_only_quoted": {"it": "{path} è dentro il testo che hai citato tra virgolette, non un file da "
                                       "cambiare: non ho toccato niente. Se vuoi che agisca su quel file, "
                                       "scrivilo fuori dalle virgolette.",
                                 "en": "{path} is inside the text you quoted, not a file to change: I touched "
                                       "nothing. To act on that file, name it outside the quotes."},
    "files.not_found_near": {"it": "non trovo {path}; forse intendevi: {near}",
                             "en": "{path}: no such file or folder; did you mean: {near}"},
    "files.cannot_check": {"it": "{path}: non riesco a verificarlo ({error})",
                           "en": "{path}: cannot be checked ({error})"},
    "files.is_folder": {"it": "{path} è una cartella, non un file: chiedimi di elencarne il contenuto",
                        "en": "{path} is a folder, not a file: ask me to list what is in it"},
    "files.not_folder": {"it": "{path}: non è una cartella", "en": "{path}: not a folder"},
    "files.not_regular": {"it": "{path}: non è un file normale (dispositivo, FIFO o socket); "
                                "rifiutato",
                          "en": "{path}: not a regular file (device, FIFO or socket); refused"},
    "files.permission": {"it": "{path}: permesso negato", "en": "{path}: permission denied"},
    "files.several": {"it": "{errors}", "en": "{errors}"},
    # -- reading / listing / writing --------------------------------------------------------------------------
    "files.too_big": {"it": "{path}: {size} byte sono più di tools.max_read_bytes ({cap}); aumentalo in runtime.toml "
                            "per leggere questo file",
                      "en": "{path}: {size} bytes is larger than tools.max_read_bytes ({cap}); raise it in "
                            "runtime.toml to read this file"},
    "files.bad_encoding": {"it": "codifica sconosciuta «{encoding}»; usa auto, utf-8, latin-1 o binary",
                           "en": "unknown encoding {encoding!r}; use auto, utf-8, latin-1 or binary"},
    "files.no_paths": {"it": "indica almeno un percorso", "en": "give at least one path"},
    "files.exists_create": {"it": "{path}: esiste già; per sostituirlo chiedimi di sovrascriverlo",
                            "en": "{path}: already exists (mode=create); use mode=overwrite to replace it"},
    "files.no_parent": {"it": "{path}: la cartella {parent} non esiste",
                        "en": "{path}: folder {parent} does not exist"},
    "files.no_undo_copy": {"it": "{path}: non riesco a tenere una copia per annullare ({error}); non ho scritto nulla",
                           "en": "{path}: could not keep a copy for undo ({error}); nothing was written"},
    "files.write_failed": {"it": "{path}: scrittura non riuscita ({error}); il file originale è intatto",
                           "en": "{path}: could not write ({error}); the original file is unchanged"},
    # -- arguments the planner prepared: the English text is the model's and the log's (with the tool's name)
    "tool.arg_type": {"it": "un dato che avevo preparato ({arg}) non era nella forma giusta; prova a dirlo con altre "
                            "parole",
                      "en": "{tool}: argument '{arg}' should be {want}, got {got}"},
    "tool.arg_enum": {"it": "un dato che avevo preparato ({arg}) non era tra quelli ammessi; prova a dirlo con altre "
                            "parole",
                      "en": "{tool}: argument '{arg}' must be one of {allowed}, got {got}"},
    "files.write_q": {"it": {"one": "Scrivere {n} carattere in {name} ({folder})?",
                             "other": "Scrivere {n} caratteri in {name} ({folder})?"},
                      "en": {"one": "Write {n} character to {name} ({folder})?",
                             "other": "Write {n} characters to {name} ({folder})?"}},
})
