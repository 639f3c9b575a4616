"""Counts what two Python JUnit readers see in JUnit reports, for JUnitPythonReaderTests.

Usage: python3 count_junit.py PATH...   (a report file, or a directory of TEST-*.xml files)

Prints one JSON object per path: {"path", "junitparser": {...}, "xunitparser": {...}}, each reader's part
holding tests, failures, errors and skipped (and for junitparser also flaky, rerun and the totals of the
<testsuite> attributes), or {"error": "..."} when the reader failed. Neither reader takes a directory, so
for a directory every TEST-*.xml file is read on its own and the counts are added up.
Exit 3 when a package is missing (make deps installs them).
"""
import glob
import json
import os
import sys
import traceback

try:
    from junitparser import xunit2
    from junitparser.junitparser import Error, Failure, Skipped
    import xunitparser
except ImportError as missing:
    print(f"missing Python package: {missing.name}; run: make deps "
          "(or python3 -m pip install junitparser xunitparser)", file=sys.stderr)
    sys.exit(3)


def files_of(path):
    if os.path.isdir(path):
        return sorted(glob.glob(os.path.join(path, "TEST-*.xml")))
    return [path]


def junitparser_counts(path):
    counts = dict(tests=0, failures=0, errors=0, skipped=0, flaky=0, rerun=0,
                  attr_tests=0, attr_failures=0, attr_errors=0, attr_skipped=0)
    for file in files_of(path):
        # The xunit2 flavour also knows Surefire's flaky and rerun elements.
        for suite in xunit2.JUnitXml.fromfile(file):
            for name in ("tests", "failures", "errors", "skipped"):
                counts["attr_" + name] += getattr(suite, name) or 0
            for case in suite:
                counts["tests"] += 1
                results = case.result
                counts["failures"] += any(isinstance(r, Failure) for r in results)
                counts["errors"] += any(isinstance(r, Error) for r in results)
                counts["skipped"] += any(isinstance(r, Skipped) for r in results)
                counts["flaky"] += case.is_flaky
                counts["rerun"] += case.is_rerun
    return counts


def xunitparser_counts(path):
    counts = dict(tests=0, failures=0, errors=0, skipped=0)
    for file in files_of(path):
        with open(file, "rb") as handle:
            _, result = xunitparser.parse(handle)
        counts["tests"] += result.testsRun
        counts["failures"] += len(result.failures)
        counts["errors"] += len(result.errors)
        counts["skipped"] += len(result.skipped)
    return counts


def attempt(reader, path):
    try:
        return reader(path)
    except Exception:  # reported to the Swift test, which shows it
        return {"error": traceback.format_exc(limit=-3)}


for path in sys.argv[1:]:
    print(json.dumps({"path": path,
                      "junitparser": attempt(junitparser_counts, path),
                      "xunitparser": attempt(xunitparser_counts, path)}))
