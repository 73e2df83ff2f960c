/* geo_acc.c - the spatial accessors that take a geometry apart (ST_StartPoint,
 * ST_EndPoint, ST_PointN, ST_ExteriorRing, ST_InteriorRingN, ST_GeometryN), ST_IsClosed,
 * ST_Centroid, ST_ConvexHull and ST_Boundary, as MariaDB's Gis_* classes and its
 * Item_func_convexhull and Item_func_boundary answer them: a part keeps the value's SRID
 * (a hull and a boundary have SRID 0),
 * a number is taken as MariaDB's uint32 (so 2^32 + 1 is 1), and what a kind lacks is
 * NULL (IsClosed: -1, NULL too). */
#include "engine/func_int.h"
#include "engine/geo.h"
#include "engine/geo_int.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A value: the SRID of src, then a WKB header of this type, then n bytes from p (with
 * a count before them when with_count) */
static pdb_value part_value(ex_ctx *ctx, const pdb_value *src, uint32_t type, const uint8_t *p, size_t n,
                            bool with_count, uint32_t count)
{
    size_t len = 4 + 5 + (with_count ? 4 : 0) + n;
    uint8_t *b = stor_arena_alloc(ctx->a, len), *q = b;
    memcpy(q, src->p, 4);
    q += 4;
    *q++ = 1;
    for (int i = 0; i < 4; i++) *q++ = (uint8_t)(type >> (8 * i));
    if (with_count)
        for (int i = 0; i < 4; i++) *q++ = (uint8_t)(count >> (8 * i));
    memcpy(q, p, n);
    return ex_str((const char *)b, len, COLL_BINARY);
}

/* The place past the geometry at p (valid WKB) */
static const uint8_t *geo_skip(const uint8_t *p)
{
    uint32_t type = rd_u32(p + 1, true);
    p += 5;
    if (type == GEO_POINT) return p + 16;
    uint32_t n = rd_u32(p, true);
    p += 4;
    if (type == GEO_LINESTRING) return p + 16 * (size_t)n;
    if (type == GEO_POLYGON) {
        for (uint32_t r = 0; r < n; r++) p += 4 + 16 * (size_t)rd_u32(p, true);
        return p;
    }
    for (uint32_t i = 0; i < n; i++) p = geo_skip(p);
    return p;
}

/* The k-th (from 1) of n as MariaDB's uint32 takes the argument; 0 when none */
static uint32_t nth(const pdb_value *v, uint32_t n)
{
    uint32_t k = (uint32_t)ex_to_int(v);
    return k >= 1 && k <= n ? k : 0;
}

/* ST_StartPoint, ST_EndPoint, ST_PointN of a linestring */
void ex_geo_fn_point_of(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    int t;
    *out = ex_null();
    if (!geo_arg(&a[0], &w, &len, &t) || t != GEO_LINESTRING || (n > 1 && a[1].t == VT_NULL)) return;
    uint32_t cnt = rd_u32(w + 5, true), k = d->id == EX_GEO_STARTPOINT ? 1 : d->id == EX_GEO_ENDPOINT ? cnt : nth(&a[1], cnt);
    if (!k || k > cnt) return;
    *out = part_value(ctx, &a[0], GEO_POINT, w + 9 + 16 * (size_t)(k - 1), 16, false, 0);
}

/* ST_ExteriorRing, ST_InteriorRingN of a polygon, as linestrings */
void ex_geo_fn_ring(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    int t;
    *out = ex_null();
    if (!geo_arg(&a[0], &w, &len, &t) || t != GEO_POLYGON || (n > 1 && a[1].t == VT_NULL)) return;
    uint32_t rings = rd_u32(w + 5, true), k = 0;
    if (d->id == EX_GEO_INTERIORRINGN && !(k = nth(&a[1], rings - 1))) return;
    const uint8_t *p = w + 9;
    for (uint32_t r = 0; r < k; r++) p += 4 + 16 * (size_t)rd_u32(p, true);
    uint32_t m = rd_u32(p, true);
    *out = part_value(ctx, &a[0], GEO_LINESTRING, p + 4, 16 * (size_t)m, true, m);
}

