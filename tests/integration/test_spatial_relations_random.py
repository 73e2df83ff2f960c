#!/usr/bin/python3
"""Random small geometries on an integer grid, MariaDB against pressdb: every spatial
relation (MBR* and ST_*), ST_Distance (but from a geometry with a vertex in two places,
see shared_vertex), GeoJSON out and back in, the accessors, ST_Centroid, ST_IsSimple, ST_IsRing, ST_ConvexHull, ST_Boundary and each cell of ST_Relate over random pairs of points, linestrings,
polygons (with holes), their multis and collections, under the new names and the old. Polygons
are valid ones (rectangles, triangles, with a hole strictly inside), as MariaDB's slicing
algorithm gives unspecified answers for self-crossing rings; linestrings may cross
themselves but not go over a stretch twice (see doubles_back).

Run by tests/run.py with PRESSDB_PORT and MARIADB_PORT set (exit 0 = pass); by hand with
MARIADB_SOCKET and PRESSDB_SOCKET (and optionally CASES, SEED) set."""
import os
import random
import re
import sys

import pymysql

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import itargets  # noqa: E402

CASES = int(os.environ.get("CASES", "1500"))
G = 6   # (coordinates 0..G)
PREDS = ["MBRContains", "MBRWithin", "MBRIntersects", "MBRDisjoint", "MBRTouches", "MBROverlaps", "MBREquals",
         "ST_Contains", "ST_Within", "ST_Intersects", "ST_Disjoint", "ST_Touches", "ST_Crosses", "ST_Overlaps",
         "ST_Equals", "Contains", "Within", "Intersects", "Disjoint", "Touches", "Crosses", "Overlaps", "Equals",
         "ST_Distance"]
if os.environ.get("PREDS"):
    PREDS = os.environ["PREDS"].split(",")


def c(k):
    """A coordinate: the grid's own, or (FRAC set) a third of it, which no double holds
    exactly."""
    return "%.15g" % (k / 3) if os.environ.get("FRAC") else "%d" % k


def p(r):
    return "%s %s" % (c(r.randint(0, G)), c(r.randint(0, G)))


def ring(pts):
    return "(" + ",".join("%s %s" % (c(x), c(y)) for x, y in pts + [pts[0]]) + ")"


def polygon(r):
    if r.random() < 0.5:
        x1, x2 = sorted(r.sample(range(G + 1), 2))
        y1, y2 = sorted(r.sample(range(G + 1), 2))
        outer = [(x1, y1), (x2, y1), (x2, y2), (x1, y2)]
        if r.random() < 0.5:
            outer.reverse()
        rings = [ring(outer)]
        if x2 - x1 >= 3 and y2 - y1 >= 3 and r.random() < 0.4:
            hx1 = r.randint(x1 + 1, x2 - 2)
            hy1 = r.randint(y1 + 1, y2 - 2)
            hx2 = r.randint(hx1 + 1, x2 - 1)
            hy2 = r.randint(hy1 + 1, y2 - 1)
            rings.append(ring([(hx1, hy1), (hx1, hy2), (hx2, hy2), (hx2, hy1)]))
        return "(" + ",".join(rings) + ")"
    while True:
        t = [(r.randint(0, G), r.randint(0, G)) for _ in range(3)]
        (ax, ay), (bx, by), (cx, cy) = t
        if (bx - ax) * (cy - ay) - (by - ay) * (cx - ax):
            return "(" + ring(t) + ")"


def doubles_back(pts):
    """Do two of the segments lie over each other? (MariaDB's slicing then lets a
    linestring's stretch gone over twice cancel out, in some of its relations only.)"""
    segs = list(zip(pts, pts[1:]))
    for i, ((ax, ay), (bx, by)) in enumerate(segs):
        for (cx, cy), (dx, dy) in segs[i + 1:]:
            cr = lambda ux, uy, vx, vy: ux * vy - uy * vx  # noqa: E731
            if cr(bx - ax, by - ay, cx - ax, cy - ay) or cr(bx - ax, by - ay, dx - ax, dy - ay):
                continue
            dot = lambda px, py: (px - ax) * (bx - ax) + (py - ay) * (by - ay)  # noqa: E731
            l2 = dot(bx, by)
            lo, hi = sorted((dot(cx, cy), dot(dx, dy)))
            if l2 and min(hi, l2) > max(lo, 0):
                return True
    return False


def line(r):
    while True:
        pts = [(r.randint(0, G), r.randint(0, G)) for _ in range(r.randint(2, 4))]
        if not doubles_back(pts):
            return "(" + ",".join("%s %s" % (c(x), c(y)) for x, y in pts) + ")"


