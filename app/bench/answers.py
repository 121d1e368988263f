"""The answer-quality suite: does each answer carry the fact asked for, in the language of the request?

Requests (IT/EN) as people type them — open questions, arithmetic, translations, small talk, thanks,
file answers (head, tail, errors, counts, summaries, yes/no), denied approvals, errors — each with a
regular expression the answer must match (the fact), optionally one it must not match (the whole text
instead of a summary, an English fragment), and its language. Half the set is for tuning, half is
held out; both are reported. Shared by tests/answers and `metnos bench answers`, so the number in the
test and in the bench are one measurement. `{root}` is a folder made here, the only allowed root.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from app.config.paths import resources_dir

SUITE = resources_dir() / "eval" / "answers" / "requests.jsonl"
MAX_ANSWER_TOKENS = 80  # short answers keep the suite affordable on two cores
# An English fragment in an Italian answer, or the reverse (data lines and paths are removed first).
_EN_IN_IT = re.compile(r"(?i)\b(the|is|not|no such|does not|doesn't|is not|isn't|outside|allowed|declined|approved|"
                       r"could not|couldn't|permission|folder|found|wrote|there (?:is|are)|you|your)\b")
_IT_IN_EN = re.compile(r"(?i)\b(il|fa|della|non|sono|che|ho|nel|questo|questa|prego|trovat[oi]|righe|elementi)\b")
_PATH = re.compile(r"(?:~|/)[\w.\-/]*|\b[\w\-]+\.(?:txt|md|log|png|pdf)\b")

LOG = "".join(f"INFO line {i} ok\n" for i in range(1, 31)) + (
    "ERROR disk full on /dev/sda1\nINFO retry\nERROR db connection refused\nINFO done\n")
REPORT = ("Metnos è un assistente che funziona offline sul portatile e usa modelli locali.\n"
          "Le richieste già note trovano risposta in pochi millisecondi grazie a un router veloce.\n"
          "Le richieste nuove vanno al planner, che sceglie gli strumenti e scrive la risposta.\n"
          "Nessun dato lascia il computer.\n")
STORY = ("The old gardener planted roses along the wall every spring.\n"
         "One morning a small red fox crossed the garden and hid under the hedge.\n"
         "The gardener's dog barked, the fox ran away, and the roses bloomed as always.\n")


@dataclass
class AnswerResult:
    rows: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    model: str = ""

    def rate(self, split: str | None = None, kind: str | None = None) -> tuple[int, int]:
        sel = [r for r in self.rows if (split is None or r["split"] == split) and (kind is None or r["kind"] == kind)]
        return sum(r["ok"] for r in sel), len(sel)

    @property
    def accuracy(self) -> float:
        ok, n = self.rate()
        return ok / n if n else 0.0


def load(path: Path = SUITE) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def make_root(root: Path) -> Path:
    """The files and folders the suite's requests name."""
    (root / "docs").mkdir(parents=True, exist_ok=True)
    (root / "pics").mkdir(exist_ok=True)
    (root / "empty").mkdir(exist_ok=True)
    (root / "a.txt").write_text("uno\ndue\ntre\n", encoding="utf-8")
    (root / "note.md").write_text("# Note\nComprare il latte.\n", encoding="utf-8")
    (root / "app.log").write_text(LOG, encoding="utf-8")
    (root / "report.txt").write_text(REPORT, encoding="utf-8")
    (root / "story.txt").write_text(STORY, encoding="utf-8")
    for name in ("uno", "due", "tre"):
        (root / "docs" / f"{name}.md").write_text(f"# {name}\n", encoding="utf-8")
    (root / "pics" / "foto.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    return root


def runtime_toml(root: Path, model: str) -> str:
    return (f"[tools]\nallowed_roots = [{json.dumps(str(root))}]\n"
            f"[llm]\nmodel = {json.dumps(model)}\nmax_answer_tokens = {MAX_ANSWER_TOKENS}\n"
            "[memory]\nlong_term_enabled = false\n[ui]\npause_learning = true\n")


def lang_ok(answer: str, lang: str, data: str) -> bool:
    """No fragment of the other language in our own words (file lines and paths are data, not words)."""
    data_lines = {ln.strip() for ln in data.splitlines() if ln.strip()}
    own = [ln for ln in answer.splitlines() if ln.strip() and ln.strip() not in data_lines
           and not ln.lstrip().startswith("- ")]
    text = _PATH.sub(" ", "\n".join(own))
    bad = _EN_IN_IT if lang == "it" else _IT_IN_EN
    return not bad.search(text)


def score(case: dict[str, Any], answer: str, data: str) -> dict[str, Any]:
    fact = bool(re.search(case["fact"], answer, re.M))
    avoid = not (case.get("not") and re.search(case["not"], answer, re.M))
    lang = lang_ok(answer, case["lang"], data)
    return {"fact": fact, "avoid": avoid, "lang": lang, "ok": fact and avoid and lang}


def run_suite(model: str, cases: list[dict[str, Any]] | None = None,
              progress: Callable[[dict[str, Any]], None] | None = None) -> AnswerResult:
    """Every case through one real Engine (router + planner + tools) on `model`."""
    from app.config import ConfigManager
    from app.engine.engine import Engine
    from app.turn import events as ev

    cases = cases if cases is not None else load()
    out = AnswerResult(model=model)
    with tempfile.TemporaryDirectory(prefix="metnos-answers-") as tmp:
        root = make_root(Path(tmp) / "root")
        data = "\n".join(p.read_text(encoding="utf-8") for p in root.glob("*.*") if p.suffix != ".png")
        cfg = Path(tmp) / "runtime.toml"
        cfg.write_text(runtime_toml(root, model), encoding="utf-8")
        engine = Engine(ConfigManager(cfg, create=False))
        t_all = time.perf_counter()
        try:
            for case in cases:
                text = case["request"].replace("{root}", str(root))
                allow = bool(case.get("approve", False))
                answer, level = "", ""
                t0 = time.perf_counter()
                for e in engine.run_turn(text, approve=lambda *_a, _ok=allow: _ok):
                    if isinstance(e, ev.Answer):
                        answer, level = e.text, e.level
                shown = answer.replace(str(root), "{root}")
                row = {**{k: case[k] for k in ("id", "split", "kind", "lang")}, "request": case["request"],
                       "answer": shown, "level": level, "s": round(time.perf_counter() - t0, 2),
                       **score(case, answer, data)}
                out.rows.append(row)
                if progress:
                    progress(row)
        finally:
            engine.close()
        out.seconds = time.perf_counter() - t_all
    return out


def format_table(res: AnswerResult) -> str:
    kinds = sorted({r["kind"] for r in res.rows})
    lines = [f"answer quality — model {Path(res.model).name}, {len(res.rows)} requests, {res.seconds:.0f} s",
             f"{'kind':12} {'tuning':>9} {'held-out':>9} {'all':>9}"]

    def cell(split: str | None, kind: str | None) -> str:
        ok, n = res.rate(split, kind)
        return f"{ok}/{n}" if n else "-"

    for k in kinds:
        lines.append(f"{k:12} {cell('tune', k):>9} {cell('held', k):>9} {cell(None, k):>9}")
    lines.append(f"{'total':12} {cell('tune', None):>9} {cell('held', None):>9} {cell(None, None):>9}"
                 f"   ({res.accuracy:.1%})")
    bad = [r for r in res.rows if not r["ok"]]
    if bad:
        lines.append("failed:")
        for r in bad:
            why = ",".join(k for k in ("fact", "avoid", "lang") if not r[k])
            lines.append(f"  {r['id']} [{why}] {r['request'][:50]!r} -> {r['answer'][:90]!r}")
    return "\n".join(lines)


def default_model() -> str:
    """The bundled instruct model, or METNOS_LLM_MODEL / the configured model when set."""
    env = os.environ.get("METNOS_LLM_MODEL")
    if env:
        return env
    from app.models.bundle import ModelError, planner_path

    try:
        return str(planner_path("bundled").path)
    except ModelError:
        return "bundled"


def run_bench() -> dict[str, Any]:
    res = run_suite(default_model())
    return {"model": res.model, "seconds": res.seconds, "accuracy": res.accuracy,
            "tune": res.rate("tune"), "held": res.rate("held"), "rows": res.rows, "_result": res}


def format_bench(result: dict[str, Any]) -> str:
    return format_table(result["_result"])
