#!/usr/bin/python3
"""Generate storage/mbcs_tables.c: MariaDB's multi-byte East Asian character sets.

For every character set that is neither Unicode nor single-byte (big5, ujis,
sjis, euckr, gb2312, gbk, cp932, eucjpms) asks a running MariaDB for:
  - what each byte, each pair of bytes with a lead byte that is no character by
    itself, and (for the three-byte charsets) each triple after 0x8f converts to
    (CONVERT(... USING utf32)): a character, one '?' for a well-formed code
    with no character, or '?' for the first byte alone (an ill-formed start);
  - the code each character of the BMP converts to (where it is not the one
    code that converts back to it);
  - per collation, the weight of each code (WEIGHT_STRING; the _bin ones and
    all three-byte codes weigh as their own bytes, which is checked), whether
    its comparisons follow those weights or the codes (random pairs), and the
    UPPER and LOWER of each character (and how much longer LOWER's type is).
The decoding it writes is then checked against MariaDB's CONVERT of random
byte strings.

    /usr/bin/python3 tests/collation/gen_mbcs.py            # starts a private MariaDB
    /usr/bin/python3 tests/collation/gen_mbcs.py --port N   # uses a running one (root, no password)

The output only depends on the MariaDB version; re-running it reproduces the
file. Format: storage/coll_tables.h.
"""

import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, HERE)

import gen_tables  # noqa: E402

ILSEQ, UNMAPPED = 0xFFFF, 0xFFFE


def hx(expr):
    return "LPAD(HEX(%s), 2, '0')" % expr


def utf32_chars(h):
    return [int(h[i:i + 8], 16) for i in range(0, len(h), 8)]


def classify(h):
    """A code's entry from its conversion to UTF-32: its character, UNMAPPED (one '?'
    for the whole code) or ILSEQ (the first byte is '?' by itself)."""
    cps = utf32_chars(h)
    if len(cps) == 1 and cps[0] != 0x3F:
        if cps[0] >= UNMAPPED:
            raise SystemExit("a code converts to U+%04X" % cps[0])
        return cps[0]
    if cps == [0x3F]:
        return UNMAPPED
    return ILSEQ


def decode_tables(cur, cs, three):
    cur.execute("SELECT a.seq, HEX(CONVERT(CONVERT(UNHEX(%s) USING %s) USING utf32)) FROM seq_0_to_255 a"
                % (hx("a.seq"), cs))
    one = [0] * 256
    for b, h in cur.fetchall():
        cps = utf32_chars(h)
        one[b] = cps[0] if cps != [0x3F] or b == 0x3F else ILSEQ
    two = {}
    leads = [b for b in range(256) if one[b] == ILSEQ]
    cur.execute("SELECT a.seq, b.seq, HEX(CONVERT(CONVERT(UNHEX(CONCAT(%s, %s)) USING %s) USING utf32)) "
                "FROM seq_0_to_255 a, seq_0_to_255 b WHERE a.seq IN (%s)"
                % (hx("a.seq"), hx("b.seq"), cs, ",".join(map(str, leads))))
    for a, b, h in cur.fetchall():
        two[a << 8 | b] = classify(h)
    threes = {}
    if three:
        cur.execute("SELECT b.seq, c.seq, HEX(CONVERT(CONVERT(UNHEX(CONCAT('8F', %s, %s)) USING %s) USING utf32)) "
                    "FROM seq_0_to_255 b, seq_0_to_255 c" % (hx("b.seq"), hx("c.seq"), cs))
        for b, c, h in cur.fetchall():
            e = classify(h)
            if e != ILSEQ:
                threes[0x8F0000 | b << 8 | c] = e
    return one, two, threes


def simulate(data, one, two, threes):
    """What the tables make of a byte string (as collation.c's decoder does)."""
    out, i = [], 0
    while i < len(data):
        b = data[i]
        if one[b] != ILSEQ:
            out.append(one[b])
            i += 1
            continue
        if i + 2 < len(data) and (b << 16 | data[i + 1] << 8 | data[i + 2]) in threes:
            e = threes[b << 16 | data[i + 1] << 8 | data[i + 2]]
            out.append(0x3F if e == UNMAPPED else e)
            i += 3
            continue
        e = two.get(b << 8 | data[i + 1], ILSEQ) if i + 1 < len(data) else ILSEQ
        if e == ILSEQ:
            out.append(0x3F)
            i += 1
        else:
            out.append(0x3F if e == UNMAPPED else e)
            i += 2
    return out


