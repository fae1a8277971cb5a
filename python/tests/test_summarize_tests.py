"""scripts/summarize-tests.py: the closing `N passed, N failed, N skipped` line
of scripts/run-tests.sh, from JUnit XML reports like lit's and pytest's. A
runner named with --expect that wrote no report (or a truncated one) is a
failure named on its own line, not a term missing from the total."""

import os
import subprocess
import sys

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(REPO, "scripts", "summarize-tests.py")

# The shapes lit (--xunit-xml-output) and pytest (--junitxml) write.
LIT_REPORT = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites time="1.0">
<testsuite name="LINALGX" tests="3" failures="0" skipped="1">
<testcase classname="LINALGX.Dialect" name="ops.mlir" time="0.1"/>
<testcase classname="LINALGX.Dialect" name="invalid.mlir" time="0.1"/>
<testcase classname="LINALGX.Runtime" name="cuda-probe.test" time="0.0">
<skipped message="Missing required feature(s): no-gpu"/>
</testcase>
</testsuite>
</testsuites>
"""
PYTEST_REPORT = """<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests">
<testsuite name="pytest" errors="0" failures="1" skipped="0" tests="3">
<testcase classname="test_a" name="test_one" time="0.1"/>
<testcase classname="test_a" name="test_two" time="0.1"><failure message="assert 1 == 2">x</failure></testcase>
<testcase classname="test_a" name="test_three" time="0.1"><error message="fixture">y</error></testcase>
</testsuite></testsuites>
"""
PASSING_PYTEST_REPORT = """<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests">
<testsuite name="pytest" errors="0" failures="0" skipped="0" tests="1">
<testcase classname="test_a" name="test_one" time="0.1"/>
</testsuite></testsuites>
"""


def summarize(*args):
    result = subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)
    lines = result.stdout.splitlines()
    return result.returncode, lines


@pytest.fixture
def reports(tmp_path):
    def write(name, text):
        path = tmp_path / name
        path.write_text(text)
        return str(path)
    write.dir = tmp_path
    return write


def test_all_reports_present(reports):
    lit = reports("lit.xml", LIT_REPORT)
    pytest_xml = reports("pytest.xml", PASSING_PYTEST_REPORT)
    rc, lines = summarize("--expect", f"lit={lit}", "--expect", f"pytest={pytest_xml}")
    assert lines == ["3 passed, 0 failed, 1 skipped"]
    assert rc == 0


def test_failures_and_errors_count_as_failed(reports):
    lit = reports("lit.xml", LIT_REPORT)
    pytest_xml = reports("pytest.xml", PYTEST_REPORT)
    rc, lines = summarize("--expect", f"lit={lit}", "--expect", f"pytest={pytest_xml}")
    assert lines == ["3 passed, 2 failed, 1 skipped"]
    assert rc == 1


def test_missing_report_is_a_named_failure(reports):
    lit = reports("lit.xml", LIT_REPORT)
    missing = str(reports.dir / "pytest.xml")
    rc, lines = summarize("--expect", f"lit={lit}", "--expect", f"pytest={missing}")
    assert lines[0] == (f"summarize-tests: runner 'pytest' produced no report "
                        f"(expected {missing}: No such file or directory)")
    # The closing line stays one plain line that CI can parse.
    assert lines[-1] == "2 passed, 1 failed, 1 skipped"
    assert len(lines) == 2
    assert rc == 1


def test_truncated_report_is_a_named_failure(reports):
    # A runner killed while writing its report.
    lit = reports("lit.xml", LIT_REPORT[:200])
    pytest_xml = reports("pytest.xml", PASSING_PYTEST_REPORT)
    rc, lines = summarize("--expect", f"lit={lit}", "--expect", f"pytest={pytest_xml}")
    assert lines[0].startswith(f"summarize-tests: runner 'lit' produced an unreadable report ({lit}: ")
    assert lines[-1] == "1 passed, 1 failed, 0 skipped"
    assert rc == 1


def test_every_expected_runner_missing(reports):
    rc, lines = summarize("--expect", f"lit={reports.dir / 'lit.xml'}",
                          "--expect", f"pytest={reports.dir / 'pytest.xml'}")
    assert [line.split("'")[1] for line in lines[:-1]] == ["lit", "pytest"]
    assert lines[-1] == "0 passed, 2 failed, 0 skipped"
    assert rc == 1


def test_only_skips_is_not_a_pass(reports):
    skipped = reports("lit.xml", """<testsuites><testsuite>
<testcase name="a"><skipped message="unsupported"/></testcase>
</testsuite></testsuites>""")
    rc, lines = summarize("--expect", f"lit={skipped}")
    assert lines == ["0 passed, 0 failed, 1 skipped"]
    assert rc == 1


def test_plain_paths_still_counted(reports):
    # scripts/run-sanitized-tests.sh passes its reports as plain paths; an
    # unmatched glob reaches the script as a path that does not exist.
    lit = reports("lit.xml", LIT_REPORT)
    glob = str(reports.dir / "none" / "*.xml")
    rc, lines = summarize(lit, glob)
    assert lines == [f"summarize-tests: found no report (expected {glob}: No such file or directory)",
                     "2 passed, 1 failed, 1 skipped"]
    assert rc == 1


def test_bad_expect_argument():
    rc, lines = summarize("--expect", "lit")
    assert rc == 2
    assert lines == []
