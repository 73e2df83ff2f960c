-- A YEAR column where a date is read (the date and time functions, CAST AS DATE,
-- DATETIME or TIME) is its zero date 'YYYY-00-00', as MariaDB's Field_year::get_date;
-- as a number (MAKEDATE, arithmetic) it stays the year. CONVERT_TZ of a date with a
-- zero month or day is NULL with a warning.
CREATE TABLE yd (id INT PRIMARY KEY, y YEAR);
INSERT INTO yd VALUES (1, 2024), (2, 1999), (3, NULL), (4, 1970), (5, 0);
SELECT id, YEAR(y), MONTH(y), DAY(y), QUARTER(y), DATE(y), TIME(y), TIMESTAMP(y), TIME_TO_SEC(y), HOUR(y), MINUTE(y), SECOND(y) FROM yd ORDER BY id;
SELECT id, DATE_FORMAT(y, '%Y-%m-%d'), EXTRACT(YEAR FROM y), CAST(y AS DATE), CAST(y AS DATETIME(2)), CAST(y AS TIME), MAKEDATE(y, 1), y + 1, TO_DAYS(y), LAST_DAY(y) FROM yd ORDER BY id;
SELECT id, CONVERT_TZ(y, '+00:00', '+01:00'), DATEDIFF(y, '2024-01-01'), DAYNAME(y) FROM yd ORDER BY id;
SELECT CONVERT_TZ('2024-00-00', '+00:00', '+01:00'), CONVERT_TZ('2024-05-00 10:00:00', '+00:00', '+01:00'), CONVERT_TZ('2024-05-01 10:00:00', '+00:00', '+01:00');
DROP TABLE yd;
