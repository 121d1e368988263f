"""`calculate`: exact arithmetic and unit conversions, because a language model must not do sums.

A request is read into an expression by rules ("12 per 7", "15% di 80", "radice quadrata di 144",
"3,5 diviso 2", "what is 2^10": decimal comma, words for operators), then evaluated by walking its
`ast` with a whitelist of nodes — never `eval`. Numbers are fractions, so 0.1 + 0.2 is 0.3; a
division by zero or a power too large to write down is refused with a clear message.

A unit conversion ("5.5 feet in cm", "quanti grammi sono 3 once") is read first, by its own shape
(tools/units.py, with the unit table in lang/units.py): its numbers are not arithmetic, and its answer
carries the unit ("5,5 piedi = 167,64 cm").
"""
from __future__ import annotations

import ast
import math
import re
from fractions import Fraction
from typing import Any

from app.lang import units as lang_units
from app.lang.asked import Asked
from app.lang.messages import Message, register, say
from app.lang.numbers import digits_for_words, value_of

from . import units
from .registry import Tool, ToolContext, ToolError
from .slots import Slots
from .units_product import area_of, find_product

register({
    "calc.no_expression": {"it": "non trovo un calcolo da fare in «{text}»; scrivilo con numeri e operazioni, "
                                 "ad esempio «12 per 7» o «15% di 80»",
                           "en": "I can't find a calculation in “{text}”; write it with numbers and operations, "
                                 "e.g. “12 times 7” or “15% of 80”"},
    "calc.div_zero": {"it": "non si può dividere per zero", "en": "division by zero is not defined"},
    "calc.too_big": {"it": "il risultato sarebbe troppo grande da scrivere (più di {digits} cifre)",
                     "en": "the result would be too large to write down (more than {digits} digits)"},
    "calc.negative_root": {"it": "la radice quadrata di un numero negativo non è un numero reale",
                           "en": "the square root of a negative number is not a real number"},
    "calc.too_long": {"it": "l'espressione è troppo lunga (massimo {n} caratteri)",
                      "en": "the expression is too long (at most {n} characters)"},
    "calc.result": {"it": "{expr} = {value}", "en": "{expr} = {value}"},
    "render.calc": {"it": "{expr} fa {value}.", "en": "{expr} is {value}."},
    "render.convert": {"it": "{expr} {sign} {value}", "en": "{expr} {sign} {value}"},
    "render.convert_note": {"it": "{expr} {sign} {value} ({note})", "en": "{expr} {sign} {value} ({note})"},
})

MAX_CHARS = 200
MAX_DIGITS = 1000
_NUM = r"\d+(?:[.,]\d+)?"

# Phrases rewritten into operators, in order (percent and roots before the words they contain).
_REWRITES: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"(?<=\d),(?=\d)"), "."),  # decimal comma
    (re.compile(r"√\s*(" + _NUM + ")"), r"sqrt(\1)"),
    (re.compile(r"\b(?:la\s+)?(?:radice\s+quadrata|radice|square\s+root|sqrt)\s+(?:di|del|of)?\s*(-?" + _NUM + ")"),
     r"sqrt(\1)"),
    (re.compile(r"(" + _NUM + r")\s*(?:%|per\s*cento|percento|percent|per\s+cent)\s*(?:di|del|della|dei|of)\s+"),
     r"(\1/100)*"),
    (re.compile(r"(" + _NUM + r")\s*(?:%|per\s*cento|percento|percent)"), r"(\1/100)"),
    (re.compile(r"\s*(?:al\s+quadrato|squared)\b"), "**2"),
    (re.compile(r"\s*(?:al\s+cubo|cubed)\b"), "**3"),
    (re.compile(r"\s*(?:elevato\s+(?:alla|al|a)|alla\s+potenza(?:\s+di)?|to\s+the\s+power\s+of|to\s+the|alla)\s+"),
     "**"),
    (re.compile(r"\^"), "**"),
    (re.compile(r"\s*(?:diviso(?:\s+per)?|divided\s+by|fratto|over)\s+"), "/"),
    (re.compile(r"\s*[÷:]\s*(?=[\d(])"), "/"),
    (re.compile(r"(?<=[\d)])\s*(?:per|times|moltiplicato(?:\s+per)?|multiplied\s+by|[x×·])\s*(?=[\d(s])"), "*"),
    (re.compile(r"\s*(?:più|piu|plus|and)\s+(?=[\d(s])"), "+"),
    (re.compile(r"\s*(?:meno|minus)\s+(?=[\d(s])"), "-"),
]
# Tokens that carry digits but are not arithmetic: paths, file names, times, versions, dates with a year.
_NOT_MATH = re.compile(r"(?<!\S)(?:~[^\s]*|[/.][^\s]*[a-z_][^\s]*|[^\s]*[a-z_][^\s]*[/.][^\s]*|"
                       r"[^\s]*[/.][^\s]*[a-z_][^\s]*|\d{1,2}:\d{2}(?::\d{2})?|\d+\.\d+\.\d+[^\s]*|"
                       r"\d{1,2}/\d{1,2}/\d{2,4})(?!\S)")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")  # a number once its decimal comma is a point
