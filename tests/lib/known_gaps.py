"""tests/known_gaps.txt: differences from MariaDB that are known and accepted
for now.  Format (also in tests/README.md):

    # comment
    001_basic.sql:42        reason, free text
    001_basic.sql:*         reason (every statement of that file)
    integration/test_cli.py reason (an integration test)
    sql: SELECT CONVERT_TZ( ## reason    (statements starting with this text,
                                           any file; whitespace and case do not
                                           matter)
"""

import re

from sqlfile import normalise

_LOC_RE = re.compile(r"^(\S+\.sql):(\d+|\*)(?:\s+(.*))?$")
_INTEG_RE = re.compile(r"^(integration/\S+\.py)(?:\s+(.*))?$")


class Gap:
    def __init__(self, lineno, kind, key, reason):
        self.lineno = lineno      # line in known_gaps.txt
        self.kind = kind          # "loc", "file", "prefix", "integration"
        self.key = key
        self.reason = reason or "(no reason given)"
        self.hits = 0             # mismatches it excused
        self.passes = 0           # statements it matched that passed

    def describe(self):
        return "known_gaps.txt:%d %s" % (self.lineno, self.text())

    def text(self):
        if self.kind == "prefix":
            return "sql: %s" % self.key
        return self.key


class KnownGaps:
    def __init__(self, path):
        self.path = path
        self.gaps = []
        self.problems = []
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().splitlines()
        except FileNotFoundError:
            lines = []
        for n, raw in enumerate(lines, 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            m = _LOC_RE.match(line)
            if m:
                kind = "file" if m.group(2) == "*" else "loc"
                self.gaps.append(Gap(n, kind, "%s:%s" % (m.group(1), m.group(2)), m.group(3)))
                continue
            m = _INTEG_RE.match(line)
            if m:
                self.gaps.append(Gap(n, "integration", m.group(1), m.group(2)))
                continue
            if line.lower().startswith("sql:"):
                body = line[4:]
                prefix, _, reason = body.partition("##")
                prefix = normalise(prefix)
                if prefix:
                    self.gaps.append(Gap(n, "prefix", prefix, reason.strip()))
                    continue
            self.problems.append("known_gaps.txt:%d: cannot parse: %s" % (n, raw))

    def match(self, stmt):
        """The gap entry covering statement stmt, or None."""
        loc = "%s:%d" % (stmt.file, stmt.line)
        whole = "%s:*" % stmt.file
        norm = None
        for g in self.gaps:
            if g.kind == "loc" and g.key == loc:
                return g
            if g.kind == "file" and g.key == whole:
                return g
            if g.kind == "prefix":
                if norm is None:
                    norm = normalise(stmt.sql)
                if norm.startswith(g.key):
                    return g
        return None

    def match_integration(self, relpath):
        for g in self.gaps:
            if g.kind == "integration" and g.key == relpath:
                return g
        return None
