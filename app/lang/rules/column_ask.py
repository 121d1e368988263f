"""A question about a table's column: its total, average, highest or lowest value, and which column.

Read by planner/columns.py when the text just read is a table (CSV or TSV with a header): "dimmi il totale della
colonna importo", "quanto ho speso in tutto?", "what's the average of the amount column?". The number is computed
from the rows, never written by a model: a 1.5B model does not add ten numbers reliably, and the answer guard
(planner/answer.py) rightly refuses a number the observations do not contain, so the person was shown the whole
file instead of its total.
"""
from __future__ import annotations

from .table import Rule, Table

COLUMN_ASK = Table("column_ask", __doc__ or "", (
    Rule(
        id="sum",
        effect="the total of a column",
        words=("totale", "totali", "somma", "sommami", "somma(?:re|mi)", "in tutto", "complessiv[aeio]",
               "total", "totals", "sum", "add up", "added up", "altogether", "in total"),
        match=("dimmi il totale della colonna importo", "quanto ho speso in tutto?",
               "what's the total of the amount column", "add up the importo column", "fammi la somma degli importi"),
        no_match=("leggimi tutto il file", "totally fine, thanks", "summarize the report", "riassumi il file"),
    ),
    Rule(
        id="average",
        effect="the average of a column",
        words=("media", "medio", "mediamente", "in media", "average", "avg", "on average"),
        match=("qual è la spesa media?", "average of the amount column", "quanto spendo in media"),
        no_match=("what does it mean", "il medico di base", "il mediatore"),
    ),
    Rule(
        id="max",
        effect="the highest value of a column, with its row",
        words=("massim[oa]", "più (?:alt[oa]|car[oa]|grande|costos[oa])", "maggiore", "highest", "max", "maximum",
               "biggest", "largest", "most expensive"),
        match=("qual è la spesa più alta?", "the highest amount in the file", "the most expensive item"),
        no_match=("più tardi", "the high street", "highlight this"),
    ),
    Rule(
        id="min",
        effect="the lowest value of a column, with its row",
        words=("minim[oa]", "più (?:bass[oa]|economic[oa]|piccol[oa])", "minore", "lowest", "min",
               "minimum", "smallest", "cheapest"),
        match=("qual è la spesa più bassa?", "the lowest amount", "la voce minima"),
        no_match=("minuti", "minutes", "ministero"),
    ),
    Rule(
        id="column_named",
        effect="the column a question names: 'colonna X', 'campo X', 'X column', 'column X'",
        pattern=r"\b(?:colonna|campo|voce)\s+[«\"'“]?(?P<a>[\w.-]+)|(?P<b>[\w.-]+)[»\"'”]?\s+(?:column|field)\b|"
                r"\b(?:column|field)\s+[«\"'“]?(?P<c>[\w.-]+)",
        match=("il totale della colonna importo", "the total of the amount column", "sum column «price»"),
        no_match=("quanto ho speso in tutto?", "columnist", "leggi il file"),
    ),
    Rule(
        id="code_column",
        effect="a column header that names codes, not amounts (an id, a code, a number 'n°'): never the column "
               "summed when the question names none",
        pattern=r"\b(?:id|cod\w*|n[.°o]?)$",
        match=("id", "codice", "order id", "n°"),
        no_match=("importo", "quantità", "amount"),
    ),
))
