/* geo.c - spatial values (MariaDB's GEOMETRY, POINT, LINESTRING, POLYGON, MULTIPOINT,
 * MULTILINESTRING, MULTIPOLYGON, GEOMETRYCOLLECTION) and their functions.
 *
 * A value is MariaDB's own bytes: the SRID (4 bytes, little-endian), then the geometry
 * as little-endian WKB (byte order 1, a 4-byte type, its points as pairs of doubles).
 * It travels as a binary string (MYSQL_TYPE_GEOMETRY in result metadata) and a column
 * of such a type (stor_column.geom) is a LONGBLOB that takes only such values.
 * Here: WKT read and written as MariaDB does (`geo_from_wkt`, `wkt_out`), WKB of either
 * byte order read (`wkb_copy`), the constructors, the accessors, and the measures MariaDB
 * computes in plain floating point (area, length, envelope, the MBR relations as its MBR
 * class has them, the distance on the sphere). Elsewhere: the exact relations
 * (ST_Contains ... ST_Equals, MBRTouches which is MariaDB's ST_Touches, ST_Relate),
 * ST_IsSimple, ST_IsRing and ST_Distance in geo_rel.c; GeoJSON in geo_json.c; the
 * accessors that take a geometry apart, ST_IsClosed, ST_Centroid, ST_ConvexHull and
 * ST_Boundary in geo_acc.c. Not yet: ST_PointOnSurface, the overlays (ST_Union,
 * ST_Intersection, ST_Difference, ST_SymDifference, ST_Buffer), SPATIAL keys used for MBR
 * predicates (kept as plain keys). */
#include "engine/func_int.h"
#include "engine/geo.h"
#include "engine/geo_int.h"
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define GEO_MAX_DEPTH 32   /* (nested collections: MariaDB's bound is on the text's size) */

/* WKB being written (a NULL: a dry run that only counts, to check a value) */
typedef struct gbuf { stor_arena *a; uint8_t *p; size_t n, cap; } gbuf;

static void gb_need(gbuf *b, size_t more)
{
    if (b->n + more <= b->cap || !b->a) return;
    size_t cap = b->cap ? b->cap * 2 : 64;
    while (cap < b->n + more) cap *= 2;
    uint8_t *p = stor_arena_alloc(b->a, cap);
    if (b->n) memcpy(p, b->p, b->n);
    b->p = p;
    b->cap = cap;
}

static void gb_u32(gbuf *b, uint32_t v)
{
    if (!b->a) { b->n += 4; return; }
    gb_need(b, 4);
    for (int i = 0; i < 4; i++) b->p[b->n++] = (uint8_t)(v >> (8 * i));
}

static void gb_u8(gbuf *b, uint8_t v)
{
    if (!b->a) { b->n++; return; }
    gb_need(b, 1);
    b->p[b->n++] = v;
}

static void gb_dbl(gbuf *b, double d)
{
    if (!b->a) { b->n += 8; return; }
    uint64_t u;
    memcpy(&u, &d, 8);
    gb_need(b, 8);
    for (int i = 0; i < 8; i++) b->p[b->n++] = (uint8_t)(u >> (8 * i));
}

static void gb_put_u32_at(gbuf *b, size_t at, uint32_t v)
{
    for (int i = 0; i < 4; i++) b->p[at + (size_t)i] = (uint8_t)(v >> (8 * i));
}

/* Do the points at a and b (little-endian x y) compare equal (-0 is 0)? A ring must end
 * where it began. */
static bool same_point(const uint8_t *a, const uint8_t *b, bool le)
{
    return rd_dbl(a, le) == rd_dbl(b, le) && rd_dbl(a + 8, le) == rd_dbl(b + 8, le);
}

/* ---------------------------------------------------------------- WKB */

/* The geometry of WKB at *p (either byte order) copied into b as little-endian WKB, *p
 * moved past it; want: the type it must be (0 any). false when it is not well-formed. */
static bool wkb_copy(const uint8_t **p, const uint8_t *end, gbuf *b, uint32_t want, int depth)
{
    const uint8_t *s = *p;
    if (depth > GEO_MAX_DEPTH || end - s < 5 || s[0] > 1) return false;
    bool le = s[0] == 1;
    if (!b->a && !le) return false;   /* (a value's own bytes are little-endian) */
    uint32_t type = rd_u32(s + 1, le);
    if (type < GEO_POINT || type > GEO_COLLECTION || (want && type != want)) return false;
    s += 5;
    gb_u8(b, 1);
    gb_u32(b, type);
    if (type == GEO_POINT) {
        if (end - s < 16) return false;
        double x = rd_dbl(s, le), y = rd_dbl(s + 8, le);
        if (!isfinite(x) || !isfinite(y)) return false;
        gb_dbl(b, x);
        gb_dbl(b, y);
        *p = s + 16;
        return true;
    }
    if (end - s < 4) return false;
    uint32_t n = rd_u32(s, le);
    s += 4;
    gb_u32(b, n);
    /* (MariaDB's: a linestring, a polygon and a multilinestring have parts; a ring's
       points end where they began) */
    if (!n && (type == GEO_LINESTRING || type == GEO_POLYGON || type == GEO_MULTILINESTRING)) return false;
    if (type == GEO_LINESTRING || type == GEO_POLYGON) {
        for (uint32_t i = 0; i < n; i++) {
            if (type == GEO_POLYGON) {   /* a ring: its points */
                if (end - s < 4) return false;
                uint32_t m = rd_u32(s, le);
                s += 4;
                gb_u32(b, m);
                if (!m || (uint64_t)(end - s) < (uint64_t)m * 16) return false;
                const uint8_t *ring = s;
                for (uint32_t k = 0; k < m; k++, s += 16) { gb_dbl(b, rd_dbl(s, le)); gb_dbl(b, rd_dbl(s + 8, le)); }
                if (!same_point(ring, s - 16, le)) return false;
            } else {
                if (end - s < 16) return false;
                gb_dbl(b, rd_dbl(s, le));
                gb_dbl(b, rd_dbl(s + 8, le));
                s += 16;
            }
        }
        *p = s;
        return true;
    }
    uint32_t part = type == GEO_MULTIPOINT ? GEO_POINT : type == GEO_MULTILINESTRING ? GEO_LINESTRING
                  : type == GEO_MULTIPOLYGON ? GEO_POLYGON : 0;
    for (uint32_t i = 0; i < n; i++)
        if (!wkb_copy(&s, end, b, part, depth + 1)) return false;
    *p = s;
    return true;
}

