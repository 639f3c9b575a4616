#!/usr/bin/env python3
"""Validates every Graph request a run sent against the Graph OpenAPI subset.

usage: validate_graph_requests.py SPEC JOURNAL_JSONL

JOURNAL_JSONL is the mock's `--journal-file`: one JSON object per request with `method`, `path`, `route`, `status`
and, for Graph-face routes, `body`. For each Graph request (path containing /graph/v1.0) the operation is found
by path template (the `microsoft.graph.`-namespaced action spellings through `x-alias`), its request body
validated with openapi-schema-validator's OAS 3.0 validator, and `@odata.type` checked where the schema gives
one (JSON Schema validators do not enforce OpenAPI's discriminator). Paths outside the subset (Entra's /groups)
are listed apart. Prints a JSON summary; exit 0 when there is no violation.
"""
import json
import re
import sys

import yaml
from openapi_schema_validator import OAS30Validator

spec_path, journal_path = sys.argv[1], sys.argv[2]
spec = yaml.safe_load(open(spec_path))
schemas = spec["components"]["schemas"]


def template_regex(template):
    parts = [re.escape(p) if not p.startswith("{") else "[^/]+" for p in re.split(r"(\{[^}]+\})", template) if p]
    return re.compile("^" + "".join(parts) + "$")


operations = []  # (regex, method, operation, template)
for template, item in spec["paths"].items():
    for method, operation in item.items():
        if not isinstance(operation, dict) or method.startswith("x-"):
            continue
        for spelling in [template] + ([operation["x-alias"]] if "x-alias" in operation else []):
            operations.append((template_regex(spelling), method.upper(), operation, template))


def resolve(schema):
    while isinstance(schema, dict) and "$ref" in schema:
        schema = schemas[schema["$ref"].split("/")[-1]]
    return schema


def odata_types(schema, seen=None):
    """Every @odata.type default reachable through allOf / anyOf: what a body of this schema may declare."""
    seen = seen or set()
    schema = resolve(schema)
    if not isinstance(schema, dict) or id(schema) in seen:
        return set()
    seen.add(id(schema))
    found = set()
    default = schema.get("properties", {}).get("@odata.type", {}).get("default")
    if default:
        found.add(default)
    for key in ("allOf", "anyOf", "oneOf"):
        for part in schema.get(key, []):
            found |= odata_types(part, seen)
    mapping = schema.get("discriminator", {}).get("mapping", {})
    found |= set(mapping.keys())
    return found


checked, outside, violations = 0, [], []
for number, line in enumerate(open(journal_path), 1):
    line = line.strip()
    if not line:
        continue
    entry = json.loads(line)
    path = entry.get("path", "")
    if "/graph/v1.0" not in path:
        continue
    graph_path = path.split("/graph/v1.0", 1)[1].split("?", 1)[0]
    method = entry.get("method", "GET").upper()
    matches = [op for op in operations if op[1] == method and op[0].match(graph_path)]
    if not matches:
        outside.append(f"{method} {graph_path}")
        continue
    _, _, operation, template = matches[0]
    checked += 1
    body = entry.get("body")
    if isinstance(body, str):
        body = json.loads(body) if body else None
    content = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if content is None:
        if body not in (None, {}, ""):
            violations.append({"line": number, "request": f"{method} {template}", "problem": "a body where the operation takes none"})
        continue
    if body is None:
        if operation["requestBody"].get("required"):
            violations.append({"line": number, "request": f"{method} {template}", "problem": "no body"})
        continue
    schema = {"$ref": content["schema"]["$ref"]} if "$ref" in content["schema"] else content["schema"]
    validator = OAS30Validator({**schema, "components": spec["components"]})
    for error in validator.iter_errors(body):
        where = "/".join(str(p) for p in error.absolute_path) or "(body)"
        violations.append({"line": number, "request": f"{method} {template}", "problem": f"{where}: {error.message[:300]}"})
    declared = body.get("@odata.type") if isinstance(body, dict) else None
    allowed = odata_types(schema)
    if declared is not None and allowed and declared not in allowed:
        violations.append({"line": number, "request": f"{method} {template}", "problem": f"@odata.type {declared} is not one of {sorted(allowed)}"})

print(json.dumps({"checked": checked, "outside": sorted(set(outside)), "violations": violations}, indent=1))
sys.exit(1 if violations else 0)
