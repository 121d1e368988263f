"""The correction tables (app/lang/rules/errors_it.py, errors_en.py): each rule turns every example it must fix
into its `fixed` form, the whole table leaves right text alone, and a second pass changes nothing.

tests/lang/test_rule_tables.py already checks that each rule matches its examples and only those; here the
replacement is checked too, and the tables are run together on real paragraphs (a rule's fix must not give
another rule something to break)."""
from __future__ import annotations

import pytest

from app.lang.rules.errors_en import ERRORS_EN
from app.lang.rules.errors_it import ERRORS_IT
from app.lang.rules.fix import Fix
from app.selection.correct import first_pass

FIXES = [(t.name, lang, r) for t, lang in ((ERRORS_IT, "it"), (ERRORS_EN, "en")) for r in t.rules]
IDS = [f"{t}.{r.id}" for t, _lang, r in FIXES]


@pytest.mark.parametrize(("table", "lang", "rule"), FIXES, ids=IDS)
def test_each_error_rule_fixes_its_examples_into_their_fixed_form(table: str, lang: str, rule: Fix) -> None:
    assert isinstance(rule, Fix) and rule.lang == lang, f"{table}.{rule.id}: a Fix of language {lang}"
    assert len(rule.fixed) == len(rule.match), f"{table}.{rule.id}: one fixed form per example"
    for wrong, right in zip(rule.match, rule.fixed):
        got, changes = rule.apply(wrong)
        assert got == right and changes, f"{table}.{rule.id}: {wrong!r} → {got!r}, not {right!r}"
        assert not rule.hits(got), f"{table}.{rule.id}: its own fix still matches: {got!r}"


@pytest.mark.parametrize(("table", "lang", "rule"), FIXES, ids=IDS)
def test_the_whole_table_leaves_right_text_alone_and_is_stable(table: str, lang: str, rule: Fix) -> None:
    for right in rule.no_match:
        assert first_pass(right, lang) == (right, []), f"{table}: changed right text {right!r}"
    for wrong in rule.match:
        once, _ = first_pass(wrong, lang)
        assert first_pass(once, lang)[0] == once, f"{table}: a second pass changed {once!r}"


def test_an_italian_mail_with_frequent_errors_is_fixed_and_nothing_else_changes() -> None:
    text = ("Ciao Fede, scusa se non ti o risposto prima. Stasera non vengo perchè ho un pò di mal di testa: qual'è "
            "il film? Se lo avrei saputo, sarei venuto. Penso che è meglio sabato, lo dico a un'amico. E vero che "
            "Marco a detto di sì? Non lo sà nessuno.")
    fixed, changes = first_pass(text)
    assert fixed == ("Ciao Fede, scusa se non ti ho risposto prima. Stasera non vengo perché ho un po' di mal di "
                     "testa: qual è il film? Se lo avessi saputo, sarei venuto. Penso che sia meglio sabato, lo dico "
                     "a un amico. È vero che Marco ha detto di sì? Non lo sa nessuno.")
    assert {c.rule for c in changes} >= {"ho_participle", "acute_e", "po_accent", "qual_e", "se_conditional",
                                         "che_subjunctive", "un_apostrophe_masculine", "e_verb_head",
                                         "ha_participle", "no_accent_monosyllable"}


def test_an_english_mail_with_frequent_errors_is_fixed_and_the_language_picks_the_table() -> None:
    text = ("Hi Rachel, i recieved the slides and its a solid deck, definately better then the old one. We should "
            "of split the figures into seperate bars, alot clearer. Parents who's children play, dont worry.")
    fixed, changes = first_pass(text)
    assert fixed == ("Hi Rachel, I received the slides and it's a solid deck, definitely better than the old one. "
                     "We should have split the figures into separate bars, a lot clearer. Parents whose children "
                     "play, don't worry.")
    assert len(changes) == 10
    # the text's language picks the table: "i" is a word of Italian, "a" and "o" of both
    assert first_pass("Ho visto Luca e i bambini a casa, o forse no.") == (
        "Ho visto Luca e i bambini a casa, o forse no.", [])
    assert first_pass("Yesterday i saw a owl and the kids.")[0] == "Yesterday I saw an owl and the kids."
    assert first_pass("Bonjour, je suis là et tu es là.") == ("Bonjour, je suis là et tu es là.", [])
