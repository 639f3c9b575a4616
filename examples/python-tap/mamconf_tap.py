#!/usr/bin/env python3
"""mamconf_tap: a wire tap for the mamconf adapter protocol (Python 3 standard library only).

It sits between mamconf and an adapter, forwards every byte unchanged and as soon as it arrives, and logs
every protocol line with a timestamp. Three ways to put it in the middle:

  stdio -> stdio   mamconf_tap.py --log FILE -- ADAPTER [ARGS...]
                   mamconf starts the tap as its adapter; the tap starts ADAPTER with ARGS (mamconf's
                   --list-mutants / --mutant NAME land after them) and forwards stdin, stdout and stderr.
                   The tap exits with the adapter's status (128+N when a signal N ended it).
  stdio -> TCP     mamconf_tap.py --log FILE --upstream tcp://HOST:PORT
                   the tap is a stdio adapter that forwards to a host listening on HOST:PORT (one connection).
  TCP -> TCP       mamconf_tap.py --log FILE --listen [HOST:]PORT --upstream tcp://HOST:PORT
                   the tap listens (on loopback unless HOST is given; port 0 picks one), prints
                   "listening on HOST:PORT" to stderr, and for every connection it accepts opens one to the
                   upstream host; one session at a time, the next is accepted when a session ends.

The log (appended, one line per event, written as each line completes):

  2026-11-22T10:11:12.345678Z +0.001234 runner→adapter {"jsonrpc":"2.0","id":1,"method":"initialize",...}
  2026-11-22T10:11:12.350012Z +0.005568 adapter→runner {"jsonrpc":"2.0","id":1,"result":{...}}

UTC wall time, seconds since the session began, then what happened: `runner→adapter` / `adapter→runner` and the
line as it went over the wire, or `connect`, `close`, `exit`, `listen`. See README.md next to this file.
"""
import argparse
import datetime
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time

RUNNER_TO_ADAPTER = "runner→adapter"
ADAPTER_TO_RUNNER = "adapter→runner"
CHUNK = 65536

# Control characters would break the one-line-per-event log: they are written as \xNN (tab stays).
_CONTROL = {code: f"\\x{code:02x}" for code in list(range(0x00, 0x20)) + [0x7F] if code != 0x09}
# The protocol's secrets: hello's token, app.signIn's password, the answers to ui.signIn (password) and to the
# PIN questions (pin). The log shows members of these names as "***", at any depth; the wire keeps them.
SECRET_MEMBERS = ("token", "password", "pin")
_SECRET_TEXT = re.compile(rb'("(?:token|password|pin)"\s*:\s*)"(?:[^"\\]|\\.)*"')


class Interrupted(Exception):
    """Raised in the main thread by SIGTERM or SIGINT."""

    def __init__(self, signum):
        super().__init__(signum)
        self.signum = signum


def signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


# MARK: The log

class WireLog:
    """One line per event, appended and written with one write each, safe to use from several threads."""

    def __init__(self, path, max_line):
        self.max_line = max_line
        path = path.replace("{pid}", str(os.getpid()))
        self.fd = 2 if path == "-" else os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o644)
        self.lock = threading.Lock()
        self.began = time.monotonic()

    def new_session(self):
        """Offsets count from now."""
        with self.lock:
            self.began = time.monotonic()

    def event(self, kind, text):
        with self.lock:
            # Taken under the lock, so the times in the file never go backwards.
            now = datetime.datetime.now(datetime.timezone.utc)
            offset = time.monotonic() - self.began
            line = f"{now:%Y-%m-%dT%H:%M:%S.%f}Z +{offset:.6f} {kind} {text}\n".encode("utf-8", "backslashreplace")
            view = memoryview(line)
            while view:
                try:
                    view = view[os.write(self.fd, view):]
                except InterruptedError:
                    continue
                except OSError:
                    return  # a log that cannot be written never stops the forwarding

    def message(self, direction, raw, notes=()):
        """Logs one protocol line (without its newline)."""
        self.event(direction, " ".join(list(notes) + [describe(raw)]))


