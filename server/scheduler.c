/* scheduler.c - the event scheduler's thread: about once a second, while the global
 * event_scheduler is ON, it has the engine run the events that are due
 * (pdb_event_tick, engine/event.c), each in a session of its own, and logs those that
 * fail as MariaDB does ("Event Scheduler: [user@host][db.name] message"). It runs
 * beside the event loops and never holds one up. The event running is in SHOW
 * PROCESSLIST under a connection id of its own, which KILL stops (an event whose body
 * never ends holds the store's write lock, as a CALL would); a shutdown kills it.
 * Each second, whatever event_scheduler says, it also has the engine rebuild one table
 * whose dead row slots outnumber its rows (pdb_compact_tick, engine/ddl.c). */
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

static uint32_t event_begin(const char *user, const char *db, const char *info, _Atomic uint8_t *kill)
{
    uint32_t id = srv_conn_new_id();
    srv_registry_event(id, user, db, info, kill);
    return id;
}

static void event_end(uint32_t id)
{
    (void)id;
    srv_registry_event(0, NULL, NULL, NULL, NULL);
}

static const pdb_event_hooks hooks = { event_begin, event_end, log_failure };

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
        if (pdb_event_scheduler_on()) pdb_event_tick(time(NULL), &hooks);
        pdb_compact_tick();   /* (a table whose dead row slots outnumber its rows) */
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
    srv_registry_event_stop();   /* (an event that would not end must not hold the shutdown) */
    pthread_join(thr, NULL);
    started = false;
}
