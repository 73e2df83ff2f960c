/* emit.c - the emitter's architecture-independent half: the growing code buffer, labels
 * and the fixups of branches to labels bound later (patched by the back end). */
#include "engine/jit/jit.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>

void jit_emit_init(jit_emit *e)
{
    memset(e, 0, sizeof *e);
}

void jit_emit_done(jit_emit *e)
{
    free(e->p);
    free(e->labels);
    free(e->fix);
    memset(e, 0, sizeof *e);
}

static bool jit_grow(void **p, int *cap, size_t elem, int need)
{
    if (need <= *cap) return true;
    int n = *cap ? *cap * 2 : 16;
    while (n < need) n *= 2;
    void *q = realloc(*p, (size_t)n * elem);
    if (!q) return false;
    *p = q;
    *cap = n;
    return true;
}

void jit_put(jit_emit *e, const void *b, size_t n)
{
    if (e->oom) return;
    if (e->len + n > e->cap) {
        size_t c = e->cap ? e->cap * 2 : 1024;
        while (c < e->len + n) c *= 2;
        uint8_t *q = realloc(e->p, c);
        if (!q) { e->oom = true; return; }
        e->p = q;
        e->cap = c;
    }
    memcpy(e->p + e->len, b, n);
    e->len += n;
}

int jit_label(jit_emit *e)
{
    if (!jit_grow((void **)&e->labels, &e->labcap, sizeof *e->labels, e->nlabels + 1)) {
        e->oom = true;
        return 0;
    }
    e->labels[e->nlabels] = -1;
    return e->nlabels++;
}

void jit_bind(jit_emit *e, int label)
{
    if (e->oom) return;
    assert(label >= 0 && label < e->nlabels && e->labels[label] < 0);
    e->labels[label] = (int32_t)e->len;
}

/* The branch whose patchable field the back end just emitted ends at e->len. */
void jit_fix_add(jit_emit *e, int label)
{
    if (e->oom) return;
    assert(label >= 0 && label < e->nlabels);
    if (!jit_grow((void **)&e->fix, &e->fixcap, sizeof *e->fix, e->nfix + 1)) {
        e->oom = true;
        return;
    }
    e->fix[e->nfix++] = (jit_fixup){ (uint32_t)e->len, label };
}

bool jit_finish(jit_emit *e)
{
    if (e->oom || e->bad) return false;
    for (int i = 0; i < e->nfix; i++) {
        int32_t t = e->labels[e->fix[i].label];
        if (t < 0) return false;
        jit_arch_patch(e, e->fix[i].at, (uint32_t)t);
    }
    e->nfix = 0;
    return !e->bad;
}

jit_block *jit_assemble(jit_arena *a, bool (*build)(jit_emit *e, const void *spec), const void *spec)
{
    if (!jit_arena_ok(a)) return NULL;
    jit_emit e;
    jit_emit_init(&e);
    jit_block *b = NULL;
    if (build(&e, spec)) {
        const uint8_t *code = e.p;
        size_t len = e.len;
        jit_commit(a, &code, &len, 1, &b);
    }
    jit_emit_done(&e);
    return b;
}
