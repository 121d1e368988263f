"""The follow-ups' sentences (app/engine/followup.py), IT/EN: the questions back when nothing can be pointed at,
the languages as a request names them ("e in inglese?" → "traduci in inglese: …"), and what a plural open did
(app/engine/open_each.py)."""
from __future__ import annotations

from app.lang.messages import register

register({
    "followup.lang.it": {"it": "italiano", "en": "Italian"},
    "followup.lang.en": {"it": "inglese", "en": "English"},
    "followup.lang.fr": {"it": "francese", "en": "French"},
    "followup.lang.es": {"it": "spagnolo", "en": "Spanish"},
    "followup.lang.de": {"it": "tedesco", "en": "German"},
    "followup.lang.pt": {"it": "portoghese", "en": "Portuguese"},
    # "riassumi X" then "e in inglese?": the previous request again, its answer in that language
    "followup.answer_in": {"it": "rispondi in {language}", "en": "answer in {language}"},
    "followup.ask.language": {
        "it": "Cosa vuoi che dica in {language}? In questa conversazione non c'è ancora una richiesta a cui "
              "riferirmi.",
        "en": "What would you like in {language}? There is no earlier request in this conversation to refer to."},
    "followup.ask.no_list": {
        "it": "Non ho un elenco a cui riferirmi in questa conversazione: quale file intendi? Dimmi il suo nome o "
              "il percorso.",
        "en": "There is no list in this conversation to refer to: which file do you mean? Tell me its name or "
              "path."},
    "followup.ask.out_of_range": {
        "it": {"one": "Nell'elenco precedente c'è un solo elemento: quale intendi?",
               "other": "Nell'elenco precedente ci sono {n} elementi: quale intendi?"},
        "en": {"one": "The previous list has only one item: which one do you mean?",
               "other": "The previous list has {n} items: which one do you mean?"}},
    # n is two or more: the question exists only when there is more than one
    "followup.ask.ambiguous": {
        "it": "Quale dei {n} intendi? Dimmi, per esempio, «il primo» o «l'ultimo», oppure il nome.",
        "en": "Which of the {n} do you mean? Say, for example, “the first” or “the last”, or its name."},
    "followup.ask.too_many": {
        "it": "Sono {n} elementi, troppi per farlo su tutti insieme: quali intendi?",
        "en": "That is {n} items, too many to do at once: which ones do you mean?"},
    "followup.ask.what": {"it": "Cosa vuoi che faccia con {name}?", "en": "What should I do with {name}?"},
    "followup.ask.redo": {
        "it": "Cosa devo rifare? In questa conversazione non c'è ancora una richiesta precedente.",
        "en": "What should I do again? There is no earlier request in this conversation."},
    "followup.ask.folder": {
        "it": "Non trovo la cartella «{place}»: dimmi il suo percorso completo, per esempio /home/tu/{place}.",
        "en": "I can't find the folder “{place}”: tell me its full path, for example /home/you/{place}."},
    "followup.ask.redo_folder": {
        "it": "La richiesta precedente non riguardava una cartella: cosa devo fare in {place}?",
        "en": "The previous request was not about a folder: what should I do in {place}?"},
    # "aprili": each file approved or not on its own; {names} is "a, b e c"
    "followup.and": {"it": " e ", "en": " and "},
    "followup.open.opened": {"it": "Ho aperto {names}.", "en": "I opened {names}."},
    "followup.open.declined": {
        "it": {"one": "Non ho aperto {names}: non l'hai approvato.",
               "other": "Non ho aperto {names}: non li hai approvati."},
        "en": {"one": "I did not open {names}: you did not approve it.",
               "other": "I did not open {names}: you did not approve them."}},
})
