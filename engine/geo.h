/* geo.h - spatial values (engine/geo.c): the geometry kinds, and what the rest of the
 * engine asks of them (a column's type name, whether a value fits a column). */
#ifndef PRESSDB_ENGINE_GEO_H
#define PRESSDB_ENGINE_GEO_H

#include <stdbool.h>
#include <stddef.h>

/* WKB's geometry types; a column's kind (stor_column.geom) is one of them, or GEO_ANY
 * for GEOMETRY (0: not a spatial column) */
enum { GEO_POINT = 1, GEO_LINESTRING, GEO_POLYGON, GEO_MULTIPOINT, GEO_MULTILINESTRING, GEO_MULTIPOLYGON,
       GEO_COLLECTION, GEO_ANY };

/* ex_fdef.id of the spatial functions (past func_int.h's ranges) */
enum { EX_GEO_BASE = 700, EX_GEO_X = 720, EX_GEO_Y, EX_GEO_NUMPOINTS, EX_GEO_NUMGEOMETRIES, EX_GEO_NUMINTERIOR,
       EX_GEO_ISEMPTY, EX_GEO_DIMENSION, EX_GEO_AREA, EX_GEO_LENGTH, EX_GEO_MBR_CONTAINS, EX_GEO_MBR_INTERSECTS,
       EX_GEO_MBR_DISJOINT, EX_GEO_MBR_EQUAL, EX_GEO_MBR_WITHIN, EX_GEO_MBR_OVERLAPS,
       EX_GEO_REL_CONTAINS, EX_GEO_REL_WITHIN, EX_GEO_REL_EQUALS, EX_GEO_REL_INTERSECTS, EX_GEO_REL_DISJOINT,
       EX_GEO_REL_TOUCHES, EX_GEO_REL_CROSSES, EX_GEO_REL_OVERLAPS, EX_GEO_STARTPOINT, EX_GEO_ENDPOINT, EX_GEO_POINTN,
       EX_GEO_EXTERIORRING, EX_GEO_INTERIORRINGN, EX_GEO_ISRING, EX_GEO_ISSIMPLE };

/* Is s MariaDB's geometry bytes (SRID, then little-endian WKB, nothing after)? Its WKB type in *type. */
bool ex_geo_valid(const char *s, size_t n, int *type);
/* Does the value fit a column of this kind (*type: its WKB type, 0 when it is no geometry)? */
bool ex_geo_fits(int kind, const char *s, size_t n, int *type);
const char *ex_geo_type_name(int kind);     /* "point", ... "geometry" */
int ex_geo_kind_of(const char *name);       /* the kind a type name declares, 0 none */
struct stor_arena;
/* The WKT of a valid value, for messages (1366 names it) */
size_t ex_geo_wkt(struct stor_arena *a, const char *s, const char **out);

#endif
