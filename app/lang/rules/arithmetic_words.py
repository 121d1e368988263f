"""The words of arithmetic that a number said in words stands next to: "sette per otto", "forty-five times twelve".

Read by lang/numbers.py: a run of number words is read as a number only beside one of these (OPERATOR_WORDS there
is the words of the first three rules); the four rules together are its cheap look before the token walk. A word
counts standing alone between spaces, as the token walk reads it.
"""
from __future__ import annotations

from .table import Rule, Table

# a token of its own: after the start or a space, before a space or the end
TOKEN = r"(?:^|\s)(?:{words})(?=\s|$)"

ARITHMETIC_WORDS = Table("arithmetic_words", __doc__ or "", (
    Rule(
        id="operator_it",
        effect="an Italian operator word ('più', 'diviso', 'alla', 'quadrato'): the number words beside it are "
               "numbers",
        pattern=TOKEN,
        words=("più", "piu", "meno", "per", "diviso", "fratto", "moltiplicato", "elevato", "alla", "percento",
               "quadrato", "cubo"),
        match=("quanto fa trecento meno ottantacinque", "sette per otto", "2 alla decima"),
        no_match=("perché il file è vuoto?", "menomale che c'è il backup", "leggi piuttosto notes.txt"),
    ),
    Rule(
        id="operator_en",
        effect="an English operator word ('plus', 'times', 'divided', 'squared'): the number words beside it are "
               "numbers",
        pattern=TOKEN,
        words=("plus", "minus", "times", "divided", "multiplied", "over", "percent", "squared", "cubed"),
        match=("what's forty-five times twelve", "nine divided by three", "twelve squared"),
        no_match=("show the overview of ~/docs", "open plus-size.txt", "timestamps of the logs"),
    ),
    Rule(
        id="dimension_by",
        effect="the word between the sides of a measure ('18 metri per 3 metri', '12 ft by 10 ft', '4 m x 3 m'): "
               "lengths joined by it are multiplied into an area or a volume (tools/units_product.py; '×' and '*' "
               "are read as 'x' there)",
        pattern=TOKEN,
        words=("per", "x", "by", "times", "volte"),
        match=("18 metri per 3 metri", "12 ft by 10 ft", "4 m x 3 m", "3 volte 2 metri"),
        no_match=("18 metri più 3 metri", "perché 4 m?", "la cartella x11", "bypass the 3 m limit"),
    ),
    Rule(
        id="operator_sign",
        effect="an operator written as a sign word ('3 x 4', '20 % di 50'): the number words beside it are numbers",
        pattern=TOKEN,
        words=("x", "×", "%"),
        match=("sette x otto", "3 × 4", "20 % di 50"),
        no_match=("open x-ray.png", "20% di 50", "la cartella x11"),
    ),
    Rule(
        id="decimal_point",
        effect="the decimal point said in words ('3 virgola 5', 'two point five'): the numbers beside it are one "
               "number (3.5), not two (\"quanto fa 3 virgola 5 per 40\" was computed as 5 × 40); only between two "
               "numbers (lang/numbers.py), so 'metti una virgola dopo ciao' stays words",
        pattern=TOKEN,
        words=("virgola", "point"),
        match=("quanto fa 3 virgola 5 per 40", "two point five times four", "tre virgola cinque"),
        no_match=("metti le virgolette", "the pointer file", "a disappointing result"),
    ),
    Rule(
        id="digit_groups_en",
        effect="thousands grouped with commas in an English request ('1,250 multiplied by 12' is 1250 × 12: it was "
               "read 1.25 and answered 15, everyday8-51): three digits after each comma, the decimal point after",
        pattern=r"(?<![\d.,])(?!0,)\d{1,3}(?:,\d{3})+(?![\d,])",
        match=("What is 1,250 multiplied by 12?", "a budget of 12,500.50 dollars", "1,000,000 divided by 4"),
        no_match=("3,5 times 2", "1,25 per 4", "between 1,2 and 3", "0,250 times 4"),
    ),
    Rule(
        id="digit_groups_it",
        effect="thousands grouped with points in an Italian request ('1.250 euro per 12' is 1250 × 12), the "
               "decimal comma after ('1.250,50'); a version or a date ('1.2.3', '12.03.2024') is no number",
        pattern=r"(?<![\d.,])(?!0\.)\d{1,3}(?:\.\d{3})+(?![\d.])",
        match=("quanto fa 1.250 per 12", "un mutuo di 150.000,50 euro", "10.200 diviso 4"),
        no_match=("la versione 1.2.3", "il 12.03.2024", "pesa 1.5 chili", "0.250 per 4"),
    ),
    Rule(
        id="operator_cue",
        effect="a word or sign that leads to a number without being an operator word ('divided by nine', 'to the "
               "fourth', '3 + 4'): only the look before the token walk",
        pattern=TOKEN,
        words=("by", r"to\s+the", r"[-+*/^]"),
        match=("nine divided by three", "three to the fourth", "tre + 4"),
        no_match=("bypass the cache", "go to thermal.log", "copy a-b.txt"),
    ),
))
