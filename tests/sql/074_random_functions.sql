-- UUID(), SYS_GUID() and RAND() give random values on both servers: their form and
-- types are compared (tests/integration/test_random_sources.py checks that they are
-- random across connections and restarts)

-- metadata
SELECT LENGTH(UUID()), SUBSTR(UUID(), 15, 1), SUBSTR(UUID(), 20, 1) IN ('8', '9', 'a', 'b'), UUID() <> UUID();
SELECT UUID() REGEXP '^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';
SELECT SUBSTR(UUID(), 25) = SUBSTR(UUID(), 25), SUBSTR(UUID(), 20, 4) = SUBSTR(UUID(), 20, 4);
-- metadata
SELECT LENGTH(SYS_GUID()), SYS_GUID() REGEXP '^[0-9a-f]{32}$', SYS_GUID() <> SYS_GUID();
SELECT RAND() >= 0 AND RAND() < 1, RAND() <> RAND(), RAND(7), RAND(7) = RAND(7);
-- metadata
SELECT RAND(7), RAND(NULL);
-- metadata
-- skip-result
SELECT RAND();
CREATE TABLE r (id INT PRIMARY KEY, u CHAR(36));
INSERT INTO r VALUES (1, UUID()), (2, UUID()), (3, UUID());
SELECT COUNT(DISTINCT u), MIN(LENGTH(u)) FROM r;
-- skip-result
SELECT UUID(), SYS_GUID(), RAND();