bool ex_geo_valid(const char *s, size_t n, int *type)
{
    if (n < 4 + 5) return false;
    gbuf dry = { NULL, NULL, 0, 0 };   /* (checked in place: nothing copied) */
    const uint8_t *p = (const uint8_t *)s + 4, *end = (const uint8_t *)s + n;
    bool ok = wkb_copy(&p, end, &dry, 0, 0) && p == end;
    if (ok && type) *type = (int)rd_u32((const uint8_t *)s + 5, true);
    return ok;
}

/* ---------------------------------------------------------------- WKT */

typedef struct wkt { const char *s, *end; gbuf *b; } wkt;

static void ws(wkt *w)
{
    while (w->s < w->end && (*w->s == ' ' || *w->s == '\t' || *w->s == '\n' || *w->s == '\r')) w->s++;
}

static bool tok(wkt *w, char c)
{
    ws(w);
    if (w->s < w->end && *w->s == c) { w->s++; return true; }
    return false;
}

static bool word(wkt *w, const char *kw)
{
    ws(w);
    size_t n = strlen(kw);
    if ((size_t)(w->end - w->s) < n || strncasecmp(w->s, kw, n)) return false;
    const char *q = w->s + n;
    if (q < w->end && (isalnum((unsigned char)*q) || *q == '_')) return false;   /* (a longer word: MariaDB's my_isvar) */
    w->s = q;
    return true;
}

static bool number(wkt *w, double *d)
{
    ws(w);
    if (w->s >= w->end || ((*w->s < '0' || *w->s > '9') && *w->s != '-' && *w->s != '+')) return false;   /* ('.5' is none, '-.5' is) */
    char buf[64];
    size_t k = 0;
    const char *q = w->s;
    while (q < w->end && k + 1 < sizeof buf && strchr("+-.0123456789eE", *q)) buf[k++] = *q++;
    buf[k] = 0;
    char *e;
    *d = strtod(buf, &e);
    if (!k || e == buf || !isfinite(*d)) return false;
    w->s += e - buf;
    return true;
}

static bool wkt_point(wkt *w)
{
    double x, y;
    if (!number(w, &x) || !number(w, &y)) return false;
    gb_dbl(w->b, x);
    gb_dbl(w->b, y);
    return true;
}

/* An opening parenthesis; opt: a whole geometry's, which MariaDB lets go unwritten
 * ('POINT 1 2'), the closing one then too. *had: whether it was there. */
static bool open_paren(wkt *w, bool opt, bool *had)
{
    *had = tok(w, '(');
    return *had || opt;
}

static bool close_paren(wkt *w, bool had)
{
    return !had || tok(w, ')');
}

/* One item of a list (a point, a part, a tagged geometry) into w->b */
typedef bool wkt_item(wkt *w, uint32_t part, int depth);

/* '(' item, ... ')': the count, patched in at *at, then the items; at least min of them */
static bool wkt_seq(wkt *w, bool opt, uint32_t min, wkt_item *item, uint32_t part, int depth, size_t *at)
{
    bool had;
    if (!open_paren(w, opt, &had)) return false;
    *at = w->b->n;
    gb_u32(w->b, 0);
    uint32_t n = 0;
    do {
        if (!item(w, part, depth)) return false;
        n++;
    } while (tok(w, ','));
    if (!close_paren(w, had) || n < min) return false;
    gb_put_u32_at(w->b, *at, n);
    return true;
}

static bool item_point(wkt *w, uint32_t part, int depth) { return wkt_point(w); }

/* A linestring's points, or (closed) a ring's that ends where it began */
static bool wkt_points(wkt *w, bool closed, bool opt)
{
    size_t at;
    if (!wkt_seq(w, opt, 1, item_point, 0, 0, &at)) return false;
    return !closed || same_point(w->b->p + at + 4, w->b->p + w->b->n - 16, true);
}

static bool wkt_body(wkt *w, uint32_t type, int depth, bool opt);

/* A multi's or polygon's part: a bare point, a ring (depth < 0: a polygon's), or a part
 * with its WKB header */
static bool item_part(wkt *w, uint32_t part, int depth)
{
    if (part == GEO_LINESTRING && depth < 0) return wkt_points(w, true, false);
    gb_u8(w->b, 1);
    gb_u32(w->b, part);
    return part == GEO_POINT ? wkt_point(w) : wkt_body(w, part, depth + 1, false);
}

static bool wkt_list(wkt *w, uint32_t part, int depth, bool opt)
{
    size_t at;
    return wkt_seq(w, opt, 0, item_part, part, depth, &at);
}

static const char *const geo_names[] = { "", "POINT", "LINESTRING", "POLYGON", "MULTIPOINT", "MULTILINESTRING",
                                         "MULTIPOLYGON", "GEOMETRYCOLLECTION" };

/* A tagged geometry (NAME ...): its WKB into w->b; a collection's part is none (MariaDB's
 * WKT nests no collections, though its WKB and GEOMETRYCOLLECTION() do) */
static bool wkt_tagged(wkt *w, int depth)
{
    if (depth > GEO_MAX_DEPTH) return false;
    for (uint32_t t = GEO_POINT; t <= (depth ? GEO_MULTIPOLYGON : GEO_COLLECTION); t++) {
        if (!word(w, geo_names[t])) continue;
        gb_u8(w->b, 1);
        gb_u32(w->b, t);
        return wkt_body(w, t, depth, true);
    }
    return false;
}

static bool item_tagged(wkt *w, uint32_t part, int depth) { return wkt_tagged(w, depth); }

static bool wkt_body(wkt *w, uint32_t type, int depth, bool opt)
{
    bool had;
    switch (type) {
    case GEO_POINT: return open_paren(w, opt, &had) && wkt_point(w) && close_paren(w, had);
    case GEO_LINESTRING: return wkt_points(w, false, opt);
    case GEO_POLYGON: return wkt_list(w, GEO_LINESTRING, -1, opt);
    case GEO_MULTIPOINT: return wkt_list(w, GEO_POINT, depth, opt);
    case GEO_MULTILINESTRING: return wkt_list(w, GEO_LINESTRING, depth, opt);
    case GEO_MULTIPOLYGON: return wkt_list(w, GEO_POLYGON, depth, opt);
    default: {   /* GEOMETRYCOLLECTION EMPTY, or its parts */
        if (word(w, "EMPTY")) { gb_u32(w->b, 0); return true; }
        size_t at;
        return wkt_seq(w, opt, 0, item_tagged, 0, depth + 1, &at);
    }
    }
}

/* WKT text as a value with this SRID; false when MariaDB makes it NULL (what follows a
 * whole geometry is not read, as MariaDB's) */
static bool geo_from_wkt(stor_arena *a, const char *s, size_t n, uint32_t srid, pdb_value *out)
{
    gbuf b = { a, NULL, 0, 0 };
    gb_u32(&b, srid);
    wkt w = { s, s + n, &b };
    if (!wkt_tagged(&w, 0)) return false;
    *out = ex_str((const char *)b.p, b.n, COLL_BINARY);
    return true;
}

