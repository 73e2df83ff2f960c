/* select1_raw.c - SELECT 1 round trips with almost no client overhead: a raw MySQL
 * protocol client (no library), one connection over loopback TCP, user root with an
 * empty password (mysql_native_password), no TLS. Prints p50/p90/p99 in microseconds.
 *
 *   cc -O2 -o build/select1_raw bench/select1_raw.c
 *   build/select1_raw PORT [N]
 *
 * Run it against MariaDB and pressdb in turn, a few rounds each (bench/README.md):
 * bench/select1.py measures through PyMySQL, whose own cost per query (tens of
 * microseconds) hides much of the servers' difference. */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int fd;
static uint8_t buf[1 << 16];

static int rd(void *p, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, (uint8_t *)p + got, n - got);
        if (r <= 0) return -1;
        got += (size_t)r;
    }
    return 0;
}

/* One packet's payload into buf; its length, or -1. */
static long packet(void)
{
    uint8_t h[4];
    if (rd(h, 4)) return -1;
    size_t n = h[0] | (h[1] << 8) | ((size_t)h[2] << 16);
    if (n > sizeof buf || rd(buf, n)) return -1;
    return (long)n;
}

static int wr(const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w <= 0) return -1;
        p += w; n -= (size_t)w;
    }
    return 0;
}

static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    if (argc < 2) { fprintf(stderr, "usage: select1_raw PORT [N]\n"); return 2; }
    int port = atoi(argv[1]), n = argc > 2 ? atoi(argv[2]) : 20000;
    fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port) };
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof a)) { perror("connect"); return 1; }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    if (packet() < 0) { fprintf(stderr, "no greeting\n"); return 1; }
    /* HandshakeResponse41: PROTOCOL_41 | SECURE_CONNECTION | PLUGIN_AUTH | LONG_PASSWORD */
    uint8_t r[128] = { 0 };
    size_t k = 4;
    uint32_t caps = 0x00000200 | 0x00008000 | 0x00080000 | 0x00000001;
    memcpy(r + k, &caps, 4); k += 4;
    uint32_t maxp = 1 << 24; memcpy(r + k, &maxp, 4); k += 4;
    r[k++] = 45;                       /* utf8mb4_general_ci */
    k += 23;
    memcpy(r + k, "root", 5); k += 5;
    r[k++] = 0;                        /* empty auth response */
    memcpy(r + k, "mysql_native_password", 22); k += 22;
    size_t pl = k - 4;
    r[0] = (uint8_t)pl; r[1] = (uint8_t)(pl >> 8); r[2] = 0; r[3] = 1;
    if (wr(r, k)) return 1;
    long m = packet();
    if (m < 1 || buf[0] != 0x00) { fprintf(stderr, "login failed (%02x)\n", m > 0 ? buf[0] : 0); return 1; }
    static const uint8_t q[] = { 9, 0, 0, 0, 0x03, 'S', 'E', 'L', 'E', 'C', 'T', ' ', '1' };
    double *t = malloc(sizeof(double) * (size_t)n);
    for (int i = -200; i < n; i++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (wr(q, sizeof q)) return 1;
        /* column count, column definition, EOF, row, EOF */
        for (int p = 0; p < 5; p++) if (packet() < 0) { fprintf(stderr, "short result\n"); return 1; }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (i >= 0) t[i] = (double)(t1.tv_sec - t0.tv_sec) * 1e6 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e3;
    }
    qsort(t, (size_t)n, sizeof *t, cmp_d);
    printf("{\"n\": %d, \"p50_us\": %.1f, \"p90_us\": %.1f, \"p99_us\": %.1f}\n", n, t[n / 2], t[n * 9 / 10], t[n * 99 / 100]);
    return 0;
}
