#!/usr/bin/python3
"""Generate storage/coll_tailor.c: MariaDB's language collations of Unicode.

utf8mb4_swedish_ci, _german2_ci, _czech_ci ... (and their utf8mb3, ucs2, utf16 and
utf32 twins) are UCA 4.0.0 (myanmar: 5.2.0) with a language's tailoring. For each,
asks a running MariaDB for
  - the weights of every code point (WEIGHT_STRING), kept where they differ from
    the base collation's (storage/coll_tables.c, gen_tables.py);
  - its contractions: of the candidates (ICU's contractions for the language's
    locale and the root's, and every pair of ASCII letters), those MariaDB weighs
    otherwise than character by character (Czech "ch", Danish "aa" ...);
  - UPPER and LOWER where they differ from the base collation's (Turkish i);
  - the collation's id in each Unicode charset.
thai_520_w2 is UCA 5.2.0 with Thai's prevowel contractions and two levels: a tailoring
of the unicode_520 table for the primary level and one of uca1400's secondary table
for the other (thai_520_w2).

    /usr/bin/python3 tests/collation/gen_tailor.py --socket PATH   # a running MariaDB
    /usr/bin/python3 tests/collation/gen_tailor.py                 # starts a private one

The output depends only on the MariaDB version and, for the candidates, ICU's
tailorings; re-running it reproduces the file. Format: storage/coll_tables.h.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
sys.path.insert(0, HERE)

import gen_tables  # noqa: E402
import icu_contractions  # noqa: E402

# MariaDB's name (after utf8mb4_) -> ICU locale of the candidates
LOCALES = {
    "icelandic_ci": "is", "latvian_ci": "lv", "romanian_ci": "ro", "slovenian_ci": "sl", "polish_ci": "pl",
    "estonian_ci": "et", "spanish_ci": "es", "swedish_ci": "sv", "turkish_ci": "tr", "czech_ci": "cs",
    "danish_ci": "da", "lithuanian_ci": "lt", "slovak_ci": "sk", "spanish2_ci": "es@collation=traditional",
    "roman_ci": "la", "persian_ci": "fa", "esperanto_ci": "eo", "hungarian_ci": "hu", "sinhala_ci": "si",
    "german2_ci": "de@collation=phonebook", "croatian_mysql561_ci": "hr", "vietnamese_ci": "vi",
    "croatian_ci": "hr", "myanmar_ci": "my",
}
CHARSETS = ["utf8mb3", "utf8mb4", "ucs2", "utf16", "utf32"]
# every pair of ASCII letters is a candidate too: MariaDB's Lithuanian contracts "ch",
# which ICU's "lt" no longer does
LETTERS = [ord(c) for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"]
LETTER_PAIRS = set((a, b) for a in LETTERS for b in LETTERS)
BASES = {1: "utf8mb4_unicode_ci", 2: "utf8mb4_unicode_520_ci"}


def case_diff(cur, coll, base, fn):
    cur.execute("SELECT seq, ORD(CONVERT(%s(CONVERT(CHAR(seq USING utf32) USING utf8mb4) COLLATE %s) USING utf32)) "
                "FROM seq_0_to_65535 WHERE (seq < 55296 OR seq > 57343) AND BINARY %s(CONVERT(CHAR(seq USING utf32) "
                "USING utf8mb4) COLLATE %s) <> BINARY %s(CONVERT(CHAR(seq USING utf32) USING utf8mb4) COLLATE %s)"
                % (fn, coll, fn, coll, fn, base))
    return sorted(cur.fetchall())


def emit_cases(out, cur, coll, base, name):
    """The arrays name_upper and name_lower: UPPER and LOWER where coll changes a
    character otherwise than base; their lengths."""
    cases = []
    for fn in ("UPPER", "LOWER"):
        d = case_diff(cur, coll, base, fn)
        out.append("static const uint32_t %s_%s[%d][2] = { %s };" % (
            name, fn.lower(), max(1, len(d)), " ".join("{ 0x%x, 0x%x }," % x for x in d) or "{ 0, 0 },"))
        cases.append(len(d))
    return cases


def emit_tailor(out, name, single, bweights, contr):
    """A tailoring's arrays (name_over, _pool, _contr) against the base weights bweights;
    returns (number of overrides, number of contractions)."""
    pool, pool_at = [], {}
    over = [(cp, gen_tables.table_entry(cp, w, pool, pool_at)) for cp, w in sorted(single.items())
            if bweights.get(cp) != w]
    out.append("static const uint32_t %s_over[%d][2] = {" % (name, max(1, len(over))))
    for i in range(0, len(over), 6):
        out.append("    " + " ".join("{ 0x%x, 0x%08x }," % x for x in over[i:i + 6]))
    if not over:
        out.append("    { 0, 0 },")
    out.append("};")
    # (a contraction's weights always in the pool, one weight too)
    cr = [(c, len(contr[c]), gen_tables.pool_put(pool, pool_at, contr[c])) for c in sorted(contr)]
    gen_tables.emit_pool_contractions(out, name, pool, cr)
    return len(over), len(cr)


def uca1400_languages(cur, root, out, rows):
    """uca1400's languages (utf8mb4_uca1400_swedish_ai_ci ...): each a tailoring of the
    uca1400 table (base 3) for the primary level and of its secondary and tertiary
    tables (bases 4 and 5, see gen_tables.LEVELS) for the others, made of the same
    contractions; the collations of each charset are numbered from the language's
    number (MariaDB's id = the charset's base + 8 * number)."""
    prim = gen_tables.fetch_all(cur, "utf8mb4_uca1400_ai_ci")
    rcontr = gen_tables.find_contractions(cur, "utf8mb4_uca1400_ai_ci", prim, sorted(root))
    rseqs = sorted(rcontr)
    lv_base, lv_rcontr = {}, {}
    for lv, (_, coll) in enumerate(gen_tables.LEVELS):
        full = gen_tables.fetch_all(cur, coll)
        lv_base[lv] = {cp: gen_tables.level_rest(prim.get(cp, ()), w, "U+%04X" % cp) for cp, w in full.items()}
        ws = gen_tables.ws_many(cur, coll, ["".join(chr(x) for x in c) for c in rseqs])
        lv_rcontr[lv] = {c: gen_tables.level_rest(rcontr[c], w, "%s %r" % (coll, c)) for c, w in zip(rseqs, ws)}
    cur.execute("SELECT COLLATION_NAME, ID FROM information_schema.COLLATION_CHARACTER_SET_APPLICABILITY "
                "WHERE CHARACTER_SET_NAME = 'utf8mb4' AND COLLATION_NAME LIKE 'uca1400\\_%\\_ai\\_ci' "
                "AND COLLATION_NAME NOT LIKE '%nopad%' ORDER BY ID")
    for cname, cid in cur.fetchall():
        lang = cname[len("uca1400_"):-len("_ai_ci")]
        num = (cid - 2304) // 8
        locale = LOCALES.get(lang + "_ci")
        coll = "utf8mb4_uca1400_%s_ai_ci" % lang
        single = gen_tables.fetch_all(cur, coll)
        cands = sorted(root | (set(icu_contractions.contractions(locale)) if locale else set()) | LETTER_PAIRS)
        contr = gen_tables.find_contractions(cur, coll, single, cands)
        # the sequences the root contracts keep their weights unless the language's differ
        # (storage/collation.c's tailor_build merges the base's contractions in)
        seqs = sorted(set(contr) | set(rseqs))
        ws = gen_tables.ws_many(cur, coll, ["".join(chr(x) for x in c) for c in seqs])
        w1 = {c: contr.get(c, w) for c, w in zip(seqs, ws)}
        name = "uca1400_" + lang
        n1 = emit_tailor(out, name, single, prim, {c: w for c, w in w1.items() if rcontr.get(c) != w})
        idx = len(rows)
        lvrows = []
        for lv, (_, lcoll) in enumerate(gen_tables.LEVELS):
            lcoll = lcoll.replace("uca1400_", "uca1400_%s_" % lang)
            full = gen_tables.fetch_all(cur, lcoll)
            lsingle = {cp: gen_tables.level_rest(single.get(cp, ()), w, "%s U+%04X" % (lcoll, cp)) for cp, w in full.items()}
            ws = gen_tables.ws_many(cur, lcoll, ["".join(chr(x) for x in c) for c in seqs])
            lcontr = {c: gen_tables.level_rest(w1[c], w, "%s %r" % (lcoll, c)) for c, w in zip(seqs, ws)}
            lcontr = {c: w for c, w in lcontr.items() if lv_rcontr[lv].get(c) != w or c not in rcontr}
            lname = "%s_l%d" % (name, lv + 2)
            nl = emit_tailor(out, lname, lsingle, lv_base[lv], lcontr)
            lvrows.append('    { "%s", %d, %s_over, %d, %s_pool, %s_contr, %d, 0, 0, 0, 0, { 0, 0, 0, 0, 0 }, 0, '
                          '{ -1, -1 } },' % (lname, 4 + lv, lname, nl[0], lname, lname, nl[1]))
        cases = emit_cases(out, cur, coll, "utf8mb4_uca1400_ai_ci", name)
        rows.append('    { "%s", 3, %s_over, %d, %s_pool, %s_contr, %d, %s_upper, %d, %s_lower, %d, { 0, 0, 0, 0, 0 }, %d, '
                    '{ %d, %d } },' % (lang, name, n1[0], name, name, n1[1], name, cases[0], name, cases[1], num,
                                       idx + 1, idx + 2))
        rows += lvrows
        print("%-32s %d: %d code points, %d contractions; levels %s" % (coll, num, n1[0], n1[1], lvrows and "ok"))


def split_levels(w):
    """A thai_520_w2 weight string as (primary, secondary): UCA 5.2.0's primary weights
    are all 0x0201 or more, its secondary ones all below 0x0200."""
    k = 0
    while k < len(w) and w[k] >= 0x200:
        k += 1
    if any(x >= 0x200 for x in w[k:]):
        raise SystemExit("thai_520_w2: levels not separable in %r" % (w,))
    return tuple(w[:k]), tuple(w[k:])


def thai_520_w2(cur, root, out, rows):
    """thai_520_w2: the prevowels (U+0E40..U+0E44) before a consonant weigh as the
    consonant then the prevowel (contractions). MariaDB's WEIGHT_STRING gives every
    primary weight before the secondary ones, so contractions are found level by level;
    the secondary tailoring lists the primary's contractions, and uca1400's sequences
    where its weights differ (tailor_build merges the base's in), so both levels take
    the same sequences together. Also the pages LIKE compares by code point."""
    coll = "utf8mb4_thai_520_w2"
    full = gen_tables.fetch_all(cur, coll)
    s1 = {cp: split_levels(w)[0] for cp, w in full.items()}
    s2 = {cp: split_levels(w)[1] for cp, w in full.items()}
    prevowels = list(range(0xE40, 0xE45)) + list(range(0xEC0, 0xEC5))
    cands = set((a, b) for a in prevowels for b in range(0xE00, 0xF00)) | root
    cands |= set(icu_contractions.contractions("th"))
    contr = {}
    for n in sorted(set(len(c) for c in cands)):
        group = sorted(c for c in cands if len(c) == n and all(x in full for x in c))
        ws = gen_tables.ws_many(cur, coll, ["".join(chr(x) for x in c) for c in group])
        c1 = {c: w[0] for c, w in contr.items()}
        c2 = {c: w[1] for c, w in contr.items()}
        for c, w in zip(group, ws):
            if w != gen_tables.simulate(c, s1, c1) + gen_tables.simulate(c, s2, c2):
                contr[c] = split_levels(w)
    b520 = gen_tables.fetch_all(cur, "utf8mb4_unicode_520_ci")
    name = "thai_520_w2"
    n1 = emit_tailor(out, name, s1, b520, {c: w[0] for c, w in contr.items()})
    cases = emit_cases(out, cur, coll, "utf8mb4_unicode_520_ci", name)
    # the secondary level against uca1400's (base 4) and its contractions
    prim = gen_tables.fetch_all(cur, "utf8mb4_uca1400_ai_ci")
    rcontr = gen_tables.find_contractions(cur, "utf8mb4_uca1400_ai_ci", prim, sorted(root))
    lcoll = gen_tables.LEVELS[0][1]
    lfull = gen_tables.fetch_all(cur, lcoll)
    lbase = {cp: gen_tables.level_rest(prim.get(cp, ()), w, "U+%04X" % cp) for cp, w in lfull.items()}
    rseqs = sorted(rcontr)
    ws = gen_tables.ws_many(cur, lcoll, ["".join(chr(x) for x in c) for c in rseqs])
    lrcontr = {c: gen_tables.level_rest(rcontr[c], w, "%s %r" % (lcoll, c)) for c, w in zip(rseqs, ws)}
    c2 = {c: w[1] for c, w in contr.items()}
    lcontr = dict(c2)
    for c in rseqs:
        w = gen_tables.simulate(c, s2, c2)
        if c not in lcontr and lrcontr[c] != w:
            lcontr[c] = w
    lname = name + "_l2"
    nl = emit_tailor(out, lname, s2, lbase, lcontr)
    ids = []
    for cs in CHARSETS:
        cur.execute("SELECT ID FROM information_schema.COLLATIONS WHERE COLLATION_NAME = %s", (cs + "_" + name,))
        ids.append(str(cur.fetchone()[0]))
    idx = len(rows)
    rows.append('    { "%s", 2, %s_over, %d, %s_pool, %s_contr, %d, %s_upper, %d, %s_lower, %d, { %s }, 0, { %d, -1 } },'
                % (name, name, n1[0], name, name, n1[1], name, cases[0], name, cases[1], ", ".join(ids), idx + 1))
    rows.append('    { "%s", 4, %s_over, %d, %s_pool, %s_contr, %d, 0, 0, 0, 0, { 0, 0, 0, 0, 0 }, 0, { -1, -1 } },'
                % (lname, lname, nl[0], lname, lname, nl[1]))
    pages = gen_tables.like_pages(cur, coll, s1, s2)
    out.append("/* the pages where LIKE under thai_520_w2's secondary level compares code points */")
    out.append("static const uint16_t thai_520_w2_nolike[%d] = {" % max(1, len(pages)))
    for i in range(0, len(pages), 16):
        out.append("    " + ", ".join("0x%x" % v for v in pages[i:i + 16]) + ",")
    if not pages:
        out.append("    0xffff,")
    out.append("};")
    out.append("const coll_pageset coll_thai_nolike = { thai_520_w2_nolike, %d };" % len(pages))
    print("%-32s %d code points, %d contractions; secondary %d code points, %d contractions; %d LIKE pages"
          % (coll, n1[0], n1[1], nl[0], nl[1], len(pages)))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--socket", help="a running MariaDB's socket (root, no password)")
    ap.add_argument("--out", default=os.path.join(ROOT, "storage", "coll_tailor.c"))
    ap.add_argument("--only-thai", action="store_true", help="print thai_520_w2's part alone (to try it)")
    args = ap.parse_args()
    with gen_tables.mariadb(socket=args.socket) as (cur, version):
        root = set(icu_contractions.contractions())
        bases = {k: gen_tables.fetch_all(cur, v) for k, v in BASES.items()}
        out = ["/* coll_tailor.c - MariaDB's language collations of Unicode, GENERATED by",
               " * tests/collation/gen_tailor.py from MariaDB %s: per language, the code points" % version,
               " * weighed otherwise than in its base collation, its contractions and its case changes.",
               " * Do not edit: re-run the generator. Format: storage/coll_tables.h. */",
               '#include "storage/coll_tables.h"', ""]
        rows = []
        if args.only_thai:
            thai_520_w2(cur, root, out, rows)
            print("\n".join(out + rows))
            return
        for suffix, locale in LOCALES.items():
            coll = "utf8mb4_" + suffix
            single = gen_tables.fetch_all(cur, coll)
            diffs = {b: sum(1 for cp, w in single.items() if bases[b].get(cp) != w) for b in bases}
            base = min(diffs, key=diffs.get)
            cands = sorted(root | set(icu_contractions.contractions(locale)) | LETTER_PAIRS)
            contr = gen_tables.find_contractions(cur, coll, single, cands)
            name = suffix[:-3]
            nover, ncr = emit_tailor(out, name, single, bases[base], contr)
            cases = emit_cases(out, cur, coll, BASES[base], name)
            ids = []
            for cs in CHARSETS:
                cur.execute("SELECT ID FROM information_schema.COLLATIONS WHERE COLLATION_NAME = %s", (cs + "_" + suffix,))
                r = cur.fetchone()
                ids.append(str(r[0]) if r else "0")
            rows.append('    { "%s", %d, %s_over, %d, %s_pool, %s_contr, %d, %s_upper, %d, %s_lower, %d, { %s }, 0, { -1, -1 } },'
                        % (suffix, base, name, nover, name, name, ncr, name, cases[0], name, cases[1],
                           ", ".join(ids)))
            print("%-28s base %s: %d code points, %d contractions, case %d/%d" %
                  (coll, BASES[base], nover, ncr, cases[0], cases[1]))
        uca1400_languages(cur, root, out, rows)
        thai_520_w2(cur, root, out, rows)
        out.append("")
        gen_tables.emit_list(out, "coll_tailor", "coll_tailors", rows, "coll_ntailors")
        gen_tables.write_source(args.out, out)


if __name__ == "__main__":
    main()
