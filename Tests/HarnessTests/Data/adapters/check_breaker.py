#!/usr/bin/env python3
"""A bridge that breaks exactly one protocol rule, for the tests of `mamconf adapter-check`.

It sits between mamconf and a real adapter (the bundled reference) and changes the lines in one way:

  unknown-method-code   answers an unknown method with -32603 instead of -32601
  bad-params-code       answers bad params with -32603 instead of -32602
  unknown-capability    declares a capability the protocol does not define
  log-with-id           sends log events as requests (with an id) instead of notifications
  short-lines           refuses every line longer than 64 KiB
  ascii-only            replaces every non-ASCII character the runner sends with '?'
  early-sync            answers sync at once, and holds status events back until the next request other than
                        sync: whatever the SDK's speed, a status is never out before the sync after it
  ignores-shutdown      never answers shutdown and never exits on it
  question-swallowed    answers restartApplication itself instead of asking the runner
  extra-member          adds a member the protocol does not define to every event.app
  unchecked-params      takes sdk.registerAndEnroll's accountId as it comes, however typed: answers {} and
                        reports the SDK call with that value (one fault, which adapter-check must count once)
  forgets-methods       answers -32601 to app.share (a method protocol 0 did not have) and sdk.isManaged (one
                        it had) instead of forwarding them

usage: check_breaker.py MODE -- REAL_ADAPTER [ARGS...]
"""
import json
import os
import subprocess
import sys
import threading

separator = sys.argv.index("--")
mode = sys.argv[1]
child = subprocess.Popen(sys.argv[separator + 1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
out = sys.stdout.buffer
lock = threading.Lock()
held = []
next_id = [900000]


def to_runner(message):
    with lock:
        out.write(json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n")
        out.flush()


def to_child(raw):
    child.stdin.write(raw)
    child.stdin.flush()


def from_runner():
    for raw in sys.stdin.buffer:
        if mode == "short-lines" and len(raw) > 65536:
            message = json.loads(raw)
            to_runner({"jsonrpc": "2.0", "id": message.get("id"), "error": {"code": -32600, "message": "line too long"}})
            continue
        if mode == "ascii-only":
            raw = raw.decode("utf-8").encode("ascii", "replace")
        message = json.loads(raw)
        method = message.get("method")
        if mode == "early-sync" and method is not None:
            if method == "sync":
                to_runner({"jsonrpc": "2.0", "id": message["id"], "result": {}})
                continue
            # Only a request releases them: the runner's answer to a question (restartApplication, which the SDK
            # asks right after the status) is no request, and releasing on it made the fault depend on whether
            # the runner was slower than the SDK.
            with lock:
                pending, held[:] = list(held), []
            for event in pending:
                to_runner(event)
        if mode == "ignores-shutdown" and method == "shutdown":
            continue
        params = message.get("params") if isinstance(message.get("params"), dict) else {}
        if mode == "unchecked-params" and method == "sdk.registerAndEnroll" and not isinstance(params.get("accountId"), str):
            to_runner({"jsonrpc": "2.0", "method": "event.sdkCall",
                       "params": {"api": "registerAndEnrollAccountId", "accountId": params.get("accountId")}})
            to_runner({"jsonrpc": "2.0", "id": message["id"], "result": {}})
            continue
        if mode == "forgets-methods" and method in ("app.share", "sdk.isManaged"):
            to_runner({"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32601, "message": f"unknown method {method}"}})
            continue
        to_child(raw)
    if mode != "ignores-shutdown":
        child.stdin.close()


def from_child():
    for raw in child.stdout:
        message = json.loads(raw)
        method = message.get("method")
        error = message.get("error")
        if mode == "unknown-method-code" and error and error.get("code") == -32601:
            error["code"] = -32603
        if mode == "bad-params-code" and error and error.get("code") == -32602:
            error["code"] = -32603
        if mode == "unknown-capability" and isinstance(message.get("result"), dict) and "capabilities" in message["result"]:
            message["result"]["capabilities"].append("teleport")
        if mode == "log-with-id" and method == "log":
            next_id[0] += 1
            message["id"] = next_id[0]
        if mode == "early-sync" and method == "event.status":
            with lock:
                held.append(message)
            continue
        if mode == "extra-member" and method == "event.app":
            message["params"]["mood"] = "cheerful"
        if mode == "question-swallowed" and method == "delegate.restartApplication":
            to_child((json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": {"return": False}}) + "\n").encode())
            continue
        to_runner(message)


reader = threading.Thread(target=from_runner, daemon=True)
reader.start()
from_child()
if mode == "ignores-shutdown":
    threading.Event().wait()
# Exit without interpreter shutdown: the reader thread may still be blocked on stdin, and finalising while
# it holds stdin's lock aborts Python (SIGABRT), which the runner would rightly report as a crash.
out.flush()
os._exit(child.wait())
