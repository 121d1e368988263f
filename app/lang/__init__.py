"""Language: how a request's text is read — its language, words, stems, verbs and objects, clauses, negation,
the part that asks, argument values, and the rule tables (app/lang/rules) with their examples.

Lowest layer above config and store: routing, memory, the planner and answer rendering read a request through
this one package, so two parts never disagree on what a word is or keep their own copy of a word list (memory
could not import routing's lexicon, a sibling, and kept copies).

Modules, by what they read (tests/architecture/test_lang_modules_listed.py keeps this list whole):

    words and shapes   normalize.py (one normal form), capitals.py (a request typed in capitals), words.py
                       (stems, stopwords), tokens.py (runs, sentences),
                       detect.py (IT or EN), lexicon.py + vocabulary.py (verbs and objects as data, compiled),
                       path_shape.py (how a path is spelled), file_kinds.py (extensions), values.py (a number,
                       a yes/no, a date as text), numbers.py (numbers in words), units.py (units of measure),
                       places.py (a city or country as its time zone)
    the request        signature.py (actions, negation, objects), actions.py (the action guard), clauses.py
                       (where a request divides), context.py (the part that asks, without its reason),
                       reported.py (actions told, not asked), lead.py (openings before the ask), nominal.py
                       (an action named by its noun), later.py (an action asked for later), asked_actions.py
                       (which clauses ask, and which actions),
                       asked.py (the shape of answer asked), content_said.py (text
                       the request carries), quotes.py (quoted text, one reading for every package),
                       reply.py (a bare yes / no to an offer), followup.py (words that
                       point back at the previous turn: "il primo", "aprilo", "e in inglese?", "rifallo per X")
                       typos.py (a slip in the first verb of a change: "elimna X"), real_words.py (common
                       IT/EN words that are never a slip; built by real_words_build.py, a dev tool)
    values             args_extractor.py (a tool's arguments by rules), paths_said.py (paths as people say
                       them), placeholders.py ({{stepN.field}}), when.py (dates and windows)
    reminders          reminder_ask.py (is it a reminder, of what), reminder_when.py (when), reminder_clock.py (its
                       values), repeat.py (a rule),
                       dates_said.py (dates in numbers, named days: "il 10/01", "a Natale")
    selection          selection_ask.py ("traduci in inglese" over a selected text)
    answers            stated.py (what a written answer claims), messages.py (every sentence, IT/EN, plurals)
    judgements         heads.py (learned heads on the embedding: a fact's category, a request's first action),
                       asides.py (the fragments the aside head reads as asking nothing)
    rules/             one table per rule family, each rule with examples it must and must not match
"""
