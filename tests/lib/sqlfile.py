"""Reading tests/sql/*.sql files (format: tests/README.md)."""

import os
import re

# Directives: a comment line holding only the directive, directly above the
# statement (consecutive comment lines above a statement all count; a blank
# line in between drops them).
STATEMENT_DIRECTIVES = {"sorted", "ordered", "skip-result", "metadata"}
# File options: "-- options: found-rows metadata" before the first statement
# ("ordered": every statement's rows compared in order, as InnoDB hands them out).
FILE_OPTIONS = {"found-rows", "metadata", "ordered"}

_COMMENT_RE = re.compile(r"^\s*--(\s|$)")
_DIRECTIVE_RE = re.compile(r"^\s*--\s+([a-z-]+)\s*$")
_OPTIONS_RE = re.compile(r"^\s*--\s+options:\s*(.*)$", re.I)
_DELIMITER_RE = re.compile(r"^\s*DELIMITER\s+(\S+)\s*$", re.I)


class Statement:
    __slots__ = ("file", "line", "sql", "directives")

    def __init__(self, file, line, sql, directives):
        self.file = file
        self.line = line
        self.sql = sql
        self.directives = directives

    @property
    def where(self):
        return "%s:%d" % (self.file, self.line)

    def __repr__(self):
        return "<Statement %s %r>" % (self.where, self.sql[:40])


class SqlFile:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)
        self.options = set()
        self.statements = []
        self.problems = []      # format errors found while reading
        self._parse()

    @property
    def database(self):
        """t_<name without numeric prefix and .sql>, e.g. 001_basic.sql -> t_basic"""
        stem = os.path.splitext(self.name)[0]
        stem = re.sub(r"^\d+[_-]?", "", stem) or stem
        return "t_" + re.sub(r"[^a-z0-9_]", "_", stem.lower())

    def _parse(self):
        with open(self.path, encoding="utf-8") as f:
            lines = f.read().splitlines()
        delimiter = ";"
        buf = []
        start = None
        pending = []
        for n, line in enumerate(lines, 1):
            if not buf:
                if not line.strip():
                    pending = []
                    continue
                if _COMMENT_RE.match(line):
                    m = _OPTIONS_RE.match(line)
                    if m:
                        if self.statements:
                            self.problems.append("%s:%d: options: must come before "
                                                 "the first statement" % (self.name, n))
                        for o in re.split(r"[\s,]+", m.group(1).strip()):
                            if not o:
                                continue
                            if o not in FILE_OPTIONS:
                                self.problems.append("%s:%d: unknown file option %r"
                                                     % (self.name, n, o))
                            self.options.add(o)
                        continue
                    m = _DIRECTIVE_RE.match(line)
                    if m and m.group(1) in STATEMENT_DIRECTIVES:
                        pending.append(m.group(1))
                    continue
                m = _DELIMITER_RE.match(line)
                if m:
                    delimiter = m.group(1)
                    pending = []
                    continue
                start = n
            elif _COMMENT_RE.match(line):
                continue  # comment lines inside a statement are not sent
            buf.append(line)
            if line.rstrip().endswith(delimiter):
                self._add(start, buf, delimiter, pending)
                buf, pending = [], []
        if buf:
            self.problems.append("%s:%d: last statement has no terminating %r"
                                 % (self.name, start, delimiter))
            self._add(start, buf, None, pending)

    def _add(self, start, buf, delimiter, directives):
        text = "\n".join(buf).rstrip()
        if delimiter:
            text = text[: -len(delimiter)].rstrip()
        if not text.strip():
            return
        d = set(directives)
        if "sorted" in d and "ordered" in d:
            self.problems.append("%s:%d: both sorted and ordered" % (self.name, start))
        self.statements.append(Statement(self.name, start, text, d))


def _strip_quoted(sql):
    """sql with string literals, quoted identifiers and comments blanked out."""
    out = []
    i, n = 0, len(sql)
    while i < n:
        c = sql[i]
        if c in "'\"`":
            j = i + 1
            while j < n:
                if sql[j] == "\\" and c != "`":
                    j += 2
                    continue
                if sql[j] == c:
                    if j + 1 < n and sql[j + 1] == c:  # doubled quote
                        j += 2
                        continue
                    break
                j += 1
            out.append(" ")
            i = j + 1
        elif c == "#" or (sql.startswith("--", i) and (i + 2 == n or sql[i + 2].isspace())):
            j = sql.find("\n", i)
            i = n if j < 0 else j
        elif sql.startswith("/*", i):
            j = sql.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        else:
            out.append(c)
            i += 1
    return "".join(out)


_ORDER_BY_RE = re.compile(r"\bORDER\s+BY\b", re.I)


def has_outer_order_by(sql):
    """True if ORDER BY appears outside every pair of parentheses."""
    text = _strip_quoted(sql)
    depth = 0
    flat = []
    for c in text:
        if c == "(":
            depth += 1
            flat.append(" ")
        elif c == ")":
            depth = max(0, depth - 1)
            flat.append(" ")
        else:
            flat.append(c if depth == 0 else " ")
    return bool(_ORDER_BY_RE.search("".join(flat)))


def normalise(sql):
    """Whitespace-collapsed, lower-case form used for statement-prefix matching."""
    return re.sub(r"\s+", " ", sql.strip()).lower()
