/* scheduler.c - the event scheduler's thread: about once a second, while the global
 * event_scheduler is ON, it has the engine run the events that are due
 * (pdb_event_tick, engine/event.c), each in a session of its own, and logs those that
 * fail as MariaDB does ("Event Scheduler: [user@host][db.name] message"). It runs
 * beside the event loops and never holds one up. */
#include "server/server.h"

#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

static pthread_t thr;
static bool started;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static bool stopping;

static void log_failure(const char *db, const char *name, const char *user, const char *host, uint16_t code,
                        const char *msg)
{
    (void)code;
    srv_log(SRV_ERROR, 0, "Event Scheduler: [%s@%s][%s.%s] %s", user, host, db, name, msg);
}

static void *scheduler_main(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&mu);
    while (!stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 1;
        until.tv_nsec = 0;   /* (on the second: an EVERY 1 SECOND event runs each one) */
        pthread_cond_timedwait(&cv, &mu, &until);
        if (stopping) break;
        pthread_mutex_unlock(&mu);
        if (pdb_event_scheduler_on()) pdb_event_tick(time(NULL), log_failure);
        pthread_mutex_lock(&mu);
    }
    pthread_mutex_unlock(&mu);
    return NULL;
}

void srv_scheduler_init(void)
{
    if (pthread_create(&thr, NULL, scheduler_main, NULL) != 0) {
        srv_log(SRV_WARNING, 0, "Can't start the event scheduler's thread: events will not run");
        return;
    }
    started = true;
}

void srv_scheduler_shutdown(void)
{
    if (!started) return;
    pthread_mutex_lock(&mu);
    stopping = true;
    pthread_cond_signal(&cv);
    pthread_mutex_unlock(&mu);
    pthread_join(thr, NULL);
    started = false;
}
