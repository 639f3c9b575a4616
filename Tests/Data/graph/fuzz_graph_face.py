#!/usr/bin/env python3
"""Runs schemathesis against the mock's Graph face, from the Graph OpenAPI subset, for the mock's own tests.

usage: fuzz_graph_face.py MOCK_BASE_URL SPEC EXAMPLES

Creates a tenant through the mock's controls, gets an app-only Graph token from the tenant's token endpoint,
lets schemathesis send generated requests to every operation of the subset and checks that none is answered
with a 5xx, then that the mock still answers its health check. Exit 0 when all holds.
"""
import json
import os
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request

base, spec, examples = sys.argv[1].rstrip("/"), sys.argv[2], sys.argv[3]


def call(method, url, body=None, form=None, headers=None):
    data = None
    headers = dict(headers or {})
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read() or b"null")


tenant = call("POST", base + "/_mock/tenants", body={
    "bundleId": "com.contoso.app",
    "users": [{"alias": "alice", "upn": "alice@contoso.example", "objectId": "6c4f3a2e-0d4e-4b7a-9d1c-2a8b5e7f9c01", "password": "pw", "licensed": True}],
    "groups": [{"name": "mam-users", "members": ["alice"]}],
})
token = call("POST", tenant["tokenURL"], form={
    "grant_type": "client_credentials", "client_id": tenant["admin"]["clientId"],
    "client_secret": tenant["admin"]["clientSecret"], "scope": "https://graph.microsoft.com/.default",
})["access_token"]

scratch = tempfile.TemporaryDirectory(prefix="mamconf-schemathesis-")  # schemathesis keeps a cache in its folder
run = subprocess.run([
    sys.executable, "-m", "schemathesis.cli", "run", os.path.abspath(spec), "--url", tenant["graphBaseURL"],
    "-H", f"Authorization: Bearer {token}",
    "--checks", "not_a_server_error", "--max-examples", examples, "--seed", "20261122",
    "--request-timeout", "10", "--suppress-health-check", "all", "--no-color",
], capture_output=True, text=True, cwd=scratch.name)
scratch.cleanup()
print(run.stdout[-4000:])
print(run.stderr[-2000:])
health = urllib.request.urlopen(base + "/_mock/health", timeout=10).status
print(f"schemathesis exit {run.returncode}; mock health {health}")
sys.exit(0 if run.returncode == 0 and health == 200 else 1)
