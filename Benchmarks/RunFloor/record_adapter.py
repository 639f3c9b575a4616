#!/usr/bin/env python3
"""Records one adapter session for the floor benchmark: sits between mamconf and the real adapter, passes
every protocol line through unchanged, and writes the conversation to
RECORDINGS/<suite>__<case>.<session>.jsonl, one line per message prefixed "> " (runner to integration) or
"< " (integration to runner). The case comes from the data directory `initialize` names; a case that starts
its integration again (a relaunch) gets the next session number, counted in the data directory.

usage: record_adapter.py RECORDINGS -- ADAPTER [ARG...]
"""
import json
import os
import subprocess
import sys
import threading


def main():
    recordings = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1:]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    lock = threading.Lock()
    state = {"log": None, "early": []}

    def record(prefix, line):
        with lock:
            if state["log"] is None:
                state["early"].append(prefix + line)
            else:
                state["log"].write(prefix + line)
                state["log"].flush()

    def open_log(initialize):
        data_dir = json.loads(initialize)["params"]["dataDir"]
        parts = os.path.normpath(data_dir).split(os.sep)
        counter = os.path.join(data_dir, ".floor-session")
        session = int(open(counter).read()) + 1 if os.path.exists(counter) else 1
        with open(counter, "w") as f:
            f.write(str(session))
        path = os.path.join(recordings, "%s__%s.%d.jsonl" % (parts[-2], parts[-1], session))
        with lock:
            state["log"] = open(path, "w")
            for line in state["early"]:
                state["log"].write(line)
            state["early"] = []

    def outbound():
        for line in iter(child.stdout.readline, b""):
            text = line.decode()
            record("< ", text)
            sys.stdout.buffer.write(line)
            sys.stdout.buffer.flush()

    reader = threading.Thread(target=outbound, daemon=True)
    reader.start()
    for line in iter(sys.stdin.buffer.readline, b""):
        text = line.decode()
        if state["log"] is None and '"initialize"' in text:
            open_log(text)
        record("> ", text)
        try:
            child.stdin.write(line)
            child.stdin.flush()
        except BrokenPipeError:
            break
    try:
        child.stdin.close()
    except BrokenPipeError:
        pass
    code = child.wait()
    reader.join(timeout=5)
    sys.exit(code)


if __name__ == "__main__":
    main()
