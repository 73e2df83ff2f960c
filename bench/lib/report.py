"""report.py - Markdown tables, JSON files and PNG charts for the WordPress benchmark."""

import json
import os

ENGINE_ORDER = ["mariadb", "pressdb", "pressdb-jit"]
LABEL = {"mariadb": "MariaDB", "pressdb": "pressdb --jit=off", "pressdb-jit": "pressdb --jit=on"}


def ms(v):
    if v is None:
        return "—"
    if v >= 100:
        return "%.0f ms" % v
    if v >= 10:
        return "%.1f ms" % v
    return "%.3f ms" % v


def mib(kib):
    return "—" if not kib else "%.0f MiB" % (kib / 1024.0)


def ratio_text(r):
    if not r:
        return "—"
    if r >= 1.0:
        return "%.2f× faster" % r
    return "%.2f× slower" % (1.0 / r)


def cell(d):
    """A pressdb timing cell: the median, or why there is none."""
    if d is None:
        return "—"
    if d.get("median_ms") is not None:
        v = ms(d["median_ms"]) + ("†" if d.get("capped") else "")
        return v if d.get("check") in ("ok", "reference") else "(%s)" % v
    if d.get("check") in ("absent",):
        return "absent"
    if d.get("check") in ("error", "not running"):
        return "failed"
    if d.get("timing_error"):
        return "failed"
    return "—"


def check_text(s):
    parts = []
    states = {}
    for name in ("pressdb", "pressdb-jit"):
        d = s["engines"].get(name)
        if d is None:
            continue
        key = (d.get("check"), d.get("detail"))
        states.setdefault(key, []).append(name)
    ref = s["engines"].get("mariadb", {})
    if not states:
        return ref.get("detail", "")
    for (check, detail), names in states.items():
        who = "" if len(states) == 1 else "%s: " % "/".join(LABEL[n] for n in names)
        detail = (detail or "").replace("|", "\\|").replace("\n", " ")
        if len(detail) > 180:
            detail = detail[:177] + "..."
        if check == "ok":
            parts.append("%s✔ %s" % (who, detail))
        elif check == "differs":
            parts.append("%s✘ differs: %s" % (who, detail))
        elif check == "absent":
            parts.append("%spressdb not run (MariaDB: %s)" % (who, ref.get("detail", "")))
        else:
            parts.append("%s✘ %s" % (who, detail))
    return "; ".join(parts)


def ratio_cell(s):
    d = s["engines"].get("pressdb-jit") or {}
    off = s["engines"].get("pressdb") or {}
    if d.get("ratio") and d.get("scored"):
        return ratio_text(d["ratio"])
    if d.get("ratio") and not d.get("scored"):
        return "not scored: result differs"
    if off.get("ratio") and off.get("scored"):
        return ratio_text(off["ratio"]) + " (--jit=off)"
    return "—"


def statement_table(run):
    rt = (run.get("select1_ms") or {}).get("pressdb-jit")
    out = ["| WordPress workload | MariaDB | pressdb --jit=off | pressdb --jit=on | pressdb (--jit=on run) vs MariaDB | "
           "round-trip bound | Result check |",
           "| --- | ---: | ---: | ---: | --- | ---: | --- |"]
    for s in run["statements"]:
        name = s["name"] + (" *(extra)*" if s.get("extra") else "")
        ref = (s["engines"].get("mariadb") or {}).get("median_ms")
        calls = 2 if s.get("found_rows") else 1   # (a FOUND_ROWS() round trip too)
        bound = "%.0f×" % (ref / (rt * calls)) if ref and rt else "—"
        out.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            name, cell(s["engines"].get("mariadb")), cell(s["engines"].get("pressdb")),
            cell(s["engines"].get("pressdb-jit")), ratio_cell(s), bound, check_text(s)))
    return out


