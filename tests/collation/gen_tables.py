#!/usr/bin/python3
"""Generate storage/coll_tables.c: MariaDB's own collation weights.

For every code point (0..0x10FFFF except surrogates) and each of the
collations below, asks a running MariaDB for
    WEIGHT_STRING(CONVERT(CHAR(cp USING utf32) USING utf8mb4) COLLATE c)
(the exact primary weights MariaDB sorts and compares by), and for each
contraction candidate (the strings ICU's root collator contracts) whether
MariaDB weighs the sequence differently from its characters one by one.
Writes the tables as C source; storage/collation.c compares and hashes with
them, so pressdb orders, groups and compares like MariaDB.

    /usr/bin/python3 tests/collation/gen_tables.py            # starts a private MariaDB
    /usr/bin/python3 tests/collation/gen_tables.py --port N   # uses a running one (root, no password)

The output only depends on the MariaDB version (and, for the contraction
candidates, on ICU's root collation); re-running it reproduces the file.
"""

import argparse
import contextlib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, HERE)

import pymysql  # noqa: E402

# (C name, MariaDB collation)
TABLES = [
    ("general", "utf8mb4_general_ci"),
    ("uca400", "utf8mb4_unicode_ci"),
    ("uca520", "utf8mb4_unicode_520_ci"),
    ("uca1400", "utf8mb4_uca1400_ai_ci"),
    ("general_mysql500", "utf8mb3_general_mysql500_ci"),   # (utf8mb3, ucs2 only: the BMP, the rest general's)
]
MAXCP = 0x10FFFF
IMPLICIT_BASES = (0xFB40, 0xFB80, 0xFBC0)
IMPL = 0x80000000
HEAD = 0x40000000
SELF = 0x20000000


@contextlib.contextmanager
def mariadb(socket=None, port=None):
    """A cursor on a running MariaDB (its socket, or 127.0.0.1:port; root without a
    password) or on a private one started for the while, and its version."""
    area = None
    kw = dict(user="root", password="", database="mysql", charset="utf8mb4", autocommit=True)
    if socket:
        kw["unix_socket"] = socket
    elif port:
        kw.update(host="127.0.0.1", port=port)
    else:
        import servers
        area = servers.TempArea()
        kw.update(host="127.0.0.1", port=servers.start_mariadb(area).port)
    try:
        cur = pymysql.connect(**kw).cursor()
        cur.execute("SELECT VERSION()")
        yield cur, cur.fetchone()[0]
    finally:
        if area:
            area.cleanup(False)


def write_source(path, out):
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    print("wrote", os.path.relpath(path, ROOT))


def weights_of(raw):
    return tuple((raw[i] << 8) | raw[i + 1] for i in range(0, len(raw), 2))


def implicit_base(cp, w):
    if len(w) != 2:
        return None
    for b in IMPLICIT_BASES:
        if w[0] == b + (cp >> 15) and w[1] == ((cp & 0x7FFF) | 0x8000):
            return b
    return None


def fetch_all(cur, coll):
    cs = coll.split("_")[0]
    cur.execute("SELECT seq, WEIGHT_STRING(CONVERT(CHAR(seq USING utf32) USING %s) COLLATE %s) "
                "FROM seq_0_to_%d WHERE seq NOT BETWEEN 55296 AND 57343"
                % (cs, coll, MAXCP if cs == "utf8mb4" else 0xFFFF))
    w = {}
    for cp, raw in cur.fetchall():
        w[cp] = weights_of(raw or b"")
    return w


def ws_many(cur, coll, strings):
    """MariaDB's weights of each string (list of str)."""
    out = []
    for i in range(0, len(strings), 500):
        part = strings[i:i + 500]
        sql = "SELECT " + ", ".join(
            "WEIGHT_STRING(CONVERT(UNHEX('%s') USING utf8mb4) COLLATE %s)" % (s.encode("utf-8").hex(), coll)
            for s in part)
        cur.execute(sql)
        out.extend(weights_of(r or b"") for r in cur.fetchone())
    return out


def simulate(cps, single, contr):
    """Weights of cps by greedy longest-match over the known contractions."""
    out = []
    i = 0
    while i < len(cps):
        for L in range(min(6, len(cps) - i), 1, -1):
            t = tuple(cps[i:i + L])
            if t in contr:
                out.extend(contr[t])
                i += L
                break
        else:
            out.extend(single[cps[i]])
            i += 1
    return tuple(out)


