/* geo_rel.c - the exact spatial relations (ST_Contains, ST_Within, ST_Intersects,
 * ST_Disjoint, ST_Touches, ST_Crosses, ST_Overlaps, ST_Equals and their old names,
 * ST_Relate), ST_IsSimple, ST_IsRing and ST_Distance of any geometries.
 *
 * MariaDB answers the relations with its slicing algorithm (gcalc) as questions about the
 * closed point sets (a geometry is the union of its parts): contains is "nothing of g2
 * outside g1" (so a line along a polygon's edge is contained), crosses "they meet and
 * neither covers the other", touches "they meet but their insides do not" (a line's
 * inside is all but each linestring's two ends; a point's is itself). The same
 * questions are answered here on the pieces of an arrangement: every edge cut where the
 * other geometry's edges meet it (each piece then wholly in or out of the other), and
 * every area sampled in slabs between the x of the vertices and crossings of the rings.
 * The work is quadratic in the edges (cubic for two areas' slabs): past REL_MAX_WORK a
 * statement gets 1235 rather than running away. */
#include "engine/func_int.h"
#include "engine/geo.h"
#include "engine/geo_int.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define REL_MAX_WORK 200000000.0   /* (pairs of edges, or slab edges, one statement may weigh) */

typedef struct rseg { double x1, y1, x2, y2; uint32_t id; } rseg;

/* A geometry's parts as the relations see them */
typedef struct rgeom {
    stor_arena *a;
    double *pt; size_t npt, cpt;       /* isolated points (x y): points, one-point lines */
    rseg *ls; size_t nls, cls;         /* linestrings' segments (id: the linestring) */
    double *end; size_t nend, cend;    /* each linestring's first and last points (x y x y) */
    rseg *re; size_t nre, cre;         /* rings' edges (id: the polygon) */
    rseg *scratch;                     /* (nre edges' room: some of re, reused per piece) */
    uint32_t nline, npoly;
    double mbr[4];
    bool any;
    int type;                          /* (its WKB type) */
} rgeom;

static void *rpush(stor_arena *a, void **v, size_t *n, size_t *cap, size_t size)
{
    if (*n == *cap) {
        size_t c = *cap ? *cap * 2 : 32;
        void *nv = stor_arena_alloc(a, c * size);
        if (*n) memcpy(nv, *v, *n * size);
        *v = nv;
        *cap = c;
    }
    return (char *)*v + (*n)++ * size;
}

static void rg_mbr(rgeom *g, double x, double y)
{
    if (!g->any) { g->mbr[0] = g->mbr[2] = x; g->mbr[1] = g->mbr[3] = y; g->any = true; return; }
    g->mbr[0] = fmin(g->mbr[0], x);
    g->mbr[1] = fmin(g->mbr[1], y);
    g->mbr[2] = fmax(g->mbr[2], x);
    g->mbr[3] = fmax(g->mbr[3], y);
}

static void rg_xy(rgeom *g, double **v, size_t *n, size_t *cap, double x, double y)
{
    double *p = rpush(g->a, (void **)v, n, cap, 2 * sizeof *p);
    p[0] = x;
    p[1] = y;
}

static void rg_seg(rgeom *g, rseg **v, size_t *n, size_t *cap, const uint8_t *p, uint32_t id)
{
    rseg *s = rpush(g->a, (void **)v, n, cap, sizeof *s);
    *s = (rseg){ rd_dbl(p, true), rd_dbl(p + 8, true), rd_dbl(p + 16, true), rd_dbl(p + 24, true), id };
}

/* The parts of the valid WKB at *p, moved past it; a zero-length segment is left out (a
 * line of one place is a point) */
static void rg_walk(rgeom *g, const uint8_t **p)
{
    const uint8_t *s = *p;
    uint32_t type = rd_u32(s + 1, true);
    s += 5;
    if (type == GEO_POINT) {
        rg_xy(g, &g->pt, &g->npt, &g->cpt, rd_dbl(s, true), rd_dbl(s + 8, true));
        rg_mbr(g, rd_dbl(s, true), rd_dbl(s + 8, true));
        *p = s + 16;
        return;
    }
    uint32_t n = rd_u32(s, true);
    s += 4;
    if (type == GEO_LINESTRING) {
        size_t before = g->nls;
        for (uint32_t i = 0; i < n; i++) {
            rg_mbr(g, rd_dbl(s + 16 * (size_t)i, true), rd_dbl(s + 16 * (size_t)i + 8, true));
            if (i && memcmp(s + 16 * (size_t)(i - 1), s + 16 * (size_t)i, 16))
                rg_seg(g, &g->ls, &g->nls, &g->cls, s + 16 * (size_t)(i - 1), g->nline);
        }
        if (g->nls == before) rg_xy(g, &g->pt, &g->npt, &g->cpt, rd_dbl(s, true), rd_dbl(s + 8, true));
        const uint8_t *l = s + 16 * (size_t)(n - 1);   /* (its ends: at 4 * its number) */
        rg_xy(g, &g->end, &g->nend, &g->cend, rd_dbl(s, true), rd_dbl(s + 8, true));
        rg_xy(g, &g->end, &g->nend, &g->cend, rd_dbl(l, true), rd_dbl(l + 8, true));
        g->nline++;
        *p = s + 16 * (size_t)n;
        return;
    }
    if (type == GEO_POLYGON) {
        for (uint32_t r = 0; r < n; r++) {
            uint32_t m = rd_u32(s, true);
            s += 4;
            for (uint32_t k = 0; k < m; k++) {
                rg_mbr(g, rd_dbl(s + 16 * (size_t)k, true), rd_dbl(s + 16 * (size_t)k + 8, true));
                if (k && memcmp(s + 16 * (size_t)(k - 1), s + 16 * (size_t)k, 16))
                    rg_seg(g, &g->re, &g->nre, &g->cre, s + 16 * (size_t)(k - 1), g->npoly);
            }
            s += 16 * (size_t)m;
        }
        g->npoly++;
        *p = s;
        return;
    }
    for (uint32_t i = 0; i < n; i++) rg_walk(g, &s);
    *p = s;
}

