#!/usr/bin/python3
"""The locking scenarios of test_isolation.py (GAP_SCENARIOS there), compared with InnoDB
the same way: gap (next-key) locks of locking reads, UPDATE and DELETE; InnoDB's lock
queue; SERIALIZABLE's shared reads; INSERT ... SELECT's locked source; NOWAIT and SKIP
LOCKED; SET TRANSACTION for the next transaction. A file of their own so that each of
the two stays well inside the harness's time limit per test, also under ASan.

    MARIADB_PORT=3307 PRESSDB_PORT=3306 /usr/bin/python3 tests/integration/test_isolation_locks.py [scenario ...]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_isolation  # noqa: E402

if __name__ == "__main__":
    sys.exit(test_isolation.main(test_isolation.GAP_SCENARIOS))
