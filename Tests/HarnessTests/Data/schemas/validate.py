#!/usr/bin/env python3
"""Validates protocol messages or suite files against mamconf's published JSON Schemas, with an
independent validator (the `jsonschema` package), for the harness's own tests.

usage: validate.py SCHEMA_DIR messages RECORDS.jsonl [--expect-invalid]
       validate.py SCHEMA_DIR suites FILE.yaml...

A record is one JSON object per line: {"schema": "protocol/event/event.status.json", "message": {...},
"why": "..."}. With --expect-invalid every record must be rejected. Prints one line per problem and a closing
"checked: N passed, N failed" line; exits 1 on any failure.
"""
import json
import sys

import jsonschema
import yaml

root, mode = sys.argv[1], sys.argv[2]

# Suites write matchers as YAML tags (`errorString: !present`); the suite schema reads each as its tag's text.
for matcher in ("!present", "!absent"):
    yaml.SafeLoader.add_constructor(matcher, lambda loader, node, tag=matcher: tag)
cache = {}


def validator(path):
    if path not in cache:
        with open(f"{root}/{path}", encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft202012Validator.check_schema(schema)
        cache[path] = jsonschema.Draft202012Validator(schema)
    return cache[path]


passed = failed = 0
if mode == "messages":
    expect_invalid = "--expect-invalid" in sys.argv
    with open(sys.argv[3], encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            record = json.loads(line)
            errors = sorted(validator(record["schema"]).iter_errors(record["message"]), key=lambda e: list(e.path))
            if expect_invalid and not errors:
                failed += 1
                print(f"line {number}: accepted, but should be rejected ({record.get('why', '')}): {json.dumps(record['message'])}")
            elif not expect_invalid and errors:
                failed += 1
                first = errors[0]
                where = "/".join(str(p) for p in first.path)
                print(f"line {number}: {record['schema']}: {where}: {first.message} in {json.dumps(record['message'])[:300]}")
            else:
                passed += 1
elif mode == "suites":
    for path in sys.argv[3:]:
        with open(path, encoding="utf-8") as f:
            document = yaml.safe_load(f)
        errors = list(validator("suite.schema.json").iter_errors(document))
        if errors:
            failed += 1
            best = jsonschema.exceptions.best_match(errors)
            print(f"{path}: {'/'.join(str(p) for p in best.path)}: {best.message[:300]}")
        else:
            passed += 1
else:
    sys.exit(f"unknown mode {mode}")

print(f"checked: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
