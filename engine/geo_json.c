/* geo_json.c - GeoJSON: ST_AsGeoJSON(g [, max_dec [, options]]) and
 * ST_GeomFromGeoJSON(text [, options [, srid]]), as MariaDB writes and reads it.
 *
 * Written: MariaDB's spacing ("type": "Point", "coordinates": [1, 2]), numbers as its
 * doubles print (ex_fmt_double) after my_double_round to max_dec places (below 31 only),
 * "bbox" first with options & 1 (the MBR, not rounded).
 * Read: as MariaDB's streaming reader does, so the first fault met decides the message:
 * the object's keys in any order ("type", "coordinates", "geometries", Feature's
 * "geometry", FeatureCollection's "features"), a geometry built as soon as its type and
 * coordinates are known, the rest of the object then only checked as JSON, and whatever
 * follows the object not read. Its faults are warnings (4048 not GeoJSON, 4049 a line of
 * no points, 4050 a ring not closed, 4076 no coordinates; 4037/4038/4040 the JSON's own)
 * and NULL; a third coordinate with options 1 is error 3037. */
#include "engine/func_int.h"
#include "engine/geo.h"
#include "engine/geo_int.h"
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define GJ_MAX_DEPTH 32   /* (MariaDB's JSON nesting limit) */

/* bytes being written on the arena */
typedef struct obuf { stor_arena *a; char *p; size_t n, cap; } obuf;

static void ob_put(obuf *b, const void *s, size_t n)
{
    if (b->n + n > b->cap) {
        size_t c = b->cap ? b->cap * 2 : 128;
        while (c < b->n + n) c *= 2;
        char *np = stor_arena_alloc(b->a, c);
        if (b->n) memcpy(np, b->p, b->n);
        b->p = np;
        b->cap = c;
    }
    memcpy(b->p + b->n, s, n);
    b->n += n;
}

static void ob_str(obuf *b, const char *s) { ob_put(b, s, strlen(s)); }

static void ob_u32(obuf *b, uint32_t v)
{
    uint8_t t[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };
    ob_put(b, t, 4);
}

static void ob_dbl(obuf *b, double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    uint8_t t[8];
    for (int i = 0; i < 8; i++) t[i] = (uint8_t)(u >> (8 * i));
    ob_put(b, t, 8);
}

/* ---------------------------------------------------------------- ST_AsGeoJSON */

static const char *const gj_names[] = { "", "Point", "LineString", "Polygon", "MultiPoint", "MultiLineString",
                                        "MultiPolygon", "GeometryCollection" };

/* MariaDB's my_double_round(v, dec) for 0 <= dec < 31: rint (to even) of v * 10^dec */
static double gj_round(double v, unsigned dec)
{
    char t[8];
    snprintf(t, sizeof t, "1e%u", dec);
    double p = strtod(t, NULL), m = v * p;
    return isinf(m) ? v : rint(m) / p;
}

static void gj_num(obuf *b, double d)
{
    char t[64];
    size_t n = geo_fmt_coord(d, t, sizeof t);
    ob_put(b, t, n);
}

static void gj_xy(obuf *b, const uint8_t *p, unsigned dec)
{
    double x = rd_dbl(p, true), y = rd_dbl(p + 8, true);
    if (dec < 31) { x = gj_round(x, dec); y = gj_round(y, dec); }
    ob_str(b, "[");
    gj_num(b, x);
    ob_str(b, ", ");
    gj_num(b, y);
    ob_str(b, "]");
}

/* n points from p, each after skip bytes (a multipoint's headers) */
static const uint8_t *gj_points(obuf *b, const uint8_t *p, uint32_t n, size_t skip, unsigned dec)
{
    ob_str(b, "[");
    for (uint32_t i = 0; i < n; i++, p += skip + 16) {
        if (i) ob_str(b, ", ");
        gj_xy(b, p + skip, dec);
    }
    ob_str(b, "]");
    return p;
}

