"""`calculate`: exact arithmetic from IT/EN phrasing by a whitelisted ast walk, and clear refusals."""
from __future__ import annotations

import pytest

from app.config import parse_text
from app.lang.messages import render_message
from app.tools.calculate import calculate, evaluate, expression_of
from app.tools.registry import ToolContext, ToolError


def ctx() -> ToolContext:
    return ToolContext(owner="t", turn_id="t", config=parse_text("", env={}))


@pytest.mark.parametrize("text, expr, it, en", [
    ("quanto fa 12 per 7?", "12*7", "84", "84"),
    ("calcola il 15% di 80", "(15/100)*80", "12", "12"),
    ("radice quadrata di 144", "sqrt(144)", "12", "12"),
    ("3,5 diviso 2", "3.5/2", "1,75", "1.75"),
    ("what is 2^10", "2**10", "1024", "1024"),
    ("how much is 150 divided by 4?", "150/4", "37,5", "37.5"),
    ("quanto fa 100 meno 58?", "100-58", "42", "42"),
    ("0.1 + 0.2", "0.1+0.2", "0,3", "0.3"),
    ("il 20 per cento di 50", "(20/100)*50", "10", "10"),
    ("5 al quadrato", "5**2", "25", "25"),
    ("what is (3+4)*2?", "(3+4)*2", "14", "14"),
    ("what is 17 minus 20", "17-20", "-3", "-3"),
    # numbers said in words, next to an operator (Italian compounds, English runs)
    ("quanto fa trecento meno ottantacinque", "300-85", "215", "215"),
    ("what's forty-five times twelve", "45*12", "540", "540"),
    ("how much is three hundred and twenty divided by eight", "320/8", "40", "40"),
    ("duemilacinquecento più ventitré", "2500+23", "2523", "2523"), ("tre più tre", "3+3", "6", "6"),
    ("2 alla decima quanto fa?", "2**10", "1024", "1024"), ("what is 3 to the fourth", "3**4", "81", "81"),
    # the decimal point said in words (the fresh set's tune half: "3 virgola 5 per 40" was computed as 5 × 40)
    ("quanto fa 3 virgola 5 per 40", "3.5*40", "140", "140"), ("two point five times four", "2.5*4", "10", "10"),
    # thousands as the language groups them (everyday8-51: "1,250 multiplied by 12" was 1.25 × 12 = 15)
    ("What is 1,250 multiplied by 12? I am tallying the regimental subscriptions", "1250*12", "15000", "15000"),
    ("quanto fa 1.250 per 12", "1250*12", "15000", "15000"), ("quanto fa 1,250 per 4", "1.250*4", "5", "5"),
    ("1.250.000 / 4", "1250000/4", "312500", "312500"), ("what is 1.25 times 4", "1.25*4", "5", "5"),
    # a leading 0 is a decimal in either language, as lang/numbers.number_as_typed reads it
    ("what is 0,250 times 4", "0.250*4", "1", "1"), ("quanto fa 0.250 per 4", "0.250*4", "1", "1"),
])
def test_phrasings_are_computed_exactly(text: str, expr: str, it: str, en: str) -> None:
    assert expression_of(text) == expr
    out = calculate({"expression": text}, ctx())
    assert (out["result_it"], out["result"]) == (it, en)


@pytest.mark.parametrize("text", ["ciao", "che ore sono", "leggi /tmp/a1/2.txt", "apri report-2024.1.md",
                                  "alle 14:30", "versione 1.2.3", "il 12/05/2024", "quante righe ha /tmp/x.txt",
                                  "dimmi le ultime 5 righe di app.log", "42", "leggi le righe una per una",
                                  "sei per caso a casa?", "open the one in ~/x", "metti una virgola dopo ciao"])
def test_requests_without_arithmetic_are_not_calculations(text: str) -> None:
    assert expression_of(text) is None


@pytest.mark.parametrize("text, key", [("quanto fa 10 diviso 0", "calc.div_zero"), ("2^100000", "calc.too_big"),
                                       ("9^9^9^9", "calc.too_big"), ("radice quadrata di -4", "calc.negative_root"),
                                       ("raccontami una storia", "calc.no_expression")])
def test_refusals_are_clear_in_both_languages(text: str, key: str) -> None:
    with pytest.raises(ToolError) as e:
        calculate({"expression": text}, ctx())
    assert e.value.message is not None and e.value.message.key == key
    it = render_message(e.value.message, "it")
    assert it and "division" not in it and "too large" not in it


@pytest.mark.parametrize("code", ["__import__('os').system('true')", "open('/etc/passwd')", "(1).__class__",
                                  "[x for x in range(9)]", "lambda: 1", "a + 1", "'a' * 3", "2 if 1 else 3"])
def test_nothing_but_arithmetic_is_evaluated(code: str) -> None:
    with pytest.raises(ToolError):
        evaluate(code)


def test_calculate_is_in_the_catalog_and_chosen_by_structure() -> None:
    from app.engine.catalog import build_registry
    from app.planner.evidence import analyze
    from app.planner.fill import rule_args

    reg = build_registry()
    tool = reg.get("calculate")
    assert tool is not None and tool.risk == "read"
    ev = analyze("quanto fa 12 per 7?")
    args, src = rule_args(tool, ev.clause(0), ev, [])
    assert args == {"expression": "quanto fa 12 per 7?"} and src["expression"] == "rules"


def test_a_learned_calculation_is_replayed_with_the_new_numbers() -> None:
    """L1: the remembered call takes the whole new request, so its numbers are not left over."""
    from app.engine.catalog import build_registry
    from app.lang.args_extractor import extract
    from app.routing.slots import bind, templatize, unconsumed_problem

    tool = build_registry().get("calculate")
    old, new = "quanto fa 12 per 7?", "quanto fa 9 per 8?"
    old_slots, new_slots = extract(old), extract(new)
    template = {"expression": templatize(old, old_slots)}
    b = bind("calculate", tool, template, old, old_slots, new, new_slots)
    assert b.ok and b.args == {"expression": "9*8"}, b.reason  # the arithmetic read from the new request
    old_used: dict = {}
    bind("calculate", tool, template, old, old_slots, old, old_slots, old_used)
    assert unconsumed_problem(new_slots, b.used, old_slots, old_used) is None
    assert calculate(b.args, ctx())["result"] == "72"


def test_a_word_problem_leaves_numbers_out_of_the_rules_expression() -> None:
    """"480 euro with a 35% discount" read by rules is "35%" alone (answered "35% fa 0,35", everyday4-48): the
    numbers left out send the expression to the model; a plain calculation leaves none out."""
    from app.tools.calculate import numbers_left_out

    assert numbers_left_out("se il prezzo è 480 euro e ho uno sconto del 35%, quanto pago alla fine?") == ["480"]
    assert numbers_left_out("I earn 2400 a month and spend 30% on rent, how much is left") == ["2400"]
    for whole in ("qnto fa 17 al quadrato x 3", "quanto fa 12 per 7?", "il 20% di 150", "quanto fa 2,5 per 4",
                  "101.3 F in celsius quick", "che ore sono"):
        assert numbers_left_out(whole) == [], whole
