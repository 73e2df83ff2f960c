/* prop_main.c - the JIT's property tests without Criterion (`make test-arm64` builds it
 * statically for arm64 and runs it under qemu-aarch64; it runs natively as well).
 *
 *   prop_main [cases] [seed]     exit 0 when every case agrees with the C reference */
#include "tests/jit/prop.h"
#include "tests/jit/agg_prop.h"
#include "tests/jit/join_prop.h"
#include <unistd.h>

int main(int argc, char **argv)
{
    int cases = argc > 1 ? atoi(argv[1]) : 20000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 0x5eed;
    char err[512] = "";
    jit_arena *a = jit_arena_new(1 << 20, 0);
    if (!a || !jit_arena_ok(a)) {
        fprintf(stderr, "prop_main: no executable memory\n");
        return 1;
    }
    int bad = 0;
    int n = jit_prop_ops(a, seed, cases, err, sizeof err);
    printf("emitter ops: %d cases, %d failed%s%s\n", cases, n, n ? ": " : "", n ? err : "");
    bad += n;
    n = jit_prop_filter(a, seed + 1, cases, err, sizeof err);
    printf("filter kernels: %d cases, %d failed%s%s\n", cases, n, n ? ": " : "", n ? err : "");
    bad += n;
    n = jit_prop_agg(a, seed + 2, cases / 10 ? cases / 10 : 1, err, sizeof err);
    printf("aggregate kernels: %d cases, %d failed%s%s\n", cases / 10 ? cases / 10 : 1, n, n ? ": " : "", n ? err : "");
    bad += n;
    n = jit_prop_join(a, seed + 3, cases / 10 ? cases / 10 : 1, err, sizeof err);
    printf("lookup-join kernels: %d cases, %d failed%s%s\n", cases / 10 ? cases / 10 : 1, n, n ? ": " : "", n ? err : "");
    bad += n;
    n = jit_prop_arena((size_t)sysconf(_SC_PAGESIZE), err, sizeof err);
    printf("arena: eviction, entered code kept, byte counts, fallback: %s%s\n",
           n ? "FAILED: " : "ok", n ? err : "");
    bad += n;
    n = jit_prop_threads((size_t)sysconf(_SC_PAGESIZE), 4, 1000, err, sizeof err);
    printf("threads: 4 compiling, running, evicting in a 1-page arena: %s%s\n",
           n ? "FAILED: " : "ok", n ? err : "");
    bad += n;
    jit_arena_stats st;
    jit_arena_stats_get(a, &st);
    printf("property arena: %" PRIu64 " commits, %" PRIu64 " evictions, %zu code bytes held\n",
           st.commits, st.evictions, st.code_bytes);
    jit_arena_free(a);
    return bad ? 1 : 0;
}