static bool rg_of(ex_ctx *ctx, const pdb_value *v, rgeom *g)
{
    const uint8_t *w;
    size_t len;
    memset(g, 0, sizeof *g);
    g->a = ctx->a;
    if (!geo_arg(v, &w, &len, &g->type)) return false;
    rg_walk(g, &w);
    g->scratch = stor_arena_alloc(g->a, (g->nre ? g->nre : 1) * sizeof *g->scratch);
    return g->any;   /* (an empty collection has no MBR: NULL, as MariaDB's) */
}

/* ---------------------------------------------------------------- predicates */

static double orient(double ax, double ay, double bx, double by, double cx, double cy)
{
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

static int sgn(double d) { return (d > 0) - (d < 0); }

static bool on_seg(const rseg *s, double x, double y)
{
    return orient(s->x1, s->y1, s->x2, s->y2, x, y) == 0 && x >= fmin(s->x1, s->x2) && x <= fmax(s->x1, s->x2)
        && y >= fmin(s->y1, s->y2) && y <= fmax(s->y1, s->y2);
}

static bool box_meet(const rseg *s, const rseg *f)
{
    return fmax(s->x1, s->x2) >= fmin(f->x1, f->x2) && fmax(f->x1, f->x2) >= fmin(s->x1, s->x2)
        && fmax(s->y1, s->y2) >= fmin(f->y1, f->y2) && fmax(f->y1, f->y2) >= fmin(s->y1, s->y2);
}

static bool seg_meet(const rseg *s, const rseg *f)
{
    if (!box_meet(s, f)) return false;
    int d1 = sgn(orient(f->x1, f->y1, f->x2, f->y2, s->x1, s->y1)), d2 = sgn(orient(f->x1, f->y1, f->x2, f->y2, s->x2, s->y2));
    int d3 = sgn(orient(s->x1, s->y1, s->x2, s->y2, f->x1, f->y1)), d4 = sgn(orient(s->x1, s->y1, s->x2, s->y2, f->x2, f->y2));
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    return on_seg(f, s->x1, s->y1) || on_seg(f, s->x2, s->y2) || on_seg(s, f->x1, f->y1) || on_seg(s, f->x2, f->y2);
}

/* Where (x, y) is to the areas of edges re: 2 inside one, 1 on an edge (of none's inside),
 * 0 outside. A polygon's inside by the parity of the edges crossed rightwards. */
static int in_area(const rseg *re, size_t n, double x, double y)
{
    bool on = false, on_this = false, odd = false;
    for (size_t i = 0; i <= n; i++) {
        if (i == n || (i && re[i].id != re[i - 1].id)) {   /* (a polygon's edges end) */
            if (!on_this && odd) return 2;
            on |= on_this;
            on_this = odd = false;
            if (i == n) break;
        }
        const rseg *s = &re[i];
        if (on_this || on_seg(s, x, y)) { on_this = true; continue; }
        if ((s->y1 > y) != (s->y2 > y)) {
            double o = orient(s->x1, s->y1, s->x2, s->y2, x, y);
            if (s->y2 > s->y1 ? o > 0 : o < 0) odd = !odd;
        }
    }
    return on;
}

static bool is_pt(const double *v, size_t n, double x, double y)
{
    for (size_t i = 0; i < n; i += 2)
        if (v[i] == x && v[i + 1] == y) return true;
    return false;
}

/* Is (x, y) in the closed set of g? */
static bool in_geom(const rgeom *g, double x, double y)
{
    if (is_pt(g->pt, g->npt * 2, x, y)) return true;
    for (size_t i = 0; i < g->nls; i++)
        if (on_seg(&g->ls[i], x, y)) return true;
    return g->nre && in_area(g->re, g->nre, x, y) > 0;
}

/* Is (x, y) in g's inside: an area's but its edges, a linestring's but its own two ends
 * (the end of one linestring on another's stretch is inside), a point? */
static bool in_inside(const rgeom *g, double x, double y)
{
    if (is_pt(g->pt, g->npt * 2, x, y)) return true;
    if (g->nre && in_area(g->re, g->nre, x, y) == 2) return true;
    for (size_t i = 0; i < g->nls; i++)
        if (on_seg(&g->ls[i], x, y) && !is_pt(g->end + 4 * (size_t)g->ls[i].id, 4, x, y)) return true;
    return false;
}

/* ---------------------------------------------------------------- pieces of an edge */

/* The places along s where others meet it; cov: the stretches others lie along (from,
 * to, the other's id) */
typedef struct cuts { stor_arena *a; double *t; size_t n, cap; double *cov; size_t ncov, ccov; } cuts;

static void cut_add(cuts *c, double t)
{
    if (t <= 0 || t >= 1) return;
    double *p = rpush(c->a, (void **)&c->t, &c->n, &c->cap, sizeof *p);
    *p = t;
}

/* Where f meets s, as parameters along s (0 .. 1); a stretch f covers along s in c->cov */
static void cut_by(cuts *c, const rseg *s, const rseg *f)
{
    if (!box_meet(s, f)) return;
    double d1 = orient(f->x1, f->y1, f->x2, f->y2, s->x1, s->y1), d2 = orient(f->x1, f->y1, f->x2, f->y2, s->x2, s->y2);
    double d3 = orient(s->x1, s->y1, s->x2, s->y2, f->x1, f->y1), d4 = orient(s->x1, s->y1, s->x2, s->y2, f->x2, f->y2);
    double dx = s->x2 - s->x1, dy = s->y2 - s->y1, l2 = dx * dx + dy * dy;
    if (d3 == 0 && d4 == 0) {   /* (on one line: the stretch both cover) */
        double ta = ((f->x1 - s->x1) * dx + (f->y1 - s->y1) * dy) / l2;
        double tb = ((f->x2 - s->x1) * dx + (f->y2 - s->y1) * dy) / l2;
        if (ta > tb) { double t = ta; ta = tb; tb = t; }
        ta = fmax(ta, 0);
        tb = fmin(tb, 1);
        if (ta > tb) return;
        cut_add(c, ta);
        cut_add(c, tb);
        if (ta < tb) {
            double *p = rpush(c->a, (void **)&c->cov, &c->ncov, &c->ccov, 3 * sizeof *p);
            p[0] = ta;
            p[1] = tb;
            p[2] = f->id;
        }
        return;
    }
    if (sgn(d3) * sgn(d4) > 0 || sgn(d1) * sgn(d2) > 0) return;
    cut_add(c, d1 / (d1 - d2));
}

/* A total order of doubles (NaN last): qsort must never see an inconsistent one */
static int dbl_order(double x, double y)
{
    if (isnan(x) || isnan(y)) return isnan(x) - isnan(y);
    return (x > y) - (x < y);
}

static int dbl_cmp(const void *a, const void *b)
{
    return dbl_order(*(const double *)a, *(const double *)b);
}

/* Does a piece of s (between the places the edges of g meet it) answer want? want 0: a
 * piece outside g's closed set; 1: a piece in g's inside (an area's inside, or along a
 * linestring's or a line's own stretch when inner) */
static bool piece_where(stor_arena *a, const rseg *s, const rgeom *g, int want)
{
    cuts c = { a, NULL, 0, 0, NULL, 0, 0 };
    for (size_t i = 0; i < g->nls; i++) cut_by(&c, s, &g->ls[i]);
    size_t nls_cov = c.ncov;
    for (size_t i = 0; i < g->nre; i++) cut_by(&c, s, &g->re[i]);
    geo_sort(c.t, c.n, sizeof *c.t, dbl_cmp);
    rseg *others;
    double prev = 0;
    for (size_t i = 0; i <= c.n; i++) {
        double t = i < c.n ? c.t[i] : 1;
        if (t <= prev) continue;
        double m = (prev + t) / 2;
        prev = t;
        bool on_line = false, on_edge = false;
        for (size_t k = 0; k < c.ncov; k++)
            if (c.cov[3 * k] <= m && m <= c.cov[3 * k + 1]) { if (k < nls_cov) on_line = true; else on_edge = true; }
        double x = s->x1 + m * (s->x2 - s->x1), y = s->y1 + m * (s->y2 - s->y1);
        int ar = 0;
        if (on_edge) {
            /* (on the edges of some polygons: inside only if inside another, which the
               place, rounded off the edge, cannot misjudge) */
            size_t no = 0;
            others = g->scratch;
            for (size_t e = 0; e < g->nre; e++) {
                bool owner = false;
                for (size_t k = nls_cov; k < c.ncov && !owner; k++)
                    owner = c.cov[3 * k] <= m && m <= c.cov[3 * k + 1] && (uint32_t)c.cov[3 * k + 2] == g->re[e].id;
                if (!owner) others[no++] = g->re[e];
            }
            ar = no && in_area(others, no, x, y) == 2 ? 2 : 1;
        } else if (g->nre) ar = in_area(g->re, g->nre, x, y);
        if (want == 0 && !on_line && !on_edge && ar == 0) return true;
        if (want == 1 && (on_line || ar == 2)) return true;
    }
    return false;
}

/* ---------------------------------------------------------------- areas in slabs */

typedef struct sy { double y; bool b; uint32_t id; } sy;

static int sy_cmp(const void *a, const void *b)
{
    return dbl_order(((const sy *)a)->y, ((const sy *)b)->y);
}

/* Samples the areas of g and h between their edges: *both some place inside both, *gonly
 * inside g's and not h's, *honly the other way round */
static void slabs(ex_ctx *ctx, const rgeom *g, const rgeom *h, bool *both, bool *gonly, bool *honly)
{
    stor_arena *a = ctx->a;
    size_t ne = g->nre + h->nre, nx = 0, cx = 0;
    double *xs = NULL;
    if ((double)ne * (double)ne > REL_MAX_WORK)
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'spatial relations of areas this large'");
    const rseg *e[2] = { g->re, h->re };
    size_t n[2] = { g->nre, h->nre };
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < n[k]; i++) {
            *(double *)rpush(a, (void **)&xs, &nx, &cx, sizeof *xs) = e[k][i].x1;
            *(double *)rpush(a, (void **)&xs, &nx, &cx, sizeof *xs) = e[k][i].x2;
        }
    /* (crossings of any two edges start slabs too) */
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < n[k]; i++)
            for (int l = k; l < 2; l++)
                for (size_t j = l == k ? i + 1 : 0; j < n[l]; j++) {
                    const rseg *s = &e[k][i], *f = &e[l][j];
                    if (!box_meet(s, f)) continue;
                    double d1 = orient(f->x1, f->y1, f->x2, f->y2, s->x1, s->y1), d2 = orient(f->x1, f->y1, f->x2, f->y2, s->x2, s->y2);
                    double d3 = orient(s->x1, s->y1, s->x2, s->y2, f->x1, f->y1), d4 = orient(s->x1, s->y1, s->x2, s->y2, f->x2, f->y2);
                    if (sgn(d1) * sgn(d2) >= 0 || sgn(d3) * sgn(d4) >= 0) continue;
                    double *p = rpush(a, (void **)&xs, &nx, &cx, sizeof *p);
                    *p = s->x1 + d1 / (d1 - d2) * (s->x2 - s->x1);
                }
    geo_sort(xs, nx, sizeof *xs, dbl_cmp);
    size_t u = 0;
    for (size_t i = 0; i < nx; i++)
        if (!u || xs[i] != xs[u - 1]) xs[u++] = xs[i];
    if ((double)u * (double)ne > REL_MAX_WORK)
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'spatial relations of areas this large'");
    sy *ys = stor_arena_alloc(a, (ne ? ne : 1) * sizeof *ys);
    uint8_t *par[2] = { stor_arena_alloc(a, g->npoly + 1), stor_arena_alloc(a, h->npoly + 1) };
    for (size_t i = 0; i + 1 < u; i++) {
        double xm = (xs[i] + xs[i + 1]) / 2;
        size_t m = 0;
        for (int k = 0; k < 2; k++)
            for (size_t j = 0; j < n[k]; j++) {
                const rseg *s = &e[k][j];
                if (fmin(s->x1, s->x2) > xs[i] || fmax(s->x1, s->x2) < xs[i + 1] || s->x1 == s->x2) continue;
                /* (from its left end: an edge both have, walked either way, at one y) */
                bool l = s->x1 < s->x2;
                double xa = l ? s->x1 : s->x2, ya = l ? s->y1 : s->y2, xb = l ? s->x2 : s->x1, yb = l ? s->y2 : s->y1;
                ys[m++] = (sy){ ya + (xm - xa) / (xb - xa) * (yb - ya), k == 1, s->id };
            }
        geo_sort(ys, m, sizeof *ys, sy_cmp);
        memset(par[0], 0, g->npoly + 1);
        memset(par[1], 0, h->npoly + 1);
        int cnt[2] = { 0, 0 };
        for (size_t j = 0; j + 1 < m; j++) {
            uint8_t *p = &par[ys[j].b][ys[j].id];
            *p ^= 1;
            cnt[ys[j].b] += *p ? 1 : -1;
            if (ys[j + 1].y <= ys[j].y) continue;
            if (cnt[0] && cnt[1]) *both = true;
            if (cnt[0] && !cnt[1]) *gonly = true;
            if (!cnt[0] && cnt[1]) *honly = true;
        }
    }
}

