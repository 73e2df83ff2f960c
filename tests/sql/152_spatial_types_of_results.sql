-- The spatial type of an expression, as CREATE TABLE ... SELECT makes a column of it: a
-- constructor's own (POINT(), LINESTRING() ...), POINT of a centroid, POLYGON of an envelope,
-- GEOMETRY of the other functions; IF, IFNULL, COALESCE, CASE, GREATEST and UNION of one
-- kind keep it, of several give GEOMETRY, and always allow NULL.
CREATE TABLE g1 (id INT PRIMARY KEY, p POINT NOT NULL, g GEOMETRY, l LINESTRING, s POLYGON, mp MULTIPOINT, gc GEOMETRYCOLLECTION);
INSERT INTO g1 VALUES (1, POINT(1, 2), POINT(3, 4), LINESTRING(POINT(0, 0), POINT(1, 1)), ST_GeomFromText('POLYGON((0 0,2 0,2 2,0 0))'), MULTIPOINT(POINT(1, 1)), GEOMETRYCOLLECTION(POINT(1, 1)));
CREATE TABLE g2 AS SELECT * FROM g1;
SHOW CREATE TABLE g2;
CREATE TABLE g3 AS SELECT p, ST_GeomFromText('POINT(1 1)') c, POINT(1, 2) d, IFNULL(g, p) e, COALESCE(l, l) f, IF(id, p, l) h, CASE WHEN id THEN p ELSE p END i, GREATEST(p, p) j, NULLIF(p, p) k FROM g1;
SHOW CREATE TABLE g3;
CREATE TABLE g4 AS SELECT p FROM g1 UNION SELECT g FROM g1;
SHOW CREATE TABLE g4;
CREATE TABLE g5 AS SELECT p FROM g1 UNION SELECT p FROM g1 UNION ALL SELECT NULL;
SHOW CREATE TABLE g5;
CREATE TABLE g6 AS SELECT * FROM (SELECT p, l FROM g1) d;
SHOW CREATE TABLE g6;
CREATE TABLE g7 AS SELECT ST_Centroid(s) a, ST_Envelope(l) b, ST_StartPoint(l) c, ST_PointN(l, 1) d, ST_ExteriorRing(s) e, ST_GeometryN(g, 1) f, LINESTRING(p, p) m, POLYGON(ST_ExteriorRing(s)) n, MULTIPOINT(p) o, MULTILINESTRING(l) q, MULTIPOLYGON(s) r, GEOMETRYCOLLECTION(p) t, ST_PointFromText('POINT(1 1)') u, ST_GeomFromGeoJSON('{"type":"Point","coordinates":[1,2]}') v, ST_ConvexHull(mp) w, ST_Boundary(s) x FROM g1;
SHOW CREATE TABLE g7;
SELECT ST_AsText(a), ST_AsText(b), ST_AsText(m), ST_AsText(t) FROM g7;
INSERT INTO g3 (p, d) VALUES (POINT(5, 5), LINESTRING(POINT(0, 0), POINT(1, 1)));
SELECT ST_AsText(e), ST_AsText(h), ST_AsText(i) FROM g3;
DROP TABLE g1, g2, g3, g4, g5, g6, g7;
