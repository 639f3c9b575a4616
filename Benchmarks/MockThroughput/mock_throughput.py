#!/usr/bin/env python3
"""How fast the mock backend answers, next to nginx, and how fast the Graph driver drives it.

usage: mock_throughput.py --bin DIR [--seconds S] [--connections C] [--threads T] [--driver-runs N]

1. Starts `mamconf mock-backend --port 0` (DIR/mamconf) and nginx (Debian's, `worker_processes auto`) serving a
   fixed JSON reply, both on loopback, and runs wrk (Debian's) against each in the same run:
   - nginx: GET of a static `{"value":[]}` reply (the ceiling for an HTTP/1.1 server on this machine);
   - mock health: GET /_mock/health (router and HTTP stack only);
   - mock Graph list: GET /{tenant}/graph/v1.0/deviceAppManagement/iosManagedAppProtections with an admin
     token (authorisation, the tenant actor, the journal and a Graph-shaped answer: the work of a real request);
   - the same Graph list against a second mock started with `--state-file` (what saving the tenants costs).
   Prints requests per second for each and the mock's share of nginx's rate.
2. The Graph driver's rate: `mamconf run --backend graph` over every suite, aimed at the same mock, N times;
   Graph and token requests the mock served during the run (from /_mock/stats) divided by the run's wall time.

Only loopback is used; every request loop is bounded by wrk's duration. Exits 2 when a tool is missing.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def http(method, url, body=None, form=None, bearer=None):
    headers = {}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    if bearer:
        headers["Authorization"] = "Bearer " + bearer
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read()
        return json.loads(text) if text else None


def start_mock(mamconf, extra=()):
    process = subprocess.Popen([mamconf, "mock-backend", "--port", "0"] + list(extra), stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    line = process.stdout.readline()
    match = re.search(r"listening on (http://\S+)", line)
    if not match:
        process.kill()
        sys.exit("the mock did not say where it listens: %r" % line)
    return process, match.group(1).rstrip("/")


def start_nginx(directory):
    port_probe = subprocess.run([sys.executable, "-c",
                                 "import socket; s=socket.socket(); s.bind(('127.0.0.1',0)); print(s.getsockname()[1])"],
                                capture_output=True, text=True)
    port = int(port_probe.stdout)
    conf = os.path.join(directory, "nginx.conf")
    with open(conf, "w") as handle:
        handle.write("""
