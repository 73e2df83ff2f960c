-- max_recursive_iterations (a SELECT gets the rows so far and warning 1931, an INSERT in
-- strict mode the error), and comparisons of two COLLATE clauses that disagree (1267).
select @@max_recursive_iterations;
with recursive r(n) as (select 1 union all select n+1 from r where n < 1005) select count(*), max(n) from r;
with recursive r(n) as (select 1 union all select n+1 from r where n < 1000) select count(*), max(n) from r;
set session max_recursive_iterations = 5000;
with recursive r(n) as (select 1 union all select n+1 from r where n < 1005) select count(*), max(n) from r;
set session max_recursive_iterations = 10;
create table rc (n int);
insert into rc with recursive r(n) as (select 1 union all select n+1 from r where n < 20) select n from r;
select count(*) from rc;
set session sql_mode = '';
insert into rc with recursive r(n) as (select 1 union all select n+1 from r where n < 20) select n from r;
select count(*) from rc;
set names utf8mb4;
select 'a' collate utf8mb4_bin = 'A' collate utf8mb4_general_ci;
select 'a' collate utf8mb4_general_ci < 'B' collate utf8mb4_unicode_ci;
select 'a' collate utf8mb4_general_ci = 'A' collate utf8mb4_general_ci;
select 'a' collate utf8mb4_bin = 'A';
