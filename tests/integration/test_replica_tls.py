#!/usr/bin/env python3
"""pressdb's replica connects to its primary over TLS (CHANGE MASTER TO MASTER_SSL=1 and
the MASTER_SSL_* options) as MariaDB 10.11's replica does, side by side with a MariaDB
replica given the same settings: both must connect, or both fail with the same
Last_IO_Errno, for each case:

- a MariaDB primary whose replication account REQUIRE SSL: without MASTER_SSL the login
  is refused (1045); with it the workload replicates and the dumps match;
- MASTER_SSL_CA naming a CA that did not sign the primary's certificate (2026), the one
  that did, and with MASTER_SSL_VERIFY_SERVER_CERT=1 a certificate naming 127.0.0.1;
- a pressdb primary with its self-signed certificate, checked with verify_server_cert
  against a host it does not name (2026), and not checked;
- a primary that offers no TLS (--skip-ssl): MASTER_SSL=1 goes on without it, as
  MariaDB's does, unless MASTER_SSL_VERIFY_SERVER_CERT=1 (2026);
- the settings survive a restart of the replica (master.info) and it goes on over TLS;
- with read_only=1 on both replicas, their appliers go on and a client without SUPER
  gets 1290.
Certificates are made with the openssl command.
"""
import os
import shutil
import subprocess
import sys
import time
import pymysql
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import servers  # noqa: E402
import repl_check  # noqa: E402
from binlog_workload import DB, SCHEMA, ROWS, LATER  # noqa: E402
from repl_check import FixedPort  # noqa: E402

repl_check.skip_unless_binary()
for tool in ("mariadbd", "openssl"):
    if not shutil.which(tool):
        print("skipped: needs %s" % tool)
        sys.exit(0)
BIN = os.environ["PRESSDB_BIN"]
check = repl_check.Checks()
status = repl_check.status


def openssl(*args):
    subprocess.run(["openssl"] + list(args), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_certs(d):
    """ca.pem signs server.pem (names IP 127.0.0.1); other.pem is an unrelated CA."""
    p = {k: os.path.join(d, k + ".pem") for k in ("ca", "ca-key", "server", "server-key", "server-req",
                                                    "other", "other-key")}
    for ca in ("ca", "other"):
        openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=pressdb test " + ca,
                "-keyout", p[ca + "-key"], "-out", p[ca])
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=pressdb test primary",
            "-keyout", p["server-key"], "-out", p["server-req"])
    ext = os.path.join(d, "san.cnf")
    with open(ext, "w") as f:
        f.write("subjectAltName=IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", p["server-req"], "-CA", p["ca"], "-CAkey", p["ca-key"], "-CAcreateserial",
            "-days", "2", "-extfile", ext, "-out", p["server"])
    return p


class TlsPrimary(FixedPort, servers.MariaDB):
    certs = None

    def argv(self):
        c = self.certs
        return super().argv() + ["--log-bin=mbin", "--server-id=1", "--binlog-format=ROW",
                                 "--ssl-cert=" + c["server"], "--ssl-key=" + c["server-key"], "--ssl-ca=" + c["ca"]]


class MariaReplica(servers.MariaDB):
    def argv(self):
        return super().argv() + ["--server-id=3"]


class PressPrimary(servers.PressDB):
    extra = []

    def argv(self):
        return super().argv() + ["--log-bin", "--server-id=21"] + self.extra


class PlainPrimary(PressPrimary):
    extra = ["--skip-ssl"]


class Replica(FixedPort, servers.PressDB):
    def argv(self):
        return super().argv() + ["--server-id=2"]


def outcome(replica, timeout=15):
    """("Yes", 0) once connected, or (state, Last_IO_Errno) once connecting failed."""
    deadline = time.time() + timeout
    while True:
        st = status(replica)
        io, errno = st.get("Slave_IO_Running"), int(st.get("Last_IO_Errno") or 0)
        if io == "Yes" and errno == 0 or errno != 0 or time.time() >= deadline:
            return (io, errno), st.get("Last_IO_Error")
        time.sleep(0.05)