def printable(raw):
    """The bytes as one line of text: UTF-8 kept, other bytes and control characters as \\xNN."""
    return raw.decode("utf-8", "backslashreplace").translate(_CONTROL)


def _no_constants(name):
    raise ValueError(f"{name} is not JSON")


def describe(raw):
    """The line as logged: as it was sent, but with secrets masked; `(not JSON)` first when it is not JSON."""
    try:
        message = json.loads(raw.decode("utf-8"), parse_constant=_no_constants)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return "(not JSON) " + printable(_SECRET_TEXT.sub(rb'\1"***"', raw))
    if any(b'"%s"' % name.encode() in raw for name in SECRET_MEMBERS) and mask_secrets(message):
        return json.dumps(message, ensure_ascii=False, separators=(",", ":"))
    return printable(raw)


def mask_secrets(value):
    """Replaces the value of every secret member inside `value`; true when it replaced one."""
    masked = False
    if isinstance(value, dict):
        for key, member in value.items():
            if key in SECRET_MEMBERS and member is not None:
                value[key] = "***"
                masked = True
            else:
                masked = mask_secrets(member) or masked
    elif isinstance(value, list):
        for member in value:
            masked = mask_secrets(member) or masked
    return masked


class LineLog:
    """Cuts one direction's bytes into lines for the log; keeps at most `max_line` bytes of a line."""

    def __init__(self, log, direction):
        self.log = log
        self.direction = direction
        self.pending = bytearray()
        self.dropped = 0

    def feed(self, chunk):
        """Logs every line the chunk completes (call it before forwarding the chunk, so the log keeps cause
        before effect: a request is logged before its answer can exist)."""
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            if end < 0:
                break
            self._keep(chunk[start:end])
            self._emit([])
            start = end + 1
        self._keep(chunk[start:])

    def finish(self):
        """The stream ended: logs a last line that had no newline."""
        if self.pending or self.dropped:
            self._emit(["(no newline at end)"])

    def _keep(self, piece):
        room = max(0, self.log.max_line - len(self.pending))
        self.pending += piece[:room]
        self.dropped += max(0, len(piece) - room)

    def _emit(self, notes):
        if self.dropped:
            total = len(self.pending) + self.dropped
            notes = notes + [f"(overlong: {total} bytes, first {len(self.pending)} logged)"]
        self.log.message(self.direction, bytes(self.pending), notes)
        self.pending.clear()
        self.dropped = 0


# MARK: Forwarding

def write_all(write, data):
    view = memoryview(data)
    while view:
        view = view[write(view):]


def forward(read, write, lines):
    """Copies `read` to `write` chunk by chunk, logging each completed line before the chunk goes on.
    Returns None at end of input, or the OSError that stopped it and which side it came from."""
    try:
        while True:
            try:
                chunk = read(CHUNK)
            except InterruptedError:
                continue
            except OSError as error:
                return ("read", error)
            if not chunk:
                return None
            lines.feed(chunk)
            try:
                write_all(write, chunk)
            except OSError as error:
                return ("write", error)
    finally:
        lines.finish()


def why(outcome, source, destination):
    if outcome is None:
        return f"{source} closed"
    side, error = outcome
    return f"{source if side == 'read' else destination}: {error.strerror or error}"


def parse_tcp(url):
    """tcp://HOST:PORT (an IPv6 host in brackets) as (host, port)."""
    host, _, port = url[len("tcp://"):].rstrip("/").rpartition(":")
    if not url.startswith("tcp://") or not host or not port.isdigit():
        raise ValueError(f"expected tcp://HOST:PORT, got {url!r}")
    return host.strip("[]"), int(port)


def parse_listen(text):
    """[HOST:]PORT as (host, port); loopback when no host is given."""
    host, _, port = text.rpartition(":")
    if not port.isdigit():
        raise ValueError(f"expected [HOST:]PORT, got {text!r}")
    return host.strip("[]") or "127.0.0.1", int(port)


def address(pair):
    host, port = pair[0], pair[1]
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def connect(upstream, timeout):
    sock = socket.create_connection(upstream, timeout=timeout)
    sock.settimeout(None)
    # Small request/answer lines: no waiting for more bytes to fill a segment.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def shut(sock, how):
    try:
        sock.shutdown(how)
    except OSError:
        pass


