/* btree.c - the ordered view of an index: a B+tree of row ids in key order.
 *
 * The tree holds row ids only; their order comes from a comparator the caller passes
 * to every change (table.c: the key's values under the column's collation, ties by row
 * id), so the tree never copies a key. Leaves hold up to ORD_FAN row ids in order and
 * are linked both ways for iteration. An inner node holds up to ORD_FAN children and,
 * for each, the first row id of that child's subtree: a descent compares against real
 * entries of the tree, never against a row that left it (a removed row's values may
 * change or be freed right after), so every change keeps those firsts current on its
 * way back up.
 *
 * Invariants: all leaves are at the same depth; every node but the root holds at least
 * ORD_MIN entries (a bulk-built tree's nodes hold more); an inner node's row[i] is the
 * first row of kid[i]'s subtree. Insert and remove cost O(log n) comparisons plus
 * moving at most ORD_FAN entries per level.
 *
 * Not thread-safe by itself: table.c changes a tree under the exclusive store lock and
 * readers iterate it under the shared one.
 */
#include "storage/storage.h"
#include <string.h>

#define ORD_FAN  64                    /* entries per node at most */
#define ORD_MIN  (ORD_FAN / 4)         /* ... and at least, but in the root */
#define ORD_FILL (ORD_FAN * 3 / 4)     /* what a bulk build puts in a node */

typedef struct ord_node {
    uint32_t n;                        /* entries */
    bool leaf;
    struct ord_node *prev, *next;      /* leaves: the neighbours in order */
    uint32_t row[ORD_FAN];             /* leaf: row ids; inner: first row id of each child */
    struct ord_node *kid[];            /* inner: ORD_FAN children */
} ord_node;

struct stor_ord {
    ord_node *root;                    /* a leaf, empty when the tree is */
    uint32_t n;                        /* row ids held */
};

static ord_node *node_new(bool leaf)
{
    ord_node *nd = stor_malloc(sizeof *nd + (leaf ? 0 : ORD_FAN * sizeof(ord_node *)));
    if (!nd) return NULL;
    nd->n = 0;
    nd->leaf = leaf;
    nd->prev = nd->next = NULL;
    return nd;
}

static void node_free(ord_node *nd)
{
    if (!nd->leaf)
        for (uint32_t i = 0; i < nd->n; i++) node_free(nd->kid[i]);
    stor_free(nd);
}

struct stor_ord *stor_ord_new(void)
{
    struct stor_ord *o = stor_malloc(sizeof *o);
    if (!o) return NULL;
    o->root = node_new(true);
    if (!o->root) { stor_free(o); return NULL; }
    o->n = 0;
    return o;
}

void stor_ord_free(struct stor_ord *o)
{
    if (!o) return;
    node_free(o->root);
    stor_free(o);
}

uint32_t stor_ord_count(const struct stor_ord *o) { return o->n; }

static size_t node_bytes(const ord_node *nd)
{
    size_t n = sizeof *nd + (nd->leaf ? 0 : ORD_FAN * sizeof(ord_node *));
    for (uint32_t i = 0; !nd->leaf && i < nd->n; i++) n += node_bytes(nd->kid[i]);
    return n;
}

size_t stor_ord_bytes(const struct stor_ord *o) { return sizeof *o + (o->root ? node_bytes(o->root) : 0); }

/* Builds one level of nodes over items (row ids for leaves, nodes for inner ones):
 * ceil(n / ORD_FILL) nodes with the items spread evenly. Returns the node count or -1. */
static long build_level(bool leaf, const uint32_t *rows, ord_node **items, uint32_t n, ord_node **out)
{
    uint32_t k = (n + ORD_FILL - 1) / ORD_FILL;
    if (!k) k = 1;
    uint32_t at = 0;
    ord_node *prev = NULL;
    for (uint32_t j = 0; j < k; j++) {
        uint32_t m = n / k + (j < n % k ? 1 : 0);
        ord_node *nd = node_new(leaf);
        if (!nd) { for (uint32_t i = 0; i < j; i++) stor_free(out[i]); return -1; }
        for (uint32_t i = 0; i < m; i++, at++) {
            if (leaf) nd->row[i] = rows[at];
            else { nd->kid[i] = items[at]; nd->row[i] = items[at]->row[0]; }
        }
        nd->n = m;
        if (leaf) { nd->prev = prev; if (prev) prev->next = nd; prev = nd; }
        out[j] = nd;
    }
    return k;
}

