#!/usr/bin/env python3
"""A stdio program served over TCP, for the tests of the Python wire tap (like socat TCP-LISTEN:0,fork EXEC:...).

Listens on 127.0.0.1 (port 0: any free one), prints "listening on 127.0.0.1:PORT" to stderr, and gives every
connection its own process of COMMAND with the connection as its stdin and stdout (`cat` makes a byte-exact echo
server). The connection ends when that process exits. Every process dies with the server (Linux).

usage: tcp_exec_server.py -- COMMAND [ARGS...]
"""
import ctypes
import signal
import socket
import subprocess
import sys

command = sys.argv[sys.argv.index("--") + 1:]


def die_with_server():
    ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG


listener = socket.create_server(("127.0.0.1", 0))
sys.stderr.write(f"listening on 127.0.0.1:{listener.getsockname()[1]}\n")
sys.stderr.flush()
while True:
    connection, _ = listener.accept()
    with connection:
        subprocess.Popen(command, stdin=connection.fileno(), stdout=connection.fileno(), preexec_fn=die_with_server)
    # Only the child holds the connection now: its exit closes it.