def engine_table(run):
    out = ["| Engine | Status | Load time | Load errors | RSS after load | RSS after timing | Import check |",
           "| --- | --- | ---: | ---: | ---: | ---: | --- |"]
    for name in ENGINE_ORDER:
        e = run["engines"].get(name)
        if not e:
            continue
        ic = e.get("import_check") or {}
        bad = [t for t, r in ic.items() if not r.get("ok")]
        ict = "—" if not ic else ("%d tables, rows and contents match" % len(ic) if not bad else
                                  "mismatch: " + ", ".join("%s (%s)" % (t, ic[t].get("error", "%s rows" % ic[t].get("rows")))[:80] for t in bad[:3]))
        status = e.get("status", "")
        if e.get("error") and status != "ok":
            status += ": " + e["error"].splitlines()[0][:100]
        if e.get("note"):
            status += " (%s)" % e["note"]
        out.append("| %s | %s | %s | %s | %s | %s | %s |" % (
            LABEL[name] + (" " + e["version"] if e.get("version") and name == "mariadb" else ""),
            status.replace("|", "\\|"), "%.1f s" % e["load_s"] if e.get("load_s") is not None else "—",
            e.get("load_error_count", 0), mib(e.get("rss_after_load_kib")), mib(e.get("rss_after_timing_kib")),
            ict.replace("|", "\\|")))
    return out


def first_exec_table(run):
    out = ["| Statement | MariaDB first | pressdb first | pressdb --jit=on first | of it compiling (blocks) | pressdb --jit=on warm median |",
           "| --- | ---: | ---: | ---: | ---: | ---: |"]
    any_ = False
    for s in run["statements"]:
        row = [s["name"]]
        for name in ENGINE_ORDER:
            d = s["engines"].get(name) or {}
            if d.get("first_exec_ms") is not None:
                any_ = True
                v = ms(d["first_exec_ms"])
                if d.get("first_exec_check") not in (None, "ok"):
                    v += " (wrong result)"
                row.append(v)
            elif d.get("first_exec_error"):
                row.append("failed")
            else:
                row.append("—")
        fj = (s["engines"].get("pressdb-jit") or {}).get("first_exec_jit")
        row.append("%d µs (%d)" % (fj["compile_time_us"], fj["compiled_blocks"]) if fj else "—")
        row.append(cell(s["engines"].get("pressdb-jit")))
        out.append("| " + " | ".join(row) + " |")
    return out if any_ else []


def jit_lines(run):
    """What the JIT compiled during the timing, and how long a block took to compile."""
    j = (run["engines"].get("pressdb-jit") or {}).get("jit_after_timing")
    if not j:
        return []
    return ["JIT after the timing (pressdb --jit=on, SHOW GLOBAL STATUS): %d blocks compiled in %d µs, "
            "compile time per block p50 %d µs, p99 %d µs, max %d µs (the last 4,096 blocks); %d bytes of code "
            "held; %d compiled executions, %d fallbacks to the interpreter." % (
                j.get("compiled_blocks", 0), j.get("compile_time_us", 0), j.get("compile_time_p50_us", 0),
                j.get("compile_time_p99_us", 0), j.get("compile_time_max_us", 0), j.get("code_bytes", 0),
                j.get("executions", 0), j.get("fallbacks", 0))]


def growth_table(runs):
    if len(runs) < 2:
        return []
    head = "| Statement | " + " | ".join("%s %g×" % (LABEL[n], r["scale"]) for n in ENGINE_ORDER for r in runs) + " |"
    out = [head, "| --- |" + " ---: |" * (len(ENGINE_ORDER) * len(runs))]
    base = runs[0]
    for i, s in enumerate(base["statements"]):
        row = [s["name"]]
        for n in ENGINE_ORDER:
            for r in runs:
                ss = r["statements"][i] if i < len(r["statements"]) else {}
                row.append(cell((ss.get("engines") or {}).get(n)))
        out.append("| " + " | ".join(row) + " |")
    return out