def exit_now(log, status, detail):
    log.event("exit", f"{status} ({detail})")
    os._exit(status)


STOP_SIGNALS = {signal.SIGTERM, signal.SIGINT}


def stop_on_signals():
    """From here on SIGTERM and SIGINT raise Interrupted in the main thread (they were held back until now, so
    one that came during the start is delivered here)."""
    def interrupted(signum, _frame):
        # Once is enough: the second signal must not interrupt the clean-up of the first.
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise Interrupted(signum)

    signal.signal(signal.SIGTERM, interrupted)
    signal.signal(signal.SIGINT, interrupted)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)


def take_stdio():
    """The runner's pipes, as descriptors only this code holds: closing one really ends it for the runner
    (fd 0 and 1 then point to /dev/null, and nothing started later inherits them)."""
    runner_in, runner_out = os.dup(0), os.dup(1)
    nothing = os.open(os.devnull, os.O_RDWR)
    os.dup2(nothing, 0)
    os.dup2(nothing, 1)
    os.close(nothing)
    return runner_in, runner_out


def close_quietly(fd):
    try:
        os.close(fd)
    except OSError:
        pass


# MARK: stdio -> stdio

def adapter_preparation():
    """What runs in the adapter between fork and exec: no signal held back, and (Linux) SIGKILL when the tap
    dies, even by SIGKILL. Everything it needs is loaded before the fork."""
    prctl = None
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            prctl = ctypes.CDLL(None, use_errno=True).prctl
        except (OSError, AttributeError):
            pass

    def prepare():
        signal.pthread_sigmask(signal.SIG_SETMASK, set())
        if prctl is not None:
            prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG

    return prepare


def run_child(args, log, command):
    runner_in, runner_out = take_stdio()
    try:
        # Same process group as the tap, so mamconf's kill of the group reaches the adapter too.
        child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0,
                                 preexec_fn=adapter_preparation())
    except OSError as error:
        sys.stderr.write(f"mamconf_tap: cannot start {command[0]}: {error.strerror or error}\n")
        exit_now(log, 127, f"the adapter could not start: {error}")
    log.event("connect", f"stdio: adapter pid {child.pid}: {shlex.join(command)}")
    exited = threading.Event()

    def to_adapter():
        outcome = forward(lambda n: os.read(runner_in, n), child.stdin.write, LineLog(log, RUNNER_TO_ADAPTER))
        log.event("close", f"{RUNNER_TO_ADAPTER}: {why(outcome, 'runner', 'adapter')}")
        # End of input goes on to the adapter; an adapter that stopped reading ends the runner's pipe too.
        child.stdin.close()
        close_quietly(runner_in)
        if exited.wait(args.grace):
            return
        log.event("close", f"adapter still running {args.grace:g} s after its input ended: SIGTERM")
        child.terminate()
        if not exited.wait(args.grace):
            child.kill()

    def to_runner():
        outcome = forward(child.stdout.read, lambda data: os.write(runner_out, data), LineLog(log, ADAPTER_TO_RUNNER))
        log.event("close", f"{ADAPTER_TO_RUNNER}: {why(outcome, 'adapter', 'runner')}")
        close_quietly(runner_out)
        child.stdout.close()

    threading.Thread(target=to_adapter, daemon=True).start()
    output = threading.Thread(target=to_runner, daemon=True)
    output.start()
    try:
        stop_on_signals()
        returncode = child.wait()
        exited.set()
        # What the adapter wrote before it ended still goes to the runner; a process it left behind holding
        # its output gets no more than the grace.
        output.join(args.grace)
        if output.is_alive():
            log.event("close", f"{ADAPTER_TO_RUNNER}: still open {args.grace:g} s after the adapter exited")
        exit_now(log, returncode if returncode >= 0 else 128 - returncode, f"adapter {ended(returncode)}")
    except Interrupted as stop:
        log.event("close", f"tap got {signal_name(stop.signum)}: stopping the adapter")
        try:
            child.send_signal(stop.signum)
            returncode = child.wait(args.grace)
        except subprocess.TimeoutExpired:
            child.kill()
            returncode = child.wait()
        exit_now(log, 128 + stop.signum, f"tap got {signal_name(stop.signum)}; adapter {ended(returncode)}")


