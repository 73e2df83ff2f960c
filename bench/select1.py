#!/usr/bin/python3
"""select1.py - SELECT 1 latency and QPS, and durable commit throughput, on their own.

Against a server that is already running (--port), or against private servers it starts
itself: a MariaDB 10.11 and, with --server, pressdb --jit=off and --jit=on. The same code
runs inside bench/wordpress/run.py after the scale-1 WordPress run.

  select1.py --port 3306                       one running server on 127.0.0.1
  select1.py [--server ./build/pressdb] [--quick]
"""

import argparse
import signal
import json
import os
import shutil
import sys
import tempfile

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)

from lib import micro  # noqa: E402
from lib.servers import MariaDBServer, PressdbServer  # noqa: E402


def _on_signal(signum, frame):
    """SIGTERM/SIGHUP (e.g. from `timeout`) unwind like Ctrl-C, so the servers we started stop."""
    raise KeyboardInterrupt("signal %d" % signum)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, help="measure the server already listening on 127.0.0.1:PORT")
    ap.add_argument("--server", help="pressdb binary to start (besides MariaDB)")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGHUP, _on_signal)
    out = {}
    if args.port:
        out["server"] = micro.run_all(args.port, quick=args.quick)
    else:
        work = tempfile.mkdtemp(prefix="pressdb-select1-")
        servers = [MariaDBServer("mariadb", work)]
        if args.server:
            servers += [PressdbServer("pressdb", work, args.server, jit="off"),
                        PressdbServer("pressdb-jit", work, args.server, jit="on")]
        try:
            for s in servers:      # one at a time: the CPUs belong to that server and the client
                if not s.start():
                    out[s.name] = dict(error=s.error)
                    print("%s failed to start: %s" % (s.name, s.error))
                    continue
                print("%s (%s):" % (s.name, s.version))
                out[s.name] = micro.run_all(s.port, quick=args.quick)
                s.stop()
        finally:
            for s in servers:
                s.stop()
            shutil.rmtree(work, ignore_errors=True)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