def both(replicas, primary, settings, what, want_connected=None):
    """The same CHANGE MASTER on both replicas; their outcomes must agree."""
    got = {}
    for r in replicas:
        c = r.connect().cursor()
        c.execute("STOP SLAVE")
        c.execute("CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT=%d, MASTER_USER='repl', "
                  "MASTER_PASSWORD='rpw', MASTER_CONNECT_RETRY=1, MASTER_USE_GTID=slave_pos, "
                  "MASTER_SSL_CA='', MASTER_SSL_VERIFY_SERVER_CERT=0, %s" % (primary.port, settings))
        c.execute("START SLAVE")
    for r in replicas:
        got[r.kind] = outcome(r)
    (p, perr), (m, merr) = got["pressdb"], got["mariadb"]
    check(p == m, "%s: pressdb %r (%s), MariaDB %r (%s)" % (what, p, perr, m, merr))
    if want_connected is not None:
        check((m[0] == "Yes") == want_connected,
              "%s: MariaDB %s, as this test expects" % (what, "connected" if want_connected else "refused"))


def main():
    area = servers.TempArea()
    sv = {}

    def body():
        certs = make_certs(area.subdir("certs"))
        TlsPrimary.certs = certs
        sv["mprimary"] = mp = TlsPrimary(area, "mprimary", "MariaDB primary (TLS)")
        mp.initialise()
        mp.start()
        sv["mreplica"] = mr = MariaReplica(area, "mreplica", "MariaDB replica")
        mr.initialise()
        mr.start()
        sv["tls"] = tls = PressPrimary(area, BIN, "tls", "pressdb primary (self-signed)").start()
        sv["plain"] = plain = PlainPrimary(area, BIN, "plain", "pressdb primary (--skip-ssl)").start()
        sv["replica"] = rep = Replica(area, BIN, "replica", "pressdb replica").start()
        replicas = [rep, mr]
        for p in (tls, plain):
            c = p.connect().cursor()
            c.execute("SET sql_log_bin = 0")   # (their binary logs stay empty: any replica may connect)
            c.execute("CREATE USER 'repl'@'%' IDENTIFIED BY 'rpw'")
            c.execute("GRANT REPLICATION SLAVE ON *.* TO 'repl'@'%'")
        c = mp.connect().cursor()
        c.execute("SET sql_log_bin = 0")
        c.execute("CREATE USER 'repl'@'%' IDENTIFIED BY 'rpw' REQUIRE SSL")
        c.execute("GRANT REPLICATION SLAVE ON *.* TO 'repl'@'%'")

        own = os.path.join(tls.datadir, "server-cert.pem")
        both(replicas, tls, "MASTER_SSL=1, MASTER_SSL_CA='%s', MASTER_SSL_VERIFY_SERVER_CERT=1" % own,
             "self-signed primary, its certificate as CA, host checked", want_connected=False)
        both(replicas, tls, "MASTER_SSL=1, MASTER_SSL_CA='%s'" % own,
             "self-signed primary, its certificate as CA, host not checked", want_connected=True)
        both(replicas, tls, "MASTER_SSL=1, MASTER_SSL_CA='%s'" % certs["other"],
             "self-signed primary, another CA", want_connected=False)
        both(replicas, plain, "MASTER_SSL=1", "primary without TLS, MASTER_SSL=1", want_connected=True)
        both(replicas, plain, "MASTER_SSL=1, MASTER_SSL_VERIFY_SERVER_CERT=1",
             "primary without TLS, verify_server_cert", want_connected=False)

        both(replicas, mp, "MASTER_SSL=0", "REQUIRE SSL account, MASTER_SSL=0", want_connected=False)
        check(outcome(rep)[0][1] == 1045, "the login without TLS is refused with 1045 (%r)" % (outcome(rep),))
        both(replicas, mp, "MASTER_SSL=1", "REQUIRE SSL account, MASTER_SSL=1", want_connected=True)
        pc = mp.connect().cursor()
        for sql in SCHEMA + ROWS:
            pc.execute(sql)
        repl_check.caught_up(check, mp, rep, "over TLS")
        repl_check.same_data(check, mp, rep, "over TLS", sort=True)
        both(replicas, mp, "MASTER_SSL=1, MASTER_SSL_CA='%s'" % certs["other"], "CA that did not sign it",
             want_connected=False)
        both(replicas, mp, "MASTER_SSL=1, MASTER_SSL_CA='%s', MASTER_SSL_VERIFY_SERVER_CERT=1" % certs["ca"],
             "its CA, host checked", want_connected=True)

        # the columns both replicas of one primary must show alike (SHOW SLAVE STATUS)
        same_cols = ("Slave_IO_Running", "Slave_SQL_Running", "Master_Host", "Master_User", "Master_Port",
                     "Connect_Retry", "Master_SSL_Allowed", "Master_SSL_CA_File", "Master_SSL_CA_Path",
                     "Master_SSL_Cert", "Master_SSL_Cipher", "Master_SSL_Key", "Master_SSL_Verify_Server_Cert",
                     "Master_SSL_Crl", "Master_SSL_Crlpath", "Last_IO_Errno", "Last_SQL_Errno", "Master_Server_Id",
                     "Using_Gtid", "Parallel_Mode", "SQL_Delay", "Slave_Heartbeat_Period")
        a, b = status(rep), status(mr)
        diff = [(k, a.get(k), b.get(k)) for k in same_cols if str(a.get(k)) != str(b.get(k))]
        check(not diff, "SHOW SLAVE STATUS: the same %d columns as MariaDB's replica%s" % (
            len(same_cols), "" if not diff else ": %r" % (diff,)))
        st = status(rep)
        shown = (st.get("Master_SSL_Allowed"), st.get("Master_SSL_CA_File"), st.get("Master_SSL_Verify_Server_Cert"))
        check(shown == ("Yes", certs["ca"], "Yes"), "SHOW SLAVE STATUS shows the TLS settings (%r)" % (shown,))
        rep.stop()
        rep.start()
        st = status(rep)
        again = (st.get("Master_SSL_Allowed"), st.get("Master_SSL_CA_File"), st.get("Master_SSL_Verify_Server_Cert"))
        check(again == shown, "after a restart of the replica too (%r)" % (again,))
        # read_only on the replicas: their appliers go on, a client without SUPER is refused
        denied = {}
        for r in replicas:
            c = r.connect().cursor()
            c.execute("CREATE USER 'app'@'%' IDENTIFIED BY 'apw'")
            c.execute("GRANT ALL ON %s.* TO 'app'@'%%'" % DB)
            c.execute("SET GLOBAL read_only = 1")
        for sql in LATER:
            pc.execute(sql)
        repl_check.caught_up(check, mp, rep, "after a restart, over TLS, read_only=1")
        repl_check.caught_up(check, mp, mr, "MariaDB replica, read_only=1")
        repl_check.same_data(check, mp, rep, "after a restart, over TLS, read_only=1", sort=True)
        for r in replicas:
            c = r.connect(user="app", password="apw").cursor()
            try:
                c.execute("INSERT INTO %s.nokey VALUES (999999, 'local')" % DB)
                denied[r.kind] = 0
            except pymysql.err.MySQLError as e:
                denied[r.kind] = e.args[0]
            r.connect().cursor().execute("SET GLOBAL read_only = 0")
        check(denied["pressdb"] == denied["mariadb"] == 1290,
              "read_only=1 refuses a client without SUPER as MariaDB does (%r)" % (denied,))

    return repl_check.run(check, area, body, lambda: [s for s in sv.values() if s])


if __name__ == "__main__":
    sys.exit(main())
