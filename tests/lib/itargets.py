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


def compare_runs(scenario, failures):
    """scenario(port) on each target -> [(label, outcome)]: the labelled outcomes that
    differ between the two go into failures."""
    res = [(label, scenario(port)) for label, port in targets()]
    if len(res) < 2:
        print("only one server: nothing to compare")
        return
    (la, a), (lb, b) = res
    for (wa, oa), (wb, ob) in zip(a, b):
        if oa != ob:
            failures.append("%s\n    %s: %r\n    %s: %r" % (wa, la, oa, lb, ob))
    print("%d statements compared, %d differ" % (len(a), len(failures)))


def finish(failures):
    """Prints the failures and exits: 1 when there are any."""
    for f in failures:
        print("FAIL: " + f)
    sys.exit(1 if failures else 0)
