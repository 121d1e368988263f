"""Language: how a request's text is read — its language, words, stems, verbs and objects, clauses, negation,
the part that asks, argument values, and the rule tables (app/lang/rules) with their examples.

Lowest layer above config and store: routing, memory, the planner and answer rendering read a request through
this one package, so two parts never disagree on what a word is or keep their own copy of a word list (memory
could not import routing's lexicon, a sibling, and kept copies).
"""