/* ST_GeometryN of a multi or collection (an empty collection taken out is NULL, as
 * MariaDB's) */
void ex_geo_fn_geometry_n(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    int t;
    *out = ex_null();
    if (!geo_arg(&a[0], &w, &len, &t) || t < GEO_MULTIPOINT || a[1].t == VT_NULL) return;
    uint32_t k = nth(&a[1], rd_u32(w + 5, true));
    if (!k) return;
    const uint8_t *p = w + 9;
    for (uint32_t i = 1; i < k; i++) p = geo_skip(p);
    const uint8_t *end = geo_skip(p);
    uint32_t type = rd_u32(p + 1, true);
    if (type == GEO_COLLECTION && !rd_u32(p + 5, true)) return;
    *out = part_value(ctx, &a[0], type, p + 5, (size_t)(end - p - 5), false, 0);
}

/* ST_IsClosed: of a linestring (one point is closed) or a multilinestring (all of
 * them); -1 for other kinds and for NULL, as MariaDB's */
void ex_geo_fn_is_closed(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    int t;
    *out = ex_int(-1);
    if (!geo_arg(&a[0], &w, &len, &t) || (t != GEO_LINESTRING && t != GEO_MULTILINESTRING)) return;
    uint32_t lines = t == GEO_LINESTRING ? 1 : rd_u32(w + 5, true);
    const uint8_t *p = t == GEO_LINESTRING ? w + 5 : w + 9 + 5;
    for (uint32_t i = 0; i < lines; i++) {
        uint32_t m = rd_u32(p, true);
        const uint8_t *f = p + 4, *l = f + 16 * (size_t)(m - 1);
        if (rd_dbl(f, true) != rd_dbl(l, true) || rd_dbl(f + 8, true) != rd_dbl(l + 8, true)) { *out = ex_int(0); return; }
        p = l + 16 + 5;   /* (past the next linestring's header) */
    }
    *out = ex_int(1);
}

/* A polygon's centroid as MariaDB's Gis_polygon::centroid_xy: each ring's by the
 * shoelace (or its points' mean when it has no area), a hole's taken away by area */
static void poly_centroid(const uint8_t *p, double *x, double *y, const uint8_t **end)
{
    uint32_t rings = rd_u32(p, true);
    p += 4;
    double res_area = 0, res_cx = 0, res_cy = 0;
    for (uint32_t r = 0; r < rings; r++) {
        uint32_t m = rd_u32(p, true);
        p += 4;
        double px = rd_dbl(p, true), py = rd_dbl(p + 8, true);
        double area = 0, cx = 0, cy = 0, sx = 0, sy = 0;
        for (uint32_t k = 1; k < m; k++) {
            double tx = rd_dbl(p + 16 * (size_t)k, true), ty = rd_dbl(p + 16 * (size_t)k + 8, true);
            double la = px * ty - tx * py;
            area += la;
            cx += tx;
            cy += ty;
            sx += (px + tx) * la;
            sy += (py + ty) * la;
            px = tx;
            py = ty;
        }
        p += 16 * (size_t)m;
        if (fabs(area) > 1e-10) { cx = sx / area / 3.0; cy = sy / area / 3.0; }
        else { cx = cx / (m - 1); cy = cy / (m - 1); }
        area = fabs(area);
        if (r) {
            double d_area = fabs(res_area - area);
            res_cx = (res_area * res_cx - area * cx) / d_area;
            res_cy = (res_area * res_cy - area * cy) / d_area;
        } else {
            res_area = area;
            res_cx = cx;
            res_cy = cy;
        }
    }
    *x = res_cx;
    *y = res_cy;
    *end = p;
}

/* A polygon's area as MariaDB's Gis_polygon::area (and ST_Area): the outer ring's less
 * the holes' */
