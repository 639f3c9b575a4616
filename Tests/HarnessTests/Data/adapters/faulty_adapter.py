#!/usr/bin/env python3
"""A deliberately broken adapter, for the harness's own tests.

It sits between mamconf and a real adapter (the bundled reference) and, on its FIRST start only,
breaks the protocol in one chosen way after the real adapter has sent N messages. Later starts run
the real adapter unchanged, so the case after the broken one must pass.

usage: faulty_adapter.py MODE N STATE_DIR [BREAK_ON] -- REAL_ADAPTER [ARGS...]

BREAK_ON (default 1) is the start (1-based) that misbehaves; every other start is the real adapter.

Every process it creates writes its pid to STATE_DIR/pids, so tests can check none survives.
"""
import os
import subprocess
import sys
import threading

separator = sys.argv.index("--")
mode, after, state = sys.argv[1], int(sys.argv[2]), sys.argv[3]
break_on = int(sys.argv[4]) if separator > 4 else 1
real = sys.argv[separator + 1:]
os.makedirs(state, exist_ok=True)


def remember(pid):
    with open(os.path.join(state, "pids"), "a") as f:
        f.write(f"{pid}\n")


counter = os.path.join(state, "starts")
starts = int(open(counter).read()) + 1 if os.path.exists(counter) else 1
with open(counter, "w") as f:
    f.write(str(starts))
if starts != break_on:
    os.execv(real[0], real)
remember(os.getpid())

out = sys.stdout.buffer
err = sys.stderr.buffer

if mode == "exit-at-start":
    err.write(b"faulty adapter: giving up before initialize\n")
    err.flush()
    os._exit(3)

if mode == "grandchild":
    # A wrapper that starts a long-lived helper of its own; the harness must kill the whole group.
    helper = subprocess.Popen(["tail", "-f", "/dev/null"], stdin=subprocess.DEVNULL)
    remember(helper.pid)