/* ---------------------------------------------------------------- relations */

static void work_check(ex_ctx *ctx, const rgeom *g, const rgeom *h)
{
    double w = (double)(g->npt + g->nls + g->nre + 1) * (double)(h->npt + h->nls + h->nre + 1);
    if (w > REL_MAX_WORK)
        ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'spatial relations of geometries this large'");
}

/* Do g and h meet? */
static bool rel_meet(const rgeom *g, const rgeom *h)
{
    for (size_t i = 0; i < g->npt * 2; i += 2)
        if (in_geom(h, g->pt[i], g->pt[i + 1])) return true;
    for (size_t i = 0; i < h->npt * 2; i += 2)
        if (in_geom(g, h->pt[i], h->pt[i + 1])) return true;
    const rseg *ge[2] = { g->ls, g->re }, *he[2] = { h->ls, h->re };
    size_t gn[2] = { g->nls, g->nre }, hn[2] = { h->nls, h->nre };
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < gn[k]; i++)
            for (int l = 0; l < 2; l++)
                for (size_t j = 0; j < hn[l]; j++)
                    if (seg_meet(&ge[k][i], &he[l][j])) return true;
    /* (no edges meet: one may lie inside the other's area) */
    for (int k = 0; k < 2; k++) {
        if (h->nre)
            for (size_t i = 0; i < gn[k]; i++)
                if (in_area(h->re, h->nre, ge[k][i].x1, ge[k][i].y1)) return true;
        if (g->nre)
            for (size_t i = 0; i < hn[k]; i++)
                if (in_area(g->re, g->nre, he[k][i].x1, he[k][i].y1)) return true;
    }
    return false;
}

