#!/usr/bin/python3
"""Collation test: pressdb against MariaDB on a generated corpus (issue #6).

Starts a private MariaDB and a private pressdb (tests/lib/servers.py), loads the
same deterministic corpus (tests/collation/corpus.py, 12,000 strings by default)
into one table per collation on both, with multi-row INSERTs, and compares:

  order     SELECT id ... ORDER BY s, id            (the full order)
  group     SELECT GROUP_CONCAT(id) ... GROUP BY s  (number of groups, members)
  distinct  COUNT(DISTINCT s) and SELECT DISTINCT s (count)
  eq        300 probes: COUNT(*) WHERE s = probe     (through the index on s)
  like      300 probes: COUNT(*) IGNORE INDEX (ks) WHERE s LIKE 'prefix%'
  like_index  the same through the index (FORCE INDEX)
  like_range  probes where MariaDB's index range scan answers differently from its own
            full scan (and pressdb gives the full scan's answer): see known_gaps.txt
  contains  190 probes: GROUP_CONCAT(id) WHERE t LIKE '%literal%' (and 40 '%a%b%') over 400 long texts
            (corpus strings between ASCII words, sparse to dense, 0 to 700 characters);
            most literals are windows of the texts folded to ASCII (résumé -> resume,
            Straße -> Strasse), so the fast paths of engine/func_like.c meet accents,
            ß/ss, ligatures, combining marks, controls and 4-byte characters next to them
  upper, lower, char_length   on every 7th row
and that both give the same error for utf8mb4_0900_ai_ci (unknown in 10.11).

MariaDB is the oracle, queried at test time: nothing expected is stored here.
Differences listed in tests/collation/known_gaps.txt ("COLLATION CHECK ## reason")
are reported as known gaps; any other difference fails (exit 1).

    /usr/bin/python3 tests/collation/run.py --server build/pressdb
    /usr/bin/python3 tests/collation/run.py --full            # 60,000 strings
    /usr/bin/python3 tests/collation/run.py --only unicode_520 -v
"""

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, HERE)

import pymysql  # noqa: E402
import corpus  # noqa: E402
import servers  # noqa: E402

COLLATIONS = [
    ("utf8mb4", "utf8mb4_unicode_520_ci"),
    ("utf8mb4", "utf8mb4_unicode_ci"),
    ("utf8mb4", "utf8mb4_general_ci"),
    ("utf8mb4", "utf8mb4_bin"),
    ("utf8mb4", "utf8mb4_uca1400_ai_ci"),
    ("utf8mb4", "utf8mb4_uca1400_nopad_ai_ci"),
    ("utf8mb3", "utf8mb3_unicode_520_ci"),
    ("utf8mb3", "utf8mb3_unicode_ci"),
    ("utf8mb3", "utf8mb3_general_ci"),
    ("utf8mb3", "utf8mb3_bin"),
    ("utf8mb3", "utf8mb3_uca1400_ai_ci"),
]
# The other Unicode collations (NO PAD twins, ucs2, utf16, utf16le, utf32: the same
# weights in other encodings), on a smaller corpus as the single-byte ones (below).
# (In --single-byte defaults mode only each charset's default collation.)
WIDE = ["ucs2", "utf16", "utf16le", "utf32"]
MORE_UNICODE = [(cs, "%s_%s" % (cs, s)) for cs in ["utf8mb4", "utf8mb3"] + WIDE
                for s in ("general_ci", "bin", "unicode_ci", "unicode_520_ci", "general_nopad_ci", "nopad_bin",
                          "unicode_nopad_ci", "unicode_520_nopad_ci")
                if not (cs in ("utf8mb4", "utf8mb3") and "nopad" not in s) and not (cs == "utf16le" and "unicode" in s)]
# uca1400's accent- and case-sensitive levels (MariaDB's multi-level comparison), in
# each charset: all of utf8mb4's, one or two of the others'
MORE_UNICODE += [("utf8mb4", "utf8mb4_uca1400_" + s) for s in ("ai_cs", "as_ci", "as_cs", "nopad_ai_cs", "nopad_as_ci",
                                                              "nopad_as_cs")]