/* The members of the geometry at *p (after "{"), moved past it */
static void gj_geom(obuf *b, const uint8_t **p, unsigned dec)
{
    const uint8_t *s = *p;
    uint32_t type = rd_u32(s + 1, true);
    s += 5;
    ob_str(b, "\"type\": \"");
    ob_str(b, gj_names[type]);
    ob_str(b, type == GEO_COLLECTION ? "\", \"geometries\": " : "\", \"coordinates\": ");
    if (type == GEO_POINT) { gj_xy(b, s, dec); *p = s + 16; return; }
    uint32_t n = rd_u32(s, true);
    s += 4;
    switch (type) {
    case GEO_LINESTRING: s = gj_points(b, s, n, 0, dec); break;
    case GEO_MULTIPOINT: s = gj_points(b, s, n, 5, dec); break;
    case GEO_POLYGON:
        ob_str(b, "[");
        for (uint32_t r = 0; r < n; r++) {
            if (r) ob_str(b, ", ");
            uint32_t m = rd_u32(s, true);
            s = gj_points(b, s + 4, m, 0, dec);
        }
        ob_str(b, "]");
        break;
    default:   /* a multi's parts bare, a collection's as objects */
        ob_str(b, "[");
        for (uint32_t i = 0; i < n; i++) {
            if (i) ob_str(b, ", ");
            if (type == GEO_COLLECTION) {
                ob_str(b, "{");
                gj_geom(b, &s, dec);
                ob_str(b, "}");
                continue;
            }
            obuf skip = { b->a, NULL, 0, 0 };   /* (the part's own coordinates only) */
            gj_geom(&skip, &s, dec);
            const char *c = memchr(skip.p, '[', skip.n);
            ob_put(b, c, skip.n - (size_t)(c - skip.p));
        }
        ob_str(b, "]");
        break;
    }
    *p = s;
}

static void gj_mbr(const uint8_t **p, double *m)
{
    const uint8_t *s = *p;
    uint32_t type = rd_u32(s + 1, true);
    s += 5;
    if (type == GEO_POINT) {
        double x = rd_dbl(s, true), y = rd_dbl(s + 8, true);
        m[0] = fmin(m[0], x); m[1] = fmin(m[1], y); m[2] = fmax(m[2], x); m[3] = fmax(m[3], y);
        *p = s + 16;
        return;
    }
    uint32_t n = rd_u32(s, true);
    s += 4;
    if (type == GEO_LINESTRING || type == GEO_POLYGON) {
        uint32_t rings = type == GEO_POLYGON ? n : 1;
        for (uint32_t r = 0; r < rings; r++) {
            uint32_t k = n;
            if (type == GEO_POLYGON) { k = rd_u32(s, true); s += 4; }
            for (uint32_t i = 0; i < k; i++, s += 16) {
                double x = rd_dbl(s, true), y = rd_dbl(s + 8, true);
                m[0] = fmin(m[0], x); m[1] = fmin(m[1], y); m[2] = fmax(m[2], x); m[3] = fmax(m[3], y);
            }
        }
        *p = s;
        return;
    }
    for (uint32_t i = 0; i < n; i++) gj_mbr(&s, m);
    *p = s;
}

/* ST_AsGeoJSON: max_dec NULL or 31 and more (a negative one too, as MariaDB's unsigned
 * cast makes it) rounds nothing */