static void out_str(gbuf *b, const char *s)
{
    size_t n = strlen(s);
    gb_need(b, n);
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

/* A coordinate as MariaDB's WKT and GeoJSON print it: NaN and infinities (from WKB) as 0 */
size_t geo_fmt_coord(double d, char *t, size_t cap)
{
    return ex_fmt_double(isfinite(d) ? d : 0, t, cap);
}

static void out_xy(gbuf *b, const uint8_t *p)
{
    char t[64];
    geo_fmt_coord(rd_dbl(p, true), t, sizeof t);
    out_str(b, t);
    out_str(b, " ");
    geo_fmt_coord(rd_dbl(p + 8, true), t, sizeof t);
    out_str(b, t);
}

/* WKT of the (valid, little-endian) WKB at *p, moved past it; bare: without its name */
static void wkt_out(gbuf *b, const uint8_t **p, bool bare)
{
    const uint8_t *s = *p;
    uint32_t type = rd_u32(s + 1, true);
    s += 5;
    if (!bare) out_str(b, geo_names[type]);
    if (type == GEO_POINT) {
        out_str(b, bare ? "" : "(");
        out_xy(b, s);
        out_str(b, bare ? "" : ")");
        *p = s + 16;
        return;
    }
    uint32_t n = rd_u32(s, true);
    s += 4;
    if (type == GEO_COLLECTION && !n) { out_str(b, " EMPTY"); *p = s; return; }
    if (!n) { out_str(b, ")"); *p = s; return; }   /* (MariaDB prints an empty MULTIPOINT so: "MULTIPOINT)") */
    out_str(b, "(");
    for (uint32_t i = 0; i < n; i++) {
        if (i) out_str(b, ",");
        if (type == GEO_LINESTRING) { out_xy(b, s); s += 16; continue; }
        if (type == GEO_POLYGON) {
            uint32_t m = rd_u32(s, true);
            s += 4;
            out_str(b, "(");
            for (uint32_t k = 0; k < m; k++, s += 16) { if (k) out_str(b, ","); out_xy(b, s); }
            out_str(b, ")");
            continue;
        }
        wkt_out(b, &s, type != GEO_COLLECTION);   /* (a multi's parts without their names) */
    }
    out_str(b, ")");
    *p = s;
}

/* ---------------------------------------------------------------- values */

/* A geometry argument, or false (NULL) when the value is none */
bool geo_arg(const pdb_value *v, const uint8_t **wkb, size_t *n, int *type)
{
    if (v->t != VT_STRING || !ex_geo_valid(v->p, v->len, type)) return false;
    *wkb = (const uint8_t *)v->p + 4;
    *n = v->len - 4;
    return true;
}

static uint32_t geo_srid(const pdb_value *v) { return rd_u32((const uint8_t *)v->p, true); }

/* A geometry result: MariaDB's Item_geometry_func metadata, BINARY without BLOB, and
 * decimals 0 (from_column keeps exec.c from giving a string result its 39) */
static void geometry_type(ex_type *t, uint8_t kind)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_STRING; t->ptype = MYSQL_TYPE_GEOMETRY; t->coll = COLL_BINARY;
    t->length = 4294967295u; t->flags = BINARY_FLAG; t->nullable = true; t->coerc = 3;
    t->from_column = true;
    t->geom = kind;
}

/* Its kind, as MariaDB's CREATE TABLE ... SELECT shows it: a constructor's (POINT(),
 * LINESTRING() ...), POINT of a centroid, POLYGON of an envelope, else GEOMETRY. */
static void ty_geometry(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    size_t nl = strlen(fd->name);
    uint8_t kind = GEO_ANY;
    if (fd->id > EX_GEO_BASE && fd->id <= EX_GEO_BASE + GEO_COLLECTION) kind = (uint8_t)(fd->id - EX_GEO_BASE);
    else if (nl >= 8 && !strcmp(fd->name + nl - 8, "CENTROID")) kind = GEO_POINT;
    else if (nl >= 8 && !strcmp(fd->name + nl - 8, "ENVELOPE")) kind = GEO_POLYGON;
    geometry_type(t, kind);
}

bool ex_geo_merge_type(const ex_type *a, int n, ex_type *t)
{
    uint8_t kind = 0;
    for (int i = 0; i < n; i++) {
        if (a[i].vt == VT_NULL) continue;
        if (!a[i].geom) return false;
        kind = !kind || kind == a[i].geom ? a[i].geom : GEO_ANY;
    }
    if (!kind) return false;
    geometry_type(t, kind);   /* (NULL allowed whatever the arguments allow, as MariaDB's) */
    return true;
}

static void ty_wkt(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 4294967295u / 4, COLL_UTF8MB4_GENERAL_CI);
    t->ptype = MYSQL_TYPE_LONG_BLOB;
}

static void ty_geojson(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 16777216, COLL_UTF8MB4_GENERAL_CI);
    t->ptype = MYSQL_TYPE_LONG_BLOB;
}

static void ty_wkb(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 0, COLL_BINARY);
    t->ptype = MYSQL_TYPE_LONG_BLOB; t->length = 4294967295u; t->flags |= BLOB_FLAG;
}

void ty_coord(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    memset(t, 0, sizeof *t);
    t->vt = VT_DOUBLE; t->ptype = MYSQL_TYPE_DOUBLE; t->length = 23; t->decimals = 31;
    t->coll = COLL_BINARY; t->flags = BINARY_FLAG; t->nullable = true;
}

/* A relation's 0 or 1 (MariaDB's boolean function: INT of length 1) */
/* ST_IsClosed's, ST_IsSimple's, ST_IsRing's 1, 0 or -1 (INT of length 2) */
static void ty_flag(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 2);
}

void ty_bool(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 1);
}

void ty_count(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_int(t, 10);
    t->flags |= UNSIGNED_FLAG;
}

static void ty_typename(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e)
{
    ex_fn_t_str(t, 20, COLL_UTF8MB4_GENERAL_CI);
}

/* ST_GeomFromText(wkt [, srid]) and its typed twins (which MariaDB does not check) */
static void fn_from_text(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL || (n > 1 && a[1].t == VT_NULL)) { *out = ex_null(); return; }
    size_t len;
    const char *s = ex_to_str(ctx->a, &a[0], &len);
    uint32_t srid = n > 1 ? (uint32_t)ex_to_int(&a[1]) : 0;
    if (!geo_from_wkt(ctx->a, s, len, srid, out)) *out = ex_null();
}

