/* slavepos.c - @@gtid_slave_pos: the last GTID a replica applied, per domain.
 *
 * The position is written in the same log frame as the change it describes (redo 'S',
 * wal.c): a replicated transaction's commit frame, a replicated DDL's frame, or a frame
 * of its own for a group that changed nothing. So after kill -9 the state recovery
 * rebuilds names exactly the transactions whose rows came back: the replica resumes
 * with nothing missing and nothing applied twice. 'P' (SET GLOBAL gtid_slave_pos)
 * empties the state before the 'S' records that follow it. A new log generation's
 * first frame carries the state (slavepos_records). MariaDB keeps the same thing in
 * the table mysql.gtid_slave_pos, updated in the applied transaction.
 */
#include "storage/storage.h"
#include "storage/wal.h"
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define MAX_DOMAINS 64

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static stor_gtid state[MAX_DOMAINS];
static int nstate;

void slavepos_note(const stor_gtid *g)
{
    pthread_mutex_lock(&mu);
    int i = 0;
    while (i < nstate && state[i].domain != g->domain) i++;
    if (i == nstate && nstate < MAX_DOMAINS) nstate++;
    if (i < nstate) state[i] = *g;
    pthread_mutex_unlock(&mu);
}

void slavepos_clear(void)
{
    pthread_mutex_lock(&mu);
    nstate = 0;
    pthread_mutex_unlock(&mu);
}

size_t slavepos_records(uint8_t *out, size_t cap)
{
    size_t n = 0;
    pthread_mutex_lock(&mu);
    for (int i = 0; i < nstate && n + 17 <= cap; i++) {
        out[n] = 'S';
        memcpy(out + n + 1, &state[i].domain, 4);
        memcpy(out + n + 5, &state[i].server, 4);
        memcpy(out + n + 9, &state[i].seq, 8);
        n += 17;
    }
    pthread_mutex_unlock(&mu);
    return n;
}

int stor_slave_state(stor_gtid *out, int max)
{
    pthread_mutex_lock(&mu);
    int n = nstate < max ? nstate : max;
    memcpy(out, state, (size_t)n * sizeof *out);
    pthread_mutex_unlock(&mu);
    return n;
}

void stor_gtid_text(stor_gtid *g, int n, char *out, size_t cap)
{
    for (int i = 1; i < n; i++)   /* (MariaDB prints domains in order) */
        for (int j = i; j > 0 && g[j - 1].domain > g[j].domain; j--) {
            stor_gtid t = g[j]; g[j] = g[j - 1]; g[j - 1] = t;
        }
    size_t o = 0;
    out[0] = 0;
    for (int i = 0; i < n && o < cap; i++)
        o += (size_t)snprintf(out + o, cap - o, "%s%" PRIu32 "-%" PRIu32 "-%" PRIu64, i ? "," : "",
                              g[i].domain, g[i].server, g[i].seq);
}

void stor_slave_pos(char *out, size_t cap)
{
    stor_gtid g[MAX_DOMAINS];
    stor_gtid_text(g, stor_slave_state(g, MAX_DOMAINS), out, cap);
}