MORE_UNICODE += [("utf8mb3", "utf8mb3_uca1400_as_cs"), ("ucs2", "ucs2_uca1400_ai_ci"), ("ucs2", "ucs2_uca1400_as_cs"),
                 ("utf16", "utf16_uca1400_nopad_as_ci"), ("utf32", "utf32_uca1400_ai_cs")]
# and of its languages (a tailoring on each level: Czech ch, Turkish i, Danish aa ...)
MORE_UNICODE += [("utf8mb4", "utf8mb4_uca1400_" + s) for s in ("swedish_as_cs", "czech_ai_ci", "turkish_ai_cs",
                                                              "danish_nopad_as_ci", "spanish2_as_ci", "vietnamese_as_cs",
                                                              "german2_ai_ci", "croatian_nopad_ai_cs")]
MORE_UNICODE += [("ucs2", "ucs2_uca1400_hungarian_as_ci"), ("utf8mb3", "utf8mb3_uca1400_polish_ai_cs")]
MORE_UNICODE += [("utf8mb3", "utf8mb3_general_mysql500_ci"), ("ucs2", "ucs2_general_mysql500_ci")]
MORE_UNICODE += [("utf8mb3", "utf8mb3_thai_520_w2"), ("utf16", "utf16_thai_520_w2")]
# thai_520_w2's strings get Thai ones too: prevowels before consonants (its contractions),
# tone marks, Lao, next to Latin letters with accents
THAI = set(chr(c) for c in range(0xE01, 0xE5C) if c not in range(0xE3B, 0xE3F)) | set(
    chr(c) for c in list(range(0xE81, 0xE85)) + list(range(0xEC0, 0xEC5)) + [0xECD]) | set("aAáé 1-")
# names whose existence itself is checked (same table definition, same outcome)
UNKNOWN_OR_NOT = ["utf8mb4_0900_ai_ci", "utf8mb4_0900_as_cs", "utf8mb4_0900_bin"]
CHECKS = ["order", "group", "distinct", "eq", "like", "like_index", "like_range", "contains", "upper", "lower",
          "char_length", "error"]
NPROBES = 300


# Every collation of MariaDB's single-byte character sets (latin1, koi8r, cp1251, ...)
# is added from its information_schema at run time, with a corpus of its own: the
# strings above that the charset holds, and SB_EXTRA more drawn from its repertoire.
SB_EXTRA = 1500
SB_FROM_CORPUS = 1500
SB_PROBES = 120


def collations_of(m, cs, which):
    """[(cs, collation)] of a charset: all, or ("defaults") its default one and its _bin."""
    return [(cs, coll) for coll, isdef in m.q("SELECT COLLATION_NAME, IS_DEFAULT FROM information_schema.COLLATIONS "
                                              "WHERE CHARACTER_SET_NAME = %s ORDER BY ID", (cs,))
            if which == "all" or isdef == "Yes" or coll == cs + "_bin"]


def single_byte_collations(m, which="all"):
    """[(charset, collation)] of MariaDB's single-byte charsets (which: "all", or
    "defaults": each one's default collation and its _bin), and fills
    corpus.REPERTOIRES: each charset's characters (bytes MariaDB turns into '?' have
    none), and COLL_REPERTOIRES those of a collation that reads fewer of its bytes
    (latin2_czech_cs: none for 0x7f..0x9f)."""
    out = []
    for cs, in m.q("SELECT CHARACTER_SET_NAME FROM information_schema.CHARACTER_SETS "
                   "WHERE MAXLEN = 1 AND CHARACTER_SET_NAME <> 'binary' ORDER BY 1"):
        corpus.REPERTOIRES[cs] = byte_repertoire(m, "CONVERT(UNHEX(LPAD(HEX(seq), 2, '0')) USING %s)" % cs)
        colls = collations_of(m, cs, which)
        for _, coll in colls:
            rep = byte_repertoire(m, "(CONVERT(UNHEX(LPAD(HEX(seq), 2, '0')) USING %s) COLLATE %s)" % (cs, coll))
            if rep != corpus.REPERTOIRES[cs]:
                COLL_REPERTOIRES[coll] = rep
        out += colls
    return out