child = subprocess.Popen(real, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
remember(child.pid)


stop_reading = threading.Event()


def pump_in():
    for line in sys.stdin.buffer:
        if stop_reading.is_set():
            # Stops reading for good: the runner's writes back up in the pipe.
            threading.Event().wait()
        try:
            child.stdin.write(line)
            child.stdin.flush()
        except BrokenPipeError:
            return


threading.Thread(target=pump_in, daemon=True).start()

sent = 0
last_response_id = None
announced = False


def announce():
    """Tells a waiting test (through a FIFO) that the misbehaviour has started."""
    global announced
    fifo = os.environ.get("FAULTY_READY_FIFO")
    if fifo and not announced:
        announced = True
        with open(fifo, "w") as f:
            f.write("ready\n")


for line in child.stdout:
    if sent >= after:
        announce()
        if mode == "exit-after":
            err.write(b"faulty adapter: exiting mid-case\n")
            err.flush()
            os._exit(4)
        if mode == "garbage-after":
            out.write(b"this is not JSON \x01\x1b ]]> \xff\xfe caf\xc3\xa9 \x00 end\n")
            out.flush()
        elif mode == "silent-after":
            # Stays alive and reads on, but never answers again.
            continue
        elif mode == "flood-stderr":
            chunk = (b"E" * 1023) + b"\n"
            for _ in range(10 * 1024):
                err.write(chunk)
            err.flush()
            os._exit(5)
        elif mode == "long-line":
            out.write(b'{"jsonrpc":"2.0","method":"log","params":{"message":"' + b"x" * (8 * 1024 * 1024) + b'"}}\n')
            out.flush()
        elif mode == "wrong-id" and b'"result"' in line and last_response_id is not None:
            # Answers the current request with the id of the previous one.
            import json
            message = json.loads(line)
            current = message["id"]
            message["id"] = last_response_id
            line = (json.dumps(message) + "\n").encode()
            last_response_id = current
        elif mode == "closed-stdout":
            # Closes its output but lives on, reading.
            os.close(1)
            threading.Event().wait()
        elif mode in ("self-stop", "ignore-sigterm"):
            if mode == "ignore-sigterm":
                import signal
                signal.signal(signal.SIGTERM, signal.SIG_IGN)
                continue
            import signal
            os.kill(os.getpid(), signal.SIGSTOP)
        elif mode == "line-100mib":
            # 100 MiB without a newline: the runner must give up on it long before the end.
            block = b"y" * (1 << 20)
            out.write(b'{"jsonrpc":"2.0","method":"log","params":{"message":"')
            for _ in range(100):
                out.write(block)
            out.flush()
            threading.Event().wait()
        elif mode == "deep-nesting":
            out.write(b'{"jsonrpc":"2.0","method":"log","params":{"x":' + b"[" * 100000 + b"]" * 100000 + b'}}\n')
            out.flush()
        elif mode == "nan-number":
            out.write(b'{"jsonrpc":"2.0","method":"log","params":{"level":"info","message":NaN}}\n')
            out.flush()
        elif mode == "flood-events":
            event = b'{"jsonrpc":"2.0","method":"log","params":{"level":"info","message":"flood"}}\n'
            out.write(event * 20000)
            out.flush()
            os._exit(8)
        elif mode == "binary-garbage":
            out.write(bytes(range(256)) * 4 + b"\n")
            out.flush()
        elif mode == "string-id" and b'"result"' in line:
            out.write(b'{"jsonrpc":"2.0","id":"abc","result":{}}\n')
            out.flush()
        elif mode == "result-and-error" and b'"result"' in line:
            out.write(b'{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":-32603,"message":"both"}}\n')
            out.flush()
        elif mode == "error-without-id":
            out.write(b'{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"whose?"}}\n')
            out.flush()
        elif mode == "jsonrpc-1":
            out.write(b'{"jsonrpc":"1.0","method":"log","params":{"level":"info","message":"old"}}\n')
            out.flush()
        elif mode == "crash-segv":
            import signal
            os.kill(os.getpid(), signal.SIGSEGV)
        elif mode == "huge-id":
            out.write(b'{"jsonrpc":"2.0","id":1e19,"result":{}}\n')
            out.flush()
        elif mode == "stops-reading":
            # Asks question after question but no longer reads the answers.
            stop_reading.set()
            question = b'{"jsonrpc":"2.0","id":%d,"method":"delegate.restartApplication","params":{}}\n'
            for number in range(900000, 905000):
                out.write(question % number)
            out.flush()
            threading.Event().wait()
        elif mode == "unasked-answer":
            out.write(b'{"jsonrpc":"2.0","id":424242,"result":{"note":"nobody asked"}}\n')
            out.flush()
        elif mode == "daemon":
            # A helper in a session of its own (out of the process group) that keeps stdout and stderr open.
            helper = subprocess.Popen(["sleep", "300"], start_new_session=True, stdin=subprocess.DEVNULL)
            remember(helper.pid)
            err.write(b"faulty adapter: exiting, daemon left holding the pipes\n")
            err.flush()
            os._exit(7)
        elif mode == "grandchild":
            err.write(b"faulty adapter: wrapper exiting, helper left running\n")
            err.flush()
            os._exit(6)
    if b'"result"' in line:
        try:
            import json
            last_response_id = json.loads(line).get("id", last_response_id)
        except ValueError:
            pass
    out.write(line)
    out.flush()
    sent += 1

if mode == "crash-at-exit":
    # Every step went through; then the integration dies of a crash of its own as it shuts down.
    import signal
    child.wait()
    os.kill(os.getpid(), signal.SIGABRT)

# The real adapter's output ended. Exit without interpreter shutdown: the daemon thread may still be
# blocked reading stdin, and finalising while it holds stdin's lock aborts Python (SIGABRT), which the
# runner would rightly report as a crash of the integration.
out.flush()
os._exit(0)
