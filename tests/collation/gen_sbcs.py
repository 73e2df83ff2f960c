#!/usr/bin/python3
"""Generate storage/sbcs_tables.c: MariaDB's single-byte character sets.

For every character set whose characters are one byte (koi8r, cp1251, latin2,
hebrew, ... latin1 and ascii; not binary) asks a running MariaDB for:
  - the character of each byte: CONVERT(CONVERT(byte USING cs) USING utf32);
    a byte MariaDB turns into '?' stands for no character;
  - for each of its collations, the weight of each byte (WEIGHT_STRING: one
    byte, or two where the collation expands a letter, latin1_german2_ci's
    ä = AE), UPPER and LOWER of each byte, and which bytes LIKE finds equal
    where that is not "equal weights".
Collations that weigh a byte by its neighbours are found by comparing the weights
of every pair of bytes with the two weights side by side. Three are modelled:
tis620_thai_ci and its nopad twin (thai_sortable), and the Czech ones, which weigh a
string in passes (czech_values): latin2_czech_cs in four (letters word by word
interleaved with their accents, then case, then punctuation), cp1250_czech_cs in two;
their pass tables and double letters (ch) are read from MariaDB's weights of every
byte and pair of bytes, and both models are checked against MariaDB's weights of
random strings. Any other is left out, and the character set of a default collation
left out.

    /usr/bin/python3 tests/collation/gen_sbcs.py            # starts a private MariaDB
    /usr/bin/python3 tests/collation/gen_sbcs.py --port N   # uses a running one (root, no password)

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

BYTE = "UNHEX(LPAD(HEX(%s.seq), 2, '0'))"


def byte_in(cs, alias="a"):
    return "CONVERT(%s USING %s)" % (BYTE % alias, cs)


def fetch_bytes(cur, expr):
    """{byte: value} of expr over every byte a.seq."""
    cur.execute("SELECT a.seq, %s FROM seq_0_to_255 a" % expr)
    return dict(cur.fetchall())


def to_unicode(cur, cs, coll=None):
    """Each byte's character (0xffff none), read in the charset or under one of its
    collations (latin2_czech_cs has a table of its own)."""
    m = fetch_bytes(cur, "HEX(CONVERT(%s USING utf32))" % (byte_in(cs) if not coll else "(%s COLLATE %s)" % (byte_in(cs), coll)))
    out = []
    for b in range(256):
        cp = int(m[b], 16)
        out.append(0xFFFF if cp == 0x3F and b != 0x3F else cp)
    return out


def favoured(cur, cs, uni):
    """The bytes a character that several bytes stand for converts to (MariaDB's choice)."""
    out = []
    for cp in sorted(set(c for c in uni if c != 0xFFFF and uni.count(c) > 1)):
        cur.execute("SELECT ORD(CONVERT(CONVERT(CHAR(%d USING utf32) USING utf8mb4) USING %s))" % (cp, cs))
        out.append(cur.fetchone()[0])
    return out


def contextual(cur, cs, coll, w):
    """True when some pair of bytes does not weigh as its two bytes side by side."""
    pair = "CONVERT(UNHEX(CONCAT(LPAD(HEX(a.seq), 2, '0'), LPAD(HEX(b.seq), 2, '0'))) USING %s)" % cs
    cur.execute("SELECT a.seq, b.seq, WEIGHT_STRING(%s COLLATE %s) FROM seq_0_to_255 a, seq_0_to_255 b"
                % (pair, coll))
    return any(ws != w[a] + w[b] for a, b, ws in cur.fetchall())


def thai_sortable(data, w):
    """tis620_thai_ci's weights of a string (storage/collation.c's thai_key, as MariaDB
    weighs it): a leading vowel and the consonant after it change places; a tone mark
    or other second-level sign goes to the end, weighing by how many consonants and
    non-Thai characters came before it; other bytes weigh as themselves alone (w)."""
    t = bytearray(data)
    n, i, bias = len(t), 0, 0xF8
    left = n
    while left > 0:
        c = t[i]
        if c & 0x80:
            if 0xA1 <= c <= 0xCE:
                bias = (bias - 8) & 0xFF
            if 0xE0 <= c <= 0xE4 and left != 1 and 0xA1 <= t[i + 1] <= 0xCE:
                t[i], t[i + 1] = t[i + 1], c
                i += 2
                left -= 2
                continue
            if w[c] != c:   # (a second-level sign: alone it weighs 0xf8 + its level)
                t[i:i + left - 1] = t[i + 1:i + left]
                t[n - 1] = (bias + w[c] - 0xF8) & 0xFF
                left -= 1
                continue
        else:
            bias = (bias - 8) & 0xFF
            t[i] = w[c]
        i += 1
        left -= 1
    return bytes(t)


def check_thai(cur, coll, w):
    """That thai_sortable gives MariaDB's WEIGHT_STRING on random Thai strings."""
    rnd = random.Random(coll)
    thai = list(range(0xA1, 0xDB)) + list(range(0xDF, 0xFC)) + [0x41, 0x61, 0x20, 0x31]
    samples = [bytes(rnd.choice(thai) for _ in range(rnd.randint(1, 12))) for _ in range(3000)]
    for k in range(0, len(samples), 500):
        part = samples[k:k + 500]
        cur.execute("SELECT " + ", ".join("WEIGHT_STRING(CONVERT(x'%s' USING tis620) COLLATE %s)" % (x.hex(), coll)
                                          for x in part))
        for x, ws in zip(part, cur.fetchone()):
            if thai_sortable(x, w) != ws:
                raise SystemExit("%s: %s weighs %s in MariaDB, %s here" % (coll, x.hex(), ws.hex(),
                                                                          thai_sortable(x, w).hex()))


class Czech:
    """A Czech collation's passes: table[k][byte] is the byte's value in pass k (0: not
    weighed in it; 2: a space, ends a word; 255: the first letter of a double),
    doubles the letter groups weighed as one ((bytes, values per pass), longest first),
    zero_end whether WEIGHT_STRING ends with the stream's final 0."""
    def __init__(self, npass):
        self.npass = npass
        self.table = [[0] * 256 for _ in range(npass)]
        self.doubles = []
        self.zero_end = npass == 4


def czech_values(cz, s):
    """The values a Czech collation compares for the bytes s, ending with 0.
    Four passes (latin2_czech_cs): passes 0 and 1 alternate word by word (a space ends
    a word and is weighed 2; runs of spaces count once), so the first word's letters,
    then its accents, then the next word's ...; each pass ends with 1; passes 2 and 3
    take the whole string (2 collapses runs of spaces, 3 weighs each space); spaces at
    the end are not weighed. Two passes (cp1250_czech_cs): the string once per pass,
    nothing between them."""
    n, out = len(s), []
    p = store = pas = 0
    while True:
        while True:
            if p >= n:
                if cz.npass == 2:
                    if pas == 0 and n > 0:
                        p, pas = 0, 1
                    else:
                        v = 0
                        break
                elif pas != 3:
                    p = store if pas == 0 else 0
                    pas += 1
                    v = 1
                    break
                else:
                    v = 0
                    break
            v = cz.table[pas][s[p]]
            if cz.npass == 4 and v == 0:
                p += 1
                continue
            if cz.npass == 4 and v == 2:
                p += 1
                r = p
                while r < n and cz.table[pas][s[r]] == 2:
                    r += 1
                if r >= n or pas <= 2:
                    p = r
                if p >= n:
                    continue
                if pas <= 1:
                    pas, p, store = 1 - pas, store, p
                break
            if v == 255:
                for word, vals in cz.doubles:
                    if s[p:p + len(word)] == word:
                        v = vals[pas]
                        p += len(word) - 1
                        break
            p += 1
            break
        out.append(v)
        if v == 0:
            return out


def czech_weights(cz, s):
    v = czech_values(cz, s)
    return bytes(v if cz.zero_end else v[:-1])


def czech_tables(cur, cs, coll):
    """A Czech collation's Czech from MariaDB's weights of single bytes and pairs."""
    one = fetch_bytes(cur, "WEIGHT_STRING(%s COLLATE %s)" % (byte_in(cs), coll))
    npass = 4 if one[ord("a")].endswith(b"\x00") else 2
    cz = Czech(npass)
    unsure = {}
    for b in range(256):
        w = one[b]
        if npass == 2:
            if len(w) != 2:
                raise SystemExit("%s: byte %02x weighs %s" % (coll, b, w.hex()))
            cz.table[0][b], cz.table[1][b] = w[0], w[1]
            continue
        groups = w[:-1].split(b"\x01")
        if len(groups) != 4 or any(len(g) > 1 for g in groups) or w[-1:] != b"\x00":
            raise SystemExit("%s: byte %02x weighs %s" % (coll, b, w.hex()))
        for k, g in enumerate(groups):
            if g:
                cz.table[k][b] = g[0]
            else:
                unsure.setdefault(b, []).append(k)
    # a pass that leaves a byte alone unweighed: ignored (0) or a space (2), as weighing
    # it between letters tells
    probes = [b"a%cb", b"ab%c%cba", b"%ca"]
    for b, ks in sorted(unsure.items()):
        strs = [x.replace(b"%c", bytes([b])) for x in probes]
        cur.execute("SELECT " + ", ".join("WEIGHT_STRING(CONVERT(x'%s' USING %s) COLLATE %s)" % (x.hex(), cs, coll)
                                          for x in strs))
        want = list(cur.fetchone())
        fits = []
        for mask in range(1 << len(ks)):
            for i, k in enumerate(ks):
                cz.table[k][b] = 2 if mask >> i & 1 else 0
            if [czech_weights(cz, x) for x in strs] == want:
                fits.append(mask)
        if len(fits) != 1:
            raise SystemExit("%s: byte %02x: %d ways to weigh it" % (coll, b, len(fits)))
        for i, k in enumerate(ks):
            cz.table[k][b] = 2 if fits[0] >> i & 1 else 0
    # double letters: pairs weighed otherwise than their bytes in a row
    pair = "CONVERT(UNHEX(CONCAT(LPAD(HEX(a.seq), 2, '0'), LPAD(HEX(b.seq), 2, '0'))) USING %s)" % cs
    cur.execute("SELECT a.seq, b.seq, WEIGHT_STRING(%s COLLATE %s) FROM seq_0_to_255 a, seq_0_to_255 b" % (pair, coll))
    pairs = {(a, b): w for a, b, w in cur.fetchall()}
    heads = set()
    for (a, b), w in sorted(pairs.items()):
        if w != czech_weights(cz, bytes([a, b])):
            vals = list(w[:-1].split(b"\x01")) if npass == 4 else [w[0:1], w[1:2]]
            if len(w) != (8 if npass == 4 else 2) or any(len(v) != 1 for v in vals):
                raise SystemExit("%s: pair %02x %02x weighs %s" % (coll, a, b, w.hex()))
            cz.doubles.append((bytes([a, b]), [v[0] for v in vals]))
            heads.add(a)
    for h in sorted(heads):
        cz.doubles.append((bytes([h]), [cz.table[k][h] for k in range(npass)]))
        for k in range(npass):
            cz.table[k][h] = 255
    for (a, b), w in pairs.items():
        if czech_weights(cz, bytes([a, b])) != w:
            raise SystemExit("%s: pair %02x %02x weighs %s in MariaDB, %s here"
                             % (coll, a, b, w.hex(), czech_weights(cz, bytes([a, b])).hex()))
    check_czech(cur, cs, coll, cz)
    return cz


def check_czech(cur, cs, coll, cz):
    """That czech_values gives MariaDB's WEIGHT_STRING on random strings."""
    rnd = random.Random(coll)
    alpha = list(b"aAbcCcChHhsz .,-\t0") + list(range(0xA1, 0x100, 3)) + [0x20, 0x20, 0x63, 0x68]
    samples = [bytes(rnd.choice(alpha) for _ in range(rnd.randint(0, 14))) for _ in range(4000)]
    for k in range(0, len(samples), 500):
        part = samples[k:k + 500]
        cur.execute("SELECT " + ", ".join("WEIGHT_STRING(CONVERT(x'%s' USING %s) COLLATE %s)" % (x.hex(), cs, coll)
                                          for x in part))
        for x, ws in zip(part, cur.fetchone()):
            if czech_weights(cz, x) != ws:
                raise SystemExit("%s: %s weighs %s in MariaDB, %s here" % (coll, x.hex(), ws.hex(),
                                                                          czech_weights(cz, x).hex()))


def like_classes(cur, cs, coll, w, always=False):
    """LIKE's classes of bytes (each byte's smallest equal byte), or None when LIKE
    finds two single bytes equal exactly when their weights are."""
    cur.execute("SELECT a.seq, b.seq, %s COLLATE %s LIKE %s FROM seq_0_to_255 a, seq_0_to_255 b "
                "WHERE b.seq NOT IN (37, 92, 95)" % (byte_in(cs, "a"), coll, byte_in(cs, "b")))
    eq = {}
    same = True
    for a, b, r in cur.fetchall():
        eq[a, b] = bool(r)
        if bool(r) != (w[a] == w[b]):
            same = False
    if same and not always:
        return None
    return classes_of(eq)


def classes_of(eq):
    """Each byte's class (its smallest byte found equal, eq[a, b]; LIKE's wildcards and
    escape are never a pattern's byte)."""
    cls = []
    for a in range(256):
        rep = a
        for b in range(a):
            if b not in (37, 92, 95) and eq.get((a, b)):
                rep = cls[b]
                break
        cls.append(rep)
    return cls


def bm_classes(cur, cs, coll, w, like):
    """The classes of bytes MariaDB's '%literal%' search finds equal (its Boyer-Moore
    compares by the collation's sort order; a constant pattern of more than five
    characters with no other wildcard or escape), or None when they are LIKE's own."""
    subj = "CONVERT(UNHEX(CONCAT(LPAD(HEX(a.seq), 2, '0'), '797979')) USING %s) COLLATE %s" % (cs, coll)
    pbytes = [b for b in range(256) if b not in (37, 92, 95)]   # (a constant pattern each: else no search)
    cur.execute("SELECT a.seq, " + ", ".join("%s LIKE CONVERT(x'25%02x79797925' USING %s)" % (subj, b, cs) for b in pbytes)
                + " FROM seq_0_to_255 a")
    eq = {}
    for row in cur.fetchall():
        for b, r in zip(pbytes, row[1:]):
            eq[row[0], b] = bool(r)
    cls = classes_of(eq)
    if any(eq[a, b] != (cls[a] == cls[b]) for (a, b) in eq):
        return None   # (not classes: swe7's search finds '?' equal to letters unequal to each other; not modelled)
    own = like if like else [min(b for b in range(256) if w[b] == w[a]) for a in range(256)]
    same = all((cls[a] == cls[b]) == (own[a] == own[b]) for a in range(256) for b in range(256)
               if a not in (37, 92, 95) and b not in (37, 92, 95))
    return None if same else cls


class Emitter:
    def __init__(self):
        self.out = []
        self.arrays = {}

    def czech(self, name, cz):
        """A Czech collation's sb_czech (its pass tables and double letters)."""
        self.out.append("static const uint8_t %s_passes[%d][256] = {" % (name, cz.npass))
        for t in cz.table:
            self.out.append("    {")
            for i in range(0, 256, 16):
                self.out.append("        " + ", ".join("0x%02x" % v for v in t[i:i + 16]) + ",")
            self.out.append("    },")
        self.out.append("};")
        dbl = ", ".join("{ %d, { %s }, { %s } }" % (len(wd), ", ".join("0x%02x" % b for b in wd),
                                                    ", ".join("0x%02x" % v for v in vals))
                        for wd, vals in cz.doubles)
        self.out.append("static const sb_czech %s_czech = { %d, %s, %s_passes, %d, { %s } };"
                        % (name, cz.npass, "true" if cz.zero_end else "false", name, len(cz.doubles), dbl))
        return "&%s_czech" % name

    def array(self, ctype, prefix, values):
        key = (ctype, tuple(values))
        if key not in self.arrays:
            name = "%s%d" % (prefix, len(self.arrays))
            self.arrays[key] = name
            self.out.append("static const %s %s[256] = {" % (ctype, name))
            fmt = "0x%04x" if ctype == "uint16_t" else "0x%02x"
            for i in range(0, 256, 16):
                self.out.append("    " + ", ".join(fmt % v for v in values[i:i + 16]) + ",")
            self.out.append("};")
        return self.arrays[key]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--port", type=int, help="use a running MariaDB on 127.0.0.1:PORT (root, no password)")
    ap.add_argument("--socket", help="use a running MariaDB on this socket (root, no password)")
    ap.add_argument("--out", default=os.path.join(ROOT, "storage", "sbcs_tables.c"))
    args = ap.parse_args()
    with gen_tables.mariadb(socket=args.socket, port=args.port) as (cur, version):
        cur.execute("SELECT s.CHARACTER_SET_NAME, s.DESCRIPTION, c.ID FROM information_schema.CHARACTER_SETS s "
                    "JOIN information_schema.COLLATIONS c ON c.COLLATION_NAME = s.DEFAULT_COLLATE_NAME "
                    "WHERE s.MAXLEN = 1 AND s.CHARACTER_SET_NAME <> 'binary' ORDER BY c.ID")
        charsets = cur.fetchall()
        em = Emitter()
        csrows, collrows, left_out = [], [], []
        for cs, desc, defid in charsets:
            cur.execute("SELECT COLLATION_NAME FROM information_schema.COLLATIONS WHERE ID = %s", (defid,))
            defname = cur.fetchone()[0]
            w = fetch_bytes(cur, "WEIGHT_STRING(%s COLLATE %s)" % (byte_in(cs), defname))
            if contextual(cur, cs, defname, w) and not defname.startswith("tis620_thai"):
                cur.execute("SELECT COLLATION_NAME FROM information_schema.COLLATIONS WHERE CHARACTER_SET_NAME = %s "
                            "ORDER BY ID", (cs,))
                left_out += [r[0] for r in cur.fetchall()]
                continue
            ci = len(csrows)
            uni = to_unicode(cur, cs)
            ascii_ok = all(uni[b] == b for b in range(128))
            fav = favoured(cur, cs, uni)
            favname = "NULL"
            if fav:
                favname = "fav_" + cs
                em.out.append("static const uint8_t %s[] = { %s, 0 };" % (favname, ", ".join("0x%02x" % b for b in fav)))
            csrows.append('    { "%s", "%s", %d, %s, %s, %s },' % (cs, desc, defid, em.array("uint16_t", "uni", uni),
                                                                  "true" if ascii_ok else "false", favname))
            cur.execute("SELECT ID, COLLATION_NAME, IS_DEFAULT, SORTLEN FROM information_schema.COLLATIONS "
                        "WHERE CHARACTER_SET_NAME = %s ORDER BY ID", (cs,))
            for cid, name, isdef, sortlen in cur.fetchall():
                w = fetch_bytes(cur, "WEIGHT_STRING(%s COLLATE %s)" % (byte_in(cs), name))
                thai = name.startswith("tis620_thai")
                cz = czech_tables(cur, cs, name) if name.endswith("_czech_cs") else None
                if thai:
                    check_thai(cur, name, [w[b][0] for b in range(256)])
                elif not cz and (any(len(w[b]) not in (1, 2) for b in range(256)) or contextual(cur, cs, name, w)):
                    left_out.append(name)
                    continue
                if cz:   # (w: the first pass, for what asks a byte's weight; never compared)
                    w1, w2 = cz.table[0], [0] * 256
                else:
                    w1 = [w[b][0] for b in range(256)]
                    w2 = [w[b][1] if len(w[b]) == 2 else 0 for b in range(256)]
                if any(len(w[b]) == 2 and w[b][1] == 0 for b in range(256)) and not cz:
                    raise SystemExit("%s: a second weight of 0" % name)
                like = like_classes(cur, cs, name, w, always=bool(cz))
                cuni = to_unicode(cur, cs, name)
                bm = bm_classes(cur, cs, name, w, like)
                up = fetch_bytes(cur, "ORD(UPPER(%s COLLATE %s))" % (byte_in(cs), name))
                lo = fetch_bytes(cur, "ORD(LOWER(%s COLLATE %s))" % (byte_in(cs), name))
                fields = [
                    str(cid), '"%s"' % name, str(ci), str(sortlen), "true" if isdef == "Yes" else "false",
                    "false" if "_nopad_" in name else "true", "true" if name.endswith("_ci") else "false",
                    "true" if name.endswith("_bin") else "false", em.array("uint8_t", "w", w1),
                    em.array("uint8_t", "w", w2) if any(w2) else "NULL",
                    em.array("uint8_t", "like", like) if like else "NULL",
                    em.array("uint8_t", "case", [up[b] for b in range(256)]),
                    em.array("uint8_t", "case", [lo[b] for b in range(256)]),
                    "true" if thai else "false",
                    em.czech(name, cz) if cz else "NULL",
                    em.array("uint16_t", "uni", cuni) if cuni != uni else "NULL",
                    em.array("uint8_t", "bm", bm) if bm else "NULL",
                ]
                collrows.append("    { " + ", ".join(fields) + " },")
                print("%-26s %s%s%s%s" % (name, "two weights " if any(w2) else "", "own LIKE classes" if like else "",
                                          " %d passes" % cz.npass if cz else "", " own search classes" if bm else ""))
        out = ["/* sbcs_tables.c - MariaDB's single-byte character sets, GENERATED by tests/collation/gen_sbcs.py",
               " * from MariaDB %s (each byte's character, and per collation its weights," % version,
               " * UPPER, LOWER and LIKE). Do not edit: re-run the generator. Format: storage/coll_tables.h.",
               (" * Left out (a byte's weight depends on its neighbours, or its charset's default collation's does): %s. */"
                % ", ".join(left_out)) if left_out else " * None is left out. */",
               '#include "storage/coll_tables.h"', "#include <stddef.h>", ""]
        out += em.out
        out.append("")
        gen_tables.emit_list(out, "sb_charset", "sb_charsets", csrows, "sb_ncharsets")
        out.append("")
        gen_tables.emit_list(out, "sb_coll", "sb_colls", collrows, "sb_ncolls")
        gen_tables.write_source(args.out, out)
        print("%d character sets, %d collations (%d left out)" % (len(csrows), len(collrows), len(left_out)))


if __name__ == "__main__":
    main()