struct stor_ord *stor_ord_build(const uint32_t *rows, uint32_t n)
{
    if (!n) return stor_ord_new();
    struct stor_ord *o = stor_malloc(sizeof *o);
    ord_node **lv = stor_malloc(((size_t)n / ORD_FILL + 1) * sizeof *lv);
    if (!o || !lv) { stor_free(o); stor_free(lv); return NULL; }
    long k = build_level(true, rows, NULL, n, lv);
    while (k > 1) {
        /* the parents go to the front of the same array: there are fewer of them, and
           each is written after the children it takes were read */
        ord_node **up = stor_malloc(((size_t)k / ORD_FILL + 1) * sizeof *up);
        long pk = up ? build_level(false, NULL, lv, (uint32_t)k, up) : -1;
        if (pk < 0) {
            stor_free(up);
            /* free what was built: the current level's subtrees */
            for (long i = 0; i < k; i++) node_free(lv[i]);
            stor_free(lv); stor_free(o);
            return NULL;
        }
        memcpy(lv, up, (size_t)pk * sizeof *lv);
        stor_free(up);
        k = pk;
    }
    if (k < 0) { stor_free(lv); stor_free(o); return NULL; }
    o->root = lv[0];
    o->n = n;
    stor_free(lv);
    return o;
}

/* ---- descent ---- */

/* Leaf: the first position whose row does not sort before row. */
static uint32_t leaf_pos(const ord_node *nd, uint32_t row, stor_ord_cmp cmp, const void *ctx)
{
    uint32_t lo = 0, hi = nd->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (cmp(ctx, nd->row[mid], row) < 0) lo = mid + 1; else hi = mid;
    }
    return lo;
}

/* Inner: the child whose subtree holds row's place: the last one whose first row sorts
 * at or before row (the first child when none does). */
static uint32_t kid_pos(const ord_node *nd, uint32_t row, stor_ord_cmp cmp, const void *ctx)
{
    uint32_t lo = 1, hi = nd->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (cmp(ctx, nd->row[mid], row) <= 0) lo = mid + 1; else hi = mid;
    }
    return lo - 1;
}

/* Puts entry (row, kid) at position p of a node that has room. */
static void node_put(ord_node *nd, uint32_t p, uint32_t row, ord_node *kid)
{
    memmove(&nd->row[p + 1], &nd->row[p], (nd->n - p) * sizeof nd->row[0]);
    nd->row[p] = row;
    if (!nd->leaf) {
        memmove(&nd->kid[p + 1], &nd->kid[p], (nd->n - p) * sizeof nd->kid[0]);
        nd->kid[p] = kid;
    }
    nd->n++;
}

static void node_cut(ord_node *nd, uint32_t p)
{
    memmove(&nd->row[p], &nd->row[p + 1], (nd->n - p - 1) * sizeof nd->row[0]);
    if (!nd->leaf) memmove(&nd->kid[p], &nd->kid[p + 1], (nd->n - p - 1) * sizeof nd->kid[0]);
    nd->n--;
}

/* Moves entries [from, n) of a to the end of b. */
static void node_move(ord_node *a, uint32_t from, ord_node *b)
{
    uint32_t m = a->n - from;
    memcpy(&b->row[b->n], &a->row[from], m * sizeof a->row[0]);
    if (!a->leaf) memcpy(&b->kid[b->n], &a->kid[from], m * sizeof a->kid[0]);
    b->n += m;
    a->n = from;
}

/* Inserts (row, kid) at p of a full node: splits it, the upper half going to a new
 * right sibling, which is returned (NULL: no memory, nothing changed). */
static ord_node *node_split_put(ord_node *nd, uint32_t p, uint32_t row, ord_node *kid)
{
    ord_node *r = node_new(nd->leaf);
    if (!r) return NULL;
    uint32_t half = ORD_FAN / 2;
    node_move(nd, half, r);
    if (nd->leaf) {
        r->next = nd->next;
        if (r->next) r->next->prev = r;
        r->prev = nd;
        nd->next = r;
    }
    if (p <= half) node_put(nd, p, row, kid);
    else node_put(r, p - half, row, kid);
    return r;
}

