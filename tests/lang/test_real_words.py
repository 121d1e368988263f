"""A common word is not a slip: "brutta" is not "butta", "canone" is not "canzone" (app/lang/real_words.py)."""
from __future__ import annotations

import pytest

from app.lang import vocabulary
from app.lang.actions import action_of
from app.lang.real_words import REAL_WORDS
from app.lang.typos import fix_verb_typo


@pytest.mark.parametrize("text", [
    "quand'è che compie gli anni Giulia? nn vorrei fare brutta figura",  # everyday2: read as a delete
    "120 invitati a 85 euro a testa quanto fa in tutto?",  # read as sending
    "come si fa uno screenshot su windows? lo voglio fare io a mano",  # read as sending
])
def test_a_common_word_one_letter_from_a_verb_asks_no_action(text: str) -> None:
    assert action_of(text).actions == ()


def test_a_common_word_one_letter_from_an_object_names_no_object() -> None:
    assert action_of("quanto pago di canone secondo /tmp/x/contratto.txt?").objects == frozenset()  # not music
    assert action_of("30 gradi celsius quanti fahrenheit sono?").objects == frozenset()  # not a size


@pytest.mark.parametrize("text,action", [
    ("elimna /tmp/x/a.txt", "delete"), ("spsota /tmp/x/a.txt in /tmp/y", "move"),
    ("cpia /tmp/x/a.txt in /tmp/y", "copy"), ("legi /tmp/x/a.txt", "read"),
])
def test_real_slips_are_still_mended(text: str, action: str) -> None:
    assert action in action_of(text).actions


def test_the_list_hides_no_word_the_app_knows() -> None:
    # built against the vocabulary of its day: a verb or object word added since must not be silenced by it
    assert not REAL_WORDS & set(vocabulary.VERB_FORMS)
    assert not REAL_WORDS & set(vocabulary.OBJECT_OF)
    assert "brutta" in REAL_WORDS and not vocabulary.slip_in_clause("brutta", ["fare", "brutta", "figura"])
    assert fix_verb_typo("brutta giornata") == "brutta giornata"


@pytest.mark.parametrize("text,action", [
    # people do slip into real words; beside something to act on, the word in a verb's place is the verb
    ("coppia /tmp/x/a.txt in /tmp/backup", "copy"), ("ceca la parola 'bonifico' nei file di /tmp/x", "find"),
    ("rad the file /tmp/x/feedback.txt", "read"), ("lost the files in /tmp/x/Music", "list"),
])
def test_a_common_word_beside_a_path_or_quote_is_still_a_slip(text: str, action: str) -> None:
    assert action in action_of(text).actions
