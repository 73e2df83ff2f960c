"""The start of every pressdb command line a test runs: no option files (the machine's
/etc/mysql/my.cnf belongs to its MariaDB, as for mariadbd --no-defaults in MariaDB's own
tests) and --user as the account the test runs as (pressdb, as mariadbd, refuses to run
as root without --user)."""
import os
import pwd


def pressdb_cmd(binary):
    return [binary, "--no-defaults", "--user=" + pwd.getpwuid(os.geteuid()).pw_name]
