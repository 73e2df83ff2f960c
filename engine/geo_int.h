/* geo_int.h - what engine/geo.c shares with engine/geo_rel.c (the exact relations and
 * distances of geometries): the WKB readers, the argument check, the result types. */
#ifndef PRESSDB_ENGINE_GEO_INT_H
#define PRESSDB_ENGINE_GEO_INT_H

#include "engine/func_int.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline uint32_t rd_u32(const uint8_t *p, bool le)
{
    return le ? (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24
              : (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 | (uint32_t)p[0] << 24;
}

static inline double rd_dbl(const uint8_t *p, bool le)
{
    uint64_t u = 0;
    for (int i = 0; i < 8; i++) u |= (uint64_t)p[le ? i : 7 - i] << (8 * i);
    double d;
    memcpy(&d, &u, 8);
    return d;
}

/* A geometry argument: its WKB (past the SRID), or false (NULL) when the value is none */
bool geo_arg(const pdb_value *v, const uint8_t **wkb, size_t *n, int *type);
size_t geo_fmt_coord(double d, char *t, size_t cap);   /* a coordinate in WKT and GeoJSON */
void ty_bool(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e);
void ty_count(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e);
void ty_coord(const ex_fdef *fd, const ex_type *a, int n, ex_type *t, const pl_expr *e);

/* geo_rel.c: ST_Contains ... ST_Equals (d->id one of EX_GEO_REL_*), ST_IsSimple, ST_IsRing,
 * ST_Distance */
void ex_geo_fn_relation(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);
void ex_geo_fn_relate(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);
void ex_geo_fn_simple(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);
void ex_geo_fn_distance(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);

/* geo_acc.c: the parts of a geometry, ST_IsClosed, ST_Centroid */
void ex_geo_fn_point_of(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);
void ex_geo_fn_ring(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);
void ex_geo_fn_geometry_n(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);
void ex_geo_fn_is_closed(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);
void ex_geo_fn_convex_hull(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);
void ex_geo_fn_boundary(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);
void ex_geo_fn_centroid(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);

/* geo_json.c: ST_AsGeoJSON, ST_GeomFromGeoJSON */
void ex_geo_fn_as_geojson(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);
void ex_geo_fn_from_geojson(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e);

/* qsort of n elements, none or one left as they are (qsort takes no NULL base, and
 * an empty list's is) */
static inline void geo_sort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n > 1) qsort(base, n, size, cmp);
}

#endif
