/* geo_acc.c - the spatial accessors that take a geometry apart (ST_StartPoint,
 * ST_EndPoint, ST_PointN, ST_ExteriorRing, ST_InteriorRingN, ST_GeometryN), ST_IsClosed
 * and ST_Centroid, as MariaDB's Gis_* classes answer them: a part keeps the value's SRID,
 * a number is taken as MariaDB's uint32 (so 2^32 + 1 is 1), and what a kind lacks is
 * NULL (IsClosed: -1, NULL too). */
#include "engine/func_int.h"
#include "engine/geo.h"
#include "engine/geo_int.h"
#include <math.h>
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