/* Is some of g outside h? */
static bool rel_outside(ex_ctx *ctx, const rgeom *g, const rgeom *h)
{
    for (size_t i = 0; i < g->npt * 2; i += 2)
        if (!in_geom(h, g->pt[i], g->pt[i + 1])) return true;
    for (size_t i = 0; i < g->nls; i++)
        if (piece_where(ctx->a, &g->ls[i], h, 0)) return true;
    for (size_t i = 0; i < g->nre; i++)
        if (piece_where(ctx->a, &g->re[i], h, 0)) return true;
    if (!g->nre) return false;
    bool both = false, gonly = false, honly = false;
    slabs(ctx, g, h, &both, &gonly, &honly);
    return gonly;
}

/* Do s and f cross at an end of s's linestring (of g)? (an end is no inside of its own
 * linestring, even where the linestring passes it again) */
static bool end_at(const rgeom *g, const rseg *s, const rseg *f)
{
    const double *e = g->end + 4 * (size_t)s->id;
    for (int k = 0; k < 4; k += 2)
        if (on_seg(s, e[k], e[k + 1]) && on_seg(f, e[k], e[k + 1])) return true;
    return false;
}

/* Do the insides of g and h meet? */
static bool rel_insides_meet(ex_ctx *ctx, const rgeom *g, const rgeom *h)
{
    for (size_t i = 0; i < g->npt * 2; i += 2)
        if (in_inside(h, g->pt[i], g->pt[i + 1])) return true;
    for (size_t i = 0; i < h->npt * 2; i += 2)
        if (in_inside(g, h->pt[i], h->pt[i + 1])) return true;
    const rgeom *x[2] = { g, h };
    for (int k = 0; k < 2; k++) {   /* a line's inside in the other's area */
        const rgeom *p = x[k], *q = x[1 - k];
        if (!q->nre) continue;
        rgeom areas = *q;
        areas.nls = 0;
        for (size_t i = 0; i < p->nls; i++)
            if (piece_where(ctx->a, &p->ls[i], &areas, 1)) return true;
    }
    for (size_t i = 0; i < g->nls; i++)   /* two lines' insides */
        for (size_t j = 0; j < h->nls; j++) {
            const rseg *s = &g->ls[i], *f = &h->ls[j];
            if (!box_meet(s, f)) continue;
            int d1 = sgn(orient(f->x1, f->y1, f->x2, f->y2, s->x1, s->y1)), d2 = sgn(orient(f->x1, f->y1, f->x2, f->y2, s->x2, s->y2));
            int d3 = sgn(orient(s->x1, s->y1, s->x2, s->y2, f->x1, f->y1)), d4 = sgn(orient(s->x1, s->y1, s->x2, s->y2, f->x2, f->y2));
            if (d1 * d2 < 0 && d3 * d4 < 0 && !end_at(g, s, f) && !end_at(h, f, s)) return true;
            if (!d3 && !d4) {   /* (on one line: a stretch in common, or an end on an end) */
                rgeom one = *h;
                one.nre = 0;
                one.npt = 0;
                one.ls = (rseg *)f;
                one.nls = 1;
                if (piece_where(ctx->a, s, &one, 1)) return true;
            }
            const double ends[4][2] = { { s->x1, s->y1 }, { s->x2, s->y2 }, { f->x1, f->y1 }, { f->x2, f->y2 } };
            for (int q = 0; q < 4; q++)
                if (on_seg(s, ends[q][0], ends[q][1]) && on_seg(f, ends[q][0], ends[q][1])
                    && in_inside(g, ends[q][0], ends[q][1]) && in_inside(h, ends[q][0], ends[q][1]))
                    return true;
        }
    if (g->nre && h->nre) {
        bool both = false, gonly = false, honly = false;
        slabs(ctx, g, h, &both, &gonly, &honly);
        return both;
    }
    return false;
}

/* The largest dimension of a geometry's parts (0 points, 1 lines, 2 areas) */
static int rg_dim(const rgeom *g)
{
    return g->npoly ? 2 : g->nline ? 1 : 0;
}

