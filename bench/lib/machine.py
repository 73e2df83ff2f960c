"""machine.py - describe the machine and software a benchmark ran on."""

import datetime
import os
import platform
import subprocess
import sys


def _read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def describe(root=None):
    cpu = ""
    for line in _read("/proc/cpuinfo").splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    mem_kib = 0
    for line in _read("/proc/meminfo").splitlines():
        if line.startswith("MemTotal:"):
            mem_kib = int(line.split()[1])
    os_name = ""
    for line in _read("/etc/os-release").splitlines():
        if line.startswith("PRETTY_NAME="):
            os_name = line.split("=", 1)[1].strip('"')
    try:
        import pymysql
        pymysql_version = pymysql.__version__ if hasattr(pymysql, "__version__") else pymysql.VERSION_STRING
    except Exception:
        pymysql_version = "?"
    rev = ""
    if root:
        try:
            rev = subprocess.run(["git", "-C", root, "rev-parse", "--short", "HEAD"], capture_output=True,
                                 text=True, timeout=5).stdout.strip()
            dirty = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"],
                                   capture_output=True, text=True, timeout=5).stdout.strip()
            if dirty:
                rev += " (modified)"
        except Exception:
            pass
    return dict(date=datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
                cpu=cpu, logical_cpus=os.cpu_count(), memory_gib=round(mem_kib / 1048576, 1),
                os=os_name, kernel=platform.release(), python=sys.version.split()[0],
                pymysql=pymysql_version, pressdb_revision=rev)


def one_line(m):
    return "%s, %s logical CPUs, %s GiB RAM; %s (kernel %s); Python %s, PyMySQL %s" % (
        m.get("cpu") or "unknown CPU", m.get("logical_cpus"), m.get("memory_gib"), m.get("os"),
        m.get("kernel"), m.get("python"), m.get("pymysql"))
