-- Which collation a function of several strings takes when one of them is binary
-- (DTCollation::aggregate): binary wins unless the other side's derivation is stronger,
-- so a binary literal gives way to a column or a CAST.
CREATE TABLE j (t TEXT, v VARCHAR(10) COLLATE utf8mb4_bin, vb VARBINARY(8), c CHAR(3) CHARACTER SET latin1) DEFAULT CHARSET = utf8mb4;
INSERT INTO j VALUES ('a', 'b', 'f', 'd');
SELECT CHARSET(CONCAT(t, _binary'x')), CHARSET(CONCAT('a', _binary'x')), CHARSET(CONCAT(t, CAST('x' AS BINARY))) FROM j;
SELECT CHARSET(CONCAT(t, vb)), CHARSET(CONCAT(HEX(1), _binary'x')), CHARSET(CONCAT(v, _binary'x')) FROM j;
SELECT COLLATION(CONCAT(v, _binary'x')), COLLATION(CONCAT(c, _binary'x')), CONCAT(c, _binary'x') FROM j;
SET NAMES binary;
SELECT CHARSET(CONCAT(c, 'x')), CHARSET(CONCAT('x', 'y')) FROM j;
SET NAMES utf8mb4;
SELECT CHARSET(CONCAT_WS(',', t, _binary'x')), CHARSET(IFNULL(t, _binary'x')) FROM j;