def fixture_lines(run):
    f = run["fixture"]
    rows = f["rows"]
    b = f["body_bytes"]
    sm = f["search_article_matches"]
    return ["Fixture scale %g (seed %s, generator %s): %s. %d articles (bodies %d–%d bytes, median %g), "
            "%d revisions; search words over the articles: %s; dump %.1f MB in %d statements (largest %.0f KB); "
            "longest post_content %.0f KB." % (
                run["scale"], f.get("seed"), f.get("generator"),
                ", ".join("%s %s" % (t, "{:,}".format(n)) for t, n in rows.items() if n),
                f["articles"], b["min"], b["max"], b["median"], f["revisions"],
                ", ".join("%s %d" % (w, n) for w, n in sm.items()), f["dump_bytes"] / 1e6, f["statements"],
                f["largest_statement_bytes"] / 1e3, f["longest_post_content_bytes"] / 1e3)] + ngram_lines(run)


def ngram_lines(run):
    if not run.get("ngram"):
        return []
    p = run["engines"].get("pressdb") or {}
    out = ["", "With n-gram keys (`--ngram`): after the import every server ran `ALTER TABLE wp_posts ADD KEY "
           "ngram_title (post_title(3)) COMMENT 'ngram', ...` over title, excerpt and content (MariaDB keeps "
           "them as 3-character prefix keys)."]
    if p.get("ngram_bytes") is not None:
        out.append("pressdb's trigrams: %.1f MB (Ngram_bytes), built in the background in %s s after the ALTER "
                   "(until then a LIKE matched every row)." % (p["ngram_bytes"] / 1e6, p.get("ngram_build_s", "?")))
    return out


def micro_table(run):
    rows = []
    for name in ENGINE_ORDER:
        e = run["engines"].get(name) or {}
        m = e.get("micro")
        if not m:
            continue
        lat = m.get("select1_latency", {})
        qps = m.get("select1_qps", [])
        cr = m.get("commit_rate", [])
        rows.append((name, lat, qps, cr))
    if not rows:
        return []
    conns = sorted({q["connections"] for _, _, qps, _ in rows if isinstance(qps, list) for q in qps})
    cconns = sorted({q["connections"] for _, _, _, cr in rows if isinstance(cr, list) for q in cr})
    out = ["| Engine | SELECT 1 p50 | p99 | " + " | ".join("QPS, %d conn." % c for c in conns) + " | " +
           " | ".join("commits/s, %d conn." % c for c in cconns) + " |",
           "| --- | ---: | ---: |" + " ---: |" * (len(conns) + len(cconns))]
    for name, lat, qps, cr in rows:
        line = [LABEL[name]]
        if "error" in lat:
            line += ["failed", "failed"]
        else:
            line += ["%.1f µs" % lat["p50_us"], "%.1f µs" % lat["p99_us"]]
        qd = {q["connections"]: q for q in qps} if isinstance(qps, list) else {}
        for c in conns:
            q = qd.get(c)
            line.append("failed" if not q or q.get("errors") else "{:,}".format(q["qps"]))
        cd = {q["connections"]: q for q in cr} if isinstance(cr, list) else {}
        for c in cconns:
            q = cd.get(c)
            line.append("failed" if not q or q.get("errors") else "{:,}".format(q["commits_per_s"]))
        out.append("| " + " | ".join(line) + " |")
    return out