static double poly_area(const uint8_t *p)
{
    uint32_t rings = rd_u32(p, true);
    p += 4;
    double area = 0;
    for (uint32_t r = 0; r < rings; r++) {
        uint32_t m = rd_u32(p, true);
        p += 4;
        double ra = 0, px = rd_dbl(p, true), py = rd_dbl(p + 8, true);
        for (uint32_t k = 1; k < m; k++) {
            double x = rd_dbl(p + 16 * (size_t)k, true), y = rd_dbl(p + 16 * (size_t)k + 8, true);
            ra += (px + x) * (py - y);
            px = x;
            py = y;
        }
        p += 16 * (size_t)m;
        ra = fabs(ra) / 2;
        area = r ? area - ra : ra;
    }
    return fabs(area);
}

/* ST_Centroid: of a polygon or multipolygon (their areas weighing the parts' centroids);
 * NULL for other kinds, as MariaDB's */
void ex_geo_fn_centroid(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w, *end;
    size_t len;
    int t;
    double x, y;
    *out = ex_null();
    if (!geo_arg(&a[0], &w, &len, &t) || (t != GEO_POLYGON && t != GEO_MULTIPOLYGON)) return;
    if (t == GEO_POLYGON) poly_centroid(w + 5, &x, &y, &end);
    else {
        double res_area = 0, res_cx = 0, res_cy = 0;
        uint32_t parts = rd_u32(w + 5, true);
        const uint8_t *p = w + 9;
        for (uint32_t i = 0; i < parts; i++) {
            double cur_area = poly_area(p + 5), cx, cy;
            poly_centroid(p + 5, &cx, &cy, &p);
            res_area += cur_area;
            res_cx += cur_area * cx;
            res_cy += cur_area * cy;
        }
        x = res_cx / res_area;
        y = res_cy / res_area;
    }
    uint8_t xy[16];
    uint64_t u;
    memcpy(&u, &x, 8);
    for (int i = 0; i < 8; i++) xy[i] = (uint8_t)(u >> (8 * i));
    memcpy(&u, &y, 8);
    for (int i = 0; i < 8; i++) xy[8 + i] = (uint8_t)(u >> (8 * i));
    *out = part_value(ctx, &a[0], GEO_POINT, xy, 16, false, 0);
}

/* ---------------------------------------------------------------- convex hull */

/* A vertex on MariaDB's slicing grid: the coordinate times the extent's scale, cut to an
 * integer as gcalc_set_double does (two base-1e9 digits); x, y the value itself */
typedef struct hnode { int64_t ix, iy; double x, y; uint32_t ord; } hnode;

typedef struct hlist { stor_arena *a; hnode *v; size_t n, cap; double ext; } hlist;

static int64_t grid(double d, double ext)
{
    double ds = d * ext;
    bool neg = ds < 0;
    if (neg) ds = -ds;
    if (!(ds < 9e18)) ds = 9e18;   /* (no grid holds more; NaN too) */
    uint64_t c0 = (uint64_t)(ds / 1e9), c1 = (uint64_t)(ds - (double)c0 * 1e9);
    if (c1 >= 1000000000u) { c1 = 0; c0++; }
    int64_t v = (int64_t)(c0 * 1000000000u + c1);
    return neg ? -v : v;
}

static void hl_add(hlist *h, double x, double y, bool dedup)
{
    hnode nd = { grid(x, h->ext), grid(y, h->ext), x, y, (uint32_t)h->n };
    if (dedup && h->n && h->v[h->n - 1].ix == nd.ix && h->v[h->n - 1].iy == nd.iy) return;
    if (h->n == h->cap) {
        size_t c = h->cap ? h->cap * 2 : 32;
        hnode *nv = stor_arena_alloc(h->a, c * sizeof *nv);
        if (h->n) memcpy(nv, h->v, h->n * sizeof *nv);
        h->v = nv;
        h->cap = c;
    }
    h->v[h->n++] = nd;
}

/* The vertices MariaDB's store_shapes hands its heap: a line's without repeats, a ring's
 * without its closing point (and a return to its first point put off) */