def find_contractions(cur, coll, single, candidates):
    contr = {}
    cands = [c for c in candidates if all(x in single for x in c)]
    for L in sorted(set(len(c) for c in cands)):
        group = [c for c in cands if len(c) == L]
        ws = ws_many(cur, coll, ["".join(chr(x) for x in c) for c in group])
        for c, w in zip(group, ws):
            if w != simulate(c, single, contr):
                contr[c] = w
    return contr


def pool_put(pool, pool_at, ws):
    """The offset of the weights ws in pool (added once; 0 for none)."""
    if not ws:
        return 0
    k = tuple(ws)
    if k not in pool_at:
        pool_at[k] = len(pool)
        pool.extend(ws)
    return pool_at[k]


def table_entry(cp, w, pool, pool_at):
    """The table entry of code point cp weighing w (storage/coll_tables.h), its weights
    pooled when there are several."""
    b = implicit_base(cp, w)
    if b is not None:
        return IMPL | b
    if w == (cp,):
        return SELF | (1 << 24)
    if len(w) == 1:
        return (1 << 24) | w[0]
    if len(w) > 31:
        raise SystemExit("weight list too long at U+%04X" % cp)
    return (len(w) << 24) | pool_put(pool, pool_at, w)


def emit_pool_contractions(out, name, pool, crows):
    """The arrays name_pool and name_contr; crows: (sequence, number of weights, offset)."""
    out.append("static const uint16_t %s_pool[%d] = {" % (name, max(1, len(pool))))
    for i in range(0, len(pool), 12):
        out.append("    " + ", ".join("0x%04x" % v for v in pool[i:i + 12]) + ",")
    if not pool:
        out.append("    0,")
    out.append("};")
    out.append("static const coll_contraction %s_contr[%d] = {" % (name, max(1, len(crows))))
    for c, n, off in crows:
        if len(c) > 6:
            raise SystemExit("contraction too long in %s" % name)
        cs = list(c) + [0] * (6 - len(c))
        out.append("    { { %s }, %d, %d, %d }," % (", ".join("0x%x" % x for x in cs), len(c), n, off))
    if not crows:
        out.append("    { { 0 }, 0, 0, 0 },")
    out.append("};")


def emit_list(out, ctype, name, rows, count_name):
    """const ctype name[n] = { rows }; and its count."""
    out.append("const %s %s[%d] = {" % (ctype, name, len(rows)))
    out += rows
    out.append("};")
    out.append("const unsigned %s = %d;" % (count_name, len(rows)))


