/* func_registry.c - the SQL function registry: the families' tables of descriptors (one
 * row per function name, each table sorted by name), searched by name once when a call
 * compiles. A handle (OP_FUNC's a) is the family's place in `ex_func_families` times
 * EX_FAMILY_ROWS plus the row: the interpreter reaches the descriptor with two loads
 * (ex_func_at). */
#include "engine/eng.h"
#include <assert.h>
#include <string.h>

extern const ex_ftable ex_fam_string, ex_fam_numeric, ex_fam_datetime, ex_fam_crypto, ex_fam_misc, ex_fam_json,
    ex_fam_geo, ex_fam_stored;

/* (the last family: stored functions, one descriptor whose calls routine.c runs; its name
   is no SQL name, so only ex_sf_handle finds it) */
const ex_ftable *const ex_func_families[] = { &ex_fam_string, &ex_fam_numeric, &ex_fam_datetime, &ex_fam_crypto,
                                              &ex_fam_misc, &ex_fam_json, &ex_fam_geo,
                                              &ex_fam_stored };
#define NFAMILIES (int)(sizeof ex_func_families / sizeof ex_func_families[0])
#define FAMILY_ROWS EX_FAMILY_ROWS

static int find_row(const ex_ftable *t, const char *up)
{
    int lo = 0, hi = t->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = strcmp(up, t->rows[mid].name);
        if (!c) return mid;
        if (c < 0) hi = mid - 1;
        else lo = mid + 1;
    }
    return -1;
}

int ex_func_lookup(const char *name)
{
    char up[64];
    size_t k = 0;
    for (; name[k]; k++) {
        if (k + 1 >= sizeof up) return -1;   /* longer than any function's name */
        char c = name[k];
        up[k] = c >= 'a' && c <= 'z' ? (char)(c - 'a' + 'A') : c;
    }
    up[k] = 0;
    for (int f = 0; f < NFAMILIES; f++) {
        int r = find_row(ex_func_families[f], up);
        if (r >= 0) {
            assert(r < FAMILY_ROWS);
            return f * FAMILY_ROWS + r;
        }
    }
    return -1;
}


int ex_sf_handle(void) { return (NFAMILIES - 1) * FAMILY_ROWS; }

const ex_fdef *ex_func_find(const char *name)
{
    int h = ex_func_lookup(name);
    return h < 0 ? NULL : ex_func_at(h);
}

bool ex_func_registry_ok(void)
{
    for (int f = 0; f < NFAMILIES; f++) {
        const ex_ftable *t = ex_func_families[f];
        if (t->n > FAMILY_ROWS) return false;
        for (int i = 0; i < t->n; i++) {
            const ex_fdef *d = &t->rows[i];
            if (!d->eval || !d->type || (i && strcmp(t->rows[i - 1].name, d->name) >= 0)) return false;
            if (d->max_args >= 0 && d->max_args < d->min_args) return false;
            for (int g = 0; g < NFAMILIES; g++)   /* one row per name across families */
                if (g != f && find_row(ex_func_families[g], d->name) >= 0) return false;
        }
    }
    return true;
}