static void hl_walk(hlist *h, const uint8_t **p)
{
    const uint8_t *s = *p;
    uint32_t type = rd_u32(s + 1, true);
    s += 5;
    if (type == GEO_POINT) { hl_add(h, rd_dbl(s, true), rd_dbl(s + 8, true), false); *p = s + 16; return; }
    uint32_t n = rd_u32(s, true);
    s += 4;
    if (type == GEO_LINESTRING) {
        for (uint32_t i = 0; i < n; i++) hl_add(h, rd_dbl(s + 16 * (size_t)i, true), rd_dbl(s + 16 * (size_t)i + 8, true), i > 0);
        *p = s + 16 * (size_t)n;
        return;
    }
    if (type == GEO_POLYGON) {
        for (uint32_t r = 0; r < n; r++) {
            uint32_t m = rd_u32(s, true);
            s += 4;
            double fx = rd_dbl(s, true), fy = rd_dbl(s + 8, true), px = fx, py = fy;
            bool eq_first = false;
            hl_add(h, fx, fy, false);
            for (uint32_t k = 1; k + 1 < m; k++) {
                double x = rd_dbl(s + 16 * (size_t)k, true), y = rd_dbl(s + 16 * (size_t)k + 8, true);
                if (x == px && y == py) continue;
                px = x;
                py = y;
                if (eq_first) { hl_add(h, fx, fy, true); eq_first = false; }
                if (x == fx && y == fy) { eq_first = true; continue; }
                hl_add(h, x, y, true);
            }
            s += 16 * (size_t)m;
        }
        *p = s;
        return;
    }
    for (uint32_t i = 0; i < n; i++) hl_walk(h, &s);
    *p = s;
}

static int hn_cmp(const void *a, const void *b)
{
    const hnode *x = a, *y = b;
    if (x->iy != y->iy) return x->iy < y->iy ? -1 : 1;
    if (x->ix != y->ix) return x->ix < y->ix ? -1 : 1;
    return (x->ord > y->ord) - (x->ord < y->ord);
}

/* MariaDB's cmp_dx_dy of the directions a->b and c->d on the grid */
static int dxdy(const hnode *a, const hnode *b, const hnode *c, const hnode *d)
{
    __int128 l = (__int128)(b->ix - a->ix) * (d->iy - c->iy), r = (__int128)(b->iy - a->iy) * (d->ix - c->ix);
    return (l > r) - (l < r);
}

/* One side of the hull (dir 1 or -1) over the sorted vertices, as MariaDB's
 * add_node_to_line keeps it: indexes into v, *k of them */
static void hull_side(const hnode *v, size_t n, int dir, uint32_t *out, size_t *k)
{
    *k = 0;
    out[(*k)++] = 0;
    for (size_t i = 1; i < n; i++) {
        while (*k > 1 && dxdy(&v[out[*k - 2]], &v[out[*k - 1]], &v[out[*k - 1]], &v[i]) * dir >= 0) (*k)--;
        out[(*k)++] = (uint32_t)i;
    }
}

/* ST_ConvexHull as MariaDB's Item_func_convexhull builds it: the vertices sorted by y then
 * x on its grid, a left and a right chain; a point, a linestring of two, or a polygon (the
 * left chain up, the right one down), with SRID 0 as MariaDB's */
