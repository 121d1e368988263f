"""What a model's written answer must not carry: a label before it, a template marker or the prompt's own labels.

Read by planner/answer.py while an answer streams: a label ("Risposta:", "Answer:") is removed, not held against
the answer; a marker (<end_of_turn>, "Action:" at the start of a line) stops the generation, because the model
has begun to write the next turn of the prompt instead of an answer.
"""
from __future__ import annotations

import re

from .table import Rule, Table

PLANNER_ANSWER = Table("planner_answer", __doc__ or "", (
    Rule(
        id="label",
        effect="a label the model puts before its answer: removed, the answer is what follows",
        mode="match",
        pattern=r"^\s*(?:{words})\s*:\s*",
        words=("suggested answer", "answer", "risposta", "final answer"),
        match=("Risposta: sono le 10.", "Answer: the file has 4 lines.", "Suggested answer: 42"),
        no_match=("La risposta è 42.", "Answer the question: yes", "Sono le 10: buona giornata."),
    ),
    Rule(
        id="markers",
        effect="a chat-template token or a label of the planner's prompt (Action:, Args:, Result of step:): the "
               "model is writing the prompt, not an answer, and is stopped",
        pattern=r"<start_of_turn>|<end_of_turn>|<\|im_|<bos>|<eos>|^\s*(?:{words})\s*:|"
                r"\n\s*(?:Action|Args|Result of step)\s*:",
        words=("Action", "Args", "Result of step", "Facts", "Suggested answer"),
        flags=re.IGNORECASE | re.MULTILINE,
        match=("Sono le 10.<end_of_turn>", "Il file ha 4 righe.\nAction: read_files",
               "Facts: time: 10:00", "<|im_start|>assistant"),
        no_match=("Sono le 10.", "The action was approved: nothing was changed.",
                  "Ho letto i fatti: il file ha 4 righe."),
    ),
    Rule(
        id="facts_line",
        effect="the prompt's facts line ('path: X; lines: 4; bytes: 21'): a path the model writes with it glued on "
               "is the prompt copied, not a place ('…/lista spesa.txt; lines: 4; bytes: 21; content:' was created "
               "as a new file)",
        flags=0,
        pattern=r";\s*(?:{words})\s*:",
        words=("path", "paths", "lines", "bytes", "count", "size", "content", "created", "moved", "copied",
               "deleted", "modified", "matches"),
        match=("/tmp/x/lista spesa.txt; lines: 4; bytes: 21; content:", "/tmp/a; count: 3",
               "~/b.txt; bytes: 10"),
        no_match=("/tmp/x/lista spesa.txt", "/tmp/notes; draft.txt", "C:/dati/a.txt"),
    ),
    Rule(
        id="do_it_yourself",
        effect="the answer tells how to do the action by hand — a shell command, steps to follow — instead of doing "
               "it or saying why not: for a request that asks an action on a named file, what was (not) done is said "
               "instead ('predisponga la cartella X e vi collochi una copia di Y' got 'posso utilizzare il comando "
               "`cp`…' and a bash block, everyday19-21)",
        pattern=r"```|`(?:cp|mv|rm|mkdir|touch|cat|ls|find|grep|echo|sudo)\b|\b(?:{words})\b",
        words=(r"(?:il|un|questo)\s+comando", r"the\s+following\s+(?:command|steps)",
               r"(?:run|use|type)\s+(?:this|the|a)\s+command",
               r"(?:you\s+can|puoi|può)\s+(?:try\s+)?(?:the\s+following|seguire\s+questi|i\s+seguenti)",
               r"(?:follow|segui)\s+(?:these|questi)\s+(?:steps|passaggi)", r"in\s+(?:the\s+)?terminal",
               r"nel\s+terminale"),
        match=("posso utilizzare il comando `cp` per copiare il file", "```bash\nmkdir /tmp/x\n```",
               "You can try the following steps: 1. Open the settings", "run this command in the terminal"),
        no_match=("Ho copiato a.txt in /tmp/b.", "Non posso inviare email.", "Il file ha 4 righe.",
                  "The command line is a text interface."),
    ),
))