/* ST_GeomFromWKB(wkb [, srid]): either byte order, kept little-endian */
static void fn_from_wkb(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL || (n > 1 && a[1].t == VT_NULL)) { *out = ex_null(); return; }
    size_t len;
    const uint8_t *s = (const uint8_t *)ex_to_str(ctx->a, &a[0], &len), *end = s + len;
    gbuf b = { ctx->a, NULL, 0, 0 };
    gb_u32(&b, n > 1 ? (uint32_t)ex_to_int(&a[1]) : 0);
    if (!wkb_copy(&s, end, &b, 0, 0)) { *out = ex_null(); return; }
    *out = ex_str((const char *)b.p, b.n, COLL_BINARY);
}

static void fn_as_text(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    if (!geo_arg(&a[0], &w, &len, NULL)) { *out = ex_null(); return; }
    gbuf b = { ctx->a, NULL, 0, 0 };
    wkt_out(&b, &w, false);
    *out = ex_str((const char *)b.p, b.n, COLL_UTF8MB4_GENERAL_CI);
}

static void fn_as_wkb(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    if (!geo_arg(&a[0], &w, &len, NULL)) { *out = ex_null(); return; }
    *out = ex_str((const char *)w, len, COLL_BINARY);
}

/* POINT(x, y) */
static void fn_point(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    if (a[0].t == VT_NULL || a[1].t == VT_NULL) { *out = ex_null(); return; }
    gbuf b = { ctx->a, NULL, 0, 0 };
    gb_u32(&b, 0);
    gb_u8(&b, 1);
    gb_u32(&b, GEO_POINT);
    gb_dbl(&b, ex_to_double(&a[0]));
    gb_dbl(&b, ex_to_double(&a[1]));
    *out = ex_str((const char *)b.p, b.n, COLL_BINARY);
}

/* LINESTRING(pt, ...), POLYGON(ls, ...), MULTIPOINT(pt, ...), MULTILINESTRING(ls, ...),
 * MULTIPOLYGON(poly, ...), GEOMETRYCOLLECTION(g, ...): of geometries of the part's type
 * (NULL otherwise); a linestring's or ring's points are copied bare */
static void fn_compose(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    uint32_t type = (uint32_t)d->id - EX_GEO_BASE;
    uint32_t part = type == GEO_LINESTRING || type == GEO_MULTIPOINT ? GEO_POINT
                  : type == GEO_POLYGON || type == GEO_MULTILINESTRING ? GEO_LINESTRING
                  : type == GEO_MULTIPOLYGON ? GEO_POLYGON : 0;
    gbuf b = { ctx->a, NULL, 0, 0 };
    gb_u32(&b, 0);
    gb_u8(&b, 1);
    gb_u32(&b, type);
    gb_u32(&b, (uint32_t)n);
    for (int i = 0; i < n; i++) {
        const uint8_t *w;
        size_t len;
        int t;
        if (!geo_arg(&a[i], &w, &len, &t) || (part && (uint32_t)t != part)) { *out = ex_null(); return; }
        if (type == GEO_LINESTRING) { gb_need(&b, 16); memcpy(b.p + b.n, w + 5, 16); b.n += 16; continue; }
        if (type == GEO_POLYGON) {
            uint32_t m = rd_u32(w + 5, true);
            if (m < 2 || !same_point(w + 9, w + 9 + (size_t)(m - 1) * 16, true)) { *out = ex_null(); return; }
            gb_need(&b, len - 5);
            memcpy(b.p + b.n, w + 5, len - 5);   /* (the ring: its count and points) */
            b.n += len - 5;
            continue;
        }
        gb_need(&b, len);
        memcpy(b.p + b.n, w, len);
        b.n += len;
    }
    *out = ex_str((const char *)b.p, b.n, COLL_BINARY);
}

/* ST_X, ST_Y of a point */
static void fn_coord(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    int t;
    if (!geo_arg(&a[0], &w, &len, &t) || t != GEO_POINT) { *out = ex_null(); return; }
    *out = ex_dbl(rd_dbl(w + 5 + (d->id == EX_GEO_Y ? 8 : 0), true));
}

static void fn_srid(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    if (!geo_arg(&a[0], &w, &len, NULL)) { *out = ex_null(); return; }
    *out = ex_int(geo_srid(&a[0]));
}

static void fn_geometry_type(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    int t;
    if (!geo_arg(&a[0], &w, &len, &t)) { *out = ex_null(); return; }
    *out = ex_str(geo_names[t], strlen(geo_names[t]), COLL_UTF8MB4_GENERAL_CI);
}

/* ST_NumPoints (a linestring's), ST_NumGeometries (a multi or collection's parts),
 * ST_NumInteriorRings (a polygon's rings but the first), ST_IsEmpty, ST_Dimension */
static void fn_count(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    int t;
    if (!geo_arg(&a[0], &w, &len, &t)) { *out = ex_null(); return; }
    uint32_t cnt = t == GEO_POINT ? 1 : rd_u32(w + 5, true);
    switch (d->id) {
    case EX_GEO_NUMPOINTS: *out = t == GEO_LINESTRING ? ex_int(cnt) : ex_null(); return;
    case EX_GEO_NUMGEOMETRIES: *out = t >= GEO_MULTIPOINT ? ex_int(cnt) : ex_null(); return;
    case EX_GEO_NUMINTERIOR: *out = t == GEO_POLYGON ? ex_int(cnt ? cnt - 1 : 0) : ex_null(); return;
    case EX_GEO_ISEMPTY: *out = ex_int(0); return;   /* (MariaDB's: 0 for any geometry, an empty collection too) */
    default: {   /* ST_Dimension: 0 points, 1 lines, 2 areas; a collection its parts' most */
        static const int dim[] = { 0, 0, 1, 2, 0, 1, 2, 0 };
        if (t != GEO_COLLECTION) { *out = ex_int(dim[t]); return; }
        int best = -1;
        const uint8_t *s = w + 9;
        for (uint32_t i = 0; i < cnt; i++) {
            int pt = (int)rd_u32(s + 1, true);
            if (dim[pt] > best) best = dim[pt];
            gbuf skip = { NULL, NULL, 0, 0 };   /* (a dry run: moves s past the part) */
            wkb_copy(&s, w + len, &skip, 0, 0);
        }
        *out = ex_int(best < 0 ? 0 : best);
        return;
    }
    }
}

/* ---------------------------------------------------------------- measures */

/* A geometry's parts as measures see them: its points (of points and linestrings), its
 * segments (of linestrings), its rings (of polygons: each a run of points), its MBR. */
typedef struct gparts {
    stor_arena *a;
    double *pt, *seg;           /* x y pairs; x1 y1 x2 y2 quads */
    size_t npt, nseg, cpt, cseg;
    bool poly;                  /* a polygon is among them */
    double area, len;           /* (MariaDB's sums over the polygons and the linestrings) */
    bool no_area, no_len;       /* ST_Area, ST_Length NULL (as MariaDB's: a MULTIPOINT has
                                   neither, a MULTILINESTRING no area, a polygon no length) */
    double mbr[4];              /* xmin ymin xmax ymax */
    bool any;
} gparts;

