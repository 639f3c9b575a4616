#!/usr/bin/env python3
"""An adapter that ignores end of input and SIGTERM: it never exits by itself. It tells a waiting test its pid
through the FIFO named in DEAF_READY_FIFO, then waits forever."""
import os
import signal
import threading

signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGINT, signal.SIG_IGN)
with open(os.environ["DEAF_READY_FIFO"], "w") as fifo:
    fifo.write(f"{os.getpid()}\n")
threading.Event().wait()