void ex_geo_fn_as_geojson(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    if (!geo_arg(&a[0], &w, &len, NULL)) { *out = ex_null(); return; }
    uint64_t dec = 31;
    if (n > 1 && a[1].t != VT_NULL) dec = (uint32_t)ex_to_int(&a[1]);
    int64_t opt = n > 2 && a[2].t != VT_NULL ? ex_to_int(&a[2]) : 0;
    obuf b = { ctx->a, NULL, 0, 0 };
    ob_str(&b, "{");
    if (opt & 1) {   /* (an empty collection's MBR is MariaDB's unset one) */
        double m[4] = { DBL_MAX, DBL_MAX, -DBL_MAX, -DBL_MAX };
        const uint8_t *s = w;
        gj_mbr(&s, m);
        ob_str(&b, "\"bbox\": [");
        for (int i = 0; i < 4; i++) {
            if (i) ob_str(&b, ", ");
            gj_num(&b, m[i]);
        }
        ob_str(&b, "], ");
    }
    gj_geom(&b, &w, dec < 31 ? (unsigned)dec : 31);
    ob_str(&b, "}");
    *out = ex_str(b.p, b.n, COLL_UTF8MB4_GENERAL_CI);
}

/* ---------------------------------------------------------------- ST_GeomFromGeoJSON */

enum { GJ_OK, GJ_SYNTAX, GJ_EOF, GJ_DEPTH, GJ_INCORRECT, GJ_FEW_POINTS, GJ_NOT_CLOSED, GJ_DIMENSION, GJ_EMPTY };

/* The text being read; err: the first fault, at (for JSON's) 1-based position pos */
typedef struct gj { const char *s, *p, *e; int err; size_t pos; int depth; bool three_d_err; } gj;

/* The fault err at j->p; pos as MariaDB's scanner reports it: where it stood after the
 * offending character, but at it for a depth, a word's or an escape's fault (back: 1) */
static bool gj_fail_at(gj *j, int err, int back)
{
    if (!j->err) {
        j->err = err;
        j->pos = (size_t)(j->p - j->s) + 1 - (size_t)back;
    }
    return false;
}

static bool gj_fail(gj *j, int err) { return gj_fail_at(j, err, 0); }

