/* like_scan.c - how fast '%word%' scans text under utf8mb4_unicode_520_ci (issue 20's
 * "substring scan throughput"): engine/func_like.c ex_like over WordPress-like posts
 * (ASCII text with about one non-ASCII character in 150 bytes, posts of 400 to 7,000
 * bytes), a word that is in no post, beside memmem of the same bytes for the same word in
 * the same run. One thread; the text is 64 MB, far beyond the caches, so both read it from
 * memory. Built by `make like-bench` (bench/README.md). */
#include "engine/eng.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define TEXT_BYTES (64u << 20)
#define ROUNDS 7

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Words of English-like text, a non-ASCII character now and then (é, ü, ’, —). */
static size_t fill(char *buf, size_t cap, uint32_t *seed)
{
    static const char *words[] = { "the", "of", "and", "database", "search", "wordpress", "garden", "theme",
                                   "plugin", "<p>", "</p>", "performance", "realistic", "query", "index" };
    static const char *wide[] = { "café", "über", "it’s", "—", "naïve" };
    size_t n = 0;
    while (n + 16 < cap) {
        *seed = *seed * 1103515245u + 12345u;
        uint32_t r = *seed >> 8;
        const char *w = r % 40 == 0 ? wide[r / 40 % 5] : words[r % 15];
        size_t l = strlen(w);
        memcpy(buf + n, w, l);
        n += l;
        buf[n++] = ' ';
    }
    return n;
}

int main(void)
{
    char *text = malloc(TEXT_BYTES);
    size_t *post = malloc(sizeof *post * (TEXT_BYTES / 400 + 2));
    if (!text || !post) return 1;
    uint32_t seed = 20261205;
    size_t n = 0, np = 0;
    while (n + 7000 < TEXT_BYTES) {   /* posts of 400..7000 bytes, back to back */
        seed = seed * 1103515245u + 12345u;
        size_t len = 400 + (seed >> 8) % 6600;
        post[np++] = n;
        n += fill(text + n, len, &seed);
    }
    post[np] = n;
    const char pat[] = "%nightjar%", lit[] = "nightjar";
    double t_like[ROUNDS], t_mem[ROUNDS];
    size_t hits = 0;
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now_s();
        for (size_t i = 0; i < np; i++)
            hits += ex_like(text + post[i], post[i + 1] - post[i], pat, sizeof pat - 1, '\\', COLL_UTF8MB4_UNICODE_520_CI);
        t_like[r] = now_s() - t0;
        t0 = now_s();
        for (size_t i = 0; i < np; i++)
            hits += memmem(text + post[i], post[i + 1] - post[i], lit, sizeof lit - 1) != NULL;
        t_mem[r] = now_s() - t0;
    }
    qsort(t_like, ROUNDS, sizeof *t_like, cmp_double);
    qsort(t_mem, ROUNDS, sizeof *t_mem, cmp_double);
    double gb = (double)n / 1e9;
    printf("text: %.1f MB in %zu posts (%zu matches: must be 0)\n", (double)n / 1e6, np, hits);
    printf("LIKE '%%nightjar%%' under utf8mb4_unicode_520_ci: %.2f GB/s (median of %d, %.1f ms)\n",
           gb / t_like[ROUNDS / 2], ROUNDS, t_like[ROUNDS / 2] * 1e3);
    printf("memmem 'nightjar' (bytes, case-sensitive):       %.2f GB/s (median of %d, %.1f ms)\n",
           gb / t_mem[ROUNDS / 2], ROUNDS, t_mem[ROUNDS / 2] * 1e3);
    free(text);
    free(post);
    return hits != 0;
}