void ex_geo_fn_convex_hull(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    int t;
    *out = ex_null();
    if (!geo_arg(&a[0], &w, &len, &t)) return;
    double m[4] = { 0, 0, 0, 0 }, ext = 0;
    { /* (the grid's scale: find_scale of the MBR's largest magnitude) */
        hlist tmp = { ctx->a, NULL, 0, 0, 1 };
        const uint8_t *s = w;
        hl_walk(&tmp, &s);
        for (size_t i = 0; i < tmp.n; i++) {
            m[0] = fmax(m[0], fabs(tmp.v[i].x));
            m[1] = fmax(m[1], fabs(tmp.v[i].y));
        }
        double extent = fmax(m[0], m[1]), scale = 1e-2;
        while (scale < extent) scale *= 10;
        ext = 1e18 / scale / 10;
    }
    hlist h = { ctx->a, NULL, 0, 0, ext };
    hl_walk(&h, &w);
    uint8_t zero[4] = { 0, 0, 0, 0 };
    pdb_value srid0 = ex_str((const char *)zero, 4, COLL_BINARY);
    if (!h.n) { *out = part_value(ctx, &srid0, GEO_COLLECTION, zero, 4, false, 0); return; }
    geo_sort(h.v, h.n, sizeof *h.v, hn_cmp);
    size_t u = 0;   /* (one vertex of those at one place) */
    for (size_t i = 0; i < h.n; i++)
        if (!u || h.v[i].ix != h.v[u - 1].ix || h.v[i].iy != h.v[u - 1].iy) h.v[u++] = h.v[i];
    uint8_t *b;
    if (u == 1) {
        b = stor_arena_alloc(ctx->a, 16);
        memcpy(b, &h.v[0].x, 8);
        memcpy(b + 8, &h.v[0].y, 8);
        *out = part_value(ctx, &srid0, GEO_POINT, b, 16, false, 0);
        return;
    }
    uint32_t *l = stor_arena_alloc(ctx->a, u * sizeof *l), *r = stor_arena_alloc(ctx->a, u * sizeof *r);
    size_t nl, nr;
    hull_side(h.v, u, 1, l, &nl);
    hull_side(h.v, u, -1, r, &nr);
    bool line = nl == 2 && nr == 2;
    size_t np = line ? 2 : nl + nr - 2 + 1, k = 0;
    b = stor_arena_alloc(ctx->a, (line ? 4 : 8) + 16 * np);
    uint8_t *q = b + (line ? 0 : 4);   /* (a polygon: its one ring's count first) */
#define PUT(nd) do { memcpy(q, &(nd)->x, 8); memcpy(q + 8, &(nd)->y, 8); q += 16; k++; } while (0)
    if (line) { PUT(&h.v[l[0]]); PUT(&h.v[l[nl - 1]]); }
    else {
        for (size_t i = 0; i < nl; i++) PUT(&h.v[l[i]]);
        for (size_t i = nr - 1; i-- > 1;) PUT(&h.v[r[i]]);
        PUT(&h.v[l[0]]);
    }
#undef PUT
    if (line) { *out = part_value(ctx, &srid0, GEO_LINESTRING, b, 16 * k, true, (uint32_t)k); return; }
    uint32_t kk = (uint32_t)k;
    for (int i = 0; i < 4; i++) b[i] = (uint8_t)(kk >> (8 * i));
    *out = part_value(ctx, &srid0, GEO_POLYGON, b, 4 + 16 * k, true, 1);
}

/* ---------------------------------------------------------------- boundary */

/* ST_Boundary's shapes, in order: a point (n 1) or a ring's line */
typedef struct bshape { const double *xy; uint32_t n; } bshape;

typedef struct blist { stor_arena *a; bshape *v; size_t n, cap; uint32_t npt, nline; } blist;

static void bl_add(blist *b, double *xy, uint32_t n)
{
    if (b->n == b->cap) {
        size_t c = b->cap ? b->cap * 2 : 16;
        bshape *nv = stor_arena_alloc(b->a, c * sizeof *nv);
        if (b->n) memcpy(nv, b->v, b->n * sizeof *nv);
        b->v = nv;
        b->cap = c;
    }
    b->v[b->n++] = (bshape){ xy, n };
    if (n == 1) b->npt++;
    else b->nline++;
}

static void bl_point(blist *b, double x, double y)
{
    double *xy = stor_arena_alloc(b->a, 2 * sizeof *xy);
    xy[0] = x;
    xy[1] = y;
    bl_add(b, xy, 1);
}

/* The shapes of the boundary of the geometry at *p, as MariaDB's Item_func_boundary
 * transporter makes them: a linestring's first and last points (its first alone when
 * it has one place), a ring as a closed line of the points store_shapes gives */