void ex_geo_fn_relation(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    rgeom g, h;
    if (!rg_of(ctx, &a[0], &g) || !rg_of(ctx, &a[1], &h)) { *out = ex_null(); return; }
    bool apart = g.mbr[0] > h.mbr[2] || h.mbr[0] > g.mbr[2] || g.mbr[1] > h.mbr[3] || h.mbr[1] > g.mbr[3];
    if (!apart) work_check(ctx, &g, &h);   /* (apart: nothing meets, whatever their sizes) */
    bool r;
    switch (d->id) {
    case EX_GEO_REL_CONTAINS: r = !apart && !rel_outside(ctx, &h, &g); break;
    case EX_GEO_REL_WITHIN: r = !apart && !rel_outside(ctx, &g, &h); break;
    case EX_GEO_REL_EQUALS: r = !apart && !rel_outside(ctx, &g, &h) && !rel_outside(ctx, &h, &g); break;
    case EX_GEO_REL_INTERSECTS: r = !apart && rel_meet(&g, &h); break;
    case EX_GEO_REL_DISJOINT: r = apart || !rel_meet(&g, &h); break;
    case EX_GEO_REL_TOUCHES: r = !apart && rel_meet(&g, &h) && !rel_insides_meet(ctx, &g, &h); break;
    case EX_GEO_REL_CROSSES:
        /* (MariaDB's: NULL from an area first or points second) */
        if (g.type == GEO_POLYGON || g.type == GEO_MULTIPOLYGON || h.type == GEO_POINT || h.type == GEO_MULTIPOINT) {
            *out = ex_null();
            return;
        }
        r = !apart && rel_meet(&g, &h) && rel_outside(ctx, &g, &h) && rel_outside(ctx, &h, &g);
        break;
    default:   /* ST_Overlaps: of geometries of one dimension */
        r = !apart && rg_dim(&g) == rg_dim(&h) && rel_meet(&g, &h) && rel_outside(ctx, &g, &h) && rel_outside(ctx, &h, &g);
        break;
    }
    *out = ex_int(r);
}

/* ---------------------------------------------------------------- ST_Relate */

/* Where a place is to g, as bits (1 inside, 2 border, 4 outside): the insides and borders
 * of g's parts taken together, so a place may be both (a linestring's end on another's
 * stretch, an edge of one polygon inside another) */
static int rl_where(const rgeom *g, double x, double y)
{
    int w = in_inside(g, x, y) ? 1 : 0;
    for (size_t i = 0; i < g->nre && !(w & 2); i++)
        if (on_seg(&g->re[i], x, y)) w |= 2;
    for (size_t i = 0; i < g->nls && !(w & 2); i++)
        if (on_seg(&g->ls[i], x, y) && is_pt(g->end + 4 * (size_t)g->ls[i].id, 4, x, y)) w |= 2;
    return w ? w : 4;
}

static void rl_set(bool m[3][3], int wg, int wh)
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if ((wg >> i & 1) && (wh >> j & 1)) m[i][j] = true;
}

/* Is (x, y) strictly inside a polygon of g other than those whose edges cover the piece
 * at mid (cov entries from..to) */
static bool rl_inside_other(const rgeom *g, const cuts *c, size_t from, size_t to, double mid, double x, double y)
{
    rseg *o = g->scratch;
    size_t no = 0;
    for (size_t e = 0; e < g->nre; e++) {
        bool owner = false;
        for (size_t k = from; k < to && !owner; k++)
            owner = c->cov[3 * k] <= mid && mid <= c->cov[3 * k + 1] && (uint32_t)c->cov[3 * k + 2] == g->re[e].id;
        if (!owner) o[no++] = g->re[e];
    }
    return no && in_area(o, no, x, y) == 2;
}

/* The pieces of edge s of own (a linestring's when line, else a ring's) against own
 * and other: each piece's places into m (swap: other is the first geometry) */
static void rl_pieces(stor_arena *a, const rseg *s, bool line, const rgeom *own, const rgeom *other, bool swap, bool m[3][3])
{
    cuts c = { a, NULL, 0, 0, NULL, 0, 0 };
    const rgeom *gs[2] = { own, other };
    size_t mark[3] = { 0, 0, 0 };   /* (where the covers by own's lines, own's rings, other's lines end) */
    for (int k = 0; k < 2; k++) {
        for (size_t i = 0; i < gs[k]->nls; i++) cut_by(&c, s, &gs[k]->ls[i]);
        if (!k) mark[0] = c.ncov;
        else mark[2] = c.ncov;
        for (size_t i = 0; i < gs[k]->nre; i++) cut_by(&c, s, &gs[k]->re[i]);
        if (!k) mark[1] = c.ncov;
    }
    geo_sort(c.t, c.n, sizeof *c.t, dbl_cmp);
    double prev = 0;
    for (size_t i = 0; i <= c.n; i++) {
        double t = i < c.n ? c.t[i] : 1;
        if (t <= prev) continue;
        double mid = (prev + t) / 2;
        prev = t;
        int wo = line ? 1 : 2, wt = 0;
        bool other_edge = false;
        for (size_t k = 0; k < c.ncov; k++) {
            if (!(c.cov[3 * k] <= mid && mid <= c.cov[3 * k + 1])) continue;
            if (k < mark[0]) wo |= 1;
            else if (k < mark[1]) wo |= 2;
            else if (k < mark[2]) wt |= 1;
            else { wt |= 2; other_edge = true; }
        }
        double x = s->x1 + mid * (s->x2 - s->x1), y = s->y1 + mid * (s->y2 - s->y1);
        if (own->nre && rl_inside_other(own, &c, mark[0], mark[1], mid, x, y)) wo |= 1;
        if (other->nre && (other_edge ? rl_inside_other(other, &c, mark[2], c.ncov, mid, x, y)
                                      : in_area(other->re, other->nre, x, y) == 2))
            wt |= 1;
        if (!wt) wt = 4;
        if (swap) rl_set(m, wt, wo);
        else rl_set(m, wo, wt);
    }
}

/* The DE-9IM matrix of g and h as MariaDB's Gcalc finds its cells (inside, border,
 * outside of each): from their vertices, the crossings of their edges, the pieces of
 * their edges and the areas' slabs */
