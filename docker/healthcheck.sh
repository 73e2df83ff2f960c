#!/bin/sh
# Healthy when the server answers the protocol on its socket: mariadb-admin ping exits 0
# when the server answers, even with "Access denied", so it needs no password.
sock=${PRESSDB_HEALTH_SOCKET:-/run/mysqld/mysqld.sock}
exec mariadb-admin --no-defaults --socket="$sock" --connect-timeout=5 ping >/dev/null
