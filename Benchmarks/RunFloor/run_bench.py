#!/usr/bin/env python3
"""How long the main job takes, next to its floor, serial and in parallel; the mutation matrix; synthetic scale.

usage: run_bench.py --bin DIR [--runs N] [--jobs J] [--matrix] [--scale 1000,10000]

Every figure is wall time from this script (median of N runs), on whatever build DIR holds:

1. The full default run (`mamconf run`, every suite, embedded mock) with the reference integration (its default
   fork-server launch, and again with `--adapter-launch exec`), serial (--jobs 1) and with --jobs J (default: the
   number of cores): its wall time, the CPU time of all its processes (this script adopts the orphans a run
   leaves, its fork server, so their time counts too; one still running 10 s after mamconf ended stops the
   benchmark), and the share of its time the console's timing line gives to start-up, backend (tenant setup and
   backend calls) and integration plus runner. The CPU time is split per case between mamconf's own process (the
   runner and the embedded mock, read from /proc while it is a zombie) and the integration's processes (all the
   rest: the adapter's fork server and its cases, or the exec'd adapters), next to the floor's split.
2. The floor: the same cases against `mamconf-floor`, which answers each request at once from a recording of
   the reference made here first (record_adapter.py). It costs only process starts, round trips, the runner
   and the backend. Like the reference, it runs twice: through its fork server (`floor`, the launch the
   reference gets by default) and exec'd per case (`floor-exec`), so each ratio run/floor sets a launch beside
   the same launch. Floor cases that need the SDK's real traffic at the backend (check_backend) fail there and
   end early, so the floor is a lower bound.
3. Spawn and initialize alone: one adapter process started, `initialize` answered, `shutdown`, 20 times, for
   the reference and the floor, each exec'd and forked by its warm server (the per-case fixed cost).
4. With --matrix: `mamconf mutants` (the restricted matrix), once.
5. With --scale: N synthetic cases (Benchmarks/Synthetic/synthetic_suites.py) run with --jobs J; wall time,
   time per case and peak resident memory of the largest process (mamconf itself, by far).
"""
import argparse
import ctypes
import json
import os
import re
import resource
import select
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TIMING = re.compile(r"time: start-up ([\d.]+) s; cases ([\d.]+) s \(of which backend ([\d.]+) s, integration and runner ([\d.]+) s\)")
TALLY = re.compile(r"(\d+) passed, (\d+) failed(?:, (\d+) errored)?, (\d+) skipped")


def run(command, cwd=ROOT):
    started = time.monotonic()
    done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return time.monotonic() - started, done.returncode, done.stdout


def run_measured(command):
    """Like run(), and also the CPU seconds mamconf's own process spent (its threads, not its children): read from
    /proc/PID/stat after it ended and before it is reaped, when the kernel still holds its figures."""
    started = time.monotonic()
    child = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = child.stdout.read()
    child.stdout.close()
    os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)
    wall = time.monotonic() - started
    own = own_cpu(child.pid)
    return wall, child.wait(), out.decode(errors="replace"), own


def own_cpu(pid):
    """User and system CPU seconds of `pid` itself, without its children (fields 14 and 15 of /proc/PID/stat, in
    clock ticks; the command name before them may hold spaces, so fields count from its closing parenthesis)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_cpu():
    """CPU seconds (user and system) of every process this script has waited for, with their own waited-for children."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def adopt_orphans():
    """Makes this script the reaper of its descendants' orphans (PR_SET_CHILD_SUBREAPER): an adapter's fork server
    may end just after mamconf, and only a process that waits for it counts its CPU time, and its cases'."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(36, 1, 0, 0, 0) != 0:  # PR_SET_CHILD_SUBREAPER
        sys.exit("cannot become a child subreaper: %s" % os.strerror(ctypes.get_errno()))


def reap_adopted(deadline=10.0):
    """Waits (until `deadline` seconds from now) for the orphans this script adopted; returns the pids still running."""
    adopted = set()
    for task in os.listdir("/proc/self/task"):
        try:
            with open("/proc/self/task/%s/children" % task) as f:
                adopted.update(int(pid) for pid in f.read().split())
        except OSError:
            continue
    until = time.monotonic() + deadline
    running = []
    for pid in sorted(adopted):
        try:
            handle = os.pidfd_open(pid)
        except ProcessLookupError:
            continue
        try:
            ready, _, _ = select.select([handle], [], [], max(0.0, until - time.monotonic()))
            if ready:
                os.waitpid(pid, 0)
            else:
                running.append(pid)
        finally:
            os.close(handle)
    return running


def main_job(bindir, adapter, jobs, runs, junit, extra=()):
    """Median wall time and median CPU time of `runs` runs. The CPU time counts mamconf, the embedded mock and every
    adapter process (the fork server reaps its cases, and mamconf the server), so wall time times the cores, less
    the CPU time, is what the run left idle: on a shared machine it also moves far less than wall time. The CPU
    time comes as three medians: all processes, mamconf's own, and all the others (each run split, then medians)."""
    walls, cpus, owns, rests, timing, tally = [], [], [], [], None, None
    for _ in range(runs):
        command = [os.path.join(bindir, "mamconf"), "run", "--jobs", str(jobs), "--junit", junit] + list(extra)
        if adapter:
            command += ["--adapter", adapter]
        before = children_cpu()
        wall, code, out, own = run_measured(command)
        left = reap_adopted()
        if left:
            sys.exit("processes of the run still running 10 s after mamconf ended: %s" % left)
        cpus.append(children_cpu() - before)
        owns.append(own)
        rests.append(cpus[-1] - own)
        if code not in (0, 1):
            sys.exit("mamconf run exited %d:\n%s" % (code, out[-2000:]))
        walls.append(wall)
        timing = TIMING.search(out)
        tally = TALLY.search(out)
    cpu = (statistics.median(cpus), statistics.median(owns), statistics.median(rests))
    return statistics.median(walls), cpu, timing, tally


