// duck.mjs - the DuckDB side of bench/analytics/run.py: one in-process DuckDB, one thread.
// Reads a job (JSON on stdin: {dir, tables: {name: {ddl, csv}}, queries: [{name, sql}], runs}),
// loads each table from its tab-separated file, runs every query once to warm up and then
// `runs` times, and prints one JSON object: load time, and per query its rows and times (ms).
import { DuckDBInstance } from '@duckdb/node-api';

const job = JSON.parse(await new Promise((ok) => {
    let s = '';
    process.stdin.on('data', (d) => { s += d; });
    process.stdin.on('end', () => ok(s));
}));
const inst = await DuckDBInstance.create(':memory:', { threads: '1' });
const c = await inst.connect();
const out = { load_ms: 0, queries: {} };
let t0 = performance.now();
for (const [name, t] of Object.entries(job.tables)) {
    await c.run(t.ddl);
    await c.run(`INSERT INTO ${name} SELECT * FROM read_csv('${t.csv}', delim='\t', header=false, ` +
                `quote='', escape='', nullstr='\\N', columns=${t.columns})`);
}
out.load_ms = performance.now() - t0;
for (const q of job.queries) {
    const r = await c.runAndReadAll(q.sql);
    const rows = r.getRowsJson();
    const times = [];
    for (let i = 0; i < job.runs; i++) {
        t0 = performance.now();
        await c.runAndReadAll(q.sql);
        times.push(performance.now() - t0);
    }
    out.queries[q.name] = { rows, times };
}
process.stdout.write(JSON.stringify(out));
