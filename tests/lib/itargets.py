"""The servers an integration test compares (tests/run.py passes them in the environment):
[("MariaDB", port), ("pressdb", port)], MariaDB left out when the run has none."""
import os
import sys


def targets():
    out = []
    if os.environ.get("MARIADB_PORT"):
        out.append(("MariaDB", int(os.environ["MARIADB_PORT"])))
    if not os.environ.get("PRESSDB_PORT"):
        sys.exit("PRESSDB_PORT is not set: run this through tests/run.py")
    out.append(("pressdb", int(os.environ["PRESSDB_PORT"])))
    return out


def connect_params(which):
    """pymysql.connect keywords for "MARIADB" or "PRESSDB": TCP when tests/run.py passed a
    port, else its Unix socket."""
    if os.environ.get(which + "_PORT"):
        return dict(host=os.environ.get(which + "_HOST", "127.0.0.1"), port=int(os.environ[which + "_PORT"]))
    return dict(unix_socket=os.environ[which + "_SOCKET"])