static void gp_push(stor_arena *a, double **v, size_t *n, size_t *cap, const double *x, size_t k)
{
    if (*n + k > *cap) {
        size_t c = *cap ? *cap * 2 : 64;
        while (c < *n + k) c *= 2;
        double *nv = stor_arena_alloc(a, c * sizeof *nv);
        if (*n) memcpy(nv, *v, *n * sizeof *nv);
        *v = nv;
        *cap = c;
    }
    memcpy(*v + *n, x, k * sizeof *x);
    *n += k;
}

static void gp_mbr(gparts *g, double x, double y)
{
    if (!g->any) { g->mbr[0] = g->mbr[2] = x; g->mbr[1] = g->mbr[3] = y; g->any = true; return; }
    if (x < g->mbr[0]) g->mbr[0] = x;
    if (y < g->mbr[1]) g->mbr[1] = y;
    if (x > g->mbr[2]) g->mbr[2] = x;
    if (y > g->mbr[3]) g->mbr[3] = y;
}

/* The parts of the valid WKB at *p, moved past it */
static void gp_walk(gparts *g, const uint8_t **p)
{
    const uint8_t *s = *p;
    uint32_t type = rd_u32(s + 1, true);
    s += 5;
    if (type == GEO_POINT) {
        double xy[2] = { rd_dbl(s, true), rd_dbl(s + 8, true) };
        gp_push(g->a, &g->pt, &g->npt, &g->cpt, xy, 2);
        gp_mbr(g, xy[0], xy[1]);
        *p = s + 16;
        return;
    }
    uint32_t n = rd_u32(s, true);
    s += 4;
    if (type == GEO_MULTIPOINT) g->no_area = g->no_len = true;
    if (type == GEO_MULTILINESTRING) g->no_area = true;
    if (type == GEO_LINESTRING) {
        double len = 0;
        for (uint32_t i = 0; i < n; i++, s += 16) {
            double xy[2] = { rd_dbl(s, true), rd_dbl(s + 8, true) };
            gp_push(g->a, &g->pt, &g->npt, &g->cpt, xy, 2);
            gp_mbr(g, xy[0], xy[1]);
            if (!i) continue;
            double q[4] = { rd_dbl(s - 16, true), rd_dbl(s - 8, true), xy[0], xy[1] };
            gp_push(g->a, &g->seg, &g->nseg, &g->cseg, q, 4);
            len += sqrt((q[2] - q[0]) * (q[2] - q[0]) + (q[3] - q[1]) * (q[3] - q[1]));
        }
        g->len += len;
        *p = s;
        return;
    }
    if (type == GEO_POLYGON) {   /* the outer ring's area less the holes' (shoelace, as MariaDB sums) */
        g->poly = g->no_len = true;
        double area = -1;
        for (uint32_t r = 0; r < n; r++) {
            uint32_t m = rd_u32(s, true);
            s += 4;
            double ra = 0, px = rd_dbl(s, true), py = rd_dbl(s + 8, true);
            gp_mbr(g, px, py);
            for (uint32_t k = 1; k < m; k++) {
                double x = rd_dbl(s + 16 * (size_t)k, true), y = rd_dbl(s + 16 * (size_t)k + 8, true);
                gp_mbr(g, x, y);
                ra += (px + x) * (py - y);
                px = x;
                py = y;
            }
            s += 16 * (size_t)m;
            ra = fabs(ra) / 2;
            area = area == -1 ? ra : area - ra;
        }
        g->area += fabs(area);   /* (holes larger than the ring: MariaDB's is positive too) */
        *p = s;
        return;
    }
    for (uint32_t i = 0; i < n; i++) gp_walk(g, &s);
    *p = s;
}

static bool gp_of(ex_ctx *ctx, const pdb_value *v, gparts *g, int *type)
{
    const uint8_t *w;
    size_t len;
    memset(g, 0, sizeof *g);
    g->a = ctx->a;
    if (!geo_arg(v, &w, &len, type)) return false;
    gp_walk(g, &w);
    return true;
}

/* ST_Area: of its polygons (0 for a point or linestring); ST_Length: of its linestrings
 * (0 for a point); NULL where gparts says */
static void fn_area_length(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    gparts g;
    int t;
    if (!gp_of(ctx, &a[0], &g, &t)) { *out = ex_null(); return; }
    if (d->id == EX_GEO_AREA) { *out = g.no_area ? ex_null() : ex_dbl(g.area); return; }
    *out = g.no_len ? ex_null() : ex_dbl(isfinite(g.len) ? g.len : 0);   /* (past DBL_MAX: 0, as MariaDB's) */
}

/* ST_Envelope: the MBR as a closed polygon of five points (a point's too, as MariaDB's) */
static void fn_envelope(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    gparts g;
    int t;
    if (!gp_of(ctx, &a[0], &g, &t) || !g.any) { *out = ex_null(); return; }
    gbuf b = { ctx->a, NULL, 0, 0 };
    gb_u32(&b, geo_srid(&a[0]));
    gb_u8(&b, 1);
    gb_u32(&b, GEO_POLYGON);
    gb_u32(&b, 1);
    gb_u32(&b, 5);
    const double *m = g.mbr;
    double ring[10] = { m[0], m[1], m[2], m[1], m[2], m[3], m[0], m[3], m[0], m[1] };
    for (int i = 0; i < 10; i++) gb_dbl(&b, ring[i]);
    *out = ex_str((const char *)b.p, b.n, COLL_BINARY);
}

/* An MBR's dimension as MariaDB's MBR::dimension: 0 a point, 1 a level or upright
 * segment, 2 a rectangle */
static int mbr_dim(const double *m)
{
    return (m[0] < m[2]) + (m[1] < m[3]);
}

/* MariaDB's MBR::within: a point or segment must lie in the other's inside, not on its
 * edge (a point on a segment's end is not within it) */
