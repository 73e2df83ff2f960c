#!/usr/bin/env python3
"""checkpoint_stall.py - how long a small write waits while checkpoints run.

For each pressdb binary given: a fresh server with --innodb-log-file-size=1M, 600 rows of
1 MB (hex of random bytes: zstd has work to do) loaded one per INSERT, so checkpoints
happen during the load, while a second connection INSERTs one small row every 2 ms and
times each. Prints the load's time and the small INSERTs' median, p99 and maximum.

  /usr/bin/python3 bench/load/checkpoint_stall.py ./build/pressdb [/path/to/another/pressdb ...]
"""
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

import pymysql

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from lib.servers import free_port  # noqa: E402


def connect(port):
    for _ in range(400):
        try:
            return pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True, max_allowed_packet=16 << 20)
        except pymysql.err.OperationalError:
            time.sleep(0.05)
    sys.exit("the server did not start")


def run(binary):
    d = tempfile.mkdtemp(prefix="pressdb-stall-")
    port = free_port()
    p = subprocess.Popen([binary, "--no-defaults", "--user=" + os.environ.get("USER", "root"), "--port=%d" % port,
                          "--datadir=" + d, "--socket=", "--innodb-log-file-size=1M"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        c = connect(port)
        cur = c.cursor()
        cur.execute("CREATE DATABASE s")
        cur.execute("CREATE TABLE s.big (id INT PRIMARY KEY, v LONGTEXT)")
        cur.execute("CREATE TABLE s.small (id INT PRIMARY KEY)")
        stop, lat = threading.Event(), []

        def writer():
            w = connect(port)
            wc, i = w.cursor(), 0
            while not stop.is_set():
                t0 = time.perf_counter()
                wc.execute("INSERT INTO s.small VALUES (%s)", (i,))
                lat.append(time.perf_counter() - t0)
                i += 1
                time.sleep(0.002)
            w.close()

        th = threading.Thread(target=writer)
        th.start()
        t0 = time.perf_counter()
        for i in range(600):
            cur.execute("INSERT INTO s.big VALUES (%s, %s)", (i, os.urandom(1 << 19).hex()))
        load = time.perf_counter() - t0
        time.sleep(3)
        stop.set()
        th.join()
        c.close()
        lat.sort()
        print("%s: 600 MB loaded in %.1f s; %d small INSERTs: median %.1f ms, p99 %.1f ms, max %.0f ms" % (
            binary, load, len(lat), 1000 * lat[len(lat) // 2], 1000 * lat[int(len(lat) * 0.99)], 1000 * lat[-1]))
    finally:
        p.terminate()
        p.wait()
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for b in sys.argv[1:]:
        run(b)