static void bl_walk(blist *b, const uint8_t **p)
{
    const uint8_t *s = *p;
    uint32_t type = rd_u32(s + 1, true);
    s += 5;
    if (type == GEO_POINT) { *p = s + 16; return; }
    uint32_t n = rd_u32(s, true);
    s += 4;
    if (type == GEO_LINESTRING) {
        uint32_t k = 0;
        double lx = 0, ly = 0;
        for (uint32_t i = 0; i < n; i++) {
            double x = rd_dbl(s + 16 * (size_t)i, true), y = rd_dbl(s + 16 * (size_t)i + 8, true);
            if (i && x == lx && y == ly) continue;
            if (!k++) bl_point(b, x, y);
            lx = x;
            ly = y;
        }
        if (k > 1) bl_point(b, lx, ly);
        *p = s + 16 * (size_t)n;
        return;
    }
    if (type == GEO_POLYGON) {
        for (uint32_t r = 0; r < n; r++) {
            uint32_t m = rd_u32(s, true);
            s += 4;
            hlist h = { b->a, NULL, 0, 0, 0 };   /* (store_shapes' points of the ring) */
            double fx = rd_dbl(s, true), fy = rd_dbl(s + 8, true), px = fx, py = fy;
            bool eq_first = false;
            hl_add(&h, fx, fy, false);
            for (uint32_t k = 1; k + 1 < m; k++) {
                double x = rd_dbl(s + 16 * (size_t)k, true), y = rd_dbl(s + 16 * (size_t)k + 8, true);
                if (x == px && y == py) continue;
                px = x;
                py = y;
                if (eq_first) { hl_add(&h, fx, fy, false); eq_first = false; }
                if (x == fx && y == fy) { eq_first = true; continue; }
                hl_add(&h, x, y, false);
            }
            s += 16 * (size_t)m;
            double *xy = stor_arena_alloc(b->a, (h.n + 1) * 2 * sizeof *xy);
            for (size_t i = 0; i < h.n; i++) { xy[2 * i] = h.v[i].x; xy[2 * i + 1] = h.v[i].y; }
            if (h.n > 1) { xy[2 * h.n] = fx; xy[2 * h.n + 1] = fy; }
            bl_add(b, xy, h.n > 1 ? (uint32_t)h.n + 1 : 1);
        }
        *p = s;
        return;
    }
    for (uint32_t i = 0; i < n; i++) bl_walk(b, &s);
    *p = s;
}

static void ob_u32le(uint8_t **q, uint32_t v)
{
    for (int i = 0; i < 4; i++) *(*q)++ = (uint8_t)(v >> (8 * i));
}

static void ob_shape(uint8_t **q, const bshape *sh, bool header)
{
    if (header) { *(*q)++ = 1; ob_u32le(q, sh->n == 1 ? GEO_POINT : GEO_LINESTRING); }
    if (sh->n > 1) ob_u32le(q, sh->n);
    memcpy(*q, sh->xy, 16 * (size_t)sh->n);
    *q += 16 * (size_t)sh->n;
}

/* ST_Boundary: nothing (GEOMETRYCOLLECTION EMPTY), a point or line, a multipoint or
 * multilinestring of them, or a collection when both; SRID 0, as MariaDB's */
void ex_geo_fn_boundary(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    int t;
    *out = ex_null();
    if (!geo_arg(&a[0], &w, &len, &t)) return;
    blist b = { ctx->a, NULL, 0, 0, 0, 0 };
    bl_walk(&b, &w);
    size_t bytes = 4;
    for (size_t i = 0; i < b.n; i++) bytes += 5 + 4 + 16 * (size_t)b.v[i].n;
    uint8_t *buf = stor_arena_alloc(ctx->a, bytes), *q = buf;
    uint32_t type;
    if (b.n == 1) {
        type = b.npt ? GEO_POINT : GEO_LINESTRING;
        ob_shape(&q, &b.v[0], false);
    } else {
        type = !b.n || (b.npt && b.nline) ? GEO_COLLECTION : b.npt ? GEO_MULTIPOINT : GEO_MULTILINESTRING;
        ob_u32le(&q, (uint32_t)b.n);
        for (size_t i = 0; i < b.n; i++) ob_shape(&q, &b.v[i], true);
    }
    uint8_t zero[4] = { 0, 0, 0, 0 };
    pdb_value srid0 = ex_str((const char *)zero, 4, COLL_BINARY);
    *out = part_value(ctx, &srid0, type, buf, (size_t)(q - buf), false, 0);
}