static bool mbr_within(const double *x, const double *y)
{
    int d1 = mbr_dim(x), d2 = mbr_dim(y);
    if (d1 > d2) return false;
    if (d1 == 2) return y[0] <= x[0] && y[1] <= x[1] && y[2] >= x[2] && y[3] >= x[3];
    if (d1 == 0 && d2 == 0) return x[0] == y[0] && x[1] == y[1];
    if (d1 == 0 && d2 == 1)
        return (x[0] > y[0] && x[0] < y[2] && x[1] == y[1]) || (x[1] > y[1] && x[1] < y[3] && x[0] == y[0]);
    if (d1 == 0) return x[0] > y[0] && x[2] < y[2] && x[1] > y[1] && x[3] < y[3];
    if (d2 == 1)
        return (x[0] == x[2] && y[0] == y[2] && y[0] == x[0] && y[1] <= x[1] && y[3] >= x[3])
            || (x[1] == x[3] && y[1] == y[3] && y[1] == x[1] && y[0] <= x[0] && y[2] >= x[2]);
    return (x[0] == x[2] && x[0] > y[0] && x[2] < y[2] && x[1] >= y[1] && x[3] <= y[3])
        || (x[1] == x[3] && x[1] > y[1] && x[3] < y[3] && x[0] >= y[0] && x[2] <= y[2]);
}

static bool mbr_contains(const double *x, const double *y)
{
    return x[0] <= y[0] && x[1] <= y[1] && y[2] <= x[2] && y[3] <= x[3];
}

/* MariaDB's MBR::overlaps: equal dimensions (not 0), neither in the other, their
 * intersection of that dimension too */
static bool mbr_overlaps(const double *x, const double *y)
{
    int d = mbr_dim(x);
    if (d != mbr_dim(y) || d == 0 || mbr_contains(x, y) || mbr_within(x, y)) return false;
    double in[4] = { fmax(x[0], y[0]), fmax(x[1], y[1]), fmin(x[2], y[2]), fmin(x[3], y[3]) };
    return in[0] <= in[2] && in[1] <= in[3] && mbr_dim(in) == d;
}

/* MBRContains, MBRWithin, MBRIntersects, MBRDisjoint, MBROverlaps, MBREqual(s): of the rectangles, as MariaDB's MBR class has them */
static void fn_mbr(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    gparts g, h;
    int t;
    if (!gp_of(ctx, &a[0], &g, &t) || !gp_of(ctx, &a[1], &h, &t) || !g.any || !h.any) { *out = ex_null(); return; }
    const double *x = g.mbr, *y = h.mbr;
    bool meet = x[0] <= y[2] && y[0] <= x[2] && x[1] <= y[3] && y[1] <= x[3];
    switch (d->id) {
    case EX_GEO_MBR_CONTAINS: *out = ex_int(mbr_contains(x, y)); return;
    case EX_GEO_MBR_WITHIN: *out = ex_int(mbr_within(x, y)); return;
    case EX_GEO_MBR_INTERSECTS: *out = ex_int(meet); return;
    case EX_GEO_MBR_DISJOINT: *out = ex_int(!meet); return;
    case EX_GEO_MBR_OVERLAPS: *out = ex_int(mbr_overlaps(x, y)); return;
    default: *out = ex_int(x[0] == y[0] && x[1] == y[1] && x[2] == y[2] && x[3] == y[3]); return;
    }
}

/* ST_Distance_Sphere(p1, p2 [, radius]): the haversine distance of two points (or the
 * least of multipoints'), in the radius' unit (6370986 m by default, MariaDB's) */
static void fn_distance_sphere(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    gparts g, h;
    int t1 = 0, t2 = 0;
    bool ok1 = gp_of(ctx, &a[0], &g, &t1), ok2 = gp_of(ctx, &a[1], &h, &t2);
    if (!ok1 || !ok2 || (n > 2 && a[2].t == VT_NULL)) { *out = ex_null(); return; }
    if ((t1 != GEO_POINT && t1 != GEO_MULTIPOINT) || (t2 != GEO_POINT && t2 != GEO_MULTIPOINT))
        ex_raise(ctx, 3034, "HY000", "Calling geometry function st_distance_sphere with unsupported types of arguments.");
    double r = n > 2 ? ex_to_double(&a[2]) : 6370986.0, best = INFINITY;
    for (size_t i = 0; i < g.npt; i += 2)
        for (size_t k = 0; k < h.npt; k += 2) {
            /* (in MariaDB's order of operations, so the last digit agrees) */
            double x1 = g.pt[i] * M_PI / 180, y1 = g.pt[i + 1] * M_PI / 180;
            double x2 = h.pt[k] * M_PI / 180, y2 = h.pt[k + 1] * M_PI / 180;
            double dlat = sin((y2 - y1) / 2), dlon = sin((x2 - x1) / 2);
            best = fmin(best, 2 * r * asin(sqrt(pow(dlat, 2) + cos(y1) * cos(y2) * pow(dlon, 2))));
        }
    *out = isfinite(best) ? ex_dbl(best) : ex_null();
}

