#!/usr/bin/env python3
"""Totals JUnit XML reports (lit's and pytest's) into one closing line:
`N passed, N failed, N skipped`.

    summarize-tests.py [--expect NAME=PATH]... [PATH]...

`--expect NAME=PATH` names a runner whose report must be at PATH. A runner
that produced no report (it died before writing one, or wrote half of one)
is one failure, named on a line of its own before the total: leaving it out
would make the total look complete. Plain PATHs are counted the same way,
named by their path. Exits non-zero when anything failed or nothing passed.
"""

import argparse
import sys
import xml.etree.ElementTree as ET


def count(path):
    passed = failed = skipped = 0
    for case in ET.parse(path).getroot().iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is not None:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


def expected_report(text):
    name, sep, path = text.partition("=")
    if not sep or not name or not path:
        raise argparse.ArgumentTypeError(f"expected NAME=PATH, got '{text}'")
    return name, path


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expect", action="append", default=[], type=expected_report,
                        metavar="NAME=PATH", help="a runner whose report must exist")
    parser.add_argument("reports", nargs="*", metavar="PATH", help="more reports")
    args = parser.parse_args(argv)

    totals = [0, 0, 0]
    reports = args.expect + [(None, path) for path in args.reports]
    for name, path in reports:
        problem = None
        try:
            counts = count(path)
        except OSError as error:
            problem = f"no report (expected {path}: {error.strerror})"
        except ET.ParseError as error:
            problem = f"an unreadable report ({path}: {error})"
        if problem:
            who = f"runner '{name}' produced" if name else "found"
            print(f"summarize-tests: {who} {problem}")
            counts = (0, 1, 0)
        for i, n in enumerate(counts):
            totals[i] += n
    passed, failed, skipped = totals
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed or passed == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