/* Inserts row under nd. Returns nd's new right sibling when nd split, else NULL;
 * *err = -1 when memory ran out (the tree has then lost entries: it must be freed). */
static ord_node *insert_at(ord_node *nd, uint32_t row, stor_ord_cmp cmp, const void *ctx, int *err)
{
    if (nd->leaf) {
        uint32_t p = leaf_pos(nd, row, cmp, ctx);
        if (nd->n < ORD_FAN) { node_put(nd, p, row, NULL); return NULL; }
        ord_node *r = node_split_put(nd, p, row, NULL);
        if (!r) *err = -1;
        return r;
    }
    uint32_t c = kid_pos(nd, row, cmp, ctx);
    ord_node *split = insert_at(nd->kid[c], row, cmp, ctx, err);
    nd->row[c] = nd->kid[c]->row[0];   /* row may be the child's new first */
    if (!split) return NULL;
    if (nd->n < ORD_FAN) { node_put(nd, c + 1, split->row[0], split); return NULL; }
    ord_node *r = node_split_put(nd, c + 1, split->row[0], split);
    if (!r) { *err = -1; node_free(split); }
    return r;
}

int stor_ord_insert(struct stor_ord *o, uint32_t row, stor_ord_cmp cmp, const void *ctx)
{
    int err = 0;
    ord_node *split = insert_at(o->root, row, cmp, ctx, &err);
    if (err) return -1;
    if (split) {
        ord_node *root = node_new(false);
        if (!root) { node_free(split); return -1; }
        root->kid[0] = o->root; root->row[0] = o->root->row[0];
        root->kid[1] = split;   root->row[1] = split->row[0];
        root->n = 2;
        o->root = root;
    }
    o->n++;
    return 0;
}

/* After a removal left nd's child c with fewer than ORD_MIN entries: merges it with a
 * neighbour when both fit one node, else moves entries over from the neighbour. */
static void rebalance(ord_node *nd, uint32_t c)
{
    if (nd->n < 2) return;   /* (only the root can have one child; the caller lifts it) */
    uint32_t l = c > 0 ? c - 1 : c;   /* the pair (l, l + 1) */
    ord_node *a = nd->kid[l], *b = nd->kid[l + 1];
    if (a->n + b->n <= ORD_FAN) {
        node_move(b, 0, a);
        if (a->leaf) { a->next = b->next; if (a->next) a->next->prev = a; }
        stor_free(b);
        node_cut(nd, l + 1);
    } else if (a->n < b->n) {
        /* take b's first entries to the end of a */
        uint32_t m = (b->n - a->n) / 2;
        memcpy(&a->row[a->n], b->row, m * sizeof b->row[0]);
        if (!a->leaf) memcpy(&a->kid[a->n], b->kid, m * sizeof b->kid[0]);
        a->n += m;
        memmove(b->row, &b->row[m], (b->n - m) * sizeof b->row[0]);
        if (!b->leaf) memmove(b->kid, &b->kid[m], (b->n - m) * sizeof b->kid[0]);
        b->n -= m;
    } else {
        /* give a's last entries to the front of b */
        uint32_t m = (a->n - b->n) / 2;
        memmove(&b->row[m], b->row, b->n * sizeof b->row[0]);
        if (!b->leaf) memmove(&b->kid[m], b->kid, b->n * sizeof b->kid[0]);
        memcpy(b->row, &a->row[a->n - m], m * sizeof a->row[0]);
        if (!b->leaf) memcpy(b->kid, &a->kid[a->n - m], m * sizeof a->kid[0]);
        b->n += m;
        a->n -= m;
    }
    nd->row[l] = nd->kid[l]->row[0];
    if (l + 1 < nd->n) nd->row[l + 1] = nd->kid[l + 1]->row[0];
}

/* Removes row from under nd: 0, or -1 when it is not there. */
static int remove_at(ord_node *nd, uint32_t row, stor_ord_cmp cmp, const void *ctx)
{
    if (nd->leaf) {
        uint32_t p = leaf_pos(nd, row, cmp, ctx);
        if (p == nd->n || nd->row[p] != row) return -1;
        node_cut(nd, p);
        return 0;
    }
    uint32_t c = kid_pos(nd, row, cmp, ctx);
    ord_node *k = nd->kid[c];
    if (remove_at(k, row, cmp, ctx) != 0) return -1;
    if (k->n) nd->row[c] = k->row[0];
    if (k->n < ORD_MIN) rebalance(nd, c);
    return 0;
}

