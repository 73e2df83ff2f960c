#!/usr/bin/env python3
"""The SHUTDOWN statement (MariaDB 10.0.4 and later; the MariaDB image's entrypoint and
mariadb-admin use it). Without the SHUTDOWN privilege both servers answer 1227 (compared on
the shared servers, for each form); with it a private pressdb answers OK, logs who asked
and exits 0, its data kept."""
import os
import subprocess
import sys
import tempfile
import time

import pymysql

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import connect_params, targets  # noqa: E402
from launch import pressdb_cmd  # noqa: E402
from servers import free_port  # noqa: E402

BIN = os.environ.get("PRESSDB_BIN")
FORMS = ["SHUTDOWN", "shutdown WAIT FOR ALL SLAVES", "SHUTDOWN WAIT FOR ALL REPLICAS", "SHUTDOWN WAIT"]
failures = []


def answers(params):
    root = pymysql.connect(user="root", password="", autocommit=True, **params)
    root.cursor().execute("CREATE USER IF NOT EXISTS 't_shut'@'%'")
    out = []
    try:
        c = pymysql.connect(user="t_shut", password="", **params)
        for f in FORMS:
            try:
                c.cursor().execute(f)
                out.append("ok")
            except pymysql.err.MySQLError as e:
                out.append((e.args[0], e.args[1]))
        c.close()
    finally:
        root.cursor().execute("DROP USER 't_shut'@'%'")
        root.close()
    return out


def private_shutdown():
    base = tempfile.mkdtemp(prefix="pressdb-shut-")
    port = free_port()
    logp = os.path.join(base, "log")
    log = open(logp, "wb")
    p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % port, "--socket=", "--datadir=" + base + "/data"],
                         stdout=log, stderr=subprocess.STDOUT)
    c = None
    for _ in range(300):
        try:
            c = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True)
            break
        except pymysql.err.OperationalError:
            time.sleep(0.05)
    cur = c.cursor()
    cur.execute("CREATE DATABASE kept")
    cur.execute("SHUTDOWN")
    try:
        rc = p.wait(30)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = "still running after 30 s"
    text = open(logp, errors="replace").read()
    if rc != 0 or "initiated by: root[root] @ " not in text:
        failures.append("SHUTDOWN as root: exit %s, log %r" % (rc, text[-400:]))
    log.close()
    p = subprocess.Popen(pressdb_cmd(BIN) + ["--port=%d" % port, "--socket=", "--datadir=" + base + "/data"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                c = pymysql.connect(host="127.0.0.1", port=port, user="root")
                break
            except pymysql.err.OperationalError:
                time.sleep(0.05)
        cur = c.cursor()
        cur.execute("SHOW DATABASES LIKE 'kept'")
        if not cur.fetchall():
            failures.append("the database made before SHUTDOWN is gone after the restart")
    finally:
        p.terminate()
        p.wait(30)


def main():
    got = {}
    for name, _ in targets():
        got[name] = answers(connect_params("MARIADB" if name == "MariaDB" else "PRESSDB"))
    if "MariaDB" in got and got["MariaDB"] != got["pressdb"]:
        failures.append("without the privilege: MariaDB %r, pressdb %r" % (got["MariaDB"], got["pressdb"]))
    if BIN and not os.environ.get("PRESSDB_SELF_TEST"):
        private_shutdown()
    for f in failures:
        print("FAIL:", f)
    print("SHUTDOWN: %d forms compared without the privilege; as root on a private server" % len(FORMS))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