def markdown(result):
    m = result["machine"]
    meth = result["method"]
    L = ["# WordPress benchmark: pressdb vs MariaDB", ""]
    if result.get("aborted"):
        L += ["**Run aborted:** `%s`" % result["aborted"].strip().splitlines()[-1], ""]
    L += ["Mode `%s`, %s. Machine: %s. %s. pressdb revision %s." % (
        result["mode"], m.get("date"), m.get("cpu") and "%s, %s logical CPUs, %s GiB RAM, %s" % (
            m["cpu"], m["logical_cpus"], m["memory_gib"], m["os"]) or "unknown",
        m.get("mariadb", "MariaDB ?"), m.get("pressdb_revision") or "?"), ""]
    L += ["Method: %s; %d warm-up executions, then %d batches of %d; figure = median of the batch means "
          "(ms per statement, including `SELECT FOUND_ROWS()` where the statement uses SQL_CALC_FOUND_ROWS); "
          "engines interleaved batch by batch. The JIT (engine/jit/) compiles scans and index lookups with "
          "their integer and string conditions, two-table joins by an integer key and grouped aggregates "
          "(ARCHITECTURE.md, The JIT); the --jit=off column interprets everything. Ratio = MariaDB / the "
          "--jit=on run, only where the complete "
          "result (columns, rows, order, FOUND_ROWS) matches MariaDB's; a value in parentheses was timed "
          "although its result differs (diagnostic only). Round-trip bound: MariaDB's time over the --jit=on "
          "server's `SELECT 1` on the same kind of connection (twice with FOUND_ROWS()), timed the same way: "
          "no ratio can pass it." % (
              meth["client"], meth["warmup"], meth["batches"], meth["batch"]), ""]
    for run in result["runs"]:
        L += ["## Scale %g (%s)" % (run["scale"], "seed method" if run["role"] == "main" else
                                     "growth: warm-up %s, %s batches, %s per batch" % (
                                         run["method"]["warmup"], run["method"]["batches"], run["method"]["batch"])), ""]
        L += fixture_lines(run) + [""]
        L += statement_table(run) + [""]
        capped = [(s["name"], n, d) for s in run["statements"] for n, d in s["engines"].items() if d.get("capped")]
        if capped:
            L += ["† time cap (%s s per statement and engine): %s." % (
                result["method"].get("cap_s"), "; ".join("%s on %s: %d batches of %d" % (
                    nm, LABEL[n], d.get("batches", 0), d.get("batch_size", 0)) for nm, n, d in capped)), ""]
        warn = [s for s in run["statements"] if s.get("fixture_warning")]
        for s in warn:
            L += ["Fixture warning for %s: %s" % (s["id"], s["fixture_warning"]), ""]
        jl = jit_lines(run)
        if jl:
            L += jl + [""]
        L += ["### Load and memory", ""] + engine_table(run) + [""]
        fe = first_exec_table(run)
        if fe:
            L += ["### First execution after a restart of the server", "",
                  "Each statement ran once on a new connection right after its server was restarted "
                  "(data directory, persisted state and the OS page cache kept; MariaDB after its "
                  "buffer-pool load finished). Server start-up time is not included.", ""] + fe + [""]
        mt = micro_table(run)
        if mt:
            L += ["### Protocol micro-benchmarks", "",
                  "`SELECT 1` latency over 20,000 round trips on one connection (quick mode: 2,000); "
                  "QPS with N client processes each on its own connection; autocommit single-row INSERTs "
                  "per second (MariaDB: innodb_flush_log_at_trx_commit=1, durable). Client and servers "
                  "share the machine's CPUs.", ""] + mt + [""]
    gt = growth_table(result["runs"])
    if gt:
        L += ["## How cost grows with the fixture", ""] + gt + [""]
    return "\n".join(L) + "\n"