def spawn_cost(command, initialize, work, count=20):
    shutdown = json.dumps({"id": 2, "jsonrpc": "2.0", "method": "shutdown", "params": {}}, separators=(",", ":"))
    message = json.loads(initialize)
    suite, case = message["params"]["dataDir"].rstrip("/").split("/")[-2:]
    lines = []
    for k in range(count):
        # A fresh data directory per start, as a run gives every case.
        data_dir = os.path.join(work, "spawn-%s-%d" % (os.path.basename(command[0]), k), suite, case)
        os.makedirs(data_dir)
        message["params"]["dataDir"] = data_dir
        lines.append(json.dumps(message, separators=(",", ":"), sort_keys=True))
    started = time.monotonic()
    for initialize in lines:
        child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        child.stdin.write(initialize + "\n")
        child.stdin.flush()
        child.stdout.readline()
        child.stdin.write(shutdown + "\n")
        child.stdin.close()
        child.wait()
    return (time.monotonic() - started) / count


def peak_rss_run(command):
    """Wall time and peak RSS (KB) of the largest process, through GNU time."""
    started = time.monotonic()
    done = subprocess.run(["/usr/bin/time", "-f", "peak-rss-kb %M"] + command, cwd=ROOT,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    wall = time.monotonic() - started
    rss = re.search(r"peak-rss-kb (\d+)", done.stdout)
    return wall, done.returncode, int(rss.group(1)) if rss else -1, done.stdout


def fork_server_cost(command, initialize, work, count=20):
    """The same start, initialize and shutdown through the adapter's fork server (`--adapter-launch fork-server`):
    the server is started and warmed once, outside the timing, and each start is one fork request over its socket."""
    import socket
    import struct
    shutdown = json.dumps({"id": 2, "jsonrpc": "2.0", "method": "shutdown", "params": {}}, separators=(",", ":"))
    message = json.loads(initialize)
    suite, case = message["params"]["dataDir"].rstrip("/").split("/")[-2:]
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    environment = dict(os.environ, MAMCONF_FORK_SLOT="-" * 4128)
    server = subprocess.Popen(command + ["--fork-server"], stdin=theirs, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, env=environment)
    theirs.close()
    kind, _, _ = struct.unpack("iii", ours.recv(12))
    if kind != 1:
        sys.exit("the fork server did not get ready")
    requests = []
    for k in range(count):
        data_dir = os.path.join(work, "fork-%s-%d" % (os.path.basename(command[0]), k), suite, case)
        os.makedirs(data_dir)
        message["params"]["dataDir"] = data_dir
        requests.append((data_dir, json.dumps(message, separators=(",", ":"), sort_keys=True)))
    quiet = os.open(os.devnull, os.O_WRONLY)
    started = time.monotonic()
    for data_dir, line in requests:
        in_read, in_write = os.pipe()
        out_read, out_write = os.pipe()
        socket.send_fds(ours, [data_dir.encode() + b"\0"], [in_read, out_write, quiet])
        for fd in (in_read, out_write):
            os.close(fd)
        kind, pid, _ = struct.unpack("iii", ours.recv(12))
        with os.fdopen(in_write, "w") as to_child, os.fdopen(out_read) as from_child:
            to_child.write(line + "\n")
            to_child.flush()
            from_child.readline()
            to_child.write(shutdown + "\n")
            to_child.flush()
            to_child.close()
            # The child's end arrives as its EXITED message (kind 3).
            while struct.unpack("iii", ours.recv(12))[0] != 3:
                pass
    elapsed = (time.monotonic() - started) / count
    os.close(quiet)
    ours.close()
    server.wait()
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--matrix", action="store_true")
    parser.add_argument("--scale", default="")
    args = parser.parse_args()
    bindir = os.path.abspath(args.bin)
    adopt_orphans()
    reference = os.path.join(bindir, "mamconf-reference")
    floor = os.path.join(bindir, "mamconf-floor")
    work = tempfile.mkdtemp(prefix="mamconf-bench-")
    junit = os.path.join(work, "junit.xml")
    print("build: %s" % bindir)

    # Record the reference once, serially, for the floor.
    recordings = os.path.join(work, "recordings")
    os.makedirs(recordings)
    recorder = "python3 %s %s -- %s" % (os.path.join(ROOT, "Benchmarks/RunFloor/record_adapter.py"), recordings, reference)
    _, code, out = run([os.path.join(bindir, "mamconf"), "run", "--jobs", "1", "--adapter", recorder, "--junit", junit])
    if code != 0:
        sys.exit("recording the reference failed (exit %d):\n%s" % (code, out[-2000:]))

    cores = os.cpu_count()
    print("\nfull default run, median of %d (wall s; CPU s of all its processes, and how busy it kept the %d cores;"
          " start-up / backend / integration+runner from the timing line, summed over cases)" % (args.runs, cores))
    results, split = {}, {}
    for jobs in sorted({1, args.jobs}):
        # The reference as `mamconf run` starts it (its default launch, a fork server), the same forced to exec a
        # process per case (the launch any other adapter gets), and the floor in both launches.
        replay = floor + " " + recordings
        variants = (("reference", None, ()), ("ref-exec", None, ("--adapter-launch", "exec")),
                    ("floor", replay, ("--adapter-launch", "fork-server")), ("floor-exec", replay, ("--adapter-launch", "exec")))
        for name, adapter, extra in variants:
            wall, (cpu, own, rest), timing, tally = main_job(bindir, adapter, jobs, args.runs, junit, extra)
            results[(name, jobs)] = wall
            parts = "start-up %s, backend %s, integration+runner %s" % timing.group(1, 3, 4) if timing else "no timing line"
            verdicts = "%s passed, %s failed, %s errored" % (tally.group(1), tally.group(2), tally.group(3) or "0") if tally else "no tally"
            busy = 100 * cpu / (wall * cores) if wall > 0 else 0
            print("  %-10s --jobs %d: %6.2f s, cpu %5.2f s (%3.0f%% busy)  (%s; %s)" % (name, jobs, wall, cpu, busy, parts, verdicts))
            # Per case that ran (a skipped case starts no integration).
            ran = int(tally.group(1)) + int(tally.group(2)) + int(tally.group(3) or 0) if tally else 0
            if ran:
                split[(name, jobs)] = (1000 * own / ran, 1000 * rest / ran)
                print("  %-10s           cpu per case: mamconf itself (runner, embedded mock) %4.1f ms,"
                      " integration processes %4.1f ms" % ((name,) + split[(name, jobs)]))
        print("  run/floor at --jobs %d: %.2f (exec launch: %.2f)" % (
            jobs, results[("reference", jobs)] / results[("floor", jobs)], results[("ref-exec", jobs)] / results[("floor-exec", jobs)]))
        for run_name, floor_name in (("reference", "floor"), ("ref-exec", "floor-exec")):
            if (run_name, jobs) in split and (floor_name, jobs) in split:
                (run_own, run_rest), (floor_own, floor_rest) = split[(run_name, jobs)], split[(floor_name, jobs)]
                print("  %s beside %s, cpu per case: mamconf itself %+.1f ms, integration processes %+.1f ms" % (
                    run_name, floor_name, run_own - floor_own, run_rest - floor_rest))

    first = sorted(os.listdir(recordings))[0]
    with open(os.path.join(recordings, first)) as f:
        initialize = f.readline()[2:].strip()
    print("\nper-case fixed cost: start, initialize, shutdown (mean of 20)")
    print("  reference: %.1f ms" % (1000 * spawn_cost([reference], initialize, work)))
    print("  reference through its fork server: %.1f ms" % (1000 * fork_server_cost([reference], initialize, work)))
    print("  floor:     %.1f ms" % (1000 * spawn_cost([floor, recordings], initialize, work)))
    print("  floor through its fork server: %.1f ms" % (1000 * fork_server_cost([floor, recordings], initialize, work)))

    if args.matrix:
        wall, code, out = run([os.path.join(bindir, "mamconf"), "mutants", "--matrix-file", os.path.join(work, "matrix.json")])
        summary = [line for line in out.splitlines() if line.startswith("mutants:") or "problem(s)" in line]
        print("\nmutation matrix (restricted): %.1f s, exit %d; %s" % (wall, code, "; ".join(summary)))

    for count in [int(c) for c in args.scale.split(",") if c]:
        folder = os.path.join(work, "synthetic-%d" % count)
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/Synthetic/synthetic_suites.py"), str(count), folder], check=True, stdout=subprocess.DEVNULL)
        command = [os.path.join(bindir, "mamconf"), "run", "--jobs", str(args.jobs), "--suites-dir", os.path.join(folder, "Suites"),
                   "--junit", os.path.join(work, "synthetic.xml")]
        wall, code, rss, out = peak_rss_run(command)
        tally = TALLY.search(out)
        print("\nsynthetic %d cases, --jobs %d: %.1f s (%.1f ms per case), peak RSS %.0f MB, exit %d, %s" % (
            count, args.jobs, wall, 1000 * wall / count, rss / 1024, code, tally.group(0) if tally else "no tally"))


if __name__ == "__main__":
    main()