static void gj_ws(gj *j)
{
    while (j->p < j->e && (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')) j->p++;
}

/* the next non-space character, or 0 at the end */
static char gj_peek(gj *j)
{
    gj_ws(j);
    return j->p < j->e ? *j->p : 0;
}

static bool gj_char(gj *j, char c)
{
    char k = gj_peek(j);
    if (!k) return gj_fail(j, GJ_EOF);
    if (k != c) return gj_fail(j, GJ_SYNTAX);
    j->p++;
    return true;
}

/* A string at j->p (its '"' next): its content's span */
static bool gj_string(gj *j, const char **s, size_t *n)
{
    if (!gj_char(j, '"')) return false;
    *s = j->p;
    while (j->p < j->e && *j->p != '"') {
        unsigned char c = (unsigned char)*j->p;
        if (c < 0x20) return gj_fail(j, GJ_SYNTAX);
        if (c == '\\') {
            j->p++;
            if (j->p >= j->e) return gj_fail(j, GJ_EOF);
            if (*j->p == 'u') {
                for (int i = 0; i < 4; i++) {
                    j->p++;
                    if (j->p >= j->e) return gj_fail(j, GJ_EOF);
                    if (!strchr("0123456789abcdefABCDEF", *j->p) || !*j->p) return gj_fail_at(j, GJ_SYNTAX, 1);
                }
            }   /* (MariaDB's scanner takes any other escaped character) */
        }
        j->p++;
    }
    if (j->p >= j->e) return gj_fail(j, GJ_EOF);
    *n = (size_t)(j->p - *s);
    j->p++;
    return true;
}

static void gj_opt_digits(gj *j)
{
    while (j->p < j->e && *j->p >= '0' && *j->p <= '9') j->p++;
}

/* A number as MariaDB's scanner takes it ('-', '1.' and '1e' too): its span */
static bool gj_number(gj *j, const char **s, size_t *n)
{
    gj_ws(j);
    *s = j->p;
    if (j->p < j->e && *j->p == '-') j->p++;
    if (j->p < j->e && *j->p == '0') j->p++;
    else gj_opt_digits(j);
    if (j->p < j->e && *j->p == '.') { j->p++; gj_opt_digits(j); }
    if (j->p < j->e && (*j->p == 'e' || *j->p == 'E')) {
        j->p++;
        if (j->p < j->e && (*j->p == '+' || *j->p == '-')) j->p++;
        gj_opt_digits(j);
    }
    *n = (size_t)(j->p - *s);
    return true;
}

static bool gj_word(gj *j, const char *w)
{
    for (; *w; w++, j->p++) {
        if (j->p >= j->e) return gj_fail(j, GJ_EOF);
        if (*j->p != *w) return gj_fail_at(j, GJ_SYNTAX, 1);
    }
    return true;
}

/* The kind of the value next: '{', '[', '"', '0' (a number), 't', 'f', 'n', or 0 with
 * the fault set */
static char gj_kind(gj *j)
{
    char c = gj_peek(j);
    if (!c) { gj_fail(j, GJ_EOF); return 0; }
    if (c == '{' || c == '[' || c == '"' || c == 't' || c == 'f' || c == 'n') return c;
    if (c == '-' || (c >= '0' && c <= '9')) return '0';
    gj_fail(j, GJ_SYNTAX);
    return 0;
}

static bool gj_skip(gj *j);

/* '[' or '{' already next: the members or items, to the closing bracket */
static bool gj_skip_level(gj *j, char open)
{
    if (++j->depth > GJ_MAX_DEPTH) return gj_fail_at(j, GJ_DEPTH, 1);
    j->p++;
    char close = open == '{' ? '}' : ']';
    if (gj_peek(j) == close) { j->p++; j->depth--; return true; }
    for (;;) {
        if (open == '{') {
            const char *k;
            size_t kn;
            if (!gj_string(j, &k, &kn) || !gj_char(j, ':')) return false;
        }
        if (!gj_skip(j)) return false;
        char c = gj_peek(j);
        if (!c) return gj_fail(j, GJ_EOF);
        j->p++;
        if (c == close) break;
        if (c != ',') { j->p--; return gj_fail(j, GJ_SYNTAX); }
    }
    j->depth--;
    return true;
}

/* Any value, read for its syntax only */
static bool gj_skip(gj *j)
{
    const char *s;
    size_t n;
    switch (gj_kind(j)) {
    case '{': return gj_skip_level(j, '{');
    case '[': return gj_skip_level(j, '[');
    case '"': return gj_string(j, &s, &n);
    case '0': return gj_number(j, &s, &n);
    case 't': return gj_word(j, "true");
    case 'f': return gj_word(j, "false");
    case 'n': return gj_word(j, "null");
    default: return false;
    }
}

/* Opens the array of an item list: true with *empty when it closes at once */
static bool gj_open(gj *j, bool *empty)
{
    char k = gj_kind(j);
    if (!k) return false;
    if (k != '[') { if (k != '{' && !gj_skip(j)) return false; return gj_fail(j, GJ_INCORRECT); }
    if (++j->depth > GJ_MAX_DEPTH) return gj_fail_at(j, GJ_DEPTH, 1);
    j->p++;
    *empty = gj_peek(j) == ']';
    if (*empty) { j->p++; j->depth--; }
    return true;
}

/* After an item: ',' (true, *more) or ']' (true, !*more); a fault right after an item
 * that closed a bracket MariaDB's scanner reports one character on */
static bool gj_next(gj *j, bool *more)
{
    char prev = j->p > j->s ? j->p[-1] : 0, c = gj_peek(j);
    if (!c) return gj_fail(j, GJ_EOF);
    j->p++;
    if (c == ']') { j->depth--; *more = false; return true; }
    if (c != ',') {
        if (prev != ']' && prev != '}') j->p--;
        return gj_fail(j, GJ_SYNTAX);
    }
    *more = true;
    return true;
}

/* [x, y, ...]: its first two numbers (MariaDB's are unset when missing: 0 here) */
static bool gj_point(gj *j, obuf *b)
{
    bool empty, more = true;
    if (!gj_open(j, &empty)) return false;
    double xy[2] = { 0, 0 };
    int nc = 0;
    while (!empty && more) {
        const char *s;
        size_t n;
        char k = gj_kind(j);
        if (!k) return false;
        if (k != '0') { if (k != '{' && k != '[' && !gj_skip(j)) return false; return gj_fail(j, GJ_INCORRECT); }
        if (!gj_number(j, &s, &n)) return false;
        char t[400];
        if (n >= sizeof t) return gj_fail(j, GJ_INCORRECT);
        memcpy(t, s, n);
        t[n] = 0;
        errno = 0;
        double d = strtod(t, NULL);   /* ('-' alone: 0) */
        if (errno == ERANGE && isinf(d)) return gj_fail(j, GJ_INCORRECT);
        if (nc < 2) xy[nc] = d;
        nc++;
        if (!gj_next(j, &more)) return false;
    }
    if (nc > 2 && j->three_d_err) return gj_fail(j, GJ_DIMENSION);
    ob_dbl(b, xy[0]);
    ob_dbl(b, xy[1]);
    return true;
}

/* The items of an array, each by item (with the WKB header hdr when not 0); *cnt of them
 * (its place at b->n when called) */
typedef bool gj_item(gj *j, obuf *b);

static bool gj_list(gj *j, obuf *b, gj_item *item, uint32_t hdr, uint32_t *cnt)
{
    bool empty, more = true;
    size_t at = b->n;
    ob_u32(b, 0);
    *cnt = 0;
    if (!gj_open(j, &empty)) return false;
    while (!empty && more) {
        if (hdr) { ob_put(b, "\x01", 1); ob_u32(b, hdr); }
        if (!item(j, b) || !gj_next(j, &more)) return false;
        (*cnt)++;
    }
    uint8_t t[4] = { (uint8_t)*cnt, (uint8_t)(*cnt >> 8), (uint8_t)(*cnt >> 16), (uint8_t)(*cnt >> 24) };
    memcpy(b->p + at, t, 4);
    return true;
}

static bool gj_line(gj *j, obuf *b)
{
    uint32_t n;
    if (!gj_list(j, b, gj_point, 0, &n)) return false;
    return n ? true : gj_fail(j, GJ_FEW_POINTS);
}

static bool gj_ring(gj *j, obuf *b)
{
    size_t at = b->n;
    if (!gj_line(j, b)) return false;
    uint32_t n = rd_u32((const uint8_t *)b->p + at, true);
    const char *f = b->p + at + 4, *l = f + 16 * (size_t)(n - 1);
    if (rd_dbl((const uint8_t *)f, true) != rd_dbl((const uint8_t *)l, true)
        || rd_dbl((const uint8_t *)f + 8, true) != rd_dbl((const uint8_t *)l + 8, true))
        return gj_fail(j, GJ_NOT_CLOSED);
    return true;
}

static bool gj_nonempty(gj *j, obuf *b, gj_item *item, uint32_t hdr)
{
    uint32_t n;
    if (!gj_list(j, b, item, hdr, &n)) return false;
    return n ? true : gj_fail(j, GJ_EMPTY);
}

static bool gj_polygon(gj *j, obuf *b) { return gj_nonempty(j, b, gj_ring, 0); }

static bool gj_object(gj *j, obuf *b);

/* A collection's item: an object whose geometry is read, then the rest of it skipped */
static bool gj_coll_item(gj *j, obuf *b)
{
    gj_ws(j);
    const char *start = j->p;
    int depth = j->depth;
    if (!gj_object(j, b)) return false;
    j->p = start;   /* (MariaDB's json_skip_array_item from where the item began) */
    j->depth = depth;
    return gj_skip(j);
}

/* The coordinates (or geometries) at j->p as a geometry of this type, into b */
static bool gj_body(gj *j, obuf *b, uint32_t type)
{
    uint32_t n;
    ob_put(b, "\x01", 1);
    ob_u32(b, type);
    switch (type) {
    case GEO_POINT: return gj_point(j, b);
    case GEO_LINESTRING: return gj_line(j, b);
    case GEO_POLYGON: return gj_polygon(j, b);
    case GEO_MULTIPOINT: return gj_nonempty(j, b, gj_point, GEO_POINT);
    case GEO_MULTILINESTRING: return gj_nonempty(j, b, gj_line, GEO_LINESTRING);
    case GEO_MULTIPOLYGON: return gj_nonempty(j, b, gj_polygon, GEO_POLYGON);
    default: return gj_list(j, b, gj_coll_item, 0, &n);
    }
}

static uint32_t gj_class(const char *s, size_t n)
{
    for (uint32_t t = GEO_POINT; t <= GEO_COLLECTION; t++)
        if (strlen(gj_names[t]) == n && !strncasecmp(gj_names[t], s, n)) return t;
    return 0;
}

/* A GeoJSON object at j->p (Feature and FeatureCollection too) as WKB into b */
static bool gj_object(gj *j, obuf *b)
{
    char k = gj_kind(j);
    if (!k) return false;
    if (k != '{') { if (k != '[' && !gj_skip(j)) return false; return gj_fail(j, GJ_INCORRECT); }
    if (++j->depth > GJ_MAX_DEPTH) return gj_fail_at(j, GJ_DEPTH, 1);
    j->p++;
    uint32_t type = 0;
    const char *coords = NULL, *geoms = NULL, *features = NULL, *geometry = NULL;
    bool fcoll = false, feature = false;
    int depth = j->depth;
    if (gj_peek(j) == '}') return gj_fail(j, GJ_INCORRECT);
    for (;;) {
        const char *key, *v;
        size_t kn, vn;
        if (!gj_string(j, &key, &kn) || !gj_char(j, ':')) return false;
        char kind = gj_kind(j);
        if (!kind) return false;
        const char *at = j->p;
        if (kn == 4 && !strncasecmp(key, "type", 4)) {
            if (kind != '"') { if (kind != '{' && kind != '[' && !gj_skip(j)) return false; return gj_fail(j, GJ_INCORRECT); }
            if (!gj_string(j, &v, &vn)) return false;
            if ((type = gj_class(v, vn))) {
                const char *start = type == GEO_COLLECTION ? geoms : coords;
                if (start) { j->p = start; j->depth = depth; return gj_body(j, b, type); }
            } else if (vn == 17 && !strncasecmp(v, "featurecollection", 17)) {
                if (features) { j->p = features; j->depth = depth; return gj_body(j, b, GEO_COLLECTION); }
                fcoll = true;
            } else if (vn == 7 && !strncasecmp(v, "feature", 7)) {
                if (geometry) { j->p = geometry; j->depth = depth; return gj_object(j, b); }
                feature = true;
            } else return gj_fail(j, GJ_INCORRECT);
        } else if (kn == 11 && !strncasecmp(key, "coordinates", 11) && kind == '[') {
            coords = at;
            if (type && type != GEO_COLLECTION) return gj_body(j, b, type);
            if (!gj_skip(j)) return false;
        } else if (kn == 10 && !strncasecmp(key, "geometries", 10) && kind == '[') {
            geoms = at;
            if (type == GEO_COLLECTION) return gj_body(j, b, type);
            if (!gj_skip(j)) return false;
        } else if (kn == 8 && !strncasecmp(key, "features", 8) && kind == '[') {
            features = at;
            if (fcoll) return gj_body(j, b, GEO_COLLECTION);
            if (!gj_skip(j)) return false;
        } else if (kn == 8 && !strncasecmp(key, "geometry", 8)) {
            if (kind != '{') { if (kind != '[' && !gj_skip(j)) return false; return gj_fail(j, GJ_INCORRECT); }
            geometry = at;
            if (feature) return gj_object(j, b);
            if (!gj_skip(j)) return false;
        } else if (!gj_skip(j)) return false;
        char c = gj_peek(j);
        if (!c) return gj_fail(j, GJ_EOF);
        j->p++;
        if (c == '}') break;
        if (c != ',') { j->p--; return gj_fail(j, GJ_SYNTAX); }
    }
    return gj_fail(j, GJ_INCORRECT);   /* (no type with its coordinates) */
}

/* ST_GeomFromGeoJSON(text [, options [, srid]]): options 1 refuses a third coordinate,
 * 2 to 4 ignore it (as MariaDB's, which reads no CRS) */
void ex_geo_fn_from_geojson(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    *out = ex_null();
    if (a[0].t == VT_NULL) return;
    int64_t opt = 0;
    if (n > 1 && a[1].t != VT_NULL) {
        opt = ex_to_int(&a[1]);
        if (opt > 4 || opt < 1) {
            size_t ln;
            const char *s = ex_to_str(ctx->a, &a[1], &ln);
            ex_raise(ctx, 1411, "HY000", "Incorrect option value: '%.*s' for function ST_GeomFromGeoJSON", (int)ln, s);
        }
    }
    uint32_t srid = n > 2 && a[2].t != VT_NULL ? (uint32_t)ex_to_int(&a[2]) : 0;
    size_t len;
    const char *s = ex_to_str(ctx->a, &a[0], &len);
    gj j = { s, s, s + len, GJ_OK, 0, 0, opt == 1 };
    obuf b = { ctx->a, NULL, 0, 0 };
    ob_u32(&b, srid);
    /* (no JSON value to begin with: MariaDB gives the SRID alone, and no warning) */
    char k = gj_kind(&j);
    if (k == '0') {   /* (a number of no digits is none there) */
        const char *num;
        size_t nn;
        gj_number(&j, &num, &nn);
        bool digit = false;
        for (size_t i = 0; i < nn; i++) digit |= num[i] >= '0' && num[i] <= '9';
        if (!digit) k = 0;
    } else if (k && k != '{' && k != '[' && !gj_skip(&j)) k = 0;
    if (!k) { *out = ex_str(b.p, b.n, COLL_BINARY); return; }
    j = (gj){ s, s, s + len, GJ_OK, 0, 0, opt == 1 };
    gj_ws(&j);
    const char *start = j.p;
    if (gj_object(&j, &b)) {   /* (the rest of the object is read as JSON only) */
        j.p = start;
        j.depth = 0;
        if (gj_skip(&j)) { *out = ex_str(b.p, b.n, COLL_BINARY); return; }
    }
    static const char fn[] = "st_geomfromgeojson";
    switch (j.err) {
    case GJ_SYNTAX:
        ex_warn(ctx, "Warning", 4038, "Syntax error in JSON text in argument 1 to function '%s' at position %zu", fn, j.pos);
        return;
    case GJ_EOF: ex_warn(ctx, "Warning", 4037, "Unexpected end of JSON text in argument 1 to function '%s'", fn); return;
    case GJ_DEPTH:
        ex_warn(ctx, "Warning", 4040,
                "Limit of 32 on JSON nested structures depth is reached in argument 1 to function '%s' at position %zu", fn, j.pos);
        return;
    case GJ_FEW_POINTS: ex_warn(ctx, "Warning", 4049, "Incorrect GeoJSON format - too few points for linestring specified."); return;
    case GJ_NOT_CLOSED: ex_warn(ctx, "Warning", 4050, "Incorrect GeoJSON format - polygon not closed."); return;
    case GJ_EMPTY: ex_warn(ctx, "Warning", 4076, "Incorrect GeoJSON format - empty 'coordinates' array."); return;
    case GJ_DIMENSION: ex_raise(ctx, 3037, "22023", "Invalid GIS data provided to function ST_GeomFromGeoJSON.");
    default: ex_warn(ctx, "Warning", 4048, "Incorrect GeoJSON format specified for st_geomfromgeojson function."); return;
    }
}
