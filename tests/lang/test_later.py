"""A later moment for the action: the file tools act now, and a fast-path replay would act now too."""
from __future__ import annotations

import pytest

from app.lang.later import asks_in_a_while, asks_later


@pytest.mark.parametrize("text", ["cancella /tmp/a.log domani alle 8", "copy /tmp/a.txt to /tmp/b every night",
                                  "scrivi 'ciao' in /tmp/a.txt tra un'ora", "sposta X in Y la prossima settimana"])
def test_a_later_moment_is_read(text: str) -> None:
    assert asks_later(text)


def test_a_time_word_inside_the_quoted_text_sets_no_time() -> None:
    assert not asks_later("salva il testo 'ok domani' in /tmp/t/risposta.txt")
    assert not asks_in_a_while('scrivi "ci vediamo fra mezz ora" in /tmp/a.txt')


def test_a_day_may_be_what_a_question_is_about_an_offset_never_is() -> None:
    assert not asks_in_a_while("quando ho il dentista domani?")
    assert asks_in_a_while("elenca i file nella cartella /tmp/t fra un'ora")
    assert asks_in_a_while("list ~/Downloads every morning")