worker_processes auto;
pid %(dir)s/nginx.pid;
error_log %(dir)s/error.log;
daemon on;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path %(dir)s/body; proxy_temp_path %(dir)s/proxy; fastcgi_temp_path %(dir)s/fcgi;
  uwsgi_temp_path %(dir)s/uwsgi; scgi_temp_path %(dir)s/scgi;
  server {
    listen 127.0.0.1:%(port)d;
    location / { default_type application/json; return 200 '{"value":[]}'; }
  }
}
""" % {"dir": directory, "port": port})
    # Daemonised, nginx's first process exits only once its socket listens: no polling for the port.
    started = subprocess.run(["nginx", "-c", conf], capture_output=True, text=True)
    if started.returncode != 0:
        sys.exit("nginx did not start: %s" % started.stderr.strip())
    return os.path.join(directory, "nginx.pid"), "http://127.0.0.1:%d" % port


def wrk(url, args, bearer=None):
    command = ["wrk", "-t%d" % args.threads, "-c%d" % args.connections, "-d%ds" % args.seconds, "--latency"]
    if bearer:
        command += ["-H", "Authorization: Bearer " + bearer]
    output = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))
    p50 = re.search(r"^\s+50%\s+(\S+)", output, re.M).group(1)
    p99 = re.search(r"^\s+99%\s+(\S+)", output, re.M).group(1)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    socket_errors = re.search(r"Socket errors: (.*)", output)
    return rate, p50, p99, (int(errors.group(1)) if errors else 0), (socket_errors.group(1) if socket_errors else "")


def contoso():
    """The contoso fixture's users (the suites' aliases), read without a YAML dependency."""
    import yaml
    with open(os.path.join(ROOT, "fixtures", "tenants", "contoso.yaml")) as handle:
        return yaml.safe_load(handle)


def graph_tenant(base, directory):
    fixture = contoso()
    # A personal (consumer) account stays one: the suites refuse a tenant file that makes it a work account.
    users = [{"alias": u["alias"], "upn": u["upn"], "objectId": u["objectId"], "licensed": u["licensed"],
              "personal": u.get("personal", False), "password": u["password"]} for u in fixture["users"]]
    created = http("POST", base + "/_mock/tenants", body={"bundleId": fixture["bundleId"], "users": users})
    lines = ["accounts:"]
    for user in fixture["users"]:
        lines.append("  %s: {upn: %s, objectId: %s, licensed: %s, personal: %s, passwordEnv: BENCH_PASSWORD_%s}" % (
            user["alias"], user["upn"], user["objectId"], str(user["licensed"]).lower(),
            str(user.get("personal", False)).lower(), user["alias"].upper()))
    lines += ["integration:", "  clientId: " + created["appClientId"], "  tokenURL: " + created["tokenURL"],
              "  mamServiceURL: " + created["mamServiceURL"], "  mamResource: " + created["mamResource"], ""]
    with open(os.path.join(directory, "tenant.yaml"), "w") as handle:
        handle.write("\n".join(lines))
    credentials = os.path.join(directory, "credentials.json")
    with open(credentials, "w") as handle:
        json.dump({"tenantId": created["tenantId"], "clientId": created["admin"]["clientId"],
                   "clientSecret": created["admin"]["clientSecret"]}, handle)
    os.chmod(credentials, 0o600)
    env = dict(os.environ)
    for user in fixture["users"]:
        env["BENCH_PASSWORD_" + user["alias"].upper()] = user["password"]
    return created, env


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--seconds", type=int, default=5)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--driver-runs", type=int, default=3)
    args = parser.parse_args()
    for tool in ("wrk", "nginx"):
        if not shutil.which(tool) and not os.path.exists("/usr/sbin/" + tool):
            print("%s is missing: apt-get install %s" % (tool, tool), file=sys.stderr)
            sys.exit(2)
    os.environ["PATH"] += os.pathsep + "/usr/sbin"
    mamconf = os.path.join(args.bin, "mamconf")
    directory = tempfile.mkdtemp(prefix="mamconf-mock-bench-")
    mock, base = start_mock(mamconf)
    saving, saving_base = start_mock(mamconf, ["--state-file", os.path.join(directory, "state.json")])
    _, nginx_url = start_nginx(directory)
    try:
        def graph_list(base):
            created = http("POST", base + "/_mock/tenants", body={"bundleId": "com.contoso.harnessapp", "users": []})
            token = http("POST", created["tokenURL"], form={
                "grant_type": "client_credentials", "client_id": created["admin"]["clientId"],
                "client_secret": created["admin"]["clientSecret"], "scope": "https://graph.microsoft.com/.default"})["access_token"]
            return created["graphBaseURL"] + "/deviceAppManagement/iosManagedAppProtections", token
        listing, token = graph_list(base)
        saving_listing, saving_token = graph_list(saving_base)
        print("wrk: %d threads, %d connections, %d s each, loopback, same run" % (args.threads, args.connections, args.seconds))
        rows = [("nginx static JSON", wrk(nginx_url + "/", args)),
                ("mock /_mock/health", wrk(base + "/_mock/health", args)),
                ("mock Graph list (token, journal)", wrk(listing, args, bearer=token)),
                ("mock Graph list, --state-file", wrk(saving_listing, args, bearer=saving_token))]
        ceiling = rows[0][1][0]
        print("%-34s %12s %10s %10s %8s  %s" % ("target", "requests/s", "p50", "p99", "non-2xx", "share of nginx"))
        for name, (rate, p50, p99, errors, socket_errors) in rows:
            print("%-34s %12.0f %10s %10s %8d  %5.1f%% %s" % (name, rate, p50, p99, errors, 100 * rate / ceiling,
                                                           ("socket errors: " + socket_errors) if socket_errors else ""))

        if args.driver_runs > 0:
            rates = []
            for _ in range(args.driver_runs):
                created, env = graph_tenant(base, directory)
                before = http("GET", base + "/_mock/stats")["requests"]
                start = time.monotonic()
                run = subprocess.run([
                    mamconf, "run", "--junit", os.path.join(directory, "junit.xml"), "--backend", "graph",
                    "--graph-url", created["graphBaseURL"], "--login-url", base,
                    "--tenant-file", os.path.join(directory, "tenant.yaml"),
                    "--credentials-file", os.path.join(directory, "credentials.json"), "--registration-wait", "2"],
                    cwd=ROOT, env=env, capture_output=True, text=True)
                wall = time.monotonic() - start
                served = http("GET", base + "/_mock/stats")["requests"] - before
                journal = http("GET", base + "/_mock/tenants/%s/journal" % created["tenantId"])["entries"]
                driver = [e for e in journal if e["route"].startswith("graph.") or e["route"] == "token.client_credentials"]
                rates.append((wall, len(driver), served, run.returncode))
                if run.returncode != 0:
                    print("  the run failed (exit %d): %s" % (run.returncode, (run.stderr or run.stdout)[-600:]))
            print("Graph driver over every suite (%d runs):" % len(rates))
            for wall, driver, served, status in rates:
                print("  exit %d, %.2f s wall, %d driver requests (Graph + token) = %.0f/s; %d requests in all" % (
                    status, wall, driver, driver / wall, served))
    finally:
        subprocess.run(["nginx", "-c", os.path.join(directory, "nginx.conf"), "-s", "quit"], capture_output=True)
        for process in (mock, saving):
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
        shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