def make_charts(result, outdir, log=print):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        log("matplotlib missing (apt-get install python3-matplotlib): no charts")
        return []
    paths = []
    colors = {"mariadb": "#3b6ea8", "pressdb": "#e39b3b", "pressdb-jit": "#c2452d"}
    main = result["runs"][0] if result["runs"] else None
    if main:
        names = [s["name"] for s in main["statements"]]
        fig, ax = plt.subplots(figsize=(10, 0.55 * len(names) + 1.5))
        present = [e for e in ENGINE_ORDER
                   if any((s["engines"].get(e) or {}).get("median_ms") for s in main["statements"])]
        h = 0.8 / max(1, len(present))
        plotted = False
        for k, eng in enumerate(present):
            ys, xs, hatch = [], [], []
            for i, s in enumerate(main["statements"]):
                d = s["engines"].get(eng) or {}
                if d.get("median_ms"):
                    ys.append(i + (k - (len(present) - 1) / 2.0) * h)
                    xs.append(d["median_ms"])
                    hatch.append(d.get("check") not in ("ok", "reference"))
            if xs:
                plotted = True
                bars = ax.barh(ys, xs, height=h, color=colors[eng], label=LABEL[eng])
                for b, hh in zip(bars, hatch):
                    if hh:
                        b.set_hatch("//")
                        b.set_alpha(0.5)
        if plotted:
            ax.set_yticks(range(len(names)))
            ax.set_yticklabels(names, fontsize=8)
            ax.invert_yaxis()
            ax.set_xscale("log")
            ax.set_xlabel("median of batch means, ms (log scale; lower is better; hatched: result differs)")
            ax.set_title("WordPress statements, scale %g" % main["scale"])
            ax.legend(fontsize=8, loc="upper right")
            fig.tight_layout()
            p = os.path.join(outdir, "wordpress.png")
            fig.savefig(p, dpi=110)
            paths.append(p)
        plt.close(fig)
    if len(result["runs"]) >= 2:
        runs = result["runs"]
        names = [s["name"] for s in runs[0]["statements"]]
        fig, ax = plt.subplots(figsize=(10, 0.55 * len(names) + 1.5))
        plotted = False
        present = [e for e in ENGINE_ORDER if any((s["engines"].get(e) or {}).get("median_ms")
                                                  for r in runs for s in r["statements"])]
        slots = max(1, len(present) * len(runs))
        hh = 0.8 / slots
        for k, eng in enumerate(present):
            for j, r in enumerate(runs):
                ys, xs = [], []
                for i, s in enumerate(r["statements"]):
                    d = s["engines"].get(eng) or {}
                    if d.get("median_ms"):
                        ys.append(i + (k * len(runs) + j - (slots - 1) / 2.0) * hh)
                        xs.append(d["median_ms"])
                if xs:
                    plotted = True
                    ax.barh(ys, xs, height=hh, color=colors[eng], alpha=0.45 + 0.55 * j / max(1, len(runs) - 1),
                            label="%s, scale %g" % (LABEL[eng], r["scale"]))
        if plotted:
            ax.set_yticks(range(len(names)))
            ax.set_yticklabels(names, fontsize=8)
            ax.invert_yaxis()
            ax.set_xscale("log")
            ax.set_xlabel("median ms (log scale)")
            ax.set_title("Cost growth with the fixture size")
            ax.legend(fontsize=7, loc="upper right")
            fig.tight_layout()
            p = os.path.join(outdir, "wordpress-scale.png")
            fig.savefig(p, dpi=110)
            paths.append(p)
        plt.close(fig)
    if main:
        fig, ax = plt.subplots(figsize=(7, 4))
        plotted = False
        for eng in ENGINE_ORDER:
            m = (main["engines"].get(eng) or {}).get("micro") or {}
            q = m.get("select1_qps")
            if isinstance(q, list) and q:
                xs = [x["connections"] for x in q if not x.get("errors")]
                ys = [x["qps"] for x in q if not x.get("errors")]
                if xs:
                    plotted = True
                    ax.plot(xs, ys, marker="o", color=colors[eng], label=LABEL[eng])
        if plotted:
            ax.set_xlabel("client connections (one process each)")
            ax.set_ylabel("SELECT 1 per second")
            ax.set_xscale("log", base=2)
            ax.set_title("SELECT 1 throughput")
            ax.legend(fontsize=8)
            fig.tight_layout()
            p = os.path.join(outdir, "select1.png")
            fig.savefig(p, dpi=110)
            paths.append(p)
        plt.close(fig)
    return paths


def micro_json(result):
    out = dict(suite="micro", machine=result["machine"], engines={})
    for run in result["runs"]:
        for name, e in run["engines"].items():
            if e.get("micro"):
                out["engines"][name] = dict(version=e.get("version"), scale=run["scale"], **e["micro"])
    return out if out["engines"] else None


def write_all(result, outdir, charts=True, log=print):
    os.makedirs(outdir, exist_ok=True)
    paths = []
    p = os.path.join(outdir, "wordpress.json")
    with open(p, "w") as f:
        json.dump(result, f, indent=1, ensure_ascii=False)
    paths.append(p)
    p = os.path.join(outdir, "wordpress.md")
    with open(p, "w") as f:
        f.write(markdown(result))
    paths.append(p)
    mj = micro_json(result)
    if mj:
        p = os.path.join(outdir, "micro.json")
        with open(p, "w") as f:
            json.dump(mj, f, indent=1, ensure_ascii=False)
        paths.append(p)
    if charts:
        paths += make_charts(result, outdir, log=log)
    return paths