static void rl_matrix(ex_ctx *ctx, const rgeom *g, const rgeom *h, bool m[3][3])
{
    memset(m, 0, 9 * sizeof(bool));
    m[2][2] = true;
    const rgeom *x[2] = { g, h };
    for (int k = 0; k < 2; k++) {   /* (the vertices) */
        const rgeom *p = x[k];
        for (size_t i = 0; i < p->npt * 2; i += 2) rl_set(m, rl_where(g, p->pt[i], p->pt[i + 1]), rl_where(h, p->pt[i], p->pt[i + 1]));
        const rseg *e[2] = { p->ls, p->re };
        size_t ne[2] = { p->nls, p->nre };
        for (int l = 0; l < 2; l++)
            for (size_t i = 0; i < ne[l]; i++) {
                rl_set(m, rl_where(g, e[l][i].x1, e[l][i].y1), rl_where(h, e[l][i].x1, e[l][i].y1));
                rl_set(m, rl_where(g, e[l][i].x2, e[l][i].y2), rl_where(h, e[l][i].x2, e[l][i].y2));
            }
    }
    const rseg *ge[2] = { g->ls, g->re }, *he[2] = { h->ls, h->re };
    size_t gn[2] = { g->nls, g->nre }, hn[2] = { h->nls, h->nre };
    for (int k = 0; k < 2; k++)   /* (edges crossing inside both: a line's inside, a ring's border) */
        for (size_t i = 0; i < gn[k]; i++)
            for (int l = 0; l < 2; l++)
                for (size_t j = 0; j < hn[l]; j++) {
                    const rseg *s = &ge[k][i], *f = &he[l][j];
                    if (!box_meet(s, f)) continue;
                    int d1 = sgn(orient(f->x1, f->y1, f->x2, f->y2, s->x1, s->y1)), d2 = sgn(orient(f->x1, f->y1, f->x2, f->y2, s->x2, s->y2));
                    int d3 = sgn(orient(s->x1, s->y1, s->x2, s->y2, f->x1, f->y1)), d4 = sgn(orient(s->x1, s->y1, s->x2, s->y2, f->x2, f->y2));
                    if (d1 * d2 < 0 && d3 * d4 < 0) m[k][l] = true;
                }
    for (int k = 0; k < 2; k++) {   /* (the pieces of every edge) */
        const rgeom *own = x[k], *other = x[1 - k];
        for (size_t i = 0; i < own->nls; i++) rl_pieces(ctx->a, &own->ls[i], true, own, other, k == 1, m);
        for (size_t i = 0; i < own->nre; i++) rl_pieces(ctx->a, &own->re[i], false, own, other, k == 1, m);
    }
    if (g->nre || h->nre) {   /* (the areas) */
        bool both = false, gonly = false, honly = false;
        slabs(ctx, g, h, &both, &gonly, &honly);
        m[0][0] |= both;
        m[0][2] |= gonly;
        m[2][0] |= honly;
    }
}

/* ST_Relate(g1, g2, mask): the nine cells of the mask against the matrix, 'T' and the
 * dimensions '0' '1' '2' alike (MariaDB checks no dimension), 'F' empty, '*' any; NULL
 * for a mask not of nine such characters */
void ex_geo_fn_relate(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    rgeom g, h;
    *out = ex_null();
    if (!rg_of(ctx, &a[0], &g) || !rg_of(ctx, &a[1], &h) || a[2].t == VT_NULL) return;
    size_t len;
    const char *mask = ex_to_str(ctx->a, &a[2], &len);
    if (len != 9) return;
    for (size_t i = 0; i < 9; i++)
        if (!strchr("T012F*", mask[i]) || !mask[i]) return;
    work_check(ctx, &g, &h);
    bool m[3][3];
    rl_matrix(ctx, &g, &h, m);
    bool r = true;
    for (int i = 0; i < 9; i++)
        if (mask[i] != '*') r &= m[i / 3][i % 3] == (mask[i] != 'F');
    *out = ex_int(r);
}

/* ---------------------------------------------------------------- distance */

/* A vertex in MariaDB's slicing heap: its neighbours along its linestring or ring (a
 * ring's closing point left out, repeats dropped), of which the heap keeps only those
 * above it (trim_node, after sorting by y then x). Distances are measured to the edge
 * from a vertex to its remaining "left" neighbour only: so some edges are never measured,
 * and MariaDB's ST_Distance can be larger than the true one; which end an edge is
 * measured from shows in the last digit. */
typedef struct dnode { double x, y; int32_t left, right; uint32_t ord; bool dup; } dnode;

typedef struct dlist { stor_arena *a; dnode *v; size_t n, cap; } dlist;

/* The points at p (k of them) as one shape's nodes; ring: closed */
static void dl_run(dlist *d, const uint8_t *p, uint32_t k, bool ring)
{
    size_t first = d->n;
    for (uint32_t i = 0; i < k; i++) {
        double x = rd_dbl(p + 16 * (size_t)i, true), y = rd_dbl(p + 16 * (size_t)i + 8, true);
        if (d->n > first && d->v[d->n - 1].x == x && d->v[d->n - 1].y == y) continue;
        dnode *nd = rpush(d->a, (void **)&d->v, &d->n, &d->cap, sizeof *nd);
        *nd = (dnode){ x, y, -1, -1, (uint32_t)(d->n - 1), false };
        if (d->n - 1 > first) { d->v[d->n - 2].left = (int32_t)(d->n - 1); nd->right = (int32_t)(d->n - 2); }
    }
    size_t last = d->n - 1;
    if (d->n - first < 2) return;
    if (ring) { d->v[first].right = (int32_t)last; d->v[last].left = (int32_t)first; return; }
    d->v[last].left = d->v[last].right;   /* (a line's last point looks back) */
    d->v[last].right = -1;
}

static void dl_walk(dlist *d, const uint8_t **p)
{
    const uint8_t *s = *p;
    uint32_t type = rd_u32(s + 1, true);
    s += 5;
    if (type == GEO_POINT) { dl_run(d, s, 1, false); *p = s + 16; return; }
    uint32_t n = rd_u32(s, true);
    s += 4;
    if (type == GEO_LINESTRING) { dl_run(d, s, n, false); *p = s + 16 * (size_t)n; return; }
    if (type == GEO_POLYGON) {
        for (uint32_t r = 0; r < n; r++) {
            uint32_t m = rd_u32(s, true);
            dl_run(d, s + 4, m > 1 ? m - 1 : m, true);
            s += 4 + 16 * (size_t)m;
        }
        *p = s;
        return;
    }
    for (uint32_t i = 0; i < n; i++) dl_walk(d, &s);
    *p = s;
}

