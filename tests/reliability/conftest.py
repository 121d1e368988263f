"""The reliability suite's summary: one table at the end of the run (trials, failures, rows lost, unapproved).

Kept here, not in tests/conftest.py, so the other suites are untouched. The
table is also written to tests/artifacts/reliability/summary.json.
"""
from __future__ import annotations

from typing import Any

import pytest
from rel_support import GROUPS, LONG, TALLY, group_of, write_artifact


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    group = group_of(report.nodeid)
    if group is None:
        return
    if report.when == "call" or (report.when == "setup" and (report.failed or report.skipped)):
        if report.skipped:
            TALLY.add(group, note=f"skipped {report.nodeid.split('::')[-1]}: {_skip_reason(report)}")
            return
        TALLY.test_outcome(group, report.failed)
    elif report.when == "teardown" and report.failed:
        TALLY.test_outcome(group, True)


def _skip_reason(report: pytest.TestReport) -> str:
    lr = report.longrepr
    if isinstance(lr, tuple) and len(lr) == 3:
        return str(lr[2]).removeprefix("Skipped: ")
    return str(lr)[:200]


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    if not TALLY.rows:
        return
    tr = terminalreporter
    variant = "long (METNOS_LONG_TESTS=1)" if LONG else "short (CI)"
    tr.write_sep("=", f"reliability summary — {variant}")
    for line in TALLY.table():
        tr.write_line(line)
    for note in TALLY.notes():
        tr.write_line(f"  note: {note}")
    bad = [GROUPS[k] for k, r in TALLY.rows.items() if r.rows_lost or r.unapproved]
    tr.write_line("rows lost and unapproved actions must be 0" + (f" — NOT 0 in: {', '.join(bad)}" if bad else ": ok"))
    try:
        write_artifact("summary.json", {**TALLY.to_json(), "table": TALLY.table()})
    except OSError:
        pass
