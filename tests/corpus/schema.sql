-- The schema the front-end corpora run against (tests/front_end_names_test.ts and
-- tests/front_end_errors_test.ts). The tests execute this file with node:sqlite into a fresh
-- database, then open that file read-only with both node:sqlite and litejit.
--
-- It is meant to be awkward: rowid aliases and non-aliases, WITHOUT ROWID and STRICT tables,
-- generated columns, mixed-case, quoted and keyword names, names that are JavaScript
-- prototype properties, views with and without column lists, views that only fail when used
-- (dangling, circular, wrong column count), and indexes on expressions and with WHERE.

CREATE TABLE users(
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  "Email Address" VARCHAR(80),
  age int,
  score REAL,
  balance NUMERIC(10, 2),
  data BLOB,
  misc
);

CREATE TABLE orders(
  order_id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER REFERENCES users(id),
  total DECIMAL(8,2),
  status TEXT DEFAULT 'new',
  created_at DATETIME
);

CREATE TABLE "Mixed Case"(
  "Col One" TEXT,
  colTwo INTEGER,
  "col""quote" TEXT,
  [bracket col] REAL,
  `back tick` BLOB
);

CREATE TABLE kv(k TEXT PRIMARY KEY, v ANY, n INT) WITHOUT ROWID;

CREATE TABLE pairs(a INT, b INT, c TEXT, PRIMARY KEY(a, b DESC)) WITHOUT ROWID;

CREATE TABLE __proto__(
  constructor TEXT,
  toString INT,
  hasOwnProperty REAL,
  "__proto__" TEXT
);

-- INTEGER PRIMARY KEY DESC is not a rowid alias.
CREATE TABLE CamelTable(ID integer primary key desc, Value Text, "UPPER" INTEGER, lower integer);

CREATE TABLE nums(x INTEGER, y INTEGER, z REAL);

CREATE TABLE "select"("from" TEXT, "where" INT, "order" REAL);

-- A real column named rowid hides the rowid; oid and _rowid_ still reach it.
CREATE TABLE rowid_shadow(rowid TEXT, val TEXT);

CREATE TABLE t_strict(i INTEGER, r REAL, t TEXT, b BLOB, a ANY) STRICT;

CREATE TABLE gen(a INT, b INT GENERATED ALWAYS AS (a * 2) VIRTUAL, c TEXT AS (upper(a)) STORED);

CREATE TABLE "weird.name"(x, "y z" unsigned big int, "" TEXT);

CREATE INDEX users_name ON users(name);
CREATE UNIQUE INDEX users_email ON users("Email Address") WHERE "Email Address" IS NOT NULL;
CREATE INDEX orders_expr ON orders(lower(status), total * 2);
CREATE INDEX "Mixed Idx" ON "Mixed Case"(colTwo DESC, "Col One" COLLATE NOCASE);
CREATE INDEX nums_partial ON nums(x) WHERE y > 0;
CREATE INDEX kv_n ON kv(n);

CREATE VIEW user_orders AS SELECT u.name, o.total FROM users u JOIN orders o ON o.user_id = u.id;
CREATE VIEW v_cols(who, "How Much") AS SELECT name, score FROM users;
CREATE VIEW "View With Space" AS SELECT k AS key, v FROM kv;
CREATE VIEW v_expr AS SELECT x + y, count(*), max(z) AS "Max Z" FROM nums GROUP BY 1;
CREATE VIEW v_nested AS SELECT * FROM user_orders WHERE total > 10;
CREATE VIEW v_star AS SELECT * FROM users;
CREATE VIEW v_join AS SELECT * FROM nums n1 JOIN nums n2 USING (x);
CREATE VIEW v_dup AS SELECT x, x, y AS x FROM nums;

-- Views that only fail when a query uses them.
CREATE TABLE dropped(a);
CREATE VIEW v_dangling AS SELECT a FROM dropped;
DROP TABLE dropped;
CREATE VIEW v_loop1 AS SELECT * FROM v_loop2;
CREATE VIEW v_loop2 AS SELECT * FROM v_loop1;
CREATE VIEW v_self AS SELECT * FROM v_self;
CREATE VIEW v_wrong_count(a, b) AS SELECT 1;

INSERT INTO users(name, "Email Address", age, score, balance, data, misc) VALUES
  ('ann', 'ann@example.com', 31, 4.5, 10.25, x'00ff', NULL),
  ('bob', NULL, 45, NULL, 0, NULL, 'x'),
  ('Cid', 'cid@example.com', NULL, 2.0, -3, x'', 7);
INSERT INTO orders(user_id, total, status, created_at) VALUES
  (1, 20.5, 'new', '2024-01-02'), (1, 5, 'Shipped', NULL), (3, 99.99, NULL, '2023-12-31');
INSERT INTO kv VALUES ('a', 1, 1), ('b', 'two', 2), ('c', NULL, NULL);
INSERT INTO pairs VALUES (1, 1, 'x'), (1, 2, 'y'), (2, 1, NULL);
INSERT INTO nums VALUES (1, 2, 0.5), (2, -1, NULL), (NULL, 3, 1e10), (3, 3, -0.0);
INSERT INTO __proto__ VALUES ('c', 1, 2.5, 'p');
INSERT INTO "Mixed Case" VALUES ('one', 2, 'q', 1.5, x'01');
INSERT INTO gen(a) VALUES (1), (2);
