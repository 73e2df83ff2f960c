-- The result types of JSON_VALUE, JSON_QUERY, JSON_KEYS, JSON_UNQUOTE and JSON_EXTRACT
-- follow the document's: VARCHAR or a BLOB type by its size (TEXT documents make MEDIUM
-- and LONG BLOBs, not a wrapped VARCHAR(8)), in its character set (latin1 too), and
-- JSON_EXTRACT grows with its paths (json.c ty_json_default, from MariaDB's rules).
-- tests/run.py --strict-metadata compares the lengths too.
CREATE TABLE jm (v10 VARCHAR(10), v100 VARCHAR(100), v20k VARCHAR(16000), tt TINYTEXT, t TEXT, m MEDIUMTEXT,
  l LONGTEXT, j JSON, lv VARCHAR(100) CHARACTER SET latin1, lt TEXT CHARACTER SET latin1);
INSERT INTO jm VALUES ('{"a":1}', '{"a":[1,2]}', '{"a":"x"}', '{"a":{"b":2}}', '{"a":null}', '{"b":1}',
  '{"a":"long"}', '{"a":true}', '{"a":"é"}', '{"a":1.5}');
SELECT JSON_VALUE(v10, '$.a'), JSON_VALUE(v100, '$.a'), JSON_VALUE(v20k, '$.a'), JSON_VALUE(tt, '$.a'), JSON_VALUE(t, '$.a'), JSON_VALUE(m, '$.a'), JSON_VALUE(l, '$.a'), JSON_VALUE(j, '$.a'), JSON_VALUE(lv, '$.a'), JSON_VALUE(lt, '$.a'), JSON_VALUE('{"a":3}', '$.a') FROM jm;
SELECT JSON_QUERY(v10, '$'), JSON_QUERY(v100, '$'), JSON_QUERY(v20k, '$'), JSON_QUERY(tt, '$'), JSON_QUERY(t, '$'), JSON_QUERY(m, '$'), JSON_QUERY(l, '$'), JSON_QUERY(j, '$'), JSON_QUERY(lv, '$'), JSON_QUERY(lt, '$'), JSON_QUERY('{"a":3}', '$') FROM jm;
SELECT JSON_KEYS(v10), JSON_KEYS(v100), JSON_KEYS(v20k), JSON_KEYS(tt), JSON_KEYS(t), JSON_KEYS(m), JSON_KEYS(l), JSON_KEYS(j), JSON_KEYS(lv), JSON_KEYS(lt), JSON_KEYS('{"a":3}') FROM jm;
SELECT JSON_UNQUOTE(v10), JSON_UNQUOTE(v100), JSON_UNQUOTE(v20k), JSON_UNQUOTE(tt), JSON_UNQUOTE(t), JSON_UNQUOTE(m), JSON_UNQUOTE(l), JSON_UNQUOTE(j), JSON_UNQUOTE(lv), JSON_UNQUOTE(lt), JSON_UNQUOTE('{"a":3}') FROM jm;
SELECT JSON_EXTRACT(v10, '$.a'), JSON_EXTRACT(v100, '$.a'), JSON_EXTRACT(v20k, '$.a'), JSON_EXTRACT(tt, '$.a'), JSON_EXTRACT(t, '$.a'), JSON_EXTRACT(m, '$.a'), JSON_EXTRACT(l, '$.a'), JSON_EXTRACT(j, '$.a'), JSON_EXTRACT(lv, '$.a'), JSON_EXTRACT(lt, '$.a'), JSON_EXTRACT('{"a":3}', '$.a') FROM jm;
SELECT JSON_EXTRACT(v10, '$.a', '$.b'), JSON_EXTRACT(v100, '$.a', '$.b'), JSON_EXTRACT(v20k, '$.a', '$.b'), JSON_EXTRACT(tt, '$.a', '$.b'), JSON_EXTRACT(t, '$.a', '$.b'), JSON_EXTRACT(m, '$.a', '$.b'), JSON_EXTRACT(l, '$.a', '$.b'), JSON_EXTRACT(j, '$.a', '$.b'), JSON_EXTRACT(lv, '$.a', '$.b'), JSON_EXTRACT(lt, '$.a', '$.b'), JSON_EXTRACT('{"a":3}', '$.a', '$.b') FROM jm;
SELECT JSON_EXTRACT(v10, '$.a', '$.b', '$.c'), JSON_EXTRACT(v100, '$.a', '$.b', '$.c'), JSON_EXTRACT(v20k, '$.a', '$.b', '$.c'), JSON_EXTRACT(tt, '$.a', '$.b', '$.c'), JSON_EXTRACT(t, '$.a', '$.b', '$.c'), JSON_EXTRACT(m, '$.a', '$.b', '$.c'), JSON_EXTRACT(l, '$.a', '$.b', '$.c'), JSON_EXTRACT(j, '$.a', '$.b', '$.c'), JSON_EXTRACT(lv, '$.a', '$.b', '$.c'), JSON_EXTRACT(lt, '$.a', '$.b', '$.c'), JSON_EXTRACT('{"a":3}', '$.a', '$.b', '$.c') FROM jm;

SELECT JSON_UNQUOTE('"a"') = 'A', JSON_UNQUOTE('"x"') = 'x', JSON_VALUE('{"a":true}', '$.a'), JSON_VALUE('{"a":false}', '$.a'), JSON_VALUE('{"a":"true"}', '$.a');
DROP TABLE jm;