/* A node's place in the heap's order: its y, x, then the order it came in */
typedef struct dkey { double x, y; uint32_t ord; } dkey;

static int dk_cmp(const void *a, const void *b)
{
    const dkey *x = a, *y = b;
    int c = dbl_order(x->y, y->y);
    if (!c) c = dbl_order(x->x, y->x);
    return c ? c : (x->ord > y->ord) - (x->ord < y->ord);
}

/* MariaDB's trim_node over the nodes in the heap's order */
static void dl_trim(stor_arena *a, dlist *d)
{
    dkey *k = stor_arena_alloc(a, (d->n ? d->n : 1) * sizeof *k);
    for (size_t i = 0; i < d->n; i++) k[i] = (dkey){ d->v[i].x, d->v[i].y, (uint32_t)i };
    geo_sort(k, d->n, sizeof *k, dk_cmp);
    uint32_t *o = stor_arena_alloc(a, (d->n ? d->n : 1) * sizeof *o);
    for (size_t i = 0; i < d->n; i++) o[i] = k[i].ord;
    for (size_t i = 1; i < d->n; i++)
        if (d->v[o[i]].x == d->v[o[i - 1]].x && d->v[o[i]].y == d->v[o[i - 1]].y) d->v[o[i]].dup = true;
    for (size_t i = 0; i < d->n; i++) {
        int32_t cur = (int32_t)o[i], nb[2] = { d->v[cur].left, d->v[cur].right };
        for (int k = 0; k < 2; k++) {
            if (nb[k] < 0) continue;
            dnode *t = &d->v[nb[k]];
            if (t->left == cur) t->left = t->right;
            t->right = -1;
        }
    }
}

/* The distance from v to the edge from b to its left neighbour l, when v's foot falls
 * inside it (else best) */
static double edge_dist(const dnode *b, const dnode *l, const dnode *v, double best)
{
    double ex = l->x - b->x, ey = l->y - b->y, vx = v->x - b->x, vy = v->y - b->y;
    double e2 = ex * ex + ey * ey, t = (ex * vx + ey * vy) / e2;
    if (!(t > 0.0 && t < 1.0)) return best;
    return fmin(best, fabs(vx * ey - vy * ex) / sqrt(e2));
}

/* Has this call (e) given NULL before in the statement? MariaDB's Item_func_distance
 * sets its null_value on a NULL and never clears it: every later row's answer is NULL
 * too. Kept in the statement's list of per-call states (ex_rand, tagged). */
#define DIST_NULL_TAG 0x47454f44u   /* 'GEOD' */

static bool dist_went_null(ex_ctx *ctx, const pl_expr *e, bool set)
{
    if (!e || !ctx->stmt) return false;
    for (ex_rand *r = ctx->stmt->rands; r; r = r->next)
        if (r->e == e && r->s1 == DIST_NULL_TAG) return true;
    if (!set) return false;
    ex_rand *r = stor_arena_alloc(ctx->a, sizeof *r);
    memset(r, 0, sizeof *r);
    r->e = e;
    r->s1 = DIST_NULL_TAG;
    r->next = ctx->stmt->rands;
    ctx->stmt->rands = r;
    return true;
}

/* ST_Distance: of two points plainly; otherwise 0 where they meet (a point in an area
 * too), else the least over each pair of vertices and each vertex and kept edge, as
 * MariaDB's Item_func_distance measures them */
void ex_geo_fn_distance(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    rgeom g, h;
    if (dist_went_null(ctx, e, false)) { *out = ex_null(); return; }
    if (!rg_of(ctx, &a[0], &g) || !rg_of(ctx, &a[1], &h)) {
        dist_went_null(ctx, e, true);
        *out = ex_null();
        return;
    }
    if (g.type == GEO_POINT && h.type == GEO_POINT) {
        double ex = h.pt[0] - g.pt[0], ey = h.pt[1] - g.pt[1], r = sqrt(ex * ex + ey * ey);
        *out = ex_dbl(isfinite(r) ? r : 0);   /* (past DBL_MAX: 0, as MariaDB's) */
        return;
    }
    work_check(ctx, &g, &h);
    if (rel_meet(&g, &h)) { *out = ex_dbl(0); return; }
    dlist l = { ctx->a, NULL, 0, 0 };   /* (one heap: g's shapes, then h's from `split`) */
    const uint8_t *w;
    size_t len;
    geo_arg(&a[0], &w, &len, NULL);
    dl_walk(&l, &w);
    size_t split = l.n;
    geo_arg(&a[1], &w, &len, NULL);
    dl_walk(&l, &w);
    dl_trim(ctx->a, &l);
    double best = DBL_MAX;
    for (size_t i = 0; i < split; i++) {
        if (l.v[i].dup) continue;   /* (of g's vertices at one place, the scan visits one) */
        for (size_t k = split; k < l.n; k++) {
            const dnode *u = &l.v[i], *v = &l.v[k];
            if (v->left >= 0) best = edge_dist(v, &l.v[v->left], u, best);
            if (u->left >= 0) best = edge_dist(u, &l.v[u->left], v, best);
            double x = u->x - v->x, y = u->y - v->y;
            best = fmin(best, sqrt(x * x + y * y));
        }
    }
    *out = ex_dbl(best);
}

/* ---------------------------------------------------------------- simplicity */

/* A vertex as MariaDB's IsSimple scan sees it: a linestring's end, any other vertex (of
 * a line or a ring), or a point of its own */
typedef struct svert { double x, y; uint8_t kind; } svert;   /* (kind 0 end, 1 middle, 2 point) */

static int sv_cmp(const void *a, const void *b)
{
    const svert *x = a, *y = b;
    int c = dbl_order(x->x, y->x);
    return c ? c : dbl_order(x->y, y->y);
}

typedef struct sgeom { stor_arena *a; svert *v; size_t nv, cv; rseg *s; size_t ns, cs; uint32_t run; } sgeom;

static void sg_vert(sgeom *g, double x, double y, uint8_t kind)
{
    svert *p = rpush(g->a, (void **)&g->v, &g->nv, &g->cv, sizeof *p);
    *p = (svert){ x, y, kind };
}

