#!/usr/bin/env python3
"""An adapter written for protocol 0, as protocol 0's documentation told a vendor to write one.

It stands in front of an integration (the bundled reference) and is the only part that speaks to mamconf:

  - `initialize` is answered as a protocol-0 adapter answers it: protocolVersion "0" and only protocol 0's
    capabilities (clock.virtual, ui.prompts, app.restart; those the integration behind declares);
  - exactly protocol 0's methods reach the integration; every other method is answered -32601 (unknown method)
    without being forwarded, as protocol 0 said ("-32601 unknown method");
  - only protocol 0's events and questions reach mamconf; a question protocol 0 did not have is answered -32601
    to the integration itself, and a later event is dropped.

Nothing here is read from mamconf's sources: the lists are protocol 0's own, from its documentation
(docs/adapter-protocol.md and docs/protocol-identity-config-policy.md as of commit c45e826). A test compares them
with the vocabulary's record of protocol 0, so neither can drift from the other unnoticed.

usage: protocol0_adapter.py -- INTEGRATION [ARGS...]
       protocol0_adapter.py --print-protocol     (the lists below as JSON, for that test)
"""
import json
import os
import subprocess
import sys
import threading

# Runner → integration requests of protocol 0.
METHODS = [
    "initialize", "shutdown", "sync", "clock.advance",
    "app.launch", "app.restart", "app.signIn", "app.signOut", "app.state", "app.writeData",
    "sdk.registerAndEnroll", "sdk.deregisterAndUnenroll", "sdk.loginAndEnroll", "sdk.registeredAccounts",
    "sdk.enrolledAccount", "sdk.policy",
    # protocol-identity-config-policy.md: identities, allowed accounts, app configuration, policy queries.
    "sdk.identity", "sdk.isManaged", "app.switchIdentity", "app.openURL", "app.importDocument", "app.resume",
    "app.showWebContent", "sdk.protect", "sdk.allowedAccounts", "device.managedConfigChanged", "sdk.appConfig",
    "sdk.appConfigValue", "sdk.isSaveToAllowed", "sdk.isOpenFromAllowed",
]
# Integration → runner notifications of protocol 0.
EVENTS = ["event.status", "event.sdkCall", "event.ui", "event.app", "event.notification", "log"]
# Integration → runner questions of protocol 0.
QUESTIONS = [
    "delegate.restartApplication", "delegate.wipeDataForAccountId", "delegate.identitySwitchRequired",
    "ui.restartDialog", "ui.pinSetup", "ui.pinEntry", "ui.signIn",
]
CAPABILITIES = ["clock.virtual", "ui.prompts", "app.restart"]

if sys.argv[1:] == ["--print-protocol"]:
    print(json.dumps({"methods": METHODS, "events": EVENTS, "questions": QUESTIONS, "capabilities": CAPABILITIES}))
    sys.exit(0)

separator = sys.argv.index("--")
child = subprocess.Popen(sys.argv[separator + 1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
out = sys.stdout.buffer
out_lock = threading.Lock()
child_lock = threading.Lock()
initialize_ids = set()


def line(message):
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def to_runner(raw):
    with out_lock:
        out.write(raw)
        out.flush()


def to_child(raw):
    with child_lock:
        try:
            child.stdin.write(raw)
            child.stdin.flush()
        except BrokenPipeError:
            pass


def unknown(message):
    return line({"jsonrpc": "2.0", "id": message.get("id"),
                 "error": {"code": -32601, "message": f"unknown method {message.get('method')} (protocol 0)"}})


def parsed(raw):
    try:
        message = json.loads(raw)
    except ValueError:
        return None
    return message if isinstance(message, dict) else None


def from_runner():
    for raw in sys.stdin.buffer:
        message = parsed(raw)
        method = message.get("method") if message else None
        if method is not None and "id" in message:
            if method not in METHODS:
                to_runner(unknown(message))
                continue
            if method == "initialize":
                initialize_ids.add(message["id"])
        # Protocol 0's requests, answers to its questions, and anything unreadable go through unchanged.
        to_child(raw)
    with child_lock:
        child.stdin.close()


def from_child():
    for raw in child.stdout:
        message = parsed(raw)
        if message is None:
            to_runner(raw)
            continue
        method = message.get("method")
        if method is None:
            if message.get("id") in initialize_ids and isinstance(message.get("result"), dict):
                initialize_ids.discard(message["id"])
                result = message["result"]
                result["protocolVersion"] = "0"
                result["capabilities"] = [name for name in result.get("capabilities", []) if name in CAPABILITIES]
                raw = line(message)
            to_runner(raw)
        elif "id" in message:
            if method in QUESTIONS:
                to_runner(raw)
            else:
                to_child(unknown(message))
        elif method in EVENTS:
            to_runner(raw)


reader = threading.Thread(target=from_runner, daemon=True)
reader.start()
from_child()
# Exit without interpreter shutdown: the reader thread may still be blocked on stdin, and finalising while it
# holds stdin's lock aborts Python (SIGABRT), which the runner would rightly report as a crash.
out.flush()
os._exit(child.wait())
