--# Broken or unsupported statements for tests/front_end_errors_test.ts.
--#
--# Format: one statement per record; records are separated by a line that is exactly
--# `-- next`. Lines starting with `--#` are notes for readers and are dropped. Everything
--# else is the statement, sent verbatim (only the whitespace around a record is trimmed),
--# so ordinary `--` and `/* */` comments inside a record are part of the SQL.
--#
--# The statements run against tests/corpus/schema.sql on a read-only connection. The file
--# holds only SQL: the expected result code and message come from node:sqlite at test time
--# (the error of prepare, else the error of running the statement), and the test checks
--# that every record does fail in SQLite and that there are at least 300 of them.
--#
--# ---- Syntax errors: misspelled and misplaced keywords
SELEC 1
-- next
SELCT * FROM users
-- next
SELECT * FRM users
-- next
FROM users SELECT *
-- next
SELECT * FROM users users users
-- next
SELECT * FROM users u v
-- next
SELECT 1 WHERE 1 FROM users
-- next
SELECT 1 FROM users WHERE id = 1 WHERE 2
-- next
SELECT * FROM users GROUP id
-- next
SELECT * FROM users ORDER id
-- next
SELECT DISTINCT ON (x) x FROM nums
-- next
SELECT TOP 1 * FROM users
-- next
SELECT * FROM users FETCH FIRST 1 ROWS ONLY
-- next
SELECT * FROM users LIMIT 1, 2, 3
-- next
SELECT * INTO copy FROM users
-- next
SELECT * FROM users FOR UPDATE
-- next
SELECT 1 2
-- next
SELECT 1 AS 2
-- next
SELECT 1 AS NULL
-- next
SELECT 1 AS SELECT
-- next
SELECT ALL DISTINCT 1
-- next
SELECT , 1
-- next
SELECT 1,, 2
-- next
SELECT * * FROM users
-- next
SELECT users.* .* FROM users
-- next
SELECT users. FROM users
-- next
SELECT .name FROM users
-- next
SELECT 1 = = 2
-- next
SELECT 1 * * 2
-- next
SELECT 1 & & 2
-- next
SELECT 1 ! 2
-- next
SELECT 1 ^ 2
-- next
SELECT 1 ORDER BY 1 UNION SELECT 2
-- next
SELECT 1 LIMIT 1 UNION SELECT 2
-- next
SELECT 1 UNION ALL ALL SELECT 2
-- next
SELECT 1 INTERSECT ALL SELECT 1
-- next
SELECT 1 EXCEPT ALL SELECT 1
-- next
SELECT 1 UNION DISTINCT SELECT 2
-- next
SELECT 1 FROM ()
-- next
SELECT * FROM users INDEXED users_name
-- next
SELECT * FROM users NOT INDEXED BY users_name
-- next
SELECT x FROM nums ORDER BY x DESC ASC
-- next
SELECT x FROM nums ORDER BY x NULLS FIRST LAST
-- next
SELECT count(*) FILTER (x > 1) FROM nums
-- next
SELECT count(*) FILTER WHERE x > 1 FROM nums
-- next
SELECT count(*) OVER (PARTITION x) FROM nums
-- next
SELECT count(*) OVER (ROWS 1 FOLLOWING AND 2) FROM nums
-- next
SELECT count(*) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING) FROM nums
-- next
SELECT count(*) OVER (ORDER BY x EXCLUDE NOTHING) FROM nums
-- next
SELECT count(DISTINCT *) FROM nums
-- next
SELECT count(*, 1) FROM nums
-- next
SELECT abs(1,) FROM nums
-- next
SELECT abs(,1)
-- next
SELECT CAST 1 AS INT
-- next
SELECT CAST(1)
-- next
SELECT CAST(1 AS 2)
-- next
SELECT CASE END
-- next
SELECT CASE 1 END
-- next
SELECT CASE WHEN 1 END
-- next
SELECT CASE WHEN THEN 1 END
-- next
SELECT 1 ESCAPE 'x'
-- next
SELECT x FROM nums WHERE x IS DISTINCT y
-- next
SELECT x FROM nums WHERE x BETWEEN 1 OR 2
-- next
SELECT x FROM nums WHERE x IN 1, 2
-- next
SELECT x FROM nums WHERE id = 1 OR OR 2
-- next
SELECT -> 1
-- next
SELECT x::int FROM nums
-- next
SELECT * FROM users JOIN orders ON 1 ON 2
-- next
SELECT * FROM users JOIN JOIN orders
-- next
SELECT * FROM users JOIN orders USING ()
-- next
SELECT * FROM users JOIN orders USING id
-- next
SELECT * FROM users, JOIN orders
-- next
WITH c AS SELECT 1 SELECT * FROM c
-- next
WITH c(a AS (SELECT 1) SELECT * FROM c
-- next
WITH RECURSIVE AS (SELECT 1) SELECT 1
-- next
WITH c AS (SELECT 1) c2 AS (SELECT 2) SELECT 1
-- next
WITH c AS MATERIALIZED NOT (SELECT 1) SELECT * FROM c
-- next
VALUES ()
-- next
VALUES 1
-- next
VALUES (1) ORDER BY 1
-- next
VALUES (1) LIMIT 1
-- next
VALUES (1)(2)
-- next
SELECT 1 OVER ()
-- next
SELECT 1 FROM nums WINDOW w
-- next
SELECT 1 FROM nums WINDOW w AS ORDER BY x
-- next
SELECT 1 FROM nums WINDOW AS (ORDER BY x)
-- next
SELECT x FROM nums GROUP BY x HAVING
-- next
PRAGMA
-- next
PRAGMA user_version = = 3
-- next
PRAGMA table_info(
-- next
EXPLAIN QUERY SELECT 1
-- next
EXPLAIN PLAN SELECT 1
-- next
SAVEPOINT
-- next
BEGIN TRANSACTION TRANSACTION
-- next
CREATE
-- next
CREATE TABLE
-- next
CREATE TABLE t2
-- next
CREATE TABLE t2()
-- next
DROP
-- next
DROP TABLE
-- next
INSERT INTO
-- next
INSERT users VALUES (1)
-- next
UPDATE users
-- next
UPDATE users SET
-- next
DELETE users
-- next
ALTER TABLE users
-- next
ATTACH
-- next
SELECT nosuch; SELECT 1
-- next
SELECT 1 FROM users WHERE; SELECT 2
-- next
GARBAGE
-- next
(SELECT 1)
-- next
SELECT 1 FROM (SELECT 1) AS
-- next
--# ---- incomplete input
SELECT
-- next
SELECT 1 +
-- next
SELECT * FROM
-- next
SELECT * FROM users WHERE
-- next
SELECT * FROM users WHERE id =
-- next
SELECT (1
-- next
SELECT 1,
-- next
SELECT * FROM users ORDER BY
-- next
SELECT * FROM users LIMIT
-- next
SELECT * FROM users LIMIT 1 OFFSET
-- next
SELECT 1 FROM users u JOIN
-- next
SELECT 1 FROM users JOIN orders ON
-- next
SELECT 1 FROM users JOIN orders USING
-- next
SELECT CASE WHEN 1 THEN 2
-- next
SELECT CAST(1 AS
-- next
SELECT 1 BETWEEN 2
-- next
SELECT 1 IN
-- next
SELECT 1 IN (
-- next
SELECT 1 LIKE
-- next
SELECT NOT
-- next
SELECT 1 COLLATE
-- next
SELECT count(
-- next
SELECT count(*
-- next
SELECT 1 AS
-- next
SELECT DISTINCT
-- next
SELECT 1 UNION
-- next
SELECT 1 UNION SELECT
-- next
SELECT 1 FROM (SELECT 1
-- next
SELECT 1 FROM users AS
-- next
WITH
-- next
WITH c AS
-- next
WITH c AS (SELECT 1)
-- next
VALUES
-- next
VALUES (1
-- next
VALUES (1),
-- next
SELECT count(*) OVER (
-- next
SELECT 1 FROM nums WINDOW w AS
-- next
SELECT x FROM nums ORDER BY x NULLS
-- next
SELECT 1 ->
-- next
SELECT 1 -- a comment, then nothing
  +
-- next
SELECT /* nothing after this comment */
-- next
EXPLAIN
-- next
EXPLAIN QUERY PLAN
-- next
SELECT 1 FROM users WHERE id IS NOT
-- next
SELECT x FROM nums WHERE x NOT BETWEEN 1
-- next
SELECT 1 == 
-- next
SELECT ~
-- next
--# ---- unrecognized token
SELECT 'unterminated
-- next
SELECT "unterminated
-- next
SELECT [unterminated
-- next
SELECT `unterminated
-- next
SELECT x'ABC'
-- next
SELECT x'GG'
-- next
SELECT X'1'
-- next
SELECT 1e
-- next
SELECT 1e+
-- next
SELECT 0x
-- next
SELECT 0xG
-- next
SELECT 1_
-- next
SELECT 1__0
-- next
SELECT 1a
-- next
SELECT 12abc
-- next
SELECT 1.2.3
-- next
SELECT 1.5e3x
-- next
SELECT #
-- next
SELECT $
-- next
SELECT 1 FROM users WHERE name = 'a' || 'b
-- next
SELECT :
-- next
SELECT @
-- next
--# ---- parameters and literals
SELECT ?0
-- next
SELECT ?32767
-- next
SELECT ?99999999999999999999
-- next
SELECT * FROM users WHERE id = ?33000
-- next
SELECT 0x10000000000000000
-- next
SELECT -0x1FFFFFFFFFFFFFFFF
-- next
SELECT -0x8000000000000000
-- next
SELECT - 0X8000000000000000 AS a
-- next
SELECT -(-(0x8000000000000000))
-- next
--# ---- unknown tables
SELECT * FROM nosuch
-- next
SELECT * FROM main.nosuch
-- next
SELECT * FROM temp.nosuch
-- next
SELECT * FROM nosuchdb.users
-- next
SELECT * FROM "Users Table"
-- next
SELECT * FROM [mixed case ]
-- next
SELECT * FROM "weird"."name"
-- next
SELECT * FROM weird.name
-- next
SELECT * FROM constructor
-- next
SELECT * FROM valueOf
-- next
SELECT * FROM "__PROTO__ "
-- next
SELECT * FROM sqlite_nosuch
-- next
SELECT * FROM ünknown
-- next
SELECT * FROM users JOIN nosuch ON 1
-- next
SELECT (SELECT 1 FROM nosuch)
-- next
SELECT * FROM users WHERE id IN nosuch
-- next
SELECT * FROM users WHERE EXISTS (SELECT * FROM nosuch)
-- next
SELECT * FROM nosuch(1)
-- next
SELECT * FROM users WHERE id IN nosuchfn(1)
-- next
SELECT * FROM pragma_nosuch
-- next
SELECT nosuch.* FROM users
-- next
SELECT u.* FROM users
-- next
SELECT constructor.* FROM __proto__
-- next
SELECT main.nosuch.id FROM users
-- next
--# ---- views that fail when used
SELECT * FROM v_dangling
-- next
SELECT * FROM v_loop1
-- next
SELECT * FROM v_loop2
-- next
SELECT * FROM v_self
-- next
SELECT * FROM v_wrong_count
-- next
SELECT 1 FROM users u JOIN v_loop1 ON 1
-- next
SELECT (SELECT count(*) FROM v_self)
-- next
SELECT * FROM users WHERE id IN v_dangling
-- next
SELECT a FROM v_dangling
-- next
WITH c AS (SELECT * FROM v_loop2) SELECT * FROM c
-- next
--# ---- unknown columns
SELECT nosuch FROM users
-- next
SELECT users.nosuch FROM users
-- next
SELECT nosuch.id FROM users
-- next
SELECT u.id FROM users
-- next
SELECT users.id FROM users u
-- next
SELECT x.users.id FROM users
-- next
SELECT temp.users.id FROM users
-- next
SELECT users."nosuch" FROM users
-- next
SELECT * FROM users WHERE nosuch = 1
-- next
SELECT * FROM users ORDER BY nosuch
-- next
SELECT * FROM users GROUP BY nosuch
-- next
SELECT count(*) FROM users GROUP BY name HAVING nosuch
-- next
SELECT * FROM users JOIN orders ON nosuch
-- next
SELECT id FROM users WHERE id = (SELECT nosuch)
-- next
SELECT constructor FROM users
-- next
SELECT __proto__ FROM users
-- next
SELECT toString FROM users
-- next
SELECT "Email" FROM users WHERE "Email Adress" = 1 AND nosuch
-- next
SELECT [Email Adress] FROM users
-- next
SELECT `Col One ` FROM "Mixed Case"
-- next
SELECT colTwo FROM users
-- next
SELECT a FROM v_cols
-- next
SELECT name FROM v_cols
-- next
SELECT k FROM "View With Space"
-- next
SELECT [x+y] FROM v_expr
-- next
SELECT user_id FROM user_orders
-- next
SELECT b FROM (SELECT 1 AS a)
-- next
SELECT t.a FROM (SELECT 1 AS a)
-- next
SELECT sq.b FROM (SELECT 1 AS a) AS sq
-- next
SELECT column2 FROM (VALUES (1))
-- next
SELECT x FROM nums LIMIT nosuch
-- next
SELECT x FROM nums LIMIT x
-- next
SELECT x FROM nums ORDER BY nosuch.x
-- next
SELECT → FROM users
-- next
SELECT x FROM nums n WHERE nums.x = 1
-- next
SELECT id FROM users WHERE id IN (SELECT id FROM orders WHERE order_id = nosuch)
-- next
SELECT 1 FROM users WHERE users.rowid = orders.rowid
-- next
--# node:sqlite turns off double-quoted string literals (SQLITE_DBCONFIG_DQS_DML), so a
--# double-quoted word that names no column is an error with its own message.
SELECT "nosuch" FROM users
-- next
SELECT "abc"
-- next
SELECT * FROM users WHERE name = "ann"
-- next
SELECT x FROM nums WHERE x IN ("a", 'b')
-- next
--# ---- rowid where there is none
SELECT rowid FROM kv
-- next
SELECT oid FROM pairs
-- next
SELECT _rowid_ FROM v_star
-- next
SELECT rowid FROM (SELECT 1)
-- next
SELECT rowid FROM user_orders
-- next
WITH c AS (SELECT 1) SELECT rowid FROM c
-- next
SELECT kv.rowid FROM kv
-- next
--# ---- ambiguous columns
SELECT id FROM users, users
-- next
SELECT * FROM users, users
-- next
SELECT name FROM users u1, users u2
-- next
SELECT x FROM nums a JOIN nums b ON 1
-- next
SELECT a FROM pairs, gen
-- next
SELECT rowid FROM users, orders
-- next
SELECT oid FROM users JOIN nums ON 1
-- next
SELECT c FROM pairs JOIN gen USING (a)
-- next
SELECT id FROM users u JOIN users v ON u.id = v.id WHERE id > 1
-- next
SELECT x FROM nums JOIN (SELECT 1 AS x) ON 1
-- next
SELECT a FROM (SELECT 1 AS a), (SELECT 2 AS a)
-- next
SELECT x FROM nums n1 JOIN nums n2 USING (y) JOIN nums n3 USING (x)
-- next
--# ---- join constraints
SELECT * FROM users NATURAL JOIN orders ON 1
-- next
SELECT * FROM users NATURAL JOIN orders USING (id)
-- next
SELECT * FROM users JOIN orders ON 1 USING (x)
-- next
SELECT * FROM users CROSS OUTER JOIN orders
-- next
SELECT * FROM users INNER OUTER JOIN orders
-- next
SELECT * FROM users LEFT FOO JOIN orders
-- next
SELECT * FROM users FULL INNER JOIN orders
-- next
SELECT * FROM users JOIN orders USING (nosuch)
-- next
SELECT * FROM users JOIN orders USING (id)
-- next
SELECT * FROM users JOIN orders USING (user_id)
-- next
SELECT * FROM users u JOIN orders o ON o.user_id = x.id
-- next
SELECT * FROM users u JOIN orders o ON p.user_id = u.id JOIN pairs p ON 1
-- next
SELECT * FROM users LEFT JOIN orders ON count(*) > 1
-- next
--# ---- unknown functions and wrong argument counts
SELECT nosuchfn(1)
-- next
SELECT sqrt(4)
-- next
SELECT toString()
-- next
SELECT hasOwnProperty(1)
-- next
SELECT __proto__(1)
-- next
SELECT constructor()
-- next
SELECT x REGEXP 'a' FROM nums
-- next
SELECT abs()
-- next
SELECT abs(1, 2)
-- next
SELECT length()
-- next
SELECT upper('a', 'b')
-- next
SELECT substr('a')
-- next
SELECT substr('a', 1, 2, 3)
-- next
SELECT coalesce(1)
-- next
SELECT coalesce()
-- next
SELECT ifnull(1)
-- next
SELECT ifnull(1, 2, 3)
-- next
SELECT nullif(1)
-- next
SELECT iif(1)
-- next
SELECT replace('a', 'b')
-- next
SELECT instr('a')
-- next
SELECT round()
-- next
SELECT round(1, 2, 3)
-- next
SELECT typeof()
-- next
SELECT random(1)
-- next
SELECT hex()
-- next
SELECT trim('a', 'b', 'c')
-- next
SELECT count(1, 2) FROM nums
-- next
SELECT sum() FROM nums
-- next
SELECT sum(*) FROM nums
-- next
SELECT avg(x, y) FROM nums
-- next
SELECT total(*) FROM nums
-- next
SELECT abs(*)
-- next
SELECT upper(*)
-- next
SELECT max()
-- next
SELECT min()
-- next
SELECT group_concat() FROM nums
-- next
SELECT group_concat(x, y, z) FROM nums
-- next
SELECT string_agg(x) FROM nums
-- next
SELECT x GLOB 'a' ESCAPE 'b' FROM nums
-- next
SELECT date(1, 2, 3) FROM nums WHERE nosuchfn(x)
-- next
SELECT row_number(1) OVER () FROM nums
-- next
SELECT ntile() OVER () FROM nums
-- next
SELECT lag() OVER () FROM nums
-- next
SELECT lead(1, 2, 3, 4) OVER () FROM nums
-- next
SELECT nth_value(1) OVER () FROM nums
-- next
SELECT first_value() OVER () FROM nums
-- next
SELECT rank(x) OVER () FROM nums
-- next
SELECT abs(x ORDER BY y) FROM nums
-- next
SELECT json_each('[]')
-- next
SELECT * FROM json_each(1, 2, 3)
-- next
SELECT * FROM users(1)
-- next
SELECT * FROM user_orders(1)
-- next
SELECT * FROM pragma_table_info('users', 'main', 3)
-- next
--# ---- unknown collations
SELECT x FROM nums ORDER BY x COLLATE nosuch
-- next
SELECT * FROM users WHERE name = 'x' COLLATE "no case"
-- next
SELECT max('a' COLLATE nosuch, 'b')
-- next
SELECT 1 UNION SELECT 2 ORDER BY 1 COLLATE nosuch
-- next
SELECT x FROM nums GROUP BY x COLLATE nosuch
-- next
SELECT x FROM nums WHERE x IN (1 COLLATE nosuch)
-- next
SELECT count(*) OVER (ORDER BY x COLLATE nosuch) FROM nums
-- next
--# ---- windows
SELECT count(*) OVER nosuchwin FROM nums
-- next
SELECT count(*) OVER __proto__ FROM nums
-- next
SELECT count(*) OVER (w) FROM nums
-- next
SELECT count(*) OVER (w ORDER BY x) FROM nums WINDOW v AS ()
-- next
SELECT count(*) OVER (w PARTITION BY x) FROM nums WINDOW w AS ()
-- next
SELECT count(*) OVER (w ORDER BY x) FROM nums WINDOW w AS (ORDER BY y)
-- next
SELECT count(*) OVER (w) FROM nums WINDOW w AS (ORDER BY x ROWS CURRENT ROW)
-- next
SELECT count(*) OVER (w ORDER BY y) FROM nums WINDOW w AS (ROWS CURRENT ROW)
-- next
SELECT sum(x) OVER (ROWS BETWEEN UNBOUNDED FOLLOWING AND CURRENT ROW) FROM nums
-- next
SELECT sum(x) OVER (ROWS BETWEEN CURRENT ROW AND UNBOUNDED PRECEDING) FROM nums
-- next
SELECT sum(x) OVER (ROWS BETWEEN 1 FOLLOWING AND 1 PRECEDING) FROM nums
-- next
SELECT sum(x) OVER (ROWS BETWEEN CURRENT ROW AND 1 PRECEDING) FROM nums
-- next
SELECT sum(x) OVER (RANGE 1 PRECEDING) FROM nums
-- next
SELECT sum(x) OVER (ORDER BY x, y RANGE 1 PRECEDING) FROM nums
-- next
SELECT sum(x) OVER (ROWS UNBOUNDED FOLLOWING) FROM nums
-- next
SELECT row_number() FROM nums
-- next
SELECT rank() FROM nums
-- next
SELECT ntile(2) FROM nums
-- next
SELECT lag(x) FROM nums
-- next
SELECT cume_dist()
-- next
SELECT abs(1) OVER ()
-- next
SELECT upper(name) OVER () FROM users
-- next
SELECT coalesce(x, y) OVER () FROM nums
-- next
SELECT x FROM nums WHERE row_number() OVER () > 1
-- next
SELECT x FROM nums GROUP BY row_number() OVER ()
-- next
SELECT count(*) FROM nums GROUP BY x HAVING rank() OVER () > 1
-- next
SELECT x FROM nums JOIN pairs ON sum(x) OVER () > 1
-- next
SELECT sum(sum(x) OVER ()) OVER () FROM nums
-- next
SELECT count(DISTINCT x) OVER () FROM nums
-- next
SELECT row_number() FILTER (WHERE 1) OVER () FROM nums
-- next
SELECT x FROM nums LIMIT row_number() OVER ()
-- next
--# ---- aggregate misuse
SELECT abs(x) FILTER (WHERE 1) FROM nums
-- next
SELECT upper(name) FILTER (WHERE 1) FROM users
-- next
SELECT x FROM nums WHERE count(*) > 1
-- next
SELECT x FROM nums WHERE sum(x)
-- next
SELECT x FROM nums GROUP BY count(*)
-- next
SELECT x FROM nums GROUP BY sum(x)
-- next
SELECT count(count(*)) FROM nums
-- next
SELECT sum(max(x)) FROM nums
-- next
SELECT x FROM nums JOIN pairs ON count(*) > 0
-- next
SELECT count(*) FILTER (WHERE count(*) > 1) FROM nums
-- next
SELECT count(*) FROM nums ORDER BY count(count(*))
-- next
SELECT x FROM nums LIMIT count(*)
-- next
SELECT x FROM nums HAVING x > 1
-- next
SELECT x FROM nums WHERE x IN (SELECT 1 WHERE count(*) > 0)
-- next
SELECT group_concat(x ORDER BY count(*)) FROM nums
-- next
SELECT x FROM nums ORDER BY 1 LIMIT sum(x)
-- next
SELECT * FROM nums WHERE avg(x) > 0 GROUP BY y
-- next
SELECT max(x) FROM nums WHERE min(y) > 0
-- next
--# ---- subquery and row value column counts
SELECT (SELECT x, y FROM nums)
-- next
SELECT * FROM nums WHERE x IN (SELECT x, y FROM nums)
-- next
SELECT * FROM users WHERE id IN pairs
-- next
SELECT x FROM nums WHERE (x, y) IN (SELECT x FROM nums)
-- next
SELECT x FROM nums WHERE (x, y) = (SELECT x FROM nums)
-- next
SELECT x FROM nums WHERE (x, y) = (SELECT x, y, z FROM nums)
-- next
SELECT x FROM nums WHERE x = (SELECT x, y FROM nums)
-- next
SELECT x FROM nums LIMIT (SELECT 1, 2)
-- next
SELECT x FROM nums ORDER BY (SELECT x, y FROM nums)
-- next
SELECT abs((SELECT 1, 2))
-- next
SELECT (1, 2)
-- next
SELECT (1, 2) + 1
-- next
SELECT (1, 2) = 1
-- next
SELECT (1, 2) = (1, 2, 3)
-- next
SELECT (1, 2) IN (1, 2)
-- next
SELECT abs((1, 2))
-- next
SELECT x FROM nums ORDER BY (x, y)
-- next
SELECT x FROM nums WHERE (x, y)
-- next
SELECT CASE (1, 2) WHEN 1 THEN 1 END
-- next
SELECT (1, 2) BETWEEN 1 AND 2
-- next
SELECT -(1, 2)
-- next
SELECT (1, 2) IS NULL
-- next
SELECT CAST((1, 2) AS TEXT)
-- next
SELECT (1, 2) LIKE 'a'
-- next
SELECT x FROM nums GROUP BY (x, y)
-- next
SELECT ((1, 2), 3) = ((1, 2), 3)
-- next
SELECT count((1, 2)) FROM nums
-- next
--# ---- compound selects, VALUES, ORDER BY and GROUP BY terms
SELECT 1 UNION SELECT 1, 2
-- next
SELECT 1, 2 INTERSECT SELECT 1
-- next
SELECT 1 EXCEPT SELECT 1, 2
-- next
SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3, 4
-- next
SELECT * FROM users UNION SELECT * FROM orders
-- next
VALUES (1), (1, 2)
-- next
VALUES (1, 2) UNION SELECT 1
-- next
SELECT 1 UNION VALUES (1, 2)
-- next
SELECT 1 ORDER BY 2
-- next
SELECT 1 ORDER BY 0
-- next
SELECT x FROM nums ORDER BY 4
-- next
SELECT x, y FROM nums ORDER BY 1, 3
-- next
SELECT * FROM nums ORDER BY 99
-- next
SELECT x FROM nums GROUP BY 2
-- next
SELECT x FROM nums GROUP BY 0
-- next
SELECT x FROM nums GROUP BY 1, 2
-- next
SELECT count(*) FROM nums GROUP BY 1
-- next
SELECT 1 UNION SELECT 2 ORDER BY 2
-- next
SELECT 1 AS a UNION SELECT 2 ORDER BY b
-- next
SELECT x FROM nums UNION SELECT y FROM nums ORDER BY z
-- next
SELECT 1 UNION SELECT 2 ORDER BY 1, 2
-- next
SELECT 1 UNION SELECT 2 ORDER BY 1 + 1
-- next
SELECT x FROM nums ORDER BY 1 UNION SELECT 1
-- next
SELECT 1 UNION SELECT count(*) FROM nums WHERE sum(x)
-- next
SELECT 1 UNION SELECT nosuch
-- next
SELECT 1 UNION SELECT 2 ORDER BY nosuch
-- next
SELECT (SELECT 1 UNION SELECT 1, 2)
-- next
--# ---- common table expressions
WITH c(a, b) AS (SELECT 1) SELECT * FROM c
-- next
WITH c(a) AS (SELECT 1, 2) SELECT * FROM c
-- next
WITH c(a, b) AS (VALUES (1, 2, 3)) SELECT * FROM c
-- next
WITH c AS (SELECT 1), c AS (SELECT 2) SELECT * FROM c
-- next
WITH c AS (SELECT 1), C AS (SELECT 2) SELECT * FROM c
-- next
WITH c AS (SELECT * FROM c) SELECT * FROM c
-- next
WITH c AS (SELECT * FROM d), d AS (SELECT * FROM c) SELECT * FROM c
-- next
WITH RECURSIVE c(n) AS (SELECT n FROM c) SELECT * FROM c
-- next
WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT count(*) FROM c) SELECT * FROM c
-- next
WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT c.n FROM c, c AS c2) SELECT * FROM c
-- next
WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1, 2 FROM c) SELECT * FROM c
-- next
WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c ORDER BY nosuch) SELECT * FROM c
-- next
WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT max(n) OVER () FROM c) SELECT * FROM c
-- next
WITH c AS (SELECT 1 AS a) SELECT b FROM c
-- next
WITH c AS (SELECT 1) SELECT * FROM d
-- next
WITH c(a) AS (SELECT 1) SELECT c.b FROM c
-- next
WITH c AS (SELECT 1 AS a) SELECT * FROM c WHERE c.rowid = 1
-- next
SELECT (WITH c AS (SELECT 1, 2) SELECT * FROM c)
-- next
WITH c AS (SELECT 1) SELECT * FROM c UNION SELECT 1, 2
-- next
WITH users AS (SELECT 1 AS a) SELECT name FROM users
-- next
SELECT * FROM (WITH c(a) AS (SELECT 1, 2) SELECT * FROM c)
-- next
--# ---- indexes
SELECT * FROM users INDEXED BY nosuch
-- next
SELECT * FROM users INDEXED BY orders_expr
-- next
SELECT * FROM users INDEXED BY __proto__
-- next
SELECT * FROM users INDEXED BY users_email
-- next
SELECT * FROM nums INDEXED BY nums_partial WHERE y < 0
-- next
SELECT * FROM users u INDEXED BY "Mixed Idx"
-- next
--# ---- things valid only elsewhere
SELECT RAISE(IGNORE)
-- next
SELECT RAISE(ABORT, 'x')
-- next
SELECT x FROM nums WHERE RAISE(FAIL, 'no')
-- next
SELECT * FROM users WHERE id = excluded.id
-- next
SELECT new.id FROM users
-- next
EXPLAIN SELECT nosuch
-- next
EXPLAIN QUERY PLAN SELECT * FROM nosuch
-- next
EXPLAIN QUERY PLAN SELECT count(count(*)) FROM nums
-- next
PRAGMA nosuch.user_version
-- next
PRAGMA nosuch.table_info(users)
-- next
SELECT * FROM pragma_table_info('users') WHERE nosuch
-- next
SELECT * FROM json_each('[1]') WHERE nosuch
-- next
--# ---- writes on a read-only connection. SQLite reports a write's own errors (no such
--# table, already exists, wrong value count, ...) at prepare; only a write that would
--# succeed fails later, when run, with SQLITE_READONLY. ATTACH and VACUUM INTO of a path
--# that cannot be opened fail with SQLITE_CANTOPEN; COMMIT, ROLLBACK, RELEASE and DETACH
--# fail when run because there is nothing to end or detach.
INSERT INTO users(name) VALUES ('x')
-- next
INSERT INTO users DEFAULT VALUES
-- next
INSERT OR REPLACE INTO kv VALUES ('a', 1, 1)
-- next
INSERT OR IGNORE INTO kv VALUES ('a', 1, 1)
-- next
INSERT INTO nums SELECT * FROM nums
-- next
INSERT INTO nums VALUES (1, 2, 3) RETURNING *
-- next
INSERT INTO nums VALUES (1, 2, 3) ON CONFLICT DO NOTHING
-- next
INSERT INTO "Mixed Case"("Col One") VALUES ('a')
-- next
INSERT INTO __proto__ VALUES ('a', 1, 2, 'b')
-- next
INSERT INTO nosuch VALUES (1)
-- next
INSERT INTO users(nosuch) VALUES (1)
-- next
INSERT INTO nums VALUES (1)
-- next
INSERT INTO v_star(id) VALUES (1)
-- next
INSERT INTO gen VALUES (1, 2, 3)
-- next
REPLACE INTO kv VALUES ('a', 2, 2)
-- next
REPLACE INTO nosuch VALUES (1)
-- next
UPDATE users SET name = 'x'
-- next
UPDATE users SET name = 'x' WHERE id = 1
-- next
UPDATE OR IGNORE users SET age = age + 1
-- next
UPDATE nums SET x = 1 FROM pairs WHERE pairs.a = nums.x
-- next
UPDATE users SET (name, age) = ('a', 1)
-- next
UPDATE users SET nosuch = 1
-- next
UPDATE nosuch SET a = 1
-- next
UPDATE v_star SET name = 'x'
-- next
UPDATE gen SET b = 1
-- next
UPDATE users SET name = nosuch
-- next
DELETE FROM users
-- next
DELETE FROM users WHERE id = 1
-- next
DELETE FROM kv WHERE k = 'a' RETURNING k
-- next
DELETE FROM nosuch
-- next
DELETE FROM v_star
-- next
DELETE FROM users WHERE nosuch = 1
-- next
WITH c AS (SELECT 1) INSERT INTO nums(x) SELECT * FROM c
-- next
WITH c AS (SELECT 1) DELETE FROM nums WHERE x IN c
-- next
WITH c AS (SELECT 1) UPDATE nums SET x = 2 WHERE x IN c
-- next
WITH c AS (SELECT 1) REPLACE INTO nums(x) SELECT * FROM c
-- next
CREATE TABLE t2(a)
-- next
CREATE TABLE IF NOT EXISTS t2(a)
-- next
CREATE TABLE t2 AS SELECT * FROM users
-- next
CREATE TABLE users(a)
-- next
CREATE TABLE t2(a, a)
-- next
CREATE INDEX i2 ON users(age)
-- next
CREATE UNIQUE INDEX i2 ON nums(x)
-- next
CREATE INDEX users_name ON users(name)
-- next
CREATE INDEX i3 ON nosuch(a)
-- next
CREATE INDEX i3 ON users(nosuch)
-- next
CREATE INDEX i3 ON v_star(id)
-- next
CREATE VIEW v2 AS SELECT 1
-- next
CREATE VIEW v_star AS SELECT 1
-- next
CREATE VIEW users AS SELECT 1
-- next
CREATE TRIGGER tr AFTER INSERT ON users BEGIN SELECT 1; END
-- next
CREATE TRIGGER tr AFTER INSERT ON nosuch BEGIN SELECT 1; END
-- next
DROP TABLE users
-- next
DROP TABLE IF EXISTS users
-- next
DROP TABLE nosuch
-- next
DROP TABLE v_star
-- next
DROP TABLE sqlite_schema
-- next
DROP INDEX users_name
-- next
DROP INDEX nosuch
-- next
DROP VIEW v_star
-- next
DROP VIEW users
-- next
DROP VIEW nosuch
-- next
DROP TRIGGER nosuch
-- next
ALTER TABLE users RENAME TO people
-- next
ALTER TABLE users ADD COLUMN extra INT
-- next
ALTER TABLE users RENAME COLUMN name TO full_name
-- next
ALTER TABLE users DROP COLUMN misc
-- next
ALTER TABLE nosuch ADD COLUMN a
-- next
ALTER TABLE v_star ADD COLUMN a
-- next
ALTER TABLE users DROP COLUMN id
-- next
ALTER TABLE users RENAME COLUMN nosuch TO b
-- next
ALTER TABLE users RENAME TO orders
-- next
--# Plain `VACUUM` / `VACUUM main` are left out: SQLite's answer on a read-only connection
--# depends on the environment (READONLY here, "too many attached databases - max 0" on a
--# fresh clone), so they cannot serve as a fixed oracle.
VACUUM nosuch
-- next
VACUUM INTO '/litejit-no-such-dir/copy.db'
-- next
REINDEX
-- next
REINDEX users
-- next
REINDEX nosuch
-- next
ANALYZE
-- next
ANALYZE users
-- next
ANALYZE nosuch
-- next
ATTACH '/litejit-no-such-dir/other.db' AS other
-- next
ATTACH DATABASE '/litejit-no-such-dir/other.db' AS main
-- next
DETACH nosuch
-- next
DETACH main
-- next
PRAGMA user_version = 3
-- next
PRAGMA main.user_version = 3
-- next
PRAGMA application_id = 7
-- next
PRAGMA schema_version = 1
-- next
PRAGMA incremental_vacuum
-- next
PRAGMA optimize
-- next
PRAGMA user_version = 'x' || 1
-- next
COMMIT
-- next
END
-- next
ROLLBACK
-- next
ROLLBACK TO x
-- next
RELEASE x
-- next
EXPLAIN INSERT INTO nosuch VALUES (1)
-- next
EXPLAIN QUERY PLAN DELETE FROM nosuch
-- next
SELECT id FROM users GROUP BY 0 AND id
-- next
SELECT id FROM users ORDER BY (0 AND id) AND name
-- next
SELECT id FROM users ORDER BY 0x0 AND id
-- next
--# ---- more writes on a read-only connection: INSERT / UPDATE / DELETE names, RETURNING,
--# upsert targets and DO UPDATE, and the schema statements' checks (CREATE, DROP, ALTER,
--# VACUUM, REINDEX, ANALYZE, ATTACH, DETACH), in SQLite's order.
INSERT INTO users(id) VALUES (1) RETURNING *
-- next
INSERT INTO users(id) VALUES (1) RETURNING users.id, name AS n, id+1, (SELECT 1), rowid
-- next
DELETE FROM users AS x RETURNING x.id
-- next
DELETE FROM users AS x WHERE x.id = 1
-- next
DELETE FROM users RETURNING users.*
-- next
DELETE FROM users RETURNING count(*)
-- next
DELETE FROM users RETURNING nope
-- next
UPDATE users SET name='a' FROM (SELECT 1 AS q) AS s RETURNING q
-- next
UPDATE users SET name='a' FROM (SELECT 1 AS q) AS s WHERE q = id
-- next
INSERT INTO users(id) VALUES (1) ON CONFLICT(id) DO UPDATE SET name = excluded.name || name RETURNING id
-- next
INSERT INTO users(id) VALUES (1) ON CONFLICT(id) DO UPDATE SET name = excluded.nope
-- next
INSERT INTO users(id) VALUES (1) ON CONFLICT(id) DO UPDATE SET nope = 1
-- next
INSERT INTO users(id) VALUES (1) ON CONFLICT(nope) DO NOTHING
-- next
INSERT INTO users(id) VALUES (1) ON CONFLICT(rowid) DO NOTHING
-- next
INSERT INTO users(id) VALUES (1) ON CONFLICT(id COLLATE nocase) DO NOTHING
-- next
INSERT INTO users(id) VALUES (1) ON CONFLICT(id) DO NOTHING ON CONFLICT(name) DO NOTHING
-- next
INSERT INTO users(id) VALUES (1) ON CONFLICT("Email Address") WHERE "Email Address" IS NOT NULL DO NOTHING
-- next
INSERT INTO users(id) VALUES (1) ON CONFLICT("Email Address") DO NOTHING
-- next
INSERT INTO kv VALUES ('a', 1, 1) ON CONFLICT(k) DO UPDATE SET v = excluded.v
-- next
INSERT INTO kv VALUES ('a', 1, 1) ON CONFLICT(k COLLATE binary) DO NOTHING
-- next
INSERT INTO pairs VALUES (1, 2, 'x') ON CONFLICT(b, a) DO NOTHING
-- next
INSERT INTO pairs VALUES (1, 2, 'x') ON CONFLICT(a) DO NOTHING
-- next
UPDATE users SET (id, name) = (1, 2, 3)
-- next
UPDATE users SET (id, name) = 1
-- next
UPDATE users SET (id, name) = (SELECT 1)
-- next
UPDATE users SET (id, name) = (SELECT 1, 2)
-- next
UPDATE users SET rowid = 1
-- next
UPDATE kv SET rowid = 1
-- next
UPDATE users SET id = 1, id = 2
-- next
INSERT INTO users(id, id) VALUES (1, 2)
-- next
INSERT INTO users(rowid) VALUES (1)
-- next
INSERT INTO kv(rowid) VALUES (1)
-- next
UPDATE users INDEXED BY nope SET id=1
-- next
UPDATE users INDEXED BY users_name SET id=1
-- next
DELETE FROM users NOT INDEXED
-- next
INSERT INTO main.users(id) VALUES (1)
-- next
INSERT INTO nope.users(id) VALUES (1)
-- next
INSERT INTO users AS x (nope) VALUES (1)
-- next
INSERT INTO main.users (nope) VALUES (1)
-- next
INSERT INTO users VALUES (1),(2)
-- next
INSERT INTO users(id) VALUES (1),(2,3)
-- next
INSERT INTO users(id) SELECT 1, 2
-- next
UPDATE users SET id = count(*)
-- next
DELETE FROM users WHERE count(*)
-- next
INSERT INTO users(id) VALUES (count(*))
-- next
INSERT INTO users(id) VALUES(1) RETURNING *, 1
-- next
INSERT INTO sqlite_schema VALUES (1,2,3,4,5)
-- next
INSERT INTO sqlite_master VALUES (1,2,3,4,5)
-- next
INSERT INTO sqlite_temp_master VALUES (1,2,3,4,5)
-- next
DELETE FROM pragma_table_info
-- next
DELETE FROM json_each
-- next
UPDATE users SET id = 1 WHERE nope = 1 AND name = nope2
-- next
UPDATE users SET name = nope1, nope = 1
-- next
UPDATE users SET nope = nope1
-- next
INSERT INTO gen(b) VALUES (1)
-- next
INSERT INTO gen(a) VALUES (1)
-- next
UPDATE gen SET c = 1
-- next
WITH users AS (SELECT 1) DELETE FROM users
-- next
WITH c AS (SELECT 1 AS x) DELETE FROM users WHERE id IN (SELECT x FROM c)
-- next
WITH c AS (SELECT 1 AS x) DELETE FROM c
-- next
DELETE FROM users WHERE id = ?5 AND name = :x
-- next
INSERT INTO users DEFAULT VALUES RETURNING id
-- next
INSERT INTO users(id) DEFAULT VALUES
-- next
INSERT INTO v_star VALUES (1,2,3,4,5,6,7,8) ON CONFLICT DO NOTHING
-- next
UPDATE users SET name = RAISE(IGNORE)
-- next
INSERT INTO users(id) SELECT * FROM nums
-- next
INSERT INTO nums SELECT * FROM nums ON CONFLICT DO NOTHING
-- next
INSERT INTO nums SELECT * FROM nums WHERE 1 ON CONFLICT DO NOTHING
-- next
UPDATE users SET name = (SELECT nope FROM nums)
-- next
DELETE FROM users WHERE id IN (SELECT nope FROM nums)
-- next
INSERT INTO "Mixed Case" VALUES (1,2,3,4,5) RETURNING "Col One", "col""quote"
-- next
DELETE FROM users RETURNING *, rowid, oid, _rowid_
-- next
DELETE FROM kv RETURNING rowid
-- next
DELETE FROM CamelTable RETURNING rowid, ID
-- next
UPDATE users SET name = 1 RETURNING name || 'x', upper(name) AS u
-- next
DELETE FROM users RETURNING row_number() OVER ()
-- next
INSERT INTO users(name) VALUES (1) ON CONFLICT DO UPDATE SET name = excluded.name WHERE excluded.id > 1
-- next
INSERT INTO users(name) VALUES (1) ON CONFLICT DO UPDATE SET name = name || id
-- next
INSERT INTO users(name) VALUES (1) ON CONFLICT(id) DO UPDATE SET name = nope
-- next
INSERT INTO users(name) VALUES (1) ON CONFLICT(id) WHERE nope DO NOTHING
-- next
INSERT INTO orders(order_id) VALUES (1) ON CONFLICT(order_id) DO NOTHING
-- next
INSERT INTO "weird.name" VALUES (1,2,3)
-- next
INSERT INTO "weird.name"("y z") VALUES (1)
-- next
CREATE TABLE users(a
-- next
CREATE TABLE v_star(a)
-- next
CREATE TABLE users_name(a)
-- next
CREATE TABLE sqlite_x(a)
-- next
CREATE TABLE nope.x(a)
-- next
CREATE TABLE x AS SELECT nope
-- next
CREATE TABLE x AS SELECT 1
-- next
CREATE TABLE IF NOT EXISTS users(a
-- next
CREATE TABLE x(a) WITHOUT ROWID
-- next
CREATE TABLE x(a PRIMARY KEY, a)
-- next
CREATE TABLE x(a CHECK (nope))
-- next
CREATE TABLE x
-- next
CREATE TABLE x(a) STRICT
-- next
CREATE TABLE x(a foo) STRICT
-- next
CREATE INDEX IF NOT EXISTS users_name ON nope(a)
-- next
CREATE INDEX users ON users(id)
-- next
CREATE INDEX i ON v_star(id)
-- next
CREATE INDEX i ON sqlite_master(name)
-- next
CREATE INDEX i ON sqlite_schema(name)
-- next
CREATE INDEX i ON users(id+nope)
-- next
CREATE INDEX i ON users(id) WHERE nope
-- next
CREATE INDEX sqlite_i ON users(id)
-- next
CREATE INDEX i ON users('name')
-- next
CREATE INDEX i ON users(rowid)
-- next
CREATE INDEX nope.i ON users(id)
-- next
CREATE INDEX main.i ON users(id)
-- next
CREATE UNIQUE INDEX i ON users(name COLLATE nocase DESC)
-- next
CREATE VIEW users_name AS SELECT 1
-- next
CREATE VIEW x AS SELECT ?
-- next
CREATE VIEW x AS SELECT nope
-- next
CREATE VIEW x AS SELEC 1
-- next
CREATE VIEW x(a, b) AS SELECT 1
-- next
CREATE VIEW sqlite_v AS SELECT 1
-- next
CREATE TRIGGER tr2 AFTER INSERT ON v_star BEGIN SELECT 1; END
-- next
CREATE TRIGGER tr2 BEFORE INSERT ON v_star BEGIN SELECT 1; END
-- next
CREATE TRIGGER tr2 INSERT ON v_star BEGIN SELECT 1; END
-- next
CREATE TRIGGER tr2 INSTEAD OF INSERT ON users BEGIN SELECT 1; END
-- next
CREATE TRIGGER tr2 INSTEAD OF INSERT ON v_star BEGIN SELECT 1; END
-- next
CREATE TRIGGER tr2 AFTER INSERT ON sqlite_master BEGIN SELECT 1; END
-- next
CREATE TRIGGER tr2 AFTER INSERT ON nope BEGIN SELECT 1; END
-- next
CREATE TRIGGER tr2 AFTER INSERT ON nope BEGIN SELEC 1; END
-- next
CREATE TRIGGER tr2 AFTER INSERT ON users BEGIN SELEC 1; END
-- next
CREATE TRIGGER tr2 AFTER INSERT ON users BEGIN SELECT nope; END
-- next
CREATE TRIGGER tr2 AFTER INSERT ON users BEGIN SELECT 1; UPDATE users SET name = 1; END
-- next
CREATE TRIGGER tr2 AFTER INSERT ON users BEGIN SELECT 1
-- next
CREATE TRIGGER tr2 AFTER INSERT ON users WHEN new.id > 1 BEGIN SELECT 1; END
-- next
CREATE TRIGGER sqlite_tr AFTER INSERT ON users BEGIN SELECT 1; END
-- next
CREATE TRIGGER nope.tr AFTER INSERT ON users BEGIN SELECT 1; END
-- next
CREATE VIRTUAL TABLE x USING nomod
-- next
CREATE VIRTUAL TABLE users USING fts5(a)
-- next
DROP TABLE main.nope
-- next
DROP TABLE nope.x
-- next
DROP INDEX main.nope
-- next
DROP TRIGGER main.nope
-- next
DROP INDEX sqlite_autoindex_kv_1
-- next
DROP TABLE sqlite_master
-- next
DROP TABLE sqlite_temp_master
-- next
DROP TABLE sqlite_stat1
-- next
DROP TABLE IF EXISTS sqlite_master
-- next
DROP FOO x
-- next
ALTER TABLE users ADD COLUMN name
-- next
ALTER TABLE users ADD COLUMN z INTEGER PRIMARY KEY
-- next
ALTER TABLE users ADD COLUMN z UNIQUE
-- next
ALTER TABLE users ADD COLUMN z NOT NULL
-- next
ALTER TABLE users ADD COLUMN z DEFAULT (1+1)
-- next
ALTER TABLE users ADD COLUMN z AS (1) STORED
-- next
ALTER TABLE users ADD z
-- next
ALTER TABLE nope ADD z(
-- next
ALTER TABLE users ADD z(
-- next
ALTER TABLE users ADD z INT DEFAULT
-- next
ALTER TABLE users RENAME TO users_name
-- next
ALTER TABLE users RENAME TO v_star
-- next
ALTER TABLE users RENAME TO sqlite_x
-- next
ALTER TABLE v_star RENAME TO v2
-- next
ALTER TABLE sqlite_master RENAME TO x
-- next
ALTER TABLE users RENAME COLUMN name TO id
-- next
ALTER TABLE users RENAME COLUMN nope TO id
-- next
ALTER TABLE users RENAME "nope" TO id
-- next
ALTER TABLE v_star RENAME COLUMN id TO x
-- next
ALTER TABLE users DROP COLUMN "Email Address"
-- next
ALTER TABLE users DROP COLUMN age
-- next
ALTER TABLE users DROP COLUMN nope
-- next
ALTER TABLE v_star DROP COLUMN id
-- next
ALTER TABLE kv DROP COLUMN k
-- next
ALTER TABLE pairs DROP COLUMN b
-- next
VACUUM nope
-- next
VACUUM INTO 1+
-- next
VACUUM INTO nope
-- next
REINDEX users_name
-- next
REINDEX nope
-- next
REINDEX nocase
-- next
REINDEX binary
-- next
REINDEX main.users
-- next
REINDEX main.nope
-- next
REINDEX nums
-- next
ANALYZE main
-- next
ANALYZE main.users
-- next
ANALYZE nope
-- next
ANALYZE users_name
-- next
ANALYZE nope.x
-- next
ATTACH 'x' AS
-- next
ATTACH a.b AS c
-- next
DETACH x
-- next
DETACH 'x'
-- next
DETACH temp
-- next
DETACH DATABASE temp
-- next
DETACH
-- next
EXPLAIN DELETE FROM nope
-- next
INSERT INTO v_star VALUES (1,2,3)
-- next
--# a join word looked up among an object's inherited names
SELECT * FROM users LEFT constructor JOIN orders
-- next
SELECT * FROM users NATURAL __proto__ JOIN orders
