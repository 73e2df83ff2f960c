/* stream.c - memory bandwidth beside bench/analytics' figures: the best of 5 copies of a
 * 256 MiB array of doubles (STREAM's "copy": bytes read + bytes written per second). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int main(void)
{
    size_t n = (size_t)32 << 20;   /* doubles: 256 MiB per array */
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    if (!a || !b) return 1;
    for (size_t i = 0; i < n; i++) a[i] = (double)i, b[i] = 0;
    double best = 1e30;
    for (int r = 0; r < 5; r++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        memcpy(b, a, n * sizeof *a);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
        if (s < best) best = s;
    }
    printf("%.2f\n", 2.0 * (double)(n * sizeof *a) / best / 1e9 + b[n / 2] * 0);
    return 0;
}