# The longest run made only of numbers, operators, brackets and sqrt( … ).
_SPAN = re.compile(r"[-+(]*\s*(?:sqrt\(\s*[-+]?)?\s*\d[\d.\s+\-*/()]*(?:sqrt\([\d.\s+\-*/()]*)*[\d.\s+\-*/()]*")


def expression_of(text: str) -> str | None:
    """The arithmetic in a request, as an expression ("quanto fa 12 per 7?" -> "12*7"); None when there is none."""
    if not isinstance(text, str) or not text.strip():
        return None
    low = _NOT_MATH.sub(" ", digits_for_words(text).lower())  # "trecento meno ottantacinque" -> "300 meno 85"
    for pat, rep in _REWRITES:
        low = pat.sub(rep, low)
    best = ""
    for m in _SPAN.finditer(low):
        span = m.group(0).strip()
        span = _balance(span)
        if len(re.sub(r"\s", "", span)) > len(re.sub(r"\s", "", best)):
            best = span
    best = re.sub(r"\s+", "", best).rstrip("+-*/.")
    if not best or not (re.search(r"\d[+\-*/]|\)[+\-*/]|\*\*", best) or "sqrt(" in best or "/100" in best):
        return None  # a bare number is not a calculation
    return best


def _balance(span: str) -> str:
    """Drop unmatched closing brackets at the end and close the open ones."""
    while span.endswith(")") and span.count(")") > span.count("("):
        span = span[:-1].rstrip()
    return span + ")" * max(0, span.count("(") - span.count(")"))


def numbers_left_out(text: str) -> list[str]:
    """The numbers a request says that its expression leaves out ("se il prezzo è 480 euro e ho uno sconto del 35%,
    quanto pago?" reads only "35%": 480 is left out). A word problem is the model's to write as an expression:
    the rules' reading answered "35% fa 0,35" (everyday4-48). A unit conversion has none left out."""
    expr = expression_of(text)
    if expr is None or units.is_conversion(text):
        return []
    low = _points(_NOT_MATH.sub(" ", digits_for_words(text).lower()))
    used = {float(n) for n in _NUMBER.findall(expr)}
    return [n for n in _NUMBER.findall(low) if float(n) not in used]


# Numbers a word problem's expression may use without the request saying them: halves, percent, the units of
# time and of a thousand ("1500 al mese, quanto in un anno?" is 1500*12).
IMPLIED_NUMBERS = frozenset({0.0, 1.0, 2.0, 7.0, 10.0, 12.0, 24.0, 30.0, 52.0, 60.0, 100.0, 365.0, 1000.0, 3600.0})


def _points(text: str) -> str:
    """`text` with its decimal commas as points ("4,50" -> "4.50")."""
    return _REWRITES[0][0].sub(_REWRITES[0][1], text)


def said_numbers(text: str) -> list[float]:
    """Every number `text` says, in digits or in words ("trecento" is 300), decimal comma read as a point — glued
    to a unit too ("15mg/kg": everyday6-68's dose was refused as a made-up figure when such tokens were skipped)."""
    low = _points(digits_for_words(text).lower())
    words = [float(v) for w in re.findall(r"[^\W\d_]+", low) if (v := value_of([w])) is not None]
    return [float(n) for n in _NUMBER.findall(low)] + words  # "tre caffè a 4,50": 3 is said too


