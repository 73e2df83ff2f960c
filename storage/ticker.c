/* ticker.c - a background thread that calls a function once a second until stopped (the
 * compression and eviction threads): the wait is on a monotonic clock, and stopping wakes
 * it at once and joins it. */
#include "storage/storage.h"
#include "storage/wal.h"
#include <time.h>

static void *ticker_main(void *arg)
{
    stor_ticker *k = arg;
    pthread_mutex_lock(&k->mu);
    while (!k->stop) {
        struct timespec dl;
        clock_gettime(CLOCK_MONOTONIC, &dl);
        dl.tv_sec += 1;
        pthread_cond_timedwait(&k->cv, &k->mu, &dl);
        if (k->stop) break;
        pthread_mutex_unlock(&k->mu);
        k->tick(k);
        pthread_mutex_lock(&k->mu);
    }
    pthread_mutex_unlock(&k->mu);
    return NULL;
}

int ticker_start(stor_ticker *k, void (*tick)(stor_ticker *))
{
    if (k->running) return 0;
    k->tick = tick;
    pthread_mutex_init(&k->mu, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&k->cv, &ca);
    pthread_condattr_destroy(&ca);
    k->stop = false;
    if (pthread_create(&k->th, NULL, ticker_main, k) != 0) return -1;
    k->running = true;
    return 0;
}

void ticker_stop(stor_ticker *k)
{
    if (!k->running) return;
    pthread_mutex_lock(&k->mu);
    k->stop = true;
    pthread_cond_signal(&k->cv);
    pthread_mutex_unlock(&k->mu);
    pthread_join(k->th, NULL);
    k->running = false;
}

bool ticker_stopping(const stor_ticker *k) { return __atomic_load_n(&k->stop, __ATOMIC_RELAXED); }
