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
    # (what was wrong in the reference itself — "{{step1.content}}: step 1 has no result" — is the details view's)
    "tool.bad_reference": {"it": "un valore doveva venire da un passo precedente che non ha dato quel risultato",
                           "en": "a value was to come from an earlier step that gave no such result"},
})