def numbers_unsaid(expression: str, text: str) -> list[str]:
    """The numbers of a model-written `expression` that the request `text` does not give: "how long is a football
    match?" says no number, and the 1.5B model wrote "30 × 45 ÷ 60" (22.5, everyday5-8); "18 lads chip in 35 quid"
    became "18 × 35 × 35". Each said number may be used as often as it is said (or as its percent fraction), and the
    implied constants (IMPLIED_NUMBERS) freely. A calculator must compute what the person gave, never a made-up
    figure: a non-empty result means the calculation is the model's invention."""
    if lang_units.unit_words() & set(re.findall(r"[^\W\d_]+", text.lower())):
        return []  # a conversion brings its factors ("a quanti fahrenheit sono 200 gradi celsius?": 9/5, 32)
    said = said_numbers(text)
    out = []
    for n in _NUMBER.findall(_points(str(expression))):
        v = float(n)
        if v in said:
            said.remove(v)
        elif v * 100 in said:
            said.remove(v * 100)
        elif v not in IMPLIED_NUMBERS:
            out.append(n)
    return out


def has_expression(text: str) -> bool:
    """Whether `calculate` has something to compute here: arithmetic, a unit conversion or lengths multiplied (the
    planner prefers the calculator for each; "sposta 5 file in archivio" is none)."""
    return expression_of(text) is not None or units.is_conversion(text) or find_product(text) is not None


# -- the evaluator ---------------------------------------------------------------------------------
_BINOPS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)


def _too_big(digits: int) -> ToolError:
    return ToolError(Message("calc.too_big", digits=digits))


