#!/usr/bin/env python3
"""RAND() and UUID() draw on the system's random source, as MariaDB's do: the first
RAND() of a fresh connection differs between two runs of the server and between two
connections, and UUID() is a version 1 UUID (time, clock sequence, node) that never
repeats. pressdb used libc's random() without a seed: every start repeated the same
RAND() sequence and the same UUIDs (keys made with them collided after a restart).

Starts its own pressdb (PRESSDB_BIN) twice on temporary datadirs; MariaDB is not needed
(its values are random too: only their form is compared, in tests/sql)."""
import os, re, socket, subprocess, sys, tempfile, time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from launch import pressdb_cmd  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
if os.environ.get("PRESSDB_SELF_TEST") or not BIN:
    print("skipped: needs a pressdb binary (not applicable in --self-test)")
    sys.exit(0)

HOST = "127.0.0.1"
failures = []


def free_port():
    s = socket.socket()
    s.bind((HOST, 0))
    p = s.getsockname()[1]
    s.close()
    return p


def connect(port):
    return pymysql.connect(host=HOST, port=port, user="root", autocommit=True)


def one_run(datadir):
    """(first RAND() of two connections, three UUIDs) from a fresh server."""
    port = free_port()
    with open(os.path.join(datadir, "..", "log-%d" % port), "wb") as log:
        p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % port, "--datadir=%s" % datadir, "--socket="],
                             stdout=log, stderr=subprocess.STDOUT)
        try:
            for _ in range(600):
                try:
                    connect(port).close()
                    break
                except pymysql.err.OperationalError:
                    if p.poll() is not None:
                        raise RuntimeError("pressdb exited on start (code %s)" % p.returncode)
                    time.sleep(0.05)
            rands, uuids = [], []
            for _ in range(2):
                c = connect(port)
                cur = c.cursor()
                cur.execute("SELECT RAND(), RAND(), UUID()")
                r = cur.fetchone()
                rands.append((r[0], r[1]))
                uuids.append(r[2])
                c.close()
            c = connect(port)
            cur = c.cursor()
            cur.execute("SELECT UUID(), SYS_GUID()")
            u, g = cur.fetchone()
            uuids.append(u)
            c.close()
            return rands, uuids, g
        finally:
            p.terminate()
            p.wait(30)


with tempfile.TemporaryDirectory(prefix="pressdb-rand-") as tmp:
    runs = []
    for i in range(2):
        d = os.path.join(tmp, "d%d" % i)
        os.mkdir(d)
        runs.append(one_run(d))
    (ra, ua, ga), (rb, ub, gb) = runs
    if ra[0] == rb[0]:
        failures.append("the first RAND() of a connection is the same in two runs: %r" % (ra[0],))
    if ra[0] == ra[1]:
        failures.append("two connections start the same RAND() sequence: %r" % (ra[0],))
    v1 = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
    for u in ua + ub:
        if not v1.match(u):
            failures.append("not a version 1 UUID: %r" % u)
    if len(set(ua + ub)) != len(ua + ub):
        failures.append("UUID() repeated: %r" % (ua + ub,))
    if ua[0][24:] != ua[2][24:]:
        failures.append("UUID()'s node changed within one run: %r %r" % (ua[0], ua[2]))
    if ua[0][24:] == ub[0][24:] and ua[0][19:23] == ub[0][19:23]:
        failures.append("two runs drew the same node and clock sequence: %r %r" % (ua[0], ub[0]))
    if not re.match(r"^[0-9a-f]{32}$", ga) or ga[20:] != ua[2][24:]:
        failures.append("SYS_GUID() is not UUID() without dashes: %r" % ga)

for f in failures:
    print("FAIL:", f)
print("random sources: %s" % ("ok" if not failures else "%d failures" % len(failures)))
sys.exit(1 if failures else 0)
