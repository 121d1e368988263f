"""The selection actions' sentences to the person, IT/EN."""
from __future__ import annotations

from app.lang.messages import register

register({
    "describe.level.selection": {"it": "Sul testo selezionato", "en": "On the selected text"},
    "selection.empty": {"it": "Non c'è nessun testo su cui lavorare.", "en": "There is no text to work on."},
    "selection.failed.translate": {"it": "Non sono riuscito a tradurre questo testo. Riprova, o scegli un'altra "
                                         "azione.",
                                   "en": "I could not translate this text. Try again, or pick another action."},
    "selection.failed.summarize": {"it": "Non sono riuscito a riassumere questo testo. Riprova, o scegli un'altra "
                                         "azione.",
                                   "en": "I could not summarize this text. Try again, or pick another action."},
    "selection.failed.explain": {"it": "Non sono riuscito a spiegare questo testo. Riprova, o scegli un'altra azione.",
                                 "en": "I could not explain this text. Try again, or pick another action."},
    "selection.failed.fix": {"it": "Non sono riuscito a correggere questo testo. Riprova, o scegli un'altra azione.",
                             "en": "I could not correct this text. Try again, or pick another action."},
    "selection.failed.rewrite": {"it": "Non sono riuscito a riscrivere questo testo. Riprova, o scegli un'altra "
                                       "azione.",
                                 "en": "I could not rewrite this text. Try again, or pick another action."},
    "selection.failed.ask": {"it": "Non sono riuscito a rispondere su questo testo. Riprova con altre parole.",
                             "en": "I could not answer about this text. Try again with other words."},
    "selection.lost": {"it": {"one": "Attenzione: nella risposta manca {values} del testo originale.",
                              "other": "Attenzione: nella risposta mancano {values} del testo originale."},
                       "en": {"one": "Careful: the answer does not carry {values} from the original text.",
                              "other": "Careful: the answer does not carry {values} from the original text."}},
    "selection.lost_hint": {"it": "Controlla nomi, numeri e link prima di usarla.",
                            "en": "Check the names, numbers and links before you use it."},
    "selection.added": {"it": {"one": "Attenzione: la risposta ha il numero {values}, che nel testo originale non "
                                      "c'è.",
                               "other": "Attenzione: la risposta ha i numeri {values}, che nel testo originale non "
                                        "ci sono."},
                        "en": {"one": "Careful: the answer has the number {values}, which the original text does "
                                      "not have.",
                               "other": "Careful: the answer has the numbers {values}, which the original text "
                                        "does not have."}},
    "selection.cut": {"it": "Il testo era molto lungo: ho usato solo i primi {n} caratteri.",
                      "en": "The text was very long: I used only its first {n} characters."},
    "selection.no_model": {"it": "Per questa azione serve il modello di testo, che non si è caricato: {error}",
                           "en": "This action needs the text model, which did not load: {error}"},
    "selection.lite_model": {"it": "Il modello leggero non sa scrivere traduzioni, riassunti o spiegazioni. "
                                   "Scegli il modello incluso nelle Impostazioni → Modello.",
                             "en": "The light model cannot write translations, summaries or explanations. Choose "
                                   "the included model in Settings → Model."},
})