def _eval(node: ast.AST) -> Fraction | float:
    if isinstance(node, ast.Expression):
        return _eval(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return Fraction(str(node.value)) if isinstance(node.value, float) else Fraction(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        v = _eval(node.operand)
        return -v if isinstance(node.op, ast.USub) else v
    if isinstance(node, ast.BinOp) and isinstance(node.op, _BINOPS):
        a, b = _eval(node.left), _eval(node.right)
        if isinstance(node.op, ast.Add):
            return a + b
        if isinstance(node.op, ast.Sub):
            return a - b
        if isinstance(node.op, ast.Mult):
            return a * b
        if isinstance(node.op, ast.Div):
            if b == 0:
                raise ToolError(Message("calc.div_zero"))
            return a / b
        return _power(a, b)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sqrt"
            and len(node.args) == 1 and not node.keywords):
        return _sqrt(_eval(node.args[0]))
    raise ValueError(f"not allowed in a calculation: {type(node).__name__}")


def _power(a: Fraction | float, b: Fraction | float) -> Fraction | float:
    if a == 0 and b < 0:
        raise ToolError(Message("calc.div_zero"))
    size = abs(float(b)) * max(math.log10(abs(float(a))) if a else 0.0, 0.0) if abs(float(a)) != 1 else 0.0
    if isinstance(a, Fraction) and a.denominator != 1:
        size = max(size, abs(float(b)) * math.log10(a.denominator))
    if size > MAX_DIGITS:
        raise _too_big(MAX_DIGITS)
    if isinstance(b, Fraction) and b.denominator == 1 and isinstance(a, Fraction):
        return Fraction(a ** int(b))
    if a < 0:
        raise ToolError(Message("calc.negative_root"))
    return float(float(a) ** float(b))


def _sqrt(v: Fraction | float) -> Fraction | float:
    if v < 0:
        raise ToolError(Message("calc.negative_root"))
    if isinstance(v, Fraction):
        n, d = math.isqrt(v.numerator), math.isqrt(v.denominator)
        if n * n == v.numerator and d * d == v.denominator:
            return Fraction(n, d)
    return math.sqrt(float(v))


def evaluate(expr: str) -> Fraction | float:
    """The exact value of an arithmetic expression (numbers, + - * / **, brackets, sqrt)."""
    if len(expr) > MAX_CHARS:
        raise ToolError(Message("calc.too_long", n=MAX_CHARS))
    try:
        tree = ast.parse(expr, mode="eval")
    except SyntaxError:
        raise ToolError(Message("calc.no_expression", text=expr)) from None
    try:
        return _eval(tree)
    except ValueError:
        raise ToolError(Message("calc.no_expression", text=expr)) from None
    except (OverflowError, MemoryError):
        raise _too_big(MAX_DIGITS) from None


def format_number(v: Fraction | float, lang: str = "en") -> str:
    """84, 1.75, 0.333333333333 — an exact integer stays whole; the Italian form has a decimal comma."""
    if isinstance(v, Fraction) and v.denominator == 1:
        text = str(v.numerator)
    else:
        f = float(v)
        if math.isinf(f) or math.isnan(f):
            raise _too_big(MAX_DIGITS)
        text = f"{f:.12g}"
        if "e" in text:
            text = f"{f:.12e}"
        elif "." in text:
            text = text.rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "it" else text


def shown_expression(expr: str, lang: str) -> str:
    """The expression written for a person: × ÷ ^ √, and the Italian decimal comma."""
    out = expr.replace("**", "^").replace("*", " × ").replace("/", " ÷ ").replace("+", " + ")
    out = re.sub(r"(?<=[\d)])-", " - ", out)
    out = re.sub(r"sqrt\(([^()]*)\)", r"√\1", out)
    out = re.sub(r"\((\d+(?:\.\d+)?) ÷ 100\)", r"\1%", out)
    if lang == "it":
        out = re.sub(r"(?<=\d)\.(?=\d)", ",", out)
    return re.sub(r"\s+", " ", out).strip()


def calculate(args: dict[str, Any], ctx: ToolContext) -> dict[str, Any]:
    raw = str(args.get("expression") or "")
    if len(raw) > MAX_CHARS * 5:
        raise ToolError(Message("calc.too_long", n=MAX_CHARS))
    product = find_product(raw)
    if product is not None:  # "18 metri per 3 metri e mezzo": an area, "63 m²"
        return area_of(product)
    conversion = units.find(raw)
    if conversion is not None:
        return units.convert(conversion)
    expr = expression_of(raw)
    if expr is None:
        plain = re.sub(r"\s+", "", raw.replace(",", "."))
        if plain and re.fullmatch(r"[\d.+\-*/()^]+", plain):
            expr = plain.replace("^", "**")
        else:
            raise ToolError(Message("calc.no_expression", text=raw[:80]))
    value = evaluate(expr)
    exact = isinstance(value, Fraction) and value.denominator == 1
    return {"expression": expr, "result": format_number(value, "en"), "result_it": format_number(value, "it"),
            "exact": exact or (isinstance(value, Fraction) and len(format_number(value)) < 14),
            "shown_it": shown_expression(expr, "it"), "shown_en": shown_expression(expr, "en")}


def answer_words(result: dict[str, Any], lang: str, shape: Asked) -> str | None:
    """The answer without the model: "12 × 7 fa 84.", "5,5 piedi ≈ 167,64 cm" (≈ when the written number is
    rounded; a note when it helps, SI vs 1024); None for a result that is neither."""
    if result.get("conversion"):
        lg = "it" if lang == "it" else "en"
        note = result.get(f"note_{lg}") or ""
        return say("render.convert_note" if note else "render.convert", lang, expr=result.get(f"shown_{lg}", ""),
                   sign="=" if result.get("exact") else "≈", value=result.get(f"value_{lg}", ""), note=note)
    if "result" in result:
        value = result["result_it"] if lang == "it" else result["result"]
        return say("render.calc", lang, expr=result.get(f"shown_{lang}", result.get("expression", "")), value=value)
    return None


TOOLS = [
    # The examples say conversions without the verb "converti"/"convert": an example with it would mark the
    # convert action as covered, and "converti /tmp/a.docx in pdf" must still be refused (routing/capability).
    Tool("calculate", "Exact arithmetic: + - × ÷, powers, percentages, square roots; unit conversions: "
                      "length (cm, m, km, inches, feet, miles), weight (g, kg, pounds, ounces), temperature "
                      "(celsius, fahrenheit), volume (liters, gallons), speed (km/h, mph, knots), data (MB, GB). "
                      "Calcola un'operazione o converte unità di misura: centimetri, metri, piedi, pollici, "
                      "miglia, grammi, chili, libbre, once, gradi, litri, galloni, nodi.",
         {"type": "object", "properties": {
             "expression": {"type": "string", "maxLength": 200,
                            "description": "The calculation, e.g. 12*7, 15% of 80, sqrt(144), 2^10, "
                                           "5.5 feet in cm, 70 F in celsius"}},
          "required": ["expression"]}, calculate, group="Math", slots=Slots(fill={"expression": "{expression}"}),
         render=answer_words,
         examples=("quanto fa 12 per 7?", "what is 2^10", "calcola il 15% di 80", "radice quadrata di 144",
                   "3,5 diviso 2", "how much is 150 divided by 4", "5.5 feet in cm",
                   "quanti cm sono 5 piedi e 6 pollici", "70 F in celsius", "quanti grammi sono 3 once",
                   "how many liters is 2 gallons", "100 km/h in mph")),
]