COLL_REPERTOIRES = {}


def byte_repertoire(m, byte_expr):
    """The characters MariaDB reads from the bytes (byte_expr of seq) but '?'."""
    rep = set()
    for b, c in m.q("SELECT seq, CONVERT(%s USING utf8mb4) FROM seq_0_to_255" % byte_expr):
        if isinstance(c, bytes):
            c = c.decode("utf-8")
        if c != "?" or b == 0x3F:
            rep.add(c)
    return rep


def east_asian_collations(m, which="all"):
    """The same for MariaDB's multi-byte East Asian charsets (big5, ujis, sjis, ...):
    their repertoires are the characters of the BMP that come back unchanged from them.
    (Not sjis's backslash: MariaDB stores it as 0x815f, the full-width one's bytes, when
    it comes from a UTF-8 client, and pressdb keeps 0x5c, as a sjis client sent it.)"""
    out = []
    for cs, in m.q("SELECT CHARACTER_SET_NAME FROM information_schema.CHARACTER_SETS WHERE MAXLEN > 1 "
                   "AND CHARACTER_SET_NAME NOT LIKE 'utf%%' AND CHARACTER_SET_NAME <> 'ucs2' ORDER BY 1"):
        rows = m.q("SELECT seq, CONVERT(CONVERT(CHAR(seq USING utf32) USING %s) USING utf8mb4) FROM seq_1_to_65533 "
                   "WHERE seq NOT BETWEEN 55296 AND 57343" % cs)
        rep = set()
        for cp, c in rows:
            if isinstance(c, bytes):
                c = c.decode("utf-8")
            if c == chr(cp) and not (cs == "sjis" and cp == 0x5C):
                rep.add(c)
        corpus.REPERTOIRES[cs] = rep
        out += collations_of(m, cs, which)
    return out


def load_gaps(path):
    gaps = {}
    if not os.path.exists(path):
        return gaps
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            key, _, reason = line.partition("##")
            gaps[" ".join(key.split())] = reason.strip()
    return gaps


class Side:
    def __init__(self, label, port):
        self.label = label
        self.conn = pymysql.connect(host="127.0.0.1", port=port, user="root", password="", charset="utf8mb4",
                                    autocommit=True)
        self.cur = self.conn.cursor()

    def q(self, sql, args=None):
        self.cur.execute(sql, args)
        return self.cur.fetchall()

    def try_q(self, sql):
        return self.try_q_args(sql, None)

    def try_q_args(self, sql, args):
        try:
            return ("ok", self.q(sql, args))
        except pymysql.MySQLError as e:
            return ("error", e.args[0], e.args[1] if len(e.args) > 1 else "")


def show(s):
    return repr(s)


def like_escape(p):
    return p.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def probes_for(rows, cs, rng_seed=7):
    import random
    rng = random.Random(rng_seed)
    strings = [s for _, s in rows]
    picks = [rng.choice(strings) for _ in range(SB_PROBES if cs in corpus.REPERTOIRES or cs in WIDE else NPROBES)]
    eq = []
    for i, p in enumerate(picks):
        k = i % 6
        q = p if k < 2 else p.upper() if k == 2 else p.lower() if k == 3 else p + " " if k == 4 else " " + p
        eq.append(q if corpus.fits(q, cs) else p)   # (Python's upper('µ') is Greek)
    like = []
    for i, p in enumerate(picks):
        n = 1 + i % 3
        like.append(like_escape(p[:n]) + "%")
    return eq, like


WORDS = ["the", "cafe", "resume", "strasse", "muller", "aarhus", "ae", "oe", "ss", "fi", "nightjar", "coffee",
         "performance", "a", "I", "<p>", "</p>", "wp:paragraph", "--", "e", "E", "s", "S", "12", "x_y", "50%"]


