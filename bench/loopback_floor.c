/* loopback_floor.c - the round trip a server cannot beat on this machine: a process that
 * answers each 13-byte request with 60 bytes over loopback TCP and does nothing else,
 * timed by a client like bench/select1_raw.c. Put beside `SELECT 1` p50 figures of
 * pressdb and MariaDB, it shows how much of their round trip is their own work.
 *
 *   cc -O2 -o build/loopback_floor bench/loopback_floor.c
 *   build/loopback_floor [MODE] [N]     MODE 0: blocking read/write (a thread per
 *                                       connection, as MariaDB); 1: epoll_wait without
 *                                       timeout; 2: with a 1 s timeout (as an event loop
 *                                       with timers, as pressdb's libuv loops). N: 20000.
 * Prints the client's p50/p90 in microseconds. Uses port 24499 on 127.0.0.1. */
#include <arpa/inet.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void serve(int lfd, int mode)
{
    int c = accept(lfd, NULL, NULL), one = 1;
    char b[256];
    setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    int ep = -1;
    if (mode >= 1) {
        ep = epoll_create1(0);
        struct epoll_event ev = { .events = EPOLLIN, .data.fd = c };
        epoll_ctl(ep, EPOLL_CTL_ADD, c, &ev);
    }
    for (;;) {
        if (ep >= 0) {
            struct epoll_event out;
            if (epoll_wait(ep, &out, 1, mode == 2 ? 1000 : -1) < 1) continue;
        }
        if (read(c, b, sizeof b) <= 0) break;
        memset(b, 0, 60);
        if (write(c, b, 60) != 60) break;
    }
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int mode = argc > 1 ? atoi(argv[1]) : 0, n = argc > 2 ? atoi(argv[2]) : 20000, one = 1;
    if (n < 1) n = 1;
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(24499),
                             .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
    int lfd = socket(AF_INET, SOCK_STREAM, 0);
    setsockopt(lfd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(lfd, (struct sockaddr *)&a, sizeof a) || listen(lfd, 1)) { perror("bind"); return 1; }
    pid_t kid = fork();
    if (kid == 0) { serve(lfd, mode); _exit(0); }
    int c = socket(AF_INET, SOCK_STREAM, 0);
    if (connect(c, (struct sockaddr *)&a, sizeof a)) { perror("connect"); return 1; }
    setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    double *d = malloc((size_t)n * sizeof *d);
    static const char q[13] = "\x09\0\0\0\x03SELECT 1";
    char r[256];
    for (int i = 0; i < n; i++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        if (write(c, q, sizeof q) != (ssize_t)sizeof q || read(c, r, sizeof r) <= 0) return 1;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        d[i] = (double)(t1.tv_sec - t0.tv_sec) * 1e6 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e3;
    }
    close(c);
    waitpid(kid, NULL, 0);
    qsort(d, (size_t)n, sizeof *d, cmp);
    printf("{\"mode\": %d, \"n\": %d, \"p50_us\": %.1f, \"p90_us\": %.1f}\n", mode, n, d[n / 2], d[n * 9 / 10]);
    return 0;
}