def geom(r, depth=0):
    k = r.choice(["POINT", "POINT", "LINESTRING", "LINESTRING", "POLYGON", "POLYGON", "MULTIPOINT",
                  "MULTILINESTRING", "MULTIPOLYGON", "GEOMETRYCOLLECTION"] if depth == 0 else
                 ["POINT", "LINESTRING", "POLYGON"])
    if k == "POINT":
        return "POINT(" + p(r) + ")"
    if k == "LINESTRING":
        return "LINESTRING" + line(r)
    if k == "POLYGON":
        return "POLYGON" + polygon(r)
    n = r.randint(1, 3)
    if k == "MULTIPOINT":
        return "MULTIPOINT(" + ",".join(p(r) for _ in range(n)) + ")"
    if k == "MULTILINESTRING":
        return "MULTILINESTRING(" + ",".join(line(r) for _ in range(n)) + ")"
    if k == "MULTIPOLYGON":
        return "MULTIPOLYGON(" + ",".join(polygon(r) for _ in range(n)) + ")"
    return "GEOMETRYCOLLECTION(" + ",".join(geom(r, 1) for _ in range(n)) + ")"


def pairs(r):
    out = []
    for _ in range(CASES):
        a = geom(r)
        out.append((a, a if r.random() < 0.05 else geom(r)))
    return out


def shared_vertex(w):
    """Does a vertex of w recur (but as a ring's closing point)? Of the first geometry's
    vertices at one place MariaDB's ST_Distance measures from one only, picked by its
    slicing's event order, which pressdb does not follow."""
    seen = set()
    for m in re.finditer(r"\(([-0-9 ,.]+)\)", w):
        pts = [q.strip() for q in m.group(1).split(",")]
        kind = re.findall(r"[A-Z]+", w[:m.start()])[-1]
        if kind.endswith("POLYGON"):
            pts = pts[:-1]
        for q in pts:
            if q in seen:
                return True
            seen.add(q)
    return False


def statement(a, b):
    """The statement comparing a and b, and the names of its columns."""
    ga, gb = "ST_GeomFromText('%s')" % a, "ST_GeomFromText('%s')" % b
    fs = [f for f in PREDS if f != "ST_Distance" or not shared_vertex(a)]
    cols = ["%s(%s, %s)" % (f, ga, gb) for f in fs]
    if not os.environ.get("PREDS"):   # (GeoJSON out and back in)
        fs += ["ST_AsGeoJSON", "ST_AsGeoJSON(,1,1)", "ST_GeomFromGeoJSON", "ST_Centroid", "ST_IsClosed",
               "ST_StartPoint", "ST_PointN", "ST_GeometryN", "ST_ExteriorRing", "ST_InteriorRingN", "ST_IsSimple", "ST_IsRing", "ST_ConvexHull", "ST_Boundary"]
        cols += ["ST_AsGeoJSON(%s)" % ga, "ST_AsGeoJSON(%s, 1, 1)" % gb,
                 "ST_AsText(ST_GeomFromGeoJSON(ST_AsGeoJSON(%s)))" % gb, "ST_AsText(ST_Centroid(%s))" % ga,
                 "ST_IsClosed(%s)" % ga, "ST_AsText(ST_StartPoint(%s))" % ga, "ST_AsText(ST_PointN(%s, 2))" % ga,
                 "ST_AsText(ST_GeometryN(%s, 2))" % ga, "ST_AsText(ST_ExteriorRing(%s))" % ga,
                 "ST_AsText(ST_InteriorRingN(%s, 1))" % ga, "ST_IsSimple(%s)" % ga, "ST_IsRing(%s)" % ga,
                 "ST_AsText(ST_ConvexHull(ST_GeomFromText('GEOMETRYCOLLECTION(%s, %s)')))" % (a, b),
                 "ST_AsText(ST_Boundary(%s))" % ga]
        for i in range(9):   # (each cell of the DE-9IM matrix alone)
            mask = "*" * i + "T" + "*" * (8 - i)
            fs.append("ST_Relate " + mask)
            cols.append("ST_Relate(%s, %s, '%s')" % (ga, gb, mask))
    return "SELECT " + ", ".join(cols), fs


def run(which, stmts):
    conn = pymysql.connect(user="root", autocommit=True, **itargets.connect_params(which))
    cur = conn.cursor()
    out = []
    for q in stmts:
        try:
            cur.execute(q)
            out.append(cur.fetchone())
        except pymysql.MySQLError as e:
            out.append(("error", e.args[0]))
    return out


def main():
    if os.environ.get("PRESSDB_SELF_TEST"):
        print("skipped: compares two servers")
        return 0
    geoms = pairs(random.Random(int(os.environ.get("SEED", "20261207"))))
    made = [statement(a, b) for a, b in geoms]
    stmts = [q for q, _ in made]
    m, p_ = run("MARIADB", stmts), run("PRESSDB", stmts)
    bad = [(g, x, y, names) for g, x, y, (_, names) in zip(geoms, m, p_, made) if x != y]
    for (a, b), x, y, names in bad[:20]:
        diff = [(names[i], x[i], y[i]) for i in range(min(len(x), len(y))) if x[i] != y[i]] if len(x) == len(y) else (x, y)
        print("FAIL %s, %s\n  (function, MariaDB, pressdb) %r" % (a, b, diff))
    print("%d statements (%d values) compared, %d differ" % (len(stmts), sum(len(x) for x in m), len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