def contains_texts(strings, cs, rng):
    """400 long texts: corpus strings between ASCII words, from no corpus strings to
    nothing else, 0 to about 700 characters (the SIMD scan takes texts of the literal's
    length + 32 bytes and more, the scalar search the shorter ones)."""
    out = []
    pool = [x for x in strings if corpus.fits(x, cs)]
    for i in range(400):
        dense = (0.0, 0.03, 0.1, 0.4, 0.95)[i % 5]
        parts = []
        for _ in range(rng.choice((1, 3, 10, 40, 120))):
            parts.append(rng.choice(pool) if rng.random() < dense else rng.choice(WORDS))
        t = rng.choice(("", " ", "\n")).join(parts)
        out.append((i + 1, t[:700]))
    return out


def fold_ascii(w):
    """w with its accents dropped and compatibility forms decomposed; None if that is
    not printable ASCII."""
    import unicodedata
    f = "".join(c for c in unicodedata.normalize("NFKD", w) if not unicodedata.combining(c))
    f = f.replace("ß", "ss")
    return f if f and all(0x20 <= ord(c) < 0x7f for c in f) else None


def contains_probes(texts, rng):
    probes = []
    while len(probes) < 150:
        t = rng.choice(texts)[1]
        if len(t) < 2:
            continue
        n = rng.randint(1, 12)
        at = rng.randint(0, max(0, len(t) - n))
        w = t[at:at + n]
        k = len(probes) % 10
        if k < 7:
            w = fold_ascii(w)          # an ASCII literal that equals non-ASCII text
            if w is None:
                continue
            if k == 1:
                w = w.upper()
            elif k == 2:
                w = w.lower()
        elif k == 8:
            w = rng.choice(WORDS)
        probes.append("%" + like_escape(w) + "%")   # (k 7 and 9: the window as it is)
    # '%a%b%': two windows of one text, folded to ASCII, in order (every fourth reversed)
    multi = []
    while len(multi) < 40:
        t = rng.choice(texts)[1]
        if len(t) < 8:
            continue
        at = rng.randint(0, len(t) - 8)
        at2 = rng.randint(at + 3, len(t) - 3)
        a, b = fold_ascii(t[at:at + rng.randint(2, 6)]), fold_ascii(t[at2:at2 + rng.randint(2, 6)])
        if not a or not b or "%" in a + b or "_" in a + b:
            continue
        if len(multi) % 4 == 3:
            a, b = b, a
        multi.append("%" + like_escape(a) + "%" + like_escape(b) + "%")
    return probes + multi


def compare_contains(m, p, cs, coll, strings):
    """'%literal%' over long texts: the same rows on both."""
    rng = __import__("random").Random(11)
    tbl = "x_" + coll
    texts = contains_texts(strings, cs, rng)
    for side in (m, p):
        side.q("DROP TABLE IF EXISTS " + tbl)
        side.q("CREATE TABLE %s (id INT NOT NULL PRIMARY KEY, t TEXT CHARACTER SET %s COLLATE %s)" % (tbl, cs, coll))
        for i in range(0, len(texts), 100):
            side.q("INSERT INTO %s VALUES " % tbl + ", ".join(
                "(%d, %s)" % (rid, side.conn.escape(t)) for rid, t in texts[i:i + 100]))
    det = []
    bad = 0
    probes = contains_probes(texts, rng)
    if len(strings) <= SB_FROM_CORPUS + SB_EXTRA:   # (the smaller collations: a third of them)
        probes = probes[::3]
    for pr in probes:
        q = "SELECT GROUP_CONCAT(id ORDER BY id) FROM %s WHERE t LIKE %%s" % tbl
        a, b = m.try_q_args(q, (pr,)), p.try_q_args(q, (pr,))
        if a != b:
            bad += 1
            if len(det) < 8:
                det.append(("t LIKE %s: MariaDB %s, pressdb %s" % (show(pr), a, b))[:400])
    for side in (m, p):
        side.q("DROP TABLE " + tbl)
    return bad, det