def check_random(cur, cs, one, two, threes, codes):
    rnd = random.Random(cs)
    samples = []
    for _ in range(3000):
        data = bytearray()
        for _ in range(rnd.randint(1, 8)):
            r = rnd.random()
            if r < 0.5:
                c = rnd.choice(codes)
                data += c.to_bytes(3 if c > 0xFFFF else 2 if c > 0xFF else 1, "big")
            else:
                data.append(rnd.randrange(256) if r < 0.8 else rnd.choice((0x8E, 0x8F, 0x81, 0xA1, 0xFE)))
        samples.append(bytes(data))
    for k in range(0, len(samples), 500):
        part = samples[k:k + 500]
        cur.execute("SELECT " + ", ".join("HEX(CONVERT(CONVERT(x'%s' USING %s) USING utf32))" % (s.hex(), cs)
                                          for s in part))
        for s, h in zip(part, cur.fetchone()):
            if utf32_chars(h) != simulate(s, one, two, threes):
                raise SystemExit("%s: decoding of %s differs: MariaDB %s, tables %s"
                                 % (cs, s.hex(), h, simulate(s, one, two, threes)))


def encode_exceptions(cur, cs, decoded):
    """{cp: code} where CONVERT to cs differs from the inverse of decoding (the lowest
    code of a character several stand for; 0 for one MariaDB does not convert back).
    ASCII keeps its own byte: MariaDB turns a backslash into sjis 0x815f, but text
    inside is UTF-8, and a sjis client's 0x5c must come back as it went in, as it does
    from MariaDB (which keeps a column's bytes)."""
    inverse = {}
    for code, cp in sorted(decoded.items()):
        inverse.setdefault(cp, code)
    cur.execute("SELECT a.seq, HEX(CONVERT(CONVERT(CHAR(a.seq USING utf32) USING utf8mb4) USING %s)) "
                "FROM seq_0_to_65535 a WHERE a.seq NOT BETWEEN 55296 AND 57343" % cs)
    exc = {}
    for cp, h in cur.fetchall():
        code = int(h, 16) if h and (h != "3F" or cp == 0x3F) else 0
        if code != inverse.get(cp, 0) and cp >= 0x80:
            exc[cp] = code
    first = min(inverse)
    return exc, first


def codes_of(one, two, threes):
    """{code: character} of every code that stands for a character."""
    d = {b: one[b] for b in range(256) if one[b] != ILSEQ}
    d.update({c: e for c, e in two.items() if e < UNMAPPED})
    d.update({c: e for c, e in threes.items() if e < UNMAPPED})
    return d


def code_expr(code):
    n = 3 if code > 0xFFFF else 2 if code > 0xFF else 1
    return "x'%0*X'" % (2 * n, code)


def fetch_per_code(cur, cs, codes, expr):
    """{code: value of expr(c)} for the codes, c the code as a string of cs."""
    out = {}
    for k in range(0, len(codes), 2000):
        part = codes[k:k + 2000]
        cur.execute("SELECT " + ", ".join(expr("CONVERT(%s USING %s)" % (code_expr(c), cs)) for c in part))
        out.update(zip(part, cur.fetchone()))
    return out