def ended(returncode):
    if returncode < 0:
        return f"killed by signal {-returncode}, {signal_name(-returncode)}"
    return f"exited with code {returncode}"


# MARK: TCP

def run_stdio_to_tcp(args, log, upstream):
    runner_in, runner_out = take_stdio()
    try:
        up = connect(upstream, args.connect_timeout)
    except OSError as error:
        log.event("close", f"upstream {address(upstream)}: {error.strerror or error}")
        sys.stderr.write(f"mamconf_tap: no adapter at {address(upstream)}: {error.strerror or error}\n")
        exit_now(log, 1, "upstream unreachable")
    log.event("connect", f"tcp: {address(up.getsockname())} → {address(up.getpeername())}")
    output_ended = threading.Event()

    def to_adapter():
        outcome = forward(lambda n: os.read(runner_in, n), up.send, LineLog(log, RUNNER_TO_ADAPTER))
        log.event("close", f"{RUNNER_TO_ADAPTER}: {why(outcome, 'runner', 'adapter')}")
        # End of input goes on as a half close; a host that cannot be written to ends the runner's pipe too.
        shut(up, socket.SHUT_WR if outcome is None else socket.SHUT_RDWR)
        close_quietly(runner_in)
        if not output_ended.wait(args.grace):
            log.event("close", f"upstream still open {args.grace:g} s after the runner's input ended: closing it")
            shut(up, socket.SHUT_RDWR)

    def to_runner():
        outcome = forward(up.recv, lambda data: os.write(runner_out, data), LineLog(log, ADAPTER_TO_RUNNER))
        log.event("close", f"{ADAPTER_TO_RUNNER}: {why(outcome, 'adapter', 'runner')}")
        close_quietly(runner_out)
        output_ended.set()

    threading.Thread(target=to_adapter, daemon=True).start()
    output = threading.Thread(target=to_runner, daemon=True)
    output.start()
    try:
        stop_on_signals()
        # Like an adapter process, the tap ends when the host's side ends.
        output.join()
        exit_now(log, 0, "upstream closed")
    except Interrupted as stop:
        shut(up, socket.SHUT_RDWR)
        exit_now(log, 128 + stop.signum, f"tap got {signal_name(stop.signum)}")


def session(log, down, up, grace):
    """Forwards between the runner's connection and the upstream one until both directions ended.

    End of input goes on as end of input (a half close); a side that fails ends both. When one direction
    ended and the other has not `grace` seconds later, the session is cut."""
    one_ended = threading.Event()

    def pump(source, destination, direction, names):
        outcome = forward(source.recv, destination.send, LineLog(log, direction))
        log.event("close", f"{direction}: {why(outcome, *names)}")
        if outcome is None:
            shut(destination, socket.SHUT_WR)
        else:
            shut(source, socket.SHUT_RDWR)
            shut(destination, socket.SHUT_RDWR)
        one_ended.set()

    threads = [threading.Thread(target=pump, args=(down, up, RUNNER_TO_ADAPTER, ("runner", "adapter")), daemon=True),
               threading.Thread(target=pump, args=(up, down, ADAPTER_TO_RUNNER, ("adapter", "runner")), daemon=True)]
    for thread in threads:
        thread.start()
    one_ended.wait()
    deadline = time.monotonic() + grace
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    if any(thread.is_alive() for thread in threads):
        log.event("close", f"the other direction still open {grace:g} s later: cutting the session")
        shut(up, socket.SHUT_RDWR)
        shut(down, socket.SHUT_RDWR)
        for thread in threads:
            thread.join()