def compare_collation(m, p, cs, coll, rows, verbose):
    """Returns {check: (n_mismatches, [detail lines])}."""
    res = {}
    tbl = "c_" + coll
    ddl = ("CREATE TABLE %s (id INT NOT NULL PRIMARY KEY, s VARCHAR(100) CHARACTER SET %s COLLATE %s NOT NULL, "
           "KEY ks (s)) ENGINE=InnoDB" % (tbl, cs, coll))
    for side in (m, p):
        side.q("DROP TABLE IF EXISTS " + tbl)
        side.q(ddl)
        for i in range(0, len(rows), 500):
            part = rows[i:i + 500]
            sql = "INSERT INTO %s (id, s) VALUES " % tbl + ", ".join(
                "(%d, %s)" % (rid, side.conn.escape(s)) for rid, s in part)
            side.q(sql)
    text = dict(rows)

    # order
    om = [r[0] for r in m.q("SELECT id FROM %s ORDER BY s, id" % tbl)]
    op = [r[0] for r in p.q("SELECT id FROM %s ORDER BY s, id" % tbl)]
    det = []
    if om != op:
        rank = {rid: i for i, rid in enumerate(om)}
        bad = 0
        for a, b in zip(op, op[1:]):
            if rank.get(a, -1) > rank.get(b, -1):
                bad += 1
                if len(det) < 8:
                    det.append("pressdb puts %s (id %d) before %s (id %d); MariaDB after"
                               % (show(text.get(a)), a, show(text.get(b)), b))
        if len(om) != len(op):
            det.insert(0, "row counts %d (MariaDB) vs %d (pressdb)" % (len(om), len(op)))
            bad += 1
        res["order"] = (max(bad, 1), det)
    else:
        res["order"] = (0, [])

    # group
    q = "SELECT GROUP_CONCAT(id ORDER BY id SEPARATOR ',') FROM %s GROUP BY s" % tbl
    gm = set(r[0] for r in m.q(q))
    gp = set(r[0] for r in p.q(q))
    det = []
    only_m, only_p = gm - gp, gp - gm
    for g in sorted(only_m)[:4]:
        ids = [int(x) for x in g.split(",")]
        det.append("MariaDB group %s" % [text[i] for i in ids][:6])
    for g in sorted(only_p)[:4]:
        ids = [int(x) for x in g.split(",")]
        det.append("pressdb group %s" % [text[i] for i in ids][:6])
    if only_m or only_p:
        det.insert(0, "%d groups on MariaDB, %d on pressdb; %d/%d differ" % (len(gm), len(gp), len(only_m), len(only_p)))
    res["group"] = (len(only_m) + len(only_p), det)

    # distinct
    qs = ["SELECT COUNT(DISTINCT s) FROM %s" % tbl, "SELECT COUNT(*) FROM (SELECT DISTINCT s FROM %s) x" % tbl]
    det = []
    for qq in qs:
        a, b = m.q(qq)[0][0], p.q(qq)[0][0]
        if a != b:
            det.append("%s: MariaDB %s, pressdb %s" % (qq, a, b))
    res["distinct"] = (len(det), det)

    # eq and like probes
    eqp, likep = probes_for(rows, cs)
    def count(side, hint, op_, pr):
        try:
            return side.q("SELECT COUNT(*) FROM %s%s WHERE s %s %%s" % (tbl, hint, op_), (pr,))[0][0]
        except pymysql.MySQLError as e:
            return "error %s" % e.args[0]

    for check, probes, op_, hint in (("eq", eqp, "=", ""), ("like", likep, "LIKE", " IGNORE INDEX (ks)")):
        det = []
        bad = 0
        for pr in probes:
            a, b = count(m, hint, op_, pr), count(p, hint, op_, pr)
            if a != b:
                bad += 1
                if len(det) < 8:
                    det.append("s %s %s: MariaDB %s, pressdb %s" % (op_, show(pr), a, b))
        res[check] = (bad, det)
    # LIKE through the index: where MariaDB's range scan answers differently from its
    # own full scan (like_range), pressdb is compared with the full scan's answer
    det, det_r = [], []
    bad = bad_r = 0
    for pr in likep:
        a, af, b = count(m, " FORCE INDEX (ks)", "LIKE", pr), count(m, " IGNORE INDEX (ks)", "LIKE", pr), \
            count(p, " FORCE INDEX (ks)", "LIKE", pr)
        if a == b:
            continue
        if a != af:
            bad_r += 1
            if len(det_r) < 8:
                det_r.append("s LIKE %s: MariaDB %s through its index, %s by a full scan; pressdb %s"
                             % (show(pr), a, af, b))
            if b == af:
                continue
        bad += 1
        if len(det) < 8:
            det.append("s LIKE %s: MariaDB %s, pressdb %s (through the index)" % (show(pr), a, b))
    res["like_index"] = (bad, det)
    res["like_range"] = (bad_r, det_r)

    res["contains"] = compare_contains(m, p, cs, coll, [x for _, x in rows])

    # functions
    q = "SELECT id, UPPER(s), LOWER(s), CHAR_LENGTH(s) FROM %s WHERE id %% 7 = 0 ORDER BY id" % tbl
    fm, fp = m.q(q), p.q(q)
    for k, check in ((1, "upper"), (2, "lower"), (3, "char_length")):
        det = []
        bad = 0
        pm = {r[0]: r[k] for r in fp}
        for r in fm:
            if pm.get(r[0]) != r[k]:
                bad += 1
                if len(det) < 8:
                    det.append("%s(%s): MariaDB %s, pressdb %s" % (check.upper(), show(text[r[0]]), show(r[k]),
                                                                 show(pm.get(r[0]))))
        if len(fm) != len(fp):
            bad += 1
            det.insert(0, "row counts differ")
        res[check] = (bad, det)
    for side in (m, p):
        side.q("DROP TABLE " + tbl)
    return res