def emit_table(out, name, single, contr):
    pool = []
    pool_at = {}
    heads = set(c[0] for c in contr)
    pages = []
    page_at = {}
    pagemap = []
    for p in range((MAXCP + 1) // 256):
        ent = []
        for cp in range(p * 256, p * 256 + 256):
            e = table_entry(cp, single.get(cp, ()), pool, pool_at)
            if cp in heads:
                e |= HEAD
            ent.append(e)
        t = tuple(ent)
        if t not in page_at:
            page_at[t] = len(pages)
            pages.append(t)
        pagemap.append(page_at[t])
    crows = []
    for c in sorted(contr):
        w = contr[c]
        crows.append((c, len(w), pool_put(pool, pool_at, w)))
    if len(pool) >= (1 << 24):
        raise SystemExit("pool too large")

    out.append("static const uint16_t %s_pagemap[%d] = {" % (name, len(pagemap)))
    for i in range(0, len(pagemap), 16):
        out.append("    " + ", ".join("%d" % v for v in pagemap[i:i + 16]) + ",")
    out.append("};")
    out.append("static const uint32_t %s_pages[%d][256] = {" % (name, len(pages)))
    for pg in pages:
        out.append("  {")
        for i in range(0, 256, 8):
            out.append("    " + ", ".join("0x%08x" % v for v in pg[i:i + 8]) + ",")
        out.append("  },")
    out.append("};")
    emit_pool_contractions(out, name, pool, crows)
    space = single[0x20]
    out.append("const coll_wtab coll_tab_%s = { %s_pagemap, %s_pages, %s_pool, %s_contr, %d, 0x%04x };"
               % (name, name, name, name, name, len(crows), space[0] if space else 0))
    out.append("")
    return len(pages), len(pool), len(crows)


# The higher levels of uca1400's accent- and case-sensitive collations: MariaDB's
# WEIGHT_STRING there is the primary weights, then the level's (as_ci: secondary,
# ai_cs: tertiary), so a level's weights are what follows the primary ones. Each level
# is a table of its own with the same contraction sequences as the primary table.
LEVELS = [("uca1400_l2", "utf8mb4_uca1400_as_ci"), ("uca1400_l3", "utf8mb4_uca1400_ai_cs")]


def level_rest(prim, full, what):
    if full[:len(prim)] != prim:
        raise SystemExit("%s: the weights do not start with the primary ones" % what)
    return full[len(prim):]


def like_pages(cur, coll, prim, single):
    """The pages whose characters MariaDB's LIKE compares by code point on this level
    (my_uca_charcmp finds no weights of this level there), found by asking LIKE of pairs
    of characters equal on both levels: a pair within a page decides that page, a pair
    across pages one whose partner's page is known to have weights."""
    groups = {}
    for cp, w in single.items():
        if w and prim.get(cp):
            groups.setdefault((prim[cp], w), []).append(cp)
    pairs = []
    for g in groups.values():
        by = {}
        for cp in g:
            by.setdefault(cp >> 8, []).append(cp)
        for pg, l in by.items():
            if len(l) > 1:
                pairs.append((l[0], l[1]))
        firsts = [l[0] for l in by.values()]
        pairs += [(firsts[0], c) for c in firsts[1:]]
    ok = {}
    for i in range(0, len(pairs), 300):
        part = pairs[i:i + 300]
        cur.execute("SELECT " + ", ".join("_utf8mb4 x'%s' LIKE _utf8mb4 x'%s' COLLATE %s"
                                          % (chr(a).encode().hex(), chr(b).encode().hex(), coll) for a, b in part))
        ok.update(zip(part, cur.fetchone()))
    has, lacks = set(), set()
    for (a, b), r in ok.items():
        if a >> 8 == b >> 8:
            (has if r else lacks).add(a >> 8)
        elif r:
            has.update((a >> 8, b >> 8))
    for _ in range(3):
        for (a, b), r in ok.items():
            if not r and a >> 8 != b >> 8:
                for x, y in ((a, b), (b, a)):
                    if y >> 8 in has and x >> 8 not in has:
                        lacks.add(x >> 8)
    if has & lacks:
        raise SystemExit("%s: pages both with and without weights: %s" % (coll, sorted(has & lacks)))
    return sorted(lacks)


def emit_levels(out, cur, prim, pcontr):
    """The level tables of LEVELS, from the primary weights prim and contractions pcontr,
    and the pages each level leaves to LIKE's code point comparison."""
    nolike = []
    for name, coll in LEVELS:
        full = fetch_all(cur, coll)
        single = {cp: level_rest(prim.get(cp, ()), w, "U+%04X" % cp) for cp, w in full.items()}
        seqs = sorted(pcontr)
        ws = ws_many(cur, coll, ["".join(chr(x) for x in c) for c in seqs])
        contr = {c: level_rest(pcontr[c], w, "contraction %r" % (c,)) for c, w in zip(seqs, ws)}
        npages, npool, nc = emit_table(out, name, single, contr)
        print("%s (%s): %d distinct pages, %d pooled weights, %d contractions" % (name, coll, npages, npool, nc))
        nolike.append(like_pages(cur, coll, prim, single))
    out.append("/* the pages (code point >> 8) where LIKE under the secondary, the tertiary level")
    out.append(" * compares characters by code point (MariaDB has no weights of that level there) */")
    for (name, _), pages in zip(LEVELS, nolike):
        out.append("static const uint16_t %s_nolike[%d] = {" % (name, max(1, len(pages))))
        for i in range(0, len(pages), 16):
            out.append("    " + ", ".join("0x%x" % v for v in pages[i:i + 16]) + ",")
        if not pages:
            out.append("    0xffff,")
        out.append("};")
    out.append("const coll_pageset coll_uca1400_nolike[2] = { { %s_nolike, %d }, { %s_nolike, %d } };"
               % (LEVELS[0][0], len(nolike[0]), LEVELS[1][0], len(nolike[1])))
    out.append("")
    print("pages LIKE compares by code point: %d (secondary), %d (tertiary)" % (len(nolike[0]), len(nolike[1])))


# Case mappings (UPPER/LOWER) of the utf8 and latin1 collations: MariaDB keeps one
# case table per collation family; identical ones are emitted once.
CASE_COLLS = ["utf8mb4_general_ci", "utf8mb4_bin", "utf8mb4_unicode_ci", "utf8mb4_unicode_520_ci",
              "utf8mb4_uca1400_ai_ci", "latin1_swedish_ci", "latin1_general_ci", "latin1_bin"]


def fetch_case(cur, coll, fn):
    """{cp: mapped cp} for the characters fn (UPPER/LOWER) changes."""
    latin1 = coll.startswith("latin1")
    if latin1:
        src = "CONVERT(CONVERT(UNHEX(HEX(seq)) USING latin1) USING utf8mb4)"
        top = 255
        ch = "CONVERT(UNHEX(HEX(seq)) USING latin1) COLLATE %s" % coll
    else:
        src = "CONVERT(CHAR(seq USING utf32) USING utf8mb4)"
        top = MAXCP
        ch = "%s COLLATE %s" % (src, coll)
    cur.execute("SELECT %s, CONVERT(%s(%s) USING utf8mb4) FROM seq_0_to_%d WHERE seq NOT BETWEEN 55296 AND 57343"
                % (src, fn, ch, top))
    m = {}
    for a, b in cur.fetchall():
        if a is None or b is None or a == b:
            continue
        if isinstance(a, bytes):
            a = a.decode("utf-8")
        if isinstance(b, bytes):
            b = b.decode("utf-8")
        if len(a) != 1 or len(b) != 1:
            raise SystemExit("%s(%r) under %s is not one character: %r" % (fn, a, coll, b))
        m[ord(a)] = ord(b)
    return m


def emit_cases(out, cur):
    names = {}
    refs = []
    for coll in CASE_COLLS:
        pair = (tuple(sorted(fetch_case(cur, coll, "UPPER").items())),
                tuple(sorted(fetch_case(cur, coll, "LOWER").items())))
        if pair not in names:
            n = "case%d" % len(names)
            names[pair] = n
            for fn, m in zip(("upper", "lower"), pair):
                out.append("static const uint32_t %s_%s[%d][2] = {" % (n, fn, max(1, len(m))))
                for i in range(0, len(m), 6):
                    out.append("    " + " ".join("{ 0x%x, 0x%x }," % kv for kv in m[i:i + 6]))
                if not m:
                    out.append("    { 0, 0 },")
                out.append("};")
        refs.append((coll, names[pair], len(pair[0]), len(pair[1])))
    out.append("/* UPPER and LOWER as MariaDB maps single characters (sorted by code point) */")
    out.append("const coll_casetab coll_cases[%d] = {" % len(refs))
    for coll, n, nu, nl in refs:
        out.append('    { "%s", %s_upper, %d, %s_lower, %d },' % (coll, n, nu, n, nl))
    out.append("};")
    out.append("const unsigned coll_ncases = %d;" % len(refs))
    print("case tables: %d distinct for %d collations" % (len(names), len(refs)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, help="use a running MariaDB on 127.0.0.1:PORT (root, no password)")
    ap.add_argument("--out", default=os.path.join(ROOT, "storage", "coll_tables.c"))
    args = ap.parse_args()
    with mariadb(port=args.port) as (cur, version):
        import icu_contractions
        cands = icu_contractions.contractions()
        out = ["/* coll_tables.c - MariaDB's collation weights, GENERATED by tests/collation/gen_tables.py",
               " * from MariaDB %s (WEIGHT_STRING of every code point and of the contraction" % version,
               " * candidates). Do not edit: re-run the generator. Format: storage/coll_tables.h. */",
               '#include "storage/coll_tables.h"', ""]
        singles = {}
        for name, coll in TABLES:
            single = singles[name] = fetch_all(cur, coll)
            if name == "general_mysql500":
                single.update((cp, w) for cp, w in singles["general"].items() if cp > 0xFFFF)
            contr = find_contractions(cur, coll, single, cands) if not name.startswith("general") else {}
            npages, npool, nc = emit_table(out, name, single, contr)
            print("%s (%s): %d distinct pages, %d pooled weights, %d contractions" % (name, coll, npages, npool, nc))
            if name == "uca1400":
                emit_levels(out, cur, single, contr)
        emit_cases(out, cur)
        write_source(args.out, out)


if __name__ == "__main__":
    main()
