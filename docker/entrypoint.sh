#!/bin/bash
# The pressdb image's entrypoint, with the MariaDB image's variables under PRESSDB_ names
# (the MARIADB_ names are read too):
#   PRESSDB_ROOT_PASSWORD, or PRESSDB_ALLOW_EMPTY_ROOT_PASSWORD=1, or
#   PRESSDB_RANDOM_ROOT_PASSWORD=1 (one is required on a fresh datadir);
#   PRESSDB_DATABASE; PRESSDB_USER with PRESSDB_PASSWORD (all rights on PRESSDB_DATABASE);
#   PRESSDB_ROOT_HOST (default %: root may also log in over the network);
#   /docker-entrypoint-initdb.d/*.sql, *.sql.gz and *.sh run once, on the first start.
# On a fresh datadir a private server (127.0.0.1, a free port, its own socket) sets it up
# and stops; then pressdb runs in the foreground with the arguments given.
# PRESSDB_DATADIR (default /var/lib/pressdb, as /etc/my.cnf says) and PRESSDB_BIN
# (default pressdb) let tests run this script outside the image.
set -euo pipefail

log() { echo "$(date '+%Y-%m-%d %H:%M:%S') 0 [Note] [Entrypoint]: $*"; }
die() { echo "$(date '+%Y-%m-%d %H:%M:%S') 0 [ERROR] [Entrypoint]: $*" >&2; exit 1; }
env_or() { local v="PRESSDB_$1" m="MARIADB_$1"; printf '%s' "${!v:-${!m:-}}"; }
sql_str() { local s=${1//\\/\\\\}; printf "'%s'" "${s//\'/\\\'}"; }
sql_name() { printf '`%s`' "${1//\`/\`\`}"; }

datadir=${PRESSDB_DATADIR:-/var/lib/pressdb}
bin=${PRESSDB_BIN:-pressdb}
initdir=${PRESSDB_INITDB_DIR:-/docker-entrypoint-initdb.d}

if [ "$#" -eq 0 ] || [ "${1#-}" != "$1" ]; then
    set -- pressdb "$@"
fi
if [ "$1" != pressdb ]; then
    exec "$@"
fi
shift

run_sql() { mariadb --no-defaults --protocol=socket --socket="$sock" -uroot ${rootpw:+-p"$rootpw"} "$@"; }

first_start() {
    local pw empty random
    pw=$(env_or ROOT_PASSWORD); empty=$(env_or ALLOW_EMPTY_ROOT_PASSWORD)
    random=$(env_or RANDOM_ROOT_PASSWORD)
    if [ -z "$pw" ] && [ -z "$empty" ] && [ -z "$random" ]; then
        die "the datadir is empty and no root password option is given: set one of PRESSDB_ROOT_PASSWORD, PRESSDB_ALLOW_EMPTY_ROOT_PASSWORD or PRESSDB_RANDOM_ROOT_PASSWORD"
    fi
    if [ -z "$pw" ] && [ -n "$random" ]; then
        pw=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
        log "GENERATED ROOT PASSWORD: $pw"
    fi
    rootpw=$pw
    local tmp; tmp=$(mktemp -d)
    sock="$tmp/init.sock"
    log "initialising $datadir"
    PRESSDB_ROOT_PASSWORD="$pw" "$bin" "$@" --bind-address=127.0.0.1 --port=0 \
        --socket="$sock" --pid-file="$tmp/init.pid" --log-error="$tmp/init.err" &
    local pid=$! i
    for i in $(seq 600); do
        if mariadb-admin --no-defaults --socket="$sock" --connect-timeout=2 ping >/dev/null 2>&1; then break; fi
        kill -0 "$pid" 2>/dev/null || { cat "$tmp/init.err" >&2; die "the private server did not start"; }
        sleep 0.1
    done
    local host db user upw
    host=$(env_or ROOT_HOST); host=${host:-%}
    db=$(env_or DATABASE); user=$(env_or USER); upw=$(env_or PASSWORD)
    {
        if [ "$host" != localhost ]; then
            echo "CREATE USER 'root'@$(sql_str "$host") IDENTIFIED BY $(sql_str "$pw");"
            echo "GRANT ALL PRIVILEGES ON *.* TO 'root'@$(sql_str "$host") WITH GRANT OPTION;"
        fi
        if [ -n "$db" ]; then
            echo "CREATE DATABASE IF NOT EXISTS $(sql_name "$db");"
        fi
        if [ -n "$user" ]; then
            [ -n "$upw" ] || die "PRESSDB_USER is set without PRESSDB_PASSWORD"
            echo "CREATE USER $(sql_str "$user")@'%' IDENTIFIED BY $(sql_str "$upw");"
            if [ -n "$db" ]; then
                echo "GRANT ALL PRIVILEGES ON $(sql_name "$db").* TO $(sql_str "$user")@'%';"
            fi
        fi
    } | run_sql || die "setting up accounts and the database failed"
    local f
    for f in "$initdir"/*; do
        [ -e "$f" ] || continue
        case "$f" in
        *.sh) log "running $f"; . "$f" ;;
        *.sql) log "running $f"; run_sql ${db:+"$db"} < "$f" ;;
        *.sql.gz) log "running $f"; gzip -dc "$f" | run_sql ${db:+"$db"} ;;
        *) log "ignoring $f" ;;
        esac
    done
    mariadb-admin --no-defaults --socket="$sock" -uroot ${rootpw:+-p"$rootpw"} shutdown || kill "$pid"
    wait "$pid" || true
    rm -rf "$tmp"
    log "initialised; starting pressdb"
}

if [ ! -e "$datadir/pressdb.datadir" ]; then
    first_start "$@"
fi
unset PRESSDB_ROOT_PASSWORD MARIADB_ROOT_PASSWORD PRESSDB_PASSWORD MARIADB_PASSWORD
exec "$bin" "$@"