def check_names(m, p):
    out = {}
    for name in UNKNOWN_OR_NOT:
        det = []
        for sql in ("CREATE TABLE n_x (s VARCHAR(10) COLLATE %s)" % name,
                    "SELECT 'a' COLLATE %s = 'A'" % name,
                    "SELECT COUNT(*) FROM information_schema.COLLATIONS WHERE COLLATION_NAME = '%s'" % name):
            a, b = m.try_q(sql), p.try_q(sql)
            if a != b:
                det.append("%s: MariaDB %s, pressdb %s" % (sql, a, b))
            for side in (m, p):
                side.try_q("DROP TABLE IF EXISTS n_x")
        out[name] = {"error": (len(det), det)}
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--server", default=os.path.join(ROOT, "build", "pressdb"))
    ap.add_argument("--full", action="store_true", help="60,000 strings instead of 12,000")
    ap.add_argument("--size", type=int, help="corpus size")
    ap.add_argument("--only", help="collations whose name contains this")
    ap.add_argument("--mariadb-port", type=int, help="use a running MariaDB (root, no password)")
    ap.add_argument("--pressdb-port", type=int, help="use a running pressdb (root, no password)")
    ap.add_argument("--single-byte", choices=("all", "defaults"), default="all",
                    help="the single-byte and East Asian charsets' collations: all, or each one's default and _bin")
    ap.add_argument("-v", action="store_true", help="show the differences behind known gaps too")
    ap.add_argument("--self-test", action="store_true", help="compare MariaDB with a second MariaDB")
    args = ap.parse_args()
    t0 = time.time()
    size = args.size or (60000 if args.full else 12000)
    strings = corpus.corpus(size)
    gaps = load_gaps(os.path.join(HERE, "known_gaps.txt"))
    area = servers.TempArea()
    failed = True
    try:
        mport = args.mariadb_port or servers.start_mariadb(area).port
        if args.pressdb_port:
            pport = args.pressdb_port
        elif args.self_test:
            pport = servers.start_mariadb(area, name="mariadb2", label="MariaDB 2").port
        else:
            pport = servers.start_pressdb(area, os.path.abspath(args.server)).port
        m, p = Side("MariaDB", mport), Side("pressdb", pport)
        for side in (m, p):
            side.q("DROP DATABASE IF EXISTS t_collation")
            side.q("CREATE DATABASE t_collation CHARACTER SET utf8mb4")
            side.q("USE t_collation")
            side.q("SET SESSION group_concat_max_len = 1000000")
        results = {}
        more = [x for x in MORE_UNICODE if args.single_byte == "all" or x[1] == x[0] + "_general_ci"]
        if args.single_byte == "all":   # the language collations (utf8mb4's; the other charsets' share the code)
            more += [("utf8mb4", c) for c, in m.q(
                "SELECT COLLATION_NAME FROM information_schema.COLLATIONS WHERE CHARACTER_SET_NAME = 'utf8mb4' "
                "AND COLLATION_NAME NOT RLIKE '_(general|unicode|unicode_520)_(nopad_)?ci$|_bin$' ORDER BY ID")]
        for cs, coll in (COLLATIONS + more + single_byte_collations(m, args.single_byte)
                         + east_asian_collations(m, args.single_byte)):
            if args.only and args.only not in coll:
                continue
            charset_rep = corpus.REPERTOIRES.get(cs)
            if coll in COLL_REPERTOIRES:   # (until this collation's comparison is done)
                corpus.REPERTOIRES[cs] = COLL_REPERTOIRES[coll]
            rows = [(i + 1, s) for i, s in enumerate(strings) if corpus.fits(s, cs)]
            if (cs, coll) in more:
                rows = rows[:SB_FROM_CORPUS + SB_EXTRA]
            if "thai_520" in coll:
                rows += [(len(strings) + 1 + i, s) for i, s in enumerate(corpus.from_repertoire(THAI, SB_EXTRA, cs))]
            if cs in corpus.REPERTOIRES:
                rows = rows[:SB_FROM_CORPUS]
                rows += [(len(strings) + 1 + i, s)
                         for i, s in enumerate(corpus.from_repertoire(corpus.REPERTOIRES[cs], SB_EXTRA, cs))]
            t1 = time.time()
            try:
                results[coll] = compare_collation(m, p, cs, coll, rows, args.v)
            except pymysql.MySQLError as e:
                results[coll] = {"error": (1, ["%s: %s" % (coll, e)])}
                for side in (m, p):
                    side.try_q("DROP TABLE IF EXISTS c_" + coll)
            if charset_rep is not None:
                corpus.REPERTOIRES[cs] = charset_rep
            results[coll]["_rows"] = len(rows)
            results[coll]["_secs"] = time.time() - t1
        if not args.only:
            results.update(check_names(m, p))
        n_fail = n_gap = n_pass = 0
        used = set()
        print("collation test: %d strings" % len(strings))
        for coll, res in results.items():
            line = []
            for check in CHECKS:
                if check not in res:
                    continue
                bad, det = res[check]
                key = "%s %s" % (coll, check)
                if key not in gaps and "* " + check in gaps:
                    key = "* " + check
                if not bad:
                    n_pass += 1
                    if key in gaps and not key.startswith("* "):
                        print("  known gap now passes, remove it: %s" % key)
                        used.add(key)
                    continue
                if key in gaps and not args.self_test:
                    used.add(key)
                    n_gap += 1
                    line.append("%s %d (known gap)" % (check, bad))
                    if args.v:
                        for d in det:
                            print("      [%s] %s" % (check, d))
                else:
                    n_fail += 1
                    line.append("%s %d FAIL" % (check, bad))
                    print("FAIL %s %s: %d mismatches" % (coll, check, bad))
                    for d in det:
                        print("      " + d)
            extra = " (%d rows, %.1fs)" % (res["_rows"], res["_secs"]) if "_rows" in res else ""
            print("  %-26s %s%s" % (coll, "; ".join(line) if line else "all identical", extra))
        for key in sorted(set(gaps) - used):
            if args.only is None and not args.self_test:
                print("  known gap matched nothing: %s" % key)
        print("collation: %d checks passed, %d failed, %d known gaps; %.1fs"
              % (n_pass, n_fail, n_gap, time.time() - t0))
        failed = n_fail > 0
        return 1 if failed else 0
    finally:
        area.cleanup(failed)


if __name__ == "__main__":
    sys.exit(main())