def weights(cur, cs, coll, codes):
    w = fetch_per_code(cur, cs, codes, lambda s: "HEX(WEIGHT_STRING(%s COLLATE %s))" % (s, coll))
    return {c: int(h, 16) for c, h in w.items()}, {c: len(h) // 2 for c, h in w.items()}


def cases(cur, cs, coll, decoded):
    codes = sorted(decoded)
    res = []
    for fn in ("UPPER", "LOWER"):
        m = fetch_per_code(cur, cs, codes, lambda s: "HEX(CONVERT(%s(%s COLLATE %s) USING utf32))" % (fn, s, coll))
        pairs = {}
        for c in codes:
            to = utf32_chars(m[c])
            if len(to) != 1:
                raise SystemExit("%s %s of %X is %d characters" % (coll, fn, c, len(to)))
            if to[0] != decoded[c]:
                pairs[decoded[c]] = to[0]
        res.append(sorted(pairs.items()))
    return res


class Emitter:
    def __init__(self):
        self.out = []

    def array(self, ctype, name, values, fmt="%d"):
        self.out.append("static const %s %s[%d] = {" % (ctype, name, max(len(values), 1)))
        for i in range(0, len(values), 16):
            self.out.append("    " + ",".join(fmt % v for v in values[i:i + 16]) + ",")
        if not values:
            self.out.append("    0,")
        self.out.append("};")
        return name

    def pairs(self, name, pairs):
        self.out.append("static const uint32_t %s[%d][2] = {" % (name, max(len(pairs), 1)))
        for i in range(0, len(pairs), 8):
            self.out.append("    " + ",".join("{0x%x,0x%x}" % p for p in pairs[i:i + 8]) + ",")
        if not pairs:
            self.out.append("    {0, 0},")
        self.out.append("};")
        return name


def rows_of(table):
    """The rows of a decoding table: per prefix, the range of last bytes that are not
    all ill-formed, and their entries."""
    by = {}
    for code, e in table.items():
        if e != ILSEQ:
            by.setdefault(code >> 8, {})[code & 0xFF] = e
    rows = []
    for prefix in sorted(by):
        lo, hi = min(by[prefix]), max(by[prefix])
        rows.append((prefix, lo, hi, [by[prefix].get(t, ILSEQ) for t in range(lo, hi + 1)]))
    return rows


def compares_by(cur, cs, coll, codes, w):
    """What MariaDB's comparisons in coll follow, "weights" or "codes" (big5_chinese_ci's
    WEIGHT_STRING is a stroke order with few distinct weights, its comparisons are by
    code), from random pairs of two-byte codes."""
    rnd = random.Random(coll)
    mb = [c for c in codes if 0xFF < c <= 0xFFFF]
    pairs = [(rnd.choice(mb), rnd.choice(mb)) for _ in range(3000)]
    seen = []
    for k in range(0, len(pairs), 500):
        part = pairs[k:k + 500]
        cur.execute("SELECT " + ", ".join("STRCMP(CONVERT(%s USING %s) COLLATE %s, CONVERT(%s USING %s))"
                                          % (code_expr(a), cs, coll, code_expr(b), cs) for a, b in part))
        seen += list(cur.fetchone())
    sign = lambda x, y: (x > y) - (x < y)  # noqa: E731
    if all(r == sign(w[a], w[b]) for (a, b), r in zip(pairs, seen)):
        return "weights"
    if all(r == sign(a, b) for (a, b), r in zip(pairs, seen)):
        return "codes"
    raise SystemExit("%s compares by neither its weights nor its codes" % coll)


def emit_charset(em, cs, one, two, threes, collw):
    """The decoding rows, and per code of those rows its weight in the ci collations
    (collw: {code: weight} or None when every code weighs as its bytes)."""
    rows = rows_of(two) + rows_of(threes)
    entries, wts, rowdefs = [], [], []
    for prefix, lo, hi, ents in rows:
        rowdefs.append("{0x%04x,0x%02x,0x%02x,%d}" % (prefix, lo, hi, len(entries)))
        for t, e in zip(range(lo, hi + 1), ents):
            entries.append(e)
            code = prefix << 8 | t
            if collw is not None:
                wts.append(collw.get(code, 0) if code <= 0xFFFF else 0)
    em.out.append("static const mb_row rows_%s[%d] = {" % (cs, len(rowdefs)))
    for i in range(0, len(rowdefs), 6):
        em.out.append("    " + ",".join(rowdefs[i:i + 6]) + ",")
    em.out.append("};")
    em.array("uint16_t", "ent_" + cs, entries)
    em.array("uint16_t", "one_" + cs, one)
    wname = em.array("uint16_t", "w_" + cs, wts) if collw is not None else "NULL"
    return len(rowdefs), wname


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, help="use a running MariaDB on 127.0.0.1:PORT (root, no password)")
    ap.add_argument("--socket", help="use a running MariaDB on this socket (root, no password)")
    ap.add_argument("--out", default=os.path.join(ROOT, "storage", "mbcs_tables.c"))
    args = ap.parse_args()
    with gen_tables.mariadb(socket=args.socket, port=args.port) as (cur, version):
        cur.execute("SELECT s.CHARACTER_SET_NAME, s.DESCRIPTION, s.MAXLEN, c.ID FROM information_schema.CHARACTER_SETS s "
                    "JOIN information_schema.COLLATIONS c ON c.COLLATION_NAME = s.DEFAULT_COLLATE_NAME "
                    "WHERE s.MAXLEN > 1 AND s.CHARACTER_SET_NAME NOT LIKE 'utf%%' AND s.CHARACTER_SET_NAME <> 'ucs2' "
                    "ORDER BY c.ID")
        charsets = cur.fetchall()
        em = Emitter()
        csrows, collrows = [], []
        for cs, desc, maxlen, defid in charsets:
            one, two, threes = decode_tables(cur, cs, maxlen == 3)
            decoded = codes_of(one, two, threes)
            codes = sorted(decoded)
            check_random(cur, cs, one, two, threes, [c for c in codes if c > 0x7F])
            exc, _ = encode_exceptions(cur, cs, decoded)
            cur.execute("SELECT ID, COLLATION_NAME, IS_DEFAULT, SORTLEN FROM information_schema.COLLATIONS "
                        "WHERE CHARACTER_SET_NAME = %s ORDER BY ID", (cs,))
            colls = cur.fetchall()
            ciw, case = None, None
            for cid, name, isdef, sortlen in colls:
                w, wlen = weights(cur, cs, name, codes)
                n_of = {c: 3 if c > 0xFFFF else 2 if c > 0xFF else 1 for c in codes}
                if any(wlen[c] != n_of[c] for c in codes):
                    raise SystemExit("%s: a weight of another length than its code" % name)
                if name.endswith("_bin"):
                    if any(w[c] != c for c in codes):
                        raise SystemExit("%s: a weight that is not the code" % name)
                else:
                    if any(w[c] != c for c in codes if c > 0xFFFF):
                        raise SystemExit("%s: a three-byte code's weight is not the code" % name)
                    if ciw is not None and w != ciw:
                        raise SystemExit("%s: other weights than its charset's other _ci" % name)
                    ciw = w
                cc = cases(cur, cs, name, decoded)
                if case is not None and cc != case:
                    raise SystemExit("%s: other UPPER/LOWER than its charset's other collations" % name)
                case = cc
                collrows.append('    { %d, "%s", %d, %d, %s, %s, %s, %s },' % (
                    cid, name, len(csrows), sortlen, "true" if isdef == "Yes" else "false",
                    "false" if "_nopad_" in name else "true", "true" if name.endswith("_ci") else "false",
                    "true" if name.endswith("_bin") else "false"))
            ones_w = [ciw.get(b, 0) for b in range(256)]
            mbw = {c: v for c, v in ciw.items() if 0xFF < c <= 0xFFFF}
            same = all(v == c for c, v in mbw.items())
            nrows, wname = emit_charset(em, cs, one, two, threes, None if same else mbw)
            by = "codes" if same else compares_by(cur, cs, [c[1] for c in colls if c[2] == "Yes"][0], codes, ciw)
            wname, xname = (wname, "NULL") if by == "weights" else ("NULL", wname)
            em.array("uint8_t", "w1_" + cs, ones_w)
            ex = sorted(exc.items())
            em.pairs("enc_" + cs, ex)
            up = em.pairs("up_" + cs, case[0])
            lo = em.pairs("lo_" + cs, case[1])
            cur.execute("SELECT LOWER(CONVERT('a' USING %s)), UPPER(CONVERT('a' USING %s))" % (cs, cs))
            lens = [f[3] for f in cur.description]   # (MariaDB's casedn_multiply, in the type's length)
            csrows.append('    { "%s", "%s", %d, %d, %d, one_%s, rows_%s, %d, ent_%s, w1_%s, %s, %s, enc_%s, %d, %s, %d, %s, %d },'
                          % (cs, desc, defid, maxlen, lens[0] // lens[1], cs, cs, nrows, cs, cs, wname, xname, cs,
                             len(ex), up, len(case[0]), lo, len(case[1])))
            print("%-8s %5d codes, %d rows, %d encode exceptions, weights %s, compared by %s, %d/%d case pairs"
                  % (cs, len(codes), nrows, len(ex), "own" if not same else "the codes", by, len(case[0]),
                     len(case[1])))
        out = ["/* mbcs_tables.c - MariaDB's multi-byte East Asian character sets, GENERATED by",
               " * tests/collation/gen_mbcs.py from MariaDB %s (each code's character, the codes" % version,
               " * characters convert to, per collation the weights, UPPER and LOWER). Do not edit:",
               " * re-run the generator. Format: storage/coll_tables.h. */",
               '#include "storage/coll_tables.h"', "#include <stddef.h>", ""]
        out += em.out
        out.append("")
        gen_tables.emit_list(out, "mb_charset", "mb_charsets", csrows, "mb_ncharsets")
        out.append("")
        gen_tables.emit_list(out, "mb_coll", "mb_colls", collrows, "mb_ncolls")
        gen_tables.write_source(args.out, out)
        print("%d character sets, %d collations" % (len(csrows), len(collrows)))


if __name__ == "__main__":
    main()