/* k points at p: a linestring's (ring: a ring's, its closing point left out) */
static void sg_run(sgeom *g, const uint8_t *p, uint32_t k, bool ring)
{
    size_t v0 = g->nv;
    double px = 0, py = 0;
    for (uint32_t i = 0; i < k; i++) {
        double x = rd_dbl(p + 16 * (size_t)i, true), y = rd_dbl(p + 16 * (size_t)i + 8, true);
        if (i && x == px && y == py) continue;
        if (g->nv > v0) {
            rseg *s = rpush(g->a, (void **)&g->s, &g->ns, &g->cs, sizeof *s);
            *s = (rseg){ px, py, x, y, g->run };
        }
        sg_vert(g, x, y, 1);
        px = x;
        py = y;
    }
    size_t n = g->nv - v0;
    if (n == 1) g->v[v0].kind = 2;   /* (a line of one place is a point) */
    else if (ring && n > 1 && g->v[v0].x == px && g->v[v0].y == py) g->nv--;   /* (the closing point) */
    else if (!ring) g->v[v0].kind = g->v[g->nv - 1].kind = 0;
    g->run++;
}

static void sg_walk(sgeom *g, const uint8_t **p)
{
    const uint8_t *s = *p;
    uint32_t type = rd_u32(s + 1, true);
    s += 5;
    if (type == GEO_POINT) { sg_vert(g, rd_dbl(s, true), rd_dbl(s + 8, true), 2); *p = s + 16; return; }
    uint32_t n = rd_u32(s, true);
    s += 4;
    if (type == GEO_LINESTRING) { sg_run(g, s, n, false); *p = s + 16 * (size_t)n; return; }
    if (type == GEO_POLYGON) {
        for (uint32_t r = 0; r < n; r++) {
            uint32_t m = rd_u32(s, true);
            sg_run(g, s + 4, m, true);
            s += 4 + 16 * (size_t)m;
        }
        *p = s;
        return;
    }
    for (uint32_t i = 0; i < n; i++) sg_walk(g, &s);
    *p = s;
}

/* Is the geometry at w simple as MariaDB's Geometry::is_simple finds it: at any place
 * one vertex alone, or two linestring ends (a closed line's, two lines meeting end to
 * end), and no edge passing through a vertex or crossing another (two consecutive
 * edges of a line doubling back are let be) */
/* An item of the sweep along x: an edge (k < ns) or a vertex (k - ns), by its least x */
typedef struct sitem { double lo, hi; size_t k; } sitem;

static int si_cmp(const void *a, const void *b)
{
    return dbl_order(((const sitem *)a)->lo, ((const sitem *)b)->lo);
}

/* Do the edge s and item k of g (an edge, or a vertex) meet where g is not simple? */
static bool sg_clash(const sgeom *g, const rseg *s, size_t k)
{
    if (k >= g->ns) {   /* (a vertex inside an edge) */
        const svert *v = &g->v[k - g->ns];
        return on_seg(s, v->x, v->y) && !(v->x == s->x1 && v->y == s->y1) && !(v->x == s->x2 && v->y == s->y2);
    }
    const rseg *f = &g->s[k];   /* (two edges crossing inside both) */
    if (!box_meet(s, f)) return false;
    int d1 = sgn(orient(f->x1, f->y1, f->x2, f->y2, s->x1, s->y1)), d2 = sgn(orient(f->x1, f->y1, f->x2, f->y2, s->x2, s->y2));
    int d3 = sgn(orient(s->x1, s->y1, s->x2, s->y2, f->x1, f->y1)), d4 = sgn(orient(s->x1, s->y1, s->x2, s->y2, f->x2, f->y2));
    return d1 * d2 < 0 && d3 * d4 < 0;
}

/* Is the geometry at w simple as MariaDB's Geometry::is_simple finds it: at any place
 * one vertex alone, or two linestring ends (a closed line's, two lines meeting end to
 * end), and no edge passing through a vertex or crossing another (two consecutive
 * edges of a line doubling back are let be). Edges and vertices are compared only where
 * their x ranges overlap (a sweep), the comparisons bounded by REL_MAX_WORK. */
static bool geo_simple(ex_ctx *ctx, const uint8_t *w)
{
    sgeom g = { ctx->a, NULL, 0, 0, NULL, 0, 0, 0 };
    sg_walk(&g, &w);
    geo_sort(g.v, g.nv, sizeof *g.v, sv_cmp);
    for (size_t i = 0, j; i < g.nv; i = j) {
        for (j = i + 1; j < g.nv && g.v[j].x == g.v[i].x && g.v[j].y == g.v[i].y; j++) {}
        if (j - i > 2 || (j - i == 2 && (g.v[i].kind || g.v[i + 1].kind))) return false;
    }
    size_t n = g.ns + g.nv;
    sitem *it = stor_arena_alloc(ctx->a, (n ? n : 1) * sizeof *it);
    for (size_t i = 0; i < g.ns; i++) it[i] = (sitem){ fmin(g.s[i].x1, g.s[i].x2), fmax(g.s[i].x1, g.s[i].x2), i };
    for (size_t i = 0; i < g.nv; i++) it[g.ns + i] = (sitem){ g.v[i].x, g.v[i].x, g.ns + i };
    geo_sort(it, n, sizeof *it, si_cmp);
    double work = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n && it[j].lo <= it[i].hi; j++) {
            if (++work > REL_MAX_WORK)
                ex_raise(ctx, 1235, "42000", "This version of MariaDB doesn't yet support 'ST_IsSimple of geometries this large'");
            size_t a = it[i].k, b = it[j].k;
            if (a >= g.ns && b >= g.ns) continue;
            if (a < g.ns ? sg_clash(&g, &g.s[a], b) : sg_clash(&g, &g.s[b], a)) return false;
        }
    return true;
}

/* ST_IsSimple (-1 for NULL), ST_IsRing (-1 unless a linestring or multilinestring, 0
 * when not closed, else whether simple) */
void ex_geo_fn_simple(ex_ctx *ctx, const ex_fdef *d, pdb_value *a, int n, pdb_value *out, const pl_expr *e)
{
    const uint8_t *w;
    size_t len;
    int t;
    *out = ex_int(-1);
    if (!geo_arg(&a[0], &w, &len, &t)) return;
    if (d->id == EX_GEO_ISRING) {
        ex_geo_fn_is_closed(ctx, d, a, n, out, e);
        if (out->i != 1) return;
    }
    *out = ex_int(geo_simple(ctx, w));
}