int stor_ord_remove(struct stor_ord *o, uint32_t row, stor_ord_cmp cmp, const void *ctx)
{
    if (remove_at(o->root, row, cmp, ctx) != 0) return -1;
    o->n--;
    while (!o->root->leaf && o->root->n == 1) {
        ord_node *r = o->root;
        o->root = r->kid[0];
        stor_free(r);
    }
    return 0;
}

/* ---- iteration ---- */

void stor_ord_seek(const struct stor_ord *o, stor_ord_it *it, stor_ord_probe probe, void *ctx)
{
    const ord_node *nd = o->root;
    while (!nd->leaf) {
        /* the last child whose first row sorts before the sought place */
        uint32_t lo = 1, hi = nd->n;
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (probe(ctx, nd->row[mid]) < 0) lo = mid + 1; else hi = mid;
        }
        nd = nd->kid[lo - 1];
    }
    uint32_t lo = 0, hi = nd->n;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (probe(ctx, nd->row[mid]) < 0) lo = mid + 1; else hi = mid;
    }
    it->leaf = nd;
    it->i = lo;
}

void stor_ord_first(const struct stor_ord *o, stor_ord_it *it)
{
    const ord_node *nd = o->root;
    while (!nd->leaf) nd = nd->kid[0];
    it->leaf = nd;
    it->i = 0;
}

void stor_ord_last(const struct stor_ord *o, stor_ord_it *it)
{
    const ord_node *nd = o->root;
    while (!nd->leaf) nd = nd->kid[nd->n - 1];
    it->leaf = nd;
    it->i = nd->n;
}

bool stor_ord_next(stor_ord_it *it, uint32_t *row)
{
    const ord_node *nd = it->leaf;
    while (it->i >= nd->n) {
        if (!nd->next) return false;
        nd = nd->next;
        it->leaf = nd;
        it->i = 0;
    }
    *row = nd->row[it->i++];
    return true;
}

bool stor_ord_prev(stor_ord_it *it, uint32_t *row)
{
    const ord_node *nd = it->leaf;
    while (it->i == 0) {
        if (!nd->prev) return false;
        nd = nd->prev;
        it->leaf = nd;
        it->i = nd->n;
    }
    *row = nd->row[--it->i];
    return true;
}

/* ---- checking (unit tests) ---- */

/* Checks one subtree: depth, fill, order, firsts. Returns its leaf depth, -1 if bad. */
static int check_node(const ord_node *nd, bool root, stor_ord_cmp cmp, const void *ctx, uint32_t *count)
{
    if (!root && nd->n < ORD_MIN) return -1;
    if (nd->n > ORD_FAN) return -1;
    if (nd->leaf) {
        for (uint32_t i = 1; i < nd->n; i++) if (cmp(ctx, nd->row[i - 1], nd->row[i]) >= 0) return -1;
        *count += nd->n;
        return 0;
    }
    if (nd->n < 2) return -1;
    int d = -1;
    for (uint32_t i = 0; i < nd->n; i++) {
        const ord_node *k = nd->kid[i];
        if (nd->row[i] != k->row[0]) return -1;
        if (i && cmp(ctx, nd->row[i - 1], nd->row[i]) >= 0) return -1;
        int kd = check_node(k, false, cmp, ctx, count);
        if (kd < 0 || (d >= 0 && kd != d)) return -1;
        d = kd;
    }
    return d + 1;
}

bool stor_ord_check(const struct stor_ord *o, stor_ord_cmp cmp, const void *ctx)
{
    uint32_t count = 0;
    if (check_node(o->root, true, cmp, ctx, &count) < 0 || count != o->n) return false;
    /* the leaf chain visits every row once, in order, both ways */
    stor_ord_it it;
    uint32_t r, prev = 0, seen = 0;
    for (stor_ord_first(o, &it); stor_ord_next(&it, &r); prev = r, seen++)
        if (seen && cmp(ctx, prev, r) >= 0) return false;
    if (seen != o->n) return false;
    seen = 0;
    for (stor_ord_last(o, &it); stor_ord_prev(&it, &r); prev = r, seen++)
        if (seen && cmp(ctx, r, prev) >= 0) return false;
    return seen == o->n;
}
