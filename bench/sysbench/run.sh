#!/bin/sh
# run.sh - sysbench OLTP (point_select, read_only, read_write, write_only at 1/4/16/64 threads)
# against MariaDB 10.11 and pressdb; see run.py beside this file. Arguments are passed on,
# e.g.  bench/sysbench/run.sh --server ./build/pressdb --quick
exec /usr/bin/python3 "$(dirname "$0")/run.py" "$@"
