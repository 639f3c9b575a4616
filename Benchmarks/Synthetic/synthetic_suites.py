#!/usr/bin/env python3
"""Writes N synthetic cases for scale tests and benchmarks (a fixture, never a shipped suite).

usage: synthetic_suites.py N OUT [--suites-dir Suites]

The cases are the real suites' cases, copied round-robin under new suite ids (`<suite>-copy-<k>`) until there
are N, so a synthetic run does what a real run does, N times over. OUT gets Suites/ (the copies and the
requirement catalog) and fixtures/ (a symbolic link to the real fixtures). Prints the number of cases and files.
"""
import argparse
import glob
import os
import shutil

import yaml


class Matcher(str):
    """A suite-format matcher tag (`!absent`, `!present`), kept as written when the case is copied."""


class SuiteLoader(yaml.SafeLoader):
    pass


class SuiteDumper(yaml.SafeDumper):
    pass


class Ordered(list):
    """A list the suite keeps in order (`!ordered [...]`), kept as written when the case is copied."""


for _tag in ("!absent", "!present"):
    SuiteLoader.add_constructor(_tag, lambda loader, node, tag=_tag: Matcher(tag))
SuiteDumper.add_representer(Matcher, lambda dumper, value: dumper.represent_scalar(str(value), ""))
SuiteLoader.add_constructor("!ordered", lambda loader, node: Ordered(loader.construct_sequence(node, deep=True)))
SuiteDumper.add_representer(Ordered, lambda dumper, value: dumper.represent_sequence("!ordered", list(value)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("out")
    parser.add_argument("--suites-dir", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Suites"))
    args = parser.parse_args()
    suites_dir = os.path.abspath(args.suites_dir)
    suites = []
    for path in sorted(glob.glob(os.path.join(suites_dir, "*.yaml"))):
        if os.path.basename(path) == "requirements.yaml":
            continue
        with open(path) as f:
            suites.append(yaml.load(f, Loader=SuiteLoader))
    out_suites = os.path.join(args.out, "Suites")
    os.makedirs(out_suites, exist_ok=True)
    shutil.copy(os.path.join(suites_dir, "requirements.yaml"), out_suites)
    fixtures = os.path.join(args.out, "fixtures")
    if not os.path.exists(fixtures):
        os.symlink(os.path.join(os.path.dirname(suites_dir), "fixtures"), fixtures)

    written, files, copy = 0, 0, 0
    while written < args.count:
        copy += 1
        for suite in suites:
            if written >= args.count:
                break
            cases = suite["cases"][: args.count - written]
            clone = dict(suite)
            clone["suite"] = "%s-copy-%d" % (suite["suite"], copy)
            clone["cases"] = cases
            with open(os.path.join(out_suites, "%s.yaml" % clone["suite"]), "w") as f:
                yaml.dump(clone, f, Dumper=SuiteDumper, sort_keys=False, width=1000)
            written += len(cases)
            files += 1
    print("%d cases in %d suite files under %s" % (written, files, out_suites))


if __name__ == "__main__":
    main()
