"""The sentences of a turn itself: approvals, failures, refusals that no single tool owns."""
from __future__ import annotations

from app.lang.messages import register

register({
    "approval.generic": {"it": "Posso procedere con questa modifica?", "en": "May I go ahead with this change?"},
    "approval.declined": {"it": "Va bene, non ho cambiato nulla.", "en": "All right, I changed nothing."},
    "answer.failed": {"it": "Non ci sono riuscito: {reason}", "en": "I could not do it: {reason}"},
    "tool.unknown": {"it": "non conosco lo strumento «{tool}»", "en": "there is no tool called “{tool}”"},
    "tool.crashed": {"it": "si è verificato un errore interno ({error}); è un difetto dell'app",
                     "en": "an internal error happened ({error}); this is a bug in the app"},
    "tool.bad_reference": {"it": "un riferimento a un passo precedente non è valido ({error})",
                           "en": "a reference to an earlier step is not valid ({error})"},
})
