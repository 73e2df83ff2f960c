#!/usr/bin/env python3
"""Session state tracking, as MariaDB sends it to a client that asks for it
(CLIENT_SESSION_TRACK): the OK packet of a statement that changes the schema,
autocommit, character_set_client/connection/results or time_zone carries
SERVER_SESSION_STATE_CHANGED and the changes (node's mysql2 switches its encoding
by them). Every OK packet's bytes are compared with MariaDB's, with the capability
and without it; and an error drops the changes of its statement."""
import os, sys
import pymysql
import pymysql.connections as pc
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from itargets import targets  # noqa: E402

SESSION_TRACK = 1 << 23
MULTI = 1 << 16

STATEMENTS = [
    "SET character_set_client = koi8r", "SET NAMES cp1251", "SET NAMES latin1 COLLATE latin1_bin",
    "SET character_set_results = NULL", "SET character_set_connection = utf8mb4", "SET NAMES utf8mb4",
    "SET autocommit = 0", "SET autocommit = 0", "SET @@session.autocommit = 1, time_zone = '+01:00'",
    "SET time_zone = SYSTEM", "SET sql_mode = ''", "SET @x = 1", "USE st_db", "SELECT 1",
    "SET NAMES koi8r; SET autocommit = 0; USE st_db",
    "SET character_set_client = nosuch", "SET autocommit = 1", "DO 1", "SET GLOBAL wait_timeout = @@global.wait_timeout",
]


def lenenc(b, i):
    """(value, next index) of a length-encoded integer at b[i] (short forms only here)."""
    if b[i] < 0xfb:
        return b[i], i + 1
    if b[i] == 0xfc:
        return b[i + 1] | b[i + 2] << 8, i + 3
    raise ValueError("long length in an OK packet")


def parse_ok(data):
    """An OK packet as (affected, insert id, status, warnings, info, state entries):
    the entries sorted, as MariaDB writes several changed variables in its hash's order."""
    i = 1
    affected, i = lenenc(data, i)
    insert_id, i = lenenc(data, i)
    status, warnings = data[i] | data[i + 1] << 8, data[i + 2] | data[i + 3] << 8
    i += 4
    info, entries = b"", []
    if i < len(data):
        n, i = lenenc(data, i)
        info, i = data[i:i + n], i + n
    if i < len(data):
        n, i = lenenc(data, i)
        state, k = data[i:i + n], 0
        while k < len(state):
            typ = state[k]
            m, k = lenenc(state, k + 1)
            entries.append((typ, state[k:k + m].hex()))
            k += m
    return affected, insert_id, status, warnings, info, sorted(entries)


def run(port, caps):
    c = pymysql.connect(host="127.0.0.1", port=port, user="root", password="", autocommit=True,
                        client_flag=caps | MULTI)
    c.query("CREATE DATABASE IF NOT EXISTS st_db")
    seen = []
    orig = c._read_packet

    def read(packet_type=pc.MysqlPacket):
        p = orig(packet_type)
        if p.is_ok_packet():
            seen.append(parse_ok(p._data))
        return p
    c._read_packet = read
    out = []
    for q in STATEMENTS:
        seen.clear()
        try:
            c.query(q)
            while c._result is not None and c._result.has_next:
                c.next_result()
            err = None
        except pymysql.MySQLError as e:
            err = e.args[0]
            c.ping()   # (the rest of a failed multi-statement query is not sent)
        out.append((q, err, list(seen)))
    c._read_packet = orig
    c.query("DROP DATABASE st_db")
    c.close()
    return out


def main():
    res = {name: (run(port, SESSION_TRACK), run(port, 0)) for name, port in targets()}
    if "MariaDB" not in res:
        print("no MariaDB: nothing to compare")
        return
    failures = []
    for m, mode in enumerate(("tracked", "untracked")):
        for a, b in zip(res["MariaDB"][m], res["pressdb"][m]):
            if a != b:
                failures.append("%s %r:\n    MariaDB: %r\n    pressdb: %r" % (mode, a[0], a[1:], b[1:]))
    tracked = sum(1 for _, _, oks in res["pressdb"][0] for ok in oks if ok[2] & 0x4000 and ok[5])
    if not tracked:
        failures.append("no OK packet carried SERVER_SESSION_STATE_CHANGED")
    for f in failures:
        print("FAIL: " + f)
    print("session tracking: %d statements compared in two modes, %d OK packets with state changes"
          % (len(STATEMENTS), tracked))
    sys.exit(1 if failures else 0)


main()