static const ex_fdef rows[] = {
    { "AREA", 1, 1, EX_FN_NULL_IN, EX_GEO_AREA, ty_coord, fn_area_length },
    { "ASBINARY", 1, 1, EX_FN_NULL_IN, 0, ty_wkb, fn_as_wkb },
    { "ASTEXT", 1, 1, EX_FN_NULL_IN, 0, ty_wkt, fn_as_text },
    { "ASWKB", 1, 1, EX_FN_NULL_IN, 0, ty_wkb, fn_as_wkb },
    { "ASWKT", 1, 1, EX_FN_NULL_IN, 0, ty_wkt, fn_as_text },
    { "BOUNDARY", 1, 1, EX_FN_NULL_IN, 0, ty_geometry, ex_geo_fn_boundary },
    { "CENTROID", 1, 1, EX_FN_NULL_IN, 0, ty_geometry, ex_geo_fn_centroid },
    { "CONTAINS", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_CONTAINS, ty_bool, ex_geo_fn_relation },
    { "CONVEXHULL", 1, 1, EX_FN_NULL_IN, 0, ty_geometry, ex_geo_fn_convex_hull },
    { "CROSSES", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_CROSSES, ty_bool, ex_geo_fn_relation },
    { "DIMENSION", 1, 1, EX_FN_NULL_IN, EX_GEO_DIMENSION, ty_count, fn_count },
    { "DISJOINT", 2, 2, EX_FN_NULL_IN, EX_GEO_MBR_DISJOINT, ty_bool, fn_mbr },   /* (MariaDB's old name is the MBR one) */
    { "ENDPOINT", 1, 1, EX_FN_NULL_IN, EX_GEO_ENDPOINT, ty_geometry, ex_geo_fn_point_of },
    { "ENVELOPE", 1, 1, EX_FN_NULL_IN, 0, ty_geometry, fn_envelope },
    { "EQUALS", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_EQUALS, ty_bool, ex_geo_fn_relation },
    { "EXTERIORRING", 1, 1, EX_FN_NULL_IN, EX_GEO_EXTERIORRING, ty_geometry, ex_geo_fn_ring },
    { "GEOMCOLLFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "GEOMCOLLFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "GEOMETRYCOLLECTION", 1, -1, 0, EX_GEO_BASE + GEO_COLLECTION, ty_geometry, fn_compose },
    { "GEOMETRYCOLLECTIONFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "GEOMETRYCOLLECTIONFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "GEOMETRYFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "GEOMETRYFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "GEOMETRYN", 2, 2, EX_FN_NULL_IN, 0, ty_geometry, ex_geo_fn_geometry_n },
    { "GEOMETRYTYPE", 1, 1, EX_FN_NULL_IN, 0, ty_typename, fn_geometry_type },
    { "GEOMFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "GEOMFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "GLENGTH", 1, 1, EX_FN_NULL_IN, EX_GEO_LENGTH, ty_coord, fn_area_length },
    { "INTERIORRINGN", 2, 2, EX_FN_NULL_IN, EX_GEO_INTERIORRINGN, ty_geometry, ex_geo_fn_ring },
    { "INTERSECTS", 2, 2, EX_FN_NULL_IN, EX_GEO_MBR_INTERSECTS, ty_bool, fn_mbr },   /* (MariaDB's old name is the MBR one) */
    { "ISCLOSED", 1, 1, 0, 0, ty_flag, ex_geo_fn_is_closed },
    { "ISEMPTY", 1, 1, EX_FN_NULL_IN, EX_GEO_ISEMPTY, ty_count, fn_count },
    { "ISRING", 1, 1, 0, EX_GEO_ISRING, ty_flag, ex_geo_fn_simple },
    { "ISSIMPLE", 1, 1, 0, EX_GEO_ISSIMPLE, ty_flag, ex_geo_fn_simple },
    { "LINEFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "LINEFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "LINESTRING", 1, -1, 0, EX_GEO_BASE + GEO_LINESTRING, ty_geometry, fn_compose },
    { "LINESTRINGFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "LINESTRINGFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "MBRCONTAINS", 2, 2, EX_FN_NULL_IN, EX_GEO_MBR_CONTAINS, ty_bool, fn_mbr },
    { "MBRDISJOINT", 2, 2, EX_FN_NULL_IN, EX_GEO_MBR_DISJOINT, ty_bool, fn_mbr },
    { "MBREQUAL", 2, 2, EX_FN_NULL_IN, EX_GEO_MBR_EQUAL, ty_bool, fn_mbr },
    { "MBREQUALS", 2, 2, EX_FN_NULL_IN, EX_GEO_MBR_EQUAL, ty_bool, fn_mbr },
    { "MBRINTERSECTS", 2, 2, EX_FN_NULL_IN, EX_GEO_MBR_INTERSECTS, ty_bool, fn_mbr },
    { "MBROVERLAPS", 2, 2, EX_FN_NULL_IN, EX_GEO_MBR_OVERLAPS, ty_bool, fn_mbr },
    { "MBRTOUCHES", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_TOUCHES, ty_bool, ex_geo_fn_relation },   /* (MariaDB's is ST_Touches) */
    { "MBRWITHIN", 2, 2, EX_FN_NULL_IN, EX_GEO_MBR_WITHIN, ty_bool, fn_mbr },
    { "MLINEFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "MLINEFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "MPOINTFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "MPOINTFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "MPOLYFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "MPOLYFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "MULTILINESTRING", 1, -1, 0, EX_GEO_BASE + GEO_MULTILINESTRING, ty_geometry, fn_compose },
    { "MULTILINESTRINGFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "MULTILINESTRINGFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "MULTIPOINT", 1, -1, 0, EX_GEO_BASE + GEO_MULTIPOINT, ty_geometry, fn_compose },
    { "MULTIPOINTFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "MULTIPOINTFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "MULTIPOLYGON", 1, -1, 0, EX_GEO_BASE + GEO_MULTIPOLYGON, ty_geometry, fn_compose },
    { "MULTIPOLYGONFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "MULTIPOLYGONFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "NUMGEOMETRIES", 1, 1, EX_FN_NULL_IN, EX_GEO_NUMGEOMETRIES, ty_count, fn_count },
    { "NUMINTERIORRINGS", 1, 1, EX_FN_NULL_IN, EX_GEO_NUMINTERIOR, ty_count, fn_count },
    { "NUMPOINTS", 1, 1, EX_FN_NULL_IN, EX_GEO_NUMPOINTS, ty_count, fn_count },
    { "OVERLAPS", 2, 2, EX_FN_NULL_IN, EX_GEO_MBR_OVERLAPS, ty_bool, fn_mbr },   /* (MariaDB's old name is the MBR one) */
    { "POINT", 2, 2, 0, EX_GEO_BASE + GEO_POINT, ty_geometry, fn_point },
    { "POINTFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "POINTFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "POINTN", 2, 2, EX_FN_NULL_IN, EX_GEO_POINTN, ty_geometry, ex_geo_fn_point_of },
    { "POLYFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "POLYFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "POLYGON", 1, -1, 0, EX_GEO_BASE + GEO_POLYGON, ty_geometry, fn_compose },
    { "POLYGONFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "POLYGONFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "SRID", 1, 1, EX_FN_NULL_IN, 0, ty_count, fn_srid },
    { "STARTPOINT", 1, 1, EX_FN_NULL_IN, EX_GEO_STARTPOINT, ty_geometry, ex_geo_fn_point_of },
    { "ST_AREA", 1, 1, EX_FN_NULL_IN, EX_GEO_AREA, ty_coord, fn_area_length },
    { "ST_ASBINARY", 1, 1, EX_FN_NULL_IN, 0, ty_wkb, fn_as_wkb },
    { "ST_ASGEOJSON", 1, 3, 0, 0, ty_geojson, ex_geo_fn_as_geojson },
    { "ST_ASTEXT", 1, 1, EX_FN_NULL_IN, 0, ty_wkt, fn_as_text },
    { "ST_ASWKB", 1, 1, EX_FN_NULL_IN, 0, ty_wkb, fn_as_wkb },
    { "ST_ASWKT", 1, 1, EX_FN_NULL_IN, 0, ty_wkt, fn_as_text },
    { "ST_BOUNDARY", 1, 1, EX_FN_NULL_IN, 0, ty_geometry, ex_geo_fn_boundary },
    { "ST_CENTROID", 1, 1, EX_FN_NULL_IN, 0, ty_geometry, ex_geo_fn_centroid },
    { "ST_CONTAINS", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_CONTAINS, ty_bool, ex_geo_fn_relation },
    { "ST_CONVEXHULL", 1, 1, EX_FN_NULL_IN, 0, ty_geometry, ex_geo_fn_convex_hull },
    { "ST_CROSSES", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_CROSSES, ty_bool, ex_geo_fn_relation },
    { "ST_DIMENSION", 1, 1, EX_FN_NULL_IN, EX_GEO_DIMENSION, ty_count, fn_count },
    { "ST_DISJOINT", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_DISJOINT, ty_bool, ex_geo_fn_relation },
    { "ST_DISTANCE", 2, 2, 0, 0, ty_coord, ex_geo_fn_distance },
    { "ST_DISTANCE_SPHERE", 2, 3, 0, 0, ty_coord, fn_distance_sphere },
    { "ST_ENDPOINT", 1, 1, EX_FN_NULL_IN, EX_GEO_ENDPOINT, ty_geometry, ex_geo_fn_point_of },
    { "ST_ENVELOPE", 1, 1, EX_FN_NULL_IN, 0, ty_geometry, fn_envelope },
    { "ST_EQUALS", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_EQUALS, ty_bool, ex_geo_fn_relation },
    { "ST_EXTERIORRING", 1, 1, EX_FN_NULL_IN, EX_GEO_EXTERIORRING, ty_geometry, ex_geo_fn_ring },
    { "ST_GEOMCOLLFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_GEOMCOLLFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_GEOMETRYCOLLECTIONFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_GEOMETRYCOLLECTIONFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_GEOMETRYFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_GEOMETRYFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_GEOMETRYN", 2, 2, EX_FN_NULL_IN, 0, ty_geometry, ex_geo_fn_geometry_n },
    { "ST_GEOMETRYTYPE", 1, 1, EX_FN_NULL_IN, 0, ty_typename, fn_geometry_type },
    { "ST_GEOMFROMGEOJSON", 1, 3, 0, 0, ty_geometry, ex_geo_fn_from_geojson },
    { "ST_GEOMFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_GEOMFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_INTERIORRINGN", 2, 2, EX_FN_NULL_IN, EX_GEO_INTERIORRINGN, ty_geometry, ex_geo_fn_ring },
    { "ST_INTERSECTS", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_INTERSECTS, ty_bool, ex_geo_fn_relation },
    { "ST_ISCLOSED", 1, 1, 0, 0, ty_flag, ex_geo_fn_is_closed },
    { "ST_ISEMPTY", 1, 1, EX_FN_NULL_IN, EX_GEO_ISEMPTY, ty_count, fn_count },
    { "ST_ISRING", 1, 1, 0, EX_GEO_ISRING, ty_flag, ex_geo_fn_simple },
    { "ST_ISSIMPLE", 1, 1, 0, EX_GEO_ISSIMPLE, ty_flag, ex_geo_fn_simple },
    { "ST_LENGTH", 1, 1, EX_FN_NULL_IN, EX_GEO_LENGTH, ty_coord, fn_area_length },
    { "ST_LINEFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_LINEFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_LINESTRINGFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_LINESTRINGFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_MLINEFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_MLINEFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_MPOINTFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_MPOINTFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_MPOLYFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_MPOLYFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_MULTILINESTRINGFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_MULTILINESTRINGFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_MULTIPOINTFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_MULTIPOINTFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_MULTIPOLYGONFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_MULTIPOLYGONFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_NUMGEOMETRIES", 1, 1, EX_FN_NULL_IN, EX_GEO_NUMGEOMETRIES, ty_count, fn_count },
    { "ST_NUMINTERIORRINGS", 1, 1, EX_FN_NULL_IN, EX_GEO_NUMINTERIOR, ty_count, fn_count },
    { "ST_NUMPOINTS", 1, 1, EX_FN_NULL_IN, EX_GEO_NUMPOINTS, ty_count, fn_count },
    { "ST_OVERLAPS", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_OVERLAPS, ty_bool, ex_geo_fn_relation },
    { "ST_POINTFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_POINTFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_POINTN", 2, 2, EX_FN_NULL_IN, EX_GEO_POINTN, ty_geometry, ex_geo_fn_point_of },
    { "ST_POLYFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_POLYFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_POLYGONFROMTEXT", 1, 2, 0, 0, ty_geometry, fn_from_text },
    { "ST_POLYGONFROMWKB", 1, 2, 0, 0, ty_geometry, fn_from_wkb },
    { "ST_RELATE", 3, 3, 0, 0, ty_bool, ex_geo_fn_relate },
    { "ST_SRID", 1, 1, EX_FN_NULL_IN, 0, ty_count, fn_srid },
    { "ST_STARTPOINT", 1, 1, EX_FN_NULL_IN, EX_GEO_STARTPOINT, ty_geometry, ex_geo_fn_point_of },
    { "ST_TOUCHES", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_TOUCHES, ty_bool, ex_geo_fn_relation },
    { "ST_WITHIN", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_WITHIN, ty_bool, ex_geo_fn_relation },
    { "ST_X", 1, 1, EX_FN_NULL_IN, EX_GEO_X, ty_coord, fn_coord },
    { "ST_Y", 1, 1, EX_FN_NULL_IN, EX_GEO_Y, ty_coord, fn_coord },
    { "TOUCHES", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_TOUCHES, ty_bool, ex_geo_fn_relation },
    { "WITHIN", 2, 2, EX_FN_NULL_IN, EX_GEO_REL_WITHIN, ty_bool, ex_geo_fn_relation },
    { "X", 1, 1, EX_FN_NULL_IN, EX_GEO_X, ty_coord, fn_coord },
    { "Y", 1, 1, EX_FN_NULL_IN, EX_GEO_Y, ty_coord, fn_coord },
};
const ex_ftable ex_fam_geo = { rows, (int)(sizeof rows / sizeof rows[0]) };

