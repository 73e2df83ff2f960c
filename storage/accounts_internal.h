/* accounts_internal.h - account store functions beyond those in storage.h (for the
 * server now and for CREATE/DROP/ALTER USER, GRANT, SET PASSWORD later). To be merged
 * into storage.h's accounts section.
 *
 * All functions are thread-safe (the account store has its own lock, independent of
 * the storage reader/writer lock). Functions that change accounts rewrite
 * datadir/accounts atomically before returning.
 */
#ifndef PRESSDB_STORAGE_ACCOUNTS_INTERNAL_H
#define PRESSDB_STORAGE_ACCOUNTS_INTERNAL_H

#include "storage/storage.h"

/* Results of the changing functions. */
#define STOR_ACC_OK        0
#define STOR_ACC_EXISTS   -1   /* create: the account is already there */
#define STOR_ACC_NOTFOUND -2   /* drop/alter: no such account */
#define STOR_ACC_EIO      -3   /* the accounts file could not be written (nothing changed) */
#define STOR_ACC_EINVAL   -4   /* bad argument (name too long, unknown plugin) */

/* Matches as MariaDB's login does: hostname is the client's host name ("localhost" for
 * the Unix socket and loopback; NULL when not resolved), ip its address text (NULL for
 * the Unix socket). Accounts for this user and anonymous ('') accounts compete; the
 * most specific host pattern wins, a named user on a tie. 0 found (copied to *out),
 * -1 none. */
int stor_account_match_host(const char *user, const char *hostname, const char *ip,
                            stor_account *out);

/* Exact lookup by user and host as written in CREATE USER (host compared
 * case-insensitively). 0 found, -1 none. */
int stor_account_get(const char *user, const char *host, stor_account *out);

/* CREATE USER user@host IDENTIFIED [VIA plugin] BY password. plugin NULL =
 * "mysql_native_password"; password NULL or "" = empty. Both hashes are stored, never
 * the password. With replace, an existing account is overwritten (CREATE OR REPLACE). */
int stor_account_create(const char *user, const char *host, const char *plugin,
                        const char *password, bool is_super, bool replace);

/* Stores a filled-in account (e.g. IDENTIFIED BY PASSWORD '*hex', replication of an
 * account); a->host is lower-cased. With replace an existing one is overwritten. */
int stor_account_put(const stor_account *a, bool replace);

/* DROP USER. */
int stor_account_drop(const char *user, const char *host);

/* SET PASSWORD / ALTER USER ... IDENTIFIED [VIA plugin] BY: plugin NULL keeps it. */
int stor_account_set_password(const char *user, const char *host, const char *plugin,
                              const char *password);

/* GRANT ALL ... WITH GRANT OPTION / REVOKE: the SUPER flag. */
int stor_account_set_super(const char *user, const char *host, bool is_super);

/* RENAME USER. STOR_ACC_EXISTS when the new name is taken. */
int stor_account_rename(const char *user, const char *host, const char *new_user,
                        const char *new_host);

/* A copy of every account, in match order (user, then most specific host first), for
 * SELECT FROM mysql.user / SHOW GRANTS. Caller frees with free(). NULL and *n = 0 when
 * there is none or no memory. */
stor_account *stor_account_list(size_t *n);

/* Forgets the loaded accounts (at shutdown). */
void stor_accounts_close(void);

#endif