def run_tcp_to_tcp(args, log, listen, upstream):
    family = socket.AF_INET6 if ":" in listen[0] else socket.AF_INET
    try:
        listener = socket.create_server(listen, family=family)
    except OSError as error:
        sys.stderr.write(f"mamconf_tap: cannot listen on {address(listen)}: {error.strerror or error}\n")
        exit_now(log, 2, f"cannot listen on {address(listen)}")
    bound = address(listener.getsockname())
    log.event("listen", f"{bound}, upstream {address(upstream)}")
    sys.stderr.write(f"listening on {bound}\n")
    sys.stderr.flush()
    current = []
    try:
        stop_on_signals()
        while True:
            down, peer = listener.accept()
            down.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            current[:] = [down]
            log.new_session()
            try:
                up = connect(upstream, args.connect_timeout)
            except OSError as error:
                # The runner must see the failure now, not at its handshake deadline.
                log.event("close", f"{address(peer)}: upstream {address(upstream)}: {error.strerror or error}; closing the runner's connection")
                down.close()
                continue
            current.append(up)
            log.event("connect", f"tcp: {address(peer)} → {address(up.getsockname())} → {address(up.getpeername())}")
            session(log, down, up, args.grace)
            # Logged before the runner's connection closes: whoever saw the session end can read its line.
            log.event("close", f"{address(peer)}: session ended")
            down.close()
            up.close()
    except Interrupted as stop:
        for sock in current:
            shut(sock, socket.SHUT_RDWR)
        listener.close()
        exit_now(log, 128 + stop.signum, f"tap got {signal_name(stop.signum)}")


# MARK: Command line

def main(argv):
    words, command = argv, []
    if "--" in argv:
        cut = argv.index("--")
        words, command = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(
        prog="mamconf_tap.py",
        usage="%(prog)s [--log FILE] -- ADAPTER [ARGS...]\n"
              "       %(prog)s [--log FILE] --upstream tcp://HOST:PORT\n"
              "       %(prog)s [--log FILE] --listen [HOST:]PORT --upstream tcp://HOST:PORT",
        description="A wire tap for the mamconf adapter protocol: sits between mamconf and an adapter, forwards "
                    "every byte unchanged and logs every line with timestamps. Only the log masks a hello's token.",
        epilog="Log lines: UTC time, +seconds since the session began, then runner→adapter / adapter→runner "
               "and the line as sent (`(not JSON)` first when it is not), or connect / close / exit / listen "
               "and what happened. See examples/python-tap/README.md.")
    parser.add_argument("--log", default="-", metavar="FILE",
                        help="append the log to FILE ('-', the default: standard error); {pid} in FILE becomes the tap's process id")
    parser.add_argument("--upstream", metavar="tcp://HOST:PORT", help="forward to a host listening there")
    parser.add_argument("--listen", metavar="[HOST:]PORT",
                        help="accept the runner's connections there (loopback unless HOST is given; 0: any free port)")
    parser.add_argument("--grace", type=float, default=5.0, metavar="SECONDS",
                        help="after one side ended, how long the other may take before the tap ends it (default 5)")
    parser.add_argument("--connect-timeout", type=float, default=10.0, metavar="SECONDS",
                        help="deadline for connecting upstream (default 10)")
    parser.add_argument("--max-logged-line", type=int, default=4 << 20, metavar="BYTES",
                        help="log at most this much of one line (default 4 MiB); forwarding is never cut")
    args = parser.parse_args(words)
    # Held back until the tap can act on them (see stop_on_signals); threads started meanwhile inherit this, so
    # the signals reach the main thread.
    signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)

    try:
        upstream = parse_tcp(args.upstream) if args.upstream else None
        listen = parse_listen(args.listen) if args.listen else None
    except ValueError as error:
        parser.error(str(error))
    if command and upstream:
        parser.error("give either an adapter command after -- or --upstream, not both")
    if listen and not upstream:
        parser.error("--listen needs --upstream tcp://HOST:PORT")
    if not command and not upstream:
        parser.error("give the adapter command after --, or --upstream tcp://HOST:PORT")

    try:
        log = WireLog(args.log, args.max_logged_line)
    except OSError as error:
        parser.error(f"cannot open the log {args.log}: {error.strerror or error}")
    if listen:
        run_tcp_to_tcp(args, log, listen, upstream)
    elif upstream:
        run_stdio_to_tcp(args, log, upstream)
    else:
        run_child(args, log, command)


if __name__ == "__main__":
    main(sys.argv[1:])