/* ---------------------------------------------------------------- columns */

static const char *const col_names[] = { "", "point", "linestring", "polygon", "multipoint", "multilinestring",
                                         "multipolygon", "geometrycollection", "geometry" };

const char *ex_geo_type_name(int kind)
{
    return kind > 0 && kind <= GEO_ANY ? col_names[kind] : "";
}

int ex_geo_kind_of(const char *name)
{
    if (!strcasecmp(name, "GEOMCOLLECTION")) return GEO_COLLECTION;
    for (int k = 1; k <= GEO_ANY; k++) if (!strcasecmp(name, col_names[k])) return k;
    return 0;
}

bool ex_geo_fits(int kind, const char *s, size_t n, int *type)
{
    int t = 0;
    if (!ex_geo_valid(s, n, &t)) { *type = 0; return false; }
    *type = t;
    /* (MariaDB's GEOMETRYCOLLECTION column takes any geometry too) */
    return kind == GEO_ANY || kind == GEO_COLLECTION || kind == t;
}

/* The WKT of a valid value (ex_geo_valid), for messages */
size_t ex_geo_wkt(stor_arena *a, const char *s, const char **out)
{
    gbuf b = { a, NULL, 0, 0 };
    const uint8_t *w = (const uint8_t *)s + 4;
    wkt_out(&b, &w, false);
    *out = (const char *)b.p;
    return b.n;
}
