<?php
// pdo.php - runs statements through PHP PDO, with prepared statements emulated (the text
// protocol) or native (COM_STMT_PREPARE once, COM_STMT_EXECUTE per run); driven by run.py.
// stdin: {"host", "port", "db", "emulate", "warmup", "runs", "stmts": [{"name", "sql",
// "params": [[value, "i"|"s"], ...], "found_rows": bool}]}. stdout: one JSON object per
// statement: name, median and all timings in microseconds, a sha1 of the rows (and of
// FOUND_ROWS() when asked), the row count, or the error.
$in = json_decode(stream_get_contents(STDIN), true);
$pdo = new PDO("mysql:host={$in['host']};port={$in['port']};dbname={$in['db']};charset=utf8mb4",
               'root', '', [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
                            PDO::ATTR_EMULATE_PREPARES => (bool)$in['emulate'],
                            PDO::ATTR_STRINGIFY_FETCHES => true]);
// as WordPress connects
$pdo->exec("SET NAMES 'utf8mb4' COLLATE 'utf8mb4_unicode_520_ci'");
$pdo->exec("SET SESSION sql_mode='ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION'");
$out = [];
foreach ($in['stmts'] as $s) {
    try {
        $st = $pdo->prepare($s['sql']);
        $times = [];
        $sha = ''; $n = 0;
        for ($k = 0; $k < $in['warmup'] + $in['runs']; $k++) {
            $t0 = hrtime(true);
            foreach ($s['params'] as $i => [$v, $t])
                $st->bindValue($i + 1, $v, $t === 'i' ? PDO::PARAM_INT : PDO::PARAM_STR);
            $st->execute();
            $rows = $st->fetchAll(PDO::FETCH_NUM);
            $st->closeCursor();
            $found = $s['found_rows'] ? $pdo->query('SELECT FOUND_ROWS()')->fetchColumn() : null;
            $dt = (hrtime(true) - $t0) / 1000.0;
            if ($k >= $in['warmup']) $times[] = $dt;
            $sha = sha1(json_encode([$rows, $found]));
            $n = count($rows);
        }
        sort($times);
        $out[] = ['name' => $s['name'], 'median_us' => $times[intdiv(count($times), 2)],
                  'times_us' => $times, 'sha1' => $sha, 'rows' => $n];
    } catch (Throwable $e) {
        $out[] = ['name' => $s['name'], 'error' => $e->getMessage()];
    }
}
echo json_encode($out), "\n";
